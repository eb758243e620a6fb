// Package postgres is the store kept in PostgreSQL, shared by any number of
// server processes.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/grisonval/server/server/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store kept in PostgreSQL. It is safe for concurrent use,
// also by several processes. Times are kept to the microsecond.
type Store struct {
	pool *pgxpool.Pool
	// renewals is the lease renewals' own connection (RenewLeases), made
	// at its first use.
	renewals *pgxpool.Pool
	// groups gathers the ticks that worlds commit at once (group.go).
	groups *store.Groups[[]step]
	// analysed is how many worlds the store held when this process last
	// analysed the leases (WorldsToTake).
	analysed atomic.Int64
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at url (a postgres:// URL or a key=value
// connection string) and applies pending migrations. Concurrent Opens of one
// database wait for each other's migrations.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse postgres url: %w", err)
	}
	if err := migrate(ctx, cfg.ConnConfig); err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	rcfg := cfg.Copy()
	rcfg.MaxConns, rcfg.MinConns = 1, 0
	rcfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off" // see RenewLeases
	renewals, err := pgxpool.NewWithConfig(ctx, rcfg)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	s := &Store{pool: pool, renewals: renewals}
	s.groups = store.NewGroups(committers, maxGroupTicks, maxGroupSteps, store.BusyGather, s.commitGroup)
	return s, nil
}

// migrationLockTable is the table the migrations lock (docs/persistence.md).
const migrationLockTable = "goose_lock"

// migrate applies the embedded migrations that the database lacks, through
// a database/sql handle of its own, under a lock held in a table
// (migrationLockTable) rather than an advisory lock, so that the
// Postgres-compatible engines that lack advisory locks run them too. The
// lock is a lease kept alive while the migrations run; a process that dies
// holding it frees it when the lease ends. Processes that start together
// retry it every 100 ms for up to a minute.
func migrate(ctx context.Context, cfg *pgx.ConnConfig) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	locker, err := lock.NewPostgresTableLocker(lock.WithTableName(migrationLockTable),
		lock.WithTableLockTimeout(100*time.Millisecond, 600), lock.WithTableLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db, fsys,
		goose.WithDisableGlobalRegistry(true), goose.WithLocker(locker), goose.WithGoMigrations(goMigrations()...))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if err := store.CheckFormat(ctx, "PostgreSQL", p); err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("apply migrations: %w", err)
	}
	return nil
}

// Ping checks that the database answers, on a connection of the pool (a
// new one when none is idle).
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("ping postgres: %w", err)
	}
	return nil
}

// Close closes every connection of the store.
func (s *Store) Close() error {
	s.groups.Close()
	s.pool.Close()
	s.renewals.Close()
	return nil
}

// worldColumns are the columns of a world, its camps' controllers gathered
// in camp order; it reads worlds as w.
const worldColumns = `w.id, w.name, w.ruleset, w.camps, w.seed, w.cadence_ns, w.season_length, w.season, w.paused,
	(SELECT array_agg(controller ORDER BY camp) FROM camps WHERE world_id = w.id),
	(SELECT array_agg(posture ORDER BY camp) FROM camps WHERE world_id = w.id),
	w.created_at, w.parent_world_id, w.parent_season, w.parent_day, w.deadline, w.move_clock_ns`

