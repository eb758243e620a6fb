package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestBusyWorldKeepsItsLease checks that a world whose writes follow each
// other without a pause (a token posting orders as fast as its limit
// allows, issue 14's flood) keeps its lease: each write holds the lease's
// row, which the batched renewal skips, so a lease found busy once too
// often is renewed by a renewal that waits for the write in flight.
func TestBusyWorldKeepsItsLease(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a := startReplica(t, url, "a")
	token, err := a.srv.IssueAdminToken(context.Background(), "test")
	if err != nil {
		t.Fatalf("issue admin token: %v", err)
	}
	a.adminToken = token
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
