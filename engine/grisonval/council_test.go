package grisonval

import (
	"slices"
	"strings"
	"testing"
)

// CouncilStatsOf returns the council's part of camp c's statistics of the
// day (rules CNL-3, CNL-5, CNL-6), for the conformance lines of
// conf_council_test.go.
func CouncilStatsOf(w *World, c CampID) Stats {
	var s Stats
	w.councilStats(c, &s)
	return s
}

// councilWorld returns seed 1's world at day 0 with f applied.
func councilWorld(f func(w *World)) *World {
	w := NewWorldRules(1, RulesWar)
	if f != nil {
		f(w)
	}
	return w
}

// adultIDs returns camp c's adults' IDs, those without a seat first.
func adultIDs(w *World, c CampID) []int {
	var free, seated []int
	for _, p := range w.Camps[c].Citizens {
		if p.Age < AdultAge {
			continue
		}
		if w.SeatOf(c, p.ID) == 0 {
			free = append(free, int(p.ID))
		} else {
			seated = append(seated, int(p.ID))
		}
	}
	return append(free, seated...)
}

// checkCouncil fails unless every named seat of every camp of w is held by
// a living adult of that camp, each by a different citizen (rule CNL-1).
func checkCouncil(t *testing.T, w *World) {
	t.Helper()
	for c := range CampID(NumCamps) {
		seen := map[int32]SeatKind{}
		for _, s := range Seats() {
			st := w.Camps[c].Council[s-1]
			if st.Citizen == 0 {
				continue
			}
			p, ok := w.Appointee(c, s)
			switch {
			case !ok:
				t.Errorf("day %d camp %d: seat %s names citizen %d, who is not of the camp", w.Day, c, s, st.Citizen)
			case p.Age < AdultAge:
				t.Errorf("day %d camp %d: seat %s held by %d, aged %d", w.Day, c, s, p.ID, p.Age)
			case seen[p.ID] != 0:
				t.Errorf("day %d camp %d: citizen %d holds %s and %s", w.Day, c, p.ID, seen[p.ID], s)
			}
			seen[st.Citizen] = s
		}
	}
}

// playCouncil plays n days of legal orders drawn from the menus, appoint
// among them, and returns every world.
func playCouncil(w *World, n int) []*World {
	var ws []*World
	for range n {
		var orders [NumCamps]Order
		for c := range CampID(NumCamps) {
			r := NewRand(w.Seed^0x5eed, w.Day, int(c), 998)
			legal := LegalActions(w, c)
			orders[c] = Order{Action: Rest}
			if len(legal) > 0 {
				la := legal[r.Intn(len(legal))]
				o := Order{Action: la.Action}
				for _, s := range la.Args {
					if s.Kind == ArgCount {
						o.Args = append(o.Args, s.Min+r.Intn(s.Max-s.Min+1))
					} else {
						o.Args = append(o.Args, s.Choices[r.Intn(len(s.Choices))])
					}
				}
				orders[c] = o
			}
		}
		w = Resolve(w, orders).World
		ws = append(ws, w)
	}
	return ws
}

func resolve0(w *World, o Order) Outcome {
	return Resolve(w, [NumCamps]Order{o, {Action: Rest}, {Action: Rest}})
}

func councilEntry(out Outcome, c CampID, kind string) (Entry, bool) {
	for _, e := range out.Journal {
		if e.Camp == c && e.Kind == kind {
			return e, true
		}
	}
	return Entry{}, false
}

