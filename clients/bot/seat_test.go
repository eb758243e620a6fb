package bot

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/metadata"
)

// seatView is a camp 0 of day 4 that may rest, explore zones 4 and 10 and
// send men onto zone 5 (free) or zone 6 (camp 1's).
func seatView() *pb.CampView {
	return &pb.CampView{Camp: 0, Day: 4, LegalActions: []*pb.LegalAction{
		act(actRest), act(actExplore, zoneArg(4, 10)), act(actSend, countArg("men", 1, 5), zoneArg(5, 6)), act(actDeclare, campArg(1)),
	}, Detail: &pb.CampView_Grisonval{Grisonval: &pb.GrisonvalView{Zones: []*pb.Zone{
		{Id: 5, Visibility: visible, Owner: -1}, {Id: 6, Visibility: visible, Owner: 1},
	}}}}
}

// council is camp 0's council deciding day 5, with the general's and the
// marshal's seats, and proposals.
func council(props ...*pb.OrderProposal) *pb.Council {
	return &pb.Council{Camp: 0, Seat: rulerSeat, Day: 5, Proposals: props,
		Seats: []*pb.SeatHolder{{Seat: rulerSeat}, {Seat: "general", Player: "gaia"}, {Seat: "marshal", Player: "max"}}}
}

// seatProposal is seat's open proposal for day 5 of action with args.
func seatProposal(seat, action string, args ...int32) *pb.OrderProposal {
	return &pb.OrderProposal{Day: 5, Seat: seat, Status: "open", Order: &pb.Order{Action: action, Args: args, Reason: "why"}}
}

