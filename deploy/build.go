// Package deploy holds the production shape (docs/deploy.md): the image's
// build script and Dockerfile, docker-compose.yml and the Kubernetes
// manifests. Its one piece of code is how the image builds a binary
// (deploy/build.sh), which every test and tool that builds a binary to run
// uses too: binaries built alike share one compilation of the tree, where a
// build with other settings compiles every package again (minutes on a cold
// cache). No container engine runs here, so its tests check what can be
// checked without one: the build script builds binaries that serve, and the
// compose file and the manifests name flags, files and probes the binaries
// really have.
package deploy

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

// buildEnv and buildFlags are deploy/build.sh's settings: static binaries
// (no cgo), their paths trimmed. TestBuildSettings checks that the script
// says the same.
var (
	buildEnv   = []string{"CGO_ENABLED=0"}
	buildFlags = []string{"-trimpath"}
)

// BuildCommand returns the command that builds the command package pkg
// (an import path, or a path relative to the command's Dir) into the file
// out as the image does, with the build tags given. The caller sets Dir
// when pkg is relative and runs it (CombinedOutput says why it failed).
func BuildCommand(ctx context.Context, out, pkg string, tags ...string) *exec.Cmd {
	args := append([]string{"build"}, buildFlags...)
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	args = append(args, "-o", out, pkg)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Env = append(os.Environ(), buildEnv...)
	return cmd
}
