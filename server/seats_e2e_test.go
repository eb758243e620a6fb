package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/agent"
	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// seatsSeason is the length of TestSeatsEndToEnd's season: long enough for
// an aggressive camp's armies to march.
const seatsSeason = 40

// TestSeatsEndToEnd plays a Grisonval season on each store with two
// players in camp 0 (docs/seats.md): its ruler, rex, is the bot, serving
// Aurèle; its general, gaia, is scripted through the MCP server, serving
// Béatrix. Each day gaia reads her camp's view and council through MCP
// tools and proposes what the aggressive posture would do within the
// general's domain: a march onto a free zone when one is in reach (every
// fourth day, walls or a levy instead), and rex
// adopts a proposal its posture accepts (AI-SEAT-ADOPT) or plays its own.
// Camps 1 and 2 are bots. At the close: proposals were adopted and
// refused (SEAT-ADOPT, SEAT-COUNCIL), each player's feats are those of
// the orders its seat authored and its patron's glory is theirs
// (SEAT-FEATS), each hears its patron's judgment privately (JUD-PRIVATE),
// and the chronicle ranks both with their seats.
func TestSeatsEndToEnd(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			h := startServer(t, tc.open(t), clock.NewFake(start))
			ctx := context.Background()
			admin := as(h.adminToken)
			ai := func(p pb.Posture) *pb.Controller {
				return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: p}
			}
			info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "council", Seed: 11, SeasonLength: seatsSeason,
				Cadence: durationpb.New(cadence), Controllers: []*pb.Controller{ai(pb.Posture_POSTURE_AGGRESSIVE),
					ai(pb.Posture_POSTURE_GROWTH), ai(pb.Posture_POSTURE_PRUDENT)}})
			if err != nil {
				t.Fatalf("create world: %v", err)
			}
			id := info.GetId()
			if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
				t.Fatalf("pause: %v", err)
			}
			enrol := func(player, seat, patron string) string {
				resp, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 0, Player: player, Mode: "agent",
					Seat: seat, Patron: patron, Package: "levy", Characteristics: []int32{3, 2, 2, 2, 1}, Talents: []int32{1, 1, 1, 1, 0}})
				if err != nil {
					t.Fatalf("enrol %s as %s: %v", player, seat, err)
				}
				return resp.GetToken()
			}
			rex, gaia := enrol("rex", "ruler", "Aurèle"), enrol("gaia", "general", "Béatrix")
			tokens := []string{rex, "", ""}
			for c := 1; c < 3; c++ {
				resp, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: int32(c)})
				if err != nil {
					t.Fatalf("token of camp %d: %v", c, err)
				}
				tokens[c] = resp.GetToken()
			}

			// gaia plays through the MCP server, as an agent would.
			camp := &tools.Camp{Game: h.game, Token: gaia, Now: time.Now}
			v0, err := camp.GetView(ctx)
			if err != nil {
				t.Fatalf("gaia's view: %v", err)
			}
			st, ct := mcp.NewInMemoryTransports()
			if _, err := agent.NewServer(camp, v0).Connect(ctx, st, nil); err != nil {
				t.Fatalf("MCP server: %v", err)
			}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "gaia"}, nil).Connect(ctx, ct, nil)
			if err != nil {
				t.Fatalf("MCP client: %v", err)
			}
			defer cs.Close()
			call := func(name string, args map[string]any, into proto.Message) *mcp.CallToolResult {
				t.Helper()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
				for err == nil && res.IsError && strings.Contains(res.Content[0].(*mcp.TextContent).Text, "rate_limited") {
					// An agent waits as the refusal says, and tries again.
					time.Sleep(250 * time.Millisecond)
					res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
				}
				if err != nil {
					t.Fatalf("MCP %s: %v", name, err)
				}
				if into != nil && !res.IsError {
					b, _ := json.Marshal(res.StructuredContent)
					if err := protojson.Unmarshal(b, into); err != nil {
						t.Fatalf("MCP %s: decode %s: %v", name, b, err)
					}
				}
				return res
			}

			states := make([]bot.State, 3)
			var gaiaState bot.State
			var domain []string
			proposed := 0
			for day := 1; day <= seatsSeason; day++ {
				// The general proposes first.
				var v pb.CampView
				call(tools.ViewStructured, nil, &v)
				var council pb.Council
				call(tools.Council, nil, &council)
				if domain == nil {
					for _, s := range council.GetSeats() {
						if s.GetSeat() == "general" {
							domain = s.GetDomain()
						}
					}
				}
				o := freeMarch(&v)
				if o == nil && day%4 != 0 {
					o, gaiaState = bot.ProposeIn(lang.EN, &v, domain, gaiaState)
				}
				if o == nil {
					o = otherProposal(&v)
				}
				if o != nil {
					args := map[string]any{"order": map[string]any{"action": o.GetAction(), "args": o.GetArgs()}, "reason": fmt.Sprintf("the general's counsel, day %d", day)}
					if res := call(tools.ProposeOrder, args, nil); res.IsError {
						t.Fatalf("day %d: gaia's proposal %v refused: %v", day, o, res.Content[0].(*mcp.TextContent).Text)
					}
					proposed++
				}
				if day == 2 {
					if res := call(tools.SendMessage, map[string]any{"to_camp": 0, "text": "adopt my armies"}, nil); res.IsError {
						t.Fatalf("gaia's council message refused: %v", res.Content)
					}
				}
				// The ruler and the other camps play as bots.
				for c, tok := range tokens {
					cv := h.view(t, tok)
					own, next := bot.Decide(cv, states[c])
					states[c] = next
					req := &pb.SubmitOrderRequest{Order: own}
					if c == 0 {
						cc, err := h.game.GetCouncil(as(tok), &pb.GetCouncilRequest{SinceDay: int32(day)})
						if err != nil {
							t.Fatalf("day %d: rex's council: %v", day, err)
						}
						if seat := bot.Adoptable(cv, cc, own, pb.Posture_POSTURE_AGGRESSIVE); seat != "" {
							req = &pb.SubmitOrderRequest{Adopt: seat}
						}
					}
					if _, err := h.game.SubmitOrder(as(tok), req); err != nil {
						t.Fatalf("day %d: camp %d's order %v: %v", day, c, req, err)
					}
				}
				if day == seatsSeason {
					break
				}
				if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
					t.Fatalf("force tick %d: %v", day, err)
				}
			}
			council, err := h.game.GetCouncil(as(rex), &pb.GetCouncilRequest{})
			if err != nil {
				t.Fatalf("council: %v", err)
			}
			count := map[string]int{}
			for _, p := range council.GetProposals() {
				count[p.GetStatus()]++
			}
			if count["adopted"] == 0 || count["refused"] == 0 {
				t.Errorf("gaia's proposals: got %v; want some adopted and some refused", count)
			}
			msgs, err := h.game.ListMessages(as(rex), &pb.ListMessagesRequest{})
			if err != nil || !slices.ContainsFunc(msgs.GetMessages(), func(m *pb.CampMessage) bool { return m.GetSeat() == "general" }) {
				t.Errorf("rex's messages: got %v, %v; want gaia's council message", msgs, err)
			}
			if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
				t.Fatalf("force the last tick: %v", err)
			}

			ch, _, _ := chronicle(t, h, id, 1)
			results := map[string]*pb.PlayerResult{}
			for _, p := range ch.GetPlayers() {
				results[p.GetPlayer()] = p
			}
			r, g := results["rex"], results["gaia"]
			if r.GetSeat() != "ruler" || g.GetSeat() != "general" || r.GetCamp() != 0 || g.GetCamp() != 0 {
				t.Fatalf("chronicle players: got %v; want rex ruling and gaia as general of camp 0", ch.GetPlayers())
			}
			if g.GetPostedTicks() != int32(proposed) || r.GetPostedTicks() != int32(seatsSeason) {
				t.Errorf("own days: got rex %d, gaia %d; want %d (an order every day) and %d (her proposals)",
					r.GetPostedTicks(), g.GetPostedTicks(), seatsSeason, proposed)
			}
			t.Logf("rex: %v; gaia: %v; proposals %v", r.GetFeats(), g.GetFeats(), count)
			if g.GetFeats().GetGlory() == 0 {
				t.Errorf("gaia's feats: got %v; want the glory of the armies the ruler sent on her counsel", g.GetFeats())
			}
			gained := map[string]int32{}
			for _, b := range ch.GetGloryBoards() {
				if b.GetCamp() == 0 {
					for _, p := range b.GetPatrons() {
						gained[p.GetPatron()] = p.GetSeasonGlory()
					}
				}
			}
			if gained["Aurèle"] != r.GetFeats().GetGlory() || gained["Béatrix"] != g.GetFeats().GetGlory() {
				t.Errorf("camp 0's glory of the season: got %v; want Aurèle %d (rex's), Béatrix %d (gaia's)", gained,
					r.GetFeats().GetGlory(), g.GetFeats().GetGlory())
			}
			for player, patron := range map[string]string{"rex": "Aurèle", "gaia": "Béatrix"} {
				tok := map[string]string{"rex": rex, "gaia": gaia}[player]
				s, err := h.game.GetSeasonStanding(as(tok), &pb.GetSeasonStandingRequest{})
				if words := s.GetResult().GetJudgment(); err != nil || !strings.Contains(words, patron) || !strings.Contains(words, player) {
					t.Errorf("%s's judgment: got %q, %v; want %s's words to %s", player, words, err, patron, player)
				}
				if results[player].GetJudgment() != "" {
					t.Errorf("the chronicle tells %s's private judgment", player)
				}
			}
		})
	}
}

