package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grisonval/server/server/store"
)

// CloseSeason stores a season's close in one transaction: the season's end
// (if no tick ended it), the close, the camp results, the players' results
// with their eminence credited and, for a praise, their careers redeemed,
// and the patrons' glory. It returns
// store.ErrConflict if the season is closed, store.ErrNotFound if it has no
// tick.
func (s *Store) CloseSeason(ctx context.Context, c store.SeasonClose) error {
	world, at := int64(c.WorldID), micro(c.At)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var closed bool
		// FOR UPDATE serialises two closes of one season.
		err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM season_closes WHERE world_id = $1 AND season = $2)
			FROM seasons WHERE world_id = $1 AND season = $2 FOR UPDATE`, world, c.Season).Scan(&closed)
		if err != nil {
			return notFound(err)
		}
		if closed {
			return store.ErrConflict
		}
		b := &pgx.Batch{}
		b.Queue(`UPDATE seasons SET ended_day = $3, ended_at = $4
			WHERE world_id = $1 AND season = $2 AND ended_day IS NULL`, world, c.Season, c.Day, at)
		b.Queue(`INSERT INTO season_closes (world_id, season, day, closed_at, closed_by) VALUES ($1, $2, $3, $4, $5)`,
			world, c.Season, c.Day, at, c.By)
		for _, r := range c.Camps {
			b.Queue(`INSERT INTO season_results (world_id, season, camp, rank, score, zones, summary)
				VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (world_id, season, camp) DO UPDATE
				SET rank = excluded.rank, score = excluded.score, zones = excluded.zones, summary = excluded.summary`,
				world, c.Season, r.Camp, r.Rank, r.Score, r.Zones, r.Summary)
		}
		for _, p := range c.Players {
			b.Queue(`INSERT INTO season_players (world_id, season, camp, seat, player, patron, mode, feats, standing,
				verdict, titles, posted_ticks, eminence) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
				world, c.Season, p.Camp, store.SeatOrRuler(p.Seat), p.Player, p.Patron, p.Mode, string(p.Feats),
				p.Standing, p.Verdict, strs(p.Titles), p.PostedTicks, p.Eminence)
			if p.Verdict == store.VerdictPraise {
				b.Queue(`UPDATE careers SET fallen = false WHERE world_id = $1 AND player = $2 AND fallen`, world, p.Player)
			}
			if p.Eminence == 0 {
				continue
			}
			b.Queue(`UPDATE careers SET ep = ep + $3 WHERE world_id = $1 AND player = $2`, world, p.Player, p.Eminence).
				Exec(func(tag pgconn.CommandTag) error {
					if tag.RowsAffected() == 0 {
						return fmt.Errorf("career of %q: %w", p.Player, store.ErrNotFound)
					}
					return nil
				})
			b.Queue(`INSERT INTO eminence_ledger (world_id, player, season, points, reason, at)
				VALUES ($1, $2, $3, $4, $5, $6)`, world, p.Player, c.Season, p.Eminence,
				fmt.Sprintf("judgment of season %d", c.Season), at)
		}
		for _, g := range c.Glory {
			if g.Gained < 0 {
				return fmt.Errorf("patron %q: glory never goes down: %d", g.Patron, g.Gained)
			}
			b.Queue(`WITH total AS (
				INSERT INTO patron_glory (world_id, camp, patron, glory) VALUES ($1, $3, $4, $5)
				ON CONFLICT (world_id, camp, patron) DO UPDATE SET glory = patron_glory.glory + excluded.glory
				RETURNING glory)
				INSERT INTO season_glory (world_id, season, camp, patron, gained, total)
				SELECT $1, $2, $3, $4, $5, glory FROM total`, world, c.Season, g.Camp, g.Patron, g.Gained)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("close season %d of world %d: %w", c.Season, c.WorldID, err)
	}
	return nil
}

