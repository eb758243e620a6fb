package tools

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the tools of a camp's council (docs/seats.md): a camp has
// seats, each played by its own token; the ruler's seat posts the camp's
// order (submit_order), its own or a councillor's proposal it adopts
// (adopt_proposal); a councillor proposes orders in its seat's domain with
// a reason the whole council reads (propose_order); council reads the
// seats and the proposals; send_message to the camp's own number writes to
// the council.

// Tool names of this file. Clients and logs match on them: append only.
const (
	Council      = "council"
	ProposeOrder = "propose_order"
	Adopt        = "adopt_proposal"
)

// Council returns the camp's council: the caller's seat, the day being
// decided, the seats and who holds them, and the proposals of the season
// from day since on.
func (c *Camp) Council(ctx context.Context, since int32) (*pb.Council, error) {
	return c.Game.GetCouncil(c.auth(ctx), &pb.GetCouncilRequest{SinceDay: since})
}

// forDay is the day an order or a proposal is meant for: the day after
// the last one shown (MarkShown), any next day (0) when none was shown.
func (c *Camp) forDay() int32 {
	if day, ok := c.Shown(); ok {
		return day + 1
	}
	return 0
}

// Propose posts or replaces the seat's proposal of the camp's order for
// the next day, as Submit posts an order (the day after the last one
// shown). Only a councillor's seat proposes; o's reason is required.
func (c *Camp) Propose(ctx context.Context, o *pb.Order) (*pb.OrderProposal, error) {
	return c.Game.ProposeOrder(c.auth(ctx), &pb.ProposeOrderRequest{Order: o, ForDay: c.forDay()})
}

// Adopt makes the proposal of seat for the next day the camp's order, as
// Submit posts an order. Only the ruler's seat adopts.
func (c *Camp) Adopt(ctx context.Context, seat string) (*pb.SubmitOrderResponse, error) {
	return c.Game.SubmitOrder(c.auth(ctx), &pb.SubmitOrderRequest{Adopt: seat, ForDay: c.forDay()})
}

// councilTools are the tools of this file, in Table's order.
func councilTools() []Tool {
	return []Tool{
		{Name: Council, Description: lang.T("Your camp's council: your own seat and what it may do, the day being decided, "+
			"every seat with its domain (the actions it may propose) and the player and patron holding it, and the proposals "+
			"of the season from since_day on, each with its seat, order, reason and status (open while its day is decided, "+
			"then adopted or refused). Any seat may read it.",
			"Le conseil de votre camp : votre propre siège et ce qu'il peut faire, le jour en cours de décision, chaque siège "+
				"avec son domaine (les actions qu'il peut proposer) et le joueur et le patron qui le tiennent, et les propositions "+
				"de la saison à partir de since_day, chacune avec son siège, son ordre, sa raison et son état (ouverte tant que "+
				"son jour se décide, puis adoptée ou refusée). Tout siège peut le lire."),
			Schema: journalSchema, Call: callCouncil},
		{Name: ProposeOrder, Description: lang.T("A councillor's seat only: propose the camp's order for the next day, an action of the "+
			"day's legal menu in your seat's domain (council gives it), with a reason the whole council reads; it replaces your earlier "+
			"proposal of the day. The ruler adopts it or not; an adopted proposal's feats go to your patron. Outside your domain: out_of_domain.",
			"Siège d'un conseiller seulement : proposez l'ordre du camp pour le jour suivant, une action du menu permis du jour "+
				"dans le domaine de votre siège (council le donne), avec une raison que tout le conseil lit ; elle remplace votre "+
				"proposition précédente du jour. Le dirigeant l'adopte ou non ; les faits d'armes d'une proposition adoptée vont à votre patron. "+
				"Hors de votre domaine : out_of_domain."),
			Schema: stableProposeSchema, Daily: proposeSchema, Call: callPropose},
		{Name: Adopt, Description: lang.T("The ruler's seat only: make a councillor's open proposal for the next day the "+
			"camp's order, naming its seat (the council tool lists the proposals); it replaces any order posted for the "+
			"day, and its feats go to that seat's patron. A seat with no proposal for the day is refused (no_proposal).",
			"Siège du dirigeant seulement : faites de la proposition ouverte d'un conseiller pour le jour suivant l'ordre du "+
				"camp, en nommant son siège (l'outil council liste les propositions) ; elle remplace tout ordre posté pour le "+
				"jour, et ses faits d'armes vont au patron de ce siège. Un siège sans proposition pour le jour est refusé (no_proposal)."),
			Schema: adoptSchema, Call: callAdopt},
	}
}

