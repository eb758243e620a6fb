package grisonval

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
)

// TestDayFeats checks the mapping of journal kinds to feats (FEAT-MAP in
// docs/career.md), camp by camp: the actor, the target and an onlooker of
// one event get different feats.
func TestDayFeats(t *testing.T) {
	const (
		day = 5
		z   = engine.ZoneID(40) // a zone of camp 1 before the day
	)
	type kinds = [engine.NumCamps][]career.FeatKind
	entry := func(kind string, zones ...int) game.Entry {
		return game.Entry{Day: day, Kind: kind, Zones: zones}
	}
	all := func(e ...game.Entry) [engine.NumCamps][]game.Entry {
		return [engine.NumCamps][]game.Entry{e, e, e}
	}
	column := func(c engine.CampID) engine.Column {
		return engine.Column{ID: 7, Camp: c, Kind: engine.ArmyColumn, Men: 5, From: 1, To: z, Depart: day - 2, Arrive: day}
	}
	siege := func(c engine.CampID) engine.Siege {
		return engine.Siege{Zone: z, Camp: c, Men: 6, Start: day - 3, Assault: day}
	}
	tests := []struct {
		name    string
		setup   func(before, after *engine.World)
		journal [engine.NumCamps][]game.Entry
		played  [engine.NumCamps]string
		want    kinds
	}{
		{"zone taken: the taker's mission", func(b, a *engine.World) {
			b.Zones[z].Owner, a.Zones[z].Owner = engine.NoCamp, 0
		}, all(entry("zone_taken", int(z))), [3]string{},
			kinds{{career.MissionSucceeded}, nil, nil}},
		{"siege won: the besieger's mission, the holder's failed defence", func(b, a *engine.World) {
			b.Sieges, a.Zones[z].Owner = []engine.Siege{siege(0)}, 0
		}, all(entry("siege_won", int(z))), [3]string{},
			kinds{{career.MissionSucceeded}, {career.CounterMissionFailed}, nil}},
		{"siege broken: the besieger fails, the holder's counter-mission", func(b, a *engine.World) {
			b.Sieges = []engine.Siege{siege(0)}
		}, all(entry("siege_broken", int(z))), [3]string{},
			kinds{{career.MissionFailed}, {career.CounterMissionSucceeded}, nil}},
		{"siege starved: as broken", func(b, a *engine.World) {
			b.Sieges = []engine.Siege{siege(2)}
		}, all(entry("siege_starved", int(z))), [3]string{},
			kinds{nil, {career.CounterMissionSucceeded}, {career.MissionFailed}}},
		{"siege lifted: the besieger's mission sabotaged", func(b, a *engine.World) {
			b.Sieges = []engine.Siege{siege(0)}
		}, all(entry("siege_lifted", int(z))), [3]string{},
			kinds{{career.SabotageSuffered}, {career.CounterMissionSucceeded}, nil}},
		{"battle: the assault repelled", func(b, a *engine.World) {
			b.Columns = []engine.Column{column(2)}
		}, all(entry("battle", int(z))), [3]string{},
			kinds{nil, {career.CounterMissionSucceeded}, {career.MissionFailed}}},
		{"lines held: the relief column beaten by the besiegers", func(b, a *engine.World) {
			b.Sieges, b.Columns = []engine.Siege{siege(0)}, []engine.Column{column(2)}
		}, all(entry("siege_lines_held", int(z))), [3]string{},
			kinds{{career.CounterMissionSucceeded}, nil, {career.SabotageSuffered}}},
		{"settlers turned back", func(b, a *engine.World) {
			b.Columns = []engine.Column{column(0)}
		}, all(entry("settlers_turned_back", int(z))), [3]string{},
			kinds{{career.MissionFailed}, nil, nil}},
		{"meeting: the survivor's outcome counts, the loser is sabotaged", func(b, a *engine.World) {
			c0, c2 := column(0), column(2)
			c2.ID = 8
			b.Zones[z].Owner, a.Zones[z].Owner = engine.NoCamp, 0
			b.Columns = []engine.Column{c0, c2}
		}, [3][]game.Entry{
			{entry("meeting", int(z)), entry("zone_taken", int(z))}, nil, {entry("meeting", int(z))},
		}, [3]string{}, kinds{{career.MissionSucceeded}, nil, {career.SabotageSuffered}}},
		{"intel: exploration and a spy's report; a spy caught reveals an enemy operation", func(b, a *engine.World) {},
			[3][]game.Entry{
				{entry("explore", 12)}, {entry("spy", int(z)), entry("spy")}, {entry("spied_on", int(z))},
			}, [3]string{},
			kinds{{career.IntelSupportInfluence}, {career.IntelSupportInfluence}, {career.EnemyMissionRevealed}}},
		{"trade route: the opener's support, once", func(b, a *engine.World) {},
			all(entry("trade_route"), entry("trade_route")), [3]string{"trade_route", "rest", ""},
			kinds{{career.IntelSupportInfluence}, nil, nil}},
		{"pact signed: both signers' influence, once a day", func(b, a *engine.World) {
			a.SetRelation(0, 1, engine.Peace)
		}, all(entry("pact_signed"), entry("pact_signed")), [3]string{},
			kinds{{career.IntelSupportInfluence}, {career.IntelSupportInfluence}, nil}},
		{"the patrons' interventions (PAT-D666): the roller's, not its enemies'", func(b, a *engine.World) {},
			[3][]game.Entry{{entry("patron_grace")}, {entry("patron_chaos")}, {entry("chaos_suffered")}}, [3]string{},
			kinds{{career.InterventionTriggered}, {career.InterventionTriggered}, nil}},
		{"rest: recovery", func(b, a *engine.World) {},
			[3][]game.Entry{{entry("rest")}, nil, nil}, [3]string{},
			kinds{{career.Recovery}, nil, nil}},
		{"an enemy column marching into sight is revealed", func(b, a *engine.World) {
			col := column(1)
			col.To, col.Arrive = a.Capital(0), day+3
			a.Columns = []engine.Column{col}
		}, [3][]game.Entry{}, [3]string{},
			kinds{{career.EnemyMissionRevealed}, nil, nil}},
		{"other kinds count nothing", func(b, a *engine.World) {},
			all(entry("siege", int(z)), entry("arrival", int(z)), entry("chop_wood"), entry("famine")), [3]string{},
			kinds{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := engine.NewWorld(3)
			before.Day = day - 1
			before.Zones[z].Owner = 1
			after := before.Clone()
			after.Day = day
			tc.setup(before, after)
			var revealed [engine.NumCamps]map[int]bool
			got := kindsOf(dayFeats(featDay{before: before, after: after, journal: tc.journal, played: tc.played}, &revealed))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v; want %v", got, tc.want)
			}
			// A column is revealed once a season.
			if again := kindsOf(dayFeats(featDay{before: before, after: after}, &revealed)); !reflect.DeepEqual(again, kinds{}) {
				t.Errorf("the next day: got %v; want no feat", again)
			}
		})
	}
}

