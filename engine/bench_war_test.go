package engine_test

import (
	"testing"

	"github.com/grisonval/server/engine"
)

// BenchmarkTickWar measures a late-game tick with war and diplomacy under
// way: the world of BenchmarkTickLate with two sieges, columns on the march
// for every camp, a peace, a pending proposal, and every camp posting an
// order that works (a levy, a proposal, an attack).
func BenchmarkTickWar(b *testing.B) {
	w := lateWorld()
	held := func(c engine.CampID, skip int) engine.ZoneID {
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			if w.Zone(z).Owner == c && !w.Zone(z).Capital {
				if skip == 0 {
					return z
				}
				skip--
			}
		}
		b.Fatalf("camp %d holds too few zones", c)
		return 0
	}
	for c := range engine.CampID(engine.NumCamps) {
		for o := range engine.CampID(engine.NumCamps) {
			w.Camps[c].Met[o] = o != c
		}
		// Late in a season every camp has seen the whole map once.
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			w.Camps[c].Memory[z] = engine.Memory{Seen: true, Terrain: w.Zone(z).Terrain, Owner: w.Zone(z).Owner}
		}
		w.Camps[c].FieldArmy = 20
		for i := range 5 {
			w.Zone(held(c, i)).Garrison = 6
		}
	}
	// Camp 1 besieges a zone of camp 0, camp 0 one of camp 1.
	w.Sieges = []engine.Siege{
		{Zone: held(0, 1), Camp: 1, Men: 12, Start: 0, Assault: 4},
		{Zone: held(1, 1), Camp: 0, Men: 10, Start: 0, Assault: 5},
	}
	for i, c := range []engine.CampID{0, 1, 2, 2} {
		w.Columns = append(w.Columns, engine.Column{ID: i + 1, Camp: c, Kind: engine.ArmyColumn, Men: 8,
			From: w.Capital(c), To: held((c+1)%engine.NumCamps, 3), Depart: 0, Arrive: 3 + i})
	}
	w.NextColumn = 5
	w.SetRelation(0, 2, engine.Peace)
	w.Pacts[engine.PairIndex(1, 2)] = engine.Pact{Offer: engine.Peace, From: 2}
	// Men under arms are citizens (CIT-ARMS): arm as many adults as there
	// are men in the field, the garrisons, the columns and the lines.
	for c := range engine.CampID(engine.NumCamps) {
		n := w.MenUnderArms(c)
		for i := range w.Camps[c].Citizens {
			if ct := &w.Camps[c].Citizens[i]; n > 0 && ct.Age >= engine.AdultAge {
				ct.UnderArms, n = true, n-1
			}
		}
	}
	o := orders(engine.Order{Action: engine.RaiseArmy, Args: []int{5}},
		engine.Order{Action: engine.AcceptPact, Args: []int{2}},
		engine.Order{Action: engine.SendArmy, Args: []int{10, int(held(1, 4))}})
	for c, r := range engine.Resolve(w, o).Results {
		if r.Status != engine.Applied {
			b.Fatalf("camp %d's order %v: %+v", c, o[c], r.Err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		engine.Resolve(w, o)
	}
}
