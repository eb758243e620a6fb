package grisonval

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/lang"
)

// This file holds seed 001's edicts (rules EDI-1 to EDI-7, docs/rules.md
// "Kingdom statistics and edicts"): taxation, holidays and promotion, three
// standing policies a camp holds from day to day at one of five levels,
// each changed by the order set_edict. Their terms feed the camp's kingdom
// statistics (GOV-STATS); the tick plays them where seed 000 has a home for
// them: taxes in the production phase, consumption and the edicts' morale
// in the upkeep phase, promotion's migrants in the society phase.

// Edict figures (rules EDI-1 to EDI-7).
const (
	// EdictLockDays: a change of an edict on day d opens the next change
	// of the same edict on day d+10 (rule EDI-1).
	EdictLockDays = 10
	// HolidayTrustDays: lowering the holidays again within 60 days of the
	// last cut voids their loyalty until 60 days pass without a cut (rule
	// EDI-4).
	HolidayTrustDays = 60
	// TaxPopulation: the taxes bring max(0, economy) x population / 25
	// gold a day (rule EDI-2).
	TaxPopulation = 25
	// TaxPopulationMastery is TaxPopulation under RulesMastery: half the
	// taxes (rule EDI-2).
	TaxPopulationMastery = 50
	// ConsumptionFood and ConsumptionGold are what a point of consumption
	// costs each day (rule EDI-6).
	ConsumptionFood = 2
	ConsumptionGold = 1
	// BrokenPromiseUnrest is the unrest of a day whose consumption is not
	// paid in full (rule EDI-6, seed 001 L149).
	BrokenPromiseUnrest = 2
	// MarketEconomyPercent is the output a point of economy adds to (or,
	// negative, takes from) every market, at worst MarketEconomyFloor
	// (rule EDI-7).
	MarketEconomyPercent = 2
	MarketEconomyFloor   = -50
)

// EdictTerms are what one level of an edict gives and costs: its terms of
// the kingdom statistics (GOV-STATS), the morale it moves each day, and its
// chance in percent a day of one migrant.
type EdictTerms struct {
	Economy     int `json:"economy,omitempty"`
	Loyalty     int `json:"loyalty,omitempty"`
	Stability   int `json:"stability,omitempty"`
	Consumption int `json:"consumption,omitempty"`
	Morale      int `json:"morale,omitempty"`
	Migrants    int `json:"migrants,omitempty"`
}

// EdictTable gives every level of every edict its terms (rules EDI-2,
// EDI-3, EDI-5), indexed by Edict then level. Seed 001 gives no table, only
// anchors that each row meets: heavy taxes economy +3, loyalty -4 (L199); no
// holidays loyalty -1 (L264-266), one holiday loyalty +1 and consumption +1
// (L192), 24 holidays loyalty +4 and consumption +8 (L259-261); no promotion
// stability -1 (L193-194). Level 0 of each is where every camp starts.
var EdictTable = [NumEdicts + 1][EdictLevels]EdictTerms{
	Taxation: {
		{Loyalty: 1},
		{Economy: 1, Loyalty: -1},
		{Economy: 2, Loyalty: -2},
		{Economy: 3, Loyalty: -4, Morale: -1},
		{Economy: 4, Loyalty: -8, Morale: -2},
	},
	Holidays: {
		{Loyalty: -1},
		{Loyalty: 1, Consumption: 1},
		{Loyalty: 2, Consumption: 2},
		{Loyalty: 3, Consumption: 4, Morale: 1},
		{Loyalty: 4, Consumption: 8, Morale: 1},
	},
	Promotion: {
		{Stability: -1},
		{Stability: 1, Consumption: 1, Migrants: 1},
		{Stability: 2, Consumption: 2, Migrants: 2},
		{Stability: 3, Consumption: 4, Migrants: 3},
		{Stability: 4, Consumption: 8, Migrants: 4},
	},
}

var edictNamesFR = [...]string{Taxation: "impôts", Holidays: "jours fériés", Promotion: "promotion"}

// text names the edict in both languages.
func (e Edict) text() lang.Text { return lang.Text{EN: e.String(), FR: edictNamesFR[e]} }

