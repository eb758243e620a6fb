// Package faces_test plays a ruleset that no face was written for through
// every face, as its users meet them: the server, the CLI, the MCP tools
// and their rulebook, the bot, the web pages in chromium and the replay
// (docs/architecture.md, "Adding a ruleset").
package faces_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestMain builds the binaries once for the package's tests.
func TestMain(m *testing.M) { os.Exit(testserver.Main(m)) }

// seasonLength is the counters world's season, in days.
const seasonLength = 5

// grisonvalWords are words of Grisonval's that no face may show of another
// ruleset.
var grisonvalWords = regexp.MustCompile(`(?i)\b(zones?|sieges?|columns?|extinct|zones tenues|sièges?|colonnes?)\b`)

// TestCountersEveryFace plays a counters world of three camps (game/counters,
// kept for the tests: no face knows it) for a whole season: camp 0 by the
// bot (clients/bot's Player, a gRPC client), camp 1 by an LLM agent's tools
// (grisonval-agent over MCP's stdio), camp 2 by a person with the CLI and,
// on its first day, the web camp page in chromium. Each face must play from
// the shared part of the view alone and speak the ruleset's own words: the
// MCP rules tool and the CLI's rules give counters' rulebook, the season's
// standing and ranking say points and ranks (counters' scores are public),
// the observer's page and the chronicle's timelapse show the camps, their
// scores and journal. After the season the stored season replays hash for
// hash (grisonval-replay).
func TestCountersEveryFace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	srv := testserver.StartWith(t, testserver.Options{Web: true})
	cliBin := testserver.Build(t, "./clients/cli", "cli")
	agentBin := testserver.Build(t, "./clients/agent/cmd/grisonval-agent", "grisonval-agent")
	replayBin := testserver.Build(t, "./server/cmd/grisonval-replay", "grisonval-replay")
	human := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}
	w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: 3, Seed: 8, SeasonLength: seasonLength,
		Controllers: []*pb.Controller{human, {Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}, human}})

	// The bot plays camp 0 (a human's camp, so that each day waits for it).
	botCtx, stopBot := context.WithCancel(ctx)
	defer stopBot()
	p := &bot.Player{Client: srv.Game, Token: w.Tokens[0], Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)}
	go p.Run(botCtx)

	// The MCP server plays camp 1; its rules tool reads counters' rulebook.
	cmd := exec.Command(agentBin, "--stdio", "--addr", srv.Addr)
	cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+w.Tokens[1])
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "faces"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to grisonval-agent: %v", err)
	}
	defer cs.Close()
	tool := func(name string, args map[string]any) string {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("MCP %s %v: %v %v", name, args, err, res)
		}
		return res.Content[0].(*mcp.TextContent).Text
	}
	if got := tool("rules", nil); !strings.Contains(got, "The game") || !strings.Contains(got, "The season") {
		t.Errorf("MCP rules: got %q; want counters' sections, The game and The season", got)
	}
	if got := tool("rules", map[string]any{"section": "The game"}); !strings.Contains(got, "CNT-ACTIONS") || strings.Contains(got, "Grisonval") {
		t.Errorf("MCP rules, The game: got %q; want counters' rules (CNT-ACTIONS)", got)
	}

	// The CLI plays camp 2.
	cli := func(args ...string) string {
		t.Helper()
		c := exec.CommandContext(ctx, cliBin, args...)
		c.Env = append(os.Environ(), "GRISONVAL_ADDR="+srv.Addr, "GRISONVAL_TOKEN="+w.Tokens[2], "NO_COLOR=")
		var out, errOut bytes.Buffer
		c.Stdout, c.Stderr = &out, &errOut
		if err := c.Run(); err != nil {
			t.Fatalf("cli %v: %v\n%s%s", args, err, out.String(), errOut.String())
		}
		return out.String()
	}
	if got := cli("rules"); !strings.Contains(got, "The game") {
		t.Errorf("cli rules: got %q; want counters' sections", got)
	}
	if got := cli("view"); !strings.Contains(got, "Counter A") || !strings.Contains(got, "gain") || grisonvalWords.MatchString(got) {
		t.Errorf("cli view: got %q; want the camps and the menu, and none of Grisonval's words", got)
	}

	// Day 1 of camp 2 is posted from its web page.
	browser := browsertest.Start(t, true)
	browsertest.SignIn(t, browser, srv.Web, w.Tokens[2])
	browsertest.Do(t, browser, chromedp.Navigate(strings.TrimSuffix(srv.Web, "/")+"/camp"))
	gain := `form.act:has(input[name=action][value=gain]) `
	browsertest.Do(t, browser,
		chromedp.SetValue(browsertest.CSS(gain+`input[name=a0]`), "2"),
		chromedp.Click(browsertest.CSS(gain+`button:not([formaction])`)),
	)
	browsertest.WaitFor(t, browser, `document.body.innerText.includes('gain 2')`, 20*time.Second)

	posted := map[string]int{}
	for day := int32(0); day < seasonLength; day++ {
		v := mcpView(t, tool)
		if v.GetDay() != day {
			t.Fatalf("day %d: the agent's view is of day %d", day, v.GetDay())
		}
		o := choose(v)
		order := map[string]any{"action": o.GetAction()}
		if len(o.GetArgs()) > 0 {
			order["args"] = o.GetArgs()
		}
		tool("submit_order", map[string]any{"order": order, "reason": "faces"})
		posted["mcp "+o.GetAction()]++
		if day > 0 {
			var cv pb.CampView
			if err := protojson.Unmarshal([]byte(cli("view", "--json")), &cv); err != nil {
				t.Fatalf("cli view --json: %v", err)
			}
			o := choose(&cv)
			args := []string{o.GetAction()}
			for _, a := range o.GetArgs() {
				args = append(args, fmt.Sprint(a))
			}
			cli(append(args, "--reason", "faces")...)
			posted["cli "+o.GetAction()]++
		}
		// The day resolves once the three camps have posted.
		for mcpView(t, tool).GetDay() == day && !over(t, srv, w) {
			if ctx.Err() != nil {
				t.Fatalf("day %d did not resolve: posted %v", day+1, posted)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if over(t, srv, w) {
			break
		}
	}
	// The last day's view may come before the season's close is stored:
	// wait for the close.
	for !over(t, srv, w) {
		if ctx.Err() != nil {
			t.Fatalf("the season did not close after its last day: posted %v", posted)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopBot()
	if posted["mcp steal"]+posted["mcp gain"] == 0 || posted["cli steal"]+posted["cli gain"] == 0 {
		t.Errorf("posted %v; want the agent and the CLI to gain or steal", posted)
	}
	results := seasonResults(t, srv, w)
	if len(results) != 3 {
		t.Fatalf("the closed season's ranking: got %v", results)
	}
	for _, r := range results {
		if !strings.HasSuffix(r.GetSummary(), " points") && !strings.HasSuffix(r.GetSummary(), " point") {
			t.Errorf("camp %d's result: %q; want counters' words", r.GetCamp(), r.GetSummary())
		}
	}
	// The bot played the game: its journal tells its gains or steals.
	j, err := srv.Game.GetJournal(as(w.Tokens[0]), &pb.GetJournalRequest{SinceDay: 1})
	if err != nil {
		t.Fatalf("the bot's journal: %v", err)
	}
	played := 0
	for _, e := range j.GetEntries() {
		if e.GetKind() == "gain" || e.GetKind() == "steal" {
			played++
		}
	}
	if played == 0 {
		t.Errorf("the bot's camp gained and stole nothing in %d days: %v", seasonLength, j.GetEntries())
	}

	// The season in the CLI and the agent's tools: the ruleset's words, a rank.
	for _, face := range []struct {
		name, text string
	}{{"cli season", cli("season")}, {"cli season --lang fr", cli("season", "--lang", "fr")}, {"MCP season_standing", tool("season_standing", nil)}} {
		if !strings.Contains(face.text, "point") || grisonvalWords.MatchString(face.text) || strings.Contains(face.text, "fog") || strings.Contains(face.text, "brouillard") {
			t.Errorf("%s: got %q; want counters' points and rank, none of Grisonval's words", face.name, face.text)
		}
	}

	// The observer's page and the chronicle's timelapse, in chromium.
	browsertest.SignOut(t, browser)
	browsertest.SignIn(t, browser, srv.Web, srv.AdminToken)
	base := strings.TrimSuffix(srv.Web, "/")
	for _, page := range []string{fmt.Sprintf("/world/%d", w.ID), fmt.Sprintf("/chronicle/%d/1", w.ID)} {
		browsertest.Do(t, browser, chromedp.Navigate(base+page))
		text := browsertest.Eval[string](t, browser, `document.querySelector('main').innerText`)
		for _, want := range []string{"Counter A", "Counter B", "Counter C", "points"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q is missing:\n%s", page, want, text)
			}
		}
		if grisonvalWords.MatchString(text) || strings.Contains(text, "unknown camp") {
			t.Errorf("%s shows Grisonval's words or an unknown camp:\n%s", page, text)
		}
		if n := browsertest.Eval[int](t, browser, `document.querySelectorAll('#map, .mapwrap, aside.side').length`); n != 0 {
			t.Errorf("%s draws %d of Grisonval's map or panels", page, n)
		}
	}

	// The season replays from its seed and orders, hash for hash.
	srv.Stop()
	out, err := exec.CommandContext(ctx, replayBin, "-data", srv.Data, "-world", fmt.Sprint(w.ID)).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "season 1") {
		t.Errorf("grisonval-replay: %v\n%s", err, out)
	}
}

// as returns a context carrying token.
func as(token string) context.Context {
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
}

// mcpView returns the agent's view through its view_structured tool.
func mcpView(t *testing.T, tool func(string, map[string]any) string) *pb.CampView {
	t.Helper()
	v := &pb.CampView{}
	if err := protojson.Unmarshal([]byte(tool("view_structured", nil)), v); err != nil {
		t.Fatalf("MCP view_structured: %v", err)
	}
	return v
}

// choose chooses from the legal menu as a greedy player: steal from the
// first camp it may, else gain the most, else the first action.
func choose(v *pb.CampView) *pb.Order {
	legal := v.GetLegalActions()
	i := slices.IndexFunc(legal, func(a *pb.LegalAction) bool { return a.GetAction() == "steal" })
	if i < 0 {
		i = slices.IndexFunc(legal, func(a *pb.LegalAction) bool { return a.GetAction() == "gain" })
	}
	if i < 0 {
		return &pb.Order{Action: legal[0].GetAction()}
	}
	o := &pb.Order{Action: legal[i].GetAction()}
	for _, a := range legal[i].GetArgs() {
		if len(a.GetChoices()) > 0 {
			o.Args = append(o.Args, a.GetChoices()[0])
		} else {
			o.Args = append(o.Args, a.GetMax())
		}
	}
	return o
}

// over reports whether the world's season is closed.
func over(t *testing.T, srv *testserver.Server, w testserver.World) bool {
	t.Helper()
	return seasonResults(t, srv, w) != nil
}

// seasonResults returns the ranking of the world's first season once it is
// closed, else nil.
func seasonResults(t *testing.T, srv *testserver.Server, w testserver.World) []*pb.CampResult {
	t.Helper()
	ss, err := srv.Admin.ListSeasons(pb.WithLang(srv.AdminContext(context.Background()), lang.EN), &pb.ListSeasonsRequest{WorldId: w.ID})
	if err != nil {
		t.Fatalf("list seasons: %v", err)
	}
	for _, s := range ss.GetSeasons() {
		if s.GetSeason() == 1 && s.GetClosed() {
			return s.GetCamps()
		}
	}
	return nil
}
