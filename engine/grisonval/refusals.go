package grisonval

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/lang"
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
	Appoint:         appointWhy,
}

// fallbackRefusal starts the message of a refused value that no rule
// explains; TestRefusals checks that no order of the engine's actions meets
// it.
var fallbackRefusal = lang.T("not a valid choice today", "pas un choix valide aujourd'hui")

// argRefusal returns why argument i of order o, outside its spec s, is
// refused: a value off the map or of no camp, then the action's own reason,
// else the spec's bounds.
func argRefusal(w *World, c CampID, o Order, i int, s ArgSpec) *RuleError {
	field := fmt.Sprintf("args[%d]", i)
	v := o.Args[i]
	switch {
	case s.Kind == ArgZone && !ZoneID(v).Valid():
		return refuse(CodeBadArgs, field, lang.T("zone %d is not on the map (zones 1 to %d)", "la zone %d n'est pas sur la carte (zones 1 à %d)", v, NumZones))
	case s.Kind == ArgCamp && (v < 0 || v >= NumCamps):
		return refuse(CodeBadArgs, field, lang.T("there is no camp %d (camps 0 to %d)", "il n'y a pas de camp %d (camps 0 à %d)", v, NumCamps-1))
	case s.Kind == ArgCamp && CampID(v) == c:
		return refuse(CodeBadArgs, field, lang.T("camp %d is your own: %s takes another camp", "le camp %d est le vôtre : %s prend un autre camp", v, o.Action))
	}
	if why := argWhys[o.Action]; why != nil {
		if e := why(w, c, o, i); e != nil {
			e.Field = field
			return e
		}
	}
	switch s.Kind {
	case ArgCount:
		return refuse(CodeBadArgs, field, lang.T("%s must be between %d and %d; got %d", "%s doit être entre %d et %d ; reçu %d", s.Name, s.Min, s.Max, v))
	case ArgZone:
		return refuse(CodeUnknownZone, field, lang.T("zone %d: %s for %s; valid zones: %v", "zone %d : %s pour %s ; zones valides : %v", v, fallbackRefusal, o.Action, s.Choices))
	}
	return refuse(CodeBadArgs, field, lang.T("%s %d: %s; one of %v", "%s %d : %s ; l'une de %v", s.Name, v, fallbackRefusal, s.Choices))
}

