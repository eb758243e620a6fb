// Package store keeps worlds, tokens, orders, ticks and journals. Store is
// the one interface; sub-packages sqlite and postgres implement it, and
// storetest.Run is the conformance suite both must pass.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pressly/goose/v3"
)

// Sentinel errors, usable with errors.Is.
var (
	// ErrNotFound: no such world, token or tick.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a tick for that (world, season, day) is already committed.
	ErrConflict = errors.New("conflict")
	// ErrLocked: the embedded store is already open in another process.
	ErrLocked = errors.New("store locked by another process")
	// ErrLeaseHeld: another live process holds the world's lease.
	ErrLeaseHeld = errors.New("lease held by another process")
	// ErrLeaseLost: the lease a write was fenced by is no longer held.
	ErrLeaseLost = errors.New("lease lost")
	// ErrSeasonStarted: a season's setup (day 0) can no longer be replaced,
	// because a later tick of that season is committed.
	ErrSeasonStarted = errors.New("season started")
	// ErrNewerFormat: the database's stored format (its last migration) is
	// newer than the binary knows: a newer binary wrote it, and this one
	// refuses to run on it (docs/operations.md, "Upgrades and rollbacks").
	ErrNewerFormat = errors.New("stored format newer than this binary")
)

// CheckFormat refuses, before any migration, a database whose stored
// format (its last applied migration, as p reads it) is newer than the
// last migration p knows: a newer binary wrote it. The error wraps
// ErrNewerFormat and says what to do; name names the store. A fresh
// database, without goose's version table yet, passes.
func CheckFormat(ctx context.Context, name string, p *goose.Provider) error {
	db, err := p.GetDBVersion(ctx)
	if err != nil {
		return nil // a fresh database: Up makes its version table
	}
	sources := p.ListSources()
	if len(sources) == 0 {
		return nil
	}
	if known := sources[len(sources)-1].Version; db > known {
		return fmt.Errorf("the %s database's stored format is version %d; this binary knows versions up to %d: a newer grisonvald "+
			"wrote it; run that version or a later one, or restore the backup taken before the upgrade (docs/operations.md, "+
			"\"Upgrades and rollbacks\"): %w", name, db, known, ErrNewerFormat)
	}
	return nil
}

// Controller kinds.
const (
	Human = "human"
	Agent = "agent"
	AI    = "ai"
)

// Controller says who plays a camp; Posture is set for AI camps
// ("aggressive", "growth", "prudent") or empty.
type Controller struct {
	Kind    string
	Posture string
}

// World is a world's settings. The world's state lives in its ticks.
type World struct {
	ID   uint64 // assigned by CreateWorld
	Name string
	// Ruleset names the rules the world plays ("grisonval", "castle"); a
	// world stored before rulesets existed plays "grisonval".
	Ruleset string
	// Camps is the world's number of camps, within its ruleset's bounds;
	// camps are numbered from 0.
	Camps   int
	Seed    uint64
	Cadence time.Duration
	// SeasonLength is the number of days of a season; 0 means endless.
	SeasonLength int
	// Season counts season resets; it starts at 1.
	Season int
	Paused bool
	// Controllers says who plays each camp: one per camp.
	Controllers []Controller
	CreatedAt   time.Time
	// Parent is the tick a forked world started from; zero for a world
	// created from its seed.
	Parent TickRef
	// Deadline is when the world's next day resolves at the latest, while
	// the world runs (rule TICK-5): the world's clock, kept across
	// restarts, failovers and failed commits. CommitTick sets it with the
	// tick; zero for none stored (a forked world before it runs, a world
	// stored by a binary older than migration 00018 of Postgres, 00017 of
	// SQLite).
	Deadline time.Time
	// MoveClock, when not zero, gives the world the tournament pace (rule
	// TICK-7): a day resolves as soon as every camp has answered, and each
	// camp has at most MoveClock to answer; Cadence is then unused. Zero
	// is the cadence's pace (rule TICK-5).
	MoveClock time.Duration
}

// DayLimit returns the longest a day of w lasts: its move clock in the
// tournament pace, else its cadence.
func (w World) DayLimit() time.Duration {
	if w.MoveClock > 0 {
		return w.MoveClock
	}
	return w.Cadence
}

// TickRef names one committed tick.
type TickRef struct {
	WorldID uint64
	Season  int
	Day     int
}

