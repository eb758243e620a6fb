package main

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// EnvKills names the environment variable that sets how many SIGKILLs
// TestCrash deals; 3 when unset, for make test.
const EnvKills = "GRISONVAL_CRASH_KILLS"

// testWriter sends a run's progress to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Logf("%s", p)
	return len(p), nil
}

func TestCrash(t *testing.T) {
	kills := 3
	if s := os.Getenv(EnvKills); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", EnvKills, s, err)
		}
		kills = n
	}
	seed := uint64(time.Now().UnixNano())
	rep, err := runCrash(t.Context(), crashConfig{
		URL: pgtest.NewDatabase(t), Dir: t.TempDir(), Kills: kills,
		MinUp: 200 * time.Millisecond, MaxUp: 1500 * time.Millisecond, Seed: seed, Out: testWriter{t},
	})
	if err != nil {
		t.Fatalf("crash run with seed %d: %v", seed, err)
	}
	if rep.Kills != kills || rep.Ticks == 0 || rep.Acked == 0 {
		t.Fatalf("crash run with seed %d: got %+v; want %d kills with ticks and acknowledged orders", seed, rep, kills)
	}
	t.Logf("%d SIGKILLs in %s: %d ticks, %d acknowledged orders", rep.Kills, rep.Duration.Round(time.Millisecond), rep.Ticks, rep.Acked)
}

func TestFailover(t *testing.T) {
	rep, err := runFailover(t.Context(), pgtest.NewDatabase(t), t.TempDir(), testWriter{t})
	if err != nil {
		t.Fatalf("failover: %v", err)
	}
	if rep.Successor == rep.Owner || rep.Successor < 0 {
		t.Errorf("failover: the world went from process %d to %d; want another process", rep.Owner, rep.Successor)
	}
	// The time it took is a figure to report (docs/persistence.md), not an
	// assertion: the run only fails when no process takes over within
	// failoverLimit.
	t.Logf("failover: resumed after %s, the client's call answered after %s", rep.Resumed, rep.Answered)
}

// TestFlood runs a short flood (make test; -mode flood runs the minute):
// the flooding token's orders and messages are refused with
// ResourceExhausted (its streams stay under the bound in so short a run),
// its orders leave a bounded trace in the store, the log stays small, the
// server's files come back once its connections close, and the scripted
// camps lose nothing.
func TestFlood(t *testing.T) {
	rep, err := runFlood(t.Context(), floodConfig{
		URL: pgtest.NewDatabase(t), Dir: t.TempDir(), Baseline: 2 * time.Second, Flood: 5 * time.Second, Out: testWriter{t},
	})
	if err != nil {
		t.Fatalf("flood: %v", err)
	}
	rep.print(testWriter{t})
	if rep.Orders.Limited.Load() == 0 || rep.Messages.Limited.Load() == 0 {
		t.Errorf("the flood was never refused: orders %s; messages %s", &rep.Orders, &rep.Messages)
	}
	if perDay := store.MaxReplacedOrders + 1; rep.FloodRows > perDay*rep.Days {
		t.Errorf("the flooding camp left %d orders over %d days; want at most %d a day", rep.FloodRows, rep.Days, perDay)
	}
	if rep.LogGrowth > 1<<20 {
		t.Errorf("the log grew by %d bytes during a %s flood; want under 1 MiB", rep.LogGrowth, 5*time.Second)
	}
	if rep.FilesAfter > rep.FilesBefore+5 {
		t.Errorf("open files: %d before the flood, %d after; want them back", rep.FilesBefore, rep.FilesAfter)
	}
	if rep.Acked == 0 || rep.During.Calls == 0 {
		t.Errorf("the scripted camps did not play: %+v", rep)
	}
}
