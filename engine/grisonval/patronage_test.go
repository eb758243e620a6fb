package grisonval

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/career"
)

// TestWounds checks PP-WOUND and PP-FALL: each battle a camp lost today
// wounds its ruler once and takes a power point; the wound that takes the
// last strikes the ruler down and the camp loses its sheet's bonuses; a
// camp without a ruler, and a world played by older rules, are not
// touched.
func TestWounds(t *testing.T) {
	sheet, err := career.NewSheet([career.NumCharacteristics]int{3, 2, 2, 2, 1}, [career.NumTalents]int{1, 1, 1, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	bonuses := career.Bonuses(sheet)
	// day resolves the end of a day on which camp 0 lost defeats battles,
	// starting from its ruler r, and returns the ruler and camp 0's journal
	// kinds.
	day := func(rules Rules, r career.WorldBonuses, defeats int) (career.WorldBonuses, []string) {
		w := NewWorldRules(3, rules)
		w.Rulers[0] = r
		tk := &tick{prev: w, w: w.Clone()}
		tk.facts[0][factDefeat] = defeats
		tk.woundRulers()
		return tk.w.Rulers[0], tk.kindsOf(0)
	}
	t.Run("PP-WOUND a defeat wounds the ruler and takes a power point", func(t *testing.T) {
		r, kinds := day(RulesWar, bonuses, 2)
		want := bonuses
		want.PowerPoints, want.Wounds = career.MaxPPNew-2, 2
		if r != want {
			t.Errorf("got %+v; want %+v", r, want)
		}
		if !slices.Equal(kinds, []string{"ruler_wounded", "ruler_wounded"}) {
			t.Errorf("journal %v; want two ruler_wounded", kinds)
		}
	})
	t.Run("PP-FALL the wound that takes the last power point strikes the ruler down", func(t *testing.T) {
		r := bonuses
		r.PowerPoints, r.Wounds = 1, career.MaxPPNew-1
		got, kinds := day(RulesWar, r, 2)
		if want := (career.WorldBonuses{Wounds: career.MaxPPNew}); got != want {
			t.Errorf("got %+v; want %+v: no bonus, no power point, the wounds kept", got, want)
		}
		if !slices.Equal(kinds, []string{"ruler_struck_down"}) {
			t.Errorf("journal %v; want ruler_struck_down once", kinds)
		}
	})
	t.Run("PP-FALL a bought power point weathers one more defeat", func(t *testing.T) {
		bought := bonuses
		bought.PowerPoints++
		if r, _ := day(RulesWar, bonuses, career.MaxPPNew); r.AssaultBonus != 0 {
			t.Errorf("%d defeats with %d PP: %+v; want the ruler struck down", career.MaxPPNew, bonuses.PowerPoints, r)
		}
		if r, _ := day(RulesWar, bought, career.MaxPPNew); r.AssaultBonus != bonuses.AssaultBonus || r.PowerPoints != 1 {
			t.Errorf("%d defeats with %d PP: %+v; want the ruler standing on 1 PP", career.MaxPPNew, bought.PowerPoints, r)
		}
	})
	t.Run("PP-WOUND no ruler, no wound", func(t *testing.T) {
		if r, kinds := day(RulesWar, career.WorldBonuses{}, 3); r != (career.WorldBonuses{}) || kinds != nil {
			t.Errorf("got %+v, journal %v; want nothing", r, kinds)
		}
	})
	t.Run("PP-WOUND older rules wound no ruler", func(t *testing.T) {
		if r, kinds := day(RulesGovernance, bonuses, 3); r != bonuses || kinds != nil {
			t.Errorf("got %+v, journal %v; want %+v and nothing", r, kinds, bonuses)
		}
	})
}

// TestWoundsInATick checks that a tick wounds the ruler whose column's
// assault was repelled that day (PP-WOUND), at the end of the day.
func TestWoundsInATick(t *testing.T) {
	for _, rules := range []Rules{RulesGovernance, RulesWar} {
		w := NewWorldRules(3, rules)
		capital := w.Capital(0)
		w.Rulers[1] = career.WorldBonuses{PowerPoints: career.MaxPPNew}
		w.Columns = []Column{{ID: w.NextColumn, Camp: 1, Kind: ArmyColumn, Men: 1, From: w.Capital(1), To: capital, Depart: 0, Arrive: 1}}
		w.NextColumn++
		out := Resolve(w, [NumCamps]Order{})
		repelled := false
		for _, e := range out.Journal {
			repelled = repelled || e.Kind == "battle" && e.Camp == 1
		}
		if !repelled {
			t.Fatalf("rules %d: the assault was not repelled: %v", rules, out.Journal)
		}
		want := career.WorldBonuses{PowerPoints: career.MaxPPNew}
		if rules >= RulesWar {
			want = career.WorldBonuses{PowerPoints: career.MaxPPNew - 1, Wounds: 1}
		}
		if got := out.World.Rulers[1]; got != want {
			t.Errorf("PP-WOUND rules %d: camp 1's ruler %+v; want %+v", rules, got, want)
		}
	}
}