// RulerSeat is the seat code of a camp's ruler, and the seat of everything
// stored before a camp had several seats. The other seats (a councillor's:
// "general", "treasurer", ...) are named by the server; the store keeps any
// code it is given.
const RulerSeat = "ruler"

// Role of a token.
const (
	RoleAdmin = "admin"
	RoleCamp  = "camp"
	// RoleSpectator is a world's audience: its tick stream and public
	// frame, nothing of a camp's.
	RoleSpectator = "spectator"
)

// Token is a hashed credential. Admin tokens have WorldID 0 and Camp -1;
// spectator tokens a world, Camp -1 and no seat.
type Token struct {
	Hash    []byte // SHA-256 of the token text
	Role    string
	WorldID uint64
	Camp    int
	// Name names an admin token's holder in the admin audit, or a
	// spectator token's holder; empty for a camp token.
	Name string
	// Player is the player a camp token was issued to (by EnrollPlayer);
	// empty for a camp token not bound to a player, and for admin tokens.
	Player string
	// Seat is the seat of the camp a camp token speaks for: RulerSeat for
	// a token not bound to another seat (a camp token stored with Seat ""
	// is stored as RulerSeat); empty for admin tokens.
	Seat string
}

// MaxReplacedOrders bounds the replaced orders a camp leaves in the store
// for one day: a flood of orders keeps the latest ones (docs/security.md).
const MaxReplacedOrders = 16

// RevocationsKept is how long a store keeps a token's deletion for
// RevokedSince at least: a revocation check whose last read is older reads
// every open stream's token instead.
const RevocationsKept = time.Hour

// Order statuses.
const (
	OrderPending  = "pending"  // accepted, its tick not yet resolved
	OrderApplied  = "applied"  // played by its tick
	OrderStale    = "stale"    // no longer valid when its tick resolved
	OrderStanding = "standing" // the standing order, played for a camp that posted none
	OrderReplaced = "replaced" // replaced by a later order for the same tick
	// OrderStandingStale: the standing order of a camp that posted none,
	// no longer valid when its tick resolved: rest was played instead.
	OrderStandingStale = "standing_stale"
)

// Order is an order accepted for a camp for one day of one season.
type Order struct {
	WorldID uint64
	Season  int
	Day     int
	Camp    int
	// Player is the player who posted the order (or set the standing
	// order it plays); empty when its token names no player.
	Player string
	// Seat is the seat of the order's author: RulerSeat, or the seat of
	// the councillor whose proposal the ruler adopted. An order saved with
	// Seat "" is stored as RulerSeat, and so is a standing order CommitTick
	// inserts.
	Seat        string
	Action      string
	Args        []int
	Reason      string
	SubmittedAt time.Time
	Status      string
	// Code is the refusal code of a stale order, Field the part of the
	// order at fault and Message the rule's explanation.
	Code    string
	Field   string
	Message string
	// TimedOut marks the standing order of a camp that had not answered
	// when its move clock ran out (rule TICK-7); always false otherwise.
	TimedOut bool
}

// StandingOrder is the order a camp plays, in a season, on each day it
// posts none. A camp without one rests.
type StandingOrder struct {
	WorldID uint64
	Season  int
	Camp    int
	// Player is the player who set it; empty when its token names none.
	Player string
	Action string
	Args   []int
	Reason string
	SetAt  time.Time
}

// MaxMessageLen bounds the text of a Message, in bytes.
const MaxMessageLen = 500

// Message is a private message from one camp to another, tied to the day
// being decided when it was sent. Only its two camps may read it while its
// season runs. A message whose From and To are the same camp is council
// talk: the camp's seats speaking among themselves, read by that camp
// alone.
type Message struct {
	ID      uint64 // assigned by SaveMessage, growing in the order of saving
	WorldID uint64
	Season  int
	Day     int
	From    int
	To      int
	// Player is the player of camp From who sent it; empty when its token
	// names none.
	Player string
	// Seat is the sender's seat in camp From; a message saved with Seat ""
	// is stored as RulerSeat.
	Seat   string
	Text   string
	SentAt time.Time
}

// Proposal is a councillor's proposal of an order for its camp for one day
// of one season, with the reasons the whole council reads. The ruler may
// adopt it (the order then carries the proposal's Seat) or not.
type Proposal struct {
	WorldID uint64
	Season  int
	Day     int
	Camp    int
	// Seat is the proposing councillor's seat; it must not be empty.
	Seat string
	// Player is the player who holds the seat; empty when its token names
	// none.
	Player      string
	Action      string
	Args        []int
	Reason      string
	SubmittedAt time.Time
}

