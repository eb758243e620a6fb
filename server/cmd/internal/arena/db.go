package arena

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

// DBFile is the arena's own database in its folder: tournaments, matches
// and what each entrant did each day. The worlds themselves are the
// server's store's.
const DBFile = "arena.db"

// DB is the arena's record. It is safe for concurrent use.
type DB struct {
	db *sql.DB
}

const schema = `
CREATE TABLE IF NOT EXISTS tournaments (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE,
	spec TEXT NOT NULL,
	created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS matches (
	id INTEGER PRIMARY KEY,
	tournament INTEGER NOT NULL REFERENCES tournaments(id),
	seq INTEGER NOT NULL,
	round INTEGER NOT NULL,
	seed INTEGER NOT NULL,
	seats TEXT NOT NULL,
	world_id INTEGER NOT NULL DEFAULT 0,
	status TEXT NOT NULL DEFAULT 'planned',
	ranks TEXT NOT NULL DEFAULT '[]',
	days INTEGER NOT NULL DEFAULT 0,
	hash TEXT NOT NULL DEFAULT '',
	error TEXT NOT NULL DEFAULT '',
	started_at INTEGER NOT NULL DEFAULT 0,
	ended_at INTEGER NOT NULL DEFAULT 0,
	UNIQUE (tournament, seq)
);
CREATE TABLE IF NOT EXISTS days (
	match INTEGER NOT NULL REFERENCES matches(id),
	camp INTEGER NOT NULL,
	day INTEGER NOT NULL,
	entrant TEXT NOT NULL,
	action TEXT NOT NULL DEFAULT '',
	args TEXT NOT NULL DEFAULT '[]',
	status TEXT NOT NULL DEFAULT '',
	code TEXT NOT NULL DEFAULT '',
	timed_out INTEGER NOT NULL DEFAULT 0,
	refused INTEGER NOT NULL DEFAULT 0,
	refusal_codes TEXT NOT NULL DEFAULT '',
	time_ms INTEGER NOT NULL DEFAULT -1,
	prompt_tokens INTEGER NOT NULL DEFAULT 0,
	completion_tokens INTEGER NOT NULL DEFAULT 0,
	cost REAL NOT NULL DEFAULT 0,
	retries INTEGER NOT NULL DEFAULT 0,
	outcome TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (match, camp, day)
);
`

// OpenDB opens (creating it if need be) the arena's database in dir.
func OpenDB(dir string) (*DB, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("arena folder: %w", err)
	}
	dsn := filepath.Join(dir, DBFile) + "?_txlock=immediate&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", DBFile, err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("set up %s: %w", DBFile, err)
	}
	return &DB{db: db}, nil
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// ErrNoTournament is a tournament name the arena does not know.
var ErrNoTournament = errors.New("no such tournament")

// Tournament is a stored tournament.
type Tournament struct {
	ID        int64
	Spec      Spec
	CreatedAt time.Time
}

// CreateTournament stores spec with its planned matches (none yet for a
// Swiss schedule, planned round by round). A name already used is refused.
func (d *DB) CreateTournament(ctx context.Context, spec Spec, plan []Pairing, now time.Time) (Tournament, error) {
	b, err := json.Marshal(spec)
	if err != nil {
		return Tournament{}, err
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return Tournament{}, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (name, spec, created_at) VALUES (?, ?, ?)`, spec.Name, string(b), now.UnixMicro())
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %q (is the name already used? `grisonval-arena status` lists them): %w", spec.Name, err)
	}
	id, _ := res.LastInsertId()
	if err := addMatches(ctx, tx, id, 0, plan); err != nil {
		return Tournament{}, err
	}
	return Tournament{ID: id, Spec: spec, CreatedAt: now}, tx.Commit()
}

func addMatches(ctx context.Context, tx *sql.Tx, tournament int64, first int, plan []Pairing) error {
	for i, p := range plan {
		seats, _ := json.Marshal(p.Seats)
		if _, err := tx.ExecContext(ctx, `INSERT INTO matches (tournament, seq, round, seed, seats) VALUES (?, ?, ?, ?, ?)`,
			tournament, first+i, p.Round, int64(p.Seed), string(seats)); err != nil {
			return fmt.Errorf("plan match %d: %w", first+i, err)
		}
	}
	return nil
}

// AddRound stores a Swiss round's matches after the tournament's others.
func (d *DB) AddRound(ctx context.Context, tournament int64, plan []Pairing) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM matches WHERE tournament = ?`, tournament).Scan(&n); err != nil {
		return err
	}
	if err := addMatches(ctx, tx, tournament, n, plan); err != nil {
		return err
	}
	return tx.Commit()
}

