package postgres_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// TestHeartbeats covers the replicas' heartbeats: Heartbeat makes a
// replica's row and lists every replica with its liveness and generation;
// a world's lease whose owner's heartbeat has run out is no longer live,
// another owner acquires it although its own expiry is an hour ahead, and
// WorldsToTake lists it only when asked for dead owners' worlds; the lease
// of an owner that beats no heartbeat (a binary older than the replicas
// table) runs to its own expiry; Depart ends a heartbeat at once.
func TestHeartbeats(t *testing.T) {
	ctx := t.Context()
	s, err := postgres.Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	ids := make([]uint64, 3)
	for i := range ids {
		w := store.World{Name: "beating", Seed: 1, Season: 1, Ruleset: "grisonval", Camps: 3,
			Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
		if err := s.CreateWorld(ctx, &w); err != nil {
			t.Fatalf("CreateWorld: %v", err)
		}
		ids[i] = w.ID
	}
	const (
		short = 300 * time.Millisecond
		hour  = time.Hour
	)
	beat := func(owner string, ttl time.Duration, bump bool) map[string]store.Replica {
		t.Helper()
		rs, err := s.Heartbeat(ctx, owner, ttl, bump)
		if err != nil {
			t.Fatalf("Heartbeat of %s: %v", owner, err)
		}
		out := map[string]store.Replica{}
		for _, r := range rs {
			out[r.Owner] = r
		}
		return out
	}
	rs := beat("a:1", short, true)
	if len(rs) != 1 || rs["a:1"] != (store.Replica{Owner: "a:1", Live: true, Generation: 1}) {
		t.Fatalf("first heartbeat: %+v; want a:1 alone, live, generation 1", rs)
	}
	beat("b:1", hour, true)
	rs = beat("a:1", short, false)
	if rs["a:1"].Generation != 1 || !rs["b:1"].Live || rs["b:1"].Generation != 1 {
		t.Fatalf("heartbeats: %+v; want a:1 generation 1, b:1 live generation 1", rs)
	}

	// a:1 holds world 0 for an hour, and "old:1" (no heartbeat) world 1.
	a, err := s.AcquireLease(ctx, ids[0], "a:1", hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcquireLease(ctx, ids[1], "old:1", short); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcquireLease(ctx, ids[0], "b:1", hour); !errors.Is(err, store.ErrLeaseHeld) {
		t.Fatalf("acquire a live lease of a live owner: %v; want ErrLeaseHeld", err)
	}
	time.Sleep(2 * short) // a:1's heartbeat and old:1's lease run out

	if l, err := s.LeaseOf(ctx, ids[0]); err != nil || l.Live {
		t.Errorf("lease of a dead owner: %+v, %v; want not live", l, err)
	}
	if rs := beat("b:1", hour, false); rs["a:1"].Live {
		t.Errorf("heartbeats: a:1 live after its heartbeat ran out")
	}
	for _, tc := range []struct {
		dead bool
		want []uint64
	}{
		{false, []uint64{ids[1], ids[2]}},
		{true, ids},
	} {
		ws, _, _, err := s.WorldsToTake(ctx, "b:1", nil, true, tc.dead)
		if err != nil {
			t.Fatal(err)
		}
		var got []uint64
		for _, w := range ws {
			got = append(got, w.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("WorldsToTake(dead %v) = %v; want %v", tc.dead, got, tc.want)
		}
	}
	b, err := s.AcquireLease(ctx, ids[0], "b:1", hour)
	if err != nil || b.Epoch != a.Epoch+1 || !b.Live {
		t.Fatalf("acquire a dead owner's lease: %+v, %v; want epoch %d, live", b, err, a.Epoch+1)
	}
	// The dead owner's write is fenced off.
	if err := s.Fenced(a).CommitTick(ctx, store.Tick{WorldID: ids[0], Season: 1, Day: 0, State: []byte{1}, Hash: "h"}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("commit under the dead owner's lease: %v; want ErrLeaseLost", err)
	}

	// a:1 beats again: its row lives again; b:1 departs.
	beat("a:1", hour, true)
	if err := s.Depart(ctx, "b:1"); err != nil {
		t.Fatal(err)
	}
	rs = beat("a:1", hour, false)
	if !rs["a:1"].Live || rs["a:1"].Generation != 2 || rs["b:1"].Live || rs["b:1"].Generation != 2 {
		t.Errorf("after a:1's return and b:1's departure: %+v; want a:1 live generation 2, b:1 dead generation 2", rs)
	}
	if l, err := s.LeaseOf(ctx, ids[0]); err != nil || l.Live {
		t.Errorf("lease of a departed owner: %+v, %v; want not live", l, err)
	}
}
