package server

import (
	"context"
	"testing"
	"time"

	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/sqlite"
)

// benchWorld returns a server on a SQLite store with one world played 60
// days (each camp plays the first legal action of a rotating list, with the
// first valid arguments), the world's loop and a context for each camp.
func benchWorld(b *testing.B) (*Server, *runner, [3]context.Context) {
	b.Helper()
	st, err := sqlite.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	ctx := context.Background()
	s, err := New(ctx, Config{Store: st, Rulesets: Rulesets{grisonval.Ruleset{}},
		Clock: clock.NewFake(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(s.Stop)
	info, err := s.Admin().CreateWorld(ctx, &pb.CreateWorldRequest{Name: "bench", Seed: 42, SeasonLength: -1})
	if err != nil {
		b.Fatal(err)
	}
	r, err := s.world(info.GetId())
	if err != nil {
		b.Fatal(err)
	}
	g := &gameService{s: s}
	var camps [3]context.Context
	for c := range camps {
		camps[c] = context.WithValue(ctx, principalKey{}, principal{role: store.RoleCamp, worldID: r.id, camp: c})
	}
	plan := []string{"chop_wood", "explore", "raise_army", "expand_to", "send_army", "build", "develop", "rest"}
	for day := range 60 {
		for c, cctx := range camps {
			v, err := g.GetView(cctx, &pb.GetViewRequest{})
			if err != nil {
				b.Fatal(err)
			}
			o := benchOrder(v, plan, day+3*c)
			if _, err := g.SubmitOrder(cctx, &pb.SubmitOrderRequest{Order: o}); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := s.Admin().ForceTick(ctx, &pb.WorldRequest{WorldId: r.id}); err != nil {
			b.Fatal(err)
		}
	}
	return s, r, camps
}

// benchOrder returns the first legal action of plan from step on, with the
// first valid value of each argument.
func benchOrder(v *pb.CampView, plan []string, step int) *pb.Order {
	for i := range plan {
		name := plan[(step+i)%len(plan)]
		for _, la := range v.GetLegalActions() {
			if la.GetAction() != name {
				continue
			}
			o := &pb.Order{Action: name}
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
	return &pb.Order{Action: "rest"}
}

// BenchmarkGetView measures GetView's handler on a world at day 60, without
// the encoding of its answer: every call but the first answers the view the
// world's loop keeps (BenchmarkViewBuild measures building one,
// BenchmarkGetViewKept adds the encoding).
func BenchmarkGetView(b *testing.B) {
	s, _, camps := benchWorld(b)
	g := &gameService{s: s}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.GetView(camps[0], &pb.GetViewRequest{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTickPath measures what the world loop does in memory to resolve
// a day at day 60, the store's commit aside: each camp's play (its
// standing order), the ruleset's resolution, the state encoded and hashed,
// the plays, journal and pact changes made records. Like the loop, it
// recycles the state it no longer needs.
func BenchmarkTickPath(b *testing.B) {
	_, r, _ := benchWorld(b)
	var (
		state    = r.state
		rs       = r.rs
		pending  = make([]*play, 3)
		standing = make([]*play, 3)
		now      = r.clock.Now()
	)
	b.ReportAllocs()
	for b.Loop() {
		plays := dayPlays(rs, state, pending, standing, now)
		out := rs.Resolve(state, resolved(rs, plays))
		settle(plays, out)
		if _, _, err := encodeState(rs, out.State); err != nil {
			b.Fatal(err)
		}
		for c, p := range plays {
			p.record(1, 1, state.Day()+1, c)
		}
		journalToStore(1, 1, out.Journal)
		pactsToStore(1, 1, state.Day()+1, out.Pacts)
		recycle(rs, out.State)
	}
}
