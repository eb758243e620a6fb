// Package storetest is the conformance suite of store.Store: every
// implementation runs it from its own tests, as file systems run
// testing/fstest.TestFS.
package storetest

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// Run runs the conformance suite. open is called once per subtest and must
// return a fresh, empty store; Run closes that store when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		run  func(t *testing.T, s store.Store)
	}{
		{"CreateWorld", testCreateWorld},
		{"UpdateWorld", testUpdateWorld},
		{"Tokens", testTokens},
		{"SaveOrder", testSaveOrder},
		{"Orders", testOrders},
		{"ReplacedOrdersBounded", testReplacedOrdersBounded},
		{"LiveTokens", testLiveTokens},
		{"RevokedSince", testRevokedSince},
		{"Results", testResults},
		{"CommitTick", testCommitTick},
		{"CommitTickConflict", testCommitTickConflict},
		{"CommitTogether", testCommitTogether},
		{"CommitTickWithoutPendingOrder", testCommitTickWithoutPendingOrder},
		{"LatestTick", testLatestTick},
		{"Journal", testJournal},
		{"Concurrent", testConcurrent},
		{"Fork", testFork},
		{"ForkOfMissingTick", testForkOfMissingTick},
		{"TickHashes", testTickHashes},
		{"Seasons", testSeasons},
		{"Pacts", testPacts},
		{"SeasonResults", testSeasonResults},
		{"AdminTokenName", testAdminTokenName},
		{"AdminTokens", testAdminTokens},
		{"CampTokens", testCampTokens},
		{"SpectatorTokens", testSpectatorTokens},
		{"Careers", testCareers},
		{"EnrolAtSetup", testEnrolAtSetup},
		{"CloseSeason", testCloseSeason},
		{"Audit", testAudit},
		{"StandingOrders", testStandingOrders},
		{"StandingStale", testStandingStale},
		{"Messages", testMessages},
		{"Notebooks", testNotebooks},
		{"FiveCamps", testFiveCamps},
		{"WrongControllers", testWrongControllers},
		{"SeatTokens", testSeatTokens},
		{"OrderSeats", testOrderSeats},
		{"Proposals", testProposals},
		{"CouncilMessages", testCouncilMessages},
		{"SeatEnrolments", testSeatEnrolments},
		{"SeatResults", testSeatResults},
		{"Fallen", testFallen},
		{"Deadline", testDeadline},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("close store: %v", err)
				}
			})
			tc.run(t, s)
		})
	}
}

// base is the suite's reference instant; the suite reads no clock.
var base = time.Date(2026, time.March, 1, 12, 0, 0, 123456789, time.UTC)

func testCreateWorld(t *testing.T, s store.Store) {
	ctx := t.Context()
	got, err := s.Worlds(ctx)
	if err != nil {
		t.Fatalf("Worlds on an empty store: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("Worlds on an empty store: got %d worlds; want 0", len(got))
	}

	want := []store.World{
		{
			Name: "Grisonval", Ruleset: "grisonval", Camps: 3, Seed: 0, Cadence: 5 * time.Minute, SeasonLength: 24, Season: 1,
			Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Agent}, {Kind: store.AI, Posture: "prudent"}},
			CreatedAt:   base,
		},
		{
			Name: "Haute-Combe, l'été", Ruleset: "castle", Camps: 2, Seed: 1<<63 + 5, Cadence: 1500 * time.Millisecond,
			SeasonLength: 0, Season: 3, Paused: true,
			Controllers: []store.Controller{{Kind: store.AI, Posture: "aggressive"}, {Kind: store.Human}},
			CreatedAt:   base.Add(time.Hour),
		},
		{
			Name: "max seed", Ruleset: "grisonval", Camps: 5, Seed: ^uint64(0), Cadence: 0, SeasonLength: 200, Season: 1,
			MoveClock: 2500 * time.Millisecond,
			Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.AI, Posture: "growth"},
				{Kind: store.Agent}, {Kind: store.Human}},
			CreatedAt: base.Add(48 * time.Hour),
		},
	}
	var prev uint64
	for i := range want {
		if err := s.CreateWorld(ctx, &want[i]); err != nil {
			t.Fatalf("CreateWorld(%q): %v", want[i].Name, err)
		}
		if want[i].ID <= prev {
			t.Errorf("CreateWorld(%q): got ID %d; want more than %d", want[i].Name, want[i].ID, prev)
		}
		prev = want[i].ID
	}
	for _, w := range want {
		got, err := s.World(ctx, w.ID)
		if err != nil {
			t.Fatalf("World(%d): %v", w.ID, err)
		}
		checkWorld(t, got, w)
	}
	all, err := s.Worlds(ctx)
	if err != nil {
		t.Fatalf("Worlds: %v", err)
	}
	if len(all) != len(want) {
		t.Fatalf("Worlds: got %d worlds; want %d", len(all), len(want))
	}
	for i := range want {
		checkWorld(t, all[i], want[i])
	}
	if _, err := s.World(ctx, prev+1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("World(%d) of an unknown world: got error %v; want ErrNotFound", prev+1, err)
	}
}

