package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is the camp's messages and standing order.

// maxMessagesPerDay bounds the messages one seat of a camp may send for
// one day (SEAT-TALK): a chatty councillor never spends its ruler's.
const maxMessagesPerDay = 20

// viewMessages bounds the messages a view carries.
const viewMessages = 20

// recipients returns the camps camp c of a world of n camps may write to
// in s: those it has met and that still live, while c lives. It says no
// more than c's view.
func recipients(s game.State, n, c int) []int {
	var out []int
	if !s.Alive(c) {
		return nil
	}
	for o := range n {
		if o != c && s.Met(c, o) && s.Alive(o) {
			out = append(out, o)
		}
	}
	return out
}

// checkMessageText refuses a text that is not valid UTF-8, blank, longer
// than store.MaxMessageLen bytes or holding control characters other than
// newline and tab (which could drive the recipient's terminal) or
// direction overrides (checkText). Its message is in l.
func checkMessageText(l lang.Lang, text string) error {
	if utf8.ValidString(text) && strings.TrimSpace(text) == "" {
		return refuseIn(l, reasonBadRequest, "text", lang.T("text is empty; write a few words", "le texte est vide ; écrivez quelques mots"))
	}
	return checkText(l, "text", text, store.MaxMessageLen, true)
}

// notRecipient refuses a message to a camp outside the sender's
// recipients, saying only what the sender's view says, in l.
func notRecipient(l lang.Lang, rs []int) error {
	list := lang.T("you have none yet: meet a camp first (see it on the map or its columns)",
		"vous n'en avez pas encore : rencontrez d'abord un camp (voyez-le sur la carte ou ses colonnes)")
	if len(rs) > 0 {
		var names []string
		for _, c := range rs {
			names = append(names, fmt.Sprint(c))
		}
		list = lang.T("yours are camps %s", "les vôtres sont les camps %s", strings.Join(names, ", "))
	}
	return refuseIn(l, reasonNotRecipient, "to_camp",
		lang.T("you may write only to a camp you have met and that still lives (CampView.message_recipients); %s",
			"vous ne pouvez écrire qu'à un camp rencontré et encore en vie (CampView.message_recipients) ; %s", list))
}

// SendMessage checks and stores a message to another camp, or to the
// camp's own council (SEAT-TALK), tied to the day being decided.
func (g *gameService) SendMessage(ctx context.Context, req *pb.SendMessageRequest) (*pb.SendMessageResponse, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	to, l := int(req.GetToCamp()), pb.LangOf(ctx)
	if err := checkMessageText(l, req.GetText()); err != nil {
		return nil, err
	}
	var m store.Message
	err = r.do(ctx, func() error {
		if n := r.settings.Camps; to < 0 || to >= n {
			return refuseIn(l, reasonBadRequest, "to_camp", lang.T("to_camp must be a camp of the world, 0 to %d; got %d",
				"to_camp doit être un camp du monde, de 0 à %d ; reçu %d", n-1, to))
		}
		if r.seasonOver() {
			return seasonOver(pb.LangOf(ctx), r.state.Day())
		}
		if rs := recipients(r.state, r.settings.Camps, p.camp); to != p.camp && !slices.Contains(rs, to) {
			return notRecipient(l, rs)
		}
		day := r.state.Day() + 1
		if r.sent[seatKey{p.camp, p.seat}] >= maxMessagesPerDay {
			return refuseIn(l, reasonTooManyMessages, "", lang.T("you sent %d messages for day %d, the most a day allows; write again after it resolves",
				"vous avez envoyé %d messages pour le jour %d, le plus qu'un jour permette ; écrivez de nouveau après sa résolution", maxMessagesPerDay, day))
		}
		m = store.Message{
			WorldID: r.id, Season: r.settings.Season, Day: day, From: p.camp, To: to, Player: p.player, Seat: p.seat,
			Text: req.GetText(), SentAt: r.clock.Now(),
		}
		wctx, cancel := writeCtx(ctx)
		defer cancel()
		if err := r.store.SaveMessage(wctx, &m); err != nil {
			return fmt.Errorf("save message of camp %d: %w", p.camp, err)
		}
		r.recordMessage(m)
		r.sent[seatKey{p.camp, p.seat}]++
		r.log.Info().Int("camp", p.camp).Msg("message sent")
		r.log.Debug().Int("camp", p.camp).Int("to", to).Int("bytes", len(m.Text)).Msg("message sent")
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return &pb.SendMessageResponse{Message: messageToPB(m)}, nil
}

// ListMessages returns the camp's messages of the current season from a day
// on: those it sent and those it received, never another pair's.
func (g *gameService) ListMessages(ctx context.Context, req *pb.ListMessagesRequest) (*pb.ListMessagesResponse, error) {
	p, r, season, err := g.campSeasonSince(ctx, req.GetWorldId(), req.GetSinceDay())
	if err != nil {
		return nil, err
	}
	msgs, err := g.s.cfg.Store.Messages(ctx, r.id, season, p.camp, int(req.GetSinceDay()))
	if err != nil {
		return nil, toStatus(r.base, fmt.Errorf("read messages of camp %d: %w", p.camp, err))
	}
	resp := &pb.ListMessagesResponse{}
	for _, m := range msgs {
		resp.Messages = append(resp.Messages, messageToPB(m))
	}
	return resp, nil
}

// SetStandingOrder validates the order against the current state, stores it
// as the camp's standing order of the season and makes it the order played
// on each day the camp posts none.
func (g *gameService) SetStandingOrder(ctx context.Context, req *pb.SetStandingOrderRequest) (*pb.SetStandingOrderResponse, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	if !p.ruler() {
		return nil, notYourSeat(pb.LangOf(ctx), p.seat)
	}
	if req.GetOrder() == nil {
		return nil, refuseIn(pb.LangOf(ctx), reasonBadRequest, "order", lang.T("order is required: an action name and its arguments (rest to play nothing)",
			"l'ordre est requis : un nom d'action et ses arguments (rest pour ne rien jouer)"))
	}
	if err := checkText(pb.LangOf(ctx), "order.reason", req.GetOrder().GetReason(), 0, true); err != nil {
		return nil, err
	}
	o := orderFromPB(req.GetOrder())
	err = r.do(ctx, func() error {
		log := r.log.With().Int("camp", p.camp).Logger()
		if r.seasonOver() {
			return seasonOver(pb.LangOf(ctx), r.state.Day())
		}
		if re := r.rs.Validate(r.state, p.camp, o); re != nil {
			log.Info().Str("code", re.Reason.Code()).Msg("standing order refused")
			log.Debug().Str("refused", re.Error()).Msg("standing order refused")
			return ruleStatus(re, pb.LangOf(ctx))
		}
		s := play{order: o, player: p.player, at: r.clock.Now()}
		wctx, cancel := writeCtx(ctx)
		defer cancel()
		if err := r.store.SetStandingOrder(wctx, s.standingRecord(r.id, r.settings.Season, p.camp)); err != nil {
			return fmt.Errorf("set standing order of camp %d: %w", p.camp, err)
		}
		r.standing[p.camp] = &s
		log.Info().Msg("standing order set")
		log.Debug().Str("action", o.Action).Ints("args", o.Args).Msg("standing order set")
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return &pb.SetStandingOrderResponse{Order: orderToPB(o)}, nil
}
