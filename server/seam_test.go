package server_test

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/rs/zerolog"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/game/counters"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
)

// TestAnyRuleset plays the counters ruleset (game/counters), and only it,
// through the real server on each store: worlds of 2 and of 5 camps,
// views, orders (a refusal, a stale one, a standing order), ticks, a player
// enrolled, the season's close and its chronicle, the carry-over, a fork, a
// replay of every season and a restart (the counters' rules CNT-CAMPS,
// CNT-ACTIONS, CNT-RETIRE, and its season's CNT-SEASON, CNT-PKG and
// CNT-CARRY). The server needs nothing of Grisonval.
func TestAnyRuleset(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.open(t)
			for _, n := range []int{2, 5} {
				playCounters(t, st, n)
			}
		})
	}
}

// startCounters starts a server that serves the counters ruleset alone.
func startCounters(t *testing.T, st store.Store) *harness {
	t.Helper()
	return startServerWith(t, st, clock.NewFake(start), server.Rulesets{counters.Ruleset{}})
}

func playCounters(t *testing.T, st store.Store, n int) {
	ctx := context.Background()
	h := startCounters(t, st)
	admin := as(h.adminToken)

	// The ruleset's bounds are the server's.
	rs, err := h.admin.ListRulesets(admin, &pb.ListRulesetsRequest{})
	if err != nil || len(rs.GetRulesets()) != 1 || rs.GetRulesets()[0].GetName() != "counters" || rs.GetRulesets()[0].GetMaxCamps() != 6 {
		t.Fatalf("list rulesets: got %v, %v; want counters, 2 to 6 camps", rs, err)
	}
	for _, bad := range []struct {
		req    *pb.CreateWorldRequest
		reason pb.ErrorReason
	}{
		{&pb.CreateWorldRequest{Seed: 1, Camps: 7}, pb.ErrorReason_ERROR_REASON_BAD_REQUEST},
		{&pb.CreateWorldRequest{Seed: 1, Camps: 1}, pb.ErrorReason_ERROR_REASON_BAD_REQUEST},
		{&pb.CreateWorldRequest{Seed: 1, Ruleset: "grisonval"}, pb.ErrorReason_ERROR_REASON_UNKNOWN_RULESET},
		{&pb.CreateWorldRequest{Seed: 1, Camps: 3, Controllers: []*pb.Controller{{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}}},
			pb.ErrorReason_ERROR_REASON_BAD_REQUEST},
	} {
		_, err := h.admin.CreateWorld(admin, bad.req)
		wantCode(t, err, codes.InvalidArgument)
		if reason, _ := errorInfo(err); pb.ReasonOf(reason) != bad.reason {
			t.Errorf("create %v: got reason %q; want %s", bad.req, reason, bad.reason)
		}
	}
	info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "counters", Seed: 5, Camps: int32(n),
		SeasonLength: 4, Cadence: durationpb.New(cadence)})
	if err != nil {
		t.Fatalf("create a world of %d camps: %v", n, err)
	}
	id := info.GetId()
	// Paused, the world moves only when the test forces a tick.
	if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
		t.Fatalf("pause: %v", err)
	}
	if info.GetRuleset() != "counters" || int(info.GetCamps()) != n || len(info.GetControllers()) != n || len(info.GetCampNames()) != n {
		t.Fatalf("world info: got %v; want counters with %d camps, controllers and names", info, n)
	}
	tokens := make([]string, n)
	for c := range n {
		resp, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: int32(c)})
		if err != nil {
			t.Fatalf("token of camp %d: %v", c, err)
		}
		tokens[c] = resp.GetToken()
	}
	_, err = h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: int32(n)})
	wantCode(t, err, codes.InvalidArgument)
	last := n - 1
	enrolled, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: int32(last), Player: "zed", Mode: "agent",
		Patron: "Patron " + strconv.Itoa(last), Package: "levy", Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
	if err != nil {
		t.Fatalf("enrol camp %d: %v", last, err)
	}
	tokens[last] = enrolled.GetToken()

	// The view: the shared part only; the enrolment's point, counted at the
	// setup, is the only one to steal.
	v := h.view(t, tokens[0])
	if v.GetRuleset() != "counters" || v.GetDetail() != nil || len(v.GetContacts()) != n-1 || len(v.GetLegalActions()) != 3 ||
		!slices.Equal(v.GetLegalActions()[2].GetArgs()[0].GetChoices(), []int32{int32(last)}) {
		t.Fatalf("view of camp 0: got %v; want counters, no detail, %d contacts, rest, gain and steal from camp %d", v, n-1, last)
	}
	v = h.view(t, tokens[last])
	if len(v.GetMessageRecipients()) != n-1 || v.GetStandingOrder().GetAction() != "rest" {
		t.Errorf("view of camp %d: got recipients %v and standing order %v; want the %d others and rest",
			last, v.GetMessageRecipients(), v.GetStandingOrder(), n-1)
	}
	_, err = h.game.SubmitOrder(as(tokens[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "gain", Args: []int32{4}}})
	wantCode(t, err, codes.InvalidArgument)
	if reason, fields := errorInfo(err); pb.ReasonOf(reason) != pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS || len(fields) != 1 || fields[0] != "args" {
		t.Errorf("gain 4: got reason %q fields %v; want bad_arguments on args", reason, fields)
	}
	if _, err := h.game.SendMessage(as(tokens[0]), &pb.SendMessageRequest{ToCamp: int32(last), Text: "hello"}); err != nil {
		t.Errorf("message to camp %d: %v", last, err)
	}
	_, err = h.game.SendMessage(as(tokens[0]), &pb.SendMessageRequest{ToCamp: int32(n), Text: "hello"})
	wantCode(t, err, codes.InvalidArgument)

	// Day 1: camp 0 steals the last camp's only point; every camp but the
	// first and the last posts nothing and plays its standing order.
	h.submit(t, tokens[0], "steal", int32(last))
	h.submit(t, tokens[last], "gain", 3)
	if n > 2 {
		if _, err := h.game.SetStandingOrder(as(tokens[1]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "gain", Args: []int32{1}}}); err != nil {
			t.Fatalf("standing order: %v", err)
		}
	}
	force := func() *pb.WorldInfo {
		t.Helper()
		info, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id})
		if err != nil {
			t.Fatalf("force tick: %v", err)
		}
		return info
	}
	force()
	v = h.view(t, tokens[0])
	if r := v.GetLastResult(); r.GetStatus() != pb.OrderStatus_ORDER_STATUS_APPLIED || r.GetOrder().GetAction() != "steal" {
		t.Errorf("day 1, camp 0: got result %v; want its steal applied", r)
	}
	// Day 2: two camps steal the only point of camp 0: the second is stale.
	h.submit(t, tokens[last], "steal", 0)
	if n > 2 {
		h.submit(t, tokens[1], "steal", 0)
	}
	force()
	if n > 2 {
		r := h.view(t, tokens[last]).GetLastResult()
		if r.GetStatus() != pb.OrderStatus_ORDER_STATUS_STALE || r.GetReason() != pb.ErrorReason_ERROR_REASON_NOT_ALLOWED {
			t.Errorf("day 2, camp %d: got result %v; want its steal stale, not_allowed", last, r)
		}
	}
	// Day 3: with more than two camps, the last steals from camp 1 (its
	// standing gains and its steal of day 2).
	if n > 2 {
		h.submit(t, tokens[last], "steal", 1)
	}
	force()
	info = force()
	if info.GetDay() != 4 {
		t.Fatalf("after 4 ticks: day %d", info.GetDay())
	}

	// The season closed at its fourth day: the ranking is the points, the
	// thief's feats are the ruleset's.
	first, frames, journal := chronicle(t, h, id, 1)
	if len(frames) != 5 || len(first.GetSeason().GetCamps()) != n {
		t.Fatalf("chronicle: got %d frames and %d camps ranked; want 5 and %d", len(frames), len(first.GetSeason().GetCamps()), n)
	}
	if journal[0] == 0 {
		t.Errorf("chronicle: camp 0's journal is empty")
	}
	if ps := first.GetPlayers(); len(ps) != 1 || ps[0].GetPlayer() != "zed" || ps[0].GetFeats().GetMissionsSucceeded() != 1 {
		t.Errorf("chronicle players: got %v; want zed with one mission (day 2's or day 3's steal)", ps)
	}
	if len(first.GetGloryBoards()) != n {
		t.Errorf("chronicle: got %d glory boards; want %d", len(first.GetGloryBoards()), n)
	}

	// The next season carries half the points over; a fork starts from day
	// 2; every season replays; a new server loads the worlds where they are.
	if _, err := h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: id}); err != nil {
		t.Fatalf("create season 2: %v", err)
	}
	force()
	fork, err := h.admin.ForkWorld(admin, &pb.ForkWorldRequest{WorldId: id, Season: 1, Day: 2})
	if err != nil {
		t.Fatalf("fork: %v", err)
	}
	if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: fork.GetId()}); err != nil {
		t.Fatalf("force tick of the fork: %v", err)
	}
	for _, r := range []struct {
		world  uint64
		season int
	}{{id, 1}, {id, 2}, {fork.GetId(), 1}} {
		if _, err := server.Replay(ctx, st, server.Rulesets{counters.Ruleset{}}, r.world, r.season, nil); err != nil {
			t.Errorf("replay world %d season %d: %v", r.world, r.season, err)
		}
	}
	h.stop()
	h2 := startCounters(t, st)
	ws, err := h2.admin.ListWorlds(as(h2.adminToken), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatalf("list worlds after a restart: %v", err)
	}
	for _, w := range ws.GetWorlds() {
		if w.GetId() == id && (w.GetSeason() != 2 || w.GetDay() != 1 || int(w.GetCamps()) != n) {
			t.Errorf("world %d after a restart: got season %d day %d, %d camps; want season 2 day 1, %d camps",
				id, w.GetSeason(), w.GetDay(), w.GetCamps(), n)
		}
	}
	h2.stop()
}

