package career

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Terrain is a zone's terrain. Its values are those of the engine's Terrain
// (plains 1, forest 2, mountain 3, coast 4), so the server converts one into
// the other with a plain conversion.
type Terrain uint8

// Terrains.
const (
	Plains Terrain = iota + 1
	Forest
	Mountain
	Coast
)

// terrainCost is the terrain cost of the world's march and defence rules
// (MAR-1, BAT-2), which the weight of a zone follows.
var terrainCost = [...]int{Plains: 0, Forest: 1, Mountain: 2, Coast: 1}

// Zone is what the camp score needs of one held zone.
type Zone struct {
	Terrain Terrain `json:"terrain"`
	// Dev is the zone's development level.
	Dev int `json:"dev"`
	// Buildings is the number of buildings standing in the zone; Barracks
	// how many of them count in full (rule CAR-VETERANS): its barracks
	// under the rules that weigh them, 0 under older rules.
	Buildings int  `json:"buildings"`
	Barracks  int  `json:"barracks,omitempty"`
	Capital   bool `json:"capital,omitempty"`
	Monument  bool `json:"monument,omitempty"`
	// ArmsDays are the camp's men-under-arms-days over the season's Days
	// days that the zone counts (rule CAR-VETERANS): a capital's under the
	// rules that weigh them, 0 elsewhere.
	ArmsDays int `json:"arms_days,omitempty"`
	Days     int `json:"days,omitempty"`
}

// Score constants (rule CAR-SCORE).
const (
	// CapitalInfluence and MonumentInfluence are added to the influence of a
	// capital and of the zone bearing the monument.
	CapitalInfluence  = 3
	MonumentInfluence = 5
	// BaseWeight is the weight of a plain; harder land weighs its terrain
	// cost more.
	BaseWeight = 2
	// ArmyInfluenceTenths is the influence, in tenths, each man of its
	// camp's men under arms averaged over the season's days adds to its
	// capital (rule CAR-VETERANS).
	ArmyInfluenceTenths = 47
)

// ErrBadZone reports a zone of unknown terrain or with a negative count.
var ErrBadZone = errors.New("bad zone")

func (z Zone) validate() error {
	if z.Terrain < Plains || z.Terrain > Coast || z.Dev < 0 || z.Buildings < 0 || z.Barracks < 0 || z.Barracks > z.Buildings || z.ArmsDays < 0 || z.Days < 0 {
		return fmt.Errorf("%w: %+v", ErrBadZone, z)
	}
	return nil
}

// Influence returns the zone's influence (rule CAR-SCORE): 1, + its
// development level, + half its buildings (rounded down), + CapitalInfluence
// for a capital, + MonumentInfluence for the monument; under the rules that
// weigh what war keeps (rule CAR-VETERANS) its barracks count in full
// rather than half, and ArmyInfluenceTenths tenths per man of the
// season's average army it counts (its men-under-arms-days over its days),
// rounded down once.
func (z Zone) Influence() int {
	n := 1 + z.Dev + (z.Buildings-z.Barracks)/2 + z.Barracks
	if z.Days > 0 {
		n += ArmyInfluenceTenths * z.ArmsDays / (10 * z.Days)
	}
	if z.Capital {
		n += CapitalInfluence
	}
	if z.Monument {
		n += MonumentInfluence
	}
	return n
}

// Weight returns the zone's weight (rule CAR-SCORE): BaseWeight + the terrain
// cost of its land (plains 2, forest and coast 3, mountain 4), or 0 for an
// unknown terrain.
func (z Zone) Weight() int {
	if z.Terrain < Plains || z.Terrain > Coast {
		return 0
	}
	return BaseWeight + terrainCost[z.Terrain]
}

// Score returns a camp's score over its held zones (rule CAR-SCORE): the sum
// of influence x weight. It returns an error wrapping ErrBadZone if a zone is
// invalid.
func Score(held []Zone) (int, error) {
	total := 0
	for i, z := range held {
		if err := z.validate(); err != nil {
			return 0, fmt.Errorf("zone %d: %w", i, err)
		}
		total += z.Influence() * z.Weight()
	}
	return total, nil
}

// CampScore is one line of the season's camp ranking.
type CampScore struct {
	Camp  int `json:"camp"`
	Score int `json:"score"`
	Rank  int `json:"rank"`
}

// RankCamps returns the camp ranking sorted by score, highest first, then by
// camp, with ranks set: equal scores share a rank and the next rank skips
// (rule CAR-RANK). Every camp at rank 1 enters the chronicle's roll of
// honour. The input is not modified.
func RankCamps(scores []CampScore) []CampScore {
	out := slices.Clone(scores)
	slices.SortStableFunc(out, func(a, b CampScore) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Camp, b.Camp))
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Score == out[i-1].Score {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}
