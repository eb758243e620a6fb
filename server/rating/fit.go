package rating

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// The batch fit's scale: an entrant's rating is AnchorRating plus
// PointsPerNat times the natural logarithm of its strength relative to the
// anchor's, so that 400 points are a factor of 10 in strength, as on the Elo
// scale: a camp 400 points above another is ten times as likely to finish
// ahead of it in a match of two.
const (
	// AnchorRating is the rating of FitOptions.Anchor, whatever the matches.
	AnchorRating = 1000.0
	// PointsPerNat is the number of rating points in one unit of natural
	// log-strength: 400/ln(10), about 173.7.
	PointsPerNat = 400 / math.Ln10
	// DefaultPrior is the weight of the virtual games that FitOptions.Prior
	// describes, for a table: one virtual win and one virtual loss.
	DefaultPrior = 1.0
	// MaxCamps is the largest number of camps a match of the batch fit may
	// have (a tie among k camps is expanded into 2^k - 1 stages).
	MaxCamps = 12
)

// Errors of Fit besides ErrInvalid.
var (
	// ErrNoEstimate is returned when FitOptions.Prior is zero and the
	// maximum-likelihood estimate does not exist: some group of entrants
	// (or of camp positions) never finished behind the others, so its
	// strength would be infinite, or the likelihood is flat along some
	// direction. A positive Prior always gives an estimate.
	ErrNoEstimate = errors.New("rating: the maximum-likelihood estimate does not exist")
	// ErrNotConverged is returned when Newton's method has not settled
	// after its largest number of steps, which a positive Prior makes
	// unexpected.
	ErrNotConverged = errors.New("rating: the fit did not converge")
)

// Match is one finished match, for the batch fit.
type Match struct {
	// Entrants[p] is the entrant (a number from 0 to FitOptions.Entrants-1)
	// who played camp position p. An entrant plays at most one camp of a
	// match.
	Entrants []int
	// Ranks[p] is camp position p's final rank: 1 for the best, camps that
	// tie sharing a rank, every rank between 1 and the number of camps.
	Ranks []int
}

// FitOptions says what Fit estimates and how.
type FitOptions struct {
	// Entrants is the number of entrants: Match.Entrants number them from
	// 0 to Entrants-1.
	Entrants int
	// Anchor is the reference entrant: its rating is AnchorRating, and every
	// other rating and interval is relative to it.
	Anchor int
	// Positions fits a strength term per camp position (position p is
	// index p of Match.Entrants and Match.Ranks: the arena lists a match's
	// camps in seat order): a seat's advantage is estimated and removed
	// from the entrants' ratings. Without it, the ratings are fair only
	// when every entrant is rotated through the positions equally.
	Positions bool
	// Prior is the weight of the virtual games that keep every strength
	// finite: each entrant (and, with Positions, each position) is given
	// Prior virtual wins and Prior virtual losses against a neutral
	// opponent of log-strength 0. DefaultPrior is a good value for a
	// table. Zero fits the pure maximum likelihood, which exists only when
	// every entrant (and position) has finished both ahead of and behind a
	// chain of the others; Fit returns ErrNoEstimate when it does not.
	Prior float64
	// Resamples is the number of bootstrap resamples for the intervals;
	// zero gives no interval (Low and High equal Rating).
	Resamples int
	// Seed seeds the bootstrap's random draws.
	Seed uint64
}

// Estimate is one fitted rating with its interval.
type Estimate struct {
	// Rating is the fitted rating in points (AnchorRating for the anchor).
	// For a camp position it is the position's advantage in the same
	// points over the average position.
	Rating float64
	// Low and High bound the 95 % percentile bootstrap interval: the
	// 2.5th and 97.5th percentiles of Rating refitted on matches drawn
	// with replacement. They equal Rating without resamples.
	Low, High float64
	// Matches is the number of matches the entrant (or position) played.
	Matches int
}

// Table is the result of Fit.
type Table struct {
	// Entrants[e] is entrant e's estimate.
	Entrants []Estimate
	// Positions[p] is camp position p's estimate, with FitOptions.Positions;
	// nil otherwise.
	Positions []Estimate
}

