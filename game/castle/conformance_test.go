package castle_test

import (
	"testing"

	engine "github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/castle"
	"github.com/grisonval/server/game/gametest"
)

// TestConformance runs the rulesets' conformance suite on the Castle, 2 to
// 6 cities, with its fog (rule CAS-FOG): a city's card in hand is its own.
func TestConformance(t *testing.T) {
	gametest.Run(t, castle.Ruleset{}, gametest.Config{
		Camps: []int{2, 3, 4, 5, 6},
		Days:  150,
		Secret: func(s game.State, camp int) game.State {
			st := castle.Of(s)
			if st.Cities[camp].Hand == 0 {
				return nil
			}
			other := st.Clone()
			other.Cities[camp].Hand = other.Cities[camp].Hand%engine.Card(engine.NumCards) + 1
			return castle.StateOf(other)
		},
	})
}