// CreateWorld stores a new world and its camps and sets w.ID. A world with a
// Parent gets a copy of the parent tick as its first tick, and its first
// season starts there; store.ErrNotFound if there is no such tick. A world
// without one controller per camp is refused.
func (s *Store) CreateWorld(ctx context.Context, w *store.World) error {
	if err := checkCamps(*w); err != nil {
		return fmt.Errorf("create world: %w", err)
	}
	var parent, parentSeason, parentDay *int64
	if w.Parent.WorldID != 0 {
		p, ps, pd := int64(w.Parent.WorldID), int64(w.Parent.Season), int64(w.Parent.Day)
		parent, parentSeason, parentDay = &p, &ps, &pd
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, `
			INSERT INTO worlds (name, ruleset, camps, seed, cadence_ns, season_length, season, paused, created_at,
				parent_world_id, parent_season, parent_day, deadline, move_clock_ns)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
			w.Name, w.Ruleset, w.Camps, int64(w.Seed), int64(w.Cadence), w.SeasonLength, w.Season, w.Paused, micro(w.CreatedAt),
			parent, parentSeason, parentDay, deadline(w.Deadline), int64(w.MoveClock),
		).Scan(&id)
		if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.ConstraintName == "worlds_parent_world_id_fkey" {
			return fmt.Errorf("parent world %d: %w", w.Parent.WorldID, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		for c, ctl := range w.Controllers {
			b.Queue(`INSERT INTO camps (world_id, camp, controller, posture) VALUES ($1, $2, $3, $4)`,
				id, c, ctl.Kind, ctl.Posture)
		}
		if parent != nil {
			b.Queue(`INSERT INTO ticks (world_id, season, day, state, hash, committed_at)
				SELECT $1, $2, day, state, hash, $3 FROM ticks WHERE world_id = $4 AND season = $5 AND day = $6`,
				id, w.Season, micro(w.CreatedAt), *parent, *parentSeason, *parentDay).Exec(func(tag pgconn.CommandTag) error {
				if tag.RowsAffected() == 0 {
					return fmt.Errorf("parent tick of world %d season %d day %d: %w",
						*parent, *parentSeason, *parentDay, store.ErrNotFound)
				}
				return nil
			})
			b.Queue(`INSERT INTO seasons (world_id, season, first_day, started_at) VALUES ($1, $2, $3, $4)`,
				id, w.Season, *parentDay, micro(w.CreatedAt))
		}
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		w.ID = uint64(id)
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
	return s.updateWorld(ctx, w, nil)
}

func (s *Store) updateWorld(ctx context.Context, w store.World, fence *store.Lease) error {
	if err := checkCamps(w); err != nil {
		return fmt.Errorf("update world %d: %w", w.ID, err)
	}
	b := &pgx.Batch{}
	b.Queue(`UPDATE worlds SET name = $2, ruleset = $3, camps = $4, seed = $5, cadence_ns = $6, season_length = $7,
			season = $8, paused = $9, deadline = $10, move_clock_ns = $11
			WHERE id = $1`,
		int64(w.ID), w.Name, w.Ruleset, w.Camps, int64(w.Seed), int64(w.Cadence), w.SeasonLength, w.Season, w.Paused,
		deadline(w.Deadline), int64(w.MoveClock),
	).Exec(func(tag pgconn.CommandTag) error {
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		return nil
	})
	for c, ctl := range w.Controllers {
		b.Queue(`INSERT INTO camps (world_id, camp, controller, posture) VALUES ($1, $2, $3, $4)
			ON CONFLICT (world_id, camp) DO UPDATE SET controller = excluded.controller, posture = excluded.posture`,
			int64(w.ID), c, ctl.Kind, ctl.Posture)
	}
	b.Queue(`DELETE FROM camps WHERE world_id = $1 AND camp >= $2`, int64(w.ID), w.Camps)
	if err := s.send(ctx, fence, w.ID, b); err != nil {
		return fmt.Errorf("update world %d: %w", w.ID, err)
	}
	return nil
}

// World returns one world, or store.ErrNotFound.
func (s *Store) World(ctx context.Context, id uint64) (store.World, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+worldColumns+` FROM worlds w WHERE w.id = $1`, int64(id))
	w, err := pgx.CollectExactlyOneRow(rows, scanWorld)
	if err != nil {
		return store.World{}, fmt.Errorf("world %d: %w", id, notFound(err))
	}
	return w, nil
}

// Worlds returns every world in ID order.
func (s *Store) Worlds(ctx context.Context) ([]store.World, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+worldColumns+` FROM worlds w ORDER BY w.id`)
	ws, err := pgx.CollectRows(rows, scanWorld)
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

func scanWorld(row pgx.CollectableRow) (store.World, error) {
	var (
		w                               store.World
		id, seed, cad, clock            int64
		kinds, postures                 []string
		parent, parentSeason, parentDay *int64
		due                             *time.Time
	)
	err := row.Scan(&id, &w.Name, &w.Ruleset, &w.Camps, &seed, &cad, &w.SeasonLength, &w.Season, &w.Paused,
		&kinds, &postures, &w.CreatedAt, &parent, &parentSeason, &parentDay, &due, &clock)
	if err != nil {
		return store.World{}, err
	}
	if len(kinds) != w.Camps || len(postures) != w.Camps {
		return store.World{}, fmt.Errorf("world %d has %d controller kinds and %d postures; want %d",
			id, len(kinds), len(postures), w.Camps)
	}
	w.Controllers = make([]store.Controller, w.Camps)
	for i := range w.Controllers {
		w.Controllers[i] = store.Controller{Kind: kinds[i], Posture: postures[i]}
	}
	if parent != nil {
		w.Parent = store.TickRef{WorldID: uint64(*parent), Season: int(*parentSeason), Day: int(*parentDay)}
	}
	w.ID, w.Seed, w.Cadence, w.MoveClock = uint64(id), uint64(seed), time.Duration(cad), time.Duration(clock)
	w.CreatedAt = w.CreatedAt.UTC()
	if due != nil {
		w.Deadline = due.UTC()
	}
	return w, nil
}

// deadline returns the column value of a world's deadline: NULL for none.
func deadline(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	m := micro(t)
	return &m
}

// PutToken stores a token, revoking the earlier tokens of the camp's seat
// (RulerSeat when t.Seat is empty) for a camp token and the earlier admin
// tokens for an admin token.
func (s *Store) PutToken(ctx context.Context, t store.Token) error {
	b := &pgx.Batch{}
	switch t.Role {
	case store.RoleAdmin:
		b.Queue(`DELETE FROM tokens WHERE role = 'admin' AND name = $1`, t.Name)
		b.Queue(`INSERT INTO tokens (hash, role, name, player, seat) VALUES ($1, 'admin', $2, $3, '')`, t.Hash, t.Name, t.Player)
	case store.RoleCamp:
		seat := store.SeatOrRuler(t.Seat)
		b.Queue(`DELETE FROM tokens WHERE role = 'camp' AND world_id = $1 AND camp = $2 AND seat = $3`,
			int64(t.WorldID), t.Camp, seat)
		b.Queue(`INSERT INTO tokens (hash, role, world_id, camp, name, player, seat)
			VALUES ($1, 'camp', $2, $3, $4, $5, $6)`,
			t.Hash, int64(t.WorldID), t.Camp, t.Name, t.Player, seat)
	case store.RoleSpectator:
		b.Queue(`DELETE FROM tokens WHERE role = 'spectator' AND world_id = $1 AND name = $2`, int64(t.WorldID), t.Name)
		b.Queue(`INSERT INTO tokens (hash, role, world_id, name, seat) VALUES ($1, 'spectator', $2, $3, '')`,
			t.Hash, int64(t.WorldID), t.Name)
	default:
		return fmt.Errorf("put token: unknown role %q", t.Role)
	}
	// A batch runs as one implicit transaction.
	if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("put %s token: %w", t.Role, err)
	}
	return nil
}

// TokenByHash returns the token with that hash, or store.ErrNotFound.
func (s *Store) TokenByHash(ctx context.Context, hash []byte) (store.Token, error) {
	t := store.Token{Hash: hash, Camp: -1}
	var world, camp *int64
	err := s.pool.QueryRow(ctx, `SELECT role, world_id, camp, name, player, seat FROM tokens WHERE hash = $1`, hash).
		Scan(&t.Role, &world, &camp, &t.Name, &t.Player, &t.Seat)
	if err != nil {
		return store.Token{}, fmt.Errorf("token: %w", notFound(err))
	}
	if world != nil {
		t.WorldID = uint64(*world)
	}
	if camp != nil {
		t.Camp = int(*camp)
	}
	return t, nil
}

const orderColumns = `world_id, season, day, camp, player, seat, action, args, reason, submitted_at, status, code, field, message, timed_out`

// SaveOrder records an accepted order as pending; an earlier pending order
// of the same camp for the same day becomes replaced. It returns
// store.ErrNotFound if the world does not exist.
func (s *Store) SaveOrder(ctx context.Context, o store.Order) error {
	return s.saveOrder(ctx, o, nil)
}

func (s *Store) saveOrder(ctx context.Context, o store.Order, fence *store.Lease) error {
	world := int64(o.WorldID)
	steps := []step{
		// Locking the world row serialises the orders of a world, so that
		// two orders of one camp cannot both stay pending.
		{sql: `SELECT 1 / count(*) FROM (SELECT FROM worlds WHERE id = $1 FOR NO KEY UPDATE) AS w`, args: []any{world},
			fail: whenNoRow(fmt.Errorf("world %d: %w", o.WorldID, store.ErrNotFound))},
		{sql: `UPDATE orders SET status = 'replaced'
			WHERE world_id = $1 AND season = $2 AND day = $3 AND camp = $4 AND status = 'pending'`,
			args: []any{world, o.Season, o.Day, o.Camp}},
		// A camp keeps its store.MaxReplacedOrders latest replaced orders
		// of a day.
		{sql: `DELETE FROM orders WHERE id IN (SELECT id FROM orders
			WHERE world_id = $1 AND season = $2 AND day = $3 AND camp = $4 AND status = 'replaced'
			ORDER BY id DESC OFFSET $5)`,
			args: []any{world, o.Season, o.Day, o.Camp, store.MaxReplacedOrders}},
		{sql: `INSERT INTO orders (` + orderColumns + `)
			VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::integer[], '{}'), $9, $10, 'pending', '', '', '', false)`,
			args: []any{world, o.Season, o.Day, o.Camp, o.Player, store.SeatOrRuler(o.Seat), o.Action, o.Args, o.Reason,
				micro(o.SubmittedAt)}},
	}
	if err := s.sendOne(ctx, fence, o.WorldID, steps); err != nil {
		return fmt.Errorf("save order of world %d day %d camp %d: %w", o.WorldID, o.Day, o.Camp, err)
	}
	return nil
}

// PendingOrders returns the pending order of each camp that has one for
// (world, season, day), in camp order.
func (s *Store) PendingOrders(ctx context.Context, worldID uint64, season, day int) ([]store.Order, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = $1 AND season = $2 AND day = $3 AND status = 'pending' ORDER BY camp`,
		int64(worldID), season, day)
	orders, err := pgx.CollectRows(rows, scanOrder)
	if err != nil {
		return nil, fmt.Errorf("pending orders: %w", err)
	}
	return orders, nil
}

