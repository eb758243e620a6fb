package storetest

import (
	"errors"
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

// SeatsBase is the instant the version-14 database of MigrateSeats is
// filled at.
var SeatsBase = time.Date(2026, time.April, 5, 6, 7, 8, 0, time.UTC)

// MigrateSeats checks migration 00015 (seats) on s, a store opened (and so
// migrated) on a database that version 14 held with:
//
//   - world 1 "old" (grisonval, 3 camps human, ai "prudent", agent; seed 9,
//     cadence 1000 ns, 24 days, season 1, created at SeatsBase), its ticks
//     of days 0 ("h0") and 1 ("h1") of season 1, committed at SeatsBase, and
//     its season 1 from day 0;
//   - ada's career at camp 0 (human, patron "Aurèle", 1 season, 0 EP, sheet
//     {}) and her enrolment in season 1 for camp 0 (package "levy", no
//     purchases, 0 spent, sheet {}, not before the setup, at SeatsBase);
//   - the close of season 1 on day 1 at SeatsBase, by no one, with ada's
//     result (camp 0, "Aurèle", human, feats {}, standing 12, praise, no
//     titles, 1 posted tick, 0 eminence);
//   - the admin token "ops", the SHA-256 of "admin-ops", and camp 0's token,
//     the SHA-256 of "camp-0", issued to ada;
//   - two orders of camp 0 submitted at SeatsBase: season 1 day 1 rest,
//     applied, posted by ada; season 2 day 1 explore [3] "east", pending;
//   - a message of season 1 day 1 from camp 0 to camp 1, "Paix ?", sent by
//     ada at SeatsBase.
//
// It checks that every row is kept and that the camp token, the orders, the
// message, the enrolment and the result are the ruler's (the admin token
// has no seat). migrateTo must migrate the database of s to a version (or
// Latest), up or down: MigrateSeats also takes it down to 14 and up again,
// which drops a councillor's token and keeps the ruler's, and checks that
// going down is refused, and changes nothing of 15's, once a camp has a
// councillor's enrolment and a council message.
func MigrateSeats(t *testing.T, s store.Store, migrateTo func(t *testing.T, version int64) error) {
	ctx := t.Context()
	checkMigratedSeats(t, s)

	// A councillor's token does not survive going down: it would speak
	// for the ruler.
	general := store.Token{Hash: hash("camp-0-general"), Role: store.RoleCamp, WorldID: 1, Camp: 0, Seat: "general"}
	if err := s.PutToken(ctx, general); err != nil {
		t.Fatalf("PutToken(general): %v", err)
	}
	if err := migrateTo(t, 14); err != nil {
		t.Fatalf("migrate down to version 14: %v", err)
	}
	if err := migrateTo(t, Latest); err != nil {
		t.Fatalf("migrate up again: %v", err)
	}
	checkMigratedSeats(t, s)
	if _, err := s.TokenByHash(ctx, general.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TokenByHash(general) after going down and up: got error %v; want ErrNotFound", err)
	}

	// A camp with two seats enrolled, or with council talk, cannot go
	// down.
	bob := store.Career{WorldID: 1, Player: "bob", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1, Sheet: []byte(`{}`)}
	enrol(t, s, bob, store.Enrolment{WorldID: 1, Season: 1, Camp: 0, Seat: "general", Player: "bob", Patron: "Aurèle",
		Package: "levy", Sheet: bob.Sheet, At: SeatsBase})
	council := store.Message{WorldID: 1, Season: 1, Day: 1, From: 0, To: 0, Player: "bob", Seat: "general", Text: "Conseil.",
		SentAt: SeatsBase}
	if err := s.SaveMessage(ctx, &council); err != nil {
		t.Fatalf("SaveMessage(council): %v", err)
	}
	if err := migrateTo(t, 14); err == nil {
		t.Fatalf("migrate down to version 14 with two seats of camp 0 enrolled: got no error; want one")
	}
	// The later migrations went down before 15 refused to: up again.
	if err := migrateTo(t, Latest); err != nil {
		t.Fatalf("migrate up again: %v", err)
	}
	checkMigratedSeats(t, s)
	es, err := s.Enrolments(ctx, 1, 1)
	if err != nil || len(es) != 2 || es[1].Player != "bob" || es[1].Seat != "general" {
		t.Errorf("Enrolments after the refused migration: got %+v, %v; want ada the ruler's, bob the general's", es, err)
	}
	msgs, err := s.Messages(ctx, 1, 1, 0, 0)
	if err != nil || len(msgs) != 2 || msgs[1].ID != council.ID || msgs[1].Seat != "general" {
		t.Errorf("Messages after the refused migration: got %+v, %v; want ada's and the council's", msgs, err)
	}
}

// checkMigratedSeats checks world 1 as MigrateSeats describes it.
func checkMigratedSeats(t *testing.T, s store.Store) {
	t.Helper()
	ctx := t.Context()
	at := SeatsBase
	w, err := s.World(ctx, 1)
	if err != nil {
		t.Fatalf("World: %v", err)
	}
	checkWorld(t, w, store.World{ID: 1, Name: "old", Ruleset: "grisonval", Camps: 3, Seed: 9, Cadence: 1000,
		SeasonLength: 24, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.AI, Posture: "prudent"}, {Kind: store.Agent}},
		CreatedAt:   at})

	for _, want := range []store.Token{
		{Hash: hash("admin-ops"), Role: store.RoleAdmin, Camp: -1, Name: "ops"},
		{Hash: hash("camp-0"), Role: store.RoleCamp, WorldID: 1, Camp: 0, Player: "ada", Seat: store.RulerSeat},
	} {
		got, err := s.TokenByHash(ctx, want.Hash)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("TokenByHash: got %+v, %v; want %+v", got, err, want)
		}
	}

	checkOrders(t, s, 1, 1, []store.Order{{WorldID: 1, Season: 1, Day: 1, Camp: 0, Player: "ada", Seat: store.RulerSeat,
		Action: "rest", SubmittedAt: at, Status: store.OrderApplied}})
	checkOrders(t, s, 1, 2, []store.Order{{WorldID: 1, Season: 2, Day: 1, Camp: 0, Seat: store.RulerSeat,
		Action: "explore", Args: []int{3}, Reason: "east", SubmittedAt: at, Status: store.OrderPending}})
	latest, err := s.LatestTick(ctx, 1, 1)
	if err != nil || latest.Day != 1 || latest.Hash != "h1" || len(latest.Orders) != 1 || latest.Orders[0].Seat != store.RulerSeat {
		t.Errorf("LatestTick: got %+v, %v; want day 1, h1, with the ruler's order", latest, err)
	}

	msgs, err := s.Messages(ctx, 1, 1, 1, 0)
	if err != nil {
		t.Fatalf("Messages: %v", err)
	}
	for i := range msgs {
		msgs[i].SentAt = toSecond(msgs[i].SentAt)
	}
	wantMsgs := []store.Message{{ID: 1, WorldID: 1, Season: 1, Day: 1, From: 0, To: 1, Player: "ada", Seat: store.RulerSeat,
		Text: "Paix ?", SentAt: at}}
	if !reflect.DeepEqual(msgs, wantMsgs) {
		t.Errorf("Messages: got %+v; want %+v", msgs, wantMsgs)
	}

	es, err := s.Enrolments(ctx, 1, 1)
	if err != nil {
		t.Fatalf("Enrolments: %v", err)
	}
	if len(es) == 0 || !sameJSON(es[0].Sheet, []byte(`{}`)) {
		t.Fatalf("Enrolments: got %+v; want ada's first, with sheet {}", es)
	}
	es[0].Sheet, es[0].At = nil, toSecond(es[0].At)
	if want := (store.Enrolment{WorldID: 1, Season: 1, Camp: 0, Seat: store.RulerSeat, Player: "ada", Patron: "Aurèle",
		Package: "levy", At: at}); !reflect.DeepEqual(es[0], want) {
		t.Errorf("Enrolments[0]: got %+v; want %+v", es[0], want)
	}
	career, err := s.Career(ctx, 1, "ada")
	if err != nil || career.Camp != 0 || career.Patron != "Aurèle" || career.Seasons != 1 {
		t.Errorf("Career(ada): got %+v, %v; want camp 0, Aurèle, 1 season", career, err)
	}

	c, err := s.SeasonClose(ctx, 1, 1)
	if err != nil {
		t.Fatalf("SeasonClose: %v", err)
	}
	if len(c.Players) != 1 || !sameJSON(c.Players[0].Feats, []byte(`{}`)) {
		t.Fatalf("SeasonClose: got players %+v; want ada's, with feats {}", c.Players)
	}
	c.Players[0].Feats = nil
	if want := (store.PlayerResult{Camp: 0, Seat: store.RulerSeat, Player: "ada", Patron: "Aurèle", Mode: "human",
		Standing: 12, Verdict: "praise", PostedTicks: 1}); !reflect.DeepEqual(c.Players[0], want) || c.Day != 1 {
		t.Errorf("SeasonClose: got day %d, player %+v; want day 1, %+v", c.Day, c.Players[0], want)
	}

	if got, err := s.Proposals(ctx, 1, 1, 0, 0); err != nil || len(got) != 0 {
		t.Errorf("Proposals: got %+v, %v; want none", got, err)
	}
}

