package castle_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/lang"

	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/castle"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestCastleSetup checks CAS-PKG and CAS-PATRONS: each package raises one
// gauge of its city's setup by one, the sheet gives nothing, and every seat
// has three patrons.
func TestCastleSetup(t *testing.T) {
	rs := castle.Ruleset{}
	plain, err := rs.Setup(game.Setup{Seed: 11, Camps: 6})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]engine.Gauge{"granary": engine.Wheat, "treasury": engine.Gold, "levy": engine.Army,
		"workyard": engine.Civilians, "scholars": engine.Health}
	for name, g := range want {
		st, err := rs.Setup(game.Setup{Seed: 11, Camps: 6, Players: []game.Player{{Camp: 2, Package: name, Sheet: career.Sheet{}}}})
		if err != nil {
			t.Fatal(err)
		}
		got, base := castle.Of(st).Cities[2].Gauges, castle.Of(plain).Cities[2].Gauges
		base[g]++
		if got != base {
			t.Errorf("package %s: city 2's gauges %v; want %v", name, got, base)
		}
	}
	if _, err := rs.Setup(game.Setup{Seed: 11, Camps: 6, Players: []game.Player{{Camp: 2, Package: "nothing"}}}); err == nil {
		t.Errorf("an unknown package was accepted")
	}
	for c := range 6 {
		if ps := rs.Season(6).Patrons(c); len(ps) != 3 {
			t.Errorf("seat %d: patrons %v; want 3", c, ps)
		}
	}
}

