package grisonval_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// armCivilians puts n adult civilians of camp c under arms, in list order,
// without touching the units: the caller adds them to a garrison, column or
// field army so that the CIT-ARMS invariant holds.
func armCivilians(w *grisonval.World, c grisonval.CampID, n int) {
	for i := range w.Camps[c].Citizens {
		p := &w.Camps[c].Citizens[i]
		if n > 0 && !p.UnderArms && p.Age >= grisonval.AdultAge {
			p.UnderArms = true
			n--
		}
	}
}

// setMorale sets camp c's morale and every citizen's mood to m, as a camp
// long settled at that morale would be (CIT-MOOD pulls them together).
func setMorale(w *grisonval.World, c grisonval.CampID, m int) {
	w.Camps[c].Morale = m
	for i := range w.Camps[c].Citizens {
		w.Camps[c].Citizens[i].Mood = int16(m * grisonval.MoodScale)
	}
}

// people returns n civilians with IDs from first: adults of the given age,
// alternately men and women, steady, with the mastery aspiration at level
// II (whose mood bend is zero), at mood m, arrived on day 0.
func people(first, n, age, m int) []grisonval.Citizen {
	cs := make([]grisonval.Citizen, n)
	for i := range cs {
		cs[i] = grisonval.Citizen{
			ID: int32(first + i), Age: int16(age), Female: i%2 == 1, Job: grisonval.Farmer,
			Aspiration: grisonval.AspirationMastery, Trait: grisonval.TraitSteady, Level: 2, XP: grisonval.LevelXP[2],
			Mood: int16(m * grisonval.MoodScale),
		}
	}
	return cs
}

// giveZones makes camp c the holder of n more free zones (for housing).
func giveZones(w *grisonval.World, c grisonval.CampID, n int) {
	for z := grisonval.ZoneID(1); z <= grisonval.NumZones && n > 0; z++ {
		if w.Zone(z).Owner == grisonval.NoCamp {
			w.Zone(z).Owner = c
			n--
		}
	}
}

func countEntries(j []grisonval.Entry, c grisonval.CampID, kind string) int {
	n := 0
	for _, e := range j {
		if e.Camp == c && e.Kind == kind {
			n++
		}
	}
	return n
}

