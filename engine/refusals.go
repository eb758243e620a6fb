package engine

import (
	"fmt"
	"strings"
)

// This file says why an order is refused (rule ACT-REFUSE). The menu's
// choices and the refusals come from the same checks: each action that
// takes a zone or a camp has one function that returns the bar on a target
// (barNone when the target is valid), which the action's argument specs use
// to list the choices and the refusal uses to say why a value is not one of
// them. A bar is a small value, so that listing the choices formats
// nothing; only a refusal writes its message.

// bar is why one value of an argument is not a valid choice today.
type bar uint8

// Bars. barNone is a valid choice.
const (
	barNone bar = iota
	// Zones.
	barNotHeld     // the camp does not hold the zone
	barBesieged    // the zone is under siege
	barTerrain     // the building cannot stand on the zone's terrain
	barOnePerZone  // the zone has its one building of the kind
	barNoSlot      // the zone has no free slot
	barCap         // the zone is at the camp's development cap
	barResearch    // the zone's next level needs more research
	barCost        // the zone's next level costs more than the stock
	barVisible     // the camp sees the zone today
	barRemembered  // the camp remembers the zone
	barBeyondSight // the zone borders nothing the camp sees
	barNotAdjacent // the zone borders no zone of the camp
	barOwn         // the zone is the camp's own
	barNotFree     // another camp holds the zone
	barSettlers    // the camp's settlers already head for the zone
	barUnknown     // the camp neither sees nor remembers the zone
	barPeaceLand   // the camp knows the zone as land of a camp at peace with it
	barNoGarrison  // the zone has no garrison
	// Camps.
	barNotMet     // the camp has not met the other
	barExtinct    // the other camp is extinct
	barAtWar      // the pair is at war
	barAtPeace    // the pair is at peace
	barAllied     // the pair is allied
	barDoorClosed // the pair's door is closed
	barPending    // the camp's own proposal is pending in the pair
	barNoProposal // the other camp has no proposal pending for the camp
	barPactLock   // the pair's pact is too fresh to be broken
	barRoute      // a trade route already joins the pair
)

// argWhys say, for the actions whose arguments are chosen from a list or
// bounded by the state, why argument i of order o is not a valid value:
// they run once the action is open and every earlier argument is valid, and
// return nil when they have nothing more precise than the spec's bounds.
var argWhys = map[Action]func(w *World, c CampID, o Order, i int) *RuleError{
	Explore:         exploreWhy,
	ExpandTo:        expandWhy,
	RaiseArmy:       raiseWhy,
	SendArmy:        sendWhy,
	DisbandArmy:     disbandWhy,
	RecallArmy:      recallWhy,
	BuildFarm:       buildWhy(Farm),
	BuildLumberCamp: buildWhy(LumberCamp),
	BuildMine:       buildWhy(Mine),
	BuildWorkshop:   buildWhy(Workshop),
	BuildMarket:     buildWhy(Market),
	BuildSchool:     buildWhy(School),
	BuildHouse:      buildWhy(House),
	BuildBarracks:   buildWhy(Barracks),
	BuildWalls:      buildWhy(Walls),
	BuildTemple:     buildWhy(Temple),
	Develop:         developWhy,
	Trade:           tradeWhy,
	TradeRoute:      campWhy(tradeRouteBar),
	Spy:             spyWhy,
	ProposePeace:    campWhy(proposeBar(Peace)),
	ProposeAlliance: campWhy(proposeBar(Alliance)),
	AcceptPact:      campWhy(answerBar),
	RefusePact:      campWhy(answerBar),
	DeclareWar:      campWhy(declareBar),
	SetGovernment:   governmentWhy,
}

// fallbackRefusal starts the message of a refused value that no rule
// explains; TestRefusals checks that no order of the engine's actions meets
// it.
const fallbackRefusal = "not a valid choice today"