// zoneRefusal writes the refusal of zone z for camp c's action a, barred by
// b. It reads only what the camp knows: the bars a hidden zone can meet
// (barNotHeld, barUnknown, barBeyondSight, barNotAdjacent, barVisible's
// opposite) say nothing of its facts.
func zoneRefusal(w *World, c CampID, a Action, z ZoneID, b bar) *RuleError {
	zone := &w.Zones[z]
	switch b {
	case barNotHeld:
		return refuse(CodeNotAllowed, "", lang.T("you do not hold zone %d: %s takes a zone of yours", "vous ne tenez pas la zone %d : %s prend une de vos zones", z, a))
	case barBesieged:
		return refuse(CodeNotAllowed, "", lang.T("zone %d is under siege: no %s there until the siege ends", "la zone %d est assiégée : pas de %s tant que dure le siège", z, a))
	case barOnePerZone:
		return refuse(CodeNotAllowed, "", lang.T("zone %d already has its %s: one a zone", "la zone %d a déjà son bâtiment %s : un par zone", z, buildingOf(a)))
	case barNoSlot:
		return refuse(CodeNotAllowed, "", lang.T("zone %d has no free building slot (%d of %d used; +1 per development level)", "la zone %d n'a plus d'emplacement libre (%d sur %d occupés ; +1 par niveau de développement)", z, len(zone.Buildings), w.Slots(z)))
	case barTerrain:
		s := &Buildings[buildingOf(a)]
		return refuse(CodeNotAllowed, "", lang.T("zone %d is %s; a %s stands on %s", "la zone %d est en %s ; le bâtiment %s se construit sur %s", z, terrainName(zone.Terrain), s.Kind, terrainList(s.Terrains)))
	case barCap:
		return refuse(CodeNotAllowed, "", lang.T("zone %d is at level %d, your cap (%s)", "la zone %d est au niveau %d, votre plafond (%s)", z, zone.Development, developCapText))
	case barResearch:
		l := zone.Development
		return refuse(CodeNotAllowed, "", lang.T("developing zone %d from level %d to %d needs %d research (not spent); you have %d", "développer la zone %d du niveau %d au niveau %d demande %d de recherche (non dépensée) ; vous avez %d",
			z, l, l+1, DevelopResearch(l), w.Camps[c].Resources.Research))
	case barCost:
		if a >= BuildFarm && a <= BuildTemple {
			return shortOf("", lang.T("%s in zone %d", "%s dans la zone %d", a, z), w.BuildCost(buildingOf(a), z), w.Camps[c].Resources)
		}
		l := zone.Development
		return shortOf("", lang.T("developing zone %d from level %d to %d", "développer la zone %d du niveau %d au niveau %d", z, l, l+1), DevelopCost(l), w.Camps[c].Resources)
	case barVisible:
		if a == Spy {
			return refuse(CodeNotAllowed, "", lang.T("you see zone %d today: there is nothing to spy on", "vous voyez la zone %d aujourd'hui : il n'y a rien à espionner", z))
		}
		return refuse(CodeNotAllowed, "", lang.T("you see zone %d today and have surveyed it: explore lifts the fog on a zone you neither see nor remember, or surveys a zone you see", "vous voyez la zone %d aujourd'hui et l'avez reconnue : explore lève le brouillard sur une zone que vous ne voyez ni ne vous rappelez, ou reconnaît une zone que vous voyez", z))
	case barRemembered:
		return refuse(CodeNotAllowed, "", lang.T("you remember zone %d (last seen on day %d): explore lifts the fog on a zone you neither see nor remember, or surveys a zone you see", "vous vous rappelez la zone %d (vue le jour %d) : explore lève le brouillard sur une zone que vous ne voyez ni ne vous rappelez, ou reconnaît une zone que vous voyez",
			z, w.Camps[c].Memory[z].Day))
	case barBeyondSight:
		return refuse(CodeUnknownZone, "", lang.T("zone %d lies beyond your sight: explore a zone next to one you see", "la zone %d est hors de votre vue : explorez une zone voisine d'une zone que vous voyez", z))
	case barNotAdjacent:
		return refuse(CodeNotAllowed, "", lang.T("zone %d does not border your land: settlers go to a free zone next to one you hold", "la zone %d ne borde pas vos terres : les colons vont vers une zone libre voisine d'une zone tenue", z))
	case barOwn:
		return refuse(CodeNotAllowed, "", lang.T("zone %d is already yours", "la zone %d est déjà à vous", z))
	case barNotFree:
		return refuse(CodeNotAllowed, "", lang.T("zone %d is held by another camp: settlers only settle free land, they never fight", "la zone %d est tenue par un autre camp : les colons ne s'installent que sur une terre libre, ils ne se battent jamais", z))
	case barSettlers:
		return refuse(CodeNotAllowed, "", lang.T("your settlers are already on their way to zone %d", "vos colons sont déjà en route vers la zone %d", z))
	case barUnknown:
		return refuse(CodeUnknownZone, "", lang.T("you neither see nor remember zone %d: explore or spy on it first", "vous ne voyez ni ne vous rappelez la zone %d : explorez-la ou espionnez-la d'abord", z))
	case barPeaceLand:
		owner, when := w.Zones[z].Owner, lang.T("today", "aujourd'hui")
		if !w.Vision(c)[z] {
			owner, when = w.Camps[c].Memory[z].Owner, lang.T("on day %d", "le jour %d", w.Camps[c].Memory[z].Day)
		}
		return refuse(CodeNotAllowed, "", lang.T("zone %d is land of camp %d (as you saw it %s), %s with you: no column may leave for it", "la zone %d est une terre du camp %d (vue %s), %s avec vous : aucune colonne ne peut partir vers elle",
			z, owner, when, relationText(w.Relation(c, owner))))
	case barNoGarrison:
		return refuse(CodeNotAllowed, "", lang.T("zone %d has no garrison to recall", "la zone %d n'a pas de garnison à rappeler", z))
	}
	return nil
}

