package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// structuredInto decodes a tool's structured result into m.
func structuredInto(t *testing.T, res *mcp.CallToolResult, m proto.Message) {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatalf("encode structured result: %v", err)
	}
	if err := protojson.Unmarshal(b, m); err != nil {
		t.Fatalf("decode structured result %s: %v", b, err)
	}
}

// TestStandingAndNotebookThroughMCP plays a short season through the MCP
// server (rules SEA-STANDING and SEA-NOTEBOOK): season_standing while it
// runs (days left, no rank) and after its close (rank, ranking);
// write_notebook, read back in the view's text and structure, refused
// beyond its bound or with a control character; another camp reads
// neither camp 0's notebook nor its standing.
func TestStandingAndNotebookThroughMCP(t *testing.T) {
	const days = 4
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Seed: 42, SeasonLength: days})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	camp := &tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now}
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

	text, res := callTool(t, cs, tools.SeasonStanding, nil)
	if res.IsError {
		t.Fatalf("season_standing: %s", text)
	}
	var s pb.SeasonStanding
	structuredInto(t, res, &s)
	if s.GetDay() != 0 || s.GetDaysLeft() != days || s.GetRank() != 0 || s.GetClosed() || s.GetScore() == 0 {
		t.Errorf("standing on day 0: got %v; want %d days left, a score, no rank", &s, days)
	}
	if !strings.Contains(text, "4 days left") || !strings.Contains(text, "the rank falls at the close") {
		t.Errorf("standing's text on day 0:\n%s", text)
	}

	plan := "Plan: expand east, then explore.\n\tPromised camp 1 peace."
	text, res = callTool(t, cs, tools.WriteNotebook, map[string]any{"text": plan})
	if res.IsError || !strings.HasPrefix(text, "Notebook saved: ") {
		t.Fatalf("write_notebook: %s", text)
	}
	text, _ = callTool(t, cs, tools.View, nil)
	if !strings.Contains(text, "Notebook (") || !strings.Contains(text, "  \tPromised camp 1 peace.") {
		t.Errorf("the view's text does not show the notebook:\n%s", text)
	}
	_, res = callTool(t, cs, tools.ViewStructured, nil)
	var view pb.CampView
	structuredInto(t, res, &view)
	if view.GetNotebook().GetText() != plan || view.GetNotebook().GetMaxLen() != 8192 {
		t.Errorf("the structured view's notebook: got %v; want the plan, 8192 bytes at most", view.GetNotebook())
	}
	for _, tc := range []struct {
		name, text, want string
	}{
		{"too long for the schema", strings.Repeat("a", 8193), "text"},
		{"too many bytes", strings.Repeat("é", 4097), "reason: bad_request"},
		{"a control character", "bell\a", "reason: bad_request"},
	} {
		text, res := callTool(t, cs, tools.WriteNotebook, map[string]any{"text": tc.text})
		if !res.IsError || !strings.Contains(text, tc.want) {
			t.Errorf("%s: got %q (error %v); want a tool error naming %q", tc.name, text, res.IsError, tc.want)
		}
	}

	// Fog: camp 1 reads its own standing and an empty notebook.
	other := &tools.Camp{Game: srv.Game, Token: w.Tokens[1], Now: time.Now}
	if n, err := other.Notebook(ctx); err != nil || n.GetText() != "" || n.GetCamp() != 1 {
		t.Errorf("camp 1's notebook: got %v, %v; want its own, empty", n, err)
	}
	if s, err := other.Standing(ctx); err != nil || s.GetCamp() != 1 {
		t.Errorf("camp 1's standing: got %v, %v; want its own", s, err)
	}

	for day := int32(1); day <= days; day++ {
		if got := srv.ForceTick(t, w.ID); got != day {
			t.Fatalf("forced tick resolved day %d; want %d", got, day)
		}
	}
	text, res = callTool(t, cs, tools.SeasonStanding, nil)
	if res.IsError {
		t.Fatalf("season_standing after the close: %s", text)
	}
	structuredInto(t, res, &s)
	if !s.GetClosed() || s.GetRank() < 1 || len(s.GetRanking()) != 3 || s.GetDaysLeft() != 0 {
		t.Errorf("standing after the close: got %v; want closed, a rank among 3", &s)
	}
	if !strings.Contains(text, ", closed.") || !strings.Contains(text, "rank ") {
		t.Errorf("standing's text after the close:\n%s", text)
	}
	text, res = callTool(t, cs, tools.WriteNotebook, map[string]any{"text": "too late"})
	if !res.IsError || !strings.Contains(text, "reason: season_over") {
		t.Errorf("write_notebook after the close: got %q; want reason season_over", text)
	}
}
