package grisonval_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestDeterminism covers RNG-1 and TICK-3: the same seed and orders give
// byte-identical states, tick by tick; encoding round-trips; Resolve never
// modifies its input.
func TestDeterminism(t *testing.T) {
	for _, seed := range []uint64{1, 42, 1 << 40} {
		a := playRandom(t, grisonval.NewWorld(seed), 120)
		b := playRandom(t, grisonval.NewWorld(seed), 120)
		for i := range a {
			ha, hb := grisonval.Hash(a[i].World), grisonval.Hash(b[i].World)
			if ha != hb {
				t.Fatalf("seed %d day %d: hashes %s and %s differ", seed, i+1, ha, hb)
			}
		}
	}
	t.Run("RNG-1 streams are independent", func(t *testing.T) {
		r1 := grisonval.NewRand(1, 5, 0, grisonval.PurposeExplore)
		r2 := grisonval.NewRand(1, 5, 1, grisonval.PurposeExplore)
		r3 := grisonval.NewRand(1, 5, 0, grisonval.PurposeExplore)
		if r1.Uint64() == r2.Uint64() {
			t.Error("camps 0 and 1 share a stream")
		}
		r1 = grisonval.NewRand(1, 5, 0, grisonval.PurposeExplore)
		if r1.Uint64() != r3.Uint64() {
			t.Error("the same key gave two streams")
		}
	})
	t.Run("TICK-3 Resolve does not modify its input", func(t *testing.T) {
		outs := playRandom(t, grisonval.NewWorld(9), 40)
		w := outs[len(outs)-1].World
		before := grisonval.Hash(w)
		for range 5 {
			grisonval.Resolve(w, orders(randomOrder(w, 0, grisonval.NewRand(1, 1, 0, 1)), randomOrder(w, 1, grisonval.NewRand(1, 1, 1, 1)), rest()))
		}
		if after := grisonval.Hash(w); after != before {
			t.Errorf("hash changed from %s to %s", before, after)
		}
	})
	t.Run("encoding round-trips", func(t *testing.T) {
		outs := playRandom(t, grisonval.NewWorld(11), 60)
		w := outs[len(outs)-1].World
		b, err := grisonval.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		back, err := grisonval.Unmarshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if grisonval.Hash(back) != grisonval.Hash(w) {
			t.Error("hash changed through Marshal/Unmarshal")
		}
		next := orders(rest(), rest(), rest())
		if grisonval.Hash(grisonval.Resolve(back, next).World) != grisonval.Hash(grisonval.Resolve(w, next).World) {
			t.Error("decoded world resolves differently")
		}
		if _, err := grisonval.Unmarshal([]byte(`{"zones":[]}`)); err == nil {
			t.Error("a world without zones decoded")
		}
	})
}

