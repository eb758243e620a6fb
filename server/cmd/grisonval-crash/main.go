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
// In failover mode, three server processes share the database; the one
// that owns a world is killed with SIGKILL, and the run measures how long
// the world waits for another process and a client connected to a third one
// waits for an answer.
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
//	go run ./server/cmd/grisonval-crash -database-url ... -mode failover
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
		url   = fs.String("database-url", os.Getenv("DATABASE_URL"), "an empty PostgreSQL database (default $DATABASE_URL)")
		mode  = fs.String("mode", "crash", "crash, failover or flood")
		kills = fs.Int("kills", 50, "crash mode: how many times to kill the server")
		minUp = fs.Duration("min-up", 200*time.Millisecond, "crash mode: shortest time between a restart and the next kill")
		maxUp = fs.Duration("max-up", 1500*time.Millisecond, "crash mode: longest time between a restart and the next kill")
		seed  = fs.Uint64("seed", uint64(time.Now().UnixNano()), "crash mode: the world's seed and the kills' random instants")
		flood = fs.Duration("flood-duration", time.Minute, "flood mode: how long the token floods")
		calm  = fs.Duration("flood-baseline", 10*time.Second, "flood mode: how long the scripted camps play before the flood")
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
		if _, err := runFailover(ctx, *url, dir, stdout); err != nil {
			fmt.Fprintf(stderr, "grisonval-crash: %v\n(logs in %s)\n", err, dir)
			return 1
		}
	default:
		fmt.Fprintf(stderr, "grisonval-crash: unknown mode %q\n", *mode)
		return 2
	}
	os.RemoveAll(dir)
	return 0
}
