package grisonval

import "github.com/grisonval/server/lang"

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
	// Name is the name the journal announces.
	Name lang.Text
	// Condition says when it is unlocked; Mastery, when set, says it for a
	// world played by RulesMastery (ConditionUnder).
	Condition, Mastery lang.Text
	met                func(s *campStats) bool
}

// ConditionUnder says when a is unlocked in a world played by rules.
func (a *Achievement) ConditionUnder(rules Rules) lang.Text {
	if rules >= RulesMastery && !a.Mastery.IsZero() {
		return a.Mastery
	}
	return a.Condition
}

// FullGranaries is the food of the achievement "Full Granaries" (rule
// ACH-GRANARY): 5,000, and 2,500 under RulesMastery, whose granary (ECO-6)
// holds 80 days of eating.
func FullGranaries(rules Rules) int64 {
	if rules >= RulesMastery {
		return 2500
	}
	return 5000
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

func (w *World) campStats(c CampID) campStats {
	s := campStats{w: w, c: c}
	zones, memory := w.Zones[:NumZones+1], w.Camps[c].Memory[:NumZones+1]
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		s.known += b2i(memory[z].Seen)
		zone := &zones[z]
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
	1: {Code: "first_stone", Name: lang.T("First Stone", "Première pierre"), Condition: lang.T("hold a building", "tenir un bâtiment"),
		met: func(s *campStats) bool { return s.buildings >= 1 }},
	2: {Code: "builder", Name: lang.T("Builder", "Bâtisseur"), Condition: lang.T("hold 10 buildings", "tenir 10 bâtiments"),
		met: func(s *campStats) bool { return s.buildings >= 10 }},
	3: {Code: "master_builder", Name: lang.T("Master Builder", "Maître d'œuvre"), Condition: lang.T("hold 30 buildings", "tenir 30 bâtiments"),
		met: func(s *campStats) bool { return s.buildings >= 30 }},
	4: {Code: "all_trades", Name: lang.T("Every Trade", "Tous les corps de métier"), Condition: lang.T("hold one building of each of the ten kinds", "tenir un bâtiment de chacun des dix types"),
		met: func(s *campStats) bool {
			for b := Farm; b <= Temple; b++ {
				if s.kinds[b] == 0 {
					return false
				}
			}
			return true
		}},
	5: {Code: "learned_town", Name: lang.T("Learned Town", "Ville savante"), Condition: lang.T("hold 5 schools", "tenir 5 écoles"),
		met: func(s *campStats) bool { return s.kinds[School] >= 5 }},
	6: {Code: "full_granaries", Name: lang.T("Full Granaries", "Greniers pleins"), Condition: lang.T("5000 food in stock", "5000 nourriture en réserve"),
		Mastery: lang.T("2500 food in stock", "2500 nourriture en réserve"),
		met:     func(s *campStats) bool { return s.res().Food >= FullGranaries(s.w.Rules) }},
	7: {Code: "woodpile", Name: lang.T("Great Woodpile", "Grand bûcher"), Condition: lang.T("500 wood in stock", "500 bois en réserve"),
		met: func(s *campStats) bool { return s.res().Wood >= 500 }},
	8: {Code: "quarry", Name: lang.T("Quarry", "Carrière"), Condition: lang.T("300 stone in stock", "300 pierre en réserve"),
		met: func(s *campStats) bool { return s.res().Stone >= 300 }},
	9: {Code: "treasury", Name: lang.T("Treasury", "Trésor"), Condition: lang.T("500 gold in stock", "500 or en réserve"),
		met: func(s *campStats) bool { return s.res().Gold >= 500 }},
	10: {Code: "toolroom", Name: lang.T("Tool Store", "Arsenal d'outils"), Condition: lang.T("50 tools in stock", "50 outils en réserve"),
		met: func(s *campStats) bool { return s.res().Tools >= 50 }},
	11: {Code: "first_tier", Name: lang.T("First Knowledge", "Premier savoir"), Condition: lang.T("reach tier 1", "atteindre le palier 1"),
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= 1 }},
	12: {Code: "erudition", Name: lang.T("Erudition", "Érudition"), Condition: lang.T("reach tier 10", "atteindre le palier 10"),
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= 10 }},
	13: {Code: "wisdom", Name: lang.T("Wisdom", "Sagesse"), Condition: lang.T("reach tier 20", "atteindre le palier 20"),
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= 20 }},
	14: {Code: "enlightenment", Name: lang.T("Enlightenment", "Lumières"), Condition: lang.T("reach tier 25", "atteindre le palier 25"),
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= NumOrdinaryTechs }},
	15: {Code: "living_legend", Name: LegendTitle, Condition: lang.T("reach tier 29, the whole tree (the prestige title)", "atteindre le palier 29, l'arbre entier (le titre de prestige)"),
		met: func(s *campStats) bool { return s.w.Tier(s.c) >= NumTechs }},
	16: {Code: "pioneers", Name: lang.T("Pioneers", "Pionniers"), Condition: lang.T("hold 3 zones", "tenir 3 zones"),
		met: func(s *campStats) bool { return s.zones >= 3 }},
	17: {Code: "lordship", Name: lang.T("Lordship", "Seigneurie"), Condition: lang.T("hold 10 zones", "tenir 10 zones"),
		met: func(s *campStats) bool { return s.zones >= 10 }},
	18: {Code: "realm", Name: lang.T("Kingdom", "Royaume"), Condition: lang.T("hold 25 zones", "tenir 25 zones"),
		met: func(s *campStats) bool { return s.zones >= 25 }},
	19: {Code: "developer", Name: lang.T("Developer", "Aménageur"), Condition: lang.T("a held zone at development level 4", "une zone tenue au niveau de développement 4"),
		met: func(s *campStats) bool { return s.maxDev >= 4 }},
	20: {Code: "ideal_city", Name: lang.T("Ideal City", "Cité idéale"), Condition: lang.T("a held zone at development level 7", "une zone tenue au niveau de développement 7"),
		met: func(s *campStats) bool { return s.maxDev >= 7 }},
	21: {Code: "monument", Name: lang.T("Great Monument", "Grand monument"), Condition: lang.T("the camp's monument stands", "le monument du camp est debout"),
		met: func(s *campStats) bool { return s.monument }},
	22: {Code: "caravans", Name: lang.T("Caravaneer", "Caravanier"), Condition: lang.T("an open trade route", "une route commerciale ouverte"),
		met: func(s *campStats) bool {
			for o := range CampID(NumCamps) {
				if o != s.c && s.w.HasRoute(s.c, o) {
					return true
				}
			}
			return false
		}},
	23: {Code: "fervour", Name: lang.T("Fervour", "Ferveur"), Condition: lang.T("morale 100", "moral 100"),
		met: func(s *campStats) bool { return s.w.Camps[s.c].Morale >= 100 }},
	24: {Code: "multitude", Name: lang.T("Multitude", "Peuple nombreux"), Condition: lang.T("100 inhabitants", "100 habitants"),
		met: func(s *campStats) bool { return s.w.Population(s.c) >= 100 }},
	25: {Code: "cartographer", Name: lang.T("Cartographer", "Cartographe"), Condition: lang.T("know 45 zones (seen now or before)", "connaître 45 zones (vues aujourd'hui ou avant)"),
		met: func(s *campStats) bool { return s.known >= 45 }},
	26: {Code: "fortress", Name: lang.T("Fortress", "Forteresse"), Condition: lang.T("a held zone of defence 20 or more", "une zone tenue de défense 20 ou plus"),
		met: func(s *campStats) bool {
			// Defence, the holder's part counted once.
			holder := s.w.holderDefence(s.c)
			for z := ZoneID(1); z <= NumZones; z++ {
				if s.w.Zones[z].Owner == s.c && holder+s.w.placeDefence(z) >= 20 {
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
		// The tick holds the statistics: the conditions, called through
		// the table, would take a variable of the loop to the heap.
		t.campStats = t.w.campStats(c)
		s := &t.campStats
		for i := AchievementID(1); i <= NumAchievements; i++ {
			a := &Achievements[i]
			if t.w.HasAchievement(c, i) || !a.met(s) {
				continue
			}
			camp.Achievements |= 1 << (i - 1)
			t.note(c, "achievement", nil, lang.T("Achievement unlocked: “%s”.", "Haut fait accompli : « %s ».", a.Name),
				lang.T("condition met: %s", "condition remplie : %s", a.ConditionUnder(t.w.Rules)))
		}
	}
}
