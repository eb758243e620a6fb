package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/grisonval/server/server/store"
)

// TickHashes returns every committed tick of a season by day, with its hash
// and commit time, without state, orders and journal.
func (s *Store) TickHashes(ctx context.Context, worldID uint64, season int) ([]store.Tick, error) {
	rows, err := s.query(ctx, `SELECT day, hash, committed_at FROM ticks
		WHERE world_id = ? AND season = ? ORDER BY day`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("ticks of world %d season %d: %w", worldID, season, err)
	}
	ticks, err := collect(rows, func(row scanner) (store.Tick, error) {
		t := store.Tick{WorldID: worldID, Season: season}
		var at int64
		err := row.Scan(&t.Day, &t.Hash, &at)
		t.CommittedAt = time.UnixMicro(at).UTC()
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
		startedAt         int64
		endedDay, endedAt sql.NullInt64
	)
	err := s.queryRow(ctx, `SELECT first_day, started_at, ended_day, ended_at FROM seasons
		WHERE world_id = ? AND season = ?`, worldID, season).
		Scan(&se.FirstDay, &startedAt, &endedDay, &endedAt)
	if err != nil {
		return store.Season{}, fmt.Errorf("season %d of world %d: %w", season, worldID, notFound(err))
	}
	se.StartedAt = time.UnixMicro(startedAt).UTC()
	if endedDay.Valid {
		se.EndedDay, se.EndedAt = int(endedDay.Int64), time.UnixMicro(endedAt.Int64).UTC()
	}
	return se, nil
}

// Pacts returns the current status of each pair of a season that has one,
// by pair.
func (s *Store) Pacts(ctx context.Context, worldID uint64, season int) ([]store.Pact, error) {
	rows, err := s.query(ctx, `SELECT camp_a, camp_b, status, since_day FROM pacts
		WHERE world_id = ? AND season = ? ORDER BY camp_a, camp_b`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("pacts of world %d season %d: %w", worldID, season, err)
	}
	pacts, err := collect(rows, func(row scanner) (store.Pact, error) {
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
	rows, err := s.query(ctx, `SELECT day, camp_a, camp_b, by_camp, event, status FROM pact_changes
		WHERE world_id = ? AND season = ? ORDER BY day, seq`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("pact changes of world %d season %d: %w", worldID, season, err)
	}
	changes, err := collect(rows, func(row scanner) (store.PactChange, error) {
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
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for _, r := range results {
			res, err := s.exec(ctx, tx, `INSERT INTO season_results (world_id, season, camp, rank, score, zones, summary)
				SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 FROM seasons WHERE world_id = ?1 AND season = ?2
				ON CONFLICT (world_id, season, camp) DO UPDATE
				SET rank = excluded.rank, score = excluded.score, zones = excluded.zones, summary = excluded.summary`,
				r.WorldID, r.Season, r.Camp, r.Rank, r.Score, r.Zones, r.Summary)
			if err != nil {
				return err
			}
			if err := oneRow(res); err != nil {
				return fmt.Errorf("season %d of world %d: %w", r.Season, r.WorldID, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("put season results: %w", err)
	}
	return nil
}

// SeasonResults returns a season's results by rank, then camp.
func (s *Store) SeasonResults(ctx context.Context, worldID uint64, season int) ([]store.SeasonResult, error) {
	rows, err := s.query(ctx, `SELECT camp, rank, score, zones, summary FROM season_results
		WHERE world_id = ? AND season = ? ORDER BY rank, camp`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("results of world %d season %d: %w", worldID, season, err)
	}
	results, err := collect(rows, func(row scanner) (store.SeasonResult, error) {
		r := store.SeasonResult{WorldID: worldID, Season: season}
		return r, row.Scan(&r.Camp, &r.Rank, &r.Score, &r.Zones, &r.Summary)
	})
	if err != nil {
		return nil, fmt.Errorf("results of world %d season %d: %w", worldID, season, err)
	}
	return results, nil
}