// startServerWith starts a server serving rs on st with a fake clock.
func startServerWith(t *testing.T, st store.Store, fake *clock.Fake, rs server.Rulesets) *harness {
	t.Helper()
	return startServerConfig(t, server.Config{Store: st, Clock: fake, Rulesets: rs,
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel)})
}

// TestRulesetEndsTheGame checks that a season ends when its ruleset says the
// game is over, whatever its length: a counters world of 2 camps ends on the
// day one camp retires, and is closed by nobody.
func TestRulesetEndsTheGame(t *testing.T) {
	h := startCounters(t, openSQLite(t))
	admin := as(h.adminToken)
	info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 3, SeasonLength: -1, Cadence: durationpb.New(cadence)})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	id := info.GetId()
	if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
		t.Fatalf("pause: %v", err)
	}
	tok, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 0})
	if err != nil {
		t.Fatalf("token: %v", err)
	}
	for day := 1; day <= 4; day++ {
		h.submit(t, tok.GetToken(), "gain", 3)
		if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
			t.Fatalf("day %d: %v", day, err)
		}
	}
	_, err = h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id})
	wantCode(t, err, codes.FailedPrecondition)
	if reason, _ := errorInfo(err); pb.ReasonOf(reason) != pb.ErrorReason_ERROR_REASON_SEASON_OVER {
		t.Errorf("a tick after the end: got reason %q; want season_over", reason)
	}
	list, err := h.admin.ListSeasons(admin, &pb.ListSeasonsRequest{WorldId: id})
	if err != nil || len(list.GetSeasons()) != 1 {
		t.Fatalf("seasons: got %v, %v", list, err)
	}
	if s := list.GetSeasons()[0]; !s.GetClosed() || s.GetLastDay() != 4 || s.GetClosedBy() != "" || s.GetCamps()[0].GetCamp() != 0 {
		t.Errorf("season 1: got %v; want closed on day 4 by nobody, camp 0 first", s)
	}
}
