package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"
)

// seasonDays is the length of the season the test plays through MCP.
const seasonDays = 24

// callTool calls a tool and returns its text and whether it is an error.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res
}

// actionEnum returns the actions of submit_order's order in the listed
// tools: the const of each branch of its oneOf.
func actionEnum(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatalf("list tools: %v", err)
	}
	for _, tool := range list.Tools {
		if tool.Name != tools.SubmitOrder {
			continue
		}
		b, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatalf("encode schema: %v", err)
		}
		var s struct {
			Properties struct {
				Order struct {
					OneOf []struct {
						Properties struct {
							Action struct {
								Const string `json:"const"`
							} `json:"action"`
						} `json:"properties"`
					} `json:"oneOf"`
				} `json:"order"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("decode schema %s: %v", b, err)
		}
		var names []string
		for _, b := range s.Properties.Order.OneOf {
			names = append(names, b.Properties.Action.Const)
		}
		return names
	}
	t.Fatalf("no %s tool listed", tools.SubmitOrder)
	return nil
}

// order returns the arguments of submit_order or set_standing_order for
// action with args and reason.
func order(action, reason string, args ...int32) map[string]any {
	o := map[string]any{"action": action}
	if len(args) > 0 {
		o["args"] = args
	}
	return map[string]any{"order": o, "reason": reason}
}

// choose picks the day's order from the structured legal actions: expand
// when it can, else explore, else chop wood, so that the season moves the
// camp.
func choose(v *pb.CampView) map[string]any {
	for _, want := range []string{"expand_to", "explore", "chop_wood"} {
		for _, a := range v.GetLegalActions() {
			if a.GetAction() != want {
				continue
			}
			var args []int32
			for _, s := range a.GetArgs() {
				if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
					args = append(args, s.GetMin())
				} else if len(s.GetChoices()) > 0 {
					args = append(args, s.GetChoices()[0])
				}
			}
			return order(want, "le test avance", args...)
		}
	}
	return order("rest", "rien d'autre")
}

func TestSeasonThroughMCP(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 42, seasonDays, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now, Daily: true}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	s := NewServer(camp, v)
	followed := make(chan error, 1)
	go func() { followed <- Follow(ctx, s, camp, v.GetDay(), zerolog.Nop()) }()
	changed := make(chan struct{}, seasonDays*4)
	client := mcp.NewClient(&mcp.Implementation{Name: "test"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatalf("server connect: %v", err)
	}
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("client connect: %v", err)
	}
	defer cs.Close()

	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("list tools: %v", err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	want := []string{tools.Journal, tools.LegalActions, tools.Rules, tools.SubmitOrder, tools.View, tools.ViewStructured, tools.WaitNextTick,
		tools.SendMessage, tools.Messages, tools.SetStanding, tools.SeasonStanding, tools.WriteNotebook,
		tools.Council, tools.ProposeOrder, tools.Adopt, tools.Zones, tools.People}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("got tools %v; want %v", names, want)
	}

	played := map[string]int{}
	for day := int32(1); day <= seasonDays; day++ {
		text, res := callTool(t, cs, tools.ViewStructured, nil)
		if res.IsError {
			t.Fatalf("day %d: view_structured failed: %s", day, text)
		}
		var view pb.CampView
		if err := unmarshalProto(res.StructuredContent, &view); err != nil {
			t.Fatalf("day %d: structured view: %v", day, err)
		}
		if view.GetDay() != day-1 {
			t.Fatalf("got view of day %d; want day %d", view.GetDay(), day-1)
		}
		var legal []string
		for _, a := range view.GetLegalActions() {
			legal = append(legal, a.GetAction())
		}
		if got := actionEnum(t, cs); !slices.Equal(got, legal) {
			t.Fatalf("day %d: got submit_order enum %v; want the legal actions %v", day, got, legal)
		}
		vt, _ := callTool(t, cs, tools.View, nil)
		if !strings.Contains(vt, fmt.Sprintf("orders for day %d,", day)) || !strings.Contains(vt, fmt.Sprintf("Legal for day %d", day)) {
			t.Fatalf("day %d: got view text:\n%s", day, vt)
		}
		order := choose(&view)
		text, res = callTool(t, cs, tools.SubmitOrder, order)
		if res.IsError {
			t.Fatalf("day %d: order %v refused: %s", day, order, text)
		}
		action := order["order"].(map[string]any)["action"].(string)
		if want := fmt.Sprintf("Order accepted for day %d: %s", day, action); !strings.HasPrefix(text, want) {
			t.Fatalf("day %d: got %q; want it to start with %q", day, text, want)
		}
		played[action]++
		if got := srv.ForceTick(t, world); got != day {
			t.Fatalf("forced tick resolved day %d; want %d", got, day)
		}
		text, res = callTool(t, cs, tools.WaitNextTick, map[string]any{"after_day": day - 1, "timeout_seconds": 10})
		if res.IsError || !strings.Contains(text, fmt.Sprintf("Day %d resolved", day)) {
			t.Fatalf("day %d: wait_next_tick: %s", day, text)
		}
		if day < seasonDays {
			select {
			case <-changed:
			case <-time.After(10 * time.Second):
				t.Fatalf("day %d: no tools/list_changed notification", day)
			}
		}
	}
	if played["expand_to"] == 0 || played["explore"] == 0 {
		t.Errorf("got orders %v; want the season to expand and explore", played)
	}

	t.Run("season over", func(t *testing.T) {
		text, res := callTool(t, cs, tools.SubmitOrder, order("rest", "encore"))
		if !res.IsError || !strings.Contains(text, "reason: "+pb.ErrorReason_ERROR_REASON_SEASON_OVER.Code()) {
			t.Errorf("got %q (error %v); want a tool error with reason season_over", text, res.IsError)
		}
		// Every face says it: the view, and a wait that returns at once.
		over := fmt.Sprintf("The season is over (day %d): no order is taken any more", seasonDays)
		if text, _ := callTool(t, cs, tools.View, nil); !strings.Contains(text, over) || strings.Contains(text, "Legal for day") {
			t.Errorf("got view:\n%s\nwant %q and no menu", text, over)
		}
		start := time.Now()
		text, res = callTool(t, cs, tools.WaitNextTick, map[string]any{"timeout_seconds": 30})
		if res.IsError || !strings.Contains(text, over) || time.Since(start) > 10*time.Second {
			t.Errorf("got %q (error %v) after %s; want at once %q", text, res.IsError, time.Since(start), over)
		}
	})
	t.Run("journal", func(t *testing.T) {
		text, res := callTool(t, cs, tools.Journal, map[string]any{"since_day": seasonDays})
		if res.IsError || !strings.Contains(text, fmt.Sprintf("day %d [", seasonDays)) || strings.Contains(text, fmt.Sprintf("day %d [", seasonDays-1)) {
			t.Errorf("got journal:\n%s\nwant only day %d", text, seasonDays)
		}
		// The season closed by its length: the journal's last line says so.
		if want := fmt.Sprintf("day %d [season_over] The season is over", seasonDays); !strings.Contains(text, want) {
			t.Errorf("got journal:\n%s\nwant a line %q", text, want)
		}
	})
	cancel()
	if err := <-followed; err != nil {
		t.Errorf("follow: %v", err)
	}
}

// unmarshalProto decodes a structured tool result (a JSON value) into m.
func unmarshalProto(v any, m *pb.CampView) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return protojson.Unmarshal(b, m)
}

func TestToolErrorsAndRules(t *testing.T) {
	srv := testserver.Start(t)
	for _, daily := range []bool{false, true} {
		t.Run(fmt.Sprintf("daily=%v", daily), func(t *testing.T) { testToolErrorsAndRules(t, srv, daily) })
	}
}

// testToolErrorsAndRules is TestToolErrorsAndRules with the stable
// schemas, whose orders the server judges and whose refusals list the
// legal options, or the daily ones, which refuse an order out of the menu
// before it is sent.
func testToolErrorsAndRules(t *testing.T, srv *testserver.Server, daily bool) {
	ctx := context.Background()
	camp := &tools.Camp{Game: srv.Game, Token: srv.CampToken(t, 0), Now: time.Now, Daily: daily}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	st, ct := mcp.NewInMemoryTransports()
	if _, err := NewServer(camp, v).Connect(ctx, st, nil); err != nil {
		t.Fatalf("server connect: %v", err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("client connect: %v", err)
	}
	defer cs.Close()
	// What an order out of the menu meets: the daily schema's refusal, or
	// the server's with the legal options.
	offMap := []string{"error (InvalidArgument): bad_arguments: args[0]: zone 999 is not on the map",
		"reason: bad_arguments", "legal for day 1:\n    explore ZONE 4-6,10,11,13,18-21,27-29\n"}
	fly := []string{"reason: unknown_action", "legal for day 1:\n    rest\n    chop_wood\n    explore ZONE 4-6,10,11,13,18-21,27-29\n"}
	standingOffMap := []string{"reason: bad_arguments", "    explore ZONE 4-6,10,11,13,18-21,27-29\n"}
	if daily {
		offMap = []string{"error (InvalidArgument): bad arguments for submit_order: order.args[0]: explore's ZONE 999 is not one of 4-6, 10, 11, 13, 18-21, 27-29",
			"reason: bad_request", "  order.args[0]: explore's ZONE 999 is not one of"}
		fly = []string{"reason: bad_request", `order.action: "fly" is not one of the legal actions: "rest", "chop_wood",`}
		standingOffMap = []string{"reason: bad_request", "order.args[0]: explore's ZONE 999 is not one of"}
	}
	tests := []struct {
		name    string
		tool    string
		args    map[string]any
		wantErr bool
		want    []string
	}{
		{"zone off the map", tools.SubmitOrder, order("explore", "voir", 999), true, offMap},
		{"action not in the menu", tools.SubmitOrder, order("fly", "voir"), true, fly},
		{"the flat order of before", tools.SubmitOrder, map[string]any{"action": "rest", "reason": "voir"}, true,
			[]string{"reason: bad_request", "action: unknown field; the fields are order, reason"}},
		{"unknown tool argument", tools.SubmitOrder, map[string]any{"order": map[string]any{"action": "rest"}, "reason": "x", "token": "t"}, true,
			[]string{"bad arguments for submit_order", "token: unknown field; the fields are order, reason"}},
		{"a reason too long", tools.SubmitOrder, order("rest", strings.Repeat("x", 501)), true,
			[]string{"reason: bad_request", "reason: is 501 characters long; want at most 125"}},
		{"an order the menu allows", tools.SubmitOrder, order("expand_to", "une plaine", 19), false,
			[]string{"Order accepted for day 1: expand_to 19 (reason: une plaine)"}},
		{"rules sections", tools.Rules, nil, false, []string{"Sections of the grisonval rulebook", "Time (", "Fog of war ("}},
		{"rules section", tools.Rules, map[string]any{"section": "Time"}, false, []string{"## Time", "TICK-1"}},
		{"rules unknown section", tools.Rules, map[string]any{"section": "Magic"}, true,
			[]string{`reason: bad_request`, `no section "Magic" in the grisonval rulebook; sections: Introduction; Time; `}},
		{"legal actions", tools.LegalActions, nil, false, []string{"Legal actions for day 1", "1. rest", "ZONE: one of", "Closed today, and why:\n"}},
		{"zones", tools.Zones, map[string]any{"zones": []int{12, 19}}, false,
			[]string{"Zones 12, 19:\n", "  12   plains  you capital 4", "  19   plains  free", "Rules: a held zone yields"}},
		{"people", tools.People, nil, false, []string{"Citizens: 0 children, 20 adults", "Edicts (set_edict EDICT LEVEL", "Other camps:\n"}},
		{"wait times out", tools.WaitNextTick, map[string]any{"timeout_seconds": 1}, false, []string{"No new day within 1 s"}},
		{"wait bad timeout", tools.WaitNextTick, map[string]any{"timeout_seconds": 0}, true, []string{"timeout_seconds: 0 is below the minimum, 1"}},
		{"message to an unmet camp", tools.SendMessage, map[string]any{"to_camp": 2, "text": "bonjour"}, true,
			[]string{"error (FailedPrecondition)", "reason: not_a_recipient", "to_camp:", `(the view's "You may write to camps" line)`}},
		{"no messages yet", tools.Messages, nil, false, []string{"Messages: none."}},
		{"standing order", tools.SetStanding, order("chop_wood", "du bois"), false,
			[]string{"Standing order set: chop_wood (reason: du bois)."}},
		{"standing order off the map", tools.SetStanding, order("explore", "voir", 999), true, standingOffMap},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, res := callTool(t, cs, tt.tool, tt.args)
			if res.IsError != tt.wantErr {
				t.Errorf("got error %v; want %v (%s)", res.IsError, tt.wantErr, text)
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("got:\n%s\nwant it to contain %q", text, w)
				}
			}
		})
	}
	t.Run("structured failure", func(t *testing.T) {
		_, res := callTool(t, cs, tools.SubmitOrder, order("explore", "voir", 999))
		b, _ := json.Marshal(res.StructuredContent)
		var f tools.Failure
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("got structured %s: %v", b, err)
		}
		switch {
		case daily && (pb.ReasonOf(f.Reason) != pb.ErrorReason_ERROR_REASON_BAD_REQUEST || f.Fields["order.args[0]"] == ""):
			t.Errorf("got structured %s; want reason bad_request and field order.args[0]", b)
		case !daily && (pb.ReasonOf(f.Reason) != pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS || f.Fields["args[0]"] == "" ||
			!slices.Equal(f.Legal, []string{"explore ZONE 4-6,10,11,13,18-21,27-29"})):
			t.Errorf("got structured %s; want reason bad_arguments, field args[0] and the legal explore", b)
		}
	})
	t.Run("closed actions and the forecast, structured", func(t *testing.T) {
		// ACT-CLOSED and VIEW-INCOME through MCP: legal_actions gives the
		// closed actions with why, view_structured the forecast.
		_, res := callTool(t, cs, tools.LegalActions, nil)
		b, _ := json.Marshal(res.StructuredContent)
		var menu struct {
			ClosedActions []struct{ Action, Reason, Message string } `json:"closed_actions"`
		}
		if err := json.Unmarshal(b, &menu); err != nil || len(menu.ClosedActions) == 0 {
			t.Fatalf("legal_actions structured %s (%v); want closed_actions", b, err)
		}
		for _, c := range menu.ClosedActions {
			if c.Action == "" || c.Reason == "" || c.Message == "" {
				t.Errorf("closed action %+v; want its action, reason and message", c)
			}
		}
		_, res = callTool(t, cs, tools.ViewStructured, nil)
		b, _ = json.Marshal(res.StructuredContent)
		var v pb.CampView
		if err := unmarshalProto(res.StructuredContent, &v); err != nil {
			t.Fatalf("view_structured %s: %v", b, err)
		}
		f := v.GetGrisonval().GetForecast()
		if f.GetDay() != v.GetDay()+1 || len(f.GetFlows()) != 6 || f.GetFlows()[0].GetResource() != "food" || f.GetFlows()[0].GetEating() >= 0 {
			t.Errorf("view_structured forecast %v; want day %d, six flows, food eaten", f, v.GetDay()+1)
		}
		if !strings.Contains(string(b), `"closed_actions"`) {
			t.Errorf("view_structured %s; want its closed_actions", b)
		}
	})
	t.Run("a refused order reaches no server", func(t *testing.T) {
		v, err := camp.GetView(ctx)
		if err != nil {
			t.Fatalf("get view: %v", err)
		}
		if p := v.GetPendingOrder(); p.GetAction() != "expand_to" {
			t.Errorf("got pending order %v; want the expand_to accepted before, untouched by the refused ones", p)
		}
	})
}

