package rating_test

import (
	"fmt"

	"github.com/grisonval/server/server/rating"
)

// The online rating after one match of three camps: Ada wins, Bo and Cy tie
// for second.
func ExampleModel_Rate() {
	m := rating.DefaultModel()
	names := []string{"Ada", "Bo", "Cy"}
	camps := [][]rating.Rating{{m.New()}, {m.New()}, {m.New()}}
	after, err := m.Rate(camps, []int{1, 2, 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, name := range names {
		r := after[i][0]
		fmt.Printf("%s: mu %.3f sigma %.3f ordinal %.3f\n", name, r.Mu, r.Sigma, r.Ordinal())
	}
	// Output:
	// Ada: mu 27.869 sigma 8.205 ordinal 3.253
	// Bo: mu 23.565 sigma 8.058 ordinal -0.609
	// Cy: mu 23.565 sigma 8.058 ordinal -0.609
}

// A newcomer's ordinal is zero with the default model: a leaderboard sorted
// by it ranks newcomers below anyone who has proved something.
func ExampleRating_Ordinal() {
	fmt.Printf("%.3f\n", rating.DefaultModel().New().Ordinal())
	fmt.Printf("%.3f\n", rating.Rating{Mu: 30, Sigma: 2}.Ordinal())
	// Output:
	// 0.000
	// 24.000
}

// The table of a small tournament: four bots, every three of them meeting
// in every seat order, with a position term and bootstrap intervals,
// anchored on the "rest only" bot.
func ExampleFit() {
	names := []string{"rest-only", "random", "cautious", "bold"}
	// Each match lists its camps in seat order: who sat there and the
	// rank they finished.
	type seat struct{ entrant, rank int }
	results := [][]seat{
		{{0, 3}, {1, 2}, {2, 1}}, {{1, 2}, {2, 1}, {0, 3}}, {{2, 1}, {0, 2}, {1, 3}},
		{{0, 3}, {1, 1}, {3, 2}}, {{1, 2}, {3, 1}, {0, 3}}, {{3, 1}, {0, 3}, {1, 2}},
		{{0, 2}, {2, 1}, {3, 3}}, {{2, 2}, {3, 1}, {0, 3}}, {{3, 2}, {0, 3}, {2, 1}},
		{{1, 3}, {2, 1}, {3, 2}}, {{2, 1}, {3, 2}, {1, 3}}, {{3, 1}, {1, 3}, {2, 2}},
		{{0, 3}, {1, 2}, {2, 1}}, {{1, 1}, {2, 2}, {0, 3}}, {{2, 1}, {0, 3}, {1, 2}},
		{{0, 3}, {1, 2}, {3, 1}}, {{1, 3}, {3, 1}, {0, 2}}, {{3, 1}, {0, 3}, {1, 2}},
		{{0, 3}, {2, 2}, {3, 1}}, {{2, 1}, {3, 2}, {0, 3}}, {{3, 1}, {0, 3}, {2, 2}},
		{{1, 3}, {2, 2}, {3, 1}}, {{2, 1}, {3, 2}, {1, 3}}, {{3, 2}, {1, 3}, {2, 1}},
	}
	matches := make([]rating.Match, len(results))
	for i, r := range results {
		for _, s := range r {
			matches[i].Entrants = append(matches[i].Entrants, s.entrant)
			matches[i].Ranks = append(matches[i].Ranks, s.rank)
		}
	}
	table, err := rating.Fit(matches, rating.FitOptions{
		Entrants:  len(names),
		Anchor:    0,
		Positions: true,
		Prior:     rating.DefaultPrior,
		Resamples: 200,
		Seed:      1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for e, est := range table.Entrants {
		fmt.Printf("%-9s %6.1f [%6.1f, %6.1f] in %d matches\n", names[e], est.Rating, est.Low, est.High, est.Matches)
	}
	for p, est := range table.Positions {
		fmt.Printf("seat %d    %+6.1f [%+6.1f, %+6.1f]\n", p, est.Rating, est.Low, est.High)
	}
	// Output:
	// rest-only 1000.0 [1000.0, 1000.0] in 18 matches
	// random    1190.2 [1042.7, 1500.9] in 18 matches
	// cautious  1547.1 [1396.5, 1882.1] in 18 matches
	// bold      1481.6 [1303.4, 1866.9] in 18 matches
	// seat 0     +39.5 [ -54.6, +121.9]
	// seat 1      -2.1 [ -96.7,  +71.5]
	// seat 2     -37.4 [-134.7,  +93.1]
}
