package grisonval

import (
	"testing"

	"github.com/grisonval/server/engine/career"
)

// interventionDay returns the first day from 1 on which camp c of world
// seed rolls want on its patrons' d666 and the other camps roll no triple.
func interventionDay(t *testing.T, seed uint64, c CampID, want career.D666) int {
	t.Helper()
	for day := 1; day < 100_000; day++ {
		ok := true
		for o := range CampID(NumCamps) {
			roll := career.RollD666(NewRand(seed, day, int(o), PurposeIntervention))
			if o == c && roll != want || o != c && roll.Intervention() {
				ok = false
				break
			}
		}
		if ok {
			return day
		}
	}
	t.Fatalf("no day rolls %s for camp %d", want, c)
	return 0
}

// kindsOf returns the kinds of the tick's journal entries for camp c.
func (t *tick) kindsOf(c CampID) []string {
	var out []string
	for _, e := range t.journal {
		if e.Camp == c {
			out = append(out, e.Kind)
		}
	}
	return out
}

// TestIntervention checks PAT-D666, PAT-GRACE and PAT-CHAOS: a 111 of a
// camp's patrons raises its morale and heals its ruler; a 666 lowers the
// morale of every camp at war with it, not of its allies; any other roll,
// and any roll of a world played by older rules, does nothing.
func TestIntervention(t *testing.T) {
	const seed = 5
	setup := func(rules Rules, day int) *tick {
		w := NewWorldRules(seed, rules)
		w.Day = day
		for c := range w.Camps {
			w.Camps[c].Morale = 50
		}
		w.SetRelation(0, 2, Peace)
		w.Rulers[0] = career.WorldBonuses{PowerPoints: 4, Wounds: 3}
		return &tick{prev: w, w: w.Clone()}
	}
	morale := func(tk *tick) [NumCamps]int {
		var m [NumCamps]int
		for c := range m {
			m[c] = tk.w.Camps[c].Morale
		}
		return m
	}
	grace := interventionDay(t, seed, 0, career.D666{1, 1, 1})
	chaos := interventionDay(t, seed, 1, career.D666{6, 6, 6})
	t.Run("PAT-GRACE a 111 raises morale and heals the ruler", func(t *testing.T) {
		tk := setup(RulesWar, grace)
		tk.intervene()
		if got, want := morale(tk), [NumCamps]int{50 + GraceMorale, 50, 50}; got != want {
			t.Errorf("PAT-D666 day %d: morale %v; want %v", grace, got, want)
		}
		if r := tk.w.Rulers[0]; r.PowerPoints != 7 || r.Wounds != 0 {
			t.Errorf("ruler: %d PP, %d wounds; want 7 PP (4 + 3 healed), 0 wounds", r.PowerPoints, r.Wounds)
		}
		if got := tk.kindsOf(0); len(got) != 1 || got[0] != "patron_grace" {
			t.Errorf("journal of camp 0: %v; want patron_grace", got)
		}
	})
	t.Run("PAT-GRACE morale is capped at 100", func(t *testing.T) {
		tk := setup(RulesWar, grace)
		tk.w.Camps[0].Morale = 95
		tk.intervene()
		if got := tk.w.Camps[0].Morale; got != 100 {
			t.Errorf("morale %d; want 100", got)
		}
	})
	t.Run("PAT-CHAOS a 666 strikes the camps at war with the roller", func(t *testing.T) {
		tk := setup(RulesWar, chaos)
		tk.w.Camps[2].Morale = 3
		tk.intervene()
		// Camp 1 is at war with camps 0 and 2 (every pair starts at war).
		if got, want := morale(tk), [NumCamps]int{50 - ChaosMorale, 50, 0}; got != want {
			t.Errorf("PAT-D666 day %d: morale %v; want %v", chaos, got, want)
		}
		if got := tk.kindsOf(1); len(got) != 1 || got[0] != "patron_chaos" {
			t.Errorf("journal of camp 1: %v; want patron_chaos", got)
		}
		for _, c := range []CampID{0, 2} {
			if got := tk.kindsOf(c); len(got) != 1 || got[0] != "chaos_suffered" {
				t.Errorf("journal of camp %d: %v; want chaos_suffered", c, got)
			}
		}
	})
	t.Run("PAT-CHAOS spares a camp at peace", func(t *testing.T) {
		tk := setup(RulesWar, chaos)
		tk.w.SetRelation(1, 0, Peace)
		tk.intervene()
		if got, want := morale(tk), [NumCamps]int{50, 50, 50 - ChaosMorale}; got != want {
			t.Errorf("morale %v; want %v", got, want)
		}
	})
	t.Run("PAT-D666 no triple, no intervention", func(t *testing.T) {
		day := 1
		for ; ; day++ {
			quiet := true
			for c := range NumCamps {
				quiet = quiet && !career.RollD666(NewRand(seed, day, c, PurposeIntervention)).Intervention()
			}
			if quiet {
				break
			}
		}
		tk := setup(RulesWar, day)
		tk.intervene()
		if got, want := morale(tk), [NumCamps]int{50, 50, 50}; got != want || len(tk.journal) != 0 {
			t.Errorf("day %d: morale %v, journal %v; want %v and nothing", day, got, tk.journal, want)
		}
	})
	t.Run("PAT-D666 older rules roll no d666", func(t *testing.T) {
		for _, day := range []int{grace, chaos} {
			tk := setup(RulesGovernance, day)
			tk.intervene()
			if got, want := morale(tk), [NumCamps]int{50, 50, 50}; got != want || len(tk.journal) != 0 {
				t.Errorf("day %d: morale %v, journal %v; want %v and nothing", day, got, tk.journal, want)
			}
		}
	})
	t.Run("PAT-D666 the events phase rolls it", func(t *testing.T) {
		w := NewWorldRules(seed, RulesWar)
		w.Day = grace - 1
		found := false
		for _, e := range Resolve(w, [NumCamps]Order{}).Journal {
			found = found || e.Kind == "patron_grace" && e.Camp == 0
		}
		if !found {
			t.Errorf("day %d: no patron_grace in the journal of a world played by RulesWar", grace)
		}
	})
}
