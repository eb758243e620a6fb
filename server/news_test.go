package server_test

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// forceTick resolves w's current day now.
func (h *harness) forceTick(t *testing.T, w world) {
	t.Helper()
	if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
		t.Fatalf("force tick: %v", err)
	}
}

// news returns token's news from since on.
func (h *harness) news(t *testing.T, token string, since int32) *pb.GetNewsResponse {
	t.Helper()
	resp, err := h.game.GetNews(as(token), &pb.GetNewsRequest{SinceDay: since})
	if err != nil {
		t.Fatalf("get news since day %d: %v", since, err)
	}
	return resp
}

// firstChoice returns the first legal action of v with an argument, and
// that argument's first valid value.
func firstChoice(t *testing.T, v *pb.CampView) (string, int32) {
	t.Helper()
	for _, a := range v.GetLegalActions() {
		if args := a.GetArgs(); len(args) == 1 && len(args[0].GetChoices()) > 0 {
			return a.GetAction(), args[0].GetChoices()[0]
		}
	}
	t.Fatalf("no legal action with one argument on day %d", v.GetDay())
	return "", 0
}

// TestNewsKeepsEveryDay: a camp posts an order, two days resolve without a
// look (the second played by its standing order), and GetNews from the day
// after its last look gives both days, oldest first: each day's result, the
// camp's own journal of that day (as GetJournal has it) and the messages it
// received; only the current day's notice has the next deadline. An answer
// gives at most max_news_days days and says when more remain.
func TestNewsKeepsEveryDay(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	v := h.view(t, w.tokens[0])
	action, arg := firstChoice(t, v)
	if _, err := h.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{
		Order: &pb.Order{Action: action, Args: []int32{arg}, Reason: "mine"}, ForDay: v.GetDay() + 1}); err != nil {
		t.Fatalf("submit %s %d for day 1: %v", action, arg, err)
	}
	h.forceTick(t, w)
	h.forceTick(t, w)

	got := h.news(t, w.tokens[0], v.GetDay()+1)
	if got.GetDay() != 2 || len(got.GetDays()) != 2 || got.GetMore() {
		t.Fatalf("news since day 1: got day %d, %d days, more %v; want day 2, 2 days, no more", got.GetDay(), len(got.GetDays()), got.GetMore())
	}
	journal, err := h.game.GetJournal(as(w.tokens[0]), &pb.GetJournalRequest{SinceDay: 1})
	if err != nil {
		t.Fatalf("get journal: %v", err)
	}
	for i, n := range got.GetDays() {
		day := int32(i + 1)
		if n.GetDay() != day || n.GetResult().GetDay() != day {
			t.Errorf("notice %d: got day %d, result of day %d; want day %d", i, n.GetDay(), n.GetResult().GetDay(), day)
		}
		var want []string
		for _, e := range journal.GetEntries() {
			if e.GetDay() == day {
				want = append(want, e.GetNarration())
			}
		}
		var gotJ []string
		for _, e := range n.GetJournal() {
			gotJ = append(gotJ, e.GetNarration())
		}
		if strings.Join(gotJ, "\n") != strings.Join(want, "\n") || len(want) == 0 {
			t.Errorf("day %d: got journal %q; want the camp's entries of that day %q", day, gotJ, want)
		}
		if (n.GetNextDeadline() != nil) != (day == 2) {
			t.Errorf("day %d: next deadline %v; want one on the current day only", day, n.GetNextDeadline())
		}
	}
	first, second := got.GetDays()[0].GetResult(), got.GetDays()[1].GetResult()
	if first.GetStatus() != pb.OrderStatus_ORDER_STATUS_APPLIED || first.GetOrder().GetAction() != action ||
		len(first.GetOrder().GetArgs()) != 1 || first.GetOrder().GetArgs()[0] != arg || first.GetOrder().GetReason() != "mine" {
		t.Errorf("day 1: got result %v; want %s %d applied, with its reason", first, action, arg)
	}
	if second.GetStatus() != pb.OrderStatus_ORDER_STATUS_STANDING {
		t.Errorf("day 2: got result %v; want the standing order", second)
	}
	if other := h.news(t, w.tokens[1], 1); other.GetDays()[0].GetResult().GetOrder().GetReason() == "mine" {
		t.Errorf("camp 1's news of day 1 has camp 0's order: %v", other.GetDays()[0].GetResult())
	}

	if n := h.news(t, w.tokens[0], 3); len(n.GetDays()) != 0 || n.GetMore() || n.GetDay() != 2 {
		t.Errorf("news since day 3 on day 2: got %d days, more %v, day %d; want none", len(n.GetDays()), n.GetMore(), n.GetDay())
	}
	_, err = h.game.GetNews(as(w.tokens[0]), &pb.GetNewsRequest{SinceDay: -1})
	if reason, fields := errorInfo(err); status.Code(err) != codes.InvalidArgument || reason != "bad_request" || len(fields) != 1 || fields[0] != "since_day" {
		t.Errorf("news since day -1: got %v (%s, %v); want InvalidArgument on since_day", err, reason, fields)
	}

	t.Run("bounded", func(t *testing.T) {
		for range 10 {
			h.forceTick(t, w)
		}
		page := h.news(t, w.tokens[0], 1)
		limit := page.GetMaxNewsDays()
		if limit < 2 || int32(len(page.GetDays())) != limit || !page.GetMore() || page.GetDay() != 12 {
			t.Fatalf("news since day 1 on day 12: got %d days (max %d), more %v, day %d; want max days and more", len(page.GetDays()), limit, page.GetMore(), page.GetDay())
		}
		last := page.GetDays()[len(page.GetDays())-1].GetDay()
		rest := h.news(t, w.tokens[0], last+1)
		if len(rest.GetDays()) != int(12-last) || rest.GetMore() || rest.GetDays()[0].GetDay() != last+1 {
			t.Errorf("news since day %d: got %d days from day %d, more %v; want days %d to 12", last+1, len(rest.GetDays()), rest.GetDays()[0].GetDay(), rest.GetMore(), last+1)
		}
	})
}

