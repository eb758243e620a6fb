package store

import (
	"context"
	"fmt"
	"time"
)

// SeasonClose is the stored close of a season (seed 003's rankings,
// judgments and eminence points): written once, at the close, in one
// transaction.
type SeasonClose struct {
	WorldID uint64
	Season  int
	// Day is the last day played.
	Day int
	At  time.Time
	// By is the admin who closed the season early; empty when it reached
	// its last day.
	By string
	// Camps is the camp ranking.
	Camps []SeasonResult
	// Players are the enrolled players' results, by camp, then the ruler
	// first, then by player; each player's Eminence is credited to its
	// career.
	Players []PlayerResult
	// Glory is what each patron gained; it is added to the patron's
	// cumulative glory and Total is set to the sum after it.
	Glory []PatronGlory
}

// PlayerResult is one enrolled player's season. A camp has one for each
// seat a player held.
type PlayerResult struct {
	Camp int
	// Seat is the seat the player held; a result stored with Seat "" is
	// stored as RulerSeat.
	Seat   string
	Player string
	Patron string
	Mode   string
	// Feats is the season's feat tally, encoded by the server (JSON).
	Feats    []byte
	Standing int
	// Verdict is the season's judgment: "praise" (VerdictPraise),
	// "discharge" or "blame".
	Verdict     string
	Titles      []string
	PostedTicks int
	// Eminence is the season's gain of eminence points, never negative.
	Eminence int
}

// VerdictPraise is the Verdict of a season judged praise, engine/career's
// Praise: it redeems a fallen career (rule FALL-REDEEM).
const VerdictPraise = "praise"

// PatronGlory is a patron's glory in a world: Gained in one season (for a
// close), Total cumulative.
type PatronGlory struct {
	WorldID uint64
	Camp    int
	Patron  string
	Gained  int
	Total   int
}

// Career is a player's career in a world; it survives seasons.
type Career struct {
	WorldID uint64
	Player  string
	Mode    string
	Camp    int
	Patron  string
	// Seasons counts the seasons enrolled in.
	Seasons int
	// EP is the stock of eminence points.
	EP int
	// Sheet is the ruler's sheet, encoded by the server (JSON).
	Sheet []byte
	// Fallen is set from a fall into another camp (rule FALL-DOOR) until a
	// season judged praise redeems the career (rule FALL-REDEEM): Enrol and
	// EnrolAtSetup store it as given, and CloseSeason clears it.
	Fallen bool
}

// Enrolment is a player's enrolment for a seat of a camp in one season. A
// camp has at most one player per seat, and a player one enrolment per
// season.
type Enrolment struct {
	WorldID uint64
	Season  int
	Camp    int
	// Seat is the seat enrolled for; an enrolment stored with Seat "" is
	// stored as RulerSeat.
	Seat    string
	Player  string
	Patron  string
	Package string
	// Sheet is the ruler's sheet the player plays the season with (encoded
	// by the server, JSON): the career's sheet after this enrolment's
	// purchases. It is required, and a later enrolment never changes it.
	Sheet []byte
	// BeforeSetup is set when the season's setup applies the enrolment's
	// package and sheet: the enrolment was made for the next season, once
	// the current one closed, or while its season had resolved no tick
	// (EnrolAtSetup). It is unset for an enrolment made once day 1 was
	// committed, which counts for the close only.
	BeforeSetup bool
	// Purchases are the re-enrolment's purchases, by name, and Spent the
	// eminence points they cost.
	Purchases []string
	Spent     int
	At        time.Time
}

// EminenceEntry is one line of a career's eminence points ledger: a credit
// at a season's close (Points > 0) or a spending at an enrolment
// (Points < 0).
type EminenceEntry struct {
	WorldID uint64
	Player  string
	Season  int
	Points  int
	Reason  string
	At      time.Time
}

// AuditEntry is one admin action.
type AuditEntry struct {
	ID      int64 // assigned by PutAudit, growing
	At      time.Time
	Admin   string // the admin token's name
	Action  string
	WorldID uint64 // 0 for an action on no world
	Detail  string
	Code    string
}

// AuditFilter says which admin actions Audit returns: those of one world
// (all when WorldID is 0), of one admin token's name (all when Admin is
// empty) and of one action (all when Action is empty).
type AuditFilter struct {
	WorldID uint64
	Admin   string
	Action  string
}

// Seasons keeps the season and career layer: closes, careers, enrolments,
// glory and the admin audit. Store embeds it.
type Seasons interface {
	// CloseSeason stores a season's close: the season ends on c.Day if it
	// has not ended, its results are stored, each player's eminence is
	// credited to its career (with a ledger line), the career of each
	// player whose Verdict is VerdictPraise is no longer Fallen (rule
	// FALL-REDEEM; a player without a career has nothing to redeem), and
	// each patron's glory grows by Gained, all in one transaction. It
	// returns ErrConflict if the season is already closed, ErrNotFound if
	// it has no tick, or if a player with eminence to credit has no
	// career.
	CloseSeason(ctx context.Context, c SeasonClose) error
	// SeasonClose returns a season's close, with Glory's Total as it was
	// after the close, or ErrNotFound while the season is not closed.
	SeasonClose(ctx context.Context, worldID uint64, season int) (SeasonClose, error)
	// SeasonList returns every season of a world that has a tick, by number.
	SeasonList(ctx context.Context, worldID uint64) ([]Season, error)
	// Glory returns the cumulative glory of a camp's patrons, by patron.
	Glory(ctx context.Context, worldID uint64, camp int) ([]PatronGlory, error)

	// Enrol stores a new or taken-back career (all of c, Fallen included:
	// a re-enrolment or a fall replaces it) and its enrolment (with its
	// own copy of the sheet, e.Sheet), with a ledger line when e.Spent > 0,
	// in one transaction. It returns
	// ErrConflict if the camp's seat or the player is already enrolled in
	// that season.
	Enrol(ctx context.Context, c Career, e Enrolment) error
	// EnrolAtSetup stores a career and its enrolment as Enrol does and, in
	// the same transaction, replaces the setup (day 0) of e's season with
	// setup's state, hash and commit time (setup names the world, e's
	// season and day 0). It returns ErrSeasonStarted if a later tick of
	// the season is committed, ErrNotFound if the season has no day 0,
	// and ErrConflict as Enrol; each stores nothing.
	EnrolAtSetup(ctx context.Context, c Career, e Enrolment, setup Tick) error
	// Career returns a player's career in a world, or ErrNotFound.
	Career(ctx context.Context, worldID uint64, player string) (Career, error)
	// Enrolments returns the enrolments of a season, by camp, then the
	// ruler's first, then by enrolment time.
	Enrolments(ctx context.Context, worldID uint64, season int) ([]Enrolment, error)
	// EminenceLedger returns a career's ledger in the order written.
	EminenceLedger(ctx context.Context, worldID uint64, player string) ([]EminenceEntry, error)

	// PutAudit records an admin action and sets its ID.
	PutAudit(ctx context.Context, e *AuditEntry) error
	// Audit returns the last limit admin actions that f keeps, oldest
	// first.
	Audit(ctx context.Context, f AuditFilter, limit int) ([]AuditEntry, error)
}

// SpendingReason is the eminence ledger's reason for enrolment e's
// spending: its purchases, or, with none, the stock a fall into another
// camp forfeits (rule FALL-COST).
func SpendingReason(e Enrolment) string {
	if len(e.Purchases) == 0 {
		return fmt.Sprintf("forfeited by a fall at the enrolment for season %d", e.Season)
	}
	return fmt.Sprintf("purchases at the enrolment for season %d", e.Season)
}
