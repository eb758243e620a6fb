package grisonval

import "github.com/grisonval/server/engine/rng"

// Rand is a deterministic random stream keyed by (world seed, tick, camp,
// purpose), so that one camp's draw never shifts another's (package rng).
type Rand = rng.Rand

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
	// PurposeSpecial draws the special terrain at world creation (rule
	// TER-DRAW), apart from the terrain's PurposeMap stream.
	PurposeSpecial
	// PurposePromotion draws the migrants of the promotion edict (rule
	// EDI-5).
	PurposePromotion
	// PurposeUpkeep draws the daily stability check of RulesMastery (rule
	// GOV-UPKEEP).
	PurposeUpkeep
)

// NewRand returns the stream for (seed, tick, camp, purpose). Use camp -1 for
// draws that belong to no camp. It is the key of the land's draws (the
// map, the special terrain) and of every draw of a world played by rules
// older than RulesMastery; World.Rand gives a world's streams.
func NewRand(seed uint64, tick int, camp int, p Purpose) *Rand {
	return rng.New(seed, tick, camp, uint64(p))
}

// Rand returns w's stream for (tick, camp, purpose) (rule RNG-1): keyed by
// the world's seed and, under RulesMastery, by its season too, so that no
// season repeats another's chance. Use camp -1 for draws that belong to no
// camp.
func (w *World) Rand(tick, camp int, p Purpose) *Rand {
	r := w.stream(tick, camp, p)
	return &r
}

// stream is Rand as a value.
func (w *World) stream(tick, camp int, p Purpose) Rand {
	if w.Rules >= RulesMastery {
		return rng.SeasonStream(w.Seed, w.Season, tick, camp, uint64(p))
	}
	return rng.Stream(w.Seed, tick, camp, uint64(p))
}