// Fit estimates the entrants' Plackett-Luce strengths from the final
// rankings of all the matches at once and returns them as ratings on the
// Elo-like scale anchored on opts.Anchor (see AnchorRating), with percentile
// bootstrap intervals when opts.Resamples is positive.
//
// The model: in a match, the camp of entrant e in position p has worth
// exp(theta_e + gamma_p) (gamma is zero without opts.Positions); the first
// camp is drawn with probability proportional to worth, then the second
// among the rest, and so on (Plackett-Luce; Bradley-Terry for two camps).
// A tie counts as every order of the tied camps, each with equal weight:
// between two camps, half a win and half a loss. The estimate maximises the
// log-likelihood plus the virtual games of opts.Prior.
//
// The maximum is found by Newton's method with a backtracking line search
// (the objective is concave, so each step is a Cholesky solve and the
// search never lets the objective fall). Hunter's (2004) MM algorithm was
// tried first: it is simple and monotone, but it converges linearly, and
// slowest exactly along the directions only the prior pins (the common
// level of all strengths against that of the positions), where it took
// thousands of iterations; Newton takes five or six steps. The virtual
// games are the ridge that keeps an entrant that never lost (or never won)
// finite; with Prior zero, Fit first checks Hunter's condition for the
// estimate to exist.
//
// Fit is deterministic: the same matches and options give the same table.
func Fit(matches []Match, opts FitOptions) (Table, error) {
	if err := opts.check(); err != nil {
		return Table{}, err
	}
	prep, positions, err := prepare(matches, opts.Entrants)
	if err != nil {
		return Table{}, err
	}
	if !opts.Positions {
		positions = 0
	}
	f := newFitter(opts, positions)
	all := make([]float64, len(prep))
	for i := range all {
		all[i] = 1
	}
	if opts.Prior == 0 {
		if err := f.identified(prep, all); err != nil {
			return Table{}, err
		}
	}
	if err := f.run(prep, all); err != nil {
		return Table{}, err
	}
	table := Table{Entrants: make([]Estimate, opts.Entrants)}
	ent, pos := f.points()
	for e := range table.Entrants {
		table.Entrants[e] = Estimate{Rating: ent[e], Low: ent[e], High: ent[e]}
	}
	if opts.Positions {
		table.Positions = make([]Estimate, positions)
		for p := range table.Positions {
			table.Positions[p] = Estimate{Rating: pos[p], Low: pos[p], High: pos[p]}
		}
	}
	for _, m := range prep {
		for c, e := range m.entrants {
			table.Entrants[e].Matches++
			if opts.Positions {
				table.Positions[c].Matches++
			}
		}
	}
	if opts.Resamples == 0 {
		return table, nil
	}
	// The bootstrap: refit on len(matches) matches drawn with replacement,
	// from the full fit's strengths, each resample from its own stream.
	start := slices.Clone(f.x)
	entDraws := make([][]float64, opts.Entrants)
	posDraws := make([][]float64, positions)
	count := make([]float64, len(prep))
	for r := range opts.Resamples {
		rng := rand.New(rand.NewPCG(opts.Seed, uint64(r)))
		clear(count)
		for range prep {
			count[rng.IntN(len(prep))]++
		}
		copy(f.x, start)
		if opts.Prior == 0 {
			if err := f.identified(prep, count); err != nil {
				return Table{}, fmt.Errorf("bootstrap resample %d: %w", r, err)
			}
		}
		if err := f.run(prep, count); err != nil {
			return Table{}, fmt.Errorf("bootstrap resample %d: %w", r, err)
		}
		ent, pos := f.points()
		for e, x := range ent {
			entDraws[e] = append(entDraws[e], x)
		}
		for p, x := range pos {
			posDraws[p] = append(posDraws[p], x)
		}
	}
	for e, d := range entDraws {
		table.Entrants[e].Low, table.Entrants[e].High = interval(d)
	}
	for p, d := range posDraws {
		table.Positions[p].Low, table.Positions[p].High = interval(d)
	}
	return table, nil
}