// TestBirths covers POP-1 and POP-2.
func TestBirths(t *testing.T) {
	t.Run("POP-1 factors at their boundaries", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			got  int64
			want int64
		}{
			{"morale 0", grisonval.MoraleFactor(0), 400},
			{"morale 50", grisonval.MoraleFactor(50), 1000},
			{"morale 100", grisonval.MoraleFactor(100), 1600},
			{"seed 000's 2,571.8 days", grisonval.FoodFactor(3188996, 1240), 1800},
			{"1,000 days and beyond", grisonval.FoodFactor(1000*20, 20), 1800},
			{"a month is neutral", grisonval.FoodFactor(30*20, 20), 1000},
			{"three days", grisonval.FoodFactor(3*20, 20), 450},
			{"one day", grisonval.FoodFactor(20, 20), 200},
			{"two days, between", grisonval.FoodFactor(40, 20), 325},
			{"nothing", grisonval.FoodFactor(0, 20), 100},
		} {
			if tc.got != tc.want {
				t.Errorf("%s: %d; want %d", tc.name, tc.got, tc.want)
			}
		}
	})
	// open returns a world whose camp 0 has room (housing 40), 20
	// founders and food.
	open := func(f func(w *grisonval.World)) *grisonval.World {
		return mustWorld(1, func(w *grisonval.World) {
			giveZones(w, 0, 10)
			if f != nil {
				f(w)
			}
		})
	}
	t.Run("POP-1 chance = rate x couples x morale factor x food factor", func(t *testing.T) {
		w := open(nil)
		couples := w.FertileCouples(0)
		if couples != 6 { // 10 women, 10 men of whom 4 under arms
			t.Fatalf("couples %d; want 6", couples)
		}
		want := grisonval.BirthRatePPM * 6 * grisonval.MoraleFactor(60) * grisonval.FoodFactor(1500, 20) / 1_000_000
		if got, lock := w.BirthChance(0); got != want || !lock.IsZero() {
			t.Errorf("chance %d ppm (lock %q); want %d", got, lock, want)
		}
	})
	t.Run("POP-1 capped at 45 %", func(t *testing.T) {
		w := open(func(w *grisonval.World) {
			w.Camps[0].Citizens = people(1, 30, 25, 60)
			w.Camps[0].Resources.Food = 100000
			giveZones(w, 0, 10)
		})
		if got, _ := w.BirthChance(0); got != grisonval.BirthCapPPM {
			t.Errorf("chance with 15 couples %d ppm; want the cap %d", got, grisonval.BirthCapPPM)
		}
	})
	for _, tc := range []struct {
		name string
		f    func(w *grisonval.World)
		lock string
	}{
		{"POP-1 lock: no fertile couple (too old)", func(w *grisonval.World) {
			for i := range w.Camps[0].Citizens {
				w.Camps[0].Citizens[i].Age = grisonval.FertileMaxAge + 1
			}
		}, "aucun couple fécond"},
		{"POP-1 lock: the men are under arms", func(w *grisonval.World) {
			armCivilians(w, 0, 20)
		}, "aucun couple fécond"},
		{"POP-1 lock: under 1 food", func(w *grisonval.World) {
			w.Camps[0].Resources.Food = 0
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				if w.Zone(z).Owner == 0 {
					w.Zone(z).Terrain = grisonval.Mountain
				}
			}
		}, "moins de 1 nourriture"},
		{"POP-2 lock: housing full", func(w *grisonval.World) {
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				if w.Zone(z).Owner == 0 && !w.Zone(z).Capital {
					w.Zone(z).Owner = grisonval.NoCamp
				}
			}
		}, "logement plein (20/20)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := open(tc.f)
			got, lock := w.BirthChance(0)
			if got != 0 || !strings.HasPrefix(lock.FR, tc.lock) {
				t.Errorf("chance %d lock %q; want 0 and %q", got, lock, tc.lock)
			}
			for range 30 {
				out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
				if hasEntry(out.Journal, 0, "birth") {
					t.Fatalf("a birth on day %d despite the lock", out.World.Day)
				}
				w = out.World
			}
		})
	}
	t.Run("POP-1 at most 1 a day, near the 45 % cap; the newborn is 0", func(t *testing.T) {
		w := open(func(w *grisonval.World) {
			w.Camps[0].Citizens = people(1, 40, 20, 60)
			w.Camps[0].NextCitizen = 41
			w.Camps[0].Resources.Food = 1_000_000
			w.Zone(capitalOf(0)).Garrison = 0
			giveZones(w, 0, 30)
		})
		births, days := 0, 25
		for range days {
			out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
			n := countEntries(out.Journal, 0, "birth")
			if n > 1 {
				t.Fatalf("day %d: %d births; want at most 1", out.World.Day, n)
			}
			if n == 1 {
				births++
				cs := out.World.Camps[0].Citizens
				if baby := cs[len(cs)-1]; baby.Age != 0 || int(baby.Arrived) != out.World.Day || baby.Level != 1 {
					t.Errorf("newborn %+v; want age 0, arrived today, level I", baby)
				}
			}
			w = out.World
		}
		if births < 5 || births > 19 {
			t.Errorf("%d births in %d days at a 45 %% chance; want about 11", births, days)
		}
	})
}

