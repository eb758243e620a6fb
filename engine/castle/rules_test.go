package castle_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/castle"
)

// TestSetup checks CAS-GAUGES and CAS-FIRST: gauges at 5 (with the
// packages' bonuses), a full deck, and a first city drawn from the seed, so
// that every seat is first in some worlds.
func TestSetup(t *testing.T) {
	first := map[int]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		s, err := castle.Setup(seed, 4, [][castle.NumGauges]int{{castle.Gold: 1}})
		if err != nil {
			t.Fatal(err)
		}
		first[s.Current]++
		cards := len(s.Deck)
		total := 0
		for _, n := range castle.Deck {
			total += n
		}
		if cards != total || s.Turn != 1 || s.Step != castle.Convert {
			t.Fatalf("seed %d: %d cards, turn %d, step %s; want %d, 1, convert", seed, cards, s.Turn, s.Step, total)
		}
		if c := s.Cities[1]; c.Gauges != [castle.NumGauges]int{5, 5, 5, 5, 5} && s.Current != 1 {
			t.Fatalf("seed %d: city 1 starts with %v", seed, c.Gauges)
		}
		if g := s.Cities[0].Gauges[castle.Gold]; s.Current != 0 && g != 6 {
			t.Fatalf("seed %d: city 0's package: gold %d; want 6", seed, g)
		}
	}
	for c := range 4 {
		if first[c] < 50 {
			t.Errorf("city %d played first in %d of 300 worlds; want about 75", c, first[c])
		}
	}
	if _, err := castle.Setup(1, 7, nil); err == nil {
		t.Errorf("a game of 7 cities was set up (CAS-CAMPS)")
	}
}

// TestNeighbours checks CAS-SEATS: the ring in camp order, closing over
// fallen cities.
func TestNeighbours(t *testing.T) {
	s, err := castle.Setup(1, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Neighbours(0); !slices.Equal(got, []int{1, 4}) {
		t.Errorf("city 0 of 5: neighbours %v; want [1 4]", got)
	}
	s.Cities[4].Fell = 1
	if got := s.Neighbours(0); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("city 0 with city 4 fallen: neighbours %v; want [1 3]", got)
	}
	s.Cities[2].Fell, s.Cities[3].Fell = 1, 1
	if got := s.Neighbours(0); !slices.Equal(got, []int{1}) {
		t.Errorf("city 0 with city 1 the only other: neighbours %v; want [1]", got)
	}
	s.Cities[1].Fell = 1
	if got := s.Neighbours(0); len(got) != 0 {
		t.Errorf("city 0 alone: neighbours %v; want none", got)
	}
}

// TestDeckReshuffle checks CAS-DECK: a deck too short for a draw gets the
// discard pile shuffled under it, the same way for the same seed and turn,
// and no card is lost or made.
func TestDeckReshuffle(t *testing.T) {
	s, err := castle.Setup(5, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Step, s.Current = castle.Convert, 0
	s.Deck = []castle.Card{castle.War}
	s.Discard = []castle.Card{castle.Fire, castle.Hospital, castle.Granary, castle.Outpost}
	a := castle.Resolve(s, nil).State
	b := castle.Resolve(s, nil).State
	if !slices.Equal(a.Drawn, b.Drawn) || !slices.Equal(a.Deck, b.Deck) {
		t.Errorf("two draws of the same state: %v %v and %v %v", a.Drawn, a.Deck, b.Drawn, b.Deck)
	}
	if a.Drawn[0] != castle.War || len(a.Drawn) != 3 || len(a.Deck) != 2 || len(a.Discard) != 0 {
		t.Errorf("got drawn %v, deck %v, discard %v; want war on top, 3 drawn, 2 left, none discarded", a.Drawn, a.Deck, a.Discard)
	}
	all := append(slices.Clone(a.Drawn), a.Deck...)
	slices.Sort(all)
	want := []castle.Card{castle.Granary, castle.War, castle.Outpost, castle.Hospital, castle.Fire}
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Errorf("cards after the reshuffle: %v; want %v", all, want)
	}
}

// TestTurnSteps checks CAS-TURN and CAS-IDLE: who acts in each step, that
// a city that waits may only post the default, and that the default is
// legal for every standing city in every step.
func TestTurnSteps(t *testing.T) {
	s, err := castle.Setup(1, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 9; step++ {
		for c := range s.Cities {
			acts := s.Acts(c)
			switch s.Step {
			case castle.Convert, castle.Draft:
				if acts != (c == s.Current) {
					t.Errorf("%s step of city %d: city %d acts %v", s.Step, s.Current, c, acts)
				}
			case castle.Play:
				if acts != (s.Cities[c].Hand != 0) {
					t.Errorf("play step: city %d with hand %s acts %v", c, s.Cities[c].Hand, acts)
				}
			}
			if re := castle.Validate(s, c, castle.Order{Action: castle.Default}); re != nil {
				t.Errorf("%s step: the default of city %d is refused: %v", s.Step, c, re)
			}
			if !acts {
				for _, a := range []castle.Action{castle.Pass, castle.ConvertArmy, castle.PlayCard, castle.DiscardCard} {
					if re := castle.Validate(s, c, castle.Order{Action: a}); re == nil || re.Code != castle.CodeNotAllowed {
						t.Errorf("%s step: waiting city %d's %s: got %v; want not_allowed", s.Step, c, a, re)
					}
				}
			}
		}
		s = castle.Resolve(s, nil).State
	}
}
