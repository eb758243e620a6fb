// Package store keeps worlds, tokens, orders, ticks and journals. Store is
// the one interface; sub-packages sqlite and postgres implement it, and
// storetest.Run is the conformance suite both must pass.
package store

import (
	"context"
	"errors"
	"time"
)

// Sentinel errors, usable with errors.Is.
var (
	// ErrNotFound: no such world, token or tick.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a tick for that (world, season, day) is already committed.
	ErrConflict = errors.New("conflict")
	// ErrLocked: the embedded store is already open in another process.
	ErrLocked = errors.New("store locked by another process")
)

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
	ID      uint64 // assigned by CreateWorld
	Name    string
	Seed    uint64
	Cadence time.Duration
	// SeasonLength is the number of days of a season; 0 means endless.
	SeasonLength int
	// Season counts season resets; it starts at 1.
	Season      int
	Paused      bool
	Controllers [3]Controller
	CreatedAt   time.Time
}

// Role of a token.
const (
	RoleAdmin = "admin"
	RoleCamp  = "camp"
)

// Token is a hashed credential. Admin tokens have WorldID 0 and Camp -1.
type Token struct {
	Hash    []byte // SHA-256 of the token text
	Role    string
	WorldID uint64
	Camp    int
}

// Order statuses.
const (
	OrderPending  = "pending"  // accepted, its tick not yet resolved
	OrderApplied  = "applied"  // played by its tick
	OrderStale    = "stale"    // no longer valid when its tick resolved
	OrderStanding = "standing" // the standing order, played for a camp that posted none
	OrderReplaced = "replaced" // replaced by a later order for the same tick
)

// Order is an order accepted for a camp for one day of one season.
type Order struct {
	WorldID     uint64
	Season      int
	Day         int
	Camp        int
	Action      string
	Args        []int
	Reason      string
	SubmittedAt time.Time
	Status      string
	// Code is the refusal code of a stale order.
	Code string
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
// orders it played and its journal. Day 0 of a season is its setup.
type Tick struct {
	WorldID uint64
	Season  int
	Day     int
	State   []byte // the engine's encoded state, compressed
	Hash    string // the engine's hash of the uncompressed state
	Orders  []Order
	Journal []JournalEntry
}

// Store is the server's persistence. Implementations are safe for
// concurrent use.
type Store interface {
	// CreateWorld stores a new world and sets w.ID.
	CreateWorld(ctx context.Context, w *World) error
	// UpdateWorld replaces a world's settings.
	UpdateWorld(ctx context.Context, w World) error
	// World returns one world, or ErrNotFound.
	World(ctx context.Context, id uint64) (World, error)
	// Worlds returns every world in ID order.
	Worlds(ctx context.Context) ([]World, error)

	// PutToken stores a token. For a camp token, it revokes that camp's
	// earlier tokens; for an admin token, earlier admin tokens.
	PutToken(ctx context.Context, t Token) error
	// TokenByHash returns the token with that hash, or ErrNotFound.
	TokenByHash(ctx context.Context, hash []byte) (Token, error)

	// SaveOrder durably records an accepted pending order; an earlier pending
	// order of the same camp for the same day becomes "replaced".
	SaveOrder(ctx context.Context, o Order) error
	// PendingOrders returns the pending order of each camp that has one for
	// (world, season, day), in camp order.
	PendingOrders(ctx context.Context, worldID uint64, season, day int) ([]Order, error)

	// CommitTick stores a tick atomically: its state, its journal, and its
	// orders (pending orders of that day take the status given in t.Orders;
	// standing orders are inserted). It returns ErrConflict if the tick exists.
	CommitTick(ctx context.Context, t Tick) error
	// LatestTick returns the last committed tick of the world's season, or
	// ErrNotFound.
	LatestTick(ctx context.Context, worldID uint64, season int) (Tick, error)
	// TickAt returns one committed tick (without orders and journal), or
	// ErrNotFound.
	TickAt(ctx context.Context, worldID uint64, season, day int) (Tick, error)
	// Orders returns every order of a season (all statuses), by day, camp and
	// submission.
	Orders(ctx context.Context, worldID uint64, season int) ([]Order, error)
	// Journal returns camp's journal entries of a season from sinceDay on, in
	// the order they were committed.
	Journal(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]JournalEntry, error)

	// Close releases the store.
	Close() error
}
