package grisonval

import (
	"slices"
	"testing"
)

// Cut-off land (docs/rules.md "Cut-off land"). In these worlds camp 0's
// capital is zone 12; zone 19 (a plain) links it to zones 27 and 26, zone
// 20 (a mountain) to zone 29.

// cutWorld returns world seed's setup with camp 0 holding zones zs beside
// its capital.
func cutWorld(seed uint64, zs ...ZoneID) *World {
	w := NewWorld(seed)
	for _, z := range zs {
		w.Zones[z].Owner = 0
	}
	return w
}

// cutZones returns the zones cut[z] marks.
func cutZones(cut []bool) []ZoneID {
	var zs []ZoneID
	for z, c := range cut {
		if c {
			zs = append(zs, ZoneID(z))
		}
	}
	return zs
}

// resting are the orders of a day when every camp rests.
var resting = [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}}

// TestCutOff covers CUT-1 and CUT-6: which zones World.CutOff finds cut off.
func TestCutOff(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(w *World)
		want  []ZoneID
	}{
		{"CUT-1 land linked through held zones is whole", func(w *World) { w.Zones[19].Owner, w.Zones[27].Owner, w.Zones[26].Owner = 0, 0, 0 }, nil},
		{"CUT-1 a zone with no chain of held zones to the capital is cut off", func(w *World) { w.Zones[27].Owner, w.Zones[26].Owner = 0, 0 }, []ZoneID{26, 27}},
		{"CUT-1 one path is enough", func(w *World) {
			w.Zones[19].Owner, w.Zones[27].Owner, w.Zones[20].Owner, w.Zones[29].Owner, w.Zones[28].Owner = NoCamp, 0, 0, 0, 0
		}, nil},
		{"CUT-1 a besieged zone is still held and links", func(w *World) {
			w.Zones[19].Owner, w.Zones[27].Owner = 0, 0
			w.Sieges = []Siege{{Zone: 19, Camp: 1, Men: 5, Assault: 3}}
		}, nil},
		{"CUT-1 another camp's zone links nothing", func(w *World) { w.Zones[19].Owner, w.Zones[27].Owner = 1, 0 }, []ZoneID{27}},
		{"CUT-1 free land links nothing, a column on the road neither", func(w *World) {
			w.Zones[27].Owner = 0
			w.Columns = []Column{{ID: 1, Camp: 0, Kind: SettlerColumn, From: 12, To: 19, Arrive: 3}}
		}, []ZoneID{27}},
		{"CUT-6 a camp without a capital has no land cut off", func(w *World) { w.Zones[12].Capital, w.Zones[27].Owner = false, 0 }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := NewWorld(1)
			tc.setup(w)
			if got := cutZones(w.CutOff(0)); !slices.Equal(got, tc.want) {
				t.Errorf("cut off %v; want %v", got, tc.want)
			}
		})
	}
	t.Run("CUT-1 the capital of every camp is the root of its own land", func(t *testing.T) {
		w := NewWorld(1)
		w.Zones[19].Owner = 1 // camp 1's, far from its capital 42
		if got := cutZones(w.CutOff(1)); !slices.Equal(got, []ZoneID{19}) {
			t.Errorf("camp 1 cut off %v; want [19]", got)
		}
		if got := cutZones(w.CutOff(0)); got != nil {
			t.Errorf("camp 0 cut off %v; want none", got)
		}
	})
}

