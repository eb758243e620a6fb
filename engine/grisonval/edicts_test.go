package grisonval

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
)

// edictWorld returns seed 1's world, in which camp 0's founding council
// (CNL-2) seats a treasurer and a councillor, with f applied.
func edictWorld(f func(w *World)) *World {
	w := NewWorldRules(1, RulesWar)
	if !w.edictSeat(0, SeatTreasurer) || !w.edictSeat(0, SeatCouncillor) {
		panic("seed 1's founding council seats no treasurer or no councillor")
	}
	if f != nil {
		f(w)
	}
	return w
}

// bothLanguages fails the test unless x is written in English and in
// French.
func bothLanguages(t *testing.T, what string, x lang.Text) {
	t.Helper()
	if x.EN == "" || x.FR == "" || x.EN == x.FR {
		t.Errorf("%s: %+v; want both languages", what, x)
	}
}

// TestEdicts covers the kingdom statistics' edicts part and the edicts
// (rules GOV-STATS, GOV-LOYALTY, GOV-UNREST, EDI-1 to EDI-7).
func TestEdicts(t *testing.T) {
	t.Run("GOV-STATS each edict's level adds its row of the table, and Stats sums the five parts", func(t *testing.T) {
		w := edictWorld(nil)
		base := w.Stats(0)
		var zero Stats
		w.edictStats(0, &zero)
		for tax := range EdictLevels {
			for hol := range EdictLevels {
				for pro := range EdictLevels {
					w.Camps[0].Edicts = [NumEdicts]uint8{uint8(tax), uint8(hol), uint8(pro)}
					var want Stats
					for e, l := range map[Edict]int{Taxation: tax, Holidays: hol, Promotion: pro} {
						x := EdictTable[e][l]
						want.Economy += x.Economy
						want.Loyalty += x.Loyalty
						want.Stability += x.Stability
						want.Consumption += x.Consumption
					}
					var got Stats
					w.edictStats(0, &got)
					if got != want {
						t.Fatalf("edicts %v: the edicts' part %+v; want %+v", w.Camps[0].Edicts, got, want)
					}
					// The other parts do not move with the edicts.
					s := w.Stats(0)
					if d := (Stats{s.Economy - base.Economy, s.Loyalty - base.Loyalty, s.Stability - base.Stability, s.Unrest - base.Unrest, s.Consumption - base.Consumption}); d !=
						(Stats{got.Economy - zero.Economy, got.Loyalty - zero.Loyalty, got.Stability - zero.Stability, got.Unrest - zero.Unrest, got.Consumption - zero.Consumption}) {
						t.Fatalf("edicts %v: Stats moved by %+v from level 0; the edicts' part by %+v", w.Camps[0].Edicts, d, got)
					}
				}
			}
		}
		var sum Stats
		w.edictStats(0, &sum)
		w.councilStats(0, &sum)
		w.specialStats(0, &sum)
		w.ongoingStats(0, &sum)
		w.cutoffStats(0, &sum)
		if got := w.Stats(0); got != sum {
			t.Errorf("Stats %+v; the sum of its five parts %+v", got, sum)
		}
	})

	t.Run("GOV-STATS every camp starts with its edicts at level 0: loyalty +1 -1, stability -1", func(t *testing.T) {
		w := NewWorldRules(3, RulesWar)
		for c := range CampID(NumCamps) {
			var s Stats
			w.edictStats(c, &s)
			if w.Camps[c].Edicts != [NumEdicts]uint8{} || w.Camps[c].EdictDay != [NumEdicts]int{} || s != (Stats{Stability: -1}) {
				t.Errorf("camp %d starts with edicts %v (days %v), their stats %+v; want all at 0, stability -1", c, w.Camps[c].Edicts, w.Camps[c].EdictDay, s)
			}
		}
	})

	t.Run("EDI-1 the menu offers set_edict: an edict 1-3 and a level 0-4, free", func(t *testing.T) {
		w := edictWorld(nil)
		for _, la := range LegalActions(w, 0) {
			if la.Action != SetEdict {
				continue
			}
			want := []ArgSpec{{Name: "edict", Kind: ArgCount, Min: 1, Max: 3}, {Name: "level", Kind: ArgCount, Min: 0, Max: 4}}
			if len(la.Args) != 2 || la.Args[0].Name != want[0].Name || la.Args[0].Min != 1 || la.Args[0].Max != 3 || la.Args[1].Name != "level" || la.Args[1].Min != 0 || la.Args[1].Max != 4 ||
				la.Cost != (Resources{}) {
				t.Errorf("set_edict offered with %+v at %v; want %+v, free", la.Args, la.Cost, want)
			}
			bothLanguages(t, "set_edict's summary", la.Summary)
			return
		}
		t.Fatal("set_edict is not in the menu")
	})

	t.Run("EDI-1 set_edict sets the level from today; the same edict opens again 10 days later", func(t *testing.T) {
		w := edictWorld(func(w *World) { w.Day = 6 })
		tk := play(t, w, 0, Order{Action: SetEdict, Args: []int{int(Holidays), 3}})
		camp := &tk.w.Camps[0]
		if camp.Edicts != [NumEdicts]uint8{0, 3, 0} || camp.EdictDay != [NumEdicts]int{0, 7, 0} || tk.w.EdictOpens(0, Holidays) != 17 || tk.w.EdictOpens(0, Taxation) != 0 {
			t.Errorf("edicts %v changed on %v, holidays open on day %d; want [0 3 0] on [0 7 0], day 17", camp.Edicts, camp.EdictDay, tk.w.EdictOpens(0, Holidays))
		}
		if len(tk.journal) != 1 || tk.journal[0].Kind != "set_edict" || !strings.Contains(tk.journal[0].Why.EN, "before day 17") || !strings.Contains(tk.journal[0].Narration.EN, "12 holidays a year") {
			t.Fatalf("journal %+v; want set_edict, its level and the day the next change opens", tk.journal)
		}
		bothLanguages(t, "set_edict's narration", tk.journal[0].Narration)
		bothLanguages(t, "set_edict's why", tk.journal[0].Why)
		reasoned := play(t, w, 0, Order{Action: SetEdict, Args: []int{int(Holidays), 3}, Reason: "feasts for the harvest"})
		if got := reasoned.journal[0].Why; got != lang.Same("feasts for the harvest") {
			t.Errorf("why %+v; want the order's reason", got)
		}
	})

	t.Run("EDI-1 refusals: too early names the day it opens; the level held; every edict locked closes the action", func(t *testing.T) {
		w := edictWorld(func(w *World) {
			w.Day = 13
			w.Camps[0].Edicts[Taxation-1], w.Camps[0].EdictDay[Taxation-1] = 2, 5
		})
		e := validate(w, 0, Order{Action: SetEdict, Args: []int{int(Taxation), 3}})
		if e == nil || e.Code != CodeNotAllowed || e.Field != "args[0]" || !strings.Contains(e.Message.EN, "changed on day 5") || !strings.Contains(e.Message.EN, "before day 15") {
			t.Errorf("taxes changed on day 5, changed again on day 14: %v; want not_allowed on args[0] naming day 15", e)
		} else {
			bothLanguages(t, "the refusal of a locked edict", e.Message)
		}
		w.Day = 14
		if e := validate(w, 0, Order{Action: SetEdict, Args: []int{int(Taxation), 3}}); e != nil {
			t.Errorf("on day 15: %v; want the change", e)
		}
		e = validate(w, 0, Order{Action: SetEdict, Args: []int{int(Taxation), 2}})
		if e == nil || e.Code != CodeNotAllowed || e.Field != "args[1]" || !strings.Contains(e.Message.EN, "level 2 (normal taxes)") {
			t.Errorf("the level held: %v; want not_allowed on args[1] naming the level", e)
		} else {
			bothLanguages(t, "the refusal of the level held", e.Message)
		}
		for _, args := range [][]int{{0, 1}, {4, 1}, {1, 5}, {1, -1}, {1}} {
			if e := validate(w, 0, Order{Action: SetEdict, Args: args}); e == nil || e.Code != CodeBadArgs {
				t.Errorf("set_edict %v: %v; want bad_arguments", args, e)
			}
		}
		w.Day = 13
		w.Camps[0].EdictDay = [NumEdicts]int{5, 8, 12}
		legal, closed := Menu(w, 0)
		for _, la := range legal {
			if la.Action == SetEdict {
				t.Errorf("every edict locked: set_edict offered with %+v", la.Args)
			}
		}
		for _, cl := range closed {
			if cl.Action != SetEdict {
				continue
			}
			if cl.Why.Code != CodeNotAllowed || cl.Why.Field != "action" || !strings.Contains(cl.Why.Message.EN, "taxation on day 15, holidays on day 18, promotion on day 22") {
				t.Errorf("closed with %v; want not_allowed on action naming the day each edict opens", cl.Why)
			}
			bothLanguages(t, "set_edict closed", cl.Why.Message)
			return
		}
		t.Error("set_edict neither offered nor closed")
	})

	t.Run("EDI-2 the taxation table meets the seed's anchor (heavy: economy +3, loyalty -4), each level richer and less loved", func(t *testing.T) {
		if x := EdictTable[Taxation][3]; x.Economy != 3 || x.Loyalty != -4 {
			t.Errorf("heavy taxes %+v; want economy +3, loyalty -4 (seed 001 L199)", x)
		}
		for l := 1; l < EdictLevels; l++ {
			a, b := EdictTable[Taxation][l-1], EdictTable[Taxation][l]
			if b.Economy <= a.Economy || b.Loyalty >= a.Loyalty || b.Morale > a.Morale || b.Consumption != 0 {
				t.Errorf("taxation level %d %+v after %+v: want more economy, less loyalty, no more morale, no consumption", l, b, a)
			}
			bothLanguages(t, "a level of taxation", EdictLevelText(Taxation, l))
			bothLanguages(t, "its terms", b.Text())
		}
		if EdictTable[Taxation][3].Morale != -1 || EdictTable[Taxation][4].Morale != -2 {
			t.Error("heavy taxes cost 1 morale a day, crushing 2")
		}
	})

	t.Run("EDI-2 taxes: max(0, economy) x population / 25 gold a day with a treasurer, none without", func(t *testing.T) {
		for _, c := range []struct {
			e, pop int
			gold   int64
		}{{0, 20, 0}, {1, 20, 0}, {2, 20, 1}, {3, 20, 2}, {4, 20, 3}, {3, 50, 6}, {-4, 50, 0}, {7, 25, 7}} {
			if got := taxGold(RulesWar, c.e, c.pop); got != c.gold {
				t.Errorf("economy %d, %d inhabitants: %d gold; want %d", c.e, c.pop, got, c.gold)
			}
		}
		w := edictWorld(func(w *World) { w.Camps[0].Edicts[Taxation-1] = 4 })
		if got, want := w.Taxes(0), taxGold(w.Rules, w.Stats(0).Economy, w.Population(0)); got != want || got == 0 {
			t.Errorf("crushing taxes with a treasurer: %d gold; want %d", got, want)
		}
		taxes := w.Taxes(0)
		with, _ := produced(w, 0)
		w.Camps[0].Council[SeatTreasurer-1] = Seat{}
		without, _ := produced(w, 0)
		if with.Gold-without.Gold != taxes {
			t.Errorf("the production phase pays %d gold with a treasurer, %d without; want the %d gold of taxes between", with.Gold, without.Gold, taxes)
		}
		if w.Taxes(0) != 0 || w.EdictTerms(0, Taxation) != EdictTable[Taxation][0] {
			t.Errorf("without a treasurer: taxes %d, taxation counts %+v; want none, as level none (seed 001 L101)", w.Taxes(0), w.EdictTerms(0, Taxation))
		}
	})

	t.Run("EDI-2 EDI-3 CNL-4 a treasurer or a councillor named today serves from tomorrow: no taxes, no holidays' loyalty that day", func(t *testing.T) {
		for _, s := range []SeatKind{SeatTreasurer, SeatCouncillor} {
			w := edictWorld(func(w *World) {
				w.Day = 5
				w.Camps[0].Edicts = [NumEdicts]uint8{3, 4, 0}
			})
			heavy, holidays, taxes := w.EdictTerms(0, Taxation), w.EdictTerms(0, Holidays), w.Taxes(0)
			if heavy != EdictTable[Taxation][3] || holidays != EdictTable[Holidays][4] || taxes == 0 {
				t.Fatalf("the founders seated: taxation %+v, holidays %+v, taxes %d; want the levels' rows and some taxes", heavy, holidays, taxes)
			}
			// Another citizen named to the seat on day 5 (a holder
			// replaced): the seat is vacant that day (CNL-4).
			w.Camps[0].Council[s-1] = Seat{Citizen: int32(adultIDs(w, 0)[0]), Since: w.Day}
			tax, hol := w.EdictTerms(0, Taxation), w.EdictTerms(0, Holidays)
			switch s {
			case SeatTreasurer:
				if w.Taxes(0) != 0 || tax != EdictTable[Taxation][0] || hol != holidays {
					t.Errorf("a treasurer named today: taxes %d, taxation %+v, holidays %+v; want none, as level none, the holidays unchanged", w.Taxes(0), tax, hol)
				}
			case SeatCouncillor:
				if hol.Loyalty != 0 || !strings.Contains(w.HolidaysVoid(0).EN, "councillor") || tax != heavy || w.Taxes(0) != taxGold(w.Rules, w.Stats(0).Economy, w.Population(0)) {
					t.Errorf("a councillor named today: holidays %+v (void %q), taxation %+v; want no loyalty for want of a councillor, the taxes unchanged", hol, w.HolidaysVoid(0).EN, tax)
				}
			}
			w.Day++
			if w.EdictTerms(0, Taxation) != heavy || w.EdictTerms(0, Holidays) != holidays || w.Taxes(0) == 0 {
				t.Errorf("%s named the day before: taxation %+v, holidays %+v, taxes %d; want the levels' rows and taxes", s, w.EdictTerms(0, Taxation), w.EdictTerms(0, Holidays), w.Taxes(0))
			}
		}
	})

	t.Run("EDI-2 EDI-3 the edicts' morale in the upkeep phase: heavy taxes -1, crushing -2, 12 and 24 holidays +1", func(t *testing.T) {
		for _, c := range []struct {
			tax, hol  uint8
			treasurer bool
			morale    int
		}{{3, 0, true, 59}, {4, 0, true, 58}, {4, 0, false, 60}, {2, 3, true, 61}, {0, 4, true, 61}, {3, 4, true, 60}, {0, 2, true, 60}} {
			w := edictWorld(func(w *World) {
				w.Camps[0].Edicts = [NumEdicts]uint8{c.tax, c.hol, 0}
				if !c.treasurer {
					w.Camps[0].Council[SeatTreasurer-1] = Seat{}
				}
			})
			tk := startTick(w)
			tk.keepEdicts(0, tk.w.Stats(0))
			if got := tk.w.Camps[0].Morale; got != c.morale {
				t.Errorf("taxation %d, holidays %d, treasurer %v: morale 60 -> %d; want %d", c.tax, c.hol, c.treasurer, got, c.morale)
			}
		}
	})

	t.Run("EDI-3 the holidays table meets the seed's anchors; no loyalty without a councillor", func(t *testing.T) {
		h := EdictTable[Holidays]
		if h[0].Loyalty != -1 || h[0].Consumption != 0 || h[1].Loyalty != 1 || h[1].Consumption != 1 || h[4].Loyalty != 4 || h[4].Consumption != 8 {
			t.Errorf("holidays %+v; want none -1 (L264-266), one +1 and 1 (L192), 24 +4 and 8 (L259-261)", h)
		}
		for l := 1; l < EdictLevels; l++ {
			if h[l].Loyalty <= h[l-1].Loyalty || h[l].Consumption <= h[l-1].Consumption {
				t.Errorf("holidays level %d %+v after %+v: want more loyalty for more consumption", l, h[l], h[l-1])
			}
			bothLanguages(t, "a level of holidays", EdictLevelText(Holidays, l))
		}
		w := edictWorld(func(w *World) { w.Camps[0].Edicts[Holidays-1] = 4 })
		if got := w.EdictTerms(0, Holidays); got != h[4] || !w.HolidaysVoid(0).IsZero() {
			t.Errorf("24 holidays with a councillor: %+v (void: %v); want %+v", got, w.HolidaysVoid(0), h[4])
		}
		w.Camps[0].Council[SeatCouncillor-1] = Seat{}
		if got := w.EdictTerms(0, Holidays); got.Loyalty != 0 || got.Consumption != 8 || got.Morale != 1 || !strings.Contains(w.HolidaysVoid(0).EN, "councillor") {
			t.Errorf("24 holidays without a councillor: %+v (void: %v); want no loyalty, the same cost and morale (seed 001 L63)", got, w.HolidaysVoid(0))
		}
		bothLanguages(t, "holidays void", w.HolidaysVoid(0))
		w.Camps[0].Edicts[Holidays-1] = 0
		if got := w.EdictTerms(0, Holidays); got.Loyalty != -1 {
			t.Errorf("no holidays without a councillor: %+v; want loyalty -1 still", got)
		}
	})

	t.Run("EDI-4 holidays cut within 60 days of the last cut are distrusted until 60 days pass without a cut", func(t *testing.T) {
		w := edictWorld(func(w *World) { w.Camps[0].Edicts[Holidays-1] = 4 })
		set := func(day, level int) {
			t.Helper()
			w.Day = day - 1
			w = play(t, w, 0, Order{Action: SetEdict, Args: []int{int(Holidays), level}}).w
		}
		set(10, 3) // a first cut: believed
		if w.Camps[0].HolidayCut != 10 || w.Camps[0].HolidayDistrust != 0 || w.EdictTerms(0, Holidays).Loyalty != 3 {
			t.Fatalf("first cut: cut %d, distrust %d, loyalty %d; want 10, 0, 3", w.Camps[0].HolidayCut, w.Camps[0].HolidayDistrust, w.EdictTerms(0, Holidays).Loyalty)
		}
		set(20, 4) // a raise is no cut
		set(30, 2) // cut again 20 days after the first: distrusted until day 90
		if w.Camps[0].HolidayCut != 30 || w.Camps[0].HolidayDistrust != 90 {
			t.Fatalf("second cut: cut %d, distrust %d; want 30, 90", w.Camps[0].HolidayCut, w.Camps[0].HolidayDistrust)
		}
		for _, c := range []struct{ day, loyalty int }{{30, 0}, {89, 0}, {90, 2}, {200, 2}} {
			w.Day = c.day
			if got := w.EdictTerms(0, Holidays).Loyalty; got != c.loyalty {
				t.Errorf("day %d: holidays give loyalty %d; want %d (void: %v)", c.day, got, c.loyalty, w.HolidaysVoid(0))
			}
		}
		w.Day = 50
		if !strings.Contains(w.HolidaysVoid(0).EN, "from day 90") {
			t.Errorf("void %q; want the day the people believe again", w.HolidaysVoid(0).EN)
		}
		w.Camps[0].Edicts[Holidays-1] = 0
		if got := w.EdictTerms(0, Holidays).Loyalty; got != -1 {
			t.Errorf("no holidays while distrusted: loyalty %d; want -1 (only the bonus is void)", got)
		}
		w.Camps[0].Edicts[Holidays-1] = 2
		set(91, 1) // 61 days after the last cut: believed
		if w.Camps[0].HolidayCut != 91 || w.Camps[0].HolidayDistrust != 90 || w.EdictTerms(0, Holidays).Loyalty != 1 {
			t.Errorf("a cut 61 days later: cut %d, distrust %d, loyalty %d; want 91, 90 (over), 1", w.Camps[0].HolidayCut, w.Camps[0].HolidayDistrust, w.EdictTerms(0, Holidays).Loyalty)
		}
	})

	t.Run("EDI-5 the promotion table meets its anchor; a migrant on about level % of the days with room, none without", func(t *testing.T) {
		p := EdictTable[Promotion]
		if p[0].Stability != -1 || p[0].Consumption != 0 || p[0].Migrants != 0 {
			t.Errorf("no promotion %+v; want stability -1, nothing else (L193-194)", p[0])
		}
		for l := 1; l < EdictLevels; l++ {
			if p[l].Stability <= p[l-1].Stability || p[l].Consumption <= p[l-1].Consumption || p[l].Migrants != l {
				t.Errorf("promotion level %d %+v after %+v: want more stability for more consumption, %d %% migrants", l, p[l], p[l-1], l)
			}
			bothLanguages(t, "a level of promotion", EdictLevelText(Promotion, l))
		}
		const days = 4000
		for l := range EdictLevels {
			w := edictWorld(func(w *World) {
				w.Camps[0].Edicts[Promotion-1] = uint8(l)
				for _, z := range Neighbors(ZoneAt(CapitalSites[0])) {
					w.Zones[z].Owner = 0 // 12 more homes
				}
			})
			arrivals, tk, pop := 0, startTick(w), w.Population(0)
			for d := 1; d <= days; d++ {
				tk.w.Day, tk.streams, tk.journal = d, nil, nil
				tk.promote(0, tk.w.Housing(0))
				arrivals += tk.w.Population(0) - pop
				tk.w.Camps[0].Citizens = tk.w.Camps[0].Citizens[:pop]
			}
			if want := l * days / 100; arrivals < want*7/10 || arrivals > want*13/10 {
				t.Errorf("promotion level %d: %d migrants in %d days; want about %d", l, arrivals, days, want)
			}
			for _, z := range Neighbors(ZoneAt(CapitalSites[0])) {
				w.Zones[z].Owner = NoCamp
			}
			tk = startTick(w)
			for d := 1; d <= 300; d++ {
				tk.w.Day, tk.streams = d, nil
				if tk.promote(0, tk.w.Housing(0)); tk.w.Population(0) != pop {
					t.Fatalf("promotion level %d: a migrant on day %d with %d inhabitants in %d homes", l, d, pop, w.Housing(0))
				}
			}
		}
	})

	t.Run("EDI-6 consumption: 2 food and 1 gold a point, as far as the stock goes", func(t *testing.T) {
		r := Resources{Food: 100, Gold: 10}
		if short := payConsumption(&r, 8); short != 0 || r != (Resources{Food: 84, Gold: 2}) {
			t.Errorf("consumption 8 from 100 food, 10 gold: %v left, %d short; want 84 food, 2 gold, none short", r, short)
		}
		r = Resources{Food: 5, Gold: 1, Wood: 9}
		if short := payConsumption(&r, 4); short != 3+3 || r != (Resources{Wood: 9}) {
			t.Errorf("consumption 4 from 5 food, 1 gold: %v left, %d short; want nothing left, 6 short", r, short)
		}
		if short := payConsumption(&r, -2); short != 0 || r != (Resources{Wood: 9}) {
			t.Errorf("a negative consumption costs %v, %d short; want nothing", r, short)
		}
	})

	t.Run("EDI-6 GOV-UNREST unpaid, a broken promise: holidays and promotion give nothing that day, unrest 2", func(t *testing.T) {
		w := edictWorld(func(w *World) {
			w.Camps[0].Edicts = [NumEdicts]uint8{0, 4, 4}
			w.Camps[0].Resources.Gold = 3
		})
		before := w.Stats(0)
		tk := startTick(w)
		tk.keepEdicts(0, tk.w.Stats(0))
		camp := &tk.w.Camps[0]
		if camp.EdictsUnpaid != 1 || camp.Resources.Gold != 0 || camp.Morale != 60 {
			t.Errorf("unpaid day: day %d, gold %d, morale %d; want 1, 0, 60 (no holiday morale)", camp.EdictsUnpaid, camp.Resources.Gold, camp.Morale)
		}
		if len(tk.journal) != 1 || tk.journal[0].Kind != "edicts_unpaid" {
			t.Fatalf("journal %+v; want edicts_unpaid", tk.journal)
		}
		bothLanguages(t, "edicts_unpaid", tk.journal[0].Narration)
		bothLanguages(t, "edicts_unpaid's why", tk.journal[0].Why)
		after := tk.w.Stats(0)
		if after.Loyalty != before.Loyalty-4 || after.Stability != before.Stability-4 || after.Unrest != before.Unrest+BrokenPromiseUnrest || after.Consumption != before.Consumption {
			t.Errorf("stats %+v after the broken promise, %+v before; want loyalty -4, stability -4, unrest +2, the same consumption", after, before)
		}
		if x := tk.w.EdictTerms(0, Promotion); x.Migrants != 0 || !strings.Contains(tk.w.HolidaysVoid(0).EN, "broken promise") {
			t.Errorf("promotion %+v, holidays void %q; want no migrants, a broken promise", x, tk.w.HolidaysVoid(0).EN)
		}
		got := map[string]int{}
		tk.governanceTerms(0, func(tm legTerm) { got[tm.what().EN] += tm.n })
		if got["unrest"] != -after.Unrest || after.Unrest < BrokenPromiseUnrest {
			t.Errorf("legitimacy terms %v; want unrest -%d", got, after.Unrest)
		}
		tk.w.Day++
		if tk.w.brokenPromise(0) || tk.w.Stats(0) != before {
			t.Errorf("the next day: %+v; want the promise counted again, %+v", tk.w.Stats(0), before)
		}
	})

	t.Run("EDI-6 EDI-2 the forecast counts taxes and consumption as the tick pays them", func(t *testing.T) {
		for _, gold := range []int64{500, 12} {
			w := edictWorld(func(w *World) {
				w.Camps[0].Edicts = [NumEdicts]uint8{4, 4, 3}
				w.Camps[0].Resources.Gold = gold
				w.Zones[ZoneAt(CapitalSites[0])].Buildings = []BuildingKind{Market}
			})
			for DrawEvent(Events[:], NewRand(w.Seed, w.Day+1, 0, PurposeEvent)) >= 0 {
				w.Day++ // a quiet day: the forecast leaves out the random event
			}
			f := ForecastOf(w, 0)
			out := Resolve(w, [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}})
			net := out.World.Camps[0].Resources.Sub(w.Camps[0].Resources).values()
			for i, fl := range f.Flows {
				if fl.Net != net[i] || fl.Income+fl.Trade+fl.Upkeep+fl.Rot+fl.Eating+fl.Government != fl.Net {
					t.Errorf("%d gold: %s forecast %+v; the tick moved it by %d", gold, fl.Resource, fl, net[i])
				}
			}
			if broken := out.World.Camps[0].EdictsUnpaid == out.World.Day; broken != (f.EdictsUnpaid > 0) {
				t.Errorf("%d gold: forecast %d units of consumption unpaid; the tick broke its promise: %v", gold, f.EdictsUnpaid, broken)
			}
			if f.Flows[4].Income < w.Taxes(0) || f.Flows[0].Upkeep > -int64(ConsumptionFood*w.Stats(0).Consumption) {
				t.Errorf("%d gold: gold income %d, food upkeep %d; want the taxes %d and the consumption in them", gold, f.Flows[4].Income, f.Flows[0].Upkeep, w.Taxes(0))
			}
		}
	})

	t.Run("EDI-7 markets: +2 % a point of economy, at worst -50 %; no other building", func(t *testing.T) {
		for _, c := range []struct {
			e   int
			pct int64
		}{{0, 0}, {3, 6}, {4, 8}, {-4, -8}, {-25, -50}, {-40, -50}} {
			if got := economyPercent(c.e); got != c.pct {
				t.Errorf("economy %d: markets %+d %%; want %+d %%", c.e, got, c.pct)
			}
		}
		w := edictWorld(nil)
		market, farm := w.OutputPercent(0, Market), w.OutputPercent(0, Farm)
		w.Camps[0].Edicts[Taxation-1] = 4
		if got := w.OutputPercent(0, Market); got-market != economyPercent(w.Stats(0).Economy)-economyPercent(w.Stats(0).Economy-4) {
			t.Errorf("economy +4: markets %d %% from %d %%; want +8", got, market)
		}
		if got := w.OutputPercent(0, Farm); got != farm {
			t.Errorf("economy +4: farms %d %% from %d %%; want the same", got, farm)
		}
	})

	t.Run("GOV-LOYALTY legitimacy moves by quarter points of loyalty, the remainder carried", func(t *testing.T) {
		for _, c := range []struct{ carry, loyalty, points, rest int }{
			{0, -4, -1, 0}, {0, -5, -1, -1}, {0, 2, 0, 2}, {2, 2, 1, 0}, {0, -1, 0, -1}, {-3, -1, -1, 0},
			{3, -4, 0, -1}, {-3, 4, 0, 1}, {0, 8, 2, 0}, {1, 0, 0, 1}, {0, -9, -2, -1},
		} {
			if p, r := loyaltyPoints(c.carry, c.loyalty); p != c.points || r != c.rest {
				t.Errorf("carry %d, loyalty %d: %+d, %d carried; want %+d, %d", c.carry, c.loyalty, p, r, c.points, c.rest)
			}
		}
		// Over days, the points are the loyalty paid in whole quarters.
		w := edictWorld(func(w *World) { w.Camps[0].Edicts = [NumEdicts]uint8{3, 0, 0} })
		tk := startTick(w)
		l, total := w.Stats(0).Loyalty, 0
		for range 12 {
			tk.governanceTerms(0, func(tm legTerm) {
				if what := tm.what(); strings.HasPrefix(what.EN, "loyalty") {
					total += tm.n
					bothLanguages(t, "the loyalty term", what)
				}
			})
		}
		if carry := tk.w.Camps[0].LoyaltyCarry; 4*total+carry != 12*l || carry <= -LoyaltyQuarters || carry >= LoyaltyQuarters {
			t.Errorf("loyalty %d for 12 days: %+d legitimacy, %d carried; want 12 x %d quarters in all", l, total, carry, l)
		}
	})
}
