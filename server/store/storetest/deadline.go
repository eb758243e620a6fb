package storetest

import (
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// testDeadline checks the world's clock (rule TICK-5): the deadline a world
// is created with, UpdateWorld's and the one CommitTick stores with its
// tick, to the microsecond, for that world alone; a zero deadline stores
// none; LatestTick gives its tick's commit time.
func testDeadline(t *testing.T, s store.Store) {
	ctx := t.Context()
	d1 := base.Add(time.Minute)
	w := store.World{
		Name: "clock", Ruleset: "grisonval", Camps: 3, Seed: 7, Cadence: time.Minute, SeasonLength: 24, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.AI, Posture: "growth"}, {Kind: store.Agent}},
		CreatedAt:   base, Deadline: d1,
	}
	if err := s.CreateWorld(ctx, &w); err != nil {
		t.Fatalf("CreateWorld: %v", err)
	}
	other := newWorld(t, s, "other")
	want := func(what string, id uint64, d time.Time) {
		t.Helper()
		got, err := s.World(ctx, id)
		if err != nil {
			t.Fatalf("%s: World(%d): %v", what, id, err)
		}
		if want := d.Truncate(time.Microsecond); !got.Deadline.Equal(want) || (got.Deadline.IsZero() != want.IsZero()) {
			t.Errorf("%s: world %d's deadline %v; want %v", what, id, got.Deadline, want)
		}
		all, err := s.Worlds(ctx)
		if err != nil {
			t.Fatalf("%s: Worlds: %v", what, err)
		}
		for _, a := range all {
			if a.ID == id && !a.Deadline.Equal(got.Deadline) {
				t.Errorf("%s: Worlds gives world %d the deadline %v; World %v", what, id, a.Deadline, got.Deadline)
			}
		}
	}
	want("created", w.ID, d1)
	want("created without one", other.ID, time.Time{})

	d2 := base.Add(90 * time.Second)
	w.Deadline = d2
	if err := s.UpdateWorld(ctx, w); err != nil {
		t.Fatalf("UpdateWorld: %v", err)
	}
	want("updated", w.ID, d2)

	committed, d3 := base.Add(100*time.Second), base.Add(160*time.Second)
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("s0"), Hash: "h0", CommittedAt: committed, Deadline: d3})
	want("committed", w.ID, d3)
	want("another world's commit", other.ID, time.Time{})
	latest, err := s.LatestTick(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	if want := committed.Truncate(time.Microsecond); !latest.CommittedAt.Equal(want) {
		t.Errorf("LatestTick: committed at %v; want %v", latest.CommittedAt, want)
	}

	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("s1"), Hash: "h1", CommittedAt: d3})
	want("committed without a deadline", w.ID, time.Time{})
}
