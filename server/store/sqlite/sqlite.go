// Package sqlite is the embedded store: one SQLite database in a data folder,
// used by one server process at a time, with nothing to set up.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/pressly/goose/v3"
	msqlite "modernc.org/sqlite" // registers the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/grisonval/server/server/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Names of the files that Open keeps in the data folder.
const (
	dbFile   = "grisonval.db"
	lockFile = "grisonval.lock"
)

// Store is a store.Store kept in a SQLite database. It is safe for
// concurrent use. Times are kept to the microsecond.
type Store struct {
	// db reads, on a fixed pool of readConns connections; wdb writes, on
	// one connection. SQLite has one writer at a time: a writer that waits
	// for another waits here, in Go, rather than in busy_timeout's sleeps.
	// The pools never close a connection while the store is open: a
	// connection of a WAL database closed while others hold their locks
	// keeps its file open until every connection is closed.
	db, wdb *sql.DB
	// read and write are the prepared statements of db and wdb.
	read  *statements
	write map[string]*sql.Stmt
	// lock holds the exclusive lock on the data folder until Close.
	lock *os.File
	// groups gathers the ticks that worlds commit at once (group.go).
	groups *store.Groups[store.Tick]
}

// readConns is the size of the pool of reading connections: reads of a WAL
// database run at once, each on its own connection.
var readConns = max(4, runtime.GOMAXPROCS(0))

var _ store.Store = (*Store)(nil)

// Open opens the store in the data folder dir, creating the folder (0700)
// and the database (0600, as its journal files) if needed and applying
// pending migrations; a database file readable by others is made the
// owner's alone. It takes an exclusive
// lock on the folder, held until Close: if another process (or another Open
// in this one) holds it, Open fails with an error wrapping store.ErrLocked.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data folder: %w", err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	if err := ownerOnly(dir); err != nil {
		lock.Close()
		return nil, err
	}
	// Every connection gets WAL, a busy timeout, foreign keys and full
	// fsync at commit (an accepted order must survive a power cut).
	// Transactions begin IMMEDIATE so that two writers wait for each other
	// instead of failing on a lock upgrade.
	dsn := filepath.Join(dir, dbFile) + "?_txlock=immediate" +
		"&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	s := &Store{lock: lock}
	if s.wdb, err = sql.Open("sqlite", dsn); err != nil {
		lock.Close()
		return nil, fmt.Errorf("open sqlite database: %w", err)
	}
	s.wdb.SetMaxOpenConns(1)
	s.wdb.SetMaxIdleConns(1)
	if err := migrate(context.Background(), s.wdb); err != nil {
		s.wdb.Close()
		lock.Close()
		return nil, err
	}
	if s.db, err = sql.Open("sqlite", dsn); err != nil {
		s.wdb.Close()
		lock.Close()
		return nil, fmt.Errorf("open sqlite database: %w", err)
	}
	s.db.SetMaxOpenConns(readConns)
	s.db.SetMaxIdleConns(readConns)
	s.read = &statements{db: s.db}
	if err := s.prepareWrites(context.Background()); err != nil {
		s.Close()
		return nil, err
	}
	s.groups = store.NewGroups(1, maxGroupTicks, maxGroupTicks, store.BusyGather, s.commitGroup)
	return s, nil
}

// ownerOnly creates the database file of the data folder dir readable and
// writable by its owner alone, or makes it so, with its journal files:
// SQLite gives the journal files the database file's mode.
func ownerOnly(dir string) error {
	path := filepath.Join(dir, dbFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("create database file: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("create database file: %w", err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("make %s the owner's alone: %w", p, err)
		}
	}
	return nil
}

// lockDir takes the exclusive lock of the data folder dir.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("data folder %s is in use by another process: %w", dir, store.ErrLocked)
		}
		return nil, fmt.Errorf("lock data folder %s: %w", dir, err)
	}
	return f, nil
}

// migrate applies the embedded migrations that db lacks.
func migrate(ctx context.Context, db *sql.DB) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys, goose.WithDisableGlobalRegistry(true),
		goose.WithGoMigrations(goMigrations()...))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if err := store.CheckFormat(ctx, "embedded SQLite", p); err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("apply migrations: %w", err)
	}
	return nil
}

