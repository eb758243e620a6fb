package career

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// FeatKind is one line of seed 003's table of feats ("Fait d'armes").
type FeatKind uint8

// Feat kinds. Values are stored: append only.
const (
	// MissionSucceeded is an offensive success: a zone taken, a siege won, a
	// settled zone (rule GLO-MIS).
	MissionSucceeded FeatKind = iota + 1
	// MissionFailed is an offensive attempt that failed on its own (GLO-ZERO).
	MissionFailed
	// CounterMissionSucceeded is a defensive success: an assault repelled, a
	// siege lifted (GLO-CTR).
	CounterMissionSucceeded
	// CounterMissionFailed is a defence that failed: a held zone lost
	// (GLO-ZERO).
	CounterMissionFailed
	// EnemyMissionRevealed is one enemy column or operation exposed by the
	// camp's sight (GLO-REV).
	EnemyMissionRevealed
	// IntelSupportInfluence is a successful exploration (intel), trade route
	// (support) or signed pact (influence) (GLO-ISI).
	IntelSupportInfluence
	// InterventionTriggered is a 111 or a 666 on one of the agent's own
	// d666 rolls (GLO-INT).
	InterventionTriggered
	// SabotageSuffered is one of the agent's missions thwarted by an enemy
	// counter-mission (GLO-ZERO).
	SabotageSuffered
	// Recovery is a day spent recovering (rest) (GLO-ZERO).
	Recovery
)

// NumFeatKinds is the number of feat kinds; FeatKind values run from 1 to
// NumFeatKinds.
const NumFeatKinds = int(Recovery)

var featNames = [...]string{
	MissionSucceeded: "mission_succeeded", MissionFailed: "mission_failed",
	CounterMissionSucceeded: "counter_mission_succeeded", CounterMissionFailed: "counter_mission_failed",
	EnemyMissionRevealed: "enemy_mission_revealed", IntelSupportInfluence: "intel_support_influence",
	InterventionTriggered: "intervention_triggered", SabotageSuffered: "sabotage_suffered", Recovery: "recovery",
}

func (k FeatKind) String() string {
	if int(k) < len(featNames) && featNames[k] != "" {
		return featNames[k]
	}
	return fmt.Sprintf("feat(%d)", uint8(k))
}

// baseGlory is the glory of each feat kind, seed 003's table (rules GLO-INT
// to GLO-ZERO).
var baseGlory = [...]int{
	MissionSucceeded:        4,
	CounterMissionSucceeded: 4,
	EnemyMissionRevealed:    2,
	IntelSupportInfluence:   1,
	InterventionTriggered:   5,
}

// MissionQualityBonus is the extra glory of a successful mission whose roll
// has Q = 6 (rule GLO-MIS).
const MissionQualityBonus = 2

// Feat is one feat of an agent: its kind, when the world rolled a d666 for
// it, the roll (the zero Roll means no roll), and the day whose camp order
// it stems from (rule FEAT-AUTHOR), by which the server credits it to the
// seat that wrote that order. Order 0 means no day: day 0 is the setup, on
// which no order is played.
type Feat struct {
	Kind  FeatKind `json:"kind"`
	Roll  D666     `json:"roll"`
	Order int      `json:"order,omitempty"`
}

// Errors of feats and glory.
var (
	// ErrBadFeat reports a feat of unknown kind, with dice out of range, or an
	// intervention whose roll is neither 111 nor 666.
	ErrBadFeat = errors.New("bad feat")
	// ErrNegativeGlory reports an attempt to lower glory, which never goes
	// down (rule GLO-CUM).
	ErrNegativeGlory = errors.New("glory never goes down")
)

// Validate returns an error wrapping ErrBadFeat if f is not a feat of seed
// 003's table: an unknown kind, a roll that is neither zero nor three dice of
// 1 to 6, or an intervention without a 111 or a 666.
func (f Feat) Validate() error {
	switch {
	case f.Kind < MissionSucceeded || int(f.Kind) > NumFeatKinds:
		return fmt.Errorf("%w: unknown kind %d", ErrBadFeat, f.Kind)
	case f.Roll != (D666{}) && !f.Roll.Valid():
		return fmt.Errorf("%w: %s: dice %v out of 1-6", ErrBadFeat, f.Kind, [3]int(f.Roll))
	case f.Kind == InterventionTriggered && !f.Roll.Intervention():
		return fmt.Errorf("%w: an intervention needs a 111 or a 666, not %s", ErrBadFeat, f.Roll)
	}
	return nil
}

