package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/engine/grisonval"
)

// TestRulerBonuses covers SHEET-BONUS: each world bonus of a ruler's sheet
// changes what its camp, and only its camp, gets.
func TestRulerBonuses(t *testing.T) {
	with := func(b career.WorldBonuses) *grisonval.World {
		w := grisonval.NewWorld(6)
		w.SetRuler(0, b)
		return w
	}
	plain := grisonval.NewWorld(6)
	t.Run("SHEET-BONUS Prestige raises the starting morale", func(t *testing.T) {
		if got := with(career.WorldBonuses{StartMorale: 4}).Camps[0].Morale; got != grisonval.StartMorale+4 {
			t.Errorf("morale %d; want %d", got, grisonval.StartMorale+4)
		}
		w := with(career.WorldBonuses{StartMorale: 4})
		w.SetRuler(0, career.WorldBonuses{StartMorale: 2})
		if got := w.Camps[0].Morale; got != grisonval.StartMorale+2 {
			t.Errorf("a ruler set twice: morale %d; want %d", got, grisonval.StartMorale+2)
		}
	})
	t.Run("SHEET-BONUS Harangue adds to a rest", func(t *testing.T) {
		w := with(career.WorldBonuses{RestMorale: 2})
		a, b := grisonval.Resolve(w, orders(rest(), rest(), rest())).World, grisonval.Resolve(plain, orders(rest(), rest(), rest())).World
		// The citizens' moods pull morale after the rest (CIT-MOOD), so the
		// two extra points may shrink, never vanish.
		if a.Camps[0].Morale <= b.Camps[0].Morale || a.Camps[1].Morale != b.Camps[1].Morale {
			t.Errorf("morale %d and %d; want camp 0 above %d, camp 1 unchanged", a.Camps[0].Morale, a.Camps[1].Morale, b.Camps[0].Morale)
		}
	})
	t.Run("SHEET-BONUS Savoir adds research", func(t *testing.T) {
		a := grisonval.Resolve(with(career.WorldBonuses{ResearchPerDay: 3}), orders(rest(), rest(), rest())).World
		b := grisonval.Resolve(plain, orders(rest(), rest(), rest())).World
		if d := a.Camps[0].Resources.Research - b.Camps[0].Resources.Research; d != 3 {
			t.Errorf("research +%d; want +3", d)
		}
	})
	t.Run("SHEET-BONUS Intendance and Bâtisseur lighten the upkeep", func(t *testing.T) {
		w := with(career.WorldBonuses{UpkeepGoldRebate: 1, FreeBuildings: 2})
		if got, want := w.Upkeep(0).Governance.Gold, plain.Upkeep(0).Governance.Gold-1; got != want {
			t.Errorf("governance gold %d; want %d", got, want)
		}
		for _, x := range []*grisonval.World{w, plain} {
			z := x.Capital(0)
			x.Zone(z).Buildings = []grisonval.BuildingKind{grisonval.Farm, grisonval.Farm, grisonval.Farm}
			z2 := firstFree(x, 0)
			x.Zone(z2).Owner, x.Zone(z2).Buildings = 0, []grisonval.BuildingKind{grisonval.House, grisonval.House, grisonval.House}
		}
		// Six buildings: 2 taxed (1 wood) for the plain camp, none with 2
		// more free.
		if got, was := w.Upkeep(0).Buildings.Wood, plain.Upkeep(0).Buildings.Wood; got != 0 || was != 1 {
			t.Errorf("buildings wood %d (plain %d); want 0 (1)", got, was)
		}
	})
	t.Run("SHEET-BONUS Éclaireur shortens marches, never under a day", func(t *testing.T) {
		// Settlers to a free coast next door: 1 + 1 + 1 + 1 = 4 days.
		for _, tc := range []struct{ saved, want int }{{0, 4}, {1, 3}, {5, 1}} {
			w := with(career.WorldBonuses{MarchDaysSaved: tc.saved})
			out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.ExpandTo, Args: []int{int(firstFree(w, 0))}}, rest(), rest())).World
			if len(out.Columns) != 1 || out.Columns[0].Arrive-1 != tc.want {
				t.Errorf("saved %d: columns %+v; want a march of %d days", tc.saved, out.Columns, tc.want)
			}
		}
	})
	t.Run("SHEET-BONUS Stratégie and Sièges add to assaults", func(t *testing.T) {
		mk := func(b career.WorldBonuses) *grisonval.World {
			w := grisonval.NewWorld(6)
			w.SetRuler(1, b)
			z := firstFree(w, 0)
			w.Zone(z).Owner, w.Zone(z).Garrison = 0, 4
			w.Columns = []grisonval.Column{{ID: 1, Camp: 1, Kind: grisonval.ArmyColumn, Men: 6, To: z, Arrive: 1}}
			w.NextColumn = 2
			return w
		}
		// 6 men against 4 + coast 1 + 2 militia: lost without a bonus, won
		// with +2.
		if len(grisonval.Resolve(mk(career.WorldBonuses{}), orders(rest(), rest(), rest())).World.Sieges) != 0 {
			t.Error("6 men invested a defence of 7")
		}
		if len(grisonval.Resolve(mk(career.WorldBonuses{AssaultBonus: 2}), orders(rest(), rest(), rest())).World.Sieges) != 1 {
			t.Error("6 men with Stratégie +2 did not invest a defence of 7")
		}
	})
	t.Run("SHEET-BONUS Sièges adds to the decisive assault only", func(t *testing.T) {
		mk := func(b career.WorldBonuses) *grisonval.World {
			w := grisonval.NewWorld(6)
			w.SetRuler(1, b)
			z := firstFree(w, 0)
			w.Zone(z).Owner, w.Zone(z).Garrison = 0, 2
			w.Sieges = []grisonval.Siege{{Zone: z, Camp: 1, Men: 5, Start: 0, Assault: 1}}
			return w
		}
		z := firstFree(grisonval.NewWorld(6), 0)
		if got := grisonval.Resolve(mk(career.WorldBonuses{}), orders(rest(), rest(), rest())).World.Zone(z).Owner; got != 0 {
			t.Errorf("without Sièges the zone went to %d; want it held", got)
		}
		if got := grisonval.Resolve(mk(career.WorldBonuses{DecisiveAssaultBonus: 3}), orders(rest(), rest(), rest())).World.Zone(z).Owner; got != 1 {
			t.Errorf("with Sièges +3 the zone is %d's; want it taken by camp 1", got)
		}
	})
	t.Run("SHEET-BONUS Diplomatie eases the proposals of its camp", func(t *testing.T) {
		f := plain.PactFacts(1, 0, grisonval.Peace)
		g := with(career.WorldBonuses{DiplomacyBonus: 2}).PactFacts(1, 0, grisonval.Peace)
		if grisonval.PactDifficulty(g) != grisonval.PactDifficulty(f)-2 {
			t.Errorf("difficulty %d; want %d", grisonval.PactDifficulty(g), grisonval.PactDifficulty(f)-2)
		}
	})
}
