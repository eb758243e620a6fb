package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/rs/zerolog"
)

// fixedModel answers every call with the same message and usage, and
// keeps the raw requests.
type fixedModel struct {
	answer Message
	usage  map[string]any

	mu       sync.Mutex // guards bodies
	bodies   []map[string]any
	requests int
}

func (m *fixedModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(b, &body)
	m.mu.Lock()
	m.bodies = append(m.bodies, body)
	m.requests++
	m.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"message": m.answer, "finish_reason": "stop"}},
		"usage":   m.usage,
	})
}

func ptr[T any](v T) *T { return &v }

// TestSettingsAndUsage checks that the runner sends its sampling settings
// with every call, and logs the API's usage of a call and of the day: the
// prompt tokens its cache served, the reasoning tokens, and the cost at the
// runner's prices, or the endpoint's own cost when it gives one.
func TestSettingsAndUsage(t *testing.T) {
	srv := testserver.Start(t)
	_, token := srv.NewWorld(t, 7, 0, nil)
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	ctx := context.Background()
	usage := map[string]any{"prompt_tokens": 1200, "completion_tokens": 50, "total_tokens": 1250,
		"prompt_tokens_details": map[string]any{"cached_tokens": 1000}, "completion_tokens_details": map[string]any{"reasoning_tokens": 20}}
	m := &fixedModel{answer: Message{Role: "assistant", ToolCalls: []ToolCall{{ID: "c1", Type: "function",
		Function: FunctionCall{Name: tools.SubmitOrder, Arguments: chopWood}}}}, usage: usage}
	chat := httptest.NewServer(m)
	defer chat.Close()
	settings := Settings{Temperature: ptr(0.2), TopP: ptr(0.9), MaxTokens: 300, Seed: ptr(int64(7)), ToolChoice: ToolChoiceRequired, ParallelToolCalls: ptr(false)}
	r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL, Model: "m", HTTP: chat.Client(), Settings: settings,
		Prices: Prices{Input: 2.5, CachedInput: 1.25, Output: 10}}, Retries: 1, MaxCalls: 2, Logger: zerolog.Nop()}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rec := r.play(ctx, v, nil)
	if rec.Outcome != OutcomePosted {
		t.Fatalf("got outcome %q (%s); want posted", rec.Outcome, rec.Error)
	}
	body := m.bodies[0]
	for k, want := range map[string]any{"temperature": 0.2, "top_p": 0.9, "max_tokens": 300.0, "seed": 7.0, "tool_choice": "required", "parallel_tool_calls": false} {
		if body[k] != want {
			t.Errorf("got %s %v in the request; want %v", k, body[k], want)
		}
	}
	// (1200 - 1000) * 2.5 + 1000 * 1.25 + 50 * 10, per million.
	want := Usage{PromptTokens: 1200, CompletionTokens: 50, TotalTokens: 1250, CachedTokens: 1000, ReasoningTokens: 20, CostUSD: 0.00225}
	if rec.Exchanges[0].Usage != want || rec.Tokens != want {
		t.Errorf("got call usage %+v, day usage %+v; want %+v", rec.Exchanges[0].Usage, rec.Tokens, want)
	}
	line, _ := json.Marshal(rec.Tokens)
	if want := `{"prompt_tokens":1200,"completion_tokens":50,"total_tokens":1250,"cached_tokens":1000,"reasoning_tokens":20,"cost_usd":0.00225}`; string(line) != want {
		t.Errorf("got the log's tokens %s; want %s", line, want)
	}

	// An endpoint that says the cost is taken at its word.
	usage["cost"] = 0.5
	rec = r.play(ctx, v, nil)
	if rec.Tokens.CostUSD != 0.5 {
		t.Errorf("got cost %v; want the endpoint's, 0.5", rec.Tokens.CostUSD)
	}
	// Without settings, the request leaves them out (the endpoint's
	// defaults).
	r.Chat.Settings = Settings{}
	r.play(ctx, v, nil)
	for _, k := range []string{"temperature", "top_p", "max_tokens", "seed", "tool_choice", "parallel_tool_calls"} {
		if _, ok := m.bodies[len(m.bodies)-1][k]; ok {
			t.Errorf("got %s in a request without settings", k)
		}
	}
}

// TestBudget checks that a spent budget ends a day's thinking: the day's
// after the calls that spent it, the season's before any call; and that
// Run adds each day's usage to the season's.
func TestBudget(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 7, 0, nil)
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	ctx := context.Background()
	m := &fixedModel{answer: Message{Role: "assistant", Content: "Je réfléchis."},
		usage: map[string]any{"prompt_tokens": 900, "completion_tokens": 100, "total_tokens": 1000}}
	chat := httptest.NewServer(m)
	defer chat.Close()
	r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL, Model: "m", HTTP: chat.Client()}, Retries: 10, MaxCalls: 10,
		DayTokens: 1500, Logger: zerolog.Nop()}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rec := r.play(ctx, v, nil)
	if rec.Outcome != OutcomeBudget || rec.Budget != BudgetDay || len(rec.Exchanges) != 2 || rec.Tokens.TotalTokens != 2000 {
		t.Errorf("got outcome %q, budget %q, %d calls, %d tokens; want budget, day, 2 calls, 2000 tokens", rec.Outcome, rec.Budget, len(rec.Exchanges), rec.Tokens.TotalTokens)
	}
	r.DayTokens, r.SeasonTokens, r.season = 0, 5000, Usage{TotalTokens: 5000}
	before := m.requests
	rec = r.play(ctx, v, nil)
	if rec.Outcome != OutcomeBudget || rec.Budget != BudgetSeason || len(rec.Exchanges) != 0 || m.requests != before {
		t.Errorf("got outcome %q, budget %q, %d calls; want budget, season, no call", rec.Outcome, rec.Budget, len(rec.Exchanges))
	}

	// Run: two days of a model that posts at once; the season's usage
	// is the sum of the days'.
	sc := &script{t: t, srv: srv, world: world, camp: camp, ticked: make(chan error, 10),
		calls: map[int]int{}, requests: map[int][]ChatRequest{},
		steps: map[int][]step{
			1: {{calls: [][2]string{{tools.SubmitOrder, chopWood}}, tickWhenPosted: true}},
			2: {{calls: [][2]string{{tools.SubmitOrder, rest}}, tickWhenPosted: true}},
		}}
	schat := httptest.NewServer(sc)
	defer schat.Close()
	var log bytes.Buffer
	r = &Runner{Camp: camp, Chat: &Client{BaseURL: schat.URL + "/v1", Model: "scripted", APIKey: "sk-test", HTTP: schat.Client()},
		Retries: 1, MaxCalls: 2, Days: 2, Log: &log, Logger: zerolog.Nop()}
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := r.Run(rctx); err != nil {
		t.Fatalf("run: %v", err)
	}
	recs := records(t, log.String())
	if len(recs) != 2 {
		t.Fatalf("got %d days; want 2", len(recs))
	}
	first, second := recs[0].Tokens.TotalTokens, recs[1].Tokens.TotalTokens
	if first == 0 || recs[0].SeasonTokens.TotalTokens != first || recs[1].SeasonTokens.TotalTokens != first+second {
		t.Errorf("got season tokens %d then %d for days of %d and %d; want the running sum", recs[0].SeasonTokens.TotalTokens, recs[1].SeasonTokens.TotalTokens, first, second)
	}
}