// FallenBase is the instant the version-15 database of MigrateFallen is
// filled at.
var FallenBase = time.Date(2026, time.May, 6, 7, 8, 9, 0, time.UTC)

// MigrateFallen checks migration 00016 (a career's fall) on s, a store
// opened (and so migrated) on a database that version 15 held with:
//
//   - world 1 "old" (grisonval, 3 camps human, ai "prudent", agent; seed 9,
//     cadence 1000 ns, 24 days, season 1, created at FallenBase);
//   - ada's career at camp 0 (human, patron "Aurèle", 1 season, 2 EP, sheet
//     {}) and her enrolment in season 1 for camp 0's ruler's seat (package
//     "levy", no purchases, 0 spent, sheet {}, not before the setup, at
//     FallenBase).
//
// It checks that ada's career is kept and not fallen, and that a career
// stored fallen after the migration reads back fallen. migrateTo must
// migrate the database of s to a version (or Latest), up or down:
// MigrateFallen also takes it down to 15 and up again, which keeps every
// career and forgets the fall.
func MigrateFallen(t *testing.T, s store.Store, migrateTo func(t *testing.T, version int64) error) {
	ada := store.Career{WorldID: 1, Player: "ada", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1, EP: 2,
		Sheet: []byte(`{}`)}
	checkCareer(t, s, "after the migration", ada)
	es, err := s.Enrolments(t.Context(), 1, 1)
	if err != nil || len(es) != 1 || es[0].Player != "ada" || es[0].Seat != store.RulerSeat || !es[0].At.Equal(FallenBase) {
		t.Errorf("Enrolments after the migration: got %+v, %v; want ada's, the ruler's, at %v", es, err, FallenBase)
	}

	// bob falls into camp 1 in season 2.
	bob := store.Career{WorldID: 1, Player: "bob", Mode: "agent", Camp: 1, Patron: "Bérénice", Seasons: 2,
		Sheet: []byte(`{}`), Fallen: true}
	enrol(t, s, bob, store.Enrolment{WorldID: 1, Season: 2, Camp: 1, Player: "bob", Patron: "Bérénice", Package: "levy",
		Sheet: bob.Sheet, BeforeSetup: true, At: FallenBase})
	checkCareer(t, s, "stored fallen", bob)

	// Down to version 15 and up again: the careers are kept, the fall is
	// forgotten.
	if err := migrateTo(t, 15); err != nil {
		t.Fatalf("migrate down to version 15: %v", err)
	}
	if err := migrateTo(t, Latest); err != nil {
		t.Fatalf("migrate up again: %v", err)
	}
	checkCareer(t, s, "after going down and up", ada)
	bob.Fallen = false
	checkCareer(t, s, "after going down and up", bob)
}

// checkCareer checks that a career reads back as want, its sheet as the
// same JSON value.
func checkCareer(t *testing.T, s store.Store, when string, want store.Career) {
	t.Helper()
	got, err := s.Career(t.Context(), want.WorldID, want.Player)
	if err != nil {
		t.Fatalf("Career(%s) %s: %v", want.Player, when, err)
	}
	if !sameJSON(got.Sheet, want.Sheet) {
		t.Errorf("Career(%s) %s: got sheet %s; want %s", want.Player, when, got.Sheet, want.Sheet)
	}
	got.Sheet, want.Sheet = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Career(%s) %s: got %+v; want %+v", want.Player, when, got, want)
	}
}
