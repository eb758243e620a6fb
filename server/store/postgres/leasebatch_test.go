package postgres_test

import (
	"slices"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// TestLeaseBatch covers the lease round's two statements: RenewLeases
// renews the leases still held and leaves out those lost (expired, or
// taken by another owner), and WorldsToTake lists the worlds without a live
// lease and those whose live lease is the caller's, but for those it runs.
func TestLeaseBatch(t *testing.T) {
	ctx := t.Context()
	s, err := postgres.Open(ctx, pgtest.NewDatabase(t))
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

	renewed, err := s.RenewLeases(ctx, "a:1", []store.Lease{a0, a1, a2}, long)
	if err != nil {
		t.Fatalf("RenewLeases: %v", err)
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
	if renewed, err := s.RenewLeases(ctx, "b:1", []store.Lease{a0}, long); err != nil || len(renewed) != 0 {
		t.Errorf("RenewLeases of a's lease by b: got %v, %v; want none renewed", renewed, err)
	}
	if renewed, err := s.RenewLeases(ctx, "a:1", nil, long); err != nil || len(renewed) != 0 {
		t.Errorf("RenewLeases of no lease: got %v, %v; want none", renewed, err)
	}

	for _, tc := range []struct {
		owner   string
		running []uint64
		want    []uint64
	}{
		{"a:1", nil, []uint64{ids[0], ids[2], ids[4]}},
		{"a:1", []uint64{ids[0], ids[2]}, []uint64{ids[4]}},
		{"b:1", []uint64{ids[1]}, []uint64{ids[3], ids[4]}},
		{"c:1", nil, []uint64{ids[4]}},
	} {
		ws, err := s.WorldsToTake(ctx, tc.owner, tc.running)
		if err != nil {
			t.Fatalf("WorldsToTake: %v", err)
		}
		if got := worldIDs(ws); !slices.Equal(got, tc.want) {
			t.Errorf("WorldsToTake(%s, running %v) = %v; want %v", tc.owner, tc.running, got, tc.want)
		}
		for _, w := range ws {
			if len(w.Controllers) != 3 || w.Ruleset != "grisonval" {
				t.Errorf("WorldsToTake: world %+v; want it whole", w)
			}
		}
	}
}
