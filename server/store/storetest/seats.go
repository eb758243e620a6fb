package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// The seats of a camp (issue 16): the ruler's, store.RulerSeat, and its
// councillors'.
const (
	general   = "general"
	treasurer = "treasurer"
)

// testSeatTokens: a camp token speaks for one seat; a new token of a seat
// revokes that seat's earlier token only, and a token given no seat is the
// ruler's.
func testSeatTokens(t *testing.T, s store.Store) {
	w := newWorld(t, s, "seat tokens")
	token := func(text string, camp int, seat, player string) store.Token {
		return store.Token{Hash: hash(text), Role: store.RoleCamp, WorldID: w.ID, Camp: camp, Seat: seat, Player: player}
	}
	ruler := token("ruler-a", 0, store.RulerSeat, "ada")
	gen := token("general-a", 0, general, "bob")
	treas := token("treasurer", 0, treasurer, "cyd")
	gen1 := token("camp1-general", 1, general, "dan")
	genB := token("general-b", 0, general, "eve")
	// Given no seat, it is stored as the ruler's and revokes ruler-a.
	rulerB := token("ruler-b", 0, "", "ada")
	rulerBStored := rulerB
	rulerBStored.Seat = store.RulerSeat

	steps := []tokenStep{
		{"the ruler's", ruler, []store.Token{ruler}, nil},
		{"the general's leaves the ruler's", gen, []store.Token{ruler, gen}, nil},
		{"the treasurer's leaves the others", treas, []store.Token{ruler, gen, treas}, nil},
		{"another camp's general leaves camp 0's", gen1, []store.Token{ruler, gen, treas, gen1}, nil},
		{"a new general's revokes only the old general's", genB,
			[]store.Token{ruler, genB, treas, gen1}, []store.Token{gen}},
		{"a token without a seat is the ruler's, and revokes the ruler's only", rulerB,
			[]store.Token{rulerBStored, genB, treas, gen1}, []store.Token{ruler, gen}},
	}
	putTokens(t, s, steps)
}

// testOrderSeats: an order keeps its author's seat (the ruler's when given
// none) through PendingOrders, CommitTick, Orders, Results and LatestTick;
// a standing order CommitTick inserts is the ruler's.
func testOrderSeats(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "order seats")
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base})

	// Camp 0's ruler posts, then adopts the general's proposal: the
	// adopted order replaces the ruler's and carries the general's seat.
	own := order(w.ID, 1, 1, 0, "rest", nil, "", 1)
	own.Player = "ada"
	adopted := order(w.ID, 1, 1, 0, "attack", []int{4}, "the general's plan", 2)
	adopted.Player, adopted.Seat = "ada", general
	// Camp 1's order is given no seat: it is the ruler's.
	noSeat := order(w.ID, 1, 1, 1, "explore", []int{9}, "", 3)
	noSeat.Seat = ""
	for _, o := range []store.Order{own, adopted, noSeat} {
		saveOrder(t, s, o)
	}
	camp1 := noSeat
	camp1.Seat = store.RulerSeat
	checkPending(t, s, w.ID, 1, 1, []store.Order{adopted, camp1})

	adopted.Status = store.OrderApplied
	camp1.Status = store.OrderStale
	camp1.Code, camp1.Field, camp1.Message = "unknown_zone", "args[0]", "zone 9 is not known"
	// Camp 2 plays its standing order, given with no seat and with a
	// councillor's: both are inserted as the ruler's.
	standing := order(w.ID, 1, 1, 2, "chop_wood", nil, "", 4)
	standing.Status, standing.Seat = store.OrderStanding, general
	day1 := store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("1"), Hash: "1", CommittedAt: base.Add(time.Minute),
		Orders: []store.Order{adopted, camp1, standing}}
	commit(t, s, day1)
	standing.Seat = store.RulerSeat
	day1.Orders = []store.Order{adopted, camp1, standing}

	latest, err := s.LatestTick(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	checkTick(t, "LatestTick", latest, day1, true)
	own.Status = store.OrderReplaced
	checkOrders(t, s, w.ID, 1, []store.Order{own, adopted, camp1, standing})
	for camp, want := range []store.Order{adopted, camp1, standing} {
		got, err := s.Results(ctx, w.ID, 1, camp, 0, 1)
		if err != nil {
			t.Fatalf("Results(camp %d): %v", camp, err)
		}
		checkOrderList(t, fmt.Sprintf("Results(camp %d)", camp), got, []store.Order{want})
	}

	gone := standing
	gone.Day, gone.Status, gone.Seat = 2, store.OrderStandingStale, ""
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 2, State: []byte("2"), Hash: "2", CommittedAt: base.Add(2 * time.Minute),
		Orders: []store.Order{gone}})
	gone.Seat = store.RulerSeat
	got, err := s.Results(ctx, w.ID, 1, 2, 2, 2)
	if err != nil {
		t.Fatalf("Results(camp 2, day 2): %v", err)
	}
	checkOrderList(t, "Results(camp 2, day 2)", got, []store.Order{gone})
}

