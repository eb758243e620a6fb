package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// testNotebooks checks that a camp's notes of a season are kept per world,
// season and camp, each write replacing the last, and that the store
// refuses notes longer than store.MaxNotebookLen and notes of an unknown
// world.
func testNotebooks(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "notebooks")
	other := newWorld(t, s, "other")
	note := func(world uint64, season, camp, day, writes int, player, text string) store.Notebook {
		return store.Notebook{WorldID: world, Season: season, Camp: camp, Player: player, Text: text,
			Day: day, Writes: writes,
			UpdatedAt: base.Add(time.Duration(day*10+writes) * time.Minute).Truncate(time.Microsecond)}
	}
	writes := []store.Notebook{
		note(w.ID, 1, 2, 1, 1, "ada", "Carmin à l'est.\n\tZone 40 : mine."),
		note(w.ID, 1, 0, 1, 1, "", "first"),
		note(w.ID, 1, 0, 1, 2, "", "second"),
		note(w.ID, 1, 0, 3, 1, "bob", strings.Repeat("é", store.MaxNotebookLen/2)),
		note(w.ID, 2, 0, 1, 1, "", "new season"),
		note(w.ID, 2, 1, 2, 1, "", ""),
		note(other.ID, 1, 0, 1, 1, "", "other world"),
	}
	for _, n := range writes {
		if err := s.SetNotebook(ctx, n); err != nil {
			t.Fatalf("SetNotebook(season %d camp %d, %d bytes): %v", n.Season, n.Camp, len(n.Text), err)
		}
	}
	tests := []struct {
		world  uint64
		season int
		want   []store.Notebook
	}{
		{w.ID, 1, []store.Notebook{writes[3], writes[0]}},
		{w.ID, 2, []store.Notebook{writes[4], writes[5]}},
		{w.ID, 3, nil},
		{other.ID, 1, []store.Notebook{writes[6]}},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("Notebooks(world %d, season %d)", tc.world, tc.season)
		got, err := s.Notebooks(ctx, tc.world, tc.season)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %d notebooks; want %d", what, len(got), len(tc.want))
			continue
		}
		for i, want := range tc.want {
			if !got[i].UpdatedAt.Equal(want.UpdatedAt) {
				t.Errorf("%s[%d]: got updated at %v; want %v", what, i, got[i].UpdatedAt, want.UpdatedAt)
			}
			got[i].UpdatedAt = want.UpdatedAt
			if got[i] != want {
				t.Errorf("%s[%d]: got %+v; want %+v", what, i, got[i], want)
			}
		}
	}

	long := note(w.ID, 1, 1, 4, 1, "", strings.Repeat("a", store.MaxNotebookLen+1))
	if err := s.SetNotebook(ctx, long); err == nil {
		t.Errorf("SetNotebook of %d bytes: got no error; want a refusal", len(long.Text))
	}
	if got, err := s.Notebooks(ctx, w.ID, 1); err != nil || len(got) != 2 {
		t.Errorf("Notebooks after a refused write: got %d notebooks, error %v; want 2, nil", len(got), err)
	}
	missing := note(other.ID+100, 1, 0, 1, 1, "", "personne")
	if err := s.SetNotebook(ctx, missing); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetNotebook in an unknown world: got error %v; want ErrNotFound", err)
	}
}
