package postgres_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// TestLeaseBatch covers the lease round's two statements: RenewLeases
// renews the leases still held, leaves out those lost (expired, or taken by
// another owner) and tells those under a write in flight, and WorldsToTake
// lists the worlds without a live lease and, when asked, those whose live
// lease is the caller's, but for those it runs, and counts the worlds.
func TestLeaseBatch(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	s, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	ids := make([]uint64, 5)
	for i := range ids {
		w := store.World{Name: "leased", Seed: 1, Season: 1, Ruleset: "grisonval", Camps: 3,
			Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
		if err := s.CreateWorld(ctx, &w); err != nil {
			t.Fatalf("CreateWorld: %v", err)
		}
		ids[i] = w.ID
	}
	const (
		short = 300 * time.Millisecond
		long  = time.Minute
	)
	acquire := func(id uint64, owner string, ttl time.Duration) store.Lease {
		t.Helper()
		l, err := s.AcquireLease(ctx, id, owner, ttl)
		if err != nil {
			t.Fatalf("AcquireLease of world %d by %s: %v", id, owner, err)
		}
		return l
	}
	worldIDs := func(ws []store.World) []uint64 {
		var out []uint64
		for _, w := range ws {
			out = append(out, w.ID)
		}
		return out
	}

	// a holds worlds 0 to 2; world 1's lease expires, then b takes it; b
	// holds world 3; world 4 has never had a lease.
	a0, a1, a2 := acquire(ids[0], "a:1", long), acquire(ids[1], "a:1", short), acquire(ids[2], "a:1", long)
	acquire(ids[3], "b:1", long)
	time.Sleep(2 * short)
	acquire(ids[1], "b:1", long)

	renewed, busy, err := s.RenewLeases(ctx, "a:1", []store.Lease{a0, a1, a2}, long)
	if err != nil || len(busy) != 0 {
		t.Fatalf("RenewLeases: %v, busy %v", err, busy)
	}
	var got []uint64
	for _, l := range renewed {
		got = append(got, l.WorldID)
		if l.Owner != "a:1" || !l.Live || l.Expires.Before(a0.Expires) {
			t.Errorf("renewed lease %+v; want a:1's, live, expiring later than %s", l, a0.Expires)
		}
	}
	slices.Sort(got)
	if want := []uint64{ids[0], ids[2]}; !slices.Equal(got, want) {
		t.Errorf("RenewLeases renewed worlds %v; want %v (world %d was taken by b)", got, want, ids[1])
	}
	if renewed, busy, err := s.RenewLeases(ctx, "b:1", []store.Lease{a0}, long); err != nil || len(renewed)+len(busy) != 0 {
		t.Errorf("RenewLeases of a's lease by b: got %v, busy %v, %v; want none renewed", renewed, busy, err)
	}
	if renewed, busy, err := s.RenewLeases(ctx, "a:1", nil, long); err != nil || len(renewed)+len(busy) != 0 {
		t.Errorf("RenewLeases of no lease: got %v, busy %v, %v; want none", renewed, busy, err)
	}

	// A write under world 2's lease is in flight (its fence holds the
	// lease's row): the renewal leaves it for the next round, without
	// waiting for it.
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SELECT FROM leases WHERE world_id = $1 FOR SHARE`, int64(ids[2])); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	renewed, busy, err = s.RenewLeases(ctx, "a:1", []store.Lease{a0, a2}, long)
	if err != nil {
		t.Fatalf("RenewLeases during a write: %v", err)
	}
	if len(renewed) != 1 || renewed[0].WorldID != ids[0] || !slices.Equal(busy, []uint64{ids[2]}) {
		t.Errorf("RenewLeases during a write under world %d: renewed %v, busy %v; want world %d renewed and %d busy",
			ids[2], renewed, busy, ids[0], ids[2])
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("RenewLeases waited %s for the write in flight", d)
	}
	tx.Rollback(ctx)

	// World 4 was never leased: its row, made with the world, is no lease.
	if l, err := s.LeaseOf(ctx, ids[4]); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LeaseOf a world never leased: %+v, %v; want ErrNotFound", l, err)
	}
	for _, tc := range []struct {
		owner      string
		running    []uint64
		own        bool
		free, mine []uint64
	}{
		{"a:1", nil, true, []uint64{ids[4]}, []uint64{ids[0], ids[2]}},
		{"a:1", []uint64{ids[0], ids[2]}, true, []uint64{ids[4]}, nil},
		{"a:1", []uint64{ids[4]}, true, nil, []uint64{ids[0], ids[2]}},
		{"a:1", nil, false, []uint64{ids[4]}, nil},
		{"b:1", []uint64{ids[1]}, true, []uint64{ids[4]}, []uint64{ids[3]}},
		{"c:1", nil, true, []uint64{ids[4]}, nil},
	} {
		free, mine, total, err := s.WorldsToTake(ctx, tc.owner, tc.running, tc.own, false)
		if err != nil {
			t.Fatalf("WorldsToTake: %v", err)
		}
		if got, gotMine := worldIDs(free), worldIDs(mine); !slices.Equal(got, tc.free) || !slices.Equal(gotMine, tc.mine) || total != len(ids) {
			t.Errorf("WorldsToTake(%s, running %v, own %v) = free %v, mine %v of %d; want %v, %v of %d",
				tc.owner, tc.running, tc.own, got, gotMine, total, tc.free, tc.mine, len(ids))
		}
		for _, w := range append(free, mine...) {
			if len(w.Controllers) != 3 || w.Ruleset != "grisonval" {
				t.Errorf("WorldsToTake: world %+v; want it whole", w)
			}
		}
	}
}

// TestReleaseLeases checks that ReleaseLeases ends, in one call, every
// lease given that its owner still holds, and leaves alone a lease taken
// again since (a later epoch) and another owner's.
func TestReleaseLeases(t *testing.T) {
	ctx := t.Context()
	s, err := postgres.Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	ids := make([]uint64, 5)
	for i := range ids {
		w := store.World{Name: "released", Seed: 1, Season: 1, Ruleset: "grisonval", Camps: 3,
			Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
		if err := s.CreateWorld(ctx, &w); err != nil {
			t.Fatalf("CreateWorld: %v", err)
		}
		ids[i] = w.ID
	}
	acquire := func(id uint64, owner string) store.Lease {
		t.Helper()
		l, err := s.AcquireLease(ctx, id, owner, time.Minute)
		if err != nil {
			t.Fatalf("AcquireLease of world %d by %s: %v", id, owner, err)
		}
		return l
	}
	// a holds worlds 0 to 3, but its lease of world 3 is an old epoch (a
	// took it again since); b holds world 4.
	var held []store.Lease
	for _, id := range ids[:4] {
		held = append(held, acquire(id, "a:1"))
	}
	again := acquire(ids[3], "a:1")
	other := acquire(ids[4], "b:1")
	if err := s.ReleaseLeases(ctx, "a:1", append(held, other)); err != nil {
		t.Fatalf("ReleaseLeases: %v", err)
	}
	for _, id := range ids[:3] {
		if l, err := s.LeaseOf(ctx, id); err != nil || l.Live {
			t.Errorf("lease of world %d after its release: %+v, %v; want it ended", id, l, err)
		}
		if l, err := s.AcquireLease(ctx, id, "c:1", time.Minute); err != nil || l.Owner != "c:1" {
			t.Errorf("another owner takes released world %d: %+v, %v", id, l, err)
		}
	}
	if l, err := s.LeaseOf(ctx, ids[3]); err != nil || !l.Live || l.Epoch != again.Epoch {
		t.Errorf("lease of world %d, taken again at epoch %d: %+v, %v; want it live, untouched by the old epoch's release", ids[3], again.Epoch, l, err)
	}
	if l, err := s.LeaseOf(ctx, ids[4]); err != nil || !l.Live || l.Owner != "b:1" {
		t.Errorf("b's lease of world %d after a's release: %+v, %v; want it live", ids[4], l, err)
	}
}
