// Command grisonval-arena runs tournaments of bots, LLM agents, external
// agents and humans on a Grisonval server and publishes their ratings
// (docs/arena.md).
//
// Usage:
//
//	grisonval-arena plan   -data DIR -spec FILE
//	grisonval-arena run    -data DIR -name NAME [-spec FILE] [-web ADDR]
//	grisonval-arena serve  -data DIR -web ADDR
//	grisonval-arena status -data DIR [-name NAME]
//	grisonval-arena table  -data DIR -name NAME [-json FILE]
//	grisonval-arena export -data DIR -name NAME [-format json|csv] [-o FILE]
//	grisonval-arena demo   [-json FILE] [-seeds N] [-days N] [-castle]
//
// run serves the matches' worlds from a server in this process, on the
// embedded store in DIR (or PostgreSQL with -database-url), and keeps the
// arena's record in DIR/arena.db; a run stopped (or killed) is taken up
// again by the same command. demo runs an all-bot tournament in a scratch
// folder and prints its table.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/clients/web"
	"github.com/grisonval/server/server/cmd/internal/arena"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "grisonval-arena:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

type usageError struct{ error }

const usage = `usage: grisonval-arena plan|run|serve|status|table|export|demo [flags] (docs/arena.md; -h after a command lists its flags)`

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New(usage)}
	}
	cmd, args := args[0], args[1:]
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "arena", "the arena's folder: its record (arena.db), the tokens it hands out, and the embedded store")
	dbURL := fs.String("database-url", "", "run: serve the matches from this PostgreSQL instead of the embedded store")
	name := fs.String("name", "", "the tournament's name")
	specFile := fs.String("spec", "", "plan, run: the tournament's spec, a JSON file (docs/arena.md)")
	jsonFile := fs.String("json", "", "table, demo: also write the table as JSON to this file")
	format := fs.String("format", "json", "export: json or csv")
	out := fs.String("o", "", "export: the file to write (standard output when empty)")
	seeds := fs.Int("seeds", 2, "demo: seeds each pairing is played on")
	days := fs.Int("days", 30, "demo: days of each Grisonval match")
	castle := fs.Bool("castle", false, "demo: play the Castle instead of Grisonval")
	level := fs.String("log-level", "warn", "the lowest level logged (debug, info, warn, error)")
	webAt := fs.String("web", "", "run, serve: serve the public leaderboard at /arena and the web face (the matches' timelapses) at this address, such as 127.0.0.1:7782")
	addr := fs.String("addr", "", "run, serve: the gRPC address of the arena's server, for external entrants and for admins (AdminService's tournament methods); a loopback port when empty")
	adminTokenFile := fs.String("admin-token-file", "", "run, serve: a file holding the operator's admin token (at least 32 characters), which opens AdminService on -addr")
	cpuProfile := fs.String("cpuprofile", "", "run, demo: write a CPU profile of the whole process to this file")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	lvl, err := zerolog.ParseLevel(*level)
	if err != nil {
		return usageError{fmt.Errorf("-log-level: %w", err)}
	}
	log := zerolog.New(stderr).Level(lvl).With().Timestamp().Logger()
	where := arena.Options{Addr: *addr}
	if *adminTokenFile != "" {
		b, err := os.ReadFile(*adminTokenFile)
		if err != nil {
			return fmt.Errorf("-admin-token-file: %w", err)
		}
		where.AdminToken = strings.TrimSpace(string(b))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	switch cmd {
	case "plan", "run":
		var spec *arena.Spec
		if *specFile != "" {
			s, err := arena.ReadSpec(*specFile)
			if err != nil {
				return err
			}
			spec = &s
		}
		if cmd == "plan" && spec == nil {
			return usageError{errors.New("plan: -spec FILE is required")}
		}
		a, closeAll, err := arena.Open(ctx, *data, *dbURL, log, where)
		if err != nil {
			return err
		}
		defer closeAll()
		if spec != nil {
			if _, err := a.DB.TournamentByName(ctx, spec.Name); errors.Is(err, arena.ErrNoTournament) {
				t, plan, err := a.Plan(ctx, *spec)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "tournament %q planned: %d matches of %d camps (%s), %s\n", t.Spec.Name, len(plan), t.Spec.Camps, t.Spec.Ruleset, t.Spec.Schedule)
			} else if err != nil {
				return err
			} else if cmd == "plan" {
				return fmt.Errorf("tournament %q exists already: run it, or give the spec another name", spec.Name)
			}
			if *name == "" {
				*name = spec.Name
			}
		}
		if cmd == "plan" {
			return nil
		}
		if *name == "" {
			return usageError{errors.New("run: -name NAME or -spec FILE is required")}
		}
		if err := serveWeb(ctx, a, *webAt, log, stdout); err != nil {
			return err
		}
		started := time.Now()
		if err := a.Run(ctx, *name); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "tournament %q played in %s\n", *name, time.Since(started).Round(time.Millisecond))
		return printTable(ctx, a, *name, "", stdout)
	case "serve":
		if *webAt == "" && *addr == "" {
			return usageError{errors.New("serve: -web ADDR or -addr ADDR is required")}
		}
		a, closeAll, err := arena.Open(ctx, *data, *dbURL, log, where)
		if err != nil {
			return err
		}
		defer closeAll()
		if err := serveWeb(ctx, a, *webAt, log, stdout); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "arena's server at %s (AdminService's tournament methods with the operator's token)\n", a.Addr)
		<-ctx.Done()
		return nil
	case "status":
		db, err := arena.OpenDB(*data)
		if err != nil {
			return err
		}
		defer db.Close()
		return status(ctx, db, *name, stdout)
	case "table", "export":
		if *name == "" {
			return usageError{fmt.Errorf("%s: -name NAME is required", cmd)}
		}
		if cmd == "export" && *format != "json" && *format != "csv" {
			return usageError{fmt.Errorf("-format %q: json or csv", *format)}
		}
		db, err := arena.OpenDB(*data)
		if err != nil {
			return err
		}
		defer db.Close()
		a := &arena.Arena{DB: db}
		if cmd == "table" {
			return printTable(ctx, a, *name, *jsonFile, stdout)
		}
		x, err := a.Export(ctx, *name)
		if err != nil {
			return err
		}
		w := stdout
		if *out != "" {
			f, err := os.Create(*out)
			if err != nil {
				return err
			}
			defer f.Close()
			w = f
		}
		if *format == "csv" {
			return x.WriteCSV(w)
		}
		return x.WriteJSON(w)
	case "demo":
		dir, err := os.MkdirTemp("", "grisonval-arena-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		a, closeAll, err := arena.Open(ctx, dir, "", log, arena.Options{})
		if err != nil {
			return err
		}
		defer closeAll()
		spec := DemoSpec(*seeds, *days, *castle)
		if _, _, err := a.Plan(ctx, spec); err != nil {
			return err
		}
		started := time.Now()
		if err := a.Run(ctx, spec.Name); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "demo tournament played in %s (scratch folder %s, removed)\n", time.Since(started).Round(time.Millisecond), dir)
		return printTable(ctx, a, spec.Name, *jsonFile, stdout)
	}
	return usageError{fmt.Errorf("unknown command %q; %s", cmd, usage)}
}

