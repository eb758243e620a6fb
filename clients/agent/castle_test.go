package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/internal/tokens"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// castleOrder returns an order of legal action a with valid arguments:
// the slots of a draft in the order drawn, with keep given first, else the
// first choice of each argument, or a count's least.
func castleOrder(a *pb.LegalAction, keep int32) []int32 {
	var args []int32
	for i, s := range a.GetArgs() {
		switch {
		case s.GetKind() == pb.ArgKind_ARG_KIND_CARD:
			// keep first, then the other slots in order.
			slots := slices.DeleteFunc(slices.Clone(s.GetChoices()), func(c int32) bool { return c == keep })
			if i == 0 {
				args = append(args, keep)
			} else {
				args = append(args, slots[i-1])
			}
		case s.GetKind() == pb.ArgKind_ARG_KIND_COUNT:
			args = append(args, s.GetMin())
		default:
			args = append(args, s.GetChoices()[0])
		}
	}
	return args
}

// legalAction returns the action named name of v's menu, or nil.
func legalAction(v *pb.CampView, name string) *pb.LegalAction {
	for _, a := range v.GetLegalActions() {
		if a.GetAction() == name {
			return a
		}
	}
	return nil
}

// draftArgs returns the schema of the draft's args in submit_order's
// order, as JSON, in the listed tools.
func draftArgs(t *testing.T, cs *mcp.ClientSession) string {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatalf("list tools: %v", err)
	}
	for _, tool := range list.Tools {
		if tool.Name != tools.SubmitOrder {
			continue
		}
		b, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Properties struct {
				Order struct {
					OneOf []struct {
						Title      string `json:"title"`
						Properties struct {
							Args json.RawMessage `json:"args"`
						} `json:"properties"`
					} `json:"oneOf"`
				} `json:"order"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("decode schema %s: %v", b, err)
		}
		for _, b := range s.Properties.Order.OneOf {
			if b.Title == "draft" {
				return string(b.Properties.Args)
			}
		}
	}
	t.Fatalf("no draft in the %s tool listed", tools.SubmitOrder)
	return ""
}

// waitEnum polls the listed tools until submit_order's action enum is
// want: the stdio server refreshes its tools once it hears of the day.
func waitEnum(t *testing.T, cs *mcp.ClientSession, want []string) {
	t.Helper()
	var got []string
	for range 200 {
		if got = actionEnum(t, cs); slices.Equal(got, want) {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("got submit_order enum %v; want %v", got, want)
}

// TestCastleThroughMCP plays a Castle city through the MCP server over its
// stdio transport (the grisonval-agent binary) on the real server: the
// instructions and the rules tool of the Castle, its convert step, a draft
// by card slots (a refused one first) and the play step, with the order
// tool's enum following the steps.
func TestCastleThroughMCP(t *testing.T) {
	srv := testserver.Start(t)
	const cities = 3
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: cities, Seed: 23})
	ctx := context.Background()
	camps := make([]*tools.Camp, cities)
	for c := range camps {
		camps[c] = &tools.Camp{Game: srv.Game, Token: w.Tokens[c], Now: time.Now}
	}
	v, err := camps[0].GetView(ctx)
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	cur := v.GetCastle().GetCurrent()
	me := camps[cur]

	bin := testserver.Build(t, "./clients/agent/cmd/grisonval-agent", "grisonval-agent")
	// The daily schemas, whose order enum follows the steps.
	cmd := exec.Command(bin, "--stdio", "--addr", srv.Addr, "--daily-schema")
	cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+w.Tokens[cur])
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to grisonval-agent --stdio: %v", err)
	}
	defer cs.Close()

	instr := cs.InitializeResult().Instructions
	if !strings.Contains(instr, "In the Castle") || strings.Contains(instr, "zone") || !strings.Contains(instr, "; The cards; ") {
		t.Errorf("got instructions %q; want the Castle's, with its rulebook's sections, without Grisonval's zones", instr)
	}
	if text, res := callTool(t, cs, tools.Rules, nil); res.IsError || !strings.Contains(text, "Sections of the castle rulebook") ||
		!strings.Contains(text, "The cards") || strings.Contains(text, "Time (") {
		t.Errorf("got rules %q (error %v); want the sections of the Castle's rulebook, not Grisonval's", text, res.IsError)
	}

	// The convert step.
	text, _ := callTool(t, cs, tools.View, nil)
	for _, want := range []string{"(castle)", "convert step", "You act in this step", "Cities (gauges 0-10):"} {
		if !strings.Contains(text, want) {
			t.Errorf("got view:\n%s\nwant it to contain %q", text, want)
		}
	}
	waitEnum(t, cs, []string{"default", "pass", "convert"})
	if text, res := callTool(t, cs, tools.SubmitOrder, order("pass", "garder l'or")); res.IsError ||
		!strings.HasPrefix(text, "Order accepted for day 1: pass") {
		t.Fatalf("got %q; want the pass accepted for day 1", text)
	}
	if text, res := callTool(t, cs, tools.WaitNextTick, map[string]any{"after_day": 0, "timeout_seconds": 10}); res.IsError ||
		!strings.Contains(text, "Day 1 resolved") || !strings.Contains(text, "pass (reason: garder l'or) - applied") {
		t.Fatalf("got %q; want day 1 resolved with the pass applied", text)
	}

	// The draft step: the cards drawn, by slot.
	waitEnum(t, cs, []string{"default", "draft"})
	var args struct {
		Description string `json:"description"`
		MinItems    int    `json:"minItems"`
		MaxItems    int    `json:"maxItems"`
		PrefixItems []struct {
			Title       string  `json:"title"`
			Description string  `json:"description"`
			Enum        []int32 `json:"enum"`
		} `json:"prefixItems"`
	}
	d := draftArgs(t, cs)
	if err := json.Unmarshal([]byte(d), &args); err != nil {
		t.Fatalf("decode the draft's args %s: %v", d, err)
	}
	if args.MinItems != cities || args.MaxItems != cities || len(args.PrefixItems) != cities || !strings.HasPrefix(args.Description, "KEEP TO_CITY_") {
		t.Fatalf("got the draft's args %s; want KEEP and a slot for each other city", d)
	}
	for _, p := range args.PrefixItems {
		if p.Description != "a slot of the cards you drew, from 1" || !slices.Equal(p.Enum, []int32{1, 2, 3}) {
			t.Errorf("got %s: %q %v; want a card slot of 1, 2, 3", p.Title, p.Description, p.Enum)
		}
	}
	_, res := callTool(t, cs, tools.ViewStructured, nil)
	var view pb.CampView
	if err := unmarshalProto(res.StructuredContent, &view); err != nil {
		t.Fatalf("structured view: %v", err)
	}
	drawn := view.GetCastle().GetDrawn()
	if len(drawn) != cities {
		t.Fatalf("got drawn %v; want %d cards", drawn, cities)
	}
	if text, res := callTool(t, cs, tools.SubmitOrder, order("draft", "deux fois", 1, 1, 2)); !res.IsError ||
		!strings.Contains(text, "reason: bad_arguments") || !strings.Contains(text, "given twice") {
		t.Errorf("got %q (error %v); want a refusal: a card given twice", text, res.IsError)
	}
	draft := castleOrder(legalAction(&view, "draft"), 3)
	if text, res := callTool(t, cs, tools.SubmitOrder, order("draft", "je garde la dernière", draft...)); res.IsError ||
		!strings.HasPrefix(text, "Order accepted for day 2: draft 3 1 2") {
		t.Fatalf("got %q; want the draft %v accepted for day 2", text, draft)
	}
	if text, res := callTool(t, cs, tools.WaitNextTick, map[string]any{"after_day": 1, "timeout_seconds": 10}); res.IsError || !strings.Contains(text, "Day 2 resolved") {
		t.Fatalf("got %q; want day 2 resolved", text)
	}

	// The play step: every city holds a card; the others play theirs by
	// default.
	v, err = me.GetView(ctx)
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	if v.GetCastle().GetHand() != drawn[2] || v.GetCastle().GetStep() != "play" {
		t.Fatalf("got hand %q in step %q; want %q, kept, in the play step", v.GetCastle().GetHand(), v.GetCastle().GetStep(), drawn[2])
	}
	var legal []string
	for _, a := range v.GetLegalActions() {
		legal = append(legal, a.GetAction())
	}
	waitEnum(t, cs, legal)
	if text, _ := callTool(t, cs, tools.View, nil); !strings.Contains(text, "Your hand: "+drawn[2]+".") {
		t.Errorf("got view:\n%s\nwant the hand kept", text)
	}
	play := castleOrder(legalAction(v, "play"), 0)
	text, res = callTool(t, cs, tools.SubmitOrder, order("play", "à moi de jouer", play...))
	if res.IsError || !strings.HasPrefix(text, "Order accepted for day 3: play") {
		t.Fatalf("got %q; want the play accepted for day 3", text)
	}
	for c := range int32(cities) {
		if c != cur {
			if _, err := camps[c].Submit(ctx, &pb.Order{Action: "default"}); err != nil {
				t.Fatalf("city %d default: %s", c, viewtext.Error(lang.EN, err))
			}
		}
	}
	text, res = callTool(t, cs, tools.WaitNextTick, map[string]any{"after_day": 2, "timeout_seconds": 10})
	if res.IsError || !strings.Contains(text, "Day 3 resolved") || !strings.Contains(text, "à moi de jouer) - applied") {
		t.Fatalf("got %q; want day 3 resolved with the play applied", text)
	}
	text, res = callTool(t, cs, tools.Journal, map[string]any{"since_day": 3})
	if res.IsError || !strings.Contains(text, "day 3 [") {
		t.Errorf("got journal %q; want day 3's plays", text)
	}
}

// castleViewMaxTokens bounds a Castle city's text view of a game of four
// on a real server, in o200k tokens (clients/internal/tokens): issue 28's
// goal for a view on day 0, which a Castle view never outgrows (it was
// 1,000 tokens of four characters; the largest is about 1,010 in o200k).
const castleViewMaxTokens = 1500

// TestCastleViewSize plays a Castle game of four cities on a real server,
// every city posting its menu's last action, and measures every city's
// text view each day (the view an agent reads), in o200k tokens.
func TestCastleViewSize(t *testing.T) {
	srv := testserver.Start(t)
	const cities = 4
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: cities, Seed: 5})
	ctx := context.Background()
	camps := make([]*tools.Camp, cities)
	for c := range camps {
		camps[c] = &tools.Camp{Game: srv.Game, Token: w.Tokens[c], Now: time.Now}
	}
	var texts, steps []string
	for day := 0; day < 20; day++ {
		for c := range camps {
			v, err := camps[c].GetView(ctx)
			if err != nil {
				t.Fatalf("get view: %v", err)
			}
			if v.GetDay() != int32(day) {
				t.Fatalf("got city %d's view of day %d; want day %d", c, v.GetDay(), day)
			}
			text := viewtext.Compact(lang.EN, v, time.Now())
			texts, steps = append(texts, text), append(steps, v.GetCastle().GetStep())
			if os.Getenv("GRISONVAL_PRINT_VIEWS") != "" && c == int(v.GetCastle().GetCurrent()) && day%3 == 1 {
				fmt.Printf("%s----\n", text)
			}
		}
		// Every city that decides posts its menu's last action; the day
		// resolves when the last has posted.
		for c := range camps {
			v, err := camps[c].GetView(ctx)
			if err != nil {
				t.Fatalf("get view: %v", err)
			}
			if v.GetDay() != int32(day) || !v.GetCastle().GetActs() {
				continue
			}
			a := v.GetLegalActions()[len(v.GetLegalActions())-1]
			if _, err := camps[c].Submit(ctx, &pb.Order{Action: a.GetAction(), Args: castleOrder(a, 1), Reason: "la taille de la vue"}); err != nil {
				t.Fatalf("day %d, city %d: %s", day+1, c, viewtext.Error(lang.EN, err))
			}
		}
		waitForDay(t, camps[0], int32(day+1))
	}
	counts, err := tokens.Count(texts...)
	if err != nil {
		t.Fatal(err)
	}
	largest, sum := 0, 0
	for i, n := range counts {
		sum += n
		if n > counts[largest] {
			largest = i
		}
	}
	t.Logf("Castle text view of 4 cities over 20 days, o200k tokens: mean %d, largest %d (a %s step)",
		sum/len(counts), counts[largest], steps[largest])
	if counts[largest] > castleViewMaxTokens {
		t.Errorf("got a view of %d tokens; want at most %d", counts[largest], castleViewMaxTokens)
	}
}

// waitForDay waits until c's view is of day day or later: a Castle day
// resolves as soon as its deciding cities have posted.
func waitForDay(t *testing.T, c *tools.Camp, day int32) {
	t.Helper()
	for range 400 {
		v, err := c.GetView(context.Background())
		if err != nil {
			t.Fatalf("get view: %v", err)
		}
		if v.GetDay() >= day {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("day %d not resolved", day)
}
