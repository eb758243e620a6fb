package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grisonval/server/server/store"
)

// A write in one round trip: its statements are sent as one batch outside
// any transaction block, which PostgreSQL runs as one implicit transaction
// (the protocol's Sync at the batch's end commits it; a statement that
// fails rolls the whole batch back). The client reads the results only
// once that transaction has ended, so every check that must undo the
// write is a statement that fails on the server: a unique key, or
// expectRows below.

// step is a statement of a one-round-trip write. fail, when set, turns the
// statement's error into the write's (a check's meaning); it returns nil to
// keep the error as it is.
type step struct {
	sql  string
	args []any
	fail func(*pgconn.PgError) error
}

// SQLSTATE codes of the errors a one-round-trip write reads: a check's
// (expectRows), and a unique key's.
const (
	divisionByZero  = "22012"
	uniqueViolation = "23505"
)

// expectRows returns a statement that runs the data-modifying statement
// sql, which must end with RETURNING, and fails with division_by_zero when
// it touched no row.
func expectRows(sql string) string {
	return `WITH touched AS (` + sql + `) SELECT 1 / count(*) FROM touched`
}

// whenNoRow returns a step's fail that answers err when the step found no
// row (expectRows).
func whenNoRow(err error) func(*pgconn.PgError) error {
	return func(e *pgconn.PgError) error {
		if e.Code == divisionByZero {
			return err
		}
		return nil
	}
}

// fenceStep is the first step of a write under the lease l: it checks that
// l is held and live and keeps it from changing hands until the write ends
// (FOR SHARE), or fails the write with store.ErrLeaseLost.
func fenceStep(l store.Lease) step {
	lost := fmt.Errorf("world %d epoch %d for %s: %w", l.WorldID, l.Epoch, l.Owner, store.ErrLeaseLost)
	return step{
		sql: `SELECT 1 / count(*) FROM (SELECT FROM leases
			WHERE world_id = $1 AND owner = $2 AND epoch = $3 AND expires_at > now() FOR SHARE) AS held`,
		args: []any{int64(l.WorldID), l.Owner, l.Epoch},
		fail: whenNoRow(lost),
	}
}

// sendOne runs steps as one implicit transaction in one round trip, under
// fence when it is set (a write to world worldID, which must be the
// lease's), and returns the first step's error, as its fail makes it.
func (s *Store) sendOne(ctx context.Context, fence *store.Lease, worldID uint64, steps []step) error {
	steps, err := withFence(fence, worldID, steps)
	if err != nil {
		return err
	}
	b := &pgx.Batch{}
	for _, st := range steps {
		b.Queue(st.sql, st.args...)
	}
	br := s.pool.SendBatch(ctx, b)
	for _, st := range steps {
		if _, err := br.Exec(); err != nil {
			br.Close()
			if e, ok := errors.AsType[*pgconn.PgError](err); ok && st.fail != nil {
				if ferr := st.fail(e); ferr != nil {
					return ferr
				}
			}
			return err
		}
	}
	return br.Close()
}

// withFence returns steps, a write to world worldID, preceded by fence's step
// when fence is set; a fence of another world fails with
// store.ErrLeaseLost.
func withFence(fence *store.Lease, worldID uint64, steps []step) ([]step, error) {
	if fence == nil {
		return steps, nil
	}
	if fence.WorldID != worldID {
		return nil, fmt.Errorf("write to world %d under the lease of world %d: %w", worldID, fence.WorldID, store.ErrLeaseLost)
	}
	return append([]step{fenceStep(*fence)}, steps...), nil
}
