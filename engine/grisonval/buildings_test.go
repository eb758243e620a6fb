package grisonval

import (
	"slices"
	"testing"
)

// econZones are camp 0's capital and its four inland-or-coast neighbours,
// one of each terrain (rule MAP-2).
type econZones struct {
	capital, plains, forest, mountain, coast ZoneID
}

// econWorld returns a setup world in which camp 0 holds its capital and
// one neighbour of each terrain (five zones: no territory upkeep), with
// large stocks and no research.
func econWorld(t *testing.T) (*World, econZones) {
	t.Helper()
	w := NewWorld(1)
	zs := econZones{
		capital:  ZoneAt(CapitalSites[0]),
		plains:   ZoneAt(Hex{3, -3}),
		forest:   ZoneAt(Hex{3, -4}),
		mountain: ZoneAt(Hex{4, -3}),
		coast:    ZoneAt(Hex{5, -5}),
	}
	for _, z := range []ZoneID{zs.plains, zs.forest, zs.mountain, zs.coast} {
		w.Zones[z].Owner = 0
	}
	w.Camps[0].Resources = Resources{Food: 10000, Wood: 1000, Stone: 1000, Tools: 100, Gold: 1000}
	return w, zs
}

// startTick returns a tick resolving the day after w, as Resolve builds it.
func startTick(w *World) *tick {
	t := &tick{prev: w, w: w.Clone()}
	t.w.Day++
	return t
}

// play validates camp c's order against w and applies it alone, as the
// actions phase does; it fails the test if the order is refused.
func play(t *testing.T, w *World, c CampID, o Order) *tick {
	t.Helper()
	if err := validate(w, c, o); err != nil {
		t.Fatalf("%s refused: %v", o, err)
	}
	tk := startTick(w)
	rules[o.Action].apply(tk, c, o)
	return tk
}

// refusal returns the code of the refusal of camp c's order, or "".
func refusal(w *World, c CampID, o Order) Code {
	if err := validate(w, c, o); err != nil {
		return err.Code
	}
	return ""
}

// produced returns what camp c gains in one production of w.
func produced(w *World, c CampID) (Resources, *tick) {
	tk := startTick(w)
	tk.produceCamp(c)
	return tk.w.Camps[c].Resources.Sub(w.Camps[c].Resources), tk
}

func zoneChoices(t *testing.T, w *World, c CampID, a Action) []int {
	t.Helper()
	specs, err := rules[a].args(w, c)
	if err != nil {
		return nil
	}
	return specs[0].Choices
}

