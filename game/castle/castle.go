// Package castle is the Castle's ruleset (seed 004, docs/castle.md): the
// rules of engine/castle behind the game.Ruleset seam, and the one place
// where they become wire values.
package castle

import (
	"fmt"

	"github.com/grisonval/server/docs"
	"github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Name is the ruleset's name, stored with every Castle world.
const Name = "castle"

// DefaultCities is the number of cities of a world created without one.
const DefaultCities = 4

// SeasonLength bounds a Castle game, in days: a game ends when one city or
// none stands (rule CAS-RANK), which the balance table's games did within
// 105 to 114 days in nine cases of ten (docs/castle.md, "Balance").
const SeasonLength = 120

// Ruleset is the Castle's game.Ruleset. Its zero value is ready to use and
// safe for concurrent use. Its canonical encoding is a game's JSON.
type Ruleset struct {
	game.JSONCodec[state, *state]
}

var (
	_ game.Ruleset = Ruleset{}
	_ game.Namer   = Ruleset{}
	_ game.Framer  = Ruleset{}
)

// state is a Castle game as a game.State; its JSON is the game's.
type state struct{ *castle.State }

func (st *state) Day() int                 { return st.State.Day }
func (st *state) Alive(camp int) bool      { return st.Cities[camp].Standing() }
func (st *state) Met(camp, other int) bool { return camp != other }
func (st *state) Over() bool               { return st.State.Over() }

// Waits reports whether a standing city has nothing to decide on the next
// tick (rule CAS-TURN).
func (st *state) Waits(camp int) bool { return st.Cities[camp].Standing() && !st.Acts(camp) }

// Of returns the game of a Castle state; it panics on a state of another
// ruleset.
func Of(s game.State) *castle.State { return s.(*state).State }

// StateOf returns s as a game.State.
func StateOf(s *castle.State) game.State { return &state{s} }

// Info names the ruleset: 2 to 6 cities (rule CAS-CAMPS), their gauges
// public (rule CAS-FOG), a game of at most SeasonLength days.
func (Ruleset) Info() game.Info {
	return game.Info{Name: Name, MinCamps: castle.MinCities, MaxCamps: castle.MaxCities, DefaultCamps: DefaultCities,
		Title: lang.T("2 to 6 cities, five gauges, a die and a draft of cards; the last city standing wins (seed 004)",
			"2 à 6 cités, cinq jauges, un dé et une pioche de cartes ; la dernière cité debout gagne (graine 004)"),
		SeasonLength: SeasonLength, PublicScores: true, Rulebook: docs.Castle}
}

// cityNames are the cities' names, in seat order.
var cityNames = [castle.MaxCities]string{"Montségur", "Carcassonne", "Provins", "Loches", "Dinan", "Aigues-Mortes"}

// CampNames returns the names of the cities of a game of n.
func (Ruleset) CampNames(n int) []string { return cityNames[:min(max(n, 0), castle.MaxCities)] }

// packageGauges are the gauges the packages of seed 003 raise by one at the
// setup (rule CAS-PKG).
var packageGauges = map[string]castle.Gauge{
	"granary": castle.Wheat, "treasury": castle.Gold, "levy": castle.Army, "workyard": castle.Civilians, "scholars": castle.Health,
}

// Setup returns a new game (rule CAS-CARRY: a season is one game, nothing
// of the last one carries over but the careers), each enrolled player's
// package raising one gauge of its city by one (rule CAS-PKG).
func (Ruleset) Setup(s game.Setup) (game.State, error) {
	bonus := make([][castle.NumGauges]int, s.Camps)
	for _, p := range s.Players {
		g, ok := packageGauges[p.Package]
		if !ok || p.Camp < 0 || p.Camp >= s.Camps {
			return nil, fmt.Errorf("player of city %d: package %q", p.Camp, p.Package)
		}
		bonus[p.Camp][g]++
	}
	// A new game starts under the current rules; a replayed one under those
	// it was played by (rule CAS-RULES).
	rules := castle.CurrentRules
	if s.Like != nil {
		rules = Of(s.Like).Rules
	}
	st, err := castle.SetupSeason(s.Seed, max(1, s.Season), rules, s.Camps, bonus)
	if err != nil {
		return nil, err
	}
	return StateOf(st), nil
}

// EngineOrder returns o in the Castle's form: no action is no order (the
// default), and an unknown one castle.Unknown, which castle.Validate
// refuses with the list of actions.
func EngineOrder(o game.Order) castle.Order {
	a, ok := castle.ParseAction(o.Action)
	if !ok && o.Action != "" {
		a = castle.Unknown
	}
	return castle.Order{Action: a, Args: o.Args, Reason: o.Reason}
}

func refusal(r *castle.Refusal) *game.Refusal {
	return &game.Refusal{Reason: pb.ReasonOf(r.Code), Field: r.Field, Message: r.Message}
}

// Validate checks city camp's order against s.
func (Ruleset) Validate(s game.State, camp int, o game.Order) *game.Refusal {
	if re := castle.Validate(Of(s), camp, EngineOrder(o)); re != nil {
		return refusal(re)
	}
	return nil
}

// Idle is the step's default move (rule CAS-IDLE).
func (Ruleset) Idle() game.Order { return game.Order{Action: castle.Default.String()} }

// Resolve plays the next tick.
func (Ruleset) Resolve(s game.State, orders []game.Order) game.Outcome {
	os := make([]castle.Order, len(orders))
	for c, o := range orders {
		os[c] = EngineOrder(o)
	}
	out := castle.Resolve(Of(s), os)
	g := game.Outcome{State: StateOf(out.State), Refusals: make([]*game.Refusal, len(out.Refusals))}
	for c, re := range out.Refusals {
		if re != nil {
			g.Refusals[c] = refusal(re)
		}
	}
	for _, e := range out.Journal {
		g.Journal = append(g.Journal, game.Entry{Day: e.Day, Camp: e.City, Kind: e.Kind, Narration: e.Narration, Why: e.Why})
	}
	return g
}

// Decode decodes a game encoded by Encode, and refuses one whose number of
// cities is out of bounds.
func (r Ruleset) Decode(b []byte) (game.State, error) {
	s, err := r.JSONCodec.Decode(b)
	if err != nil {
		return nil, fmt.Errorf("decode castle: %w", err)
	}
	if n := len(Of(s).Cities); n < castle.MinCities || n > castle.MaxCities {
		return nil, fmt.Errorf("decode castle: %d cities", n)
	}
	if v := Of(s).Rules; v > castle.LatestRules {
		return nil, fmt.Errorf("decode castle: played by rules version %d, newer than this program's %d (rule CAS-RULES): run the newer server", v, castle.LatestRules)
	}
	return s, nil
}
