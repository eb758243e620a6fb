package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestNotables checks the citizens a page shows of a camp (CIT-XP): the
// most accomplished first (level, then experience), with their level's
// title and the experience of the next level, at most n.
func TestNotables(t *testing.T) {
	w := lateWorld()
	ns := w.Notables(0, grisonval.NotablesShown)
	if len(ns) != grisonval.NotablesShown {
		t.Fatalf("got %d notables; want %d", len(ns), grisonval.NotablesShown)
	}
	best := 0
	for _, p := range w.Camps[0].Citizens {
		best = max(best, int(p.Level))
	}
	for i, n := range ns {
		if i > 0 && (n.Level > ns[i-1].Level || n.Level == ns[i-1].Level && n.XP > ns[i-1].XP) {
			t.Errorf("notable %d (level %d, %d XP) ranks after %v", i, n.Level, n.XP, ns[i-1])
		}
		if n.Title != grisonval.LevelTitles[n.Level] || n.Mood < 0 || n.Mood > 100 {
			t.Errorf("notable %d: %+v", i, n)
		}
		if want := 0; n.Level < grisonval.MaxLevel {
			want = int(grisonval.LevelXP[n.Level+1])
			if n.NextXP != want {
				t.Errorf("notable %d at level %d: next %d XP; want %d", i, n.Level, n.NextXP, want)
			}
		}
	}
	if ns[0].Level != best {
		t.Errorf("the first notable is level %d; the camp's best is %d", ns[0].Level, best)
	}
	if got := len(grisonval.NewWorld(1).Notables(0, 100)); got != 20 {
		t.Errorf("a fresh camp of 20: got %d notables of 100 asked; want 20", got)
	}
}
