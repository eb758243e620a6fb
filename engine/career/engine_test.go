package career_test

import (
	"testing"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/engine/grisonval"
)

// The engine's keyed streams are a Source (rule CAR-D666).
var _ career.Source = (*grisonval.Rand)(nil)

// TestEngineAgreement checks what the server relies on to feed this package
// from the engine's state: terrain values convert as they are, and a keyed
// stream rolls deterministic, fair-looking dice.
func TestEngineAgreement(t *testing.T) {
	t.Run("CAR-SCORE terrains match the engine's", func(t *testing.T) {
		pairs := []struct {
			engine grisonval.Terrain
			career career.Terrain
		}{{grisonval.Plains, career.Plains}, {grisonval.Forest, career.Forest}, {grisonval.Mountain, career.Mountain}, {grisonval.Coast, career.Coast}}
		for _, p := range pairs {
			if career.Terrain(p.engine) != p.career {
				t.Errorf("got engine %s = %d; want %d", p.engine, p.engine, p.career)
			}
		}
	})
	t.Run("CAR-D666 keyed stream is deterministic and covers every face", func(t *testing.T) {
		a, b := grisonval.NewRand(7, 3, 1, grisonval.PurposeBattle), grisonval.NewRand(7, 3, 1, grisonval.PurposeBattle)
		seen := map[int]bool{}
		for range 200 {
			x, y := career.RollD666(a), career.RollD666(b)
			if x != y {
				t.Fatalf("got %v and %v from one key; want equal", x, y)
			}
			if !x.Valid() {
				t.Fatalf("got %v; want dice in 1-6", x)
			}
			seen[x.Q()] = true
		}
		if len(seen) != 6 {
			t.Errorf("got %d distinct Q in 200 rolls; want 6", len(seen))
		}
	})
}