// edictLevelTexts name every level of every edict in both languages.
var edictLevelTexts = [NumEdicts + 1][EdictLevels]lang.Text{
	Taxation: {
		lang.T("no taxes", "aucun impôt"), lang.T("light taxes", "impôts légers"), lang.T("normal taxes", "impôts normaux"),
		lang.T("heavy taxes", "impôts lourds"), lang.T("crushing taxes", "impôts écrasants"),
	},
	Holidays: {
		lang.T("no holidays", "aucun jour férié"), lang.T("1 holiday a year", "1 jour férié par an"), lang.T("6 holidays a year", "6 jours fériés par an"),
		lang.T("12 holidays a year", "12 jours fériés par an"), lang.T("24 holidays a year", "24 jours fériés par an"),
	},
	Promotion: {
		lang.T("no promotion", "aucune promotion"), lang.T("token promotion", "promotion symbolique"), lang.T("standard promotion", "promotion ordinaire"),
		lang.T("aggressive promotion", "promotion agressive"), lang.T("expansive promotion", "promotion expansive"),
	},
}

// EdictLevelText names level l of edict e ("heavy taxes", "24 holidays a
// year") in both languages.
func EdictLevelText(e Edict, l int) lang.Text { return edictLevelTexts[e][l] }

// Text says the terms in both languages: "economy +3, loyalty -4, morale
// -1 a day".
func (x EdictTerms) Text() lang.Text {
	var en, fr []string
	term := func(n int, e, f string) {
		if n != 0 {
			en, fr = append(en, fmt.Sprintf("%s %+d", e, n)), append(fr, fmt.Sprintf("%s %+d", f, n))
		}
	}
	term(x.Economy, "economy", "économie")
	term(x.Loyalty, "loyalty", "loyauté")
	term(x.Stability, "stability", "stabilité")
	term(x.Consumption, "consumption", "consommation")
	if x.Morale != 0 {
		en, fr = append(en, fmt.Sprintf("morale %+d a day", x.Morale)), append(fr, fmt.Sprintf("moral %+d par jour", x.Morale))
	}
	if x.Migrants != 0 {
		en, fr = append(en, fmt.Sprintf("a migrant %d %% of days", x.Migrants)), append(fr, fmt.Sprintf("un migrant %d %% des jours", x.Migrants))
	}
	if len(en) == 0 {
		return lang.T("no effect", "aucun effet")
	}
	return lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}
}

// EdictLevel returns camp c's level of edict e (0 to EdictLevels-1).
func (w *World) EdictLevel(c CampID, e Edict) int { return int(w.Camps[c].Edicts[e-1]) }

// EdictOpens returns the first day camp c may change edict e again (rule
// EDI-1): 10 days after its last change, or 0 if it never changed.
func (w *World) EdictOpens(c CampID, e Edict) int {
	if d := w.Camps[c].EdictDay[e-1]; d > 0 {
		return d + EdictLockDays
	}
	return 0
}

// edictOpen reports whether an order of camp c posted on w may change
// edict e: it plays on day w.Day+1.
func (w *World) edictOpen(c CampID, e Edict) bool { return w.Day+1 >= w.EdictOpens(c, e) }

// edictSeat reports whether seat s of camp c's council is held today
// (engine/grisonval/council.go): a holder named today serves from tomorrow, so on
// the day of his naming the seat is vacant and raises no taxes or carries
// no holidays (rules CNL-4, CNL-6).
func (w *World) edictSeat(c CampID, s SeatKind) bool {
	return w.holder(c, s, w.Day) != nil
}

// brokenPromise reports whether camp c's edicts' consumption went unpaid
// today (rule EDI-6).
func (w *World) brokenPromise(c CampID) bool {
	d := w.Camps[c].EdictsUnpaid
	return d > 0 && d == w.Day
}

// Holiday bars: why a camp's holidays give no loyalty today (rules EDI-3,
// EDI-4, EDI-6).
type holidayBar uint8

const (
	holidaysBelieved holidayBar = iota
	holidaysNoCouncillor
	holidaysDistrusted
	holidaysUnpaid
)