// TestCouncil covers the council of notable citizens (rules CNL-1 to
// CNL-10).
func TestCouncil(t *testing.T) {
	t.Run("CNL-1 one living adult a seat, one seat a citizen, through random games", func(t *testing.T) {
		appoints := 0
		for _, seed := range []uint64{1, 2} {
			w := NewWorldRules(seed, RulesWar)
			checkCouncil(t, w)
			for _, x := range playCouncil(w, 120) {
				checkCouncil(t, x)
				if x.Camps[0].Council != w.Camps[0].Council {
					appoints++
				}
				w = x
			}
		}
		if appoints == 0 {
			t.Error("the council never changed in 240 days of random play")
		}
	})

	t.Run("CNL-1 CNL-4 naming a holder of another seat moves him", func(t *testing.T) {
		w := councilWorld(nil)
		marshal := w.Camps[0].Council[SeatMarshal-1].Citizen
		out := resolve0(w, Order{Action: Appoint, Args: []int{int(SeatTreasurer), int(marshal)}})
		if r := out.Results[0]; r.Status != Applied {
			t.Fatalf("appoint: %+v", r)
		}
		x := out.World
		if got := x.Camps[0].Council[SeatMarshal-1]; got != (Seat{Since: 1}) {
			t.Errorf("marshal seat %+v; want vacant since day 1", got)
		}
		if got := x.Camps[0].Council[SeatTreasurer-1]; got != (Seat{Citizen: marshal, Since: 1}) {
			t.Errorf("treasurer seat %+v; want citizen %d since day 1", got, marshal)
		}
		checkCouncil(t, x)
	})

	t.Run("CNL-2 the founders' council: the first adult whose trait fits, else the first adult", func(t *testing.T) {
		w := NewWorldRules(1, RulesWar)
		for c := range CampID(NumCamps) {
			taken := map[int32]bool{}
			for _, s := range Seats() {
				p, ok := w.SeatHolder(c, s)
				if !ok {
					t.Fatalf("camp %d seat %s vacant at founding", c, s)
				}
				var want int32
				for _, q := range w.Camps[c].Citizens {
					if !taken[q.ID] && q.Trait == SeatRules[s].Fits {
						want = q.ID
						break
					}
				}
				if want == 0 {
					for _, q := range w.Camps[c].Citizens {
						if !taken[q.ID] {
							want = q.ID
							break
						}
					}
				}
				if p.ID != want {
					t.Errorf("camp %d seat %s: citizen %d; want %d", c, s, p.ID, want)
				}
				taken[p.ID] = true
			}
			// The founders share their profiles: the three councils are alike.
			if w.Camps[c].Council != w.Camps[0].Council {
				t.Errorf("camp %d council %v; camp 0's %v", c, w.Camps[c].Council, w.Camps[0].Council)
			}
		}
		// Seed 1: the fitting founders are found for every seat.
		want := [NumSeats]int32{10, 11, 9, 13, 5, 17, 2, 15}
		for i, st := range w.Camps[0].Council {
			if st.Citizen != want[i] || st.Since != 0 {
				t.Errorf("seed 1 seat %s: %+v; want citizen %d since 0", SeatKind(i+1), st, want[i])
			}
		}
	})

	t.Run("CNL-2 RULES-1 a world of seed 000's rules has no council, and decoding gives it none", func(t *testing.T) {
		w := NewWorldRules(3, RulesSeed000)
		for _, got := range playCouncil(w, 40) {
			b, err := Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			for _, key := range []string{`"rules"`, `"edicts"`, `"council"`, `"ongoing"`, `"sp"`, `"surv"`} {
				if strings.Contains(string(b), key) {
					t.Fatalf("day %d: a world of seed 000's rules encodes %s", got.Day, key)
				}
			}
			again, err := Unmarshal(b)
			if err != nil {
				t.Fatal(err)
			}
			if Hash(again) != Hash(got) || again.Rules != RulesSeed000 {
				t.Fatalf("day %d: decoding changed the world (rules %d)", got.Day, again.Rules)
			}
			for c := range CampID(NumCamps) {
				if s := again.Stats(c); s != (Stats{}) {
					t.Errorf("day %d camp %d: stats %+v; want none", got.Day, c, s)
				}
				for _, a := range []Action{SetEdict, Appoint} {
					if err := Validate(again, c, Order{Action: a, Args: []int{1, 1}}); err == nil || err.(*RuleError).Field != "action" {
						t.Errorf("day %d camp %d: %s %v; want closed", got.Day, c, a, err)
					}
				}
			}
		}
		// Its daily roll is seed 000's: no kingdom event in 300 days.
		var rest [NumCamps]Order
		for i := range rest {
			rest[i] = Order{Action: Rest}
		}
		events := 0
		for range 300 {
			out := Resolve(w, rest)
			for _, e := range out.Journal {
				if slices.ContainsFunc(EventTable(RulesSeed000), func(ev EventSpec) bool { return ev.Kind == e.Kind }) {
					events++
				} else if slices.ContainsFunc(Events[:], func(ev EventSpec) bool { return ev.Kind == e.Kind }) {
					t.Errorf("day %d: a kingdom event (%s) in a world of seed 000's rules", out.World.Day, e.Kind)
				}
			}
			w = out.World
		}
		if events == 0 {
			t.Error("no natural event in 300 days: the check did not bite")
		}
	})

	t.Run("CNL-3 a seat's benefit: 1, +1 at level III and V, +1 for the fitting trait", func(t *testing.T) {
		want := [MaxLevel + 1]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
		for _, s := range Seats() {
			for l := uint8(1); l <= MaxLevel; l++ {
				for tr := TraitSteady; tr <= TraitCurious; tr++ {
					w := want[l]
					if tr == SeatRules[s].Fits {
						w++
					}
					if got := (Citizen{Level: l, Trait: tr}).BenefitIn(s); got != w {
						t.Errorf("%s level %d %s: benefit %d; want %d", s, l, tr, got, w)
					}
				}
			}
		}
		// Seed 1's founders all fit: 2 a seat; the ruler and councillor to
		// loyalty, three seats to stability, three to economy.
		w := NewWorldRules(1, RulesWar)
		if got, want := CouncilStatsOf(w, 0), (Stats{Economy: 6, Loyalty: 4, Stability: 6}); got != want {
			t.Errorf("founders' council stats %+v; want %+v", got, want)
		}
		// A master marshal who fits brings 4.
		i := w.citizen(0, w.Camps[0].Council[SeatMarshal-1].Citizen)
		w.Camps[0].Citizens[i].Level = 5
		if got := SeatBenefit(w, 0, SeatMarshal); got != 4 {
			t.Errorf("level V ambitious marshal: benefit %d; want 4", got)
		}
		if got := CouncilStatsOf(w, 0).Economy; got != 8 {
			t.Errorf("economy %d; want 8", got)
		}
		for _, s := range Seats() {
			if st := SeatRules[s].Stat; st != "economy" && st != "loyalty" && st != "stability" {
				t.Errorf("seat %s gives to %q", s, st)
			}
		}
	})

	t.Run("CNL-4 appoint's menu: seats 1 to 8, the living adults, those without a seat first", func(t *testing.T) {
		w := councilWorld(func(w *World) { w.Camps[0].Citizens[0].Age = 12 })
		var la *LegalAction
		for _, l := range LegalActions(w, 0) {
			if l.Action == Appoint {
				la = &l
			}
		}
		if la == nil || len(la.Args) != 2 {
			t.Fatalf("appoint in the menu: %+v", la)
		}
		if la.Args[0].Kind != ArgSeat || !slices.Equal(la.Args[0].Choices, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
			t.Errorf("seat spec %+v", la.Args[0])
		}
		if la.Args[1].Kind != ArgCitizen || !slices.Equal(la.Args[1].Choices, adultIDs(w, 0)) || slices.Contains(la.Args[1].Choices, 1) {
			t.Errorf("citizen spec %+v; want %v", la.Args[1], adultIDs(w, 0))
		}
		if n := len(la.Args[1].Choices); n != StartPopulation-1 {
			t.Errorf("%d citizens offered; want %d", n, StartPopulation-1)
		}
		if first := la.Args[1].Choices[0]; w.SeatOf(0, int32(first)) != 0 {
			t.Errorf("the first citizen offered, %d, holds a seat", first)
		}
		for _, s := range Seats() {
			if got, ok := ParseSeat(s.String()); !ok || got != s {
				t.Errorf("ParseSeat(%q) = %v %v", s, got, ok)
			}
		}
		if _, ok := ParseSeat("king"); ok {
			t.Error("ParseSeat(king) ok")
		}
		// No adult: appoint is closed.
		x := councilWorld(func(w *World) {
			for i := range w.Camps[0].Citizens {
				w.Camps[0].Citizens[i].Age = 10
			}
		})
		if e := validate(x, 0, Order{Action: Appoint, Args: []int{1, 1}}); e == nil || e.Field != "action" || e.Code != CodeNotAllowed {
			t.Errorf("appoint without an adult: %v", e)
		}
	})

	t.Run("CNL-4 appoint's refusals: no such seat, no such citizen, a child, the seat he holds", func(t *testing.T) {
		w := councilWorld(func(w *World) { w.Camps[0].Citizens[19].Age = 15 })
		ruler := int(w.Camps[0].Council[SeatRuler-1].Citizen)
		free := adultIDs(w, 0)[0]
		for _, tc := range []struct {
			args        []int
			code        Code
			field, text string
		}{
			{[]int{0, free}, CodeBadArgs, "args[0]", "there is no seat 0: the seats are 1 ruler, 2 councillor, 3 general, 4 diplomat, 5 high_priest, 6 marshal, 7 spymaster, 8 treasurer"},
			{[]int{9, free}, CodeBadArgs, "args[0]", "there is no seat 9"},
			{[]int{1, 99}, CodeBadArgs, "args[1]", "your camp has no living citizen 99"},
			{[]int{1, 0}, CodeBadArgs, "args[1]", "no living citizen 0"},
			{[]int{1, 1<<32 + 10}, CodeBadArgs, "args[1]", "no living citizen 4294967306"},
			{[]int{1, 20}, CodeNotAllowed, "args[1]", "is aged 15: a seat needs an adult, aged 18 or more"},
			{[]int{1, ruler}, CodeNotAllowed, "args[1]", "already holds the seat of ruler"},
			{[]int{1}, CodeBadArgs, "args", "appoint takes 2 argument(s) (seat, citizen); got 1"},
		} {
			e := validate(w, 0, Order{Action: Appoint, Args: tc.args})
			if e == nil || e.Code != tc.code || e.Field != tc.field || !strings.Contains(e.Message.EN, tc.text) || e.Message.FR == "" {
				t.Errorf("appoint %v: %v; want %s on %s saying %q", tc.args, e, tc.code, tc.field, tc.text)
			}
		}
		if e := validate(w, 0, Order{Action: Appoint, Args: []int{int(SeatGeneral), ruler}}); e != nil {
			t.Errorf("moving the ruler to general: %v", e)
		}
	})

	t.Run("CNL-4 a seat counts from the day after its holder is named", func(t *testing.T) {
		w := councilWorld(func(w *World) { w.Camps[0].Council[SeatTreasurer-1] = Seat{} })
		free := adultIDs(w, 0)[0]
		out := resolve0(w, Order{Action: Appoint, Args: []int{int(SeatTreasurer), free}})
		x := out.World
		if _, ok := x.SeatHolder(0, SeatTreasurer); ok {
			t.Error("the treasurer named on day 1 counts on day 1")
		}
		if p, ok := x.Appointee(0, SeatTreasurer); !ok || int(p.ID) != free {
			t.Errorf("appointee %v %v; want %d", p.ID, ok, free)
		}
		if got := CouncilStatsOf(x, 0).Economy; got != 2+2-4 {
			t.Errorf("day 1 economy %d; want 0 (the treasurer still vacant)", got)
		}
		e, ok := councilEntry(out, 0, "appoint")
		if !ok || !strings.Contains(e.Why.EN, "from day 2") || !strings.Contains(e.Narration.FR, "trésorier") {
			t.Errorf("appoint journal %+v", e)
		}
		y := resolve0(x, Order{Action: Rest}).World
		if _, ok := y.SeatHolder(0, SeatTreasurer); !ok {
			t.Error("the treasurer named on day 1 does not count on day 2")
		}
		if got := CouncilStatsOf(y, 0).Economy; got < 5 {
			t.Errorf("day 2 economy %d; want the treasurer's benefit", got)
		}
	})

	t.Run("CNL-5 a living holder replaced costs unrest 1 that day, the ruler 2; a move costs nothing", func(t *testing.T) {
		w := councilWorld(nil)
		free := adultIDs(w, 0)[0]
		cs := w.Camps[0].Council
		for _, tc := range []struct {
			name   string
			args   []int
			unrest int
		}{
			{"a new treasurer", []int{int(SeatTreasurer), free}, 1},
			{"a new ruler", []int{int(SeatRuler), free}, 2},
			{"the marshal takes the general's seat: the general dismissed, the move free", []int{int(SeatGeneral), int(cs[SeatMarshal-1].Citizen)}, 1},
			{"the ruler moves to general", []int{int(SeatGeneral), int(cs[SeatRuler-1].Citizen)}, 1 + 2},
		} {
			x := resolve0(w, Order{Action: Appoint, Args: tc.args}).World
			if got := CouncilStatsOf(x, 0).Unrest; got-vacancyUnrest(x, 0) != tc.unrest {
				t.Errorf("%s: unrest %d (vacancies %d); want %d more", tc.name, got, vacancyUnrest(x, 0), tc.unrest)
			}
			y := resolve0(x, Order{Action: Rest}).World
			if got := CouncilStatsOf(y, 0).Unrest; got != vacancyUnrest(y, 0) {
				t.Errorf("%s: the next day unrest %d; want only the vacancies' %d", tc.name, got, vacancyUnrest(y, 0))
			}
		}
		// Into a vacant seat, by someone without a seat: no unrest.
		v := councilWorld(func(w *World) { w.Camps[0].Council[SeatSpymaster-1] = Seat{} })
		x := resolve0(v, Order{Action: Appoint, Args: []int{int(SeatSpymaster), free}}).World
		if got := CouncilStatsOf(x, 0).Unrest; got != SeatRules[SeatSpymaster].Vacancy.Unrest {
			t.Errorf("a vacant seat filled: unrest %d; want the vacancy's own", got)
		}
	})

	t.Run("CNL-6 each vacant seat costs what seed 001 says", func(t *testing.T) {
		want := map[SeatKind]Stats{
			SeatRuler: {Unrest: 4}, SeatCouncillor: {Loyalty: -2, Unrest: 1}, SeatGeneral: {Loyalty: -4},
			SeatDiplomat: {Stability: -2}, SeatHighPriest: {Loyalty: -2, Stability: -2, Unrest: 1},
			SeatMarshal: {Economy: -4}, SeatSpymaster: {Economy: -4, Unrest: 1}, SeatTreasurer: {Economy: -4},
		}
		full := CouncilStatsOf(NewWorldRules(1, RulesWar), 0)
		for _, s := range Seats() {
			w := councilWorld(func(w *World) { w.Camps[0].Council[s-1] = Seat{} })
			got := CouncilStatsOf(w, 0)
			exp := full
			*statOf(&exp, SeatRules[s].Stat) -= 2 // seed 1's holders all bring 2
			exp.add(want[s])
			if got != exp {
				t.Errorf("%s vacant: %+v; want %+v", s, got, exp)
			}
		}
		var empty Stats
		for _, s := range Seats() {
			empty.add(want[s])
		}
		w := councilWorld(func(w *World) { w.Camps[0].Council = [NumSeats]Seat{{Since: 1}} })
		if got := CouncilStatsOf(w, 0); got != empty {
			t.Errorf("no council: %+v; want %+v", got, empty)
		}
	})

	t.Run("CNL-7 without a ruler only rest and appoint are open, in the menu and the refusals alike", func(t *testing.T) {
		w := councilWorld(func(w *World) { w.Camps[0].Council[SeatRuler-1] = Seat{Since: 0} })
		legal, closed := Menu(w, 0)
		var open []Action
		for _, la := range legal {
			open = append(open, la.Action)
		}
		if !slices.Equal(open, []Action{Rest, Appoint}) {
			t.Errorf("open %v; want rest and appoint", open)
		}
		if len(closed) != len(Actions())-2 {
			t.Errorf("%d closed; want %d", len(closed), len(Actions())-2)
		}
		for _, cl := range closed {
			e := validate(w, 0, Order{Action: cl.Action, Args: []int{1}})
			if e == nil || e.Code != CodeNotAllowed || e.Field != "action" || e.Message != cl.Why.Message ||
				!strings.Contains(e.Message.EN, "no ruler (vacant since day 0): only rest and appoint") || !strings.Contains(e.Message.FR, "dirigeant") {
				t.Errorf("%s: %v; menu %v", cl.Action, e, cl.Why)
			}
		}
		// Camps 1 and 2 keep their rulers.
		if l := LegalActions(w, 1); len(l) < 4 {
			t.Errorf("camp 1's menu %v", l)
		}
	})

	t.Run("CNL-7 orders are judged against the morning's council: a ruler dead today closes tomorrow", func(t *testing.T) {
		// Camp 0's ruler is its longest-serving soldier; a column of camp 1
		// breaks on the capital and kills two of the garrison the day camp
		// 0 sends settlers.
		var z ZoneID
		w := councilWorld(func(w *World) {
			w.Camps[0].Council[SeatRuler-1] = Seat{Citizen: 1}
			z = ZoneAt(CapitalSites[0])
			w.Zones[z].Garrison = 6
			w.Columns = append(w.Columns, Column{ID: 1, Camp: 1, Kind: ArmyColumn, Men: 4, To: z, Arrive: 1})
			w.NextColumn = 2
		})
		zs := LegalActions(w, 0)
		var target int
		for _, la := range zs {
			if la.Action == ExpandTo {
				target = la.Args[0].Choices[0]
			}
		}
		out := resolve0(w, Order{Action: ExpandTo, Args: []int{target}})
		if r := out.Results[0]; r.Status != Applied {
			t.Fatalf("expand_to: %+v", r)
		}
		x := out.World
		if !slices.ContainsFunc(x.Columns, func(col Column) bool { return col.Camp == 0 && col.Kind == SettlerColumn }) {
			t.Error("the settlers did not leave")
		}
		if st := x.Camps[0].Council[SeatRuler-1]; st != (Seat{Since: 1}) {
			t.Fatalf("ruler seat %+v; want vacant since day 1", st)
		}
		if _, ok := councilEntry(out, 0, "seat_vacant"); !ok {
			t.Error("no seat_vacant entry")
		}
		if e := validate(x, 0, Order{Action: ExpandTo, Args: []int{target}}); e == nil || e.Field != "action" {
			t.Errorf("expand_to the next day: %v", e)
		}
		if got := CouncilStatsOf(x, 0).Unrest; got != 4+1 {
			t.Errorf("day 1 unrest %d; want 4 (no ruler) + 1 (no spymaster, citizen 2, killed too)", got)
		}
		// Naming a ruler opens the menu the day after.
		free := adultIDs(x, 0)[0]
		y := resolve0(x, Order{Action: Appoint, Args: []int{int(SeatRuler), free}}).World
		if e := validate(y, 0, Order{Action: ChopWood}); e != nil {
			t.Errorf("chop_wood the day after a ruler is named: %v", e)
		}
	})

	t.Run("CNL-8 without a grand diplomat no proposal and no trade route", func(t *testing.T) {
		w := councilWorld(func(w *World) {
			w.Camps[0].Council[SeatDiplomat-1] = Seat{Since: 0}
			for a := range w.Camps {
				for b := range w.Camps {
					w.Camps[a].Met[b] = a != b
				}
			}
		})
		for _, a := range []Action{ProposePeace, ProposeAlliance, TradeRoute} {
			e := validate(w, 0, Order{Action: a, Args: []int{1}})
			if e == nil || e.Code != CodeNotAllowed || e.Field != "action" || !strings.Contains(e.Message.EN, "no grand diplomat") {
				t.Errorf("%s: %v", a, e)
			}
		}
		for _, a := range []Action{ChopWood, DeclareWar, Rest} {
			if e := councilBar(w, 0, a); e != nil {
				t.Errorf("%s barred: %v", a, e)
			}
		}
		// Camp 1 proposes peace to camp 0 at war: camp 1 has its diplomat.
		if e := validate(w, 1, Order{Action: ProposePeace, Args: []int{0}}); e != nil {
			t.Errorf("camp 1's proposal: %v", e)
		}
	})

	t.Run("CNL-9 a holder's death empties his seat, in the journal in both languages", func(t *testing.T) {
		w := councilWorld(nil)
		// A civilian (the general) dies of anything: removeCitizen.
		tk := &tick{prev: w, w: w.Clone()}
		tk.w.Day = 7
		general := w.Camps[0].Council[SeatGeneral-1].Citizen
		tk.removeCitizen(0, tk.w.citizen(0, general))
		if st := tk.w.Camps[0].Council[SeatGeneral-1]; st != (Seat{Since: 7}) {
			t.Errorf("general seat %+v; want vacant since day 7", st)
		}
		e, ok := councilEntry(Outcome{Journal: tk.journal}, 0, "seat_vacant")
		if !ok || !strings.Contains(e.Narration.EN, "general of the camp") || !strings.Contains(e.Narration.FR, "général du camp") ||
			!strings.Contains(e.Why.EN, "loyalty -4") || !strings.Contains(e.Why.FR, "loyauté -4") || !strings.Contains(e.Why.EN, "appoint 3 C") {
			t.Errorf("journal %+v", e)
		}
		// A soldier (the spymaster, seed 1's citizen 2) killed in battle:
		// killSoldiers.
		tk = &tick{prev: w, w: w.Clone()}
		tk.w.Day = 3
		tk.killSoldiers(0, 2)
		if st := tk.w.Camps[0].Council[SeatSpymaster-1]; st != (Seat{Since: 3}) {
			t.Errorf("spymaster seat %+v; want vacant since day 3", st)
		}
		if len(tk.journal) != 1 || !strings.Contains(tk.journal[0].Why.EN, "economy -4, unrest +1") {
			t.Errorf("journal %+v; want one seat_vacant entry", tk.journal)
		}
		// A death without a seat says nothing of the council.
		tk = &tick{prev: w, w: w.Clone()}
		tk.removeCitizen(0, tk.w.citizen(0, int32(adultIDs(w, 0)[0])))
		if len(tk.journal) != 0 {
			t.Errorf("journal %+v", tk.journal)
		}
		// The ruler's death names the day a regent comes.
		tk = &tick{prev: w, w: w.Clone()}
		tk.w.Day = 5
		tk.removeCitizen(0, tk.w.citizen(0, w.Camps[0].Council[SeatRuler-1].Citizen))
		if len(tk.journal) != 1 || !strings.Contains(tk.journal[0].Why.EN, "a regent takes it at the end of day 8") || !strings.Contains(tk.journal[0].Why.EN, "only rest and appoint") {
			t.Errorf("journal %+v", tk.journal)
		}
	})

	t.Run("CNL-10 a ruler seat vacant three days gets a regent: the highest-level adult without a seat", func(t *testing.T) {
		setup := func(since, day int) *World {
			return councilWorld(func(w *World) {
				w.Day = day
				w.Camps[0].Council[SeatRuler-1] = Seat{Since: since}
				cs := w.Camps[0].Citizens
				cs[w.citizen(0, 19)].Level, cs[w.citizen(0, 19)].XP = 3, 120
				cs[w.citizen(0, 20)].Level, cs[w.citizen(0, 20)].XP = 3, 150
				cs[w.citizen(0, 18)].Level, cs[w.citizen(0, 18)].XP = 3, 150
				// The marshal outranks them all, but holds a seat.
				cs[w.citizen(0, w.Camps[0].Council[SeatMarshal-1].Citizen)].Level = 5
			})
		}
		tk := &tick{prev: setup(5, 7), w: setup(5, 7)}
		tk.w.Day = 8
		tk.council()
		if st := tk.w.Camps[0].Council[SeatRuler-1]; st != (Seat{Citizen: 18, Since: 8}) {
			t.Errorf("ruler seat %+v; want citizen 18 (level III, 150 XP, lowest ID) since day 8", st)
		}
		if len(tk.journal) != 1 || tk.journal[0].Kind != "regent" || !strings.Contains(tk.journal[0].Why.EN, "rules from day 9") {
			t.Errorf("journal %+v", tk.journal)
		}
		tk = &tick{prev: setup(6, 7), w: setup(6, 7)}
		tk.w.Day = 8
		tk.council()
		if st := tk.w.Camps[0].Council[SeatRuler-1]; st.Citizen != 0 {
			t.Errorf("a regent after two days: %+v", st)
		}
		// Every adult seated: the highest level moves.
		x := setup(0, 2)
		for i := range x.Camps[0].Citizens {
			if x.SeatOf(0, x.Camps[0].Citizens[i].ID) == 0 {
				x.Camps[0].Citizens[i].Age = 10
			}
		}
		out := resolve0(x, Order{Action: Rest})
		st := out.World.Camps[0].Council
		if st[SeatRuler-1].Citizen != x.Camps[0].Council[SeatMarshal-1].Citizen || st[SeatMarshal-1] != (Seat{Since: 3}) {
			t.Errorf("council %v; want the marshal regent, his seat vacant since day 3", st)
		}
		// Through Resolve: the fourth morning has a ruler again.
		y := setup(0, 0)
		y.Camps[0].Council[SeatRuler-1] = Seat{}
		for d := 1; d <= 3; d++ {
			if e := validate(y, 0, Order{Action: ChopWood}); e == nil {
				t.Errorf("day %d: chop_wood open without a ruler", d)
			}
			y = resolve0(y, Order{Action: Rest}).World
		}
		if e := validate(y, 0, Order{Action: ChopWood}); e != nil {
			t.Errorf("day 4: %v", e)
		}
		if d, ok := y.RegentDay(0); ok {
			t.Errorf("regent day %d with a regent seated", d)
		}
	})
}

// vacancyUnrest is the unrest camp c's vacant seats cost today.
func vacancyUnrest(w *World, c CampID) int {
	n := 0
	for _, s := range Seats() {
		if _, ok := w.SeatHolder(c, s); !ok {
			n += SeatRules[s].Vacancy.Unrest
		}
	}
	return n
}
