package web

import (
	"fmt"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/engine/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is a Grisonval camp's governance on its page (seed 001): the
// council tab, from the camp's own view only (docs/rules.md VIEW-GOV).

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
