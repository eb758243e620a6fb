package server_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// releaseCounting is a Postgres store that counts its lease releases,
// alone and together.
type releaseCounting struct {
	*postgres.Store
	alone, together atomic.Int32
}

func (s *releaseCounting) ReleaseLease(ctx context.Context, l store.Lease) error {
	s.alone.Add(1)
	return s.Store.ReleaseLease(ctx, l)
}

func (s *releaseCounting) ReleaseLeases(ctx context.Context, owner string, ls []store.Lease) error {
	s.together.Add(1)
	return s.Store.ReleaseLeases(ctx, owner, ls)
}

// TestStopReleasesLeasesTogether checks that a replica that stops ends
// every lease it holds in one statement, not one round trip each (a
// replica of 5,000 worlds must stop within seconds), so that the others
// may take its worlds at once, long before the leases would expire.
func TestStopReleasesLeasesTogether(t *testing.T) {
	const worlds = 12
	url := pgtest.NewDatabase(t)
	st := &releaseCounting{Store: openPostgres(t, url)}
	t.Cleanup(func() { st.Close() })
	a := startReplicaWith(t, st, "a", server.Replica{LeaseTTL: time.Minute})
	adminOf(t, a)
	for range worlds {
		a.createWorld(t, &pb.CreateWorldRequest{Name: "held"})
	}
	db, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer db.Close(context.Background())
	live := func() int {
		t.Helper()
		var n int
		if err := db.QueryRow(t.Context(), `SELECT count(*) FROM leases WHERE expires_at > now()`).Scan(&n); err != nil {
			t.Fatalf("count live leases: %v", err)
		}
		return n
	}
	if n := live(); n != worlds {
		t.Fatalf("%d live leases before the stop; want %d", n, worlds)
	}
	a.stop()
	if n := live(); n != 0 {
		t.Errorf("%d live leases after the stop; want 0, all released", n)
	}
	if together, alone := st.together.Load(), st.alone.Load(); together != 1 || alone != 0 {
		t.Errorf("the stop released leases in %d calls together and %d alone; want 1 and 0", together, alone)
	}
}