// kindsOf returns the kinds of each camp's feats, in order.
func kindsOf(feats [engine.NumCamps][]career.Feat) [engine.NumCamps][]career.FeatKind {
	var out [engine.NumCamps][]career.FeatKind
	for c, fs := range feats {
		for _, f := range fs {
			out[c] = append(out[c], f.Kind)
		}
	}
	return out
}

// TestFeatOrders checks FEAT-AUTHOR through a season's tracker, day after
// day: the outcome of a camp's column at its arrival stems from the order
// that sent it, a siege's outcome for the besieger from the order whose
// column laid it, days later, and every other feat from the day's own
// order.
func TestFeatOrders(t *testing.T) {
	const (
		taken    = engine.ZoneID(30) // a free zone camp 0 takes on day 7
		besieged = engine.ZoneID(40) // camp 1's zone camp 0 besieges from day 4
	)
	w := engine.NewWorld(3)
	w.Zones[besieged].Owner = 1
	tracker := game.FeatsOf(Ruleset{}.Season(engine.NumCamps), 3, 1)
	// day resolves day n: setup changes the state after it, journal is
	// each camp's journal of the day; it returns the day's feats.
	day := func(n int, setup func(after *engine.World), journal ...[]string) [][]career.Feat {
		t.Helper()
		before := w.Clone()
		w.Day = n
		setup(w)
		entries := make([][]game.Entry, engine.NumCamps)
		for c, kinds := range journal {
			for _, k := range kinds {
				var z engine.ZoneID
				switch k {
				case "zone_taken":
					z = taken
				case "siege", "siege_won":
					z = besieged
				}
				entries[c] = append(entries[c], game.Entry{Day: n, Kind: k, Zones: []int{int(z)}})
			}
		}
		fs, err := tracker.Day(game.Day{Before: StateOf(before), After: StateOf(w), Journal: entries})
		if err != nil {
			t.Fatal(err)
		}
		return fs
	}
	nothing := func(*engine.World) {}
	orders := func(fs []career.Feat) map[career.FeatKind]int {
		m := map[career.FeatKind]int{}
		for _, f := range fs {
			if f.Kind != career.InterventionTriggered {
				m[f.Kind] = f.Order
			}
		}
		return m
	}
	// Day 2: camp 0's order sends a column to the besieged zone; day 3 one
	// to the free zone.
	day(1, nothing)
	day(2, func(a *engine.World) {
		a.Columns = append(a.Columns, engine.Column{ID: 1, Camp: 0, Kind: engine.ArmyColumn, Men: 9, From: 1, To: besieged, Depart: 2, Arrive: 4})
	})
	day(3, func(a *engine.World) {
		a.Columns = append(a.Columns, engine.Column{ID: 2, Camp: 0, Kind: engine.ArmyColumn, Men: 4, From: 1, To: taken, Depart: 3, Arrive: 7})
	})
	// Day 4: the first column lays the siege.
	day(4, func(a *engine.World) {
		a.Columns = a.Columns[1:]
		a.Sieges = []engine.Siege{{Zone: besieged, Camp: 0, Men: 9, Start: 4, Assault: 8}}
	}, []string{"siege"}, []string{"siege"})
	day(5, nothing)
	day(6, nothing, []string{"rest"})
	// Day 7: the second column takes the free zone.
	t.Run("FEAT-AUTHOR a column sent on day 3 takes a zone on day 7", func(t *testing.T) {
		fs := day(7, func(a *engine.World) {
			a.Columns, a.Zones[taken].Owner = nil, 0
		}, []string{"zone_taken", "rest"})
		if got := orders(fs[0]); got[career.MissionSucceeded] != 3 || got[career.Recovery] != 7 {
			t.Errorf("got orders %v; want the mission of day 3's order, the rest of day 7's", got)
		}
	})
	// Day 8: the decisive assault wins the siege laid on day 4 by day 2's
	// column; the former holder's failed defence is its order of day 8.
	t.Run("FEAT-AUTHOR a siege won stems from the order of the column that laid it", func(t *testing.T) {
		fs := day(8, func(a *engine.World) {
			a.Sieges, a.Zones[besieged].Owner = nil, 0
		}, []string{"siege_won"}, []string{"siege_won"})
		if got := orders(fs[0]); got[career.MissionSucceeded] != 2 {
			t.Errorf("the besieger: got orders %v; want the mission of day 2's order", got)
		}
		if got := orders(fs[1]); got[career.CounterMissionFailed] != 8 {
			t.Errorf("the former holder: got orders %v; want its failed defence of day 8's order", got)
		}
		for _, f := range fs[0] {
			if f.Kind == career.InterventionTriggered && f.Order != 2 {
				t.Errorf("an intervention rolled for the siege won: got order %d; want 2", f.Order)
			}
		}
	})
}

