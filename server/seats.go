package server

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is the council's seats as players play them (docs/seats.md):
// the ruler's seat posts the camp's order, its own or a councillor's
// proposal it adopts; a councillor proposes orders in its seat's domain.

// findSeat returns the seat of rs's council whose code is code.
func findSeat(seats []game.Seat, code string) (game.Seat, bool) {
	i := slices.IndexFunc(seats, func(s game.Seat) bool { return s.Code == code })
	if i < 0 {
		return game.Seat{}, false
	}
	return seats[i], true
}

// seatCodes returns the codes of seats, joined for a message.
func seatCodes(seats []game.Seat) string {
	codes := make([]string, len(seats))
	for i, s := range seats {
		codes[i] = s.Code
	}
	return strings.Join(codes, ", ")
}

// notYourSeat refuses a call that belongs to another seat (SEAT-ORDER).
func notYourSeat(l lang.Lang, seat string) error {
	if seat == game.RulerSeat {
		return refuseIn(l, reasonNotYourSeat, "", lang.T("you hold the ruler's seat: post the camp's order with SubmitOrder (adopt a councillor's proposal with its adopt field)",
			"vous tenez le siège du dirigeant : postez l'ordre du camp avec SubmitOrder (adoptez la proposition d'un conseiller avec son champ adopt)"))
	}
	return refuseIn(l, reasonNotYourSeat, "", lang.T("you hold the %s seat: only the ruler posts the camp's order and its standing order; propose yours with ProposeOrder",
		"vous tenez le siège %s : seul le dirigeant poste l'ordre du camp et son ordre permanent ; proposez le vôtre avec ProposeOrder", seat))
}

// adopt makes the proposal of the seat req.adopt names for the next day
// the camp's order, authored by that seat (SEAT-ADOPT).
func (g *gameService) adopt(ctx context.Context, p principal, r *runner, req *pb.SubmitOrderRequest) (*pb.SubmitOrderResponse, error) {
	l := pb.LangOf(ctx)
	if req.GetOrder() != nil {
		return nil, refuseIn(l, reasonBadRequest, "order", lang.T("leave order unset to adopt a proposal: the proposal is the order",
			"laissez order vide pour adopter une proposition : la proposition est l'ordre"))
	}
	if err := checkForDayArg(l, req.GetForDay()); err != nil {
		return nil, err
	}
	seat := req.GetAdopt()
	return g.post(ctx, p, r, req.GetForDay(), func() (play, error) {
		for _, pr := range r.proposals[p.camp] {
			if pr.Seat == seat {
				return play{order: game.Order{Action: pr.Action, Args: slices.Clone(pr.Args), Reason: pr.Reason},
					player: pr.Player, seat: pr.Seat}, nil
			}
		}
		return play{}, refuseIn(l, reasonNoProposal, "adopt", lang.T("no proposal of the %q seat for day %d: see the view's or GetCouncil's proposals",
			"aucune proposition du siège %q pour le jour %d : voyez les propositions de la vue ou de GetCouncil", seat, r.state.Day()+1))
	})
}

