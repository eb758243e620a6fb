package agent

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAnnotationsAndResources checks what an MCP client learns besides the
// tools' schemas: each tool's annotations (the reads read-only, the writes
// not; every write but send_message idempotent), and the world's rulebook
// as resources, whole and by section, a section it lacks not found.
func TestAnnotationsAndResources(t *testing.T) {
	srv := testserver.Start(t)
	ctx := context.Background()
	camp := &tools.Camp{Game: srv.Game, Token: srv.CampToken(t, 0), Now: time.Now}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cs := memoryClient(t, NewServer(camp, v))
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]bool{ // read-only, idempotent
		tools.View: {true, true}, tools.Zones: {true, true}, tools.WaitNextTick: {true, true},
		tools.SubmitOrder: {false, true}, tools.Adopt: {false, true}, tools.SendMessage: {false, false},
	}
	for _, tool := range list.Tools {
		w, ok := want[tool.Name]
		if !ok {
			continue
		}
		delete(want, tool.Name)
		if a := tool.Annotations; a == nil || a.ReadOnlyHint != w[0] || a.IdempotentHint != w[1] {
			t.Errorf("%s: got annotations %+v; want readOnlyHint %v, idempotentHint %v", tool.Name, a, w[0], w[1])
		}
	}
	if len(want) > 0 {
		t.Errorf("tools missing from the list: %v", want)
	}

	whole, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: RulebookURI})
	if err != nil || len(whole.Contents) != 1 || !strings.Contains(whole.Contents[0].Text, "## Time") || whole.Contents[0].MIMEType != "text/markdown" {
		t.Fatalf("got %v, %v; want the whole rulebook in Markdown", whole, err)
	}
	sec, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: RulebookURI + "/" + url.PathEscape("fog of war")})
	if err != nil || !strings.HasPrefix(sec.Contents[0].Text, "## Fog of war") || strings.Contains(sec.Contents[0].Text, "## Time") {
		t.Errorf("got %v, %v; want the section Fog of war alone", sec, err)
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: RulebookURI + "/Magic"}); err == nil {
		t.Errorf("got the section Magic; want it not found")
	}
	templates, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(templates.ResourceTemplates) != 1 || templates.ResourceTemplates[0].URITemplate != RulebookSection {
		t.Errorf("got templates %v, %v; want the section's", templates, err)
	}
}
