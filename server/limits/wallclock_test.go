package limits_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// wallClock are the functions of package time and context that read the
// wall clock or arm a timer on it.
var wallClock = map[string]bool{
	"time.Now": true, "time.Since": true, "time.Until": true, "time.Sleep": true,
	"time.After": true, "time.AfterFunc": true, "time.Tick": true,
	"time.NewTicker": true, "time.NewTimer": true,
	"context.WithTimeout": true, "context.WithDeadline": true,
	"context.WithTimeoutCause": true, "context.WithDeadlineCause": true,
}

// TestNoWallClock checks STYLE.md example 19 for this package: every
// "now" and every timer reads the injected clock.Clock, so no file of the
// package calls the wall clock's functions.
func TestNoWallClock(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && wallClock[pkg.Name+"."+sel.Sel.Name] {
				t.Errorf("%s: %s.%s reads the wall clock; use the clock.Clock", fset.Position(sel.Pos()), pkg.Name, sel.Sel.Name)
			}
			return true
		})
	}
}
