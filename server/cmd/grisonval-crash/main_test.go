package main

import (
	"os"
	"strconv"
	"testing"
	"time"

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
