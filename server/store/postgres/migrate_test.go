package postgres

import (
	"context"
	"io/fs"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/storetest"
)

// TestMigrateKeepsData checks that a database made by the first migration
// keeps its worlds, controllers and ticks through the later ones.
func TestMigrateKeepsData(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatalf("parse url: %v", err)
	}
	db := stdlib.OpenDB(*cfg)
	defer db.Close()
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatalf("migrations: %v", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatalf("goose provider: %v", err)
	}
	if _, err := p.UpTo(ctx, 1); err != nil {
		t.Fatalf("migrate to version 1: %v", err)
	}
	_, err = db.ExecContext(ctx, `
		INSERT INTO worlds (name, seed, cadence_ns, season_length, season, paused, controller_kinds, controller_postures, created_at)
		VALUES ('old', 9, 1000, 24, 1, false, '{human,ai,agent}', '{"",prudent,""}', '2026-01-02 03:04:05Z');
		INSERT INTO ticks (world_id, season, day, state, hash) VALUES (1, 1, 0, 'a', 'h0'), (1, 1, 1, 'b', 'h1')`)
	if err != nil {
		t.Fatalf("fill version 1: %v", err)
	}

	s, err := Open(context.Background(), url)
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
	url := pgtest.NewDatabase(t)
	s, err := Open(t.Context(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	storetest.MigrateEnrolmentSheets(t, s, func(t *testing.T) {
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			t.Fatalf("parse url: %v", err)
		}
		db := stdlib.OpenDB(*cfg)
		defer db.Close()
		fsys, err := fs.Sub(migrations, "migrations")
		if err != nil {
			t.Fatalf("migrations: %v", err)
		}
		p, err := goose.NewProvider(goose.DialectPostgres, db, fsys, goose.WithDisableGlobalRegistry(true))
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
