package store

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrClosed answers a write made while, or after, its store closes.
var ErrClosed = errors.New("store closed")

// groupTimeout bounds a group when none of its callers set a deadline.
const groupTimeout = 10 * time.Second

// Groups is group commit (docs/persistence.md, "Group commit"): it gathers
// the writes that callers make at the same moment and commits them
// together, each group by one call of its commit function, in one
// transaction and one flush. A group is committed as soon as a committer
// is free, with every write queued by then, up to its bounds: the busier
// the store, the larger the groups, and a lone write waits for no one.
// When many writers are at work (Gather), a committer waits a moment for
// more writes before it commits: each transaction costs the database
// about as much as its writes, so the ticks of a busy store are gathered
// a few to a transaction rather than committed one by one as they come.
// Each caller waits for its group's end: a write is answered only once
// its transaction has committed, or failed.
type Groups[T any] struct {
	queue     chan *pending[T]
	quit      chan struct{}
	wg        sync.WaitGroup
	maxWrites int
	maxWeight int
	commit    func(ctx context.Context, writes []T) []error
	gather    Gather

	mu sync.Mutex // guards since, writers and busy
	// since is when the current second of writers began; writers are the
	// writers seen since, and busy says whether the second before saw
	// Gather.Writers of them.
	since   time.Time
	writers map[uint64]struct{}
	busy    bool
}

// Gather is when and how long a committer waits for more writes: for
// Wait after a group's first write, or until the group is full, when the
// last whole second saw at least Writers distinct writers (worlds, say).
// A lone writer never waits: it commits a write at a time and can add none
// to its own group. The zero Gather never waits.
type Gather struct {
	Writers int
	Wait    time.Duration
}

// BusyGather is how both stores gather their ticks: once 200 worlds a
// second commit (2,000 worlds at a day every 10 s), a group waits up to
// 5 ms for more, about two more ticks at 500 a second and five at 1,000;
// a tick's notice goes out at most 5 ms later, and PostgreSQL's CPU per
// tick falls (docs/performance.md, "Ten thousand worlds").
var BusyGather = Gather{Writers: 200, Wait: 5 * time.Millisecond}

// pending is a write waiting for its group.
type pending[T any] struct {
	ctx    context.Context
	write  T
	weight int
	done   chan error // buffered: a committer never waits for its caller
}

// NewGroups starts committers goroutines, each committing a group at a
// time with commit: at most maxWrites writes, and no more once their
// weights (a write's statements, say) reach maxWeight, gathered as g says.
// commit gets a context bounded by the earliest deadline of the group's
// callers and returns one error for each write, nil for those committed.
// Close stops them.
func NewGroups[T any](committers, maxWrites, maxWeight int, g Gather, commit func(ctx context.Context, writes []T) []error) *Groups[T] {
	gs := &Groups[T]{queue: make(chan *pending[T]), quit: make(chan struct{}),
		maxWrites: maxWrites, maxWeight: maxWeight, commit: commit, gather: g,
		writers: make(map[uint64]struct{})}
	for range committers {
		gs.wg.Go(gs.loop)
	}
	return gs
}

// Do commits w, a write of the writer writer (its world, say), within the
// next group and returns its error. A caller whose ctx ends before its
// group begins is answered ctx's error, and w is left out; once its group
// has begun, Do waits for the group's end whatever ctx says (ctx's
// deadline bounds the group), so that w's outcome is known.
func (g *Groups[T]) Do(ctx context.Context, writer uint64, w T, weight int) error {
	g.count(writer)
	p := &pending[T]{ctx: ctx, write: w, weight: weight, done: make(chan error, 1)}
	select {
	case g.queue <- p:
	case <-ctx.Done():
		return ctx.Err()
	case <-g.quit:
		return ErrClosed
	}
	return <-p.done
}

// count notes a write of writer in the current second.
func (g *Groups[T]) count(writer uint64) {
	if g.gather.Writers <= 0 {
		return
	}
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if d := now.Sub(g.since); d >= time.Second {
		// A second without a write makes the store quiet again.
		g.busy = d < 2*time.Second && len(g.writers) >= g.gather.Writers
		g.since = now
		clear(g.writers)
	}
	g.writers[writer] = struct{}{}
}

// waits reports whether a committer waits for more writes (Gather).
func (g *Groups[T]) waits() bool {
	if g.gather.Writers <= 0 || g.gather.Wait <= 0 {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.busy && time.Since(g.since) < 2*time.Second
}

// Close stops the committers once their groups in flight have ended;
// writes made afterwards fail with ErrClosed.
func (g *Groups[T]) Close() {
	close(g.quit)
	g.wg.Wait()
}

// loop commits groups until Close.
func (g *Groups[T]) loop() {
	for {
		var first *pending[T]
		select {
		case first = <-g.queue:
		case <-g.quit:
			return
		}
		group, weight := []*pending[T]{first}, first.weight
		var (
			timer *time.Timer
			wait  <-chan time.Time // nil: take only what is queued
		)
		if g.waits() {
			timer = time.NewTimer(g.gather.Wait)
			wait = timer.C
		}
	gather:
		for len(group) < g.maxWrites && weight < g.maxWeight {
			select {
			case p := <-g.queue:
				group, weight = append(group, p), weight+p.weight
				continue
			default:
			}
			if wait == nil {
				break
			}
			select {
			case p := <-g.queue:
				group, weight = append(group, p), weight+p.weight
			case <-wait:
				break gather
			case <-g.quit:
				break gather
			}
		}
		if timer != nil {
			timer.Stop()
		}
		g.run(group)
	}
}

// run commits the writes of group whose callers still wait and answers
// each.
func (g *Groups[T]) run(group []*pending[T]) {
	deadline := time.Now().Add(groupTimeout)
	live := group[:0]
	for _, p := range group {
		if err := p.ctx.Err(); err != nil {
			p.done <- err
			continue
		}
		if d, ok := p.ctx.Deadline(); ok && d.Before(deadline) {
			deadline = d
		}
		live = append(live, p)
	}
	if len(live) == 0 {
		return
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	writes := make([]T, len(live))
	for i, p := range live {
		writes[i] = p.write
	}
	errs := g.commit(ctx, writes)
	for i, p := range live {
		p.done <- errs[i]
	}
}
