package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/engine/grisonval"
)

// The rules of RulesMastery (rules version 3, issue 29), each beside what
// the older rules still play (RULES-1).

// TestSeatHeir covers CNL-HEIR: under RulesMastery a seat left vacant gets
// its successor at the end of the day (the adult without a seat who brings
// it most, then the youngest), who serves from the next day; older rules
// leave it vacant (the ruler's until a regent, CNL-10).
func TestSeatHeir(t *testing.T) {
	vacate := func(rules grisonval.Rules, s grisonval.SeatKind) *grisonval.World {
		w := grisonval.NewWorldRules(3, rules)
		w.Camps[0].Council[s-1] = grisonval.Seat{Since: w.Day}
		return w
	}
	t.Run("CNL-HEIR a vacant seat passes to its successor that night", func(t *testing.T) {
		for _, s := range []grisonval.SeatKind{grisonval.SeatTreasurer, grisonval.SeatRuler} {
			w := vacate(grisonval.RulesMastery, s)
			// The successor: among the adults without a seat, the most
			// benefit in the seat, then the youngest.
			var want grisonval.Citizen
			for _, p := range w.Camps[0].Citizens {
				if p.Age < grisonval.AdultAge || w.SeatOf(0, p.ID) != 0 {
					continue
				}
				if want.ID == 0 || p.BenefitIn(s) > want.BenefitIn(s) || p.BenefitIn(s) == want.BenefitIn(s) && p.Age < want.Age {
					want = p
				}
			}
			out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
			seat := out.World.Camps[0].Council[s-1]
			if seat.Citizen != want.ID || seat.Since != 1 {
				t.Errorf("seat %v: citizen %d since day %d; want %d (benefit %d, aged %d) since day 1", s, seat.Citizen, seat.Since, want.ID, want.BenefitIn(s), want.Age)
			}
			if !hasEntry(out.Journal, 0, "seat_filled") {
				t.Errorf("seat %v: no seat_filled in the journal", s)
			}
			if _, ok := out.World.SeatHolder(0, s); ok {
				t.Errorf("seat %v: held on its successor's first day; want him serving from the next", s)
			}
			next := grisonval.Resolve(out.World, orders(rest(), rest(), rest())).World
			if _, ok := next.SeatHolder(0, s); !ok {
				t.Errorf("seat %v: not held the day after", s)
			}
		}
	})
	t.Run("CNL-HEIR older rules leave the seat vacant", func(t *testing.T) {
		out := grisonval.Resolve(vacate(grisonval.RulesWar, grisonval.SeatTreasurer), orders(rest(), rest(), rest()))
		if c := out.World.Camps[0].Council[grisonval.SeatTreasurer-1].Citizen; c != 0 || hasEntry(out.Journal, 0, "seat_filled") {
			t.Errorf("treasurer %d after a day under RulesWar; want vacant", c)
		}
	})
}

// TestMasteryTaxes covers EDI-2 under RulesMastery: the taxes bring a gold
// a day per point of economy and 50 inhabitants, half of before.
func TestMasteryTaxes(t *testing.T) {
	for _, rules := range []grisonval.Rules{grisonval.RulesWar, grisonval.RulesMastery} {
		w := grisonval.NewWorldRules(4, rules)
		e, pop := w.Stats(0).Economy, w.Population(0)
		people := map[grisonval.Rules]int{grisonval.RulesWar: 25, grisonval.RulesMastery: 50}[rules]
		if got, want := w.Taxes(0), int64(e*pop/people); got != want || grisonval.TaxPeople(rules) != people {
			t.Errorf("EDI-2 rules %d: taxes %d with economy %d and %d inhabitants; want %d (a gold per %d)", rules, got, e, pop, want, people)
		}
	}
}