func (w *World) holidayBar(c CampID) holidayBar {
	switch {
	case !w.edictSeat(c, SeatCouncillor):
		return holidaysNoCouncillor
	case w.Day < w.Camps[c].HolidayDistrust:
		return holidaysDistrusted
	case w.brokenPromise(c):
		return holidaysUnpaid
	}
	return holidaysBelieved
}

// HolidayCutBelieved returns the first day a cut of camp c's holidays is
// believed (rule EDI-4): HolidayTrustDays after its last cut, or 0 when a
// cut ordered now is believed.
func (w *World) HolidayCutBelieved(c CampID) int {
	if cut := w.Camps[c].HolidayCut; cut > 0 && w.Day+1-cut < HolidayTrustDays {
		return cut + HolidayTrustDays
	}
	return 0
}

// HolidaysVoid says why camp c's holidays give no loyalty today, or is
// empty when they give it (rules EDI-3, EDI-4, EDI-6): no councillor
// carries them to the people (seed 001 L63), the people no longer believe
// in them after cuts (L268-272), or they were not paid today (L253-257).
func (w *World) HolidaysVoid(c CampID) lang.Text {
	switch w.holidayBar(c) {
	case holidaysNoCouncillor:
		return lang.T("no councillor sits on the council: holidays give no loyalty", "aucun conseiller ne siège au conseil : les jours fériés ne donnent aucune loyauté")
	case holidaysDistrusted:
		return lang.T("holidays cut twice within %d days: the people believe in them again from day %d", "jours fériés réduits deux fois en moins de %d jours : le peuple y croit de nouveau à partir du jour %d",
			HolidayTrustDays, w.Camps[c].HolidayDistrust)
	case holidaysUnpaid:
		return lang.T("the edicts' consumption went unpaid today: a broken promise", "la consommation des édits n'a pas été payée aujourd'hui : une promesse rompue")
	}
	return lang.Text{}
}

// EdictTerms returns the terms edict e gives camp c today, its level's row
// of EdictTable as the rules let it count: without a treasurer no tax is
// raised and taxation counts as none (rule EDI-2, seed 001 L101); holidays
// whose loyalty is void (HolidaysVoid) keep only their loyalty malus, and
// on a day of broken promise their morale is lost (rules EDI-3, EDI-4,
// EDI-6); on such a day promotion keeps only its malus and brings no
// migrant (rule EDI-6). Consumption is always the level's: it is what the
// camp promised.
func (w *World) EdictTerms(c CampID, e Edict) EdictTerms {
	l := w.EdictLevel(c, e)
	if e == Taxation && !w.edictSeat(c, SeatTreasurer) {
		l = 0
	}
	x := EdictTable[e][l]
	switch e {
	case Holidays:
		if x.Loyalty > 0 && w.holidayBar(c) != holidaysBelieved {
			x.Loyalty = 0
		}
		if w.brokenPromise(c) {
			x.Morale = 0
		}
	case Promotion:
		if w.brokenPromise(c) {
			x.Stability, x.Migrants = min(0, x.Stability), 0
		}
	}
	return x
}

// edictStats adds camp c's edicts to its statistics (GOV-STATS): each
// edict's terms of the day, and the unrest of a broken promise (rule
// EDI-6).
func (w *World) edictStats(c CampID, s *Stats) {
	for e := Taxation; e <= Promotion; e++ {
		x := w.EdictTerms(c, e)
		s.Economy += x.Economy
		s.Loyalty += x.Loyalty
		s.Stability += x.Stability
		s.Consumption += x.Consumption
	}
	if w.brokenPromise(c) {
		s.Unrest += BrokenPromiseUnrest
	}
}

// Taxes returns the gold camp c's taxes bring today (rule EDI-2):
// max(0, economy) x population / 25, rounded down, with a treasurer seated;
// nothing without one (seed 001 L101).
func (w *World) Taxes(c CampID) int64 {
	if !w.edictSeat(c, SeatTreasurer) {
		return 0
	}
	return w.taxes(c, w.Stats(c))
}

// taxes is Taxes for a camp c with a treasurer seated, whose statistics
// today are s.
func (w *World) taxes(c CampID, s Stats) int64 {
	return taxGold(w.Rules, s.Economy, w.Population(c))
}