// MaxNotebookLen bounds the text of a Notebook, in bytes.
const MaxNotebookLen = 8192

// Notebook is a camp's private notes of a season: only the camp reads them
// while its season runs.
type Notebook struct {
	WorldID uint64
	Season  int
	Camp    int
	// Player is the player who last wrote them; empty when its token names
	// none.
	Player string
	Text   string
	// Day is the day being decided when the notes were last written, and
	// Writes how many times they were written for that day.
	Day       int
	Writes    int
	UpdatedAt time.Time
}

// JournalEntry is one journal entry, for one camp.
type JournalEntry struct {
	WorldID   uint64
	Season    int
	Day       int
	Camp      int
	Kind      string
	Zones     []int
	Narration string
	Why       string
}

// Tick is the committed result of one day: the state after it, its hash, the
// orders it played, its journal and its pact changes. Day 0 of a season is
// its setup; the first tick of a forked world is its parent's tick.
type Tick struct {
	WorldID uint64
	Season  int
	Day     int
	State   []byte // the engine's encoded state, compressed
	Hash    string // the engine's hash of the uncompressed state
	Orders  []Order
	Journal []JournalEntry
	// Pacts are the tick's pact changes, in the order they happened.
	Pacts []PactChange
	// LastOfSeason marks the tick that ends its season.
	LastOfSeason bool
	CommittedAt  time.Time
	// Deadline is the world's deadline once the tick is committed: when
	// the next day resolves at the latest. CommitTick stores it as the
	// world's Deadline in the same transaction (zero stores none).
	Deadline time.Time
}

// Season is one season of a world: the first tick that commits in it
// starts it, the tick marked LastOfSeason ends it.
type Season struct {
	WorldID   uint64
	Number    int
	FirstDay  int // 0, or the parent's day for the first season of a fork
	StartedAt time.Time
	EndedDay  int       // 0 while the season runs
	EndedAt   time.Time // zero while the season runs
}

// Pact statuses of a pair of camps. War is the default.
const (
	PactWar      = "war"
	PactPeace    = "peace"
	PactAlliance = "alliance"
)

// Pact change events.
const (
	PactProposed  = "proposed"
	PactSigned    = "signed"
	PactRefused   = "refused"
	PactExpired   = "expired"
	PactBroken    = "broken"    // a declaration of war on a peace or alliance
	PactDissolved = "dissolved" // a camp died out
)

// Pact is the current status of a pair of camps A < B in a season, since a
// day. A pair with no Pact is at war.
type Pact struct {
	WorldID  uint64
	Season   int
	A, B     int
	Status   string
	SinceDay int
}

// PactChange is one change of a pair of camps A < B: By (a camp, or -1 for
// none) made Event happen, leaving the pair at Status.
type PactChange struct {
	WorldID uint64
	Season  int
	Day     int
	A, B    int
	By      int
	Event   string
	Status  string
}

// SeasonResult is one camp's result of a season.
type SeasonResult struct {
	WorldID uint64
	Season  int
	Camp    int
	Rank    int // 1 is first
	Score   int64
	// Zones is how many zones the camp held at the close.
	Zones   int
	Summary string
}

