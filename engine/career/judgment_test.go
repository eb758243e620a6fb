package career_test

import (
	"errors"
	"testing"

	"github.com/grisonval/server/engine/career"
)

func TestStanding(t *testing.T) {
	cases := []struct {
		name  string
		tally career.Tally
		want  int
	}{
		{"JUD-COTE start", career.Tally{}, 10},
		{"JUD-COTE mission +2", career.Tally{MissionsSucceeded: 1}, 12},
		{"JUD-COTE counter-mission +2", career.Tally{CounterMissionsSucceeded: 1}, 12},
		{"JUD-COTE revealed +1", career.Tally{EnemyMissionsRevealed: 1}, 11},
		{"JUD-COTE intel support influence +1", career.Tally{IntelSupportInfluence: 1}, 11},
		{"JUD-COTE mission failed -2", career.Tally{MissionsFailed: 1}, 8},
		{"JUD-COTE counter-mission failed -2", career.Tally{CounterMissionsFailed: 1}, 8},
		{"JUD-COTE sabotage suffered -1", career.Tally{SabotagesSuffered: 1}, 9},
		{"JUD-COTE intervention and recovery are neutral", career.Tally{Interventions: 3, Sixes: 2, Recoveries: 5}, 10},
		{"JUD-COTE clamped at 20", career.Tally{MissionsSucceeded: 12}, 20},
		{"JUD-COTE clamped at 0", career.Tally{MissionsFailed: 9}, 0},
		{"JUD-COTE clamp applies to the sum", career.Tally{MissionsSucceeded: 8, MissionsFailed: 4}, 18},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := career.Standing(c.tally); got != c.want {
				t.Errorf("got %d; want %d", got, c.want)
			}
		})
	}
}

func TestJudge(t *testing.T) {
	cases := []struct {
		name     string
		tally    career.Tally
		standing int
		want     career.Verdict
	}{
		{"JUD-PRAISE standing 14 and a mission", career.Tally{MissionsSucceeded: 2}, 14, career.Praise},
		{"JUD-PRAISE standing 20", career.Tally{MissionsSucceeded: 5}, 20, career.Praise},
		{"JUD-DISCHARGE standing 14 without a successful mission", career.Tally{CounterMissionsSucceeded: 2}, 14, career.Discharge},
		{"JUD-DISCHARGE standing 14, missions only failed", career.Tally{CounterMissionsSucceeded: 3, MissionsFailed: 1}, 14, career.Discharge},
		{"JUD-DISCHARGE standing 13 with a mission", career.Tally{MissionsSucceeded: 2, SabotagesSuffered: 1}, 13, career.Discharge},
		{"JUD-DISCHARGE standing 10", career.Tally{MissionsSucceeded: 1, MissionsFailed: 1}, 10, career.Discharge},
		{"JUD-DISCHARGE standing 7", career.Tally{MissionsFailed: 1, SabotagesSuffered: 1}, 7, career.Discharge},
		{"JUD-BLAME standing 6", career.Tally{MissionsFailed: 2}, 6, career.Blame},
		{"JUD-BLAME standing 0", career.Tally{CounterMissionsFailed: 6}, 0, career.Blame},
		{"JUD-BLAME nothing attempted", career.Tally{}, 10, career.Blame},
		{"JUD-BLAME nothing attempted wins over standing 14", career.Tally{IntelSupportInfluence: 4}, 14, career.Blame},
		{"JUD-BLAME nothing attempted, interventions do not count", career.Tally{Interventions: 2, Recoveries: 10, EnemyMissionsRevealed: 2}, 12, career.Blame},
		{"JUD-BLAME a sabotaged mission counts as attempted", career.Tally{SabotagesSuffered: 1}, 9, career.Discharge},
		{"JUD-BLAME a failed counter-mission counts as attempted", career.Tally{CounterMissionsFailed: 1}, 8, career.Discharge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if s := career.Standing(c.tally); s != c.standing {
				t.Fatalf("got standing %d; want %d (the case is built wrong)", s, c.standing)
			}
			if got := career.Judge(c.tally); got != c.want {
				t.Errorf("got %s; want %s", got, c.want)
			}
		})
	}
}

// TestStandingReachable checks that the thresholds are within a 24-tick
// season's reach, one order a tick (rule JUD-COTE).
func TestStandingReachable(t *testing.T) {
	t.Run("JUD-COTE praise with two settled zones", func(t *testing.T) {
		if got := career.Judge(career.Tally{MissionsSucceeded: 2}); got != career.Praise {
			t.Errorf("got %s; want praise", got)
		}
	})
	t.Run("JUD-COTE blame with two failed missions", func(t *testing.T) {
		if got := career.Judge(career.Tally{MissionsFailed: 2}); got != career.Blame {
			t.Errorf("got %s; want blame", got)
		}
	})
}