// TestCutOffProduction covers CUT-2: a cut-off zone produces half, its
// terrain income and its buildings' output, nothing lost to rounding
// (RES-2); production and the forecast agree.
func TestCutOffProduction(t *testing.T) {
	t.Run("CUT-2 a cut-off plain yields half its food", func(t *testing.T) {
		linked, cut := cutWorld(1, 19, 27), cutWorld(1, 19, 27)
		cut.Zones[19].Owner = 1
		// Camp 0's income: the capital and 19 and 27 (180 food) linked;
		// the capital and half of 27 (90) cut off.
		if got := ForecastOf(linked, 0).Flows[0].Income; got != 180 {
			t.Errorf("linked income %d food; want 180", got)
		}
		if got := ForecastOf(cut, 0).Flows[0].Income; got != 90 {
			t.Errorf("cut-off income %d food; want 90", got)
		}
	})
	t.Run("CUT-2 a cut-off zone's buildings yield half", func(t *testing.T) {
		linked, cut := cutWorld(1, 19, 27), cutWorld(1, 27)
		// No special terrain: a resource would add to the farms (TER-RESOURCE).
		linked.Zones[27].Buildings, linked.Zones[27].Special = []BuildingKind{Farm, Farm}, 0
		cut.Zones[27].Buildings, cut.Zones[27].Special = []BuildingKind{Farm, Farm}, 0
		full, _ := produced(linked, 0)
		half, _ := produced(cut, 0)
		farms := Buildings[Farm].Output.Food * 2 * linked.OutputPercent(0, Farm) / 100
		// linked: capital 60 + 19's 60 + 27's 60 + farms; cut: 60 + (60 + farms) / 2.
		if full.Food != 180+farms || half.Food != 60+(60+farms)/2 {
			t.Errorf("food linked %d, cut off %d; want %d and %d (farms %d)", full.Food, half.Food, 180+farms, 60+(60+farms)/2, farms)
		}
	})
	t.Run("CUT-2 RES-2 over days the halves add up to half, to the half hundredth", func(t *testing.T) {
		// A mountain with Quarrying (+25 %) and a mine: 3 × 125 = 375
		// hundredths of stone from the land, an odd number to halve.
		setup := func(w *World) {
			w.Camps[0].Resources.Research = Techs[16].Research // Quarrying
			w.Zones[29].Terrain, w.Zones[29].Buildings = Mountain, []BuildingKind{Mine}
		}
		alone, linked, cut := cutWorld(1), cutWorld(1, 20, 29), cutWorld(1, 29)
		for _, w := range []*World{alone, linked, cut} {
			setup(w)
		}
		linked.Zones[20].Terrain = Plains // counted out below
		// Hundredths a day: the capital alone, and zone 29 linked (the
		// linked world less the capital and zone 20, a plain: 60 food).
		hundredths := func(w *World) Resources {
			paid, carry, half := w.production(0, nil, nil)
			if half != (Resources{}) {
				t.Fatalf("half hundredths %+v in a world with no cut-off land", half)
			}
			return paid.scale(100).Add(carry)
		}
		capital := hundredths(alone)
		zone := hundredths(linked).Sub(capital).Sub(TerrainIncome[Plains].scale(100 + linked.terrainBonus(0, Plains)))
		if zone.Stone%2 == 0 {
			t.Fatalf("zone 29 yields %d hundredths of stone: the test needs an odd number", zone.Stone)
		}
		var paid Resources
		odd := false
		const days = 9
		for range days {
			p, carry, half := cut.production(0, nil, nil)
			paid = paid.Add(p)
			cut.Camps[0].Carry, cut.Camps[0].CutOffHalf = carry, half
			odd = odd || half.Stone == 1
			if half.Stone < 0 || half.Stone > 1 || carry.Stone < 0 || carry.Stone >= 100 {
				t.Fatalf("carry %d, half %d hundredths of stone out of range", carry.Stone, half.Stone)
			}
		}
		got := paid.scale(200).Add(cut.Camps[0].Carry.scale(2)).Add(cut.Camps[0].CutOffHalf)
		want := capital.scale(2 * days).Add(zone.scale(days))
		if got != want {
			t.Errorf("in half hundredths over %d days: paid and carried %+v; want %+v", days, got, want)
		}
		if !odd {
			t.Error("no half hundredth was ever carried: the test did not bite")
		}
	})
	t.Run("CUT-2 RES-2 without cut-off land the pay is the hundredths' as before", func(t *testing.T) {
		for _, tc := range []struct{ h, carry Resources }{
			{Resources{Food: 12000, Stone: 750}, Resources{Stone: 99}},
			{Resources{Wood: 1002, Gold: 398}, Resources{Wood: 50, Gold: 1}},
		} {
			paid, carry, half := payHalves(tc.h.scale(2), tc.carry, Resources{})
			total := tc.carry.Add(tc.h)
			if paid != total.div(100) || carry != total.Sub(total.div(100).scale(100)) || half != (Resources{}) {
				t.Errorf("payHalves(%+v, %+v) = %+v, %+v, %+v; want %+v carrying %+v", tc.h, tc.carry, paid, carry, half, total.div(100), total.Sub(total.div(100).scale(100)))
			}
		}
	})
	t.Run("CUT-2 SIE-4 a besieged cut-off zone yields nothing, not half", func(t *testing.T) {
		w := cutWorld(1, 27)
		w.Sieges = []Siege{{Zone: 27, Camp: 1, Men: 5, Assault: 3}}
		if got := ForecastOf(w, 0).Flows[0].Income; got != 60 {
			t.Errorf("income %d food; want 60 (the capital alone)", got)
		}
	})
	t.Run("CUT-2 VIEW-INCOME the forecast is the tick's production", func(t *testing.T) {
		w := cutWorld(4, 27)
		w.Zones[27].Terrain = Coast
		w.Camps[0].Carry.Food = 70
		f := ForecastOf(w, 0)
		out := Resolve(w, resting)
		if got := out.World.Camps[0].Resources.Sub(w.Camps[0].Resources); got.Food != f.Flows[0].Net || got.Gold != f.Flows[4].Net {
			t.Errorf("the tick moved food %d, gold %d; forecast %d, %d", got.Food, got.Gold, f.Flows[0].Net, f.Flows[4].Net)
		}
		// 60 food of the capital, half of a coast's 40 food and 2 gold, 70
		// hundredths carried: 80 + 0.7 = 80.7.
		if f.Flows[0].Income != 80 || out.World.Camps[0].Carry.Food != 70 || out.World.Camps[0].CutOffHalf.Food != 0 {
			t.Errorf("income %d food, carry %d, half %d; want 80, 70 and 0", f.Flows[0].Income, out.World.Camps[0].Carry.Food, out.World.Camps[0].CutOffHalf.Food)
		}
	})
}

