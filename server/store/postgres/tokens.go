package postgres

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
)

// LiveTokens returns those of hashes that name a token the store has (not
// revoked), in one query.
func (s *Store) LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error) {
	rows, err := s.pool.Query(ctx, `SELECT hash FROM tokens WHERE hash = ANY($1)`, hashes)
	if err != nil {
		return nil, fmt.Errorf("live tokens: %w", err)
	}
	live, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return nil, fmt.Errorf("live tokens: %w", err)
	}
	return live, nil
}

// RevokedSince returns the hashes of the tokens deleted since mark, each
// noted by the trigger of migration 00023 with the transaction that deleted
// it. The mark is the oldest transaction still running when it was read
// (pg_snapshot_xmin): every transaction older has ended, and its deletions
// were read then; a younger one that commits later is read at the next call,
// whatever the order of the commits. A deletion may so be read twice.
func (s *Store) RevokedSince(ctx context.Context, mark uint64) ([][]byte, uint64, error) {
	var (
		next   int64
		hashes [][]byte
	)
	err := s.pool.QueryRow(ctx, `SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint,
		array(SELECT hash FROM revoked_tokens WHERE xid >= $1::text::xid8)`, strconv.FormatUint(mark, 10)).Scan(&next, &hashes)
	if err != nil {
		return nil, 0, fmt.Errorf("tokens revoked since %d: %w", mark, err)
	}
	return hashes, uint64(next), nil
}
