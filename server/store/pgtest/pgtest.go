// Package pgtest gives tests a fresh database on the machine's PostgreSQL.
package pgtest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL names the environment variable holding the URL of the PostgreSQL
// database that NewDatabase connects to in order to create databases.
const EnvURL = "GRISONVAL_TEST_PG"

// DefaultURL is used when EnvURL is unset.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// NewDatabase creates a fresh, uniquely named database and returns its URL.
// The database is dropped, with its connections forced closed, when the
// test ends. If PostgreSQL cannot be reached it fails the test, saying how
// to start it: tests that need PostgreSQL never skip.
func NewDatabase(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		base = DefaultURL
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("pgtest: parse %s %q: %v", EnvURL, base, err)
	}
	name := "grisonval_test_" + strings.ToLower(rand.Text())

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := exec(ctx, base, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database on %s: %v\n"+
			"Is PostgreSQL running? Start it with:\n"+
			"\tpg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n"+
			"or point %s at a server where user %q may create databases.",
			u.Redacted(), err, EnvURL, u.User.Username())
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := exec(ctx, base, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// exec runs one statement on the database at url.
func exec(ctx context.Context, url, sql string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, sql)
	return err
}