// Store is the server's persistence. Implementations are safe for
// concurrent use.
type Store interface {
	// CreateWorld stores a new world and sets w.ID; w.Controllers has one
	// controller per camp (w.Camps of them). A world with a Parent
	// gets a copy of that tick as the first tick of its season, in the same
	// transaction; if the parent tick does not exist it returns ErrNotFound
	// and stores nothing.
	CreateWorld(ctx context.Context, w *World) error
	// UpdateWorld replaces a world's settings.
	UpdateWorld(ctx context.Context, w World) error
	// World returns one world, or ErrNotFound.
	World(ctx context.Context, id uint64) (World, error)
	// Worlds returns every world in ID order.
	Worlds(ctx context.Context) ([]World, error)

	// PutToken stores a token. For a camp token, it revokes the earlier
	// tokens of the same camp and seat (a councillor's new token leaves the
	// ruler's alone); for an admin token, the earlier admin token of the
	// same name; for a spectator token, the earlier spectator token of the
	// same world and name.
	PutToken(ctx context.Context, t Token) error
	// AdminTokens returns the admin tokens, by name.
	AdminTokens(ctx context.Context) ([]Token, error)
	// RevokeAdminToken deletes the admin token called name, or returns
	// ErrNotFound.
	RevokeAdminToken(ctx context.Context, name string) error
	// CampTokens returns the live camp tokens of a world, by camp and seat
	// (their hashes, camps, seats and players).
	CampTokens(ctx context.Context, worldID uint64) ([]Token, error)
	// RevokeCampTokens deletes the camp tokens of a world's camp and seat
	// (RulerSeat when seat is empty) and returns how many it deleted.
	RevokeCampTokens(ctx context.Context, worldID uint64, camp int, seat string) (int, error)
	// SpectatorTokens returns the spectator tokens of a world, by name
	// (their hashes and names).
	SpectatorTokens(ctx context.Context, worldID uint64) ([]Token, error)
	// RevokeSpectatorToken deletes the spectator token of a world called
	// name, or returns ErrNotFound.
	RevokeSpectatorToken(ctx context.Context, worldID uint64, name string) error
	// TokenByHash returns the token with that hash, or ErrNotFound.
	TokenByHash(ctx context.Context, hash []byte) (Token, error)
	// LiveTokens returns those of hashes that name a token the store has
	// (not revoked), in any order: the server checks the tokens of its
	// open streams so, many at once.
	LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error)
	// RevokedSince returns the hashes of the tokens deleted (revoked, or
	// replaced by a new token) since the call that returned mark, and the
	// mark to pass next; mark 0 returns every deletion the store keeps
	// (those of RevocationsKept at least). It may return a deletion again,
	// and the hash of a token stored again since: the revocation check of
	// the open streams asks it at each round, instead of LiveTokens of
	// every stream's token, and confirms what it returns with LiveTokens.
	RevokedSince(ctx context.Context, mark uint64) (hashes [][]byte, next uint64, err error)

	// SaveOrder durably records an accepted pending order; an earlier pending
	// order of the same camp for the same day becomes "replaced". Of a
	// camp's replaced orders for one day, the MaxReplacedOrders latest are
	// kept and the older ones deleted.
	SaveOrder(ctx context.Context, o Order) error
	// PendingOrders returns the pending order of each camp that has one for
	// (world, season, day), in camp order.
	PendingOrders(ctx context.Context, worldID uint64, season, day int) ([]Order, error)
	// SetStandingOrder durably records a camp's standing order for a
	// season, replacing its earlier one; ErrNotFound if the world does not
	// exist.
	SetStandingOrder(ctx context.Context, o StandingOrder) error
	// StandingOrders returns the standing order of each camp that has one
	// in a season, in camp order.
	StandingOrders(ctx context.Context, worldID uint64, season int) ([]StandingOrder, error)

	// SaveMessage durably records a message and sets m.ID; ErrNotFound if
	// the world does not exist.
	SaveMessage(ctx context.Context, m *Message) error
	// Messages returns the messages of a season that camp sent or
	// received, from sinceDay on, in the order they were saved; a council
	// message of camp comes once, and never to another camp.
	Messages(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]Message, error)

	// SaveProposal durably records a councillor's proposal, replacing the
	// proposal of the same camp and seat for the same day; ErrNotFound if
	// the world does not exist.
	SaveProposal(ctx context.Context, p Proposal) error
	// Proposals returns a camp's proposals of a season from sinceDay on,
	// by day, then in the order they were saved (a replacing proposal
	// takes its place at its saving).
	Proposals(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]Proposal, error)

	// SetNotebook durably records a camp's notes of a season, replacing
	// its earlier ones; ErrNotFound if the world does not exist.
	SetNotebook(ctx context.Context, n Notebook) error
	// Notebooks returns the notes of each camp that has written some in a
	// season, in camp order.
	Notebooks(ctx context.Context, worldID uint64, season int) ([]Notebook, error)

	// CommitTick stores a tick atomically: its state, its journal, its
	// orders (pending orders of that day take the status, code, field and
	// message given in t.Orders; standing and standing_stale orders are
	// inserted), its pact changes, which also set the pairs' current
	// status, and t.Deadline as the world's. The first tick of a season starts the season;
	// a tick marked LastOfSeason ends it. It returns ErrConflict if the tick
	// exists.
	CommitTick(ctx context.Context, t Tick) error
	// LatestTick returns the last committed tick of the world's season,
	// with its commit time, the orders it played and its journal, or
	// ErrNotFound.
	LatestTick(ctx context.Context, worldID uint64, season int) (Tick, error)
	// TickAt returns one committed tick (without orders and journal), or
	// ErrNotFound.
	TickAt(ctx context.Context, worldID uint64, season, day int) (Tick, error)
	// Orders returns every order of a season (all statuses), by day, camp and
	// submission.
	Orders(ctx context.Context, worldID uint64, season int) ([]Order, error)
	// Results returns what camp played on each resolved day of a season
	// from sinceDay to untilDay: its orders whose status is applied, stale,
	// standing or standing_stale (one a day), by day.
	Results(ctx context.Context, worldID uint64, season, camp, sinceDay, untilDay int) ([]Order, error)
	// TickHashes returns every committed tick of a season by day, with its
	// hash and commit time but without state, orders and journal.
	TickHashes(ctx context.Context, worldID uint64, season int) ([]Tick, error)
	// Journal returns camp's journal entries of a season from sinceDay on, in
	// the order they were committed.
	Journal(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]JournalEntry, error)

	// Season returns one season of a world, or ErrNotFound before its first
	// tick.
	Season(ctx context.Context, worldID uint64, season int) (Season, error)
	// Pacts returns the current status of each pair of a season that has
	// one, by pair.
	Pacts(ctx context.Context, worldID uint64, season int) ([]Pact, error)
	// PactChanges returns every pact change of a season in commit order.
	PactChanges(ctx context.Context, worldID uint64, season int) ([]PactChange, error)
	// PutSeasonResults stores the results of a season that has started,
	// replacing earlier results of the same camps; ErrNotFound if the
	// season has no tick.
	PutSeasonResults(ctx context.Context, results []SeasonResult) error
	// SeasonResults returns a season's results by rank, then camp.
	SeasonResults(ctx context.Context, worldID uint64, season int) ([]SeasonResult, error)

	Seasons

	// Ping checks that the store can be reached now: the server's health
	// is NOT_SERVING while it cannot (an error that is a store outage,
	// Unavailable, or any other).
	Ping(ctx context.Context) error

	// Close releases the store.
	Close() error
}