func TestEminence(t *testing.T) {
	cases := []struct {
		name  string
		close career.Close
		want  int
	}{
		{"EP-DONE half the ticks posted", career.Close{PostedTicks: 12, Ticks: 24, Verdict: career.Discharge}, 1},
		{"EP-DONE all ticks posted", career.Close{PostedTicks: 24, Ticks: 24, Verdict: career.Discharge}, 1},
		{"EP-DONE one short of half", career.Close{PostedTicks: 11, Ticks: 24, Verdict: career.Discharge}, 0},
		{"EP-DONE odd season rounds half up", career.Close{PostedTicks: 12, Ticks: 25, Verdict: career.Discharge}, 0},
		{"EP-DONE odd season, 13 of 25", career.Close{PostedTicks: 13, Ticks: 25, Verdict: career.Discharge}, 1},
		{"EP-DONE empty season", career.Close{Ticks: 0, Verdict: career.Discharge}, 0},
		{"EP-PRAISE praise alone", career.Close{PostedTicks: 3, Ticks: 24, Verdict: career.Praise}, 1},
		{"EP-TITLE a title alone", career.Close{PostedTicks: 3, Ticks: 24, Verdict: career.Discharge, Titled: true}, 1},
		{"EP-MAX completed, praise and a title", career.Close{PostedTicks: 20, Ticks: 24, Verdict: career.Praise, Titled: true}, 3},
		{"EP-BLAME completed and blamed", career.Close{PostedTicks: 24, Ticks: 24, Verdict: career.Blame}, 0},
		{"EP-BLAME completed, titled and blamed", career.Close{PostedTicks: 24, Ticks: 24, Verdict: career.Blame, Titled: true}, 1},
		{"EP-BLAME blame alone floors the gain at 0", career.Close{PostedTicks: 0, Ticks: 24, Verdict: career.Blame}, 0},
		{"EP-BLAME a title and blame, not completed", career.Close{PostedTicks: 2, Ticks: 24, Verdict: career.Blame, Titled: true}, 0},
		{"EP-DONE nothing", career.Close{PostedTicks: 0, Ticks: 24, Verdict: career.Discharge}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := career.Eminence(c.close)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %d; want %d", got, c.want)
			}
		})
	}
	bad := []struct {
		name  string
		close career.Close
	}{
		{"more posted than ticks", career.Close{PostedTicks: 25, Ticks: 24, Verdict: career.Discharge}},
		{"negative posted", career.Close{PostedTicks: -1, Ticks: 24, Verdict: career.Discharge}},
		{"negative ticks", career.Close{Ticks: -1, Verdict: career.Discharge}},
		{"no verdict", career.Close{PostedTicks: 12, Ticks: 24}},
	}
	for _, c := range bad {
		t.Run("EP-DONE refuses "+c.name, func(t *testing.T) {
			if _, err := career.Eminence(c.close); !errors.Is(err, career.ErrBadClose) {
				t.Errorf("got %v; want ErrBadClose", err)
			}
		})
	}
}

// TestBlameOnGainOnly checks that a blamed season never takes eminence points
// from the stock (rule EP-BLAME).
func TestBlameOnGainOnly(t *testing.T) {
	c := career.Career{Agent: "a", EP: 5}
	cases := []struct {
		name  string
		close career.Close
		want  int
	}{
		{"EP-BLAME idle blamed season leaves the stock at 5", career.Close{Ticks: 24, Verdict: career.Blame}, 5},
		{"EP-BLAME completed blamed season leaves the stock at 5", career.Close{PostedTicks: 24, Ticks: 24, Verdict: career.Blame}, 5},
		{"EP-BLAME titled completed blamed season adds 1", career.Close{PostedTicks: 24, Ticks: 24, Verdict: career.Blame, Titled: true}, 6},
	}
	for _, cc := range cases {
		t.Run(cc.name, func(t *testing.T) {
			gain, err := career.Eminence(cc.close)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Credit(gain)
			if err != nil {
				t.Fatal(err)
			}
			if got.EP != cc.want {
				t.Errorf("got stock %d; want %d", got.EP, cc.want)
			}
		})
	}
	t.Run("EP-BLAME a negative credit is refused", func(t *testing.T) {
		got, err := c.Credit(-1)
		if !errors.Is(err, career.ErrNegativeEP) {
			t.Errorf("got %v; want ErrNegativeEP", err)
		}
		if got.EP != 5 {
			t.Errorf("got stock %d; want 5", got.EP)
		}
	})
}

// TestOwnTicks checks EP-DONE's count of the agent's own days: each day of
// the season once, however many orders or proposals the agent posted for it;
// a day outside the season is refused.
func TestOwnTicks(t *testing.T) {
	cases := []struct {
		name        string
		days        []int
		first, last int
		want        int
	}{
		{"EP-DONE no order of its own", nil, 0, 24, 0},
		{"EP-DONE each day once", []int{1, 2, 2, 5, 24, 1}, 0, 24, 4},
		{"EP-DONE a later season's days", []int{25, 26, 48}, 24, 48, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := career.OwnTicks(c.days, c.first, c.last)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %d; want %d", got, c.want)
			}
		})
	}
	refused := []struct {
		name        string
		days        []int
		first, last int
	}{
		{"the setup's day", []int{0, 1}, 0, 24},
		{"a day after the close", []int{25}, 0, 24},
		{"a season ending before it starts", nil, 24, 23},
	}
	for _, c := range refused {
		t.Run("EP-DONE refuses "+c.name, func(t *testing.T) {
			if _, err := career.OwnTicks(c.days, c.first, c.last); !errors.Is(err, career.ErrBadClose) {
				t.Errorf("got %v; want ErrBadClose", err)
			}
		})
	}
	// Twelve own days of a 24-day season complete it (EP-DONE).
	days := []int{1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 23}
	posted, err := career.OwnTicks(days, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	if c := (career.Close{PostedTicks: posted, Ticks: 24, Verdict: career.Discharge}); !c.Completed() {
		t.Errorf("EP-DONE: %d own days of 24: not completed; want completed", posted)
	}
}
