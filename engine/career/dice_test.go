package career_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/career"
)

// script is a Source that returns its values in turn (each taken mod n).
type script []int

func (s *script) Intn(n int) int {
	v := (*s)[0] % n
	*s = (*s)[1:]
	return v
}

func TestD666(t *testing.T) {
	cases := []struct {
		name              string
		draws             script
		want              career.D666
		q                 int
		is111, is666, int bool
	}{
		{"CAR-D666 order kept and Q is the third die", script{1, 4, 5}, career.D666{2, 5, 6}, 6, false, false, false},
		{"CAR-D666 111", script{0, 0, 0}, career.D666{1, 1, 1}, 1, true, false, true},
		{"CAR-D666 666", script{5, 5, 5}, career.D666{6, 6, 6}, 6, false, true, true},
		{"CAR-D666 116 is no intervention", script{0, 0, 5}, career.D666{1, 1, 6}, 6, false, false, false},
		{"CAR-D666 661 is no intervention", script{5, 5, 0}, career.D666{6, 6, 1}, 1, false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := career.RollD666(&c.draws)
			if d != c.want {
				t.Fatalf("got %v; want %v", d, c.want)
			}
			if d.Q() != c.q || d.Is111() != c.is111 || d.Is666() != c.is666 || d.Intervention() != c.int {
				t.Errorf("got Q %d, 111 %t, 666 %t, intervention %t; want %d, %t, %t, %t",
					d.Q(), d.Is111(), d.Is666(), d.Intervention(), c.q, c.is111, c.is666, c.int)
			}
			if !d.Valid() {
				t.Errorf("got %v invalid; want valid", d)
			}
		})
	}
	t.Run("CAR-D666 zero value is no roll", func(t *testing.T) {
		var d career.D666
		if d.Valid() || d.Q() != 0 || d.Intervention() || d.String() != "none" {
			t.Errorf("got valid %t, Q %d, intervention %t, %q; want false, 0, false, \"none\"", d.Valid(), d.Q(), d.Intervention(), d.String())
		}
	})
	t.Run("CAR-D666 each face from each draw", func(t *testing.T) {
		for v := range 6 {
			src := script{v, v + 6, v + 12}
			if got, want := career.RollD666(&src), (career.D666{v + 1, v + 1, v + 1}); got != want {
				t.Errorf("got %v; want %v", got, want)
			}
		}
	})
}

// TestRollFeats checks that each feat but a recovery gets the next roll and
// keeps its order, that an intervention follows a 111 or a 666 with the
// order of the feat it was rolled for (CAR-D666, FEAT-AUTHOR), and that an
// intervention the world rolled keeps its roll and draws nothing (PAT-D666).
func TestRollFeats(t *testing.T) {
	draws := script{5, 5, 5, 1, 2, 3}
	in := []career.Feat{
		{Kind: career.MissionSucceeded, Order: 3},
		{Kind: career.Recovery, Order: 7},
		{Kind: career.InterventionTriggered, Roll: career.D666{1, 1, 1}, Order: 7},
		{Kind: career.IntelSupportInfluence, Order: 7},
	}
	got := career.RollFeats(&draws, in)
	want := []career.Feat{
		{Kind: career.MissionSucceeded, Roll: career.D666{6, 6, 6}, Order: 3},
		{Kind: career.InterventionTriggered, Roll: career.D666{6, 6, 6}, Order: 3},
		{Kind: career.Recovery, Order: 7},
		{Kind: career.InterventionTriggered, Roll: career.D666{1, 1, 1}, Order: 7},
		{Kind: career.IntelSupportInfluence, Roll: career.D666{2, 3, 4}, Order: 7},
	}
	if !slices.Equal(got, want) {
		t.Errorf("FEAT-AUTHOR: got %+v; want %+v", got, want)
	}
	if in[0].Roll != (career.D666{}) {
		t.Errorf("the input was modified: %+v", in)
	}
}
