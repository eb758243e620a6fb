package store

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
)

// recorder is a commit function that records the groups it is given.
type recorder struct {
	mu     sync.Mutex
	groups [][]int
}

func (r *recorder) commit(_ context.Context, writes []int) []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.groups = append(r.groups, slices.Clone(writes))
	return make([]error, len(writes))
}

func (r *recorder) since(n int) [][]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.groups[n:])
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.groups)
}

// busy makes g busy: writers distinct writers write in one second, and
// the next write, a second later, finds it so.
func busy(t *testing.T, g *Groups[int], writers int) {
	t.Helper()
	for w := range writers {
		if err := g.Do(t.Context(), uint64(1000+w), -1, 1); err != nil {
			t.Fatalf("Do: %v", err)
		}
	}
	time.Sleep(1100 * time.Millisecond)
}

// A busy store's committer waits for more writes: two writes made 50 ms
// apart by two worlds go in one group, where a committer that takes only
// what is queued commits the first alone.
func TestGroupsGatherWhenBusy(t *testing.T) {
	r := &recorder{}
	g := NewGroups(1, 64, 1024, Gather{Writers: 50, Wait: 2 * time.Second}, r.commit)
	defer g.Close()
	busy(t, g, 60)
	n := r.count()
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := g.Do(t.Context(), 1, 1, 1); err != nil {
			t.Errorf("Do: %v", err)
		}
	})
	time.Sleep(50 * time.Millisecond)
	if err := g.Do(t.Context(), 2, 2, 1); err != nil {
		t.Fatalf("Do: %v", err)
	}
	wg.Wait()
	got := r.since(n)
	if len(got) != 1 || !slices.Equal(got[0], []int{1, 2}) {
		t.Fatalf("groups after the store became busy: %v, want [[1 2]]", got)
	}
}

// A lone writer never waits, however fast it writes: it can add nothing
// to its own group. Nor does a store that was busy, once a second passes
// without a write.
func TestGroupsLoneWriterWaitsNot(t *testing.T) {
	r := &recorder{}
	const wait = 10 * time.Second
	g := NewGroups(1, 64, 1024, Gather{Writers: 50, Wait: wait}, r.commit)
	defer g.Close()
	timed := func(what string, writer uint64) {
		t.Helper()
		start := time.Now()
		if err := g.Do(t.Context(), writer, 0, 1); err != nil {
			t.Fatalf("Do: %v", err)
		}
		if d := time.Since(start); d >= wait/2 {
			t.Fatalf("%s: the write waited %v for others", what, d)
		}
	}
	for range 200 {
		timed("a lone writer", 7)
	}
	time.Sleep(1100 * time.Millisecond)
	timed("a lone writer a second later", 7)

	busy(t, g, 60)
	time.Sleep(time.Second) // two seconds since the busy second's end
	timed("a store quiet for a second", 8)
}
