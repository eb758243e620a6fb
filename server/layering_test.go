package server_test

import (
	"os/exec"
	"strings"
	"testing"
)

// mod is the module's import path, with its slash.
const mod = "github.com/grisonval/server/"

// TestLayering checks the one-way imports of the design (STYLE.md example 2,
// DESIGN.md section 3): clients -> proto <- server -> game <- rulesets ->
// engine. A client never imports the rules or the server; the server knows
// a game only through the seam (package game) and seed 003's season layer
// (engine/career), never a ruleset's package or the engine, except in the
// binaries of server/cmd, which compose them; a ruleset never imports the
// server or a client; the API depends on nothing of ours but lang,
// the two languages' texts (DESIGN decision 8), which every layer may
// import and which imports nothing of ours.
func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps=false", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "../...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, imports := strings.TrimPrefix(fields[0], mod), fields[1:]
		for _, imp := range imports {
			if !strings.HasPrefix(imp, mod) {
				continue
			}
			if why := forbidden(pkg, strings.TrimPrefix(imp, mod)); why != "" {
				t.Errorf("%s imports %s: %s", pkg, imp, why)
			}
		}
	}
}

// forbidden says why package pkg may not import dep (both relative to the
// module), or "".
func forbidden(pkg, dep string) string {
	under := func(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }
	switch {
	case pkg == "lang":
		return "the languages' texts depend on nothing of ours"
	case dep == "lang":
		return ""
	case under(pkg, "clients") && (under(dep, "engine") || under(dep, "game") || under(dep, "server")):
		return "clients use the public API only"
	case under(pkg, "server") && !under(pkg, "server/cmd") && under(dep, "clients"):
		return "the server never depends on a client"
	case under(pkg, "server") && !under(pkg, "server/cmd") && dep != "game" && dep != "engine/career" &&
		(under(dep, "engine") || under(dep, "game")):
		return "the server knows a ruleset only through the seam (package game)"
	case under(pkg, "proto") && dep != "proto" && !under(dep, "proto"):
		return "the API depends on nothing of ours"
	case under(pkg, "engine") && !under(dep, "engine"):
		return "the rules import nothing of ours but their own packages"
	case pkg == "game" && dep != "engine/career" && !under(dep, "proto"):
		return "the seam stands on the season layer and the API only"
	case under(pkg, "game") && (under(dep, "server") || under(dep, "clients")):
		return "a ruleset never depends on the server or a client"
	}
	return ""
}

// TestServerNeedsNoRuleset checks that the server package, with everything
// it imports, builds without any ruleset or the engine: it plays games only
// through the seam.
func TestServerNeedsNoRuleset(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(dep, mod)
		if rel == dep {
			continue
		}
		if forbidden("server", rel) != "" {
			t.Errorf("the server depends on %s", dep)
		}
	}
}