// TestOldAge covers POP-4.
func TestOldAge(t *testing.T) {
	t.Run("POP-4 chance by age as seed 000 lists it", func(t *testing.T) {
		for _, tc := range []struct {
			age    int
			famine bool
			want   string
		}{
			{59, false, "0.0"}, {60, false, "1.2"}, {70, false, "8.2"}, {80, false, "29.3"}, {88, false, "56.2"},
			{70, true, "16.4"}, {88, true, "100.0"}, {120, false, "100.0"},
		} {
			got := fmt.Sprintf("%.1f", float64(grisonval.OldAgeChance(tc.age, tc.famine))/10_000)
			if got != tc.want {
				t.Errorf("age %d famine %v: %s %%; want %s %%", tc.age, tc.famine, got, tc.want)
			}
		}
	})
	elders := func(age int) *grisonval.World {
		return mustWorld(1, func(w *grisonval.World) {
			cs := people(1, 30, 25, 60)
			for i := 10; i < 30; i++ {
				cs[i].Age = int16(age)
			}
			w.Camps[0].Citizens = cs
			w.Zone(capitalOf(0)).Garrison = 0
		})
	}
	t.Run("POP-4 at most 2 natural deaths a day; the dead elder's XP is lost", func(t *testing.T) {
		w := elders(99) // certain death for all 20
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if got := countEntries(out.Journal, 0, "old_age"); got != 2 {
			t.Errorf("%d deaths of old age; want 2", got)
		}
		if got := len(out.World.Camps[0].Citizens); got != 28 {
			t.Errorf("population %d; want 28", got)
		}
	})
	t.Run("POP-4 doubled in famine, today or yesterday", func(t *testing.T) {
		// At 65, 1.2 % + 55 % x (5/28)^2 = 2.95 %: count deaths of 20 elders
		// over many one-day draws, with and without a famine yesterday.
		deaths := func(famineDay int) int {
			n := 0
			for seed := uint64(1); seed <= 400; seed++ {
				w := elders(64)
				w.Seed, w.Day = seed, 10
				w.Camps[0].FamineDay = famineDay
				n += countEntries(grisonval.Resolve(w, orders(rest(), rest(), rest())).Journal, 0, "old_age")
			}
			return n
		}
		plain, famine := deaths(0), deaths(10)
		// 8,000 draws: about 236 and 472 deaths, capped at 2 a day.
		if plain < 180 || plain > 290 || famine < 380 || famine > 560 {
			t.Errorf("deaths %d without famine, %d after a famine; want about 236 and 472", plain, famine)
		}
		if old := deaths(8); old < 180 || old > 290 {
			t.Errorf("deaths %d two days after a famine; want the plain rate", old)
		}
	})
}

