package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// TestMain builds the binaries the tests run (grisonvald and the CLI's)
// once for the whole package.
func TestMain(m *testing.M) { os.Exit(testserver.Main(m)) }

func TestParseArgs(t *testing.T) {
	env := map[string]string{"GRISONVAL_TOKEN": "envtok"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		name string
		args []string
		want invocation
	}{
		{"defaults", []string{"view"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", cmd: "view"}},
		{"global flags first", []string{"--addr", "10.0.0.1:9", "--token", "t", "--json", "--no-color", "map"},
			invocation{after: -1, addr: "10.0.0.1:9", token: "t", json: true, noColor: true, cmd: "map"}},
		{"flags after the command", []string{"journal", "--since", "4", "--json"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", json: true, since: 4, cmd: "journal"}},
		{"wait after a day", []string{"wait", "--after", "3"},
			invocation{addr: defaultAddr, token: "envtok", after: 3, cmd: "wait"}},
		{"short form with reason", []string{"expand_to", "12", "--reason", "terre libre"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", reason: "terre libre", cmd: "expand_to", args: []string{"12"}}},
		{"order with flags between arguments", []string{"order", "send_army", "--reason=siège", "4", "15"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", reason: "siège", cmd: "order", args: []string{"send_army", "4", "15"}}},
		{"season as JSON", []string{"season", "--json"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", json: true, cmd: "season"}},
		{"a rules section of two words", []string{"rules", "Fog", "of", "war"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", cmd: "rules", args: []string{"Fog", "of", "war"}}},
		{"notebook read", []string{"notebook"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", cmd: "notebook"}},
		{"notebook written", []string{"notebook", "east first", "then 12"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", cmd: "notebook", args: []string{"east first", "then 12"}}},
		{"council read", []string{"council", "--since", "3"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", since: 3, cmd: "council"}},
		{"council written", []string{"council", "adopt", "the army"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", cmd: "council", args: []string{"adopt", "the army"}}},
		{"a proposal", []string{"propose", "raise_army", "3", "--reason", "the border"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", reason: "the border", cmd: "propose", args: []string{"raise_army", "3"}}},
		{"an adoption", []string{"adopt", "general"},
			invocation{after: -1, addr: defaultAddr, token: "envtok", cmd: "adopt", args: []string{"general"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseArgs(tt.args, getenv)
			if err != nil {
				t.Fatalf("got error %v; want none", err)
			}
			if got.addr != tt.want.addr || got.token != tt.want.token || got.noColor != tt.want.noColor || got.json != tt.want.json ||
				got.reason != tt.want.reason || got.since != tt.want.since || got.after != tt.want.after || got.cmd != tt.want.cmd || !slices.Equal(got.args, tt.want.args) {
				t.Errorf("got %+v; want %+v", *got, tt.want)
			}
		})
	}
	t.Run("address from the environment", func(t *testing.T) {
		got, err := parseArgs([]string{"view"}, func(k string) string {
			return map[string]string{"GRISONVAL_ADDR": "h:1", "GRISONVAL_TOKEN": "x"}[k]
		})
		if err != nil || got.addr != "h:1" {
			t.Errorf("got %v, %v; want address h:1", got, err)
		}
	})
}

func TestParseArgsUsageErrors(t *testing.T) {
	getenv := func(k string) string {
		if k == "GRISONVAL_TOKEN" {
			return "tok"
		}
		return ""
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "no command"},
		{"view with an argument", []string{"view", "3"}, "view takes no argument"},
		{"reason on view", []string{"view", "--reason", "x"}, "--reason goes with an order"},
		{"since on wait", []string{"wait", "--since", "2"}, "--since goes with journal"},
		{"since on an order", []string{"rest", "--since", "2"}, "--since goes with journal"},
		{"order without action", []string{"order"}, "order needs an action"},
		{"unknown flag", []string{"view", "--colour"}, "flag provided but not defined"},
		{"bad since", []string{"journal", "--since", "x"}, "invalid value"},
		{"map with an argument", []string{"map", "12"}, "map takes no argument"},
		{"reason on watch", []string{"watch", "--reason", "x"}, "--reason goes with an order"},
		{"after on view", []string{"view", "--after", "2"}, "--after goes with wait"},
		{"after before day 0", []string{"wait", "--after", "-2"}, "--after is a day"},
		{"season with an argument", []string{"season", "3"}, "season takes no argument"},
		{"reason on notebook", []string{"notebook", "plan", "--reason", "x"}, "notebook takes neither --reason nor --since"},
		{"since on season", []string{"season", "--since", "2"}, "season takes neither --reason nor --since"},
		{"reason on rules", []string{"rules", "Time", "--reason", "x"}, "rules takes neither --reason nor --since"},
		{"a proposal without its reason", []string{"propose", "raise_army", "3"}, "propose needs --reason"},
		{"a proposal without an action", []string{"propose", "--reason", "x"}, "propose needs an action"},
		{"an adoption of two seats", []string{"adopt", "general", "marshal"}, "adopt needs one seat"},
		{"an adoption with a reason", []string{"adopt", "general", "--reason", "x"}, "adopt takes neither --reason nor --since"},
		{"since on a council message", []string{"council", "hello", "--since", "2"}, "--since goes with council alone"},
		{"reason on council", []string{"council", "--reason", "x"}, "--reason goes with an order or a proposal, not with council"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseArgs(tt.args, getenv)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %v; want one containing %q", err, tt.want)
			}
		})
	}
	t.Run("no token", func(t *testing.T) {
		_, err := parseArgs([]string{"view"}, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), "no token") {
			t.Errorf("got error %v; want one about the missing token", err)
		}
	})
	t.Run("a token pasted with its line break", func(t *testing.T) {
		inv, err := parseArgs([]string{"view", "--token", " gvc_abc\n"}, func(string) string { return "" })
		if err != nil || inv.token != "gvc_abc" {
			t.Errorf("got token %q, error %v; want gvc_abc", inv.token, err)
		}
	})
	t.Run("two lines pasted as a token", func(t *testing.T) {
		_, err := parseArgs([]string{"view"}, func(k string) string {
			if k == "GRISONVAL_TOKEN" {
				return "gvc_abc\nplay camp 0 from a terminal:"
			}
			return ""
		})
		if err == nil || !strings.Contains(err.Error(), "the token holds a space, a line break") || !strings.Contains(err.Error(), "at byte 7") {
			t.Errorf("got error %v; want one naming the line break in the token", err)
		}
	})
}

// cliRun runs the real cli binary with env and args and returns its exit
// code, stdout and stderr.
func cliRun(t *testing.T, bin string, env []string, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("run cli %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return code, stdout.String(), stderr.String()
}

func TestCLI(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	env := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + srv.CampToken(t, 0), "NO_COLOR="}
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string
		wantStderr []string
	}{
		{"view", []string{"view"}, 0, []string{`World 1 (grisonval), camp 0 "Grisonval" (human). Day 0 of 200`, "Zones: 7 visible, 0 remembered (as last seen), 84 unknown.",
			"     cost: food 600, wood 4", "Rules: a held zone yields plains food 60 a day, defence +0;",
			"Unknown zones (84; nothing known but their place on the map): 1-4,", "Legal actions for day 1", "  1. rest", "ZONE: one of",
			"No order posted for day 1 yet", "Kingdom: economy ", "Edicts (set_edict EDICT LEVEL, levels 0-4): 1 taxation ",
			"Council (appoint SEAT CITIZEN): 1 ruler "}, nil},
		{"map", []string{"map"}, 0, []string{"  12*", "0:4", "Camps: 0 Grisonval, you, 1 not met, 2 not met; - free;", "0:4 p", "Terrain: p plains, f forest, m mountain, c coast"}, nil},
		{"help lists the legal actions", []string{"help"}, 0, []string{"usage: cli", `Your camp: world 1 (grisonval), camp 0 "Grisonval". Its orders are the actions of its menu:`, "Legal actions for day 1", "  2. chop_wood"}, nil},
		{"short form order", []string{"rest", "--reason", "le moral d'abord"}, 0,
			[]string{"Order accepted for day 1: rest (reason: le moral d'abord)\n"}, nil},
		{"order replaces", []string{"order", "chop_wood"}, 0,
			[]string{"Order accepted for day 1: chop_wood\n", "It replaces the order you had posted"}, nil},
		{"pending order in the view", []string{"view"}, 0, []string{"Pending order for day 1: chop_wood, posted at "}, nil},
		{"refused order", []string{"explore", "999"}, 1, nil,
			[]string{"error (InvalidArgument): bad_arguments: args[0]: zone 999 is not on the map", "  reason: bad_arguments", "  args[0]: zone 999 is not on the map"}},
		{"unknown action", []string{"fly"}, 1, nil, []string{"reason: unknown_action", "known actions: rest, chop_wood"}},
		{"empty journal", []string{"journal"}, 0, []string{"No journal entry from day 0 on."}, nil},
		{"the rulebook's sections", []string{"rules"}, 0, []string{"Sections of the grisonval rulebook", "  Time (", "  Fog of war ("}, nil},
		{"a section of the rulebook", []string{"rules", "fog", "of", "war"}, 0, []string{"## Fog of war\n"}, nil},
		{"standing order", []string{"standing", "chop_wood", "--reason", "du bois"}, 0,
			[]string{"Standing order set: chop_wood (reason: du bois). It plays on each day you post nothing."}, nil},
		{"standing order in the view", []string{"view"}, 0,
			[]string{"Standing order (played on a day you post nothing): chop_wood (reason: du bois)."}, nil},
		{"refused standing order", []string{"standing", "explore", "999"}, 1, nil,
			[]string{"reason: bad_arguments", "args[0]: zone 999 is not on the map"}},
		{"message to an unmet camp", []string{"message", "2", "bonjour", "voisin"}, 1, nil,
			[]string{"error (FailedPrecondition)", "reason: not_a_recipient", "to_camp:"}},
		{"message without text", []string{"message", "1"}, 2, nil, []string{"message needs a camp and a text"}},
		{"no messages", []string{"messages"}, 0, []string{"Messages: none."}, nil},
		{"messages as JSON", []string{"messages", "--json", "--since", "1"}, 0, []string{"{"}, nil},
		{"bad token", []string{"--token", "bad", "view"}, 1, nil, []string{"error (Unauthenticated)"}},
		{"server down", []string{"--addr", "127.0.0.1:1", "view"}, 1, nil, []string{"error (Unavailable)", "is the server running at 127.0.0.1:1?"}},
		{"argument not a number", []string{"send_army", "four", "4"}, 2, nil, []string{`argument 1 of send_army is "four"`, "cli help"}},
		{"usage error", []string{"view", "extra"}, 2, nil, []string{"view takes no argument"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cliRun(t, bin, env, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("got exit code %d; want %d (stdout %q, stderr %q)", code, tt.wantCode, stdout, stderr)
			}
			for _, w := range tt.wantStdout {
				if !strings.Contains(stdout, w) {
					t.Errorf("got stdout:\n%s\nwant it to contain %q", stdout, w)
				}
			}
			for _, w := range tt.wantStderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("got stderr:\n%s\nwant it to contain %q", stderr, w)
				}
			}
		})
	}

	t.Run("json on every command", func(t *testing.T) {
		for _, args := range [][]string{{"view"}, {"map"}, {"journal"}, {"rest"}} {
			code, stdout, stderr := cliRun(t, bin, env, append(args, "--json")...)
			if code != 0 {
				t.Fatalf("%v: exit code %d, stderr %q", args, code, stderr)
			}
			var msg proto.Message
			switch args[0] {
			case "view", "map":
				msg = &pb.CampView{}
			case "journal":
				msg = &pb.GetJournalResponse{}
			default:
				msg = &pb.SubmitOrderResponse{}
			}
			if err := protojson.Unmarshal([]byte(stdout), msg); err != nil {
				t.Errorf("%v: got %v parsing:\n%s", args, err, stdout)
			}
			if args[0] == "view" && (!strings.Contains(stdout, `"owner": 0,`) || !strings.Contains(stdout, `"research": 0`) || !strings.Contains(stdout, `"world_id": 1,`)) {
				t.Errorf("got view:\n%.2000s\nwant camp 0's owner, research 0 and the world's id as numbers", stdout)
			}
		}
	})

	t.Run("wait", func(t *testing.T) {
		cmd := exec.Command(bin, "wait")
		cmd.Env = append(os.Environ(), env...)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		if err := cmd.Start(); err != nil {
			t.Fatalf("start cli wait: %v", err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		for waited := false; !waited; {
			srv.ForceTick(t, 1)
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("cli wait: %v", err)
				}
				waited = true
			case <-time.After(200 * time.Millisecond):
			}
		}
		if !regexp.MustCompile(`Day \d+ resolved; orders are now for day \d+\.`).MatchString(stdout.String()) {
			t.Errorf("got:\n%s\nwant the day resolved", stdout.String())
		}
		code, out, _ := cliRun(t, bin, env, "journal", "--since", "1")
		if code != 0 || !strings.Contains(out, "day 1 [rest] ") || !strings.Contains(out, "why: ") {
			t.Errorf("got journal (code %d):\n%s\nwant day 1's rest with its why", code, out)
		}
	})
}
