package castle_test

import (
	"encoding/json"
	"testing"

	"github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/engine/rng"
)

// randomOrder returns a random legal order of city c in s.
func randomOrder(s *castle.State, c int, r *rng.Rand) castle.Order {
	legal := castle.LegalActions(s, c)
	if len(legal) == 0 {
		return castle.Order{Action: castle.Default}
	}
	la := legal[r.Intn(len(legal))]
	o := castle.Order{Action: la.Action}
	used := map[int]bool{}
	for _, a := range la.Args {
		switch a.Kind {
		case castle.ArgCount:
			o.Args = append(o.Args, a.Min+r.Intn(a.Max-a.Min+1))
		default:
			var free []int
			for _, v := range a.Choices {
				if la.Action != castle.DraftCards || !used[v] {
					free = append(free, v)
				}
			}
			v := free[r.Intn(len(free))]
			used[v] = true
			o.Args = append(o.Args, v)
		}
	}
	return o
}

// playRandom plays a game of n cities from seed with random legal orders
// until it ends, and returns its states.
func playRandom(t testing.TB, seed uint64, n int) []*castle.State {
	t.Helper()
	s, err := castle.Setup(seed, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	states := []*castle.State{s}
	for !s.Over() {
		if s.Day > 5000 {
			t.Fatalf("seed %d, %d cities: no end after %d ticks", seed, n, s.Day)
		}
		orders := make([]castle.Order, n)
		for c := range orders {
			if !s.Cities[c].Standing() {
				continue
			}
			orders[c] = randomOrder(s, c, rng.New(seed, s.Day, c, 99))
			if re := castle.Validate(s, c, orders[c]); re != nil {
				t.Fatalf("seed %d day %d city %d: a legal order %v is refused: %v", seed, s.Day, c, orders[c], re)
			}
		}
		out := castle.Resolve(s, orders)
		for c, re := range out.Refusals {
			if re != nil && s.Step != castle.Play {
				t.Fatalf("seed %d day %d city %d: %v stale in the %s step: %v", seed, s.Day, c, orders[c], s.Step, re)
			}
		}
		s = out.State
		for c, city := range s.Cities {
			for g, v := range city.Gauges {
				if v < castle.MinGauge || v > castle.MaxGauge {
					t.Fatalf("seed %d day %d city %d: %s = %d", seed, s.Day, c, castle.Gauge(g), v)
				}
			}
		}
		states = append(states, s)
	}
	return states
}

// TestRandomGames plays random legal games of 2 to 6 cities: every legal
// order validates, gauges stay within 0 and 10, every game ends, and the
// same orders give the same states.
func TestRandomGames(t *testing.T) {
	for n := castle.MinCities; n <= castle.MaxCities; n++ {
		for seed := uint64(1); seed <= 60; seed++ {
			a := playRandom(t, seed, n)
			b := playRandom(t, seed, n)
			ja, _ := json.Marshal(a[len(a)-1])
			jb, _ := json.Marshal(b[len(b)-1])
			if string(ja) != string(jb) {
				t.Fatalf("seed %d, %d cities: two plays differ", seed, n)
			}
		}
	}
}
