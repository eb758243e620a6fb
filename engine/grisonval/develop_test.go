package grisonval

import (
	"slices"
	"testing"
)

func TestDevelop(t *testing.T) {
	t.Run("DEV-2 cost is the base times the current level; 0 to 7 costs 378 wood, 210 stone, 42 tools, 84 gold", func(t *testing.T) {
		var total Resources
		for level, want := range []Resources{
			{},
			{Wood: 18, Stone: 10, Tools: 2, Gold: 4},
			{Wood: 36, Stone: 20, Tools: 4, Gold: 8},
			{Wood: 54, Stone: 30, Tools: 6, Gold: 12},
			{Wood: 72, Stone: 40, Tools: 8, Gold: 16},
			{Wood: 90, Stone: 50, Tools: 10, Gold: 20},
			{Wood: 108, Stone: 60, Tools: 12, Gold: 24},
		} {
			if got := DevelopCost(level); got != want {
				t.Errorf("level %d -> %d costs %v; want %v", level, level+1, got, want)
			}
			if got := DevelopResearch(level); got != 25*int64(level) {
				t.Errorf("level %d -> %d needs %d research; want %d", level, level+1, got, 25*level)
			}
			total = total.Add(DevelopCost(level))
		}
		if want := (Resources{Wood: 378, Stone: 210, Tools: 42, Gold: 84}); total != want {
			t.Errorf("0 -> 7 costs %v; want %v", total, want)
		}
	})
	t.Run("DEV-2 the research threshold is never spent", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Zones[zs.plains].Development = 2
		w.Camps[0].Resources.Research = 49
		o := Order{Action: Develop, Args: []int{int(zs.plains)}}
		if got := refusal(w, 0, o); got != CodeNotAllowed {
			t.Errorf("develop a level-2 zone with 49 research: %q; want %q (the research, not the zone)", got, CodeNotAllowed)
		}
		w.Camps[0].Resources.Research = 50
		tk := play(t, w, 0, o)
		if got, want := tk.w.Camps[0].Resources, w.Camps[0].Resources.Sub(DevelopCost(2)); got != want {
			t.Errorf("stock after develop from level 2: %v; want %v (research kept)", got, want)
		}
		poor, zs := econWorld(t)
		poor.Camps[0].Resources = Resources{Wood: 17, Stone: 10, Tools: 2, Gold: 4, Research: 100}
		for z := ZoneID(1); z <= NumZones; z++ {
			if poor.Zones[z].Owner == 0 {
				poor.Zones[z].Development = 1
			}
		}
		if got := refusal(poor, 0, Order{Action: Develop, Args: []int{int(zs.capital)}}); got != CodeShortOf {
			t.Errorf("develop from level 1 with 17 wood: %q; want %q", got, CodeShortOf)
		}
	})
	t.Run("DEV-1 cap 4, 5 with civil engineering, 6 with hydraulic engineering, 7 with urbanism", func(t *testing.T) {
		for _, tc := range []struct {
			research int64
			want     int
		}{
			{0, 4},
			{Techs[TechCivilEngineering].Research - 1, 4},
			{Techs[TechCivilEngineering].Research, 5},
			{Techs[TechHydraulic].Research, 6},
			{Techs[TechUrbanism].Research - 1, 6},
			{Techs[TechUrbanism].Research, 7},
		} {
			w, zs := econWorld(t)
			w.Camps[0].Resources.Research = tc.research
			if got := w.DevelopCap(0); got != tc.want {
				t.Errorf("cap at research %d: %d; want %d", tc.research, got, tc.want)
			}
			w.Zones[zs.plains].Development = tc.want
			if got := zoneChoices(t, w, 0, Develop); slices.Contains(got, int(zs.plains)) {
				t.Errorf("develop offers zone %d at the cap %d", zs.plains, tc.want)
			}
			w.Zones[zs.plains].Development = tc.want - 1
			if got := zoneChoices(t, w, 0, Develop); !slices.Contains(got, int(zs.plains)) && tc.research >= DevelopResearch(tc.want-1) {
				t.Errorf("develop does not offer zone %d one level under the cap %d", zs.plains, tc.want)
			}
		}
	})
	t.Run("DEV-4 each level gives a slot and a point of defence", func(t *testing.T) {
		w, zs := econWorld(t)
		slots, def := w.Slots(zs.forest), w.Defence(zs.forest)
		tk := play(t, w, 0, Order{Action: Develop, Args: []int{int(zs.forest)}})
		if got := tk.w.Zones[zs.forest].Development; got != 1 {
			t.Errorf("level %d after develop; want 1", got)
		}
		if got := tk.w.Slots(zs.forest); got != slots+1 {
			t.Errorf("slots %d; want %d", got, slots+1)
		}
		if got := tk.w.Defence(zs.forest); got != def+1 {
			t.Errorf("defence %d; want %d", got, def+1)
		}
		if got := tk.w.Camps[0].Resources; got != w.Camps[0].Resources {
			t.Errorf("0 -> 1 cost %v; want free", w.Camps[0].Resources.Sub(got))
		}
	})
}

func TestMonument(t *testing.T) {
	t.Run("MON-1 one per camp on the capital: 200 wood, 200 stone, 50 tools, 100 gold, research 5000; +3 defence, +2 morale a day", func(t *testing.T) {
		w, zs := econWorld(t)
		o := Order{Action: BuildMonument}
		w.Camps[0].Resources.Research = MonumentResearch - 1
		if got := refusal(w, 0, o); got != CodeNotAllowed {
			t.Errorf("monument at research 4999: %q; want %q", got, CodeNotAllowed)
		}
		w.Camps[0].Resources.Research = MonumentResearch
		poor := w.Clone()
		poor.Camps[0].Resources.Tools = 49
		if got := refusal(poor, 0, o); got != CodeShortOf {
			t.Errorf("monument with 49 tools: %q; want %q", got, CodeShortOf)
		}
		def := w.Defence(zs.capital)
		tk := play(t, w, 0, o)
		if got, want := tk.w.Camps[0].Resources, w.Camps[0].Resources.Sub(MonumentCost); got != want {
			t.Errorf("stock after the monument %v; want %v", got, want)
		}
		if !tk.w.Zones[zs.capital].Monument || tk.w.Defence(zs.capital) != def+3 {
			t.Errorf("capital monument %v, defence %d; want true, %d", tk.w.Zones[zs.capital].Monument, tk.w.Defence(zs.capital), def+3)
		}
		if got := refusal(tk.w, 0, o); got != CodeNotAllowed {
			t.Errorf("a second monument: %q; want %q", got, CodeNotAllowed)
		}
		tk.w.Camps[0].Morale = 50
		_, after := produced(tk.w, 0)
		if got := after.w.Camps[0].Morale; got != 52 {
			t.Errorf("morale with the monument %d; want 52", got)
		}
	})
}