// TestMoods covers CIT-MOOD, CIT-ASP and CIT-SOC.
func TestMoods(t *testing.T) {
	t.Run("CIT-MOOD morale pull x0.2 truncated, capped at ±4", func(t *testing.T) {
		for _, tc := range []struct{ mean, morale, want int }{
			{1000, 50, 4}, {0, 50, -4}, {649, 60, 0}, {650, 60, 1}, {700, 60, 2}, {551, 60, 0}, {550, 60, -1}, {600, 60, 0},
		} {
			if got := grisonval.MoralePull(tc.mean, tc.morale); got != tc.want {
				t.Errorf("MoralePull(mean %d tenths, morale %d) = %d; want %d", tc.mean, tc.morale, got, tc.want)
			}
		}
	})
	t.Run("CIT-MOOD moods drift a tenth of the way to morale, then pull it (cap +4)", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) {
			w.Camps[0].Citizens = people(1, 10, 25, 100)
			w.Zone(capitalOf(0)).Garrison = 0
			w.Camps[0].Morale = 50
		})
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.ChopWood}, rest(), rest())).World
		if got := out.Camps[0].Citizens[0].Mood; got != 950 {
			t.Errorf("mood %d tenths; want 1000 - (1000-500)/10 = 950", got)
		}
		if got := out.Camps[0].Morale; got != 54 {
			t.Errorf("morale %d; want 50 + 4 (capped pull)", got)
		}
	})
	t.Run("CIT-ASP aspirations bend moods by the camp's state", func(t *testing.T) {
		w := mustWorld(1, nil) // housing full, 75 days of food, no school, no temple, 4 of 20 under arms, no column
		b := w.AspirationBends(0)
		want := map[grisonval.Aspiration]int16{
			grisonval.AspirationFamily: -10, grisonval.AspirationPlenty: 10, grisonval.AspirationKnowledge: -5,
			grisonval.AspirationFaith: -5, grisonval.AspirationGlory: 10, grisonval.AspirationMastery: -5, grisonval.AspirationPeace: 10,
		}
		for a := grisonval.Aspiration(1); int(a) <= grisonval.NumAspirations; a++ {
			if b[a] != want[a] {
				t.Errorf("%s bends %d; want %d", a, b[a], want[a])
			}
		}
		giveZones(w, 0, 1)
		w.Camps[0].Resources.Food = 20 * 4
		w.Columns = append(w.Columns, grisonval.Column{ID: 1, Camp: 0, Kind: grisonval.ArmyColumn, Men: 1, To: 46, Arrive: 5})
		b = w.AspirationBends(0)
		if b[grisonval.AspirationFamily] != 10 || b[grisonval.AspirationPlenty] != -15 || b[grisonval.AspirationPeace] != -10 {
			t.Errorf("with room, 4 days of food and a column: family %d plenty %d peace %d; want 10, -15, -10",
				b[grisonval.AspirationFamily], b[grisonval.AspirationPlenty], b[grisonval.AspirationPeace])
		}
	})
	// social plays one day of three citizens at morale 50: the first has
	// the trait and mood given, the two others the trait other at mood 50.
	social := func(trait grisonval.Trait, mood int, other grisonval.Trait) [3]int16 {
		w := mustWorld(1, func(w *grisonval.World) {
			cs := people(1, 3, 25, 50)
			cs[0].Trait, cs[0].Mood = trait, int16(mood*grisonval.MoodScale)
			cs[1].Trait, cs[2].Trait = other, other
			w.Camps[0].Citizens = cs
			w.Zone(capitalOf(0)).Garrison = 0
			w.Camps[0].Morale = 50
		})
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.ChopWood}, rest(), rest())).World
		cs := out.Camps[0].Citizens
		return [3]int16{cs[0].Mood, cs[1].Mood, cs[2].Mood}
	}
	for _, tc := range []struct {
		name        string
		trait       grisonval.Trait
		mood        int
		other       grisonval.Trait
		first, rest int16
	}{
		{"CIT-SOC a sociable at 60 or more raises two others by 2.5", grisonval.TraitSociable, 70, grisonval.TraitSteady, 680, 525},
		{"CIT-SOC a sociable under 60 does nothing", grisonval.TraitSociable, 60, grisonval.TraitSteady, 590, 500},
		{"CIT-SOC an anxious at 40 or less lowers two others by 2.5", grisonval.TraitAnxious, 30, grisonval.TraitSteady, 320, 475},
		{"CIT-SOC loners are immune", grisonval.TraitSociable, 70, grisonval.TraitLoner, 680, 500},
		{"CIT-SOC loners are immune to the anxious", grisonval.TraitAnxious, 30, grisonval.TraitLoner, 320, 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := social(tc.trait, tc.mood, tc.other)
			if got != [3]int16{tc.first, tc.rest, tc.rest} {
				t.Errorf("moods %v; want [%d %d %d]", got, tc.first, tc.rest, tc.rest)
			}
		})
	}
}

