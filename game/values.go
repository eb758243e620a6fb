package game

import (
	"fmt"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the values that cross the seam: states, setups, orders and
// their refusals, and a day's outcome.

// State is a world's state under its ruleset. Only its ruleset reads
// inside it; the server asks it these questions.
type State interface {
	// Day is the number of days resolved.
	Day() int
	// Alive reports whether camp still plays.
	Alive(camp int) bool
	// Met reports whether camp has come across other: it may then write to
	// it.
	Met(camp, other int) bool
	// Waits reports whether camp, alive, has nothing to decide on the next
	// day (another camp's step of a turn-based game): the day may resolve
	// without its order, which is then the idle one in effect.
	Waits(camp int) bool
	// Over reports whether the game has ended: no day remains to play in
	// the season, whatever its length.
	Over() bool
}

// Setup says what a season starts from.
type Setup struct {
	Seed  uint64
	Camps int
	// Season is the number of the season set up, 1 for a world's first
	// (0 reads as 1): a ruleset keys its chance by the seed and the season
	// (DESIGN.md invariant Determinism), so that no season repeats
	// another's draws.
	Season int
	// Prev is the last state of the previous season for a season carried
	// over from it; nil for a season from the seed.
	Prev State
	// Players are the enrolments the setup applies, in camp order.
	Players []Player
	// Like, when set, is a stored state of the season being set up again
	// (a replay): the setup is made under the rules that state was played
	// by, so that an old season replays to its stored states. nil for a
	// new season, which starts under the ruleset's current rules.
	Like State
}

// Player is what an enrolled player brings to its camp's setup: seed
// 003's starting package (a name of career.PackageNames) and character
// sheet, which the ruleset turns into things of its world.
type Player struct {
	Camp    int
	Package string
	Sheet   career.Sheet
}

// Order is a camp's order for a day: an action name of the ruleset, its
// arguments and the player's reason.
type Order struct {
	Action string
	Args   []int
	Reason string
}

// Refusal says why an order is refused, or why it was not played.
type Refusal struct {
	Reason pb.ErrorReason
	// Field is the part of the order at fault ("action", "args[1]"), or "".
	Field string
	// Message is the rule's explanation, for a person or an LLM, in both
	// languages.
	Message lang.Text
}

// Error returns the refusal in English.
func (r *Refusal) Error() string { return r.In(lang.EN) }

// In returns the refusal with its message in l: the code and the field
// are the same in every language.
func (r *Refusal) In(l lang.Lang) string {
	if r.Field != "" {
		return fmt.Sprintf("%s: %s: %s", r.Reason.Code(), r.Field, r.Message.In(l))
	}
	return fmt.Sprintf("%s: %s", r.Reason.Code(), r.Message.In(l))
}

// Outcome is what a day's resolution gives.
type Outcome struct {
	State State
	// Refusals[c] is set when camp c's order was no longer valid.
	Refusals []*Refusal
	// Journal is the day's journal, every camp's entries in order.
	Journal []Entry
	// Pacts are the day's changes of the pairs' diplomatic relations, in
	// order; empty for a ruleset without pacts.
	Pacts []PactChange
}

// Entry is one entry of a camp's journal.
type Entry struct {
	Day  int
	Camp int
	Kind string
	// Zones are the places the entry is about, when the ruleset has places.
	Zones []int
	// Narration and Why are written in both languages.
	Narration lang.Text
	Why       lang.Text
}

// PactChange is one change of the relation of camps A < B: By (a camp, or
// -1) made Event happen ("proposed", "signed", "refused", "expired",
// "broken", "dissolved"), leaving the pair at Status ("war", "peace",
// "alliance").
type PactChange struct {
	A, B, By      int
	Event, Status string
}