// interval returns the 2.5th and 97.5th percentiles of draws, interpolated
// between order statistics (type 7 of Hyndman and Fan 1996). It sorts draws.
func interval(draws []float64) (lo, hi float64) {
	slices.Sort(draws)
	return quantile(draws, 0.025), quantile(draws, 0.975)
}

// quantile returns the q quantile of the sorted values.
func quantile(sorted []float64, q float64) float64 {
	h := q * float64(len(sorted)-1)
	i := int(h)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (h-float64(i))*(sorted[i+1]-sorted[i])
}

// check reports whether the options can be used.
func (o FitOptions) check() error {
	switch {
	case o.Entrants < 1:
		return fmt.Errorf("%w: %d entrants; want at least 1", ErrInvalid, o.Entrants)
	case o.Anchor < 0 || o.Anchor >= o.Entrants:
		return fmt.Errorf("%w: anchor %d; want an entrant from 0 to %d", ErrInvalid, o.Anchor, o.Entrants-1)
	case !(o.Prior >= 0) || math.IsInf(o.Prior, 0):
		return fmt.Errorf("%w: prior %v; want zero or a positive finite weight", ErrInvalid, o.Prior)
	case o.Resamples < 0:
		return fmt.Errorf("%w: %d resamples; want zero or more", ErrInvalid, o.Resamples)
	}
	return nil
}

// stage is one draw of the Plackett-Luce model within a match: the camps
// still in play (a bit per camp position) and the weight of the draw.
type stage struct {
	set    uint16
	weight float64
}

// prepared is a match turned into the model's draws, which depend only on
// the ranks.
type prepared struct {
	entrants, ranks []int
	// won[c] is the total weight with which camp c is the one drawn.
	won    []float64
	stages []stage
}

// prepare checks the matches and turns each into its draws. It returns them
// with the number of camp positions (the largest match's size).
func prepare(matches []Match, entrants int) ([]prepared, int, error) {
	if len(matches) == 0 {
		return nil, 0, fmt.Errorf("%w: no match to fit", ErrInvalid)
	}
	out := make([]prepared, len(matches))
	positions := 0
	for i, m := range matches {
		n := len(m.Entrants)
		if n < 2 || n > MaxCamps {
			return nil, 0, fmt.Errorf("%w: match %d has %d camps; want 2 to %d", ErrInvalid, i, n, MaxCamps)
		}
		if len(m.Ranks) != n {
			return nil, 0, fmt.Errorf("%w: match %d has %d ranks for %d camps; want one rank per camp", ErrInvalid, i, len(m.Ranks), n)
		}
		for c, e := range m.Entrants {
			if e < 0 || e >= entrants {
				return nil, 0, fmt.Errorf("%w: match %d camp %d has entrant %d; want 0 to %d", ErrInvalid, i, c, e, entrants-1)
			}
			if slices.Contains(m.Entrants[:c], e) {
				return nil, 0, fmt.Errorf("%w: match %d has entrant %d in two camps", ErrInvalid, i, e)
			}
			if r := m.Ranks[c]; r < 1 || r > n {
				return nil, 0, fmt.Errorf("%w: match %d camp %d has rank %d; want 1 to %d", ErrInvalid, i, c, r, n)
			}
		}
		positions = max(positions, n)
		out[i] = draws(m)
	}
	return out, positions, nil
}

