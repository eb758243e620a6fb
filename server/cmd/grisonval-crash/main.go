// Command grisonval-crash is the evidence that Grisonval loses nothing. It
// builds grisonvald and runs it on an empty Postgres database.
//
// In crash mode (the default), three bot clients play a world while the
// server process is killed with SIGKILL at random instants and restarted,
// -kills times; it is then stopped with SIGTERM, and the run checks that
// every order acknowledged to the clients is in the store and was played,
// that no tick is missing, and that a replay from the seed and the stored
// orders matches every stored state.
//
// In failover mode, three server processes share the database while
// clients play a world through any of them; -trials times, the one that
// owns the world is killed with SIGKILL and restarted, and the run
// measures how long the world waits for another process, a client for an
// answer and the game for its next day, checks that a world nobody plays
// keeps its deadline through the moves, and ends with the checks of the
// crash mode (nothing acknowledged lost, the replay matches).
//
// In outage mode, the database is cut from one server process (a proxy
// between them closes every connection and refuses new ones, as a stopped
// database does) for -outage while clients play; the run checks that they
// are answered Unavailable with the reason unavailable, that the health
// service says NOT_SERVING, that the server's log holds a few sampled lines
// rather than one per call, and measures how soon after the database's
// return the server is healthy, answers and commits a day; then the crash
// mode's checks.
//
//	createdb -h 127.0.0.1 -U postgres crash
//	go run ./server/cmd/grisonval-crash -database-url 'postgres://postgres@127.0.0.1/crash?sslmode=disable' -kills 50
//
// In flood mode, one token floods the server with orders, messages and
// tick streams for -flood-duration while scripted camps play two worlds;
// the run reports the scripted camps' latency before and during the flood,
// what the flood left in the store and the log, and the server's open
// files, and checks that nothing acknowledged was lost (docs/security.md).
//
//	go run ./server/cmd/grisonval-crash -database-url ... -mode failover -trials 10
//	go run ./server/cmd/grisonval-crash -database-url ... -mode outage -outage 20s
//	go run ./server/cmd/grisonval-crash -database-url ... -mode flood -flood-duration 1m
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the mode args name and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grisonval-crash", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		url    = fs.String("database-url", os.Getenv("DATABASE_URL"), "an empty PostgreSQL database (default $DATABASE_URL)")
		mode   = fs.String("mode", "crash", "crash, failover, outage or flood")
		kills  = fs.Int("kills", 50, "crash mode: how many times to kill the server")
		trials = fs.Int("trials", 10, "failover mode: how many times to kill the world's owner")
		cut    = fs.Duration("outage", 20*time.Second, "outage mode: how long the database is cut from the server")
		minUp  = fs.Duration("min-up", 200*time.Millisecond, "crash mode: shortest time between a restart and the next kill")
		maxUp  = fs.Duration("max-up", 1500*time.Millisecond, "crash mode: longest time between a restart and the next kill")
		seed   = fs.Uint64("seed", uint64(time.Now().UnixNano()), "crash mode: the world's seed and the kills' random instants")
		flood  = fs.Duration("flood-duration", time.Minute, "flood mode: how long the token floods")
		calm   = fs.Duration("flood-baseline", 10*time.Second, "flood mode: how long the scripted camps play before the flood")
	)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *url == "" {
		fmt.Fprintln(stderr, "grisonval-crash: -database-url is required")
		return 2
	}
	dir, err := os.MkdirTemp("", "grisonval-crash-")
	if err != nil {
		fmt.Fprintf(stderr, "grisonval-crash: %v\n", err)
		return 2
	}
	switch *mode {
	case "crash":
		rep, err := runCrash(ctx, crashConfig{URL: *url, Dir: dir, Kills: *kills, MinUp: *minUp, MaxUp: *maxUp, Seed: *seed, Out: stdout})
		if err != nil {
			fmt.Fprintf(stderr, "grisonval-crash: seed %d: %v\n(logs in %s)\n", *seed, err, dir)
			return 1
		}
		fmt.Fprintf(stdout, "%d SIGKILLs in %s: %d ticks, %d acknowledged orders, all stored and played; replay matches every tick\n",
			rep.Kills, rep.Duration.Round(time.Second), rep.Ticks, rep.Acked)
	case "flood":
		rep, err := runFlood(ctx, floodConfig{URL: *url, Dir: dir, Baseline: *calm, Flood: *flood, Out: stdout})
		if err != nil {
			fmt.Fprintf(stderr, "grisonval-crash: %v\n(logs in %s)\n", err, dir)
			return 1
		}
		rep.print(stdout)
	case "failover":
		rep, err := runFailover(ctx, failoverConfig{URL: *url, Dir: dir, Trials: *trials, Seed: *seed, Out: stdout})
		if err != nil {
			fmt.Fprintf(stderr, "grisonval-crash: seed %d: %v\n(logs in %s)\n", *seed, err, dir)
			return 1
		}
		rep.print(stdout)
	case "outage":
		rep, err := runOutage(ctx, outageConfig{URL: *url, Dir: dir, Outage: *cut, Out: stdout})
		if err != nil {
			fmt.Fprintf(stderr, "grisonval-crash: %v\n(logs in %s)\n", err, dir)
			return 1
		}
		rep.print(stdout)
	default:
		fmt.Fprintf(stderr, "grisonval-crash: unknown mode %q\n", *mode)
		return 2
	}
	os.RemoveAll(dir)
	return 0
}
