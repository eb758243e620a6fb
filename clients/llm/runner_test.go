package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

// step is one scripted answer of the model.
type step struct {
	// calls are the tool calls answered, as name and JSON arguments; none
	// is an answer in prose.
	calls [][2]string
	// tickFirst resolves the day before answering: the day moves on while
	// the model thinks.
	tickFirst bool
	// tickWhenPosted resolves the day once the camp's order is pending.
	tickWhenPosted bool
	// after runs once the answer is sent, its error sent on ticked.
	after func() error
}

// script is a chat-completions server on loopback that answers each day's
// requests with that day's steps, and records the requests.
type script struct {
	t      *testing.T
	srv    *testserver.Server
	world  uint64
	camp   *tools.Camp
	steps  map[int][]step
	ticked chan error

	mu       sync.Mutex // guards the fields below
	calls    map[int]int
	requests map[int][]ChatRequest
}

var dayRE = regexp.MustCompile(`(?:orders for day|ordres pour le jour) (\d+),`)

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer sk-test" {
		http.Error(w, "bad path or key", http.StatusNotFound)
		return
	}
	var req ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	m := dayRE.FindStringSubmatch(req.Messages[1].Content)
	if m == nil {
		http.Error(w, "no day in the prompt", http.StatusBadRequest)
		return
	}
	day, _ := strconv.Atoi(m[1])
	s.mu.Lock()
	i := s.calls[day]
	s.calls[day]++
	s.requests[day] = append(s.requests[day], req)
	s.mu.Unlock()
	if i >= len(s.steps[day]) {
		http.Error(w, fmt.Sprintf("day %d: no step %d", day, i), http.StatusInternalServerError)
		return
	}
	st := s.steps[day][i]
	if st.tickFirst {
		s.srv.ForceTick(s.t, s.world)
	}
	if st.tickWhenPosted {
		go func() { s.ticked <- s.tickWhenPending(int32(day)) }()
	}
	if st.after != nil {
		go func() { s.ticked <- st.after() }()
	}
	answer := Message{Role: "assistant"}
	if len(st.calls) == 0 {
		answer.Content = "Je réfléchis encore."
	}
	for k, c := range st.calls {
		answer.ToolCalls = append(answer.ToolCalls, ToolCall{ID: fmt.Sprintf("call_%d_%d_%d", day, i, k), Type: "function",
			Function: FunctionCall{Name: c[0], Arguments: c[1]}})
	}
	prompt := 0
	for _, msg := range req.Messages {
		prompt += len(msg.Content) / 4
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"message": answer, "finish_reason": "tool_calls"}},
		"usage":   Usage{PromptTokens: prompt, CompletionTokens: 7, TotalTokens: prompt + 7},
	})
}

