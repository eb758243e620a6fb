package grisonval

import (
	"fmt"
	"strconv"

	"github.com/grisonval/server/lang"
)

// Government is a camp's form of government (rule POL-1). Values are stored
// in states: append only.
type Government uint8

// Forms of government, adapted from seed 001's list (rule POL-1).
const (
	Autocracy Government = iota + 1
	Oligarchy
	Overlord
	Republic
	Theocracy
	Scholarchy
)

// NumGovernments is the number of forms of government.
const NumGovernments = 6

// GovernmentForm describes one form of government.
type GovernmentForm struct {
	// Code is the form's stable English name, as orders and clients use it.
	Code string
	// Name is its name, as the journal announces it.
	Name lang.Text
	// Effect says what it gives and costs.
	Effect lang.Text
	// Buildings is the percentage added to the output of every building,
	// School to schools', Market to markets'.
	Buildings, School, Market int64
	// Morale and Legitimacy are added every day; Gold is taken every day,
	// as far as the stock goes.
	Morale, Legitimacy, Gold int
	// Defence is added to every held zone's defence.
	Defence int
}

// payGold takes the form's daily gold from stock r, as far as it goes
// (rule POL-1).
func (g *GovernmentForm) payGold(r *Resources) { r.Gold = max(0, r.Gold-int64(g.Gold)) }

// Governments are the forms of government, indexed by Government (index 0
// unused).
var Governments = [NumGovernments + 1]GovernmentForm{
	Autocracy: {Code: "autocracy", Name: lang.T("autocracy", "autocratie"),
		Effect: lang.T("no modifier (the starting form)", "aucun modificateur (la forme de départ)")},
	Oligarchy: {Code: "oligarchy", Name: lang.T("oligarchy", "oligarchie"),
		Effect: lang.T("markets +25 %; the council's stipends cost 2 gold a day", "marchés +25 % ; les indemnités du conseil coûtent 2 or par jour"),
		Market: 25, Gold: 2},
	Overlord: {Code: "overlord", Name: lang.T("overlordship", "suzeraineté"),
		Effect:  lang.T("+1 defence in every held zone; -1 morale a day", "+1 défense dans chaque zone tenue ; -1 moral par jour"),
		Defence: 1, Morale: -1},
	Republic: {Code: "republic", Name: lang.T("republic", "république"),
		Effect: lang.T("every building +5 %; +1 legitimacy a day; breaking a pact costs 3 more morale",
			"chaque bâtiment +5 % ; +1 légitimité par jour ; rompre un pacte coûte 3 de moral de plus"),
		Buildings: 5, Legitimacy: 1},
	Theocracy: {Code: "theocracy", Name: lang.T("theocracy", "théocratie"),
		Effect: lang.T("+1 morale a day; schools -20 %", "+1 moral par jour ; écoles -20 %"),
		Morale: 1, School: -20},
	// A scholarchy's schools get +30 % and, as every building, -5 %.
	Scholarchy: {Code: "scholarchy", Name: lang.T("college of scholars", "collège des savants"),
		Effect: lang.T("schools +25 %; every other building -5 %", "écoles +25 % ; tout autre bâtiment -5 %"),
		School: 30, Buildings: -5},
}

// String returns the form's code.
func (g Government) String() string {
	if g >= 1 && int(g) <= NumGovernments {
		return Governments[g].Code
	}
	return fmt.Sprintf("government(%d)", g)
}

// ParseGovernment returns the form whose code is name.
func ParseGovernment(name string) (Government, bool) {
	for g := Government(1); g <= NumGovernments; g++ {
		if Governments[g].Code == name {
			return g, true
		}
	}
	return 0, false
}

// Politics figures (rules POL-2 to POL-6, LEG-1 to LEG-4).
const (
	// StartGovernment and StartLegitimacy are every camp's at setup.
	StartGovernment = Autocracy
	StartLegitimacy = 60
	// GovernmentGold and GovernmentResearch are the price of
	// set_government; GovernmentLegitimacy is the legitimacy it leaves and
	// GovernmentLockDays the days before the next change.
	GovernmentGold       = 20
	GovernmentResearch   = 10
	GovernmentLegitimacy = 50
	GovernmentLockDays   = 30
	// RepublicWarMorale is the morale a republic loses beyond the usual
	// price when it breaks a pact.
	RepublicWarMorale = 3
	// UnrestBelow and UnrestMorale: under 30 legitimacy, morale -3 a day.
	UnrestBelow  = 30
	UnrestMorale = 3
	// CoupBelow and CoupDays: under 15 legitimacy 5 days in a row, a coup.
	// CoupLegitimacy is the legitimacy of the regime a coup imposes.
	CoupBelow      = 15
	CoupDays       = 5
	CoupLegitimacy = 40
)