// TaxPeople returns how many inhabitants a point of economy taxes for a
// gold a day under rules (rule EDI-2).
func TaxPeople(rules Rules) int {
	if rules >= RulesMastery {
		return TaxPopulationMastery
	}
	return TaxPopulation
}

// taxGold is the gold the taxes of a camp of economy e and pop inhabitants
// bring a day under rules (rule EDI-2).
func taxGold(rules Rules, e, pop int) int64 {
	return int64(max(0, e)) * int64(pop) / int64(TaxPeople(rules))
}

// marketEconomy returns the percentage camp c's economy adds to the output
// of a building of kind b (rule EDI-7): 2 % a point for a market, at worst
// -50 %; nothing for the other kinds.
// stats are the camp's statistics today when the caller has them (nil:
// computed).
func (w *World) marketEconomy(c CampID, b BuildingKind, stats *Stats) int64 {
	switch {
	case b != Market:
		return 0
	case stats == nil:
		return economyPercent(w.Stats(c).Economy)
	}
	return economyPercent(stats.Economy)
}

// economyPercent is the percentage an economy of e adds to a market's
// output (rule EDI-7).
func economyPercent(e int) int64 { return int64(max(MarketEconomyFloor, MarketEconomyPercent*e)) }

// payConsumption takes a day's consumption of points from stock r, 2 food
// and 1 gold a point, as far as the stock goes (rule EDI-6). It returns the
// units left unpaid.
func payConsumption(r *Resources, points int) int64 {
	food, gold := int64(max(0, points)*ConsumptionFood), int64(max(0, points)*ConsumptionGold)
	paidFood, paidGold := min(r.Food, food), min(r.Gold, gold)
	r.Food -= paidFood
	r.Gold -= paidGold
	return food - paidFood + gold - paidGold
}

// keepEdicts plays camp c's edicts in the upkeep phase (rules EDI-2, EDI-3,
// EDI-6): the day's consumption is paid; a day not paid in full is a broken
// promise, in the journal; then taxes and holidays move morale. s are
// camp c's statistics today (Stats).
func (t *tick) keepEdicts(c CampID, s Stats) {
	camp := &t.w.Camps[c]
	points := s.Consumption
	if short := payConsumption(&camp.Resources, points); short > 0 {
		camp.EdictsUnpaid = t.w.Day
		t.note(c, "edicts_unpaid", nil,
			lang.T("The promised feasts and criers are not paid: the squares stay empty and the people speak of broken promises.", "Les fêtes et les crieurs promis ne sont pas payés : les places restent vides et le peuple parle de promesses rompues."),
			lang.T("consumption %d: %d food and %d gold due, %d unit(s) unpaid; holidays and promotion give nothing today; unrest +%d",
				"consommation %d : %d nourriture et %d or dus, %d unité(s) impayée(s) ; jours fériés et promotion ne donnent rien aujourd'hui ; insatisfaction +%d",
				points, points*ConsumptionFood, points*ConsumptionGold, short, BrokenPromiseUnrest))
	}
	morale := 0
	for e := Taxation; e <= Promotion; e++ {
		morale += t.w.EdictTerms(c, e).Morale
	}
	camp.Morale = min(100, max(0, camp.Morale+morale))
}

// promote draws the migrant of camp c's promotion edict in the society
// phase (rule EDI-5): 1 % a day per level above none, only with room in
// its housing (as EVT-3).
func (t *tick) promote(c CampID, housing int) {
	pct := t.w.EdictTerms(c, Promotion).Migrants
	if pct == 0 || t.w.Population(c) >= housing {
		return
	}
	if t.stream(c, PurposePromotion).Intn(100) < pct {
		t.addArrival(c, lang.T("drawn by the promotion edict, %d %% a day", "attiré par l'édit de promotion, %d %% par jour", pct))
	}
}