// TestAdoptable checks rule AI-SEAT-ADOPT: the ruler adopts a legal open
// proposal of the day whose action is its own decision's, or any that is
// not hostile when it would rest (a hostile one only in the aggressive
// posture); the first in the council's order of seats.
func TestAdoptable(t *testing.T) {
	explore := &pb.Order{Action: actExplore, Args: []int32{4}}
	rest := &pb.Order{Action: actRest}
	growth, aggressive := pb.Posture_POSTURE_GROWTH, pb.Posture_POSTURE_AGGRESSIVE
	tests := []struct {
		name    string
		council *pb.Council
		own     *pb.Order
		posture pb.Posture
		want    string
	}{
		{"AI-SEAT-ADOPT: the same action, another zone", council(seatProposal("marshal", actExplore, 10)), explore, growth, "marshal"},
		{"another action than the ruler's", council(seatProposal("marshal", actSend, 2, 5)), explore, growth, ""},
		{"the ruler would rest: a use for the day", council(seatProposal("marshal", actExplore, 10)), rest, growth, "marshal"},
		{"a march onto free land while the ruler rests", council(seatProposal("general", actSend, 2, 5)), rest, growth, "general"},
		{"a march onto camp 1's zone, growth", council(seatProposal("general", actSend, 2, 6)), rest, growth, ""},
		{"a declaration of war, growth", council(seatProposal("general", actDeclare, 1)), rest, growth, ""},
		{"a march onto camp 1's zone, aggressive", council(seatProposal("general", actSend, 2, 6)), rest, aggressive, "general"},
		{"an illegal proposal", council(seatProposal("marshal", actExplore, 99)), explore, growth, ""},
		{"a proposal of another day", council(&pb.OrderProposal{Day: 4, Seat: "marshal", Status: "refused",
			Order: &pb.Order{Action: actExplore, Args: []int32{10}}}), explore, growth, ""},
		{"the first seat of the council", council(seatProposal("marshal", actExplore, 10), seatProposal("general", actExplore, 4)), explore, growth, "general"},
		{"no proposal", council(), explore, growth, ""},
		{"no council", nil, explore, growth, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Adoptable(seatView(), tt.council, tt.own, tt.posture); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// TestProposeIn checks rule AI-SEAT-PROPOSE on hand-built views: the
// proposal is the posture's decision among the domain's legal actions;
// nothing when the domain has no legal action or its decision is rest.
func TestProposeIn(t *testing.T) {
	v := baseView(pb.Posture_POSTURE_GROWTH)
	for _, tt := range []struct {
		name   string
		domain []string
		want   []string // the actions the proposal may be; none: no proposal
	}{
		{"AI-SEAT-PROPOSE: the marshal's domain", []string{"expand_to", "develop", "explore", "build_house", "build_farm"},
			[]string{"expand_to", "develop", "explore", "build_house", "build_farm"}},
		{"a domain without a legal action", []string{"propose_alliance"}, nil},
		{"a domain of rest alone", []string{"rest"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := ProposeIn(lang.EN, v, tt.domain, State{})
			switch {
			case tt.want == nil && o != nil:
				t.Errorf("got %v; want no proposal", o)
			case tt.want != nil && (o == nil || !slices.Contains(tt.want, o.GetAction()) || !legalOrder(v, o) || o.GetReason() == ""):
				t.Errorf("got %v; want a legal order of %v with its reason", o, tt.want)
			}
		})
	}
}

// TestPlayerSeats plays a day of a camp whose marshal and ruler are bots,
// on the real server (rules AI-SEAT-PROPOSE and AI-SEAT-ADOPT): the
// marshal proposes an order of its domain with a reason and posts no
// order; the ruler, of the same posture, adopts it; a general whose
// domain has nothing the posture wants proposes nothing.
func TestPlayerSeats(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Seed: 42})
	as := func(tok string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	}
	marshalTok := srv.EnrollSeat(t, w.ID, 0, "marshal", "max", "Béatrix")
	seat := func(tok string) *Player {
		return &Player{Client: srv.Game, Token: tok, Log: zerolog.Nop(), Lang: lang.EN}
	}
	notice := &pb.TickNotice{WorldId: w.ID, Day: 0}
	marshal := seat(marshalTok)
	played := int32(-1)
	marshal.play(as(marshalTok), notice, &played)
	c, err := srv.Game.GetCouncil(as(w.Tokens[0]), &pb.GetCouncilRequest{SinceDay: 1})
	if err != nil {
		t.Fatalf("council: %v", err)
	}
	if len(c.GetProposals()) != 1 || c.GetProposals()[0].GetSeat() != "marshal" || played != 0 {
		t.Fatalf("got proposals %v, played %d; want the marshal's for day 1", c.GetProposals(), played)
	}
	p := c.GetProposals()[0]
	domain := c.GetSeats()[slices.IndexFunc(c.GetSeats(), func(s *pb.SeatHolder) bool { return s.GetSeat() == "marshal" })].GetDomain()
	if !slices.Contains(domain, p.GetOrder().GetAction()) || p.GetOrder().GetReason() == "" {
		t.Errorf("got the marshal's proposal %v; want an action of its domain %v with a reason", p.GetOrder(), domain)
	}
	v, err := srv.Game.GetView(as(w.Tokens[0]), &pb.GetViewRequest{})
	if err != nil {
		t.Fatalf("view: %v", err)
	}
	if v.GetPendingOrder() != nil {
		t.Errorf("got pending order %v; want none: the marshal posts no order", v.GetPendingOrder())
	}
	own, _ := DecideIn(lang.EN, v, State{})
	if own.GetAction() != p.GetOrder().GetAction() {
		t.Fatalf("the ruler would play %v, the marshal proposes %v: the world's day 0 no longer tests an adoption", own, p.GetOrder())
	}

	// The ruler waits for its council's players (CouncilWait) before it
	// decides; any wait will do, the marshal has proposed.
	ruler := seat(w.Tokens[0])
	ruler.CouncilWait = time.Millisecond
	played = -1
	ruler.play(as(w.Tokens[0]), notice, &played)
	srv.ForceTick(t, w.ID)
	c, err = srv.Game.GetCouncil(as(marshalTok), &pb.GetCouncilRequest{SinceDay: 1})
	if err != nil {
		t.Fatalf("council: %v", err)
	}
	if got := c.GetProposals()[0].GetStatus(); got != "adopted" {
		t.Errorf("got the marshal's proposal %s; want adopted by the ruler bot", got)
	}

	// Day 1: a general of the same camp.
	generalTok := srv.EnrollSeat(t, w.ID, 0, "general", "gaia", "Cassien")
	general := seat(generalTok)
	played = -1
	general.play(as(generalTok), &pb.TickNotice{WorldId: w.ID, Day: 1}, &played)
	c, err = srv.Game.GetCouncil(as(generalTok), &pb.GetCouncilRequest{SinceDay: 2})
	if err != nil {
		t.Fatalf("council: %v", err)
	}
	v, err = srv.Game.GetView(as(generalTok), &pb.GetViewRequest{})
	if err != nil {
		t.Fatalf("view: %v", err)
	}
	domain = c.GetSeats()[slices.IndexFunc(c.GetSeats(), func(s *pb.SeatHolder) bool { return s.GetSeat() == "general" })].GetDomain()
	want, _ := ProposeIn(lang.EN, v, domain, State{})
	switch {
	case want == nil && len(c.GetProposals()) != 0:
		t.Errorf("got the general's proposals %v; want none: nothing in its domain is worth it", c.GetProposals())
	case want != nil && (len(c.GetProposals()) != 1 || c.GetProposals()[0].GetOrder().GetAction() != want.GetAction()):
		t.Errorf("got the general's proposals %v; want %v", c.GetProposals(), want)
	}
	if played != 1 {
		t.Errorf("got played %d; want day 1 played", played)
	}
}
