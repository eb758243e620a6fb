package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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

// menuModel is a chat-completions server on loopback that plays a camp of
// any ruleset as a model would from its tools: it reads the camp's view
// and calls submit_order with its menu's last action and valid arguments
// (a Castle draft's slots each once). It checks that the offered order
// tool lists the day's legal actions.
type menuModel struct {
	t    *testing.T
	camp *tools.Camp

	mu    sync.Mutex // guards the fields below
	calls int
	bad   []string
}

func (m *menuModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	v, err := m.camp.GetView(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	var legal []any
	for _, a := range v.GetLegalActions() {
		legal = append(legal, a.GetAction())
	}
	m.mu.Lock()
	m.calls++
	for _, d := range req.Tools {
		if d.Function.Name != tools.SubmitOrder {
			continue
		}
		if got := orderActions(d.Function.Parameters); !slices.Equal(got, legal) {
			m.bad = append(m.bad, fmt.Sprintf("day %d: submit_order actions %v; want %v", v.GetDay()+1, got, legal))
		}
	}
	m.mu.Unlock()
	a := v.GetLegalActions()[len(v.GetLegalActions())-1]
	var args []int32
	for i, s := range a.GetArgs() {
		switch s.GetKind() {
		case pb.ArgKind_ARG_KIND_CARD:
			args = append(args, int32(i+1)) // each slot once
		case pb.ArgKind_ARG_KIND_COUNT:
			args = append(args, s.GetMax())
		default:
			args = append(args, s.GetChoices()[0])
		}
	}
	answer := Message{Role: "assistant", ToolCalls: []ToolCall{{ID: fmt.Sprintf("call_%d", v.GetDay()), Type: "function",
		Function: FunctionCall{Name: tools.SubmitOrder, Arguments: orderJSON(a.GetAction(), "le modèle joue "+a.GetAction(), args...)}}}}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"message": answer, "finish_reason": "tool_calls"}},
		"usage":   Usage{PromptTokens: 100, CompletionTokens: 7, TotalTokens: 107},
	})
}

// postWhenDeciding posts action for each of camps, until ctx is done,
// every day it decides (its view does not wait) and has posted nothing,
// so that the day resolves once the runner's camp has posted. The channel
// returned gets the first error, or nil once ctx is done.
func postWhenDeciding(ctx context.Context, action string, camps ...*tools.Camp) <-chan error {
	played := make(chan error, 1)
	go func() {
		for ctx.Err() == nil {
			for _, c := range camps {
				v, err := c.GetView(ctx)
				if err == nil && !v.GetWaits() && v.GetPendingOrder() == nil {
					_, err = c.Submit(ctx, &pb.Order{Action: action})
				}
				if err != nil && ctx.Err() == nil {
					played <- err
					return
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		played <- nil
	}()
	return played
}

// TestRunnerCastle plays a Castle city of a game of two with the runner on
// the real server, the other city playing its default each time it
// decides: the runner calls the model only when its city acts, and posts
// its convert, draft and play orders with the same tools.
func TestRunnerCastle(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: 2, Seed: 31})
	// The daily schemas, whose order enum follows the steps.
	me, other := &tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now, Daily: true}, &tools.Camp{Game: srv.Game, Token: w.Tokens[1], Now: time.Now}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// The other city plays its default whenever it decides.
	played := postWhenDeciding(ctx, "default", other)
	model := &menuModel{t: t, camp: me}
	chat := httptest.NewServer(model)
	defer chat.Close()
	var log bytes.Buffer
	r := &Runner{Camp: me, Chat: &Client{BaseURL: chat.URL + "/v1", Model: "scripted", HTTP: chat.Client()},
		Retries: 1, MaxCalls: 3, Days: 8, Log: &log, Logger: zerolog.Nop()}
	if err := r.Run(ctx); err != nil {
		t.Fatalf("run: %v", err)
	}
	cancel()
	if err := <-played; err != nil {
		t.Fatalf("the other city: %v", err)
	}

	posted := map[string]int{}
	waited := 0
	for l := range strings.Lines(log.String()) {
		var rec Record
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		switch rec.Outcome {
		case OutcomeWaited:
			waited++
			if len(rec.Exchanges) != 0 || rec.Submitted != nil {
				t.Errorf("day %d: got %d exchanges and order %v on a day the city waits; want none", rec.Day, len(rec.Exchanges), rec.Submitted)
			}
		case OutcomePosted:
			posted[rec.Submitted.Action]++
			if rec.PostedForDay != rec.Day || rec.InvalidOrders != 0 {
				t.Errorf("day %d: got the order posted for day %d with %d invalid; want it for its day, valid", rec.Day, rec.PostedForDay, rec.InvalidOrders)
			}
			if sys := rec.Prompt[0].Content; !strings.Contains(sys, "In the Castle") || strings.Contains(sys, "zone") {
				t.Errorf("got system prompt %q; want the Castle's, without zones", sys)
			}
			if view := rec.Prompt[1].Content; !strings.Contains(view, "You act in this step") {
				t.Errorf("got view:\n%s\nwant the city to act", view)
			}
		default:
			t.Errorf("day %d: got outcome %q (%s); want posted or waited", rec.Day, rec.Outcome, rec.Error)
		}
	}
	t.Logf("the runner posted %v and waited %d days", posted, waited)
	if posted["convert"]+posted["pass"] == 0 || posted["draft"] == 0 || posted["play"]+posted["discard"] == 0 || waited == 0 {
		t.Errorf("got orders %v and %d days waited; want a convert, a draft, a play or discard and days waited:\n%s", posted, waited, log.String())
	}
	model.mu.Lock()
	defer model.mu.Unlock()
	if len(model.bad) > 0 {
		t.Errorf("got order tools out of step with the menu: %v", model.bad)
	}
	if model.calls != posted["convert"]+posted["pass"]+posted["release_granary"]+posted["release_outpost"]+posted["draft"]+posted["play"]+posted["discard"]+posted["default"] {
		t.Errorf("got %d model calls for orders %v; want one a day the city acts", model.calls, posted)
	}
}
