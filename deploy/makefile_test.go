package deploy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// makeVariable returns the value of the Makefile's variable name (NAME :=
// value).
func makeVariable(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			if v, ok := strings.CutPrefix(strings.TrimSpace(v), ":="); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	t.Fatalf("the Makefile has no %s := ...", name)
	return ""
}

// TestLikeImage checks that the Makefile's LIKE_IMAGE, the settings of
// make test's vet, non-race tests and load runs, are BuildCommand's: they
// then share its compilation of the tree.
func TestLikeImage(t *testing.T) {
	want := strings.Join(append(append([]string(nil), buildEnv...), "GOFLAGS="+strings.Join(buildFlags, " ")), " ")
	if got := makeVariable(t, "LIKE_IMAGE"); got != want {
		t.Errorf("the Makefile's LIKE_IMAGE is %q; want %q (BuildCommand's settings)", got, want)
	}
}

// notSequential are the imports that bring goroutines into a package's
// tests: a server, a network, a client of one.
var notSequential = []string{
	"net", "net/http", "google.golang.org/grpc", "github.com/grisonval/server/server",
	"github.com/grisonval/server/clients/internal/testserver", "github.com/grisonval/server/server/store",
}

// TestSequentialPackages checks the Makefile's SEQUENTIAL, the packages
// whose tests make test runs without the race detector: none of their
// files, tests included, starts a goroutine (a go statement), runs tests in
// parallel (t.Parallel) or imports a server, a network or a client of one.
// A package that does belongs to the race detector's run.
func TestSequentialPackages(t *testing.T) {
	patterns := strings.Fields(makeVariable(t, "SEQUENTIAL"))
	if len(patterns) == 0 {
		t.Fatal("SEQUENTIAL is empty")
	}
	files := 0
	for _, p := range patterns {
		dir, all := strings.CutSuffix(p, "/...")
		err := filepath.WalkDir(filepath.Join("..", dir), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if !all && path != filepath.Join("..", dir) || d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") {
				return nil
			}
			files++
			checkSequential(t, path)
			return nil
		})
		if err != nil {
			t.Fatalf("SEQUENTIAL's %s: %v", p, err)
		}
	}
	if files == 0 {
		t.Fatal("SEQUENTIAL's packages hold no Go file")
	}
}

// checkSequential reports what in the Go file at path would run two
// goroutines at once.
func checkSequential(t *testing.T, path string) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		for _, bad := range notSequential {
			if p == bad {
				t.Errorf("%s imports %q: its package belongs to the race detector's run, not the Makefile's SEQUENTIAL", path, p)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			t.Errorf("%s: a goroutine: its package belongs to the race detector's run, not the Makefile's SEQUENTIAL", fset.Position(n.Pos()))
		case *ast.SelectorExpr:
			if n.Sel.Name == "Parallel" {
				t.Errorf("%s: tests in parallel: its package belongs to the race detector's run, not the Makefile's SEQUENTIAL", fset.Position(n.Pos()))
			}
		}
		return true
	})
}