func testUpdateWorld(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "before")
	other := newWorld(t, s, "other")

	w.Name = "after"
	w.Seed = 1<<63 | 42
	w.Cadence = 30 * time.Second
	w.MoveClock = 45 * time.Second
	w.SeasonLength = 150
	w.Season = 2
	w.Paused = true
	w.Controllers = []store.Controller{{Kind: store.AI, Posture: "growth"}, {Kind: store.Human}, {Kind: store.Agent}}
	if err := s.UpdateWorld(ctx, w); err != nil {
		t.Fatalf("UpdateWorld: %v", err)
	}
	got, err := s.World(ctx, w.ID)
	if err != nil {
		t.Fatalf("World(%d): %v", w.ID, err)
	}
	checkWorld(t, got, w)

	// UpdateWorld replaces the ruleset and the camps too: a world of 5
	// camps, then of 2.
	for _, tc := range []struct {
		ruleset     string
		controllers []store.Controller
	}{
		{"grisonval", []store.Controller{{Kind: store.Human}, {Kind: store.Agent}, {Kind: store.AI, Posture: "prudent"},
			{Kind: store.AI, Posture: "aggressive"}, {Kind: store.Human}}},
		{"castle", []store.Controller{{Kind: store.Agent}, {Kind: store.AI, Posture: "prudent"}}},
	} {
		w.Ruleset, w.Camps, w.Controllers = tc.ruleset, len(tc.controllers), tc.controllers
		if err := s.UpdateWorld(ctx, w); err != nil {
			t.Fatalf("UpdateWorld to %d camps of %s: %v", w.Camps, w.Ruleset, err)
		}
		got, err := s.World(ctx, w.ID)
		if err != nil {
			t.Fatalf("World(%d): %v", w.ID, err)
		}
		checkWorld(t, got, w)
		all, err := s.Worlds(ctx)
		if err != nil {
			t.Fatalf("Worlds: %v", err)
		}
		if len(all) != 2 {
			t.Fatalf("Worlds: got %d worlds; want 2", len(all))
		}
		checkWorld(t, all[0], w)
		checkWorld(t, all[1], other)
	}
	gotOther, err := s.World(ctx, other.ID)
	if err != nil {
		t.Fatalf("World(%d): %v", other.ID, err)
	}
	checkWorld(t, gotOther, other)

	unknown := w
	unknown.ID = other.ID + 100
	if err := s.UpdateWorld(ctx, unknown); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("UpdateWorld of an unknown world: got error %v; want ErrNotFound", err)
	}
}

func testTokens(t *testing.T, s store.Store) {
	ctx := t.Context()
	w1 := newWorld(t, s, "one")
	w2 := newWorld(t, s, "two")
	admin1 := store.Token{Hash: hash("admin-1"), Role: store.RoleAdmin, WorldID: 0, Camp: -1}
	admin2 := store.Token{Hash: hash("admin-2"), Role: store.RoleAdmin, WorldID: 0, Camp: -1}
	ruler := store.RulerSeat
	camp0 := store.Token{Hash: hash("w1-camp0-a"), Role: store.RoleCamp, WorldID: w1.ID, Camp: 0, Seat: ruler}
	camp0b := store.Token{Hash: hash("w1-camp0-b"), Role: store.RoleCamp, WorldID: w1.ID, Camp: 0, Player: "ada", Seat: ruler}
	camp1 := store.Token{Hash: hash("w1-camp1"), Role: store.RoleCamp, WorldID: w1.ID, Camp: 1, Seat: ruler}
	w2camp0 := store.Token{Hash: hash("w2-camp0"), Role: store.RoleCamp, WorldID: w2.ID, Camp: 0, Player: "Zoé « la Brune »",
		Seat: ruler}

	if _, err := s.TokenByHash(ctx, admin1.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("TokenByHash on an empty store: got error %v; want ErrNotFound", err)
	}
	steps := []tokenStep{
		{"first admin", admin1, []store.Token{admin1}, nil},
		{"camp 0 of world 1", camp0, []store.Token{admin1, camp0}, nil},
		{"camp 1 of world 1", camp1, []store.Token{admin1, camp0, camp1}, nil},
		{"camp 0 of world 2", w2camp0, []store.Token{admin1, camp0, camp1, w2camp0}, nil},
		{"new camp 0 of world 1 revokes only the old one", camp0b,
			[]store.Token{admin1, camp0b, camp1, w2camp0}, []store.Token{camp0}},
		{"new admin of the same name revokes only the old admin", admin2,
			[]store.Token{admin2, camp0b, camp1, w2camp0}, []store.Token{admin1, camp0}},
	}
	putTokens(t, s, steps)
}

