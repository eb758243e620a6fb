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
// Each caller waits for its group's end: a write is answered only once its
// transaction has committed, or failed.
type Groups[T any] struct {
	queue     chan *pending[T]
	quit      chan struct{}
	wg        sync.WaitGroup
	maxWrites int
	maxWeight int
	commit    func(ctx context.Context, writes []T) []error
}

// pending is a write waiting for its group.
type pending[T any] struct {
	ctx    context.Context
	write  T
	weight int
	done   chan error // buffered: a committer never waits for its caller
}

// NewGroups starts committers goroutines, each committing a group at a
// time with commit: at most maxWrites writes, and no more once their
// weights (a write's statements, say) reach maxWeight. commit gets a context bounded by the
// earliest deadline of the group's callers and returns one error for each
// write, nil for those committed. Close stops them.
func NewGroups[T any](committers, maxWrites, maxWeight int, commit func(ctx context.Context, writes []T) []error) *Groups[T] {
	g := &Groups[T]{queue: make(chan *pending[T]), quit: make(chan struct{}),
		maxWrites: maxWrites, maxWeight: maxWeight, commit: commit}
	for range committers {
		g.wg.Go(g.loop)
	}
	return g
}

// Do commits w within the next group and returns its error. A caller whose
// ctx ends before its group begins is answered ctx's error, and w is left
// out; once its group has begun, Do waits for the group's end whatever ctx
// says (ctx's deadline bounds the group), so that w's outcome is known.
func (g *Groups[T]) Do(ctx context.Context, w T, weight int) error {
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
	gather:
		for len(group) < g.maxWrites {
			select {
			case p := <-g.queue:
				group, weight = append(group, p), weight+p.weight
				if weight >= g.maxWeight {
					break gather
				}
			default:
				break gather
			}
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
