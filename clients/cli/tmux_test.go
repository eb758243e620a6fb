package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
)

// tmux runs the cli in a detached tmux session of its own server (socket),
// 120 columns by 200 lines (the whole view and map fit), and reads its
// screen.
type tmux struct {
	t      *testing.T
	socket string
}

func startTmux(t *testing.T, command string) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; make test installs it (test-deps)")
		}
		t.Skip("tmux is not installed (make test-deps installs it)")
	}
	tm := &tmux{t: t, socket: fmt.Sprintf("grisonval-cli-test-%d", time.Now().UnixNano())}
	if out, err := exec.Command("tmux", "-L", tm.socket, "new-session", "-d", "-s", "cli", "-x", "120", "-y", "200", command).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", tm.socket, "kill-server").Run() })
	return tm
}

// screen returns the visible pane, with its colours as escapes when
// escapes is set.
func (tm *tmux) screen(escapes bool) string {
	args := []string{"-L", tm.socket, "capture-pane", "-p", "-t", "cli"}
	if escapes {
		args = append(args, "-e")
	}
	out, err := exec.Command("tmux", args...).Output()
	if err != nil {
		tm.t.Fatalf("tmux capture-pane: %v", err)
	}
	return string(out)
}

// waitFor polls the screen until it contains every one of want.
func (tm *tmux) waitFor(escapes bool, want ...string) string {
	tm.t.Helper()
	var s string
	for range 100 {
		s = tm.screen(escapes)
		ok := true
		for _, w := range want {
			ok = ok && strings.Contains(s, w)
		}
		if ok {
			return s
		}
		time.Sleep(100 * time.Millisecond)
	}
	tm.t.Fatalf("got screen:\n%s\nwant it to contain %q", s, want)
	return ""
}

func TestMapInTmux(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	tm := startTmux(t, fmt.Sprintf("env -u NO_COLOR %s --addr %s --token %s map; sleep 60", bin, srv.Addr, srv.CampToken(t, 0)))
	plain := tm.waitFor(false, "Camps: 0 Grisonval, you")
	lines := strings.Split(plain, "\n")
	tests := []struct {
		name string
		line int
		want string
	}{
		{"first row of hexes", 0, "    1     2     3     4     5     6"},
		{"fog under it", 1, ".     .     .     .     -     -"},
		{"capital and neighbours", 2, "11    12*   13"},
		{"own garrison", 3, "0:4"},
		{"centre row", 10, "  41    42    43    44    45    46    47    48    49    50    51"},
		{"last row", 20, "86    87    88    89    90    91"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(lines[tt.line], tt.want) {
				t.Errorf("got line %d %q; want it to contain %q\n%s", tt.line, lines[tt.line], tt.want, plain)
			}
		})
	}
	t.Run("colours", func(t *testing.T) {
		s := tm.screen(true)
		// tmux re-encodes attributes: bold gold for the own capital, grey
		// for free land, cyan for camp 2 in the legend.
		for _, w := range []string{"\x1b[1m\x1b[33m", "\x1b[90m", "\x1b[36m"} {
			if !strings.Contains(s, w) && !strings.Contains(s, strings.ReplaceAll(w, "m\x1b[", ";")) {
				t.Errorf("got screen:\n%q\nwant the escape %q", s, w)
			}
		}
	})
}

func TestWatchInTmux(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	tm := startTmux(t, fmt.Sprintf("%s --addr %s --token %s watch", bin, srv.Addr, srv.CampToken(t, 0)))
	tm.waitFor(false, "Day 0 of 200", "Legal actions for day 1", "12*")
	srv.ForceTick(t, 1)
	s := tm.waitFor(false, "Day 1 of 200", "Legal actions for day 2", "12*")
	if strings.Contains(s, "Day 0 of 200") {
		t.Errorf("got screen:\n%s\nwant day 0 cleared away", s)
	}
}
