// Command grisonval-replay replays a world from its seed and its stored
// orders and checks, tick by tick, that each replayed state's hash is the
// stored one. It reads the Postgres store (-database-url or DATABASE_URL) or
// the embedded store in a data folder (-data; stop the server first, it
// holds the folder). It prints one line per season and exits with status 1
// at the first difference, naming the day.
//
//	grisonval-replay -database-url postgres://... -world 1
//	grisonval-replay -data data -world 1 -season 2
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/postgres"
	"github.com/grisonval/server/server/store/sqlite"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run replays as args say and returns the exit status: 0 when every tick
// matches, 1 at a difference, 2 when the replay could not run.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grisonval-replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		dbURL   = fs.String("database-url", os.Getenv("DATABASE_URL"), "PostgreSQL URL; the embedded store in -data when empty (default $DATABASE_URL)")
		data    = fs.String("data", "data", "data folder of the embedded store")
		worldID = fs.Uint64("world", 0, "the world to replay (required)")
		season  = fs.Int("season", 0, "the season to replay; 0 replays every season of the world")
		verbose = fs.Bool("v", false, "print every day's hash")
	)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *worldID == 0 {
		fmt.Fprintln(stderr, "grisonval-replay: -world is required")
		fs.Usage()
		return 2
	}
	st, err := openStore(ctx, *dbURL, *data)
	if err != nil {
		fmt.Fprintf(stderr, "grisonval-replay: %v\n", err)
		return 2
	}
	defer st.Close()
	w, err := st.World(ctx, *worldID)
	if err != nil {
		fmt.Fprintf(stderr, "grisonval-replay: %v\n", err)
		return 2
	}
	seasons := []int{*season}
	if *season == 0 {
		seasons = nil
		for s := 1; s <= w.Season; s++ {
			seasons = append(seasons, s)
		}
	}
	var progress func(int, string)
	if *verbose {
		progress = func(day int, hash string) { fmt.Fprintf(stdout, "  day %d %s\n", day, hash) }
	}
	for _, s := range seasons {
		rep, err := server.Replay(ctx, st, served.Rulesets(), w.ID, s, progress)
		if re, ok := errors.AsType[*server.ReplayError](err); ok {
			fmt.Fprintf(stdout, "world %d season %d: MISMATCH on day %d: %s\n", w.ID, s, re.Day, re.Reason)
			return 1
		}
		if errors.Is(err, store.ErrNotFound) && *season == 0 {
			fmt.Fprintf(stdout, "world %d season %d: no tick stored\n", w.ID, s)
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "grisonval-replay: %v\n", err)
			return 2
		}
		from := fmt.Sprintf("seed %d", w.Seed)
		if rep.FromParent {
			from = fmt.Sprintf("world %d season %d day %d", w.Parent.WorldID, w.Parent.Season, w.Parent.Day)
		}
		fmt.Fprintf(stdout, "world %d season %d: days %d-%d from %s: %d ticks match, last hash %s\n",
			w.ID, s, rep.FirstDay, rep.LastDay, from, rep.LastDay-rep.FirstDay+1, rep.LastHash)
	}
	return 0
}

// openStore opens Postgres when dbURL is set, else the embedded store in
// data.
func openStore(ctx context.Context, dbURL, data string) (store.Store, error) {
	if dbURL != "" {
		return postgres.Open(ctx, dbURL)
	}
	return sqlite.Open(data)
}
