package engine_test

import (
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

// TestOrderIndependence checks that which camp's order is looked at first
// never matters: permuting the camps' labels permutes the outcome (CON-2).
// The map is symmetric under rotation (MAP-2), so a rotated world with
// rotated orders must give the rotated result. Random draws are keyed by
// camp (RNG-1), so explore, whose yield is drawn, is left out.
func TestOrderIndependence(t *testing.T) {
	rot := func(z engine.ZoneID) engine.ZoneID {
		h := engine.HexOf(z)
		return engine.ZoneAt(engine.Hex{Q: h.R, R: h.S()})
	}
	for seed := uint64(1); seed <= 5; seed++ {
		w := engine.NewWorld(seed)
		for day := 0; day < 60; day++ {
			var o [engine.NumCamps]engine.Order
			for c := range engine.CampID(engine.NumCamps) {
				o[c] = randomOrder(w, c, engine.NewRand(seed, day, int(c), 77))
				if o[c].Action == engine.Explore {
					o[c] = rest()
				}
			}
			out := engine.Resolve(w, o)
			// Camp c's order moved to camp c+1, zones rotated.
			var ro [engine.NumCamps]engine.Order
			for c := range engine.CampID(engine.NumCamps) {
				r := o[c]
				r.Args = append([]int(nil), r.Args...)
				if r.Action == engine.ExpandTo {
					r.Args[0] = int(rot(engine.ZoneID(r.Args[0])))
				}
				if r.Action == engine.SendArmy {
					r.Args[1] = int(rot(engine.ZoneID(r.Args[1])))
				}
				ro[(c+1)%engine.NumCamps] = r
			}
			rw := rotateWorld(w, rot)
			rout := engine.Resolve(rw, ro)
			for c := range engine.CampID(engine.NumCamps) {
				a, b := out.World.Camps[c], rout.World.Camps[(c+1)%engine.NumCamps]
				if a.Resources != b.Resources || a.Population != b.Population || a.Morale != b.Morale || a.FieldArmy != b.FieldArmy {
					t.Fatalf("seed %d day %d: camp %d res %+v pop %d morale %d army %d; rotated: res %+v pop %d morale %d army %d",
						seed, day+1, c, a.Resources, a.Population, a.Morale, a.FieldArmy, b.Resources, b.Population, b.Morale, b.FieldArmy)
				}
			}
			for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
				a, b := out.World.Zone(z), rout.World.Zone(rot(z))
				wantOwner := a.Owner
				if wantOwner != engine.NoCamp {
					wantOwner = (wantOwner + 1) % engine.NumCamps
				}
				if b.Owner != wantOwner || a.Garrison != b.Garrison || a.Capital != b.Capital {
					t.Fatalf("seed %d day %d: zone %d %+v vs rotated zone %d %+v", seed, day+1, z, a, rot(z), b)
				}
			}
			w = out.World
		}
	}
}

// rotateWorld returns w turned by 120 degrees: zone z becomes rot(z) and camp
// c becomes camp c+1 (with its name, so that narration texts compare).
func rotateWorld(w *engine.World, rot func(engine.ZoneID) engine.ZoneID) *engine.World {
	r := w.Clone()
	shift := func(c engine.CampID) engine.CampID {
		if c == engine.NoCamp {
			return c
		}
		return (c + 1) % engine.NumCamps
	}
	for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
		zone := *w.Zone(z)
		zone.ID, zone.Owner = rot(z), shift(zone.Owner)
		r.Zones[rot(z)] = zone
	}
	for c := range engine.CampID(engine.NumCamps) {
		camp := w.Camps[c]
		camp.Memory = make([]engine.Memory, engine.NumZones+1)
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			m := w.Camps[c].Memory[z]
			m.Owner = shift(m.Owner)
			camp.Memory[rot(z)] = m
		}
		var met [engine.NumCamps]bool
		for o := range engine.CampID(engine.NumCamps) {
			met[shift(o)] = camp.Met[o]
		}
		camp.Met = met
		r.Camps[shift(c)] = camp
	}
	r.Columns = nil
	for _, col := range w.Columns {
		col.Camp, col.From, col.To = shift(col.Camp), rot(col.From), rot(col.To)
		r.Columns = append(r.Columns, col)
	}
	return r
}
