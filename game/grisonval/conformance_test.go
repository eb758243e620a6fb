package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/gametest"
	"github.com/grisonval/server/game/grisonval"
)

// TestConformance runs the rulesets' conformance suite on Grisonval, with
// its fog: a camp's stocks are its own (DESIGN.md §4, Fog: no rule shows
// them to another camp).
func TestConformance(t *testing.T) {
	gametest.Run(t, grisonval.Ruleset{}, gametest.Config{
		Days: 60,
		Secret: func(s game.State, camp int) game.State {
			w := grisonval.Of(s).Clone()
			if !w.Camps[camp].Alive {
				return nil
			}
			w.Camps[camp].Resources.Gold += 7
			w.Camps[camp].Resources.Research += 3
			return grisonval.StateOf(w)
		},
	})
}
