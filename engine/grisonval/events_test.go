package grisonval

import (
	"math"
	"testing"
)

// TestEventTable covers EVT-1: ten natural events (15 % a day) and
// thirteen kingdom events (10 % a day), 25 % in all, drawn from keyed
// streams with their listed frequencies.
func TestEventTable(t *testing.T) {
	t.Run("EVT-1 chances add up to 25 % a day: natural 15 %, kingdom 10 %", func(t *testing.T) {
		var sum [Kingdom + 1]int64
		var n [Kingdom + 1]int
		kinds := map[string]bool{}
		for _, e := range Events {
			sum[e.Origin] += e.PPM
			n[e.Origin]++
			if kinds[e.Kind] || e.PPM <= 0 {
				t.Errorf("event %s: listed twice or with chance %d", e.Kind, e.PPM)
			}
			kinds[e.Kind] = true
		}
		if sum[Natural]+sum[Kingdom] != EventChancePPM || sum[Natural] != 150_000 || sum[Kingdom] != 100_000 || n[Natural] != 10 || n[Kingdom] != 13 {
			t.Errorf("%d natural events, %d ppm; %d kingdom events, %d ppm; want 10 for 150000, 13 for 100000, %d in all", n[Natural], sum[Natural], n[Kingdom], sum[Kingdom], EventChancePPM)
		}
		// The research calibration (docs/simulation.md) counts on the
		// wandering scholar and the harvest of seed 000.
		for _, e := range Events {
			if (e.Kind == "scholar" && e.PPM != 15_000) || (e.Kind == "harvest" && e.PPM != 40_000) {
				t.Errorf("%s: %d ppm; the research calibration wants it unchanged", e.Kind, e.PPM)
			}
		}
	})
	t.Run("EVT-1 drawn frequencies over many seeds, days and camps", func(t *testing.T) {
		const n = 300_000
		counts := make([]int, len(Events))
		quiet := 0
		i := 0
		for seed := uint64(1); i < n; seed++ {
			for day := 1; day <= 100 && i < n; day++ {
				for c := range NumCamps {
					if e := DrawEvent(Events[:], NewRand(seed, day, c, PurposeEvent)); e >= 0 {
						counts[e]++
					} else {
						quiet++
					}
					i++
				}
			}
		}
		check := func(name string, got int, p float64) {
			// Four standard deviations of a binomial count.
			tol := 4 * math.Sqrt(n*p*(1-p))
			if math.Abs(float64(got)-n*p) > tol {
				t.Errorf("%s: %d of %d draws; want %.0f ± %.0f", name, got, n, n*p, tol)
			}
		}
		for e, spec := range Events {
			check(spec.Kind, counts[e], float64(spec.PPM)/ppm)
		}
		check("quiet days", quiet, 1-float64(EventChancePPM)/ppm)
	})
}

// eventWorld returns a world at day 10 whose camp 0 has room, a workshop,
// a school and a mountain, so that every event applies.
func eventWorld() (*tick, CampID) {
	w := NewWorldRules(5, RulesWar)
	w.Day = 10
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == NoCamp && w.Zones[z].Terrain == Mountain {
			w.Zones[z].Owner = 0
			break
		}
	}
	capital := w.Capital(0)
	w.Zones[capital].Buildings = []BuildingKind{Workshop, School}
	return &tick{prev: w, w: w.Clone()}, 0
}

