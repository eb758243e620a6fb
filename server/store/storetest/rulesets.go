package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// newWorldOf creates a world named name of ruleset with one human
// controller per camp.
func newWorldOf(t *testing.T, s store.Store, name, ruleset string, camps int) store.World {
	t.Helper()
	w := store.World{
		Name: name, Ruleset: ruleset, Camps: camps, Seed: 11, Cadence: time.Minute, SeasonLength: 24, Season: 1,
		Controllers: make([]store.Controller, camps), CreatedAt: base,
	}
	for c := range w.Controllers {
		w.Controllers[c] = store.Controller{Kind: store.Human}
	}
	if err := s.CreateWorld(t.Context(), &w); err != nil {
		t.Fatalf("CreateWorld(%q, %d camps): %v", name, camps, err)
	}
	return w
}

// testFiveCamps checks that every table keeps what camp 4 of a world of 5
// camps does: a camp number is bounded only by its world's camps.
func testFiveCamps(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorldOf(t, s, "five", "grisonval", 5)

	token := store.Token{Hash: hash("five-camp4"), Role: store.RoleCamp, WorldID: w.ID, Camp: 4, Player: "eve",
		Seat: store.RulerSeat}
	if err := s.PutToken(ctx, token); err != nil {
		t.Fatalf("PutToken(camp 4): %v", err)
	}
	if got, err := s.TokenByHash(ctx, token.Hash); err != nil || !reflect.DeepEqual(got, token) {
		t.Errorf("TokenByHash(camp 4): got %+v, %v; want %+v", got, err, token)
	}

	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base,
		Journal: []store.JournalEntry{journal(w.ID, 1, 0, 4, "setup", []int{60}, "Le cinquième camp s'installe.", "")}})
	camp4 := order(w.ID, 1, 1, 4, "explore", []int{61}, "", 1)
	camp4.Player = "eve"
	camp3 := order(w.ID, 1, 1, 3, "rest", nil, "", 2)
	saveOrder(t, s, camp4)
	saveOrder(t, s, camp3)
	checkPending(t, s, w.ID, 1, 1, []store.Order{camp3, camp4})

	standing := store.StandingOrder{WorldID: w.ID, Season: 1, Camp: 4, Player: "eve", Action: "chop_wood",
		Reason: "wood", SetAt: base.Add(3 * time.Second)}
	if err := s.SetStandingOrder(ctx, standing); err != nil {
		t.Fatalf("SetStandingOrder(camp 4): %v", err)
	}
	standings, err := s.StandingOrders(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("StandingOrders: %v", err)
	}
	if len(standings) == 1 {
		standings[0].SetAt = toSecond(standings[0].SetAt)
	}
	standing.SetAt = toSecond(standing.SetAt)
	if !reflect.DeepEqual(standings, []store.StandingOrder{standing}) {
		t.Errorf("StandingOrders: got %+v; want camp 4's %+v", standings, standing)
	}

	messages := []store.Message{
		{WorldID: w.ID, Season: 1, Day: 1, From: 4, To: 0, Player: "eve", Seat: store.RulerSeat, Text: "Bonjour du cinquième.",
			SentAt: base},
		{WorldID: w.ID, Season: 1, Day: 1, From: 2, To: 4, Seat: store.RulerSeat, Text: "Bienvenue.", SentAt: base},
		{WorldID: w.ID, Season: 1, Day: 1, From: 3, To: 1, Seat: store.RulerSeat, Text: "Entre nous.", SentAt: base},
	}
	for i := range messages {
		if err := s.SaveMessage(ctx, &messages[i]); err != nil {
			t.Fatalf("SaveMessage(camp %d to camp %d): %v", messages[i].From, messages[i].To, err)
		}
	}
	got, err := s.Messages(ctx, w.ID, 1, 4, 0)
	if err != nil {
		t.Fatalf("Messages(camp 4): %v", err)
	}
	want := []store.Message{messages[0], messages[1]}
	for i := range got {
		got[i].SentAt = toSecond(got[i].SentAt)
	}
	for i := range want {
		want[i].SentAt = toSecond(want[i].SentAt)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Messages(camp 4): got %+v; want %+v", got, want)
	}

	camp4.Status = store.OrderApplied
	camp3.Status = store.OrderApplied
	rest := order(w.ID, 1, 1, 0, "rest", nil, "", 4)
	rest.Status = store.OrderStanding
	pacts := []store.PactChange{
		{WorldID: w.ID, Season: 1, Day: 1, A: 3, B: 4, By: 4, Event: store.PactSigned, Status: store.PactAlliance},
		{WorldID: w.ID, Season: 1, Day: 1, A: 0, B: 4, By: 0, Event: store.PactProposed, Status: store.PactWar},
	}
	day1 := store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("1"), Hash: "1", CommittedAt: base.Add(time.Minute),
		Orders:  []store.Order{rest, camp3, camp4},
		Journal: []store.JournalEntry{journal(w.ID, 1, 1, 4, "explore", []int{61}, "Les éclaireurs du cinquième.", "")},
		Pacts:   pacts}
	commit(t, s, day1)
	latest, err := s.LatestTick(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	checkTick(t, "LatestTick", latest, day1, true)
	checkJournal(t, s, w.ID, 1, 4, 0, []store.JournalEntry{
		journal(w.ID, 1, 0, 4, "setup", []int{60}, "Le cinquième camp s'installe.", ""), day1.Journal[0]})
	changes, err := s.PactChanges(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("PactChanges: %v", err)
	}
	if !reflect.DeepEqual(changes, pacts) {
		t.Errorf("PactChanges: got %+v; want %+v", changes, pacts)
	}
	current, err := s.Pacts(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Pacts: %v", err)
	}
	if want := []store.Pact{{WorldID: w.ID, Season: 1, A: 3, B: 4, Status: store.PactAlliance, SinceDay: 1}}; !reflect.DeepEqual(current, want) {
		t.Errorf("Pacts: got %+v; want %+v", current, want)
	}

	eve := store.Career{WorldID: w.ID, Player: "eve", Mode: "human", Camp: 4, Patron: "Eudes", Seasons: 1, Sheet: []byte(`{}`)}
	enrol(t, s, eve, store.Enrolment{WorldID: w.ID, Season: 1, Camp: 4, Player: "eve", Patron: "Eudes", Package: "levy",
		Sheet: eve.Sheet, At: base})
	career, err := s.Career(ctx, w.ID, "eve")
	if err != nil || career.Camp != 4 {
		t.Errorf("Career(eve): got camp %d, %v; want camp 4", career.Camp, err)
	}
	results := make([]store.SeasonResult, w.Camps)
	for c := range results {
		results[c] = store.SeasonResult{WorldID: w.ID, Season: 1, Camp: c, Rank: w.Camps - c, Score: int64(10 * c),
			Summary: fmt.Sprint("camp ", c)}
	}
	if err := s.PutSeasonResults(ctx, results); err != nil {
		t.Fatalf("PutSeasonResults of 5 camps: %v", err)
	}
	ranked, err := s.SeasonResults(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("SeasonResults: %v", err)
	}
	if len(ranked) != w.Camps || ranked[0].Camp != 4 {
		t.Errorf("SeasonResults: got %+v; want 5 results, camp 4 first", ranked)
	}
}

