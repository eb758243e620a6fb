package llm

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestRunnerHearsMissedDays: when days resolve while the runner's model
// thinks or the runner sleeps, the next turn's prompt has every day after
// the last view the model was given and before today's (each day's order
// result and journal), and the day of the runner's own order is read from
// the news even when later days resolved before the wait ended.
func TestRunnerHearsMissedDays(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 6, 0, nil)
	r := &Runner{Camp: &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}}
	ctx := context.Background()
	if _, err := r.Camp.Submit(ctx, &pb.Order{Action: "chop_wood", Reason: "du bois"}); err != nil {
		t.Fatalf("submit: %v", err)
	}
	for range 3 {
		srv.ForceTick(t, world)
	}
	n, err := r.waitDay(ctx, 0)
	if err != nil || n.GetDay() != 1 || n.GetResult().GetOrder().GetAction() != "chop_wood" {
		t.Fatalf("waitDay(0) on day 3: got %v, %v; want day 1's notice with its chop_wood", n, err)
	}
	missed, err := r.missed(ctx, 0, 3)
	if err != nil || len(missed) != 2 || missed[0].GetDay() != 1 || missed[1].GetDay() != 2 {
		t.Fatalf("missed(0, 3): got %d days, %v; want days 1 and 2", len(missed), err)
	}
	v, err := r.Camp.GetView(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The model is down: the prompt is written all the same.
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusBadRequest)
	}))
	defer down.Close()
	r.Chat = &Client{BaseURL: down.URL, Model: "m", HTTP: down.Client(), MaxAttempts: 1, Backoff: time.Millisecond}
	r.MaxCalls = 1
	rec := r.play(ctx, v, missed)
	prompt := rec.Prompt[1].Content
	for _, want := range []string{"Days resolved since your last turn (day 0), before today's view:",
		"Day 1 resolved:\nYour order for day 1: chop_wood (reason: du bois) - applied.", "Day 2 resolved:"} {
		if !strings.Contains(prompt, want) {
			t.Errorf("got prompt:\n%.2000s\nwant %q", prompt, want)
		}
	}
	if none, _ := r.missed(ctx, 2, 3); len(none) != 0 {
		t.Errorf("missed(2, 3): got %d days; want none (day 3 is the view's)", len(none))
	}
}
