package grisonval

import "github.com/grisonval/server/lang"

// Spying (rule SPY-1).
const (
	SpyCost    = 5
	SpyFailure = 25 // percent
)

// spyMission is one camp's spy of the day, reported in the spies phase.
type spyMission struct {
	camp  CampID
	zone  ZoneID
	order Order
}

// spyArgs lists every zone the camp does not see today (rule SPY-2): the
// numbers are public, and the list says nothing of who holds what.
func spyArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if e := shortOf("action", lang.Same("spy"), Resources{Gold: SpyCost}, w.Camps[c].Resources); e != nil {
		return nil, e
	}
	var vis zoneSet
	w.visionInto(c, &vis)
	zs := zonesWhere(func(z ZoneID) bool { return spyBar(vis[:], z) == barNone })
	if len(zs) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("you see every zone today: there is nothing to spy on", "vous voyez toutes les zones aujourd'hui : il n'y a rien à espionner"))
	}
	return []ArgSpec{{Name: "zone", Kind: ArgZone, Choices: zs}}, nil
}

// spyBar returns the bar on zone z for a spy of a camp seeing vis (rule
// SPY-2): any zone it does not see today.
func spyBar(vis []bool, z ZoneID) bar {
	if vis[z] {
		return barVisible
	}
	return barNone
}

func spyWhy(w *World, c CampID, o Order, _ int) *RuleError {
	z := ZoneID(o.Args[0])
	return zoneRefusal(w, c, o.Action, z, spyBar(w.Vision(c), z))
}

// spy plays spy Z: the informer is paid now and reports at the end of the
// day (reportSpies).
func (t *tick) spy(c CampID, o Order) {
	t.w.Camps[c].Resources.Gold -= SpyCost
	t.spies = append(t.spies, spyMission{camp: c, zone: ZoneID(o.Args[0]), order: o})
}

// reportSpies is the spies phase (rules SPY-1 to SPY-3), mission by mission
// in camp order: the informer fails one time in four; on a success he
// reveals the zone as it stands at the end of the day, if another camp
// holds it then, and the camp remembers it as seen today. A failure, or a
// zone that is free or the camp's own at the end of the day, gives one and
// the same message: the gold is lost. A failed spy on another camp's zone
// is caught, and that camp learns it was spied on, not by whom.
func (t *tick) reportSpies() {
	for _, m := range t.spies {
		failed := t.stream(m.camp, PurposeSpy).Chance(SpyFailure)
		zone := &t.w.Zones[m.zone]
		target := zone.Owner
		if failed || target == NoCamp || target == m.camp {
			t.note(m.camp, "spy", nil, lang.T("The informer sent to zone %d brings back nothing: the gold is lost.", "L'informateur envoyé vers la zone %d ne rapporte rien : l'or est perdu.", m.zone),
				why(m.order, func() lang.Text {
					return lang.T("spy %d: %d gold paid, no intelligence", "spy %d : %d or payés, aucun renseignement", m.zone, SpyCost)
				}))
			if failed && target != NoCamp && target != m.camp {
				t.note(target, "spied_on", []ZoneID{m.zone}, lang.T("A bribed informer is unmasked in zone %d: someone is spying on us.", "Un informateur soudoyé est démasqué dans la zone %d : quelqu'un nous espionne.", m.zone),
					lang.T("a foreign spy caught (25 % failure); he could pass on nothing", "espion étranger pris (25 % d'échec) ; il n'a rien pu transmettre"))
			}
			continue
		}
		t.w.remember(m.camp, m.zone)
		t.note(m.camp, "spy", []ZoneID{m.zone},
			lang.T("The informer describes zone %d (%s): held by %s, %s in garrison, %s.", "L'informateur décrit la zone %d (%s) : tenue par %s, %s en garnison, %s.",
				m.zone, terrainName(zone.Terrain), t.w.Camps[target].Name, menText(zone.Garrison), lang.Count(len(zone.Buildings), "building", "buildings", "bâtiment", "bâtiments")),
			why(m.order, func() lang.Text {
				return lang.T("spy %d: %d gold paid; the zone revealed as it stood on the evening of day %d", "spy %d : %d or payés ; zone révélée telle qu'au soir du jour %d", m.zone, SpyCost, t.w.Day)
			}))
		t.discover(m.camp, m.zone, lang.T("spy: your informer described it", "spy : votre informateur l'a décrite"))
	}
}
