package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/grisonval/server/server/store"
)

// CloseSeason stores a season's close in one transaction: the season's end
// (if no tick ended it), the close, the camp results, the players' results
// with their eminence credited and, for a praise, their careers redeemed,
// and the patrons' glory. It returns
// store.ErrConflict if the season is closed, store.ErrNotFound if it has no
// tick.
func (s *Store) CloseSeason(ctx context.Context, c store.SeasonClose) error {
	at := c.At.UnixMicro()
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var closed int
		err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM season_closes WHERE world_id = ?1 AND season = ?2)
			FROM seasons WHERE world_id = ?1 AND season = ?2`, c.WorldID, c.Season).Scan(&closed)
		if err != nil {
			return notFound(err)
		}
		if closed > 0 {
			return store.ErrConflict
		}
		if _, err := tx.ExecContext(ctx, `UPDATE seasons SET ended_day = ?3, ended_at = ?4
			WHERE world_id = ?1 AND season = ?2 AND ended_day IS NULL`, c.WorldID, c.Season, c.Day, at); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO season_closes (world_id, season, day, closed_at, closed_by)
			VALUES (?, ?, ?, ?, ?)`, c.WorldID, c.Season, c.Day, at, c.By); err != nil {
			return err
		}
		for _, r := range c.Camps {
			if _, err := tx.ExecContext(ctx, `INSERT INTO season_results (world_id, season, camp, rank, score, zones, summary)
				VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (world_id, season, camp) DO UPDATE
				SET rank = excluded.rank, score = excluded.score, zones = excluded.zones, summary = excluded.summary`,
				c.WorldID, c.Season, r.Camp, r.Rank, r.Score, r.Zones, r.Summary); err != nil {
				return err
			}
		}
		for _, p := range c.Players {
			titles, err := json.Marshal(strs(p.Titles))
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO season_players (world_id, season, camp, seat, player, patron,
				mode, feats, standing, verdict, titles, posted_ticks, eminence)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				c.WorldID, c.Season, p.Camp, store.SeatOrRuler(p.Seat), p.Player, p.Patron, p.Mode, string(p.Feats),
				p.Standing, p.Verdict, string(titles), p.PostedTicks, p.Eminence); err != nil {
				return err
			}
			if p.Verdict == store.VerdictPraise {
				if _, err := tx.ExecContext(ctx, `UPDATE careers SET fallen = 0 WHERE world_id = ? AND player = ? AND fallen`,
					c.WorldID, p.Player); err != nil {
					return err
				}
			}
			if p.Eminence == 0 {
				continue
			}
			res, err := tx.ExecContext(ctx, `UPDATE careers SET ep = ep + ? WHERE world_id = ? AND player = ?`,
				p.Eminence, c.WorldID, p.Player)
			if err != nil {
				return err
			}
			if err := oneRow(res); err != nil {
				return fmt.Errorf("career of %q: %w", p.Player, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO eminence_ledger (world_id, player, season, points, reason, at)
				VALUES (?, ?, ?, ?, ?, ?)`, c.WorldID, p.Player, c.Season, p.Eminence,
				fmt.Sprintf("judgment of season %d", c.Season), at); err != nil {
				return err
			}
		}
		for _, g := range c.Glory {
			if g.Gained < 0 {
				return fmt.Errorf("patron %q: glory never goes down: %d", g.Patron, g.Gained)
			}
			var total int
			if err := tx.QueryRowContext(ctx, `INSERT INTO patron_glory (world_id, camp, patron, glory) VALUES (?, ?, ?, ?)
				ON CONFLICT (world_id, camp, patron) DO UPDATE SET glory = glory + excluded.glory
				RETURNING glory`, c.WorldID, g.Camp, g.Patron, g.Gained).Scan(&total); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO season_glory (world_id, season, camp, patron, gained, total)
				VALUES (?, ?, ?, ?, ?, ?)`, c.WorldID, c.Season, g.Camp, g.Patron, g.Gained, total); err != nil {
				return err
			}
		}
		return nil
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
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT day, closed_at, closed_by FROM season_closes
		WHERE world_id = ? AND season = ?`, worldID, season).Scan(&c.Day, &at, &c.By)
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("close of season %d of world %d: %w", season, worldID, notFound(err))
	}
	c.At = time.UnixMicro(at).UTC()
	if c.Camps, err = s.SeasonResults(ctx, worldID, season); err != nil {
		return store.SeasonClose{}, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT camp, seat, player, patron, mode, feats, standing, verdict, titles,
		posted_ticks, eminence FROM season_players WHERE world_id = ? AND season = ?
		ORDER BY camp, seat <> 'ruler', player`, worldID, season)
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("players of season %d of world %d: %w", season, worldID, err)
	}
	c.Players, err = collect(rows, func(row scanner) (store.PlayerResult, error) {
		var (
			p             store.PlayerResult
			feats, titles string
		)
		if err := row.Scan(&p.Camp, &p.Seat, &p.Player, &p.Patron, &p.Mode, &feats, &p.Standing, &p.Verdict, &titles,
			&p.PostedTicks, &p.Eminence); err != nil {
			return p, err
		}
		p.Feats = []byte(feats)
		err := json.Unmarshal([]byte(titles), &p.Titles)
		if len(p.Titles) == 0 {
			p.Titles = nil
		}
		return p, err
	})
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("players of season %d of world %d: %w", season, worldID, err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT camp, patron, gained, total FROM season_glory
		WHERE world_id = ? AND season = ? ORDER BY camp, patron`, worldID, season)
	if err != nil {
		return store.SeasonClose{}, fmt.Errorf("glory of season %d of world %d: %w", season, worldID, err)
	}
	c.Glory, err = collect(rows, func(row scanner) (store.PatronGlory, error) {
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
	rows, err := s.db.QueryContext(ctx, `SELECT season, first_day, started_at, ended_day, ended_at FROM seasons
		WHERE world_id = ? ORDER BY season`, worldID)
	if err != nil {
		return nil, fmt.Errorf("seasons of world %d: %w", worldID, err)
	}
	seasons, err := collect(rows, func(row scanner) (store.Season, error) {
		se := store.Season{WorldID: worldID}
		var (
			startedAt         int64
			endedDay, endedAt sql.NullInt64
		)
		if err := row.Scan(&se.Number, &se.FirstDay, &startedAt, &endedDay, &endedAt); err != nil {
			return se, err
		}
		se.StartedAt = time.UnixMicro(startedAt).UTC()
		if endedDay.Valid {
			se.EndedDay, se.EndedAt = int(endedDay.Int64), time.UnixMicro(endedAt.Int64).UTC()
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
	rows, err := s.db.QueryContext(ctx, `SELECT patron, glory FROM patron_glory
		WHERE world_id = ? AND camp = ? ORDER BY patron`, worldID, camp)
	if err != nil {
		return nil, fmt.Errorf("glory of camp %d of world %d: %w", camp, worldID, err)
	}
	glory, err := collect(rows, func(row scanner) (store.PatronGlory, error) {
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
	err := s.inTx(ctx, func(tx *sql.Tx) error { return enrol(ctx, tx, c, e) })
	if err != nil {
		return fmt.Errorf("enrol %q in season %d of world %d: %w", e.Player, e.Season, e.WorldID, err)
	}
	return nil
}

// EnrolAtSetup stores an enrolment as Enrol does and replaces its season's
// day 0 with setup, in one transaction; store.ErrSeasonStarted if a later
// tick of the season is committed, store.ErrNotFound if it has no day 0.
func (s *Store) EnrolAtSetup(ctx context.Context, c store.Career, e store.Enrolment, setup store.Tick) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var started int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM ticks WHERE world_id = ? AND season = ? AND day > 0`,
			e.WorldID, e.Season).Scan(&started); err != nil {
			return err
		}
		if started > 0 {
			return store.ErrSeasonStarted
		}
		res, err := tx.ExecContext(ctx, `UPDATE ticks SET state = ?, hash = ?, committed_at = ?
			WHERE world_id = ? AND season = ? AND day = 0`,
			nonNil(setup.State), setup.Hash, setup.CommittedAt.UnixMicro(), e.WorldID, e.Season)
		if err != nil {
			return err
		}
		if err := oneRow(res); err != nil {
			return fmt.Errorf("day 0: %w", err)
		}
		return enrol(ctx, tx, c, e)
	})
	if err != nil {
		return fmt.Errorf("enrol %q at the setup of season %d of world %d: %w", e.Player, e.Season, e.WorldID, err)
	}
	return nil
}

