package sqlite

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// TestFileModes: the data folder Open creates is its owner's alone (0700),
// and so are the database and its journal files (0600), even in a folder
// made by someone else or a database file left readable by others (issue
// 14, point 13).
func TestFileModes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prepare func(dir string)
	}{
		{"a new folder", func(string) {}},
		{"a database left readable by others", func(dir string) {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			s, err := Open(dir)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			s.Close()
			for _, f := range []string{dbFile, dbFile + "-wal", dbFile + "-shm"} {
				os.Chmod(filepath.Join(dir, f), 0o644)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			tc.prepare(dir)
			s, err := Open(dir)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer s.Close()
			w := store.World{Name: "modes", Ruleset: "grisonval", Camps: 1, Seed: 1, Cadence: time.Minute,
				Controllers: []store.Controller{{Kind: store.Human}}, CreatedAt: time.Now()}
			if err := s.CreateWorld(t.Context(), &w); err != nil {
				t.Fatalf("CreateWorld: %v", err)
			}
			if tc.name == "a new folder" {
				if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
					t.Errorf("data folder: got mode %v, %v; want 0700", fi.Mode().Perm(), err)
				}
			}
			for _, f := range []string{dbFile, dbFile + "-wal", dbFile + "-shm", lockFile} {
				fi, err := os.Stat(filepath.Join(dir, f))
				if err != nil {
					t.Errorf("%s: %v", f, err)
					continue
				}
				if got := fi.Mode().Perm(); got != 0o600 {
					t.Errorf("%s: got mode %v; want 0600", f, got)
				}
			}
		})
	}
}
