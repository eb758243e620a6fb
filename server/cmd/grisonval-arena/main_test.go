package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grisonval/server/server/cmd/internal/arena"
)

// TestDemo runs the command's demo (an all-bot round robin on a scratch
// embedded store) and reads its table, printed and written with -json.
func TestDemo(t *testing.T) {
	file := filepath.Join(t.TempDir(), "table.json")
	var out, errs bytes.Buffer
	if err := run([]string{"demo", "-seeds", "1", "-days", "6", "-json", file}, &out, &errs); err != nil {
		t.Fatalf("demo: %v\n%s", err, errs.String())
	}
	if !strings.Contains(out.String(), "30 of 30 matches played") || !strings.Contains(out.String(), "rest-only") {
		t.Fatalf("demo's table:\n%s", out.String())
	}
	var b struct {
		Played int `json:"matches_played"`
		Rows   []struct {
			Entrant string  `json:"entrant"`
			Rating  float64 `json:"rating"`
		} `json:"rows"`
	}
	if err := readJSON(file, &b); err != nil || b.Played != 30 || len(b.Rows) != 5 {
		t.Fatalf("-json table: %+v, %v; want 30 matches and 5 rows", b, err)
	}
}

// TestUsage: a command or flag the arena does not know is a usage error
// that says what it knows.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"fly"}, {"table"}, {"plan"}, {"export", "-name", "x", "-format", "xml", "-data", t.TempDir()}} {
		var out, errs bytes.Buffer
		err := run(args, &out, &errs)
		var u usageError
		if err == nil || !errors.As(err, &u) {
			t.Errorf("%v: %v; want a usage error", args, err)
		}
	}
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// TestSpecs reads the specs the docs run (specs/*.json) and the example
// of docs/arena.md: each is a tournament the arena accepts.
func TestSpecs(t *testing.T) {
	files, err := filepath.Glob("specs/*.json")
	if err != nil || len(files) < 2 {
		t.Fatalf("specs: %v, %v", files, err)
	}
	for _, f := range files {
		if _, err := arena.ReadSpec(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	doc, err := os.ReadFile("../../../docs/arena.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n")
	example, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("docs/arena.md has no JSON example")
	}
	path := filepath.Join(t.TempDir(), "example.json")
	if err := os.WriteFile(path, []byte(example), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := arena.ReadSpec(path)
	if err != nil || len(s.Entrants) != 8 {
		t.Errorf("docs/arena.md's example: %d entrants, %v; want 8 and no error", len(s.Entrants), err)
	}
}
