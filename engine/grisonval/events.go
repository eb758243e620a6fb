package grisonval

import (
	"fmt"

	"github.com/grisonval/server/lang"
)

// EventSpec is one event of the daily roll (rule EVT-1): its journal kind,
// whether it is one of seed 000's natural events or one of seed 001's
// kingdom events (engine/grisonval/kingdom_events.go), its chance per day in parts
// per million, when it can happen, and what it does.
type EventSpec struct {
	Kind   string
	Origin EventOrigin
	PPM    int64
	// Applies reports whether the event can strike camp c today; a drawn
	// event that does not apply does nothing (its chance is not redrawn).
	Applies func(w *World, c CampID) bool
	run     func(t *tick, c CampID, r *Rand) (narration, why lang.Text)
}

// EventOrigin tells where an event of the daily roll comes from.
type EventOrigin uint8

// Origins of events.
const (
	// Natural events are seed 000's (rules EVT-2 to EVT-11).
	Natural EventOrigin = iota + 1
	// Kingdom events are seed 001's (rules EVK-1 to EVK-13).
	Kingdom
)

// Events is the table of the daily roll (rule EVT-1): seed 000's natural
// events (EVT-2 to EVT-11), 15 % a day in all, and seed 001's kingdom
// events (EVK-1 to EVK-13), 10 %. Their chances add up to EventChancePPM:
// 25 % a day per camp.
var Events = [...]EventSpec{
	{"disease", Natural, 20_000, hasPeople, (*tick).disease},
	{"harvest", Natural, 40_000, notWinter, (*tick).harvest},
	{"migrants", Natural, migrantsPPM, hasRoom, (*tick).migrants},
	{"blight", Natural, 15_000, hasFood, (*tick).blight},
	{"epidemic", Natural, 5_000, hasTenPeople, (*tick).epidemic},
	{"workshop_fire", Natural, 10_000, hasWorkshop, (*tick).workshopFire},
	{"stone_vein", Natural, 10_000, holdsMountain, (*tick).stoneVein},
	{"festival", Natural, 10_000, hasPeople, (*tick).festival},
	{"storm", Natural, 5_000, alwaysApplies, (*tick).storm},
	{"scholar", Natural, 15_000, hasSchool, (*tick).wanderingScholar},
	{KindBandits, Kingdom, 15_000, notOngoing(KindBandits), continuing(KindBandits)},
	{KindAssassination, Kingdom, 5_000, hasCouncil, (*tick).assassination},
	{KindPlague, Kingdom, 5_000, both(hasPeople, notOngoing(KindPlague)), continuing(KindPlague)},
	{KindNewSubjects, Kingdom, 10_000, hasRoom, (*tick).newSubjects},
	{KindSmugglers, Kingdom, 5_000, both(hasMarket, notOngoing(KindSmugglers)), continuing(KindSmugglers)},
	{KindGoodWeather, Kingdom, 10_000, notOngoing(KindGoodWeather), lasting(KindGoodWeather)},
	{KindBlessing, Kingdom, 5_000, notOngoing(KindBlessing), lasting(KindBlessing)},
	{KindCalm, Kingdom, 10_000, notOngoing(KindCalm), (*tick).politicalCalm},
	{KindBoom, Kingdom, 10_000, alwaysApplies, (*tick).economicBoom},
	{KindScandal, Kingdom, 10_000, notOngoing(KindScandal), (*tick).scandal},
	{KindCult, Kingdom, 5_000, notOngoing(KindCult), continuing(KindCult)},
	{KindMonster, Kingdom, 5_000, both(hasProvince, notOngoing(KindMonster)), continuing(KindMonster)},
	{KindLandRush, Kingdom, 5_000, both(hasRushLand, notOngoing(KindLandRush)), (*tick).landRush},
}

