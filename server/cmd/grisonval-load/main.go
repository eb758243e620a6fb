// Command grisonval-load measures the server under load, on loopback only,
// against a baseline measured in the same run: a no-op grpc-go server
// answering GetView with an empty view. It builds grisonvald (or takes the
// binaries given, to set a version before a change beside one after it),
// starts each on a fresh store, the embedded one or a new database of a
// PostgreSQL, and runs the modes asked, round after round, every run
// bounded in count and time:
//
//   - view: GetView throughput, closed loop (workers over a few
//     connections, each calling again at once): calls per second against
//     the baseline's, latency, the server's CPU per call;
//   - clients: a crowd of clients, each with its own connection and its own
//     token (players over -client-worlds worlds, spectators of the first
//     -watched), holding a tick stream and calling GetView (GetFrame for a
//     spectator) at a rate: view latency (counted from the instant a view
//     was due) beside the server's own (its metrics) and the no-op's,
//     errors, tick notices and how late they came, the server's memory, CPU
//     and the files it holds before and after;
//   - worlds: many worlds in one process, created at a rate, each resolving
//     at its cadence and watched by one stream: tick lateness as the server
//     and as a client see it, memory per world, leases lost;
//   - replicas (-store postgres): the worlds spread over -replicas server
//     processes of one database: how long until even, the store's writes
//     per world, and a rolling restart: worlds per replica at each step and
//     the time until they are even again.
//
// The load clients do not decode views (on a small machine their decoding
// would be charged to the server); the first view of each worker is
// decoded and checked.
//
//	go run ./server/cmd/grisonval-load -mode view,clients -store sqlite
//	go run ./server/cmd/grisonval-load -mode clients -clients 10000 -client-worlds 1000 -spectators 1000
//	go run ./server/cmd/grisonval-load -mode worlds -store postgres -worlds 2000
//	go run ./server/cmd/grisonval-load -mode replicas -store postgres -worlds 1000 -world-cadence 30s
//	go run ./server/cmd/grisonval-load -server before=/tmp/old/grisonvald,after=bin/grisonvald -rounds 3
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/grisonval/server/deploy"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// config is a run's settings.
type config struct {
	modes   []string
	servers []*target
	store   storeConfig
	rounds  int
	check   bool
	view    viewLoad
	clients clientsLoad
	worlds  worldsLoad
	// replicas is the replicas mode's, with the worlds mode's worlds.
	replicas replicasLoad
	// viewCadence and clientsCadence are the cadences of the worlds of the
	// view and clients modes; days the days played before.
	viewCadence, clientsCadence time.Duration
	days                        int
	// profile is where the first round's CPU profiles go, when asked.
	profile string
	// tls makes the measured servers and their clients speak TLS.
	tls bool
}

