package grisonval

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
)

// masteryTick returns a tick on a RulesMastery world of seed 8 at day 1.
func masteryTick() *tick {
	w := NewWorldRules(8, RulesMastery)
	w.Day = 1
	return &tick{prev: w, w: w.Clone()}
}

// TestMasteryGovernance covers seed 001's kingdom upkeep brought in by
// RulesMastery: an unrest per negative statistic (GOV-NEG), unrest taken
// from every kingdom check (GOV-CHECK), the daily stability check against
// the land's size (GOV-UPKEEP) and the ruler of a large realm (CNL-RULER).
func TestMasteryGovernance(t *testing.T) {
	t.Run("GOV-NEG a point of unrest per negative statistic", func(t *testing.T) {
		for _, rules := range []Rules{RulesWar, RulesMastery} {
			w := NewWorldRules(8, rules)
			for _, s := range []SeatKind{SeatMarshal, SeatSpymaster, SeatTreasurer, SeatGeneral} {
				w.Camps[0].Council[s-1] = Seat{Since: w.Day}
			}
			s := w.Stats(0)
			base := 1 // the spymaster's vacancy (CNL-6)
			want := base
			if rules >= RulesMastery {
				want += (Stats{Economy: s.Economy, Loyalty: s.Loyalty, Stability: s.Stability}).negatives()
			}
			if s.Economy >= 0 || s.Unrest != want {
				t.Errorf("rules %d: stats %+v; want a negative economy and unrest %d", rules, s, want)
			}
		}
	})
	t.Run("GOV-CHECK unrest is taken from every kingdom check", func(t *testing.T) {
		tk := masteryTick()
		tk.w.Camps[0].Council[SeatRuler-1] = Seat{Since: 1} // unrest 4 (CNL-6)
		u := tk.w.Stats(0).Unrest
		r1, r2 := NewRand(1, 1, 0, PurposeEvent), NewRand(1, 1, 0, PurposeEvent)
		k := tk.stabilityCheck(0, r1, false)
		plain := kingdomCheck(r2, lang.T("stability", "stabilité"), tk.w.Stats(0).Stability, nil)
		if u == 0 || k.total != plain.total-u || !strings.Contains(k.text.EN, "unrest") {
			t.Errorf("unrest %d: check %d (%s); want %d", u, k.total, k.text.EN, plain.total-u)
		}
		tk.w.Rules = RulesWar
		if k := tk.stabilityCheck(0, NewRand(1, 1, 0, PurposeEvent), false); k.total != plain.total {
			t.Errorf("RulesWar: check %d; want %d, no unrest taken", k.total, plain.total)
		}
	})
	t.Run("GOV-UPKEEP a daily stability check against the land's size", func(t *testing.T) {
		tk := masteryTick()
		s := tk.w.Stats(0)
		for z := ZoneID(1); z <= NumZones && tk.w.HeldZones(0) < 3*UpkeepZones; z++ {
			if tk.w.Zones[z].Owner == NoCamp {
				tk.w.Zones[z].Owner = 0
			}
		}
		seen := map[int]bool{}
		for day := 1; day <= 400; day++ {
			tk.w.Day = day
			tk.streams = nil
			tm := tk.upkeepCheck(0, s)
			n, what := tm.n, tm.what()
			k := kingdomCheck(tk.w.Rand(day, 0, PurposeUpkeep), lang.T("stability", "stabilité"), s.Stability,
				[]bonus{{-s.Unrest, lang.T("unrest", "insatisfaction")}, {-3, lang.T("the land's size", "la taille du domaine")}})
			switch miss := CheckDC - k.total; {
			case k.ok && n != 1, !k.ok && miss <= UpkeepNearMiss && n != -1, !k.ok && miss > UpkeepNearMiss && (n > -1 || n < -4):
				t.Fatalf("day %d: check %s gave %d", day, k.text.EN, n)
			}
			if !strings.Contains(what.EN, "the land's size") {
				t.Fatalf("day %d: journal term %q names no size", day, what.EN)
			}
			seen[n] = true
		}
		if !seen[1] || !seen[-1] {
			t.Errorf("in 400 days the check gave %v; want successes and near misses", seen)
		}
	})
	t.Run("CNL-RULER the ruler of 26 zones also adds to stability", func(t *testing.T) {
		w := NewWorldRules(8, RulesMastery)
		small := w.Stats(0).Stability
		held := 1
		for z := ZoneID(1); z <= NumZones && held < LargeRealm; z++ {
			if w.Zones[z].Owner == NoCamp {
				w.Zones[z].Owner = 0
				held++
			}
		}
		ruler, _ := w.SeatHolder(0, SeatRuler)
		if got, want := w.Stats(0).Stability, small+ruler.BenefitIn(SeatRuler); got != want {
			t.Errorf("stability %d with %d zones; want %d (+ the ruler's benefit)", got, held, want)
		}
		w.Rules = RulesWar
		if got := w.Stats(0).Stability; got != small {
			t.Errorf("RulesWar: stability %d; want %d", got, small)
		}
	})
}

