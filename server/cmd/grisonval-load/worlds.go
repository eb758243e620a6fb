package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
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
}

// runWorlds runs l against t.
func runWorlds(ctx context.Context, t *target, dir string, sc storeConfig, l worldsLoad) (worldsResult, error) {
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
	for i := range l.worlds {
		if d := time.Until(began.Add(time.Duration(i) * period)); d > 0 {
			time.Sleep(d)
		}
		w, err := t.createWorld(ctx, worldSpec{seed: uint64(1000 + i), cadence: l.cadence})
		if err != nil {
			fail(false, err)
			continue
		}
		res.created++
		stream, err := pb.NewGameServiceClient(conns[i%len(conns)]).WatchTicks(as(wctx, w.tokens[0]), &pb.WatchTicksRequest{})
		if err != nil {
			fail(true, err)
			continue
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
	mu.Lock()
	from = time.Now()
	end = from.Add(l.duration)
	mu.Unlock()
	time.Sleep(l.duration)
	res.rssAfter, _ = t.proc.memory()
	if res.created > 0 {
		res.perWorld = (res.rssAfter - res.rssBefore) / int64(res.created)
	}
	res.expected = res.created * int(l.duration/l.cadence)
	late, err := serverLateness(ctx, t, dir, sc, l.cadence, from, end)
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
// deadline, one cadence after the day before, that was.
func serverLateness(ctx context.Context, t *target, dir string, sc storeConfig, cadence time.Duration, from, end time.Time) (*latencies, error) {
	type tick struct {
		world, day int64
		at         time.Time
	}
	var ticks []tick
	const q = `SELECT world_id, day, committed_at FROM ticks WHERE season = 1 ORDER BY world_id, day`
	if sc.kind == "postgres" {
		conn, err := pgx.Connect(ctx, t.pgURL)
		if err != nil {
			return nil, err
		}
		defer conn.Close(context.Background())
		rows, _ := conn.Query(ctx, q)
		ticks, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (tick, error) {
			var k tick
			err := row.Scan(&k.world, &k.day, &k.at)
			return k, err
		})
		if err != nil {
			return nil, fmt.Errorf("read ticks: %w", err)
		}
	} else {
		db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, t.name, "grisonval.db")+"?mode=ro")
		if err != nil {
			return nil, err
		}
		defer db.Close()
		rows, err := db.QueryContext(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("read ticks: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var (
				k  tick
				us int64
			)
			if err := rows.Scan(&k.world, &k.day, &us); err != nil {
				return nil, err
			}
			k.at = time.UnixMicro(us)
			ticks = append(ticks, k)
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	late := &latencies{}
	for i := 1; i < len(ticks); i++ {
		prev, k := ticks[i-1], ticks[i]
		// Day 1's deadline runs from the world's start, not from a commit.
		if k.world != prev.world || k.day != prev.day+1 || k.day < 2 || k.at.Before(from) || k.at.After(end) {
			continue
		}
		late.add(k.at.Sub(prev.at.Add(cadence)))
	}
	return late, nil
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