// Lease is a server process's ownership of a world: only the owner runs the
// world's loop and writes its orders and ticks.
type Lease struct {
	WorldID uint64
	// Owner is the owner's advertised address; clients' calls are
	// forwarded there.
	Owner string
	// Epoch grows each time the lease is acquired.
	Epoch   int64
	Expires time.Time
	// Live reports whether Expires was still ahead by the database's clock
	// when the lease was read.
	Live bool
}

// Replica is a server process of a shared store, as its heartbeat says.
type Replica struct {
	// Owner is its advertised address, the owner of its leases.
	Owner string
	// Live reports whether its heartbeat was still ahead by the database's
	// clock.
	Live bool
	// Generation grows when it starts, releases worlds or stops.
	Generation int64
}

// Leaser is implemented by stores that several server processes share. All
// times are the database's, so that processes need no synchronised clocks.
type Leaser interface {
	// AcquireLease takes world's lease for owner for ttl if it has none,
	// if it has expired, or if owner already holds it (a process restarted
	// at the same address); the epoch grows. Otherwise it returns the
	// holder's lease and ErrLeaseHeld.
	AcquireLease(ctx context.Context, worldID uint64, owner string, ttl time.Duration) (Lease, error)
	// RenewLease extends a held lease to ttl from now, or returns
	// ErrLeaseLost if it has expired or changed hands.
	RenewLease(ctx context.Context, l Lease, ttl time.Duration) (Lease, error)
	// ReleaseLease ends a held lease at once, so that another process may
	// take the world without waiting for the expiry. Releasing a lease no
	// longer held does nothing.
	ReleaseLease(ctx context.Context, l Lease) error
	// LeaseOf returns the world's lease, live or not, or ErrNotFound if it
	// never had one.
	LeaseOf(ctx context.Context, worldID uint64) (Lease, error)
	// Fenced returns the store seen by l's holder: its SaveOrder,
	// SetStandingOrder, SaveMessage, SaveProposal, SetNotebook, CommitTick,
	// UpdateWorld and EnrolAtSetup of l's world check, in their own transaction, that
	// l is still held and live, and otherwise fail with ErrLeaseLost and
	// store nothing. Writes to other worlds are refused the same way.
	Fenced(l Lease) Store
}

// SeatOrRuler returns seat, or RulerSeat for the empty seat: what the stores
// keep for a token, an order, a message, an enrolment or a player's result
// given without a seat.
func SeatOrRuler(seat string) string {
	if seat == "" {
		return RulerSeat
	}
	return seat
}
