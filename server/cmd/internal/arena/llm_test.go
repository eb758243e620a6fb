package arena

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/clients/llm"
)

// answer is what the scripted model does on a day.
type answer int

const (
	good      answer = iota // a legal order at once
	illegal                 // an order of an unknown action, then a legal one
	malformed               // arguments that are not JSON, then a legal order
	slow                    // a legal order after longer than the move clock
	failing                 // HTTP 500 on every attempt
)

// script is the model's behaviour by day (day 1 first) in every match.
var script = []answer{good, illegal, good, malformed, slow, good, failing, good, illegal, good, slow, good}

// scripted is a chat-completions endpoint that plays script: it reads the
// day from the view in the prompt ("orders for day N") and counts
// the calls of each world's day.
type scripted struct {
	clock time.Duration // the tournament's move clock
	mu    sync.Mutex
	calls map[string]int
	// temperatures counts the calls by the temperature they asked for.
	temperatures map[float64]int
}

var dayRE = regexp.MustCompile(`World (\d+).*orders (?:are )?for day (\d+)`)

func (s *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req llm.ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) < 2 {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	m := dayRE.FindStringSubmatch(req.Messages[1].Content)
	if m == nil {
		http.Error(w, "no day in the prompt", http.StatusBadRequest)
		return
	}
	day, _ := strconv.Atoi(m[2])
	key := m[1] + "/" + m[2]
	s.mu.Lock()
	s.calls[key]++
	n := s.calls[key]
	if req.Temperature != nil {
		s.temperatures[*req.Temperature]++
	}
	s.mu.Unlock()
	a := good
	if day >= 1 && day <= len(script) {
		a = script[day-1]
	}
	args := `{"order":{"action":"rest"},"reason":"scripted"}`
	switch {
	case a == failing:
		http.Error(w, "scripted failure", http.StatusInternalServerError)
		return
	case a == slow && n == 1:
		// Past the clock, but not so far that the next day, whose
		// clock started when this one ran out, is left too short.
		time.Sleep(s.clock + 250*time.Millisecond)
	case a == illegal && n == 1:
		args = `{"order":{"action":"fly_to_the_moon"},"reason":"scripted"}`
	case a == malformed && n == 1:
		args = `{"order": {"action": rest`
	}
	resp := map[string]any{
		"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": "",
			"tool_calls": []any{map[string]any{"id": fmt.Sprintf("call-%s-%d", key, n), "type": "function",
				"function": map[string]any{"name": "submit_order", "arguments": args}}}}, "finish_reason": "tool_calls"}},
		"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

