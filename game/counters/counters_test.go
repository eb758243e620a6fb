package counters_test

import (
	"testing"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/counters"
	"github.com/grisonval/server/game/gametest"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestConformance runs the rulesets' conformance suite. Counters has no
// fog (CNT-CAMPS): every camp sees every camp's points.
func TestConformance(t *testing.T) {
	gametest.Run(t, counters.Ruleset{}, gametest.Config{})
}

// TestCounters plays the counters' rules as scenarios of one day each: the
// gains before the steals, a steal from a camp left with no point (CNT-DAY),
// retirement and the game's end (CNT-RETIRE), and the refusals of
// CNT-ACTIONS.
func TestCounters(t *testing.T) {
	rs := counters.Ruleset{}
	rest, steal := game.Order{Action: "rest"}, func(c int) game.Order { return game.Order{Action: "steal", Args: []int{c}} }
	gain := func(n int) game.Order { return game.Order{Action: "gain", Args: []int{n}} }
	for _, tc := range []struct {
		name    string
		points  []int
		orders  []game.Order
		want    []int
		stale   []bool
		retired []bool
		over    bool
	}{
		{"a gain counts before the steals", []int{1, 0, 0}, []game.Order{gain(1), steal(0), steal(0)}, []int{0, 1, 1}, []bool{false, false, false}, []bool{false, false, false}, false},
		{"two steals from one point: the second camp's is stale", []int{1, 2, 2}, []game.Order{rest, steal(0), steal(0)}, []int{0, 3, 2}, []bool{false, false, true}, []bool{false, false, false}, false},
		{"crossed steals both play", []int{1, 1}, []game.Order{steal(1), steal(0)}, []int{1, 1}, []bool{false, false}, []bool{false, false}, false},
		{"10 points retire the camp and end a game of two", []int{8, 3}, []game.Order{gain(2), rest}, []int{10, 3}, []bool{false, false}, []bool{true, false}, true},
		{"a game of three goes on with two camps", []int{9, 3, 3}, []game.Order{gain(1), rest, rest}, []int{10, 3, 3}, []bool{false, false, false}, []bool{true, false, false}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &counters.State{Points: tc.points, Retired: make([]bool, len(tc.points))}
			out := rs.Resolve(s, tc.orders)
			got := out.State.(*counters.State)
			for c := range tc.points {
				if got.Points[c] != tc.want[c] || (out.Refusals[c] != nil) != tc.stale[c] || got.Retired[c] != tc.retired[c] {
					t.Errorf("camp %d: got %d points, refusal %v, retired %v; want %d, stale %v, retired %v",
						c, got.Points[c], out.Refusals[c], got.Retired[c], tc.want[c], tc.stale[c], tc.retired[c])
				}
			}
			if got.Over() != tc.over {
				t.Errorf("over: got %v; want %v", got.Over(), tc.over)
			}
		})
	}
	s := &counters.State{Points: []int{0, 0, 12}, Retired: []bool{false, false, true}}
	for _, tc := range []struct {
		camp   int
		order  game.Order
		reason pb.ErrorReason
	}{
		{0, gain(4), pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS},
		{0, steal(1), pb.ErrorReason_ERROR_REASON_NOT_ALLOWED},
		{0, steal(2), pb.ErrorReason_ERROR_REASON_NOT_ALLOWED},
		{0, game.Order{Action: "fly"}, pb.ErrorReason_ERROR_REASON_UNKNOWN_ACTION},
		{2, rest, pb.ErrorReason_ERROR_REASON_CAMP_EXTINCT},
	} {
		if re := rs.Validate(s, tc.camp, tc.order); re == nil || re.Reason != tc.reason {
			t.Errorf("camp %d's %v: got %v; want %s", tc.camp, tc.order, re, tc.reason)
		}
	}
}
