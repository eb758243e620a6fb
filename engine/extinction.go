package engine

import (
	"fmt"
	"slices"
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
		t.announce(0, "extinct", fmt.Sprintf("Le peuple de %s s'est éteint.", camp.Name), "plus aucune zone tenue", CampID(0), CampID(1), CampID(2))
	}
}
