package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is a Grisonval camp's governance on its page (seed 001): the
// council tab, from the camp's own view only (docs/rules.md VIEW-GOV),
// and the seats that players hold in it, from the camp's own council
// (docs/seats.md).

// councilPanel is the council tab: the kingdom's statistics, the edicts,
// the seats and their holders, the notables who hold no seat, and the
// continuing events.
type councilPanel struct {
	Stats   string
	Edicts  []edictLine
	Seats   []seatLine
	Free    []person
	Ongoing []string
}

// edictLine is an edict, the number set_edict takes for it, and its level
// (its number and name).
type edictLine struct {
	ID, Level   int32
	Name, Named string
}

// seatLine is a seat of the council, the number appoint takes for it, and
// its holder: his number, name, level, trait, job, age and the day he was
// named, or Vacant.
type seatLine struct {
	ID            int32
	Name          string
	Vacant        bool
	Citizen       int32
	Holder, Roman string
	Trait, Job    string
	Age, Since    int32
}

// councilOf builds the council tab of a camp's view in l; nil when the
// view carries no governance.
func councilOf(l lang.Lang, g *pb.GrisonvalView) *councilPanel {
	gv := g.GetGovernance()
	if gv == nil {
		return nil
	}
	p := &councilPanel{Stats: viewtext.StatsText(l, gv.GetStats())}
	for _, e := range gv.GetEdicts() {
		p.Edicts = append(p.Edicts, edictLine{ID: e.GetId(), Level: e.GetLevel(), Name: viewtext.EdictName(l, e.GetEdict()), Named: viewtext.EdictLevel(l, e)})
	}
	seated := map[int32]bool{}
	for _, s := range gv.GetCouncil() {
		sl := seatLine{ID: s.GetId(), Name: viewtext.SeatName(l, s.GetSeat()), Vacant: s.GetVacant()}
		if !s.GetVacant() {
			sl.Citizen, sl.Holder, sl.Roman, sl.Trait = s.GetCitizen(), s.GetName(), viewtext.Roman(s.GetLevel()), s.GetTrait()
			sl.Job, sl.Age, sl.Since = s.GetJob(), s.GetAge(), s.GetSinceDay()
			seated[s.GetCitizen()] = true
		}
		p.Seats = append(p.Seats, sl)
	}
	for _, n := range g.GetNotables() {
		if n.GetId() != 0 && !seated[n.GetId()] {
			p.Free = append(p.Free, personOf(n))
		}
	}
	for _, o := range gv.GetOngoing() {
		p.Ongoing = append(p.Ongoing, viewtext.OngoingText(l, o))
	}
	return p
}

// governanceLabels returns the names of the choices of a seat and of a
// citizen, from a camp's view: each seat's name; each citizen of the
// council or the notables with his level and trait (and his seat).
func governanceLabels(l lang.Lang, g *pb.GrisonvalView) (seats, citizens map[int32]string) {
	seats, citizens = map[int32]string{}, map[int32]string{}
	for _, s := range g.GetGovernance().GetCouncil() {
		seats[s.GetId()] = viewtext.SeatName(l, s.GetSeat())
		if !s.GetVacant() {
			citizens[s.GetCitizen()] = fmt.Sprintf("%s (%s, %s; %s)", s.GetName(), viewtext.Roman(s.GetLevel()), s.GetTrait(), viewtext.SeatName(l, s.GetSeat()))
		}
	}
	for _, n := range g.GetNotables() {
		if _, ok := citizens[n.GetId()]; !ok && n.GetId() != 0 {
			citizens[n.GetId()] = fmt.Sprintf("%s (%s, %s)", n.GetName(), viewtext.Roman(n.GetLevel()), n.GetTrait())
		}
	}
	return seats, citizens
}

// seatsPanel is the camp's council as its seats play it (docs/seats.md),
// from GetCouncil: the reader's seat and what it may do, every seat with
// its domain and the player who holds it, the open proposals of the day
// (the ruler adopts one) and the recent proposals with their reasons and
// fates. A councillor's order form proposes instead of posting.
type seatsPanel struct {
	Seat, Role string
	Ruler      bool
	Day        int32
	Holders    []holderLine
	Open       []proposalLine
	Proposals  []proposalLine
	// domain is the reader's seat's domain: a councillor's menu.
	domain []string
}

// holderLine is one seat of the council and who plays it.
type holderLine struct {
	Seat, Name, Player, Patron, Domain string
	You                                bool
}

// proposalLine is a councillor's proposal: its day, seat, player, order,
// reason and status (named in the reader's language).
type proposalLine struct {
	Day                         int32
	Seat, Player, Order, Reason string
	Status, Named               string
}

// seatsOf builds the seats panel of council c in l; nil when the camp's
// council has one seat alone (a ruleset without councillors).
func seatsOf(l lang.Lang, c *pb.Council) *seatsPanel {
	if len(c.GetSeats()) < 2 {
		return nil
	}
	own := viewtext.OwnSeat(c)
	p := &seatsPanel{Seat: c.GetSeat(), Ruler: c.GetSeat() == viewtext.RulerSeat, Day: c.GetDay(),
		Role: viewtext.SeatRole(l, c.GetSeat(), own.GetDomain()), domain: own.GetDomain()}
	for _, s := range c.GetSeats() {
		p.Holders = append(p.Holders, holderLine{Seat: s.GetSeat(), Name: s.GetName(), Player: s.GetPlayer(), Patron: s.GetPatron(),
			Domain: strings.Join(s.GetDomain(), ", "), You: s.GetSeat() == c.GetSeat()})
	}
	for i := len(c.GetProposals()) - 1; i >= 0; i-- {
		pr := c.GetProposals()[i]
		o := pr.GetOrder()
		line := proposalLine{Day: pr.GetDay(), Seat: pr.GetSeat(), Player: pr.GetPlayer(),
			Order: viewtext.Order(l, &pb.Order{Action: o.GetAction(), Args: o.GetArgs()}), Reason: o.GetReason(),
			Status: pr.GetStatus(), Named: viewtext.ProposalStatus(l, pr.GetStatus())}
		if pr.GetDay() == c.GetDay() && pr.GetStatus() == "open" {
			p.Open = append(p.Open, line)
		}
		p.Proposals = append(p.Proposals, line)
	}
	return p
}

// proposeMenu restricts menu to the actions of a councillor's domain: the
// ones it may propose.
func (p *seatsPanel) proposeMenu(menu []menuAction) []menuAction {
	var out []menuAction
	for _, m := range menu {
		if slices.Contains(p.domain, m.Action) {
			m.Pending = false
			out = append(out, m)
		}
	}
	return out
}
