package sqlite

import (
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/storetest"
)

// TestMigrateKeepsData checks that a database made by the first migration
// keeps its worlds, controllers and ticks through the later ones.
func TestMigrateKeepsData(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if _, err := provider(t, db).UpTo(ctx, 1); err != nil {
		t.Fatalf("migrate to version 1: %v", err)
	}
	_, err = db.ExecContext(ctx, `
		INSERT INTO worlds (name, seed, cadence_ns, season_length, season, paused, controllers, created_at)
		VALUES ('old', 9, 1000, 24, 1, 0,
			'[{"Kind":"human","Posture":""},{"Kind":"ai","Posture":"prudent"},{"Kind":"agent","Posture":""}]', 0);
		INSERT INTO ticks (world_id, season, day, state, hash) VALUES (1, 1, 0, x'61', 'h0'), (1, 1, 1, x'62', 'h1')`)
	if err != nil {
		t.Fatalf("fill version 1: %v", err)
	}
	db.Close()

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	w, err := s.World(ctx, 1)
	if err != nil {
		t.Fatalf("World: %v", err)
	}
	want := []store.Controller{{Kind: store.Human}, {Kind: store.AI, Posture: "prudent"}, {Kind: store.Agent}}
	if !slices.Equal(w.Controllers, want) || w.Name != "old" || w.Ruleset != "grisonval" || w.Camps != 3 {
		t.Errorf("World after migrating: got %q of %q with %d camps %+v; want %q of %q with 3 camps %+v",
			w.Name, w.Ruleset, w.Camps, w.Controllers, "old", "grisonval", want)
	}
	season, err := s.Season(ctx, 1, 1)
	if err != nil {
		t.Fatalf("Season: %v", err)
	}
	if season.FirstDay != 0 || season.EndedDay != 0 {
		t.Errorf("Season after migrating: got %+v; want first day 0, not ended", season)
	}
	latest, err := s.LatestTick(ctx, 1, 1)
	if err != nil || latest.Day != 1 || latest.Hash != "h1" {
		t.Errorf("LatestTick after migrating: got day %d hash %q, %v; want day 1 hash h1", latest.Day, latest.Hash, err)
	}
}

// TestMigrateEnrolmentSheets checks what migration 00011 fills in on a
// database filled before it (storetest.MigrateEnrolmentSheets), and that it
// goes down.
func TestMigrateEnrolmentSheets(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	storetest.MigrateEnrolmentSheets(t, s, func(t *testing.T) {
		p := provider(t, s.db)
		if _, err := p.DownTo(t.Context(), 10); err != nil {
			t.Fatalf("migrate down to version 10: %v", err)
		}
		if _, err := p.Up(t.Context()); err != nil {
			t.Fatalf("migrate up: %v", err)
		}
	})
}

// TestMigrateRulesets checks migration 00012 on a database filled at
// version 11 as storetest.MigrateRulesets describes it.
func TestMigrateRulesets(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile)+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if _, err := provider(t, db).UpTo(ctx, 11); err != nil {
		t.Fatalf("migrate to version 11: %v", err)
	}
	at := storetest.RulesetsBase.UnixMicro()
	_, err = db.ExecContext(ctx, fmt.Sprintf(`
		INSERT INTO worlds (name, seed, cadence_ns, season_length, season, paused, created_at)
		VALUES ('old', 9, 1000, 24, 1, 0, %[1]d);
		INSERT INTO camps (world_id, camp, controller, posture)
		VALUES (1, 0, 'human', ''), (1, 1, 'ai', 'prudent'), (1, 2, 'agent', '');
		INSERT INTO ticks (world_id, season, day, state, hash, committed_at)
		VALUES (1, 1, 0, x'61', 'h0', %[1]d), (1, 1, 1, x'62', 'h1', %[2]d);
		INSERT INTO seasons (world_id, season, first_day, started_at) VALUES (1, 1, 0, %[1]d);
		INSERT INTO careers (world_id, player, mode, camp, patron, seasons, ep) VALUES (1, 'ada', 'human', 1, 'Aurèle', 1, 3);
		INSERT INTO sheets (world_id, player, sheet) VALUES (1, 'ada', '{"max_pp":6}');
		INSERT INTO enrolments (world_id, season, camp, player, patron, package, purchases, spent, enrolled_at, sheet, before_setup)
		VALUES (1, 1, 1, 'ada', 'Aurèle', 'levy', '[]', 0, %[1]d, '{"max_pp":6}', 0);
		INSERT INTO eminence_ledger (world_id, player, season, points, reason, at)
		VALUES (1, 'ada', 1, 3, 'judgment of season 1', %[1]d);
		INSERT INTO orders (world_id, season, day, camp, action, args, reason, submitted_at, status, code)
		VALUES (1, 1, 1, 0, 'rest', '[]', '', %[1]d, 'applied', ''),
			(1, 1, 1, 1, 'explore', '[12]', 'north', %[1]d, 'applied', ''),
			(1, 1, 2, 1, 'rest', '[]', '', %[1]d, 'pending', ''),
			(1, 2, 1, 1, 'rest', '[]', '', %[1]d, 'pending', '');
		INSERT INTO standing_orders (world_id, season, camp, action, args, reason, set_at)
		VALUES (1, 1, 1, 'chop_wood', '[]', 'wood', %[1]d), (1, 1, 2, 'rest', '[]', '', %[1]d);
		INSERT INTO messages (world_id, season, day, from_camp, to_camp, text, sent_at)
		VALUES (1, 1, 1, 1, 0, 'Paix ?', %[1]d), (1, 1, 1, 0, 1, 'Jamais.', %[1]d), (1, 1, 1, 0, 2, 'x', %[1]d);
		DELETE FROM messages WHERE id = 3;
		INSERT INTO pacts (world_id, season, camp_a, camp_b, status, since_day) VALUES (1, 1, 0, 1, 'peace', 1);
		INSERT INTO pact_changes (world_id, season, day, seq, camp_a, camp_b, by_camp, event, status)
		VALUES (1, 1, 1, 0, 0, 1, 1, 'signed', 'peace')`, at, at+time.Minute.Microseconds()))
	if err != nil {
		t.Fatalf("fill version 11: %v", err)
	}
	hash := sha256.Sum256([]byte("camp-1"))
	if _, err := db.ExecContext(ctx, `INSERT INTO tokens (hash, role, world_id, camp) VALUES (?, 'camp', 1, 1)`, hash[:]); err != nil {
		t.Fatalf("fill version 11: %v", err)
	}
	db.Close()

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	storetest.MigrateRulesets(t, s, migrateTo(s))
}

