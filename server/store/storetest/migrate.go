package storetest

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// Latest names, for the migrateTo functions of the migration checks, the
// last migration: migrating up to it applies every pending one.
const Latest int64 = math.MaxInt64

// RulesetsBase is the instant the version-11 database of MigrateRulesets is
// filled at: its times are RulesetsBase and one minute later.
var RulesetsBase = time.Date(2026, time.February, 2, 3, 4, 5, 0, time.UTC)

// MigrateRulesets checks migration 00012 on s, a store opened (and so
// migrated) on a database that version 11 held with:
//
//   - world 1 "old" (seed 9, cadence 1000 ns, 24 days, season 1, not
//     paused, created at RulesetsBase) with camps human, ai "prudent", agent;
//   - its ticks of days 0 and 1 of season 1 ("h0" at RulesetsBase, "h1" a
//     minute later) and its season 1 from day 0;
//   - ada's career at camp 1 (human, patron "Aurèle", 1 season, 3 EP, sheet
//     {"max_pp":6}), her enrolment in season 1 for camp 1 (package "levy",
//     no purchases, 0 spent, at RulesetsBase, that sheet, not before the
//     setup) and her ledger line (season 1, 3 points, "judgment of season
//     1", at RulesetsBase);
//   - the camp token of camp 1, the SHA-256 of "camp-1";
//   - four orders, submitted at RulesetsBase, in this order: season 1 day 1
//     camp 0 rest (applied), season 1 day 1 camp 1 explore [12] "north"
//     (applied), season 1 day 2 camp 1 rest (pending), season 2 day 1
//     camp 1 rest (pending);
//   - the standing orders of season 1 of camp 1 (chop_wood, "wood") and
//     camp 2 (rest), set at RulesetsBase;
//   - three messages of season 1 day 1 sent at RulesetsBase, ids 1 to 3:
//     camp 1 to 0 "Paix ?", camp 0 to 1 "Jamais.", camp 0 to 2 "x", the
//     last one then deleted;
//   - the peace of camps 0 and 1 since day 1, and its signature by camp 1
//     on day 1.
//
// It checks that the world plays grisonval with 3 camps, that the orders,
// standing orders and messages of camp 1 in season 1 name ada and the
// others no one, that the token names no one, and that every other row is
// intact (and, since migration 00015, the ruler's). migrateTo must migrate
// the database of s to a version (or Latest), up or down: MigrateRulesets
// also takes it down to 11 and up again, and checks that going down past
// 12 is refused, and changes nothing of 12's, once a world of 5 camps
// holds camp 4's rows.
func MigrateRulesets(t *testing.T, s store.Store, migrateTo func(t *testing.T, version int64) error) {
	ctx := t.Context()
	checkMigratedRulesets(t, s)

	// Message ids go on growing past the deleted one.
	m := store.Message{WorldID: 1, Season: 1, Day: 2, From: 2, To: 0, Text: "Après.", SentAt: RulesetsBase}
	if err := s.SaveMessage(ctx, &m); err != nil {
		t.Fatalf("SaveMessage after the migration: %v", err)
	}
	if m.ID <= 3 {
		t.Errorf("SaveMessage after the migration: got ID %d; want more than 3", m.ID)
	}

	// Down to version 11 and up again: every row is kept and the players
	// are filled in again.
	if err := migrateTo(t, 11); err != nil {
		t.Fatalf("migrate down to version 11: %v", err)
	}
	if err := migrateTo(t, Latest); err != nil {
		t.Fatalf("migrate up again: %v", err)
	}
	checkMigratedRulesets(t, s)

	// A world of 5 camps cannot go down: camp numbers above 2 do not fit.
	five := newWorldOf(t, s, "five", "grisonval", 5)
	standing := store.StandingOrder{WorldID: five.ID, Season: 1, Camp: 4, Player: "eve", Action: "rest", SetAt: RulesetsBase}
	if err := s.SetStandingOrder(ctx, standing); err != nil {
		t.Fatalf("SetStandingOrder(camp 4): %v", err)
	}
	if err := migrateTo(t, 11); err == nil {
		t.Fatalf("migrate down to version 11 with camp 4's rows: got no error; want one")
	}
	// The later migrations went down before 12 refused to: up again.
	if err := migrateTo(t, Latest); err != nil {
		t.Fatalf("migrate up again: %v", err)
	}
	checkMigratedRulesets(t, s)
	got, err := s.World(ctx, five.ID)
	if err != nil {
		t.Fatalf("World(five) after the refused migration: %v", err)
	}
	checkWorld(t, got, five)
	if got, err := s.StandingOrders(ctx, five.ID, 1); err != nil || len(got) != 1 || got[0].Player != "eve" {
		t.Errorf("StandingOrders(five) after the refused migration: got %+v, %v; want camp 4's, set by eve", got, err)
	}
}

