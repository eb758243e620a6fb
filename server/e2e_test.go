package server_test

import (
	"context"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// e2eTicks is how many ticks the end-to-end game plays.
const e2eTicks = 30

// script is the scripted camps' plan: each day a camp tries the actions in
// this order, from an offset of its own, and plays the first legal one.
var script = []string{"chop_wood", "explore", "raise_army", "expand_to", "send_army", "rest"}

// scripted returns the order of a scripted camp for its view: the first
// legal action of the script from step on, with the first valid value of
// each argument.
func scripted(v *pb.CampView, step int) *pb.Order {
	for i := range script {
		name := script[(step+i)%len(script)]
		for _, la := range v.GetLegalActions() {
			if la.GetAction() != name {
				continue
			}
			o := &pb.Order{Action: name, Reason: "script"}
			for _, a := range la.GetArgs() {
				if a.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
					o.Args = append(o.Args, a.GetMin())
				} else {
					o.Args = append(o.Args, a.GetChoices()[0])
				}
			}
			return o
		}
	}
	return &pb.Order{Action: "rest", Reason: "script: nothing else is legal"}
}

func openPostgres(t *testing.T, url string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("open postgres store: %v", err)
	}
	return st
}

func TestEndToEnd(t *testing.T) {
	url := pgtest.NewDatabase(t)
	st := openPostgres(t, url)
	h := startServer(t, st, clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "e2e", Seed: 2026, SeasonLength: -1})
	id := w.info.GetId()

	ctx, cancel := context.WithCancel(context.Background())
	botDone := make(chan error, 1)
	player := &bot.Player{
		Client: pb.NewGameServiceClient(h.conn), Token: w.tokens[2],
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel),
	}
	go func() { botDone <- player.Run(ctx) }()
	stopBot := func() {
		cancel()
		if err := <-botDone; err != nil {
			t.Errorf("bot: %v", err)
		}
	}
	defer cancel()

	next, _ := h.watch(t, w.tokens[0])
	for day := range e2eTicks {
		for c, offset := range []int{0, 3} {
			v := h.view(t, w.tokens[c])
			if int(v.GetDay()) != day {
				t.Fatalf("camp %d sees day %d; want %d", c, v.GetDay(), day)
			}
			o := scripted(v, day+offset)
			if _, err := h.game.SubmitOrder(as(w.tokens[c]), &pb.SubmitOrderRequest{Order: o}); err != nil {
				t.Fatalf("day %d: camp %d order %s %v: %v", day, c, o.GetAction(), o.GetArgs(), err)
			}
		}
		// The tick resolves early once the bot has posted too.
		if n := next(); int(n.GetDay()) != day+1 {
			t.Fatalf("notice day %d; want %d", n.GetDay(), day+1)
		}
	}
	stopBot()

	orders, err := st.Orders(context.Background(), id, 1)
	if err != nil {
		t.Fatalf("orders: %v", err)
	}
	counts := map[string]int{}
	for _, o := range orders {
		if o.Camp == 2 {
			counts[o.Status]++
		}
	}
	if counts["standing"] != 0 || counts["applied"]+counts["stale"] != e2eTicks {
		t.Errorf("bot orders by status %v; want %d played, none standing", counts, e2eTicks)
	}

	// A pending order must survive the restart.
	h.submit(t, w.tokens[0], "chop_wood")
	before, err := h.admin.GetWorldState(as(h.adminToken), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("world state: %v", err)
	}
	h.stop()
	if err := st.Close(); err != nil {
		t.Fatalf("close store: %v", err)
	}

	st2 := openPostgres(t, url)
	t.Cleanup(func() { st2.Close() })
	// The days resolved early: the clock has not moved, and the world's
	// deadline is still ahead when it restarts.
	h2 := startServer(t, st2, clock.NewFake(h.clock.Now()))
	after, err := h2.admin.GetWorldState(as(h2.adminToken), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("world state after restart: %v", err)
	}
	if after.GetDay() != before.GetDay() || after.GetStateHash() != before.GetStateHash() {
		t.Fatalf("after restart: day %d hash %s; want day %d hash %s",
			after.GetDay(), after.GetStateHash(), before.GetDay(), before.GetStateHash())
	}
	if got := h2.view(t, w.tokens[0]).GetPendingOrder().GetAction(); got != "chop_wood" {
		t.Errorf("pending order after restart %q; want chop_wood", got)
	}
	info, err := h2.admin.ForceTick(as(h2.adminToken), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("force tick after restart: %v", err)
	}
	if info.GetDay() != e2eTicks+1 {
		t.Errorf("day %d after one more tick; want %d", info.GetDay(), e2eTicks+1)
	}
}