// bearer adds a camp token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

func TestHTTP(t *testing.T) {
	srv := testserver.Start(t)
	web := httptest.NewServer(HTTPHandler(srv.Game, time.Now, lang.EN, false, zerolog.Nop()))
	defer web.Close()
	ctx := context.Background()
	for camp := range 2 {
		t.Run(fmt.Sprintf("camp %d by header", camp), func(t *testing.T) {
			tr := &mcp.StreamableClientTransport{Endpoint: web.URL, DisableStandaloneSSE: true,
				HTTPClient: &http.Client{Transport: bearer{srv.CampToken(t, camp), http.DefaultTransport}}}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, tr, nil)
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer cs.Close()
			text, res := callTool(t, cs, tools.View, nil)
			if res.IsError || !strings.Contains(text, fmt.Sprintf(", camp %d ", camp)) {
				t.Errorf("got view:\n%s\nwant camp %d's", text, camp)
			}
			text, res = callTool(t, cs, tools.SubmitOrder, order("rest", "par HTTP"))
			if res.IsError || !strings.Contains(text, "Order accepted for day 1: rest (reason: par HTTP)") {
				t.Errorf("got %q; want the order accepted", text)
			}
		})
	}
	for _, tt := range []struct{ name, header string }{
		{"no token", ""},
		{"bad token", "Bearer nope"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, web.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
			req.Header.Set("Content-Type", "application/json")
			if tt.header != "" {
				req.Header.Set("Authorization", tt.header)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("post: %v", err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("WWW-Authenticate") != `Bearer realm="grisonval"` {
				t.Errorf("got status %d, WWW-Authenticate %q; want 401 and the Bearer scheme", resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
			}
		})
	}
}

// TestHTTPLateOrder checks the day guard of the stateless HTTP transport
// (issue 28): an order posted after the day its view showed resolved is
// refused day_resolved, naming both days, as over stdio, never moved to the
// next day; once the camp reads the view again, its order is for the new
// day.
func TestHTTPLateOrder(t *testing.T) {
	srv := testserver.Start(t)
	web := httptest.NewServer(HTTPHandler(srv.Game, time.Now, lang.EN, false, zerolog.Nop()))
	defer web.Close()
	ctx := context.Background()
	tr := &mcp.StreamableClientTransport{Endpoint: web.URL, DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: bearer{srv.CampToken(t, 1), http.DefaultTransport}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, tr, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer cs.Close()
	if text, res := callTool(t, cs, tools.View, nil); res.IsError || !strings.Contains(text, "Day 0 of") {
		t.Fatalf("got view:\n%s\nwant day 0's", text)
	}
	srv.ForceTick(t, 1)
	text, res := callTool(t, cs, tools.SubmitOrder, order("rest", "trop tard"))
	if !res.IsError || !strings.Contains(text, "reason: day_resolved") || strings.Contains(text, "Order accepted") {
		t.Errorf("got %q (error %v); want the late order refused day_resolved", text, res.IsError)
	}
	if text, res := callTool(t, cs, tools.View, nil); res.IsError || !strings.Contains(text, "Day 1 of") {
		t.Fatalf("got view:\n%s\nwant day 1's", text)
	}
	if text, res := callTool(t, cs, tools.SubmitOrder, order("rest", "à temps")); res.IsError || !strings.HasPrefix(text, "Order accepted for day 2: rest") {
		t.Errorf("got %q (error %v); want the order accepted for day 2", text, res.IsError)
	}
}

func TestStdioBinary(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/agent/cmd/grisonval-agent", "grisonval-agent")
	ctx := context.Background()
	// The daily schemas, refreshed after each tick.
	cmd := exec.Command(bin, "--stdio", "--addr", srv.Addr, "--daily-schema")
	cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+srv.CampToken(t, 1))
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to grisonval-agent --stdio: %v", err)
	}
	defer cs.Close()
	if text, res := callTool(t, cs, tools.View, nil); res.IsError || !strings.Contains(text, `camp 1 "Carmin" (agent)`) {
		t.Errorf("got view:\n%s\nwant camp 1's", text)
	}
	srv.ForceTick(t, 1)
	if text, res := callTool(t, cs, tools.WaitNextTick, map[string]any{"after_day": 0, "timeout_seconds": 10}); res.IsError || !strings.Contains(text, "Day 1 resolved") {
		t.Errorf("got %q; want day 1 resolved", text)
	}
	if got := actionEnum(t, cs); len(got) == 0 || got[0] != "rest" {
		t.Errorf("got submit_order enum %v; want the legal actions, rest first", got)
	}
}

