package server_test

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// TestBusyWorldKeepsItsLease checks that a world whose writes follow each
// other without a pause (a token posting orders as fast as its limit
// allows, issue 14's flood) keeps its lease: each write holds the lease's
// row, which the batched renewal skips, so a lease found busy once too
// often is renewed by a renewal that waits for the write in flight.
func TestBusyWorldKeepsItsLease(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a := startReplica(t, url, "a")
	adminOf(t, a)
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "busy", Seed: 8})
	id := int64(w.info.GetId())
	db, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer db.Close(context.Background())
	epoch := func() int64 {
		t.Helper()
		var e int64
		if err := db.QueryRow(t.Context(), `SELECT epoch FROM leases WHERE world_id = $1`, id).Scan(&e); err != nil {
			t.Fatalf("read lease: %v", err)
		}
		return e
	}
	before := epoch()
	// Writes of 40 ms, 2 ms apart, for five lease times: the lease's row is
	// held as a write holds it (FOR SHARE) nearly all the time.
	end := time.Now().Add(5 * replicaTTL)
	for time.Now().Before(end) {
		tx, err := db.Begin(t.Context())
		if err != nil {
			t.Fatalf("begin: %v", err)
		}
		if _, err := tx.Exec(t.Context(), `SELECT FROM leases WHERE world_id = $1 FOR SHARE`, id); err != nil {
			t.Fatalf("hold the lease's row: %v", err)
		}
		time.Sleep(40 * time.Millisecond)
		if err := tx.Commit(t.Context()); err != nil {
			t.Fatalf("commit: %v", err)
		}
		time.Sleep(2 * time.Millisecond)
	}
	if after := epoch(); after != before {
		t.Errorf("lease epoch: %d before the writes, %d after; want the lease kept, never lost and taken again", before, after)
	}
	if _, err := a.game.GetView(as(w.tokens[0]), &pb.GetViewRequest{}); err != nil {
		t.Errorf("view after the writes: %v", err)
	}
}

// busyOnceStore is a Postgres store whose next batched renewal reports one
// world's lease under a write in flight, without renewing it, and which
// counts the renewals of one lease alone, those that wait for a write.
type busyOnceStore struct {
	*postgres.Store
	busy    atomic.Uint64
	waiting atomic.Int32
}

func (s *busyOnceStore) RenewLeases(ctx context.Context, owner string, ls []store.Lease, ttl time.Duration) ([]store.Lease, []uint64, error) {
	id := s.busy.Swap(0)
	if id == 0 {
		return s.Store.RenewLeases(ctx, owner, ls, ttl)
	}
	rest := slices.DeleteFunc(slices.Clone(ls), func(l store.Lease) bool { return l.WorldID == id })
	renewed, busy, err := s.Store.RenewLeases(ctx, owner, rest, ttl)
	return renewed, append(busy, id), err
}

func (s *busyOnceStore) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	s.waiting.Add(1)
	return s.Store.RenewLease(ctx, l, ttl)
}

// TestBusyOnceLeaseWaitsForTheNextRound checks that a lease found under a
// write once is left for the next round, a third of the lease time later,
// which renews it in the batch: only a lease found busy at two rounds in a
// row is renewed alone, waiting for the write (a round that waited on
// every lease found busy once would wait on many at 10,000 worlds).
func TestBusyOnceLeaseWaitsForTheNextRound(t *testing.T) {
	url := pgtest.NewDatabase(t)
	st := &busyOnceStore{Store: openPostgres(t, url)}
	t.Cleanup(func() { st.Close() })
	a := startReplicaOn(t, st, "a")
	adminOf(t, a)
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "busy once", Seed: 8})
	// Past the round after the world's start, so that the lease was last
	// renewed by a round.
	time.Sleep(replicaTTL / 2)
	before, err := st.LeaseOf(t.Context(), w.info.GetId())
	if err != nil {
		t.Fatalf("lease: %v", err)
	}
	st.busy.Store(w.info.GetId())
	eventually(t, "a renewal finds the lease busy", func() error {
		if st.busy.Load() != 0 {
			return errors.New("not yet")
		}
		return nil
	})
	// Three rounds more.
	time.Sleep(replicaTTL)
	if n := st.waiting.Load(); n != 0 {
		t.Errorf("%d renewals of the lease alone after it was found busy once; want 0: the next round's batch renews it", n)
	}
	after, err := st.LeaseOf(t.Context(), w.info.GetId())
	if err != nil {
		t.Fatalf("lease: %v", err)
	}
	if after.Epoch != before.Epoch || after.Owner != before.Owner || !after.Expires.After(before.Expires) {
		t.Errorf("lease before %+v, after %+v; want the same epoch and owner, renewed", before, after)
	}
	if _, err := a.game.GetView(as(w.tokens[0]), &pb.GetViewRequest{}); err != nil {
		t.Errorf("view: %v", err)
	}
}