// argRefusal returns why argument i of order o, outside its spec s, is
// refused: a value off the map or of no camp, then the action's own reason,
// else the spec's bounds.
func argRefusal(w *World, c CampID, o Order, i int, s ArgSpec) *RuleError {
	field := fmt.Sprintf("args[%d]", i)
	v := o.Args[i]
	switch {
	case s.Kind == ArgZone && !ZoneID(v).Valid():
		return refuse(CodeBadArgs, field, "zone %d is not on the map (zones 1 to %d)", v, NumZones)
	case s.Kind == ArgCamp && (v < 0 || v >= NumCamps):
		return refuse(CodeBadArgs, field, "there is no camp %d (camps 0 to %d)", v, NumCamps-1)
	case s.Kind == ArgCamp && CampID(v) == c:
		return refuse(CodeBadArgs, field, "camp %d is your own: %s takes another camp", v, o.Action)
	}
	if why := argWhys[o.Action]; why != nil {
		if e := why(w, c, o, i); e != nil {
			e.Field = field
			return e
		}
	}
	switch s.Kind {
	case ArgCount:
		return refuse(CodeBadArgs, field, "%s must be between %d and %d; got %d", s.Name, s.Min, s.Max, v)
	case ArgZone:
		return refuse(CodeUnknownZone, field, "zone %d: %s for %s; valid zones: %v", v, fallbackRefusal, o.Action, s.Choices)
	}
	return refuse(CodeBadArgs, field, "%s %d: %s; one of %v", s.Name, v, fallbackRefusal, s.Choices)
}

// zoneRefusal writes the refusal of zone z for camp c's action a, barred by
// b. It reads only what the camp knows: the bars a hidden zone can meet
// (barNotHeld, barUnknown, barBeyondSight, barNotAdjacent, barVisible's
// opposite) say nothing of its facts.
func zoneRefusal(w *World, c CampID, a Action, z ZoneID, b bar) *RuleError {
	zone := &w.Zones[z]
	switch b {
	case barNotHeld:
		return refuse(CodeNotAllowed, "", "you do not hold zone %d: %s takes a zone of yours", z, a)
	case barBesieged:
		return refuse(CodeNotAllowed, "", "zone %d is under siege: no %s there until the siege ends", z, a)
	case barOnePerZone:
		return refuse(CodeNotAllowed, "", "zone %d already has its %s: one a zone", z, buildingOf(a))
	case barNoSlot:
		return refuse(CodeNotAllowed, "", "zone %d has no free building slot (%d of %d used; +1 per development level)", z, len(zone.Buildings), w.Slots(z))
	case barTerrain:
		s := &Buildings[buildingOf(a)]
		return refuse(CodeNotAllowed, "", "zone %d is %s; a %s stands on %s", z, zone.Terrain, s.Kind, terrainList(s.Terrains))
	case barCap:
		return refuse(CodeNotAllowed, "", "zone %d is at level %d, your cap (%s)", z, zone.Development, developCapText)
	case barResearch:
		l := zone.Development
		return refuse(CodeNotAllowed, "", "developing zone %d from level %d to %d needs %d research (not spent); you have %d",
			z, l, l+1, DevelopResearch(l), w.Camps[c].Resources.Research)
	case barCost:
		l := zone.Development
		return shortOf("", fmt.Sprintf("developing zone %d from level %d to %d", z, l, l+1), DevelopCost(l), w.Camps[c].Resources)
	case barVisible:
		if a == Spy {
			return refuse(CodeNotAllowed, "", "you see zone %d today: there is nothing to spy on", z)
		}
		return refuse(CodeNotAllowed, "", "you see zone %d today: explore lifts the fog on a zone you neither see nor remember", z)
	case barRemembered:
		return refuse(CodeNotAllowed, "", "you remember zone %d (last seen on day %d): explore lifts the fog on a zone you neither see nor remember",
			z, w.Camps[c].Memory[z].Day)
	case barBeyondSight:
		return refuse(CodeUnknownZone, "", "zone %d lies beyond your sight: explore a zone next to one you see", z)
	case barNotAdjacent:
		return refuse(CodeNotAllowed, "", "zone %d does not border your land: settlers go to a free zone next to one you hold", z)
	case barOwn:
		return refuse(CodeNotAllowed, "", "zone %d is already yours", z)
	case barNotFree:
		return refuse(CodeNotAllowed, "", "zone %d is held by another camp: settlers only settle free land, they never fight", z)
	case barSettlers:
		return refuse(CodeNotAllowed, "", "your settlers are already on their way to zone %d", z)
	case barUnknown:
		return refuse(CodeUnknownZone, "", "you neither see nor remember zone %d: explore or spy on it first", z)
	case barPeaceLand:
		owner, when := w.Zones[z].Owner, "today"
		if !w.Vision(c)[z] {
			owner, when = w.Camps[c].Memory[z].Owner, fmt.Sprintf("on day %d", w.Camps[c].Memory[z].Day)
		}
		return refuse(CodeNotAllowed, "", "zone %d is land of camp %d (as you saw it %s), %s with you: no column may leave for it",
			z, owner, when, relationText(w.Relation(c, owner)))
	case barNoGarrison:
		return refuse(CodeNotAllowed, "", "zone %d has no garrison to recall", z)
	}
	return nil
}