// tickWhenPending resolves day once the camp's order for it is pending.
func (s *script) tickWhenPending(day int32) error {
	for range 500 {
		v, err := s.camp.GetView(context.Background())
		if err != nil {
			return err
		}
		if v.GetDay() == day-1 && v.GetPendingOrder() != nil {
			_, err := s.srv.Admin.ForceTick(s.srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: s.world})
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("day %d: no order pending", day)
}

// orderJSON returns the arguments of submit_order for action with args
// and reason, as a model writes them.
func orderJSON(action, reason string, args ...int32) string {
	b, _ := json.Marshal(tools.OrderInput{Order: tools.OrderSpec{Action: action, Args: args}, Reason: reason})
	return string(b)
}

// orderActions returns the actions of an order tool's schema: the const
// of each branch of its order's oneOf.
func orderActions(s *jsonschema.Schema) []any {
	var names []any
	for _, b := range s.Properties["order"].OneOf {
		names = append(names, *b.Properties["action"].Const)
	}
	return names
}

var (
	chopWood = orderJSON("chop_wood", "du bois pour l'hiver")
	rest     = orderJSON("rest", "le moral d'abord")
	offMap   = orderJSON("explore", "au-delà des cartes", 999)
)

// TestRunner plays five scripted days with the stable schemas, whose
// orders out of the menu the server refuses (listing the legal options),
// and with the daily ones, which refuse them before they are sent: on a
// day that resolves under the model's last try, the server says
// day_resolved (stable) where the daily schema refused the order first.
func TestRunner(t *testing.T) {
	srv := testserver.Start(t)
	for _, daily := range []bool{false, true} {
		t.Run(fmt.Sprintf("daily=%v", daily), func(t *testing.T) { testRunner(t, srv, daily) })
	}
}

func testRunner(t *testing.T, srv *testserver.Server, daily bool) {
	world, token := srv.NewWorld(t, 7, 0, nil)
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now, Daily: daily}
	sc := &script{t: t, srv: srv, world: world, camp: camp, ticked: make(chan error, 10),
		calls: map[int]int{}, requests: map[int][]ChatRequest{},
		steps: map[int][]step{
			// Day 1: the model reads the view, then posts a valid order.
			1: {{calls: [][2]string{{tools.View, `{}`}}}, {calls: [][2]string{{tools.SubmitOrder, chopWood}}, tickWhenPosted: true}},
			// Day 2: an invalid order, then a valid one once it reads why.
			2: {{calls: [][2]string{{tools.SubmitOrder, offMap}}}, {calls: [][2]string{{tools.SubmitOrder, rest}}, tickWhenPosted: true}},
			// Day 3: the day resolves while the model thinks: its order,
			// meant for day 3, is refused (day_resolved).
			3: {{calls: [][2]string{{tools.SubmitOrder, chopWood}}, tickFirst: true}},
			// Day 4: never right; the standing order plays.
			4: {{calls: [][2]string{{tools.SubmitOrder, offMap}}}, {calls: [][2]string{{tools.SubmitOrder, offMap}}},
				{calls: [][2]string{{tools.SubmitOrder, offMap}}, tickFirst: true}},
			// Day 5: prose, then never right; the standing order plays.
			5: {{}, {calls: [][2]string{{tools.SubmitOrder, offMap}}},
				{calls: [][2]string{{tools.Rules, `{"section":"Time"}`}, {tools.SubmitOrder, offMap}}, tickFirst: true}},
		}}
	chat := httptest.NewServer(sc)
	defer chat.Close()
	var log bytes.Buffer
	r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL + "/v1", Model: "scripted", APIKey: "sk-test", HTTP: chat.Client()},
		Retries: 2, MaxCalls: 6, Days: 5, Log: &log, Logger: zerolog.Nop()}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.Run(ctx); err != nil {
		t.Fatalf("run: %v", err)
	}
	for range 2 {
		if err := <-sc.ticked; err != nil {
			t.Fatalf("tick: %v", err)
		}
	}

	var recs []Record
	for l := range strings.Lines(log.String()) {
		var rec Record
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		recs = append(recs, rec)
	}
	if len(recs) != 5 {
		t.Fatalf("got %d log lines; want 5:\n%s", len(recs), log.String())
	}
	tests := []runnerDay{
		{"valid", OutcomePosted, "chop_wood", 1, 0, 2, AppliedOrder},
		{"invalid then valid", OutcomePosted, "rest", 2, 1, 2, AppliedOrder},
		{"stale", OutcomeStale, "", 0, 0, 1, AppliedStanding},
		{"retries exhausted after a stale day", OutcomeGaveUp, "", 0, 3, 3, AppliedStanding},
		{"retries exhausted, standing order plays", OutcomeGaveUp, "", 0, 3, 3, AppliedStanding},
	}
	if !daily {
		// The last try reaches the server after the day resolved.
		tests[3] = runnerDay{"the day resolves under the last try", OutcomeStale, "", 0, 2, 3, AppliedStanding}
		tests[4] = runnerDay{"prose, then the day resolves under the last try", OutcomeStale, "", 0, 2, 3, AppliedStanding}
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := recs[i]
			if rec.Day != int32(i+1) || rec.World != world || rec.Camp != 0 {
				t.Errorf("got world %d camp %d day %d; want world %d camp 0 day %d", rec.World, rec.Camp, rec.Day, world, i+1)
			}
			if rec.Outcome != tt.outcome || rec.InvalidOrders != tt.invalid || len(rec.Exchanges) != tt.exchanges {
				t.Errorf("got outcome %q, %d invalid, %d exchanges; want %q, %d, %d", rec.Outcome, rec.InvalidOrders, len(rec.Exchanges), tt.outcome, tt.invalid, tt.exchanges)
			}
			got := ""
			if rec.Submitted != nil {
				got = rec.Submitted.Action
			}
			if got != tt.submitted || rec.PostedForDay != tt.postedFor {
				t.Errorf("got submitted %q for day %d; want %q for day %d", got, rec.PostedForDay, tt.submitted, tt.postedFor)
			}
			if rec.Applied == nil || rec.Applied.Status != tt.applied || rec.Applied.Order == nil {
				t.Errorf("got applied %+v; want status %q and the order played, from the server's result", rec.Applied, tt.applied)
			}
			if len(rec.Prompt) != 2 || rec.Prompt[0].Role != "system" || !strings.Contains(rec.Prompt[1].Content, "Legal for day") {
				t.Errorf("got prompt %+v; want the system prompt and the view", rec.Prompt)
			}
			var sum int
			for _, ex := range rec.Exchanges {
				sum += ex.Usage.TotalTokens
			}
			if rec.Tokens.TotalTokens != sum || sum == 0 {
				t.Errorf("got %d tokens; want the sum of the exchanges, %d, and more than 0", rec.Tokens.TotalTokens, sum)
			}
		})
	}
	t.Run("the server's reason is fed back", func(t *testing.T) {
		sc.mu.Lock()
		defer sc.mu.Unlock()
		second := sc.requests[2][1].Messages
		last := second[len(second)-1]
		want := []string{"reason: bad_arguments", "args[0]: zone 999 is not on the map", "legal for day 2:\n    explore ZONE "}
		if daily {
			want = []string{"reason: bad_request", "order.args[0]: explore's ZONE 999 is not one of 4-6, 10, 11, 13, 18-21, 27-29"}
		}
		for _, w := range want {
			if last.Role != "tool" || !strings.Contains(last.Content, w) {
				t.Errorf("got last message %+v; want the tool error with %q", last, w)
			}
		}
		prose := sc.requests[5][1].Messages
		if last := prose[len(prose)-1]; last.Role != "user" || !strings.Contains(last.Content, "You posted no order") {
			t.Errorf("got last message %+v; want a reminder to post an order", last)
		}
	})
	t.Run("the stale order's day", func(t *testing.T) {
		res := recs[2].Exchanges[0].Tools[0]
		if want := "the order was meant for day 3, which is resolved"; !res.Error || !strings.Contains(res.Result, want) || !strings.Contains(res.Result, "day_resolved") {
			t.Errorf("got day 3's order tool result %+v; want the refusal day_resolved saying %q", res, want)
		}
	})
	t.Run("journal", func(t *testing.T) {
		entries, err := camp.JournalSince(context.Background(), 1)
		if err != nil {
			t.Fatalf("journal: %v", err)
		}
		want := map[int32]string{1: "chop_wood", 2: "rest", 3: "rest", 4: "rest", 5: "rest"}
		got := map[int32]string{}
		for _, e := range entries {
			if _, ok := want[e.GetDay()]; ok && (e.GetKind() == "rest" || e.GetKind() == "chop_wood") {
				got[e.GetDay()] = e.GetKind()
			}
		}
		for d, k := range want {
			if got[d] != k {
				t.Errorf("day %d: got %q in the journal; want %q", d, got[d], k)
			}
		}
	})
}