// SeasonClose returns a season's close, its players' results by camp, then
// the ruler first, then by player, or store.ErrNotFound while the season
// is not closed.
func (s *Store) SeasonClose(ctx context.Context, worldID uint64, season int) (store.SeasonClose, error) {
	c := store.SeasonClose{WorldID: worldID, Season: season}
	err := s.pool.QueryRow(ctx, `SELECT day, closed_at, closed_by FROM season_closes
		WHERE world_id = $1 AND season = $2`, int64(worldID), season).Scan(&c.Day, &c.At, &c.By)
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("close of season %d of world %d: %w", season, worldID, notFound(err))
	}
	c.At = c.At.UTC()
	if c.Camps, err = s.SeasonResults(ctx, worldID, season); err != nil {
		return store.SeasonClose{}, err
	}
	rows, _ := s.pool.Query(ctx, `SELECT camp, seat, player, patron, mode, feats, standing, verdict, titles,
		posted_ticks, eminence FROM season_players WHERE world_id = $1 AND season = $2
		ORDER BY camp, seat <> 'ruler', player`, int64(worldID), season)
	c.Players, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PlayerResult, error) {
		var (
			p     store.PlayerResult
			feats string
		)
		err := row.Scan(&p.Camp, &p.Seat, &p.Player, &p.Patron, &p.Mode, &feats, &p.Standing, &p.Verdict, &p.Titles,
			&p.PostedTicks, &p.Eminence)
		p.Feats = []byte(feats)
		if len(p.Titles) == 0 {
			p.Titles = nil
		}
		return p, err
	})
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("players of season %d of world %d: %w", season, worldID, err)
	}
	rows, _ = s.pool.Query(ctx, `SELECT camp, patron, gained, total FROM season_glory
		WHERE world_id = $1 AND season = $2 ORDER BY camp, patron`, int64(worldID), season)
	c.Glory, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PatronGlory, error) {
		g := store.PatronGlory{WorldID: worldID}
		return g, row.Scan(&g.Camp, &g.Patron, &g.Gained, &g.Total)
	})
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("glory of season %d of world %d: %w", season, worldID, err)
	}
	return c, nil
}

// SeasonList returns every season of a world that has a tick, by number.
func (s *Store) SeasonList(ctx context.Context, worldID uint64) ([]store.Season, error) {
	rows, _ := s.pool.Query(ctx, `SELECT season, first_day, started_at, ended_day, ended_at FROM seasons
		WHERE world_id = $1 ORDER BY season`, int64(worldID))
	seasons, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Season, error) {
		se := store.Season{WorldID: worldID}
		var endedDay *int
		var endedAt *time.Time
		if err := row.Scan(&se.Number, &se.FirstDay, &se.StartedAt, &endedDay, &endedAt); err != nil {
			return se, err
		}
		se.StartedAt = se.StartedAt.UTC()
		if endedDay != nil {
			se.EndedDay, se.EndedAt = *endedDay, endedAt.UTC()
		}
		return se, nil
	})
	if err != nil {
		return nil, fmt.Errorf("seasons of world %d: %w", worldID, err)
	}
	return seasons, nil
}

// Glory returns the cumulative glory of a camp's patrons, by patron.
func (s *Store) Glory(ctx context.Context, worldID uint64, camp int) ([]store.PatronGlory, error) {
	rows, _ := s.pool.Query(ctx, `SELECT patron, glory FROM patron_glory
		WHERE world_id = $1 AND camp = $2 ORDER BY patron`, int64(worldID), camp)
	glory, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PatronGlory, error) {
		g := store.PatronGlory{WorldID: worldID, Camp: camp}
		return g, row.Scan(&g.Patron, &g.Total)
	})
	if err != nil {
		return nil, fmt.Errorf("glory of camp %d of world %d: %w", camp, worldID, err)
	}
	return glory, nil
}

// Enrol stores a career, its sheet and its enrolment with the enrolment's
// own copy of the sheet, with a ledger line for the points spent, in one
// transaction; store.ErrConflict if the camp's seat (RulerSeat when e.Seat
// is empty) or the player is already enrolled in the season.
func (s *Store) Enrol(ctx context.Context, c store.Career, e store.Enrolment) error {
	b := &pgx.Batch{}
	queueEnrol(b, c, e)
	if err := s.send(ctx, nil, e.WorldID, b); err != nil {
		return fmt.Errorf("enrol %q in season %d of world %d: %w", e.Player, e.Season, e.WorldID, err)
	}
	return nil
}

