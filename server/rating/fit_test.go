package rating

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// simulate draws n matches of k camps among the entrants of log-strengths
// theta, camp position p adding gamma[p] to its entrant's log-strength, by
// the Plackett-Luce model: the first camp is drawn with probability
// proportional to exp(theta+gamma), then the next among the rest. seat
// chooses each match's entrants in position order.
func simulate(rng *rand.Rand, theta, gamma []float64, n, k int, seat func(*rand.Rand) []int) []Match {
	matches := make([]Match, n)
	for i := range matches {
		entrants := seat(rng)[:k]
		ranks := make([]int, k)
		left := make([]int, k)
		for c := range left {
			left[c] = c
		}
		for rank := 1; len(left) > 0; rank++ {
			total := 0.0
			for _, c := range left {
				total += math.Exp(theta[entrants[c]] + gamma[c])
			}
			u := rng.Float64() * total
			j := 0
			for ; j < len(left)-1; j++ {
				u -= math.Exp(theta[entrants[left[j]]] + gamma[left[j]])
				if u < 0 {
					break
				}
			}
			ranks[left[j]] = rank
			left = append(left[:j], left[j+1:]...)
		}
		matches[i] = Match{Entrants: entrants, Ranks: ranks}
	}
	return matches
}

// shuffled seats a random permutation of n entrants: every entrant is
// rotated through every position equally on average.
func shuffled(n int) func(*rand.Rand) []int {
	return func(rng *rand.Rand) []int { return rng.Perm(n) }
}

// points turns a log-strength relative to the anchor's into rating points.
func points(theta float64) float64 { return AnchorRating + PointsPerNat*theta }

// TestFitPublished checks the pure maximum-likelihood fit (Prior 0) against
// the estimates that choix's tests assert for its MM algorithm:
// github.com/lucasmaystre/choix at commit
// 7494ad31fde2f688196dc190d55673d930456366, tests/data/testcase-*.json
// ("ml_est", centred log-strengths; the data list each match's items from
// first to last), asserted by tests/test_mm.py to an absolute 1e-4.
func TestFitPublished(t *testing.T) {
	cases := []struct {
		file string
		n    int
		data [][]int
		want []float64
	}{
		{"testcase-pairwise-1.json", 3, [][]int{{0, 1}, {1, 2}, {2, 0}}, []float64{0, 0, 0}},
		{"testcase-pairwise-2.json", 3, [][]int{{0, 1}, {0, 1}, {1, 2}, {2, 0}}, []float64{0.419617624, -0.419617624, 0.0}},
		{"testcase-rankings-1.json", 3, [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}, []float64{0, 0, 0}},
		{"testcase-rankings-2.json", 4, [][]int{{0, 1, 2}, {3, 2, 0}, {1, 3}}, []float64{-0.44328117, 0.69506219, -0.67061442, 0.4188334}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			matches := make([]Match, len(tc.data))
			for i, order := range tc.data {
				ranks := make([]int, len(order))
				for r := range ranks {
					ranks[r] = r + 1
				}
				matches[i] = Match{Entrants: order, Ranks: ranks}
			}
			table, err := Fit(matches, FitOptions{Entrants: tc.n})
			if err != nil {
				t.Fatal(err)
			}
			for e, w := range tc.want {
				want := points(w - tc.want[0])
				if got := table.Entrants[e].Rating; math.Abs(got-want) > 1e-4*PointsPerNat {
					t.Errorf("entrant %d: got %.6f; want %.6f", e, got, want)
				}
			}
		})
	}
}

// btGame is one game of the independent Bradley-Terry fit: a beat b with
// weight w (a tie is two games of weight 1/2).
type btGame struct {
	a, b int
	w    float64
}

