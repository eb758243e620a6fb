package career_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/grisonval/server/engine/career"
)

func TestZoneScore(t *testing.T) {
	cases := []struct {
		name              string
		zone              career.Zone
		influence, weight int
	}{
		{"CAR-SCORE bare plains", career.Zone{Terrain: career.Plains}, 1, 2},
		{"CAR-SCORE forest", career.Zone{Terrain: career.Forest}, 1, 3},
		{"CAR-SCORE coast", career.Zone{Terrain: career.Coast}, 1, 3},
		{"CAR-SCORE mountain", career.Zone{Terrain: career.Mountain}, 1, 4},
		{"CAR-SCORE development counts in full", career.Zone{Terrain: career.Plains, Dev: 3}, 4, 2},
		{"CAR-SCORE buildings count half, rounded down", career.Zone{Terrain: career.Forest, Buildings: 3}, 2, 3},
		{"CAR-SCORE capital +3", career.Zone{Terrain: career.Plains, Capital: true}, 4, 2},
		{"CAR-SCORE monument +5", career.Zone{Terrain: career.Plains, Capital: true, Monument: true}, 9, 2},
		{"CAR-SCORE everything", career.Zone{Terrain: career.Mountain, Dev: 7, Buildings: 6, Capital: true, Monument: true}, 19, 4},
		{"CAR-VETERANS 4.7 a man of the season's army", career.Zone{Terrain: career.Plains, Capital: true, ArmsDays: 3 * 40, Days: 40}, 18, 2},
		{"CAR-VETERANS the sum rounded down once", career.Zone{Terrain: career.Plains, ArmsDays: 5*40 - 1, Days: 40}, 24, 2},
		{"CAR-VETERANS weighed by the land", career.Zone{Terrain: career.Mountain, Dev: 2, Capital: true, ArmsDays: 25, Days: 10}, 17, 4},
		{"CAR-VETERANS nothing on day 0", career.Zone{Terrain: career.Plains, ArmsDays: 7}, 1, 2},
		{"CAR-VETERANS barracks count in full, other buildings half", career.Zone{Terrain: career.Forest, Buildings: 5, Barracks: 2}, 4, 3},
		{"CAR-VETERANS a barracks alone counts 1", career.Zone{Terrain: career.Plains, Buildings: 1, Barracks: 1}, 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if i, w := c.zone.Influence(), c.zone.Weight(); i != c.influence || w != c.weight {
				t.Errorf("got influence %d, weight %d; want %d, %d", i, w, c.influence, c.weight)
			}
		})
	}
}

func TestScore(t *testing.T) {
	t.Run("CAR-SCORE sum of influence x weight", func(t *testing.T) {
		held := []career.Zone{
			{Terrain: career.Plains, Dev: 2, Buildings: 4, Capital: true}, // (1+2+2+3) x 2 = 16
			{Terrain: career.Mountain, Buildings: 1},                      // 1 x 4 = 4
			{Terrain: career.Coast, Dev: 1},                               // 2 x 3 = 6
		}
		got, err := career.Score(held)
		if err != nil {
			t.Fatal(err)
		}
		if got != 26 {
			t.Errorf("got %d; want 26", got)
		}
	})
	t.Run("CAR-SCORE no zone scores 0", func(t *testing.T) {
		if got, err := career.Score(nil); err != nil || got != 0 {
			t.Errorf("got %d, %v; want 0, nil", got, err)
		}
	})
	bad := []career.Zone{{}, {Terrain: career.Coast + 1}, {Terrain: career.Plains, Dev: -1}, {Terrain: career.Plains, Buildings: -2}, {Terrain: career.Plains, ArmsDays: -1}, {Terrain: career.Plains, Days: -1}, {Terrain: career.Plains, Barracks: -1}, {Terrain: career.Plains, Buildings: 1, Barracks: 2}}
	for _, z := range bad {
		t.Run("CAR-SCORE refuses a bad zone", func(t *testing.T) {
			if _, err := career.Score([]career.Zone{{Terrain: career.Plains}, z}); !errors.Is(err, career.ErrBadZone) {
				t.Errorf("got %v for %+v; want ErrBadZone", err, z)
			}
		})
	}
}

func TestRankCamps(t *testing.T) {
	cases := []struct {
		name string
		in   []career.CampScore
		want []career.CampScore
	}{
		{"CAR-RANK highest first", []career.CampScore{{Camp: 0, Score: 40}, {Camp: 1, Score: 90}, {Camp: 2, Score: 55}},
			[]career.CampScore{{Camp: 1, Score: 90, Rank: 1}, {Camp: 2, Score: 55, Rank: 2}, {Camp: 0, Score: 40, Rank: 3}}},
		{"CAR-RANK a tie at the top shares rank 1", []career.CampScore{{Camp: 2, Score: 70}, {Camp: 0, Score: 70}, {Camp: 1, Score: 10}},
			[]career.CampScore{{Camp: 0, Score: 70, Rank: 1}, {Camp: 2, Score: 70, Rank: 1}, {Camp: 1, Score: 10, Rank: 3}}},
		{"CAR-RANK a tie below", []career.CampScore{{Camp: 2, Score: 5}, {Camp: 1, Score: 5}, {Camp: 0, Score: 30}},
			[]career.CampScore{{Camp: 0, Score: 30, Rank: 1}, {Camp: 1, Score: 5, Rank: 2}, {Camp: 2, Score: 5, Rank: 2}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := career.RankCamps(c.in); !slices.Equal(got, c.want) {
				t.Errorf("got %+v; want %+v", got, c.want)
			}
		})
	}
}
