package grisonval

import (
	"strings"
	"testing"
)

func TestTech(t *testing.T) {
	t.Run("TECH-1 29 tiers in six ages, reached in order as research accumulates", func(t *testing.T) {
		ages := map[int]int{}
		for i := 1; i <= NumTechs; i++ {
			tech := Techs[i]
			if tech.ID != TechID(i) || tech.Name.EN == "" || tech.Name.FR == "" || tech.Effect.EN == "" || tech.Effect.FR == "" {
				t.Errorf("tier %d: %+v; want an ID, a name and an effect", i, tech)
			}
			if i > 1 && tech.Research <= Techs[i-1].Research {
				t.Errorf("tier %d needs %d research, not more than tier %d (%d)", i, tech.Research, i-1, Techs[i-1].Research)
			}
			ages[tech.Age]++
		}
		if want := map[int]int{1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 4}; len(ages) != 6 || ages[6] != want[6] || ages[1] != want[1] {
			t.Errorf("tiers per age %v; want %v", ages, want)
		}
		for _, tc := range []struct {
			research int64
			tier     int
		}{{0, 0}, {12, 0}, {13, 1}, {49, 1}, {50, 2}, {5000, 20}, {7812, 24}, {7813, 25}, {15999, 25}, {30000, 29}} {
			w := NewWorld(1)
			w.Camps[0].Resources.Research = tc.research
			if got := w.Tier(0); got != tc.tier {
				t.Errorf("research %d: tier %d; want %d", tc.research, got, tc.tier)
			}
		}
	})
	t.Run("TECH-2 thresholds 12.5 x n² for tiers 1-25; the monument's 5000 is tier 20", func(t *testing.T) {
		for _, tc := range []struct {
			tier TechID
			want int64
		}{{1, 13}, {2, 50}, {5, 313}, {10, 1250}, {13, 2113}, {18, 4050}, {20, 5000}, {25, 7813}, {26, 16000}, {29, 30000}} {
			if got := Techs[tc.tier].Research; got != tc.want {
				t.Errorf("tier %d needs %d research; want %d", tc.tier, got, tc.want)
			}
		}
		if Techs[20].Research != MonumentResearch {
			t.Errorf("tier 20 at %d; want the monument's %d", Techs[20].Research, MonumentResearch)
		}
	})
	t.Run("TECH-3 tiers 1-5 open five buildings; five are open from the start, the school among them", func(t *testing.T) {
		var open, opened []BuildingKind
		for b := Farm; b <= Temple; b++ {
			if Buildings[b].Tier == 0 {
				open = append(open, b)
			}
		}
		for i := 1; i <= 5; i++ {
			opened = append(opened, Techs[i].Opens)
			if b := Techs[i].Opens; b == 0 || Buildings[b].Tier != TechID(i) {
				t.Errorf("tier %d opens %s whose tier is %d", i, b, Buildings[b].Tier)
			}
		}
		if len(open) != 5 || len(opened) != 5 || !containsKind(open, School) {
			t.Errorf("open from the start %v, opened by tiers %v; want five each, school open", open, opened)
		}
	})
	t.Run("TECH-4 tiers 6-25 give passive bonuses, civil and hydraulic engineering among them", func(t *testing.T) {
		for i := 6; i <= NumOrdinaryTechs; i++ {
			if Techs[i].Opens != 0 {
				t.Errorf("tier %d opens a building", i)
			}
		}
		if Techs[TechCivilEngineering].Name.FR != "Génie civil" || Techs[TechHydraulic].Name.FR != "Génie hydraulique" {
			t.Errorf("tiers %d and %d: %q, %q", TechCivilEngineering, TechHydraulic, Techs[TechCivilEngineering].Name, Techs[TechHydraulic].Name)
		}
		w, zs := econWorld(t)
		w.Zones[zs.plains].Buildings = []BuildingKind{Farm}
		w.Camps[0].Resources.Research = Techs[24].Research // crop rotation and agronomy: farms +20 %; irrigation: plains +10 %
		got, _ := produced(w, 0)
		// Two plains (+10 % irrigation), a forest's food (+25 % forestry;
		// none under RulesWar, ECO-5), a coast's 40 (+10 % fisheries), a
		// farm at +20 %, in hundredths.
		want := (2*60*110 + w.terrainIncome(Forest).Food*125 + 40*110 + 20*w.OutputPercent(0, Farm)) / 100
		if got.Food != want || w.buildingBonus(0, Farm) != 20 || w.terrainBonus(0, Plains) != 10 {
			t.Errorf("food a day at tier 24: %d (farm bonus %d %%, plains %d %%); want %d", got.Food, w.buildingBonus(0, Farm), w.terrainBonus(0, Plains), want)
		}
	})
	t.Run("TECH-5 a tier reached is announced in the journal", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Camps[0].Resources.Research = Techs[1].Research - 1
		w.Zones[zs.plains].Buildings = []BuildingKind{School}
		_, tk := produced(w, 0)
		if len(tk.journal) != 1 || tk.journal[0].Kind != "tier" || !strings.Contains(tk.journal[0].Narration.FR, "Outillage") {
			t.Errorf("journal %+v; want one tier entry naming Outillage", tk.journal)
		}
		_, again := produced(tk.w, 0)
		if len(again.journal) != 0 {
			t.Errorf("journal the next day %+v; want nothing", again.journal)
		}
	})
	t.Run("TECH-6 the last age is out of a 200-day game's reach; 29/29 gives the title", func(t *testing.T) {
		// The calibration puts a well-run camp at tiers 19-21 on day 200
		// (at most 5513 research, growing about 50 a day): the last age
		// asks for at least twice the whole ordinary tree.
		if Techs[26].Research < 2*Techs[NumOrdinaryTechs].Research {
			t.Errorf("tier 26 at %d research; want at least twice tier 25's %d", Techs[26].Research, Techs[NumOrdinaryTechs].Research)
		}
		w, zs := econWorld(t)
		w.Camps[0].Resources.Research = Techs[NumTechs].Research - 1
		w.Zones[zs.plains].Buildings = []BuildingKind{School}
		_, tk := produced(w, 0)
		if len(tk.journal) != 1 || !strings.Contains(tk.journal[0].Narration.EN, LegendTitle.EN) {
			t.Errorf("journal %+v; want the title %q", tk.journal, LegendTitle)
		}
	})
}

func containsKind(bs []BuildingKind, b BuildingKind) bool {
	for _, k := range bs {
		if k == b {
			return true
		}
	}
	return false
}
