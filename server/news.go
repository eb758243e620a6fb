package server

import (
	"context"
	"fmt"
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// maxNewsDays bounds the days one GetNews answer gives: ten days of a
// late-game camp's journal, results and messages stay a few thousand
// tokens, and a client further behind asks again from the day after.
const maxNewsDays = 10

// reasonDayResolved refuses an order meant for a day already resolved.
const reasonDayResolved = pb.ErrorReason_ERROR_REASON_DAY_RESOLVED

// GetNews returns the camp's notices of the days resolved from since_day
// on, oldest first, at most maxNewsDays of them: each day's order result
// (from the store's orders), journal entries and received messages, as
// WatchTicks sent them that day.
func (g *gameService) GetNews(ctx context.Context, req *pb.GetNewsRequest) (*pb.GetNewsResponse, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	since := int(req.GetSinceDay())
	if since < 0 {
		return nil, refuseIn(pb.LangOf(ctx), reasonBadRequest, "since_day", sinceDayText(int32(since)))
	}
	var snap snapshot
	if err := r.read(ctx, func() error { snap = r.snapshot(); return nil }); err != nil {
		return nil, toStatus(r.base, err)
	}
	resp, l := &pb.GetNewsResponse{Day: int32(snap.day), MaxNewsDays: maxNewsDays}, pb.LangOf(ctx)
	if since > snap.day {
		return resp, nil
	}
	until := min(snap.day, since+maxNewsDays-1)
	resp.More = until < snap.day
	days, err := g.news(ctx, r.id, snap.settings.Season, p.camp, since, until)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	for _, ev := range days {
		if ev.day == snap.day {
			ev.deadline = snap.deadline
		}
		resp.Days = append(resp.Days, tickNotice(r.id, p.camp, ev.tickEvent, ev.msgs, l))
	}
	return resp, nil
}

// dayNews is what a camp learned on one resolved day: the day's event as
// the camp's own (its play, its journal) and the messages it received.
type dayNews struct {
	tickEvent
	msgs []store.Message
}

// news reads camp's news of the committed days since to until of a season
// from the store, one dayNews a day.
func (g *gameService) news(ctx context.Context, worldID uint64, season, camp, since, until int) ([]dayNews, error) {
	st := g.s.cfg.Store
	results, err := st.Results(ctx, worldID, season, camp, since, until)
	if err != nil {
		return nil, fmt.Errorf("read results of camp %d: %w", camp, err)
	}
	entries, err := st.Journal(ctx, worldID, season, camp, since)
	if err != nil {
		return nil, fmt.Errorf("read journal of camp %d: %w", camp, err)
	}
	msgs, err := st.Messages(ctx, worldID, season, camp, since)
	if err != nil {
		return nil, fmt.Errorf("read messages of camp %d: %w", camp, err)
	}
	out := make([]dayNews, until-since+1)
	for i := range out {
		out[i].season, out[i].day = season, since+i
	}
	for _, o := range results {
		pl := playOf(o)
		out[o.Day-since].played = make([]*play, camp+1)
		out[o.Day-since].played[camp] = &pl
	}
	for _, e := range entries {
		if e.Day <= until {
			out[e.Day-since].journal = append(out[e.Day-since].journal, e)
		}
	}
	for _, m := range msgs {
		if m.Day <= until && m.To == camp {
			out[m.Day-since].msgs = append(out[m.Day-since].msgs, m)
		}
	}
	return out, nil
}

// checkForDay refuses, in l, an order meant for forDay when the world has
// resolved day days (orders are for day + 1): a day already resolved is
// FailedPrecondition with reason day_resolved and, in ErrorInfo's
// metadata, for_day, day and next_day; a day not yet open is
// InvalidArgument. forDay 0 names no day: the order is for the next one.
func checkForDay(l lang.Lang, forDay, day int) error {
	next := day + 1
	switch {
	case forDay == 0 || forDay == next:
		return nil
	case forDay > next:
		return invalidArgument("for_day", "%s", l.Sprintf(
			"the order is for day %d, which is not open yet: orders are for day %d now",
			"l'ordre est pour le jour %d, qui n'est pas encore ouvert : les ordres sont pour le jour %d",
			forDay, next))
	}
	msg := l.Sprintf(
		"the order was meant for day %d, which is resolved: day %d is resolved and orders are for day %d now; read the view of day %d and decide again (for_day %d)",
		"l'ordre était pour le jour %d, déjà joué : le jour %d est joué et les ordres sont pour le jour %d ; relisez la vue du jour %d et décidez à nouveau (for_day %d)",
		forDay, day, next, day, next)
	st := status.New(codes.FailedPrecondition, msg)
	info := &errdetails.ErrorInfo{Reason: reasonDayResolved.Code(), Domain: errorDomain, Metadata: map[string]string{
		"for_day": strconv.Itoa(forDay), "day": strconv.Itoa(day), "next_day": strconv.Itoa(next),
	}}
	bad := &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
		{Field: "for_day", Description: msg, Reason: reasonDayResolved.Code()},
	}}
	if withDetails, err := st.WithDetails(info, bad); err == nil {
		st = withDetails
	}
	return st.Err()
}