// Close closes the database and releases the data folder.
func (s *Store) Close() error {
	if s.groups != nil {
		s.groups.Close()
	}
	err := errors.Join(s.closeStatements(), s.db.Close(), s.wdb.Close(), s.lock.Close())
	if err != nil {
		return fmt.Errorf("close sqlite store: %w", err)
	}
	return nil
}

// worldColumns are the columns of a world, its camps' controllers gathered
// in camp order as a JSON list; it reads worlds as w.
const worldColumns = `w.id, w.name, w.ruleset, w.camps, w.seed, w.cadence_ns, w.season_length, w.season, w.paused,
	(SELECT json_group_array(json_object('Kind', controller, 'Posture', posture))
		FROM (SELECT controller, posture FROM camps WHERE world_id = w.id ORDER BY camp)),
	w.created_at, w.parent_world_id, w.parent_season, w.parent_day, w.deadline, w.move_clock_ns`

// CreateWorld stores a new world and its camps and sets w.ID. A world with a
// Parent gets a copy of the parent tick as its first tick, and its first
// season starts there; store.ErrNotFound if there is no such tick. A world
// without one controller per camp is refused.
func (s *Store) CreateWorld(ctx context.Context, w *store.World) error {
	if err := checkCamps(*w); err != nil {
		return fmt.Errorf("create world: %w", err)
	}
	var parent, parentSeason, parentDay sql.NullInt64
	if w.Parent.WorldID != 0 {
		parent = sql.NullInt64{Int64: int64(w.Parent.WorldID), Valid: true}
		parentSeason = sql.NullInt64{Int64: int64(w.Parent.Season), Valid: true}
		parentDay = sql.NullInt64{Int64: int64(w.Parent.Day), Valid: true}
	}
	at := w.CreatedAt.UnixMicro()
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var id uint64
		err := s.txQueryRow(ctx, tx, `
			INSERT INTO worlds (name, ruleset, camps, seed, cadence_ns, season_length, season, paused, created_at,
				parent_world_id, parent_season, parent_day, deadline, move_clock_ns)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			w.Name, w.Ruleset, w.Camps, int64(w.Seed), int64(w.Cadence), w.SeasonLength, w.Season, w.Paused, at,
			parent, parentSeason, parentDay, deadline(w.Deadline), int64(w.MoveClock),
		).Scan(&id)
		if err != nil {
			return err
		}
		for c, ctl := range w.Controllers {
			_, err := s.exec(ctx, tx, `INSERT INTO camps (world_id, camp, controller, posture) VALUES (?, ?, ?, ?)`,
				id, c, ctl.Kind, ctl.Posture)
			if err != nil {
				return fmt.Errorf("camp %d: %w", c, err)
			}
		}
		if parent.Valid {
			res, err := s.exec(ctx, tx, `INSERT INTO ticks (world_id, season, day, state, hash, committed_at)
				SELECT ?, ?, day, state, hash, ? FROM ticks WHERE world_id = ? AND season = ? AND day = ?`,
				id, w.Season, at, parent, parentSeason, parentDay)
			if err != nil {
				return err
			}
			if err := oneRow(res); err != nil {
				return fmt.Errorf("parent tick of world %d season %d day %d: %w",
					w.Parent.WorldID, w.Parent.Season, w.Parent.Day, err)
			}
			_, err = s.exec(ctx, tx, `INSERT INTO seasons (world_id, season, first_day, started_at) VALUES (?, ?, ?, ?)`,
				id, w.Season, parentDay, at)
			if err != nil {
				return err
			}
		}
		w.ID = id
		return nil
	})
	if err != nil {
		return fmt.Errorf("create world: %w", err)
	}
	return nil
}

// UpdateWorld replaces a world's settings, its number of camps and their
// controllers; its creation time and parent are kept. A world without one
// controller per camp is refused.
func (s *Store) UpdateWorld(ctx context.Context, w store.World) error {
	if err := checkCamps(w); err != nil {
		return fmt.Errorf("update world %d: %w", w.ID, err)
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := s.exec(ctx, tx, `
			UPDATE worlds SET name = ?, ruleset = ?, camps = ?, seed = ?, cadence_ns = ?, season_length = ?,
				season = ?, paused = ?, deadline = ?, move_clock_ns = ?
			WHERE id = ?`,
			w.Name, w.Ruleset, w.Camps, int64(w.Seed), int64(w.Cadence), w.SeasonLength, w.Season, w.Paused,
			deadline(w.Deadline), int64(w.MoveClock), w.ID)
		if err != nil {
			return err
		}
		if err := oneRow(res); err != nil {
			return err
		}
		for c, ctl := range w.Controllers {
			_, err := s.exec(ctx, tx, `INSERT INTO camps (world_id, camp, controller, posture) VALUES (?, ?, ?, ?)
				ON CONFLICT (world_id, camp) DO UPDATE SET controller = excluded.controller, posture = excluded.posture`,
				w.ID, c, ctl.Kind, ctl.Posture)
			if err != nil {
				return fmt.Errorf("camp %d: %w", c, err)
			}
		}
		_, err = s.exec(ctx, tx, `DELETE FROM camps WHERE world_id = ? AND camp >= ?`, w.ID, w.Camps)
		return err
	})
	if err != nil {
		return fmt.Errorf("update world %d: %w", w.ID, err)
	}
	return nil
}

// World returns one world, or store.ErrNotFound.
func (s *Store) World(ctx context.Context, id uint64) (store.World, error) {
	w, err := scanWorld(s.queryRow(ctx, `SELECT `+worldColumns+` FROM worlds w WHERE w.id = ?`, id))
	if err != nil {
		return store.World{}, fmt.Errorf("world %d: %w", id, notFound(err))
	}
	return w, nil
}

// Worlds returns every world in ID order.
func (s *Store) Worlds(ctx context.Context) ([]store.World, error) {
	rows, err := s.query(ctx, `SELECT `+worldColumns+` FROM worlds w ORDER BY w.id`)
	if err != nil {
		return nil, fmt.Errorf("list worlds: %w", err)
	}
	ws, err := collect(rows, scanWorld)
	if err != nil {
		return nil, fmt.Errorf("list worlds: %w", err)
	}
	return ws, nil
}

// checkCamps refuses a world without camps, or without one controller per
// camp.
func checkCamps(w store.World) error {
	if w.Camps < 1 {
		return fmt.Errorf("world %q has %d camps; want at least 1", w.Name, w.Camps)
	}
	if len(w.Controllers) != w.Camps {
		return fmt.Errorf("world %q has %d camps and %d controllers; want one controller per camp",
			w.Name, w.Camps, len(w.Controllers))
	}
	return nil
}

func scanWorld(row scanner) (store.World, error) {
	var (
		w                               store.World
		seed, cadence, createdAt, clock int64
		controllers                     string
		parent, parentSeason, parentDay sql.NullInt64
		due                             sql.NullInt64
	)
	err := row.Scan(&w.ID, &w.Name, &w.Ruleset, &w.Camps, &seed, &cadence, &w.SeasonLength, &w.Season, &w.Paused,
		&controllers, &createdAt, &parent, &parentSeason, &parentDay, &due, &clock)
	if err != nil {
		return store.World{}, err
	}
	if err := json.Unmarshal([]byte(controllers), &w.Controllers); err != nil {
		return store.World{}, fmt.Errorf("decode controllers: %w", err)
	}
	if len(w.Controllers) != w.Camps {
		return store.World{}, fmt.Errorf("world %d has %d camps and %d controllers", w.ID, w.Camps, len(w.Controllers))
	}
	if parent.Valid {
		w.Parent = store.TickRef{WorldID: uint64(parent.Int64), Season: int(parentSeason.Int64), Day: int(parentDay.Int64)}
	}
	w.Seed = uint64(seed)
	w.Cadence, w.MoveClock = time.Duration(cadence), time.Duration(clock)
	w.CreatedAt = time.UnixMicro(createdAt).UTC()
	if due.Valid {
		w.Deadline = time.UnixMicro(due.Int64).UTC()
	}
	return w, nil
}

// deadline returns the column value of a world's deadline: NULL for none.
func deadline(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMicro(), Valid: true}
}

// PutToken stores a token, revoking the earlier tokens of the camp's seat
// (RulerSeat when t.Seat is empty) for a camp token and the earlier admin
// tokens for an admin token.
func (s *Store) PutToken(ctx context.Context, t store.Token) error {
	var (
		revoke string
		args   []any
		world  sql.NullInt64
		camp   sql.NullInt64
		seat   string // '' for an admin token
	)
	switch t.Role {
	case store.RoleAdmin:
		revoke = `DELETE FROM tokens WHERE role = 'admin' AND name = ?`
		args = []any{t.Name}
	case store.RoleCamp:
		seat = store.SeatOrRuler(t.Seat)
		revoke = `DELETE FROM tokens WHERE role = 'camp' AND world_id = ? AND camp = ? AND seat = ?`
		args = []any{t.WorldID, t.Camp, seat}
		world = sql.NullInt64{Int64: int64(t.WorldID), Valid: true}
		camp = sql.NullInt64{Int64: int64(t.Camp), Valid: true}
	case store.RoleSpectator:
		revoke = `DELETE FROM tokens WHERE role = 'spectator' AND world_id = ? AND name = ?`
		args = []any{t.WorldID, t.Name}
		world = sql.NullInt64{Int64: int64(t.WorldID), Valid: true}
	default:
		return fmt.Errorf("put token: unknown role %q", t.Role)
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.exec(ctx, tx, revoke, args...); err != nil {
			return err
		}
		_, err := s.exec(ctx, tx, `INSERT INTO tokens (hash, role, world_id, camp, name, player, seat)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			t.Hash, t.Role, world, camp, t.Name, t.Player, seat)
		return err
	})
	if err != nil {
		return fmt.Errorf("put %s token: %w", t.Role, err)
	}
	return nil
}

