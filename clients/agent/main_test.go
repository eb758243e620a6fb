package agent

import (
	"os"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestMain builds the binaries the tests run (grisonvald and the others
// testserver.Build makes) once for the whole package.
func TestMain(m *testing.M) { os.Exit(testserver.Main(m)) }