// Glory returns the glory the feat brings to the agent's patron (rules
// GLO-INT, GLO-MIS, GLO-CTR, GLO-REV, GLO-ISI, GLO-ZERO): 5 for an
// intervention, 4 for a successful mission (6 if its roll has Q = 6), 4 for a
// successful counter-mission, 2 for a revealed enemy mission, 1 for intel,
// support or influence, 0 otherwise. It returns 0 for a feat that does not
// validate.
func (f Feat) Glory() int {
	if f.Validate() != nil {
		return 0
	}
	g := 0
	if int(f.Kind) < len(baseGlory) {
		g = baseGlory[f.Kind]
	}
	if f.Kind == MissionSucceeded && f.Roll.Q() == 6 {
		g += MissionQualityBonus
	}
	return g
}

// Tally counts an agent's feats of one season. The zero value is an empty
// season. A Tally is a value: Add returns nothing but changes the receiver,
// so it is not safe for concurrent use.
type Tally struct {
	MissionsSucceeded        int `json:"missions_succeeded,omitempty"`
	MissionsFailed           int `json:"missions_failed,omitempty"`
	CounterMissionsSucceeded int `json:"counter_missions_succeeded,omitempty"`
	CounterMissionsFailed    int `json:"counter_missions_failed,omitempty"`
	EnemyMissionsRevealed    int `json:"enemy_missions_revealed,omitempty"`
	IntelSupportInfluence    int `json:"intel_support_influence,omitempty"`
	Interventions            int `json:"interventions,omitempty"`
	SabotagesSuffered        int `json:"sabotages_suffered,omitempty"`
	Recoveries               int `json:"recoveries,omitempty"`
	// Sixes counts the interventions rolled as 666 (rule TIT-CHAOS).
	Sixes int `json:"sixes,omitempty"`
	// Glory is the glory the season's feats brought to the patron.
	Glory int `json:"glory,omitempty"`
}

// Add counts feat f and its glory. It returns an error wrapping ErrBadFeat,
// and changes nothing, if f does not validate.
func (t *Tally) Add(f Feat) error {
	if err := f.Validate(); err != nil {
		return fmt.Errorf("add feat: %w", err)
	}
	switch f.Kind {
	case MissionSucceeded:
		t.MissionsSucceeded++
	case MissionFailed:
		t.MissionsFailed++
	case CounterMissionSucceeded:
		t.CounterMissionsSucceeded++
	case CounterMissionFailed:
		t.CounterMissionsFailed++
	case EnemyMissionRevealed:
		t.EnemyMissionsRevealed++
	case IntelSupportInfluence:
		t.IntelSupportInfluence++
	case InterventionTriggered:
		t.Interventions++
		if f.Roll.Is666() {
			t.Sixes++
		}
	case SabotageSuffered:
		t.SabotagesSuffered++
	case Recovery:
		t.Recoveries++
	}
	t.Glory += f.Glory()
	return nil
}

// MissionsAttempted returns the season's missions, whatever their outcome:
// succeeded, failed or sabotaged (rule JUD-BLAME).
func (t Tally) MissionsAttempted() int {
	return t.MissionsSucceeded + t.MissionsFailed + t.SabotagesSuffered
}

// CounterMissionsAttempted returns the season's counter-missions, succeeded
// or failed (rule JUD-BLAME).
func (t Tally) CounterMissionsAttempted() int {
	return t.CounterMissionsSucceeded + t.CounterMissionsFailed
}

// Glory is a patron's glory ledger: cumulative across seasons, it never goes
// down (rule GLO-CUM). The zero value is a ledger at 0. It is not safe for
// concurrent use.
type Glory struct {
	total int
}

// NewGlory returns a ledger restored at total, as stored. It returns an
// error wrapping ErrNegativeGlory if total is negative.
func NewGlory(total int) (Glory, error) {
	if total < 0 {
		return Glory{}, fmt.Errorf("restore glory %d: %w", total, ErrNegativeGlory)
	}
	return Glory{total: total}, nil
}

// Add adds n to the ledger. It returns an error wrapping ErrNegativeGlory,
// and changes nothing, if n is negative.
func (g *Glory) Add(n int) error {
	if n < 0 {
		return fmt.Errorf("add %d glory: %w", n, ErrNegativeGlory)
	}
	g.total += n
	return nil
}

// Total returns the glory accumulated so far.
func (g Glory) Total() int { return g.total }

// PatronGlory is one line of a camp's glory board (seed 003's "Supérieur"
// ranking): a patron, its glory and its rank, shared on a tie.
type PatronGlory struct {
	Patron string `json:"patron"`
	Glory  int    `json:"glory"`
	Rank   int    `json:"rank"`
}

// RankPatrons returns the board sorted by glory, highest first, then by
// patron name, with ranks set: equal glory shares a rank and the next rank
// skips (1, 1, 3) (rule GLO-BOARD). The input is not modified.
func RankPatrons(board []PatronGlory) []PatronGlory {
	out := slices.Clone(board)
	slices.SortStableFunc(out, func(a, b PatronGlory) int {
		return cmp.Or(cmp.Compare(b.Glory, a.Glory), cmp.Compare(a.Patron, b.Patron))
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Glory == out[i-1].Glory {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}
