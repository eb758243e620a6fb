package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/server/store"
)

// errWalkDone ends a walk early without an error.
var errWalkDone = errors.New("walk done")

// walkSeason calls fn with each committed tick of a season (its day, hash
// and commit time) from day from on, in day order, until fn returns an
// error; errWalkDone ends the walk without one. state reads and decodes the
// tick's state with rs, for the callers that need it.
func walkSeason(ctx context.Context, st store.Store, rs game.Ruleset, worldID uint64, season, from int,
	fn func(t store.Tick, state func() (game.State, error)) error) error {
	ticks, err := st.TickHashes(ctx, worldID, season)
	if err != nil {
		return fmt.Errorf("ticks of season %d: %w", season, err)
	}
	for _, t := range ticks {
		if t.Day < from {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		state := func() (game.State, error) {
			full, err := st.TickAt(ctx, worldID, season, t.Day)
			if err != nil {
				return nil, fmt.Errorf("season %d day %d: %w", season, t.Day, err)
			}
			s, err := decodeState(rs, full.State)
			if err != nil {
				return nil, fmt.Errorf("season %d day %d: %w", season, t.Day, err)
			}
			return s, nil
		}
		if err := fn(t, state); errors.Is(err, errWalkDone) {
			return nil
		} else if err != nil {
			return err
		}
	}
	return nil
}
