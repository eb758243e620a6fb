package engine_test

import (
	"testing"

	"github.com/grisonval/server/engine"
)

// TestMap covers MAP-1 (91 zones numbered in rows, coasts on the rim), MAP-2
// (three-fold symmetric terrain, every capital with a forest, a mountain and
// a plain inland) and MAP-3 (capitals pairwise at distance 8, never on the rim).
func TestMap(t *testing.T) {
	t.Run("MAP-1 zones and numbering", func(t *testing.T) {
		if engine.NumZones != 91 {
			t.Fatalf("NumZones = %d; want 91", engine.NumZones)
		}
		if h := engine.HexOf(1); h != (engine.Hex{Q: 0, R: -5}) {
			t.Errorf("zone 1 at %v; want the west end of the north row (0,-5)", h)
		}
		if z := engine.ZoneAt(engine.Hex{}); z != 46 {
			t.Errorf("centre is zone %d; want 46", z)
		}
		counts := map[int]int{}
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			counts[len(engine.Neighbors(z))]++
			if got := engine.ZoneAt(engine.HexOf(z)); got != z {
				t.Errorf("ZoneAt(HexOf(%d)) = %d", z, got)
			}
		}
		if counts[3] != 6 || counts[4] != 24 || counts[6] != 61 {
			t.Errorf("neighbour counts %v; want 6 corners with 3, 24 rim zones with 4, 61 inner zones with 6", counts)
		}
		for _, seed := range []uint64{1, 2, 99} {
			w := engine.NewWorld(seed)
			for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
				rim := engine.HexOf(z).Ring() == engine.Radius
				if coast := w.Zone(z).Terrain == engine.Coast; rim != coast {
					t.Errorf("seed %d zone %d: rim %v, coast %v; want coasts exactly on the rim", seed, z, rim, coast)
				}
			}
		}
	})
	t.Run("MAP-2 symmetric terrain", func(t *testing.T) {
		for seed := uint64(1); seed <= 20; seed++ {
			w := engine.NewWorld(seed)
			for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
				h := engine.HexOf(z)
				r := engine.ZoneAt(engine.Hex{Q: h.R, R: h.S()}) // cube (x,y,z) -> (z,x,y)
				if w.Zone(z).Terrain != w.Zone(r).Terrain {
					t.Fatalf("seed %d: zone %d is %v but its rotation %d is %v", seed, z, w.Zone(z).Terrain, r, w.Zone(r).Terrain)
				}
			}
			for c := range engine.CampID(engine.NumCamps) {
				seen := map[engine.Terrain]bool{}
				for _, n := range engine.Neighbors(capitalOf(c)) {
					seen[w.Zone(n).Terrain] = true
				}
				for _, want := range []engine.Terrain{engine.Forest, engine.Mountain, engine.Plains, engine.Coast} {
					if !seen[want] {
						t.Errorf("seed %d camp %d: no %v next to the capital", seed, c, want)
					}
				}
			}
		}
		a, b := engine.NewWorld(1), engine.NewWorld(2)
		same := true
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			same = same && a.Zone(z).Terrain == b.Zone(z).Terrain
		}
		if same {
			t.Error("seeds 1 and 2 drew the same map; want the seed to shape the land")
		}
	})
	t.Run("MAP-3 capitals at distance 8", func(t *testing.T) {
		w := engine.NewWorld(7)
		for a := range engine.CampID(engine.NumCamps) {
			za := capitalOf(a)
			if z := w.Capital(a); z != za {
				t.Errorf("camp %d capital %d; want %d", a, z, za)
			}
			if ring := engine.HexOf(za).Ring(); ring != 4 {
				t.Errorf("camp %d capital on ring %d; want 4 (no corner, no rim)", a, ring)
			}
			for b := a + 1; b < engine.NumCamps; b++ {
				if d := engine.ZoneDistance(za, capitalOf(b)); d != 8 {
					t.Errorf("capitals %d and %d at distance %d; want 8", a, b, d)
				}
			}
		}
	})
	t.Run("CAMP-1 starting camps", func(t *testing.T) {
		w := engine.NewWorld(3)
		for c, camp := range w.Camps {
			if camp.Resources != engine.StartResources || len(camp.Citizens) != engine.StartPopulation ||
				camp.Morale != engine.StartMorale || !camp.Alive || w.HeldZones(engine.CampID(c)) != 1 ||
				w.Zone(capitalOf(engine.CampID(c))).Garrison != engine.StartGarrison {
				t.Errorf("camp %d starts with %+v, %d zones; want the CAMP-1 start", c, camp, w.HeldZones(engine.CampID(c)))
			}
		}
	})
}
