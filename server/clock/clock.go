// Package clock is the server's source of time: the current instant and
// timers. Every deadline, rate limit, revocation check and lease of the
// server reads a Clock passed to it, so that tests drive them with a Fake
// without sleeping (STYLE.md, examples 12 and 19).
package clock

import (
	"slices"
	"sync"
	"time"
)

// Clock is a source of time: the current instant and timers.
// Implementations are safe for concurrent use.
type Clock interface {
	// Now returns the current instant.
	Now() time.Time
	// AfterFunc calls f once d has elapsed, unless the returned Timer is
	// stopped first. f must not block.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending call scheduled by Clock.AfterFunc.
type Timer interface {
	// Stop prevents the call if it has not run yet, and reports whether it
	// did so.
	Stop() bool
}

// Real is the wall clock. Its zero value is ready to use.
type Real struct{}

var (
	_ Clock = Real{}
	_ Clock = (*Fake)(nil)
)

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// AfterFunc wraps time.AfterFunc: f runs in its own goroutine.
func (Real) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// Fake is a Clock for tests: time stands still until Advance moves it.
// It is safe for concurrent use; the zero value is not, use NewFake.
type Fake struct {
	mu     sync.Mutex // guards now and timers
	now    time.Time
	timers []*fakeTimer
}

// NewFake returns a Fake that reads start.
func NewFake(start time.Time) *Fake {
	return &Fake{now: start}
}

type fakeTimer struct {
	clock *Fake
	when  time.Time
	f     func()
}

// Stop removes the timer from its clock.
func (t *fakeTimer) Stop() bool {
	c := t.clock
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.timers, t)
	if i < 0 {
		return false
	}
	c.timers = slices.Delete(c.timers, i, i+1)
	return true
}

// Now returns the fake current instant.
func (c *Fake) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc schedules f to run when the clock has been advanced by d; when
// d is not positive, f runs at once in its own goroutine.
func (c *Fake) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clock: c, when: c.now.Add(d), f: f}
	if d <= 0 {
		go f()
		return t
	}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the clock forward by d and runs, in the caller's goroutine
// and in time order, the calls of every timer that became due. A timer
// that one of those calls schedules counts from the advanced instant.
func (c *Fake) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*fakeTimer
	c.timers = slices.DeleteFunc(c.timers, func(t *fakeTimer) bool {
		if t.when.After(c.now) {
			return false
		}
		due = append(due, t)
		return true
	})
	c.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *fakeTimer) int { return a.when.Compare(b.when) })
	for _, t := range due {
		t.f()
	}
}
