package main

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/sqlite"
)

// TestRefusesNewerFormat starts grisonvald on a data folder whose database
// a newer binary migrated (its version table names a migration this binary
// does not have): it refuses to start, saying why and what to do, instead
// of serving with no world.
func TestRefusesNewerFormat(t *testing.T) {
	data := t.TempDir()
	st, err := sqlite.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db, err := sql.Open("sqlite", filepath.Join(data, "grisonval.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO goose_db_version (version_id, is_applied) SELECT max(version_id) + 1, 1 FROM goose_db_version`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	err = run(context.Background(), zerolog.Nop(), "127.0.0.1:0", data, "", devWorld{}, "", server.Replica{}, faces{}, security{})
	if !errors.Is(err, store.ErrNewerFormat) || !strings.Contains(err.Error(), "a newer grisonvald wrote it") {
		t.Fatalf("grisonvald on a newer database: %v; want a refusal saying a newer grisonvald wrote it", err)
	}
}