// testProposals: a councillor's proposal replaces that seat's earlier one
// for the same day and takes its place in the order of saving; a camp
// reads its own proposals of a season, by day.
func testProposals(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "proposals")
	other := newWorld(t, s, "other")
	if got, err := s.Proposals(ctx, w.ID, 1, 0, 0); err != nil || len(got) != 0 {
		t.Fatalf("Proposals of a new world: got %+v, %v; want none", got, err)
	}
	proposal := func(world uint64, season, day, camp int, seat, action string, args []int, reason string, n int) store.Proposal {
		return store.Proposal{WorldID: world, Season: season, Day: day, Camp: camp, Seat: seat, Player: seat + "'s player",
			Action: action, Args: args, Reason: reason, SubmittedAt: base.Add(time.Duration(n) * time.Second)}
	}
	genD1 := proposal(w.ID, 1, 1, 0, general, "attack", []int{4, 5}, "the mill is weak", 0)
	treasD1 := proposal(w.ID, 1, 1, 0, treasurer, "trade", []int{2, 0, 5}, "salt for grain, « vite »", 1)
	genD2 := proposal(w.ID, 1, 2, 0, general, "fortify", []int{9}, "", 2)
	// The general changes its mind for day 1: its new proposal replaces
	// the first and comes after the treasurer's.
	genD1Again := proposal(w.ID, 1, 1, 0, general, "rest", nil, "", 3)
	camp1 := proposal(w.ID, 1, 1, 1, general, "explore", []int{7}, "", 4)
	season2 := proposal(w.ID, 2, 1, 0, general, "rest", nil, "", 5)
	otherWorld := proposal(other.ID, 1, 1, 0, general, "rest", nil, "", 6)
	for _, p := range []store.Proposal{genD1, treasD1, genD2, genD1Again, camp1, season2, otherWorld} {
		if err := s.SaveProposal(ctx, p); err != nil {
			t.Fatalf("SaveProposal(day %d, camp %d, %s): %v", p.Day, p.Camp, p.Seat, err)
		}
	}
	tests := []struct {
		world               uint64
		season, camp, since int
		want                []store.Proposal
	}{
		{w.ID, 1, 0, 0, []store.Proposal{treasD1, genD1Again, genD2}},
		{w.ID, 1, 0, 2, []store.Proposal{genD2}},
		{w.ID, 1, 0, 3, nil},
		{w.ID, 1, 1, 0, []store.Proposal{camp1}},
		{w.ID, 1, 2, 0, nil},
		{w.ID, 2, 0, 0, []store.Proposal{season2}},
		{other.ID, 1, 0, 0, []store.Proposal{otherWorld}},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("Proposals(world %d, season %d, camp %d, since %d)", tc.world, tc.season, tc.camp, tc.since)
		got, err := s.Proposals(ctx, tc.world, tc.season, tc.camp, tc.since)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		checkProposals(t, what, got, tc.want)
	}
	missing := proposal(other.ID+100, 1, 1, 0, general, "rest", nil, "", 7)
	if err := s.SaveProposal(ctx, missing); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SaveProposal to an unknown world: got error %v; want ErrNotFound", err)
	}
}

