package server

import (
	"context"
	"fmt"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/server/store"
)

// seatTallies are a camp's feats of a season, each in the tally of the
// seat that authored the order it stems from (SEAT-FEATS): the ruler's, or
// a councillor's whose proposal the ruler adopted.
type seatTallies map[string]*career.Tally

// of returns seat's tally.
func (t seatTallies) of(seat string) career.Tally {
	if got := t[seat]; got != nil {
		return *got
	}
	return career.Tally{}
}

// add credits f to seat.
func (t seatTallies) add(seat string, f career.Feat) error {
	if t[seat] == nil {
		t[seat] = &career.Tally{}
	}
	return t[seat].Add(f)
}

// seasonTallies reads a season's stored ticks, journals and orders through
// day through and returns each camp's tallies of feats by seat, as the
// world's ruleset derives them day by day (docs/career.md, FEAT-MAP).
func seasonTallies(ctx context.Context, st store.Store, rs game.Ruleset, w store.World, season, through int) ([]seatTallies, error) {
	n := w.Camps
	tallies := make([]seatTallies, n)
	for c := range tallies {
		tallies[c] = seatTallies{}
	}
	journals := make([]map[int][]game.Entry, n)
	for c := range journals {
		entries, err := st.Journal(ctx, w.ID, season, c, 0)
		if err != nil {
			return nil, fmt.Errorf("feats of season %d: %w", season, err)
		}
		journals[c] = make(map[int][]game.Entry)
		for _, e := range journalFromStore(entries) {
			journals[c][e.Day] = append(journals[c][e.Day], e)
		}
	}
	orders, err := st.Orders(ctx, w.ID, season)
	if err != nil {
		return nil, fmt.Errorf("feats of season %d: %w", season, err)
	}
	played, authors := make(map[int][]string), make(map[int][]string)
	for _, o := range orders {
		if o.Camp < 0 || o.Camp >= n {
			continue
		}
		switch o.Status {
		case store.OrderApplied:
			if played[o.Day] == nil {
				played[o.Day] = make([]string, n)
			}
			played[o.Day][o.Camp] = o.Action
			fallthrough
		case store.OrderStale:
			if authors[o.Day] == nil {
				authors[o.Day] = make([]string, n)
			}
			authors[o.Day][o.Camp] = store.SeatOrRuler(o.Seat)
		}
	}
	// posted reports whether a seat of camp c posted the order of day d
	// (applied or stale), rather than the standing order playing.
	posted := func(d, c int) bool {
		a := authors[d]
		return a != nil && a[c] != ""
	}
	// author is the seat whose order of day d camp c played; the ruler's
	// when it played its standing order.
	author := func(d, c int) string {
		if a := authors[d]; a != nil && a[c] != "" {
			return a[c]
		}
		return game.RulerSeat
	}
	feats := game.FeatsOf(rs.Season(n), w.Seed, season)
	var before game.State
	err = walkSeason(ctx, st, rs, w.ID, season, 0, func(t store.Tick, state func() (game.State, error)) error {
		if t.Day > through {
			return errWalkDone
		}
		after, err := state()
		if err != nil {
			return err
		}
		if before != nil {
			d := game.Day{Before: before, After: after, Journal: make([][]game.Entry, n), Played: played[t.Day]}
			for c := range d.Journal {
				d.Journal[c] = journals[c][t.Day]
			}
			day, err := feats.Day(d)
			if err != nil {
				return fmt.Errorf("feats of day %d: %w", t.Day, err)
			}
			for c, fs := range day {
				for _, f := range fs {
					if c >= n {
						return fmt.Errorf("feats of day %d: camp %d of %d", t.Day, c, n)
					}
					origin := featOrigin(f, t.Day)
					if f.Kind == career.InterventionTriggered && !posted(origin, c) {
						continue // the patrons' own dice (SEAT-DICE)
					}
					if err := tallies[c].add(author(origin, c), f); err != nil {
						return fmt.Errorf("feats of day %d camp %d: %w", t.Day, c, err)
					}
				}
			}
		}
		before = after
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("feats of season %d: %w", season, err)
	}
	return tallies, nil
}

// featOrigin returns the day whose order feat f of day d stems from (rule
// FEAT-AUTHOR): its Order, or d for a feat that names none.
func featOrigin(f career.Feat, d int) int {
	if f.Order > 0 {
		return f.Order
	}
	return d
}
