package grisonval_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// BenchmarkTickDay180 measures the late tick of a world the game reaches:
// seed 6 played by the AI bots to day 180 under the current rules (camps
// of 37, 51 and 32 citizens, two of them at war), then the ten days after
// it with the orders the bots gave: a siege, a battle, deaths, births and
// vacant seats among them (testdata/bots-day180*, which game/grisonval's
// TestDay180Data checks and rewrites). Each iteration resolves the next of
// those days, writing it over the world of the day before last as the
// server's world loop does (ResolveInto); after the tenth it starts again
// from day 180.
func BenchmarkTickDay180(b *testing.B) {
	first, orders := day180(b)
	w := first
	var days [2]*grisonval.World
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%len(orders) == 0 {
			w = first
		}
		days[i%2] = grisonval.ResolveInto(days[i%2], w, orders[i%len(orders)]).World
		w = days[i%2]
	}
}

// day180 reads the world of BenchmarkTickDay180 and the bots' orders of the
// days after it, and checks that it is a late world of the current rules
// whose orders play as the bots meant them.
func day180(b testing.TB) (*grisonval.World, [][grisonval.NumCamps]grisonval.Order) {
	bs, err := os.ReadFile("testdata/bots-day180.gvw")
	if err != nil {
		b.Fatal(err)
	}
	w, err := grisonval.Unmarshal(bs)
	if err != nil {
		b.Fatal(err)
	}
	js, err := os.ReadFile("testdata/bots-day180-orders.json")
	if err != nil {
		b.Fatal(err)
	}
	var orders [][grisonval.NumCamps]grisonval.Order
	if err := json.Unmarshal(js, &orders); err != nil {
		b.Fatal(err)
	}
	if w.Day != 180 || w.Rules != grisonval.CurrentRules || len(orders) == 0 {
		b.Fatalf("day %d, rules %d, %d days of orders; want day 180 of rules %d: go test ./game/grisonval/ -run TestDay180Data -update", w.Day, w.Rules, len(orders), grisonval.CurrentRules)
	}
	first := w
	for d, o := range orders {
		out := grisonval.Resolve(w, o)
		for c, r := range out.Results {
			if r.Status != grisonval.Applied {
				b.Fatalf("day %d camp %d's order %v: %+v", w.Day+1, c, o[c], r.Err)
			}
		}
		if d == 0 {
			b.Logf("population %d, %d, %d", w.Population(0), w.Population(1), w.Population(2))
		}
		w = out.World
	}
	return first, orders
}
