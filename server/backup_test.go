package server_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
	"github.com/grisonval/server/server/store/sqlite"
)

// docBlocks returns the shell blocks of docs/operations.md that follow a
// comment <!-- test: NAME -->, by name.
func docBlocks(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range regexp.MustCompile("(?s)<!-- test: ([a-z-]+) -->\\s*```sh\\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = m[2]
	}
	return out
}

// runBlock runs the lines of a documented block with sh, in env, but for
// the lines that begin with one of skip (what the test does itself).
func runBlock(t *testing.T, name, block string, env []string, skip ...string) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		keep := true
		for _, s := range skip {
			keep = keep && !strings.HasPrefix(l, s)
		}
		if keep {
			lines = append(lines, l)
		}
	}
	cmd := exec.Command("sh", "-e", "-c", strings.Join(lines, "\n"))
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("docs/operations.md, block %s: %v\n%s", name, err, out)
	}
}

// TestBackupRestore runs the backup and restore of docs/operations.md on
// both stores: a backup taken while the server runs (online) and plays on,
// restored into a new data folder or database, replays from the seed to
// the day it was taken, and a server started on it serves the world at that
// day with the order pending then. The replay the document runs with
// grisonval-replay is run here in-process (server.Replay, what it runs),
// and the empty database it makes with createdb is pgtest's.
func TestBackupRestore(t *testing.T) {
	blocks := docBlocks(t)
	for _, name := range []string{"sqlite-backup", "sqlite-restore", "postgres-backup", "postgres-restore"} {
		if blocks[name] == "" {
			t.Fatalf("docs/operations.md has no block %q", name)
		}
	}
	for _, tc := range []struct {
		name string
		// open opens the store to back up; backup backs it up online into
		// file; restore restores file and opens the restored store.
		open    func(t *testing.T) (store.Store, []string)
		restore func(t *testing.T, env []string) store.Store
	}{
		{"sqlite", func(t *testing.T) (store.Store, []string) {
			data := t.TempDir()
			st, err := sqlite.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st, []string{"DATA=" + data}
		}, func(t *testing.T, env []string) store.Store {
			restored := t.TempDir()
			runBlock(t, "sqlite-restore", blocks["sqlite-restore"], append(env, "RESTORED="+restored), "go run")
			st, err := sqlite.Open(restored)
			if err != nil {
				t.Fatalf("open the restored store: %v", err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}},
		{"postgres", func(t *testing.T) (store.Store, []string) {
			url := pgtest.NewDatabase(t)
			st := openPostgres(t, url)
			t.Cleanup(func() { st.Close() })
			return st, []string{"DATABASE_URL=" + url}
		}, func(t *testing.T, env []string) store.Store {
			restored := pgtest.NewDatabase(t)
			runBlock(t, "postgres-restore", blocks["postgres-restore"], append(env, "RESTORE_URL="+restored), "createdb", "go run")
			st, err := postgres.Open(context.Background(), restored)
			if err != nil {
				t.Fatalf("open the restored store: %v", err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, env := tc.open(t)
			env = append(env, "BACKUP="+filepath.Join(t.TempDir(), "grisonval.backup"))
			fake := clock.NewFake(start)
			h := startServer(t, st, fake)
			w := h.createWorld(t, &pb.CreateWorldRequest{})
			next, _ := h.watch(t, w.tokens[0])
			play := func(days int) {
				for range days {
					h.submit(t, w.tokens[0], "chop_wood")
					h.advance(t, cadence)
					next()
				}
			}
			play(5)
			h.submit(t, w.tokens[1], "rest") // pending for day 6
			runBlock(t, tc.name+"-backup", blocks[tc.name+"-backup"], env)
			backupAt := fake.Now()
			play(2) // the server plays on after the backup

			restored := tc.restore(t, env)
			rep, err := server.Replay(context.Background(), restored, rulesets, w.info.GetId(), 1, nil)
			if err != nil {
				t.Fatalf("replay of the restored store: %v", err)
			}
			if rep.LastDay != 5 {
				t.Errorf("the restored store replays to day %d; want 5, the day of the backup", rep.LastDay)
			}
			// Restored at the backup's instant: its day's deadline is ahead.
			h2 := startServerConfig(t, server.Config{Store: restored, Clock: clock.NewFake(backupAt), Rulesets: rulesets,
				Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel)})
			v := h2.view(t, w.tokens[1])
			if v.GetDay() != 5 || v.GetPendingOrder().GetAction() != "rest" {
				t.Errorf("the restored world: day %d, pending %v; want day 5 with camp 1's rest pending", v.GetDay(), v.GetPendingOrder())
			}
		})
	}
}