// TestExperience covers CIT-XP and CIT-MULT.
func TestExperience(t *testing.T) {
	// gain plays one day for one citizen shaped by f, in a camp at morale
	// 50 with the buildings given on the capital, and returns his XP gain
	// and the journal.
	gain := func(seed uint64, f func(p *grisonval.Citizen), buildings ...grisonval.BuildingKind) (int32, []grisonval.Entry) {
		w := mustWorld(seed, func(w *grisonval.World) {
			cs := people(1, 1, 25, 50)
			f(&cs[0])
			w.Camps[0].Citizens = cs
			w.Zone(capitalOf(0)).Garrison = 0
			w.Zone(capitalOf(0)).Buildings = buildings
			w.Camps[0].Morale = int(cs[0].Mood) / grisonval.MoodScale
			w.Camps[0].Resources = w.Camps[0].Resources.Add(grisonval.Resources{Wood: 500, Stone: 500, Tools: 100, Gold: 500})
		})
		if cs := w.Camps[0].Citizens; cs[0].UnderArms {
			w.Camps[0].FieldArmy = 1
		}
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.ChopWood}, rest(), rest()))
		return out.World.Camps[0].Citizens[0].XP - w.Camps[0].Citizens[0].XP, out.Journal
	}
	none := func(*grisonval.Citizen) {}
	for _, tc := range []struct {
		name      string
		f         func(p *grisonval.Citizen)
		buildings []grisonval.BuildingKind
		lo, hi    int32
	}{
		{"CIT-XP 1-3 a day", none, nil, 1, 3},
		{"CIT-XP +1 with the job's building", none, []grisonval.BuildingKind{grisonval.Farm}, 2, 4},
		{"CIT-XP +2 from 3 such buildings", none, []grisonval.BuildingKind{grisonval.Farm, grisonval.Farm, grisonval.Farm}, 3, 5},
		{"CIT-XP +1 ambitious", func(p *grisonval.Citizen) { p.Trait = grisonval.TraitAmbitious }, nil, 2, 4},
		{"CIT-XP +1 curious with a school", func(p *grisonval.Citizen) { p.Trait = grisonval.TraitCurious }, []grisonval.BuildingKind{grisonval.School}, 2, 4},
		{"CIT-XP curious without a school", func(p *grisonval.Citizen) { p.Trait = grisonval.TraitCurious }, nil, 1, 3},
		{"CIT-XP +1 at mood 80", func(p *grisonval.Citizen) { p.Mood = 800 }, nil, 2, 4},
		{"CIT-XP -1 at mood 25", func(p *grisonval.Citizen) { p.Mood = 250 }, nil, 0, 2},
		{"CIT-XP nothing for a soldier", func(p *grisonval.Citizen) { p.UnderArms = true }, []grisonval.BuildingKind{grisonval.Farm}, 0, 0},
		{"CIT-XP nothing on the arrival day", func(p *grisonval.Citizen) { p.Arrived = 1 }, nil, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen := map[int32]bool{}
			for seed := uint64(1); seed <= 40; seed++ {
				g, _ := gain(seed, tc.f, tc.buildings...)
				if g < tc.lo || g > tc.hi {
					t.Fatalf("seed %d: gain %d; want %d to %d", seed, g, tc.lo, tc.hi)
				}
				seen[g] = true
			}
			if !seen[tc.lo] || !seen[tc.hi] {
				t.Errorf("gains seen %v over 40 seeds; want both %d and %d", seen, tc.lo, tc.hi)
			}
		})
	}
	t.Run("CIT-XP levels at 40, 100, 180, 300 XP, announced", func(t *testing.T) {
		if grisonval.LevelXP != [grisonval.MaxLevel + 1]int32{0, 0, 40, 100, 180, 300} {
			t.Fatalf("thresholds %v", grisonval.LevelXP)
		}
		_, j := gain(1, func(p *grisonval.Citizen) { p.XP, p.Level = grisonval.LevelXP[3]-1, 2 })
		if !hasEntry(j, 0, "level_up") {
			t.Error("no level_up entry at the threshold")
		}
		_, j = gain(1, func(p *grisonval.Citizen) { p.XP, p.Level = grisonval.LevelXP[5]+50, 5 })
		if hasEntry(j, 0, "level_up") {
			t.Error("a level V citizen went up")
		}
	})
	t.Run("CIT-MULT x1.00 for Novices, x1.20 for Masters, soldiers not counted", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].Citizens = people(1, 6, 25, 50) })
		cs := w.Camps[0].Citizens
		for _, tc := range []struct {
			name   string
			levels [6]uint8
			armed  int
			job    grisonval.Job
			want   float64
		}{
			{"Novices", [6]uint8{1, 1, 1, 1, 1, 1}, 0, grisonval.Farmer, 1.00},
			{"Masters", [6]uint8{5, 5, 5, 5, 5, 5}, 0, grisonval.Farmer, 1.20},
			{"mean level III", [6]uint8{1, 5, 3, 3, 2, 4}, 0, grisonval.Farmer, 1.10},
			{"a Master under arms does not count", [6]uint8{5, 1, 1, 1, 1, 1}, 1, grisonval.Farmer, 1.00},
			{"nobody has the job", [6]uint8{5, 5, 5, 5, 5, 5}, 0, grisonval.Miner, 1.00},
		} {
			for i := range cs {
				cs[i].Level, cs[i].UnderArms = tc.levels[i], i < tc.armed
			}
			if got := w.JobMultiplier(0, tc.job); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("%s: x%.4f; want x%.2f", tc.name, got, tc.want)
			}
		}
	})
}