// tokenStep puts a token, then finds the present tokens as stored and
// not the absent ones (revoked).
type tokenStep struct {
	name    string
	put     store.Token
	present []store.Token
	absent  []store.Token
}

// putTokens plays steps in order.
func putTokens(t *testing.T, s store.Store, steps []tokenStep) {
	t.Helper()
	ctx := t.Context()
	for _, step := range steps {
		if err := s.PutToken(ctx, step.put); err != nil {
			t.Fatalf("%s: PutToken: %v", step.name, err)
		}
		for _, want := range step.present {
			got, err := s.TokenByHash(ctx, want.Hash)
			if err != nil {
				t.Errorf("%s: TokenByHash(%x): %v", step.name, want.Hash[:4], err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: TokenByHash(%x): got %+v; want %+v", step.name, want.Hash[:4], got, want)
			}
		}
		for _, gone := range step.absent {
			if _, err := s.TokenByHash(ctx, gone.Hash); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s: TokenByHash(%x) of a revoked token: got error %v; want ErrNotFound", step.name, gone.Hash[:4], err)
			}
		}
	}
}

func testSaveOrder(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "orders")
	other := newWorld(t, s, "other")

	got, err := s.PendingOrders(ctx, w.ID, 1, 1)
	if err != nil {
		t.Fatalf("PendingOrders with no order: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("PendingOrders with no order: got %d orders; want 0", len(got))
	}

	camp2 := order(w.ID, 1, 1, 2, "attack", []int{12, 13}, "they took the mill", 0)
	camp0 := order(w.ID, 1, 1, 0, "rest", nil, "", 1)
	camp0Day2 := order(w.ID, 1, 2, 0, "build", []int{4}, "", 2)
	camp1Season2 := order(w.ID, 2, 1, 1, "explore", []int{7}, "", 3)
	otherCamp1 := order(other.ID, 1, 1, 1, "march", []int{1, 2, 3}, "", 4)
	// The player who posted an order is kept; an order whose token names
	// none has no player.
	camp2.Player, camp0Day2.Player, otherCamp1.Player = "cyd", "ada", "bob"
	for _, o := range []store.Order{camp2, camp0, camp0Day2, camp1Season2, otherCamp1} {
		saveOrder(t, s, o)
	}
	checkPending(t, s, w.ID, 1, 1, []store.Order{camp0, camp2})
	checkPending(t, s, w.ID, 1, 2, []store.Order{camp0Day2})
	checkPending(t, s, w.ID, 2, 1, []store.Order{camp1Season2})
	checkPending(t, s, other.ID, 1, 1, []store.Order{otherCamp1})

	// A second order of camp 0 for day 1 replaces the first, and a third
	// replaces the second.
	camp0Again := order(w.ID, 1, 1, 0, "trade", []int{2, 0, 5}, "salt for grain, « vite »", 5)
	camp0Again.Player = "ada"
	saveOrder(t, s, camp0Again)
	checkPending(t, s, w.ID, 1, 1, []store.Order{camp0Again, camp2})
	camp0Third := order(w.ID, 1, 1, 0, "fortify", []int{9}, "", 6)
	saveOrder(t, s, camp0Third)
	checkPending(t, s, w.ID, 1, 1, []store.Order{camp0Third, camp2})
	checkPending(t, s, w.ID, 1, 2, []store.Order{camp0Day2})
	checkPending(t, s, other.ID, 1, 1, []store.Order{otherCamp1})

	camp0.Status = store.OrderReplaced
	camp0Again.Status = store.OrderReplaced
	checkOrders(t, s, w.ID, 1, []store.Order{camp0, camp0Again, camp0Third, camp2, camp0Day2})

	unknown := order(other.ID+1, 1, 1, 0, "rest", nil, "", 7)
	if err := s.SaveOrder(ctx, unknown); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SaveOrder for an unknown world: got error %v; want ErrNotFound", err)
	}
}

