package postgres_test

import (
	"testing"

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