// checkMigratedRulesets checks world 1 as MigrateRulesets describes it.
func checkMigratedRulesets(t *testing.T, s store.Store) {
	t.Helper()
	ctx := t.Context()
	at := RulesetsBase
	w, err := s.World(ctx, 1)
	if err != nil {
		t.Fatalf("World: %v", err)
	}
	checkWorld(t, w, store.World{ID: 1, Name: "old", Ruleset: "grisonval", Camps: 3, Seed: 9, Cadence: 1000,
		SeasonLength: 24, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.AI, Posture: "prudent"}, {Kind: store.Agent}},
		CreatedAt:   at})

	order := func(season, day, camp int, player, action string, args []int, reason, status string) store.Order {
		return store.Order{WorldID: 1, Season: season, Day: day, Camp: camp, Player: player, Seat: store.RulerSeat,
			Action: action, Args: args, Reason: reason, SubmittedAt: at, Status: status}
	}
	checkOrders(t, s, 1, 1, []store.Order{
		order(1, 1, 0, "", "rest", nil, "", store.OrderApplied),
		order(1, 1, 1, "ada", "explore", []int{12}, "north", store.OrderApplied),
		order(1, 2, 1, "ada", "rest", nil, "", store.OrderPending),
	})
	checkOrders(t, s, 1, 2, []store.Order{order(2, 1, 1, "", "rest", nil, "", store.OrderPending)})

	standing, err := s.StandingOrders(ctx, 1, 1)
	if err != nil {
		t.Fatalf("StandingOrders: %v", err)
	}
	for i := range standing {
		standing[i].SetAt = toSecond(standing[i].SetAt)
	}
	wantStanding := []store.StandingOrder{
		{WorldID: 1, Season: 1, Camp: 1, Player: "ada", Action: "chop_wood", Reason: "wood", SetAt: at},
		{WorldID: 1, Season: 1, Camp: 2, Action: "rest", SetAt: at},
	}
	if !reflect.DeepEqual(standing, wantStanding) {
		t.Errorf("StandingOrders: got %+v; want %+v", standing, wantStanding)
	}

	msgs, err := s.Messages(ctx, 1, 1, 1, 0)
	if err != nil {
		t.Fatalf("Messages: %v", err)
	}
	for i := range msgs {
		msgs[i].SentAt = toSecond(msgs[i].SentAt)
	}
	wantMsgs := []store.Message{
		{ID: 1, WorldID: 1, Season: 1, Day: 1, From: 1, To: 0, Player: "ada", Seat: store.RulerSeat, Text: "Paix ?", SentAt: at},
		{ID: 2, WorldID: 1, Season: 1, Day: 1, From: 0, To: 1, Seat: store.RulerSeat, Text: "Jamais.", SentAt: at},
	}
	if !reflect.DeepEqual(msgs, wantMsgs) {
		t.Errorf("Messages: got %+v; want %+v", msgs, wantMsgs)
	}

	token, err := s.TokenByHash(ctx, hash("camp-1"))
	if err != nil {
		t.Fatalf("TokenByHash: %v", err)
	}
	if want := (store.Token{Hash: hash("camp-1"), Role: store.RoleCamp, WorldID: 1, Camp: 1, Seat: store.RulerSeat}); !reflect.DeepEqual(token, want) {
		t.Errorf("TokenByHash: got %+v; want %+v", token, want)
	}

	career, err := s.Career(ctx, 1, "ada")
	if err != nil {
		t.Fatalf("Career: %v", err)
	}
	if !sameJSON(career.Sheet, []byte(`{"max_pp":6}`)) {
		t.Errorf("Career: got sheet %s; want {\"max_pp\":6}", career.Sheet)
	}
	career.Sheet = nil
	if want := (store.Career{WorldID: 1, Player: "ada", Mode: "human", Camp: 1, Patron: "Aurèle", Seasons: 1, EP: 3}); !reflect.DeepEqual(career, want) {
		t.Errorf("Career: got %+v; want %+v", career, want)
	}
	enrolments, err := s.Enrolments(ctx, 1, 1)
	if err != nil {
		t.Fatalf("Enrolments: %v", err)
	}
	if len(enrolments) != 1 || enrolments[0].Player != "ada" || enrolments[0].Camp != 1 || enrolments[0].Package != "levy" ||
		!sameJSON(enrolments[0].Sheet, []byte(`{"max_pp":6}`)) || enrolments[0].BeforeSetup || !enrolments[0].At.Equal(at) {
		t.Errorf("Enrolments: got %+v; want ada's for camp 1, levy, sheet {\"max_pp\":6}, at %v", enrolments, at)
	}
	ledger, err := s.EminenceLedger(ctx, 1, "ada")
	if err != nil {
		t.Fatalf("EminenceLedger: %v", err)
	}
	for i := range ledger {
		ledger[i].At = toSecond(ledger[i].At)
	}
	if want := []store.EminenceEntry{{WorldID: 1, Player: "ada", Season: 1, Points: 3, Reason: "judgment of season 1", At: at}}; !reflect.DeepEqual(ledger, want) {
		t.Errorf("EminenceLedger: got %+v; want %+v", ledger, want)
	}

	latest, err := s.LatestTick(ctx, 1, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	if latest.Day != 1 || latest.Hash != "h1" || len(latest.Orders) != 2 || latest.Orders[1].Player != "ada" {
		t.Errorf("LatestTick: got day %d hash %q orders %+v; want day 1, h1, with camp 1's posted by ada", latest.Day, latest.Hash, latest.Orders)
	}
	pacts, err := s.Pacts(ctx, 1, 1)
	if err != nil {
		t.Fatalf("Pacts: %v", err)
	}
	if want := []store.Pact{{WorldID: 1, Season: 1, A: 0, B: 1, Status: store.PactPeace, SinceDay: 1}}; !reflect.DeepEqual(pacts, want) {
		t.Errorf("Pacts: got %+v; want %+v", pacts, want)
	}
	changes, err := s.PactChanges(ctx, 1, 1)
	if err != nil {
		t.Fatalf("PactChanges: %v", err)
	}
	if want := []store.PactChange{{WorldID: 1, Season: 1, Day: 1, A: 0, B: 1, By: 1, Event: store.PactSigned, Status: store.PactPeace}}; !reflect.DeepEqual(changes, want) {
		t.Errorf("PactChanges: got %+v; want %+v", changes, want)
	}
}
