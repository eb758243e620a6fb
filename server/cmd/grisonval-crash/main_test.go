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

// EnvTrials names the environment variable that sets how many SIGKILLs
// TestFailover deals; 2 when unset, for make test (-mode failover -trials
// 10 is the long run of docs/operations.md).
const EnvTrials = "GRISONVAL_FAILOVER_TRIALS"

// TestFailover kills the owner of a played world among three processes and
// restarts it, twice (make test): another process takes the world each
// time, a world nobody plays keeps its deadline, nothing acknowledged is
// lost and the world replays. The times it took are figures to report
// (docs/operations.md), not assertions: the run only fails when no process
// takes over within failoverLimit.
func TestFailover(t *testing.T) {
	trials := 2
	if s := os.Getenv(EnvTrials); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", EnvTrials, s, err)
		}
		trials = n
	}
	seed := uint64(time.Now().UnixNano())
	rep, err := runFailover(t.Context(), failoverConfig{URL: pgtest.NewDatabase(t), Dir: t.TempDir(), Trials: trials, Seed: seed, Out: testWriter{t}})
	if err != nil {
		t.Fatalf("failover with seed %d: %v", seed, err)
	}
	for i, tr := range rep.Trials {
		if tr.Successor == tr.Owner || tr.Successor < 0 {
			t.Errorf("trial %d: the world went from process %d to %d; want another process", i+1, tr.Owner, tr.Successor)
		}
	}
	if !rep.ClockKept || rep.Acked == 0 {
		t.Errorf("the clock world's deadline kept: %v; acknowledged orders %d; want it kept, and orders", rep.ClockKept, rep.Acked)
	}
	rep.print(testWriter{t})
}

// EnvOutage names the environment variable that sets how long TestOutage
// cuts the database; 2s when unset, for make test.
const EnvOutage = "GRISONVAL_OUTAGE"

// TestOutage cuts the database from a server for 2 s while clients play
// (make test; -mode outage runs the 20 s of docs/operations.md): they are
// answered Unavailable with the reason unavailable and nothing else, the
// health service says NOT_SERVING and SERVING again, the log stays small,
// nothing acknowledged is lost and the world replays.
func TestOutage(t *testing.T) {
	outage := 2 * time.Second
	if s := os.Getenv(EnvOutage); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", EnvOutage, s, err)
		}
		outage = d
	}
	rep, err := runOutage(t.Context(), outageConfig{URL: pgtest.NewDatabase(t), Dir: t.TempDir(), Outage: outage, Out: testWriter{t}})
	if err != nil {
		t.Fatalf("outage: %v", err)
	}
	rep.print(testWriter{t})
	if rep.Unexpected != 0 {
		t.Errorf("%d failed calls were not Unavailable with the reason unavailable: %s", rep.Unexpected, rep.Failed)
	}
	// One line per cause and window (10 s) of each kind, and the health's
	// changes: a few, however long the outage.
	if limit := 10 + 4*int(outage/(10*time.Second)); rep.LogLines > limit {
		t.Errorf("%d error lines in the log for a %s outage; want at most %d, sampled", rep.LogLines, outage, limit)
	}
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
