// Package castle holds the rules of the Castle (seed 004), a short game of
// gauges and cards for 2 to 6 cities, as docs/castle.md writes them down: a
// pure, deterministic function from a state and the cities' orders to the
// next state and its journal. Like the engine it does no I/O, reads no clock
// and draws chance only from keyed streams (package rng).
//
// The seed is played in turns; here a turn is three steps, each one tick:
// the current city converts (or passes), then drafts the cards it drew,
// then every city holding a card plays or discards it, in turn order. A
// city that has nothing to decide in a step waits.
package castle

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/engine/rng"
	"github.com/grisonval/server/lang"
)

// Gauge is one of a city's five gauges (rule CAS-GAUGES).
type Gauge int

// The gauges, in the order of City.Gauges.
const (
	Gold Gauge = iota
	Wheat
	Health
	Civilians
	Army
	NumGauges
)

var gaugeNames = [NumGauges]string{"gold", "wheat", "health", "civilians", "army"}

func (g Gauge) String() string {
	if g >= 0 && g < NumGauges {
		return gaugeNames[g]
	}
	return fmt.Sprintf("gauge(%d)", int(g))
}

// Gauge bounds and start (rule CAS-GAUGES).
const (
	MinGauge   = 0
	MaxGauge   = 10
	StartGauge = 5
)

// Card is one of the nine cards (rule CAS-CARDS); 0 is no card.
type Card uint8

// The cards.
const (
	Granary Card = iota + 1
	War
	Outpost
	Allegiance
	Hospital
	Fire
	Barbarians
	CivilWar
	Welcome
	NumCards = int(Welcome)
)

var cardNames = [...]string{Granary: "granary", War: "war", Outpost: "outpost", Allegiance: "allegiance",
	Hospital: "hospital", Fire: "fire", Barbarians: "barbarians", CivilWar: "civil_war", Welcome: "land_of_welcome"}

func (c Card) String() string {
	if c >= Granary && int(c) <= NumCards {
		return cardNames[c]
	}
	return fmt.Sprintf("card(%d)", int(c))
}

// ParseCard returns the card called name, or 0 and false.
func ParseCard(name string) (Card, bool) {
	for c := Granary; int(c) <= NumCards; c++ {
		if cardNames[c] == name {
			return c, true
		}
	}
	return 0, false
}

// Step is the part of a turn the next tick plays (rule CAS-TURN).
type Step uint8

// The steps of a turn.
const (
	Convert Step = iota + 1
	Draft
	Play
)

var stepNames = [...]string{Convert: "convert", Draft: "draft", Play: "play"}

func (s Step) String() string {
	if s >= Convert && s <= Play {
		return stepNames[s]
	}
	return fmt.Sprintf("step(%d)", int(s))
}

// Face is a face of the die (rule CAS-DIE).
type Face uint8

// The die's faces; the die has six sides, plague on two of them.
const (
	Harvest Face = iota + 1
	Trade
	Plague
	Hail
	Medicine
)

var faceNames = [...]string{Harvest: "harvest", Trade: "trade", Plague: "plague", Hail: "hail", Medicine: "medicine"}

func (f Face) String() string {
	if f >= Harvest && f <= Medicine {
		return faceNames[f]
	}
	return "none"
}

// dieSides are the six sides of the die.
var dieSides = [6]Face{Harvest, Trade, Plague, Plague, Hail, Medicine}

// No storage card stands before a city when its Granary or Outpost is None.
const None = -1

// City is one player's city.
type City struct {
	Gauges [NumGauges]int `json:"gauges"`
	// Granary is the wheat the city's granary holds, or None without one;
	// Outpost the army its outpost holds, or None without one.
	Granary int `json:"granary"`
	Outpost int `json:"outpost"`
	// Hand is the card the city holds during the play step, or 0.
	Hand Card `json:"hand,omitempty"`
	// Fell is the turn the city fell on, 0 while it stands; Cause says how
	// (rule CAS-FALL): "civilians_0", "civilians_10" or "army_10".
	Fell  int    `json:"fell,omitempty"`
	Cause string `json:"cause,omitempty"`
}

// Standing reports whether the city still stands.
func (c *City) Standing() bool { return c.Fell == 0 }

// Rules is the version of the Castle's rules a game is played by (rule
// CAS-RULES): a game keeps the rules it started under, so that it replays
// to the states it was stored with.
type Rules uint8

// Versions of the Castle's rules. Append only.
const (
	// RulesSeed004 are the rules of every game stored before issue 29 (the
	// zero value, which their stored states decode to).
	RulesSeed004 Rules = iota
	// RulesMastery is issue 29's: chance keyed by the season, an empty
	// outpost that shields nothing, a granary that fills from the harvest
	// and a war fought to a tie that the defender holds.
	RulesMastery
)

