package grisonval

import "github.com/grisonval/server/lang"

// DevelopBase is the cost of one development level, multiplied by the
// zone's current level (rule DEV-2).
var DevelopBase = Resources{Wood: 18, Stone: 10, Tools: 2, Gold: 4}

// DevelopCost returns the cost of raising a zone from level to level+1
// (rule DEV-2): the base times the current level, so 0 -> 1 is free.
func DevelopCost(level int) Resources {
	k := int64(level)
	return Resources{Wood: DevelopBase.Wood * k, Stone: DevelopBase.Stone * k, Tools: DevelopBase.Tools * k, Gold: DevelopBase.Gold * k}
}

// DevelopResearch returns the research a camp needs to raise a zone from
// level (rule DEV-2): 25 x the current level. Research is a threshold,
// never spent.
func DevelopResearch(level int) int64 { return 25 * int64(level) }

// DevelopCap returns the highest development level camp c may reach (rule
// DEV-1): 4, 5 with civil engineering, 6 with hydraulic engineering, 7 with
// urbanism.
func (w *World) DevelopCap(c CampID) int {
	switch {
	case w.HasTier(c, TechUrbanism):
		return 7
	case w.HasTier(c, TechHydraulic):
		return 6
	case w.HasTier(c, TechCivilEngineering):
		return 5
	}
	return 4
}

// developCapText says the development caps (rule DEV-1).
var developCapText = lang.T("4, 5 with civil engineering, 6 with hydraulic engineering, 7 with urbanism",
	"4, 5 avec le génie civil, 6 avec le génie hydraulique, 7 avec l'urbanisme")

// developBar returns the bar on zone z for camp c's develop (rules DEV-1,
// DEV-2, DEV-4): a held zone, not under siege, under the camp's cap, whose
// next level the camp has the research for and can pay.
func developBar(w *World, c CampID, z ZoneID) bar {
	zone := &w.Zones[z]
	level := zone.Development
	r := &w.Camps[c].Resources
	switch {
	case zone.Owner != c:
		return barNotHeld
	case w.Besieged(z):
		return barBesieged
	case level >= w.DevelopCap(c):
		return barCap
	case r.Research < DevelopResearch(level):
		return barResearch
	case !r.Covers(DevelopCost(level)):
		return barCost
	}
	return barNone
}

// developArgs lists the zones camp c may develop. When there is none, it
// says why with the zone nearest to it: the cheapest next level the camp
// cannot pay, else the lowest research threshold it lacks, else the first
// zone's bar.
func developArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	var near ZoneID
	nearBar := barNone
	rank := func(b bar) int {
		switch b {
		case barCost:
			return 3
		case barResearch:
			return 2
		}
		return 1
	}
	zs := zonesWhere(func(z ZoneID) bool {
		b := developBar(w, c, z)
		switch {
		case b == barNone:
			return true
		case b == barNotHeld:
		case near == 0 || rank(b) > rank(nearBar) ||
			rank(b) == rank(nearBar) && rank(b) > 1 && w.Zones[z].Development < w.Zones[near].Development:
			near, nearBar = z, b
		}
		return false
	})
	if len(zs) > 0 {
		return []ArgSpec{{Name: "zone", Kind: ArgZone, Choices: zs}}, nil
	}
	if near == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("you hold no zone", "vous ne tenez aucune zone"))
	}
	e := zoneRefusal(w, c, Develop, near, nearBar)
	e.Field = "action"
	e.Message = lang.T("no zone of yours can be developed today: %s", "aucune de vos zones ne peut être développée aujourd'hui : %s", e.Message)
	return nil, e
}

func developWhy(w *World, c CampID, o Order, _ int) *RuleError {
	z := ZoneID(o.Args[0])
	return zoneRefusal(w, c, o.Action, z, developBar(w, c, z))
}

func (t *tick) develop(c CampID, o Order) {
	camp := &t.w.Camps[c]
	z := ZoneID(o.Args[0])
	zone := &t.w.Zones[z]
	cost := DevelopCost(zone.Development)
	camp.Resources = camp.Resources.Sub(cost)
	zone.Development++
	t.note(c, "develop", []ZoneID{z},
		lang.T("Great works in zone %d: roads, canals and ramparts bring it to level %d.", "Grands travaux dans la zone %d : routes, canaux et remparts la portent au niveau %d.", z, zone.Development),
		why(o, func() lang.Text {
			return lang.T("develop %d: level %d -> %d, cost %s, research %d ≥ %d; +1 slot, +1 defence", "develop %d : niveau %d -> %d, coût %s, recherche %d ≥ %d ; +1 emplacement, +1 défense",
				z, zone.Development-1, zone.Development, cost.text(), camp.Resources.Research, DevelopResearch(zone.Development-1))
		}))
}

// MonumentCost is the price of the great monument (rule MON-1).
var MonumentCost = Resources{Wood: 200, Stone: 200, Tools: 50, Gold: 100}

// MonumentResearch is the research the great monument needs (rule MON-1).
const MonumentResearch = 5000

// MonumentDefence is what the great monument adds to its zone's defence
// (rules MON-1, BAT-2).
const MonumentDefence = 3

// HasMonument reports whether camp c holds a zone bearing its monument.
func (w *World) HasMonument(c CampID) bool {
	zones := w.Zones[1 : NumZones+1]
	for i := range zones {
		if zones[i].Owner == c && zones[i].Monument {
			return true
		}
	}
	return false
}

func monumentArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	r := w.Camps[c].Resources
	switch {
	case w.HasMonument(c):
		return nil, refuse(CodeNotAllowed, "action", lang.T("your monument already stands: one per camp", "votre monument est déjà debout : un par camp"))
	case w.Capital(c) == 0:
		return nil, refuse(CodeNotAllowed, "action", lang.T("the monument stands on the capital; you have none", "le monument se dresse sur la capitale ; vous n'en avez pas"))
	case r.Research < MonumentResearch:
		return nil, refuse(CodeNotAllowed, "action", lang.T("build_monument needs %d research (not spent); you have %d", "build_monument demande %d de recherche (non dépensée) ; vous avez %d", MonumentResearch, r.Research))
	}
	if e := shortOf("action", lang.Same("build_monument"), MonumentCost, r); e != nil {
		return nil, e
	}
	return nil, nil
}

func (t *tick) buildMonument(c CampID, o Order) {
	camp := &t.w.Camps[c]
	z := t.w.Capital(c)
	camp.Resources = camp.Resources.Sub(MonumentCost)
	t.w.Zones[z].Monument = true
	t.note(c, "monument", []ZoneID{z}, lang.T("The great monument of %s rises over the capital (zone %d); it is seen from afar.", "Le grand monument de %s se dresse sur la capitale (zone %d) ; on le voit de loin.", camp.Name, z),
		why(o, func() lang.Text {
			return lang.T("build_monument: cost %s, research %d ≥ %d; +3 defence of the capital, +2 morale a day", "build_monument : coût %s, recherche %d ≥ %d ; +3 défense de la capitale, +2 moral par jour",
				MonumentCost.text(), camp.Resources.Research, MonumentResearch)
		}))
}
