package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// BenchmarkTickWar measures a late-game tick with war and diplomacy under
// way: the world of BenchmarkTickLate with two sieges, columns on the march
// for every camp, a peace, a pending proposal, and every camp posting an
// order that works (a levy, a proposal, an attack).
func BenchmarkTickWar(b *testing.B) {
	w := lateWorld()
	held := func(c grisonval.CampID, skip int) grisonval.ZoneID {
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
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
	for c := range grisonval.CampID(grisonval.NumCamps) {
		for o := range grisonval.CampID(grisonval.NumCamps) {
			w.Camps[c].Met[o] = o != c
		}
		// Late in a season every camp has seen the whole map once.
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			w.Camps[c].Memory[z] = grisonval.Memory{Seen: true, Terrain: w.Zone(z).Terrain, Owner: w.Zone(z).Owner}
		}
		w.Camps[c].FieldArmy = 20
		for i := range 5 {
			w.Zone(held(c, i)).Garrison = 6
		}
	}
	// Camp 1 besieges a zone of camp 0, camp 0 one of camp 1.
	w.Sieges = []grisonval.Siege{
		{Zone: held(0, 1), Camp: 1, Men: 12, Start: 0, Assault: 4},
		{Zone: held(1, 1), Camp: 0, Men: 10, Start: 0, Assault: 5},
	}
	for i, c := range []grisonval.CampID{0, 1, 2, 2} {
		w.Columns = append(w.Columns, grisonval.Column{ID: i + 1, Camp: c, Kind: grisonval.ArmyColumn, Men: 8,
			From: w.Capital(c), To: held((c+1)%grisonval.NumCamps, 3), Depart: 0, Arrive: 3 + i})
	}
	w.NextColumn = 5
	w.SetRelation(0, 2, grisonval.Peace)
	w.Pacts[grisonval.PairIndex(1, 2)] = grisonval.Pact{Offer: grisonval.Peace, From: 2}
	// Men under arms are citizens (CIT-ARMS): arm as many adults as there
	// are men in the field, the garrisons, the columns and the lines.
	for c := range grisonval.CampID(grisonval.NumCamps) {
		n := w.MenUnderArms(c)
		for i := range w.Camps[c].Citizens {
			if ct := &w.Camps[c].Citizens[i]; n > 0 && ct.Age >= grisonval.AdultAge {
				ct.UnderArms, n = true, n-1
			}
		}
	}
	o := orders(grisonval.Order{Action: grisonval.RaiseArmy, Args: []int{5}},
		grisonval.Order{Action: grisonval.AcceptPact, Args: []int{2}},
		grisonval.Order{Action: grisonval.SendArmy, Args: []int{10, int(held(1, 4))}})
	for c, r := range grisonval.Resolve(w, o).Results {
		if r.Status != grisonval.Applied {
			b.Fatalf("camp %d's order %v: %+v", c, o[c], r.Err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		grisonval.Resolve(w, o)
	}
}