// run parses args, runs the modes and returns the exit status.
// loadGCPercent is the clients' side's GOGC (run).
const loadGCPercent = 400

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grisonval-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		c         config
		noop      = fs.String("noop", "", "serve the no-op baseline at this address (the tool runs itself so)")
		modes     = fs.String("mode", "view,clients", "modes to run, comma-separated: view, clients, worlds, replicas")
		servers   = fs.String("server", "", "the servers measured, name=binary,... (default: grisonvald built from this module, named server)")
		smoke     = fs.Bool("smoke", false, "a short run of every mode that fails on any error (make test)")
		keep      = fs.Bool("keep", false, "keep the run's folder (the servers' logs and data) and print where it is")
		pgDefault = os.Getenv("GRISONVAL_TEST_PG")
	)
	if pgDefault == "" {
		pgDefault = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	fs.StringVar(&c.store.kind, "store", "sqlite", "the servers' store: sqlite or postgres")
	fs.StringVar(&c.store.pgBase, "postgres", pgDefault, "with -store postgres: a PostgreSQL where a database is created per server (default $GRISONVAL_TEST_PG)")
	fs.DurationVar(&c.store.leaseTTL, "lease-ttl", 0, "with -store postgres: the servers' -lease-ttl (0: their default)")
	fs.IntVar(&c.rounds, "rounds", 3, "rounds: each mode runs every server this many times, in turn")
	fs.BoolVar(&c.check, "check", false, "exit with status 1 when a measured server (not the baseline) answered an error, lost a lease or sent no notice")
	fs.IntVar(&c.days, "days", 20, "view, clients: days played in the world before the load")
	fs.IntVar(&c.view.workers, "workers", 32, "view: concurrent callers")
	fs.IntVar(&c.view.conns, "conns", 4, "view: client connections the callers share")
	fs.DurationVar(&c.view.warmup, "warmup", time.Second, "view: time before measuring")
	fs.DurationVar(&c.view.duration, "duration", 5*time.Second, "view: measured time of a run")
	fs.DurationVar(&c.viewCadence, "view-cadence", 30*time.Second, "view: the world's cadence")
	fs.IntVar(&c.clients.clients, "clients", 1000, "clients: how many")
	fs.Float64Var(&c.clients.rate, "rate", 1, "clients: views per second of each client")
	fs.DurationVar(&c.clients.warmup, "clients-warmup", 5*time.Second, "clients: time before measuring, while the clients connect")
	fs.DurationVar(&c.clients.duration, "clients-duration", 20*time.Second, "clients: measured time of a run")
	fs.DurationVar(&c.clientsCadence, "cadence", 5*time.Second, "clients: the world's cadence")
	fs.DurationVar(&c.clients.timeout, "timeout", 10*time.Second, "clients: the deadline of a view")
	fs.IntVar(&c.clients.crowd.worlds, "client-worlds", 1, "clients: worlds the players spread over, each player with its own token (a camp's seat): the played world and forks of it")
	fs.IntVar(&c.clients.crowd.spectators, "spectators", 0, "clients: how many of the clients are spectators, each with its own spectator token, reading the world's frame (GetFrame) instead of a view")
	fs.IntVar(&c.clients.crowd.watched, "watched", 3, "clients: the worlds the spectators watch, the first of -client-worlds")
	fs.IntVar(&c.worlds.worlds, "worlds", 1000, "worlds: how many")
	fs.Float64Var(&c.worlds.rate, "create-rate", 100, "worlds: worlds created per second")
	fs.DurationVar(&c.worlds.cadence, "world-cadence", 10*time.Second, "worlds: each world's cadence")
	fs.DurationVar(&c.worlds.duration, "worlds-duration", 30*time.Second, "worlds: how long the worlds live once all are created")
	fs.IntVar(&c.worlds.conns, "watch-conns", 8, "worlds: the watchers' client connections")
	fs.IntVar(&c.replicas.replicas, "replicas", 3, "replicas: how many server processes share the database (-worlds worlds, created at -create-rate, a day every -world-cadence)")
	fs.DurationVar(&c.replicas.idle, "replicas-idle", 30*time.Second, "replicas: how long the store's writes are counted once the worlds are even")
	fs.StringVar(&c.profile, "profile", "", "write a CPU profile of each server over the first round's measured window to this folder, as <mode>-<server>.pprof (servers with -metrics only)")
	fs.BoolVar(&c.tls, "tls", false, "the measured servers speak TLS, with a self-signed pair the tool makes for each, and every client speaks it (the no-op baseline stays plaintext)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *noop != "" {
		if err := serveNoop(*noop); err != nil {
			fmt.Fprintf(stderr, "grisonval-load: noop: %v\n", err)
			return 1
		}
		return 0
	}
	// The clients' side collects its garbage four times less often than
	// Go's default: with 10,000 clients its collector took so much of the
	// machine that the no-op baseline itself answered 1.1 s late at the
	// median (20 ms with this). The servers measured, and the no-op, keep
	// their own setting.
	debug.SetGCPercent(loadGCPercent)
	if *smoke {
		c = smokeConfig(c)
		*modes = "view,clients,worlds"
	}
	c.modes = strings.Split(*modes, ",")
	for _, m := range c.modes {
		if m != "view" && m != "clients" && m != "worlds" && m != "replicas" {
			fmt.Fprintf(stderr, "grisonval-load: unknown mode %q\n", m)
			return 2
		}
	}
	if c.store.kind != "sqlite" && c.store.kind != "postgres" {
		fmt.Fprintf(stderr, "grisonval-load: -store must be sqlite or postgres\n")
		return 2
	}
	dir, err := os.MkdirTemp("", "grisonval-load-")
	if err != nil {
		fmt.Fprintf(stderr, "grisonval-load: %v\n", err)
		return 1
	}
	if *keep {
		fmt.Fprintf(stderr, "grisonval-load: the servers' logs and data are in %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if *smoke && c.profile == "" {
		c.profile = filepath.Join(dir, "profiles") // the smoke checks them
	}
	if c.profile != "" {
		if err := os.MkdirAll(c.profile, 0o750); err != nil {
			fmt.Fprintf(stderr, "grisonval-load: %v\n", err)
			return 1
		}
	}
	if c.servers, err = parseServers(ctx, *servers, dir); err != nil {
		fmt.Fprintf(stderr, "grisonval-load: %v\n", err)
		return 2
	}
	failed := false
	for _, m := range c.modes {
		var err error
		var bad bool
		switch m {
		case "view":
			bad, err = viewMode(ctx, c, dir, stdout)
		case "clients":
			bad, err = clientsMode(ctx, c, dir, stdout)
		case "worlds":
			bad, err = worldsMode(ctx, c, dir, stdout)
		case "replicas":
			bad, err = replicasMode(ctx, c, dir, stdout)
		}
		if err != nil {
			fmt.Fprintf(stderr, "grisonval-load: %s: %v\n", m, err)
			return 1
		}
		failed = failed || bad
	}
	if *smoke {
		if err := checkProfiles(c); err != nil {
			fmt.Fprintf(stderr, "grisonval-load: %v\n", err)
			return 1
		}
	}
	if c.check && failed {
		fmt.Fprintln(stderr, "grisonval-load: a measured server failed (see above)")
		return 1
	}
	return 0
}

// smokeConfig returns c cut down to a run of a few seconds per mode, that
// checks every answer.
func smokeConfig(c config) config {
	c.rounds, c.check, c.days = 1, true, 3
	c.view = viewLoad{workers: 8, conns: 2, warmup: 200 * time.Millisecond, duration: time.Second}
	c.clients = clientsLoad{clients: 30, rate: 4, warmup: 500 * time.Millisecond, duration: 2 * time.Second, timeout: 10 * time.Second,
		crowd: crowdSpec{worlds: 3, spectators: 6, watched: 2}}
	c.clientsCadence = time.Second
	c.worlds = worldsLoad{worlds: 10, rate: 20, cadence: time.Second, duration: 2500 * time.Millisecond, conns: 2}
	return c
}

// parseServers returns the servers of spec (name=binary,...), or builds
// grisonvald into dir.
func parseServers(ctx context.Context, spec, dir string) ([]*target, error) {
	if spec == "" {
		bin := filepath.Join(dir, "grisonvald")
		cmd := deploy.BuildCommand(ctx, bin, "github.com/grisonval/server/server/cmd/grisonvald")
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("build grisonvald: %w\n%s", err, out)
		}
		return []*target{{name: "server", bin: bin}}, nil
	}
	var out []*target
	for _, s := range strings.Split(spec, ",") {
		name, bin, ok := strings.Cut(s, "=")
		if !ok || name == "" || name == "noop" {
			return nil, fmt.Errorf("-server %q: want name=binary, and a name other than noop", s)
		}
		abs, err := filepath.Abs(bin)
		if err != nil {
			return nil, err
		}
		out = append(out, &target{name: name, bin: abs})
	}
	return out, nil
}

