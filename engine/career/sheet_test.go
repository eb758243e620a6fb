package career_test

import (
	"errors"
	"testing"

	"github.com/grisonval/server/engine/career"
)

func TestNewSheet(t *testing.T) {
	cases := []struct {
		name    string
		chars   [career.NumCharacteristics]int
		talents [career.NumTalents]int
		ok      bool
	}{
		{"SHEET-NEW balanced", [5]int{2, 2, 2, 2, 2}, [5]int{1, 1, 1, 1, 0}, true},
		{"REN-DEFAULT the default sheet", career.DefaultCharacteristics, career.DefaultTalents, true},
		{"SHEET-NEW specialist", [5]int{3, 3, 2, 1, 1}, [5]int{2, 2, 0, 0, 0}, true},
		{"SHEET-PP six power points, all available, no wound", [5]int{1, 3, 3, 1, 2}, [5]int{0, 0, 2, 0, 2}, true},
		{"SHEET-CHAR characteristic 0", [5]int{0, 3, 3, 2, 2}, [5]int{1, 1, 1, 1, 0}, false},
		{"SHEET-CHAR characteristic 4", [5]int{4, 3, 1, 1, 1}, [5]int{1, 1, 1, 1, 0}, false},
		{"SHEET-NEW characteristics sum 9", [5]int{2, 2, 2, 2, 1}, [5]int{1, 1, 1, 1, 0}, false},
		{"SHEET-NEW characteristics sum 11", [5]int{3, 2, 2, 2, 2}, [5]int{1, 1, 1, 1, 0}, false},
		{"SHEET-TAL talent 3", [5]int{2, 2, 2, 2, 2}, [5]int{3, 1, 0, 0, 0}, false},
		{"SHEET-TAL talent -1", [5]int{2, 2, 2, 2, 2}, [5]int{2, 2, 1, 0, -1}, false},
		{"SHEET-NEW talents sum 5", [5]int{2, 2, 2, 2, 2}, [5]int{2, 1, 1, 1, 0}, false},
		{"SHEET-NEW talents sum 3", [5]int{2, 2, 2, 2, 2}, [5]int{1, 1, 1, 0, 0}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := career.NewSheet(c.chars, c.talents)
			if !c.ok {
				if !errors.Is(err, career.ErrBadCreation) {
					t.Errorf("got %v; want ErrBadCreation", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := career.Build{Characteristics: c.chars, Talents: c.talents, MaxPP: career.MaxPPNew}
			if s.Build != want || s.Creation != want || s.PP != career.MaxPPNew || s.Wounds != 0 {
				t.Errorf("got %+v; want build and creation %+v, %d PP, no wound", s, want, career.MaxPPNew)
			}
		})
	}
}

func TestBonuses(t *testing.T) {
	sheet := func(chars, talents [5]int, maxPP int) career.Sheet {
		return career.Sheet{Build: career.Build{Characteristics: chars, Talents: talents, MaxPP: maxPP}}
	}
	cases := []struct {
		name  string
		sheet career.Sheet
		want  career.WorldBonuses
	}{
		{
			name:  "SHEET-BONUS balanced creation",
			sheet: sheet([5]int{2, 2, 2, 2, 2}, [5]int{1, 1, 1, 1, 0}, 6),
			want: career.WorldBonuses{AssaultBonus: 1, UpkeepGoldRebate: 2, DiplomacyBonus: 2, ResearchPerDay: 2, StartMorale: 4,
				DecisiveAssaultBonus: 1, RouteGold: 1, FreeBuildings: 1, MarchDaysSaved: 0, RestMorale: 0, PowerPoints: 6},
		},
		{
			name:  "SHEET-BONUS odd points round down for Stratégie and Éclaireur",
			sheet: sheet([5]int{3, 1, 1, 1, 1}, [5]int{0, 0, 0, 3, 0}, 6),
			want: career.WorldBonuses{AssaultBonus: 1, UpkeepGoldRebate: 1, DiplomacyBonus: 1, ResearchPerDay: 1, StartMorale: 2,
				MarchDaysSaved: 1, PowerPoints: 6},
		},
		{
			name:  "SHEET-BONUS veteran at the caps",
			sheet: sheet([5]int{5, 4, 1, 3, 1}, [5]int{4, 0, 2, 4, 4}, 8),
			want: career.WorldBonuses{AssaultBonus: 2, UpkeepGoldRebate: 4, DiplomacyBonus: 1, ResearchPerDay: 3, StartMorale: 2,
				DecisiveAssaultBonus: 4, RouteGold: 0, FreeBuildings: 2, MarchDaysSaved: 2, RestMorale: 4, PowerPoints: 8},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := career.Bonuses(c.sheet); got != c.want {
				t.Errorf("got %+v; want %+v", got, c.want)
			}
		})
	}
}

func TestTraitNames(t *testing.T) {
	chars := []string{"Stratégie", "Intendance", "Diplomatie", "Savoir", "Prestige"}
	for i, want := range chars {
		if got := career.Characteristic(i + 1).FR(); got != want {
			t.Errorf("characteristic %d: got %q; want %q", i+1, got, want)
		}
	}
	talents := []string{"Sièges", "Négoce", "Bâtisseur", "Éclaireur", "Harangue"}
	for i, want := range talents {
		if got := career.Talent(i + 1).FR(); got != want {
			t.Errorf("talent %d: got %q; want %q", i+1, got, want)
		}
	}
	titles := []string{"Le fer de lance", "Le plus discret", "L'œil de la ville", "L'agent du chaos"}
	for i, want := range titles {
		if got := career.Title(i + 1).FR(); got != want {
			t.Errorf("title %d: got %q; want %q", i+1, got, want)
		}
	}
}
