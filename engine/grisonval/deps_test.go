package grisonval_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// allowedImports is every standard package the engine may import: none does
// I/O, networking, SQL, protobuf, wall-clock time or global randomness.
var allowedImports = map[string]bool{
	"crypto/sha256": true, "encoding/binary": true, "encoding/hex": true, "encoding/json": true,
	"fmt": true, "math": true, "math/bits": true, "slices": true, "sort": true,
	"strconv": true, "strings": true, "cmp": true, "errors": true,
}

// TestEngineImports fails when a non-test file of engine/ (every game's
// rules and the season layer's tables, this package's parent folder)
// imports anything outside allowedImports, engine's own packages and the
// texts of package lang.
func TestEngineImports(t *testing.T) {
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if allowedImports[p] || strings.HasPrefix(p, "github.com/grisonval/server/engine/") || p == "github.com/grisonval/server/lang" {
				continue
			}
			t.Errorf("%s imports %q; engine/ must stay free of I/O, clocks, SQL, gRPC, protobuf and global randomness", path, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