func testOrders(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "orders")
	got, err := s.Orders(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Orders with no order: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("Orders with no order: got %d orders; want 0", len(got))
	}

	// Submitted out of order: Orders sorts by day, camp, then submission.
	d2c1 := order(w.ID, 1, 2, 1, "rest", nil, "", 0)
	d1c2 := order(w.ID, 1, 1, 2, "explore", []int{30}, "", 1)
	d1c0a := order(w.ID, 1, 1, 0, "attack", []int{5}, "first thought", 2)
	d1c0b := order(w.ID, 1, 1, 0, "recruit", []int{3}, "second thought", 3)
	season2 := order(w.ID, 2, 1, 0, "rest", nil, "", 4)
	for _, o := range []store.Order{d2c1, d1c2, d1c0a, d1c0b, season2} {
		saveOrder(t, s, o)
	}
	d1c0a.Status = store.OrderReplaced
	checkOrders(t, s, w.ID, 1, []store.Order{d1c0a, d1c0b, d1c2, d2c1})
	checkOrders(t, s, w.ID, 2, []store.Order{season2})

	// Once day 1 is committed, its orders keep their places with their new
	// statuses, and the standing order takes camp 1's place.
	d1c0b.Status = store.OrderApplied
	d1c2.Status = store.OrderStale
	d1c2.Code = "zone_not_adjacent"
	standing := order(w.ID, 1, 1, 1, "rest", nil, "", 5)
	standing.Status = store.OrderStanding
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("setup"), Hash: "h0"})
	commit(t, s, store.Tick{
		WorldID: w.ID, Season: 1, Day: 1, State: []byte("day 1"), Hash: "h1",
		Orders: []store.Order{d1c0b, standing, d1c2},
	})
	checkOrders(t, s, w.ID, 1, []store.Order{d1c0a, d1c0b, standing, d1c2, d2c1})
	checkOrders(t, s, w.ID, 2, []store.Order{season2})
}

// testResults: Results gives a camp's played orders of a range of days, one
// a day whatever its status, never a replaced or pending order, another
// camp's or another season's.
func testResults(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "results")
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("setup"), Hash: "h0"})
	replaced := order(w.ID, 1, 1, 0, "rest", nil, "first thought", 0)
	d1 := order(w.ID, 1, 1, 0, "explore", []int{4}, "look", 1)
	other := order(w.ID, 1, 1, 1, "rest", nil, "", 2)
	d2 := order(w.ID, 1, 2, 0, "attack", []int{5}, "", 3)
	pending := order(w.ID, 1, 4, 0, "rest", nil, "", 4)
	season2 := order(w.ID, 2, 1, 0, "rest", nil, "", 5)
	for _, o := range []store.Order{replaced, d1, other, d2, pending, season2} {
		saveOrder(t, s, o)
	}
	d1.Status, other.Status = store.OrderApplied, store.OrderApplied
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("1"), Hash: "h1", Orders: []store.Order{d1, other}})
	d2.Status, d2.Code, d2.Field, d2.Message = store.OrderStale, "unknown_zone", "args[0]", "zone 5 is not known"
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 2, State: []byte("2"), Hash: "h2", Orders: []store.Order{d2}})
	d3 := order(w.ID, 1, 3, 0, "explore", []int{9}, "standing", 5)
	d3.Status, d3.Code, d3.Message = store.OrderStandingStale, "unknown_zone", "zone 9 is not known"
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 3, State: []byte("3"), Hash: "h3", Orders: []store.Order{d3}})

	for _, tc := range []struct {
		since, until int
		want         []store.Order
	}{
		{0, 10, []store.Order{d1, d2, d3}},
		{2, 3, []store.Order{d2, d3}},
		{1, 1, []store.Order{d1}},
		{4, 9, nil},
	} {
		got, err := s.Results(ctx, w.ID, 1, 0, tc.since, tc.until)
		if err != nil {
			t.Fatalf("Results(days %d to %d): %v", tc.since, tc.until, err)
		}
		checkOrderList(t, fmt.Sprintf("Results(days %d to %d)", tc.since, tc.until), got, tc.want)
	}
}

