package grisonval_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

func TestPolitics(t *testing.T) {
	t.Run("POL-1 six forms, each with a code that parses back, a French name and an effect", func(t *testing.T) {
		for g := grisonval.Government(1); g <= grisonval.NumGovernments; g++ {
			f := grisonval.Governments[g]
			if back, ok := grisonval.ParseGovernment(f.Code); !ok || back != g || f.Name.EN == "" || f.Name.FR == "" || f.Effect.EN == "" || f.Effect.FR == "" {
				t.Errorf("form %d %+v parses back to %d, %v", g, f, back, ok)
			}
		}
	})

	t.Run("POL-3 every camp starts under autocracy at legitimacy 60", func(t *testing.T) {
		w := grisonval.NewWorldRules(1, grisonval.RulesWar)
		for c := range w.Camps {
			if w.Camps[c].Government != grisonval.Autocracy || w.Camps[c].Legitimacy != 60 {
				t.Errorf("camp %d starts under %s at %d; want autocracy at 60", c, w.Camps[c].Government, w.Camps[c].Legitimacy)
			}
		}
		if err := grisonval.Validate(mustWorld(1, func(w *grisonval.World) { w.Camps[0].Resources.Research = 10 }), 0, order(grisonval.SetGovernment, int(grisonval.Republic))); err != nil {
			t.Errorf("set_government on the first day: %v", err)
		}
	})

	t.Run("POL-1 a form's output bonuses", func(t *testing.T) {
		for _, tc := range []struct {
			g    grisonval.Government
			b    grisonval.BuildingKind
			want int64
		}{
			{grisonval.Autocracy, grisonval.School, 100},
			{grisonval.Republic, grisonval.Farm, 105},
			{grisonval.Republic, grisonval.School, 105},
			{grisonval.Scholarchy, grisonval.School, 125},
			{grisonval.Scholarchy, grisonval.Farm, 95},
			{grisonval.Theocracy, grisonval.School, 80},
			{grisonval.Theocracy, grisonval.Farm, 100},
			{grisonval.Oligarchy, grisonval.Market, 125},
			{grisonval.Oligarchy, grisonval.Farm, 100},
		} {
			// The treasurer's seat vacant (economy -4) takes the founding
			// marshal's and spymaster's +2 each: economy 0, so the
			// markets owe nothing to it (EDI-7) and only the form counts.
			w := mustWorld(1, func(w *grisonval.World) {
				w.Camps[0].Government = tc.g
				w.Camps[0].Council[grisonval.SeatTreasurer-1] = grisonval.Seat{}
			})
			if e := w.Stats(0).Economy; e != 0 {
				t.Fatalf("economy %d with the treasurer's seat vacant; want 0", e)
			}
			if got := w.OutputPercent(0, tc.b); got != tc.want {
				t.Errorf("%s: %s output %d %%; want %d %%", tc.g, tc.b, got, tc.want)
			}
		}
	})

	t.Run("POL-1 an overlord's zones defend +1", func(t *testing.T) {
		w := mustWorld(1, nil)
		before := w.Defence(capitalOf(0))
		w.Camps[0].Government = grisonval.Overlord
		if got := w.Defence(capitalOf(0)); got != before+1 {
			t.Errorf("defence %d under an overlord; want %d", got, before+1)
		}
	})

	t.Run("POL-2 the menu offers every other form", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) {
			w.Camps[0].Resources.Research = 60 // tier 2 (50): 10 spare
			w.Camps[0].Government = grisonval.Theocracy
		})
		got := legalCamps(w, 0, grisonval.SetGovernment)
		want := []int{1, 2, 3, 4, 6}
		if !slices.Equal(got, want) {
			t.Errorf("set_government choices %v; want %v", got, want)
		}
		for _, la := range grisonval.LegalActions(w, 0) {
			if la.Action == grisonval.SetGovernment && la.Args[0].Kind != grisonval.ArgGovernment {
				t.Errorf("argument kind %d; want ArgGovernment", la.Args[0].Kind)
			}
		}
	})

	t.Run("POL-2 set_government keeps every tier: research never falls under the last threshold reached", func(t *testing.T) {
		for _, tc := range []struct {
			research int64
			ok       bool
		}{{9, false}, {10, true}, {22, false}, {23, true}, {50, false}, {60, true}} {
			w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].Resources.Research = tc.research })
			err := grisonval.Validate(w, 0, order(grisonval.SetGovernment, int(grisonval.Republic)))
			if (err == nil) != tc.ok {
				t.Errorf("research %d (tier %d): %v; want allowed %v", tc.research, w.Tier(0), err, tc.ok)
				continue
			}
			if err == nil {
				out := grisonval.Resolve(w, orders(order(grisonval.SetGovernment, int(grisonval.Republic)), rest(), rest()))
				if out.World.Tier(0) != w.Tier(0) {
					t.Errorf("research %d: tier %d after the change; want %d", tc.research, out.World.Tier(0), w.Tier(0))
				}
			}
		}
	})

	t.Run("LEG-2 morale moves legitimacy by -2 to +2", func(t *testing.T) {
		for _, tc := range []struct{ morale, want int }{
			{100, 2}, {80, 2}, {79, 1}, {60, 1}, {59, 0}, {40, 0}, {39, -1}, {20, -1}, {19, -2}, {0, -2},
		} {
			if got := grisonval.MoraleLegitimacy(tc.morale); got != tc.want {
				t.Errorf("morale %d: %+d; want %+d", tc.morale, got, tc.want)
			}
		}
	})

	t.Run("LEG-3 a master who dies is a legend lost: -3", func(t *testing.T) {
		legit := func(level uint8) int {
			var id int32
			w := mustWorld(1, func(w *grisonval.World) {
				for i := range w.Camps[0].Citizens {
					if p := &w.Camps[0].Citizens[i]; !p.UnderArms {
						p.Age, p.Level, id = 100, level, p.ID
						break
					}
				}
			})
			out := grisonval.Resolve(w, orders(order(grisonval.ChopWood), rest(), rest()))
			if slices.ContainsFunc(out.World.Camps[0].Citizens, func(p grisonval.Citizen) bool { return p.ID == id }) {
				t.Fatalf("the elder of 100 did not die")
			}
			return out.World.Camps[0].Legitimacy
		}
		if master, novice := legit(grisonval.MaxLevel), legit(1); master != novice+grisonval.LegLegendLost {
			t.Errorf("legitimacy %d when a master dies, %d when a novice does; want %d less", master, novice, -grisonval.LegLegendLost)
		}
	})

	t.Run("LEG-3 a great monument razed is a legend lost: -3", func(t *testing.T) {
		legit := func(monument bool) int {
			w := mustWorld(1, func(w *grisonval.World) {
				w.Zone(capitalOf(1)).Monument = monument
				w.Zone(capitalOf(1) + 1).Owner = 1
				w.Sieges = []grisonval.Siege{{Zone: capitalOf(1), Camp: 0, Men: 40, Assault: 1}}
			})
			out := grisonval.Resolve(w, orders(rest(), order(grisonval.ChopWood), rest()))
			if out.World.Zone(capitalOf(1)).Owner != 0 {
				t.Fatalf("the capital did not fall")
			}
			return out.World.Camps[1].Legitimacy
		}
		if with, without := legit(true), legit(false); with != without+grisonval.LegLegendLost {
			t.Errorf("legitimacy %d when the monument falls with the capital, %d without one; want %d less", with, without, -grisonval.LegLegendLost)
		}
	})

	t.Run("LEG-4 a coup imposes another form, drawn from the camp's own stream", func(t *testing.T) {
		seen := map[grisonval.Government]bool{}
		for seed := uint64(1); seed <= 60; seed++ {
			w := mustWorld(seed, func(w *grisonval.World) {
				w.Camps[1].Government, w.Camps[1].Legitimacy, w.Camps[1].LowLegitimacy, w.Camps[1].Morale = grisonval.Republic, 0, 4, 10
			})
			out := grisonval.Resolve(w, orders(rest(), order(grisonval.ChopWood), rest()))
			g := out.World.Camps[1].Government
			if g == grisonval.Republic || out.World.Camps[1].Legitimacy != grisonval.CoupLegitimacy {
				t.Fatalf("seed %d: %s at legitimacy %d after the coup; want another form at %d", seed, g, out.World.Camps[1].Legitimacy, grisonval.CoupLegitimacy)
			}
			seen[g] = true
			if again := grisonval.Resolve(w, orders(rest(), order(grisonval.ChopWood), rest())); again.World.Camps[1].Government != g {
				t.Fatalf("seed %d: the coup drew %s, then %s", seed, g, again.World.Camps[1].Government)
			}
		}
		if len(seen) != grisonval.NumGovernments-1 {
			t.Errorf("coups imposed %v over 60 seeds; want each of the other %d forms", seen, grisonval.NumGovernments-1)
		}
	})
}
