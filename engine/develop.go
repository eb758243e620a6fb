package engine

import "fmt"

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

// canDevelop returns nil if camp c may develop zone z now, or why not.
func (w *World) canDevelop(c CampID, z ZoneID) *RuleError {
	zone := &w.Zones[z]
	level := zone.Development
	r := w.Camps[c].Resources
	switch {
	case w.Besieged(z):
		return refuse(CodeNotAllowed, "action", "zone %d is under siege: no works there until the siege ends", z)
	case level >= w.DevelopCap(c):
		return refuse(CodeNotAllowed, "action", "zone %d is at level %d, your cap (4, 5 with civil engineering, 6 with hydraulic engineering, 7 with urbanism)", z, level)
	case r.Research < DevelopResearch(level):
		return refuse(CodeNotAllowed, "action", "developing zone %d from level %d needs %d research; you have %d", z, level, DevelopResearch(level), r.Research)
	case !r.Covers(DevelopCost(level)):
		return refuse(CodeShortOf, "action", "developing zone %d from level %d costs %s; you have %s", z, level, DevelopCost(level), r)
	}
	return nil
}

func developArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	var zs []int
	var first *RuleError
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner != c {
			continue
		}
		if err := w.canDevelop(c, z); err != nil {
			if first == nil || (first.Code != CodeShortOf && err.Code == CodeShortOf) {
				first = err
			}
			continue
		}
		zs = append(zs, int(z))
	}
	if len(zs) == 0 {
		if first == nil {
			return nil, refuse(CodeNotAllowed, "action", "you hold no zone")
		}
		return nil, first
	}
	return []ArgSpec{{Name: "zone", Kind: ArgZone, Choices: zs}}, nil
}

func (t *tick) develop(c CampID, o Order) {
	camp := &t.w.Camps[c]
	z := ZoneID(o.Args[0])
	zone := &t.w.Zones[z]
	cost := DevelopCost(zone.Development)
	camp.Resources = camp.Resources.Sub(cost)
	zone.Development++
	t.note(c, "develop", []ZoneID{z},
		fmt.Sprintf("Grands travaux dans la zone %d : routes, canaux et remparts la portent au niveau %d.", z, zone.Development),
		why(o, fmt.Sprintf("develop %d : niveau %d -> %d, coût %s, recherche %d ≥ %d ; +1 emplacement, +1 défense",
			z, zone.Development-1, zone.Development, cost.fr(), camp.Resources.Research, DevelopResearch(zone.Development-1))))
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
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == c && w.Zones[z].Monument {
			return true
		}
	}
	return false
}

func monumentArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	r := w.Camps[c].Resources
	switch {
	case w.HasMonument(c):
		return nil, refuse(CodeNotAllowed, "action", "your monument already stands: one per camp")
	case w.Capital(c) == 0:
		return nil, refuse(CodeNotAllowed, "action", "the monument stands on the capital; you have none")
	case r.Research < MonumentResearch:
		return nil, refuse(CodeNotAllowed, "action", "build_monument needs %d research; you have %d", MonumentResearch, r.Research)
	case !r.Covers(MonumentCost):
		return nil, refuse(CodeShortOf, "action", "build_monument costs %s; you have %s", MonumentCost, r)
	}
	return nil, nil
}

func (t *tick) buildMonument(c CampID, o Order) {
	camp := &t.w.Camps[c]
	z := t.w.Capital(c)
	camp.Resources = camp.Resources.Sub(MonumentCost)
	t.w.Zones[z].Monument = true
	t.note(c, "monument", []ZoneID{z}, fmt.Sprintf("Le grand monument de %s se dresse sur la capitale (zone %d) ; on le voit de loin.", camp.Name, z),
		why(o, fmt.Sprintf("build_monument : coût %s, recherche %d ≥ %d ; +3 défense de la capitale, +2 moral par jour",
			MonumentCost.fr(), camp.Resources.Research, MonumentResearch)))
}