// TestRollFeats checks the d666 of feats through a season's tracker: one
// roll per feat but recovery, the same for a replay, different in another
// season, and an intervention after a 111 or a 666 (SEA-D666).
func TestRollFeats(t *testing.T) {
	before := engine.NewWorld(42)
	after := before.Clone()
	// rolls returns camp 0's feats of day in season of world 42, a day on
	// which its journal tells entries of kinds.
	rolls := func(season, day int, kinds ...string) []career.Feat {
		t.Helper()
		before.Day, after.Day = day-1, day
		var journal []game.Entry
		for _, k := range kinds {
			journal = append(journal, game.Entry{Day: day, Kind: k})
		}
		fs, err := game.FeatsOf(Ruleset{}.Season(engine.NumCamps), 42, season).Day(game.Day{Before: StateOf(before), After: StateOf(after),
			Journal: [][]game.Entry{journal, nil, nil}})
		if err != nil {
			t.Fatal(err)
		}
		return fs[0]
	}
	a := rolls(1, 3, "explore", "rest", "explore")
	if b := rolls(1, 3, "explore", "rest", "explore"); !reflect.DeepEqual(a, b) {
		t.Errorf("replay: got %v; want %v", b, a)
	}
	if len(a) < 3 || a[1] != (career.Feat{Kind: career.Recovery, Order: 3}) {
		t.Fatalf("got %+v; want intel, a recovery without a roll, intel", a)
	}
	for _, f := range a {
		if f.Kind != career.Recovery && !f.Roll.Valid() {
			t.Errorf("feat %s: got roll %s; want three dice", f.Kind, f.Roll)
		}
	}
	if b := rolls(2, 3, "explore", "rest", "explore"); reflect.DeepEqual(a, b) {
		t.Errorf("season 2 rolled as season 1: %v", b)
	}
	// The world's own intervention keeps the world's roll (PAT-D666).
	if got, want := rolls(1, 3, "patron_chaos"), []career.Feat{{Kind: career.InterventionTriggered, Roll: career.D666{6, 6, 6}, Order: 3}}; !reflect.DeepEqual(got, want) {
		t.Errorf("a 666 of the patrons: got %+v; want %+v", got, want)
	}
	// Find a day whose first roll is a triple: an intervention follows.
	found := false
	for day := 1; day < 20000 && !found; day++ {
		fs := rolls(1, day, "explore")
		if fs[0].Roll.Intervention() {
			found = true
			if len(fs) != 2 || fs[1].Kind != career.InterventionTriggered || fs[1].Roll != fs[0].Roll {
				t.Errorf("day %d rolled %s: got %+v; want the feat then an intervention", day, fs[0].Roll, fs)
			}
		} else if len(fs) != 1 {
			t.Errorf("day %d rolled %s: got %d feats; want 1", day, fs[0].Roll, len(fs))
		}
	}
	if !found {
		t.Errorf("no 111 or 666 in 20000 days")
	}
}