// testWrongControllers checks that a world without one controller per
// camp is refused, and stores nothing.
func testWrongControllers(t *testing.T, s store.Store) {
	ctx := t.Context()
	human := store.Controller{Kind: store.Human}
	tests := []struct {
		name        string
		camps       int
		controllers []store.Controller
	}{
		{"3 camps, 2 controllers", 3, []store.Controller{human, human}},
		{"2 camps, 3 controllers", 2, []store.Controller{human, human, human}},
		{"5 camps, no controllers", 5, nil},
		{"no camps", 0, nil},
		{"-1 camps", -1, nil},
	}
	for _, tc := range tests {
		w := store.World{Name: tc.name, Ruleset: "grisonval", Camps: tc.camps, Season: 1,
			Controllers: tc.controllers, CreatedAt: base}
		if err := s.CreateWorld(ctx, &w); err == nil {
			t.Errorf("CreateWorld(%s): got no error, world %d; want one", tc.name, w.ID)
		}
	}
	if all, err := s.Worlds(ctx); err != nil || len(all) != 0 {
		t.Fatalf("Worlds after refused worlds: got %+v, %v; want none", all, err)
	}

	w := newWorld(t, s, "kept")
	for _, tc := range tests {
		bad := w
		bad.Name, bad.Camps, bad.Controllers = "changed", tc.camps, tc.controllers
		if err := s.UpdateWorld(ctx, bad); err == nil {
			t.Errorf("UpdateWorld(%s): got no error; want one", tc.name)
		}
	}
	got, err := s.World(ctx, w.ID)
	if err != nil {
		t.Fatalf("World: %v", err)
	}
	checkWorld(t, got, w)
}