// fact is one thing that happened to a camp today that moves its
// legitimacy (rule LEG-1). The tick records them where they happen.
type fact uint8

// Facts. Battles, famine and surplus are recorded where they happen;
// zones won and lost, sieges and lost legends are read in the politics
// phase from the morning's and the evening's worlds, so that no path (a
// settler column, an assault, a siege, a death) can forget one.
const (
	factVictory fact = iota
	factDefeat
	factZoneWon
	factZoneLost
	factFamine
	factSurplus
	factBesieged
	factLegendLost
	numFacts
)

// record notes that fact f happened to camp c today.
func (t *tick) record(c CampID, f fact) {
	if c != NoCamp {
		t.facts[c][f]++
	}
}

// won records a battle: a victory for winner, a defeat for loser.
func (t *tick) won(winner, loser CampID) {
	t.record(winner, factVictory)
	t.record(loser, factDefeat)
}

// readFacts adds to camp c's facts of the day what the politics phase
// reads from the worlds (rule LEG-1): zones won and lost since the morning,
// its zones under siege tonight, and its legends lost (rule LEG-3).
func (t *tick) readFacts(c CampID) {
	f := &t.facts[c]
	before, after := t.prev.Zones[:NumZones+1], t.w.Zones[:NumZones+1]
	for z := 1; z < len(after); z++ {
		was, is := before[z].Owner == c, after[z].Owner == c
		switch {
		case is && !was:
			f[factZoneWon]++
		case was && !is:
			f[factZoneLost]++
		}
	}
	for _, s := range t.w.Sieges {
		if t.w.Zones[s.Zone].Owner == c {
			f[factBesieged]++
		}
	}
	f[factLegendLost] += t.lostLegends(c)
}

// Legitimacy changes of one day's facts (rule LEG-1).
const (
	LegVictory    = 5
	LegDefeat     = -8
	LegFamine     = -5
	LegSurplus    = 1
	LegZoneWon    = 3
	LegZoneLost   = -5
	LegSiege      = -3
	LegLegendLost = -3
)

// MoraleLegitimacy returns the legitimacy morale gives or takes each day
// (rule LEG-2): +2 from 80, +1 from 60, 0 from 40, -1 from 20, -2 under 20.
func MoraleLegitimacy(morale int) int {
	switch {
	case morale >= 80:
		return 2
	case morale >= 60:
		return 1
	case morale >= 40:
		return 0
	case morale >= 20:
		return -1
	}
	return -2
}

// governmentBonus returns the percentage camp c's government adds to the
// output of building kind b (rule POL-1).
func (w *World) governmentBonus(c CampID, b BuildingKind) int64 {
	g := &Governments[w.Camps[c].Government]
	p := g.Buildings
	switch b {
	case School:
		p += g.School
	case Market:
		p += g.Market
	}
	return p
}

// governmentDefence returns the defence camp c's government adds to each
// of its zones (rule POL-1).
func (w *World) governmentDefence(c CampID) int { return Governments[w.Camps[c].Government].Defence }

// SpareResearch returns the research camp c may spend on set_government:
// what it holds beyond the threshold of the last tier it reached, so that
// no tier is ever lost (rule POL-2).
func (w *World) SpareResearch(c CampID) int64 {
	return w.Camps[c].Resources.Research - Techs[w.Tier(c)].Research
}

// governmentArgs returns the forms camp c may adopt tomorrow (rule POL-2).
func governmentArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	camp := &w.Camps[c]
	if next := camp.GovernmentDay + GovernmentLockDays; camp.GovernmentDay > 0 && w.Day+1 < next {
		return nil, refuse(CodeNotAllowed, "action", lang.T("the government changed on day %d: no new change before day %d", "le gouvernement a changé le jour %d : pas de nouveau changement avant le jour %d", camp.GovernmentDay, next))
	}
	cost := Resources{Gold: GovernmentGold, Research: GovernmentResearch}
	if missing := shortfalls(cost, Resources{Gold: camp.Resources.Gold, Research: w.SpareResearch(c)}); len(missing) > 0 {
		return nil, &RuleError{Code: CodeShortOf, Field: "action", Missing: missing,
			Message: lang.T("set_government costs %d gold and %d research beyond your last tier's threshold (%d); you have %d gold and %d research beyond it: short of %s",
				"set_government coûte %d or et %d de recherche au-delà du seuil de votre dernier palier (%d) ; vous avez %d or et %d de recherche au-delà : il manque %s",
				GovernmentGold, GovernmentResearch, Techs[w.Tier(c)].Research, camp.Resources.Gold, w.SpareResearch(c), missingText(missing))}
	}
	var gs []int
	for g := Government(1); g <= NumGovernments; g++ {
		if g != camp.Government {
			gs = append(gs, int(g))
		}
	}
	return []ArgSpec{{Name: "government", Kind: ArgGovernment, Choices: gs}}, nil
}

