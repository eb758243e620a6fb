package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
)

// AdminTokens returns the admin tokens, by name.
func (s *Store) AdminTokens(ctx context.Context) ([]store.Token, error) {
	rows, _ := s.pool.Query(ctx, `SELECT hash, name FROM tokens WHERE role = 'admin' ORDER BY name`)
	toks, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Token, error) {
		t := store.Token{Role: store.RoleAdmin, Camp: -1}
		return t, row.Scan(&t.Hash, &t.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("admin tokens: %w", err)
	}
	return toks, nil
}

// RevokeAdminToken deletes the admin token called name, or returns
// store.ErrNotFound.
func (s *Store) RevokeAdminToken(ctx context.Context, name string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM tokens WHERE role = 'admin' AND name = $1`, name)
	if err != nil {
		return fmt.Errorf("revoke admin token %q: %w", name, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("revoke admin token %q: %w", name, store.ErrNotFound)
	}
	return nil
}