// seed000Events is the daily roll of a world played by seed 000's rules
// alone (rule RULES-1): its ten natural events at their chances of then,
// 25 % a day in all, in their order of then.
var seed000Events = [...]EventSpec{
	{"disease", Natural, 40_000, hasPeople, (*tick).disease},
	{"migrants", Natural, 40_000, hasRoom, (*tick).migrants},
	{"harvest", Natural, 40_000, notWinter, (*tick).harvest},
	{"blight", Natural, 30_000, hasFood, (*tick).blight},
	{"epidemic", Natural, 10_000, hasTenPeople, (*tick).epidemic},
	{"workshop_fire", Natural, 20_000, hasWorkshop, (*tick).workshopFire},
	{"stone_vein", Natural, 20_000, holdsMountain, (*tick).stoneVein},
	{"festival", Natural, 20_000, hasPeople, (*tick).festival},
	{"storm", Natural, 15_000, alwaysApplies, (*tick).storm},
	{"scholar", Natural, 15_000, hasSchool, (*tick).wanderingScholar},
}

// masteryEvents is the daily roll of a world played by RulesMastery (rules
// EVT-1, EVK-14, EVK-15): Events, with the economic boom and the political
// calm at 0.5 % each, and seed 001's celebrity visit and pilgrimage at
// 0.5 % each, last: 25 % a day in all.
var masteryEvents = func() (out [len(Events) + 2]EventSpec) {
	copy(out[:], Events[:])
	for i := range Events {
		if k := out[i].Kind; k == KindBoom || k == KindCalm {
			out[i].PPM = 5_000
		}
	}
	out[len(Events)] = EventSpec{KindCelebrity, Kingdom, 5_000, alwaysApplies, (*tick).celebrity}
	out[len(Events)+1] = EventSpec{KindPilgrimage, Kingdom, 5_000, hasTemple, (*tick).pilgrimage}
	return out
}()

// EventTable returns the daily roll of a world played by rules (rule
// RULES-1): Events, seed 000's own table for a world of before governance,
// or masteryEvents under RulesMastery.
func EventTable(rules Rules) []EventSpec {
	switch {
	case rules < RulesGovernance:
		return seed000Events[:]
	case rules >= RulesMastery:
		return masteryEvents[:]
	}
	return Events[:]
}

// EventChancePPM is the daily chance of an event per camp: 25 %.
const EventChancePPM = 250_000

// migrantsPPM is the chance of migrants (EVT-3), which their arrival's
// journal entry tells.
const migrantsPPM = 20_000

// DrawEvent returns the index in Events of the event drawn for camp c on a
// day, or -1 for a quiet day (rule EVT-1). The draw is the first of the
// camp's PurposeEvent stream of that day; the event's own draws follow it.
func DrawEvent(table []EventSpec, r *Rand) int {
	n := int64(r.Intn(ppm))
	for i := range table {
		if n < table[i].PPM {
			return i
		}
		n -= table[i].PPM
	}
	return -1
}

// rollEvents runs the events phase: for each living camp, its lasting
// effects that are over end, it draws its event of the day (rule EVT-1),
// then its continuing events get their checks from the same stream (rule
// EVK-ONGOING).
func (t *tick) rollEvents() {
	for c := range CampID(NumCamps) {
		if !t.w.Camps[c].Alive {
			continue
		}
		table := EventTable(t.w.Rules)
		if t.w.Governed() {
			t.endLasting(c)
		}
		r := t.stream(c, PurposeEvent)
		if i := DrawEvent(table, r); i >= 0 {
			t.runEvent(c, &table[i], r)
		}
		if t.w.Governed() {
			t.continueEvents(c, r)
		}
	}
}

// runEvent plays event e for camp c with the day's event stream r, if it
// applies, and writes it in the journal with its chance.
func (t *tick) runEvent(c CampID, e *EventSpec, r *Rand) {
	if !e.Applies(t.w, c) {
		return
	}
	if narr, why := e.run(t, c, r); !narr.IsZero() {
		t.note(c, e.Kind, nil, narr, lang.T("%s (%s, %s a day): %s", "%s (%s, %s par jour) : %s", e.Origin.text(), e.Kind, e.Chance(), why))
	}
}

// Chance returns the event's daily chance as a percentage: "1.5 %".
func (e *EventSpec) Chance() string { return fmt.Sprintf("%.1f %%", float64(e.PPM)/10_000) }

// text names the origin of an event in the journal.
func (o EventOrigin) text() lang.Text {
	if o == Kingdom {
		return lang.T("kingdom event", "événement du royaume")
	}
	return lang.T("natural event", "événement naturel")
}

