package rating

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRate measures the online update of one match of six camps of
// one player each.
func BenchmarkRate(b *testing.B) {
	m := DefaultModel()
	camps := make([][]Rating, 6)
	for i := range camps {
		camps[i] = []Rating{{Mu: 20 + float64(i), Sigma: 5 + float64(i)/2}}
	}
	ranks := []int{3, 1, 4, 2, 6, 5}
	for b.Loop() {
		if _, err := m.Rate(camps, ranks); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFit measures the published table's fit: 600 matches of three
// camps among 12 entrants, with the position term, alone and with 200
// bootstrap resamples.
func BenchmarkFit(b *testing.B) {
	theta := make([]float64, 12)
	for e := range theta {
		theta[e] = 0.15 * float64(e)
	}
	matches := simulate(rand.New(rand.NewPCG(1, 1)), theta, []float64{0.3, 0, -0.3}, 600, 3, shuffled(len(theta)))
	for _, resamples := range []int{0, 200} {
		name := "alone"
		if resamples > 0 {
			name = "bootstrap200"
		}
		b.Run(name, func(b *testing.B) {
			opts := FitOptions{Entrants: len(theta), Positions: true, Prior: DefaultPrior, Resamples: resamples, Seed: 1}
			for b.Loop() {
				if _, err := Fit(matches, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