// ProposeOrder checks a councillor's proposal like an order, in its seat's
// domain and with a reason, and stores it for the next day (SEAT-PROPOSE).
func (g *gameService) ProposeOrder(ctx context.Context, req *pb.ProposeOrderRequest) (*pb.OrderProposal, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	l := pb.LangOf(ctx)
	if p.ruler() {
		return nil, notYourSeat(l, p.seat)
	}
	if req.GetOrder() == nil {
		return nil, refuseIn(l, reasonBadRequest, "order", lang.T("order is required: an action name, its arguments and a reason",
			"l'ordre est requis : un nom d'action, ses arguments et une raison"))
	}
	if err := checkForDayArg(l, req.GetForDay()); err != nil {
		return nil, err
	}
	if err := checkText(l, "order.reason", req.GetOrder().GetReason(), 0, true); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.GetOrder().GetReason()) == "" {
		return nil, refuseIn(l, reasonBadRequest, "order.reason", lang.T("a proposal gives its reason: the council reads it before the ruler decides",
			"une proposition donne sa raison : le conseil la lit avant que le dirigeant décide"))
	}
	o := orderFromPB(req.GetOrder())
	var out store.Proposal
	// A proposal changes its own camp's view only (its open proposals).
	err = r.doFor(ctx, p.camp, func() error {
		seat, ok := findSeat(game.SeatsOf(r.rs.Season(r.settings.Camps)), p.seat)
		if !ok {
			return refuseIn(l, reasonNotYourSeat, "", lang.T("your token's seat %q is not a seat of this world's council", "le siège %q de votre jeton n'est pas un siège du conseil de ce monde", p.seat))
		}
		if !slices.Contains(seat.Domain, o.Action) {
			return refuseIn(l, reasonOutOfDomain, "order.action", lang.T("%s is not in the %s seat's domain: %s",
				"%s n'est pas du domaine du siège %s : %s", o.Action, p.seat, strings.Join(seat.Domain, ", ")))
		}
		log := r.log.With().Int("camp", p.camp).Str("seat", p.seat).Logger()
		if r.seasonOver() {
			return seasonOver(l, r.state.Day())
		}
		if err := checkForDay(l, int(req.GetForDay()), r.state.Day()); err != nil {
			return err
		}
		if re := r.rs.Validate(r.state, p.camp, o); re != nil {
			log.Info().Str("code", re.Reason.Code()).Msg("proposal refused")
			return ruleStatus(re, l)
		}
		out = store.Proposal{WorldID: r.id, Season: r.settings.Season, Day: r.state.Day() + 1, Camp: p.camp,
			Seat: p.seat, Player: p.player, Action: o.Action, Args: slices.Clone(o.Args), Reason: o.Reason,
			SubmittedAt: r.clock.Now()}
		wctx, cancel := writeCtx(ctx)
		defer cancel()
		if err := r.store.SaveProposal(wctx, out); err != nil {
			return fmt.Errorf("save proposal of camp %d seat %s: %w", p.camp, p.seat, err)
		}
		// The seat's new proposal replaces its earlier one, and comes last.
		kept := slices.DeleteFunc(slices.Clone(r.proposals[p.camp]), func(pr store.Proposal) bool { return pr.Seat == p.seat })
		r.proposals[p.camp] = append(kept, out)
		log.Info().Msg("proposal posted")
		log.Debug().Str("action", o.Action).Ints("args", o.Args).Msg("proposal posted")
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return proposalToPB(out, "open"), nil
}

// proposalToPB converts a stored proposal with its status.
func proposalToPB(p store.Proposal, status string) *pb.OrderProposal {
	return &pb.OrderProposal{Day: int32(p.Day), Seat: p.Seat, Player: pb.Printable(p.Player, false),
		Order:       orderToPB(game.Order{Action: p.Action, Args: p.Args, Reason: p.Reason}),
		SubmittedAt: timestamppb.New(p.SubmittedAt), Status: status}
}

// GetCouncil returns the camp's seats, who holds them, and the season's
// proposals with what became of them (SEAT-COUNCIL).
func (g *gameService) GetCouncil(ctx context.Context, req *pb.GetCouncilRequest) (*pb.Council, error) {
	p, r, season, err := g.campSeasonSince(ctx, req.GetWorldId(), req.GetSinceDay())
	if err != nil {
		return nil, err
	}
	var (
		day   int
		camps int
	)
	err = r.read(ctx, func() error {
		day, camps = r.state.Day()+1, r.settings.Camps
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	st, l := g.s.cfg.Store, pb.LangOf(ctx)
	enrolments, err := st.Enrolments(ctx, r.id, season)
	if err != nil {
		return nil, toStatus(r.base, fmt.Errorf("read enrolments: %w", err))
	}
	out := &pb.Council{Camp: int32(p.camp), Seat: p.seat, Day: int32(day)}
	for _, s := range game.SeatsOf(r.rs.Season(camps)) {
		h := &pb.SeatHolder{Seat: s.Code, Name: s.Name.In(l), Domain: slices.Clone(s.Domain)}
		for _, e := range enrolments {
			if e.Camp == p.camp && store.SeatOrRuler(e.Seat) == s.Code {
				h.Player, h.Patron = pb.Printable(e.Player, false), e.Patron
			}
		}
		out.Seats = append(out.Seats, h)
	}
	props, err := st.Proposals(ctx, r.id, season, p.camp, int(req.GetSinceDay()))
	if err != nil {
		return nil, toStatus(r.base, fmt.Errorf("read proposals of camp %d: %w", p.camp, err))
	}
	authors, err := orderAuthors(ctx, st, r.id, season, p.camp, int(req.GetSinceDay()), day-1)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	for _, pr := range props {
		status := "open"
		switch {
		case pr.Day >= day:
		case authors[pr.Day] == pr.Seat:
			status = "adopted"
		default:
			status = "refused"
		}
		out.Proposals = append(out.Proposals, proposalToPB(pr, status))
	}
	return out, nil
}

// orderAuthors returns the seat that authored what camp played on each
// resolved day from since to until (SEAT-ADOPT): the ruler's, or the
// councillor's whose proposal the ruler adopted.
func orderAuthors(ctx context.Context, st store.Store, worldID uint64, season, camp, since, until int) (map[int]string, error) {
	played, err := st.Results(ctx, worldID, season, camp, since, until)
	if err != nil {
		return nil, fmt.Errorf("read orders of camp %d: %w", camp, err)
	}
	out := make(map[int]string, len(played))
	for _, o := range played {
		out[o.Day] = store.SeatOrRuler(o.Seat)
	}
	return out, nil
}
