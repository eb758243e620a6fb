package clock_test

import (
	"slices"
	"testing"
	"time"

	"github.com/grisonval/server/server/clock"
)

var start = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// TestFakeAdvance checks that a Fake reads its start until Advance moves
// it, and that Advance runs the timers that became due, in time order, and
// no other.
func TestFakeAdvance(t *testing.T) {
	c := clock.NewFake(start)
	if got := c.Now(); !got.Equal(start) {
		t.Fatalf("now: got %s; want %s", got, start)
	}
	var ran []string
	c.AfterFunc(3*time.Second, func() { ran = append(ran, "3s") })
	c.AfterFunc(time.Second, func() { ran = append(ran, "1s") })
	c.AfterFunc(2*time.Second, func() { ran = append(ran, "2s") })
	c.Advance(999 * time.Millisecond)
	if len(ran) != 0 {
		t.Fatalf("after 999ms: ran %v; want nothing", ran)
	}
	c.Advance(2 * time.Second)
	if want := []string{"1s", "2s"}; !slices.Equal(ran, want) {
		t.Fatalf("after 2.999s: ran %v; want %v", ran, want)
	}
	if got, want := c.Now(), start.Add(2999*time.Millisecond); !got.Equal(want) {
		t.Errorf("now: got %s; want %s", got, want)
	}
	c.Advance(time.Millisecond)
	if want := []string{"1s", "2s", "3s"}; !slices.Equal(ran, want) {
		t.Errorf("after 3s: ran %v; want %v", ran, want)
	}
	c.Advance(time.Hour)
	if len(ran) != 3 {
		t.Errorf("a timer ran twice: %v", ran)
	}
}

// TestFakeStop checks that a stopped timer does not run, and that Stop
// reports whether it prevented the call.
func TestFakeStop(t *testing.T) {
	c := clock.NewFake(start)
	ran := 0
	stopped := c.AfterFunc(time.Second, func() { ran++ })
	fired := c.AfterFunc(time.Second, func() { ran += 10 })
	if !stopped.Stop() {
		t.Errorf("stop of a pending timer: got false; want true")
	}
	if stopped.Stop() {
		t.Errorf("second stop: got true; want false")
	}
	c.Advance(time.Second)
	if ran != 10 {
		t.Errorf("calls: got %d; want only the timer not stopped (10)", ran)
	}
	if fired.Stop() {
		t.Errorf("stop of a timer that ran: got true; want false")
	}
}

// TestFakeRescheduleCountsFromNow checks that a call run by Advance that
// schedules a timer schedules it from the advanced instant, as a periodic
// check does.
func TestFakeRescheduleCountsFromNow(t *testing.T) {
	c := clock.NewFake(start)
	var at []time.Time
	var tick func()
	tick = func() {
		at = append(at, c.Now())
		c.AfterFunc(time.Second, tick)
	}
	c.AfterFunc(time.Second, tick)
	c.Advance(5 * time.Second) // one tick, at 5s, schedules the next at 6s
	c.Advance(time.Second)
	want := []time.Time{start.Add(5 * time.Second), start.Add(6 * time.Second)}
	if !slices.EqualFunc(at, want, time.Time.Equal) {
		t.Errorf("ticks: got %v; want %v", at, want)
	}
}

// TestFakeNotPositive checks that a timer of no duration runs at once,
// without an Advance.
func TestFakeNotPositive(t *testing.T) {
	c := clock.NewFake(start)
	done := make(chan struct{})
	c.AfterFunc(0, func() { close(done) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a timer of 0 did not run within 10s")
	}
}