// fresh returns new targets: the baseline (when withNoop) and every server,
// none started.
func fresh(c config, withNoop bool) []*target {
	var ts []*target
	if withNoop {
		ts = append(ts, &target{name: "noop"})
	}
	for _, s := range c.servers {
		ts = append(ts, &target{name: s.name, bin: s.bin, profile: c.profile != "", tls: c.tls})
	}
	return ts
}

// startAll starts ts, each with a world of spec (but the baseline), in a
// folder of dir named after the mode.
func startAll(ctx context.Context, ts []*target, dir, mode string, sc storeConfig, spec worldSpec) ([]world, error) {
	dir = filepath.Join(dir, mode)
	ws := make([]world, len(ts))
	for i, t := range ts {
		if err := t.start(ctx, dir, sc); err != nil {
			return nil, err
		}
		if t.noop() {
			ws[i] = world{tokens: []string{"none", "none", "none"}}
			continue
		}
		w, err := t.createWorld(ctx, spec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.name, err)
		}
		ws[i] = w
	}
	return ws, nil
}

func closeAll(ts []*target) error {
	var errs []error
	for _, t := range ts {
		errs = append(errs, t.close())
	}
	return errors.Join(errs...)
}

// viewMode runs the view mode and prints its table; it reports whether a
// measured server answered an error.
func viewMode(ctx context.Context, c config, dir string, out io.Writer) (bool, error) {
	ts := fresh(c, true)
	defer closeAll(ts)
	ws, err := startAll(ctx, ts, dir, "view", c.store, worldSpec{seed: 42, cadence: c.viewCadence, days: c.days})
	if err != nil {
		return false, err
	}
	res := make([][]viewResult, len(ts))
	for round := range c.rounds {
		for i, t := range ts {
			wait := profileWindow(ctx, t, c.profile, "view", round, c.view.warmup, c.view.duration)
			r, err := runView(ctx, t, ws[i], c.view)
			if err == nil {
				err = wait()
			}
			if err != nil {
				return false, err
			}
			res[i] = append(res[i], r)
			fmt.Fprintf(out, "view round %d %-8s %8.0f calls/s  p50 %s ms  p99 %s ms  %d errors  %d B  %.0f µs CPU/call\n",
				round+1, t.name, r.qps, ms(r.lat.p50), ms(r.lat.p99), r.errors, r.bytes, r.cpu)
		}
	}
	fmt.Fprintf(out, "\nGetView throughput, %s store, %d workers over %d connections, %d rounds of %s (min / median):\n\n",
		c.store.kind, c.view.workers, c.view.conns, c.rounds, c.view.duration)
	fmt.Fprintln(out, "| server | calls/s | vs no-op | p50 ms | p99 ms | errors | reply | server CPU per call |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|")
	bad := false
	for i, t := range ts {
		var qps, ratio, p50, p99, cpu []float64
		errs, size := 0, 0
		for round, r := range res[i] {
			qps = append(qps, r.qps)
			ratio = append(ratio, 100*r.qps/res[0][round].qps)
			p50 = append(p50, float64(r.lat.p50))
			p99 = append(p99, float64(r.lat.p99))
			cpu = append(cpu, r.cpu)
			errs += r.errors
			size = max(size, r.bytes)
			if r.first != nil {
				fmt.Fprintf(out, "%s: first error: %v\n", t.name, r.first)
			}
		}
		if !t.noop() && errs > 0 {
			bad = true
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s | %s | %d | %d B | %s µs |\n", t.name, pair(qps, "%.0f"), pair(ratio, "%.0f %%"),
			durPair(p50), durPair(p99), errs, size, pair(cpu, "%.0f"))
	}
	fmt.Fprintln(out)
	return bad, nil
}

