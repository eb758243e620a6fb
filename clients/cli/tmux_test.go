package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// tmux runs the cli in a detached tmux session of its own server (socket),
// 120 columns by 200 lines unless told (the whole view and map fit), and
// reads its screen.
type tmux struct {
	t      *testing.T
	socket string
}

func startTmux(t *testing.T, command string) *tmux {
	t.Helper()
	return startTmuxSized(t, command, 120, 200)
}

// startTmuxSized runs command in a detached tmux session of cols by lines.
func startTmuxSized(t *testing.T, command string, cols, lines int) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; make test installs it (test-deps)")
		}
		t.Skip("tmux is not installed (make test-deps installs it)")
	}
	tm := &tmux{t: t, socket: fmt.Sprintf("grisonval-cli-test-%d", time.Now().UnixNano())}
	if out, err := exec.Command("tmux", "-L", tm.socket, "new-session", "-d", "-s", "cli", "-x", fmt.Sprint(cols), "-y", fmt.Sprint(lines), command).CombinedOutput(); err != nil {
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
		{"fog, and free coasts under it", 1, ".     .     .     .     - c   - c"},
		{"capital and neighbours", 2, "11    12*   13"},
		{"own garrison and terrain", 3, "0:4 p"},
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
	tm.waitFor(false, "Camp 0, day 0 of 200", "Menu for day 1:", "12*")
	srv.ForceTick(t, 1)
	s := tm.waitFor(false, "Camp 0, day 1 of 200", "Menu for day 2:", "12*")
	if strings.Contains(s, "day 0 of 200") {
		t.Errorf("got screen:\n%s\nwant day 0 cleared away", s)
	}
}

// playDays plays camp c for days forced days: each day it expands when it
// can, else explores, else chops wood, so that its map and journal grow;
// on a day its ruler's seat is vacant (only rest and appoint are open,
// CNL-7) it names a ruler.
func playDays(t *testing.T, srv *testserver.Server, world uint64, c *tools.Camp, days int) {
	t.Helper()
	ctx := context.Background()
	for range days {
		v, err := c.GetView(ctx)
		if err != nil {
			t.Fatalf("get view: %v", err)
		}
		o := &pb.Order{Action: "rest", Reason: "du repos"}
	choose:
		for _, want := range []string{"expand_to", "explore", "chop_wood", "appoint"} {
			for _, a := range v.GetLegalActions() {
				if a.GetAction() != want {
					continue
				}
				o = &pb.Order{Action: want, Reason: "le test avance"}
				for _, s := range a.GetArgs() {
					if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
						o.Args = append(o.Args, s.GetMin())
					} else {
						o.Args = append(o.Args, s.GetChoices()[0])
					}
				}
				break choose
			}
		}
		if _, err := c.Submit(ctx, o); err != nil {
			t.Fatalf("day %d: %v: %v", v.GetDay()+1, o, err)
		}
		srv.ForceTick(t, world)
	}
}

// TestWatchFitsInTmux plays a camp for 60 days, then watches it in
// terminals of 50 lines: the whole screen fits, from the map's first row
// (with terrain) to the footer, and the next day redraws it.
func TestWatchFitsInTmux(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	world, token := srv.NewWorld(t, 5, 200, nil)
	c := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	playDays(t, srv, world, c, 60)
	for _, cols := range []int{80, 120} {
		t.Run(fmt.Sprintf("%d columns", cols), func(t *testing.T) {
			v, err := c.GetView(context.Background())
			if err != nil {
				t.Fatalf("get view: %v", err)
			}
			day := v.GetDay()
			tm := startTmuxSized(t, fmt.Sprintf("%s --addr %s --token %s watch", bin, srv.Addr, token), cols, 50)
			s := tm.waitFor(false, fmt.Sprintf("Camp 0, day %d of 200", day), "Ctrl-C stops.")
			lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
			if len(lines) > 50 || !strings.Contains(lines[0], "    1     2     3     4     5     6") || !strings.HasPrefix(lines[len(lines)-1], "cli view: the whole view") {
				t.Fatalf("got %d lines:\n%s\nwant at most 50: the map's first row on top, the footer last", len(lines), s)
			}
			for _, want := range []string{"Terrain: p plains, f forest, m mountain, c coast", "Stocks: food ", fmt.Sprintf("Menu for day %d:", day+1), "Zones: ", "Kingdom: economy ", "Council: "} {
				if !strings.Contains(s, want) {
					t.Errorf("got:\n%s\nwant it to contain %q", s, want)
				}
			}
			if !regexp.MustCompile(`  0(:\d+)? [pfmc]`).MatchString(s) {
				t.Errorf("got:\n%s\nwant a held zone with its terrain letter", s)
			}
			srv.ForceTick(t, world)
			s = tm.waitFor(false, fmt.Sprintf("Camp 0, day %d of 200", day+1), "Ctrl-C stops.")
			if lines := strings.Split(strings.TrimRight(s, "\n"), "\n"); len(lines) > 50 || !strings.Contains(lines[0], "    1     2     3") {
				t.Errorf("got screen:\n%s\nwant day %d redrawn whole", s, day+1)
			}
		})
	}
}
