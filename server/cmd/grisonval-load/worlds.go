package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"
	_ "modernc.org/sqlite" // the embedded store's ticks, read back

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// worldsLoad is many live worlds in one server process: worlds created at
// a rate, each resolving its days at its cadence, each watched by one tick
// stream.
type worldsLoad struct {
	worlds   int
	rate     float64 // worlds created per second
	cadence  time.Duration
	duration time.Duration // how long all the worlds live once created
	conns    int           // the watchers' connections
}

// creators is how many worlds the worlds mode creates at once, at its
// rate: one at a time, a loaded server's creation (a season set up and
// committed) made the rate 12 to 18 a second whatever was asked.
const creators = 8

// worldsResult is what one run of a worldsLoad measured.
type worldsResult struct {
	created, createErrors int
	// perWorld is the server's memory per world: its resident set at the
	// end less before the first world, divided by the worlds.
	rssBefore, rssAfter, perWorld int64
	// notices are the tick notices received in the window, expected those
	// the cadence promised; lateness is how long after its deadline a
	// notice came (the client's view), serverLate how long after its
	// deadline a day began to resolve (the server's, from the store).
	notices, expected int
	lateness          summary
	serverLate        summary
	// leasesLost counts the worlds whose lease the server lost;
	// streamsEnded the tick streams that ended with an error.
	leasesLost, streamsEnded int
	first                    error
	// committed counts the ticks committed in the window; serverCPU is
	// the server's CPU time over it, pgCPU that of the backends of its
	// PostgreSQL database (zero for the embedded store).
	committed        int
	serverCPU, pgCPU time.Duration
	pg               bool // pgCPU was measured
	// pgXacts are the transactions the database ended over the window
	// (its ticks, a few to a group, and its periodic rounds').
	pgXacts int64
	// rounds are the server's periodic store calls over the window, as
	// its metrics counted them (none for a binary without -metrics).
	rounds []roundCalls
}

// roundCalls are the calls of one periodic round of the server to its
// store: how many, and the upper bounds of the buckets of their 99th
// percentile and of their longest (-1: past the last bucket, 10.5 s).
type roundCalls struct {
	what     string
	calls    int
	p99, max time.Duration
}

// periodicRounds are the server's periodic store calls, by their operation
// in its store_operation_seconds metric: the lease renewal and the
// takeover scan every third of the lease (1 s by default), the heartbeat
// every quarter of its time (150 ms), the revocation check of the open
// streams' tokens every 500 ms (the tokens deleted since its last round,
// and those of the streams opened since, or every stream's: a server
// older than RevokedSince asks about every stream's at each round); and,
// last, the ticks' commits.
var periodicRounds = []struct{ op, what string }{
	{"renew_leases", "lease renewal"},
	{"worlds_to_take", "takeover scan"},
	{"heartbeat", "heartbeat"},
	{"revoked_since", "revocation check: deleted tokens"},
	{"live_tokens", "revocation check: streams' tokens"},
	{"commit_tick", "tick commit"},
}

// window is what runWorlds reads at both ends of its window.
type window struct {
	server  time.Duration
	pg      map[int32]time.Duration
	xacts   int64                 // the database's transactions, committed or not
	buckets []map[float64]float64 // of periodicRounds
}

// readWindow reads t's CPU, its database backends' and its periodic
// rounds' histograms.
func readWindow(ctx context.Context, t *target) (window, error) {
	w := window{server: t.proc.cpu()}
	if t.pgURL != "" {
		var err error
		if w.pg, w.xacts, err = backendsCPU(ctx, t.pgURL); err != nil {
			return w, err
		}
	}
	if t.metrics != "" {
		for _, r := range periodicRounds {
			b, err := histogram(ctx, t.metrics, "grisonval_store_operation_seconds", `operation="`+r.op+`"`)
			if err != nil {
				return w, err
			}
			w.buckets = append(w.buckets, b)
		}
	}
	return w, nil
}

// backendsCPU returns the CPU time, user and system, that each backend of
// the PostgreSQL database at url has used, by process ID, read from /proc
// (the database runs on this machine), but for the asking connection's,
// and how many transactions the database has ended (pg_stat_database: a
// backend reports its own within a second).
func backendsCPU(ctx context.Context, url string) (map[int32]time.Duration, int64, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return nil, 0, err
	}
	defer conn.Close(context.Background())
	var xacts int64
	err = conn.QueryRow(ctx, `SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()`).Scan(&xacts)
	if err != nil {
		return nil, 0, fmt.Errorf("transactions: %w", err)
	}
	rows, _ := conn.Query(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return nil, 0, fmt.Errorf("backends: %w", err)
	}
	out := make(map[int32]time.Duration, len(pids))
	for _, pid := range pids {
		if d := pidCPU(int(pid)); d >= 0 {
			out[pid] = d
		}
	}
	return out, xacts, nil
}