// bradleyTerry fits the Bradley-Terry model to games by Newton's method, an
// algorithm independent of Fit's, with prior virtual wins and losses
// against a log-strength of 0 per entrant. It returns the log-strengths
// relative to entrant 0's.
func bradleyTerry(n int, games []btGame, prior float64) []float64 {
	theta := make([]float64, n)
	// Without a prior entrant 0 is fixed at 0 and left out of the system.
	first := 0
	if prior == 0 {
		first = 1
	}
	for range 100 {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
		}
		for _, g := range games {
			p := 1 / (1 + math.Exp(theta[g.b]-theta[g.a]))
			grad[g.a] += g.w * (1 - p)
			grad[g.b] -= g.w * (1 - p)
			h := g.w * p * (1 - p)
			hess[g.a][g.a] -= h
			hess[g.b][g.b] -= h
			hess[g.a][g.b] += h
			hess[g.b][g.a] += h
		}
		for i := range n {
			p := 1 / (1 + math.Exp(-theta[i]))
			grad[i] += prior*(1-p) - prior*p
			hess[i][i] -= 2 * prior * p * (1 - p)
		}
		m := n - first
		a := make([][]float64, m)
		for i := range a {
			a[i] = make([]float64, m+1)
			for j := range m {
				a[i][j] = -hess[i+first][j+first]
			}
			a[i][m] = grad[i+first]
		}
		step := solve(a)
		for i, s := range step {
			theta[i+first] += s
		}
	}
	rel := make([]float64, n)
	for i := range rel {
		rel[i] = theta[i] - theta[0]
	}
	return rel
}

