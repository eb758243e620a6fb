package career_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/grisonval/server/engine/career"
)

func TestGlory(t *testing.T) {
	cases := []struct {
		name string
		feat career.Feat
		want int
	}{
		{"GLO-INT intervention on 111", career.Feat{Kind: career.InterventionTriggered, Roll: career.D666{1, 1, 1}}, 5},
		{"GLO-INT intervention on 666", career.Feat{Kind: career.InterventionTriggered, Roll: career.D666{6, 6, 6}}, 5},
		{"GLO-MIS mission without roll", career.Feat{Kind: career.MissionSucceeded}, 4},
		{"GLO-MIS mission Q 5", career.Feat{Kind: career.MissionSucceeded, Roll: career.D666{6, 6, 5}}, 4},
		{"GLO-MIS mission Q 6", career.Feat{Kind: career.MissionSucceeded, Roll: career.D666{1, 2, 6}}, 6},
		{"GLO-CTR counter-mission", career.Feat{Kind: career.CounterMissionSucceeded}, 4},
		{"GLO-CTR counter-mission Q 6 has no bonus", career.Feat{Kind: career.CounterMissionSucceeded, Roll: career.D666{3, 3, 6}}, 4},
		{"GLO-REV enemy mission revealed", career.Feat{Kind: career.EnemyMissionRevealed}, 2},
		{"GLO-ISI intel support influence", career.Feat{Kind: career.IntelSupportInfluence}, 1},
		{"GLO-ZERO mission failed", career.Feat{Kind: career.MissionFailed, Roll: career.D666{2, 2, 6}}, 0},
		{"GLO-ZERO counter-mission failed", career.Feat{Kind: career.CounterMissionFailed}, 0},
		{"GLO-ZERO sabotage suffered", career.Feat{Kind: career.SabotageSuffered}, 0},
		{"GLO-ZERO recovery", career.Feat{Kind: career.Recovery}, 0},
		{"GLO-FEAT intervention without a triple", career.Feat{Kind: career.InterventionTriggered, Roll: career.D666{6, 6, 5}}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.feat.Glory(); got != c.want {
				t.Errorf("got %d glory; want %d", got, c.want)
			}
		})
	}
}

func TestFeatValidate(t *testing.T) {
	bad := []struct {
		name string
		feat career.Feat
	}{
		{"GLO-FEAT zero kind", career.Feat{}},
		{"GLO-FEAT kind past the last", career.Feat{Kind: career.FeatKind(career.NumFeatKinds + 1)}},
		{"GLO-FEAT die 7", career.Feat{Kind: career.MissionSucceeded, Roll: career.D666{1, 7, 2}}},
		{"GLO-FEAT die 0 in a roll", career.Feat{Kind: career.MissionSucceeded, Roll: career.D666{0, 3, 6}}},
		{"GLO-FEAT intervention with no roll", career.Feat{Kind: career.InterventionTriggered}},
		{"GLO-FEAT intervention on 116", career.Feat{Kind: career.InterventionTriggered, Roll: career.D666{1, 1, 6}}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			var tally career.Tally
			if err := tally.Add(c.feat); !errors.Is(err, career.ErrBadFeat) {
				t.Errorf("got %v; want ErrBadFeat", err)
			}
			if tally != (career.Tally{}) {
				t.Errorf("got %+v after a refused feat; want an empty tally", tally)
			}
		})
	}
}

func TestTally(t *testing.T) {
	feats := []career.Feat{
		{Kind: career.MissionSucceeded, Roll: career.D666{4, 4, 6}},
		{Kind: career.MissionSucceeded},
		{Kind: career.MissionFailed},
		{Kind: career.CounterMissionSucceeded},
		{Kind: career.CounterMissionFailed},
		{Kind: career.EnemyMissionRevealed},
		{Kind: career.EnemyMissionRevealed},
		{Kind: career.IntelSupportInfluence},
		{Kind: career.InterventionTriggered, Roll: career.D666{6, 6, 6}},
		{Kind: career.InterventionTriggered, Roll: career.D666{1, 1, 1}},
		{Kind: career.SabotageSuffered},
		{Kind: career.Recovery},
	}
	var got career.Tally
	for _, f := range feats {
		if err := got.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	want := career.Tally{
		MissionsSucceeded: 2, MissionsFailed: 1, CounterMissionsSucceeded: 1, CounterMissionsFailed: 1,
		EnemyMissionsRevealed: 2, IntelSupportInfluence: 1, Interventions: 2, SabotagesSuffered: 1, Recoveries: 1,
		Sixes: 1, Glory: 6 + 4 + 4 + 2 + 2 + 1 + 5 + 5,
	}
	if got != want {
		t.Errorf("got %+v; want %+v", got, want)
	}
	if got.MissionsAttempted() != 4 || got.CounterMissionsAttempted() != 2 {
		t.Errorf("got %d missions and %d counter-missions attempted; want 4 and 2", got.MissionsAttempted(), got.CounterMissionsAttempted())
	}
}

func TestGloryLedger(t *testing.T) {
	t.Run("GLO-CUM adds across seasons", func(t *testing.T) {
		g, err := career.NewGlory(12)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{4, 0, 6} {
			if err := g.Add(n); err != nil {
				t.Fatalf("add %d: %v", n, err)
			}
		}
		if g.Total() != 22 {
			t.Errorf("got %d; want 22", g.Total())
		}
	})
	t.Run("GLO-CUM refuses a negative amount", func(t *testing.T) {
		var g career.Glory
		if err := g.Add(3); err != nil {
			t.Fatal(err)
		}
		if err := g.Add(-1); !errors.Is(err, career.ErrNegativeGlory) {
			t.Errorf("got %v; want ErrNegativeGlory", err)
		}
		if g.Total() != 3 {
			t.Errorf("got %d after a refused add; want 3", g.Total())
		}
	})
	t.Run("GLO-CUM refuses a negative stored total", func(t *testing.T) {
		if _, err := career.NewGlory(-2); !errors.Is(err, career.ErrNegativeGlory) {
			t.Errorf("got %v; want ErrNegativeGlory", err)
		}
	})
}

func TestRankPatrons(t *testing.T) {
	in := []career.PatronGlory{{Patron: "Ysolde", Glory: 9}, {Patron: "Bertrand", Glory: 14}, {Patron: "Amaury", Glory: 9}, {Patron: "Clothilde", Glory: 0}}
	orig := slices.Clone(in)
	want := []career.PatronGlory{
		{Patron: "Bertrand", Glory: 14, Rank: 1}, {Patron: "Amaury", Glory: 9, Rank: 2},
		{Patron: "Ysolde", Glory: 9, Rank: 2}, {Patron: "Clothilde", Glory: 0, Rank: 4},
	}
	t.Run("GLO-BOARD glory first, shared ranks, name breaks ties", func(t *testing.T) {
		if got := career.RankPatrons(in); !slices.Equal(got, want) {
			t.Errorf("got %+v; want %+v", got, want)
		}
		if !slices.Equal(in, orig) {
			t.Errorf("got input %+v after ranking; want it untouched", in)
		}
	})
}
