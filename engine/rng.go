package engine

import "math/bits"

// Rand is a deterministic random stream keyed by (world seed, tick, camp,
// purpose), so that one camp's draw never shifts another's. It is a SplitMix64
// generator; the zero value is a valid (fixed) stream. A Rand is not safe for
// concurrent use.
type Rand struct{ s uint64 }

// Purpose names what a random stream is for. Values are stable: they key
// streams, so changing one changes every replay.
type Purpose uint64

// Stream purposes. Append only.
const (
	PurposeMap Purpose = iota + 1
	PurposeExplore
	PurposeDesertion
	PurposeDelay
	PurposeEvent
	PurposeBattle
	PurposeBirth
	PurposeAging
	PurposeMood
	PurposeXP
	PurposeArrival
	PurposeDeath
	PurposeSpy
	PurposeCoup
)

// NewRand returns the stream for (seed, tick, camp, purpose). Use camp -1 for
// draws that belong to no camp.
func NewRand(seed uint64, tick int, camp int, p Purpose) *Rand {
	s := mix(seed ^ 0x9e3779b97f4a7c15)
	s = mix(s ^ uint64(int64(tick)))
	s = mix(s ^ uint64(int64(camp)+0x1000))
	s = mix(s ^ uint64(p))
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
		panic("engine: Intn with n <= 0")
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