// enrol stores a career, its sheet, its enrolment and the ledger line of
// the points spent in tx; store.ErrConflict if the camp's seat or the
// player is already enrolled in the season.
func enrol(ctx context.Context, tx *sql.Tx, c store.Career, e store.Enrolment) error {
	at, seat := e.At.UnixMicro(), store.SeatOrRuler(e.Seat)
	purchases, err := json.Marshal(strs(e.Purchases))
	if err != nil {
		return err
	}
	var taken int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM enrolments WHERE world_id = ? AND season = ?
		AND ((camp = ? AND seat = ?) OR player = ?)`, e.WorldID, e.Season, e.Camp, seat, e.Player).Scan(&taken); err != nil {
		return err
	}
	if taken > 0 {
		return store.ErrConflict
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO careers (world_id, player, mode, camp, patron, seasons, ep, fallen)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (world_id, player) DO UPDATE
		SET mode = excluded.mode, camp = excluded.camp, patron = excluded.patron,
			seasons = excluded.seasons, ep = excluded.ep, fallen = excluded.fallen`,
		c.WorldID, c.Player, c.Mode, c.Camp, c.Patron, c.Seasons, c.EP, c.Fallen); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO sheets (world_id, player, sheet) VALUES (?1, ?2, ?3)
		ON CONFLICT (world_id, player) DO UPDATE SET sheet = excluded.sheet`,
		c.WorldID, c.Player, string(c.Sheet)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO enrolments (world_id, season, camp, seat, player, patron, package,
		sheet, before_setup, purchases, spent, enrolled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.WorldID, e.Season, e.Camp, seat, e.Player, e.Patron, e.Package, string(e.Sheet), e.BeforeSetup,
		string(purchases), e.Spent, at); err != nil {
		return err
	}
	if e.Spent > 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO eminence_ledger (world_id, player, season, points, reason, at)
			VALUES (?, ?, ?, ?, ?, ?)`, e.WorldID, e.Player, e.Season, -e.Spent,
			store.SpendingReason(e), at); err != nil {
			return err
		}
	}
	return nil
}

