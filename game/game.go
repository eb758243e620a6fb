// Package game is all the server knows of a game: the Ruleset interface a
// game's rules implement, and the values that cross it. The server (the
// world loop, orders, views, the store, seasons and the chronicle) plays any
// ruleset through it; the binary's main passes the rulesets it serves.
//
// A Ruleset is pure and deterministic, like the engine behind it: the same
// state and orders give the same outcome, bit for bit; it does no I/O,
// reads no clock and starts no goroutine. Its methods are safe for
// concurrent use; they never modify a State they are given. Every ruleset
// runs the conformance suite of package game/gametest, which checks these
// promises the same way for every game.
package game

import (
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Ruleset is one game's rules, as the server sees them: four roles, each a
// small interface, that every ruleset plays. Anything else a ruleset may
// do is an optional interface of its own (Namer, Framer, LegacyHasher,
// Recycler; on its Season, FeatTracker and Council), found by type
// assertion, so that an author writes what the game needs and nothing
// else. Helpers carry what most rulesets would otherwise repeat: JSONCodec
// (a canonical encoding that is the state's JSON), SharedView (the shared
// part of a camp's view) and the defaults of the optional parts
// (CampNames, FrameOf, FeatsOf, SeatsOf).
type Ruleset interface {
	Rules
	Views
	Codec
	Seasons
}

// Rules is the game itself: its description, the day a season starts
// from, and the days that follow.
type Rules interface {
	// Info describes the ruleset: its name, its number of camps and what
	// the faces say of it.
	Info() Info
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
}

// Views is what a camp sees of the game.
type Views interface {
	// View returns camp's fogged view of s: the shared part of the wire
	// view (camp, camp_name, day, alive, contacts, legal_actions; see
	// SharedView) and the ruleset's detail, if it has one, its texts in l.
	// The server adds what the world loop and the season layer know.
	View(s State, camp int, l lang.Lang) *pb.CampView
}

// Codec is how a state is stored and known.
type Codec interface {
	// Encode returns s's canonical encoding, the form the store keeps, and
	// its hash, the state's identity; Hash returns the hash alone, and
	// Decode reads an encoding back, and any encoding the ruleset stored
	// before. JSON returns s in JSON, for admins to read. JSONCodec
	// implements them all for a state whose canonical form is its JSON.
	Encode(s State) (enc []byte, hash string, err error)
	Hash(s State) string
	Decode(enc []byte) (State, error)
	JSON(s State) ([]byte, error)
}

// Seasons is the ruleset's side of the season layer (seed 003).
type Seasons interface {
	// Season returns what the season layer needs of this ruleset for a
	// world of n camps.
	Season(n int) Season
}

// Namer is implemented by a ruleset whose camps have names of their own;
// CampNames gives the others' names. Optional.
type Namer interface {
	// CampNames returns the names of the camps of a world of n camps.
	CampNames(n int) []string
}

// Framer is implemented by a ruleset that shows more of a day than the
// shared part of a frame (camps, their scores and the journal, which the
// server fills for every ruleset): FrameOf gives a frame with the day
// alone for the others. Optional.
type Framer interface {
	// Frame returns the public frame of s, for the chronicle of a closed
	// season and the admins' observer: the day and the ruleset's
	// omniscient detail, its texts in l.
	Frame(s State, l lang.Lang) *pb.Frame
}

// Cataloguer is a ruleset that lets camps unlock feats and tiers:
// Catalogue lists them all under the rules s is played by, in l
// (GameService.GetCatalogue). Optional.
type Cataloguer interface {
	Catalogue(s State, l lang.Lang) *pb.Catalogue
}

// LegacyHasher is implemented by a ruleset whose canonical encoding
// changed: the states stored before carry the hash of the earlier
// encoding, which LegacyHash returns. A stored hash is checked against
// LegacyHash only when it is not Hash. Optional.
type LegacyHasher interface {
	LegacyHash(s State) string
}

// Recycler is implemented by a ruleset that can write a later state over
// one no longer needed instead of into fresh memory. Optional.
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
	// Title says in a line what the game is, beside its name, for the
	// faces that list the rulesets served (the binaries' help,
	// ListRulesets).
	Title lang.Text
	// SeasonLength is the number of days of a full game, the season
	// length of the development world (CreateWorld's default stays seed
	// 003's).
	SeasonLength int
	// PublicScores is set when every camp may see every camp's score
	// while the season runs (the Castle's gauges are public); else a camp
	// sees its own score only, and the ranking falls at the close.
	PublicScores bool
	// Rulebook is the game's rulebook in Markdown, one "## " heading per
	// section, which agents read through the rules tool (GetRulebook);
	// "" when the ruleset has none.
	Rulebook string
}
