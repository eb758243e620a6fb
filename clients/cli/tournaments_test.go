package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestTournamentCommands runs the arena's admin commands against a real
// grisonval-arena serve (its binary, on the embedded store): a refused
// spec plans nothing (exit 1, the arena's words), a tiny all-bot round
// robin is planned from its file, run, listed until finished, and its
// leaderboard printed as text and --json; against a plain grisonvald
// they say the server runs no arena.
func TestTournamentCommands(t *testing.T) {
	dir := t.TempDir()
	tok := "gva_" + strings.Repeat("t", 40)
	tokFile := filepath.Join(dir, "admin-token")
	if err := os.WriteFile(tokFile, []byte(tok+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, testserver.Build(t, "./server/cmd/grisonval-arena", "grisonval-arena"), "serve",
		"-data", filepath.Join(dir, "arena"), "-addr", "127.0.0.1:0", "-admin-token-file", tokFile)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cmd.Wait() }()
	addrs := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := regexp.MustCompile(`arena's server at (\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				addrs <- m[1]
			}
		}
	}()
	var addr string
	select {
	case addr = <-addrs:
	case <-time.After(60 * time.Second):
		t.Fatalf("grisonval-arena serve did not start:\n%s", errOut.String())
	}
	env := map[string]string{"GRISONVAL_ADDR": addr, "GRISONVAL_ADMIN_TOKEN": tok, "GRISONVAL_LANG": "en"}
	cli := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), args, func(k string) string { return env[k] }, false, &out, &errOut)
		return out.String(), errOut.String(), code
	}

	if out, errs, code := cli("admin", "tournaments"); code != 0 || out != "" {
		t.Fatalf("admin tournaments on a new arena: exit %d, %q %q; want nothing", code, out, errs)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"name": "bad", "move_clock": 5}`), 0o644)
	if _, errs, code := cli("admin", "plan-tournament", bad); code != 1 || !strings.Contains(errs, "InvalidArgument") || !strings.Contains(errs, "a duration is a string") {
		t.Errorf("a bad spec: exit %d, %q; want 1 with the arena's words", code, errs)
	}
	if _, errs, code := cli("admin", "plan-tournament", filepath.Join(dir, "none.json")); code != 2 || !strings.Contains(errs, "the spec:") {
		t.Errorf("a missing spec file: exit %d, %q; want a usage error", code, errs)
	}
	spec := filepath.Join(dir, "tiny.json")
	os.WriteFile(spec, []byte(`{"name": "tiny", "ruleset": "grisonval", "camps": 3, "season_length": 6, "move_clock": "30s", "seeds": [11],
 "schedule": "round_robin", "anchor": "rest", "entrants": [{"id": "prudent", "kind": "bot", "posture": "prudent"},
 {"id": "random", "kind": "random"}, {"id": "rest", "kind": "rest"}]}`), 0o644)
	if out, errs, code := cli("admin", "plan-tournament", spec); code != 0 || out != "tiny: grisonval, 3 matches: 0 played, 0 being played, 3 planned, 0 failed; waiting for a run\n" {
		t.Fatalf("plan-tournament: exit %d, %q %q", code, out, errs)
	}
	if out, errs, code := cli("admin", "run-tournament", "tiny"); code != 0 || !strings.HasPrefix(out, "tiny: grisonval, 3 matches:") {
		t.Fatalf("run-tournament: exit %d, %q %q", code, out, errs)
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		out, errs, code := cli("admin", "tournaments")
		if code != 0 {
			t.Fatalf("admin tournaments: exit %d, %q", code, errs)
		}
		if out == "tiny: grisonval, 3 matches: 3 played, 0 being played, 0 planned, 0 failed; finished\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament after 90 s: %q", out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, errs, code := cli("admin", "tournament", "tiny")
	if code != 0 || !strings.Contains(out, "95 % interval") || len(regexp.MustCompile(`(?m)^[123] +(prudent|random|rest) `).FindAllString(out, -1)) != 3 {
		t.Errorf("admin tournament tiny: exit %d, %q\n%s", code, errs, out)
	}
	out, _, code = cli("--json", "admin", "tournament", "tiny")
	var lb struct {
		Played int `json:"played"`
		Rows   []struct {
			Entrant string  `json:"entrant"`
			Rating  float64 `json:"rating"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &lb); code != 0 || err != nil || lb.Played != 3 || len(lb.Rows) != 3 {
		t.Errorf("--json admin tournament tiny: exit %d, %v, %+v\n%s", code, err, lb, out)
	}

	// A plain grisonvald runs no arena.
	srv := testserver.Start(t)
	env = map[string]string{"GRISONVAL_ADDR": srv.Addr, "GRISONVAL_ADMIN_TOKEN": srv.AdminToken, "GRISONVAL_LANG": "en"}
	if _, errs, code := cli("admin", "tournaments"); code != 1 || !strings.Contains(errs, "this server runs no arena") {
		t.Errorf("admin tournaments on grisonvald: exit %d, %q; want 1 saying it runs no arena", code, errs)
	}
}
