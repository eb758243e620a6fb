package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
)

// SetNotebook records a camp's notes of a season, replacing its earlier
// ones; store.ErrNotFound if the world does not exist.
func (s *Store) SetNotebook(ctx context.Context, n store.Notebook) error {
	return s.setNotebook(ctx, n, nil)
}

func (s *Store) setNotebook(ctx context.Context, n store.Notebook, fence *store.Lease) error {
	b := &pgx.Batch{}
	lockWorld(b, n.WorldID)
	b.Queue(`INSERT INTO notebooks (world_id, season, camp, player, text, day, writes, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (world_id, season, camp) DO UPDATE
		SET player = excluded.player, text = excluded.text, day = excluded.day, writes = excluded.writes,
			updated_at = excluded.updated_at`,
		int64(n.WorldID), n.Season, n.Camp, n.Player, n.Text, n.Day, n.Writes, micro(n.UpdatedAt))
	if err := s.send(ctx, fence, n.WorldID, b); err != nil {
		return fmt.Errorf("set notebook of world %d season %d camp %d: %w", n.WorldID, n.Season, n.Camp, err)
	}
	return nil
}

// Notebooks returns the notes of each camp that has written some in a
// season, in camp order.
func (s *Store) Notebooks(ctx context.Context, worldID uint64, season int) ([]store.Notebook, error) {
	rows, _ := s.pool.Query(ctx, `SELECT camp, player, text, day, writes, updated_at FROM notebooks
		WHERE world_id = $1 AND season = $2 ORDER BY camp`, int64(worldID), season)
	nbs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Notebook, error) {
		n := store.Notebook{WorldID: worldID, Season: season}
		err := row.Scan(&n.Camp, &n.Player, &n.Text, &n.Day, &n.Writes, &n.UpdatedAt)
		n.UpdatedAt = n.UpdatedAt.UTC()
		return n, err
	})
	if err != nil {
		return nil, fmt.Errorf("notebooks of world %d season %d: %w", worldID, season, err)
	}
	return nbs, nil
}

// SetNotebook sets a camp's notes if the lease is held.
func (f *fenced) SetNotebook(ctx context.Context, n store.Notebook) error {
	return f.setNotebook(ctx, n, &f.lease)
}