// edictArgs gives set_edict's arguments (rule EDI-1): an edict (1
// taxation, 2 holidays, 3 promotion) and a level (0 to 4). It is closed
// while every edict changed less than 10 days ago.
func edictArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	var en, fr []string
	for e := Taxation; e <= Promotion; e++ {
		if w.edictOpen(c, e) {
			return []ArgSpec{
				{Name: "edict", Kind: ArgCount, Min: int(Taxation), Max: NumEdicts},
				{Name: "level", Kind: ArgCount, Min: 0, Max: EdictLevels - 1},
			}, nil
		}
		en = append(en, fmt.Sprintf("%s on day %d", e.text().EN, w.EdictOpens(c, e)))
		fr = append(fr, fmt.Sprintf("%s le jour %d", e.text().FR, w.EdictOpens(c, e)))
	}
	return nil, refuse(CodeNotAllowed, "action", lang.T("every edict changed less than %d days ago; the next changes open: %s", "chaque édit a changé il y a moins de %d jours ; prochains changements possibles : %s",
		EdictLockDays, lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}))
}

// edictCheck refuses set_edict E L when edict E changed less than 10 days
// ago (the day it opens is said) or already stands at level L (rule
// EDI-1).
func edictCheck(w *World, c CampID, o Order) *RuleError {
	e, l := Edict(o.Args[0]), o.Args[1]
	if !w.edictOpen(c, e) {
		return refuse(CodeNotAllowed, "args[0]", lang.T("the %s edict changed on day %d: no other change of it before day %d", "l'édit « %s » a changé le jour %d : pas d'autre changement avant le jour %d",
			e.text(), w.Camps[c].EdictDay[e-1], w.EdictOpens(c, e)))
	}
	if l == w.EdictLevel(c, e) {
		return refuse(CodeNotAllowed, "args[1]", lang.T("the %s edict already stands at level %d (%s): set_edict takes another level", "l'édit « %s » est déjà au niveau %d (%s) : set_edict prend un autre niveau",
			e.text(), l, EdictLevelText(e, l)))
	}
	return nil
}

// edictNarrations tell a new level of each edict.
var edictNarrations = [NumEdicts + 1]lang.Text{
	Taxation:  lang.T("Heralds cry a new edict in the squares: from today, %s.", "Les hérauts crient un nouvel édit sur les places : à partir d'aujourd'hui, %s."),
	Holidays:  lang.T("The calendar of feasts is proclaimed anew: from now on, %s.", "Le calendrier des fêtes est proclamé à nouveau : désormais, %s."),
	Promotion: lang.T("Criers and painted signs carry a new promise along the roads: %s.", "Crieurs et enseignes peintes portent une nouvelle promesse sur les routes : %s."),
}

// setEdict plays set_edict E L (rule EDI-1): edict E stands at level L
// from today, and no other change of it opens before 10 days. Lowering
// the holidays within 60 days of their last cut makes the people distrust
// them for 60 days (rule EDI-4).
func (t *tick) setEdict(c CampID, o Order) {
	camp := &t.w.Camps[c]
	e, l := Edict(o.Args[0]), o.Args[1]
	old := int(camp.Edicts[e-1])
	camp.Edicts[e-1], camp.EdictDay[e-1] = uint8(l), t.w.Day
	var distrust lang.Text
	if e == Holidays && l < old {
		if cut := camp.HolidayCut; cut > 0 && t.w.Day-cut < HolidayTrustDays {
			camp.HolidayDistrust = t.w.Day + HolidayTrustDays
			distrust = lang.T("; holidays cut again %d days after the cut of day %d: the people no longer believe in them, no loyalty from holidays before day %d",
				" ; jours fériés réduits de nouveau %d jours après la réduction du jour %d : le peuple n'y croit plus, aucune loyauté des jours fériés avant le jour %d",
				t.w.Day-cut, cut, camp.HolidayDistrust)
		}
		camp.HolidayCut = t.w.Day
	}
	n := edictNarrations[e]
	t.note(c, "set_edict", nil, lang.T(n.EN, n.FR, EdictLevelText(e, l)),
		why(o, func() lang.Text {
			return lang.T("set_edict %d %d: %s, from %s to %s (%s)%s; no other change of this edict before day %d",
				"set_edict %d %d : %s, de %s à %s (%s)%s ; pas d'autre changement de cet édit avant le jour %d",
				int(e), l, e.text(), EdictLevelText(e, old), EdictLevelText(e, l), EdictTable[e][l].Text(), distrust, t.w.EdictOpens(c, e))
		}))
}
