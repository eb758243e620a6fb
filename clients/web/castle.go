package web

import (
	"regexp"
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
	// Marked gauges (civilians, army) carry the meter's low, high and
	// optimum, which colour the steps next to a fall (CAS-FALL), and
	// Danger when the city stands one step from it.
	Marked             bool
	Low, High, Optimum int32
	Danger             bool
}

// castleBounds are the gauges' bounds and the thresholds of a fall
// (CAS-GAUGES, CAS-FALL), as the view's rules or the frame carry them;
// zero when the wire has none (a frame stored before they were).
type castleBounds struct {
	Min, Max, CivLow, CivHigh, Army int32
}

// mark adds the thresholds of a fall to a standing city's gauges: its
// civilians' bars turn at one step from CivLow and from CivHigh, its
// army's at one step from Army.
func (b castleBounds) mark(gs []gauge, fell bool) {
	if b.CivHigh == 0 || b.Army == 0 {
		return
	}
	for i := range gs {
		g := &gs[i]
		switch g.Name {
		case "civilians":
			g.Marked, g.Low, g.High, g.Optimum = true, b.CivLow+2, b.CivHigh-2, (b.CivLow+b.CivHigh)/2
			g.Danger = !fell && (g.Value <= b.CivLow+1 || g.Value >= b.CivHigh-1)
		case "army":
			g.Marked, g.Low, g.High, g.Optimum = true, b.Army-1, b.Army-1, b.Min
			g.Danger = !fell && g.Value >= b.Army-1
		}
	}
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
	Bounds        castleBounds
}

// castleFrame is the observer's Castle detail: the same table with every
// hand.
type castleFrame struct {
	Turn, Current int32
	CurrentName   string
	Step, Roll    string
	Cities        []castleCity
	Drawn         []string
	Bounds        castleBounds
}

// cityGauges returns a city's five gauges in the rulebook's order.
func cityGauges(c *pb.CastleCity) []gauge {
	p := "c" + strconv.Itoa(int(c.GetCamp())) + "."
	return []gauge{{Key: p + "gold", Name: "gold", Value: c.GetGold()}, {Key: p + "wheat", Name: "wheat", Value: c.GetWheat()},
		{Key: p + "health", Name: "health", Value: c.GetHealth()}, {Key: p + "civilians", Name: "civilians", Value: c.GetCivilians()},
		{Key: p + "army", Name: "army", Value: c.GetArmy()}}
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
	r := c.GetRules()
	cv.Bounds = castleBounds{Min: r.GetMinGauge(), Max: r.GetMaxGauge(), CivLow: r.GetFallCiviliansLow(), CivHigh: r.GetFallCiviliansHigh(), Army: r.GetFallArmy()}
	names := map[int32]string{}
	for _, city := range c.GetCities() {
		names[city.GetCamp()] = city.GetName()
		line := cityOf(city, c.GetCurrent())
		cv.Bounds.mark(line.Gauges, line.Fell > 0)
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
	cf := &castleFrame{Turn: c.GetTurn(), Current: c.GetCurrent(), Step: c.GetStep(), Roll: c.GetRoll(), Drawn: c.GetDrawn(),
		Bounds: castleBounds{Min: c.GetMinGauge(), Max: c.GetMaxGauge(), CivLow: c.GetFallCiviliansLow(), CivHigh: c.GetFallCiviliansHigh(), Army: c.GetFallArmy()}}
	for i, city := range c.GetCities() {
		line := cityOf(city, c.GetCurrent())
		cf.Bounds.mark(line.Gauges, line.Fell > 0)
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

// cityNumber finds a city named by its number in a Castle's journal:
// "city 2", "City 2", "cité 2" (the rules write them so in both
// languages).
var cityNumber = regexp.MustCompile(`\b([Cc]ity|[Cc]ité) (\d+)\b`)

// nameCities adds each city's name after its number in a journal's text,
// "city 2 (Provins)", so that the journal reads as the table does.
func nameCities(text string, names []string) string {
	return cityNumber.ReplaceAllStringFunc(text, func(m string) string {
		sub := cityNumber.FindStringSubmatch(m)
		n, err := strconv.Atoi(sub[2])
		if err != nil || n < 0 || n >= len(names) || names[n] == "" {
			return m
		}
		return m + " (" + names[n] + ")"
	})
}

// NameCities is nameCities for the journal's template: the text as it
// is on a page whose camps are not cities.
func (d journalData) NameCities(text string) string {
	if !d.Cities {
		return text
	}
	return nameCities(text, d.Names)
}

// NameCities is nameCities for a camp's page: a Castle city's journal
// names the cities as its table does.
func (b *campBody) NameCities(text string) string {
	if b.Castle == nil {
		return text
	}
	return nameCities(text, b.Names)
}