// TestSoldiersAreCitizens covers CIT-ARMS, CIT-DISBAND, ARM-2 and ECO-4's
// victims.
func TestSoldiersAreCitizens(t *testing.T) {
	t.Run("CIT-ARMS raise takes the youngest adult civilians; CIT-DISBAND gives the same back", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) {
			for i := range w.Camps[0].Citizens {
				w.Camps[0].Citizens[i].XP = int32(i)
			}
		})
		before := map[int32]grisonval.Citizen{}
		for _, p := range w.Camps[0].Citizens {
			before[p.ID] = p
		}
		raised := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.RaiseArmy, Args: []int{3}}, rest(), rest())).World
		var ids []int32
		youngest := int16(1000)
		for _, p := range raised.Camps[0].Citizens {
			if p.UnderArms && !before[p.ID].UnderArms {
				ids = append(ids, p.ID)
				if p.XP != before[p.ID].XP {
					t.Errorf("%s gained XP under arms: %d -> %d", p.Name(), before[p.ID].XP, p.XP)
				}
				youngest = min(youngest, p.Age)
			}
		}
		for _, p := range raised.Camps[0].Citizens {
			if !p.UnderArms && p.Age < youngest {
				t.Errorf("civilian %s aged %d left behind a recruit of %d", p.Name(), p.Age, youngest)
			}
		}
		if len(ids) != 3 || raised.Camps[0].FieldArmy != 3 {
			t.Fatalf("raised %v, field army %d; want 3 and 3", ids, raised.Camps[0].FieldArmy)
		}
		back := grisonval.Resolve(raised, orders(grisonval.Order{Action: grisonval.DisbandArmy, Args: []int{3}}, rest(), rest()))
		if back.Results[0].Status != grisonval.Applied || back.World.Camps[0].FieldArmy != 0 {
			t.Fatalf("disband: %+v, field army %d", back.Results[0], back.World.Camps[0].FieldArmy)
		}
		for _, id := range ids {
			var p grisonval.Citizen
			for _, q := range back.World.Camps[0].Citizens {
				if q.ID == id {
					p = q
				}
			}
			b := before[id]
			if p.UnderArms || p.Age != b.Age+2 || p.Trait != b.Trait || p.Job != b.Job || p.Aspiration != b.Aspiration ||
				p.XP < b.XP || p.Level != b.Level || p.Family != b.Family {
				t.Errorf("citizen %d after disband %+v; before %+v", id, p, b)
			}
		}
		if got, want := back.World.CitizensUnderArms(0), back.World.MenUnderArms(0); got != want {
			t.Errorf("citizens under arms %d; men under arms %d", got, want)
		}
	})
	t.Run("CIT-DISBAND needs a field army, at most its size", func(t *testing.T) {
		w := mustWorld(1, nil)
		if err := grisonval.Validate(w, 0, grisonval.Order{Action: grisonval.DisbandArmy, Args: []int{1}}); err == nil {
			t.Error("disband_army with an empty field army accepted")
		}
		w.Camps[0].FieldArmy = 2
		armCivilians(w, 0, 2)
		if err := grisonval.Validate(w, 0, grisonval.Order{Action: grisonval.DisbandArmy, Args: []int{3}}); err == nil {
			t.Error("disband_army 3 of 2 accepted")
		}
	})
	t.Run("ARM-2 cap min(adults - 3, adults / 2 + 2 x barracks), children not counted", func(t *testing.T) {
		w := mustWorld(1, nil)
		if got := w.MaxUnderArms(0); got != 10 {
			t.Errorf("cap with 20 adults %d; want 10", got)
		}
		w.Zone(capitalOf(0)).Buildings = []grisonval.BuildingKind{grisonval.Barracks, grisonval.Barracks, grisonval.Barracks}
		if got := w.MaxUnderArms(0); got != 16 {
			t.Errorf("cap with 20 adults and 3 barracks %d; want min(17, 16)", got)
		}
		w.Zone(capitalOf(0)).Buildings = nil
		for i := 10; i < 20; i++ {
			w.Camps[0].Citizens[i].Age = 5
		}
		if got := w.MaxUnderArms(0); got != 5 {
			t.Errorf("cap with 10 adults and 10 children %d; want 5", got)
		}
	})
	t.Run("CIT-ARMS battle dead are citizens; ECO-4 famine kills a civilian first", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) {
			w.Camps[0].Resources.Food = 0
			w.Zone(capitalOf(0)).Terrain = grisonval.Mountain
		})
		out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		if got := out.CitizensUnderArms(0); got != 4 || len(out.Camps[0].Citizens) != 19 {
			t.Errorf("after famine: %d under arms of %d; want 4 of 19", got, len(out.Camps[0].Citizens))
		}
		w = mustWorld(1, nil)
		z := firstFree(w, 0)
		w.Zone(z).Owner, w.Zone(z).Garrison = 0, 2
		w.Zone(capitalOf(0)).Garrison = 2 // two of the four move out to z
		armCivilians(w, 1, 6)
		w.Columns = []grisonval.Column{{ID: 1, Camp: 1, Kind: grisonval.ArmyColumn, Men: 6, From: capitalOf(1), To: z, Arrive: 1}}
		w.Zone(capitalOf(1)).Garrison = 4
		w.NextColumn = 2
		out = grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		for c := range grisonval.CampID(2) {
			if got, want := out.CitizensUnderArms(c), out.MenUnderArms(c); got != want {
				t.Errorf("camp %d after the battle: %d citizens under arms, %d men under arms", c, got, want)
			}
		}
		// The column wins its engagement and invests the zone (SIE-1): the
		// garrison loses half the difference, min(2, (6-defence)/2).
		loss := min(2, (6-w.Defence(z))/2)
		if !out.Besieged(z) || out.CitizensUnderArms(0) != 4-loss || out.CitizensUnderArms(1) != 6+4 {
			t.Errorf("zone %d besieged %v, under arms %d and %d; want besieged, %d and 10",
				z, out.Besieged(z), out.CitizensUnderArms(0), out.CitizensUnderArms(1), 4-loss)
		}
	})
	t.Run("CIT-ARMS invariant over long random games", func(t *testing.T) {
		for _, seed := range []uint64{3, 17, 101} {
			for _, out := range playRandom(t, grisonval.NewWorldRules(seed, grisonval.RulesWar), 200) {
				for c := range grisonval.CampID(grisonval.NumCamps) {
					if got, want := out.World.CitizensUnderArms(c), out.World.MenUnderArms(c); got != want {
						t.Fatalf("seed %d day %d camp %d: %d citizens under arms; %d men under arms", seed, out.World.Day, c, got, want)
					}
				}
			}
		}
	})
}

