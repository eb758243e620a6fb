package agent

import (
	"context"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/proto"
)

// TestStaleSchema checks that an order the tools' published schema (built
// from a view that is a day late) refuses, but which the camp's view of
// now allows, is checked against the view of now and posted; an order
// that neither allows is still refused as bad arguments.
func TestStaleSchema(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Seed: 42, SeasonLength: 6})
	ctx := context.Background()
	camp := &tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now, Daily: true}
	v, err := camp.GetView(ctx)
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	// The stale view's menu has rest alone.
	stale := proto.Clone(v).(*pb.CampView)
	stale.LegalActions = nil
	for _, a := range v.GetLegalActions() {
		if a.GetAction() == "rest" {
			stale.LegalActions = append(stale.LegalActions, a)
		}
	}
	cs := connectView(t, camp, stale)
	now := choose(v)
	text, res := callTool(t, cs, tools.SubmitOrder, now)
	wantText(t, "an order the stale schema lacks", text, res, false, now["order"].(map[string]any)["action"].(string))
	text, res = callTool(t, cs, tools.SubmitOrder, order("fly", "loin"))
	wantText(t, "an order no view allows", text, res, true, "reason: bad_request")
}
