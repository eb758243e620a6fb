package castle_test

import (
	"testing"

	"github.com/grisonval/server/engine/castle"
)

// BenchmarkGame plays whole games of four cities on one goroutine, from
// Setup to the last city standing, and reports games per second: with
// every city playing the default order (default), and with each city that
// decides playing its legal actions in turn, with their first arguments
// (legal). docs/castle.md ("Balance") quotes the figures.
func BenchmarkGame(b *testing.B) {
	for _, bc := range []struct {
		name  string
		order func(s *castle.State, c int) castle.Order
	}{
		{"default", func(*castle.State, int) castle.Order { return castle.Order{Action: castle.Default} }},
		{"legal", simpleOrder},
	} {
		b.Run(bc.name, func(b *testing.B) {
			const cities = 4
			ticks, games := 0, 0
			for b.Loop() {
				s, err := castle.Setup(uint64(games+1), cities, nil)
				if err != nil {
					b.Fatal(err)
				}
				orders := make([]castle.Order, cities)
				for !s.Over() {
					for c := range orders {
						orders[c] = castle.Order{}
						if s.Acts(c) {
							orders[c] = bc.order(s, c)
						}
					}
					s = castle.Resolve(s, orders).State
					ticks++
				}
				games++
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(ticks)/float64(games), "ticks/game")
		})
	}
}

// simpleOrder returns one of city c's legal actions, taken in turn by the
// tick, with the first valid arguments: the lowest count, the choices in
// order (each card slot once in a draft).
func simpleOrder(s *castle.State, c int) castle.Order {
	legal := castle.LegalActions(s, c)
	la := legal[s.Day%len(legal)]
	o := castle.Order{Action: la.Action}
	for i, a := range la.Args {
		if a.Kind == castle.ArgCount {
			o.Args = append(o.Args, a.Min)
		} else {
			o.Args = append(o.Args, a.Choices[i%len(a.Choices)])
		}
	}
	return o
}
