package server_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayering checks the one-way imports of the design (STYLE.md example 2):
// clients -> proto <- server -> engine, store. A client never imports the
// engine or the server; the server never imports a client, except the server
// binary, which hosts the in-process bot.
func TestLayering(t *testing.T) {
	const mod = "github.com/grisonval/server/"
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
			dep := strings.TrimPrefix(imp, mod)
			switch {
			case strings.HasPrefix(pkg, "clients/") && (strings.HasPrefix(dep, "engine") || strings.HasPrefix(dep, "server")):
				t.Errorf("%s imports %s: clients use the public API only", pkg, dep)
			case strings.HasPrefix(pkg, "server") && !strings.HasPrefix(pkg, "server/cmd/") && strings.HasPrefix(dep, "clients/"):
				t.Errorf("%s imports %s: the server never depends on a client", pkg, dep)
			case strings.HasPrefix(pkg, "proto/") && (strings.HasPrefix(dep, "engine") || strings.HasPrefix(dep, "server") || strings.HasPrefix(dep, "clients")):
				t.Errorf("%s imports %s: the API depends on nothing of ours", pkg, dep)
			}
		}
	}
}