func governmentWhy(w *World, c CampID, o Order, _ int) *RuleError {
	if g := Government(o.Args[0]); g == w.Camps[c].Government {
		return refuse(CodeNotAllowed, "", lang.T("you already live under %s: set_government takes another form", "vous vivez déjà sous %s : set_government prend une autre forme", g))
	}
	return refuse(CodeBadArgs, "", lang.T("there is no form of government %d (forms 1 to %d)", "il n'y a pas de forme de gouvernement %d (formes 1 à %d)", o.Args[0], NumGovernments))
}

// setGovernment plays set_government F (rule POL-2): 20 gold and 10
// research, legitimacy falls to 50, 30 days before the next change. All
// camps learn the new regime.
func (t *tick) setGovernment(c CampID, o Order) {
	camp := &t.w.Camps[c]
	g := Government(o.Args[0])
	old := camp.Government
	camp.Resources.Gold -= GovernmentGold
	camp.Resources.Research -= GovernmentResearch
	camp.Government, camp.Legitimacy, camp.GovernmentDay, camp.LowLegitimacy = g, GovernmentLegitimacy, t.w.Day, 0
	t.note(c, "set_government", nil, lang.T("The people of %s changes its government: %s replaces %s.", "Le peuple de %s change de régime : la %s remplace l'%s.", camp.Name, Governments[g].Name, Governments[old].Name),
		why(o, func() lang.Text {
			return lang.T("set_government %s: %d gold and %d research paid; legitimacy %d; no other change before day %d; effect: %s", "set_government %s : %d or et %d recherche payés ; légitimité %d ; pas d'autre changement avant le jour %d ; effet : %s",
				g, GovernmentGold, GovernmentResearch, camp.Legitimacy, t.w.Day+GovernmentLockDays, Governments[g].Effect)
		}))
	t.announce(0, "government", lang.T("%s adopts a new government: %s.", "%s adopte un nouveau régime : %s.", camp.Name, Governments[g].Name),
		lang.T("former government: %s", "ancien régime : %s", Governments[old].Name), allCamps()...)
}

// politics is the politics phase (rules POL-1, LEG-1 to LEG-4): for each
// living camp, its government's daily effects, then the day's legitimacy,
// civil unrest and coups.
func (t *tick) politics() {
	for c := range CampID(NumCamps) {
		if t.w.Camps[c].Alive {
			t.governDay(c)
		}
	}
}

