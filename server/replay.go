package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/server/store"
)

// ReplayReport is what Replay checked: every tick of one season of a world,
// from FirstDay to LastDay.
type ReplayReport struct {
	WorldID  uint64
	Season   int
	FirstDay int
	LastDay  int
	// FromParent is set when the season started from a parent world's tick
	// (a fork) rather than from the seed.
	FromParent bool
	// LastHash is the hash of the last tick.
	LastHash string
}

// ReplayError is a replay that does not give what the store holds: Day is
// the first day that differs.
type ReplayError struct {
	Day    int
	Reason string
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("day %d: %s", e.Day, e.Reason)
}

// Replay replays one season of a world from its start and its stored orders
// with the world's ruleset among rulesets, and checks, tick by tick, that
// each replayed state's hash is the stored one, and that each order the
// tick played was applied or stale as stored. A season starts from its
// setup (the world's seed's or the carry-over of the previous season, with
// the enrolments counted for it), or, for the first season of a fork, from
// the stored copy of its parent's tick, whose hash must match its state and
// the parent's. It stops at the first difference, returned as a
// *ReplayError, as is a missing tick or a day without one played order per
// camp. progress, when not nil, is called after each day checked.
func Replay(ctx context.Context, st store.Store, rulesets Rulesets, worldID uint64, season int, progress func(day int, hash string)) (ReplayReport, error) {
	rep := ReplayReport{WorldID: worldID, Season: season}
	w, err := st.World(ctx, worldID)
	if err != nil {
		return rep, fmt.Errorf("replay: %w", err)
	}
	rs, err := rulesets.find(w.Ruleset)
	if err != nil {
		return rep, fmt.Errorf("replay: %w", err)
	}
	played, err := playedOrders(ctx, st, w, season)
	if err != nil {
		return rep, err
	}
	rep.FromParent = w.Parent.WorldID != 0 && season == 1
	var state game.State
	err = walkSeason(ctx, st, rs, worldID, season, 0, func(t store.Tick, stored func() (game.State, error)) error {
		if state == nil {
			s, err := replayStart(ctx, st, rs, w, t, stored)
			if err != nil {
				return err
			}
			state, rep.FirstDay = s, t.Day
		} else {
			if t.Day != rep.LastDay+1 {
				return &ReplayError{Day: rep.LastDay + 1, Reason: "no tick stored"}
			}
			plays, ok := played[t.Day]
			if !ok {
				return &ReplayError{Day: t.Day, Reason: "no played order stored"}
			}
			for c, p := range plays {
				if p == nil {
					return &ReplayError{Day: t.Day, Reason: fmt.Sprintf("camp %d has no played order stored", c)}
				}
			}
			again := make([]play, len(plays))
			for c, p := range plays {
				again[c] = *p
			}
			out := rs.Resolve(state, resolved(rs, again))
			settle(again, out)
			for c, p := range plays {
				if again[c].status != p.status {
					return &ReplayError{Day: t.Day, Reason: fmt.Sprintf("camp %d's %s order was %s; replayed %s",
						c, p.order.Action, p.status, again[c].status)}
				}
			}
			if !hashIs(rs, out.State, t.Hash) {
				return &ReplayError{Day: t.Day, Reason: fmt.Sprintf("replayed state hash %s; stored %s", rs.Hash(out.State), t.Hash)}
			}
			recycle(rs, state)
			state = out.State
		}
		rep.LastDay, rep.LastHash = t.Day, t.Hash
		if progress != nil {
			progress(t.Day, t.Hash)
		}
		return nil
	})
	if err != nil {
		return rep, err
	}
	if state == nil {
		return rep, fmt.Errorf("replay world %d season %d: no tick: %w", worldID, season, store.ErrNotFound)
	}
	return rep, nil
}

// replayStart returns the state a season starts from: its setup, or for a
// fork's first season the stored first tick, checked against its own
// hash and its parent's.
func replayStart(ctx context.Context, st store.Store, rs game.Ruleset, w store.World, first store.Tick, stored func() (game.State, error)) (game.State, error) {
	if w.Parent.WorldID == 0 || first.Season != 1 {
		// The setup is the seed's or the carry-over, with the packages and
		// sheets of the enrolments counted for it (rules SEA-CARRY,
		// SEA-ENROL, SEA-SHEET).
		enrolments, err := loadEnrolled(ctx, st, w.ID, first.Season)
		if err != nil {
			return nil, fmt.Errorf("replay: enrolments of season %d: %w", first.Season, err)
		}
		players := setupPlayers(enrolments)
		// The season is set up again under the rules it was played by
		// (rule RULES-1): those of its stored first state.
		like, err := stored()
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		prev, from, err := setupBase(ctx, st, rs, w, first.Season, players, first.Hash, like)
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		state, err := rs.Setup(game.Setup{Seed: w.Seed, Camps: w.Camps, Season: first.Season, Prev: prev, Players: players, Like: like})
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		if !hashIs(rs, state, first.Hash) {
			return nil, &ReplayError{Day: first.Day, Reason: fmt.Sprintf("setup from %s with the enrolments counted for it has hash %s; stored %s",
				from, rs.Hash(state), first.Hash)}
		}
		return state, nil
	}
	state, err := stored()
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if !hashIs(rs, state, first.Hash) {
		return nil, &ReplayError{Day: first.Day, Reason: fmt.Sprintf("stored state has hash %s; stored hash %s", rs.Hash(state), first.Hash)}
	}
	p := w.Parent
	parent, err := st.TickAt(ctx, p.WorldID, p.Season, p.Day)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, &ReplayError{Day: first.Day, Reason: fmt.Sprintf("parent tick (world %d season %d day %d) is gone", p.WorldID, p.Season, p.Day)}
	case err != nil:
		return nil, fmt.Errorf("replay: %w", err)
	case parent.Hash != first.Hash:
		return nil, &ReplayError{Day: first.Day, Reason: fmt.Sprintf("fork start hash %s; parent's %s", first.Hash, parent.Hash)}
	}
	return state, nil
}

// playedOrders returns, by day, the play of each camp of w: the applied,
// stale or standing order.
func playedOrders(ctx context.Context, st store.Store, w store.World, season int) (map[int][]*play, error) {
	orders, err := st.Orders(ctx, w.ID, season)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	played := make(map[int][]*play)
	for _, o := range orders {
		switch o.Status {
		case store.OrderApplied, store.OrderStale, store.OrderStanding, store.OrderStandingStale:
		default:
			continue
		}
		if o.Camp < 0 || o.Camp >= w.Camps {
			return nil, &ReplayError{Day: o.Day, Reason: fmt.Sprintf("order of unknown camp %d", o.Camp)}
		}
		day := played[o.Day]
		if day == nil {
			day = make([]*play, w.Camps)
			played[o.Day] = day
		}
		if day[o.Camp] != nil {
			return nil, &ReplayError{Day: o.Day, Reason: fmt.Sprintf("camp %d played two orders", o.Camp)}
		}
		p := playOf(o)
		day[o.Camp] = &p
	}
	return played, nil
}
