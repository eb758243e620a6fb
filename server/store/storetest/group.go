package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/grisonval/server/server/store"
)

// testCommitTogether commits the ticks of many worlds at the same moment,
// as a store that groups them commits them together, two of them failing:
// a conflict and an order never saved. Each failing tick gets its own
// error and stores nothing; every other tick is committed whole.
func testCommitTogether(t *testing.T, s store.Store) {
	ctx := t.Context()
	const worlds, conflict, noPending = 12, 3, 7
	ticks := make([]store.Tick, worlds)
	for i := range ticks {
		w := newWorld(t, s, fmt.Sprint("together ", i))
		standing := order(w.ID, 1, 1, 0, "rest", []int{i, 1}, "", i)
		standing.Status = store.OrderStanding
		applied := order(w.ID, 1, 1, 1, "recruit", []int{i}, "", i)
		if i != noPending {
			saveOrder(t, s, applied)
		}
		applied.Status = store.OrderApplied
		ticks[i] = store.Tick{
			WorldID: w.ID, Season: 1, Day: 1, State: fmt.Appendf(nil, "state %d", i), Hash: fmt.Sprint("hash ", i),
			Orders: []store.Order{standing, applied},
			Journal: []store.JournalEntry{
				journal(w.ID, 1, 1, 0, "rest", []int{i, 2}, fmt.Sprint("rested ", i), ""),
				journal(w.ID, 1, 1, 1, "recruit", nil, "", fmt.Sprint("why ", i)),
			},
			CommittedAt: base,
		}
	}
	first := store.Tick{WorldID: ticks[conflict].WorldID, Season: 1, Day: 1, State: []byte("first"), Hash: "first"}
	commit(t, s, first)

	start := make(chan struct{})
	errs := make([]error, worlds)
	var wg sync.WaitGroup
	for i := range ticks {
		wg.Go(func() {
			<-start
			errs[i] = s.CommitTick(ctx, ticks[i])
		})
	}
	close(start)
	wg.Wait()

	for i, tk := range ticks {
		latest, err := s.LatestTick(ctx, tk.WorldID, 1)
		switch i {
		case conflict:
			if !errors.Is(errs[i], store.ErrConflict) {
				t.Errorf("world %d: CommitTick of a day committed already: got error %v; want ErrConflict", i, errs[i])
			}
			if err != nil {
				t.Fatalf("world %d: LatestTick: %v", i, err)
			}
			checkTick(t, fmt.Sprint("world ", i, " after its conflict"), latest, first, true)
		case noPending:
			if !errors.Is(errs[i], store.ErrNotFound) {
				t.Errorf("world %d: CommitTick of an order never saved: got error %v; want ErrNotFound", i, errs[i])
			}
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("world %d: LatestTick after a failed commit: got error %v; want ErrNotFound", i, err)
			}
			checkOrders(t, s, tk.WorldID, 1, nil)
			checkJournal(t, s, tk.WorldID, 1, 0, 0, nil)
		default:
			if errs[i] != nil {
				t.Errorf("world %d: CommitTick: %v", i, errs[i])
				continue
			}
			if err != nil {
				t.Fatalf("world %d: LatestTick: %v", i, err)
			}
			checkTick(t, fmt.Sprint("world ", i), latest, tk, true)
		}
	}
}
