package grisonval

import "github.com/grisonval/server/lang"

// TerrainIncome is a held zone's income per day under the current rules
// (rule ECO-1): food only from plains and coasts (rule ECO-5).
var TerrainIncome = [...]Resources{
	Plains:   {Food: 60},
	Forest:   {Wood: 4},
	Mountain: {Stone: 3},
	Coast:    {Food: 40, Gold: 2},
}

// ForestFoodBeforeWar is the food a forest yielded a day in worlds played
// by rules older than RulesWar (rule ECO-5).
const ForestFoodBeforeWar = 5

// terrainIncome returns the income per day of a held zone of terrain tr
// under w's rules (rules ECO-1, ECO-5).
func (w *World) terrainIncome(tr Terrain) Resources { return TerrainIncomeUnder(w.Rules, tr) }

// TerrainIncomeUnder returns the income per day of a held zone of terrain
// tr in a world played by rules (rules ECO-1, ECO-5): TerrainIncome, but a
// forest's food before RulesWar.
func TerrainIncomeUnder(rules Rules, tr Terrain) Resources {
	r := TerrainIncome[tr]
	if tr == Forest && rules < RulesWar {
		r.Food = ForestFoodBeforeWar
	}
	return r
}

// produce yields every living camp's terrain income and building output,
// then pays the trade routes (rules ECO-1, RES-1, TRD-2).
func (t *tick) produce() {
	for c := range CampID(NumCamps) {
		if t.w.Camps[c].Alive {
			t.produceCamp(c)
		}
	}
	t.tradeRoutesIncome()
}

// What a camp eats a day (rules ECO-2, ECO-3): a food per inhabitant, a
// food per SoldiersPerFood men of the field army, and in winter a food more
// per WinterMouthsPerFood inhabitants.
const (
	SoldiersPerFood     = 2
	WinterMouthsPerFood = 6
)

// GranaryDays is how many days of its eating a camp's granaries hold
// (rule ECO-6, RulesWar): after the meal, the food beyond spoils.
const GranaryDays = 80

// spoiled returns the food that spoils tonight in the granaries of a camp
// that holds food after a meal of need (rule ECO-6): what exceeds
// GranaryDays days of it; none under rules older than RulesWar.
func (w *World) spoiled(food, need int64) int64 {
	if w.Rules < RulesWar {
		return 0
	}
	return max(0, food-GranaryDays*need)
}

// consume feeds every camp (rules ECO-2, ECO-3): one food per inhabitant,
// one more per pair of men in the field army, and in winter one more per six
// inhabitants; then the food beyond the granaries spoils (rule ECO-6). A
// camp that cannot eat starves: its stock falls to 0, one
// inhabitant dies (a civilian first) and morale loses 5.
func (t *tick) consume() {
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive {
			continue
		}
		need := t.w.FoodNeed(c, t.w.Day)
		if eat(&camp.Resources, need) == 0 {
			if camp.Resources.Food >= t.prev.Camps[c].Resources.Food {
				t.record(c, factSurplus)
			}
			camp.Resources.Food -= t.w.spoiled(camp.Resources.Food, need)
			continue
		}
		camp.Morale = max(0, camp.Morale-5)
		camp.FamineDay = t.w.Day
		t.record(c, factFamine)
		victim := "un habitant"
		if p, ok := t.loseInhabitant(c); ok {
			victim = p.Name()
		}
		t.note(c, "famine", nil, lang.T("Famine strikes: the granaries are empty and %s starves to death.", "La famine frappe : les greniers sont vides et %s meurt de faim.", victim),
			lang.T("famine: %d food needed, the stock is exhausted; population %d", "famine : besoin %d nourriture, réserve épuisée ; population %d", need, t.w.Population(c)))
	}
}

// FoodNeed returns the food camp c eats on day (rules ECO-2, ECO-3): a
// food per inhabitant, a food per SoldiersPerFood men of the field army,
// and in winter a food more per WinterMouthsPerFood inhabitants.
func (w *World) FoodNeed(c CampID, day int) int64 {
	pop := w.Population(c)
	need := int64(pop + w.Camps[c].FieldArmy/SoldiersPerFood)
	if YearSeason(day) == "winter" {
		need += int64(pop / WinterMouthsPerFood)
	}
	return need
}

// eat takes a day's need of food from stock r (rule ECO-2): all of it, or
// the whole stock when it falls short. It returns the food missing.
func eat(r *Resources, need int64) int64 {
	if r.Food >= need {
		r.Food -= need
		return 0
	}
	short := need - r.Food
	r.Food = 0
	return short
}
