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

// CampTokens returns the live camp tokens of a world, by camp and seat.
func (s *Store) CampTokens(ctx context.Context, worldID uint64) ([]store.Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, camp, player, seat FROM tokens
		WHERE role = 'camp' AND world_id = ? ORDER BY camp, seat, player`, worldID)
	if err != nil {
		return nil, fmt.Errorf("camp tokens of world %d: %w", worldID, outage(err))
	}
	toks, err := collect(rows, func(row scanner) (store.Token, error) {
		t := store.Token{Role: store.RoleCamp, WorldID: worldID}
		return t, row.Scan(&t.Hash, &t.Camp, &t.Player, &t.Seat)
	})
	if err != nil {
		return nil, fmt.Errorf("camp tokens of world %d: %w", worldID, err)
	}
	return toks, nil
}

// RevokeCampTokens deletes the camp tokens of a world's camp and seat and
// returns how many it deleted.
func (s *Store) RevokeCampTokens(ctx context.Context, worldID uint64, camp int, seat string) (int, error) {
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM tokens WHERE role = 'camp' AND world_id = ? AND camp = ? AND seat = ?`,
		worldID, camp, store.SeatOrRuler(seat))
	if err != nil {
		return 0, fmt.Errorf("revoke the tokens of camp %d's %s seat in world %d: %w", camp, store.SeatOrRuler(seat), worldID, outage(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("revoke the tokens of camp %d's %s seat in world %d: %w", camp, store.SeatOrRuler(seat), worldID, err)
	}
	return int(n), nil
}

// SpectatorTokens returns the spectator tokens of a world, by name.
func (s *Store) SpectatorTokens(ctx context.Context, worldID uint64) ([]store.Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, name FROM tokens
		WHERE role = 'spectator' AND world_id = ? ORDER BY name`, worldID)
	if err != nil {
		return nil, fmt.Errorf("spectator tokens of world %d: %w", worldID, outage(err))
	}
	toks, err := collect(rows, func(row scanner) (store.Token, error) {
		t := store.Token{Role: store.RoleSpectator, WorldID: worldID, Camp: -1}
		return t, row.Scan(&t.Hash, &t.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("spectator tokens of world %d: %w", worldID, err)
	}
	return toks, nil
}

// RevokeSpectatorToken deletes the spectator token of a world called
// name, or returns store.ErrNotFound.
func (s *Store) RevokeSpectatorToken(ctx context.Context, worldID uint64, name string) error {
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM tokens WHERE role = 'spectator' AND world_id = ? AND name = ?`, worldID, name)
	if err != nil {
		return fmt.Errorf("revoke spectator token %q of world %d: %w", name, worldID, outage(err))
	}
	if err := oneRow(res); err != nil {
		return fmt.Errorf("revoke spectator token %q of world %d: %w", name, worldID, err)
	}
	return nil
}