// TestCutOffUnrest covers CUT-3: 1 unrest while land is cut off, 1 more
// every 10 days of the spell, at most 5, in the camp's Stats.
func TestCutOffUnrest(t *testing.T) {
	t.Run("CUT-3 the unrest grows every 10 days of the spell, up to 5", func(t *testing.T) {
		w := NewWorld(1)
		base := w.Stats(0).Unrest
		for _, tc := range []struct{ since, day, want int }{
			{0, 30, 0}, {5, 5, 1}, {5, 14, 1}, {5, 15, 2}, {5, 34, 3}, {5, 45, 5}, {5, 200, 5},
		} {
			w.Camps[0].CutOffSince, w.Day = tc.since, tc.day
			if got := w.CutOffUnrest(0); got != tc.want {
				t.Errorf("spell since day %d, day %d: unrest %d; want %d", tc.since, tc.day, got, tc.want)
			}
			if got := w.Stats(0).Unrest - base; got != tc.want {
				t.Errorf("spell since day %d, day %d: Stats unrest %d above the rest; want %d", tc.since, tc.day, got, tc.want)
			}
		}
	})
	t.Run("CUT-3 the spell starts the day land is first cut off and says so", func(t *testing.T) {
		w := cutWorld(1, 27)
		out := Resolve(w, resting)
		camp := out.World.Camps[0]
		if camp.CutOffSince != 1 || !slices.Equal(camp.CutZones, []CutZone{{27, 1}}) || out.World.CutOffUnrest(0) != 1 {
			t.Fatalf("spell %d, zones %v, unrest %d; want day 1, [{27 1}], 1", camp.CutOffSince, camp.CutZones, out.World.CutOffUnrest(0))
		}
		checkCutEntry(t, out.Journal, "cut_off", []ZoneID{27})
	})
}

