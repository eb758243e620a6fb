package bot

import (
	"slices"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/proto"
)

// This file is the bot in a seat of its camp's council (docs/seats.md):
// a councillor proposes the camp's order in its seat's domain (rule
// AI-SEAT-PROPOSE); the ruler adopts a councillor's proposal its posture
// accepts, else plays its own order (rule AI-SEAT-ADOPT).

// rulerSeat is the code of the ruler's seat.
const rulerSeat = "ruler"

// ProposeIn returns the proposal of a councillor whose seat's domain is
// domain, on view v, and the bot's state after it (rule AI-SEAT-PROPOSE):
// the order DecideIn would give with v's legal actions restricted to the
// domain, its reason in l. It returns nil when nothing in the domain is
// worth proposing: the decision is rest (the camp rests without counsel)
// or falls outside the domain. Like DecideIn it is pure and
// deterministic.
func ProposeIn(l lang.Lang, v *pb.CampView, domain []string, s State) (*pb.Order, State) {
	restricted := proto.Clone(v).(*pb.CampView)
	restricted.LegalActions = nil
	for _, la := range v.GetLegalActions() {
		if slices.Contains(domain, la.GetAction()) {
			restricted.LegalActions = append(restricted.LegalActions, la)
		}
	}
	if len(restricted.LegalActions) == 0 {
		return nil, s
	}
	o, next := DecideIn(l, restricted, s)
	if o.GetAction() == actRest || !slices.Contains(domain, o.GetAction()) || !legalOrder(restricted, o) {
		return nil, s
	}
	return o, next
}

// Adoptable returns the seat whose open proposal for council's day a
// ruler adopts instead of its own order own, and "" when it adopts none
// (rule AI-SEAT-ADOPT): a proposal is adoptable when it is legal on v and
// the posture accepts it: its action is own's, or own is rest and the
// proposal is no hostile act (declare_war, or send_army onto another
// camp's zone) unless posture is aggressive. Among several, the first in
// the council's order of seats.
func Adoptable(v *pb.CampView, c *pb.Council, own *pb.Order, posture pb.Posture) string {
	for _, seat := range c.GetSeats() {
		for _, p := range c.GetProposals() {
			if p.GetSeat() != seat.GetSeat() || p.GetDay() != c.GetDay() || p.GetStatus() != "open" || p.GetSeat() == rulerSeat {
				continue
			}
			o := p.GetOrder()
			if !legalOrder(v, o) {
				continue
			}
			if o.GetAction() == own.GetAction() ||
				own.GetAction() == actRest && (posture == pb.Posture_POSTURE_AGGRESSIVE || !hostile(v, o)) {
				return p.GetSeat()
			}
		}
	}
	return ""
}

// hostile reports whether o, legal on v, is an act of war: a declaration,
// or a march onto a zone another camp holds.
func hostile(v *pb.CampView, o *pb.Order) bool {
	switch o.GetAction() {
	case actDeclare:
		return true
	case actSend:
		for _, z := range v.GetGrisonval().GetZones() {
			if z.GetId() == o.GetArgs()[1] {
				return z.GetOwner() >= 0 && z.GetOwner() != v.GetCamp()
			}
		}
	}
	return false
}
