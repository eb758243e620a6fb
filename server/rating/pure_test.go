package rating

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// pureImports is every package this package may import: none does I/O,
// reads a clock or starts a goroutine.
var pureImports = map[string]bool{
	"errors": true, "fmt": true, "math": true, "math/bits": true, "math/rand/v2": true, "slices": true,
}

// TestPure checks that the package stays a function of its arguments: its
// non-test files import only pureImports, use package rand only to build a
// seeded generator (rand.New, rand.NewPCG: every other function of the
// package draws from the global source), and start no goroutine.
func TestPure(t *testing.T) {
	fset := token.NewFileSet()
	for _, f := range sources(t, fset) {
		name := fset.Position(f.Package).Filename
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); !pureImports[p] {
				t.Errorf("%s imports %q; package rating does no I/O and reads no clock", name, p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a goroutine; package rating is sequential and deterministic", fset.Position(n.Pos()))
			case *ast.SelectorExpr:
				if pkg, ok := n.X.(*ast.Ident); ok && pkg.Name == "rand" && n.Sel.Name != "New" && n.Sel.Name != "NewPCG" {
					t.Errorf("%s: rand.%s draws from the global source; draw from the seeded generator", fset.Position(n.Pos()), n.Sel.Name)
				}
			}
			return true
		})
	}
}

// sources parses the package's non-test files.
func sources(t *testing.T, fset *token.FileSet) []*ast.File {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Fatal("no source file found")
	}
	return files
}
