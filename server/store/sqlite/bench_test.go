package sqlite

import (
	"context"
	"crypto/sha256"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/server/store"
)

// lateTick returns the tick of day 200 of a world played at random with
// legal orders, encoded as the server stores it (the engine's canonical
// binary form, as it is: server/codec.go), with its journal.
func lateTick(b *testing.B) (state []byte, hash string, journal []store.JournalEntry) {
	b.Helper()
	w := grisonval.NewWorld(2026)
	rng := rand.New(rand.NewPCG(2026, 0))
	var out grisonval.Outcome
	for range 200 {
		var orders [grisonval.NumCamps]grisonval.Order
		for c := range grisonval.CampID(grisonval.NumCamps) {
			legal := grisonval.LegalActions(w, c)
			la := legal[rng.IntN(len(legal))]
			o := grisonval.Order{Action: la.Action}
			for _, spec := range la.Args {
				if spec.Kind == grisonval.ArgCount {
					o.Args = append(o.Args, spec.Min+rng.IntN(spec.Max-spec.Min+1))
				} else {
					o.Args = append(o.Args, spec.Choices[rng.IntN(len(spec.Choices))])
				}
			}
			orders[c] = o
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
	return raw, grisonval.Hash(w), journal
}

// benchStore opens a store in a temporary folder with one world of three
// human camps.
func benchStore(b *testing.B) (*Store, store.World) {
	b.Helper()
	s, err := Open(b.TempDir())
	if err != nil {
		b.Fatalf("Open: %v", err)
	}
	b.Cleanup(func() { s.Close() })
	w := store.World{Name: "bench", Seed: 2026, Season: 1, Ruleset: "grisonval", Camps: 3,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
	if err := s.CreateWorld(context.Background(), &w); err != nil {
		b.Fatalf("CreateWorld: %v", err)
	}
	return s, w
}

// BenchmarkCommitTick measures committing one late-game tick (its state,
// three orders and its journal) against one bare single-row INSERT, both
// committed with a full fsync.
func BenchmarkCommitTick(b *testing.B) {
	ctx := context.Background()
	s, w := benchStore(b)
	state, hash, journal := lateTick(b)
	if _, err := s.wdb.ExecContext(ctx, `CREATE TABLE bare (id INTEGER PRIMARY KEY)`); err != nil {
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
		if _, err := s.wdb.ExecContext(ctx, `INSERT INTO bare (id) VALUES (?)`, day); err != nil {
			b.Fatalf("insert: %v", err)
		}
		commitTime += mid.Sub(start)
		insertTime += time.Since(mid)
	}
	n := float64(day)
	b.ReportMetric(float64(commitTime.Nanoseconds())/n, "ns/commit")
	b.ReportMetric(float64(insertTime.Nanoseconds())/n, "ns/insert")
	b.ReportMetric(float64(commitTime)/float64(insertTime), "commit/insert")
}

// BenchmarkReads measures the reads of the view and stream paths (a
// camp's journal of three days, its messages, a token) made by 32
// goroutines at once, and reports the database files the process holds
// open after them.
func BenchmarkReads(b *testing.B) {
	ctx := context.Background()
	s, w := benchStore(b)
	state, hash, journal := lateTick(b)
	for day := range 10 {
		t := store.Tick{WorldID: w.ID, Season: 1, Day: day, State: state, Hash: hash, CommittedAt: time.Now()}
		for _, e := range journal {
			e.WorldID, e.Season, e.Day = w.ID, 1, day
			t.Journal = append(t.Journal, e)
		}
		if err := s.CommitTick(ctx, t); err != nil {
			b.Fatalf("CommitTick: %v", err)
		}
		m := store.Message{WorldID: w.ID, Season: 1, Day: day, From: 0, To: 1, Text: "paix ?", SentAt: time.Now()}
		if err := s.SaveMessage(ctx, &m); err != nil {
			b.Fatalf("SaveMessage: %v", err)
		}
	}
	tok := sha256.Sum256([]byte("bench"))
	if err := s.PutToken(ctx, store.Token{Hash: tok[:], Role: store.RoleCamp, WorldID: w.ID, Camp: 1}); err != nil {
		b.Fatalf("PutToken: %v", err)
	}
	b.SetParallelism(16)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := s.Journal(ctx, w.ID, 1, 1, 7); err != nil {
				b.Error(err)
				return
			}
			if _, err := s.Messages(ctx, w.ID, 1, 1, 7); err != nil {
				b.Error(err)
				return
			}
			if _, err := s.TokenByHash(ctx, tok[:]); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(openDBFiles(b)), "db-files-open")
}

// openDBFiles counts the process's file descriptors open on a database file
// (the database, its WAL and its shared memory).
func openDBFiles(b *testing.B) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		b.Fatalf("read fds: %v", err)
	}
	n := 0
	for _, e := range ents {
		if t, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name())); err == nil && strings.Contains(t, dbFile) {
			n++
		}
	}
	return n
}
