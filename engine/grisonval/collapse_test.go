package grisonval_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestCollapse covers CAMP-3: a colony whose people are all dead collapses
// and a new one is founded elsewhere.
func TestCollapse(t *testing.T) {
	// emptied returns a RulesWar world where camp 2 holds its capital and
	// zone 80, one of them besieged by 8 men of camp 0, and has a settler
	// column on the march, but no inhabitant left.
	emptied := func() *grisonval.World {
		w := grisonval.NewWorldRules(1, grisonval.RulesWar)
		w.Zone(capitalOf(2)).Garrison = 0
		w.Zone(80).Owner = 2
		w.Camps[2].Citizens = nil
		w.Columns = append(w.Columns, grisonval.Column{ID: w.NextColumn, Camp: 2, Kind: grisonval.SettlerColumn, From: capitalOf(2), To: 81, Depart: 0, Arrive: 5})
		w.NextColumn++
		for i := 4; i < 12; i++ {
			w.Camps[0].Citizens[i].UnderArms = true
		}
		w.Sieges = []grisonval.Siege{{Zone: 80, Camp: 0, Men: 8, Start: 0, Assault: 6}}
		return w
	}
	t.Run("CAMP-3 the land goes free, a besieged place to its besieger", func(t *testing.T) {
		w := emptied()
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		nw := out.World
		if z := nw.Zone(capitalOf(2)); z.Owner != grisonval.NoCamp || z.Capital || len(z.Buildings) != 0 {
			t.Errorf("old capital %+v; want free, no capital, no building", *z)
		}
		// Attrition took one man from the lines the same day (SIE-3).
		if z := nw.Zone(80); z.Owner != 0 || z.Garrison != 7 || nw.Besieged(80) {
			t.Errorf("besieged zone 80 %+v, besieged %v; want camp 0's, garrison 7, no siege", *z, nw.Besieged(80))
		}
		if slices.ContainsFunc(nw.Columns, func(c grisonval.Column) bool { return c.Camp == 2 }) {
			t.Errorf("columns %+v; want none of camp 2", nw.Columns)
		}
		if !hasEntry(out.Journal, 0, "ruin_taken") {
			t.Error("camp 0 not told it took zone 80")
		}
	})
	t.Run("CAMP-3 the new colony is founded elsewhere, the farthest from the others", func(t *testing.T) {
		w := emptied()
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		nw := out.World
		site := nw.Capital(2)
		if site == 0 || site == capitalOf(2) || site == 80 || nw.HeldZones(2) != 1 {
			t.Fatalf("new capital %d, %d zone(s); want one zone that was not camp 2's", site, nw.HeldZones(2))
		}
		far := func(z grisonval.ZoneID) int {
			d := 99
			for o := grisonval.ZoneID(1); o <= grisonval.NumZones; o++ {
				if own := nw.Zone(o).Owner; own == 0 || own == 1 {
					d = min(d, grisonval.ZoneDistance(z, o))
				}
			}
			return d
		}
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if nw.Zone(z).Owner == grisonval.NoCamp && z != capitalOf(2) && far(z) > far(site) {
				t.Errorf("zone %d is %d from the others' land, the new capital %d only %d", z, far(z), site, far(site))
			}
		}
		if g := nw.Zone(site).Garrison; g != grisonval.StartGarrison || nw.CitizensUnderArms(2) != g {
			t.Errorf("garrison %d, citizens under arms %d; want %d", g, nw.CitizensUnderArms(2), grisonval.StartGarrison)
		}
		// The founders are new citizens, numbered on, arrived today, and
		// the founding council is seated (CNL-2).
		cit := nw.Camps[2].Citizens
		if len(cit) != grisonval.StartPopulation || cit[0].ID != w.Camps[2].NextCitizen || cit[0].Arrived != 1 {
			t.Errorf("founders: %d, first %+v; want %d from ID %d arrived on day 1", len(cit), cit[0], grisonval.StartPopulation, w.Camps[2].NextCitizen)
		}
		if _, ok := nw.SeatHolder(2, grisonval.SeatRuler); !ok {
			t.Error("no ruler seated in the new colony")
		}
		if !hasEntry(out.Journal, 2, "colony_founded") || hasEntry(out.Journal, 0, "colony_founded") {
			t.Error("the new colony's site must be told to its camp, and to no camp that does not see it")
		}
		if !hasEntry(out.Journal, 0, "colony_collapsed") || !hasEntry(out.Journal, 1, "colony_collapsed") {
			t.Error("the collapse not proclaimed to every camp")
		}
	})
	t.Run("CAMP-3 with no free zone the camp is extinct", func(t *testing.T) {
		w := grisonval.NewWorldRules(1, grisonval.RulesWar)
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if w.Zone(z).Owner == grisonval.NoCamp {
				w.Zone(z).Owner = 1
			}
		}
		w.Zone(capitalOf(2)).Owner, w.Zone(capitalOf(2)).Garrison = 1, 0
		w.Camps[2].Citizens = nil
		w.Columns = append(w.Columns, grisonval.Column{ID: w.NextColumn, Camp: 2, Kind: grisonval.SettlerColumn, From: capitalOf(2), To: 81, Depart: 0, Arrive: 5})
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if out.World.Camps[2].Alive {
			t.Error("camp 2 alive with no people and nowhere to found a colony")
		}
	})
}