// TestRaidLoot covers BAT-LOOT: under RulesMastery the holder of a zone
// whose assault broke takes 2 gold per man of the beaten column; older
// rules give nothing.
func TestRaidLoot(t *testing.T) {
	for _, rules := range []grisonval.Rules{grisonval.RulesWar, grisonval.RulesMastery} {
		w := grisonval.NewWorldRules(1, rules)
		z := firstFree(w, 0)
		w.Zone(z).Owner, w.Zone(z).Garrison = 0, 6
		w.Columns = append(w.Columns, grisonval.Column{ID: 1, Camp: 1, Kind: grisonval.ArmyColumn, Men: 4, From: capitalOf(1), To: z, Arrive: 1})
		w.NextColumn = 2
		gold := w.Camps[0].Resources.Gold
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if !hasEntry(out.Journal, 0, "battle") {
			t.Fatalf("rules %d: no battle", rules)
		}
		var want int64
		if rules >= grisonval.RulesMastery {
			want = grisonval.RaidLootGold * 4
		}
		// The day's taxes, upkeep and consumption are the same either way:
		// compare with the same day without the column.
		w.Columns = nil
		base := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Resources.Gold
		if got := out.World.Camps[0].Resources.Gold - base; got != want || hasEntry(out.Journal, 0, "raid_loot") != (want > 0) {
			t.Errorf("BAT-LOOT rules %d: the holder gained %d gold over a quiet day (from %d); want %d and a raid_loot entry when it is", rules, got, gold, want)
		}
	}
}

// TestChaosWounds covers PP-CHAOS: under RulesMastery a 666 of a camp's
// patrons wounds the ruler of every camp at war with it (with the morale of
// PAT-CHAOS); older rules wound for lost battles only.
func TestChaosWounds(t *testing.T) {
	for _, rules := range []grisonval.Rules{grisonval.RulesWar, grisonval.RulesMastery} {
		w := grisonval.NewWorldRules(5, rules)
		for c := range grisonval.CampID(grisonval.NumCamps) {
			w.SetRuler(c, career.WorldBonuses{PowerPoints: 6})
		}
		// A day on which camp 1 rolls 666 and no other camp a triple.
		for day := 0; ; day++ {
			quiet := true
			for c := range grisonval.NumCamps {
				roll := career.RollD666(w.Rand(day+1, c, grisonval.PurposeIntervention))
				if c == 1 && !roll.Is666() || c != 1 && roll.Intervention() {
					quiet = false
				}
			}
			if quiet {
				w.Day = day
				break
			}
		}
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if !hasEntry(out.Journal, 1, "patron_chaos") {
			t.Fatalf("rules %d day %d: no chaos", rules, w.Day+1)
		}
		for _, c := range []grisonval.CampID{0, 2} {
			wounds := out.World.Rulers[c].Wounds
			if want := map[bool]int{true: 1}[rules >= grisonval.RulesMastery]; wounds != want || hasEntry(out.Journal, c, "ruler_wounded") != (want > 0) {
				t.Errorf("PP-CHAOS rules %d: camp %d's ruler has %d wounds; want %d", rules, c, wounds, want)
			}
		}
		if out.World.Rulers[1].Wounds != 0 {
			t.Errorf("rules %d: the roller's own ruler wounded", rules)
		}
	}
}

// TestSeatHeirAndAppoint covers a conflict of CNL-HEIR with the day's
// appoint (CNL-4): a seat named that day keeps its appointee, and the seat
// the appointee left, vacant that night, gets its heir.
func TestSeatHeirAndAppoint(t *testing.T) {
	w := grisonval.NewWorldRules(3, grisonval.RulesMastery)
	w.Camps[0].Council[grisonval.SeatTreasurer-1] = grisonval.Seat{}
	mover := w.Camps[0].Council[grisonval.SeatGeneral-1].Citizen
	out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.Appoint, Args: []int{int(grisonval.SeatTreasurer), int(mover)}}, rest(), rest()))
	c := out.World.Camps[0].Council
	if c[grisonval.SeatTreasurer-1].Citizen != mover {
		t.Errorf("CNL-HEIR treasurer %d; want the appointee %d", c[grisonval.SeatTreasurer-1].Citizen, mover)
	}
	if g := c[grisonval.SeatGeneral-1].Citizen; g == 0 || g == mover {
		t.Errorf("CNL-HEIR general %d after his holder moved; want an heir", g)
	}
}
