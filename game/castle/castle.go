// Package castle is the Castle's ruleset (seed 004, docs/castle.md): the
// rules of engine/castle behind the game.Ruleset seam, and the one place
// where they become wire values.
package castle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Name is the ruleset's name, stored with every Castle world.
const Name = "castle"

// DefaultCities is the number of cities of a world created without one.
const DefaultCities = 4

// Ruleset is the Castle's game.Ruleset. Its zero value is ready to use and
// safe for concurrent use.
type Ruleset struct{}

var _ game.Ruleset = Ruleset{}

// state is a Castle game as a game.State.
type state struct{ s *castle.State }

func (st state) Day() int                 { return st.s.Day }
func (st state) Alive(camp int) bool      { return st.s.Cities[camp].Standing() }
func (st state) Met(camp, other int) bool { return camp != other }
func (st state) Over() bool               { return st.s.Over() }

// Waits reports whether a standing city has nothing to decide on the next
// tick (rule CAS-TURN).
func (st state) Waits(camp int) bool { return st.s.Cities[camp].Standing() && !st.s.Acts(camp) }

// Of returns the game of a Castle state; it panics on a state of another
// ruleset.
func Of(s game.State) *castle.State { return s.(state).s }

// StateOf returns s as a game.State.
func StateOf(s *castle.State) game.State { return state{s} }

// Info names the ruleset: 2 to 6 cities (rule CAS-CAMPS).
func (Ruleset) Info() game.Info {
	return game.Info{Name: Name, MinCamps: castle.MinCities, MaxCamps: castle.MaxCities, DefaultCamps: DefaultCities}
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
	st, err := castle.Setup(s.Seed, s.Camps, bonus)
	if err != nil {
		return nil, err
	}
	return StateOf(st), nil
}

// EngineOrder returns o in the Castle's form; an unknown action becomes
// action 0, which castle.Validate refuses with the list of actions.
func EngineOrder(o game.Order) castle.Order {
	a, _ := castle.ParseAction(o.Action)
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

// Encode returns the game's canonical encoding and its hash.
func (Ruleset) Encode(s game.State) ([]byte, string, error) {
	b, err := json.Marshal(Of(s))
	if err != nil {
		return nil, "", fmt.Errorf("encode castle: %w", err)
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// Hash returns the hash of the game's encoding.
func (r Ruleset) Hash(s game.State) string {
	_, h, err := r.Encode(s)
	if err != nil {
		// A castle.State holds only plain values: encoding cannot fail.
		panic(err)
	}
	return h
}

// JSON returns the game's canonical encoding, which is JSON.
func (r Ruleset) JSON(s game.State) ([]byte, error) {
	b, _, err := r.Encode(s)
	return b, err
}

// Decode decodes a game encoded by Encode.
func (Ruleset) Decode(b []byte) (game.State, error) {
	var st castle.State
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("decode castle: %w", err)
	}
	if n := len(st.Cities); n < castle.MinCities || n > castle.MaxCities {
		return nil, fmt.Errorf("decode castle: %d cities", n)
	}
	return StateOf(&st), nil
}