// governDay plays one camp's day of politics.
func (t *tick) governDay(c CampID) {
	camp := &t.w.Camps[c]
	g := &Governments[camp.Government]
	camp.Morale = min(100, max(0, camp.Morale+g.Morale))
	g.payGold(&camp.Resources)

	t.readFacts(c)
	f := &t.facts[c]
	// The day's terms, named only when the journal tells them.
	var terms [16]legTerm
	k, delta := 0, 0
	add := func(tm legTerm) {
		if tm.n != 0 {
			delta += tm.n
			terms[k] = tm
			k++
		}
	}
	fixed := func(n int, name lang.Text) { add(legTerm{n: n, name: name}) }
	fixed(LegVictory*f[factVictory], lang.T("victory(ies)", "victoire(s)"))
	fixed(LegDefeat*f[factDefeat], lang.T("defeat(s)", "défaite(s)"))
	fixed(LegZoneWon*f[factZoneWon], lang.T("zone(s) won", "zone(s) gagnée(s)"))
	fixed(LegZoneLost*f[factZoneLost], lang.T("zone(s) lost", "zone(s) perdue(s)"))
	fixed(LegFamine*min(1, f[factFamine]), lang.T("famine", "famine"))
	fixed(LegSurplus*min(1, f[factSurplus]), lang.T("surplus", "surplus"))
	fixed(LegSiege*min(1, f[factBesieged]), lang.T("siege", "siège"))
	fixed(LegLegendLost*f[factLegendLost], lang.T("legend(s) lost", "légende(s) perdue(s)"))
	add(legTerm{n: MoraleLegitimacy(camp.Morale), name: lang.T("morale", "moral"), kind: legMorale})
	fixed(g.Legitimacy, Governments[camp.Government].Name)
	t.governanceTerms(c, add)
	before := camp.Legitimacy
	camp.Legitimacy = min(100, max(0, camp.Legitimacy+delta))
	if d := camp.Legitimacy - before; d <= -5 || d >= 5 {
		// The terms in both languages, written in one buffer.
		var whats [len(terms)]lang.Text
		for i := range terms[:k] {
			whats[i] = terms[i].what()
		}
		var buf [512]byte
		b := buf[:0]
		mid := 0
		for _, fr := range []bool{false, true} {
			for i := range terms[:k] {
				if i > 0 {
					b = append(b, ", "...)
				}
				what := whats[i].EN
				if fr {
					what = whats[i].FR
				}
				b = strconv.AppendInt(append(b, "+-"[b2i(terms[i].n < 0)]), int64(abs(terms[i].n)), 10)
				b = append(append(b, ' '), what...)
				if terms[i].kind == legMorale {
					b = strconv.AppendInt(append(b, ' '), int64(camp.Morale), 10)
				}
			}
			if !fr {
				mid = len(b)
			}
		}
		s := string(b)
		t.note(c, "legitimacy", nil, lang.T("The legitimacy of power goes from %d to %d.", "La légitimité du pouvoir passe de %d à %d.", before, camp.Legitimacy),
			lang.Text{EN: s[:mid], FR: s[mid:]})
	}

	if camp.Legitimacy < UnrestBelow {
		m := camp.Morale
		camp.Morale = max(0, camp.Morale-UnrestMorale)
		t.note(c, "unrest", nil, lang.T("Unrest stirs the camp: power is challenged in the squares and the workshops.", "Des troubles agitent le camp : on conteste le pouvoir sur les places et dans les ateliers."),
			lang.T("legitimacy %d < %d: morale %d -> %d", "légitimité %d < %d : moral %d -> %d", camp.Legitimacy, UnrestBelow, m, camp.Morale))
	}
	if camp.Legitimacy >= CoupBelow {
		camp.LowLegitimacy = 0
		return
	}
	camp.LowLegitimacy++
	if camp.LowLegitimacy >= CoupDays {
		t.coup(c)
	}
}

// coup imposes a form of government drawn at random among the others (rule
// LEG-4), proclaimed to all.
func (t *tick) coup(c CampID) {
	camp := &t.w.Camps[c]
	old := camp.Government
	n := 1 + t.stream(c, PurposeCoup).Intn(NumGovernments-1)
	g := Government((int(old)-1+n)%NumGovernments + 1)
	camp.Government, camp.Legitimacy, camp.GovernmentDay, camp.LowLegitimacy = g, CoupLegitimacy, t.w.Day, 0
	t.announce(0, "coup", lang.T("A coup in %s: %s is overthrown, %s takes power by force.", "Coup d'État chez %s : l'%s est renversée, la %s s'impose par la force.", camp.Name, Governments[old].Name, Governments[g].Name),
		lang.T("legitimacy below %d for %d days; a new government drawn by lot, legitimacy %d", "légitimité sous %d pendant %d jours ; nouveau régime tiré au sort, légitimité %d", CoupBelow, CoupDays, CoupLegitimacy), allCamps()...)
}

// lostLegends counts camp c's legends lost today (rule LEG-3): its masters
// (citizens of level V) who died, and its great monument if it fell.
func (t *tick) lostLegends(c CampID) int {
	before, after := t.prev.Camps[c].Citizens, t.w.Camps[c].Citizens
	n, j := 0, 0
	// Citizens stay in arrival order, their IDs increasing: one walk finds
	// the citizens of the morning who are gone tonight, and counts the
	// masters among them. Nearly everyone is still there: the walk's
	// tests come out the same for nearly every citizen.
	for i := range before {
		id := before[i].ID
		for j < len(after) && after[j].ID < id {
			j++
		}
		if j < len(after) && after[j].ID == id {
			j++
			continue
		}
		if before[i].Level == MaxLevel {
			n++
		}
	}
	if t.prev.HasMonument(c) && !t.w.HasMonument(c) {
		n++
	}
	return n
}