// Career returns a player's career in a world, or store.ErrNotFound.
func (s *Store) Career(ctx context.Context, worldID uint64, player string) (store.Career, error) {
	c := store.Career{WorldID: worldID, Player: player}
	var sheet string
	err := s.db.QueryRowContext(ctx, `SELECT c.mode, c.camp, c.patron, c.seasons, c.ep, c.fallen, s.sheet
		FROM careers c JOIN sheets s USING (world_id, player) WHERE c.world_id = ? AND c.player = ?`, worldID, player).
		Scan(&c.Mode, &c.Camp, &c.Patron, &c.Seasons, &c.EP, &c.Fallen, &sheet)
	if err != nil {
		return store.Career{}, fmt.Errorf("career of %q in world %d: %w", player, worldID, notFound(err))
	}
	c.Sheet = []byte(sheet)
	return c, nil
}

// Enrolments returns the enrolments of a season, by camp, then the ruler's
// first, then by enrolment time (and seat).
func (s *Store) Enrolments(ctx context.Context, worldID uint64, season int) ([]store.Enrolment, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT camp, seat, player, patron, package, sheet, before_setup, purchases,
		spent, enrolled_at FROM enrolments WHERE world_id = ? AND season = ?
		ORDER BY camp, seat <> 'ruler', enrolled_at, seat`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("enrolments of season %d of world %d: %w", season, worldID, err)
	}
	enrolments, err := collect(rows, func(row scanner) (store.Enrolment, error) {
		e := store.Enrolment{WorldID: worldID, Season: season}
		var (
			sheet, purchases string
			at               int64
		)
		if err := row.Scan(&e.Camp, &e.Seat, &e.Player, &e.Patron, &e.Package, &sheet, &e.BeforeSetup, &purchases,
			&e.Spent, &at); err != nil {
			return e, err
		}
		e.Sheet, e.At = []byte(sheet), time.UnixMicro(at).UTC()
		err := json.Unmarshal([]byte(purchases), &e.Purchases)
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
	rows, err := s.db.QueryContext(ctx, `SELECT season, points, reason, at FROM eminence_ledger
		WHERE world_id = ? AND player = ? ORDER BY id`, worldID, player)
	if err != nil {
		return nil, fmt.Errorf("eminence ledger of %q in world %d: %w", player, worldID, err)
	}
	ledger, err := collect(rows, func(row scanner) (store.EminenceEntry, error) {
		e := store.EminenceEntry{WorldID: worldID, Player: player}
		var at int64
		err := row.Scan(&e.Season, &e.Points, &e.Reason, &at)
		e.At = time.UnixMicro(at).UTC()
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("eminence ledger of %q in world %d: %w", player, worldID, err)
	}
	return ledger, nil
}

// PutAudit records an admin action and sets its ID.
func (s *Store) PutAudit(ctx context.Context, e *store.AuditEntry) error {
	err := s.db.QueryRowContext(ctx, `INSERT INTO admin_audit (at, admin, action, world_id, detail, code)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, e.At.UnixMicro(), e.Admin, e.Action, e.WorldID, e.Detail, e.Code).
		Scan(&e.ID)
	if err != nil {
		return fmt.Errorf("audit %s by %q: %w", e.Action, e.Admin, err)
	}
	return nil
}

// Audit returns the last limit admin actions, of one world or of all when
// worldID is 0, oldest first.
func (s *Store) Audit(ctx context.Context, f store.AuditFilter, limit int) ([]store.AuditEntry, error) {
	if limit <= 0 {
		return nil, errors.New("audit: limit must be positive")
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, at, admin, action, world_id, detail, code FROM (
		SELECT * FROM admin_audit WHERE (?1 = 0 OR world_id = ?1) AND (?3 = '' OR admin = ?3) AND (?4 = '' OR action = ?4)
		ORDER BY id DESC LIMIT ?2) ORDER BY id`, f.WorldID, limit, f.Admin, f.Action)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	entries, err := collect(rows, func(row scanner) (store.AuditEntry, error) {
		var (
			e  store.AuditEntry
			at int64
		)
		err := row.Scan(&e.ID, &at, &e.Admin, &e.Action, &e.WorldID, &e.Detail, &e.Code)
		e.At = time.UnixMicro(at).UTC()
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	return entries, nil
}

// strs returns l, or an empty list for nil so that it encodes as [].
func strs(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