// checkCutEntry fails unless the journal holds camp 0's entry of kind,
// naming zones, written in both languages.
func checkCutEntry(t *testing.T, j []Entry, kind string, zones []ZoneID) {
	t.Helper()
	for _, e := range j {
		if e.Camp == 0 && e.Kind == kind {
			if !slices.Equal(e.Zones, zones) || e.Narration.EN == "" || e.Narration.FR == "" || e.Why.EN == "" || e.Why.FR == "" {
				t.Errorf("entry %+v; want zones %v, both languages", e, zones)
			}
			return
		}
	}
	t.Errorf("no %s entry for camp 0", kind)
}

// lossWorld returns a world on day 10 (seed 4: day 11 is quiet) where camp
// 0's zone 27, a plain with 3 farms, a monument and 2 development levels,
// has been cut off since day 1.
func lossWorld() *World {
	w := cutWorld(4, 27)
	w.Day = 10
	z := &w.Zones[27]
	z.Terrain, z.Buildings, z.Monument, z.Development = Plains, []BuildingKind{Farm, Farm, Farm}, true, 2
	w.Camps[0].CutOffSince, w.Camps[0].CutZones = 1, []CutZone{{27, 1}}
	return w
}

// TestCutOffLoss covers CUT-4: a cut-off zone without a garrison all day
// goes free after 10 days cut off.
func TestCutOffLoss(t *testing.T) {
	t.Run("CUT-4 BLD-SACK LEG-1 the zone goes free, sacked, a zone lost", func(t *testing.T) {
		w := lossWorld()
		kept := lossWorld()
		kept.Zones[27].Garrison = 1
		out, control := Resolve(w, resting), Resolve(kept, resting)
		z := out.World.Zones[27]
		if z.Owner != NoCamp || z.Garrison != 0 || len(z.Buildings) != 1 || z.Monument || z.Development != 1 {
			t.Errorf("zone 27 %+v; want free, 1 farm of 3, no monument, development 1", z)
		}
		if c := out.World.Camps[0]; c.CutZones != nil || c.CutOffSince != 0 {
			t.Errorf("zones %v, spell %d; want none", c.CutZones, c.CutOffSince)
		}
		checkCutEntry(t, out.Journal, "cut_off_lost", []ZoneID{27})
		if control.World.Zones[27].Owner != 0 {
			t.Fatal("the garrisoned zone was lost")
		}
		// LEG-1: -5 for the zone lost, -3 more for the monument razed
		// with it (LEG-3); the control world differs in nothing else but
		// the unrest of its land still cut off (CUT-3, GOV-UNREST).
		if got, want := out.World.Camps[0].Legitimacy-control.World.Camps[0].Legitimacy, LegZoneLost+LegLegendLost+control.World.CutOffUnrest(0); got != want {
			t.Errorf("legitimacy %d against %d kept; want a difference of %d", out.World.Camps[0].Legitimacy, control.World.Camps[0].Legitimacy, want)
		}
	})
	t.Run("CUT-4 cut off 9 days: the zone holds", func(t *testing.T) {
		w := lossWorld()
		w.Camps[0].CutZones[0].Since = 2
		if out := Resolve(w, resting); out.World.Zones[27].Owner != 0 || hasKind(out.Journal, 0, "cut_off_lost") {
			t.Error("zone 27 lost after 9 days")
		}
	})
	t.Run("CUT-4 a man who held it at dawn holds it today", func(t *testing.T) {
		w := lossWorld()
		w.Zones[27].Garrison = 1
		tk := startTick(w)
		tk.w.Zones[27].Garrison = 0 // he fell today
		tk.cutOffLand()
		if tk.w.Zones[27].Owner != 0 {
			t.Fatal("zone 27 lost the day its last man fell")
		}
		tk = startTick(tk.w)
		tk.cutOffLand()
		if tk.w.Zones[27].Owner != NoCamp {
			t.Error("zone 27 held a day with no garrison at dawn or at night")
		}
	})
	t.Run("CUT-4 a garrison sent today holds it", func(t *testing.T) {
		w := lossWorld()
		w.Camps[0].FieldArmy = 2
		out := Resolve(w, [NumCamps]Order{{Action: SendArmy, Args: []int{2, 27}}, {Action: Rest}, {Action: Rest}})
		if out.Results[0].Status != Applied || out.World.Zones[27].Owner != 0 || out.World.Zones[27].Garrison != 2 {
			t.Errorf("result %+v, zone 27 %+v; want held by 2 men", out.Results[0], out.World.Zones[27])
		}
	})
	t.Run("CUT-4 a besieged zone waits for its siege", func(t *testing.T) {
		w := lossWorld()
		w.Sieges = []Siege{{Zone: 27, Camp: 1, Men: 20, Start: 10, Assault: 14}}
		out := Resolve(w, resting)
		if out.World.Zones[27].Owner != 0 {
			t.Errorf("a besieged zone lost to being cut off: %+v, sieges %+v, %+v", out.World.Zones[27], out.World.Sieges, out.Journal)
		}
	})
	t.Run("CUT-4 each zone at its own date; the spell runs on", func(t *testing.T) {
		w := lossWorld()
		w.Zones[26].Owner = 0
		w.Camps[0].CutZones = []CutZone{{26, 6}, {27, 1}}
		out := Resolve(w, resting)
		c := out.World.Camps[0]
		if out.World.Zones[27].Owner != NoCamp || out.World.Zones[26].Owner != 0 || !slices.Equal(c.CutZones, []CutZone{{26, 6}}) || c.CutOffSince != 1 {
			t.Errorf("zones 27 %d, 26 %d, cut %v, spell %d; want 27 free, 26 cut off since 6, spell since 1",
				out.World.Zones[27].Owner, out.World.Zones[26].Owner, c.CutZones, c.CutOffSince)
		}
	})
}

