// Package game is all the server knows of a game: the Ruleset interface a
// game's rules implement, and the values that cross it. The server (the
// world loop, orders, views, the store, seasons and the chronicle) plays any
// ruleset through it; the binary's main passes the rulesets it serves.
//
// A Ruleset is pure and deterministic, like the engine behind it: the same
// state and orders give the same outcome, bit for bit; it does no I/O,
// reads no clock and starts no goroutine. Its methods are safe for
// concurrent use; they never modify a State they are given.
package game

import (
	"fmt"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Ruleset is one game's rules, as the server sees them.
type Ruleset interface {
	// Info names the ruleset and bounds its number of camps.
	Info() Info
	// CampNames returns the names of the camps of a world of n camps.
	CampNames(n int) []string

	// Setup returns the state a season starts from, at day 0: the seed's
	// setup, or the carry-over of the previous season when s.Prev is set,
	// with what each player enrolled for it brings. It fails on options
	// the ruleset does not support (a number of camps out of bounds).
	Setup(s Setup) (State, error)
	// Validate checks camp's order against s, as the order would be
	// played on the next day: nil, or the *Refusal that says why not.
	Validate(s State, camp int, o Order) *Refusal
	// Idle is the order a camp plays when it has nothing valid to play
	// (Grisonval's rest).
	Idle() Order
	// Resolve plays the next day: orders[c] is camp c's order, one per
	// camp, each resolved against s simultaneously. An order no longer
	// valid is not played (its Refusal is in the outcome).
	Resolve(s State, orders []Order) Outcome

	// View returns camp's fogged view of s: the shared part of the wire
	// view (camp, camp_name, day, alive, contacts, legal_actions) and the
	// ruleset's detail, its texts in l. The server adds what the world
	// loop knows.
	View(s State, camp int, l lang.Lang) *pb.CampView
	// Frame returns the public frame of s, for the chronicle of a closed
	// season: the day and the ruleset's omniscient detail, its texts in l.
	Frame(s State, l lang.Lang) *pb.Frame

	// Encode returns s's canonical encoding, the form the store keeps, and
	// its hash, the state's identity; Hash returns the hash alone, and
	// Decode reads an encoding back, and any encoding the ruleset stored
	// before. JSON returns s in JSON, for admins to read.
	Encode(s State) (enc []byte, hash string, err error)
	Hash(s State) string
	Decode(enc []byte) (State, error)
	JSON(s State) ([]byte, error)

	// Season returns what the season layer (seed 003) needs of this
	// ruleset for a world of n camps.
	Season(n int) Season
}

// LegacyHasher is implemented by a ruleset whose canonical encoding
// changed: the states stored before carry the hash of the earlier
// encoding, which LegacyHash returns. A stored hash is checked against
// LegacyHash only when it is not Hash.
type LegacyHasher interface {
	LegacyHash(s State) string
}

// Recycler is implemented by a ruleset that can write a later state over
// one no longer needed instead of into fresh memory.
type Recycler interface {
	// Recycle hands s back to the ruleset: nothing uses it any more, nor
	// ever will, and a later Resolve may write its state over it.
	Recycle(s State)
}

// Info describes a ruleset.
type Info struct {
	// Name is stored with every world and never changes: "grisonval".
	Name string
	// A world has MinCamps to MaxCamps camps; DefaultCamps when its
	// creator gives none.
	MinCamps, MaxCamps, DefaultCamps int
}

// Season is a ruleset's side of the season layer (seed 003) for a world of
// a given number of camps.
type Season interface {
	// Patrons returns camp's patrons (seed 003's "Supérieurs").
	Patrons(camp int) []string
	// Score scores each camp on a season's last state, for the camp
	// ranking.
	Score(s State) ([]Score, error)
	// Feats returns a season's feat tracker: the season's days are given
	// to it in order.
	Feats(seed uint64, season int) Feats
	// Seats returns the seats of a camp's council that players may hold
	// (docs/seats.md, SEAT-ENROL), the ruler's first: its code is
	// RulerSeat and its domain is every action.
	Seats() []Seat
}

// RulerSeat is the code of the ruler's seat, the first of every council:
// the seat that posts the camp's order.
const RulerSeat = "ruler"

// Seat is one seat of a camp's council, as the season layer sees it.
type Seat struct {
	// Code names the seat on the wire: "ruler", "general".
	Code string
	// Name is the seat's name in words.
	Name lang.Text
	// Domain are the actions the seat may propose (SEAT-DOMAIN); nil for
	// the ruler, who posts any.
	Domain []string
}

// Feats derives the camps' feats (seed 003) from a season's days, one day
// at a time and in order: a feat may depend on the days before.
type Feats interface {
	// Day returns each camp's feats of day d, with their rolls.
	Day(d Day) ([][]career.Feat, error)
}

// Day is one resolved day of a season, as the season layer reads it.
type Day struct {
	// Before and After are the states at the start and the end of the day.
	Before, After State
	// Journal holds each camp's journal entries of the day.
	Journal [][]Entry
	// Played holds the action each camp's own order played ("" when it
	// posted none or its order was stale).
	Played []string
}

// Score is one camp's score at a season's close.
type Score struct {
	Score int
	// Holdings counts what the camp held (Grisonval: zones), stored with
	// the ranking; Summary says it for a person.
	Holdings int
	Summary  string
}

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