// TestOrderIndependence checks CON-2: the outcome never depends on the
// order in which zones, columns and their conflicts are looked at. The map
// is symmetric under rotation (MAP-2), so a world turned by 120 degrees with
// its orders turned must give the turned result. The camps keep their
// labels: random draws are keyed by camp (RNG-1), so a camp moved to
// another label would draw other births, deaths, moods and events; keeping
// the labels keeps every draw and moves every zone number, which is what
// the engine's loops range over. The camp loops of each phase touch only
// their own camp until conflicts are gathered (TICK-1).
func TestOrderIndependence(t *testing.T) {
	rot := func(z grisonval.ZoneID) grisonval.ZoneID {
		h := grisonval.HexOf(z)
		return grisonval.ZoneAt(grisonval.Hex{Q: h.R, R: h.S()})
	}
	for seed := uint64(1); seed <= 5; seed++ {
		w := grisonval.NewWorld(seed)
		for day := 0; day < 60; day++ {
			var o, ro [grisonval.NumCamps]grisonval.Order
			for c := range grisonval.CampID(grisonval.NumCamps) {
				o[c] = randomOrder(w, c, grisonval.NewRand(seed, day, int(c), 77))
				// The same order, zones turned.
				r := o[c]
				r.Args = append([]int(nil), r.Args...)
				for _, la := range grisonval.LegalActions(w, c) {
					if la.Action != r.Action {
						continue
					}
					for i, s := range la.Args {
						if s.Kind == grisonval.ArgZone {
							r.Args[i] = int(rot(grisonval.ZoneID(r.Args[i])))
						}
					}
				}
				ro[c] = r
			}
			out := grisonval.Resolve(w, o)
			rout := grisonval.Resolve(rotateWorld(w, rot), ro)
			for c := range grisonval.CampID(grisonval.NumCamps) {
				a, b := out.World.Camps[c], rout.World.Camps[c]
				if a.Resources != b.Resources || len(a.Citizens) != len(b.Citizens) || a.Morale != b.Morale || a.FieldArmy != b.FieldArmy {
					t.Fatalf("seed %d day %d: camp %d res %+v pop %d morale %d army %d; rotated: res %+v pop %d morale %d army %d",
						seed, day+1, c, a.Resources, len(a.Citizens), a.Morale, a.FieldArmy, b.Resources, len(b.Citizens), b.Morale, b.FieldArmy)
				}
			}
			// A man under arms who dies leaves the largest garrison, the
			// lowest zone number on a tie (CIT-ARMS): under rotation the tie
			// may fall on another of the equal garrisons, so garrisons are
			// compared as each camp's sorted list of sizes.
			var ga, gb [grisonval.NumCamps][]int
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				a, b := out.World.Zone(z), rout.World.Zone(rot(z))
				if b.Owner != a.Owner || a.Capital != b.Capital || a.Development != b.Development || !slices.Equal(a.Buildings, b.Buildings) {
					t.Fatalf("seed %d day %d: zone %d %+v vs rotated zone %d %+v", seed, day+1, z, a, rot(z), b)
				}
				if a.Owner != grisonval.NoCamp {
					ga[a.Owner] = append(ga[a.Owner], a.Garrison)
					gb[b.Owner] = append(gb[b.Owner], b.Garrison)
				}
			}
			for c := range ga {
				slices.Sort(ga[c])
				slices.Sort(gb[c])
				if !slices.Equal(ga[c], gb[c]) {
					t.Fatalf("seed %d day %d: camp %d garrisons %v; rotated %v", seed, day+1, c, ga[c], gb[c])
				}
			}
			w = out.World
		}
	}
}

// rotateWorld returns w turned by 120 degrees: zone z becomes rot(z), in the
// zones, the camps' memories, cut-off zones and ongoing events, the columns
// and the sieges (kept in zone order); camps keep their labels.
func rotateWorld(w *grisonval.World, rot func(grisonval.ZoneID) grisonval.ZoneID) *grisonval.World {
	r := w.Clone()
	for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
		zone := *w.Zone(z)
		zone.ID = rot(z)
		r.Zones[rot(z)] = zone
	}
	for c := range grisonval.CampID(grisonval.NumCamps) {
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			r.Camps[c].Memory[rot(z)] = w.Camps[c].Memory[z]
		}
		for i := range r.Camps[c].CutZones {
			r.Camps[c].CutZones[i].Zone = rot(w.Camps[c].CutZones[i].Zone)
		}
		slices.SortStableFunc(r.Camps[c].CutZones, func(a, b grisonval.CutZone) int { return int(a.Zone) - int(b.Zone) })
		for i, o := range w.Camps[c].Ongoing {
			if o.Zone != 0 {
				r.Camps[c].Ongoing[i].Zone = rot(o.Zone)
			}
		}
	}
	for i := range r.Columns {
		r.Columns[i].From, r.Columns[i].To = rot(w.Columns[i].From), rot(w.Columns[i].To)
	}
	for i := range r.Sieges {
		r.Sieges[i].Zone = rot(w.Sieges[i].Zone)
	}
	slices.SortStableFunc(r.Sieges, func(a, b grisonval.Siege) int { return int(a.Zone) - int(b.Zone) })
	return r
}