// freeMarch is the general's counsel to march the fewest men onto a
// free zone send_army reaches, which takes it (a mission, FEAT-MAP), or
// nil.
func freeMarch(v *pb.CampView) *pb.Order {
	free := map[int32]bool{}
	for _, z := range v.GetGrisonval().GetZones() {
		if z.GetOwner() < 0 && z.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE {
			free[z.GetId()] = true
		}
	}
	for _, a := range v.GetLegalActions() {
		if a.GetAction() != "send_army" || len(a.GetArgs()) != 2 {
			continue
		}
		for _, z := range a.GetArgs()[1].GetChoices() {
			if free[z] {
				return &pb.Order{Action: "send_army", Args: []int32{a.GetArgs()[0].GetMin(), z}}
			}
		}
	}
	return nil
}

// otherProposal is the general's proposal when its posture would propose
// nothing, or on the days it tries another counsel: walls on a zone, else
// a levy of the fewest men, when legal.
func otherProposal(v *pb.CampView) *pb.Order {
	for _, want := range []string{"build_walls", "raise_army"} {
		for _, a := range v.GetLegalActions() {
			if a.GetAction() != want {
				continue
			}
			o := &pb.Order{Action: want}
			for _, s := range a.GetArgs() {
				if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
					o.Args = append(o.Args, s.GetMin())
				} else if len(s.GetChoices()) > 0 {
					o.Args = append(o.Args, s.GetChoices()[0])
				}
			}
			return o
		}
	}
	return nil
}
