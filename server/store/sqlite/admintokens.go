package sqlite

import (
	"context"
	"fmt"

	"github.com/grisonval/server/server/store"
)

// AdminTokens returns the admin tokens, by name.
func (s *Store) AdminTokens(ctx context.Context) ([]store.Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, name FROM tokens WHERE role = 'admin' ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("admin tokens: %w", err)
	}
	toks, err := collect(rows, func(row scanner) (store.Token, error) {
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
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM tokens WHERE role = 'admin' AND name = ?`, name)
	if err != nil {
		return fmt.Errorf("revoke admin token %q: %w", name, outage(err))
	}
	if err := oneRow(res); err != nil {
		return fmt.Errorf("revoke admin token %q: %w", name, err)
	}
	return nil
}