// relationText says a relation as "at war", "at peace", "allied".
func relationText(r Relation) string {
	switch r {
	case Peace:
		return "at peace"
	case Alliance:
		return "allied"
	}
	return "at war"
}

// campBar returns the bars every camp argument shares: the other camp not
// met, or extinct (an extinction is proclaimed to all).
func campBar(w *World, c, o CampID) bar {
	switch {
	case !w.Camps[c].Met[o]:
		return barNotMet
	case !w.Camps[o].Alive:
		return barExtinct
	}
	return barNone
}

// campText says why camp c's action a cannot target camp o, barred by b,
// from what c knows: a camp not met is named by its number alone.
func campText(w *World, c, o CampID, a Action, b bar) string {
	name := fmt.Sprintf("camp %d", o)
	if w.Camps[c].Met[o] {
		name += " (" + w.Camps[o].Name + ")"
	}
	p := w.Pact(c, o)
	switch b {
	case barNotMet:
		return fmt.Sprintf("you have not met %s", name)
	case barExtinct:
		return fmt.Sprintf("%s is extinct", name)
	case barAtWar:
		switch a {
		case ProposeAlliance:
			return fmt.Sprintf("you are at war with %s: an alliance is signed only on a peace", name)
		case TradeRoute:
			return fmt.Sprintf("you are at war with %s: a route needs peace or an alliance", name)
		}
		return fmt.Sprintf("you are already at war with %s", name)
	case barAtPeace:
		return fmt.Sprintf("you are already at peace with %s", name)
	case barAllied:
		return fmt.Sprintf("you are already allied with %s", name)
	case barDoorClosed:
		return fmt.Sprintf("the door between you and %s is closed until day %d: no proposal before day %d", name, p.ClosedUntil, p.ClosedUntil+1)
	case barPending:
		return fmt.Sprintf("your proposal of %s to %s (day %d) awaits its answer until day %d", p.Offer, name, p.Day, p.Expires())
	case barNoProposal:
		return fmt.Sprintf("%s has no proposal awaiting your answer", name)
	case barPactLock:
		return fmt.Sprintf("your %s with %s, signed on day %d, cannot be broken before day %d", w.Relation(c, o), name, p.Since, p.Since+PactLockDays)
	case barRoute:
		return fmt.Sprintf("a trade route already joins you and %s", name)
	}
	return ""
}

// campWhy returns the argument explanation of an action whose one argument
// is a camp chosen by barOf.
func campWhy(barOf func(w *World, c, o CampID) bar) func(w *World, c CampID, o Order, i int) *RuleError {
	return func(w *World, c CampID, o Order, i int) *RuleError {
		other := CampID(o.Args[i])
		if b := barOf(w, c, other); b != barNone {
			return refuse(CodeNotAllowed, "", "%s", campText(w, c, other, o.Action, b))
		}
		return nil
	}
}

// campChoices returns the camps other than c that barOf lets camp c's
// action target, or the refusal of action a, open to no camp today: each
// camp it has met and why not, or that it has met none.
func campChoices(w *World, c CampID, a Action, barOf func(w *World, c, o CampID) bar) ([]ArgSpec, *RuleError) {
	var cs []int
	var why []string
	for o := range CampID(NumCamps) {
		if o == c {
			continue
		}
		switch b := barOf(w, c, o); b {
		case barNone:
			cs = append(cs, int(o))
		case barNotMet:
		default:
			why = append(why, campText(w, c, o, a, b))
		}
	}
	if len(cs) > 0 {
		return []ArgSpec{{Name: "camp", Kind: ArgCamp, Choices: cs}}, nil
	}
	if len(why) == 0 {
		return nil, refuse(CodeNotAllowed, "action", "%s needs a people you have met: you have met none yet", a)
	}
	return nil, refuse(CodeNotAllowed, "action", "%s has no camp to take today: %s", a, strings.Join(why, "; "))
}
