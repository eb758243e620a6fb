package engine_test

import (
	"github.com/grisonval/server/engine"
)

// armCivilians puts n adult civilians of camp c under arms, in list order,
// without touching the units: the caller adds them to a garrison, column or
// field army so that the CIT-ARMS invariant holds.
func armCivilians(w *engine.World, c engine.CampID, n int) {
	for i := range w.Camps[c].Citizens {
		p := &w.Camps[c].Citizens[i]
		if n > 0 && !p.UnderArms && p.Age >= engine.AdultAge {
			p.UnderArms = true
			n--
		}
	}
}

// setMorale sets camp c's morale and every citizen's mood to m, as a camp
// long settled at that morale would be (CIT-MOOD pulls them together).
func setMorale(w *engine.World, c engine.CampID, m int) {
	w.Camps[c].Morale = m
	for i := range w.Camps[c].Citizens {
		w.Camps[c].Citizens[i].Mood = int16(m * engine.MoodScale)
	}
}
