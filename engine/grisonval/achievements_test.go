package grisonval

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
)

func TestAchievements(t *testing.T) {
	fill := func(w *World, z ZoneID, n int, b BuildingKind) {
		for range n {
			w.Zones[z].Buildings = append(w.Zones[z].Buildings, b)
		}
	}
	hold := func(w *World, n int) {
		for z := ZoneID(1); z <= NumZones && w.HeldZones(0) < n; z++ {
			if w.Zones[z].Owner == NoCamp {
				w.Zones[z].Owner = 0
			}
		}
	}
	setups := [NumAchievements + 1]func(w *World, zs econZones){
		1: func(w *World, zs econZones) { fill(w, zs.plains, 1, Farm) },
		2: func(w *World, zs econZones) { fill(w, zs.plains, 10, Farm) },
		3: func(w *World, zs econZones) { fill(w, zs.plains, 30, Farm) },
		4: func(w *World, zs econZones) {
			for b := Farm; b <= Temple; b++ {
				fill(w, zs.capital, 1, b)
			}
		},
		5:  func(w *World, zs econZones) { fill(w, zs.forest, 5, School) },
		6:  func(w *World, _ econZones) { w.Camps[0].Resources.Food = 5000 },
		7:  func(w *World, _ econZones) { w.Camps[0].Resources.Wood = 500 },
		8:  func(w *World, _ econZones) { w.Camps[0].Resources.Stone = 300 },
		9:  func(w *World, _ econZones) { w.Camps[0].Resources.Gold = 500 },
		10: func(w *World, _ econZones) { w.Camps[0].Resources.Tools = 50 },
		11: func(w *World, _ econZones) { w.Camps[0].Resources.Research = Techs[1].Research },
		12: func(w *World, _ econZones) { w.Camps[0].Resources.Research = Techs[10].Research },
		13: func(w *World, _ econZones) { w.Camps[0].Resources.Research = Techs[20].Research },
		14: func(w *World, _ econZones) { w.Camps[0].Resources.Research = Techs[25].Research },
		15: func(w *World, _ econZones) { w.Camps[0].Resources.Research = Techs[29].Research },
		16: func(w *World, _ econZones) { hold(w, 3) },
		17: func(w *World, _ econZones) { hold(w, 10) },
		18: func(w *World, _ econZones) { hold(w, 25) },
		19: func(w *World, zs econZones) { w.Zones[zs.forest].Development = 4 },
		20: func(w *World, zs econZones) { w.Zones[zs.forest].Development = 7 },
		21: func(w *World, zs econZones) { w.Zones[zs.capital].Monument = true },
		22: func(w *World, _ econZones) { w.Routes = []Route{{A: 0, B: 2}} },
		23: func(w *World, _ econZones) { w.Camps[0].Morale = 100 },
		24: func(w *World, _ econZones) {
			tk := &tick{w: w}
			for w.Population(0) < 100 {
				tk.addArrival(0, lang.T("migrants", "migrants"))
			}
		},
		25: func(w *World, _ econZones) {
			for z := ZoneID(1); z <= 45; z++ {
				w.Camps[0].Memory[z].Seen = true
			}
		},
		26: func(w *World, zs econZones) { w.Zones[zs.capital].Garrison = 20 },
	}
	t.Run("ACH-1 26 achievements with a code, a French name and a condition; none at setup", func(t *testing.T) {
		codes := map[string]bool{}
		for i := 1; i <= NumAchievements; i++ {
			a := Achievements[i]
			if a.ID != AchievementID(i) || a.Code == "" || a.Name.EN == "" || a.Name.FR == "" || a.Condition.EN == "" || a.Condition.FR == "" || codes[a.Code] {
				t.Errorf("achievement %d: %+v; want an ID, a unique code, a name and a condition", i, a)
			}
			codes[a.Code] = true
		}
		w := NewWorld(1)
		tk := startTick(w)
		tk.unlockAchievements()
		for c := range CampID(NumCamps) {
			if tk.w.Camps[c].Achievements != 0 {
				t.Errorf("camp %d unlocked %b at setup; want none", c, tk.w.Camps[c].Achievements)
			}
		}
	})
	for i := AchievementID(1); i <= NumAchievements; i++ {
		a := Achievements[i]
		t.Run("ACH-1 "+a.Code, func(t *testing.T) {
			w, zs := econWorld(t)
			w.Camps[0].Resources = Resources{}
			setups[i](w, zs)
			tk := startTick(w)
			tk.unlockAchievements()
			if !tk.w.HasAchievement(0, i) {
				t.Fatalf("%s (%s) not unlocked", a.Code, a.Condition)
			}
			found := false
			for _, e := range tk.journal {
				found = found || e.Kind == "achievement" && strings.Contains(e.Narration.FR, a.Name.FR)
			}
			if !found {
				t.Errorf("journal %+v; want %q announced", tk.journal, a.Name)
			}
			// Once and for good: the condition lost, it stays; no second
			// announcement.
			lost := tk.w.Clone()
			lost.Zones = NewWorld(1).Zones
			lost.Camps[0].Resources, lost.Camps[0].Morale, lost.Routes = Resources{}, 50, nil
			again := startTick(lost)
			again.unlockAchievements()
			if !again.w.HasAchievement(0, i) {
				t.Errorf("%s lost with its condition", a.Code)
			}
			for _, e := range again.journal {
				if strings.Contains(e.Narration.FR, a.Name.FR) {
					t.Errorf("%s announced twice", a.Code)
				}
			}
		})
	}
}