// TokenByHash returns the token with that hash, or store.ErrNotFound.
func (s *Store) TokenByHash(ctx context.Context, hash []byte) (store.Token, error) {
	t := store.Token{Hash: hash}
	var world, camp sql.NullInt64
	err := s.queryRow(ctx, `SELECT role, world_id, camp, name, player, seat FROM tokens WHERE hash = ?`, hash).
		Scan(&t.Role, &world, &camp, &t.Name, &t.Player, &t.Seat)
	if err != nil {
		return store.Token{}, fmt.Errorf("token: %w", notFound(err))
	}
	t.WorldID, t.Camp = uint64(world.Int64), int(camp.Int64)
	if !camp.Valid {
		t.Camp = -1
	}
	return t, nil
}

const orderColumns = `world_id, season, day, camp, player, seat, action, args, reason, submitted_at, status, code, field, message, timed_out`

// SaveOrder records an accepted order as pending; an earlier pending order
// of the same camp for the same day becomes replaced. It returns
// store.ErrNotFound if the world does not exist.
func (s *Store) SaveOrder(ctx context.Context, o store.Order) error {
	args, err := json.Marshal(ints(o.Args))
	if err != nil {
		return fmt.Errorf("save order: %w", err)
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.worldExists(ctx, tx, o.WorldID); err != nil {
			return err
		}
		_, err := s.exec(ctx, tx, sqlReplaceOrder,
			o.WorldID, o.Season, o.Day, o.Camp)
		if err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, sqlTrimReplaced,
			o.WorldID, o.Season, o.Day, o.Camp, store.MaxReplacedOrders)
		if err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, sqlInsertPendingOrder,
			o.WorldID, o.Season, o.Day, o.Camp, o.Player, store.SeatOrRuler(o.Seat), o.Action, string(args), o.Reason,
			o.SubmittedAt.UnixMicro())
		return err
	})
	if err != nil {
		return fmt.Errorf("save order of world %d day %d camp %d: %w", o.WorldID, o.Day, o.Camp, err)
	}
	return nil
}