// TestCutOffRejoined covers CUT-5: linking the land again ends it all at
// once.
func TestCutOffRejoined(t *testing.T) {
	t.Run("CUT-5 settlers on the gap the day of the loss: nothing lost, the spell ends, full output tomorrow", func(t *testing.T) {
		w := lossWorld()
		w.Columns = []Column{{ID: 1, Camp: 0, Kind: SettlerColumn, From: 12, To: 19, Depart: 9, Arrive: 11}}
		w.NextColumn = 2
		out := Resolve(w, resting)
		n := out.World
		if n.Zones[19].Owner != 0 || n.Zones[27].Owner != 0 || n.Camps[0].CutZones != nil || n.Camps[0].CutOffSince != 0 || n.CutOffUnrest(0) != 0 {
			t.Fatalf("zones 19 %d, 27 %d, cut %v, spell %d; want both held, nothing cut off", n.Zones[19].Owner, n.Zones[27].Owner, n.Camps[0].CutZones, n.Camps[0].CutOffSince)
		}
		checkCutEntry(t, out.Journal, "cut_off_rejoined", []ZoneID{27})
		if got := cutZones(n.CutOff(0)); got != nil {
			t.Errorf("CutOff %v; want none", got)
		}
		farms := Buildings[Farm].Output.Food * 3 * n.OutputPercent(0, Farm) / 100
		if got, want := ForecastOf(n, 0).Flows[0].Income, 180+farms+n.Camps[0].Carry.Food/100; got != want {
			t.Errorf("tomorrow's income %d food; want %d, all of it", got, want)
		}
	})
	t.Run("CUT-5 a zone linked again while others stay cut off: the spell runs on", func(t *testing.T) {
		w := cutWorld(1, 27, 29)
		w.Day = 12
		w.Camps[0].CutOffSince, w.Camps[0].CutZones = 3, []CutZone{{27, 8}, {29, 3}}
		w.Zones[20].Owner = 0 // links 29 since this morning
		out := Resolve(w, resting)
		c := out.World.Camps[0]
		if !slices.Equal(c.CutZones, []CutZone{{27, 8}}) || c.CutOffSince != 3 || out.World.CutOffUnrest(0) != 2 {
			t.Errorf("cut %v, spell %d, unrest %d; want [{27 8}], 3, 2", c.CutZones, c.CutOffSince, out.World.CutOffUnrest(0))
		}
		checkCutEntry(t, out.Journal, "cut_off_rejoined", []ZoneID{29})
		if hasKind(out.Journal, 0, "cut_off") {
			t.Error("a zone cut off for days told again as newly cut off")
		}
	})
}