// CurrentRules are the rules a new game starts under; LatestRules the
// newest this program plays.
const (
	CurrentRules = RulesMastery
	LatestRules  = RulesMastery
)

// State is a Castle game.
type State struct {
	// Rules is the version of the rules the game is played by; Season the
	// number of the world's season it is (1 for the first), which keys its
	// chance under RulesMastery (rule CAS-DIE, CAS-DECK, CAS-FIRST).
	Rules  Rules  `json:"rules,omitempty"`
	Season int    `json:"season,omitempty"`
	Seed   uint64 `json:"seed"`
	// Day counts the ticks resolved; Turn the turns begun (the first is 1).
	Day  int `json:"day"`
	Turn int `json:"turn"`
	// Current is the city whose turn it is; Step the step the next tick
	// plays.
	Current int  `json:"current"`
	Step    Step `json:"step"`
	// Roll is the face the current city rolled this turn.
	Roll   Face   `json:"roll"`
	Cities []City `json:"cities"`
	// Deck is the draw pile, its top first; Discard the discard pile, in
	// the order the cards fell into it.
	Deck    []Card `json:"deck"`
	Discard []Card `json:"discard"`
	// Drawn are the cards the current city drew, during the draft step.
	Drawn []Card `json:"drawn,omitempty"`
}

// Clone returns a deep copy of s.
func (s *State) Clone() *State {
	c := *s
	c.Cities = append([]City(nil), s.Cities...)
	c.Deck = append([]Card(nil), s.Deck...)
	c.Discard = append([]Card(nil), s.Discard...)
	c.Drawn = append([]Card(nil), s.Drawn...)
	return &c
}

// rand returns the game's stream for (tick, city, purpose): keyed by the
// seed, and under RulesMastery by the season too, so that no game of a
// world repeats another's chance.
func (s *State) rand(tick, city int, purpose uint64) *rng.Rand {
	if s.Rules >= RulesMastery {
		return rng.NewSeason(s.Seed, s.Season, tick, city, purpose)
	}
	return rng.New(s.Seed, tick, city, purpose)
}

// Standing returns the cities still standing, in camp order.
func (s *State) Standing() []int {
	var out []int
	for c := range s.Cities {
		if s.Cities[c].Standing() {
			out = append(out, c)
		}
	}
	return out
}

// Over reports whether the game has ended: one city or none stands (rule
// CAS-WIN).
func (s *State) Over() bool { return len(s.Standing()) <= 1 }

// next returns the first standing city after c in the ring of seats, or c
// itself when it is the only one (rule CAS-SEATS).
func (s *State) next(c int) int {
	n := len(s.Cities)
	for i := 1; i <= n; i++ {
		if o := (c + i) % n; s.Cities[o].Standing() {
			return o
		}
	}
	return c
}

// prev returns the first standing city before c in the ring.
func (s *State) prev(c int) int {
	n := len(s.Cities)
	for i := 1; i <= n; i++ {
		if o := (c - i + n) % n; s.Cities[o].Standing() {
			return o
		}
	}
	return c
}

// Neighbours returns city c's neighbours (rule CAS-SEATS): the next and
// the previous standing cities in the ring, once each; none when c stands
// alone.
func (s *State) Neighbours(c int) []int {
	n, p := s.next(c), s.prev(c)
	switch {
	case n == c:
		return nil
	case n == p:
		return []int{n}
	}
	return []int{n, p}
}

// TurnOrder returns the standing cities in turn order from the current one.
func (s *State) TurnOrder() []int {
	if !s.Cities[s.Current].Standing() {
		return nil
	}
	out := []int{s.Current}
	for c := s.next(s.Current); c != s.Current; c = s.next(c) {
		out = append(out, c)
	}
	return out
}

// Acts reports whether city c has something to decide on the next tick
// (rule CAS-TURN): the current city in the convert and draft steps, every
// city holding a card in the play step.
func (s *State) Acts(c int) bool {
	if s.Over() || !s.Cities[c].Standing() {
		return false
	}
	switch s.Step {
	case Convert, Draft:
		return c == s.Current
	case Play:
		return s.Cities[c].Hand != 0
	}
	return false
}

// Entry is one entry of a city's journal.
type Entry struct {
	Day       int
	City      int
	Kind      string
	Narration lang.Text
	Why       lang.Text
}

func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "day %d turn %d city %d %s", s.Day, s.Turn, s.Current, s.Step)
	for c, city := range s.Cities {
		fmt.Fprintf(&b, "; %d:%v", c, city.Gauges)
	}
	return b.String()
}
