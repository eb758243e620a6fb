package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

// records reads the runner's log.
func records(t *testing.T, log string) []Record {
	t.Helper()
	var recs []Record
	for l := range strings.Lines(log) {
		var rec Record
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		recs = append(recs, rec)
	}
	return recs
}

// whenProposed waits until seat's proposal for day is open in the
// council, then lets the ruler decide (decide) and resolves the day.
func whenProposed(srv *testserver.Server, world uint64, ruler *tools.Camp, seat string, day int32, decide func() error) func() error {
	return func() error {
		for range 500 {
			c, err := ruler.Council(context.Background(), day)
			if err != nil {
				return err
			}
			if slices.ContainsFunc(c.GetProposals(), func(p *pb.OrderProposal) bool { return p.GetSeat() == seat && p.GetDay() == day }) {
				if err := decide(); err != nil {
					return err
				}
				_, err := srv.Admin.ForceTick(srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: world})
				return err
			}
			time.Sleep(10 * time.Millisecond)
		}
		return fmt.Errorf("day %d: no proposal of the %s seat", day, seat)
	}
}

// TestRunnerSeats plays the seats of one camp with scripted models
// (docs/seats.md): the general's runner is offered propose_order and not
// the ruler's order tools, its prompt says its seat and domain, its turn
// ends once its proposal is posted, and its log says whether the ruler
// adopted it; the ruler's runner reads the open proposal in its prompt and
// adopts it with adopt_proposal.
func TestRunnerSeats(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Seed: 42})
	ruler := &tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now}
	general := &tools.Camp{Game: srv.Game, Token: srv.EnrollSeat(t, w.ID, 0, "general", "gaia", "Béatrix"), Now: time.Now}
	army := orderJSON("raise_army", "une armée garde la capitale", 1)
	sc := &script{t: t, srv: srv, world: w.ID, camp: general, ticked: make(chan error, 10),
		calls: map[int]int{}, requests: map[int][]ChatRequest{},
		steps: map[int][]step{
			// Day 1: the general proposes; the ruler adopts it.
			1: {{calls: [][2]string{{tools.ProposeOrder, army}}, after: whenProposed(srv, w.ID, ruler, "general", 1, func() error {
				_, err := ruler.Adopt(context.Background(), "general")
				return err
			})}},
			// Day 2: the general tries the ruler's tool, then proposes;
			// the ruler plays its own order.
			2: {{calls: [][2]string{{tools.SubmitOrder, army}}}, {calls: [][2]string{{tools.ProposeOrder, army}},
				after: whenProposed(srv, w.ID, ruler, "general", 2, func() error {
					_, err := ruler.Submit(context.Background(), &pb.Order{Action: "rest", Reason: "non"})
					return err
				})}},
		}}
	chat := httptest.NewServer(sc)
	defer chat.Close()
	var log bytes.Buffer
	r := &Runner{Camp: general, Chat: &Client{BaseURL: chat.URL + "/v1", Model: "scripted", APIKey: "sk-test", HTTP: chat.Client()},
		Retries: 2, MaxCalls: 4, Days: 2, Log: &log, Logger: zerolog.Nop()}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.Run(ctx); err != nil {
		t.Fatalf("run: %v", err)
	}
	for range 2 {
		if err := <-sc.ticked; err != nil {
			t.Fatalf("the ruler's day: %v", err)
		}
	}
	recs := records(t, log.String())
	if len(recs) != 2 {
		t.Fatalf("got %d log lines; want 2:\n%s", len(recs), log.String())
	}
	for i, want := range []string{AppliedAdopted, AppliedRefused} {
		rec := recs[i]
		if rec.Seat != "general" || rec.Outcome != OutcomeProposed || rec.Proposed == nil || rec.Proposed.Action != "raise_army" ||
			rec.PostedForDay != int32(i+1) || rec.Submitted != nil {
			t.Errorf("day %d: got seat %q, outcome %q, proposed %+v for day %d, submitted %+v; want the general's proposal of raise_army for day %d",
				i+1, rec.Seat, rec.Outcome, rec.Proposed, rec.PostedForDay, rec.Submitted, i+1)
		}
		if rec.Applied == nil || rec.Applied.Status != want {
			t.Errorf("day %d: got applied %+v; want %s", i+1, rec.Applied, want)
		}
	}
	if tl := recs[1].Exchanges[0].Tools[0]; !tl.Error || !strings.Contains(tl.Result, `no tool "submit_order"`) {
		t.Errorf("day 2: got the general's submit_order %+v; want no such tool", tl)
	}
	sc.mu.Lock()
	req := sc.requests[1][0]
	sc.mu.Unlock()
	var offered []string
	for _, d := range req.Tools {
		offered = append(offered, d.Function.Name)
	}
	if !slices.Equal(offered, Offered("general")) || !slices.Contains(offered, tools.ProposeOrder) ||
		slices.Contains(offered, tools.SubmitOrder) || slices.Contains(offered, tools.Adopt) || slices.Contains(offered, tools.SetStanding) {
		t.Errorf("got the general's tools %v; want propose_order and none of the ruler's order tools", offered)
	}
	for _, want := range []string{"You hold the general seat: you propose the camp's order", "(raise_army, send_army,", "  ruler: no player enrolled (its notable sits)"} {
		if !strings.Contains(req.Messages[1].Content, want) {
			t.Errorf("got the general's prompt:\n%s\nwant it to contain %q", req.Messages[1].Content, want)
		}
	}

	// The ruler's runner, on day 3, reads the general's open proposal and
	// adopts it.
	fresh := &tools.Camp{Game: srv.Game, Token: general.Token, Now: time.Now}
	if _, err := fresh.Propose(ctx, &pb.Order{Action: "raise_army", Args: []int32{1}, Reason: "encore une armée"}); err != nil {
		t.Fatalf("the general's proposal for day 3: %v", err)
	}
	rsc := &script{t: t, srv: srv, world: w.ID, camp: ruler, ticked: make(chan error, 10),
		calls: map[int]int{}, requests: map[int][]ChatRequest{},
		steps: map[int][]step{3: {{calls: [][2]string{{tools.Adopt, `{"seat": "general"}`}}, tickWhenPosted: true}}}}
	rchat := httptest.NewServer(rsc)
	defer rchat.Close()
	log.Reset()
	r = &Runner{Camp: ruler, Chat: &Client{BaseURL: rchat.URL + "/v1", Model: "scripted", APIKey: "sk-test", HTTP: rchat.Client()},
		Retries: 2, MaxCalls: 4, Days: 1, Log: &log, Logger: zerolog.Nop()}
	if err := r.Run(ctx); err != nil {
		t.Fatalf("run the ruler: %v", err)
	}
	if err := <-rsc.ticked; err != nil {
		t.Fatalf("tick: %v", err)
	}
	rec := records(t, log.String())[0]
	if rec.Seat != "ruler" || rec.Outcome != OutcomePosted || rec.Adopted != "general" || rec.Submitted == nil ||
		rec.Submitted.Reason != "encore une armée" || rec.Applied == nil || rec.Applied.Status != AppliedOrder {
		t.Errorf("got the ruler's day %+v (applied %+v); want the general's proposal adopted, posted and applied", rec, rec.Applied)
	}
	rsc.mu.Lock()
	prompt := rsc.requests[3][0].Messages[1].Content
	rsc.mu.Unlock()
	if want := "Open proposals of your council for day 3 (adopt one by its seat, or post your own order):\n  day 3, general (gaia): raise_army 1 (reason: encore une armée) [open]"; !strings.Contains(prompt, want) {
		t.Errorf("got the ruler's prompt:\n%s\nwant it to contain %q", prompt, want)
	}
}