// TestCutOffWithoutCapital covers CUT-6 in the tick: a camp whose capital
// fell has no land cut off until a new one stands.
func TestCutOffWithoutCapital(t *testing.T) {
	t.Run("CUT-6 SUC-1 the spell ends the day the capital is gone; the new capital is the root from then on", func(t *testing.T) {
		w := cutWorld(1, 27)
		w.Zones[12].Capital = false
		w.Camps[0].CutOffSince, w.Camps[0].CutZones = 1, []CutZone{{27, 1}}
		out := Resolve(w, resting)
		c := out.World.Camps[0]
		if c.CutZones != nil || c.CutOffSince != 0 || out.World.CutOffUnrest(0) != 0 {
			t.Errorf("cut %v, spell %d; want none", c.CutZones, c.CutOffSince)
		}
		checkCutEntry(t, out.Journal, "cut_off_end", nil)
		if out.World.Capital(0) != 27 {
			t.Fatalf("new capital %d; want 27 (nearest the centre)", out.World.Capital(0))
		}
		next := Resolve(out.World, resting).World
		if !slices.Equal(next.Camps[0].CutZones, []CutZone{{12, 2}}) {
			t.Errorf("the next day cut %v; want the old capital's zone 12 cut off from the new one", next.Camps[0].CutZones)
		}
	})
	t.Run("CUT-6 an extinct camp keeps no cut-off land", func(t *testing.T) {
		w := NewWorld(1)
		w.Zones[capitalOfCamp(2)].Owner = NoCamp
		w.Camps[2].CutOffSince, w.Camps[2].CutZones = 1, []CutZone{{60, 1}}
		out := Resolve(w, resting)
		if c := out.World.Camps[2]; c.Alive || c.CutZones != nil || c.CutOffSince != 0 {
			t.Errorf("camp 2 alive %v, cut %v, spell %d; want extinct with none", c.Alive, c.CutZones, c.CutOffSince)
		}
	})
}

// capitalOfCamp returns camp c's starting capital.
func capitalOfCamp(c CampID) ZoneID { return ZoneAt(CapitalSites[c]) }

// TestCutOffEncoding checks that cut-off land survives Marshal and
// Unmarshal and that Resolve leaves its input's cut-off zones alone.
func TestCutOffEncoding(t *testing.T) {
	w := lossWorld()
	w.Camps[0].CutOffHalf = Resources{Stone: 1}
	b, err := Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if Hash(back) != Hash(w) || !slices.Equal(back.Camps[0].CutZones, w.Camps[0].CutZones) || back.Camps[0].CutOffHalf != w.Camps[0].CutOffHalf {
		t.Errorf("decoded %+v, %+v; want %+v, %+v", back.Camps[0].CutZones, back.Camps[0].CutOffHalf, w.Camps[0].CutZones, w.Camps[0].CutOffHalf)
	}
	w.Zones[26].Owner = 0
	w.Camps[0].CutZones = []CutZone{{26, 6}, {27, 1}}
	before := Hash(w)
	Resolve(w, resting)
	if Hash(w) != before || !slices.Equal(w.Camps[0].CutZones, []CutZone{{26, 6}, {27, 1}}) {
		t.Error("Resolve modified its input's cut-off zones")
	}
}