// since fills res's CPU times and rounds over the window from w0 to w1. A
// backend that began within the window counts whole.
func (res *worldsResult) since(w0, w1 window) {
	res.serverCPU, res.pg, res.pgXacts = w1.server-w0.server, w1.pg != nil, w1.xacts-w0.xacts
	for pid, d := range w1.pg {
		res.pgCPU += d - w0.pg[pid]
	}
	for i, b1 := range w1.buckets {
		if i >= len(w0.buckets) {
			break
		}
		rc := roundCalls{what: periodicRounds[i].what}
		rc.p99, rc.calls = bucketQuantile(w0.buckets[i], b1, 0.99)
		rc.max, _ = bucketQuantile(w0.buckets[i], b1, 1)
		res.rounds = append(res.rounds, rc)
	}
}

// runWorlds runs l against t, calling window as its measured window begins
// (every world created).
func runWorlds(ctx context.Context, t *target, dir string, sc storeConfig, l worldsLoad, window func()) (worldsResult, error) {
	var res worldsResult
	res.rssBefore, _ = t.proc.memory()
	conns := make([]*grpc.ClientConn, l.conns)
	for i := range conns {
		c, err := dial(t.proc.addr, t.creds)
		if err != nil {
			return res, err
		}
		defer c.Close()
		conns[i] = c
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		lates []*latencies
	)
	fail := func(stream bool, err error) {
		mu.Lock()
		defer mu.Unlock()
		if stream {
			res.streamsEnded++
		} else {
			res.createErrors++
		}
		if res.first == nil {
			res.first = err
		}
	}
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	var from, end time.Time // set once every world is created
	period := time.Duration(float64(time.Second) / l.rate)
	began := time.Now()
	// open creates world i and watches it.
	open := func(i int) {
		w, err := t.createWorld(ctx, worldSpec{seed: uint64(1000 + i), cadence: l.cadence})
		if err != nil {
			fail(false, err)
			return
		}
		mu.Lock()
		res.created++
		mu.Unlock()
		stream, err := pb.NewGameServiceClient(conns[i%len(conns)]).WatchTicks(as(wctx, w.tokens[0]), &pb.WatchTicksRequest{})
		if err != nil {
			fail(true, err)
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := &latencies{}
			defer func() { mu.Lock(); lates = append(lates, lat); mu.Unlock() }()
			var due time.Time
			for {
				n, err := stream.Recv()
				if err != nil {
					if wctx.Err() == nil {
						fail(true, fmt.Errorf("world %d: %w", w.id, err))
					}
					return
				}
				mu.Lock()
				f, e := from, end
				mu.Unlock()
				if now := time.Now(); !due.IsZero() && !f.IsZero() && now.After(f) && now.Before(e) {
					lat.add(now.Sub(due))
				}
				due = time.Time{}
				if n.GetNextDeadline() != nil {
					due = n.GetNextDeadline().AsTime()
				}
			}
		}()
	}
	next := make(chan int)
	var creating sync.WaitGroup
	for range creators {
		creating.Go(func() {
			for i := range next {
				open(i)
			}
		})
	}
	for i := range l.worlds {
		if d := time.Until(began.Add(time.Duration(i) * period)); d > 0 {
			time.Sleep(d)
		}
		next <- i
	}
	close(next)
	creating.Wait()
	w0, err := readWindow(ctx, t)
	if err != nil {
		return res, err
	}
	mu.Lock()
	from = time.Now()
	end = from.Add(l.duration)
	mu.Unlock()
	window()
	time.Sleep(l.duration)
	w1, err := readWindow(ctx, t)
	if err != nil {
		return res, err
	}
	res.since(w0, w1)
	res.rssAfter, _ = t.proc.memory()
	if res.created > 0 {
		res.perWorld = (res.rssAfter - res.rssBefore) / int64(res.created)
	}
	res.expected = res.created * int(l.duration/l.cadence)
	late, committed, err := serverLateness(ctx, t, dir, sc, l.cadence, from, end)
	res.committed = committed
	if err != nil {
		return res, err
	}
	res.serverLate = late.summarize()
	res.leasesLost = lostLeases(t.proc.log)
	stop()
	wg.Wait()
	all := merge(lates)
	res.notices = len(all.d)
	res.lateness = all.summarize()
	return res, nil
}