// TournamentByName returns the tournament called name.
func (d *DB) TournamentByName(ctx context.Context, name string) (Tournament, error) {
	var (
		t    Tournament
		spec string
		at   int64
	)
	err := d.db.QueryRowContext(ctx, `SELECT id, spec, created_at FROM tournaments WHERE name = ?`, name).Scan(&t.ID, &spec, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, fmt.Errorf("%w: %q", ErrNoTournament, name)
	}
	if err != nil {
		return Tournament{}, err
	}
	if err := json.Unmarshal([]byte(spec), &t.Spec); err != nil {
		return Tournament{}, fmt.Errorf("stored spec of %q: %w", name, err)
	}
	t.CreatedAt = time.UnixMicro(at).UTC()
	return t, nil
}

// Tournaments returns every tournament's name, oldest first.
func (d *DB) Tournaments(ctx context.Context) ([]string, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT name FROM tournaments ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Match statuses.
const (
	MatchPlanned = "planned"
	MatchRunning = "running"
	MatchDone    = "done"
	MatchFailed  = "failed"
)

// Match is a stored match.
type Match struct {
	ID      int64
	Seq     int
	Round   int
	Seed    uint64
	Seats   []int // entrant indexes by camp
	WorldID uint64
	Status  string
	// Ranks are the camps' final ranks (1 best; ties share), by camp.
	Ranks     []int
	Days      int
	Hash      string
	Error     string
	StartedAt time.Time
	EndedAt   time.Time
}

// Matches returns a tournament's matches in their planned order.
func (d *DB) Matches(ctx context.Context, tournament int64) ([]Match, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, seq, round, seed, seats, world_id, status, ranks, days, hash, error, started_at, ended_at
		FROM matches WHERE tournament = ? ORDER BY seq`, tournament)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Match
	for rows.Next() {
		var (
			m              Match
			seed, world    int64
			seats, ranks   string
			started, ended int64
		)
		if err := rows.Scan(&m.ID, &m.Seq, &m.Round, &seed, &seats, &world, &m.Status, &ranks, &m.Days, &m.Hash, &m.Error, &started, &ended); err != nil {
			return nil, err
		}
		m.Seed, m.WorldID = uint64(seed), uint64(world)
		if err := json.Unmarshal([]byte(seats), &m.Seats); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(ranks), &m.Ranks); err != nil {
			return nil, err
		}
		if started != 0 {
			m.StartedAt = time.UnixMicro(started).UTC()
		}
		if ended != 0 {
			m.EndedAt = time.UnixMicro(ended).UTC()
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// StartMatch records that match runs as world (durably, before any of its
// players starts, so that a restarted arena finds the world again).
func (d *DB) StartMatch(ctx context.Context, match int64, world uint64, now time.Time) error {
	_, err := d.db.ExecContext(ctx, `UPDATE matches SET world_id = ?, status = 'running', started_at = ? WHERE id = ?`,
		int64(world), now.UnixMicro(), match)
	return err
}

// EndMatch records a match's result and every camp's day from the server
// (the order played, its status, its refusal code, whether it timed out,
// the time it took to answer), in one transaction.
func (d *DB) EndMatch(ctx context.Context, m Match, entrants []string, days []DayRecord, now time.Time) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, r := range days {
		args, _ := json.Marshal(r.Args)
		if _, err := tx.ExecContext(ctx, `INSERT INTO days (match, camp, day, entrant, action, args, status, code, timed_out, time_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (match, camp, day) DO UPDATE SET action = excluded.action, args = excluded.args, status = excluded.status,
				code = excluded.code, timed_out = excluded.timed_out, time_ms = excluded.time_ms`,
			m.ID, r.Camp, r.Day, entrants[r.Camp], r.Action, string(args), r.Status, r.Code, r.TimedOut, r.TimeMS); err != nil {
			return fmt.Errorf("day %d of camp %d: %w", r.Day, r.Camp, err)
		}
	}
	ranks, _ := json.Marshal(m.Ranks)
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET status = ?, ranks = ?, days = ?, hash = ?, error = ?, ended_at = ? WHERE id = ?`,
		m.Status, string(ranks), m.Days, m.Hash, m.Error, now.UnixMicro(), m.ID); err != nil {
		return err
	}
	return tx.Commit()
}

// FailMatch records why a match could not be played.
func (d *DB) FailMatch(ctx context.Context, match int64, why string, now time.Time) error {
	_, err := d.db.ExecContext(ctx, `UPDATE matches SET status = 'failed', error = ?, ended_at = ? WHERE id = ?`, why, now.UnixMicro(), match)
	return err
}

// DayRecord is what one camp did on one day of a match: from the server
// (the order played, its status and code, a timeout) and from the
// arena's own player of the camp, when it has one (orders refused at
// submission and their codes, the time it took to answer, the model's
// tokens, cost and retries, the runner's outcome).
type DayRecord struct {
	Match    int64  `json:"-"`
	Camp     int    `json:"camp"`
	Day      int    `json:"day"`
	Entrant  string `json:"entrant"`
	Action   string `json:"action"`
	Args     []int  `json:"args"`
	Status   string `json:"status"`
	Code     string `json:"code,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	// Refused counts the orders the server (or the MCP tools, before
	// it) refused that day; RefusalCodes lists their codes.
	Refused      int    `json:"refused,omitempty"`
	RefusalCodes string `json:"refusal_codes,omitempty"`
	// TimeMS is how long the camp took to answer, as the server saw it:
	// from the day's opening to the arrival of the order it played
	// (answerTime); -1 on a day it did not answer (its standing order
	// played).
	TimeMS           int64   `json:"time_ms"`
	PromptTokens     int     `json:"prompt_tokens,omitempty"`
	CompletionTokens int     `json:"completion_tokens,omitempty"`
	Cost             float64 `json:"cost,omitempty"`
	Retries          int     `json:"retries,omitempty"`
	Outcome          string  `json:"outcome,omitempty"`
}

// PlayerDay records what the arena's player of a camp saw of one day,
// durably, as soon as the day is played.
func (d *DB) PlayerDay(ctx context.Context, r DayRecord) error {
	_, err := d.db.ExecContext(ctx, `INSERT INTO days (match, camp, day, entrant, refused, refusal_codes,
			prompt_tokens, completion_tokens, cost, retries, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (match, camp, day) DO UPDATE SET refused = excluded.refused, refusal_codes = excluded.refusal_codes,
			prompt_tokens = excluded.prompt_tokens, completion_tokens = excluded.completion_tokens,
			cost = excluded.cost, retries = excluded.retries, outcome = excluded.outcome`,
		r.Match, r.Camp, r.Day, r.Entrant, r.Refused, r.RefusalCodes, r.PromptTokens, r.CompletionTokens, r.Cost, r.Retries, r.Outcome)
	return err
}

// Days returns every day record of a tournament's matches, by match, camp
// and day.
func (d *DB) Days(ctx context.Context, tournament int64) ([]DayRecord, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT d.match, camp, day, entrant, action, args, d.status, code, timed_out, refused,
			refusal_codes, time_ms, prompt_tokens, completion_tokens, cost, retries, outcome
		FROM days d JOIN matches m ON m.id = d.match WHERE m.tournament = ? ORDER BY d.match, camp, day`, tournament)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DayRecord
	for rows.Next() {
		var (
			r    DayRecord
			args string
		)
		if err := rows.Scan(&r.Match, &r.Camp, &r.Day, &r.Entrant, &r.Action, &args, &r.Status, &r.Code, &r.TimedOut, &r.Refused,
			&r.RefusalCodes, &r.TimeMS, &r.PromptTokens, &r.CompletionTokens, &r.Cost, &r.Retries, &r.Outcome); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(args), &r.Args); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