// TestCitizens covers CIT-1, CIT-START and POP-3.
func TestCitizens(t *testing.T) {
	t.Run("CIT-START 20 founders, alike in the three camps but their names", func(t *testing.T) {
		w := grisonval.NewWorldRules(7, grisonval.RulesWar)
		for c := range grisonval.CampID(grisonval.NumCamps) {
			cs := w.Camps[c].Citizens
			if len(cs) != grisonval.StartPopulation || w.CitizensUnderArms(c) != grisonval.StartGarrison || w.MenUnderArms(c) != grisonval.StartGarrison {
				t.Fatalf("camp %d: %d founders, %d under arms", c, len(cs), w.CitizensUnderArms(c))
			}
			for i, p := range cs {
				q := w.Camps[0].Citizens[i]
				if p.Age != q.Age || p.Job != q.Job || p.Trait != q.Trait || p.Aspiration != q.Aspiration || p.Female != q.Female {
					t.Errorf("camp %d founder %d %+v differs from camp 0's %+v", c, i, p, q)
				}
				if p.Age < grisonval.ArrivalMinAge || p.Age > grisonval.ArrivalMaxAge || p.Mood != 600 || p.Level != 1 {
					t.Errorf("founder %+v; want 18-34, mood 60, level I", p)
				}
			}
		}
	})
	t.Run("CIT-1 one year of age per tick; POP-3 a house brings an adult of 18-34", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { giveZones(w, 0, 2) })
		age := w.Camps[0].Citizens[5].Age
		la := legal(t, w, 0, grisonval.BuildHouse)
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.BuildHouse, Args: []int{la.Args[0].Choices[0]}}, rest(), rest()))
		cs := out.World.Camps[0].Citizens
		if cs[5].Age != age+1 {
			t.Errorf("age %d after a tick; want %d", cs[5].Age, age+1)
		}
		var newcomer *grisonval.Citizen
		for i := range cs {
			if cs[i].Arrived == 1 && cs[i].Age > 0 {
				newcomer = &cs[i]
			}
		}
		if newcomer == nil || !hasEntry(out.Journal, 0, "arrival_citizen") {
			t.Fatal("no newcomer after build_house")
		}
		if newcomer.Age < grisonval.ArrivalMinAge+1 || newcomer.Age > grisonval.ArrivalMaxAge+1 || newcomer.Job == 0 || newcomer.Aspiration == 0 || newcomer.Trait == 0 {
			t.Errorf("newcomer %+v; want 18-34 on arrival (+1 for the day), a job, an aspiration, a trait", *newcomer)
		}
	})
	t.Run("CIT-1 job and trait draws follow their weights", func(t *testing.T) {
		var jobs [grisonval.NumJobs + 1]int
		var traits [7]int
		n := 0
		for seed := uint64(1); seed <= 300; seed++ {
			for c := range grisonval.CampID(grisonval.NumCamps) {
				for _, p := range grisonval.NewWorldRules(seed, grisonval.RulesWar).Camps[c].Citizens[:1] {
					jobs[p.Job]++
					traits[p.Trait]++
					n++
				}
			}
		}
		if jobs[grisonval.Farmer] < n/8 || traits[grisonval.TraitSociable] < n/10 {
			t.Errorf("jobs %v traits %v of %d; farmers (24 %%) and sociables (20 %%) too rare", jobs, traits, n)
		}
	})
}