func alwaysApplies(*World, CampID) bool     { return true }
func hasPeople(w *World, c CampID) bool     { return w.Population(c) > 0 }
func hasTenPeople(w *World, c CampID) bool  { return w.Population(c) >= 10 }
func hasRoom(w *World, c CampID) bool       { return w.Population(c) < w.Housing(c) }
func notWinter(w *World, _ CampID) bool     { return YearSeason(w.Day) != "winter" }
func hasFood(w *World, c CampID) bool       { return w.Camps[c].Resources.Food >= 20 }
func hasWorkshop(w *World, c CampID) bool   { return w.CountBuildings(c, Workshop) > 0 }
func hasSchool(w *World, c CampID) bool     { return w.CountBuildings(c, School) > 0 }
func hasTemple(w *World, c CampID) bool     { return w.CountBuildings(c, Temple) > 0 }
func holdsMountain(w *World, c CampID) bool { return w.holdsTerrain(c, Mountain) }
func (w *World) holdsTerrain(c CampID, tr Terrain) bool {
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == c && w.Zones[z].Terrain == tr {
			return true
		}
	}
	return false
}

// isAnyone accepts every citizen.
func isAnyone(*Citizen) bool { return true }

// disease (EVT-2): a citizen drawn at random falls ill; one time in two he
// dies and morale loses 2, else he recovers with 10 points of mood less.
func (t *tick) disease(c CampID, r *Rand) (lang.Text, lang.Text) {
	i := t.pickCitizen(c, r, isAnyone)
	camp := &t.w.Camps[c]
	if r.Intn(2) == 0 {
		p := t.removeCitizen(c, i)
		camp.Morale = max(0, camp.Morale-2)
		return lang.T("A fever carries off %s, aged %d, in three days.", "Une fièvre emporte %s, %d ans, en trois jours.", p.Name(), p.Age),
			lang.T("deadly disease (1 chance in 2); morale -2 -> %d; population %d", "maladie mortelle (1 chance sur 2) ; moral -2 -> %d ; population %d", camp.Morale, len(camp.Citizens))
	}
	p := &camp.Citizens[i]
	p.Mood = clampMood(int(p.Mood) - 10*MoodScale)
	return lang.T("%s falls ill, but recovers after a few days of fever.", "%s tombe malade, mais se relève après quelques jours de fièvre.", p.Name()),
		lang.T("disease overcome (1 chance in 2); mood of %s -10 -> %.1f", "maladie surmontée (1 chance sur 2) ; humeur de %s -10 -> %.1f", p.Name(), float64(p.Mood)/MoodScale)
}

// migrants (EVT-3): one newcomer arrives, with a drawn job and aspiration,
// if the camp has room. The arrival's own journal entry tells it.
func (t *tick) migrants(c CampID, _ *Rand) (lang.Text, lang.Text) {
	t.addArrival(c, lang.T("migrants, a natural event at %.1f %% a day", "migrants, événement naturel à %.1f %% par jour", float64(migrantsPPM)/10_000))
	return lang.Text{}, lang.Text{}
}

// harvest (EVT-4): outside winter, 5 days of rations come in (5 food per
// inhabitant, at least 50).
func (t *tick) harvest(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	gain := max(50, 5*int64(len(camp.Citizens)))
	camp.Resources.Food += gain
	return lang.T("An exceptional harvest: the granaries overflow with %d measures of grain.", "Récolte exceptionnelle : les greniers débordent de %d mesures de grain.", gain),
		lang.T("+%d food (5 per inhabitant, at least 50, outside winter); food %d", "+%d nourriture (5 par habitant, au moins 50, hors hiver) ; nourriture %d", gain, camp.Resources.Food)
}

// blight (EVT-5): 15 % of the food stock rots, at most 30 days of rations.
func (t *tick) blight(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	loss := min(camp.Resources.Food*15/100, 30*int64(max(1, len(camp.Citizens))))
	camp.Resources.Food -= loss
	return lang.T("Blight reaches the stores: %d measures of grain are lost.", "Le mildiou gagne les réserves : %d mesures de grain sont perdues.", loss),
		lang.T("-%d food (15 %% of the stock, at most 30 days of rations); food %d", "-%d nourriture (15 %% du stock, au plus 30 jours de rations) ; nourriture %d", loss, camp.Resources.Food)
}