// relationText says a relation as "at war", "at peace", "allied".
func relationText(r Relation) lang.Text {
	switch r {
	case Peace:
		return lang.T("at peace", "en paix")
	case Alliance:
		return lang.T("allied", "allié")
	}
	return lang.T("at war", "en guerre")
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
func campText(w *World, c, o CampID, a Action, b bar) lang.Text {
	name := lang.T("camp %d", "le camp %d", o)
	if w.Camps[c].Met[o] {
		name = lang.T("camp %d (%s)", "le camp %d (%s)", o, w.Camps[o].Name)
	}
	p := w.Pact(c, o)
	switch b {
	case barNotMet:
		return lang.T("you have not met %s", "vous n'avez pas rencontré %s", name)
	case barExtinct:
		return lang.T("%s is extinct", "%s s'est éteint", name)
	case barAtWar:
		switch a {
		case ProposeAlliance:
			return lang.T("you are at war with %s: an alliance is signed only on a peace", "vous êtes en guerre avec %s : une alliance ne se signe que sur une paix", name)
		case TradeRoute:
			return lang.T("you are at war with %s: a route needs peace or an alliance", "vous êtes en guerre avec %s : une route demande la paix ou une alliance", name)
		}
		return lang.T("you are already at war with %s", "vous êtes déjà en guerre avec %s", name)
	case barAtPeace:
		return lang.T("you are already at peace with %s", "vous êtes déjà en paix avec %s", name)
	case barAllied:
		return lang.T("you are already allied with %s", "vous êtes déjà allié avec %s", name)
	case barDoorClosed:
		return lang.T("the door between you and %s is closed until day %d: no proposal before day %d",
			"la porte entre vous et %s est fermée jusqu'au jour %d : aucune proposition avant le jour %d", name, p.ClosedUntil, p.ClosedUntil+1)
	case barPending:
		return lang.T("your proposal of %s to %s (day %d) awaits its answer until day %d",
			"votre proposition de %s à %s (jour %d) attend sa réponse jusqu'au jour %d", lang.Text{EN: p.Offer.String(), FR: pactName(p.Offer).FR}, name, p.Day, p.Expires())
	case barNoProposal:
		return lang.T("%s has no proposal awaiting your answer", "%s n'a aucune proposition qui attende votre réponse", name)
	case barPactLock:
		return lang.T("your %s with %s, signed on day %d, cannot be broken before day %d",
			"votre pacte (%s) avec %s, signé le jour %d, ne peut être rompu avant le jour %d", w.Relation(c, o), name, p.Since, p.Since+PactLockDays)
	case barRoute:
		return lang.T("a trade route already joins you and %s", "une route commerciale vous relie déjà à %s", name)
	}
	return lang.Text{}
}

// campWhy returns the argument explanation of an action whose one argument
// is a camp chosen by barOf.
func campWhy(barOf func(w *World, c, o CampID) bar) func(w *World, c CampID, o Order, i int) *RuleError {
	return func(w *World, c CampID, o Order, i int) *RuleError {
		other := CampID(o.Args[i])
		if b := barOf(w, c, other); b != barNone {
			return refuse(CodeNotAllowed, "", lang.T("%s", "%s", campText(w, c, other, o.Action, b)))
		}
		return nil
	}
}

// campChoices returns the camps other than c that barOf lets camp c's
// action target, or the refusal of action a, open to no camp today: each
// camp it has met and why not, or that it has met none.
func campChoices(w *World, c CampID, a Action, barOf func(w *World, c, o CampID) bar) ([]ArgSpec, *RuleError) {
	var cs []int
	var en, fr []string
	for o := range CampID(NumCamps) {
		if o == c {
			continue
		}
		switch b := barOf(w, c, o); b {
		case barNone:
			cs = append(cs, int(o))
		case barNotMet:
		default:
			why := campText(w, c, o, a, b)
			en, fr = append(en, why.EN), append(fr, why.FR)
		}
	}
	if len(cs) > 0 {
		return []ArgSpec{{Name: "camp", Kind: ArgCamp, Choices: cs}}, nil
	}
	if len(en) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("%s needs a people you have met: you have met none yet", "%s demande un peuple rencontré : vous n'en avez rencontré aucun", a))
	}
	return nil, refuse(CodeNotAllowed, "action", lang.T("%s has no camp to take today: %s", "%s n'a aucun camp à viser aujourd'hui : %s", a, lang.Text{EN: strings.Join(en, "; "), FR: strings.Join(fr, " ; ")}))
}
