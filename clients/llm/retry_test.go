package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

// flaky is an OpenAI-compatible endpoint on loopback that answers its
// requests from a list: an HTTP status with its Retry-After, or (status
// 200) an answer with its reasoning text and tool calls. It records the
// requests.
type flaky struct {
	answers []flakyAnswer

	mu       sync.Mutex // guards requests
	requests []ChatRequest
}

type flakyAnswer struct {
	status     int
	retryAfter string
	// reasoning is sent as reasoning_content, or as reasoning when
	// asReasoning is set.
	reasoning   string
	asReasoning bool
	calls       [][2]string
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	i := len(f.requests)
	f.requests = append(f.requests, req)
	f.mu.Unlock()
	if i >= len(f.answers) {
		http.Error(w, "no more answers", http.StatusTeapot)
		return
	}
	a := f.answers[i]
	if a.retryAfter != "" {
		w.Header().Set("Retry-After", a.retryAfter)
	}
	if a.status != http.StatusOK {
		http.Error(w, http.StatusText(a.status), a.status)
		return
	}
	msg := map[string]any{"role": "assistant", "content": nil}
	if a.reasoning != "" {
		key := "reasoning_content"
		if a.asReasoning {
			key = "reasoning"
		}
		msg[key] = a.reasoning
	}
	var calls []ToolCall
	for k, c := range a.calls {
		calls = append(calls, ToolCall{ID: "call_" + string(rune('a'+k)), Type: "function", Function: FunctionCall{Name: c[0], Arguments: c[1]}})
	}
	msg["tool_calls"] = calls
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"message": msg, "finish_reason": "tool_calls"}},
		"usage":   Usage{PromptTokens: 900, CompletionTokens: 40, TotalTokens: 940},
	})
}

// sleeps records the waits a Client asks for, without waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.d = append(s.d, d)
	return nil
}

