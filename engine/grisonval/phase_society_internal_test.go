package grisonval

import "testing"

// TestOtherIndex checks otherIndex, which counts without branching,
// against the rule it keeps (CIT-SOC): the draw j is the j-th citizen
// other than the mover and the first citizen moved, in list order.
func TestOtherIndex(t *testing.T) {
	const n = 7
	for self := range n {
		for first := -1; first < n; first++ {
			if first == self {
				continue
			}
			var others []int
			for i := range n {
				if i != self && i != first {
					others = append(others, i)
				}
			}
			for j, want := range others {
				if got := otherIndex(j, self, first); got != want {
					t.Errorf("otherIndex(%d, %d, %d) = %d; want %d", j, self, first, got, want)
				}
			}
		}
	}
}

// TestLostLegends checks that lostLegends counts the masters gone between
// two lists of citizens, and only them, wherever they stood.
func TestLostLegends(t *testing.T) {
	before := []Citizen{{ID: 1, Level: MaxLevel}, {ID: 2, Level: MaxLevel - 1}, {ID: 3, Level: MaxLevel}, {ID: 5, Level: MaxLevel}, {ID: 8}}
	for _, tc := range []struct {
		name  string
		after []Citizen
		want  int
	}{
		{"everyone stays", before, 0},
		{"a newborn", append(before[:5:5], Citizen{ID: 9}), 0},
		{"first master dies", before[1:], 1},
		{"last master dies", []Citizen{before[0], before[1], before[2], before[4]}, 1},
		{"a journeyman dies", []Citizen{before[0], before[2], before[3], before[4]}, 0},
		{"all die", nil, 3},
		{"all die, one born", []Citizen{{ID: 9, Level: MaxLevel}}, 3},
	} {
		w := NewWorld(1)
		prev := w.Clone()
		prev.Camps[0].Citizens = before
		w.Camps[0].Citizens = tc.after
		tk := &tick{prev: prev, w: w}
		if got := tk.lostLegends(0); got != tc.want {
			t.Errorf("%s: %d legends lost; want %d", tc.name, got, tc.want)
		}
	}
}
