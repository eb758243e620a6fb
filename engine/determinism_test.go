package engine_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine"
)

// TestDeterminism covers RNG-1 and TICK-3: the same seed and orders give
// byte-identical states, tick by tick; encoding round-trips; Resolve never
// modifies its input.
func TestDeterminism(t *testing.T) {
	for _, seed := range []uint64{1, 42, 1 << 40} {
		a := playRandom(t, engine.NewWorld(seed), 120)
		b := playRandom(t, engine.NewWorld(seed), 120)
		for i := range a {
			ha, hb := engine.Hash(a[i].World), engine.Hash(b[i].World)
			if ha != hb {
				t.Fatalf("seed %d day %d: hashes %s and %s differ", seed, i+1, ha, hb)
			}
		}
	}
	t.Run("RNG-1 streams are independent", func(t *testing.T) {
		r1 := engine.NewRand(1, 5, 0, engine.PurposeExplore)
		r2 := engine.NewRand(1, 5, 1, engine.PurposeExplore)
		r3 := engine.NewRand(1, 5, 0, engine.PurposeExplore)
		if r1.Uint64() == r2.Uint64() {
			t.Error("camps 0 and 1 share a stream")
		}
		r1 = engine.NewRand(1, 5, 0, engine.PurposeExplore)
		if r1.Uint64() != r3.Uint64() {
			t.Error("the same key gave two streams")
		}
	})
	t.Run("TICK-3 Resolve does not modify its input", func(t *testing.T) {
		outs := playRandom(t, engine.NewWorld(9), 40)
		w := outs[len(outs)-1].World
		before := engine.Hash(w)
		for range 5 {
			engine.Resolve(w, orders(randomOrder(w, 0, engine.NewRand(1, 1, 0, 1)), randomOrder(w, 1, engine.NewRand(1, 1, 1, 1)), rest()))
		}
		if after := engine.Hash(w); after != before {
			t.Errorf("hash changed from %s to %s", before, after)
		}
	})
	t.Run("encoding round-trips", func(t *testing.T) {
		outs := playRandom(t, engine.NewWorld(11), 60)
		w := outs[len(outs)-1].World
		b, err := engine.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		back, err := engine.Unmarshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if engine.Hash(back) != engine.Hash(w) {
			t.Error("hash changed through Marshal/Unmarshal")
		}
		next := orders(rest(), rest(), rest())
		if engine.Hash(engine.Resolve(back, next).World) != engine.Hash(engine.Resolve(w, next).World) {
			t.Error("decoded world resolves differently")
		}
		if _, err := engine.Unmarshal([]byte(`{"zones":[]}`)); err == nil {
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
	rot := func(z engine.ZoneID) engine.ZoneID {
		h := engine.HexOf(z)
		return engine.ZoneAt(engine.Hex{Q: h.R, R: h.S()})
	}
	for seed := uint64(1); seed <= 5; seed++ {
		w := engine.NewWorld(seed)
		for day := 0; day < 60; day++ {
			var o, ro [engine.NumCamps]engine.Order
			for c := range engine.CampID(engine.NumCamps) {
				o[c] = randomOrder(w, c, engine.NewRand(seed, day, int(c), 77))
				// The same order, zones turned.
				r := o[c]
				r.Args = append([]int(nil), r.Args...)
				for _, la := range engine.LegalActions(w, c) {
					if la.Action != r.Action {
						continue
					}
					for i, s := range la.Args {
						if s.Kind == engine.ArgZone {
							r.Args[i] = int(rot(engine.ZoneID(r.Args[i])))
						}
					}
				}
				ro[c] = r
			}
			out := engine.Resolve(w, o)
			rout := engine.Resolve(rotateWorld(w, rot), ro)
			for c := range engine.CampID(engine.NumCamps) {
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
			var ga, gb [engine.NumCamps][]int
			for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
				a, b := out.World.Zone(z), rout.World.Zone(rot(z))
				if b.Owner != a.Owner || a.Capital != b.Capital || a.Development != b.Development || !slices.Equal(a.Buildings, b.Buildings) {
					t.Fatalf("seed %d day %d: zone %d %+v vs rotated zone %d %+v", seed, day+1, z, a, rot(z), b)
				}
				if a.Owner != engine.NoCamp {
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
func rotateWorld(w *engine.World, rot func(engine.ZoneID) engine.ZoneID) *engine.World {
	r := w.Clone()
	for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
		zone := *w.Zone(z)
		zone.ID = rot(z)
		r.Zones[rot(z)] = zone
	}
	for c := range engine.CampID(engine.NumCamps) {
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			r.Camps[c].Memory[rot(z)] = w.Camps[c].Memory[z]
		}
		for i := range r.Camps[c].CutZones {
			r.Camps[c].CutZones[i].Zone = rot(w.Camps[c].CutZones[i].Zone)
		}
		slices.SortStableFunc(r.Camps[c].CutZones, func(a, b engine.CutZone) int { return int(a.Zone) - int(b.Zone) })
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
	slices.SortStableFunc(r.Sieges, func(a, b engine.Siege) int { return int(a.Zone) - int(b.Zone) })
	return r
}