func testCommitTick(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "ticks")

	setup := store.Tick{
		WorldID: w.ID, Season: 1, Day: 0, State: []byte{0x1f, 0x8b, 0, 1, 2, 0xff}, Hash: "aa00",
		Journal: []store.JournalEntry{
			journal(w.ID, 1, 0, 0, "setup", []int{1}, "Le camp s'installe.", ""),
			journal(w.ID, 1, 0, 1, "setup", []int{40}, "", ""),
			journal(w.ID, 1, 0, 2, "setup", []int{91}, "", ""),
		},
	}
	commit(t, s, setup)

	camp0First := order(w.ID, 1, 1, 0, "rest", nil, "first thought", 0)
	camp0 := order(w.ID, 1, 1, 0, "attack", []int{2, 3}, "revenge", 1)
	camp2 := order(w.ID, 1, 1, 2, "march", []int{88, 89}, "", 2)
	camp0Day2 := order(w.ID, 1, 2, 0, "rest", nil, "", 3)
	camp0First.Player, camp0.Player, camp0Day2.Player = "ada", "ada", "ada"
	for _, o := range []store.Order{camp0First, camp0, camp2, camp0Day2} {
		saveOrder(t, s, o)
	}
	camp0First.Status = store.OrderReplaced
	camp0.Status = store.OrderApplied
	camp2.Status = store.OrderStale
	camp2.Code, camp2.Field, camp2.Message = "not_adjacent", "args[1]", "zone 89 is not next to zone 88"
	camp1 := order(w.ID, 1, 1, 1, "rest", nil, "", 4)
	// Camp 1's standing order played because its move clock ran out
	// (TICK-7).
	camp1.Status, camp1.Player, camp1.TimedOut = store.OrderStanding, "bob", true
	day1 := store.Tick{
		WorldID: w.ID, Season: 1, Day: 1, State: bytes.Repeat([]byte{0, 7, 0xfe}, 5000), Hash: "bb11",
		Orders: []store.Order{camp0, camp1, camp2},
		Journal: []store.JournalEntry{
			journal(w.ID, 1, 1, 2, "stale", nil, "La colonne ne peut partir.", "not adjacent"),
			journal(w.ID, 1, 1, 0, "battle", []int{2, 3}, "Assaut sur le moulin.", "attack"),
			journal(w.ID, 1, 1, 0, "capture", []int{3}, "Le moulin tombe.", ""),
			journal(w.ID, 1, 1, 1, "rest", nil, "", ""),
		},
	}
	commit(t, s, day1)

	latest, err := s.LatestTick(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	checkTick(t, "LatestTick", latest, day1, true)
	at, err := s.TickAt(ctx, w.ID, 1, 0)
	if err != nil {
		t.Fatalf("TickAt(day 0): %v", err)
	}
	checkTick(t, "TickAt(day 0)", at, setup, false)
	at, err = s.TickAt(ctx, w.ID, 1, 1)
	if err != nil {
		t.Fatalf("TickAt(day 1): %v", err)
	}
	checkTick(t, "TickAt(day 1)", at, day1, false)
	if _, err := s.TickAt(ctx, w.ID, 1, 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TickAt(day 2) before it is committed: got error %v; want ErrNotFound", err)
	}

	checkPending(t, s, w.ID, 1, 1, nil)
	checkPending(t, s, w.ID, 1, 2, []store.Order{camp0Day2})
	checkOrders(t, s, w.ID, 1, []store.Order{camp0First, camp0, camp1, camp2, camp0Day2})
	checkJournal(t, s, w.ID, 1, 0, 0, []store.JournalEntry{setup.Journal[0], day1.Journal[1], day1.Journal[2]})
	checkJournal(t, s, w.ID, 1, 2, 0, []store.JournalEntry{setup.Journal[2], day1.Journal[0]})
}

func testCommitTickConflict(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "conflict")

	camp0 := order(w.ID, 1, 1, 0, "attack", []int{2, 3}, "", 0)
	saveOrder(t, s, camp0)
	camp0.Status = store.OrderApplied
	first := store.Tick{
		WorldID: w.ID, Season: 1, Day: 1, State: []byte("first"), Hash: "first",
		Orders:  []store.Order{camp0},
		Journal: []store.JournalEntry{journal(w.ID, 1, 1, 0, "battle", []int{3}, "first", "")},
	}
	commit(t, s, first)

	// A late order for day 1 is pending when a second commit of day 1
	// comes: the second commit must store nothing at all.
	late := order(w.ID, 1, 1, 1, "recruit", []int{1}, "", 1)
	saveOrder(t, s, late)
	lateApplied := late
	lateApplied.Status = store.OrderApplied
	standing := order(w.ID, 1, 1, 2, "rest", nil, "", 2)
	standing.Status = store.OrderStanding
	second := store.Tick{
		WorldID: w.ID, Season: 1, Day: 1, State: []byte("second"), Hash: "second",
		Orders: []store.Order{lateApplied, standing},
		Journal: []store.JournalEntry{
			journal(w.ID, 1, 1, 0, "battle", []int{3}, "second", ""),
			journal(w.ID, 1, 1, 1, "recruit", []int{1}, "second", ""),
		},
	}
	if err := s.CommitTick(ctx, second); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second CommitTick of day 1: got error %v; want ErrConflict", err)
	}

	at, err := s.TickAt(ctx, w.ID, 1, 1)
	if err != nil {
		t.Fatalf("TickAt(day 1): %v", err)
	}
	checkTick(t, "TickAt(day 1) after the conflict", at, first, false)
	latest, err := s.LatestTick(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	checkTick(t, "LatestTick after the conflict", latest, first, true)
	checkOrders(t, s, w.ID, 1, []store.Order{camp0, late})
	checkPending(t, s, w.ID, 1, 1, []store.Order{late})
	checkJournal(t, s, w.ID, 1, 0, 0, first.Journal)
	checkJournal(t, s, w.ID, 1, 1, 0, nil)
	checkJournal(t, s, w.ID, 1, 2, 0, nil)
}