// clientsMode runs the clients mode, one server after the other, and
// prints its table. The servers serve their metrics, whose GetView and
// GetFrame handling times give the server's own p99 beside the clients'
// end-to-end one.
func clientsMode(ctx context.Context, c config, dir string, out io.Writer) (bool, error) {
	ts := fresh(c, true)
	res := make([][]clientsResult, len(ts))
	for i, t := range ts {
		r, err := clientsRounds(ctx, c, dir, t, out)
		if err != nil {
			return false, err
		}
		res[i] = r
	}
	cr := c.clients.crowd
	fmt.Fprintf(out, "\n%d clients, each with its own token and connection, a tick stream and %.0f view(s) a second: %d spectators of %d worlds (GetFrame), the others players over %d worlds (GetView); %s store, a day every %s, %d rounds of %s (min / median):\n\n",
		c.clients.clients, c.clients.rate, min(cr.spectators, c.clients.clients), max(min(cr.watched, cr.worlds), 1), max(cr.worlds, 1), c.store.kind, c.clientsCadence, c.rounds, c.clients.duration)
	fmt.Fprintln(out, "| server | view p50 ms | p90 | p99 | p99.9 | p99 vs no-op | in the server p99 <= | from sent p50 / p99 | frame p50 / p99 | in the server p99 <= | errors (views, streams) | notices | notice late p50 / p99 ms | server memory, peak | per client: goroutines, heap | CPU cores | files held before / after |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	bad := false
	for i, t := range ts {
		var p50, p90, p99, p999, vs, sv, t50, t99, f50, f99, sf, nl50, nl99, rss, peak, cores, gor, heap []float64
		verr, serr, notices, fb, fa := 0, 0, 0, 0, 0
		for round, r := range res[i] {
			p50 = append(p50, float64(r.views.p50))
			p90 = append(p90, float64(r.views.p90))
			p99 = append(p99, float64(r.views.p99))
			p999 = append(p999, float64(r.views.p999))
			if base := res[0][round].views.p99; base > 0 {
				vs = append(vs, float64(r.views.p99)/float64(base))
			}
			sv = append(sv, float64(r.serverView))
			t50 = append(t50, float64(r.trips.p50))
			t99 = append(t99, float64(r.trips.p99))
			f50 = append(f50, float64(r.frames.p50))
			f99 = append(f99, float64(r.frames.p99))
			sf = append(sf, float64(r.serverFrame))
			nl50 = append(nl50, float64(r.lateness.p50))
			nl99 = append(nl99, float64(r.lateness.p99))
			rss = append(rss, float64(r.rss))
			peak = append(peak, float64(r.peak))
			cores = append(cores, r.cores)
			gor, heap = append(gor, r.perClient.goroutines), append(heap, r.perClient.heap/1024)
			verr += r.viewErrors
			serr += r.streamErrors
			notices += r.notices
			fb, fa = max(fb, r.filesBefore), max(fa, r.filesAfter)
		}
		if !t.noop() && (verr > 0 || serr > 0 || notices == 0) {
			bad = true
		}
		_, mrss := minMedian(rss)
		_, mpeak := minMedian(peak)
		late, inView, inFrame, per := "-", "-", "-", "-"
		if !t.noop() {
			late = durPair(nl50) + " / " + durPair(nl99)
			inView, inFrame = boundPair(sv), boundPair(sf)
			per = pair(gor, "%.1f") + ", " + pair(heap, "%.0f KiB")
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s | %s | %s | %s | %s / %s | %s / %s | %s | %d, %d | %d | %s | %s, %s | %s | %s | %d / %d |\n", t.name,
			durPair(p50), durPair(p90), durPair(p99), durPair(p999), pair(vs, "%.2fx"), inView, durPair(t50), durPair(t99),
			durPair(f50), durPair(f99), inFrame, verr, serr, notices, late,
			mib(int64(mrss)), mib(int64(mpeak)), per, pair(cores, "%.2f"), fb, fa)
	}
	fmt.Fprintln(out)
	return bad, nil
}

// clientsRounds starts t alone (the servers' worlds would tick beside one
// another's load otherwise), makes its crowd, runs the rounds of the
// clients mode and prints each.
func clientsRounds(ctx context.Context, c config, dir string, t *target, out io.Writer) ([]clientsResult, error) {
	t.profile = !t.noop()
	defer t.close()
	ws, err := startAll(ctx, []*target{t}, dir, "clients", c.store, worldSpec{seed: 42, cadence: c.clientsCadence, days: c.days})
	if err != nil {
		return nil, err
	}
	spec := c.clients.crowd
	spec.cadence = c.clientsCadence
	began := time.Now()
	cr, err := newCrowd(ctx, t, ws[0], c.clients.clients, spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.name, err)
	}
	fmt.Fprintf(out, "clients %-8s %d clients, each with its own token, over %d worlds, made in %s\n", t.name, len(cr.members),
		max(spec.worlds, 1), time.Since(began).Round(time.Millisecond))
	if cr.note != "" {
		fmt.Fprintf(out, "  limit: %s\n", cr.note)
	}
	var res []clientsResult
	for round := range c.rounds {
		wait := func() error { return nil }
		// The server's handling times count from the end of the warmup.
		var hv, hf map[float64]float64
		measured := make(chan struct{})
		r, err := runClients(ctx, t, cr, c.clients, func() {
			wait = profileWindow(ctx, t, c.profile, "clients", round, c.clients.warmup, c.clients.duration)
			time.AfterFunc(c.clients.warmup, func() {
				defer close(measured)
				if t.metrics != "" {
					hv, _ = handlingBuckets(ctx, t.metrics, "GetView")
					hf, _ = handlingBuckets(ctx, t.metrics, "GetFrame")
				}
			})
		})
		if err == nil {
			<-measured
			err = wait()
		}
		if err != nil {
			return nil, err
		}
		if hv != nil {
			if h, err := handlingBuckets(ctx, t.metrics, "GetView"); err == nil {
				r.serverView, _ = handlingP99(hv, h)
			}
			if h, err := handlingBuckets(ctx, t.metrics, "GetFrame"); err == nil {
				r.serverFrame, _ = handlingP99(hf, h)
			}
		}
		r.filesAfter = settleFiles(t)
		res = append(res, r)
		fmt.Fprintf(out, "clients round %d %-8s connected in %s; views p50 %s p99 %s p99.9 %s ms (from sent: p50 %s p99 %s; in the server: p99 <= %s), frames p50 %s p99 %s ms (in the server: p99 <= %s), %d view errors, %d stream errors, %d notices (late p99 %s ms), %s (peak %s), %.2f cores, files %d -> %d, per client %.1f goroutines %s heap\n",
			round+1, t.name, r.connect.Round(time.Millisecond), ms(r.views.p50), ms(r.views.p99), ms(r.views.p999), ms(r.trips.p50), ms(r.trips.p99), bound(r.serverView),
			ms(r.frames.p50), ms(r.frames.p99), bound(r.serverFrame), r.viewErrors, r.streamErrors,
			r.notices, ms(r.lateness.p99), mib(r.rss), mib(r.peak), r.cores, r.filesBefore, r.filesAfter,
			r.perClient.goroutines, kib(int64(r.perClient.heap)))
		if r.first != nil {
			fmt.Fprintf(out, "  first error: %v\n", r.first)
		}
	}
	return res, nil
}

