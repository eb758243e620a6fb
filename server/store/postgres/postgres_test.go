package postgres_test

import (
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
	"github.com/grisonval/server/server/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := postgres.Open(t.Context(), pgtest.NewDatabase(t))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}

func TestOpenTwice(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	first, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("first Open: %v", err)
	}
	defer first.Close()
	w := store.World{Name: "kept", Ruleset: "grisonval", Camps: 3, Season: 1, Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
	if err := first.CreateWorld(ctx, &w); err != nil {
		t.Fatalf("CreateWorld: %v", err)
	}

	// The second Open finds the migrations applied and keeps the data.
	second, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("second Open of a migrated database: %v", err)
	}
	defer second.Close()
	got, err := second.World(ctx, w.ID)
	if err != nil {
		t.Fatalf("World through the second store: %v", err)
	}
	if got.Name != w.Name {
		t.Errorf("World through the second store: got name %q; want %q", got.Name, w.Name)
	}
}

// TestOpenTogether opens a fresh database from several processes' worth of
// stores at once, as replicas starting together do: the migrations run
// once, under the lock of the goose_lock table (no advisory lock, which
// some Postgres-compatible engines lack), and every store sees the same
// schema.
func TestOpenTogether(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	const n = 4
	errs := make(chan error, n)
	stores := make(chan *postgres.Store, n)
	for range n {
		go func() {
			s, err := postgres.Open(ctx, url)
			errs <- err
			stores <- s
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatalf("Open: %v", err)
		}
		s := <-stores
		defer s.Close()
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var locks, applied, advisory int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM goose_lock`).Scan(&locks); err != nil {
		t.Fatalf("the migrations' lock table: %v", err)
	}
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM goose_db_version WHERE version_id > 0`).Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'`).Scan(&advisory); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir("migrations")
	if err != nil {
		t.Fatal(err)
	}
	// The SQL files and the migrations written in Go (repair.go).
	want := len(entries) + postgres.GoMigrations
	if locks != 1 || applied != want || advisory != 0 {
		t.Errorf("after %d Opens at once: %d lock rows, %d migrations applied of %d, %d advisory locks; want 1, each once, none",
			n, locks, applied, want, advisory)
	}
}
