package viewtext

import (
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is a camp's council as its seats play it (docs/seats.md): the
// seats with the players who hold them, the councillors' proposals with
// their reasons, and what became of them.

// RulerSeat is the code of the ruler's seat, which posts the camp's order.
const RulerSeat = "ruler"

// proposalStatuses name the statuses of a proposal by their codes.
var proposalStatuses = map[string]lang.Text{
	"open": lang.T("open", "ouverte"), "adopted": lang.T("adopted", "adoptée"), "refused": lang.T("refused", "refusée"),
}

// SeatRole says in a sentence what the holder of seat may do, in l: the
// ruler posts the camp's order; a councillor proposes one in its domain.
// seat "" is the ruler's (a token of a camp without seats).
func SeatRole(l lang.Lang, seat string, domain []string) string {
	if seat == "" || seat == RulerSeat {
		return l.Sprintf("You hold the ruler's seat: you post the camp's order, your own or a councillor's proposal you adopt.",
			"Vous tenez le siège du dirigeant : vous postez l'ordre du camp, le vôtre ou la proposition d'un conseiller que vous adoptez.")
	}
	return l.Sprintf("You hold the %s seat: you propose the camp's order, with a reason the council reads, among your domain's actions (%s); only the ruler posts the order.",
		"Vous tenez le siège %s : vous proposez l'ordre du camp, avec une raison que le conseil lit, parmi les actions de votre domaine (%s) ; seul le dirigeant poste l'ordre.",
		named(l, seatNames, seat), strings.Join(domain, ", "))
}

// OwnSeat returns the holder of c's caller's seat, nil when c does not
// list it.
func OwnSeat(c *pb.Council) *pb.SeatHolder {
	for _, s := range c.GetSeats() {
		if s.GetSeat() == c.GetSeat() {
			return s
		}
	}
	return nil
}

// Council renders a camp's council as its seats read it: the caller's
// seat and what it may do, every seat with its domain and the player who
// holds it, and the proposals, the open ones of the day being decided
// first marked.
func Council(l lang.Lang, c *pb.Council) string {
	var b strings.Builder
	b.WriteString(Seats(l, c))
	if len(c.GetProposals()) == 0 {
		b.WriteString(l.Sprintf("Proposals: none.\n", "Propositions : aucune.\n"))
		return b.String()
	}
	b.WriteString(l.Sprintf("Proposals (%d):\n", "Propositions (%d) :\n", len(c.GetProposals())))
	for _, p := range c.GetProposals() {
		b.WriteString("  " + proposalLine(l, p) + "\n")
	}
	return b.String()
}

// Seats renders the head of a council without its proposals: the day
// being decided, the caller's seat and role, and every seat with its
// player and domain (the compact view shows the open proposals).
func Seats(l lang.Lang, c *pb.Council) string {
	var b strings.Builder
	b.WriteString(l.Sprintf("Council of camp %d, deciding day %d. ", "Conseil du camp %d, qui décide du jour %d. ", c.GetCamp(), c.GetDay()))
	b.WriteString(SeatRole(l, c.GetSeat(), OwnSeat(c).GetDomain()) + "\n")
	b.WriteString(l.Sprintf("Seats:\n", "Sièges :\n"))
	for _, s := range c.GetSeats() {
		b.WriteString("  " + s.GetSeat())
		if s.GetName() != "" && s.GetName() != s.GetSeat() {
			b.WriteString(" (" + s.GetName() + ")")
		}
		switch {
		case s.GetPlayer() != "":
			b.WriteString(l.Sprintf(": %s, serving %s", " : %s, au service de %s", s.GetPlayer(), s.GetPatron()))
		case s.GetSeat() != c.GetSeat():
			b.WriteString(l.Sprintf(": no player enrolled (its notable sits)", " : aucun joueur inscrit (son notable y siège)"))
		}
		if s.GetSeat() == c.GetSeat() {
			b.WriteString(l.Sprintf(" [you]", " [vous]"))
		}
		if len(s.GetDomain()) > 0 {
			b.WriteString(l.Sprintf("; domain: %s", " ; domaine : %s", strings.Join(s.GetDomain(), ", ")))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// ProposalStatus names a proposal's status ("open", "adopted",
// "refused") in l.
func ProposalStatus(l lang.Lang, status string) string {
	return named(l, proposalStatuses, status)
}

// proposalLine is one proposal: its day, seat, player, order with its
// reason, and status.
func proposalLine(l lang.Lang, p *pb.OrderProposal) string {
	who := p.GetSeat()
	if p.GetPlayer() != "" {
		who += " (" + p.GetPlayer() + ")"
	}
	return l.Sprintf("day %d, %s: %s [%s]", "jour %d, %s : %s [%s]", p.GetDay(), who, Order(l, p.GetOrder()), ProposalStatus(l, p.GetStatus()))
}

// OpenProposals renders the proposals of c still open for its day, for a
// ruler deciding: "" when there are none.
func OpenProposals(l lang.Lang, c *pb.Council) string {
	var b strings.Builder
	for _, p := range c.GetProposals() {
		if p.GetDay() == c.GetDay() && p.GetStatus() == "open" {
			b.WriteString("  " + proposalLine(l, p) + "\n")
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return l.Sprintf("Open proposals of your council for day %d (adopt one by its seat, or post your own order):\n",
		"Propositions ouvertes de votre conseil pour le jour %d (adoptez-en une par son siège, ou postez votre propre ordre) :\n", c.GetDay()) + b.String()
}

// Proposed renders the server's answer to a proposal.
func Proposed(l lang.Lang, p *pb.OrderProposal) string {
	return l.Sprintf("Proposal of the %s seat posted for day %d: %s\nThe council reads it; the ruler adopts it or posts another order. A new proposal of the day replaces it.\n",
		"Proposition du siège %s postée pour le jour %d : %s\nLe conseil la lit ; le dirigeant l'adopte ou poste un autre ordre. Une nouvelle proposition du jour la remplace.\n",
		p.GetSeat(), p.GetDay(), Order(l, p.GetOrder()))
}
