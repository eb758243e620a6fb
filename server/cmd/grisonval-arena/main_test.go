package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
