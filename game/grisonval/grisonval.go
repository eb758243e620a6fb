// Package grisonval is Grisonval's ruleset (seed 000, with seed 003's
// season layer): the engine's rules behind the game.Ruleset seam, and the
// one place where engine values become wire values.
package grisonval

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/grisonval/server/docs"
	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Name is the ruleset's name, stored with every Grisonval world.
const Name = "grisonval"

// Ruleset is Grisonval's game.Ruleset. Its zero value is ready to use and
// safe for concurrent use.
type Ruleset struct{}

var (
	_ game.Ruleset      = Ruleset{}
	_ game.LegacyHasher = Ruleset{}
)

// state is an engine world as a game.State.
type state struct{ w *engine.World }

func (s state) Day() int            { return s.w.Day }
func (s state) Alive(camp int) bool { return s.w.Camps[camp].Alive }
func (s state) Met(camp, other int) bool {
	return camp != other && s.w.Camps[camp].Met[other]
}

// Waits is false: every camp decides every day.
func (s state) Waits(int) bool { return false }

// Over is false: a Grisonval season ends at its length, or when an admin
// closes it.
func (s state) Over() bool { return false }

// Of returns the engine world of a Grisonval state; it panics on a state of
// another ruleset.
func Of(s game.State) *engine.World { return s.(state).w }

// StateOf returns w as a game.State.
func StateOf(w *engine.World) game.State { return state{w} }

// SeasonLength is the days of a full game: the whole arc seed 000 was
// balanced for (DESIGN.md, decision 3).
const SeasonLength = 200

// Info names the ruleset: three camps, always (seed 000), whose scores are
// beyond each other's fog (rule CAR-RANK).
func (Ruleset) Info() game.Info {
	return game.Info{Name: Name, MinCamps: engine.NumCamps, MaxCamps: engine.NumCamps, DefaultCamps: engine.NumCamps,
		Title: lang.T("three camps on 91 hex zones, one order a day each, resolved together (seeds 000, 001, 003)",
			"trois camps sur 91 zones hexagonales, un ordre par jour chacun, résolus ensemble (graines 000, 001, 003)"),
		SeasonLength: SeasonLength, Rulebook: docs.Rules}
}

// CampNames returns the three camps' names.
func (Ruleset) CampNames(int) []string { return engine.CampNames[:] }

// Setup returns the seed's setup, or the carry-over of s.Prev (rule
// SEA-CARRY), with the enrolled players' packages and sheets (rules
// REN-PKG, SHEET-BONUS, SEA-ENROL).
func (r Ruleset) Setup(s game.Setup) (game.State, error) {
	if s.Camps != engine.NumCamps {
		return nil, fmt.Errorf("grisonval is played by %d camps; got %d", engine.NumCamps, s.Camps)
	}
	// A new season starts under the current rules; a replayed one under
	// those it was played by (rule RULES-1).
	rules := engine.CurrentRules
	if s.Like != nil {
		rules = Of(s.Like).Rules
	}
	season := max(1, s.Season)
	var w *engine.World
	if s.Prev != nil {
		w = carryOver(Of(s.Prev), rules, season)
	} else {
		w = engine.NewSeasonWorld(s.Seed, rules, season)
	}
	for _, p := range s.Players {
		if p.Camp < 0 || p.Camp >= engine.NumCamps {
			return nil, fmt.Errorf("player of camp %d: no such camp", p.Camp)
		}
		pkg, ok := career.ParsePackage(p.Package)
		if !ok {
			return nil, fmt.Errorf("player of camp %d: unknown package %q", p.Camp, p.Package)
		}
		applyPlayer(w, engine.CampID(p.Camp), pkg, p.Sheet)
	}
	return StateOf(w), nil
}

// carryOver returns the setup of the season that follows a season whose
// final state is prev (rule SEA-CARRY): the setup of prev's seed (terrain,
// capitals, garrisons, stocks, citizens, no building, no column, no pact),
// each zone keeping half its development level, rounded down. The camps'
// memories of what they see at the setup show that development; it is
// season season, played by rules (rule RULES-1). prev is not modified.
func carryOver(prev *engine.World, rules engine.Rules, season int) *engine.World {
	next := engine.NewSeasonWorld(prev.Seed, rules, season)
	for z := 1; z <= engine.NumZones; z++ {
		dev := prev.Zones[z].Development / 2
		next.Zones[z].Development = dev
		for c := range next.Camps {
			if m := &next.Camps[c].Memory[z]; m.Seen {
				m.Dev = dev
			}
		}
	}
	return next
}

// applyPlayer adds to w what a player enrolled for camp c brings when the
// season starts: its package's stock in the camp's stores and men in its
// capital's garrison, and its sheet's world bonuses as the camp's ruler
// (engine.World.SetRuler, which also raises the starting morale).
func applyPlayer(w *engine.World, c engine.CampID, pkg career.Package, sheet career.Sheet) {
	stock := pkg.Stock()
	camp := &w.Camps[c]
	camp.Resources = camp.Resources.Add(engine.Resources{
		Food: int64(stock.Food), Wood: int64(stock.Wood), Stone: int64(stock.Stone),
		Tools: int64(stock.Tools), Gold: int64(stock.Gold), Research: int64(stock.Research),
	})
	if capital := w.Capital(c); capital != 0 {
		w.Zones[capital].Garrison += stock.Garrison
	}
	w.SetRuler(c, career.Bonuses(sheet))
}