func testCommitTickWithoutPendingOrder(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "no pending")
	applied := order(w.ID, 1, 1, 1, "rest", nil, "", 0)
	applied.Status = store.OrderApplied
	tick := store.Tick{
		WorldID: w.ID, Season: 1, Day: 1, State: []byte("s"), Hash: "h",
		Orders:  []store.Order{applied},
		Journal: []store.JournalEntry{journal(w.ID, 1, 1, 1, "rest", nil, "", "")},
	}
	if err := s.CommitTick(ctx, tick); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("CommitTick of an applied order never saved: got error %v; want ErrNotFound", err)
	}
	if _, err := s.TickAt(ctx, w.ID, 1, 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TickAt after a failed commit: got error %v; want ErrNotFound", err)
	}
	checkOrders(t, s, w.ID, 1, nil)
	checkJournal(t, s, w.ID, 1, 1, 0, nil)
}

func testLatestTick(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "latest")
	other := newWorld(t, s, "other")
	if _, err := s.LatestTick(ctx, w.ID, 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("LatestTick with no tick: got error %v; want ErrNotFound", err)
	}

	ticks := map[string]store.Tick{}
	for _, k := range []struct{ season, day int }{{1, 0}, {1, 1}, {1, 2}, {2, 0}} {
		tick := store.Tick{
			WorldID: w.ID, Season: k.season, Day: k.day,
			State: fmt.Appendf(nil, "state %d/%d", k.season, k.day), Hash: fmt.Sprintf("h%d-%d", k.season, k.day),
		}
		commit(t, s, tick)
		ticks[fmt.Sprint(k.season, "/", k.day)] = tick
	}
	commit(t, s, store.Tick{WorldID: other.ID, Season: 1, Day: 9, State: []byte("other"), Hash: "other"})

	tests := []struct {
		season int
		want   string // key in ticks, or "" for ErrNotFound
	}{
		{1, "1/2"},
		{2, "2/0"},
		{3, ""},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint("season ", tc.season), func(t *testing.T) {
			got, err := s.LatestTick(ctx, w.ID, tc.season)
			if tc.want == "" {
				if !errors.Is(err, store.ErrNotFound) {
					t.Fatalf("LatestTick: got error %v; want ErrNotFound", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("LatestTick: %v", err)
			}
			checkTick(t, "LatestTick", got, ticks[tc.want], true)
		})
	}
	if _, err := s.TickAt(ctx, w.ID, 2, 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TickAt(season 2, day 1): got error %v; want ErrNotFound", err)
	}
	if _, err := s.TickAt(ctx, w.ID, 3, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TickAt(season 3, day 0): got error %v; want ErrNotFound", err)
	}
	if _, err := s.TickAt(ctx, w.ID, 1, 9); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TickAt(day 9), a day of another world: got error %v; want ErrNotFound", err)
	}
	if _, err := s.LatestTick(ctx, other.ID+1, 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LatestTick of an unknown world: got error %v; want ErrNotFound", err)
	}
}

func testJournal(t *testing.T, s store.Store) {
	w := newWorld(t, s, "journal")
	other := newWorld(t, s, "other")

	byCamp := [3][]store.JournalEntry{}
	for day := range 4 {
		var entries []store.JournalEntry
		// Camps in a different order each day, several entries per camp:
		// the journal keeps the order of the commit, not of the camps.
		for i := range 5 {
			camp := (day + 2*i) % 3
			e := journal(w.ID, 1, day, camp, fmt.Sprint("kind", i), []int{day, i},
				fmt.Sprintf("day %d entry %d", day, i), fmt.Sprint("why ", i))
			entries = append(entries, e)
			byCamp[camp] = append(byCamp[camp], e)
		}
		commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: day, State: []byte{byte(day)}, Hash: fmt.Sprint(day), Journal: entries})
	}
	commit(t, s, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("s2"), Hash: "s2",
		Journal: []store.JournalEntry{journal(w.ID, 2, 0, 1, "setup", nil, "season 2", "")}})
	commit(t, s, store.Tick{WorldID: other.ID, Season: 1, Day: 2, State: []byte("o"), Hash: "o",
		Journal: []store.JournalEntry{journal(other.ID, 1, 2, 1, "setup", nil, "other world", "")}})

	since := func(entries []store.JournalEntry, day int) []store.JournalEntry {
		var out []store.JournalEntry
		for _, e := range entries {
			if e.Day >= day {
				out = append(out, e)
			}
		}
		return out
	}
	tests := []struct {
		name         string
		season, camp int
		sinceDay     int
		want         []store.JournalEntry
	}{
		{"camp 0 from day 0", 1, 0, 0, byCamp[0]},
		{"camp 1 from day 2", 1, 1, 2, since(byCamp[1], 2)},
		{"camp 2 from day 3", 1, 2, 3, since(byCamp[2], 3)},
		{"camp 1 after the last day", 1, 1, 4, nil},
		{"camp 1 of season 2", 2, 1, 0, []store.JournalEntry{journal(w.ID, 2, 0, 1, "setup", nil, "season 2", "")}},
		{"camp 0 of season 2", 2, 0, 0, nil},
		{"camp 0 of season 3", 3, 0, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkJournal(t, s, w.ID, tc.season, tc.camp, tc.sinceDay, tc.want)
		})
	}
}