func callCouncil(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in JournalArgs
	if err := decode(c.Lang, Council, args, &in); err != nil {
		return nil, err
	}
	r, err := c.Council(ctx, in.SinceDay)
	return reply(c.Lang, r, err, viewtext.Council)
}

// proposeSchema is submit_order's daily input for v's next day, its
// reason read by the whole council.
func proposeSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	return councilReason(l, submitSchema(l, v), v)
}

// stableProposeSchema is submit_order's stable input, its reason read by
// the whole council.
func stableProposeSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	return councilReason(l, stableSubmitSchema(l, v), v)
}

// councilReason makes s's reason required and says the council reads it;
// it keeps the ruleset's bound (CampView.max_reason_len).
func councilReason(l lang.Lang, s *jsonschema.Schema, v *pb.CampView) *jsonschema.Schema {
	r := &jsonschema.Schema{Type: "string", MinLength: jsonschema.Ptr(1),
		Description: l.Sprintf("why the camp should play this order, in a sentence or two: the whole council reads it before the ruler decides",
			"pourquoi le camp devrait jouer cet ordre, en une phrase ou deux : tout le conseil la lit avant que le dirigeant décide")}
	if n := charBound(v.GetMaxReasonLen()); n > 0 {
		r.MaxLength = jsonschema.Ptr(n)
	}
	s.Properties["reason"] = r
	return s
}

func callPropose(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in OrderInput
	if err := decode(c.Lang, ProposeOrder, args, &in); err != nil {
		return nil, err
	}
	p, err := c.Propose(ctx, &pb.Order{Action: in.Order.Action, Args: in.Order.Args, Reason: in.Reason})
	if err != nil {
		return nil, WithOptions(ctx, c, err, in.Order)
	}
	return reply(c.Lang, p, err, viewtext.Proposed)
}

// AdoptArgs are the arguments of adopt_proposal.
type AdoptArgs struct {
	Seat string `json:"seat"`
}

func adoptSchema(l lang.Lang, _ *pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{"seat": {Type: "string", MinLength: jsonschema.Ptr(1),
			Description: l.Sprintf("the code of the seat whose proposal for the next day you adopt (\"general\", \"treasurer\", ...)",
				"le code du siège dont vous adoptez la proposition pour le jour suivant (\"general\", \"treasurer\", ...)")}},
		Required:             []string{"seat"},
		AdditionalProperties: falseSchema(),
	}
}

func callAdopt(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in AdoptArgs
	if err := decode(c.Lang, Adopt, args, &in); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Seat) == "" {
		return nil, badArgs(c.Lang, Adopt, errors.New(c.Lang.Sprintf("seat names the seat whose proposal you adopt", "seat nomme le siège dont vous adoptez la proposition")))
	}
	r, err := c.Adopt(ctx, in.Seat)
	return reply(c.Lang, r, err, viewtext.Submitted)
}

// ForSeat returns the tools of Table that a holder of seat may call with
// success, in Table's order: the ruler's seat ("" for a token without a
// seat) every tool but propose_order; a councillor's neither the order
// tools (submit_order, set_standing_order, adopt_proposal) nor anything
// else that belongs to the ruler (SEAT-ORDER).
func ForSeat(seat string) []Tool {
	var out []Tool
	ruler := seat == "" || seat == viewtext.RulerSeat
	for _, t := range Table() {
		switch t.Name {
		case ProposeOrder:
			if ruler {
				continue
			}
		case SubmitOrder, SetStanding, Adopt:
			if !ruler {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}