// EnrolAtSetup stores an enrolment as Enrol does and replaces its season's
// day 0 with setup, in one transaction; store.ErrSeasonStarted if a later
// tick of the season is committed, store.ErrNotFound if it has no day 0.
func (s *Store) EnrolAtSetup(ctx context.Context, c store.Career, e store.Enrolment, setup store.Tick) error {
	return s.enrolAtSetup(ctx, c, e, setup, nil)
}

func (s *Store) enrolAtSetup(ctx context.Context, c store.Career, e store.Enrolment, setup store.Tick, fence *store.Lease) error {
	world := int64(e.WorldID)
	b := &pgx.Batch{}
	// FOR UPDATE locks the day 0 being replaced; a later day is refused.
	b.Queue(`SELECT EXISTS (SELECT FROM ticks WHERE world_id = $1 AND season = $2 AND day > 0)
		FROM ticks WHERE world_id = $1 AND season = $2 AND day = 0 FOR UPDATE`, world, e.Season).
		QueryRow(func(row pgx.Row) error {
			var started bool
			if err := row.Scan(&started); err != nil {
				return fmt.Errorf("day 0: %w", notFound(err))
			}
			if started {
				return store.ErrSeasonStarted
			}
			return nil
		})
	b.Queue(`UPDATE ticks SET state = coalesce($3::bytea, ''), hash = $4, committed_at = $5
		WHERE world_id = $1 AND season = $2 AND day = 0`, world, e.Season, setup.State, setup.Hash, micro(setup.CommittedAt))
	queueEnrol(b, c, e)
	if err := s.send(ctx, fence, e.WorldID, b); err != nil {
		return fmt.Errorf("enrol %q at the setup of season %d of world %d: %w", e.Player, e.Season, e.WorldID, err)
	}
	return nil
}