// Orders returns every order of a season, by day, camp and submission.
func (s *Store) Orders(ctx context.Context, worldID uint64, season int) ([]store.Order, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = $1 AND season = $2 ORDER BY day, camp, id`, int64(worldID), season)
	orders, err := pgx.CollectRows(rows, scanOrder)
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	return orders, nil
}

// Results returns what camp played on each resolved day of a season from
// sinceDay to untilDay, by day.
func (s *Store) Results(ctx context.Context, worldID uint64, season, camp, sinceDay, untilDay int) ([]store.Order, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = $1 AND season = $2 AND day BETWEEN $3 AND $4 AND camp = $5 AND status = ANY($6)
		ORDER BY day, id`, int64(worldID), season, sinceDay, untilDay, camp,
		[]string{store.OrderApplied, store.OrderStale, store.OrderStanding, store.OrderStandingStale})
	orders, err := pgx.CollectRows(rows, scanOrder)
	if err != nil {
		return nil, fmt.Errorf("results of camp %d: %w", camp, err)
	}
	return orders, nil
}

func scanOrder(row pgx.CollectableRow) (store.Order, error) {
	var (
		o     store.Order
		world int64
	)
	err := row.Scan(&world, &o.Season, &o.Day, &o.Camp, &o.Player, &o.Seat, &o.Action, &o.Args, &o.Reason,
		&o.SubmittedAt, &o.Status, &o.Code, &o.Field, &o.Message, &o.TimedOut)
	if err != nil {
		return store.Order{}, err
	}
	o.WorldID = uint64(world)
	o.SubmittedAt = o.SubmittedAt.UTC()
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
// the ticks committed at the same moment (group.go), one implicit
// transaction sent in one round trip, and CommitTick returns once that
// transaction has committed.
func (s *Store) CommitTick(ctx context.Context, t store.Tick) error {
	return s.commitTick(ctx, t, nil)
}

func (s *Store) commitTick(ctx context.Context, t store.Tick, fence *store.Lease) error {
	if err := s.sendGrouped(ctx, fence, t.WorldID, tickSteps(t)); err != nil {
		return fmt.Errorf("commit tick of world %d season %d day %d: %w", t.WorldID, t.Season, t.Day, err)
	}
	return nil
}

// tickSteps returns the steps that write tick t.
func tickSteps(t store.Tick) []step {
	world := int64(t.WorldID)
	at := micro(t.CommittedAt)
	steps := make([]step, 0, 2+len(t.Orders)+2*len(t.Pacts))
	steps = append(steps, tickStep(t))
	for _, o := range t.Orders {
		if o.Status == store.OrderStanding || o.Status == store.OrderStandingStale {
			continue // inserted by tickStep
		}
		steps = append(steps, step{sql: expectRows(`UPDATE orders SET status = $5, code = $6, field = $7, message = $8
			WHERE world_id = $1 AND season = $2 AND day = $3 AND camp = $4 AND status = 'pending' RETURNING id`),
			args: []any{world, t.Season, t.Day, o.Camp, o.Status, o.Code, o.Field, o.Message},
			fail: whenNoRow(fmt.Errorf("pending order of camp %d: %w", o.Camp, store.ErrNotFound))})
	}
	for seq, p := range t.Pacts {
		steps = append(steps,
			step{sql: `INSERT INTO pact_changes (world_id, season, day, seq, camp_a, camp_b, by_camp, event, status)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
				args: []any{world, t.Season, t.Day, seq, p.A, p.B, p.By, p.Event, p.Status}},
			// A pair without a row is at war: a change that leaves it at
			// war adds no row.
			step{sql: `INSERT INTO pacts (world_id, season, camp_a, camp_b, status, since_day)
				SELECT $1, $2, $3, $4, $5::text, $6
				WHERE $5::text <> 'war' OR EXISTS (SELECT FROM pacts
					WHERE world_id = $1 AND season = $2 AND camp_a = $3 AND camp_b = $4)
				ON CONFLICT (world_id, season, camp_a, camp_b) DO UPDATE
				SET status = excluded.status, since_day = excluded.since_day
				WHERE pacts.status <> excluded.status`,
				args: []any{world, t.Season, p.A, p.B, p.Status, t.Day}})
	}
	if t.LastOfSeason {
		steps = append(steps, step{sql: `UPDATE seasons SET ended_day = $3, ended_at = $4 WHERE world_id = $1 AND season = $2`,
			args: []any{world, t.Season, t.Day, at}})
	}
	return steps
}

// LatestTick returns the last committed tick of the world's season with its
// commit time, the orders it played and its journal, or store.ErrNotFound.
func (s *Store) LatestTick(ctx context.Context, worldID uint64, season int) (store.Tick, error) {
	t := store.Tick{WorldID: worldID, Season: season}
	err := s.pool.QueryRow(ctx, `SELECT day, state, hash, committed_at FROM ticks
		WHERE world_id = $1 AND season = $2 ORDER BY day DESC LIMIT 1`, int64(worldID), season).
		Scan(&t.Day, &t.State, &t.Hash, &t.CommittedAt)
	if err != nil {
		return store.Tick{}, fmt.Errorf("latest tick of world %d season %d: %w", worldID, season, notFound(err))
	}
	t.CommittedAt = t.CommittedAt.UTC()
	rows, _ := s.pool.Query(ctx, `SELECT `+orderColumns+` FROM orders
		WHERE world_id = $1 AND season = $2 AND day = $3 AND status NOT IN ('pending', 'replaced')
		ORDER BY camp, id`, int64(worldID), season, t.Day)
	if t.Orders, err = pgx.CollectRows(rows, scanOrder); err != nil {
		return store.Tick{}, fmt.Errorf("orders of world %d season %d day %d: %w", worldID, season, t.Day, err)
	}
	rows, _ = s.pool.Query(ctx, `SELECT `+journalColumns+` FROM journal
		WHERE world_id = $1 AND season = $2 AND day = $3 ORDER BY seq`, int64(worldID), season, t.Day)
	if t.Journal, err = pgx.CollectRows(rows, scanJournal); err != nil {
		return store.Tick{}, fmt.Errorf("journal of world %d season %d day %d: %w", worldID, season, t.Day, err)
	}
	return t, nil
}

// TickAt returns one committed tick without its orders and journal, or
// store.ErrNotFound.
func (s *Store) TickAt(ctx context.Context, worldID uint64, season, day int) (store.Tick, error) {
	t := store.Tick{WorldID: worldID, Season: season, Day: day}
	err := s.pool.QueryRow(ctx, `SELECT state, hash FROM ticks WHERE world_id = $1 AND season = $2 AND day = $3`,
		int64(worldID), season, day).Scan(&t.State, &t.Hash)
	if err != nil {
		return store.Tick{}, fmt.Errorf("tick of world %d season %d day %d: %w", worldID, season, day, notFound(err))
	}
	return t, nil
}

const journalColumns = `world_id, season, day, camp, kind, zones, narration, why`

// Journal returns camp's journal entries of a season from sinceDay on, in
// the order they were committed.
func (s *Store) Journal(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.JournalEntry, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+journalColumns+` FROM journal
		WHERE world_id = $1 AND season = $2 AND camp = $3 AND day >= $4 ORDER BY day, seq`,
		int64(worldID), season, camp, sinceDay)
	es, err := pgx.CollectRows(rows, scanJournal)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return es, nil
}

func scanJournal(row pgx.CollectableRow) (store.JournalEntry, error) {
	var (
		e     store.JournalEntry
		world int64
	)
	if err := row.Scan(&world, &e.Season, &e.Day, &e.Camp, &e.Kind, &e.Zones, &e.Narration, &e.Why); err != nil {
		return store.JournalEntry{}, err
	}
	e.WorldID = uint64(world)
	return e, nil
}

// send runs b in a transaction, as one round trip between BEGIN and COMMIT.
// With a fence, b's first statement checks that the fence's lease is held,
// live and of worldID, and keeps it from changing hands until the
// transaction ends; if it is not, b fails with store.ErrLeaseLost.
func (s *Store) send(ctx context.Context, fence *store.Lease, worldID uint64, b *pgx.Batch) error {
	if fence != nil {
		if fence.WorldID != worldID {
			return fmt.Errorf("write to world %d under the lease of world %d: %w", worldID, fence.WorldID, store.ErrLeaseLost)
		}
		fb := &pgx.Batch{}
		fb.Queue(`SELECT epoch FROM leases
			WHERE world_id = $1 AND owner = $2 AND epoch = $3 AND expires_at > now() FOR SHARE`,
			int64(fence.WorldID), fence.Owner, fence.Epoch).QueryRow(func(row pgx.Row) error {
			var epoch int64
			if err := row.Scan(&epoch); errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("world %d epoch %d for %s: %w", fence.WorldID, fence.Epoch, fence.Owner, store.ErrLeaseLost)
			} else if err != nil {
				return err
			}
			return nil
		})
		fb.QueuedQueries = append(fb.QueuedQueries, b.QueuedQueries...)
		b = fb
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return tx.SendBatch(ctx, b).Close()
	})
}

// micro returns tm truncated to the microsecond: PostgreSQL would round it.
func micro(tm time.Time) time.Time {
	return tm.Truncate(time.Microsecond)
}

// notFound turns pgx.ErrNoRows into store.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}