func checkProposals(t *testing.T, what string, got, want []store.Proposal) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d proposals %+v; want %d %+v", what, len(got), got, len(want), want)
		return
	}
	for i := range want {
		g, w := got[i], want[i]
		g.SubmittedAt, w.SubmittedAt = toSecond(g.SubmittedAt), toSecond(w.SubmittedAt)
		if len(g.Args) == 0 && len(w.Args) == 0 {
			g.Args, w.Args = nil, nil
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s[%d]: got %+v; want %+v", what, i, g, w)
		}
	}
}

// testCouncilMessages: a message from a camp to itself is its council's
// talk: the camp reads it once, with its sender's seat, and no other camp
// reads it.
func testCouncilMessages(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "council")
	msgs := []store.Message{
		{WorldID: w.ID, Season: 1, Day: 1, From: 0, To: 0, Player: "bob", Seat: general, Text: "Attaquons le moulin.", SentAt: base},
		{WorldID: w.ID, Season: 1, Day: 1, From: 0, To: 1, Player: "ada", Text: "Paix ?", SentAt: base},
		{WorldID: w.ID, Season: 1, Day: 1, From: 0, To: 0, Player: "ada", Text: "Non : paix d'abord.", SentAt: base},
		{WorldID: w.ID, Season: 1, Day: 1, From: 1, To: 1, Player: "dan", Seat: treasurer, Text: "Entre nous.", SentAt: base},
	}
	for i := range msgs {
		if err := s.SaveMessage(ctx, &msgs[i]); err != nil {
			t.Fatalf("SaveMessage(%q): %v", msgs[i].Text, err)
		}
	}
	// Given no seat, the ruler's.
	msgs[1].Seat, msgs[2].Seat = store.RulerSeat, store.RulerSeat
	for _, tc := range []struct {
		camp int
		want []store.Message
	}{
		{0, []store.Message{msgs[0], msgs[1], msgs[2]}},
		{1, []store.Message{msgs[1], msgs[3]}},
		{2, nil},
	} {
		got, err := s.Messages(ctx, w.ID, 1, tc.camp, 0)
		if err != nil {
			t.Fatalf("Messages(camp %d): %v", tc.camp, err)
		}
		for i := range got {
			got[i].SentAt = toSecond(got[i].SentAt)
		}
		want := make([]store.Message, len(tc.want))
		for i, m := range tc.want {
			m.SentAt = toSecond(m.SentAt)
			want[i] = m
		}
		if len(got) != len(want) || (len(got) > 0 && !reflect.DeepEqual(got, want)) {
			t.Errorf("Messages(camp %d): got %+v; want %+v", tc.camp, got, want)
		}
	}
}

