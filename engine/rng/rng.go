// Package rng is the rulesets' source of chance: deterministic random
// streams keyed by (world seed, tick, camp, purpose), so that one camp's
// draw never shifts another's and a replay draws the same. It does no I/O
// and has no global state.
package rng

import "math/bits"

// Rand is a deterministic random stream, a SplitMix64 generator; the zero
// value is a valid (fixed) stream. A Rand is not safe for concurrent use.
type Rand struct{ s uint64 }

// New returns the stream for (seed, tick, camp, purpose). Use camp -1 for
// draws that belong to no camp. A ruleset gives each of its purposes its
// own value and never changes it: values key streams, so changing one
// changes every replay.
func New(seed uint64, tick int, camp int, purpose uint64) *Rand {
	s := mix(seed ^ 0x9e3779b97f4a7c15)
	s = mix(s ^ uint64(int64(tick)))
	s = mix(s ^ uint64(int64(camp)+0x1000))
	s = mix(s ^ purpose)
	return &Rand{s: s}
}

func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Uint64 returns the next value of the stream.
func (r *Rand) Uint64() uint64 {
	r.s += 0x9e3779b97f4a7c15
	return mix(r.s)
}

// Intn returns a value in [0, n). It panics if n <= 0.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn with n <= 0")
	}
	// Lemire's multiply-shift; the bias for n this small is negligible and,
	// above all, deterministic.
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// Chance reports true with probability percent/100 (percent may be fractional).
func (r *Rand) Chance(percent float64) bool {
	return float64(r.Uint64()>>11)/(1<<53)*100 < percent
}
