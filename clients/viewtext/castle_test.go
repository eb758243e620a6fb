package viewtext

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// castleRules are the Castle's numbers as a server sends them.
func castleRules() *pb.CastleRules {
	return &pb.CastleRules{MinGauge: 0, MaxGauge: 10, StartGauge: 5,
		Deck: []*pb.CardCount{{Card: "granary", Count: 3}, {Card: "war", Count: 4}, {Card: "outpost", Count: 3},
			{Card: "allegiance", Count: 3}, {Card: "hospital", Count: 3}, {Card: "fire", Count: 3},
			{Card: "barbarians", Count: 3}, {Card: "civil_war", Count: 2}, {Card: "land_of_welcome", Count: 3}},
		Links: []*pb.CastleLink{{Gauge: "health", Below: 2, Target: "civilians", Delta: -2},
			{Gauge: "health", AtLeast: 9, Target: "civilians", Delta: 1}, {Gauge: "wheat", Below: 3, Target: "health", Delta: -1}},
		Die:          []string{"harvest", "trade", "plague", "plague", "hail", "medicine"},
		GranarySlots: 2, OutpostSlots: 4, AllegianceGold: 2, FireWheat: 2,
	}
}

// castleView is city 2 "Provins" of a game of four in turn 3's play step
// (city 1's turn): it holds a war; cities 0 and 1 hold a card each (whose
// faces are theirs alone); city 0 has a granary, city 1 an outpost; city 3
// fell on turn 2.
func castleView() *pb.CampView {
	c := &pb.CastleView{
		Turn: 3, Current: 1, Step: "play", Roll: "hail",
		Cities: []*pb.CastleCity{
			{Camp: 0, Name: "Montségur", Gold: 4, Wheat: 3, Health: 5, Civilians: 6, Army: 4, Granary: 2, Outpost: -1, HoldsCard: true},
			{Camp: 1, Name: "Carcassonne", Gold: 2, Wheat: 5, Health: 4, Civilians: 5, Army: 6, Granary: -1, Outpost: 3, HoldsCard: true},
			{Camp: 2, Name: "Provins", Gold: 5, Wheat: 4, Health: 6, Civilians: 4, Army: 5, Granary: -1, Outpost: -1, HoldsCard: true},
			{Camp: 3, Name: "Loches", Army: 10, Civilians: 3, Granary: -1, Outpost: -1, FellTurn: 2, FellCause: "army_10"},
		},
		Hand: "war", Deck: 11, Discard: []string{"fire", "war", "fire", "hospital"},
		TurnOrder: []int32{1, 2, 0}, Neighbours: []int32{0, 1}, Acts: true, Rules: castleRules(),
	}
	return &pb.CampView{
		WorldId: 4, Camp: 2, CampName: "Provins", Day: 8, Alive: true, Ruleset: "castle", SeasonLength: 24,
		Controller: &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT},
		Contacts: []*pb.Contact{{Camp: 0, Name: "Montségur", Met: true, Alive: true}, {Camp: 1, Name: "Carcassonne", Met: true, Alive: true},
			{Camp: 3, Name: "Loches", Met: true}},
		LegalActions: []*pb.LegalAction{
			{Action: "default", Summary: "default: play the card (war on your next neighbour)"},
			{Action: "play", Summary: "play C: war on neighbour C", Args: []*pb.ArgSpec{{Name: "city", Kind: pb.ArgKind_ARG_KIND_CAMP, Choices: []int32{0, 1}}}},
			{Action: "discard", Summary: "discard: pay 1 gold and 1 wheat and ignore the card",
				Cost: []*pb.Amount{{Resource: "gold", Amount: 1}, {Resource: "wheat", Amount: 1}}},
		},
		Journal:           []*pb.JournalEntry{{Day: 8, Kind: "card_received", Narration: "La cité 1 vous donne : une bonne guerre.", Why: "received war from city 1"}},
		StandingOrder:     &pb.Order{Action: "default"},
		MessageRecipients: []int32{0, 1},
		MaxMessageLen:     500,
		Detail:            &pb.CampView_Castle{Castle: c},
	}
}

