package postgres

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestGroupRetriesWithoutTheFailed sends one group of four ticks, the
// second and the fourth of which fail (a conflict, an order never saved):
// each gets its error, the group is sent again without it, and the first
// and the third are committed whole.
func TestGroupRetriesWithoutTheFailed(t *testing.T) {
	ctx := t.Context()
	s, err := Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	ticks := make([]store.Tick, 4)
	for i := range ticks {
		w := store.World{Name: fmt.Sprint("group ", i), Ruleset: "grisonval", Camps: 3, Seed: 1, Cadence: time.Minute, Season: 1,
			Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
		if err := s.CreateWorld(ctx, &w); err != nil {
			t.Fatalf("CreateWorld: %v", err)
		}
		ticks[i] = store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: fmt.Appendf(nil, "state %d", i), Hash: fmt.Sprint(i),
			Orders:      []store.Order{{Camp: 0, Action: "rest", Status: store.OrderStanding, SubmittedAt: time.Now()}},
			Journal:     []store.JournalEntry{{Camp: 0, Kind: "rest", Zones: []int{i, 7}, Narration: "n"}},
			CommittedAt: time.Now()}
	}
	if err := s.CommitTick(ctx, store.Tick{WorldID: ticks[1].WorldID, Season: 1, Day: 1, State: []byte("first"), Hash: "first"}); err != nil {
		t.Fatalf("CommitTick: %v", err)
	}
	ticks[3].Orders = append(ticks[3].Orders, store.Order{Camp: 1, Action: "rest", Status: store.OrderApplied})
	g := make([][]step, len(ticks))
	for i, tk := range ticks {
		g[i] = tickSteps(tk)
	}
	errs := s.commitGroup(ctx, g)
	if errs[0] != nil || errs[2] != nil {
		t.Errorf("ticks 0 and 2: got errors %v and %v; want none", errs[0], errs[2])
	}
	if !errors.Is(errs[1], store.ErrConflict) {
		t.Errorf("tick 1: got error %v; want ErrConflict", errs[1])
	}
	if !errors.Is(errs[3], store.ErrNotFound) {
		t.Errorf("tick 3: got error %v; want ErrNotFound", errs[3])
	}
	for i, want := range []string{"state 0", "first", "state 2", ""} {
		got, err := s.LatestTick(ctx, ticks[i].WorldID, 1)
		if want == "" {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("tick %d: LatestTick: got error %v; want ErrNotFound", i, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("tick %d: LatestTick: %v", i, err)
		}
		if string(got.State) != want {
			t.Errorf("tick %d: got state %q; want %q", i, got.State, want)
		}
		if wantRows := (i != 1); (len(got.Orders) == 1 && len(got.Journal) == 1) != wantRows {
			t.Errorf("tick %d: got %d orders and %d journal entries", i, len(got.Orders), len(got.Journal))
			continue
		}
		if i != 1 && fmt.Sprint(got.Journal[0].Zones) != fmt.Sprint([]int{i, 7}) {
			t.Errorf("tick %d: got zones %v", i, got.Journal[0].Zones)
		}
	}
}
