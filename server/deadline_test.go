package server_test

import (
	"testing"
	"time"

	"github.com/rs/zerolog"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/metrics"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestDeadlineKeptAcrossRestart covers TICK-5's clock: a world restarted
// 45 s into a day of a minute keeps its deadline (the day resolves 15 s
// after the restart, not a minute), on both stores; a day due while no
// server ran resolves at once when one starts; and the lateness counted
// is the time past the stored deadline.
func TestDeadlineKeptAcrossRestart(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func(t *testing.T) store.Store
	}{
		{"sqlite", openSQLite},
		{"postgres", func(t *testing.T) store.Store {
			st := openPostgres(t, pgtest.NewDatabase(t))
			t.Cleanup(func() { st.Close() })
			return st
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.open(t)
			fake := clock.NewFake(start)
			h := startServer(t, st, fake)
			w := h.createWorld(t, &pb.CreateWorldRequest{})
			due := start.Add(cadence)
			if got := h.view(t, w.tokens[0]).GetDeadline().AsTime(); !got.Equal(due) {
				t.Fatalf("deadline %s; want %s", got, due)
			}

			// Restarted mid-day: the day keeps its deadline.
			h.advance(t, 45*time.Second)
			h.stop()
			h = startServer(t, st, fake)
			if got := h.view(t, w.tokens[0]).GetDeadline().AsTime(); !got.Equal(due) {
				t.Fatalf("deadline after a restart 45 s into the day: %s; want %s, the day's own", got, due)
			}
			next, _ := h.watch(t, w.tokens[0])
			h.advance(t, 15*time.Second-1)
			if d := h.view(t, w.tokens[0]).GetDay(); d != 0 {
				t.Fatalf("day %d a nanosecond before the kept deadline; want 0", d)
			}
			h.advance(t, 1)
			if n := next(); n.GetDay() != 1 || !n.GetNextDeadline().AsTime().Equal(due.Add(cadence)) {
				t.Fatalf("notice of day %d, next deadline %s; want day 1 at the kept deadline, next %s",
					n.GetDay(), n.GetNextDeadline().AsTime(), due.Add(cadence))
			}

			// Stopped across its deadline: the day resolves as soon as a
			// server runs the world, 30 s late.
			h.stop()
			fake.Advance(cadence + 30*time.Second)
			m := metrics.New()
			h = startServerConfig(t, server.Config{Store: st, Clock: fake, Rulesets: rulesets, Metrics: m,
				Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel)})
			next, first := h.watch(t, w.tokens[0])
			if first.GetDay() == 1 {
				first = next()
			}
			if first.GetDay() != 2 {
				t.Fatalf("day %d once restarted after the deadline; want 2", first.GetDay())
			}
			if got, want := first.GetNextDeadline().AsTime(), fake.Now().Add(cadence); !got.Equal(want) {
				t.Errorf("next deadline %s; want %s, a cadence after the late day", got, want)
			}
			if got := lateness(t, m); got != 30 {
				t.Errorf("lateness of the day resolved at restart: %g s; want 30, past the stored deadline", got)
			}
		})
	}
}

// TestFailedCommitKeepsDeadline: a day whose commit fails keeps its
// deadline and is tried again after commitRetryFirst (250 ms), then
// twice as long each time, not a cadence later; its lateness is counted
// from the deadline it kept.
func TestFailedCommitKeepsDeadline(t *testing.T) {
	st := &failingStore{Store: openSQLite(t)}
	fake := clock.NewFake(start)
	m := metrics.New()
	h := startServerConfig(t, server.Config{Store: st, Clock: fake, Rulesets: rulesets, Metrics: m,
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel)})
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next, _ := h.watch(t, w.tokens[0])
	due := start.Add(cadence)

	// Every camp posts: the day is due at once, and its commit fails.
	st.fail.Store(true)
	for c := range w.tokens {
		h.submit(t, w.tokens[c], "rest")
	}
	v := h.view(t, w.tokens[0])
	if v.GetDay() != 0 || !v.GetDeadline().AsTime().Equal(due) {
		t.Fatalf("after a failed commit: day %d, deadline %s; want day 0 and the day's deadline %s",
			v.GetDay(), v.GetDeadline().AsTime(), due)
	}
	// The tries at 250 ms and 750 ms fail too; the store is back for the
	// one at 1750 ms.
	st.waitFailed(t, 1)
	h.advance(t, 250*time.Millisecond)
	st.waitFailed(t, 2)
	h.advance(t, 500*time.Millisecond)
	st.waitFailed(t, 3)
	st.fail.Store(false)
	h.advance(t, time.Second-1)
	if d := h.view(t, w.tokens[0]).GetDay(); d != 0 {
		t.Fatalf("day %d before the third try; want 0", d)
	}
	h.advance(t, 1)
	n := next()
	if n.GetDay() != 1 {
		t.Fatalf("notice of day %d; want 1", n.GetDay())
	}
	if got, want := n.GetNextDeadline().AsTime(), start.Add(1750*time.Millisecond+cadence); !got.Equal(want) {
		t.Errorf("next deadline %s; want %s, a cadence after the day committed", got, want)
	}
	if got := lateness(t, m); got != 0 {
		t.Errorf("lateness of a day resolved before its deadline: %g s; want 0", got)
	}

	// Past its deadline with the store down: the day commits late, and is
	// counted late from the deadline it kept.
	st.fail.Store(true)
	h.advance(t, cadence)
	st.waitFailed(t, 4)
	h.advance(t, 250*time.Millisecond)
	st.waitFailed(t, 5)
	st.fail.Store(false)
	h.advance(t, 500*time.Millisecond)
	if n := next(); n.GetDay() != 2 {
		t.Fatalf("notice of day %d; want 2", n.GetDay())
	}
	if got := lateness(t, m); got != 0.75 {
		t.Errorf("lateness: %g s; want 0.75, counted from the kept deadline", got)
	}
}

// lateness returns the sum of grisonval_tick_lateness_seconds that m serves.
func lateness(t *testing.T, m *metrics.Metrics) float64 {
	t.Helper()
	return metricValue(t, m, `grisonval_tick_lateness_seconds_sum\{[^}]*\}`)
}
