package postgres

import (
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestFenceFindsItsLeaseByIndex: a connection's kept plan of the fence,
// made while a new database's leases were thought empty, scans every lease;
// once the worlds have grown, the take round analyses the leases and the
// same kept statement finds its lease by the primary key.
func TestFenceFindsItsLeaseByIndex(t *testing.T) {
	ctx := t.Context()
	s, err := Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		t.Fatalf("acquire: %v", err)
	}
	defer conn.Release()
	fence := fenceStep(store.Lease{WorldID: 1, Owner: "a:1", Epoch: 1})
	// The kept plan is the generic one, as a connection's is after its
	// first executions of the statement.
	if _, err := conn.Exec(ctx, `SET plan_cache_mode = force_generic_plan`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `PREPARE fence(bigint, text, bigint) AS `+fence.sql); err != nil {
		t.Fatalf("prepare: %v", err)
	}
	plan := func() string {
		t.Helper()
		rows, _ := conn.Query(ctx, `EXPLAIN EXECUTE fence(1, 'a:1', 1)`, pgx.QueryExecModeSimpleProtocol)
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatalf("explain: %v", err)
		}
		return strings.Join(lines, "\n")
	}
	if p := plan(); !strings.Contains(p, "Seq Scan on leases") {
		t.Fatalf("the fence's plan on a new database:\n%s\nwant a sequential scan (the leases thought empty: else this test shows nothing)", p)
	}
	w := store.World{Name: "grown", Seed: 1, Season: 1, Ruleset: "grisonval", Camps: 3,
		Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
	if err := s.CreateWorld(ctx, &w); err != nil {
		t.Fatalf("CreateWorld: %v", err)
	}
	const worlds = 2000
	copyWorlds(ctx, t, s, worlds)
	holdEveryLease(ctx, t, s) // the copies are no worlds to load: none is free
	if p := plan(); !strings.Contains(p, "Seq Scan on leases") {
		t.Fatalf("the fence's kept plan at %d worlds, before a take round:\n%s\nwant the sequential scan still", worlds, p)
	}
	if _, _, total, err := s.WorldsToTake(ctx, "b:1", nil, false, true); err != nil || total != worlds {
		t.Fatalf("WorldsToTake: %d worlds, %v; want %d", total, err, worlds)
	}
	if p := plan(); !strings.Contains(p, "Index Scan using leases_pkey") {
		t.Fatalf("the fence's kept plan once the take round has seen %d worlds:\n%s\nwant an index scan of leases_pkey", worlds, p)
	}
}
