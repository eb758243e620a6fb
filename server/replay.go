package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/grisonval/server/engine"
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
// and checks, tick by tick, that each replayed state's hash is the stored
// one, and that each order the tick played was applied or stale as stored.
// A season starts from its setup (the world's seed's or the carry-over of
// the previous season, with the enrolments counted for it), or, for the
// first season of a fork, from the stored copy of its parent's tick, whose
// hash must match its state and the parent's. It stops at the first difference, returned as a
// *ReplayError, as is a missing tick or a day without one played order per
// camp. progress, when not nil, is called after each day checked.
func Replay(ctx context.Context, st store.Store, worldID uint64, season int, progress func(day int, hash string)) (ReplayReport, error) {
	rep := ReplayReport{WorldID: worldID, Season: season}
	w, err := st.World(ctx, worldID)
	if err != nil {
		return rep, fmt.Errorf("replay: %w", err)
	}
	ticks, err := st.TickHashes(ctx, worldID, season)
	if err != nil {
		return rep, fmt.Errorf("replay: %w", err)
	}
	if len(ticks) == 0 {
		return rep, fmt.Errorf("replay world %d season %d: no tick: %w", worldID, season, store.ErrNotFound)
	}
	rep.FirstDay = ticks[0].Day
	for i, t := range ticks {
		if t.Day != rep.FirstDay+i {
			return rep, &ReplayError{Day: rep.FirstDay + i, Reason: "no tick stored"}
		}
	}
	state, err := replayStart(ctx, st, w, ticks[0])
	if err != nil {
		return rep, err
	}
	rep.FromParent = w.Parent.WorldID != 0 && season == 1
	rep.LastDay, rep.LastHash = ticks[0].Day, ticks[0].Hash
	if progress != nil {
		progress(rep.LastDay, rep.LastHash)
	}
	played, err := playedOrders(ctx, st, worldID, season)
	if err != nil {
		return rep, err
	}
	for _, t := range ticks[1:] {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		records, ok := played[t.Day]
		if !ok {
			return rep, &ReplayError{Day: t.Day, Reason: "no played order stored"}
		}
		var orders [engine.NumCamps]engine.Order
		for c, o := range records {
			if o == nil {
				return rep, &ReplayError{Day: t.Day, Reason: fmt.Sprintf("camp %d has no played order stored", c)}
			}
			orders[c] = storeOrderToEngine(*o)
			if o.Status == store.OrderStandingStale {
				// The standing order could not be played: rest was.
				orders[c] = engine.Order{Action: engine.Rest}
			}
		}
		out := engine.Resolve(state, orders)
		for c, res := range out.Results {
			want := records[c].Status
			if want != store.OrderStanding && want != store.OrderStandingStale && want != playedStatus(res) {
				return rep, &ReplayError{Day: t.Day, Reason: fmt.Sprintf("camp %d's %s order was %s; replayed %s",
					c, records[c].Action, want, playedStatus(res))}
			}
		}
		if h := engine.Hash(out.World); h != t.Hash {
			return rep, &ReplayError{Day: t.Day, Reason: fmt.Sprintf("replayed state hash %s; stored %s", h, t.Hash)}
		}
		state = out.World
		rep.LastDay, rep.LastHash = t.Day, t.Hash
		if progress != nil {
			progress(t.Day, t.Hash)
		}
	}
	return rep, nil
}

// replayStart returns the state a season starts from: its setup, or for a
// fork's first season the stored first tick, checked against its own
// hash and its parent's.
func replayStart(ctx context.Context, st store.Store, w store.World, first store.Tick) (*engine.World, error) {
	if w.Parent.WorldID == 0 || first.Season != 1 {
		// The setup is the seed's or the carry-over, with the packages and
		// sheets of the enrolments counted for it (rules SEA-CARRY,
		// SEA-ENROL, SEA-SHEET).
		players, err := loadEnrolled(ctx, st, w.ID, first.Season)
		if err != nil {
			return nil, fmt.Errorf("replay: enrolments of season %d: %w", first.Season, err)
		}
		base, from, err := setupBase(ctx, st, w, first.Season, players, first.Hash)
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		state := base()
		applyEnrolments(state, players)
		if h := engine.Hash(state); h != first.Hash {
			return nil, &ReplayError{Day: first.Day, Reason: fmt.Sprintf("setup from %s with the enrolments counted for it has hash %s; stored %s",
				from, h, first.Hash)}
		}
		return state, nil
	}
	t, err := st.TickAt(ctx, w.ID, first.Season, first.Day)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	state, err := decodeState(t.State)
	if err != nil {
		return nil, fmt.Errorf("replay day %d: %w", t.Day, err)
	}
	if h := engine.Hash(state); h != t.Hash {
		return nil, &ReplayError{Day: t.Day, Reason: fmt.Sprintf("stored state has hash %s; stored hash %s", h, t.Hash)}
	}
	p := w.Parent
	parent, err := st.TickAt(ctx, p.WorldID, p.Season, p.Day)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, &ReplayError{Day: t.Day, Reason: fmt.Sprintf("parent tick (world %d season %d day %d) is gone", p.WorldID, p.Season, p.Day)}
	case err != nil:
		return nil, fmt.Errorf("replay: %w", err)
	case parent.Hash != t.Hash:
		return nil, &ReplayError{Day: t.Day, Reason: fmt.Sprintf("fork start hash %s; parent's %s", t.Hash, parent.Hash)}
	}
	return state, nil
}

// playedOrders returns, by day, the order each camp played: the applied,
// stale or standing one.
func playedOrders(ctx context.Context, st store.Store, worldID uint64, season int) (map[int]*[engine.NumCamps]*store.Order, error) {
	orders, err := st.Orders(ctx, worldID, season)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	played := make(map[int]*[engine.NumCamps]*store.Order)
	for _, o := range orders {
		switch o.Status {
		case store.OrderApplied, store.OrderStale, store.OrderStanding, store.OrderStandingStale:
		default:
			continue
		}
		if o.Camp < 0 || o.Camp >= engine.NumCamps {
			return nil, &ReplayError{Day: o.Day, Reason: fmt.Sprintf("order of unknown camp %d", o.Camp)}
		}
		day := played[o.Day]
		if day == nil {
			day = new([engine.NumCamps]*store.Order)
			played[o.Day] = day
		}
		if day[o.Camp] != nil {
			return nil, &ReplayError{Day: o.Day, Reason: fmt.Sprintf("camp %d played two orders", o.Camp)}
		}
		day[o.Camp] = &o
	}
	return played, nil
}

// playedStatus is the stored status of an order the engine played.
func playedStatus(res engine.Result) string {
	if res.Status == engine.Stale {
		return store.OrderStale
	}
	return store.OrderApplied
}