// draws turns a checked match into its Plackett-Luce draws. The camps are
// drawn best rank first; a group of k tied camps is drawn in every order
// with equal weight: for each non-empty subset U of the group, the draw
// among U and the camps ranked below the group picks each member of U with
// weight 1/(C(k,|U|)|U|). A draw among a single camp is certain and
// omitted.
func draws(m Match) prepared {
	n := len(m.Entrants)
	p := prepared{entrants: m.Entrants, ranks: m.Ranks, won: make([]float64, n)}
	for rank := 1; rank <= n; rank++ {
		var group, below uint16
		for c, r := range m.Ranks {
			switch {
			case r == rank:
				group |= 1 << c
			case r > rank:
				below |= 1 << c
			}
		}
		k := bits.OnesCount16(group)
		if k == 0 {
			continue
		}
		// Every non-empty subset u of group, by the standard walk.
		for u := group; u != 0; u = (u - 1) & group {
			size := bits.OnesCount16(u)
			set := u | below
			if bits.OnesCount16(set) == 1 {
				continue
			}
			total := 1 / binomial(k, size)
			p.stages = append(p.stages, stage{set: set, weight: total})
			for c := range n {
				if u&(1<<c) != 0 {
					p.won[c] += total / float64(size)
				}
			}
		}
	}
	return p
}

// binomial returns n choose k.
func binomial(n, k int) float64 {
	b := 1.0
	for i := 1; i <= k; i++ {
		b = b * float64(n-k+i) / float64(i)
	}
	return b
}

// Iteration limits of Newton's method: it stops when a full step moves no
// log-strength by more than tolerance.
const (
	tolerance     = 1e-6
	maxIterations = 200
)

// fitter holds the log-strengths being fitted and the scratch space of an
// iteration, reused from one fit to the next.
type fitter struct {
	opts FitOptions
	// x holds the entrants' log-strengths theta (the first opts.Entrants
	// values) then the positions' gamma.
	x []float64
	// free lists the indices of x that Newton's method moves: all of them
	// with a prior; without one, the anchor's theta and position 0's
	// gamma stay at 0, since adding a constant to every theta, or to every
	// gamma, changes no probability.
	free []int
	// grad and hess are the gradient and Hessian of the objective over
	// x; sys is the Newton system over the free indices; step and trial
	// are a Newton step and the point it leads to.
	grad, hess, sys, step, trial []float64
}

// newFitter returns a fitter for positions camp positions (zero for none),
// starting from equal strengths.
func newFitter(opts FitOptions, positions int) *fitter {
	n := opts.Entrants + positions
	f := &fitter{
		opts:  opts,
		x:     make([]float64, n),
		grad:  make([]float64, n),
		hess:  make([]float64, n*n),
		trial: make([]float64, n),
	}
	for i := range n {
		if opts.Prior > 0 || (i != opts.Anchor && i != opts.Entrants) {
			f.free = append(f.free, i)
		}
	}
	f.sys = make([]float64, len(f.free)*len(f.free))
	f.step = make([]float64, len(f.free))
	return f
}

// positions returns the number of camp positions fitted.
func (f *fitter) positions() int { return len(f.x) - f.opts.Entrants }

