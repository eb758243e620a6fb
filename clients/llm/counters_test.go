package llm

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

// TestRunnerCounters plays a camp of counters (docs/counters.md), a ruleset
// the runner was not written for, with a scripted model on the real
// server, in both languages: the system prompt carries the sections of the
// world's own rulebook, read from the server, and neither Grisonval's nor
// the Castle's lines; the view gives the camp's score in its ruleset's
// words; every day's order, the menu's last action, is posted and
// applied.
func TestRunnerCounters(t *testing.T) {
	srv := testserver.Start(t)
	for _, tt := range []struct {
		l           lang.Lang
		system      string
		view, avoid []string
	}{
		{lang.EN, "The rules tool gives its rulebook by section (in English): Introduction; The game; The season.",
			[]string{"Your score: ", " points).", "Other camps:\n  1 Counter B: met; score "}, []string{"hex zones", "In the Castle", "no rulebook"}},
		{lang.FR, "L'outil rules donne son livre de règles par section (en anglais) : Introduction; The game; The season.",
			[]string{"Votre score : ", " points).", "Autres camps :\n  1 Counter B : rencontré ; score "}, []string{"hexagonales", "Dans le Château", "pas de livre"}},
	} {
		t.Run(tt.l.String(), func(t *testing.T) {
			w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: 3, Seed: 4})
			conn, err := tools.Dial(srv.Addr, tt.l, tools.Transport{})
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			// The daily schemas, whose order enum follows the menu.
			me := &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: w.Tokens[0], Now: time.Now, Lang: tt.l, Daily: true}
			model := &menuModel{t: t, camp: me}
			chat := httptest.NewServer(model)
			defer chat.Close()
			var log bytes.Buffer
			r := &Runner{Camp: me, Chat: &Client{BaseURL: chat.URL + "/v1", Model: "scripted", HTTP: chat.Client()},
				Retries: 1, MaxCalls: 3, Days: 3, Log: &log, Logger: zerolog.Nop()}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			// The other camps rest each day.
			played := postWhenDeciding(ctx, "rest", &tools.Camp{Game: srv.Game, Token: w.Tokens[1], Now: time.Now},
				&tools.Camp{Game: srv.Game, Token: w.Tokens[2], Now: time.Now})
			if err := r.Run(ctx); err != nil {
				t.Fatalf("run: %v", err)
			}
			cancel()
			if err := <-played; err != nil {
				t.Fatalf("the other camps: %v", err)
			}
			recs := records(t, log.String())
			if len(recs) != 3 {
				t.Fatalf("got %d days played; want 3:\n%s", len(recs), log.String())
			}
			for _, rec := range recs {
				if rec.Outcome != OutcomePosted || rec.Applied == nil || rec.Applied.Status != AppliedOrder {
					t.Errorf("day %d: got outcome %q, applied %+v (%s); want the order posted and applied", rec.Day, rec.Outcome, rec.Applied, rec.Error)
				}
				sys, view := rec.Prompt[0].Content, rec.Prompt[1].Content
				if !strings.Contains(sys, tt.system) {
					t.Errorf("day %d: got system prompt %q; want it to contain %q", rec.Day, sys, tt.system)
				}
				for _, a := range tt.avoid {
					if strings.Contains(sys, a) {
						t.Errorf("day %d: got system prompt %q; want no %q", rec.Day, sys, a)
					}
				}
				for _, want := range tt.view {
					if !strings.Contains(view, want) {
						t.Errorf("day %d: got view:\n%s\nwant it to contain %q", rec.Day, view, want)
					}
				}
			}
			model.mu.Lock()
			defer model.mu.Unlock()
			if len(model.bad) > 0 {
				t.Errorf("got order tools out of step with the menu: %v", model.bad)
			}
		})
	}
}