// queueEnrol queues the statements that store a career, its sheet, its
// enrolment and the ledger line of the points spent; the enrolment's fails
// with store.ErrConflict if the camp's seat or the player is already
// enrolled in the season.
func queueEnrol(b *pgx.Batch, c store.Career, e store.Enrolment) {
	world, at := int64(e.WorldID), micro(e.At)
	b.Queue(`INSERT INTO careers (world_id, player, mode, camp, patron, seasons, ep, fallen)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (world_id, player) DO UPDATE
		SET mode = excluded.mode, camp = excluded.camp, patron = excluded.patron,
			seasons = excluded.seasons, ep = excluded.ep, fallen = excluded.fallen`,
		int64(c.WorldID), c.Player, c.Mode, c.Camp, c.Patron, c.Seasons, c.EP, c.Fallen)
	b.Queue(`INSERT INTO sheets (world_id, player, sheet) VALUES ($1, $2, $3)
		ON CONFLICT (world_id, player) DO UPDATE SET sheet = excluded.sheet`, int64(c.WorldID), c.Player, string(c.Sheet))
	b.Queue(`INSERT INTO enrolments (world_id, season, camp, seat, player, patron, package, sheet, before_setup,
		purchases, spent, enrolled_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
		world, e.Season, e.Camp, store.SeatOrRuler(e.Seat), e.Player, e.Patron, e.Package, string(e.Sheet), e.BeforeSetup,
		strs(e.Purchases), e.Spent, at).
		Exec(func(tag pgconn.CommandTag) error {
			if tag.RowsAffected() == 0 {
				return store.ErrConflict
			}
			return nil
		})
	if e.Spent > 0 {
		b.Queue(`INSERT INTO eminence_ledger (world_id, player, season, points, reason, at)
			VALUES ($1, $2, $3, $4, $5, $6)`, world, e.Player, e.Season, -e.Spent,
			store.SpendingReason(e), at)
	}
}

// Career returns a player's career in a world, or store.ErrNotFound.
func (s *Store) Career(ctx context.Context, worldID uint64, player string) (store.Career, error) {
	c := store.Career{WorldID: worldID, Player: player}
	var sheet string
	err := s.pool.QueryRow(ctx, `SELECT c.mode, c.camp, c.patron, c.seasons, c.ep, c.fallen, s.sheet
		FROM careers c JOIN sheets s USING (world_id, player) WHERE c.world_id = $1 AND c.player = $2`,
		int64(worldID), player).Scan(&c.Mode, &c.Camp, &c.Patron, &c.Seasons, &c.EP, &c.Fallen, &sheet)
	if err != nil {
		return store.Career{}, fmt.Errorf("career of %q in world %d: %w", player, worldID, notFound(err))
	}
	c.Sheet = []byte(sheet)
	return c, nil
}

// Enrolments returns the enrolments of a season, by camp, then the ruler's
// first, then by enrolment time (and seat).
func (s *Store) Enrolments(ctx context.Context, worldID uint64, season int) ([]store.Enrolment, error) {
	rows, _ := s.pool.Query(ctx, `SELECT camp, seat, player, patron, package, sheet, before_setup, purchases, spent,
		enrolled_at FROM enrolments WHERE world_id = $1 AND season = $2
		ORDER BY camp, seat <> 'ruler', enrolled_at, seat`, int64(worldID), season)
	enrolments, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Enrolment, error) {
		e := store.Enrolment{WorldID: worldID, Season: season}
		var sheet string
		err := row.Scan(&e.Camp, &e.Seat, &e.Player, &e.Patron, &e.Package, &sheet, &e.BeforeSetup, &e.Purchases,
			&e.Spent, &e.At)
		e.Sheet, e.At = []byte(sheet), e.At.UTC()
		if len(e.Purchases) == 0 {
			e.Purchases = nil
		}
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("enrolments of season %d of world %d: %w", season, worldID, err)
	}
	return enrolments, nil
}

// EminenceLedger returns a career's ledger in the order written.
func (s *Store) EminenceLedger(ctx context.Context, worldID uint64, player string) ([]store.EminenceEntry, error) {
	rows, _ := s.pool.Query(ctx, `SELECT season, points, reason, at FROM eminence_ledger
		WHERE world_id = $1 AND player = $2 ORDER BY id`, int64(worldID), player)
	ledger, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.EminenceEntry, error) {
		e := store.EminenceEntry{WorldID: worldID, Player: player}
		err := row.Scan(&e.Season, &e.Points, &e.Reason, &e.At)
		e.At = e.At.UTC()
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("eminence ledger of %q in world %d: %w", player, worldID, err)
	}
	return ledger, nil
}

// PutAudit records an admin action and sets its ID.
func (s *Store) PutAudit(ctx context.Context, e *store.AuditEntry) error {
	err := s.pool.QueryRow(ctx, `INSERT INTO admin_audit (at, admin, action, world_id, detail, code)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, micro(e.At), e.Admin, e.Action, int64(e.WorldID), e.Detail, e.Code).
		Scan(&e.ID)
	if err != nil {
		return fmt.Errorf("audit %s by %q: %w", e.Action, e.Admin, err)
	}
	return nil
}

// Audit returns the last limit admin actions that f keeps, oldest first.
func (s *Store) Audit(ctx context.Context, f store.AuditFilter, limit int) ([]store.AuditEntry, error) {
	if limit <= 0 {
		return nil, errors.New("audit: limit must be positive")
	}
	rows, _ := s.pool.Query(ctx, `SELECT id, at, admin, action, world_id, detail, code FROM (
		SELECT * FROM admin_audit WHERE ($1 = 0 OR world_id = $1) AND ($3 = '' OR admin = $3) AND ($4 = '' OR action = $4)
		ORDER BY id DESC LIMIT $2) a ORDER BY id`,
		int64(f.WorldID), limit, f.Admin, f.Action)
	entries, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.AuditEntry, error) {
		var (
			e     store.AuditEntry
			world int64
		)
		err := row.Scan(&e.ID, &e.At, &e.Admin, &e.Action, &world, &e.Detail, &e.Code)
		e.At, e.WorldID = e.At.UTC(), uint64(world)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	return entries, nil
}

// strs returns l, or an empty list for nil: the driver binds nil as NULL.
func strs(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
