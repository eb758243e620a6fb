package storetest

import (
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// testFallen: a career keeps whether it has fallen (rule FALL-DOOR) as its
// enrolments store it, Enrol's and EnrolAtSetup's alike, and a close clears
// it for a player judged praise (rule FALL-REDEEM), not for blame or
// discharge.
func testFallen(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "fallen")
	type place struct {
		player string
		camp   int
		seat   string
	}
	enrolAll := func(season int, places []place, fallen bool) {
		t.Helper()
		for _, p := range places {
			c := store.Career{WorldID: w.ID, Player: p.player, Mode: "human", Camp: p.camp, Patron: "Aurèle",
				Seasons: season, Sheet: []byte(`{}`), Fallen: fallen}
			enrol(t, s, c, store.Enrolment{WorldID: w.ID, Season: season, Camp: p.camp, Seat: p.seat, Player: p.player,
				Patron: "Aurèle", Package: "levy", Sheet: c.Sheet, BeforeSetup: season > 1, At: base})
		}
	}
	type state struct {
		player string
		fallen bool
		ep     int
	}
	check := func(when string, want ...state) {
		t.Helper()
		for _, w0 := range want {
			got, err := s.Career(ctx, w.ID, w0.player)
			if err != nil {
				t.Errorf("Career(%s) %s: %v", w0.player, when, err)
				continue
			}
			if got.Fallen != w0.fallen || got.EP != w0.ep {
				t.Errorf("Career(%s) %s: got fallen %t, EP %d; want fallen %t, EP %d", w0.player, when, got.Fallen, got.EP,
					w0.fallen, w0.ep)
			}
		}
	}
	closeSeason := func(season int, verdicts map[string]string, eminence map[string]int) {
		t.Helper()
		c := store.SeasonClose{WorldID: w.ID, Season: season, At: base.Add(time.Duration(season) * time.Hour)}
		for _, player := range []string{"ada", "bob", "cyd", "dan"} {
			c.Players = append(c.Players, store.PlayerResult{Player: player, Patron: "Aurèle", Mode: "human",
				Feats: []byte(`{}`), Verdict: verdicts[player], Eminence: eminence[player]})
		}
		if err := s.CloseSeason(ctx, c); err != nil {
			t.Fatalf("CloseSeason(%d): %v", season, err)
		}
	}
	for season := 1; season <= 3; season++ {
		commit(t, s, store.Tick{WorldID: w.ID, Season: season, Day: 0, State: []byte("0"), Hash: "0",
			CommittedAt: base.Add(time.Duration(season) * time.Hour)})
	}

	// Season 1: four new careers, none fallen; all four are blamed.
	enrolAll(1, []place{{"ada", 0, store.RulerSeat}, {"bob", 1, store.RulerSeat}, {"cyd", 2, store.RulerSeat},
		{"dan", 0, general}}, false)
	check("at its first enrolment", state{"ada", false, 0}, state{"bob", false, 0}, state{"cyd", false, 0},
		state{"dan", false, 0})
	blame := map[string]string{"ada": "blame", "bob": "blame", "cyd": "blame", "dan": "blame"}
	closeSeason(1, blame, nil)

	// Season 2: ada, bob and cyd fall into other camps; dan re-enrols in
	// his own. A career stored fallen reads back fallen.
	enrolAll(2, []place{{"ada", 1, store.RulerSeat}, {"bob", 2, store.RulerSeat}, {"cyd", 0, store.RulerSeat}}, true)
	enrolAll(2, []place{{"dan", 0, general}}, false)
	check("after the falls", state{"ada", true, 0}, state{"bob", true, 0}, state{"cyd", true, 0}, state{"dan", false, 0})

	// The close of season 2 redeems the praised fallen career, in the same
	// transaction that credits its eminence, and no other.
	closeSeason(2, map[string]string{"ada": store.VerdictPraise, "bob": "blame", "cyd": "discharge", "dan": store.VerdictPraise},
		map[string]int{"ada": 1, "dan": 2})
	check("after the close of season 2", state{"ada", false, 1}, state{"bob", true, 0}, state{"cyd", true, 0},
		state{"dan", false, 2})

	// Season 3: bob's re-enrolment stores him not fallen again, and ada's
	// enrolment at the setup stores her fallen again (her camp is gone;
	// the fall forfeits her eminence points).
	enrolAll(3, []place{{"bob", 2, store.RulerSeat}}, false)
	ada := store.Career{WorldID: w.ID, Player: "ada", Mode: "human", Camp: 2, Patron: "Bérénice", Seasons: 3,
		EP: 0, Sheet: []byte(`{}`), Fallen: true}
	setup := store.Tick{WorldID: w.ID, Season: 3, Day: 0, State: []byte("setup"), Hash: "s", CommittedAt: base.Add(3 * time.Hour)}
	if err := s.EnrolAtSetup(ctx, ada, store.Enrolment{WorldID: w.ID, Season: 3, Camp: 2, Seat: general, Player: "ada",
		Patron: "Bérénice", Package: "levy", Sheet: ada.Sheet, BeforeSetup: true, At: base}, setup); err != nil {
		t.Fatalf("EnrolAtSetup(ada): %v", err)
	}
	check("after season 3's enrolments", state{"ada", true, 0}, state{"bob", false, 0}, state{"cyd", true, 0},
		state{"dan", false, 2})
}