// serverLateness reads back from t's store when each day of the window
// began to resolve (its commit time) and returns how long after its
// deadline, one cadence after the day before, that was, and how many
// ticks were committed in the window.
func serverLateness(ctx context.Context, t *target, dir string, sc storeConfig, cadence time.Duration, from, end time.Time) (*latencies, int, error) {
	type tick struct {
		world, day int64
		at         time.Time
	}
	var ticks []tick
	const q = `SELECT world_id, day, committed_at FROM ticks WHERE season = 1 ORDER BY world_id, day`
	if sc.kind == "postgres" {
		conn, err := pgx.Connect(ctx, t.pgURL)
		if err != nil {
			return nil, 0, err
		}
		defer conn.Close(context.Background())
		rows, _ := conn.Query(ctx, q)
		ticks, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (tick, error) {
			var k tick
			err := row.Scan(&k.world, &k.day, &k.at)
			return k, err
		})
		if err != nil {
			return nil, 0, fmt.Errorf("read ticks: %w", err)
		}
	} else {
		db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, t.name, "grisonval.db")+"?mode=ro")
		if err != nil {
			return nil, 0, err
		}
		defer db.Close()
		rows, err := db.QueryContext(ctx, q)
		if err != nil {
			return nil, 0, fmt.Errorf("read ticks: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var (
				k  tick
				us int64
			)
			if err := rows.Scan(&k.world, &k.day, &us); err != nil {
				return nil, 0, err
			}
			k.at = time.UnixMicro(us)
			ticks = append(ticks, k)
		}
		if err := rows.Err(); err != nil {
			return nil, 0, err
		}
	}
	late, committed := &latencies{}, 0
	for _, k := range ticks {
		if !k.at.Before(from) && !k.at.After(end) {
			committed++
		}
	}
	for i := 1; i < len(ticks); i++ {
		prev, k := ticks[i-1], ticks[i]
		// Day 1's deadline runs from the world's start, not from a commit.
		if k.world != prev.world || k.day != prev.day+1 || k.day < 2 || k.at.Before(from) || k.at.After(end) {
			continue
		}
		late.add(k.at.Sub(prev.at.Add(cadence)))
	}
	return late, committed, nil
}

// lostLeases counts the worlds whose lease a server's JSON log says it
// lost.
func lostLeases(log string) int {
	f, err := os.Open(log)
	if err != nil {
		return -1
	}
	defer f.Close()
	lost := make(map[uint64]bool)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if !strings.Contains(sc.Text(), "lease lost") {
			continue
		}
		var line struct {
			World   uint64 `json:"world"`
			Message string `json:"message"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && strings.HasPrefix(line.Message, "lease lost") {
			lost[line.World] = true
		}
	}
	return len(lost)
}

// printRoundCosts prints what one run of the worlds mode cost: the ticks
// committed in the window, the CPU per tick of the server and of its
// PostgreSQL backends, and its periodic rounds' store calls.
func printRoundCosts(out io.Writer, r worldsResult) {
	fmt.Fprintf(out, "  %d ticks committed in the window; CPU per tick: server %s", r.committed, perTick(r.serverCPU, r.committed))
	if r.pg {
		fmt.Fprintf(out, ", PostgreSQL backends %s", perTick(r.pgCPU, r.committed))
		if r.committed > 0 {
			fmt.Fprintf(out, " (%.2f transactions a tick)", float64(r.pgXacts)/float64(r.committed))
		}
	}
	for _, rc := range r.rounds {
		if rc.calls > 0 {
			fmt.Fprintf(out, "; %s: %d calls, p99 <= %s max <= %s ms", rc.what, rc.calls, bucketMs(rc.p99), bucketMs(rc.max))
		}
	}
	fmt.Fprintln(out)
}

// printWorldsCosts prints the table of what the worlds mode cost each
// server, over its rounds (min / median).
func printWorldsCosts(out io.Writer, servers []*target, res map[string][]worldsResult) {
	fmt.Fprintln(out, "| server | ticks committed in the window | server CPU per tick | PostgreSQL backends' CPU per tick | lease renewal, takeover scan, heartbeat, revocation check, tick commit: p99 / max ms (bucket bounds) |")
	fmt.Fprintln(out, "|---|---|---|---|---|")
	for _, s := range servers {
		var committed, server, pg []float64
		rounds := ""
		for _, r := range res[s.name] {
			committed = append(committed, float64(r.committed))
			if r.committed > 0 {
				server = append(server, float64(r.serverCPU.Microseconds())/float64(r.committed))
				if r.pg {
					pg = append(pg, float64(r.pgCPU.Microseconds())/float64(r.committed))
				}
			}
			var parts []string
			for _, rc := range r.rounds {
				if rc.calls == 0 {
					parts = append(parts, "-")
					continue
				}
				parts = append(parts, bucketMs(rc.p99)+" / "+bucketMs(rc.max))
			}
			if rounds != "" {
				rounds += "; "
			}
			rounds += strings.Join(parts, ", ")
		}
		pgCell := "-"
		if len(pg) > 0 {
			pgCell = pair(pg, "%.0f") + " µs"
		}
		fmt.Fprintf(out, "| %s | %s | %s µs | %s | %s |\n", s.name, pair(committed, "%.0f"), pair(server, "%.0f"), pgCell, rounds)
	}
	fmt.Fprintln(out)
}

// perTick formats d per tick of n in microseconds.
func perTick(d time.Duration, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f µs", float64(d.Microseconds())/float64(n))
}

// bucketMs formats a bucket's upper bound in milliseconds, "inf" past the
// last one.
func bucketMs(d time.Duration) string {
	if d < 0 {
		return "inf"
	}
	return ms(d)
}