// TestCarryOver checks the carry-over (SEA-CARRY): the seed's setup with
// half of each zone's development, rounded down; nothing else.
func TestCarryOver(t *testing.T) {
	prev := engine.NewWorld(9)
	capital := prev.Capital(0)
	tests := []struct {
		name string
		z    engine.ZoneID
		dev  int
		want int
	}{
		{"level 0 stays 0", 30, 0, 0},
		{"level 1 rounds down to 0", 31, 1, 0},
		{"level 3 gives 1", 32, 3, 1},
		{"level 4 gives 2", 33, 4, 2},
		{"the capital keeps half", capital, 5, 2},
	}
	for _, tc := range tests {
		prev.Zones[tc.z].Development = tc.dev
	}
	prev.Day = 24
	prev.Zones[30].Owner, prev.Zones[30].Garrison = 1, 9
	prev.Zones[capital].Buildings = []engine.BuildingKind{1, 2}
	prev.Camps[0].Resources.Gold = 999
	prev.Columns = []engine.Column{{ID: 1, Camp: 2, Kind: engine.ArmyColumn, Men: 3, From: 1, To: 2, Arrive: 30}}
	before, err := engine.Marshal(prev)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := Ruleset{}.Setup(game.Setup{Seed: 9, Camps: engine.NumCamps, Prev: StateOf(prev)})
	if err != nil {
		t.Fatal(err)
	}
	next := Of(setup)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := next.Zones[tc.z].Development; got != tc.want {
				t.Errorf("zone %d at level %d: got level %d; want %d", tc.z, tc.dev, got, tc.want)
			}
		})
	}
	fresh := engine.NewWorld(9)
	t.Run("the rest is the seed's setup", func(t *testing.T) {
		for _, tc := range tests {
			next.Zones[tc.z].Development = 0
			for c := range next.Camps {
				next.Camps[c].Memory[tc.z].Dev = 0
			}
		}
		if got, want := engine.Hash(next), engine.Hash(fresh); got != want {
			t.Errorf("setup without the development: got hash %s; want the seed's %s", got, want)
		}
	})
	t.Run("the previous season is not modified", func(t *testing.T) {
		after, err := engine.Marshal(prev)
		if err != nil {
			t.Fatal(err)
		}
		if string(after) != string(before) {
			t.Errorf("the carry-over changed the previous season's state")
		}
	})
}