// TestOrderForDay (rule TICK-6): an order names the day it is meant for. The next day is
// accepted; a day already resolved is refused with FailedPrecondition,
// reason day_resolved, the days in ErrorInfo's metadata and the message
// (in the caller's language), and changes nothing; a day not open yet, or
// a negative one, is InvalidArgument; no day behaves as before.
func TestOrderForDay(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	rest := &pb.Order{Action: "rest"}
	if resp, err := h.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{Order: rest, ForDay: 1}); err != nil || resp.GetDay() != 1 {
		t.Fatalf("order for day 1 on day 0: got %v, %v; want accepted for day 1", resp, err)
	}
	h.forceTick(t, w)

	for _, tc := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"english", as(w.tokens[1]), "meant for day 1, which is resolved: day 1 is resolved and orders are for day 2 now"},
		{"french", metadata.AppendToOutgoingContext(as(w.tokens[1]), pb.LangKey, "fr"), "l'ordre était pour le jour 1, déjà joué : le jour 1 est joué et les ordres sont pour le jour 2"},
	} {
		t.Run("resolved day "+tc.name, func(t *testing.T) {
			_, err := h.game.SubmitOrder(tc.ctx, &pb.SubmitOrderRequest{Order: rest, ForDay: 1})
			st, _ := status.FromError(err)
			if st.Code() != codes.FailedPrecondition || !strings.Contains(st.Message(), tc.want) {
				t.Fatalf("order for day 1 on day 1: got %v; want FailedPrecondition saying %q", err, tc.want)
			}
			var info *errdetails.ErrorInfo
			for _, d := range st.Details() {
				if i, ok := d.(*errdetails.ErrorInfo); ok {
					info = i
				}
			}
			md := info.GetMetadata()
			if info.GetReason() != "day_resolved" || md["for_day"] != "1" || md["day"] != "1" || md["next_day"] != "2" {
				t.Errorf("got ErrorInfo %v; want reason day_resolved, for_day 1, day 1, next_day 2", info)
			}
		})
	}
	if v := h.view(t, w.tokens[1]); v.GetPendingOrder() != nil {
		t.Errorf("a refused order is pending: %v", v.GetPendingOrder())
	}
	for _, forDay := range []int32{3, -1} {
		_, err := h.game.SubmitOrder(as(w.tokens[1]), &pb.SubmitOrderRequest{Order: rest, ForDay: forDay})
		if _, fields := errorInfo(err); status.Code(err) != codes.InvalidArgument || len(fields) != 1 || fields[0] != "for_day" {
			t.Errorf("order for day %d on day 1: got %v (%v); want InvalidArgument on for_day", forDay, err, fields)
		}
	}
	for _, forDay := range []int32{2, 0} {
		if resp, err := h.game.SubmitOrder(as(w.tokens[1]), &pb.SubmitOrderRequest{Order: rest, ForDay: forDay}); err != nil || resp.GetDay() != 2 {
			t.Errorf("order for day %d on day 1: got %v, %v; want accepted for day 2", forDay, resp, err)
		}
	}
}
