package career

import (
	"errors"
	"fmt"
)

// Standing constants (rule JUD-COTE, a design: seed 003 gives no numbers).
const (
	// StandingStart is every agent's standing when a season starts.
	StandingStart = 10
	// StandingMin and StandingMax bound the final standing.
	StandingMin = 0
	StandingMax = 20
	// PraiseStanding is the lowest final standing that can earn praise.
	PraiseStanding = 14
	// BlameStanding is the highest final standing that earns blame.
	BlameStanding = 6
)

// standingDelta is what each feat kind does to the standing (rule JUD-COTE):
// missions and counter-missions weigh twice what intel weighs, as in the
// glory table; a sabotage suffered costs half a failure; chance
// (interventions) and rest are neutral.
var standingDelta = [...]int{
	MissionSucceeded:        2,
	CounterMissionSucceeded: 2,
	EnemyMissionRevealed:    1,
	IntelSupportInfluence:   1,
	MissionFailed:           -2,
	CounterMissionFailed:    -2,
	SabotageSuffered:        -1,
}

// Standing returns the agent's standing ("cote") at the end of season tally
// t (rule JUD-COTE): StandingStart, +2 per successful mission or
// counter-mission, +1 per enemy mission revealed and per intel, support or
// influence, -2 per failed mission or counter-mission, -1 per sabotage
// suffered, the sum clamped to [StandingMin, StandingMax]. The clamp applies
// to the sum, so the order of the feats never matters.
func Standing(t Tally) int {
	s := StandingStart +
		standingDelta[MissionSucceeded]*t.MissionsSucceeded +
		standingDelta[CounterMissionSucceeded]*t.CounterMissionsSucceeded +
		standingDelta[EnemyMissionRevealed]*t.EnemyMissionsRevealed +
		standingDelta[IntelSupportInfluence]*t.IntelSupportInfluence +
		standingDelta[MissionFailed]*t.MissionsFailed +
		standingDelta[CounterMissionFailed]*t.CounterMissionsFailed +
		standingDelta[SabotageSuffered]*t.SabotagesSuffered
	return min(max(s, StandingMin), StandingMax)
}

// Verdict is the patron's judgment of its agent at the season's close
// (seed 003's "Jugement").
type Verdict uint8

// Verdicts. Values are stored: append only.
const (
	// Discharge ("quitus"): the service goes on.
	Discharge Verdict = iota + 1
	// Praise ("éloge").
	Praise
	// Blame ("blâme").
	Blame
)

var verdictNames = [...]string{Discharge: "discharge", Praise: "praise", Blame: "blame"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) && verdictNames[v] != "" {
		return verdictNames[v]
	}
	return fmt.Sprintf("verdict(%d)", uint8(v))
}

// Judge returns the verdict on season tally t (rules JUD-PRAISE, JUD-BLAME,
// JUD-DISCHARGE): blame if the final standing is at most BlameStanding or no
// mission nor counter-mission was attempted; otherwise praise if the final
// standing is at least PraiseStanding and a mission succeeded; otherwise
// discharge. Blame wins over praise.
func Judge(t Tally) Verdict {
	s := Standing(t)
	switch {
	case s <= BlameStanding || t.MissionsAttempted()+t.CounterMissionsAttempted() == 0:
		return Blame
	case s >= PraiseStanding && t.MissionsSucceeded >= 1:
		return Praise
	}
	return Discharge
}

// MaxEminence is the most eminence points a season can earn (rule EP-MAX).
const MaxEminence = 3

// Close is what the eminence points of one agent's season depend on.
type Close struct {
	// PostedTicks is the number of ticks on which the agent posted an order
	// itself, as OwnTicks counts them from its own days: ticks played by the
	// standing order, or by another seat's order, do not count.
	PostedTicks int
	// Ticks is the number of ticks of the season.
	Ticks int
	// Verdict is the season's judgment.
	Verdict Verdict
	// Titled reports whether the agent holds at least one title.
	Titled bool
	// Fallen reports that the agent's career is fallen and not yet
	// redeemed (Career.Fallen, before Career.Judged): its gain is at most
	// FallenEminence (rule FALL-EP).
	Fallen bool
}

// FallenEminence is the most eminence points a fallen career's season earns
// (rule FALL-EP).
const FallenEminence = 1

// ErrBadClose reports a Close whose ticks or verdict make no sense.
var ErrBadClose = errors.New("bad season close")

// OwnTicks returns how many of a season's ticks, days first+1 to last (day
// first is the setup), the agent posted an order on itself (rule EP-DONE):
// days lists the days of the agent's own orders for its seat, whatever
// became of each (the ruler's order, written or adopted; a councillor's
// proposal, adopted or not), and each day counts once however often it is
// listed. The standing order and the orders of other seats of the camp are
// not the agent's and are not listed. It returns an error wrapping
// ErrBadClose if last is before first or a day lies outside the season.
func OwnTicks(days []int, first, last int) (int, error) {
	if last < first {
		return 0, fmt.Errorf("%w: season from day %d to day %d", ErrBadClose, first, last)
	}
	seen := make(map[int]bool, len(days))
	for _, d := range days {
		if d <= first || d > last {
			return 0, fmt.Errorf("%w: an order of day %d outside the season's days %d to %d", ErrBadClose, d, first+1, last)
		}
		seen[d] = true
	}
	return len(seen), nil
}

// Completed reports whether the agent completed the season: orders posted
// on at least half of its ticks, rounded up (rule EP-DONE).
func (c Close) Completed() bool { return c.Ticks > 0 && 2*c.PostedTicks >= c.Ticks }

// Eminence returns the eminence points the season earns (rules EP-DONE,
// EP-PRAISE, EP-TITLE, EP-BLAME, EP-MAX, FALL-EP): +1 for a completed
// season, +1 for praise, +1 for at least one title, -1 for blame, the sum
// floored at 0, so that blame lowers the season's gain and never the stock.
// The gain is at most MaxEminence, or FallenEminence for a fallen career. It returns an error wrapping ErrBadClose if the ticks
// are negative, if more ticks were posted than the season has, or if the
// verdict is unknown.
func Eminence(c Close) (int, error) {
	switch {
	case c.Ticks < 0 || c.PostedTicks < 0 || c.PostedTicks > c.Ticks:
		return 0, fmt.Errorf("%w: %d ticks posted of %d", ErrBadClose, c.PostedTicks, c.Ticks)
	case c.Verdict < Discharge || c.Verdict > Blame:
		return 0, fmt.Errorf("%w: unknown verdict %d", ErrBadClose, c.Verdict)
	}
	gain := 0
	if c.Completed() {
		gain++
	}
	if c.Verdict == Praise {
		gain++
	}
	if c.Titled {
		gain++
	}
	if c.Verdict == Blame {
		gain--
	}
	if c.Fallen {
		return min(max(gain, 0), FallenEminence), nil
	}
	return min(max(gain, 0), MaxEminence), nil
}
