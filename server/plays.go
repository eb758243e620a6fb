package server

import (
	"slices"
	"strings"
	"time"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is a camp's orders in the world loop: the seam's orders, with
// who posted them and what became of them. They become store rows only at
// the store's edge (record, playOf), and one function decides what a camp
// plays on a day (dayPlays) for the loop and the replay alike.

// play is an order of a camp in the world loop: pending for the next day,
// its standing order, or played on a day.
type play struct {
	order game.Order
	// player is the player whose order it is: the ruler's, or the
	// councillor's whose proposal the ruler adopted; seat is that
	// player's seat, the order's author (SEAT-ADOPT).
	player string
	seat   string
	// at is when it was posted (or the standing order set).
	at time.Time
	// status is one of store's order statuses.
	status string
	// refusal says why a stale order, or a standing order no longer valid,
	// did not play.
	refusal *game.Refusal
	// timedOut marks a standing play of a camp whose move clock ran out
	// (rule TICK-7).
	timedOut bool
}

// record returns p as the store's row of camp's order for day.
func (p play) record(worldID uint64, season, day, camp int) store.Order {
	o := store.Order{
		WorldID: worldID, Season: season, Day: day, Camp: camp, Player: p.player, Seat: store.SeatOrRuler(p.seat),
		Action: p.order.Action, Args: slices.Clone(p.order.Args), Reason: p.order.Reason,
		SubmittedAt: p.at, Status: p.status, TimedOut: p.timedOut,
	}
	if p.refusal != nil {
		o.Code, o.Field, o.Message = p.refusal.Reason.Code(), p.refusal.Field, p.refusal.Message.Encode()
	}
	return o
}

// playOf returns a stored order as a play.
func playOf(o store.Order) play {
	p := play{order: game.Order{Action: o.Action, Args: slices.Clone(o.Args), Reason: o.Reason},
		player: o.Player, seat: store.SeatOrRuler(o.Seat), at: o.SubmittedAt, status: o.Status, timedOut: o.TimedOut}
	if o.Code != "" {
		// A message stored before the texts had two languages is English.
		msg := lang.Text{EN: o.Message}
		if strings.HasPrefix(o.Message, "{") {
			msg = lang.Decode(o.Message)
		}
		p.refusal = &game.Refusal{Reason: pb.ReasonOf(o.Code), Field: o.Field, Message: msg}
	}
	return p
}

// standingOf returns a stored standing order as a play.
func standingOf(s store.StandingOrder) play {
	return play{order: game.Order{Action: s.Action, Args: slices.Clone(s.Args), Reason: s.Reason},
		player: s.Player, at: s.SetAt}
}

// standingRecord returns camp's standing order p as the store's row.
func (p play) standingRecord(worldID uint64, season, camp int) store.StandingOrder {
	return store.StandingOrder{WorldID: worldID, Season: season, Camp: camp, Player: p.player,
		Action: p.order.Action, Args: slices.Clone(p.order.Args), Reason: p.order.Reason, SetAt: p.at}
}

// dayPlays returns what each camp plays on the day after state: its pending
// order, else, for a camp that waits, the idle order, else its standing
// order (status standing), else the idle order. A standing order no longer
// valid is recorded standing_stale with why, and the idle order is played
// instead. pending and standing have one entry per camp (nil: none); now
// stamps the standing plays.
func dayPlays(rs game.Ruleset, state game.State, pending, standing []*play, now time.Time) []play {
	out := make([]play, len(pending))
	for c := range out {
		switch {
		case pending[c] != nil:
			out[c] = *pending[c]
		case standing[c] != nil && !state.Waits(c):
			out[c] = *standing[c]
			out[c].at, out[c].status = now, store.OrderStanding
			if re := rs.Validate(state, c, out[c].order); re != nil {
				out[c].status, out[c].refusal = store.OrderStandingStale, re
			}
		default:
			out[c] = play{order: rs.Idle(), at: now, status: store.OrderStanding}
		}
	}
	return out
}

// resolved returns the orders the ruleset resolves for plays: each play's
// order, the idle one for a standing order no longer valid.
func resolved(rs game.Ruleset, plays []play) []game.Order {
	orders := make([]game.Order, len(plays))
	for c, p := range plays {
		orders[c] = p.order
		if p.status == store.OrderStandingStale {
			orders[c] = rs.Idle()
		}
	}
	return orders
}

// settle gives each posted play its status from the day's outcome: applied,
// or stale with the refusal. Standing plays keep theirs.
func settle(plays []play, out game.Outcome) {
	for c := range plays {
		p := &plays[c]
		if p.status == store.OrderStanding || p.status == store.OrderStandingStale {
			continue
		}
		p.status, p.refusal = store.OrderApplied, nil
		if c < len(out.Refusals) && out.Refusals[c] != nil {
			p.status, p.refusal = store.OrderStale, out.Refusals[c]
		}
	}
}
