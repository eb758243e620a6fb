package sqlite

import (
	"database/sql"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/storetest"
)

// TestMigrateKeepsData checks that a database made by the first migration
// keeps its worlds, controllers and ticks through the later ones.
func TestMigrateKeepsData(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatalf("migrations: %v", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatalf("goose provider: %v", err)
	}
	if _, err := p.UpTo(ctx, 1); err != nil {
		t.Fatalf("migrate to version 1: %v", err)
	}
	_, err = db.ExecContext(ctx, `
		INSERT INTO worlds (name, seed, cadence_ns, season_length, season, paused, controllers, created_at)
		VALUES ('old', 9, 1000, 24, 1, 0,
			'[{"Kind":"human","Posture":""},{"Kind":"ai","Posture":"prudent"},{"Kind":"agent","Posture":""}]', 0);
		INSERT INTO ticks (world_id, season, day, state, hash) VALUES (1, 1, 0, x'61', 'h0'), (1, 1, 1, x'62', 'h1')`)
	if err != nil {
		t.Fatalf("fill version 1: %v", err)
	}
	db.Close()

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	w, err := s.World(ctx, 1)
	if err != nil {
		t.Fatalf("World: %v", err)
	}
	want := []store.Controller{{Kind: store.Human}, {Kind: store.AI, Posture: "prudent"}, {Kind: store.Agent}}
	if !slices.Equal(w.Controllers, want) || w.Name != "old" || w.Ruleset != "grisonval" || w.Camps != 3 {
		t.Errorf("World after migrating: got %q of %q with %d camps %+v; want %q of %q with 3 camps %+v",
			w.Name, w.Ruleset, w.Camps, w.Controllers, "old", "grisonval", want)
	}
	season, err := s.Season(ctx, 1, 1)
	if err != nil {
		t.Fatalf("Season: %v", err)
	}
	if season.FirstDay != 0 || season.EndedDay != 0 {
		t.Errorf("Season after migrating: got %+v; want first day 0, not ended", season)
	}
	latest, err := s.LatestTick(ctx, 1, 1)
	if err != nil || latest.Day != 1 || latest.Hash != "h1" {
		t.Errorf("LatestTick after migrating: got day %d hash %q, %v; want day 1 hash h1", latest.Day, latest.Hash, err)
	}
}

// TestMigrateEnrolmentSheets checks what migration 00011 fills in on a
// database filled before it (storetest.MigrateEnrolmentSheets), and that it
// goes down.
func TestMigrateEnrolmentSheets(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	storetest.MigrateEnrolmentSheets(t, s, func(t *testing.T) {
		fsys, err := fs.Sub(migrations, "migrations")
		if err != nil {
			t.Fatalf("migrations: %v", err)
		}
		p, err := goose.NewProvider(goose.DialectSQLite3, s.db, fsys, goose.WithDisableGlobalRegistry(true))
		if err != nil {
			t.Fatalf("goose provider: %v", err)
		}
		if _, err := p.DownTo(t.Context(), 10); err != nil {
			t.Fatalf("migrate down to version 10: %v", err)
		}
		if _, err := p.Up(t.Context()); err != nil {
			t.Fatalf("migrate up: %v", err)
		}
	})
}
