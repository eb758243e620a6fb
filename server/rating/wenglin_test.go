package rating

import (
	"errors"
	"math"
	"testing"
)

// team returns n copies of r: the published cases rate teams whose players
// all start with the same rating.
func team(r Rating, n int) []Rating {
	t := make([]Rating, n)
	for i := range t {
		t[i] = r
	}
	return t
}

// same returns a team of players who all have rating (mu, sigma).
func same(n int, mu, sigma float64) []Rating { return team(Rating{mu, sigma}, n) }

// TestRatePublished checks Rate against the numbers that the reference
// implementations' own tests assert for the Plackett-Luce model. The
// numbers carry over; no code was copied.
//
//   - js: github.com/philihp/openskill.js at commit
//     0bf4361f809555caec924e97f9c596eef579e6f8,
//     src/models/__tests__/plackett-luce.test.ts (the model function called
//     directly, so without the Tau that its rate() adds; default parameters
//     otherwise; asserted with toStrictEqual) and src/__tests__/parity-plackett-luce.test.ts (the
//     numbers of openskill.py 6.2.0's tests/models/weng_lin/test_plackett_luce.py,
//     default model, every player starting at mu 20.35125162611535, sigma
//     8.33148112355601).
//   - py: github.com/OpenDebates/openskill.py at commit
//     cc684f1e06231d75a24f0183cf0bcb21e44cae89 (version 5.1.1),
//     tests/models/weng_lin/test_plackett_luce.py::test_rate with the
//     expected values of tests/models/data/plackettluce.json (model mu
//     22.350299400541857, sigma 4.177118726502424, other parameters default;
//     asserted to a relative 1e-4). The fixture's "scores" case (scores
//     [1, 2]) is its "ranks" case [2, 1] again and is not repeated.
//
// Both libraries' rate functions apply Tau = 25/300 by default, as
// DefaultModel does.
func TestRatePublished(t *testing.T) {
	def := DefaultModel()
	r := def.New()
	noTau := def
	noTau.Tau = 0
	py := def
	py.Mu, py.Sigma = 22.350299400541857, 4.177118726502424
	pr := py.New()
	v6 := Rating{20.35125162611535, 8.33148112355601}
	limited := def
	limited.LimitSigma = true
	pyLimited := py
	pyLimited.LimitSigma = true
	cases := []struct {
		name  string
		model Model
		camps [][]Rating
		ranks []int
		want  [][]Rating
		tol   float64 // relative
	}{
		{"js 2p FFA", noTau, [][]Rating{{r}, {r}}, []int{1, 2}, [][]Rating{
			same(1, 27.63523138347365, 8.065506316323548),
			same(1, 22.36476861652635, 8.065506316323548),
		}, 1e-12},
		{"js 3p FFA", noTau, [][]Rating{{r}, {r}, {r}}, []int{1, 2, 3}, [][]Rating{
			same(1, 27.868876552746237, 8.204837030780652),
			same(1, 25.717219138186557, 8.057829747583874),
			same(1, 21.413904309067206, 8.057829747583874),
		}, 1e-12},
		{"js 4p FFA", noTau, [][]Rating{{r}, {r}, {r}, {r}}, []int{1, 2, 3, 4}, [][]Rating{
			same(1, 27.795084971874736, 8.263160757613477),
			same(1, 26.552824984374855, 8.179213704945203),
			same(1, 24.68943500312503, 8.083731307186588),
			same(1, 20.96265504062538, 8.083731307186588),
		}, 1e-12},
		{"js 5p FFA", noTau, [][]Rating{{r}, {r}, {r}, {r}, {r}}, []int{1, 2, 3, 4, 5}, [][]Rating{
			same(1, 27.666666666666668, 8.290556877154474),
			same(1, 26.833333333333332, 8.240145629781066),
			same(1, 25.72222222222222, 8.179996679645559),
			same(1, 24.055555555555557, 8.111796013701358),
			same(1, 20.72222222222222, 8.111796013701358),
		}, 1e-12},
		{"js 3 teams different sized players", noTau, [][]Rating{team(r, 3), team(r, 1), team(r, 2)}, []int{1, 2, 3}, [][]Rating{
			same(3, 25.939870821784513, 8.247641552260456),
			same(1, 27.21366020491262, 8.274321317985242),
			same(2, 21.84646897330287, 8.213058173195341),
		}, 1e-12},
		{"js parity normal", def, [][]Rating{team(v6, 1), team(v6, 2)}, []int{1, 2}, [][]Rating{
			same(1, 23.855123082692877, 8.22447878583752),
			same(2, 16.84738016953782, 8.179571171464575),
		}, 1e-12},
		{"js parity ranks", def, [][]Rating{team(v6, 1), team(v6, 2), team(v6, 1), team(v6, 2)}, []int{2, 1, 4, 3}, [][]Rating{
			same(1, 22.35555943890167, 8.265434830225024),
			same(2, 22.373451456616035, 8.258479912445537),
			same(1, 18.311159777900297, 8.219170401234347),
			same(2, 18.364835831043397, 8.112716571808326),
		}, 1e-12},
		{"js parity scores", def, [][]Rating{team(v6, 1), team(v6, 2)}, []int{2, 1}, [][]Rating{
			same(1, 19.4016459546452, 8.22447878583752),
			same(2, 21.300857297585495, 8.179571171464575),
		}, 1e-12},
		{"js parity limit_sigma", limited, [][]Rating{team(v6, 1), team(v6, 2), team(v6, 3)}, []int{2, 1, 3}, [][]Rating{
			same(1, 22.81664991565251, 8.28331609373364),
			same(2, 22.74645120129216, 8.268148437657915),
			same(3, 15.49065376140138, 8.18959307104567),
		}, 1e-12},
		{"js parity ties", def, [][]Rating{team(v6, 1), team(v6, 2), team(v6, 3)}, []int{1, 2, 1}, [][]Rating{
			same(1, 21.63766806988004, 8.310709773172306),
			same(2, 19.53956360838512, 8.268148437657915),
			same(3, 19.87652320008089, 8.237522411103104),
		}, 1e-12},
		{"py normal", py, [][]Rating{team(pr, 1), team(pr, 2)}, []int{1, 2}, [][]Rating{
			same(1, 24.064467826765515, 4.163571386191661),
			same(2, 20.6361309743182, 4.15760104967308),
		}, 1e-4},
		{"py ranks", py, [][]Rating{team(pr, 1), team(pr, 2)}, []int{2, 1}, [][]Rating{
			same(1, 22.19401288690994, 4.163571386191661),
			same(2, 22.506585914173776, 4.15760104967308),
		}, 1e-4},
		{"py limit_sigma", pyLimited, [][]Rating{team(pr, 1), team(pr, 2), team(pr, 3)}, []int{2, 1, 3}, [][]Rating{
			same(1, 23.673188433055675, 4.174097005234212),
			same(2, 23.54860097168954, 4.164693649388653),
			same(3, 19.829108796880355, 4.155899775058227),
		}, 1e-4},
		{"py ties", py, [][]Rating{team(pr, 1), team(pr, 2), team(pr, 3)}, []int{1, 2, 1}, [][]Rating{
			same(1, 23.01442322005181, 4.176165477042022),
			same(2, 22.154697318038096, 4.164693649388653),
			same(3, 21.88177766353566, 4.159497495039252),
		}, 1e-4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.model.Rate(tc.camps, tc.ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				for j, w := range tc.want[i] {
					g := got[i][j]
					if !near(g.Mu, w.Mu, tc.tol) || !near(g.Sigma, w.Sigma, tc.tol) {
						t.Errorf("camp %d player %d: got %v; want %v", i, j, g, w)
					}
				}
			}
		})
	}
}