// runnerDay is one day of TestRunner's.
type runnerDay struct {
	name      string
	outcome   string
	submitted string
	postedFor int32
	invalid   int
	exchanges int
	applied   string
}

func TestRunnerModelError(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 9, 0, nil)
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	var tick sync.Once
	var calls atomic.Int32
	chat := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		tick.Do(func() { srv.ForceTick(t, world) })
		http.Error(w, "model overloaded", http.StatusServiceUnavailable)
	}))
	defer chat.Close()
	var log bytes.Buffer
	r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL, Model: "m", HTTP: chat.Client(), MaxAttempts: 3, Backoff: time.Millisecond},
		Retries: 2, MaxCalls: 4, Days: 1, Log: &log, Logger: zerolog.Nop()}
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("run: %v", err)
	}
	var rec Record
	if err := json.Unmarshal(log.Bytes(), &rec); err != nil {
		t.Fatalf("log %q: %v", log.String(), err)
	}
	if rec.Outcome != OutcomeModelError || !strings.Contains(rec.Error, "503") || !strings.Contains(rec.Error, "gave up after 3 attempts") ||
		rec.Applied.Status != AppliedStanding {
		t.Errorf("got outcome %q, error %q, applied %+v; want model_error, the 503 after 3 attempts and the standing order", rec.Outcome, rec.Error, rec.Applied)
	}
	if n := calls.Load(); n != 3 || len(rec.Exchanges) != 1 || len(rec.Exchanges[0].Attempts) != 3 {
		t.Errorf("got %d requests, exchanges %+v; want one model call of 3 attempts", n, rec.Exchanges)
	}
}

// TestToolDefsOtherRuleset checks that the offered tools are built from the
// shared part of a view of another ruleset (no Grisonval detail).
func TestToolDefsOtherRuleset(t *testing.T) {
	v := &pb.CampView{Day: 2, Ruleset: "dice", LegalActions: []*pb.LegalAction{{Action: "draw"}, {Action: "hold"}}}
	defs := ToolDefs(&tools.Camp{Lang: lang.EN, Daily: true}, v, "")
	if len(defs) != len(Offered("")) {
		t.Fatalf("got %d tools; want %d", len(defs), len(Offered("")))
	}
	for _, d := range defs {
		if d.Function.Name != tools.SubmitOrder {
			continue
		}
		if e := orderActions(d.Function.Parameters); len(e) != 2 || e[0] != "draw" || e[1] != "hold" {
			t.Errorf("got actions %v; want [draw hold]", e)
		}
	}
}