func TestCastleView(t *testing.T) {
	out := View(lang.EN, castleView(), now)
	tests := []struct {
		name  string
		parts []string // on one line
	}{
		{"header", []string{`World 4 (castle), camp 2 "Provins" (agent). Day 8 of 24; orders are for day 9.`}},
		{"turn", []string{"Turn 3: city 1 Carcassonne's play step; it rolled hail. Turn order: 1, 2, 0."}},
		{"acts", []string{"You act in this step"}},
		{"gauges' bounds", []string{"Cities (gauges 0-10):"}},
		{"table header", []string{"city", "gold", "wheat", "health", "civilians", "army", "granary", "outpost"}},
		{"neighbour with a granary and a card", []string{"0 Montségur", " 4 ", " 3 ", " 5 ", " 6 ", " 2 ", " - ", "neighbour, card"}},
		{"current neighbour with an outpost", []string{"1 Carcassonne", " 3 ", "current, neighbour, card"}},
		{"you", []string{"2 Provins", "you, card"}},
		{"fallen", []string{"  3 Loches fell on turn 2 (army_10)."}},
		{"hand", []string{"Your hand: war."}},
		{"deck and discard", []string{"Deck: 11 cards. Discard pile (4): war 1, hospital 1, fire 2."}},
		{"links", []string{"Rules: gauges start at 5. Links at a city's turn start (per gauge, the first that holds): health <2 civilians-2, >=9 civilians+1; wheat <3 health-1."}},
		{"die, stores, cards", []string{"Die: harvest, trade, plague x2, hail, medicine.", "Granary holds 2 wheat, outpost 4 army; allegiance 2 gold; fire -2 wheat.",
			"Deck of 27: granary 3, war 4,", "land_of_welcome 3."}},
		{"journal", []string{"day 8 [card_received] La cité 1 vous donne : une bonne guerre."}},
		{"menu play", []string{"  2. play CITY - play C: war on neighbour C"}},
		{"menu play's cities", []string{"     CITY: one of 0, 1"}},
		{"menu discard's cost", []string{"     cost: gold 1, wheat 1"}},
		{"standing order", []string{"Standing order (played on a day you post nothing): default."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := lineWith(out, tt.parts...); !ok {
				t.Errorf("got no line with %q in:\n%s", tt.parts, out)
			}
		})
	}
	t.Run("a fallen city has no row", func(t *testing.T) {
		if l, ok := lineWith(out, "Loches", " - "); ok {
			t.Errorf("got line %q; want the fallen city on its own line only", l)
		}
	})
	for _, absent := range []string{"does not know", "Other camps", "Zones", "You drew", "\t"} {
		if strings.Contains(out, absent) {
			t.Errorf("got %q in a Castle view:\n%s", absent, out)
		}
	}
	for l := range strings.Lines(out) {
		if strings.HasSuffix(strings.TrimSuffix(l, "\n"), " ") {
			t.Errorf("got trailing spaces on line %q", l)
		}
	}
}

// TestCastleFog checks that a city's view shows only its own cards: the
// cards it holds or drew, never another city's (CAS-FOG). The others show
// only that they hold a card.
func TestCastleFog(t *testing.T) {
	v := castleView()
	c := v.GetCastle()
	// The server fills hand and drawn with this city's cards only; a
	// view of a city that holds none and does not draft names none.
	c.Hand, c.Acts, c.Step, c.Current = "", false, "draft", 0
	c.TurnOrder = []int32{0, 1, 2}
	for _, city := range c.Cities {
		city.HoldsCard = false
	}
	v.LegalActions = []*pb.LegalAction{{Action: "default", Summary: "default: wait (city 0's draft step)"}}
	out := View(lang.EN, v, now)
	for _, want := range []string{"Your hand: none.", "You wait in this step: your order is not needed (default plays).",
		"Turn 3: city 0 Montségur's draft step"} {
		if !strings.Contains(out, want) {
			t.Errorf("got:\n%s\nwant it to contain %q", out, want)
		}
	}
	if strings.Contains(out, "You drew") || strings.Contains(out, ", card") {
		t.Errorf("got another city's cards in a waiting city's view:\n%s", out)
	}

	t.Run("drafting city", func(t *testing.T) {
		v := castleView()
		c := v.GetCastle()
		c.Step, c.Current, c.Hand = "draft", 2, ""
		c.Drawn = []string{"hospital", "war", "fire"}
		out := View(lang.EN, v, now)
		if !strings.Contains(out, "You drew (by slot): 1 hospital, 2 war, 3 fire.\n") || strings.Contains(out, "Your hand") {
			t.Errorf("got:\n%s\nwant the drawn cards numbered by slot instead of a hand", out)
		}
	})
	t.Run("fallen city", func(t *testing.T) {
		v := castleView()
		v.Camp, v.Alive, v.LegalActions = 3, false, nil
		out := View(lang.EN, v, now)
		for _, want := range []string{"Your city has fallen: it no longer plays.", "  3 Loches (you) fell on turn 2 (army_10).", "none: your camp cannot act."} {
			if !strings.Contains(out, want) {
				t.Errorf("got:\n%s\nwant it to contain %q", out, want)
			}
		}
		if strings.Contains(out, "You act") || strings.Contains(out, "You wait") {
			t.Errorf("got a fallen city told it acts or waits:\n%s", out)
		}
	})
}

// TestCastleMap checks that a Castle world has no map.
func TestCastleMap(t *testing.T) {
	v := castleView()
	if HasMap(v) {
		t.Errorf("got HasMap true for a Castle view")
	}
	if got, want := Map(lang.EN, v, false), "No map: the \"castle\" ruleset's view has no hex map.\n"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

// castleViewMaxTokens bounds the text of a hand-built view of four cities,
// in tokens of four characters: a model reads it every tick.
const castleViewMaxTokens = 700

func TestCastleViewSize(t *testing.T) {
	out := View(lang.EN, castleView(), now)
	t.Logf("Castle view of 4 cities: %d characters (~%d tokens)", len(out), len(out)/4)
	if len(out)/4 > castleViewMaxTokens {
		t.Errorf("got %d tokens; want at most %d:\n%s", len(out)/4, castleViewMaxTokens, out)
	}
}