// near reports whether got is within a relative tol of want.
func near(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Abs(want)
}

// TestRateSeries replays openskill.js's three-match series (whose numbers,
// its comment says, come from the rank-1.02 implementation):
// github.com/philihp/openskill.js at commit
// 0bf4361f809555caec924e97f9c596eef579e6f8,
// src/models/__tests__/plackett-luce-series.test.ts, asserted with
// toBeCloseTo (an absolute 0.005). Scores become ranks, equal scores tying.
func TestRateSeries(t *testing.T) {
	m := DefaultModel()
	p := make([]Rating, 5)
	for i := range p {
		p[i] = m.New()
	}
	// play rates the players in order with the given ranks.
	play := func(players []int, ranks []int) {
		camps := make([][]Rating, len(players))
		for i, e := range players {
			camps[i] = []Rating{p[e]}
		}
		out, err := m.Rate(camps, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range players {
			p[e] = out[i][0]
		}
	}
	play([]int{0, 1, 2, 3, 4}, []int{1, 2, 2, 4, 4}) // scores 9, 7, 7, 5, 5
	play([]int{4, 2, 1}, []int{1, 2, 2})             // scores 9, 5, 5
	play([]int{3, 1, 2, 0}, []int{1, 1, 3, 3})       // scores 9, 9, 7, 7
	want := []Rating{
		{26.353761103, 8.11102706},
		{24.618479789, 7.90533551},
		{23.065819512, 7.822005595},
		{24.476332403, 8.106111471},
		{26.385499685, 8.054090809},
	}
	for i, w := range want {
		if math.Abs(p[i].Mu-w.Mu) > 0.005 || math.Abs(p[i].Sigma-w.Sigma) > 0.005 {
			t.Errorf("player %d: got %v; want %v", i, p[i], w)
		}
	}
}

// TestRateProperties checks what the model promises beyond the published
// numbers: a tie between equals moves no Mu, a tie pulls unequal ratings
// together, Tau 0 never grows a Sigma, LimitSigma caps it, and the
// arguments are left untouched.
func TestRateProperties(t *testing.T) {
	m := DefaultModel()
	t.Run("tie between equals", func(t *testing.T) {
		out, err := m.Rate([][]Rating{{m.New()}, {m.New()}, {m.New()}}, []int{2, 2, 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			if math.Abs(out[i][0].Mu-m.Mu) > 1e-12 {
				t.Errorf("camp %d: got Mu %v; want %v", i, out[i][0].Mu, m.Mu)
			}
		}
	})
	t.Run("tie pulls together", func(t *testing.T) {
		strong, weak := Rating{35, 8}, Rating{15, 8}
		out, err := m.Rate([][]Rating{{strong}, {weak}}, []int{1, 1})
		if err != nil {
			t.Fatal(err)
		}
		if out[0][0].Mu >= strong.Mu || out[1][0].Mu <= weak.Mu {
			t.Errorf("got %v and %v; want the strong to lose Mu and the weak to gain", out[0][0], out[1][0])
		}
	})
	t.Run("no tau", func(t *testing.T) {
		nt := m
		nt.Tau = 0
		camps := [][]Rating{{{40, 3}}, {{-20, 3}}, {m.New(), m.New()}}
		out, err := nt.Rate(camps, []int{1, 3, 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			for j := range out[i] {
				if out[i][j].Sigma > camps[i][j].Sigma {
					t.Errorf("camp %d player %d: Sigma grew from %v to %v with Tau 0", i, j, camps[i][j].Sigma, out[i][j].Sigma)
				}
			}
		}
		if camps[0][0] != (Rating{40, 3}) {
			t.Errorf("Rate modified its argument: %v", camps[0][0])
		}
	})
	t.Run("limit sigma", func(t *testing.T) {
		// An upset between certain ratings: with a large Tau the sigmas
		// would grow; LimitSigma keeps them.
		lm := m
		lm.Tau, lm.LimitSigma = 0.3, true
		a, b := Rating{40, 3}, Rating{-20, 3}
		out, err := lm.Rate([][]Rating{{a}, {b}}, []int{1, 2})
		if err != nil {
			t.Fatal(err)
		}
		if out[0][0].Sigma != a.Sigma || out[1][0].Sigma != b.Sigma {
			t.Errorf("got sigmas %v, %v; want %v, %v", out[0][0].Sigma, out[1][0].Sigma, a.Sigma, b.Sigma)
		}
	})
	t.Run("order of camps", func(t *testing.T) {
		// Listing the camps in another order permutes the result and
		// changes nothing else.
		a, b, c := Rating{30, 6}, Rating{25, 8}, Rating{20, 5}
		one, err := m.Rate([][]Rating{{a}, {b}, {c}}, []int{2, 1, 3})
		if err != nil {
			t.Fatal(err)
		}
		two, err := m.Rate([][]Rating{{c}, {a}, {b}}, []int{3, 2, 1})
		if err != nil {
			t.Fatal(err)
		}
		for i, j := range []int{1, 2, 0} {
			if !near(one[i][0].Mu, two[j][0].Mu, 1e-12) || !near(one[i][0].Sigma, two[j][0].Sigma, 1e-12) {
				t.Errorf("camp %d: got %v and %v; want the same", i, one[i][0], two[j][0])
			}
		}
	})
}

// TestRateInvalid checks that every malformed argument is refused with
// ErrInvalid.
func TestRateInvalid(t *testing.T) {
	m := DefaultModel()
	r := m.New()
	bad := m
	bad.Beta = 0
	negTau := m
	negTau.Tau = -1
	bigKappa := m
	bigKappa.Kappa = 2
	cases := []struct {
		name  string
		model Model
		camps [][]Rating
		ranks []int
	}{
		{"one camp", m, [][]Rating{{r}}, []int{1}},
		{"ranks missing", m, [][]Rating{{r}, {r}}, []int{1}},
		{"empty camp", m, [][]Rating{{r}, {}}, []int{1, 2}},
		{"rank zero", m, [][]Rating{{r}, {r}}, []int{0, 1}},
		{"rank too large", m, [][]Rating{{r}, {r}}, []int{1, 3}},
		{"zero sigma", m, [][]Rating{{r}, {{25, 0}}}, []int{1, 2}},
		{"NaN mu", m, [][]Rating{{r}, {{math.NaN(), 1}}}, []int{1, 2}},
		{"huge mu", m, [][]Rating{{r}, {{1e101, 1}}}, []int{1, 2}},
		{"infinite sigma", m, [][]Rating{{r}, {{25, math.Inf(1)}}}, []int{1, 2}},
		{"kappa above 1", bigKappa, [][]Rating{{r}, {r}}, []int{1, 2}},
		{"zero beta", bad, [][]Rating{{r}, {r}}, []int{1, 2}},
		{"negative tau", negTau, [][]Rating{{r}, {r}}, []int{1, 2}},
		{"zero model", Model{}, [][]Rating{{r}, {r}}, []int{1, 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.model.Rate(tc.camps, tc.ranks); !errors.Is(err, ErrInvalid) {
				t.Errorf("got %v; want ErrInvalid", err)
			}
		})
	}
}

// TestOrdinal checks the conservative estimate.
func TestOrdinal(t *testing.T) {
	if got := (Rating{Mu: 25, Sigma: 25.0 / 3}).Ordinal(); math.Abs(got) > 1e-12 {
		t.Errorf("got %v; want 0", got)
	}
	if got := (Rating{Mu: 30, Sigma: 2}).Ordinal(); got != 24 {
		t.Errorf("got %v; want 24", got)
	}
}
