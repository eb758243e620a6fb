package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/grisonval/server/server/store"
)

// worldExists fails with store.ErrNotFound if world id does not exist.
func (s *Store) worldExists(ctx context.Context, tx *sql.Tx, id uint64) error {
	var got uint64
	if err := s.txQueryRow(ctx, tx, sqlWorldExists, id).Scan(&got); err != nil {
		return fmt.Errorf("world %d: %w", id, notFound(err))
	}
	return nil
}

// SetStandingOrder records a camp's standing order for a season, replacing
// its earlier one; store.ErrNotFound if the world does not exist.
func (s *Store) SetStandingOrder(ctx context.Context, o store.StandingOrder) error {
	args, err := json.Marshal(ints(o.Args))
	if err != nil {
		return fmt.Errorf("set standing order: %w", err)
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.worldExists(ctx, tx, o.WorldID); err != nil {
			return err
		}
		_, err := s.exec(ctx, tx, sqlSetStanding,
			o.WorldID, o.Season, o.Camp, o.Player, o.Action, string(args), o.Reason, o.SetAt.UnixMicro())
		return err
	})
	if err != nil {
		return fmt.Errorf("set standing order of world %d season %d camp %d: %w", o.WorldID, o.Season, o.Camp, err)
	}
	return nil
}

// StandingOrders returns the standing order of each camp that has one in a
// season, in camp order.
func (s *Store) StandingOrders(ctx context.Context, worldID uint64, season int) ([]store.StandingOrder, error) {
	rows, err := s.query(ctx, `SELECT camp, player, action, args, reason, set_at FROM standing_orders
		WHERE world_id = ? AND season = ? ORDER BY camp`, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("standing orders of world %d season %d: %w", worldID, season, err)
	}
	orders, err := collect(rows, func(row scanner) (store.StandingOrder, error) {
		o := store.StandingOrder{WorldID: worldID, Season: season}
		var (
			args  string
			setAt int64
		)
		if err := row.Scan(&o.Camp, &o.Player, &o.Action, &args, &o.Reason, &setAt); err != nil {
			return o, err
		}
		o.SetAt = time.UnixMicro(setAt).UTC()
		var err error
		if o.Args, err = decodeInts(args); err != nil {
			return o, fmt.Errorf("decode args: %w", err)
		}
		return o, nil
	})
	if err != nil {
		return nil, fmt.Errorf("standing orders of world %d season %d: %w", worldID, season, err)
	}
	return orders, nil
}

// SaveMessage records a message (from RulerSeat when m.Seat is empty) and
// sets m.ID; store.ErrNotFound if the world does not exist.
func (s *Store) SaveMessage(ctx context.Context, m *store.Message) error {
	var id uint64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.worldExists(ctx, tx, m.WorldID); err != nil {
			return err
		}
		return s.txQueryRow(ctx, tx, sqlInsertMessage,
			m.WorldID, m.Season, m.Day, m.From, m.To, m.Player, store.SeatOrRuler(m.Seat), m.Text, m.SentAt.UnixMicro()).
			Scan(&id)
	})
	if err != nil {
		return fmt.Errorf("save message of world %d day %d from camp %d: %w", m.WorldID, m.Day, m.From, err)
	}
	m.ID = id
	return nil
}

// Messages returns the messages of a season that camp sent or received,
// from sinceDay on, in the order they were saved: each row once, so that a
// council message (from camp to camp) comes once.
func (s *Store) Messages(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.Message, error) {
	rows, err := s.query(ctx, `SELECT id, day, from_camp, to_camp, player, seat, text, sent_at FROM messages
		WHERE world_id = ?1 AND season = ?2 AND (from_camp = ?3 OR to_camp = ?3) AND day >= ?4 ORDER BY id`,
		worldID, season, camp, sinceDay)
	if err != nil {
		return nil, fmt.Errorf("messages of world %d season %d camp %d: %w", worldID, season, camp, err)
	}
	msgs, err := collect(rows, func(row scanner) (store.Message, error) {
		m := store.Message{WorldID: worldID, Season: season}
		var sentAt int64
		err := row.Scan(&m.ID, &m.Day, &m.From, &m.To, &m.Player, &m.Seat, &m.Text, &sentAt)
		m.SentAt = time.UnixMicro(sentAt).UTC()
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("messages of world %d season %d camp %d: %w", worldID, season, camp, err)
	}
	return msgs, nil
}

// SaveProposal records a councillor's proposal, replacing the proposal of
// the same camp and seat for the same day; store.ErrNotFound if the world
// does not exist.
func (s *Store) SaveProposal(ctx context.Context, p store.Proposal) error {
	args, err := json.Marshal(ints(p.Args))
	if err != nil {
		return fmt.Errorf("save proposal: %w", err)
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.worldExists(ctx, tx, p.WorldID); err != nil {
			return err
		}
		// Deleted and inserted rather than updated: the replacing
		// proposal takes its place in the order of saving.
		if _, err := s.exec(ctx, tx, sqlDeleteProposal, p.WorldID, p.Season, p.Day, p.Camp, p.Seat); err != nil {
			return err
		}
		_, err := s.exec(ctx, tx, sqlInsertProposal, p.WorldID, p.Season, p.Day, p.Camp, p.Seat, p.Player, p.Action, string(args), p.Reason,
			p.SubmittedAt.UnixMicro())
		return err
	})
	if err != nil {
		return fmt.Errorf("save proposal of world %d day %d camp %d seat %q: %w", p.WorldID, p.Day, p.Camp, p.Seat, err)
	}
	return nil
}

// Proposals returns a camp's proposals of a season from sinceDay on, by
// day, then in the order they were saved.
func (s *Store) Proposals(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.Proposal, error) {
	rows, err := s.query(ctx, `SELECT day, seat, player, action, args, reason, submitted_at FROM proposals
		WHERE world_id = ? AND season = ? AND camp = ? AND day >= ? ORDER BY day, id`, worldID, season, camp, sinceDay)
	if err != nil {
		return nil, fmt.Errorf("proposals of world %d season %d camp %d: %w", worldID, season, camp, err)
	}
	ps, err := collect(rows, func(row scanner) (store.Proposal, error) {
		p := store.Proposal{WorldID: worldID, Season: season, Camp: camp}
		var (
			args string
			at   int64
		)
		if err := row.Scan(&p.Day, &p.Seat, &p.Player, &p.Action, &args, &p.Reason, &at); err != nil {
			return p, err
		}
		p.SubmittedAt = time.UnixMicro(at).UTC()
		var err error
		if p.Args, err = decodeInts(args); err != nil {
			return p, fmt.Errorf("decode args: %w", err)
		}
		return p, nil
	})
	if err != nil {
		return nil, fmt.Errorf("proposals of world %d season %d camp %d: %w", worldID, season, camp, err)
	}
	return ps, nil
}
