package server

import (
	"context"
	"fmt"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/server/store"
)

// seasonTallies reads a season's stored ticks, journals and orders through
// day through and returns each camp's tally of feats, as the world's
// ruleset derives them day by day (docs/career.md, FEAT-MAP).
func seasonTallies(ctx context.Context, st store.Store, rs game.Ruleset, w store.World, season, through int) ([]career.Tally, error) {
	n := w.Camps
	tallies := make([]career.Tally, n)
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
	played := make(map[int][]string)
	for _, o := range orders {
		if o.Status != store.OrderApplied || o.Camp < 0 || o.Camp >= n {
			continue
		}
		if played[o.Day] == nil {
			played[o.Day] = make([]string, n)
		}
		played[o.Day][o.Camp] = o.Action
	}
	feats := rs.Season(n).Feats(w.Seed, season)
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
					if err := tallies[c].Add(f); err != nil {
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
