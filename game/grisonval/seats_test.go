package grisonval_test

import (
	"slices"
	"testing"

	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
)

// TestSeatDomains checks rule SEAT-DOMAIN: the ruler's seat comes first
// with no domain (it posts any action), the seven councillors follow in
// seed 001's order, and every action the engine plays is in at least one
// councillor's domain, so that no order is out of every proposal's reach.
func TestSeatDomains(t *testing.T) {
	seats := game.SeatsOf(grisonval.Ruleset{}.Season(engine.NumCamps))
	if len(seats) != engine.NumSeats {
		t.Fatalf("got %d seats; want %d", len(seats), engine.NumSeats)
	}
	if seats[0].Code != game.RulerSeat || seats[0].Domain != nil {
		t.Errorf("first seat: got %q with domain %v; want %q with none", seats[0].Code, seats[0].Domain, game.RulerSeat)
	}
	covered := map[string]bool{}
	for i, s := range seats[1:] {
		if want := engine.SeatKind(i + 2).String(); s.Code != want {
			t.Errorf("seat %d: got %q; want %q", i+2, s.Code, want)
		}
		if len(s.Domain) == 0 {
			t.Errorf("seat %q has an empty domain", s.Code)
		}
		for _, a := range s.Domain {
			if _, ok := engine.ParseAction(a); !ok {
				t.Errorf("seat %q: %q is not an action the engine plays", s.Code, a)
			}
			covered[a] = true
		}
		if s.Name.EN == "" || s.Name.FR == "" {
			t.Errorf("seat %q: name %+v lacks a language", s.Code, s.Name)
		}
	}
	for _, a := range engine.Actions() {
		if !covered[a.String()] {
			t.Errorf("action %q is in no councillor's domain", a)
		}
	}
	if !slices.Contains(seats[2].Domain, "send_army") {
		t.Errorf("the general's domain %v lacks send_army", seats[2].Domain)
	}
}