// TestEvents covers EVT-2 to EVT-11: what each event does, and when it
// applies.
func TestEvents(t *testing.T) {
	index := map[string]int{}
	for i, e := range Events {
		index[e.Kind] = i
	}
	run := func(kind string, f func(tk *tick)) (*World, *World, []Entry) {
		tk, c := eventWorld()
		if f != nil {
			f(tk)
		}
		before := tk.w.Clone()
		if !Events[index[kind]].Applies(tk.w, c) {
			t.Fatalf("%s does not apply", kind)
		}
		tk.runEvent(c, &Events[index[kind]], NewRand(1, 1, 0, PurposeEvent))
		return before, tk.w, tk.journal
	}
	t.Run("EVT-2 disease kills one inhabitant or sours a mood", func(t *testing.T) {
		dead, ill := 0, 0
		for seed := uint64(1); seed <= 60; seed++ {
			tk, c := eventWorld()
			tk.w.Seed = seed
			tk.runEvent(c, &Events[index["disease"]], NewRand(seed, 1, 0, PurposeEvent))
			switch len(tk.w.Camps[0].Citizens) {
			case 19:
				dead++
				if tk.w.CitizensUnderArms(0) != tk.w.MenUnderArms(0) {
					t.Fatalf("seed %d: a soldier died but his unit still counts him", seed)
				}
			case 20:
				ill++
			default:
				t.Fatalf("seed %d: population %d after a disease", seed, len(tk.w.Camps[0].Citizens))
			}
		}
		if dead < 15 || ill < 15 {
			t.Errorf("%d deaths and %d recoveries in 60 diseases; want about half each", dead, ill)
		}
	})
	t.Run("EVT-3 migrants bring one adult with a drawn job and aspiration", func(t *testing.T) {
		_, w, j := run("migrants", func(tk *tick) {
			tk.w.Zones[tk.w.Capital(0)].Buildings = append(tk.w.Zones[tk.w.Capital(0)].Buildings, House)
		})
		cs := w.Camps[0].Citizens
		p := cs[len(cs)-1]
		if len(cs) != 21 || p.Age < ArrivalMinAge || p.Age > ArrivalMaxAge || p.Job == 0 || p.Aspiration == 0 || len(j) != 1 || j[0].Kind != "arrival_citizen" {
			t.Errorf("after migrants: %d citizens, newcomer %+v, journal %+v", len(cs), p, j)
		}
		tk, c := eventWorld()
		tk.w.Zones[tk.w.Capital(0)].Buildings = nil
		for z := ZoneID(1); z <= NumZones; z++ {
			if tk.w.Zones[z].Owner == 0 && !tk.w.Zones[z].Capital {
				tk.w.Zones[z].Owner = NoCamp
			}
		}
		if Events[index["migrants"]].Applies(tk.w, c) {
			t.Error("migrants apply with housing full")
		}
	})
	t.Run("EVT-4 harvest: 5 food an inhabitant, at least 50, not in winter", func(t *testing.T) {
		b, w, _ := run("harvest", nil)
		if d := w.Camps[0].Resources.Food - b.Camps[0].Resources.Food; d != 100 {
			t.Errorf("harvest gave %d food; want 100", d)
		}
		w.Day = 61
		if Events[index["harvest"]].Applies(w, 0) {
			t.Error("a harvest in winter")
		}
	})
	t.Run("EVT-5 blight: 15 % of the food, at most 30 days of rations", func(t *testing.T) {
		b, w, _ := run("blight", nil)
		if d := b.Camps[0].Resources.Food - w.Camps[0].Resources.Food; d != 225 {
			t.Errorf("blight took %d of 1500 food; want 225", d)
		}
		b, w, _ = run("blight", func(tk *tick) { tk.w.Camps[0].Resources.Food = 100_000 })
		if d := b.Camps[0].Resources.Food - w.Camps[0].Resources.Food; d != 600 {
			t.Errorf("blight took %d of 100,000 food; want 30 x 20 = 600", d)
		}
	})
	t.Run("EVT-6 epidemic: one in twenty dies, morale -4", func(t *testing.T) {
		b, w, _ := run("epidemic", func(tk *tick) {
			tk.w.Camps[0].Citizens = append(tk.w.Camps[0].Citizens, tk.w.Camps[1].Citizens...)
		})
		if len(w.Camps[0].Citizens) != 38 || w.Camps[0].Morale != b.Camps[0].Morale-4 {
			t.Errorf("after an epidemic among 40: %d citizens, morale %d; want 38 and %d", len(w.Camps[0].Citizens), w.Camps[0].Morale, b.Camps[0].Morale-4)
		}
	})
	t.Run("EVT-7 workshop fire: a quarter of the tools and 10 wood, only with a workshop", func(t *testing.T) {
		b, w, _ := run("workshop_fire", nil)
		if b.Camps[0].Resources.Tools-w.Camps[0].Resources.Tools != 2 || b.Camps[0].Resources.Wood-w.Camps[0].Resources.Wood != 10 {
			t.Errorf("fire: tools %d -> %d, wood %d -> %d; want -2 and -10", b.Camps[0].Resources.Tools, w.Camps[0].Resources.Tools,
				b.Camps[0].Resources.Wood, w.Camps[0].Resources.Wood)
		}
		if Events[index["workshop_fire"]].Applies(NewWorld(5), 0) {
			t.Error("a workshop fire without a workshop")
		}
	})
	t.Run("EVT-8 stone vein: +15 stone with a mountain", func(t *testing.T) {
		b, w, _ := run("stone_vein", nil)
		if d := w.Camps[0].Resources.Stone - b.Camps[0].Resources.Stone; d != 15 {
			t.Errorf("vein gave %d stone; want 15", d)
		}
		if Events[index["stone_vein"]].Applies(NewWorld(5), 0) {
			t.Error("a vein without a mountain")
		}
	})
	t.Run("EVT-9 festival: morale +3, every mood +5", func(t *testing.T) {
		b, w, _ := run("festival", nil)
		if w.Camps[0].Morale != b.Camps[0].Morale+3 || w.Camps[0].Citizens[0].Mood != b.Camps[0].Citizens[0].Mood+50 {
			t.Errorf("festival: morale %d -> %d, mood %d -> %d", b.Camps[0].Morale, w.Camps[0].Morale, b.Camps[0].Citizens[0].Mood, w.Camps[0].Citizens[0].Mood)
		}
	})
	t.Run("EVT-10 storm: a tenth of the wood, morale -1", func(t *testing.T) {
		b, w, _ := run("storm", nil)
		if b.Camps[0].Resources.Wood-w.Camps[0].Resources.Wood != 6 || w.Camps[0].Morale != b.Camps[0].Morale-1 {
			t.Errorf("storm: wood %d -> %d, morale %d -> %d", b.Camps[0].Resources.Wood, w.Camps[0].Resources.Wood, b.Camps[0].Morale, w.Camps[0].Morale)
		}
	})
	t.Run("EVT-11 wandering scholar: +20 research with a school", func(t *testing.T) {
		b, w, j := run("scholar", nil)
		if d := w.Camps[0].Resources.Research - b.Camps[0].Resources.Research; d != 20 || len(j) == 0 || j[len(j)-1].Why.IsZero() {
			t.Errorf("scholar gave %d research, journal %+v; want 20 and a why", d, j)
		}
		if Events[index["scholar"]].Applies(NewWorld(5), 0) {
			t.Error("a scholar without a school")
		}
	})
}