// PendingOrders returns the pending order of each camp that has one for
// (world, season, day), in camp order.
func (s *Store) PendingOrders(ctx context.Context, worldID uint64, season, day int) ([]store.Order, error) {
	rows, err := s.query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = ? AND season = ? AND day = ? AND status = 'pending' ORDER BY camp`,
		worldID, season, day)
	if err != nil {
		return nil, fmt.Errorf("pending orders: %w", err)
	}
	orders, err := collect(rows, scanOrder)
	if err != nil {
		return nil, fmt.Errorf("pending orders: %w", err)
	}
	return orders, nil
}

// Orders returns every order of a season, by day, camp and submission.
func (s *Store) Orders(ctx context.Context, worldID uint64, season int) ([]store.Order, error) {
	rows, err := s.query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = ? AND season = ? ORDER BY day, camp, id`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	orders, err := collect(rows, scanOrder)
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	return orders, nil
}

// Results returns what camp played on each resolved day of a season from
// sinceDay to untilDay, by day.
func (s *Store) Results(ctx context.Context, worldID uint64, season, camp, sinceDay, untilDay int) ([]store.Order, error) {
	rows, err := s.query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = ? AND season = ? AND day BETWEEN ? AND ? AND camp = ? AND status IN (?, ?, ?, ?)
		ORDER BY day, id`, worldID, season, sinceDay, untilDay, camp,
		store.OrderApplied, store.OrderStale, store.OrderStanding, store.OrderStandingStale)
	if err != nil {
		return nil, fmt.Errorf("results of camp %d: %w", camp, err)
	}
	orders, err := collect(rows, scanOrder)
	if err != nil {
		return nil, fmt.Errorf("results of camp %d: %w", camp, err)
	}
	return orders, nil
}

func scanOrder(row scanner) (store.Order, error) {
	var (
		o           store.Order
		args        string
		submittedAt int64
	)
	err := row.Scan(&o.WorldID, &o.Season, &o.Day, &o.Camp, &o.Player, &o.Seat, &o.Action, &args, &o.Reason,
		&submittedAt, &o.Status, &o.Code, &o.Field, &o.Message, &o.TimedOut)
	if err != nil {
		return store.Order{}, err
	}
	if o.Args, err = decodeInts(args); err != nil {
		return store.Order{}, fmt.Errorf("decode args: %w", err)
	}
	o.SubmittedAt = time.UnixMicro(submittedAt).UTC()
	return o, nil
}

// CommitTick stores a tick atomically: its state, its journal, its orders
// and its pact changes. A pending order of the tick's day takes the status
// (code, field and message) given for its camp; an order given with status
// standing or standing_stale is inserted, as the ruler's; any other order given for a camp with no pending order fails the
// commit with store.ErrNotFound. Each pact change also sets its pair's
// current status. The season starts with its first tick and ends with a
// tick marked LastOfSeason. It returns store.ErrConflict if the tick exists.
// Nothing is stored when it fails. The tick is written within a group of
// the ticks committed at the same moment, one transaction and one flush
// (group.go), and CommitTick returns once that transaction has committed.
func (s *Store) CommitTick(ctx context.Context, t store.Tick) error {
	if err := s.groups.Do(ctx, t.WorldID, t, 1); err != nil {
		return fmt.Errorf("commit tick of world %d season %d day %d: %w", t.WorldID, t.Season, t.Day, err)
	}
	return nil
}

// commitTick writes tick t in tx; on an error, the caller rolls back what
// it wrote.
func (s *Store) commitTick(ctx context.Context, tx *sql.Tx, t store.Tick) error {
	at := t.CommittedAt.UnixMicro()
	res, err := s.exec(ctx, tx, sqlInsertTick,
		t.WorldID, t.Season, t.Day, nonNil(t.State), t.Hash, at)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return store.ErrConflict
	}
	_, err = s.exec(ctx, tx, sqlStartSeason, t.WorldID, t.Season, t.Day, at)
	if err != nil {
		return err
	}
	if _, err := s.exec(ctx, tx, sqlSetDeadline, deadline(t.Deadline), t.WorldID); err != nil {
		return fmt.Errorf("deadline: %w", err)
	}
	for _, o := range t.Orders {
		if err := s.commitOrder(ctx, tx, t, o); err != nil {
			return err
		}
	}
	for seq, e := range t.Journal {
		zones, err := json.Marshal(ints(e.Zones))
		if err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, sqlInsertJournal,
			t.WorldID, t.Season, t.Day, seq, e.Camp, e.Kind, string(zones), e.Narration, e.Why)
		if err != nil {
			return fmt.Errorf("journal entry %d: %w", seq, err)
		}
	}
	for seq, p := range t.Pacts {
		if err := s.commitPact(ctx, tx, t, seq, p); err != nil {
			return err
		}
	}
	if t.LastOfSeason {
		_, err := s.exec(ctx, tx, sqlEndSeason,
			t.Day, at, t.WorldID, t.Season)
		if err != nil {
			return fmt.Errorf("end season: %w", err)
		}
	}
	return nil
}

// commitPact records pact change seq of tick t and sets its pair's status.
// A pair without a row is at war: a change that leaves it at war adds no
// row.
func (s *Store) commitPact(ctx context.Context, tx *sql.Tx, t store.Tick, seq int, p store.PactChange) error {
	_, err := s.exec(ctx, tx, sqlInsertPactChange,
		t.WorldID, t.Season, t.Day, seq, p.A, p.B, p.By, p.Event, p.Status)
	if err != nil {
		return fmt.Errorf("pact change %d: %w", seq, err)
	}
	_, err = s.exec(ctx, tx, sqlSetPact,
		t.WorldID, t.Season, p.A, p.B, p.Status, t.Day)
	if err != nil {
		return fmt.Errorf("pact of camps %d and %d: %w", p.A, p.B, err)
	}
	return nil
}

// commitOrder records the fate of one order of tick t.
func (s *Store) commitOrder(ctx context.Context, tx *sql.Tx, t store.Tick, o store.Order) error {
	if o.Status == store.OrderStanding || o.Status == store.OrderStandingStale {
		args, err := json.Marshal(ints(o.Args))
		if err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, sqlInsertPlayedOrder,
			t.WorldID, t.Season, t.Day, o.Camp, o.Player, store.RulerSeat, o.Action, string(args), o.Reason,
			o.SubmittedAt.UnixMicro(), o.Status, o.Code, o.Field, o.Message, o.TimedOut)
		if err != nil {
			return fmt.Errorf("standing order of camp %d: %w", o.Camp, err)
		}
		return nil
	}
	res, err := s.exec(ctx, tx, sqlSettleOrder,
		o.Status, o.Code, o.Field, o.Message, t.WorldID, t.Season, t.Day, o.Camp)
	if err != nil {
		return fmt.Errorf("order of camp %d: %w", o.Camp, err)
	}
	if err := oneRow(res); err != nil {
		return fmt.Errorf("pending order of camp %d: %w", o.Camp, err)
	}
	return nil
}

// LatestTick returns the last committed tick of the world's season with its
// commit time, the orders it played and its journal, or store.ErrNotFound.
func (s *Store) LatestTick(ctx context.Context, worldID uint64, season int) (store.Tick, error) {
	t := store.Tick{WorldID: worldID, Season: season}
	var at int64
	err := s.queryRow(ctx, `SELECT day, state, hash, committed_at FROM ticks
		WHERE world_id = ? AND season = ? ORDER BY day DESC LIMIT 1`, worldID, season).
		Scan(&t.Day, &t.State, &t.Hash, &at)
	if err != nil {
		return store.Tick{}, fmt.Errorf("latest tick of world %d season %d: %w", worldID, season, notFound(err))
	}
	t.CommittedAt = time.UnixMicro(at).UTC()
	rows, err := s.query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = ? AND season = ? AND day = ? AND status NOT IN ('pending', 'replaced')
		ORDER BY camp, id`, worldID, season, t.Day)
	if err == nil {
		t.Orders, err = collect(rows, scanOrder)
	}
	if err != nil {
		return store.Tick{}, fmt.Errorf("orders of world %d season %d day %d: %w", worldID, season, t.Day, err)
	}
	rows, err = s.query(ctx, `SELECT `+journalColumns+` FROM journal
		WHERE world_id = ? AND season = ? AND day = ? ORDER BY seq`, worldID, season, t.Day)
	if err == nil {
		t.Journal, err = collect(rows, scanJournal)
	}
	if err != nil {
		return store.Tick{}, fmt.Errorf("journal of world %d season %d day %d: %w", worldID, season, t.Day, err)
	}
	return t, nil
}

