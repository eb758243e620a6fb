package sqlite_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/sqlite"
	"github.com/grisonval/server/server/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := sqlite.Open(t.TempDir())
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}

func TestSecondOpenIsLocked(t *testing.T) {
	dir := t.TempDir()
	s, err := sqlite.Open(dir)
	if err != nil {
		t.Fatalf("first Open: %v", err)
	}
	second, err := sqlite.Open(dir)
	if !errors.Is(err, store.ErrLocked) {
		if err == nil {
			second.Close()
		}
		t.Fatalf("second Open of the same folder: got error %v; want ErrLocked", err)
	}
	if !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("second Open: got message %q; want it to say the data folder is in use by another process", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	// Once closed, the folder can be opened again.
	third, err := sqlite.Open(dir)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	if err := third.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

func TestReopenKeepsData(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	s, err := sqlite.Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	w := store.World{Name: "kept", Seed: 1<<63 + 1, Season: 1, SeasonLength: 24,
		Ruleset: "grisonval", Camps: 3,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.AI, Posture: "growth"}}}
	if err := s.CreateWorld(ctx, &w); err != nil {
		t.Fatalf("CreateWorld: %v", err)
	}
	o := store.Order{WorldID: w.ID, Season: 1, Day: 1, Camp: 2, Action: "rest", Status: store.OrderPending}
	if err := s.SaveOrder(ctx, o); err != nil {
		t.Fatalf("SaveOrder: %v", err)
	}
	tick := store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("setup"), Hash: "h0"}
	if err := s.CommitTick(ctx, tick); err != nil {
		t.Fatalf("CommitTick: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s, err = sqlite.Open(dir)
	if err != nil {
		t.Fatalf("second Open: %v", err)
	}
	defer s.Close()
	got, err := s.World(ctx, w.ID)
	if err != nil {
		t.Fatalf("World after reopening: %v", err)
	}
	if got.Name != w.Name || got.Ruleset != w.Ruleset || got.Seed != w.Seed || !slices.Equal(got.Controllers, w.Controllers) {
		t.Errorf("World after reopening: got %+v; want %+v", got, w)
	}
	pending, err := s.PendingOrders(ctx, w.ID, 1, 1)
	if err != nil {
		t.Fatalf("PendingOrders after reopening: %v", err)
	}
	if len(pending) != 1 || pending[0].Camp != 2 || pending[0].Action != "rest" {
		t.Errorf("PendingOrders after reopening: got %+v; want camp 2's rest", pending)
	}
	latest, err := s.LatestTick(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick after reopening: %v", err)
	}
	if latest.Day != 0 || string(latest.State) != "setup" || latest.Hash != "h0" {
		t.Errorf("LatestTick after reopening: got day %d state %q hash %q; want day 0 state %q hash %q",
			latest.Day, latest.State, latest.Hash, "setup", "h0")
	}
}