// solve solves the linear system of the augmented matrix a by Gaussian
// elimination with partial pivoting.
func solve(a [][]float64) []float64 {
	m := len(a)
	for col := range m {
		pivot := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		a[col], a[pivot] = a[pivot], a[col]
		for r := range m {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for c := col; c <= m; c++ {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	x := make([]float64, m)
	for i := range x {
		x[i] = a[i][m] / a[i][i]
	}
	return x
}

// TestFitBradleyTerry checks that with two camps a match the fit is the
// Bradley-Terry fit, ties counting half a win and half a loss, as computed
// independently by Newton's method, with and without the prior.
func TestFitBradleyTerry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	theta := []float64{0, 0.8, -0.5, 1.5, 0.2}
	matches := simulate(rng, theta, []float64{0, 0}, 300, 2, shuffled(len(theta)))
	// Turn some results into ties.
	for i := 0; i < len(matches); i += 7 {
		matches[i].Ranks = []int{1, 1}
	}
	games := make([]btGame, 0, len(matches))
	for _, m := range matches {
		a, b := m.Entrants[0], m.Entrants[1]
		switch {
		case m.Ranks[0] == m.Ranks[1]:
			games = append(games, btGame{a, b, 0.5}, btGame{b, a, 0.5})
		case m.Ranks[0] < m.Ranks[1]:
			games = append(games, btGame{a, b, 1})
		default:
			games = append(games, btGame{b, a, 1})
		}
	}
	for _, prior := range []float64{0, DefaultPrior, 5} {
		want := bradleyTerry(len(theta), games, prior)
		table, err := Fit(matches, FitOptions{Entrants: len(theta), Prior: prior})
		if err != nil {
			t.Fatal(err)
		}
		for e, w := range want {
			if got := table.Entrants[e].Rating; math.Abs(got-points(w)) > 1e-6 {
				t.Errorf("prior %v entrant %d: got %.8f; want %.8f", prior, e, got, points(w))
			}
		}
	}
}

// TestFitRecovers checks that the fit recovers the strengths that drew the
// matches, and that the position term recovers an advantage injected per
// camp position, even when the strongest entrant sits in the best seat
// more often than the others (which biases a fit without the term).
func TestFitRecovers(t *testing.T) {
	theta := make([]float64, 12)
	for e := range theta {
		theta[e] = 0.15 * float64(e) // 0 to 1.65: 0 to 287 points
	}
	gamma := []float64{0.5, 0, -0.5}
	// unfair seats the last (strongest) entrant in position 0 half the
	// time, and the others at random.
	unfair := func(rng *rand.Rand) []int {
		p := rng.Perm(len(theta))
		if rng.IntN(2) == 0 {
			for i, e := range p {
				if e == len(theta)-1 {
					p[0], p[i] = p[i], p[0]
				}
			}
		}
		return p
	}
	rng := rand.New(rand.NewPCG(3, 4))
	matches := simulate(rng, theta, gamma, 24000, 3, unfair)
	table, err := Fit(matches, FitOptions{Entrants: len(theta), Positions: true, Prior: DefaultPrior})
	if err != nil {
		t.Fatal(err)
	}
	// With 6000 matches an entrant, the standard error of a log-strength
	// relative to the anchor's is about 0.03 (a bootstrap of these
	// matches says so): a tolerance of 0.15 is five of them.
	const tol = 0.15 * PointsPerNat
	for e, th := range theta {
		if got, want := table.Entrants[e].Rating, points(th); math.Abs(got-want) > tol {
			t.Errorf("entrant %d: got %.1f; want %.1f", e, got, want)
		}
	}
	for p, g := range gamma {
		if got, want := table.Positions[p].Rating, PointsPerNat*g; math.Abs(got-want) > tol {
			t.Errorf("position %d: got %.1f; want %.1f", p, got, want)
		}
	}
	// Without the position term the strongest entrant takes the seat's
	// advantage as its own.
	plain, err := Fit(matches, FitOptions{Entrants: len(theta), Prior: DefaultPrior})
	if err != nil {
		t.Fatal(err)
	}
	last := len(theta) - 1
	if plain.Positions != nil {
		t.Errorf("got positions %v without Positions; want nil", plain.Positions)
	}
	if got, want := plain.Entrants[last].Rating, points(theta[last]); got-want < tol {
		t.Errorf("without the position term the favoured entrant got %.1f; want the seat's bias above %.1f", got, want)
	}
}

// TestFitCoverage checks that the 95 % bootstrap intervals hold the true
// value about 95 % of the time: over 200 tournaments drawn from known
// strengths (120 matches of three camps among six entrants, seats
// shuffled, a seat advantage of 0.3 and -0.3), each rating relative to the
// anchor, and each seat's advantage, must fall inside its interval between
// 88 % and 99 % of the time.
func TestFitCoverage(t *testing.T) {
	theta := []float64{0, 0.4, -0.4, 0.8, -0.2, 0.6}
	gamma := []float64{0.3, 0, -0.3}
	const trials = 200
	var inside, total [2]int // entrants, positions
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range trials {
		matches := simulate(rng, theta, gamma, 120, 3, shuffled(len(theta)))
		table, err := Fit(matches, FitOptions{Entrants: len(theta), Positions: true, Prior: DefaultPrior, Resamples: 100, Seed: uint64(trial)})
		if err != nil {
			t.Fatal(err)
		}
		for e := 1; e < len(theta); e++ {
			total[0]++
			if est, want := table.Entrants[e], points(theta[e]); est.Low <= want && want <= est.High {
				inside[0]++
			}
		}
		for p, g := range gamma {
			total[1]++
			if est, want := table.Positions[p], PointsPerNat*g; est.Low <= want && want <= est.High {
				inside[1]++
			}
		}
	}
	for i, what := range []string{"entrants", "positions"} {
		rate := float64(inside[i]) / float64(total[i])
		t.Logf("coverage of the %s' intervals: %.3f (%d of %d)", what, rate, inside[i], total[i])
		if rate < 0.88 || rate > 0.99 {
			t.Errorf("coverage of the %s' intervals %.3f; want 0.88 to 0.99", what, rate)
		}
	}
}

// TestFitAnchor checks that the anchor keeps AnchorRating, with an interval
// reduced to it, and that choosing another anchor shifts every rating by
// one number.
func TestFitAnchor(t *testing.T) {
	theta := []float64{0, 0.5, -0.3, 1, 0.2}
	rng := rand.New(rand.NewPCG(7, 8))
	matches := simulate(rng, theta, []float64{0, 0, 0}, 200, 3, shuffled(len(theta)))
	opts := FitOptions{Entrants: len(theta), Prior: DefaultPrior, Resamples: 50, Seed: 9}
	for _, anchor := range []int{0, 3} {
		opts.Anchor = anchor
		table, err := Fit(matches, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := table.Entrants[anchor]; got.Rating != AnchorRating || got.Low != AnchorRating || got.High != AnchorRating {
			t.Errorf("anchor %d: got %+v; want rating and interval %v", anchor, got, AnchorRating)
		}
	}
	opts.Anchor = 0
	zero, err := Fit(matches, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Anchor = 3
	three, err := Fit(matches, opts)
	if err != nil {
		t.Fatal(err)
	}
	shift := zero.Entrants[3].Rating - AnchorRating
	for e := range theta {
		if got, want := three.Entrants[e].Rating, zero.Entrants[e].Rating-shift; math.Abs(got-want) > 1e-6 {
			t.Errorf("entrant %d anchored on 3: got %.6f; want %.6f", e, got, want)
		}
	}
}

// TestFitDeterministic checks that the same matches, options and seed give
// the same table, and that another seed moves only the intervals.
func TestFitDeterministic(t *testing.T) {
	theta := []float64{0, 0.5, -0.3, 1}
	matches := simulate(rand.New(rand.NewPCG(10, 11)), theta, []float64{0.2, 0, -0.2}, 150, 3, shuffled(len(theta)))
	opts := FitOptions{Entrants: len(theta), Positions: true, Prior: DefaultPrior, Resamples: 40, Seed: 12}
	one, err := Fit(matches, opts)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Fit(matches, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, two) {
		t.Errorf("two fits with one seed differ:\n%+v\n%+v", one, two)
	}
	opts.Seed++
	other, err := Fit(matches, opts)
	if err != nil {
		t.Fatal(err)
	}
	moved := false
	for e := range theta {
		if other.Entrants[e].Rating != one.Entrants[e].Rating {
			t.Errorf("entrant %d: the seed moved the rating from %v to %v", e, one.Entrants[e].Rating, other.Entrants[e].Rating)
		}
		moved = moved || other.Entrants[e].Low != one.Entrants[e].Low
	}
	if !moved {
		t.Error("another seed gave the same intervals")
	}
}

// TestFitTies checks the treatment of ties: the objective of a match with a
// tie is the mean of the log-likelihoods of the tie's orders, and entrants
// who always tie get equal ratings.
func TestFitTies(t *testing.T) {
	t.Run("mean over orders", func(t *testing.T) {
		// Camps 0, 2 and 3 tie for second behind camp 1.
		tied := Match{Entrants: []int{0, 1, 2, 3}, Ranks: []int{2, 1, 2, 2}}
		orders := [][]int{{0, 2, 3}, {0, 3, 2}, {2, 0, 3}, {2, 3, 0}, {3, 0, 2}, {3, 2, 0}}
		x := []float64{0.3, -0.2, 0.9, -1.1}
		f := newFitter(FitOptions{Entrants: 4}, 0)
		got := f.evaluate(x, []prepared{draws(tied)}, []float64{1})
		want := 0.0
		for _, order := range orders {
			ranks := make([]int, 4)
			ranks[1] = 1
			for i, c := range order {
				ranks[c] = i + 2
			}
			want += f.evaluate(x, []prepared{draws(Match{Entrants: tied.Entrants, Ranks: ranks})}, []float64{1}) / float64(len(orders))
		}
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("got log-likelihood %v; want the mean over the orders %v", got, want)
		}
	})
	t.Run("always tied", func(t *testing.T) {
		var matches []Match
		for i := range 30 {
			// Entrants 0 and 1 tie ahead of 2, or behind it.
			if i%3 == 0 {
				matches = append(matches, Match{Entrants: []int{2, 0, 1}, Ranks: []int{1, 2, 2}})
			} else {
				matches = append(matches, Match{Entrants: []int{0, 1, 2}, Ranks: []int{1, 1, 3}})
			}
		}
		table, err := Fit(matches, FitOptions{Entrants: 3})
		if err != nil {
			t.Fatal(err)
		}
		a, b, c := table.Entrants[0].Rating, table.Entrants[1].Rating, table.Entrants[2].Rating
		if math.Abs(a-b) > 1e-9 || !(a > c) {
			t.Errorf("got %.3f, %.3f, %.3f; want the first two equal and above the third", a, b, c)
		}
		// A tie alone is a result both ways: the estimate exists.
		pair, err := Fit([]Match{{Entrants: []int{0, 1}, Ranks: []int{1, 1}}}, FitOptions{Entrants: 2})
		if err != nil {
			t.Fatal(err)
		}
		if got := pair.Entrants[1].Rating; math.Abs(got-AnchorRating) > 1e-9 {
			t.Errorf("two entrants who tied: got %v and %v; want them equal", pair.Entrants[0].Rating, got)
		}
	})
}

// TestFitInvalid checks that malformed options and matches are refused
// with ErrInvalid, and that a maximum-likelihood estimate that does not
// exist is refused with ErrNoEstimate unless a prior is set.
func TestFitInvalid(t *testing.T) {
	ok := []Match{{Entrants: []int{0, 1}, Ranks: []int{1, 2}}, {Entrants: []int{1, 0}, Ranks: []int{1, 2}}}
	cases := []struct {
		name    string
		matches []Match
		opts    FitOptions
		want    error
	}{
		{"no entrant", ok, FitOptions{}, ErrInvalid},
		{"anchor out of range", ok, FitOptions{Entrants: 2, Anchor: 2}, ErrInvalid},
		{"negative prior", ok, FitOptions{Entrants: 2, Prior: -1}, ErrInvalid},
		{"NaN prior", ok, FitOptions{Entrants: 2, Prior: math.NaN()}, ErrInvalid},
		{"negative resamples", ok, FitOptions{Entrants: 2, Resamples: -1}, ErrInvalid},
		{"no match", nil, FitOptions{Entrants: 2}, ErrInvalid},
		{"one camp", []Match{{Entrants: []int{0}, Ranks: []int{1}}}, FitOptions{Entrants: 2}, ErrInvalid},
		{"too many camps", []Match{{Entrants: make([]int, MaxCamps+1), Ranks: make([]int, MaxCamps+1)}}, FitOptions{Entrants: 20}, ErrInvalid},
		{"ranks missing", []Match{{Entrants: []int{0, 1}, Ranks: []int{1}}}, FitOptions{Entrants: 2}, ErrInvalid},
		{"entrant out of range", []Match{{Entrants: []int{0, 2}, Ranks: []int{1, 2}}}, FitOptions{Entrants: 2}, ErrInvalid},
		{"entrant twice", []Match{{Entrants: []int{1, 1}, Ranks: []int{1, 2}}}, FitOptions{Entrants: 2}, ErrInvalid},
		{"rank zero", []Match{{Entrants: []int{0, 1}, Ranks: []int{0, 1}}}, FitOptions{Entrants: 2}, ErrInvalid},
		{"rank too large", []Match{{Entrants: []int{0, 1}, Ranks: []int{1, 3}}}, FitOptions{Entrants: 2}, ErrInvalid},
		{"never lost", []Match{{Entrants: []int{0, 1}, Ranks: []int{1, 2}}, {Entrants: []int{1, 2}, Ranks: []int{1, 2}}, {Entrants: []int{2, 1}, Ranks: []int{1, 2}}}, FitOptions{Entrants: 3, Anchor: 1}, ErrNoEstimate},
		{"never played", ok, FitOptions{Entrants: 3}, ErrNoEstimate},
		{"position never lost", ok, FitOptions{Entrants: 2, Positions: true}, ErrNoEstimate},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Fit(tc.matches, tc.opts); !errors.Is(err, tc.want) {
				t.Errorf("got %v; want %v", err, tc.want)
			}
		})
	}
	t.Run("prior", func(t *testing.T) {
		// The "never lost" matches with a prior: entrant 0 is finite and
		// first.
		table, err := Fit(cases[13].matches, FitOptions{Entrants: 3, Anchor: 1, Prior: DefaultPrior})
		if err != nil {
			t.Fatal(err)
		}
		top := table.Entrants[0].Rating
		if math.IsInf(top, 0) || math.IsNaN(top) || top <= table.Entrants[1].Rating || top <= table.Entrants[2].Rating {
			t.Errorf("got %+v; want entrant 0 finite and first", table.Entrants)
		}
	})
	t.Run("bootstrap without prior", func(t *testing.T) {
		// Four matches in a cycle: most resamples lose a link of it.
		cycle := []Match{
			{Entrants: []int{0, 1}, Ranks: []int{1, 2}},
			{Entrants: []int{1, 2}, Ranks: []int{1, 2}},
			{Entrants: []int{2, 3}, Ranks: []int{1, 2}},
			{Entrants: []int{3, 0}, Ranks: []int{1, 2}},
		}
		if _, err := Fit(cycle, FitOptions{Entrants: 4}); err != nil {
			t.Fatalf("the full cycle: %v", err)
		}
		_, err := Fit(cycle, FitOptions{Entrants: 4, Resamples: 20})
		if !errors.Is(err, ErrNoEstimate) {
			t.Errorf("got %v; want ErrNoEstimate", err)
		}
	})
}