// TickAt returns one committed tick without its orders and journal, or
// store.ErrNotFound.
func (s *Store) TickAt(ctx context.Context, worldID uint64, season, day int) (store.Tick, error) {
	t := store.Tick{WorldID: worldID, Season: season, Day: day}
	err := s.queryRow(ctx, `SELECT state, hash FROM ticks WHERE world_id = ? AND season = ? AND day = ?`,
		worldID, season, day).Scan(&t.State, &t.Hash)
	if err != nil {
		return store.Tick{}, fmt.Errorf("tick of world %d season %d day %d: %w", worldID, season, day, notFound(err))
	}
	return t, nil
}

const journalColumns = `world_id, season, day, camp, kind, zones, narration, why`

// Journal returns camp's journal entries of a season from sinceDay on, in
// the order they were committed.
func (s *Store) Journal(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.JournalEntry, error) {
	rows, err := s.query(ctx, `SELECT `+journalColumns+` FROM journal
		WHERE world_id = ? AND season = ? AND camp = ? AND day >= ? ORDER BY day, seq`,
		worldID, season, camp, sinceDay)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	es, err := collect(rows, scanJournal)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return es, nil
}

func scanJournal(row scanner) (store.JournalEntry, error) {
	var (
		e     store.JournalEntry
		zones string
	)
	if err := row.Scan(&e.WorldID, &e.Season, &e.Day, &e.Camp, &e.Kind, &zones, &e.Narration, &e.Why); err != nil {
		return store.JournalEntry{}, err
	}
	var err error
	if e.Zones, err = decodeInts(zones); err != nil {
		return store.JournalEntry{}, fmt.Errorf("decode zones: %w", err)
	}
	return e, nil
}

