package sqlite

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// TestFullDiskIsAnOutage fills the database (its page limit stands for the
// disk, and SQLite answers it as it answers a full disk: SQLITE_FULL): a
// write then fails with a store outage of cause disk_full, which the server
// answers Unavailable; reads still work, and once there is room again
// writes do too.
func TestFullDiskIsAnOutage(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	ctx := t.Context()
	w := store.World{Name: "full", Ruleset: "grisonval", Camps: 3, Seed: 1, Cadence: time.Minute, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
	if err := s.CreateWorld(ctx, &w); err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := s.wdb.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	// The writing pool has one connection: the limit holds for every write.
	if _, err := s.wdb.ExecContext(ctx, "PRAGMA max_page_count = "+strconv.Itoa(pages)); err != nil {
		t.Fatal(err)
	}
	big := store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte(strings.Repeat("x", 1<<20)), Hash: "h"}
	err = s.CommitTick(ctx, big)
	o, ok := store.Unavailable(err)
	if !ok || o.Cause != store.CauseDiskFull || !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("commit on a full database: %v; want an outage of cause %s", err, store.CauseDiskFull)
	}
	if _, err := s.World(ctx, w.ID); err != nil {
		t.Errorf("read on a full database: %v", err)
	}
	if _, err := s.wdb.ExecContext(ctx, "PRAGMA max_page_count = 1073741823"); err != nil {
		t.Fatal(err)
	}
	if err := s.CommitTick(ctx, big); err != nil {
		t.Errorf("commit once there is room: %v", err)
	}
}
