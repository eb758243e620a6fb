// Package rng is the rulesets' source of chance: deterministic random
// streams keyed by (world seed, season, tick, camp, purpose), so that one
// camp's draw never shifts another's, a replay draws the same and no season
// repeats another's chance. It does no I/O and has no global state.
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
	r := Stream(seed, tick, camp, purpose)
	return &r
}

// Stream is New as a value, for a caller that keeps its streams in memory
// of its own.
func Stream(seed uint64, tick int, camp int, purpose uint64) Rand {
	s := mix(seed ^ 0x9e3779b97f4a7c15)
	s = mix(s ^ uint64(int64(tick)))
	s = mix(s ^ uint64(int64(camp)+0x1000))
	s = mix(s ^ purpose)
	return Rand{s: s}
}

// NewSeason returns the stream for (seed, season, tick, camp, purpose): the
// stream New gives for the seed of the season (SeasonSeed), so that two
// seasons of one world draw apart. Streams a ruleset keyed without the
// season before (New) stay as they were: a ruleset chooses per version of
// its rules which it draws from.
func NewSeason(seed uint64, season, tick, camp int, purpose uint64) *Rand {
	return New(SeasonSeed(seed, season), tick, camp, purpose)
}

// SeasonStream is NewSeason as a value (see Stream).
func SeasonStream(seed uint64, season, tick, camp int, purpose uint64) Rand {
	return Stream(SeasonSeed(seed, season), tick, camp, purpose)
}

// SeasonSeed returns the seed of a world's season: the world's seed mixed
// with the season's number.
func SeasonSeed(seed uint64, season int) uint64 {
	return mix(seed ^ mix(uint64(int64(season))+0x5ea5_04a5_0000_0001))
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
