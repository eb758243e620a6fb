package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/grisonval/server/server/store"
)

// Group commit (docs/persistence.md, "Group commit"): the ticks that
// worlds commit at the same moment are written in one transaction of the
// writing connection, one flush for them all, each within a savepoint of
// its own: a tick that fails (a conflict, a missing pending order) is
// rolled back to its savepoint and answered its error, and the others
// commit. CommitTick returns only once the transaction has committed: a
// tick is never acknowledged before it is durable.

// maxGroupTicks bounds a group; one committer, as SQLite has one writer.
const maxGroupTicks = 64

// commitGroup commits ticks in one transaction, each atomically, and
// returns each one's error.
func (s *Store) commitGroup(ctx context.Context, ticks []store.Tick) []error {
	errs := make([]error, len(ticks))
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for i, t := range ticks {
			if _, err := tx.ExecContext(ctx, `SAVEPOINT tick`); err != nil {
				return err
			}
			if err := s.commitTick(ctx, tx, t); err != nil {
				errs[i] = outage(err)
				if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO tick`); rerr != nil {
					// SQLite ended the transaction itself (a full
					// disk): the group fails for this tick's cause.
					return errors.Join(err, rerr)
				}
			}
			if _, err := tx.ExecContext(ctx, `RELEASE tick`); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		for i := range errs {
			errs[i] = err
		}
	}
	return errs
}