// TestMigrateSeats checks migration 00015 on a database filled at version
// 14 as storetest.MigrateSeats describes it.
func TestMigrateSeats(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile)+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if _, err := provider(t, db).UpTo(ctx, 14); err != nil {
		t.Fatalf("migrate to version 14: %v", err)
	}
	admin, camp := sha256.Sum256([]byte("admin-ops")), sha256.Sum256([]byte("camp-0"))
	_, err = db.ExecContext(ctx, fmt.Sprintf(`
		INSERT INTO worlds (name, ruleset, camps, seed, cadence_ns, season_length, season, paused, created_at)
		VALUES ('old', 'grisonval', 3, 9, 1000, 24, 1, 0, %[1]d);
		INSERT INTO camps (world_id, camp, controller, posture)
		VALUES (1, 0, 'human', ''), (1, 1, 'ai', 'prudent'), (1, 2, 'agent', '');
		INSERT INTO ticks (world_id, season, day, state, hash, committed_at)
		VALUES (1, 1, 0, x'61', 'h0', %[1]d), (1, 1, 1, x'62', 'h1', %[1]d);
		INSERT INTO seasons (world_id, season, first_day, started_at) VALUES (1, 1, 0, %[1]d);
		INSERT INTO careers (world_id, player, mode, camp, patron, seasons, ep) VALUES (1, 'ada', 'human', 0, 'Aurèle', 1, 0);
		INSERT INTO sheets (world_id, player, sheet) VALUES (1, 'ada', '{}');
		INSERT INTO enrolments (world_id, season, camp, player, patron, package, purchases, spent, enrolled_at, sheet, before_setup)
		VALUES (1, 1, 0, 'ada', 'Aurèle', 'levy', '[]', 0, %[1]d, '{}', 0);
		INSERT INTO season_closes (world_id, season, day, closed_at, closed_by) VALUES (1, 1, 1, %[1]d, '');
		INSERT INTO season_players (world_id, season, camp, player, patron, mode, feats, standing, verdict, titles,
			posted_ticks, eminence)
		VALUES (1, 1, 0, 'ada', 'Aurèle', 'human', '{}', 12, 'praise', '[]', 1, 0);
		INSERT INTO orders (world_id, season, day, camp, player, action, args, reason, submitted_at, status, code)
		VALUES (1, 1, 1, 0, 'ada', 'rest', '[]', '', %[1]d, 'applied', ''),
			(1, 2, 1, 0, '', 'explore', '[3]', 'east', %[1]d, 'pending', '');
		INSERT INTO messages (world_id, season, day, from_camp, to_camp, player, text, sent_at)
		VALUES (1, 1, 1, 0, 1, 'ada', 'Paix ?', %[1]d);
		INSERT INTO tokens (hash, role, name) VALUES (x'%[2]x', 'admin', 'ops');
		INSERT INTO tokens (hash, role, world_id, camp, player) VALUES (x'%[3]x', 'camp', 1, 0, 'ada')`,
		storetest.SeatsBase.UnixMicro(), admin, camp))
	if err != nil {
		t.Fatalf("fill version 14: %v", err)
	}
	db.Close()

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	storetest.MigrateSeats(t, s, migrateTo(s))
}

