package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// shellWords splits a command line of a page as sh would: words
// separated by spaces, double or single quotes holding spaces; a comment
// after " #" left out.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var (
		words []string
		cur   strings.Builder
		quote rune
		in    bool
	)
	for i, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case r == '#' && (i == 0 || line[i-1] == ' '):
			if quote == 0 {
				if in {
					words = append(words, cur.String())
				}
				return words
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		t.Fatalf("%q: an unclosed quote", line)
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// shBlocks returns the lines of a Markdown page's sh blocks, a line
// ending in a backslash joined to the next, blank lines and comments left
// out, and every other block's language.
func shBlocks(page string) (lines, langs []string) {
	in, cur := false, ""
	for l := range strings.Lines(page) {
		l = strings.TrimRight(l, "\n")
		switch {
		case !in && strings.HasPrefix(l, "```"):
			in = true
			langs = append(langs, strings.TrimPrefix(l, "```"))
		case in && strings.TrimSpace(l) == "```":
			in = false
		case in && langs[len(langs)-1] == "sh":
			l = strings.TrimSpace(l)
			if cont, ok := strings.CutSuffix(l, "\\"); ok {
				cur += cont
				continue
			}
			cur += l
			if cur != "" && !strings.HasPrefix(cur, "#") {
				lines = append(lines, cur)
			}
			cur = ""
		}
	}
	return lines, langs
}

// seasonToken finds the seat token an enrol command printed.
var seasonToken = regexp.MustCompile(`(?m)^token: (gvc_\S+)$`)

// spectatorToken finds the token admin spectator printed.
var spectatorToken = regexp.MustCompile(`(?m)^(gvs_\S+)$`)

// TestAdminDoc runs every command of docs/admin.md's sh blocks, in order,
// against a fresh server as make run starts it (the new world is world
// 2): the export lines set the environment (gva_... is the server's admin
// token), go build builds the CLI (the test's build of it), every ./cli
// line runs that binary and must exit with 0 (gvc_... is the token the
// last enrolment printed, gvs_... the last spectator token). Then the
// world, its seasons, its tokens and its audit must be what the page says
// the commands did.
func TestAdminDoc(t *testing.T) {
	page, err := os.ReadFile("../../docs/admin.md")
	if err != nil {
		t.Fatal(err)
	}
	lines, langs := shBlocks(string(page))
	for _, l := range langs {
		if l != "sh" && l != "text" {
			t.Errorf("docs/admin.md: a block of language %q; want sh (run by this test) or text", l)
		}
	}
	srv := testserver.Start(t)
	env := append(os.Environ(), "GRISONVAL_ADDR="+srv.Addr, "GRISONVAL_TOKEN=", "GRISONVAL_ADMIN_TOKEN=", "GRISONVAL_LANG=en", "NO_COLOR=1")
	dir := t.TempDir()
	var cli, lastToken, lastSpectator string
	ran := 0
	for _, line := range lines {
		words := shellWords(t, line)
		switch {
		case words[0] == "export":
			k, v, _ := strings.Cut(words[1], "=")
			v = strings.ReplaceAll(v, "gva_...", srv.AdminToken)
			env = append(env, k+"="+v)
		case line == "go build -o cli ./clients/cli":
			cli = filepath.Join(dir, "cli")
			if err := os.Link(testserver.Build(t, "./clients/cli", "cli"), cli); err != nil {
				t.Fatal(err)
			}
		case words[0] == "./cli":
			if cli == "" {
				t.Fatalf("%q runs ./cli before the page builds it", line)
			}
			for i, w := range words {
				switch {
				case w == "gvc_..." && lastToken == "":
					t.Fatalf("%q: no enrolment printed a token before", line)
				case w == "gvc_...":
					words[i] = lastToken
				case w == "gvs_..." && lastSpectator == "":
					t.Fatalf("%q: no admin spectator printed a token before", line)
				case w == "gvs_...":
					words[i] = lastSpectator
				}
			}
			cmd := exec.Command(cli, words[1:]...)
			cmd.Env, cmd.Dir = env, dir
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v\n%s%s", line, err, out.String(), errOut.String())
			}
			if m := seasonToken.FindStringSubmatch(out.String()); m != nil {
				lastToken = m[1]
			}
			if m := spectatorToken.FindStringSubmatch(out.String()); m != nil {
				lastSpectator = m[1]
			}
			if slices.Contains(words, "--json") && !json.Valid(out.Bytes()) {
				t.Errorf("%s: --json printed no JSON:\n%s", line, out.String())
			}
			t.Logf("%s\n%s", line, out.String())
		default:
			t.Fatalf("docs/admin.md runs %q, which this test does not know how to run", line)
		}
		ran++
	}
	if ran < 20 {
		t.Fatalf("ran %d commands of docs/admin.md; want its whole season (20 or more)", ran)
	}

	// What the commands did.
	ctx := srv.AdminContext(context.Background())
	ws, err := srv.Admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
	if err != nil || len(ws.GetWorlds()) != 2 {
		t.Fatalf("worlds: got %v, %v; want the default world and the page's", ws.GetWorlds(), err)
	}
	w := ws.GetWorlds()[1]
	if w.GetName() != "Autumn cup" || w.GetSeed() != 7 || w.GetSeason() != 2 || w.GetSeasonLength() != 6 {
		t.Errorf("the page's world: got %v; want Autumn cup, seed 7, in season 2 of 6 days", w)
	}
	se, err := srv.Admin.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: 2})
	if err != nil || len(se.GetSeasons()) != 2 || !se.GetSeasons()[0].GetClosed() || se.GetSeasons()[0].GetLastDay() != 1 {
		t.Fatalf("seasons: got %v, %v; want season 1 closed on day 1 and season 2", se.GetSeasons(), err)
	}
	toks, err := srv.Admin.ListTokens(ctx, &pb.ListTokensRequest{WorldId: 2})
	if err != nil {
		t.Fatal(err)
	}
	var held []string
	for _, tk := range toks.GetTokens() {
		held = append(held, tk.GetSeat()+":"+tk.GetPlayer())
	}
	if slices.ContainsFunc(toks.GetTokens(), func(tk *pb.TokenInfo) bool { return tk.GetCamp() == 1 }) || !slices.Contains(held, "general:bo") || !slices.Contains(held, "ruler:ada") {
		t.Errorf("tokens: got %v; want ada's and bo's in camp 0, none in camp 1 (revoked)", toks.GetTokens())
	}
	council, err := srv.Game.GetCouncil(metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+lastToken), &pb.GetCouncilRequest{})
	if err != nil || council.GetSeat() != "general" {
		t.Errorf("the councillor's token: got %v, %v; want the general's seat", council.GetSeat(), err)
	}
	st, err := srv.Game.GetSeasonStanding(metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+lastToken), &pb.GetSeasonStandingRequest{})
	if err != nil || st.GetCareer().GetSeasons() != 2 || st.GetCareer().GetMode() != "agent" {
		t.Errorf("bo's standing in season 2: got %v, %v; want his second season, an agent", st.GetCareer(), err)
	}
	if names, err := srv.Admin.ListAdminTokens(ctx, &pb.ListAdminTokensRequest{}); err != nil || slices.Contains(names.GetNames(), "alice") {
		t.Errorf("admin tokens: got %v, %v; want alice's revoked", names.GetNames(), err)
	}
	audit, err := srv.Admin.ListAudit(ctx, &pb.ListAuditRequest{WorldId: 2})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range audit.GetEntries() {
		actions = append(actions, e.GetAction())
	}
	want := []string{"CreateWorld", "EnrollPlayer", "EnrollPlayer", "ForceTick", "CloseSeason", "EnrollPlayer", "EnrollPlayer", "CreateSeason", "IssueToken", "RevokeToken",
		"IssueToken", "RevokeToken"}
	if !slices.Equal(actions, want) {
		t.Errorf("the world's audit: got %v; want %v (the --check is not audited)", actions, want)
	}
}