// TestSeasonsDrawApart covers RNG-1 through the seam: two seasons of one
// world, set up with their numbers (game.Setup.Season) from the seed or
// carried over, draw their own chance, events and patrons' dice alike, on
// the same land; a season set up twice draws the same.
func TestSeasonsDrawApart(t *testing.T) {
	rs := Ruleset{}
	play := func(s game.State) []string {
		var out []string
		idle := []game.Order{rs.Idle(), rs.Idle(), rs.Idle()}
		for range 120 {
			o := rs.Resolve(s, idle)
			for _, e := range o.Journal {
				if slices.ContainsFunc(engine.EventTable(Of(s).Rules), func(x engine.EventSpec) bool { return x.Kind == e.Kind }) ||
					e.Kind == "patron_grace" || e.Kind == "patron_chaos" {
					out = append(out, fmt.Sprint(e.Day, e.Camp, e.Kind))
				}
			}
			s = o.State
		}
		return out
	}
	setup := func(season int, prev game.State) game.State {
		s, err := rs.Setup(game.Setup{Seed: 9, Camps: engine.NumCamps, Season: season, Prev: prev})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	one := setup(1, nil)
	two, again := setup(2, one), setup(2, one)
	if Of(two).Season != 2 || Of(one).Season != 1 {
		t.Fatalf("seasons %d and %d; want 1 and 2", Of(one).Season, Of(two).Season)
	}
	for z := 1; z <= engine.NumZones; z++ {
		if Of(one).Zones[z].Terrain != Of(two).Zones[z].Terrain || Of(one).Zones[z].Special != Of(two).Zones[z].Special {
			t.Fatalf("zone %d: the land changed between seasons", z)
		}
	}
	e1, e2 := play(one), play(two)
	if len(e1) < 15 || len(e2) < 15 {
		t.Fatalf("%d and %d chance entries in 120 days; want more", len(e1), len(e2))
	}
	same := 0
	for _, e := range e2 {
		if slices.Contains(e1, e) {
			same++
		}
	}
	if same*2 > len(e2) {
		t.Errorf("RNG-1 season 2 repeats %d of its %d events and interventions of season 1 on the same day in the same camp", same, len(e2))
	}
	if !slices.Equal(e2, play(again)) {
		t.Error("season 2 set up twice drew differently")
	}
}

// TestScoreSeasonArmy covers CAR-VETERANS and RULES-1: under RulesVictory
// a camp's barracks count in full and each man of its men under arms
// averaged over the season's days (its men-under-arms-days divided by the
// day) adds ArmyInfluenceTenths tenths to its capital's influence, rounded
// down; the same state under RulesMastery scores as before.
func TestScoreSeasonArmy(t *testing.T) {
	const camp = engine.CampID(1)
	build := func(rules engine.Rules) *engine.World {
		w := engine.NewSeasonWorld(5, rules, 1)
		w.Day = 40
		cap := w.Capital(camp)
		w.Zones[cap].Buildings = []engine.BuildingKind{engine.Barracks}
		// 40 days of an army of 7, and 39 men-days more: an average of
		// 7.975; camp 2 an average of 0.1, worth less than 1 influence.
		w.Camps[camp].ArmsDays, w.Camps[2].ArmsDays = 7*40+39, 4
		return w
	}
	score := func(w *engine.World) []game.Score {
		sc, err := Ruleset{}.Season(engine.NumCamps).Score(StateOf(w))
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	old, now := build(engine.RulesMastery), build(engine.RulesVictory)
	weight := career.Zone{Terrain: career.Terrain(now.Zones[now.Capital(camp)].Terrain)}.Weight()
	so, sn := score(old), score(now)
	// The capital's influence: its barracks 0 (half of one, rounded down)
	// under the old rules, 1 under the new, + its season's army.
	if want := so[camp].Score + weight*(1+(7*40+39)*career.ArmyInfluenceTenths/(10*40)); sn[camp].Score != want {
		t.Errorf("CAR-VETERANS RULES-1: camp %d scores %d under RulesVictory, %d under RulesMastery; want %d", camp, sn[camp].Score, so[camp].Score, want)
	}
	for c := range engine.CampID(engine.NumCamps) {
		if c != camp && sn[c].Score != so[c].Score {
			t.Errorf("CAR-VETERANS: camp %d, with no barracks and a season's army worth under 1, scores %d under RulesVictory; want %d", c, sn[c].Score, so[c].Score)
		}
	}
	held := campZones(old, camp)
	if want, err := career.Score(held); err != nil || so[camp].Score != want {
		t.Errorf("RULES-1: under RulesMastery camp %d scores %d; want CAR-SCORE's %d (%v)", camp, so[camp].Score, want, err)
	}
}