func TestBuildings(t *testing.T) {
	t.Run("BLD-BUILD one building in a held zone, paid once", func(t *testing.T) {
		w, zs := econWorld(t)
		tk := play(t, w, 0, Order{Action: BuildFarm, Args: []int{int(zs.capital)}})
		if got := tk.w.Zones[zs.capital].Buildings; !slices.Equal(got, []BuildingKind{Farm}) {
			t.Errorf("capital buildings %v; want [farm]", got)
		}
		if got, want := tk.w.Camps[0].Resources, w.Camps[0].Resources.Sub(Buildings[Farm].Cost); got != want {
			t.Errorf("stock after build_farm %v; want %v", got, want)
		}
		if len(tk.journal) != 1 || tk.journal[0].Kind != "build_farm" {
			t.Errorf("journal %+v; want one build_farm entry", tk.journal)
		}
		if w.Zones[zs.capital].Buildings != nil {
			t.Error("build modified the world it was given")
		}
		free := NewWorld(1)
		if got := refusal(free, 0, Order{Action: BuildFarm, Args: []int{int(zs.plains)}}); got != CodeNotAllowed {
			t.Errorf("build_farm on a zone not held: %q; want %q", got, CodeNotAllowed)
		}
		poor, _ := econWorld(t)
		poor.Camps[0].Resources = Resources{Wood: 9, Stone: 2}
		if got := refusal(poor, 0, Order{Action: BuildFarm, Args: []int{int(zs.capital)}}); got != CodeShortOf {
			t.Errorf("build_farm with 9 wood: %q; want %q", got, CodeShortOf)
		}
	})
	// Terrain, tier (TECH-3) and cost of each building.
	for _, tc := range []struct {
		id       string
		b        BuildingKind
		terrains []Terrain
		tier     TechID
		units    int64 // cost in resource units, 10-25 per the seed
	}{
		{"BLD-1", Farm, []Terrain{Plains, Coast}, 0, 12},
		{"BLD-2", LumberCamp, []Terrain{Forest}, 0, 12},
		{"BLD-3", Mine, []Terrain{Mountain}, 0, 14},
		{"BLD-4", Workshop, anyTerrain, TechTooling, 16},
		{"BLD-5", Market, []Terrain{Plains, Coast}, TechCommerce, 20},
		{"BLD-6", School, anyTerrain, 0, 20},
		{"BLD-7", House, []Terrain{Plains, Forest, Coast}, 0, 16},
		{"BLD-8", Barracks, anyTerrain, TechWarcraft, 25},
		{"BLD-9", Walls, anyTerrain, TechFortification, 20},
		{"BLD-10", Temple, anyTerrain, TechSpirituality, 23},
	} {
		t.Run(tc.id+" "+tc.b.String()+" terrain, tier and cost", func(t *testing.T) {
			s := Buildings[tc.b]
			c := s.Cost
			if got := c.Food + c.Wood + c.Stone + c.Tools + c.Gold; got != tc.units || got < 10 || got > 25 {
				t.Errorf("%s costs %d units; want %d (10-25)", tc.b, got, tc.units)
			}
			if c.Tools > 0 && tc.b != Barracks {
				t.Errorf("%s costs tools; only barracks, develop and the monument do", tc.b)
			}
			w, zs := econWorld(t)
			a := buildAction(tc.b)
			if tc.tier != 0 {
				if got := refusal(w, 0, Order{Action: a, Args: []int{int(zs.capital)}}); got != CodeNotAllowed {
					t.Errorf("%s without research: %q; want %q", a, got, CodeNotAllowed)
				}
				w.Camps[0].Resources.Research = Techs[tc.tier].Research - 1
				if got := refusal(w, 0, Order{Action: a, Args: []int{int(zs.capital)}}); got != CodeNotAllowed {
					t.Errorf("%s one research short of tier %d: %q; want %q", a, tc.tier, got, CodeNotAllowed)
				}
				w.Camps[0].Resources.Research++
			}
			var want []int
			for _, z := range []ZoneID{zs.plains, zs.forest, zs.mountain, zs.coast} {
				if slices.Contains(tc.terrains, w.Zones[z].Terrain) {
					want = append(want, int(z))
				}
			}
			if slices.Contains(tc.terrains, Plains) {
				want = append(want, int(zs.capital))
			}
			slices.Sort(want)
			if got := zoneChoices(t, w, 0, a); !slices.Equal(got, want) {
				t.Errorf("%s zones %v; want %v (terrains %v)", a, got, want, tc.terrains)
			}
		})
	}
	t.Run("BLD-SLOT slots by terrain, capital +1, +1 per level; a full zone leaves the menu", func(t *testing.T) {
		w, zs := econWorld(t)
		for _, tc := range []struct {
			z    ZoneID
			want int
		}{{zs.capital, 3}, {zs.plains, 2}, {zs.forest, 2}, {zs.mountain, 1}, {zs.coast, 2}} {
			if got := w.Slots(tc.z); got != tc.want {
				t.Errorf("zone %d (%s) has %d slots; want %d", tc.z, w.Zones[tc.z].Terrain, got, tc.want)
			}
		}
		w.Zones[zs.plains].Development = 2
		if got := w.Slots(zs.plains); got != 4 {
			t.Errorf("plains at level 2: %d slots; want 4", got)
		}
		w.Zones[zs.plains].Buildings = []BuildingKind{Farm, Farm, House, School}
		if got := zoneChoices(t, w, 0, BuildSchool); slices.Contains(got, int(zs.plains)) {
			t.Errorf("build_school zones %v include the full zone %d", got, zs.plains)
		}
		if got := w.FreeSlots(zs.plains); got != 0 {
			t.Errorf("free slots %d; want 0", got)
		}
	})
	t.Run("BLD-8 and BLD-9 one barracks and one walls a zone", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Camps[0].Resources.Research = Techs[TechWarcraft].Research
		w.Zones[zs.capital].Buildings = []BuildingKind{Walls, Barracks}
		for _, a := range []Action{BuildWalls, BuildBarracks} {
			if got := zoneChoices(t, w, 0, a); slices.Contains(got, int(zs.capital)) {
				t.Errorf("%s offers zone %d which has one already", a, zs.capital)
			}
		}
		if got := zoneChoices(t, w, 0, BuildSchool); !slices.Contains(got, int(zs.capital)) {
			t.Errorf("build_school zones %v; want the capital's free slot", got)
		}
	})
	t.Run("RES-1 BLD-1 to BLD-6 daily output of each producing building", func(t *testing.T) {
		for _, tc := range []struct {
			b    BuildingKind
			z    func(econZones) ZoneID
			want Resources
		}{
			{Farm, func(z econZones) ZoneID { return z.plains }, Resources{Food: 20}},
			{LumberCamp, func(z econZones) ZoneID { return z.forest }, Resources{Wood: 5}},
			{Mine, func(z econZones) ZoneID { return z.mountain }, Resources{Stone: 3}},
			{Workshop, func(z econZones) ZoneID { return z.plains }, Resources{Tools: 1}},
			{Market, func(z econZones) ZoneID { return z.coast }, Resources{Gold: 2}},
			{School, func(z econZones) ZoneID { return z.plains }, Resources{Research: 2}},
		} {
			w, zs := econWorld(t)
			base, _ := produced(w, 0)
			w.Zones[tc.z(zs)].Buildings = []BuildingKind{tc.b, tc.b}
			got, _ := produced(w, 0)
			pct := w.OutputPercent(0, tc.b)
			want := tc.want.scale(2 * pct).div(100)
			if d := got.Sub(base); d != want {
				t.Errorf("two %s yield %v a day; want %v (base %v x 2 x %d %%)", tc.b, d, want, tc.want, pct)
			}
		}
		w, _ := econWorld(t)
		for b := Farm; b <= Temple; b++ {
			want := int64(100*w.JobMultiplier(0, b.Job()) + 0.5)
			if b == Market {
				want = want * (100 + economyPercent(w.Stats(0).Economy)) / 100 // EDI-7
			}
			if got := w.OutputPercent(0, b); got != want {
				t.Errorf("%s output percent %d at start; want %d (job multiplier, no bonus but the market's economy)", b, got, want)
			}
		}
	})
	t.Run("RES-2 fractions carry to the next day in hundredths", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Camps[0].Resources.Research = Techs[7].Research // sawmill: lumber camps +10 %
		w.Zones[zs.forest].Buildings = []BuildingKind{LumberCamp}
		pct := w.OutputPercent(0, LumberCamp)
		base := TerrainIncome[Forest].Wood
		var total int64
		cur := w
		for range 2 {
			tk := startTick(cur)
			tk.produceCamp(0)
			total += tk.w.Camps[0].Resources.Wood - cur.Camps[0].Resources.Wood
			cur = tk.w
		}
		want := (2*5*pct + 2*base*100) / 100
		if total != want {
			t.Errorf("two days of a lumber camp at %d %% and a forest: %d wood; want %d", pct, total, want)
		}
		if got := cur.Camps[0].Carry.Wood; got != (2*5*pct+2*base*100)%100 {
			t.Errorf("carry %d hundredths; want %d", got, (2*5*pct+2*base*100)%100)
		}
	})
	t.Run("BLD-7 house: +3 housing and one arrival", func(t *testing.T) {
		w, zs := econWorld(t)
		before := w.Housing(0)
		tk := play(t, w, 0, Order{Action: BuildHouse, Args: []int{int(zs.plains)}})
		if got := tk.w.Housing(0); got != before+3 {
			t.Errorf("housing %d after a house; want %d", got, before+3)
		}
		if got, want := tk.w.Population(0), w.Population(0)+1; got != want {
			t.Errorf("population %d after a house; want %d", got, want)
		}
		if got, want := w.Housing(0), 20+2*4; got != want {
			t.Errorf("housing with 5 zones and no house %d; want %d", got, want)
		}
	})
	t.Run("BLD-8 BLD-9 barracks +3 defence and +2 army cap, walls +4 defence", func(t *testing.T) {
		w, zs := econWorld(t)
		d0 := w.Defence(zs.plains)
		w.Zones[zs.plains].Buildings = []BuildingKind{Barracks}
		if got := w.Defence(zs.plains); got != d0+3 {
			t.Errorf("defence with barracks %d; want %d", got, d0+3)
		}
		adults := w.Adults(0)
		if want := max(0, min(adults-3, adults/2+2)); w.MaxUnderArms(0) != want {
			t.Errorf("army cap of %d adults with one barracks %d; want %d", adults, w.MaxUnderArms(0), want)
		}
		w.Zones[zs.plains].Buildings = []BuildingKind{Walls}
		if got := w.Defence(zs.plains); got != d0+4 {
			t.Errorf("defence with walls %d; want %d", got, d0+4)
		}
		w.Camps[0].Resources.Research = Techs[TechTactics].Research
		w.Zones[zs.plains].Buildings = []BuildingKind{Walls, Barracks}
		if got := w.Defence(zs.plains); got != d0+4+1+3+1 {
			t.Errorf("defence with walls, barracks, masonry and tactics %d; want %d", got, d0+9)
		}
	})
	t.Run("BLD-10 temple +1 morale a day, at most 3 (4 with liturgy)", func(t *testing.T) {
		for _, tc := range []struct {
			temples  int
			research int64
			want     int
		}{{1, 0, 1}, {3, 0, 3}, {5, 0, 3}, {5, Techs[TechLiturgy].Research, 4}} {
			w, zs := econWorld(t)
			w.Camps[0].Morale = 50
			w.Camps[0].Resources.Research = tc.research
			for range tc.temples {
				w.Zones[zs.capital].Buildings = append(w.Zones[zs.capital].Buildings, Temple)
			}
			_, tk := produced(w, 0)
			if got := tk.w.Camps[0].Morale - 50; got != tc.want {
				t.Errorf("%d temples at research %d: morale +%d; want +%d", tc.temples, tc.research, got, tc.want)
			}
		}
	})
	t.Run("BLD-SACK DEV-3 a conquered zone keeps half its buildings and loses a level", func(t *testing.T) {
		for _, tc := range []struct {
			before, after []BuildingKind
			dev, wantDev  int
		}{
			{[]BuildingKind{Farm, School, House, Walls, Temple}, []BuildingKind{Farm, School}, 3, 2},
			{[]BuildingKind{Farm, School}, []BuildingKind{Farm}, 0, 0},
			{[]BuildingKind{Walls}, nil, 1, 0},
		} {
			w, zs := econWorld(t)
			z := zs.plains
			w.Zones[z].Buildings, w.Zones[z].Development, w.Zones[z].Monument = tc.before, tc.dev, true
			tk := startTick(w)
			// The engagement invests the zone (SIE-1); the zone falls at the
			// decisive assault (SIE-3).
			tk.battle(z, force{camp: 1, men: 100})
			tk.w.Sieges[0].Assault = tk.w.Day
			tk.besiege()
			zone := tk.w.Zones[z]
			if zone.Owner != 1 || !slices.Equal(zone.Buildings, tc.after) || zone.Development != tc.wantDev || zone.Monument {
				t.Errorf("zone taken with %v at level %d: owner %d, %v at level %d, monument %v; want owner 1, %v at level %d, no monument",
					tc.before, tc.dev, zone.Owner, zone.Buildings, zone.Development, zone.Monument, tc.after, tc.wantDev)
			}
		}
	})
}