// BenchmarkTickLate measures one tick of a late-game world: three camps of
// about 1,200 citizens each (added directly, ages 0 to 90), thirty zones
// each with farms, schools and houses, and a large food reserve. Each
// iteration resolves a fresh state, the day the iteration before made, over
// a month of days from the world's first day (whose one-off unlocks of a
// synthetic world's achievements are not measured); then the month starts
// again. Like the server's world loop, it writes each day over the world
// of the day before last (ResolveInto).
func BenchmarkTickLate(b *testing.B) {
	o := orders(rest(), rest(), rest())
	first := grisonval.Resolve(lateWorld(), o).World
	b.Logf("population %d, %d, %d", first.Population(0), first.Population(1), first.Population(2))
	const month = 30
	w := first
	var days [2]*grisonval.World
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%month == 0 {
			w = first
		}
		days[i%2] = grisonval.ResolveInto(days[i%2], w, o).World
		w = days[i%2]
	}
}

// lateWorld returns a synthetic late-game world: three camps of 29 zones
// with three buildings each and 1,200 citizens of every age, job and level.
func lateWorld() *grisonval.World {
	w := grisonval.NewWorldRules(42, grisonval.RulesWar)
	for c := range grisonval.CampID(grisonval.NumCamps) {
		giveZones(w, c, 29)
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if w.Zone(z).Owner == c {
				w.Zone(z).Buildings = []grisonval.BuildingKind{grisonval.Farm, grisonval.House, grisonval.School}
			}
		}
		camp := &w.Camps[c]
		camp.Resources = grisonval.Resources{Food: 3_000_000, Wood: 2000, Stone: 2000, Tools: 500, Gold: 2000, Research: 3000}
		r := grisonval.NewRand(42, 0, int(c), 1000)
		for i := len(camp.Citizens); i < 1200; i++ {
			camp.Citizens = append(camp.Citizens, grisonval.Citizen{
				ID: int32(i + 1), First: uint8(r.Intn(32)), Family: uint8(r.Intn(48)), Female: r.Intn(2) == 0,
				Age: int16(r.Intn(91)), Job: grisonval.Job(1 + r.Intn(grisonval.NumJobs)), Aspiration: grisonval.Aspiration(1 + r.Intn(grisonval.NumAspirations)),
				Trait: grisonval.Trait(1 + r.Intn(6)), Mood: int16(r.Intn(1001)), Level: uint8(1 + r.Intn(5)), XP: int32(r.Intn(400)),
			})
		}
		camp.NextCitizen = 1201
	}
	return w
}
