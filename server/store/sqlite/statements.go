package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// The statements of the frequent writes (a tick, an order, a message, a
// standing order, a proposal), prepared on the writing connection when the
// store opens (writeQueries). The other writes are rare (a world, a token, a
// season's close) and are parsed at each use.
const (
	sqlWorldExists = `SELECT id FROM worlds WHERE id = ?`
	sqlInsertTick  = `INSERT INTO ticks (world_id, season, day, state, hash, committed_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
	sqlStartSeason = `INSERT INTO seasons (world_id, season, first_day, started_at) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`
	sqlSetDeadline   = `UPDATE worlds SET deadline = ? WHERE id = ?`
	sqlEndSeason     = `UPDATE seasons SET ended_day = ?, ended_at = ? WHERE world_id = ? AND season = ?`
	sqlInsertJournal = `INSERT INTO journal (world_id, season, day, seq, camp, kind, zones, narration, why)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlInsertPactChange = `INSERT INTO pact_changes (world_id, season, day, seq, camp_a, camp_b, by_camp, event, status)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// sqlSetPact sets a pair's status. A pair without a row is at war: a
	// change that leaves it at war adds no row.
	sqlSetPact = `INSERT INTO pacts (world_id, season, camp_a, camp_b, status, since_day)
		SELECT ?1, ?2, ?3, ?4, ?5, ?6
		WHERE ?5 <> 'war' OR EXISTS (SELECT 1 FROM pacts
			WHERE world_id = ?1 AND season = ?2 AND camp_a = ?3 AND camp_b = ?4)
		ON CONFLICT (world_id, season, camp_a, camp_b) DO UPDATE
		SET status = excluded.status, since_day = excluded.since_day
		WHERE pacts.status <> excluded.status`
	sqlReplaceOrder = `UPDATE orders SET status = 'replaced'
		WHERE world_id = ? AND season = ? AND day = ? AND camp = ? AND status = 'pending'`
	// sqlTrimReplaced keeps a camp's store.MaxReplacedOrders latest
	// replaced orders of a day.
	sqlTrimReplaced = `DELETE FROM orders WHERE id IN (SELECT id FROM orders
		WHERE world_id = ? AND season = ? AND day = ? AND camp = ? AND status = 'replaced'
		ORDER BY id DESC LIMIT -1 OFFSET ?)`
	sqlSettleOrder = `UPDATE orders SET status = ?, code = ?, field = ?, message = ?
		WHERE world_id = ? AND season = ? AND day = ? AND camp = ? AND status = 'pending'`
	sqlInsertPendingOrder = `INSERT INTO orders (` + orderColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', '', '', '', 0)`
	sqlInsertPlayedOrder  = `INSERT INTO orders (` + orderColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlSetStanding        = `INSERT INTO standing_orders (world_id, season, camp, player, action, args, reason, set_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (world_id, season, camp) DO UPDATE
		SET player = excluded.player, action = excluded.action, args = excluded.args, reason = excluded.reason,
			set_at = excluded.set_at`
	sqlInsertMessage = `INSERT INTO messages (world_id, season, day, from_camp, to_camp, player, seat, text, sent_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	sqlDeleteProposal = `DELETE FROM proposals WHERE world_id = ? AND season = ? AND day = ? AND camp = ? AND seat = ?`
	sqlInsertProposal = `INSERT INTO proposals (world_id, season, day, camp, seat, player, action, args, reason,
		submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
)

// writeQueries are the statements prepared on the writing connection.
var writeQueries = []string{
	sqlWorldExists, sqlInsertTick, sqlStartSeason, sqlSetDeadline, sqlEndSeason, sqlInsertJournal, sqlInsertPactChange, sqlSetPact,
	sqlReplaceOrder, sqlTrimReplaced, sqlSettleOrder, sqlInsertPendingOrder, sqlInsertPlayedOrder, sqlSetStanding, sqlInsertMessage,
	sqlDeleteProposal, sqlInsertProposal,
}

// prepareWrites prepares writeQueries on the writing connection. It runs
// before any transaction: the pool's one connection must be free to
// prepare on.
func (s *Store) prepareWrites(ctx context.Context) error {
	s.write = make(map[string]*sql.Stmt, len(writeQueries))
	for _, q := range writeQueries {
		st, err := s.wdb.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("prepare %q: %w", q, err)
		}
		s.write[q] = st
	}
	return nil
}

// statements are the prepared statements of the reading connections, by
// query text, each prepared on first use and kept until close: a connection
// parses a query once, not at every use. It is safe for concurrent use.
type statements struct {
	db *sql.DB
	mu sync.Mutex // guards writes to m
	m  sync.Map   // query text -> *sql.Stmt
}

// get returns the prepared statement of query, preparing it on first use.
func (p *statements) get(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := p.m.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if st, ok := p.m.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := p.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	p.m.Store(query, st)
	return st, nil
}

// closeStatements closes every prepared statement of the store.
func (s *Store) closeStatements() error {
	var errs []error
	s.read.m.Range(func(_, st any) bool {
		errs = append(errs, st.(*sql.Stmt).Close())
		return true
	})
	for _, st := range s.write {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}

// query runs a query that returns rows on the reading connections.
func (s *Store) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := s.read.get(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// queryRow runs a query that returns at most one row on the reading
// connections; an error, of the query or of its preparation, is the row's.
func (s *Store) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := s.read.get(ctx, query)
	if err != nil {
		return s.db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// exec runs a statement in tx, a transaction of the writing connection:
// prepared if it is one of writeQueries, parsed otherwise.
func (s *Store) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st, ok := s.write[query]; ok {
		return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}

// txQueryRow runs a query that returns at most one row in tx, a
// transaction of the writing connection: prepared if it is one of
// writeQueries, parsed otherwise.
func (s *Store) txQueryRow(ctx context.Context, tx *sql.Tx, query string, args ...any) *sql.Row {
	if st, ok := s.write[query]; ok {
		return tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return tx.QueryRowContext(ctx, query, args...)
}
