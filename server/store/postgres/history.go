package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grisonval/server/server/store"
)

// TickHashes returns every committed tick of a season by day, with its hash
// and commit time, without state, orders and journal.
func (s *Store) TickHashes(ctx context.Context, worldID uint64, season int) ([]store.Tick, error) {
	rows, _ := s.pool.Query(ctx, `SELECT day, hash, committed_at FROM ticks
		WHERE world_id = $1 AND season = $2 ORDER BY day`, int64(worldID), season)
	ticks, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Tick, error) {
		t := store.Tick{WorldID: worldID, Season: season}
		err := row.Scan(&t.Day, &t.Hash, &t.CommittedAt)
		t.CommittedAt = t.CommittedAt.UTC()
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("ticks of world %d season %d: %w", worldID, season, err)
	}
	return ticks, nil
}

// Season returns one season of a world, or store.ErrNotFound before its
// first tick.
func (s *Store) Season(ctx context.Context, worldID uint64, season int) (store.Season, error) {
	se := store.Season{WorldID: worldID, Number: season}
	var (
		endedDay *int
		endedAt  *time.Time
	)
	err := s.pool.QueryRow(ctx, `SELECT first_day, started_at, ended_day, ended_at FROM seasons
		WHERE world_id = $1 AND season = $2`, int64(worldID), season).
		Scan(&se.FirstDay, &se.StartedAt, &endedDay, &endedAt)
	if err != nil {
		return store.Season{}, fmt.Errorf("season %d of world %d: %w", season, worldID, notFound(err))
	}
	se.StartedAt = se.StartedAt.UTC()
	if endedDay != nil {
		se.EndedDay, se.EndedAt = *endedDay, endedAt.UTC()
	}
	return se, nil
}

// Pacts returns the current status of each pair of a season that has one,
// by pair.
func (s *Store) Pacts(ctx context.Context, worldID uint64, season int) ([]store.Pact, error) {
	rows, _ := s.pool.Query(ctx, `SELECT camp_a, camp_b, status, since_day FROM pacts
		WHERE world_id = $1 AND season = $2 ORDER BY camp_a, camp_b`, int64(worldID), season)
	pacts, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Pact, error) {
		p := store.Pact{WorldID: worldID, Season: season}
		return p, row.Scan(&p.A, &p.B, &p.Status, &p.SinceDay)
	})
	if err != nil {
		return nil, fmt.Errorf("pacts of world %d season %d: %w", worldID, season, err)
	}
	return pacts, nil
}

// PactChanges returns every pact change of a season in commit order.
func (s *Store) PactChanges(ctx context.Context, worldID uint64, season int) ([]store.PactChange, error) {
	rows, _ := s.pool.Query(ctx, `SELECT day, camp_a, camp_b, by_camp, event, status FROM pact_changes
		WHERE world_id = $1 AND season = $2 ORDER BY day, seq`, int64(worldID), season)
	changes, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PactChange, error) {
		p := store.PactChange{WorldID: worldID, Season: season}
		return p, row.Scan(&p.Day, &p.A, &p.B, &p.By, &p.Event, &p.Status)
	})
	if err != nil {
		return nil, fmt.Errorf("pact changes of world %d season %d: %w", worldID, season, err)
	}
	return changes, nil
}

// PutSeasonResults stores season results, replacing earlier results of the
// same camps; store.ErrNotFound if a result's season has no tick.
func (s *Store) PutSeasonResults(ctx context.Context, results []store.SeasonResult) error {
	b := &pgx.Batch{}
	for _, r := range results {
		b.Queue(`INSERT INTO season_results (world_id, season, camp, rank, score, zones, summary)
			SELECT $1, $2, $3, $4, $5, $6, $7 FROM seasons WHERE world_id = $1 AND season = $2
			ON CONFLICT (world_id, season, camp) DO UPDATE
			SET rank = excluded.rank, score = excluded.score, zones = excluded.zones, summary = excluded.summary`,
			int64(r.WorldID), r.Season, r.Camp, r.Rank, r.Score, r.Zones, r.Summary).Exec(func(tag pgconn.CommandTag) error {
			if tag.RowsAffected() == 0 {
				return fmt.Errorf("season %d of world %d: %w", r.Season, r.WorldID, store.ErrNotFound)
			}
			return nil
		})
	}
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() }); err != nil {
		return fmt.Errorf("put season results: %w", err)
	}
	return nil
}

// SeasonResults returns a season's results by rank, then camp.
func (s *Store) SeasonResults(ctx context.Context, worldID uint64, season int) ([]store.SeasonResult, error) {
	rows, _ := s.pool.Query(ctx, `SELECT camp, rank, score, zones, summary FROM season_results
		WHERE world_id = $1 AND season = $2 ORDER BY rank, camp`, int64(worldID), season)
	results, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.SeasonResult, error) {
		r := store.SeasonResult{WorldID: worldID, Season: season}
		return r, row.Scan(&r.Camp, &r.Rank, &r.Score, &r.Zones, &r.Summary)
	})
	if err != nil {
		return nil, fmt.Errorf("results of world %d season %d: %w", worldID, season, err)
	}
	return results, nil
}