// TestCastleScore checks CAS-RANK: standing cities above fallen ones, by
// their margin from a fall; fallen ones by the turn they fell.
func TestCastleScore(t *testing.T) {
	st, err := engine.Setup(1, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	st.Cities[0].Gauges = [engine.NumGauges]int{5, 5, 5, 5, 5}
	st.Cities[1].Gauges = [engine.NumGauges]int{9, 9, 9, 9, 1} // civilians 9: one from the people's rising
	st.Cities[2].Fell, st.Cities[3].Fell = 7, 3
	scores, err := castle.Ruleset{}.Season(4).Score(castle.StateOf(st))
	if err != nil {
		t.Fatal(err)
	}
	cs := make([]career.CampScore, len(scores))
	for c, s := range scores {
		cs[c] = career.CampScore{Camp: c, Score: s.Score}
	}
	var order []int
	for _, r := range career.RankCamps(cs) {
		order = append(order, r.Camp)
	}
	if want := []int{0, 1, 2, 3}; !equal(order, want) {
		t.Errorf("ranking %v; want %v (the balanced city, the one near a rising, then by fall turn)", order, want)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCastleFog checks CAS-FOG through the wire view: a city sees its own
// hand and never another's, the drafting city alone sees what it drew, and
// every city's gauges are public.
func TestCastleFog(t *testing.T) {
	rs := castle.Ruleset{}
	st, err := engine.Setup(2, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := castle.StateOf(st)
	for s.Day() < 40 && !s.Over() {
		for c := range 4 {
			v := rs.View(s, c, lang.EN).GetCastle()
			g := castle.Of(s)
			if want := g.Cities[c].Hand; (want == 0) != (v.GetHand() == "") || (want != 0 && v.GetHand() != want.String()) {
				t.Fatalf("day %d city %d: hand %q; want its own %s", s.Day(), c, v.GetHand(), want)
			}
			for o, city := range v.GetCities() {
				if city.GetCivilians() != int32(g.Cities[o].Gauges[engine.Civilians]) || city.GetHoldsCard() != (g.Cities[o].Hand != 0) {
					t.Fatalf("day %d city %d: city %d shows %v", s.Day(), c, o, city)
				}
			}
			if drafting := g.Step == engine.Draft && c == g.Current; drafting != (len(v.GetDrawn()) > 0) {
				t.Fatalf("day %d city %d: drawn %v in the %s step of city %d", s.Day(), c, v.GetDrawn(), g.Step, g.Current)
			}
		}
		s = rs.Resolve(s, make([]game.Order, 4)).State
	}
	f := rs.Frame(s, lang.EN).GetCastle()
	if len(f.GetHands()) != 4 {
		t.Errorf("the chronicle's frame: %d hands; want every city's", len(f.GetHands()))
	}
}

// TestCastleFeats checks CAS-FEATS: the attacker's war won is a mission, the
// defender's lost one a failed counter-mission, a draft is intelligence, a
// city's own fall a sabotage suffered.
func TestCastleFeats(t *testing.T) {
	rs := castle.Ruleset{}
	before, err := engine.Setup(1, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	before.Step, before.Current = engine.Play, 0
	before.Cities[0].Hand, before.Cities[0].Gauges[engine.Army] = engine.War, 7
	before.Cities[2].Gauges[engine.Civilians], before.Cities[2].Gauges[engine.Army] = 1, 3
	out := rs.Resolve(castle.StateOf(before), []game.Order{{Action: "play", Args: []int{2}}, {}, {}})
	journal := make([][]game.Entry, 3)
	for _, e := range out.Journal {
		journal[e.Camp] = append(journal[e.Camp], e)
	}
	feats, err := game.FeatsOf(rs.Season(3), 1, 1).Day(game.Day{Before: castle.StateOf(before), After: out.State, Journal: journal})
	if err != nil {
		t.Fatal(err)
	}
	kinds := func(c int) map[career.FeatKind]int {
		m := map[career.FeatKind]int{}
		for _, f := range feats[c] {
			m[f.Kind]++
			if f.Kind != career.Recovery && !f.Roll.Valid() {
				t.Errorf("city %d's %s has no roll", c, f.Kind)
			}
		}
		return m
	}
	if k := kinds(0); k[career.MissionSucceeded] != 1 {
		t.Errorf("the attacker's feats: %v; want a mission", k)
	}
	if k := kinds(2); k[career.CounterMissionFailed] != 1 || k[career.SabotageSuffered] != 1 {
		t.Errorf("the fallen defender's feats: %v; want a failed counter-mission and a sabotage", k)
	}
	if out.Refusals[0] != nil || castle.Of(out.State).Cities[2].Fell == 0 {
		t.Fatalf("the war did not play as set up: %v", castle.Of(out.State))
	}
	// A draft: the drafter saw the cards.
	draft := castle.Of(out.State).Clone()
	draft.Step, draft.Current, draft.Drawn = engine.Draft, 1, []engine.Card{engine.Fire, engine.War}
	d := rs.Resolve(castle.StateOf(draft), make([]game.Order, 3))
	journal = make([][]game.Entry, 3)
	for _, e := range d.Journal {
		journal[e.Camp] = append(journal[e.Camp], e)
	}
	feats, err = game.FeatsOf(rs.Season(3), 1, 1).Day(game.Day{Before: castle.StateOf(draft), After: d.State, Journal: journal})
	if err != nil {
		t.Fatal(err)
	}
	if k := kinds(1); k[career.IntelSupportInfluence] != 1 {
		t.Errorf("the drafter's feats: %v; want intelligence", k)
	}
	if v := rs.View(out.State, 1, lang.EN); v.GetDetail() == nil {
		t.Errorf("no Castle detail")
	} else if _, ok := v.GetDetail().(*pb.CampView_Castle); !ok {
		t.Errorf("detail %T", v.GetDetail())
	}
}

// TestCastleSeasons covers CAS-FIRST, CAS-DECK and CAS-RULES: under
// RulesMastery two seasons of one world deal their own decks and first
// cities, a season set up twice deals the same, and a game of the first
// rules ignores the season.
func TestCastleSeasons(t *testing.T) {
	var rs castle.Ruleset
	deal := func(season int, like game.State) *engine.State {
		s, err := rs.Setup(game.Setup{Seed: 11, Camps: 6, Season: season, Like: like})
		if err != nil {
			t.Fatal(err)
		}
		return castle.Of(s)
	}
	one, two := deal(1, nil), deal(2, nil)
	if one.Rules != engine.CurrentRules || two.Season != 2 {
		t.Fatalf("rules %d, season %d; want the current rules and season 2", one.Rules, two.Season)
	}
	if slices.Equal(one.Deck, two.Deck) && one.Current == two.Current {
		t.Error("CAS-DECK seasons 1 and 2 deal the same deck to the same first city")
	}
	if again := deal(2, nil); !slices.Equal(again.Deck, two.Deck) || again.Current != two.Current {
		t.Error("season 2 set up twice deals differently")
	}
	old := &engine.State{Rules: engine.RulesSeed004}
	o1, o2 := deal(1, castle.StateOf(old)), deal(2, castle.StateOf(old))
	if o1.Rules != engine.RulesSeed004 || !slices.Equal(o1.Deck, o2.Deck) || o1.Current != o2.Current || o2.Season != 0 {
		t.Error("CAS-RULES a game of the first rules set up again depends on the season")
	}
}
