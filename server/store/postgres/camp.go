package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
)

// lockWorld queues, at the head of b, a statement that locks the world's
// row (serialising a camp's writes with every other write of its world)
// and fails with store.ErrNotFound if there is no such world.
func lockWorld(b *pgx.Batch, worldID uint64) {
	b.Queue(`SELECT id FROM worlds WHERE id = $1 FOR NO KEY UPDATE`, int64(worldID)).
		QueryRow(func(row pgx.Row) error {
			var id int64
			if err := row.Scan(&id); err != nil {
				return fmt.Errorf("world %d: %w", worldID, notFound(err))
			}
			return nil
		})
}

// SetStandingOrder records a camp's standing order for a season, replacing
// its earlier one; store.ErrNotFound if the world does not exist.
func (s *Store) SetStandingOrder(ctx context.Context, o store.StandingOrder) error {
	return s.setStandingOrder(ctx, o, nil)
}

func (s *Store) setStandingOrder(ctx context.Context, o store.StandingOrder, fence *store.Lease) error {
	b := &pgx.Batch{}
	lockWorld(b, o.WorldID)
	b.Queue(`INSERT INTO standing_orders (world_id, season, camp, player, action, args, reason, set_at)
		VALUES ($1, $2, $3, $4, $5, coalesce($6::integer[], '{}'), $7, $8)
		ON CONFLICT (world_id, season, camp) DO UPDATE
		SET player = excluded.player, action = excluded.action, args = excluded.args, reason = excluded.reason,
			set_at = excluded.set_at`,
		int64(o.WorldID), o.Season, o.Camp, o.Player, o.Action, o.Args, o.Reason, micro(o.SetAt))
	if err := s.send(ctx, fence, o.WorldID, b); err != nil {
		return fmt.Errorf("set standing order of world %d season %d camp %d: %w", o.WorldID, o.Season, o.Camp, err)
	}
	return nil
}

// StandingOrders returns the standing order of each camp that has one in a
// season, in camp order.
func (s *Store) StandingOrders(ctx context.Context, worldID uint64, season int) ([]store.StandingOrder, error) {
	rows, _ := s.pool.Query(ctx, `SELECT camp, player, action, args, reason, set_at FROM standing_orders
		WHERE world_id = $1 AND season = $2 ORDER BY camp`, int64(worldID), season)
	orders, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.StandingOrder, error) {
		o := store.StandingOrder{WorldID: worldID, Season: season}
		err := row.Scan(&o.Camp, &o.Player, &o.Action, &o.Args, &o.Reason, &o.SetAt)
		o.SetAt = o.SetAt.UTC()
		if len(o.Args) == 0 {
			o.Args = nil
		}
		return o, err
	})
	if err != nil {
		return nil, fmt.Errorf("standing orders of world %d season %d: %w", worldID, season, err)
	}
	return orders, nil
}

// SaveMessage records a message (from RulerSeat when m.Seat is empty) and
// sets m.ID; store.ErrNotFound if the world does not exist.
func (s *Store) SaveMessage(ctx context.Context, m *store.Message) error {
	return s.saveMessage(ctx, m, nil)
}

func (s *Store) saveMessage(ctx context.Context, m *store.Message, fence *store.Lease) error {
	b := &pgx.Batch{}
	lockWorld(b, m.WorldID)
	var id int64
	b.Queue(`INSERT INTO messages (world_id, season, day, from_camp, to_camp, player, seat, text, sent_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
		int64(m.WorldID), m.Season, m.Day, m.From, m.To, m.Player, store.SeatOrRuler(m.Seat), m.Text, micro(m.SentAt)).
		QueryRow(func(row pgx.Row) error { return row.Scan(&id) })
	if err := s.send(ctx, fence, m.WorldID, b); err != nil {
		return fmt.Errorf("save message of world %d day %d from camp %d: %w", m.WorldID, m.Day, m.From, err)
	}
	m.ID = uint64(id)
	return nil
}

// Messages returns the messages of a season that camp sent or received,
// from sinceDay on, in the order they were saved: each row once, so that a
// council message (from camp to camp) comes once.
func (s *Store) Messages(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.Message, error) {
	rows, _ := s.pool.Query(ctx, `SELECT id, day, from_camp, to_camp, player, seat, text, sent_at FROM messages
		WHERE world_id = $1 AND season = $2 AND (from_camp = $3 OR to_camp = $3) AND day >= $4 ORDER BY id`,
		int64(worldID), season, camp, sinceDay)
	msgs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Message, error) {
		m := store.Message{WorldID: worldID, Season: season}
		var id int64
		err := row.Scan(&id, &m.Day, &m.From, &m.To, &m.Player, &m.Seat, &m.Text, &m.SentAt)
		m.ID, m.SentAt = uint64(id), m.SentAt.UTC()
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
	return s.saveProposal(ctx, p, nil)
}

func (s *Store) saveProposal(ctx context.Context, p store.Proposal, fence *store.Lease) error {
	world := int64(p.WorldID)
	b := &pgx.Batch{}
	lockWorld(b, p.WorldID)
	// Deleted and inserted rather than updated: the replacing proposal
	// takes its place in the order of saving.
	b.Queue(`DELETE FROM proposals WHERE world_id = $1 AND season = $2 AND day = $3 AND camp = $4 AND seat = $5`,
		world, p.Season, p.Day, p.Camp, p.Seat)
	b.Queue(`INSERT INTO proposals (world_id, season, day, camp, seat, player, action, args, reason, submitted_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::integer[], '{}'), $9, $10)`,
		world, p.Season, p.Day, p.Camp, p.Seat, p.Player, p.Action, p.Args, p.Reason, micro(p.SubmittedAt))
	if err := s.send(ctx, fence, p.WorldID, b); err != nil {
		return fmt.Errorf("save proposal of world %d day %d camp %d seat %q: %w", p.WorldID, p.Day, p.Camp, p.Seat, err)
	}
	return nil
}

// Proposals returns a camp's proposals of a season from sinceDay on, by
// day, then in the order they were saved.
func (s *Store) Proposals(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.Proposal, error) {
	rows, _ := s.pool.Query(ctx, `SELECT day, seat, player, action, args, reason, submitted_at FROM proposals
		WHERE world_id = $1 AND season = $2 AND camp = $3 AND day >= $4 ORDER BY day, id`,
		int64(worldID), season, camp, sinceDay)
	ps, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Proposal, error) {
		p := store.Proposal{WorldID: worldID, Season: season, Camp: camp}
		err := row.Scan(&p.Day, &p.Seat, &p.Player, &p.Action, &p.Args, &p.Reason, &p.SubmittedAt)
		p.SubmittedAt = p.SubmittedAt.UTC()
		if len(p.Args) == 0 {
			p.Args = nil
		}
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("proposals of world %d season %d camp %d: %w", worldID, season, camp, err)
	}
	return ps, nil
}

// SaveProposal saves a proposal if the lease is held.
func (f *fenced) SaveProposal(ctx context.Context, p store.Proposal) error {
	return f.saveProposal(ctx, p, &f.lease)
}
