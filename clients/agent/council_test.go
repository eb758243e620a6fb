package agent

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wantText checks that a tool's answer is an error or not as want says,
// and holds every part.
func wantText(t *testing.T, what, text string, res *mcp.CallToolResult, isError bool, parts ...string) {
	t.Helper()
	if res.IsError != isError {
		t.Errorf("%s: got error %v (%s); want error %v", what, res.IsError, text, isError)
	}
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Errorf("%s: got\n%s\nwant it to contain %q", what, text, p)
		}
	}
}

// TestCouncilThroughMCP plays one day of a camp with two players through
// the MCP server (docs/seats.md): the general reads the council, may not
// post the camp's order (SEAT-ORDER), proposes an action of its domain
// with a reason (SEAT-PROPOSE) and writes to the council (SEAT-TALK); the
// ruler reads the proposal and the message, adopts the general's proposal
// (SEAT-ADOPT), and once the day resolves the proposal is adopted and the
// general's standing is its seat's own (SEAT-FEATS).
func TestCouncilThroughMCP(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Seed: 42, SeasonLength: 6})
	general := connect(t, &tools.Camp{Game: srv.Game, Token: srv.EnrollSeat(t, w.ID, 0, "general", "gaia", "Béatrix"), Now: time.Now})
	ruler := connect(t, &tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now})

	text, res := callTool(t, general, tools.Council, nil)
	wantText(t, "the general's council", text, res, false, "Council of camp 0, deciding day 1.", "You hold the general seat",
		"  general: gaia, serving Béatrix [you]; domain: raise_army,", "  ruler: no player enrolled (its notable sits)\n", "Proposals: none.")
	var council pb.Council
	structuredInto(t, res, &council)
	if council.GetSeat() != "general" || len(council.GetSeats()) != 8 {
		t.Fatalf("got council %v; want the general's, of 8 seats", &council)
	}
	domain := council.GetSeats()[slices.IndexFunc(council.GetSeats(), func(s *pb.SeatHolder) bool { return s.GetSeat() == "general" })].GetDomain()

	text, res = callTool(t, general, tools.SubmitOrder, order("rest", "je décide"))
	// The refusal in the tools' own words, not the game API's.
	wantText(t, "the general's order", text, res, true, "reason: not_your_seat", "propose yours with propose_order")
	if strings.Contains(text, "ProposeOrder") {
		t.Errorf("the general's order: got %q; want the tools' words, not ProposeOrder", text)
	}
	text, res = callTool(t, general, tools.SetStanding, order("rest", "je décide"))
	wantText(t, "the general's standing order", text, res, true, "reason: not_your_seat")
	text, res = callTool(t, general, tools.ProposeOrder, order("chop_wood", "du bois"))
	wantText(t, "a proposal out of the general's domain", text, res, true, "reason: out_of_domain")

	v, err := (&tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now}).GetView(context.Background())
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	var proposal map[string]any
	for _, a := range v.GetLegalActions() {
		if slices.Contains(domain, a.GetAction()) {
			var args []int32
			for _, s := range a.GetArgs() {
				if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
					args = append(args, s.GetMin())
				} else {
					args = append(args, s.GetChoices()[0])
				}
			}
			proposal = order(a.GetAction(), "une armée garde la capitale", args...)
			break
		}
	}
	if proposal == nil {
		t.Fatalf("no legal action of the general's domain %v on day 0: %v", domain, v.GetLegalActions())
	}
	action := proposal["order"].(map[string]any)["action"].(string)
	text, res = callTool(t, general, tools.ProposeOrder, proposal)
	wantText(t, "the general's proposal", text, res, false, "Proposal of the general seat posted for day 1: "+action, "(reason: une armée garde la capitale)")
	text, res = callTool(t, general, tools.SendMessage, map[string]any{"to_camp": 0, "text": "adoptez l'armée"})
	wantText(t, "the general's council message", text, res, false, "sent to your council for day 1")

	text, res = callTool(t, ruler, tools.Council, nil)
	wantText(t, "the ruler's council", text, res, false, "You hold the ruler's seat", "  ruler [you]\n", "  general: gaia, serving Béatrix;",
		"day 1, general (gaia): "+action, "une armée garde la capitale) [open]")
	text, res = callTool(t, ruler, tools.Messages, nil)
	wantText(t, "the ruler's messages", text, res, false, "day 1, council, general: adoptez l'armée")
	text, res = callTool(t, ruler, tools.ProposeOrder, proposal)
	wantText(t, "the ruler's proposal", text, res, true, "reason: not_your_seat",
		"post the camp's order with submit_order (adopt a councillor's proposal with adopt_proposal)")
	text, res = callTool(t, ruler, tools.Adopt, map[string]any{"seat": "treasurer"})
	wantText(t, "an adoption of a seat without a proposal", text, res, true, "reason: no_proposal", "the council tool's proposals")
	text, res = callTool(t, ruler, tools.Adopt, map[string]any{"seat": "general"})
	wantText(t, "the ruler's adoption", text, res, false, "Order accepted for day 1: "+action,
		"It is the proposal of the general seat, adopted: its feats go to that seat's patron.")
	var posted pb.SubmitOrderResponse
	structuredInto(t, res, &posted)
	if posted.GetAuthor() != "general" {
		t.Errorf("got author %q; want general", posted.GetAuthor())
	}

	srv.ForceTick(t, w.ID)
	text, res = callTool(t, general, tools.Council, nil)
	wantText(t, "the council after the day", text, res, false, "Council of camp 0, deciding day 2.", "une armée garde la capitale) [adopted]")
	text, res = callTool(t, general, tools.SeasonStanding, nil)
	wantText(t, "the general's standing", text, res, false, "Player gaia, serving Béatrix.", "Seat general: the feats, standing and verdict below are your seat's own")
}
