package server

import (
	"slices"
	"sync"
	"time"
)

// Clock is the world loop's source of time: the current instant and timers.
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

// RealClock is the wall clock. Its zero value is ready to use.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// AfterFunc wraps time.AfterFunc.
func (RealClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// FakeClock is a Clock for tests: time stands still until Advance moves it.
// It is safe for concurrent use; the zero value is not, use NewFakeClock.
type FakeClock struct {
	mu     sync.Mutex // guards now and timers
	now    time.Time
	timers []*fakeTimer
}

// NewFakeClock returns a FakeClock that reads start.
func NewFakeClock(start time.Time) *FakeClock {
	return &FakeClock{now: start}
}

type fakeTimer struct {
	clock *FakeClock
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
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc schedules f to run when the clock has been advanced by d; when
// d is not positive, f runs at once in its own goroutine.
func (c *FakeClock) AfterFunc(d time.Duration, f func()) Timer {
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
// and in time order, the calls of every timer that became due.
func (c *FakeClock) Advance(d time.Duration) {
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
