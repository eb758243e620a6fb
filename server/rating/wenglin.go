package rating

import (
	"errors"
	"fmt"
	"math"
)

// ErrInvalid is wrapped by every error about a malformed argument: a match
// with fewer than two camps, a camp without players, a rank out of range,
// an entrant or anchor out of range, a non-finite or non-positive number.
var ErrInvalid = errors.New("rating: invalid input")

// Rating is the online rating's belief about one entrant's skill: a normal
// distribution of mean Mu and standard deviation Sigma. The zero value is
// not a usable rating; Model.New returns a newcomer's.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Ordinal returns Mu - 3*Sigma, a conservative skill estimate: the entrant's
// skill is above it with about 99.87 % probability under the model. A
// leaderboard sorted by Ordinal ranks newcomers low until their matches
// shrink Sigma.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model holds the parameters of the online rating: Weng and Lin's
// Plackett-Luce update (Weng and Lin 2011, Algorithm 4). DefaultModel
// returns the usual values; the zero Model is not usable. A Model is a
// value: it is safe for concurrent use.
type Model struct {
	// Mu and Sigma are a newcomer's rating.
	Mu, Sigma float64
	// Beta is the standard deviation of one match's performance around the
	// skill: the larger, the more a match is left to chance and the
	// smaller each update.
	Beta float64
	// Kappa is the floor of the factor that shrinks a variance in one
	// update, so that Sigma stays positive.
	Kappa float64
	// Tau is added in quadrature to every Sigma before a match
	// (Sigma' = sqrt(Sigma^2 + Tau^2)), so that Sigma never settles to
	// zero and a skill that drifts can still be followed. Zero turns it
	// off.
	Tau float64
	// LimitSigma keeps a Sigma from growing through a match (which Tau can
	// make it do): the new Sigma is at most the one before the match.
	LimitSigma bool
}

// DefaultModel returns the usual parameters of the OpenSkill family: Mu 25,
// Sigma 25/3, Beta 25/6, Kappa 0.0001 and Tau 25/300, without LimitSigma.
func DefaultModel() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// New returns a newcomer's rating: the model's Mu and Sigma.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate returns the ratings after one match. camps[i] holds the ratings of
// camp i's players (a camp has one player or more); ranks[i] is camp i's
// final rank, 1 for the best, and camps that tie share a rank. Every rank is
// between 1 and the number of camps. There must be at least two camps.
// Every Mu is at most 1e100 in magnitude and every Sigma between 1e-100 and
// 1e100; the model's Beta is in that range too, Kappa in (0, 1] and Tau in
// [0, 1e100]. The result has the shape of camps; the arguments are not
// modified.
func (m Model) Rate(camps [][]Rating, ranks []int) ([][]Rating, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if err := checkMatch(camps, ranks); err != nil {
		return nil, err
	}
	n := len(camps)
	tau2 := m.Tau * m.Tau
	// The camps' ratings, with each player's variance grown by Tau^2: the
	// camp's skill is the sum of its players'.
	mu := make([]float64, n)
	v := make([]float64, n)
	c2 := 0.0
	for i, camp := range camps {
		for _, p := range camp {
			mu[i] += p.Mu
			v[i] += p.Sigma*p.Sigma + tau2
		}
		c2 += v[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	// For each camp q, the camps still in play when q's rank is decided
	// are those ranked q's rank or worse; share(i, q) is camp i's share of
	// their Plackett-Luce worth exp(mu/c), computed relative to the
	// largest of them so that nothing overflows or vanishes. tied[q] is
	// the number of camps sharing q's rank.
	top := make([]float64, n)
	sum := make([]float64, n)
	tied := make([]float64, n)
	for q := range n {
		top[q] = math.Inf(-1)
		for i := range n {
			if ranks[i] >= ranks[q] {
				top[q] = max(top[q], mu[i])
			}
		}
		for i := range n {
			if ranks[i] >= ranks[q] {
				sum[q] += math.Exp((mu[i] - top[q]) / c)
			}
			if ranks[i] == ranks[q] {
				tied[q]++
			}
		}
	}
	share := func(i, q int) float64 { return math.Exp((mu[i]-top[q])/c) / sum[q] }
	out := make([][]Rating, n)
	for i, camp := range camps {
		omega, delta := 0.0, 0.0
		for q := range n {
			if ranks[q] > ranks[i] {
				continue
			}
			p := share(i, q)
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		omega *= v[i] / c
		gamma := math.Sqrt(v[i]) / c
		delta *= gamma * v[i] / c2
		out[i] = make([]Rating, len(camp))
		for j, p := range camp {
			s2 := p.Sigma*p.Sigma + tau2
			part := s2 / v[i] // the player's part of the camp's variance
			sigma := math.Sqrt(s2 * max(1-part*delta, m.Kappa))
			if m.LimitSigma {
				sigma = min(sigma, p.Sigma)
			}
			out[i][j] = Rating{Mu: p.Mu + part*omega, Sigma: sigma}
		}
	}
	return out, nil
}

// Bounds of the numbers Rate accepts, far beyond any rating's, so that no
// sum or square of them overflows or vanishes.
const (
	largest  = 1e100
	smallest = 1e-100
)

// check reports whether the model's parameters can rate a match.
func (m Model) check() error {
	switch {
	case !(m.Beta >= smallest && m.Beta <= largest):
		return fmt.Errorf("%w: model Beta is %v; want %v to %v", ErrInvalid, m.Beta, smallest, largest)
	case !(m.Kappa > 0 && m.Kappa <= 1):
		return fmt.Errorf("%w: model Kappa is %v; want more than 0 and at most 1", ErrInvalid, m.Kappa)
	case !(m.Tau >= 0 && m.Tau <= largest):
		return fmt.Errorf("%w: model Tau is %v; want 0 to %v", ErrInvalid, m.Tau, largest)
	}
	return nil
}

// checkMatch reports whether camps and ranks describe one match that Rate
// can use.
func checkMatch(camps [][]Rating, ranks []int) error {
	n := len(camps)
	if n < 2 {
		return fmt.Errorf("%w: a match has %d camps; want at least 2", ErrInvalid, n)
	}
	if len(ranks) != n {
		return fmt.Errorf("%w: %d ranks for %d camps; want one rank per camp", ErrInvalid, len(ranks), n)
	}
	for i, camp := range camps {
		if len(camp) == 0 {
			return fmt.Errorf("%w: camp %d has no player", ErrInvalid, i)
		}
		if ranks[i] < 1 || ranks[i] > n {
			return fmt.Errorf("%w: camp %d has rank %d; want 1 to %d", ErrInvalid, i, ranks[i], n)
		}
		for j, p := range camp {
			if !(math.Abs(p.Mu) <= largest) || !(p.Sigma >= smallest && p.Sigma <= largest) {
				return fmt.Errorf("%w: camp %d player %d has Mu %v Sigma %v; want |Mu| at most %v and Sigma %v to %v", ErrInvalid, i, j, p.Mu, p.Sigma, largest, smallest, largest)
			}
		}
	}
	return nil
}
