package main

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite" // the embedded store's driver, to tamper with it

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/store/sqlite"
)

// playWorld creates a world in the embedded store in dir and forces days
// ticks of standing orders.
func playWorld(t *testing.T, dir string, days int) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(dir)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	defer st.Close()
	srv, err := server.New(ctx, server.Config{Store: st, Rulesets: served.Rulesets()})
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	defer srv.Stop()
	info, err := srv.Admin().CreateWorld(ctx, &pb.CreateWorldRequest{Name: "w", Seed: 5})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	for range days {
		if _, err := srv.Admin().ForceTick(ctx, &pb.WorldRequest{WorldId: info.GetId()}); err != nil {
			t.Fatalf("force tick: %v", err)
		}
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	playWorld(t, dir, 5)
	var out, errOut bytes.Buffer
	if code := run(t.Context(), []string{"-data", dir, "-world", "1"}, &out, &errOut); code != 0 {
		t.Fatalf("run: got status %d (%s%s); want 0", code, out.String(), errOut.String())
	}
	if want := "world 1 season 1: days 0-5 from seed 5: 6 ticks match"; !strings.Contains(out.String(), want) {
		t.Errorf("run: got output %q; want it to contain %q", out.String(), want)
	}

	db, err := sql.Open("sqlite", filepath.Join(dir, "grisonval.db"))
	if err != nil {
		t.Fatalf("open database: %v", err)
	}
	if _, err := db.Exec(`UPDATE ticks SET hash = 'feed' WHERE day = 3`); err != nil {
		t.Fatalf("tamper: %v", err)
	}
	db.Close()
	out.Reset()
	if code := run(t.Context(), []string{"-data", dir, "-world", "1"}, &out, &errOut); code != 1 {
		t.Fatalf("run after tampering: got status %d (%s%s); want 1", code, out.String(), errOut.String())
	}
	if want := "MISMATCH on day 3"; !strings.Contains(out.String(), want) {
		t.Errorf("run after tampering: got output %q; want it to contain %q", out.String(), want)
	}

	tests := []struct {
		name string
		args []string
	}{
		{"no world", []string{"-data", dir}},
		{"unknown world", []string{"-data", dir, "-world", "9"}},
		{"bad flag", []string{"-nope"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if code := run(t.Context(), tc.args, &out, &errOut); code != 2 {
				t.Errorf("run %v: got status %d; want 2", tc.args, code)
			}
		})
	}
}