// TestMasteryDiplomatExplores covers CNL-8 under RulesMastery: without a
// grand diplomat serving, explore is closed too.
func TestMasteryDiplomatExplores(t *testing.T) {
	for _, rules := range []Rules{RulesWar, RulesMastery} {
		w := NewWorldRules(8, rules)
		w.Camps[0].Council[SeatDiplomat-1] = Seat{Since: w.Day + 1}
		err := councilBar(w, 0, Explore)
		if closed := err != nil; closed != (rules >= RulesMastery) {
			t.Errorf("rules %d: explore closed %v (%v); want %v", rules, closed, err, rules >= RulesMastery)
		}
		if err != nil && (!strings.Contains(err.Error(), "explore") || err.Field != "action") {
			t.Errorf("rules %d: refusal %v; want one on action naming explore", rules, err)
		}
	}
}

// TestMasteryEvents covers EVT-1, EVK-14 and EVK-15 under RulesMastery:
// the table still adds up to 25 % a day, the economic boom and the
// political calm give half their chances to the celebrity's visit and the
// pilgrimage, which do what the rules say.
func TestMasteryEvents(t *testing.T) {
	t.Run("EVT-1 RulesMastery's table adds up to 25 %", func(t *testing.T) {
		var sum int64
		table := EventTable(RulesMastery)
		for i, e := range table {
			sum += e.PPM
			want := int64(5_000)
			if i < len(Events) {
				if want = Events[i].PPM; e.Kind == KindBoom || e.Kind == KindCalm {
					want /= 2
				}
			}
			if e.PPM != want {
				t.Errorf("%s: %d ppm; want %d", e.Kind, e.PPM, want)
			}
		}
		if k := table[len(Events)].Kind + " " + table[len(Events)+1].Kind; k != KindCelebrity+" "+KindPilgrimage {
			t.Errorf("the table ends with %s; want the celebrity and the pilgrimage", k)
		}
		if sum != EventChancePPM || len(EventTable(RulesWar)) != len(Events) {
			t.Errorf("RulesMastery's table: %d ppm; want %d", sum, EventChancePPM)
		}
	})
	t.Run("EVK-14 a celebrity's visit: fame and gold", func(t *testing.T) {
		tk := masteryTick()
		gold, fame := tk.w.Camps[0].Resources.Gold, tk.w.Camps[0].Fame
		bp := explodingD6(NewRand(3, 1, 0, PurposeEvent))
		tk.celebrity(0, NewRand(3, 1, 0, PurposeEvent))
		if got := tk.w.Camps[0].Resources.Gold - gold; got != int64(GoldPerBP*bp) || tk.w.Camps[0].Fame != fame+1 {
			t.Errorf("gold +%d, fame %d; want +%d and %d", got, tk.w.Camps[0].Fame, GoldPerBP*bp, fame+1)
		}
	})
	t.Run("EVK-15 a pilgrimage: a festival that costs nothing, with a temple", func(t *testing.T) {
		tk := masteryTick()
		if hasTemple(tk.w, 0) {
			t.Fatal("a temple at the setup")
		}
		tk.w.Camps[0].Morale = 50
		before := tk.w.Camps[0].Resources
		tk.pilgrimage(0, NewRand(3, 1, 0, PurposeEvent))
		if tk.w.Camps[0].Morale != 53 || tk.w.Camps[0].Resources != before {
			t.Errorf("morale %d, resources %+v; want 53 and nothing spent", tk.w.Camps[0].Morale, tk.w.Camps[0].Resources)
		}
	})
}

// TestFullGranaries covers ACH-GRANARY: "Full Granaries" asks 2,500 food
// under RulesMastery, 5,000 before.
func TestFullGranaries(t *testing.T) {
	for rules, want := range map[Rules]int64{RulesWar: 5000, RulesMastery: 2500} {
		w := NewWorldRules(8, rules)
		w.Camps[0].Resources.Food = want - 1
		a := &Achievements[6]
		if s := w.campStats(0); a.met(&s) {
			t.Errorf("rules %d: met at %d food", rules, want-1)
		}
		w.Camps[0].Resources.Food = want
		if s := w.campStats(0); !a.met(&s) || !strings.Contains(a.ConditionUnder(rules).EN, lang.T("%d", "%d", want).EN) {
			t.Errorf("rules %d: not met at %d food, or condition %q", rules, want, a.ConditionUnder(rules).EN)
		}
	}
}