// bound formats a p99 bound of handlingP99 in milliseconds: "-" for none
// measured, "inf" past the last bucket.
func bound(d time.Duration) string {
	switch {
	case d == 0:
		return "-"
	case d < 0:
		return "inf"
	}
	return ms(d) + " ms"
}

// boundPair formats the least and the median of handlingP99 bounds.
func boundPair(xs []float64) string {
	lo, med := minMedian(xs)
	if len(xs) == 1 || lo == med {
		return bound(time.Duration(lo))
	}
	return bound(time.Duration(lo)) + " / " + bound(time.Duration(med))
}

// worldsMode runs the worlds mode, each round on fresh servers, and prints
// its table.
func worldsMode(ctx context.Context, c config, dir string, out io.Writer) (bool, error) {
	res := make(map[string][]worldsResult)
	bad := false
	for round := range c.rounds {
		for _, t := range fresh(c, false) {
			t.profile = true // its metrics: the periodic rounds' store calls
			d := filepath.Join(dir, fmt.Sprintf("worlds-%d", round))
			if err := t.start(ctx, d, c.store); err != nil {
				return false, err
			}
			// The profile is of the window alone, once every world exists:
			// the CPU per tick's.
			wait := func() error { return nil }
			r, err := runWorlds(ctx, t, d, c.store, c.worlds, func() {
				wait = profileWindow(ctx, t, c.profile, "worlds", round, 0, c.worlds.duration)
			})
			if err == nil {
				err = wait()
			}
			if cerr := t.close(); err == nil {
				err = cerr
			}
			if err != nil {
				return false, err
			}
			res[t.name] = append(res[t.name], r)
			if r.createErrors > 0 || r.streamsEnded > 0 || r.leasesLost > 0 || r.notices == 0 {
				bad = true
			}
			fmt.Fprintf(out, "worlds round %d %-8s %d worlds (%d create errors), %d / %d notices, late p50 %s p99 %s max %s ms (server: p50 %s p99 %s max %s ms), %s per world, %d leases lost, %d streams ended\n",
				round+1, t.name, r.created, r.createErrors, r.notices, r.expected, ms(r.lateness.p50), ms(r.lateness.p99), ms(r.lateness.max_),
				ms(r.serverLate.p50), ms(r.serverLate.p99), ms(r.serverLate.max_), kib(r.perWorld), r.leasesLost, r.streamsEnded)
			printRoundCosts(out, r)
			if r.first != nil {
				fmt.Fprintf(out, "  first error: %v\n", r.first)
			}
		}
	}
	fmt.Fprintf(out, "\n%d worlds in one process, %s store, created %.0f a second, a day every %s each, %s once created, %d rounds (min / median):\n\n",
		c.worlds.worlds, c.store.kind, c.worlds.rate, c.worlds.cadence, c.worlds.duration, c.rounds)
	fmt.Fprintln(out, "| server | notices / expected | late p50 / p99 / max ms, client | late p50 / p99 / max ms, server | memory per world | leases lost | streams ended |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|")
	for _, s := range c.servers {
		var cl50, cl99, clmax, sl50, sl99, slmax, per []float64
		notices, expected, lost, ended := 0, 0, 0, 0
		for _, r := range res[s.name] {
			cl50, cl99, clmax = append(cl50, float64(r.lateness.p50)), append(cl99, float64(r.lateness.p99)), append(clmax, float64(r.lateness.max_))
			sl50, sl99, slmax = append(sl50, float64(r.serverLate.p50)), append(sl99, float64(r.serverLate.p99)), append(slmax, float64(r.serverLate.max_))
			per = append(per, float64(r.perWorld))
			notices, expected, lost, ended = notices+r.notices, expected+r.expected, lost+r.leasesLost, ended+r.streamsEnded
		}
		_, mper := minMedian(per)
		fmt.Fprintf(out, "| %s | %d / %d | %s / %s / %s | %s / %s / %s | %s | %d | %d |\n", s.name, notices, expected,
			durPair(cl50), durPair(cl99), durPair(clmax), durPair(sl50), durPair(sl99), durPair(slmax), kib(int64(mper)), lost, ended)
	}
	fmt.Fprintln(out)
	printWorldsCosts(out, c.servers, res)
	return bad, nil
}

// pair formats the least and the median of xs with format f.
func pair(xs []float64, f string) string {
	lo, med := minMedian(xs)
	if len(xs) == 1 {
		return fmt.Sprintf(f, lo)
	}
	return fmt.Sprintf(f+" / "+f, lo, med)
}

// durPair formats the least and the median of durations in milliseconds.
func durPair(xs []float64) string {
	lo, med := minMedian(xs)
	if len(xs) == 1 {
		return ms(time.Duration(lo))
	}
	return ms(time.Duration(lo)) + " / " + ms(time.Duration(med))
}

// kib formats a size in bytes in KiB.
func kib(b int64) string { return fmt.Sprintf("%.0f KiB", float64(b)/1024) }
