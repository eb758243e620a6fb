package postgres

import (
	"context"
	"fmt"

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