// diceGame serves one view of a ruleset the clients do not know (no
// detail they render): the shared part alone.
type diceGame struct {
	pb.UnimplementedGameServiceServer
}

func (diceGame) GetView(context.Context, *pb.GetViewRequest) (*pb.CampView, error) {
	return &pb.CampView{WorldId: 3, Camp: 1, CampName: "Donjon", Day: 4, Alive: true, Ruleset: "dice", MaxMessageLen: 140,
		Contacts:          []*pb.Contact{{Camp: 0, Name: "Tour", Met: true, Alive: true}},
		MessageRecipients: []int32{0},
		LegalActions: []*pb.LegalAction{{Action: "draw"}, {Action: "raise",
			Args: []*pb.ArgSpec{{Name: "gauge", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5}},
			Cost: []*pb.Amount{{Resource: "gold", Amount: 1}}, CostPer: "gauge"}},
	}, nil
}

// TestOtherRuleset checks that the MCP server serves a camp of another
// ruleset: its tools are built from the shared part of the view, and the
// view and the menu show it and name the ruleset.
func TestOtherRuleset(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	gs := grpc.NewServer()
	pb.RegisterGameServiceServer(gs, diceGame{})
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	ctx := context.Background()
	camp := &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: "t", Now: time.Now, Daily: true}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	st, ct := mcp.NewInMemoryTransports()
	if _, err := NewServer(camp, v).Connect(ctx, st, nil); err != nil {
		t.Fatalf("server connect: %v", err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("client connect: %v", err)
	}
	defer cs.Close()
	if got := actionEnum(t, cs); !slices.Equal(got, []string{"draw", "raise"}) {
		t.Errorf("got actions %v; want [draw raise]", got)
	}
	for _, tt := range []struct {
		tool string
		want []string
	}{
		{tools.View, []string{`World 3 (dice), camp 1 "Donjon"`, "Other camps:\n  0 Tour: met.\n", "cost: gold 1 per GAUGE"}},
		{tools.LegalActions, []string{"  1. draw", "  2. raise GAUGE"}},
		{tools.ViewStructured, []string{`"ruleset":"dice"`}},
	} {
		text, res := callTool(t, cs, tt.tool, nil)
		for _, w := range tt.want {
			if res.IsError || !strings.Contains(text, w) {
				t.Errorf("%s: got %q (error %v); want it to contain %q", tt.tool, text, res.IsError, w)
			}
		}
	}
}
