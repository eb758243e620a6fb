package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestMap covers MAP-1 (91 zones numbered in rows, coasts on the rim), MAP-2
// (three-fold symmetric terrain, every capital with a forest, a mountain and
// a plain inland) and MAP-3 (capitals pairwise at distance 8, never on the rim).
func TestMap(t *testing.T) {
	t.Run("MAP-1 zones and numbering", func(t *testing.T) {
		if grisonval.NumZones != 91 {
			t.Fatalf("NumZones = %d; want 91", grisonval.NumZones)
		}
		if h := grisonval.HexOf(1); h != (grisonval.Hex{Q: 0, R: -5}) {
			t.Errorf("zone 1 at %v; want the west end of the north row (0,-5)", h)
		}
		if z := grisonval.ZoneAt(grisonval.Hex{}); z != 46 {
			t.Errorf("centre is zone %d; want 46", z)
		}
		counts := map[int]int{}
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			counts[len(grisonval.Neighbors(z))]++
			if got := grisonval.ZoneAt(grisonval.HexOf(z)); got != z {
				t.Errorf("ZoneAt(HexOf(%d)) = %d", z, got)
			}
		}
		if counts[3] != 6 || counts[4] != 24 || counts[6] != 61 {
			t.Errorf("neighbour counts %v; want 6 corners with 3, 24 rim zones with 4, 61 inner zones with 6", counts)
		}
		for _, seed := range []uint64{1, 2, 99} {
			w := grisonval.NewWorld(seed)
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				rim := grisonval.HexOf(z).Ring() == grisonval.Radius
				if coast := w.Zone(z).Terrain == grisonval.Coast; rim != coast {
					t.Errorf("seed %d zone %d: rim %v, coast %v; want coasts exactly on the rim", seed, z, rim, coast)
				}
			}
		}
	})
	t.Run("MAP-2 symmetric terrain", func(t *testing.T) {
		for seed := uint64(1); seed <= 20; seed++ {
			w := grisonval.NewWorld(seed)
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				h := grisonval.HexOf(z)
				r := grisonval.ZoneAt(grisonval.Hex{Q: h.R, R: h.S()}) // cube (x,y,z) -> (z,x,y)
				if w.Zone(z).Terrain != w.Zone(r).Terrain {
					t.Fatalf("seed %d: zone %d is %v but its rotation %d is %v", seed, z, w.Zone(z).Terrain, r, w.Zone(r).Terrain)
				}
			}
			for c := range grisonval.CampID(grisonval.NumCamps) {
				seen := map[grisonval.Terrain]bool{}
				for _, n := range grisonval.Neighbors(capitalOf(c)) {
					seen[w.Zone(n).Terrain] = true
				}
				for _, want := range []grisonval.Terrain{grisonval.Forest, grisonval.Mountain, grisonval.Plains, grisonval.Coast} {
					if !seen[want] {
						t.Errorf("seed %d camp %d: no %v next to the capital", seed, c, want)
					}
				}
			}
		}
		a, b := grisonval.NewWorld(1), grisonval.NewWorld(2)
		same := true
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			same = same && a.Zone(z).Terrain == b.Zone(z).Terrain
		}
		if same {
			t.Error("seeds 1 and 2 drew the same map; want the seed to shape the land")
		}
	})
	t.Run("MAP-3 capitals at distance 8", func(t *testing.T) {
		w := grisonval.NewWorld(7)
		for a := range grisonval.CampID(grisonval.NumCamps) {
			za := capitalOf(a)
			if z := w.Capital(a); z != za {
				t.Errorf("camp %d capital %d; want %d", a, z, za)
			}
			if ring := grisonval.HexOf(za).Ring(); ring != 4 {
				t.Errorf("camp %d capital on ring %d; want 4 (no corner, no rim)", a, ring)
			}
			for b := a + 1; b < grisonval.NumCamps; b++ {
				if d := grisonval.ZoneDistance(za, capitalOf(b)); d != 8 {
					t.Errorf("capitals %d and %d at distance %d; want 8", a, b, d)
				}
			}
		}
	})
	t.Run("CAMP-1 starting camps", func(t *testing.T) {
		w := grisonval.NewWorld(3)
		for c, camp := range w.Camps {
			if camp.Resources != grisonval.StartResources || len(camp.Citizens) != grisonval.StartPopulation ||
				camp.Morale != grisonval.StartMorale || !camp.Alive || w.HeldZones(grisonval.CampID(c)) != 1 ||
				w.Zone(capitalOf(grisonval.CampID(c))).Garrison != grisonval.StartGarrison {
				t.Errorf("camp %d starts with %+v, %d zones; want the CAMP-1 start", c, camp, w.HeldZones(grisonval.CampID(c)))
			}
		}
	})
}
