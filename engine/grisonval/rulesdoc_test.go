package grisonval_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ruleDocs are the documents whose tables hold rules: the world's, the
// seasons' and careers', the council's seats, the AI's, the Castle's and the counters'.
var ruleDocs = []string{"../../docs/rules.md", "../../docs/career.md", "../../docs/seats.md", "../../docs/simulation.md", "../../docs/castle.md", "../../docs/counters.md"}

// TestRulesDocumented checks that every rule ID of the rule documents is
// named by at least one test of the repository (a _test.go file or a
// conformance case), cites a source, and is defined once.
func TestRulesDocumented(t *testing.T) {
	var doc []byte
	for _, p := range ruleDocs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		doc = append(doc, b...)
	}
	var tests strings.Builder
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "rulesdoc_test.go") ||
			!(strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, ".case")) {
			return err
		}
		b, err := os.ReadFile(path)
		tests.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| ([A-Z]+(?:-[A-Z0-9]+)+) \|(.*)$`)
	rows := row.FindAllStringSubmatch(string(doc), -1)
	if len(rows) < 30 {
		t.Fatalf("found %d rules in %v; the table format may have changed", len(rows), ruleDocs)
	}
	seen := map[string]bool{}
	for _, m := range rows {
		id := m[1]
		if seen[id] {
			t.Errorf("rule %s is defined twice", id)
		}
		seen[id] = true
		cells := strings.Split(m[2], "|")
		if len(cells) < 4 || strings.TrimSpace(cells[1]) == "" {
			t.Errorf("rule %s has no source", id)
		}
		if !namesRule(tests.String(), id) {
			t.Errorf("rule %s is named by no test", id)
		}
	}
}

// namesRule reports whether text names the rule id as a word, as the
// regular expression \bid\b finds it: an occurrence with no ASCII letter,
// digit or underscore just before or after it. (A regular expression per
// rule over every test file took most of a minute under -race.)
func namesRule(text, id string) bool {
	word := func(c byte) bool {
		return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	for i := 0; ; {
		j := strings.Index(text[i:], id)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(id)
		if (start == 0 || !word(text[start-1])) && (end == len(text) || !word(text[end])) {
			return true
		}
		i = start + 1
	}
}