// testSeatEnrolments: several players enrol in one camp and season, one
// per seat; a seat taken or a player already enrolled is refused; the
// enrolments come by camp, the ruler's first, then by time.
func testSeatEnrolments(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "council enrolments")
	sheet := []byte(`{}`)
	career := func(player string, camp int) store.Career {
		return store.Career{WorldID: w.ID, Player: player, Mode: "human", Camp: camp, Patron: "Aurèle", Seasons: 1, Sheet: sheet}
	}
	enrolment := func(player string, camp int, seat string, n int) store.Enrolment {
		return store.Enrolment{WorldID: w.ID, Season: 1, Camp: camp, Seat: seat, Player: player, Patron: "Aurèle",
			Package: "levy", Sheet: sheet, At: base.Add(time.Duration(n) * time.Minute)}
	}
	// The general and the treasurer enrol before the ruler, who is given
	// no seat.
	treas := enrolment("cyd", 0, treasurer, 1)
	gen := enrolment("bob", 0, general, 2)
	ruler := enrolment("ada", 0, "", 3)
	camp1 := enrolment("dan", 1, general, 0)
	for _, e := range []store.Enrolment{treas, gen, ruler, camp1} {
		enrol(t, s, career(e.Player, e.Camp), e)
	}
	refused := []struct {
		name string
		e    store.Enrolment
	}{
		{"a second general for camp 0", enrolment("eve", 0, general, 4)},
		{"a second ruler for camp 0", enrolment("eve", 0, store.RulerSeat, 4)},
		{"bob again, for another seat", enrolment("bob", 0, "marshal", 4)},
		{"bob again, for another camp", enrolment("bob", 2, store.RulerSeat, 4)},
	}
	for _, tc := range refused {
		if err := s.Enrol(ctx, career(tc.e.Player, tc.e.Camp), tc.e); !errors.Is(err, store.ErrConflict) {
			t.Errorf("Enrol %s: got error %v; want ErrConflict", tc.name, err)
		}
	}
	if _, err := s.Career(ctx, w.ID, "eve"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Career of a refused enrolment: got error %v; want ErrNotFound", err)
	}
	ruler.Seat = store.RulerSeat
	got, err := s.Enrolments(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Enrolments: %v", err)
	}
	want := []store.Enrolment{ruler, treas, gen, camp1}
	if len(got) != len(want) {
		t.Fatalf("Enrolments: got %+v; want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		g.At, w.At, g.Sheet, w.Sheet = toSecond(g.At), toSecond(w.At), nil, nil
		if !reflect.DeepEqual(g, w) {
			t.Errorf("Enrolments[%d]: got %+v; want %+v", i, g, w)
		}
	}

	// At the setup too, a seat taken is refused and a free one taken.
	commit(t, s, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base})
	setup := store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("setup"), Hash: "s", CommittedAt: base}
	atSetup := func(player, seat string) store.Enrolment {
		e := enrolment(player, 0, seat, 5)
		e.Season, e.BeforeSetup = 2, true
		return e
	}
	if err := s.EnrolAtSetup(ctx, career("ada", 0), atSetup("ada", store.RulerSeat), setup); err != nil {
		t.Fatalf("EnrolAtSetup(ada, ruler): %v", err)
	}
	if err := s.EnrolAtSetup(ctx, career("bob", 0), atSetup("bob", general), setup); err != nil {
		t.Fatalf("EnrolAtSetup(bob, general): %v", err)
	}
	if err := s.EnrolAtSetup(ctx, career("cyd", 0), atSetup("cyd", general), setup); !errors.Is(err, store.ErrConflict) {
		t.Errorf("EnrolAtSetup of a second general: got error %v; want ErrConflict", err)
	}
	if err := s.EnrolAtSetup(ctx, career("bob", 0), atSetup("bob", treasurer), setup); !errors.Is(err, store.ErrConflict) {
		t.Errorf("EnrolAtSetup of bob twice: got error %v; want ErrConflict", err)
	}
	es, err := s.Enrolments(ctx, w.ID, 2)
	if err != nil || len(es) != 2 || es[0].Seat != store.RulerSeat || es[1].Seat != general || es[1].Player != "bob" {
		t.Errorf("Enrolments of season 2: got %+v, %v; want ada the ruler's, bob the general's", es, err)
	}
}

// testSeatResults: a season's close keeps a result for each enrolled
// player, several in one camp, by camp, the ruler first, then by player.
func testSeatResults(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "council results")
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base})
	result := func(camp int, seat, player string, eminence int) store.PlayerResult {
		return store.PlayerResult{Camp: camp, Seat: seat, Player: player, Patron: "Aurèle", Mode: "human",
			Feats: []byte(`{}`), Standing: 10, Verdict: "praise", PostedTicks: 1, Eminence: eminence}
	}
	players := []store.PlayerResult{
		result(1, store.RulerSeat, "dan", 0),
		result(0, treasurer, "bob", 0),
		result(0, general, "ama", 0),
		result(0, "", "zoe", 0), // the ruler's
	}
	c := store.SeasonClose{WorldID: w.ID, Season: 1, Day: 0, At: base, Players: players}
	if err := s.CloseSeason(ctx, c); err != nil {
		t.Fatalf("CloseSeason: %v", err)
	}
	got, err := s.SeasonClose(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("SeasonClose: %v", err)
	}
	ruler := players[3]
	ruler.Seat = store.RulerSeat
	want := []store.PlayerResult{ruler, players[2], players[1], players[0]}
	for i := range got.Players {
		got.Players[i].Feats = nil
	}
	for i := range want {
		want[i].Feats = nil
	}
	if !reflect.DeepEqual(got.Players, want) {
		t.Errorf("SeasonClose players:\ngot  %+v\nwant %+v", got.Players, want)
	}
}
