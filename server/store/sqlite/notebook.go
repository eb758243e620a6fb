package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/grisonval/server/server/store"
)

// SetNotebook records a camp's notes of a season, replacing its earlier
// ones; store.ErrNotFound if the world does not exist.
func (s *Store) SetNotebook(ctx context.Context, n store.Notebook) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.worldExists(ctx, tx, n.WorldID); err != nil {
			return err
		}
		_, err := s.exec(ctx, tx, `INSERT INTO notebooks (world_id, season, camp, player, text, day, writes, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (world_id, season, camp) DO UPDATE
			SET player = excluded.player, text = excluded.text, day = excluded.day, writes = excluded.writes,
				updated_at = excluded.updated_at`,
			n.WorldID, n.Season, n.Camp, n.Player, n.Text, n.Day, n.Writes, n.UpdatedAt.UnixMicro())
		return err
	})
	if err != nil {
		return fmt.Errorf("set notebook of world %d season %d camp %d: %w", n.WorldID, n.Season, n.Camp, err)
	}
	return nil
}

// Notebooks returns the notes of each camp that has written some in a
// season, in camp order.
func (s *Store) Notebooks(ctx context.Context, worldID uint64, season int) ([]store.Notebook, error) {
	rows, err := s.query(ctx, `SELECT camp, player, text, day, writes, updated_at FROM notebooks
		WHERE world_id = ? AND season = ? ORDER BY camp`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("notebooks of world %d season %d: %w", worldID, season, err)
	}
	nbs, err := collect(rows, func(row scanner) (store.Notebook, error) {
		n := store.Notebook{WorldID: worldID, Season: season}
		var at int64
		err := row.Scan(&n.Camp, &n.Player, &n.Text, &n.Day, &n.Writes, &at)
		n.UpdatedAt = time.UnixMicro(at).UTC()
		return n, err
	})
	if err != nil {
		return nil, fmt.Errorf("notebooks of world %d season %d: %w", worldID, season, err)
	}
	return nbs, nil
}