// inTx runs fn in a transaction of the writing connection, committed if fn
// returns nil and rolled back otherwise. An error that says the database
// cannot write now (a full disk, an I/O error) is a *store.Outage.
func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return outage(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return outage(err)
	}
	return outage(tx.Commit())
}

// outage returns err as a *store.Outage when SQLite's result code says the
// database cannot write now: SQLITE_FULL (the disk, or the page limit, is
// full), SQLITE_IOERR, SQLITE_CANTOPEN or SQLITE_NOMEM; else err.
func outage(err error) error {
	e, ok := errors.AsType[*msqlite.Error](err)
	if !ok {
		return err
	}
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_FULL:
		return &store.Outage{Cause: store.CauseDiskFull, Err: err}
	case sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_NOMEM:
		return &store.Outage{Cause: store.CauseResources, Err: err}
	}
	return err
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	return outage(s.db.PingContext(ctx))
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}

// collect scans every row of rows with scan and closes rows.
func collect[T any](rows *sql.Rows, scan func(scanner) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// notFound turns sql.ErrNoRows into store.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// oneRow returns store.ErrNotFound unless res changed a row.
func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// ints returns l, or an empty list for nil so that it encodes as [].
func ints(l []int) []int {
	if l == nil {
		return []int{}
	}
	return l
}

// decodeInts decodes a JSON list of ints; an empty list gives nil.
func decodeInts(s string) ([]int, error) {
	var l []int
	if err := json.Unmarshal([]byte(s), &l); err != nil {
		return nil, err
	}
	if len(l) == 0 {
		return nil, nil
	}
	return l, nil
}

// nonNil returns b, or an empty slice for nil: the driver binds nil as NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
