package engine

import "fmt"

// AchievementID numbers an achievement, from 1 to NumAchievements. Values
// are stored in states (bit ID-1 of Camp.Achievements): append only.
type AchievementID uint8

// NumAchievements is the number of achievements (rule ACH-1).
const NumAchievements = 26

// Achievement is one feat a camp unlocks once and for good (rule ACH-1).
type Achievement struct {
	ID AchievementID
	// Code is a stable English name for clients.
	Code string
	// Name is the French name the journal announces.
	Name string
	// Condition says in English when it is unlocked.
	Condition string
	met       func(s *campStats) bool
}

// campStats is what the achievements' conditions read of one camp, gathered
// once per tick.
type campStats struct {
	w         *World
	c         CampID
	buildings int
	kinds     [NumBuildingKinds + 1]int
	zones     int
	maxDev    int
	monument  bool
	known     int
}

func (w *World) campStats(c CampID) *campStats {
	s := &campStats{w: w, c: c}
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Camps[c].Memory[z].Seen {
			s.known++
		}
		zone := &w.Zones[z]
		if zone.Owner != c {
			continue
		}
		s.zones++
		s.maxDev = max(s.maxDev, zone.Development)
		s.monument = s.monument || zone.Monument
		s.buildings += len(zone.Buildings)
		for _, b := range zone.Buildings {
			s.kinds[b]++
		}
	}
	return s
}

func (s *campStats) res() Resources { return s.w.Camps[s.c].Resources }

// Achievements are the 26 achievements, indexed by ID (index 0 unused).
var Achievements = [NumAchievements + 1]Achievement{
	1: {Code: "first_stone", Name: "Première pierre", Condition: "hold a building",
		met: func(s *campStats) bool { return s.buildings >= 1 }},
	2: {Code: "builder", Name: "Bâtisseur", Condition: "hold 10 buildings",
		met: func(s *campStats) bool { return s.buildings >= 10 }},
	3: {Code: "master_builder", Name: "Maître d'œuvre", Condition: "hold 30 buildings",
		met: func(s *campStats) bool { return s.buildings >= 30 }},
	4: {Code: "all_trades", Name: "Tous les corps de métier", Condition: "hold one building of each of the ten kinds",
		met: func(s *campStats) bool {
			for b := Farm; b <= Temple; b++ {
				if s.kinds[b] == 0 {
					return false
				}
			}
			return true
		}},
	5: {Code: "learned_town", Name: "Ville savante", Condition: "hold 5 schools",
		met: func(s *campStats) bool { return s.kinds[School] >= 5 }},
	6: {Code: "full_granaries", Name: "Greniers pleins", Condition: "5000 food in stock",
		met: func(s *campStats) bool { return s.res().Food >= 5000 }},
	7: {Code: "woodpile", Name: "Grand bûcher", Condition: "500 wood in stock",
		met: func(s *campStats) bool { return s.res().Wood >= 500 }},
	8: {Code: "quarry", Name: "Carrière", Condition: "300 stone in stock",
		met: func(s *campStats) bool { return s.res().Stone >= 300 }},
	9: {Code: "treasury", Name: "Trésor", Condition: "500 gold in stock",
		met: func(s *campStats) bool { return s.res().Gold >= 500 }},
	10: {Code: "toolroom", Name: "Arsenal d'outils", Condition: "50 tools in stock",
		met: func(s *campStats) bool { return s.res().Tools >= 50 }},
	11: {Code: "first_tier", Name: "Premier savoir", Condition: "reach tier 1",
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= 1 }},
	12: {Code: "erudition", Name: "Érudition", Condition: "reach tier 10",
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= 10 }},
	13: {Code: "wisdom", Name: "Sagesse", Condition: "reach tier 20",
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= 20 }},
	14: {Code: "enlightenment", Name: "Lumières", Condition: "reach tier 25",
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= NumOrdinaryTechs }},
	15: {Code: "living_legend", Name: LegendTitle, Condition: "reach tier 29, the whole tree (the prestige title)",
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= NumTechs }},
	16: {Code: "pioneers", Name: "Pionniers", Condition: "hold 3 zones",
		met: func(s *campStats) bool { return s.zones >= 3 }},
	17: {Code: "lordship", Name: "Seigneurie", Condition: "hold 10 zones",
		met: func(s *campStats) bool { return s.zones >= 10 }},
	18: {Code: "realm", Name: "Royaume", Condition: "hold 25 zones",
		met: func(s *campStats) bool { return s.zones >= 25 }},
	19: {Code: "developer", Name: "Aménageur", Condition: "a held zone at development level 4",
		met: func(s *campStats) bool { return s.maxDev >= 4 }},
	20: {Code: "ideal_city", Name: "Cité idéale", Condition: "a held zone at development level 7",
		met: func(s *campStats) bool { return s.maxDev >= 7 }},
	21: {Code: "monument", Name: "Grand monument", Condition: "the camp's monument stands",
		met: func(s *campStats) bool { return s.monument }},
	22: {Code: "caravans", Name: "Caravanier", Condition: "an open trade route",
		met: func(s *campStats) bool {
			for o := range CampID(NumCamps) {
				if o != s.c && s.w.HasRoute(s.c, o) {
					return true
				}
			}
			return false
		}},
	23: {Code: "fervour", Name: "Ferveur", Condition: "morale 100",
		met: func(s *campStats) bool { return s.w.Camps[s.c].Morale >= 100 }},
	24: {Code: "multitude", Name: "Peuple nombreux", Condition: "100 inhabitants",
		met: func(s *campStats) bool { return s.w.Population(s.c) >= 100 }},
	25: {Code: "cartographer", Name: "Cartographe", Condition: "know 45 zones (seen now or before)",
		met: func(s *campStats) bool { return s.known >= 45 }},
	26: {Code: "fortress", Name: "Forteresse", Condition: "a held zone of defence 20 or more",
		met: func(s *campStats) bool {
			for z := ZoneID(1); z <= NumZones; z++ {
				if s.w.Zones[z].Owner == s.c && s.w.Defence(z) >= 20 {
					return true
				}
			}
			return false
		}},
}

func init() {
	for i := 1; i <= NumAchievements; i++ {
		Achievements[i].ID = AchievementID(i)
	}
}

// HasAchievement reports whether camp c has unlocked achievement id.
func (w *World) HasAchievement(c CampID, id AchievementID) bool {
	return w.Camps[c].Achievements&(1<<(id-1)) != 0
}

// unlockAchievements unlocks, for every living camp, each achievement whose
// condition holds today, once and for good, and announces it to the camp
// (rule ACH-1).
func (t *tick) unlockAchievements() {
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive {
			continue
		}
		s := t.w.campStats(c)
		for i := AchievementID(1); i <= NumAchievements; i++ {
			a := &Achievements[i]
			if t.w.HasAchievement(c, i) || !a.met(s) {
				continue
			}
			camp.Achievements |= 1 << (i - 1)
			t.note(c, "achievement", nil, fmt.Sprintf("Haut fait accompli : « %s ».", a.Name),
				fmt.Sprintf("condition remplie : %s", a.Condition))
		}
	}
}
