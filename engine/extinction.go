package engine

import (
	"slices"

	"github.com/grisonval/server/engine/lang"
)

// extinguish marks camps with no zone, no column and no siege lines left
// as extinct (rule CAMP-2).
func (t *tick) extinguish() {
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive || t.w.HeldZones(c) > 0 || slices.ContainsFunc(t.w.Columns, func(col Column) bool { return col.Camp == c }) ||
			slices.ContainsFunc(t.w.Sieges, func(s Siege) bool { return s.Camp == c }) {
			continue
		}
		camp.Alive = false
		t.dropPacts(c)
		t.announce(0, "extinct", lang.T("The people of %s has died out.", "Le peuple de %s s'est éteint.", camp.Name), lang.T("no zone held any more", "plus aucune zone tenue"), CampID(0), CampID(1), CampID(2))
	}
}