// evaluate returns the objective at x: the log-likelihood of the matches
// prep[i], each counted count[i] times, plus the virtual games of the
// prior. A draw among the camps R with weight n adds the drawn camps'
// weighted log-worths minus n times the log of the worth in play; each
// strength adds prior times log(sigmoid(x)) + log(sigmoid(-x)), a virtual
// win and a virtual loss against 0. It also leaves the objective's
// gradient and Hessian at x in f.grad and f.hess: the draw adds -n*pi_c to
// the gradient of camp c's log-worth (pi_c being c's share of the worth
// in play) and -n*(pi_c*[c=d] - pi_c*pi_d) to the Hessian; a camp's
// log-worth is its entrant's theta plus its position's gamma, so each term
// goes to both.
func (f *fitter) evaluate(x []float64, prep []prepared, count []float64) float64 {
	n, entrants := len(x), f.opts.Entrants
	positions := n > entrants
	clear(f.grad)
	clear(f.hess)
	// For each match: the camps' worths relative to the best one, then
	// the gradient (gc) and Hessian (hc) over the camps' log-worths,
	// added at the end to the entrants' and positions' parameters.
	var worth, gc [MaxCamps]float64
	var hc [MaxCamps * MaxCamps]float64
	v := 0.0
	for k, times := range count {
		if times == 0 {
			continue
		}
		m := &prep[k]
		camps := len(m.entrants)
		vm := 0.0
		top := math.Inf(-1)
		for c, e := range m.entrants {
			score := x[e]
			if positions {
				score += x[entrants+c]
			}
			worth[c] = score
			top = max(top, score)
			vm += m.won[c] * score
			gc[c] = m.won[c]
		}
		for c := range camps {
			worth[c] = math.Exp(worth[c] - top)
		}
		clear(hc[:camps*MaxCamps])
		for _, s := range m.stages {
			sum := 0.0
			for b := s.set; b != 0; b &= b - 1 {
				sum += worth[bits.TrailingZeros16(b)]
			}
			vm -= s.weight * (top + math.Log(sum))
			for b := s.set; b != 0; b &= b - 1 {
				c := bits.TrailingZeros16(b)
				pc := s.weight * worth[c] / sum
				gc[c] -= pc
				hc[c*MaxCamps+c] -= pc
				for d := s.set; d != 0; d &= d - 1 {
					cd := bits.TrailingZeros16(d)
					hc[c*MaxCamps+cd] += pc * worth[cd] / sum
				}
			}
		}
		v += times * vm
		for c, e := range m.entrants {
			f.grad[e] += times * gc[c]
			if positions {
				f.grad[entrants+c] += times * gc[c]
			}
			for d, ed := range m.entrants {
				h := times * hc[c*MaxCamps+d]
				f.hess[e*n+ed] += h
				if positions {
					f.hess[e*n+entrants+d] += h
					f.hess[(entrants+c)*n+ed] += h
					f.hess[(entrants+c)*n+entrants+d] += h
				}
			}
		}
	}
	prior := f.opts.Prior
	for i, xi := range x {
		v -= prior * (softplus(-xi) + softplus(xi))
		p := 1 / (1 + math.Exp(-xi))
		f.grad[i] += prior * (1 - 2*p)
		f.hess[i*n+i] -= 2 * prior * p * (1 - p)
	}
	return v
}

// softplus returns log(1 + exp(x)) without overflow.
func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// run fits f.x to the matches prep[i], each counted count[i] times, from
// the current f.x, by Newton's method with a backtracking line search.
// The objective is concave, and strictly so with a prior or when the
// estimate is identified: each step solves the Newton system by a Cholesky
// factorisation of minus the Hessian, and is halved until the objective
// does not decrease.
func (f *fitter) run(prep []prepared, count []float64) error {
	n, m := len(f.x), len(f.free)
	current := f.evaluate(f.x, prep, count)
	for range maxIterations {
		for a, i := range f.free {
			f.step[a] = f.grad[i]
			for b, j := range f.free {
				f.sys[a*m+b] = -f.hess[i*n+j]
			}
		}
		if !cholesky(f.sys, m) {
			return fmt.Errorf("%w: the likelihood is flat along some direction (set a prior)", ErrNoEstimate)
		}
		cholSolve(f.sys, m, f.step)
		size := 0.0
		for _, d := range f.step {
			size = max(size, math.Abs(d))
		}
		if size < tolerance {
			for a, i := range f.free {
				f.x[i] += f.step[a]
			}
			return nil
		}
		// Near the maximum the objective's rounding errors exceed its
		// change: a step that loses no more than them is taken, and so
		// is a step that failed to gain when halved 30 times.
		slack := 1e-12 * (1 + math.Abs(current))
		for t := 1.0; ; t /= 2 {
			copy(f.trial, f.x)
			for a, i := range f.free {
				f.trial[i] += t * f.step[a]
			}
			next := f.evaluate(f.trial, prep, count)
			if next >= current-slack || t < 1e-9 {
				current = next
				break
			}
		}
		// f.grad and f.hess now hold the derivatives at f.trial.
		copy(f.x, f.trial)
	}
	return fmt.Errorf("%w after %d Newton steps", ErrNotConverged, maxIterations)
}

