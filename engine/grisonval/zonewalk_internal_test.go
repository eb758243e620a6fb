package grisonval

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomLand returns a world whose zones are dealt at random among the
// camps and free land, with capitals, sieges, columns and alliances drawn
// too: the shapes the zone walks meet in play and many they seldom do.
func randomLand(r *rand.Rand) *World {
	w := NewWorld(r.Uint64())
	for z := ZoneID(1); z <= NumZones; z++ {
		zone := &w.Zones[z]
		zone.Owner, zone.Capital = CampID(r.IntN(NumCamps+1)-1), false
		if zone.Owner != NoCamp && r.IntN(3) == 0 {
			zone.Buildings = []BuildingKind{House, Temple, Farm}[:r.IntN(4)]
		}
	}
	for c := range CampID(NumCamps) {
		if r.IntN(4) > 0 {
			z := ZoneID(1 + r.IntN(NumZones))
			w.Zones[z].Owner, w.Zones[z].Capital = c, true
		}
	}
	w.Sieges = nil
	for range r.IntN(4) {
		z := ZoneID(1 + r.IntN(NumZones))
		if w.Zones[z].Owner != NoCamp && !w.Besieged(z) {
			w.Sieges = append(w.Sieges, Siege{Zone: z, Camp: (w.Zones[z].Owner + 1) % NumCamps, Men: 1})
		}
	}
	w.Columns = nil
	for i := range r.IntN(3) {
		w.Columns = append(w.Columns, Column{ID: i + 1, Camp: CampID(r.IntN(NumCamps)), Kind: ArmyColumn, Men: 1, To: ZoneID(1 + r.IntN(NumZones))})
	}
	for p := range w.Relations {
		w.Relations[p] = Relation(r.IntN(3))
	}
	for c := range w.Camps {
		w.Camps[c].Alive = r.IntN(5) > 0
	}
	return w
}

// TestZoneWalks checks the walks over zone sets against their rules
// walked zone by zone: the cut-off land (CUT-1, a breadth-first walk from
// the capital), vision (FOG-1, DIP-4), the zones held and the capital,
// and the counts of buildings outside sieges (POP-2, BLD-10).
func TestZoneWalks(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 300 {
		w := randomLand(r)
		for c := range CampID(NumCamps) {
			var held []ZoneID
			capital := ZoneID(0)
			houses, temples := 0, 0
			for z := ZoneID(1); z <= NumZones; z++ {
				if w.Zones[z].Owner != c {
					continue
				}
				held = append(held, z)
				if capital == 0 && w.Zones[z].Capital {
					capital = z
				}
				if !w.Besieged(z) {
					for _, b := range w.Zones[z].Buildings {
						houses += b2i(b == House)
						temples += b2i(b == Temple)
					}
				}
			}
			mask, gotCapital := w.territory(c)
			var got []ZoneID
			mask.each(func(z ZoneID) { got = append(got, z) })
			if !slices.Equal(got, held) || gotCapital != capital || gotCapital != w.Capital(c) || len(held) != w.HeldZones(c) {
				t.Fatalf("camp %d holds %v, capital %d; territory %v, capital %d", c, held, capital, got, gotCapital)
			}
			if got, want := w.Housing(c), housingOf(houses, len(held)); got != want {
				t.Fatalf("camp %d: housing %d, want %d", c, got, want)
			}
			if got := w.CountBuildings(c, Temple); got != temples {
				t.Fatalf("camp %d: %d temples, want %d", c, got, temples)
			}
			var kinds [NumBuildingKinds + 1]int
			w.production(c, nil, &kinds)
			if n := w.buildingCounts(c); kinds != n || n[House] != houses {
				t.Fatalf("camp %d: production counted %v, buildingCounts %v, %d houses", c, kinds, n, houses)
			}
			// Cut-off land: held, and no chain of held zones to the capital.
			var linked [NumZones + 1]bool
			if capital != 0 && w.Governed() {
				linked[capital] = true
				queue := []ZoneID{capital}
				for len(queue) > 0 {
					z := queue[0]
					queue = queue[1:]
					for _, n := range Neighbors(z) {
						if !linked[n] && w.Zones[n].Owner == c {
							linked[n] = true
							queue = append(queue, n)
						}
					}
				}
			}
			cut := w.cutOff(c)
			for z := ZoneID(1); z <= NumZones; z++ {
				want := capital != 0 && w.Governed() && w.Zones[z].Owner == c && !linked[z]
				if cut[z] != want {
					t.Fatalf("camp %d, capital %d: zone %d cut off %v, want %v", c, capital, z, cut[z], want)
				}
			}
			// Vision: the zones of the camps it shares vision with, their
			// neighbours, their columns' destinations and sieges.
			var vis [NumZones + 1]bool
			if w.Camps[c].Alive {
				for z := ZoneID(1); z <= NumZones; z++ {
					if w.sharesVision(c, w.Zones[z].Owner) {
						vis[z] = true
						for _, n := range Neighbors(z) {
							vis[n] = true
						}
					}
				}
				for _, col := range w.Columns {
					if w.sharesVision(c, col.Camp) {
						vis[col.To] = true
					}
				}
				for _, s := range w.Sieges {
					if w.sharesVision(c, s.Camp) {
						vis[s.Zone] = true
					}
				}
			}
			if got := w.Vision(c); !slices.Equal(got, vis[:]) {
				t.Fatalf("camp %d sees %v, want %v", c, got, vis)
			}
		}
	}
}

// TestSameSlice checks sameSlice, by which a copy skips writing a list it
// holds already: only the same array, length and capacity are the same.
func TestSameSlice(t *testing.T) {
	a := []BuildingKind{House, Farm, Temple}
	b := slices.Clone(a)
	for _, c := range []struct {
		x, y []BuildingKind
		want bool
	}{
		{nil, nil, true},
		{a, a, true},
		{a[:2], a[:2], true},
		{a, b, false},
		{a[:2], a, false},
		{a[:2:2], a[:2], false},
		{a[1:], a[1:], true},
		{a[1:], a[:2], false},
		{nil, a[:0], false},
		{a[:0], b[:0], false},
		{a[:0:0], []BuildingKind{}, true},
	} {
		if got := sameSlice(c.x, c.y); got != c.want {
			t.Errorf("sameSlice(%p %d %d, %p %d %d) = %v", c.x, len(c.x), cap(c.x), c.y, len(c.y), cap(c.y), got)
		}
	}
}