// TestMigrateFallen checks migration 00016 on a database filled at version
// 15 as storetest.MigrateFallen describes it.
func TestMigrateFallen(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile)+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if _, err := provider(t, db).UpTo(ctx, 15); err != nil {
		t.Fatalf("migrate to version 15: %v", err)
	}
	_, err = db.ExecContext(ctx, fmt.Sprintf(`
		INSERT INTO worlds (name, ruleset, camps, seed, cadence_ns, season_length, season, paused, created_at)
		VALUES ('old', 'grisonval', 3, 9, 1000, 24, 1, 0, %[1]d);
		INSERT INTO camps (world_id, camp, controller, posture)
		VALUES (1, 0, 'human', ''), (1, 1, 'ai', 'prudent'), (1, 2, 'agent', '');
		INSERT INTO careers (world_id, player, mode, camp, patron, seasons, ep) VALUES (1, 'ada', 'human', 0, 'Aurèle', 1, 2);
		INSERT INTO sheets (world_id, player, sheet) VALUES (1, 'ada', '{}');
		INSERT INTO enrolments (world_id, season, camp, seat, player, patron, package, purchases, spent, enrolled_at,
			sheet, before_setup)
		VALUES (1, 1, 0, 'ruler', 'ada', 'Aurèle', 'levy', '[]', 0, %[1]d, '{}', 0)`, storetest.FallenBase.UnixMicro()))
	if err != nil {
		t.Fatalf("fill version 15: %v", err)
	}
	db.Close()

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	storetest.MigrateFallen(t, s, migrateTo(s))
}

// migrateTo returns the storetest migration checks' migrateTo on s's
// database.
func migrateTo(s *Store) func(t *testing.T, version int64) error {
	return func(t *testing.T, version int64) error {
		p := provider(t, s.db)
		current, err := p.GetDBVersion(t.Context())
		if err != nil {
			return err
		}
		if version < current {
			_, err = p.DownTo(t.Context(), version)
		} else {
			_, err = p.UpTo(t.Context(), version)
		}
		return err
	}
}

// provider returns the goose provider of the embedded migrations on db.
func provider(t *testing.T, db *sql.DB) *goose.Provider {
	t.Helper()
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatalf("migrations: %v", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys, goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(goMigrations()...))
	if err != nil {
		t.Fatalf("goose provider: %v", err)
	}
	return p
}

// TestMigrateRepairsAuditDetails checks migration 00013 (a Go migration):
// an audit detail cut inside a character, as the server cut them before,
// is made valid UTF-8; valid ones are kept as they are.
func TestMigrateRepairsAuditDetails(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if _, err := provider(t, db).UpTo(ctx, 12); err != nil {
		t.Fatalf("migrate to version 12: %v", err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO admin_audit (at, admin, action, world_id, detail, code)
		VALUES (0, 'dev', 'CreateWorld', 0, CAST(x'6e616d653a22c3a9c3' AS TEXT), 'OK'),
			(0, 'dev', 'ForceTick', 1, 'world_id:1 « é »', 'OK')`)
	if err != nil {
		t.Fatalf("fill version 12: %v", err)
	}
	db.Close()

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	got, err := s.Audit(ctx, store.AuditFilter{}, 10)
	if err != nil {
		t.Fatalf("Audit: %v", err)
	}
	var details []string
	for _, e := range got {
		details = append(details, e.Detail)
	}
	if want := []string{`name:"é`, "world_id:1 « é »"}; !slices.Equal(details, want) {
		t.Errorf("details after migrating: got %q; want %q", details, want)
	}
}

// TestRefusesNewerFormat: a database that a newer binary migrated past the
// last migration this one knows is refused at Open, with ErrNewerFormat and
// a message naming both versions; nothing of it changes.
func TestRefusesNewerFormat(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	s.Close()
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFile))
	if err != nil {
		t.Fatal(err)
	}
	known, err := provider(t, db).GetDBVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO goose_db_version (version_id, is_applied) VALUES (?, 1)`, known+1); err != nil {
		t.Fatalf("mark the database as a newer binary would: %v", err)
	}
	db.Close()
	_, err = Open(dir)
	if !errors.Is(err, store.ErrNewerFormat) || !strings.Contains(err.Error(), fmt.Sprintf("version %d; this binary knows versions up to %d", known+1, known)) {
		t.Fatalf("Open of a newer database: %v; want ErrNewerFormat naming versions %d and %d", err, known+1, known)
	}
}
