package web

import (
	"slices"
	"strconv"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the Castle's part of the pages (seed 004, docs/castle.md):
// every city's five gauges and its stores, the turn, the roll, and for a
// city its hand or the cards it drafts; for the observer of a closed game
// (or an admin), every hand.

// gauge is one gauge of a city, drawn as a meter.
type gauge struct {
	Key, Name string
	Value     int32
}

// castleCity is a city's line.
type castleCity struct {
	Camp     int32
	Name     string
	Class    string
	Gauges   []gauge
	Granary  int32
	Outpost  int32
	Fell     int32
	Cause    string
	Self     bool
	Current  bool
	Neighbor bool
	// Card is the card it holds: its own view or the observer's; Holds
	// says it holds one whose face this page may not show.
	Card  string
	Holds bool
}

// castleView is a city's page detail.
type castleView struct {
	Turn, Current int32
	CurrentName   string
	Step, Roll    string
	Cities        []castleCity
	Hand          string
	Drawn         []option
	Deck          int32
	Discard       []string
	TurnOrder     []string
	Acts          bool
	Min, Max      int32
	Rules         *pb.CastleRules
}

// castleFrame is the observer's Castle detail: the same table with every
// hand.
type castleFrame struct {
	Turn, Current int32
	CurrentName   string
	Step, Roll    string
	Cities        []castleCity
	Drawn         []string
}

// cityGauges returns a city's five gauges in the rulebook's order.
func cityGauges(c *pb.CastleCity) []gauge {
	p := "c" + strconv.Itoa(int(c.GetCamp())) + "."
	return []gauge{{p + "gold", "gold", c.GetGold()}, {p + "wheat", "wheat", c.GetWheat()}, {p + "health", "health", c.GetHealth()},
		{p + "civilians", "civilians", c.GetCivilians()}, {p + "army", "army", c.GetArmy()}}
}

// cityKeys adds a city's gauges to a polled state.
func cityKeys(c *pb.CastleCity, into map[string]int64) {
	for _, g := range cityGauges(c) {
		into[g.Key] = int64(g.Value)
	}
}

// cityOf builds a city's line.
func cityOf(c *pb.CastleCity, current int32) castleCity {
	return castleCity{Camp: c.GetCamp(), Name: c.GetName(), Class: campClass(c.GetCamp()), Gauges: cityGauges(c),
		Granary: c.GetGranary(), Outpost: c.GetOutpost(), Fell: c.GetFellTurn(), Cause: c.GetFellCause(),
		Current: c.GetCamp() == current, Holds: c.GetHoldsCard()}
}

// castleViewOf builds a city's page from its own view: its hand and drawn
// cards are its own; of the others it knows only that they hold a card.
func castleViewOf(v *pb.CampView, c *pb.CastleView) *castleView {
	cv := &castleView{Turn: c.GetTurn(), Current: c.GetCurrent(), Step: c.GetStep(), Roll: c.GetRoll(), Hand: c.GetHand(),
		Deck: c.GetDeck(), Discard: c.GetDiscard(), Acts: c.GetActs(), Rules: c.GetRules(),
		Min: c.GetRules().GetMinGauge(), Max: c.GetRules().GetMaxGauge()}
	names := map[int32]string{}
	for _, city := range c.GetCities() {
		names[city.GetCamp()] = city.GetName()
		line := cityOf(city, c.GetCurrent())
		line.Self = city.GetCamp() == v.GetCamp()
		line.Neighbor = slices.Contains(c.GetNeighbours(), city.GetCamp())
		if line.Self {
			line.Card = c.GetHand()
		}
		cv.Cities = append(cv.Cities, line)
	}
	cv.CurrentName = names[c.GetCurrent()]
	for i, card := range c.GetDrawn() {
		cv.Drawn = append(cv.Drawn, option{Value: int32(i + 1), Label: card})
	}
	for _, t := range c.GetTurnOrder() {
		cv.TurnOrder = append(cv.TurnOrder, names[t])
	}
	return cv
}

// castleFrameOf builds the observer's Castle detail, every hand shown.
func castleFrameOf(c *pb.CastleFrame) *castleFrame {
	cf := &castleFrame{Turn: c.GetTurn(), Current: c.GetCurrent(), Step: c.GetStep(), Roll: c.GetRoll(), Drawn: c.GetDrawn()}
	for i, city := range c.GetCities() {
		line := cityOf(city, c.GetCurrent())
		if i < len(c.GetHands()) {
			line.Card = c.GetHands()[i]
		}
		if city.GetCamp() == c.GetCurrent() {
			cf.CurrentName = city.GetName()
		}
		cf.Cities = append(cf.Cities, line)
	}
	return cf
}