// TestAdminCommands: the admin commands' refusals. A command that cannot
// be undone without --yes says what it would do, exits with 2 and does
// nothing; usage errors exit with 2; a refused enrolment names every
// wrong field and exits with 1; no admin token is a usage error; help
// lists the admin commands in both languages; a camp's token is refused
// by the server.
func TestAdminCommands(t *testing.T) {
	srv := testserver.Start(t)
	env := map[string]string{"GRISONVAL_ADDR": srv.Addr, "GRISONVAL_ADMIN_TOKEN": srv.AdminToken}
	getenv := func(k string) string { return env[k] }
	cli := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), args, getenv, false, &out, &errOut)
		return out.String(), errOut.String(), code
	}
	ctx := srv.AdminContext(context.Background())
	day := func() int32 {
		ws, err := srv.Admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		return ws.GetWorlds()[0].GetDay()
	}
	if _, err := srv.Admin.ForceTick(ctx, &pb.WorldRequest{WorldId: 1}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"reset without --yes", []string{"admin", "reset", "1"}, 2, "add --yes to do it"},
		{"close without --yes", []string{"--json", "admin", "close-season", "1"}, 2, "can be played again; add --yes"},
		{"revoke without --yes", []string{"admin", "revoke", "1", "0"}, 2, "add --yes"},
		{"an unknown command", []string{"admin", "launch"}, 2, `unknown admin command "launch"`},
		{"a world that is not a number", []string{"admin", "tick", "one"}, 2, `WORLD is a number; got "one"`},
		{"a missing world", []string{"admin", "pause"}, 2, "admin pause takes WORLD"},
		{"a bad sheet", []string{"admin", "enrol", "1", "0", "cy", "--sheet", "2,2"}, 2, "--sheet is the characteristics, a slash"},
		{"a bad controller", []string{"admin", "create-world", "--seed", "3", "--controllers", "human,robot,ai-growth"}, 2, `"robot" is not one of human, agent`},
		{"a refused enrolment", []string{"admin", "enrol", "1", "0", "cy", "--package", "gold", "--mode", "robot", "--seat", "jester"}, 1, "3 fields are wrong"},
		{"a world that does not exist", []string{"admin", "tick", "99"}, 1, "no world 99"},
		{"in French", []string{"--lang", "fr", "admin", "reset", "1"}, 2, "ajoutez --yes pour le faire"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := cli(tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("got exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.stderr)
			}
		})
	}
	if d := day(); d != 1 {
		t.Errorf("day after the unconfirmed reset: got %d; want 1 (nothing done)", d)
	}
	if se, err := srv.Admin.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: 1}); err != nil || se.GetSeasons()[0].GetClosed() {
		t.Errorf("season after the unconfirmed close: got %v, %v; want it running", se.GetSeasons(), err)
	}
	// The enrolment refused names every field on its own line.
	_, stderr, _ := cli("admin", "enrol", "1", "0", "cy", "--package", "gold", "--mode", "robot", "--seat", "jester")
	for _, f := range []string{"\n  mode: ", "\n  package: ", "\n  seat: "} {
		if !strings.Contains(stderr, f) {
			t.Errorf("the refused enrolment: stderr lacks %q:\n%s", f, stderr)
		}
	}
	// No token; a camp's token.
	env["GRISONVAL_ADMIN_TOKEN"] = ""
	if _, stderr, code := cli("admin", "worlds"); code != 2 || !strings.Contains(stderr, "no admin token") {
		t.Errorf("without a token: got %d, %q; want 2 and no admin token", code, stderr)
	}
	env["GRISONVAL_TOKEN"] = srv.CampToken(t, 0)
	if _, stderr, code := cli("admin", "worlds"); code != 1 || !strings.Contains(stderr, "PermissionDenied") {
		t.Errorf("with a camp's token: got %d, %q; want 1 and PermissionDenied", code, stderr)
	}
	env["GRISONVAL_TOKEN"] = srv.AdminToken
	// --json is the server's answer.
	out, _, code := cli("admin", "worlds", "--json")
	var ws struct {
		Worlds []struct {
			ID   uint64 `json:"id"`
			Name string `json:"name"`
		} `json:"worlds"`
	}
	if err := json.Unmarshal([]byte(out), &ws); code != 0 || err != nil || len(ws.Worlds) != 1 || ws.Worlds[0].ID != 1 {
		t.Errorf("worlds --json: got %d, %q; want world 1 as JSON", code, out)
	}
	// help lists the admin commands, in both languages.
	for lang, want := range map[string]string{"en": "Admin commands", "fr": "Commandes d'administration"} {
		out, _, code := cli("--lang", lang, "help")
		if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "admin enrol") || !strings.Contains(out, "admin audit") {
			t.Errorf("help in %s: got %d; want the admin commands under %q", lang, code, want)
		}
	}
	// A world of the tournament pace; a cadence and a move clock both
	// are refused by the server, naming the field.
	if out, _, code := cli("admin", "create-world", "--seed", "5", "--move-clock", "2s"); code != 0 || !strings.Contains(out, "tournament pace, a move clock of 2s") {
		t.Errorf("create-world --move-clock: got %d, %q", code, out)
	}
	if _, stderr, code := cli("admin", "create-world", "--seed", "5", "--move-clock", "2s", "--cadence", "1h"); code != 1 || !strings.Contains(stderr, "move_clock: give a cadence or a move_clock, not both") {
		t.Errorf("create-world with both paces: got %d, %q; want 1 naming move_clock", code, stderr)
	}
	// A check enrols nobody.
	if out, _, code := cli("admin", "enrol", "1", "0", "cy", "--check"); code != 0 || !strings.Contains(out, "nobody enrolled") {
		t.Errorf("a check: got %d, %q", code, out)
	}
	if _, err := srv.Admin.EnrollPlayer(ctx, &pb.EnrollPlayerRequest{WorldId: 1, Camp: 0, Player: "cy", ValidateOnly: true}); status.Code(err) != codes.OK {
		t.Errorf("after the check the seat is still free: got %v", err)
	}
}