// EngineOrder returns o in the engine's form. An unknown action name
// becomes action 0, which engine.Validate refuses with the list of known
// actions, so that it reads like every other refusal.
func EngineOrder(o game.Order) engine.Order {
	a, _ := engine.ParseAction(o.Action)
	return engine.Order{Action: a, Args: slices.Clone(o.Args), Reason: o.Reason}
}

// refusal returns the engine's refusal as the seam's.
func refusal(re *engine.RuleError) *game.Refusal {
	return &game.Refusal{Reason: pb.ReasonOf(string(re.Code)), Field: re.Field, Message: re.Message}
}

// Validate checks camp's order against s.
func (Ruleset) Validate(s game.State, camp int, o game.Order) *game.Refusal {
	if camp < 0 || camp >= engine.NumCamps {
		return &game.Refusal{Reason: pb.ErrorReason_ERROR_REASON_BAD_REQUEST, Message: lang.T("no camp %d", "pas de camp %d", camp)}
	}
	var re *engine.RuleError
	if err := engine.Validate(Of(s), engine.CampID(camp), EngineOrder(o)); errors.As(err, &re) {
		return refusal(re)
	}
	return nil
}

// Idle is rest.
func (Ruleset) Idle() game.Order { return game.Order{Action: engine.Rest.String()} }

// spares holds the worlds handed back by Recycle, for Resolve to write a
// day over (engine.ResolveInto), by size class. A day is written only over
// a world of its own class, so that a small world never comes to hold a
// large one's memory. The collector takes those no day needed.
var spares [bits.UintSize + 1]sync.Pool

// sizeClass returns w's size class: the bit length of its number of
// citizens, the bulk of its memory.
func sizeClass(w *engine.World) int {
	n := 0
	for c := range engine.CampID(engine.NumCamps) {
		n += w.Population(c)
	}
	return bits.Len(uint(n))
}

// Recycle hands s's world to a later Resolve (game.Recycler).
func (Ruleset) Recycle(s game.State) {
	if w := Of(s); w != nil {
		spares[sizeClass(w)].Put(w)
	}
}

// Resolve plays the next day with the engine, over a recycled world when
// there is one.
func (Ruleset) Resolve(s game.State, orders []game.Order) game.Outcome {
	var os [engine.NumCamps]engine.Order
	for c := range os {
		if c < len(orders) {
			os[c] = EngineOrder(orders[c])
		}
	}
	w := Of(s)
	spare, _ := spares[sizeClass(w)].Get().(*engine.World)
	out := engine.ResolveInto(spare, w, os)
	g := game.Outcome{State: StateOf(out.World), Refusals: make([]*game.Refusal, engine.NumCamps),
		Journal: make([]game.Entry, len(out.Journal)), Pacts: make([]game.PactChange, len(out.Pacts))}
	for c, res := range out.Results {
		if res.Status == engine.Stale && res.Err != nil {
			g.Refusals[c] = refusal(res.Err)
		}
	}
	for i, e := range out.Journal {
		g.Journal[i] = game.Entry{Day: e.Day, Camp: int(e.Camp), Kind: e.Kind, Zones: zoneInts(e.Zones),
			Narration: e.Narration, Why: e.Why}
	}
	for i, e := range out.Pacts {
		g.Pacts[i] = game.PactChange{A: int(e.A), B: int(e.B), By: int(e.By), Event: e.Event, Status: e.Status.String()}
	}
	return g
}

func zoneInts(zs []engine.ZoneID) []int {
	if len(zs) == 0 {
		return nil
	}
	out := make([]int, len(zs))
	for i, z := range zs {
		out[i] = int(z)
	}
	return out
}

// Encode returns the engine's canonical encoding of s, its binary form,
// and its hash.
func (Ruleset) Encode(s game.State) ([]byte, string, error) {
	b, err := engine.Marshal(Of(s))
	if err != nil {
		return nil, "", fmt.Errorf("encode state: %w", err)
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// Hash returns the engine's hash of s.
func (Ruleset) Hash(s game.State) string { return engine.Hash(Of(s)) }

// LegacyHash returns the hash of s's JSON, the canonical encoding of the
// states stored before the binary form (game.LegacyHasher).
func (Ruleset) LegacyHash(s game.State) string { return engine.LegacyHash(Of(s)) }

// JSON returns s in JSON.
func (Ruleset) JSON(s game.State) ([]byte, error) { return engine.JSON(Of(s)) }

// Decode decodes a state encoded by Encode, or in JSON as the states
// stored before the binary form.
func (Ruleset) Decode(b []byte) (game.State, error) {
	w, err := engine.Unmarshal(b)
	if err != nil {
		return nil, err
	}
	if w.Rules > engine.LatestRules {
		return nil, fmt.Errorf("decode world: played by rules version %d, newer than this program's %d (rule RULES-1): run the newer server", w.Rules, engine.LatestRules)
	}
	return StateOf(w), nil
}