// TestRunnerRetriesAndReasoning plays one day of a camp on the real server
// with an endpoint that answers 429, then 500, then a tool call with its
// reasoning text: the runner retries within the day's deadline, offers
// every tool of the table (the MCP server's), runs the standing order tool
// and the order tool, and logs the reasoning, the attempts and how much of
// the deadline the day took.
func TestRunnerRetriesAndReasoning(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 11, 0, nil)
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	ep := &flaky{answers: []flakyAnswer{
		{status: http.StatusTooManyRequests, retryAfter: "2"},
		{status: http.StatusInternalServerError},
		{status: http.StatusOK, reasoning: "Le bois manque : je coupe du bois, et par défaut aussi.",
			calls: [][2]string{{tools.SetStanding, orderJSON("chop_wood", "par défaut, du bois")}, {tools.SubmitOrder, orderJSON("rest", "le moral")}}},
	}}
	chat := httptest.NewServer(ep)
	defer chat.Close()
	var log, events bytes.Buffer
	sl := &sleeps{}
	r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL, Model: "m", HTTP: chat.Client(), Backoff: 50 * time.Millisecond, Sleep: sl.sleep},
		Retries: 1, MaxCalls: 2, Days: 1, Log: &log, Logger: zerolog.New(&events).Level(zerolog.DebugLevel)}
	ticked := make(chan error, 1)
	go func() {
		// The day resolves once the order is posted.
		for range 500 {
			if v, err := camp.GetView(context.Background()); err == nil && v.GetPendingOrder() != nil {
				_, err := srv.Admin.ForceTick(srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: world})
				ticked <- err
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		ticked <- errors.New("no order pending")
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.Run(ctx); err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := <-ticked; err != nil {
		t.Fatalf("force the day: %v", err)
	}
	var rec Record
	if err := json.Unmarshal(log.Bytes(), &rec); err != nil {
		t.Fatalf("log %q: %v", log.String(), err)
	}
	if rec.Outcome != OutcomePosted || rec.Submitted == nil || rec.Submitted.Action != "rest" || rec.Applied.Status != AppliedOrder {
		t.Fatalf("got outcome %q, submitted %+v, applied %+v; want rest posted and applied", rec.Outcome, rec.Submitted, rec.Applied)
	}
	if len(rec.Exchanges) != 1 {
		t.Fatalf("got %d exchanges; want 1 (the retries are attempts of one call)", len(rec.Exchanges))
	}
	ex := rec.Exchanges[0]
	t.Run("attempts", func(t *testing.T) {
		var statuses []int
		for _, a := range ex.Attempts {
			statuses = append(statuses, a.Status)
		}
		if !slices.Equal(statuses, []int{429, 500, 200}) {
			t.Errorf("got attempts %v; want 429, 500, 200", statuses)
		}
		// The 429's Retry-After, then the backoff's second step.
		if want := []time.Duration{2 * time.Second, 100 * time.Millisecond}; !slices.Equal(sl.d, want) {
			t.Errorf("got waits %v; want %v", sl.d, want)
		}
		if len(ex.Attempts) == 3 && (ex.Attempts[1].WaitedMS != 2000 || ex.Attempts[2].WaitedMS != 100 || !strings.Contains(ex.Attempts[0].Error, "429")) {
			t.Errorf("got attempts %+v; want the waits before each and the 429's error", ex.Attempts)
		}
	})
	t.Run("reasoning", func(t *testing.T) {
		if ex.Reasoning != "Le bois manque : je coupe du bois, et par défaut aussi." {
			t.Errorf("got reasoning %q; want the endpoint's reasoning_content", ex.Reasoning)
		}
		if !strings.Contains(events.String(), `"message":"model reasoning"`) || !strings.Contains(events.String(), "Le bois manque") {
			t.Errorf("got events:\n%s\nwant the reasoning at debug level", events.String())
		}
		// The reasoning is never sent back to the endpoint.
		ep.mu.Lock()
		defer ep.mu.Unlock()
		for _, req := range ep.requests {
			b, _ := json.Marshal(req)
			if strings.Contains(string(b), "Le bois manque") {
				t.Errorf("got a request with the reasoning: %s", b)
			}
		}
	})
	t.Run("every tool of the ruler's seat offered but wait_next_tick", func(t *testing.T) {
		ep.mu.Lock()
		defer ep.mu.Unlock()
		var got []string
		for _, d := range ep.requests[0].Tools {
			got = append(got, d.Function.Name)
		}
		var want []string
		for _, tool := range tools.Table() {
			if tool.Name != tools.ProposeOrder && tool.Name != tools.WaitNextTick {
				want = append(want, tool.Name)
			}
		}
		if !slices.Equal(got, want) || !slices.Equal(want, Offered("ruler")) {
			t.Errorf("got tools %v; want the table's but propose_order and wait_next_tick, %v", got, want)
		}
		if sys := ep.requests[0].Messages[0].Content; !strings.Contains(sys, "your turn for the day ends once submit_order accepts your order") {
			t.Errorf("got system prompt %q; want it to say when the day's turn ends", sys)
		}
	})
	t.Run("standing order", func(t *testing.T) {
		v, err := camp.GetView(context.Background())
		if err != nil {
			t.Fatalf("get view: %v", err)
		}
		if o := v.GetStandingOrder(); o.GetAction() != "chop_wood" || o.GetReason() != "par défaut, du bois" {
			t.Errorf("got standing order %v; want the model's chop_wood", o)
		}
		if len(ex.Tools) != 2 || ex.Tools[0].Error || !strings.HasPrefix(ex.Tools[0].Result, "Standing order set: chop_wood") {
			t.Errorf("got tools %+v; want the standing order set, then the order", ex.Tools)
		}
	})
	t.Run("deadline used", func(t *testing.T) {
		if rec.Deadline == nil || rec.DeadlineMS <= 0 || rec.DeadlineMS > time.Hour.Milliseconds() {
			t.Fatalf("got deadline %v, %d ms left; want the view's, within the hour's cadence", rec.Deadline, rec.DeadlineMS)
		}
		if rec.UsedMS < ex.LatencyMS {
			t.Errorf("got %d ms used; want at least the model's %d ms", rec.UsedMS, ex.LatencyMS)
		}
		// The share is given to a tenth of a per cent.
		if want := 100 * float64(rec.UsedMS) / float64(rec.DeadlineMS); math.Abs(rec.DeadlineUsedPct-want) > 0.05+1e-9 {
			t.Errorf("got %.3f %% of the deadline used; want %.3f", rec.DeadlineUsedPct, want)
		}
		if !strings.Contains(events.String(), `"deadline_used_pct":`) || !strings.Contains(events.String(), `"deadline_ms":`) {
			t.Errorf("got events:\n%s\nwant the deadline's share in the day's line", events.String())
		}
	})
}

// TestCompleteRetries checks the endpoint client's retries: which answers
// it retries, the waits it asks for, and that it gives up at its attempts'
// bound or when a retry would start after the deadline.
func TestCompleteRetries(t *testing.T) {
	tool := [][2]string{{tools.View, `{}`}}
	tests := []struct {
		name     string
		answers  []flakyAnswer
		attempts int
		until    time.Duration // 0: no deadline
		wantErr  string        // "" for an answer
		statuses []int
		waits    []time.Duration
	}{
		{"a 503 then an answer", []flakyAnswer{{status: 503}, {status: 200, calls: tool}}, 0, 0, "",
			[]int{503, 200}, []time.Duration{time.Second}},
		{"429s up to the bound", []flakyAnswer{{status: 429}, {status: 429}, {status: 429}, {status: 429}}, 4, 0,
			"gave up after 4 attempts", []int{429, 429, 429, 429}, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}},
		{"a 400 is not retried", []flakyAnswer{{status: 400}, {status: 200, calls: tool}}, 0, 0, "400 Bad Request",
			[]int{400}, nil},
		{"Retry-After", []flakyAnswer{{status: 429, retryAfter: "7"}, {status: 200, calls: tool}}, 0, 0, "",
			[]int{429, 200}, []time.Duration{7 * time.Second}},
		{"no retry past the deadline", []flakyAnswer{{status: 502}, {status: 502}, {status: 200, calls: tool}}, 0, 90 * time.Minute,
			"gave up after 2 attempts: a retry in 2h0m0s would start after the day's deadline", []int{502, 502}, []time.Duration{64 * time.Minute}},
		{"the reasoning field", []flakyAnswer{{status: 200, reasoning: "hmm", asReasoning: true, calls: tool}}, 0, 0, "",
			[]int{200}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ep := &flaky{answers: tt.answers}
			srv := httptest.NewServer(ep)
			defer srv.Close()
			sl := &sleeps{}
			c := &Client{BaseURL: srv.URL, Model: "m", HTTP: srv.Client(), MaxAttempts: tt.attempts, Sleep: sl.sleep}
			var until time.Time
			if tt.until > 0 {
				// The first backoff is an hour long and the deadline 90
				// minutes away: a first retry fits, not a second one.
				c.Backoff, c.MaxBackoff = 64*time.Minute, 2*time.Hour
				until = time.Now().Add(tt.until)
			}
			comp, err := c.Complete(context.Background(), []Message{{Role: "user", Content: "jour 1"}}, nil, until)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("got error %v; want an answer", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("got error %v; want one containing %q", err, tt.wantErr)
			}
			var statuses []int
			for _, a := range comp.Attempts {
				statuses = append(statuses, a.Status)
			}
			if !slices.Equal(statuses, tt.statuses) || !slices.Equal(sl.d, tt.waits) {
				t.Errorf("got attempts %v and waits %v; want %v and %v", statuses, sl.d, tt.statuses, tt.waits)
			}
			if tt.name == "the reasoning field" && comp.Reasoning != "hmm" {
				t.Errorf("got reasoning %q; want the answer's reasoning field", comp.Reasoning)
			}
		})
	}
}