// TestLLMEntrant plays a scripted model (good, illegal, malformed, slow
// and failing answers) through clients/llm's runner against two bots on
// the real server, and checks that the leaderboard's illegal-order and
// timeout rates are exactly what the script did, and that its tokens,
// cost and retries are the endpoint's.
func TestLLMEntrant(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three matches with a 5 s move clock")
	}
	// Long enough for the runner to play a day under the race detector
	// on a loaded machine; every timeout of the script costs it in full.
	const clock = 5 * time.Second
	model := &scripted{clock: clock, calls: map[string]int{}, temperatures: map[float64]int{}}
	temperature := 0.3
	srv := httptest.NewServer(model)
	defer srv.Close()
	a, closeAll := openArena(t, t.TempDir())
	defer closeAll()
	spec := Spec{Name: "llm", Ruleset: "grisonval", Camps: 3, SeasonLength: len(script), MoveClock: Duration(clock), Seeds: []uint64{5},
		Schedule: RoundRobin, Concurrency: 3, Anchor: "rest",
		Entrants: []Entrant{
			{ID: "scripted", Kind: KindLLM, Endpoint: srv.URL, Model: "script-1", Concurrency: 3, PriceIn: 2, PriceOut: 8,
				Sampling: llm.Settings{Temperature: &temperature}},
			{ID: "growth", Kind: KindBot, Posture: "growth"},
			{ID: "rest", Kind: KindRest},
		}}
	if _, _, err := a.Plan(t.Context(), spec); err != nil {
		t.Fatal(err)
	}
	if err := a.Run(t.Context(), "llm"); err != nil {
		t.Fatal(err)
	}
	b, err := a.Table(t.Context(), "llm")
	if err != nil {
		t.Fatal(err)
	}
	// Each refused order is on record with its code, as the MCP tools
	// report the refusals they catch before the server: an unknown action,
	// arguments that are not JSON.
	days, err := a.DB.Days(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range days {
		if d.Entrant != "scripted" || d.Day < 1 || d.Day > len(script) {
			continue
		}
		want, code := 0, ""
		switch script[d.Day-1] {
		case illegal:
			want, code = 1, "unknown_action"
		case malformed:
			want, code = 1, "bad_request"
		}
		if d.Refused != want || d.RefusalCodes != code {
			t.Errorf("match %d day %d (%v): %d refused, codes %q; want %d, %q", d.Match, d.Day, script[d.Day-1], d.Refused, d.RefusalCodes, want, code)
		}
	}
	model.mu.Lock()
	if len(model.temperatures) != 1 || model.temperatures[temperature] == 0 {
		t.Errorf("calls by temperature %v; want every call at the entrant's %g", model.temperatures, temperature)
	}
	model.mu.Unlock()
	var illegalDays, timeoutDays, failingDays int
	for _, x := range script {
		switch x {
		case illegal, malformed:
			illegalDays++
		case slow, failing:
			timeoutDays++
		}
		if x == failing {
			failingDays++
		}
	}
	matches := 3
	for _, r := range b.Rows {
		if r.Entrant != "scripted" {
			if r.TimeoutRate != 0 || r.TokensPerDay != 0 {
				t.Errorf("%s: timeout rate %g, tokens %g a day; want 0 and 0", r.Entrant, r.TimeoutRate, r.TokensPerDay)
			}
			continue
		}
		if r.Matches != matches || r.Days != matches*len(script) {
			t.Fatalf("scripted: %d matches, %d days; want %d and %d", r.Matches, r.Days, matches, matches*len(script))
		}
		if want := float64(illegalDays) / float64(len(script)); r.IllegalRate != want {
			t.Errorf("scripted: illegal-order rate %g; want %g, the script's %d days of %d", r.IllegalRate, want, illegalDays, len(script))
		}
		if want := float64(timeoutDays) / float64(len(script)); r.TimeoutRate != want {
			t.Errorf("scripted: timeout rate %g; want %g, the script's %d days of %d", r.TimeoutRate, want, timeoutDays, len(script))
		}
		// Every answered call reports 1,050 tokens; the days with a retry
		// (illegal, malformed) made two calls; a failing day none.
		calls := len(script) - failingDays + illegalDays
		if want := float64(calls*1050) / float64(len(script)); r.TokensPerDay != want {
			t.Errorf("scripted: %g tokens a day; want %g", r.TokensPerDay, want)
		}
		if want := float64(calls) * (1000*2 + 50*8) / 1e6 / float64(len(script)); fmt.Sprintf("%.9f", r.CostPerDay) != fmt.Sprintf("%.9f", want) {
			t.Errorf("scripted: cost %g a day; want %g", r.CostPerDay, want)
		}
		// A failing day: 3 attempts, 2 retries.
		if want := matches * failingDays * 2; r.Retries != want {
			t.Errorf("scripted: %d HTTP retries; want %d", r.Retries, want)
		}
	}
}

// TestRunnerDay reads the runner's log lines: a day posted after a
// refused order and a retried call, with the cost the runner reports, and
// one that gave up, with the cost at the entrant's prices.
func TestRunnerDay(t *testing.T) {
	e := Entrant{ID: "m", Kind: KindLLM, PriceIn: 1, PriceOut: 10}
	posted := `{"day": 4, "outcome": "posted", "used_ms": 812, "invalid_orders": 1,
		"tokens": {"prompt_tokens": 3000, "completion_tokens": 200, "total_tokens": 3200, "cost_usd": 0.0123},
		"exchanges": [{"attempts": [{"status": 429}, {"status": 200}], "tools": [{"name": "submit_order", "error": true,
			"result": "error (InvalidArgument): zone 9 is not yours\n  reason: not_owner\n"}]},
			{"tools": [{"name": "submit_order", "result": "Order accepted for day 4"}]}]}`
	r, err := runnerDay([]byte(posted), e)
	if err != nil {
		t.Fatal(err)
	}
	if r.Day != 4 || r.Refused != 1 || r.RefusalCodes != "not_owner" || r.Retries != 1 ||
		r.PromptTokens != 3000 || r.CompletionTokens != 200 || r.Cost != 0.0123 || r.Outcome != llm.OutcomePosted {
		t.Errorf("posted day: %+v", r)
	}
	gaveUp := `{"day": 5, "outcome": "gave_up", "used_ms": 900, "invalid_orders": 3,
		"tokens": {"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100}}`
	r, err = runnerDay([]byte(gaveUp), e)
	if err != nil {
		t.Fatal(err)
	}
	if r.Refused != 3 || r.Cost != (1000*1+100*10)/1e6 {
		t.Errorf("a day given up: %+v; want 3 refused, the cost at the prices", r)
	}
	if _, err := runnerDay([]byte(`{"day": "four"`), e); err == nil {
		t.Error("a line that is not a record: no error")
	}
}