// cholesky factorises the symmetric m-by-m matrix a in place into L (its
// lower triangle) with a = L L^T. It reports false when a is not positive
// definite.
func cholesky(a []float64, m int) bool {
	for j := range m {
		d := a[j*m+j]
		for k := range j {
			d -= a[j*m+k] * a[j*m+k]
		}
		if !(d > 0) {
			return false
		}
		d = math.Sqrt(d)
		a[j*m+j] = d
		for i := j + 1; i < m; i++ {
			s := a[i*m+j]
			for k := range j {
				s -= a[i*m+k] * a[j*m+k]
			}
			a[i*m+j] = s / d
		}
	}
	return true
}

// cholSolve solves L L^T y = b in place in b, L being cholesky's result.
func cholSolve(l []float64, m int, b []float64) {
	for i := range m {
		for k := range i {
			b[i] -= l[i*m+k] * b[k]
		}
		b[i] /= l[i*m+i]
	}
	for i := m - 1; i >= 0; i-- {
		for k := i + 1; k < m; k++ {
			b[i] -= l[k*m+i] * b[k]
		}
		b[i] /= l[i*m+i]
	}
}

// points returns the current strengths as ratings: the entrants' anchored
// on FitOptions.Anchor, the positions' as advantages over their mean.
func (f *fitter) points() (entrants, positions []float64) {
	theta, gamma := f.x[:f.opts.Entrants], f.x[f.opts.Entrants:]
	entrants = make([]float64, len(theta))
	for e, t := range theta {
		entrants[e] = AnchorRating + PointsPerNat*(t-theta[f.opts.Anchor])
	}
	positions = make([]float64, len(gamma))
	mean := 0.0
	for _, g := range gamma {
		mean += g / float64(len(gamma))
	}
	for p, g := range gamma {
		positions[p] = PointsPerNat * (g - mean)
	}
	return entrants, positions
}

// identified reports whether the maximum-likelihood estimate can exist for
// the matches prep[i] with a positive count[i], by Hunter's (2004)
// condition: in the graph with an edge from a to b whenever a finished
// ahead of b or tied with b, every entrant reaches every other (and so does
// every position, with positions). It returns an error wrapping
// ErrNoEstimate otherwise.
func (f *fitter) identified(prep []prepared, count []float64) error {
	entrants := newGraph(f.opts.Entrants)
	positions := newGraph(f.positions())
	for i, times := range count {
		if times == 0 {
			continue
		}
		m := &prep[i]
		for a, ra := range m.ranks {
			for b, rb := range m.ranks {
				if a != b && ra <= rb {
					entrants.add(m.entrants[a], m.entrants[b])
					if f.positions() > 0 {
						positions.add(a, b)
					}
				}
			}
		}
	}
	if e, ok := entrants.strong(); !ok {
		return fmt.Errorf("%w: no chain of results links entrant %d to entrant 0 both ways (one that never lost, never won or never played has no finite strength); set a prior", ErrNoEstimate, e)
	}
	if p, ok := positions.strong(); !ok {
		return fmt.Errorf("%w: no chain of results links camp position %d to position 0 both ways; set a prior", ErrNoEstimate, p)
	}
	return nil
}

// graph is a directed graph on nodes 0 to n-1, as an adjacency matrix.
type graph struct {
	n   int
	out []bool // out[a*n+b]: an edge from a to b
}

// newGraph returns a graph of n nodes without edges.
func newGraph(n int) graph { return graph{n: n, out: make([]bool, n*n)} }

// add adds the edge from a to b.
func (g graph) add(a, b int) { g.out[a*g.n+b] = true }

// strong reports whether every node reaches every other; when not, it
// returns a node that node 0 does not reach or that does not reach node 0.
func (g graph) strong() (int, bool) {
	if g.n == 0 {
		return 0, true
	}
	for _, forward := range []bool{true, false} {
		seen := make([]bool, g.n)
		seen[0] = true
		queue := []int{0}
		for len(queue) > 0 {
			a := queue[0]
			queue = queue[1:]
			for b := range g.n {
				edge := g.out[a*g.n+b]
				if !forward {
					edge = g.out[b*g.n+a]
				}
				if edge && !seen[b] {
					seen[b] = true
					queue = append(queue, b)
				}
			}
		}
		if i := slices.Index(seen, false); i >= 0 {
			return i, false
		}
	}
	return 0, true
}