// epidemic (EVT-6): one citizen in twenty (at least one) dies, drawn at
// random; morale loses 4.
func (t *tick) epidemic(c CampID, r *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	dead := max(1, len(camp.Citizens)/20)
	for range dead {
		t.removeCitizen(c, t.pickCitizen(c, r, isAnyone))
	}
	camp.Morale = max(0, camp.Morale-4)
	return lang.T("An epidemic ravages the camp: %d inhabitant(s) succumb.", "Une épidémie ravage le camp : %d habitant(s) succombent.", dead),
		lang.T("epidemic: 1 inhabitant in 20 carried off (%d); morale -4 -> %d; population %d", "épidémie : 1 habitant sur 20 emporté (%d) ; moral -4 -> %d ; population %d", dead, camp.Morale, len(camp.Citizens))
}

// workshopFire (EVT-7): with a workshop, a quarter of the tools (at least
// one) and up to 10 wood burn.
func (t *tick) workshopFire(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	tools := min(camp.Resources.Tools, max(1, camp.Resources.Tools/4))
	wood := min(camp.Resources.Wood, 10)
	camp.Resources.Tools -= tools
	camp.Resources.Wood -= wood
	return lang.T("A fire breaks out in a workshop; the walls are saved, not the tools.", "Un incendie se déclare dans un atelier ; on sauve les murs, pas l'outillage."),
		lang.T("workshop fire (%d workshop(s)): -%d tools (a quarter), -%d wood; tools %d, wood %d", "incendie d'atelier (%d atelier(s)) : -%d outils (un quart), -%d bois ; outils %d, bois %d",
			t.w.CountBuildings(c, Workshop), tools, wood, camp.Resources.Tools, camp.Resources.Wood)
}

// stoneVein (EVT-8): with a held mountain, +15 stone.
func (t *tick) stoneVein(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	camp.Resources.Stone += 15
	return lang.T("Quarrymen uncover a vein of fine stone.", "Des carriers mettent au jour un filon de belle pierre."),
		lang.T("vein (a mountain held): +15 stone; stone %d", "filon (une montagne tenue) : +15 pierre ; pierre %d", camp.Resources.Stone)
}

// festival (EVT-9): morale +3 and every mood +5.
func (t *tick) festival(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	before := camp.Morale
	camp.Morale = min(100, camp.Morale+3)
	for i := range camp.Citizens {
		camp.Citizens[i].Mood = clampMood(int(camp.Citizens[i].Mood) + 5*MoodScale)
	}
	return lang.T("An improvised feast gathers the whole camp around the fires until dawn.", "Une fête improvisée réunit tout le camp autour des feux jusqu'à l'aube."),
		lang.T("feast: morale %d -> %d, everyone's mood +5", "fête : moral %d -> %d, humeur de chacun +5", before, camp.Morale)
}

// storm (EVT-10): a tenth of the wood is lost and morale loses 1.
func (t *tick) storm(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	loss := camp.Resources.Wood / 10
	camp.Resources.Wood -= loss
	camp.Morale = max(0, camp.Morale-1)
	return lang.T("A storm tears off the roofs and scatters the woodpiles.", "Une tempête arrache les toits et disperse les piles de bois."),
		lang.T("storm: -%d wood (a tenth), morale -1 -> %d; wood %d", "tempête : -%d bois (un dixième), moral -1 -> %d ; bois %d", loss, camp.Morale, camp.Resources.Wood)
}

// wanderingScholar (EVT-11): with a school, +20 research.
func (t *tick) wanderingScholar(c CampID, _ *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	before := camp.Resources.Research
	camp.Resources.Research += 20
	t.announceTiers(c, before, camp.Resources.Research)
	return lang.T("A wandering scholar shares his manuscripts with the school.", "Un érudit de passage partage ses manuscrits avec l'école."),
		lang.T("wandering scholar (%d school(s)): +20 research; research %d", "érudit de passage (%d école(s)) : +20 recherche ; recherche %d", t.w.CountBuildings(c, School), camp.Resources.Research)
}
