package server_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/sqlite"
)

// The stores in testdata/stored were written by an earlier version of the
// server (testdata/stored/README.md says which): three worlds, a closed
// season and a carried one with enrolments, standing orders, messages, a
// pending order and a fork. Whatever the code becomes, they must still load
// (their migrations applied) and every season must replay to the hashes it
// was stored with.

// storedHashes reads testdata/stored/hashes.txt: "world W season S day D
// hash" per stored tick.
func storedHashes(t *testing.T) map[[3]int]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "stored", "hashes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := make(map[[3]int]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var (
			key  [3]int
			hash string
		)
		if _, err := fmt.Sscanf(sc.Text(), "world %d season %d day %d %s", &key[0], &key[1], &key[2], &hash); err != nil {
			t.Fatalf("hashes.txt: %q: %v", sc.Text(), err)
		}
		out[key] = hash
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// gunzip returns the uncompressed content of a gzipped file of testdata/stored.
func gunzip(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "stored", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// storedSQLite opens a copy of the stored SQLite database.
func storedSQLite(t *testing.T) store.Store {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "grisonval.db"), gunzip(t, "sqlite.db.gz"), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(dir)
	if err != nil {
		t.Fatalf("open the stored SQLite database: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// storedPostgres restores the stored Postgres dump into a fresh database and
// opens it.
func storedPostgres(t *testing.T) store.Store {
	t.Helper()
	url := pgtest.NewDatabase(t)
	var sql strings.Builder
	for _, line := range strings.Split(string(gunzip(t, "postgres.sql.gz")), "\n") {
		if !strings.HasPrefix(line, `\`) { // psql's meta-commands
			sql.WriteString(line + "\n")
		}
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, sql.String()); err != nil {
		t.Fatalf("restore the stored Postgres dump: %v", err)
	}
	conn.Close(ctx)
	st := openPostgres(t, url)
	t.Cleanup(func() { st.Close() })
	return st
}

// TestStoredReplays replays every season of every world of each stored
// database, then serves them and plays on.
func TestStoredReplays(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func(t *testing.T) store.Store
	}{{"sqlite", storedSQLite}, {"postgres", storedPostgres}} {
		t.Run(tc.name, func(t *testing.T) { storedReplays(t, tc.open(t)) })
	}
}

func storedReplays(t *testing.T, st store.Store) {
	ctx := context.Background()
	want := storedHashes(t)
	worlds, err := st.Worlds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(worlds) != 3 {
		t.Fatalf("got %d worlds; want 3", len(worlds))
	}
	checked := 0
	for _, w := range worlds {
		for season := 1; season <= w.Season; season++ {
			_, err := server.Replay(ctx, st, rulesets, w.ID, season, func(day int, hash string) {
				key := [3]int{int(w.ID), season, day}
				if want[key] != hash {
					t.Errorf("world %d season %d day %d: replayed %s; stored with %s", w.ID, season, day, hash, want[key])
				}
				checked++
			})
			if err != nil {
				t.Errorf("replay world %d season %d: %v", w.ID, season, err)
			}
		}
	}
	if checked != len(want) {
		t.Errorf("replayed %d ticks; %d were stored", checked, len(want))
	}

	// The server loads them where they were and plays on: world 1's pending
	// order of day 21 is played.
	h := startServer(t, st, clock.NewFake(start))
	info, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: 1})
	if err != nil {
		t.Fatalf("force tick of world 1: %v", err)
	}
	if info.GetSeason() != 2 || info.GetDay() != 21 {
		t.Fatalf("world 1: got season %d day %d; want season 2 day 21", info.GetSeason(), info.GetDay())
	}
	orders, err := st.Orders(ctx, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for _, o := range orders {
		if o.Day == 21 {
			played = append(played, fmt.Sprintf("camp %d %s %s", o.Camp, o.Action, o.Status))
		}
	}
	if len(played) != 3 || !strings.Contains(played[0], "camp 0") || strings.Contains(played[0], "standing") {
		t.Errorf("day 21 of world 1: got %v; want camp 0's pending order played, the others' standing orders", played)
	}
	if _, err := server.Replay(ctx, st, rulesets, 1, 2, nil); err != nil {
		t.Errorf("replay world 1 season 2 after a day more: %v", err)
	}
}
