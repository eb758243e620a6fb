package postgres

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// lateDays is how many days of random legal play make the benchmark's
// late-game world.
const lateDays = 200

// lateTick returns the tick of day lateDays of a world played at random
// with legal orders, encoded as the server stores it (the engine's
// canonical binary form, as it is: server/codec.go), with its journal.
func lateTick(b *testing.B) (state []byte, hash string, journal []store.JournalEntry) {
	b.Helper()
	w := grisonval.NewWorld(2026)
	rng := rand.New(rand.NewPCG(2026, 0))
	var out grisonval.Outcome
	for range lateDays {
		var orders [grisonval.NumCamps]grisonval.Order
		for c := range grisonval.CampID(grisonval.NumCamps) {
			orders[c] = randomOrder(w, c, rng)
		}
		out = grisonval.Resolve(w, orders)
		w = out.World
	}
	raw, err := grisonval.Marshal(w)
	if err != nil {
		b.Fatalf("marshal: %v", err)
	}
	for _, e := range out.Journal {
		zones := make([]int, len(e.Zones))
		for i, z := range e.Zones {
			zones[i] = int(z)
		}
		journal = append(journal, store.JournalEntry{Camp: int(e.Camp), Kind: e.Kind, Zones: zones, Narration: e.Narration.Encode(), Why: e.Why.Encode()})
	}
	b.Logf("day %d state: %d bytes; %d journal entries", w.Day, len(raw), len(journal))
	return raw, grisonval.Hash(w), journal
}

// randomOrder returns a legal order of camp c drawn with rng.
func randomOrder(w *grisonval.World, c grisonval.CampID, rng *rand.Rand) grisonval.Order {
	legal := grisonval.LegalActions(w, c)
	if len(legal) == 0 {
		return grisonval.Order{Action: grisonval.Rest}
	}
	la := legal[rng.IntN(len(legal))]
	o := grisonval.Order{Action: la.Action}
	for _, spec := range la.Args {
		if spec.Kind == grisonval.ArgCount {
			o.Args = append(o.Args, spec.Min+rng.IntN(spec.Max-spec.Min+1))
		} else {
			o.Args = append(o.Args, spec.Choices[rng.IntN(len(spec.Choices))])
		}
	}
	return o
}

// BenchmarkCommitTick measures committing one late-game tick (its state,
// three orders and its journal) against one bare single-row INSERT round
// trip on the same connection, and the bytes a tick takes in the ticks
// table. Figures go to docs/persistence.md.
func BenchmarkCommitTick(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, pgtest.NewDatabase(b)+"&pool_max_conns=1")
	if err != nil {
		b.Fatalf("Open: %v", err)
	}
	defer s.Close()
	state, hash, journal := lateTick(b)
	w := store.World{Name: "bench", Seed: 2026, Season: 1,
		Ruleset: "grisonval", Camps: 3,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
	if err := s.CreateWorld(ctx, &w); err != nil {
		b.Fatalf("CreateWorld: %v", err)
	}
	if _, err := s.pool.Exec(ctx, `CREATE TABLE bare (id bigint PRIMARY KEY)`); err != nil {
		b.Fatalf("create table: %v", err)
	}
	var commitTime, insertTime time.Duration
	day := 0
	for b.Loop() {
		day++
		t := store.Tick{WorldID: w.ID, Season: 1, Day: day, State: state, Hash: hash, CommittedAt: time.Now()}
		for c := range 3 {
			t.Orders = append(t.Orders, store.Order{Camp: c, Action: "rest", Status: store.OrderStanding, SubmittedAt: t.CommittedAt})
		}
		for _, e := range journal {
			e.WorldID, e.Season, e.Day = w.ID, 1, day
			t.Journal = append(t.Journal, e)
		}
		start := time.Now()
		if err := s.CommitTick(ctx, t); err != nil {
			b.Fatalf("CommitTick: %v", err)
		}
		mid := time.Now()
		if _, err := s.pool.Exec(ctx, `INSERT INTO bare (id) VALUES ($1)`, day); err != nil {
			b.Fatalf("insert: %v", err)
		}
		commitTime += mid.Sub(start)
		insertTime += time.Since(mid)
	}
	var perTick float64
	err = s.pool.QueryRow(ctx, `SELECT pg_total_relation_size('ticks')::float8 / count(*) FROM ticks`).Scan(&perTick)
	if err != nil {
		b.Fatalf("table size: %v", err)
	}
	n := float64(day)
	b.ReportMetric(float64(commitTime.Nanoseconds())/n, "ns/commit")
	b.ReportMetric(float64(insertTime.Nanoseconds())/n, "ns/insert")
	b.ReportMetric(float64(commitTime)/float64(insertTime), "commit/insert")
	b.ReportMetric(float64(len(state)), "B/state")
	b.ReportMetric(perTick, "B/tick-stored")
}