func testConcurrent(t *testing.T, s store.Store) {
	ctx := t.Context()
	const worlds, days = 4, 5
	ids := make([]uint64, worlds)
	for i := range ids {
		ids[i] = newWorld(t, s, fmt.Sprint("world ", i)).ID
	}

	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Go(func() {
			for day := 1; day <= days; day++ {
				var camps sync.WaitGroup
				orders := make([]store.Order, 3)
				for camp := range 3 {
					orders[camp] = order(id, 1, day, camp, "rest", []int{day, camp}, "", day*3+camp)
					camps.Go(func() {
						if err := s.SaveOrder(ctx, orders[camp]); err != nil {
							t.Errorf("world %d day %d camp %d: SaveOrder: %v", id, day, camp, err)
						}
					})
				}
				camps.Wait()
				for camp := range orders {
					orders[camp].Status = store.OrderApplied
				}
				err := s.CommitTick(ctx, store.Tick{
					WorldID: id, Season: 1, Day: day, State: fmt.Appendf(nil, "%d/%d", id, day), Hash: fmt.Sprint(day),
					Orders:  orders,
					Journal: []store.JournalEntry{journal(id, 1, day, day%3, "rest", nil, "", "")},
				})
				if err != nil {
					t.Errorf("world %d day %d: CommitTick: %v", id, day, err)
					return
				}
			}
		})
	}
	// Meanwhile, several orders of one camp of one more world race: one
	// stays pending and the others are replaced.
	const racers = 6
	racing := newWorld(t, s, "racing")
	for i := range racers {
		wg.Go(func() {
			if err := s.SaveOrder(ctx, order(racing.ID, 1, 1, 1, "rest", []int{i}, "", i)); err != nil {
				t.Errorf("racing order %d: SaveOrder: %v", i, err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	raced, err := s.Orders(ctx, racing.ID, 1)
	if err != nil {
		t.Fatalf("racing world: Orders: %v", err)
	}
	pending := 0
	for _, o := range raced {
		if o.Status == store.OrderPending {
			pending++
		}
	}
	if len(raced) != racers || pending != 1 {
		t.Errorf("racing world: got %d orders, %d pending; want %d orders, 1 pending", len(raced), pending, racers)
	}
	for _, id := range ids {
		latest, err := s.LatestTick(ctx, id, 1)
		if err != nil {
			t.Fatalf("world %d: LatestTick: %v", id, err)
		}
		if latest.Day != days || string(latest.State) != fmt.Sprintf("%d/%d", id, days) {
			t.Errorf("world %d: LatestTick: got day %d state %q; want day %d state %q",
				id, latest.Day, latest.State, days, fmt.Sprintf("%d/%d", id, days))
		}
		orders, err := s.Orders(ctx, id, 1)
		if err != nil {
			t.Fatalf("world %d: Orders: %v", id, err)
		}
		if len(orders) != 3*days {
			t.Fatalf("world %d: Orders: got %d orders; want %d", id, len(orders), 3*days)
		}
		for i, o := range orders {
			if o.WorldID != id || o.Day != i/3+1 || o.Camp != i%3 || o.Status != store.OrderApplied {
				t.Errorf("world %d: order %d: got world %d day %d camp %d status %q; want world %d day %d camp %d status %q",
					id, i, o.WorldID, o.Day, o.Camp, o.Status, id, i/3+1, i%3, store.OrderApplied)
			}
		}
	}
}

// newWorld creates a world named name with default settings.
func newWorld(t *testing.T, s store.Store, name string) store.World {
	t.Helper()
	w := store.World{
		Name: name, Ruleset: "grisonval", Camps: 3, Seed: 7, Cadence: time.Minute, SeasonLength: 24, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.AI, Posture: "growth"}, {Kind: store.Agent}},
		CreatedAt:   base,
	}
	if err := s.CreateWorld(t.Context(), &w); err != nil {
		t.Fatalf("CreateWorld(%q): %v", name, err)
	}
	return w
}

// order returns a pending order of the camp's ruler submitted n seconds
// after base.
func order(worldID uint64, season, day, camp int, action string, args []int, reason string, n int) store.Order {
	return store.Order{
		WorldID: worldID, Season: season, Day: day, Camp: camp, Seat: store.RulerSeat,
		Action: action, Args: args, Reason: reason,
		SubmittedAt: base.Add(time.Duration(n) * time.Second),
		Status:      store.OrderPending,
	}
}

func journal(worldID uint64, season, day, camp int, kind string, zones []int, narration, why string) store.JournalEntry {
	return store.JournalEntry{
		WorldID: worldID, Season: season, Day: day, Camp: camp,
		Kind: kind, Zones: zones, Narration: narration, Why: why,
	}
}

func hash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func saveOrder(t *testing.T, s store.Store, o store.Order) {
	t.Helper()
	if err := s.SaveOrder(t.Context(), o); err != nil {
		t.Fatalf("SaveOrder(day %d, camp %d, %s): %v", o.Day, o.Camp, o.Action, err)
	}
}

func commit(t *testing.T, s store.Store, tick store.Tick) {
	t.Helper()
	if err := s.CommitTick(t.Context(), tick); err != nil {
		t.Fatalf("CommitTick(world %d, season %d, day %d): %v", tick.WorldID, tick.Season, tick.Day, err)
	}
}

func checkPending(t *testing.T, s store.Store, worldID uint64, season, day int, want []store.Order) {
	t.Helper()
	got, err := s.PendingOrders(t.Context(), worldID, season, day)
	if err != nil {
		t.Fatalf("PendingOrders(season %d, day %d): %v", season, day, err)
	}
	checkOrderList(t, fmt.Sprintf("PendingOrders(season %d, day %d)", season, day), got, want)
}

func checkOrders(t *testing.T, s store.Store, worldID uint64, season int, want []store.Order) {
	t.Helper()
	got, err := s.Orders(t.Context(), worldID, season)
	if err != nil {
		t.Fatalf("Orders(season %d): %v", season, err)
	}
	checkOrderList(t, fmt.Sprintf("Orders(season %d)", season), got, want)
}

func checkJournal(t *testing.T, s store.Store, worldID uint64, season, camp, sinceDay int, want []store.JournalEntry) {
	t.Helper()
	got, err := s.Journal(t.Context(), worldID, season, camp, sinceDay)
	if err != nil {
		t.Fatalf("Journal(season %d, camp %d, since %d): %v", season, camp, sinceDay, err)
	}
	checkJournalList(t, fmt.Sprintf("Journal(season %d, camp %d, since %d)", season, camp, sinceDay), got, want)
}

func checkWorld(t *testing.T, got, want store.World) {
	t.Helper()
	got.CreatedAt, want.CreatedAt = toSecond(got.CreatedAt), toSecond(want.CreatedAt)
	got.Deadline, want.Deadline = toSecond(got.Deadline), toSecond(want.Deadline)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("world %d: got %+v; want %+v", want.ID, got, want)
	}
}

// checkTick compares a tick; withContent says whether its orders and
// journal are expected too.
func checkTick(t *testing.T, what string, got, want store.Tick, withContent bool) {
	t.Helper()
	if got.WorldID != want.WorldID || got.Season != want.Season || got.Day != want.Day {
		t.Errorf("%s: got world %d season %d day %d; want world %d season %d day %d",
			what, got.WorldID, got.Season, got.Day, want.WorldID, want.Season, want.Day)
	}
	if !bytes.Equal(got.State, want.State) {
		t.Errorf("%s: got state of %d bytes %.16q; want %d bytes %.16q", what, len(got.State), got.State, len(want.State), want.State)
	}
	if got.Hash != want.Hash {
		t.Errorf("%s: got hash %q; want %q", what, got.Hash, want.Hash)
	}
	if !withContent {
		if len(got.Orders) != 0 || len(got.Journal) != 0 {
			t.Errorf("%s: got %d orders and %d journal entries; want none", what, len(got.Orders), len(got.Journal))
		}
		return
	}
	checkOrderList(t, what+" orders", got.Orders, want.Orders)
	checkJournalList(t, what+" journal", got.Journal, want.Journal)
}

func checkOrderList(t *testing.T, what string, got, want []store.Order) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d orders %+v; want %d %+v", what, len(got), got, len(want), want)
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

func checkJournalList(t *testing.T, what string, got, want []store.JournalEntry) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d entries %+v; want %d %+v", what, len(got), got, len(want), want)
		return
	}
	for i := range want {
		g, w := got[i], want[i]
		if len(g.Zones) == 0 && len(w.Zones) == 0 {
			g.Zones, w.Zones = nil, nil
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s[%d]: got %+v; want %+v", what, i, g, w)
		}
	}
}

// toSecond returns tm in UTC, truncated to the second, so that
// reflect.DeepEqual compares it as an instant: stores keep times at least to
// the second.
func toSecond(tm time.Time) time.Time {
	return tm.Truncate(time.Second).UTC()
}
