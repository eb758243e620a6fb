package server

import (
	"context"
	"fmt"

	"github.com/rs/zerolog"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// viewJournalDays is how many days of journal a view carries.
const viewJournalDays = 3

// gameService implements pb.GameServiceServer for camp tokens.
type gameService struct {
	pb.UnimplementedGameServiceServer
	s *Server
	// tallies keeps the camps' feats of the day for their standings
	// (standing.go).
	tallies tallyCache
}

// campWorld returns the caller's camp and the loop of its world. worldID 0
// means the token's world; any other world is refused.
func (g *gameService) campWorld(ctx context.Context, worldID uint64) (principal, *runner, error) {
	p, ok := principalFrom(ctx)
	if ok && p.role == store.RoleSpectator {
		return principal{}, nil, refuseIn(pb.LangOf(ctx), reasonPermission, "", lang.T(
			"a spectator token watches the world's ticks (WatchTicks) and reads its public frame (GetFrame) only; this call needs a camp token",
			"un jeton de spectateur suit les jours du monde (WatchTicks) et lit son image publique (GetFrame), rien d'autre ; cet appel demande un jeton de camp"))
	}
	if !ok || p.role != store.RoleCamp {
		return principal{}, nil, refuseIn(pb.LangOf(ctx), reasonPermission, "", lang.T("this call needs a camp token", "cet appel demande un jeton de camp"))
	}
	return g.tokenWorld(ctx, p, worldID)
}

// tokenWorld returns the loop of p's world. worldID 0 means the token's
// world; any other world is refused.
func (g *gameService) tokenWorld(ctx context.Context, p principal, worldID uint64) (principal, *runner, error) {
	if worldID != 0 && worldID != p.worldID {
		return principal{}, nil, refuseIn(pb.LangOf(ctx), reasonPermission, "world_id",
			lang.T("this token plays world %d; use world_id %d or 0", "ce jeton joue le monde %d ; utilisez world_id %d ou 0", p.worldID, p.worldID))
	}
	r, err := g.s.world(p.worldID)
	return p, r, err
}

// GetRulebook returns the rulebook of the token's world's ruleset, as the
// ruleset gives it.
func (g *gameService) GetRulebook(ctx context.Context, req *pb.GetRulebookRequest) (*pb.Rulebook, error) {
	_, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	info := r.rs.Info()
	return &pb.Rulebook{Ruleset: info.Name, Text: info.Rulebook}, nil
}

// GetView returns the camp's fogged view with its recent journal. The view
// is built once between two events that change it and shared by the camp's
// callers until then (views.go).
func (g *gameService) GetView(ctx context.Context, req *pb.GetViewRequest) (*pb.CampView, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	l := pb.LangOf(ctx)
	r.markRead(p.camp, l)
	if v := r.cachedView(p.camp, l); v != nil {
		return v, nil
	}
	var v *pb.CampView
	err = r.read(ctx, func() error {
		var err error
		v, err = r.campView(ctx, p.camp, l)
		return err
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return v, nil
}

// GetFrame returns the world's public frame of its current day to a
// spectator token: built once between two events that change it and shared
// by the world's spectators until then (views.go). A camp's token is
// refused: it reads its fogged view.
func (g *gameService) GetFrame(ctx context.Context, req *pb.GetFrameRequest) (*pb.Frame, error) {
	p, ok := principalFrom(ctx)
	if !ok || p.role != store.RoleSpectator {
		return nil, refuseIn(pb.LangOf(ctx), reasonPermission, "", lang.T(
			"GetFrame shows the whole world: it needs a spectator token; a camp reads its own view (GetView)",
			"GetFrame montre tout le monde : il demande un jeton de spectateur ; un camp lit sa propre vue (GetView)"))
	}
	_, r, err := g.tokenWorld(ctx, p, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	return r.frame(ctx, pb.LangOf(ctx))
}

// SubmitOrder validates the order against the current state, stores it and
// makes it the camp's order for the next day. Only the ruler's seat posts
// it: its own, or a councillor's proposal it adopts (SEAT-ORDER,
// SEAT-ADOPT).
func (g *gameService) SubmitOrder(ctx context.Context, req *pb.SubmitOrderRequest) (*pb.SubmitOrderResponse, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	if !p.ruler() {
		return nil, notYourSeat(pb.LangOf(ctx), p.seat)
	}
	if req.GetAdopt() != "" {
		return g.adopt(ctx, p, r, req)
	}
	if req.GetOrder() == nil {
		return nil, refuseIn(pb.LangOf(ctx), reasonBadRequest, "order", lang.T("order is required: an action name and its arguments",
			"l'ordre est requis : un nom d'action et ses arguments"))
	}
	if err := checkForDayArg(pb.LangOf(ctx), req.GetForDay()); err != nil {
		return nil, err
	}
	if err := checkText(pb.LangOf(ctx), "order.reason", req.GetOrder().GetReason(), 0, true); err != nil {
		return nil, err
	}
	pl := play{order: orderFromPB(req.GetOrder()), player: p.player, seat: game.RulerSeat}
	return g.post(ctx, p, r, req.GetForDay(), func() (play, error) { return pl, nil })
}

// checkForDayArg refuses a negative for_day.
func checkForDayArg(l lang.Lang, forDay int32) error {
	if forDay < 0 {
		return refuseIn(l, reasonBadRequest, "for_day", lang.T("for_day is the day the order is meant for, 1 or more (0: the next day); got %d",
			"for_day est le jour auquel l'ordre est destiné, 1 ou plus (0 : le jour suivant) ; reçu %d", forDay))
	}
	return nil
}

// noteCall logs msg with fields at info, sampled under key when the
// server samples (the first line of a window, then a count: a camp that
// replaces or misorders at its rate all day writes a line per window, not
// one per call), else to log. It runs on the loop.
func (r *runner) noteCall(log zerolog.Logger, key string, fields map[string]any, msg string) {
	if r.callLog == nil {
		log.Info().Fields(fields).Msg(msg)
		return
	}
	fields["world"], fields["season"], fields["tick"] = r.id, r.settings.Season, r.state.Day()
	r.callLog.Note(key, zerolog.InfoLevel, msg, fields)
}

// post makes the play that pick returns, on the world's goroutine, the
// camp's order for the next day: validated against the current state and
// durable before it answers.
func (g *gameService) post(ctx context.Context, p principal, r *runner, forDay int32, pick func() (play, error)) (*pb.SubmitOrderResponse, error) {
	var resp *pb.SubmitOrderResponse
	// An order changes its own camp's view only (its pending order).
	err := r.doFor(ctx, p.camp, func() error {
		log := r.log.With().Int("camp", p.camp).Logger()
		if r.seasonOver() {
			return seasonOver(pb.LangOf(ctx), r.state.Day())
		}
		if err := checkForDay(pb.LangOf(ctx), int(forDay), r.state.Day()); err != nil {
			log.Info().Int32("for_day", forDay).Msg("order refused: its day is not the next one")
			return err
		}
		pl, err := pick()
		if err != nil {
			return err
		}
		if re := r.rs.Validate(r.state, p.camp, pl.order); re != nil {
			// What a camp orders is its own: the console, which another
			// player may read, has its code only.
			r.noteCall(log, fmt.Sprintf("order-refused:%d:%d", r.id, p.camp), map[string]any{"camp": p.camp, "code": re.Reason.Code()}, "order refused")
			log.Debug().Str("refused", re.Error()).Msg("order refused")
			return ruleStatus(re, pb.LangOf(ctx))
		}
		pl.at, pl.status = r.clock.Now(), store.OrderPending
		day := r.state.Day() + 1
		wctx, cancel := writeCtx(ctx)
		defer cancel()
		if err := r.store.SaveOrder(wctx, pl.record(r.id, r.settings.Season, day, p.camp)); err != nil {
			return fmt.Errorf("save order of camp %d: %w", p.camp, err)
		}
		replaced := r.pending[p.camp] != nil
		r.pending[p.camp] = &pl
		if replaced {
			r.noteCall(log, fmt.Sprintf("order-replaced:%d:%d", r.id, p.camp), map[string]any{"camp": p.camp, "replaced": true, "author": pl.seat}, "order accepted")
		} else {
			log.Info().Bool("replaced", false).Str("author", pl.seat).Msg("order accepted")
		}
		log.Debug().Str("action", pl.order.Action).Ints("args", pl.order.Args).Msg("order accepted")
		resp = &pb.SubmitOrderResponse{Day: int32(day), Order: orderToPB(pl.order), Replaced: replaced, Author: pl.seat}
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return resp, nil
}

// WatchTicks sends the current day, then one notice per resolved tick with
// the camp's journal of that day, its order's result and the messages it
// received for that day. The loop builds each notice once per camp and
// shares it among the camp's streams.
//
// A spectator's stream is the world's: its notices carry the day and the
// deadline, nothing of a camp's, and are built once for all the world's
// spectators.
func (g *gameService) WatchTicks(req *pb.WatchTicksRequest, stream pb.GameService_WatchTicksServer) error {
	ctx := stream.Context()
	p, r, err := g.watcherWorld(ctx, req.GetWorldId())
	if err != nil {
		return err
	}
	l := pb.LangOf(ctx)
	w := &watcher{camp: p.camp, lang: l, ch: make(chan *sharedNotice, watcherBuffer)}
	// The first notice is built on the loop from what it keeps (recent.go),
	// as the day's notices are: a crowd opening its streams reads nothing
	// from the store.
	var first *pb.TickNotice
	err = r.read(ctx, func() error {
		ev := tickEvent{season: r.settings.Season, day: r.state.Day(), deadline: r.deadline(), played: r.played}
		var msgs []store.Message
		if p.role == store.RoleCamp {
			rec, err := r.recentLog(ctx)
			if err != nil {
				return err
			}
			ev.journal, msgs = rec.journal[p.camp], receivedOn(rec.messages[p.camp], p.camp, ev.day)
		}
		first = tickNotice(r.id, p.camp, ev, msgs, l)
		r.watchers[w] = struct{}{}
		return nil
	})
	if err != nil {
		return toStatus(r.base, err)
	}
	defer func() {
		// The loop may have dropped w already, or stopped.
		_ = r.read(context.WithoutCancel(ctx), func() error {
			delete(r.watchers, w)
			return nil
		})
	}()
	if err := stream.Send(first); err != nil {
		return err
	}
	for {
		select {
		case n, ok := <-w.ch:
			if !ok {
				return toStatus(r.base, w.err)
			}
			// The notice's encoding, made by the first of its streams,
			// is written as it is by the others (wire.go).
			if err := stream.SendMsg(n); err != nil {
				return err
			}
		case <-ctx.Done():
			return status.FromContextError(ctx.Err()).Err()
		}
	}
}

// watcherWorld returns the caller's principal and the loop of its world,
// for a camp's token or a spectator's (spectatorCamp as its camp).
func (g *gameService) watcherWorld(ctx context.Context, worldID uint64) (principal, *runner, error) {
	if p, ok := principalFrom(ctx); ok && p.role == store.RoleSpectator {
		p.camp = spectatorCamp
		return g.tokenWorld(ctx, p, worldID)
	}
	return g.campWorld(ctx, worldID)
}

// spectatorCamp is the camp of a spectator's watcher: none.
const spectatorCamp = -1

// tickNotice returns camp's notice of ev, its texts in l: only its own
// entries of that day, its own order's result and msgs, the messages it
// received for that day. The spectators' notice (camp spectatorCamp) has
// the day and the deadline only.
func tickNotice(worldID uint64, camp int, ev tickEvent, msgs []store.Message, l lang.Lang) *pb.TickNotice {
	n := &pb.TickNotice{WorldId: worldID, Day: int32(ev.day)}
	if !ev.deadline.IsZero() {
		n.NextDeadline = timestamppb.New(ev.deadline)
	}
	if camp == spectatorCamp {
		return n
	}
	if camp < len(ev.played) && ev.played[camp] != nil {
		n.Result = playToPB(int32(ev.day), *ev.played[camp], l)
	}
	for _, m := range msgs {
		n.Messages = append(n.Messages, messageToPB(m))
	}
	for _, e := range ev.journal {
		if e.Camp == camp && e.Day == ev.day {
			n.Journal = append(n.Journal, journalToPB(e, l))
		}
	}
	return n
}

// campSeasonSince checks a "since day" read of the calling camp's history:
// the camp's world (campWorld), sinceDay not negative, and the world's
// current season.
func (g *gameService) campSeasonSince(ctx context.Context, worldID uint64, sinceDay int32) (principal, *runner, int, error) {
	p, r, err := g.campWorld(ctx, worldID)
	if err != nil {
		return p, nil, 0, err
	}
	if sinceDay < 0 {
		return p, nil, 0, refuseIn(pb.LangOf(ctx), reasonBadRequest, "since_day", sinceDayText(sinceDay))
	}
	var season int
	if err := r.read(ctx, func() error { season = r.settings.Season; return nil }); err != nil {
		return p, nil, 0, toStatus(r.base, err)
	}
	return p, r, season, nil
}

// GetJournal returns the camp's journal of the current season from a day on.
func (g *gameService) GetJournal(ctx context.Context, req *pb.GetJournalRequest) (*pb.GetJournalResponse, error) {
	p, r, season, err := g.campSeasonSince(ctx, req.GetWorldId(), req.GetSinceDay())
	if err != nil {
		return nil, err
	}
	entries, err := g.s.cfg.Store.Journal(ctx, r.id, season, p.camp, int(req.GetSinceDay()))
	if err != nil {
		return nil, toStatus(r.base, fmt.Errorf("read journal of camp %d: %w", p.camp, err))
	}
	resp, l := &pb.GetJournalResponse{}, pb.LangOf(ctx)
	for _, e := range entries {
		resp.Entries = append(resp.Entries, journalToPB(e, l))
	}
	return resp, nil
}