// BenchmarkCommitTicksConcurrent measures what many worlds committing at
// once cost PostgreSQL: worlds goroutines, each a world of its own, commit
// late-game ticks (three standing orders and the journal), each under its
// lease as a replica commits, as fast as they
// can. pg-µs/tick is the CPU time, user and system, of the database's
// backends (read from /proc) per committed tick: the figure group commit
// is judged by (docs/performance.md, "Ten thousand worlds"). BENCH_WORLDS
// sets how many worlds commit at once (64): with 1, every tick is a group
// of its own, as in a quiet store.
func BenchmarkCommitTicksConcurrent(b *testing.B) {
	worlds := 64
	if n, err := strconv.Atoi(os.Getenv("BENCH_WORLDS")); err == nil {
		worlds = n
	}
	ctx := context.Background()
	s, err := Open(ctx, pgtest.NewDatabase(b)+"&pool_max_conns=8"+os.Getenv("BENCH_PG_OPTS"))
	if err != nil {
		b.Fatalf("Open: %v", err)
	}
	defer s.Close()
	state, hash, journal := lateTick(b)
	ids := make([]uint64, worlds)
	for i := range ids {
		w := store.World{Name: "bench", Seed: 2026, Season: 1, Ruleset: "grisonval", Camps: 3,
			Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
		if err := s.CreateWorld(ctx, &w); err != nil {
			b.Fatalf("CreateWorld: %v", err)
		}
		ids[i] = w.ID
	}
	// Every connection of the pool is opened before the count begins.
	var conns []*pgxpool.Conn
	for range 8 {
		c, err := s.pool.Acquire(ctx)
		if err != nil {
			b.Fatalf("acquire: %v", err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Release()
	}
	// Each world commits under its lease, as a replica does (the fence is
	// part of what a tick costs).
	fenced := make(map[uint64]store.Store, worlds)
	for _, l := range holdEveryLease(ctx, b, s) {
		fenced[l.WorldID] = s.Fenced(l)
	}
	tick := func(world uint64, day int) store.Tick {
		t := store.Tick{WorldID: world, Season: 1, Day: day, State: state, Hash: hash, CommittedAt: time.Now()}
		for c := range 3 {
			t.Orders = append(t.Orders, store.Order{Camp: c, Action: "rest", Status: store.OrderStanding, SubmittedAt: t.CommittedAt})
		}
		for _, e := range journal {
			e.WorldID, e.Season, e.Day = world, 1, day
			t.Journal = append(t.Journal, e)
		}
		return t
	}
	before := backendsCPU(b, s)
	start := time.Now()
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		total = int64(b.N)
	)
	for _, id := range ids {
		wg.Go(func() {
			for day := 1; next.Add(1) <= total; day++ {
				if err := fenced[id].CommitTick(ctx, tick(id, day)); err != nil {
					b.Errorf("CommitTick: %v", err)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	used := backendsCPU(b, s) - before
	b.ReportMetric(float64(used.Microseconds())/float64(b.N), "pg-µs/tick")
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "ticks/s")
}

// backendsCPU returns the CPU time, user and system, that the backends
// serving s's database have used, read from /proc (PostgreSQL on this
// machine).
func backendsCPU(b *testing.B, s *Store) time.Duration {
	b.Helper()
	rows, _ := s.pool.Query(context.Background(), `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		b.Fatalf("backends: %v", err)
	}
	var sum time.Duration
	for _, pid := range pids {
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			b.Fatalf("backend %d: %v", pid, err)
		}
		// Fields count from the last ')': the command name may hold spaces.
		st := string(raw)
		f := strings.Fields(st[strings.LastIndexByte(st, ')')+1:])
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		sum += time.Duration(utime+stime) * 10 * time.Millisecond // clock ticks of 1/100 s
	}
	return sum
}

// BenchmarkRenewLeases times a replica's lease round, the renewal of
// every lease it holds (2,000 here), and reports the CPU that PostgreSQL's
// backends use per lease renewed.
func BenchmarkRenewLeases(b *testing.B) {
	const worlds = 2000
	ctx := context.Background()
	s, err := Open(ctx, pgtest.NewDatabase(b))
	if err != nil {
		b.Fatalf("Open: %v", err)
	}
	defer s.Close()
	for range worlds {
		w := store.World{Name: "bench", Seed: 2026, Season: 1, Ruleset: "grisonval", Camps: 3,
			Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
		if err := s.CreateWorld(ctx, &w); err != nil {
			b.Fatalf("CreateWorld: %v", err)
		}
	}
	ls := holdEveryLease(ctx, b, s)
	// The renewals' connection is opened before the count begins.
	if _, _, err := s.RenewLeases(ctx, "a:1", ls, time.Hour); err != nil {
		b.Fatalf("RenewLeases: %v", err)
	}
	before := backendsCPU(b, s)
	b.ResetTimer()
	for range b.N {
		renewed, busy, err := s.RenewLeases(ctx, "a:1", ls, time.Hour)
		if err != nil || len(renewed) != worlds || len(busy) != 0 {
			b.Fatalf("RenewLeases: %d renewed, %d busy, %v", len(renewed), len(busy), err)
		}
	}
	b.StopTimer()
	used := backendsCPU(b, s) - before
	b.ReportMetric(float64(used.Microseconds())/float64(b.N*worlds), "pg-µs/lease")
}

// copyWorlds makes the store's only world n worlds, the others copies of
// it made in one statement (each with its lease row).
func copyWorlds(ctx context.Context, tb testing.TB, s *Store, n int) {
	tb.Helper()
	var columns string
	if err := s.pool.QueryRow(ctx, `SELECT string_agg(quote_ident(column_name), ', ')
		FROM information_schema.columns WHERE table_name = 'worlds' AND column_name <> 'id'
			AND table_schema = current_schema()`).Scan(&columns); err != nil {
		tb.Fatalf("worlds' columns: %v", err)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO worlds (`+columns+`)
		SELECT `+columns+` FROM worlds, generate_series(2, $1)`, n); err != nil {
		tb.Fatalf("copy worlds: %v", err)
	}
}

// holdEveryLease gives every world's lease to the replica a:1 for an hour
// and returns the leases.
func holdEveryLease(ctx context.Context, tb testing.TB, s *Store) []store.Lease {
	tb.Helper()
	rows, _ := s.pool.Query(ctx, `INSERT INTO leases AS l (world_id, owner, epoch, expires_at)
		SELECT id, 'a:1', 1, now() + interval '1 hour' FROM worlds
		ON CONFLICT (world_id) DO UPDATE SET owner = excluded.owner, epoch = excluded.epoch, expires_at = excluded.expires_at
		RETURNING `+leaseColumns)
	ls, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Lease, error) { return scanLease(r) })
	if err != nil {
		tb.Fatalf("leases: %v", err)
	}
	return ls
}

// BenchmarkUpkeep measures what a replica's upkeep costs PostgreSQL at
// 5,000 and 10,000 worlds, each with three camp tokens and its lease held
// by one replica, which watches one stream a world: a lease round (every
// lease renewed), a take round (the worlds to take, the worlds counted)
// and a round of the revocation check of the streams' tokens (the tokens
// deleted since the last round; -full, every stream's token, as every
// round did before RevokedSince and as a round does every
// limits.FullCheckEvery). pg-µs/round is the CPU of the database's
// backends per round; a replica runs a lease round and a take round every
// second (a third of the 3 s lease) and a revocation round every 500 ms.
func BenchmarkUpkeep(b *testing.B) {
	for _, worlds := range []int{5000, 10000} {
		b.Run(fmt.Sprintf("worlds=%d", worlds), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, pgtest.NewDatabase(b))
			if err != nil {
				b.Fatalf("Open: %v", err)
			}
			defer s.Close()
			w := store.World{Name: "bench", Seed: 2026, Season: 1, Ruleset: "grisonval", Camps: 3,
				Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
			if err := s.CreateWorld(ctx, &w); err != nil {
				b.Fatalf("CreateWorld: %v", err)
			}
			copyWorlds(ctx, b, s, worlds)
			if _, err := s.pool.Exec(ctx, `INSERT INTO tokens (hash, role, world_id, camp, name, player, seat)
				SELECT sha256(int8send(id * 3 + c)), 'camp', id, c, '', '', 'ruler' FROM worlds, generate_series(0, 2) AS c`); err != nil {
				b.Fatalf("tokens: %v", err)
			}
			ls := holdEveryLease(ctx, b, s)
			if _, err := s.pool.Exec(ctx, `ANALYZE`); err != nil {
				b.Fatalf("analyze: %v", err)
			}
			running := make([]uint64, len(ls))
			for i, l := range ls {
				running[i] = l.WorldID
			}
			rows, _ := s.pool.Query(ctx, `SELECT hash FROM tokens WHERE camp = 0`)
			streams, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
			if err != nil {
				b.Fatalf("streams' tokens: %v", err)
			}
			var mark uint64
			rounds := map[string]func() error{
				"renew": func() error {
					renewed, busy, err := s.RenewLeases(ctx, "a:1", ls, time.Hour)
					if err == nil && (len(renewed) != worlds || len(busy) != 0) {
						err = fmt.Errorf("%d renewed, %d busy", len(renewed), len(busy))
					}
					return err
				},
				"take": func() error {
					free, mine, total, err := s.WorldsToTake(ctx, "a:1", running, false, true)
					if err == nil && (len(free)+len(mine) != 0 || total != worlds) {
						err = fmt.Errorf("%d worlds to take of %d", len(free)+len(mine), total)
					}
					return err
				},
				"revocation": func() error {
					hashes, next, err := s.RevokedSince(ctx, mark)
					if err == nil && len(hashes) != 0 {
						err = fmt.Errorf("%d tokens revoked", len(hashes))
					}
					mark = next
					return err
				},
				"revocation-full": func() error {
					live, err := s.LiveTokens(ctx, streams)
					if err == nil && len(live) != worlds {
						err = fmt.Errorf("%d live tokens", len(live))
					}
					return err
				},
			}
			for _, name := range []string{"renew", "take", "revocation", "revocation-full"} {
				round := rounds[name]
				b.Run(name, func(b *testing.B) {
					if err := round(); err != nil { // the connections opened
						b.Fatalf("%s: %v", name, err)
					}
					before := backendsCPU(b, s)
					b.ResetTimer()
					for range b.N {
						if err := round(); err != nil {
							b.Fatalf("%s: %v", name, err)
						}
					}
					b.StopTimer()
					b.ReportMetric(float64((backendsCPU(b, s)-before).Microseconds())/float64(b.N), "pg-µs/round")
				})
			}
		})
	}
}