// DemoSpec is demo's tournament: the three postures and the two floors,
// round robin in matches of three camps on seeds 1 to seeds, with a move
// clock of 5 s (the bots answer in milliseconds).
func DemoSpec(seeds, days int, castle bool) arena.Spec {
	s := arena.Spec{Name: "demo", Ruleset: "grisonval", Camps: 3, SeasonLength: days, MoveClock: arena.Duration(5 * time.Second),
		Schedule: arena.RoundRobin, Anchor: "random-legal", Concurrency: 8,
		Entrants: []arena.Entrant{
			{ID: "aggressive", Kind: arena.KindBot, Posture: "aggressive"},
			{ID: "growth", Kind: arena.KindBot, Posture: "growth"},
			{ID: "prudent", Kind: arena.KindBot, Posture: "prudent"},
			{ID: "random-legal", Kind: arena.KindRandom},
			{ID: "rest-only", Kind: arena.KindRest},
		}}
	if castle {
		s.Ruleset, s.SeasonLength = "castle", 0
	}
	for i := range seeds {
		s.Seeds = append(s.Seeds, uint64(i+1))
	}
	return s
}

func printTable(ctx context.Context, a *arena.Arena, name, jsonFile string, w io.Writer) error {
	b, err := a.Table(ctx, name)
	if err != nil {
		return err
	}
	if err := b.WriteText(w); err != nil {
		return err
	}
	if jsonFile == "" {
		return nil
	}
	f, err := os.Create(jsonFile)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeJSON(f, b)
}

func status(ctx context.Context, db *arena.DB, name string, w io.Writer) error {
	names := []string{name}
	if name == "" {
		var err error
		if names, err = db.Tournaments(ctx); err != nil {
			return err
		}
		if len(names) == 0 {
			fmt.Fprintln(w, "no tournament yet: grisonval-arena plan -spec FILE")
		}
	}
	for _, n := range names {
		t, err := db.TournamentByName(ctx, n)
		if err != nil {
			return err
		}
		ms, err := db.Matches(ctx, t.ID)
		if err != nil {
			return err
		}
		count := map[string]int{}
		for _, m := range ms {
			count[m.Status]++
		}
		fmt.Fprintf(w, "%s: %s, %d entrants, %s; %d matches: %d done, %d running, %d planned, %d failed\n", n, t.Spec.Ruleset,
			len(t.Spec.Entrants), t.Spec.Schedule, len(ms), count[arena.MatchDone], count[arena.MatchRunning], count[arena.MatchPlanned], count[arena.MatchFailed])
		for _, m := range ms {
			if m.Status == arena.MatchFailed {
				fmt.Fprintf(w, "  match %d (world %d) failed: %s\n", m.Seq+1, m.WorldID, m.Error)
			}
		}
	}
	return nil
}

// serveWeb serves, when addr is set, the public leaderboard at /arena and
// the web face (the matches' timelapses) beside it, until ctx is done.
func serveWeb(ctx context.Context, a *arena.Arena, addr string, log zerolog.Logger, stdout io.Writer) error {
	if addr == "" {
		return nil
	}
	conn, err := a.FaceConn()
	if err != nil {
		return err
	}
	face, err := web.New(web.Config{Conn: conn, Log: &log})
	if err != nil {
		conn.Close()
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /arena", web.Leaderboard(a.Leaderboards, log))
	mux.Handle("/", face)
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		conn.Close()
		return fmt.Errorf("-web: %w", err)
	}
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(lis)
	go func() {
		<-ctx.Done()
		hs.Close()
		conn.Close()
	}()
	fmt.Fprintf(stdout, "leaderboard at http://%s/arena\n", lis.Addr())
	return nil
}
