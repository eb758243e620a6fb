package grisonval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/lang"
)

// Action is one of seed 000's actions.
type Action uint8

// Actions, with seed 000's names. Values are stored in orders: append only.
// Every action of the rules is declared here; Actions lists those the engine
// plays (the ones with an entry in the rules table).
const (
	Rest Action = iota + 1
	ChopWood
	Explore
	ExpandTo
	RaiseArmy
	SendArmy
	DisbandArmy
	RecallArmy
	BuildFarm
	BuildLumberCamp
	BuildMine
	BuildWorkshop
	BuildMarket
	BuildSchool
	BuildHouse
	BuildBarracks
	BuildWalls
	BuildTemple
	Develop
	Trade
	TradeRoute
	BuildMonument
	Spy
	ProposePeace
	ProposeAlliance
	AcceptPact
	RefusePact
	DeclareWar
	SetGovernment
	SetEdict
	Appoint
)

var actionNames = [...]string{
	Rest:            "rest",
	ChopWood:        "chop_wood",
	Explore:         "explore",
	ExpandTo:        "expand_to",
	RaiseArmy:       "raise_army",
	SendArmy:        "send_army",
	DisbandArmy:     "disband_army",
	RecallArmy:      "recall_army",
	BuildFarm:       "build_farm",
	BuildLumberCamp: "build_lumber_camp",
	BuildMine:       "build_mine",
	BuildWorkshop:   "build_workshop",
	BuildMarket:     "build_market",
	BuildSchool:     "build_school",
	BuildHouse:      "build_house",
	BuildBarracks:   "build_barracks",
	BuildWalls:      "build_walls",
	BuildTemple:     "build_temple",
	Develop:         "develop",
	Trade:           "trade",
	TradeRoute:      "trade_route",
	BuildMonument:   "build_monument",
	Spy:             "spy",
	ProposePeace:    "propose_peace",
	ProposeAlliance: "propose_alliance",
	AcceptPact:      "accept_pact",
	RefusePact:      "refuse_pact",
	DeclareWar:      "declare_war",
	SetGovernment:   "set_government",
	SetEdict:        "set_edict",
	Appoint:         "appoint",
}

// String returns the action's seed 000 name.
func (a Action) String() string {
	if int(a) < len(actionNames) && actionNames[a] != "" {
		return actionNames[a]
	}
	return fmt.Sprintf("action(%d)", a)
}

// ParseAction returns the action named name, if the engine plays it.
func ParseAction(name string) (Action, bool) {
	for _, a := range Actions() {
		if actionNames[a] == name {
			return a, true
		}
	}
	return 0, false
}

// Actions returns every action the engine plays, in a stable order.
func Actions() []Action {
	var as []Action
	for a := range Action(len(actionNames)) {
		if _, ok := rules[a]; ok {
			as = append(as, a)
		}
	}
	return as
}

// MaxReasonLen bounds an order's reason text, in bytes.
const MaxReasonLen = 500

// Order is one camp's order for one tick.
type Order struct {
	Action Action `json:"action"`
	Args   []int  `json:"args,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func (o Order) String() string {
	var b strings.Builder
	b.WriteString(o.Action.String())
	for _, a := range o.Args {
		fmt.Fprintf(&b, " %d", a)
	}
	return b.String()
}

// Code is a stable, append-only name for why an order is refused.
type Code string

// Refusal codes. Append only: clients match on them.
const (
	CodeUnknownAction = Code("unknown_action")
	CodeBadArgs       = Code("bad_arguments")
	CodeUnknownZone   = Code("unknown_zone")
	CodeNotAllowed    = Code("not_allowed")
	CodeShortOf       = Code("insufficient_resources")
	CodeExtinct       = Code("camp_extinct")
)

// RuleError says why an order is refused: a stable code, the field at fault
// ("action", "args[1]", "reason", or empty) and a message a person or an LLM
// can act on. A RuleError never names what the camp cannot see.
//
// The field is "action" when the action is closed today whatever its
// arguments (the menu does not offer it), "args" when the order has the
// wrong number of arguments, "args[i]" when the action is open but
// argument i's value is refused, "reason" for the order's reason text
// (rule ACT-REFUSE).
type RuleError struct {
	Code  Code
	Field string
	// Message explains the rule, in both languages (DESIGN decision 8).
	Message lang.Text
	// Missing lists, for insufficient_resources, every resource the order
	// needs more of than the camp holds.
	Missing []Shortfall
}

// Shortfall is a resource an order needs more of than the camp holds: the
// amount it needs and the amount it holds.
type Shortfall struct {
	Resource   string
	Need, Have int64
}

func (e *RuleError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", e.Code, e.Field, e.Message.EN)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message.EN)
}

// refuse returns the refusal of code on field with message msg, written in
// both languages.
func refuse(code Code, field string, msg lang.Text) *RuleError {
	return &RuleError{Code: code, Field: field, Message: msg}
}

// shortOf returns nil if stock have covers cost, else the refusal of what
// (an order, in words: "build_farm", "developing zone 12 from level 1 to
// 2"), which costs cost: every resource of the cost with the amount held,
// then each one missing (rule ACT-REFUSE).
func shortOf(field string, what lang.Text, cost, have Resources) *RuleError {
	missing := shortfalls(cost, have)
	if len(missing) == 0 {
		return nil
	}
	return &RuleError{Code: CodeShortOf, Field: field, Missing: missing,
		Message: lang.T("%s costs %s; you have %s: short of %s", "%s coûte %s ; vous avez %s : il manque %s",
			what, cost.text(), heldOf(cost, have), missingText(missing))}
}

// shortfalls lists the resources of cost that have does not cover, in the
// order of Resources.
func shortfalls(cost, have Resources) []Shortfall {
	var out []Shortfall
	c, h := cost.values(), have.values()
	for i := range c {
		if h[i] < c[i] {
			out = append(out, Shortfall{Resource: ResourceNames[i], Need: c[i], Have: h[i]})
		}
	}
	return out
}

// heldOf lists what have holds of each resource cost asks for, zeros
// included: "5 wood, 0 stone".
func heldOf(cost, have Resources) lang.Text {
	var en, fr []string
	c, h := cost.values(), have.values()
	for i := range c {
		if c[i] != 0 {
			en = append(en, fmt.Sprintf("%d %s", h[i], ResourceNames[i]))
			fr = append(fr, fmt.Sprintf("%d %s", h[i], resourceNamesFR[i]))
		}
	}
	return lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}
}

// missingText lists the amounts missing: "5 wood, 2 stone".
func missingText(ms []Shortfall) lang.Text {
	en, fr := make([]string, len(ms)), make([]string, len(ms))
	for i, m := range ms {
		en[i] = fmt.Sprintf("%d %s", m.Need-m.Have, m.Resource)
		fr[i] = fmt.Sprintf("%d %s", m.Need-m.Have, resourceNamesFR[slices.Index(ResourceNames[:], m.Resource)])
	}
	return lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}
}

// ArgKind says what an argument designates.
type ArgKind uint8

// Argument kinds.
const (
	ArgZone ArgKind = iota + 1
	ArgCount
	ArgCamp
	// ArgGovernment designates a form of government (see Governments).
	ArgGovernment
	// ArgSeat designates a seat of the council (see SeatKind, Seats).
	ArgSeat
	// ArgCitizen designates a citizen of the camp by his ID.
	ArgCitizen
)

// ArgSpec gives the valid values of one argument: Choices for zones and
// camps, [Min, Max] for counts. An Optional argument is always the last one
// and may be left out; the action's summary says what it then means.
type ArgSpec struct {
	Name     string
	Kind     ArgKind
	Choices  []int
	Min      int
	Max      int
	Optional bool
}

// zonesWhere lists, in order, the zones for which ok holds: the choices
// of a zone argument, made in one allocation of their own size (nil for
// none).
func zonesWhere(ok func(ZoneID) bool) []int {
	var buf [NumZones]int
	zs := buf[:0]
	for z := ZoneID(1); z <= NumZones; z++ {
		if ok(z) {
			zs = append(zs, int(z))
		}
	}
	if len(zs) == 0 {
		return nil
	}
	return slices.Clone(zs)
}

func (s ArgSpec) allows(v int) bool {
	if s.Kind == ArgCount {
		return v >= s.Min && v <= s.Max
	}
	return slices.Contains(s.Choices, v)
}

// LegalAction is an action the camp may order now, with its valid arguments
// and its price.
type LegalAction struct {
	Action  Action
	Summary lang.Text
	Args    []ArgSpec
	Price
	// Choices gives, when the price depends on the first argument's value
	// (develop; a build where a ruin halves it, rule TER-RUIN), the price
	// of each of its choices (rule ACT-CLOSED).
	Choices []ChoicePrice
}

// Price is what an action costs when it plays: Cost, or Cost for each unit
// of the argument Per names ("men"), or, when Per is "level" (develop),
// Cost times the zone's current level (0 to 1 is free). The rules that
// charge an action read the same values.
type Price struct {
	Cost Resources
	Per  string
}

// prices are the prices of the actions that cost a fixed amount of
// resources, a build action's aside (see priceOf).
var prices = map[Action]Price{
	ExpandTo:      {Cost: ExpandCost},
	RaiseArmy:     {Cost: RaiseCostPerMan, Per: "men"},
	Spy:           {Cost: Resources{Gold: SpyCost}},
	Develop:       {Cost: DevelopBase, Per: "level"},
	TradeRoute:    {Cost: Resources{Gold: TradeRouteCost}},
	BuildMonument: {Cost: MonumentCost},
	SetGovernment: {Cost: Resources{Gold: GovernmentGold, Research: GovernmentResearch}},
}

// priceOf returns action a's price; an action without one is free or
// pays with what it finds (trade).
func priceOf(a Action) Price {
	if a >= BuildFarm && a <= BuildTemple {
		return Price{Cost: Buildings[Farm+BuildingKind(a-BuildFarm)].Cost}
	}
	return prices[a]
}

// rule describes one action: its summary; its argument specs for a camp in
// a world, or why it is not open now; and how it is played. apply runs in the
// actions phase with arguments already validated against the start of the
// tick.
type rule struct {
	summary lang.Text
	args    func(w *World, c CampID) ([]ArgSpec, *RuleError)
	apply   func(t *tick, c CampID, o Order)
}

// argChecks check, for the actions that need it, what the argument specs
// cannot say alone (one argument bounded by another); they run once each
// argument is within its spec.
var argChecks = map[Action]func(w *World, c CampID, o Order) *RuleError{
	RecallArmy: recallCheck,
	Appoint:    appointCheck,
	SetEdict:   edictCheck,
}

// rules is the table of the actions the engine plays. It is only ever
// looked up, never ranged over (Actions gives the order).
var rules = map[Action]rule{
	// appoint: engine/grisonval/council.go.
	Appoint: {lang.T("appoint S C: name citizen C (an adult of the camp) to council seat S (%s); counts from the next day; a living holder replaced costs unrest %d (%d for the ruler)",
		"appoint S C : nommer l'habitant C (un adulte du camp) au siège S du conseil (%s) ; compte dès le lendemain ; remplacer un titulaire vivant coûte %d d'insatisfaction (%d pour le dirigeant)",
		seatList, DismissUnrest, RulerDismissUnrest), appointArgs, (*tick).appoint},
	Rest:     {lang.T("rest: +4 morale (cap 100)", "rest : +4 moral (plafond 100)"), noArgs, (*tick).rest},
	ChopWood: {lang.T("wood chore: +2 wood, +2 per held forest", "corvée de bois : +2 bois, +2 par forêt tenue"), noArgs, (*tick).chopWood},
	Explore:  {lang.T("explore Z: lift the fog on an unknown zone at the edge of vision, or survey a zone in sight, finding its special terrain; 0-2 stone, 0-2 food", "explore Z : lever le brouillard sur une zone inconnue en bordure de vision, ou reconnaître une zone en vue et son terrain spécial ; 0-2 pierre, 0-2 nourriture"), exploreArgs, (*tick).explore},
	ExpandTo: {lang.T("expand_to Z: settlers to a free adjacent zone; %d food, %d wood", "expand_to Z : des colons vers une zone libre adjacente ; %d nourriture, %d bois", ExpandCost.Food, ExpandCost.Wood), expandArgs, (*tick).expandTo},
	RaiseArmy: {lang.T("raise_army N: N adults take up arms; %d food and %d wood a man, at most %d a day", "raise_army N : N adultes prennent les armes ; %d nourriture et %d bois par homme, au plus %d par jour",
		RaiseCostPerMan.Food, RaiseCostPerMan.Wood, MaxRaisePerDay), raiseArgs, (*tick).raiseArmy},
	SendArmy:    {lang.T("send_army N Z: N men of the field army march to zone Z (garrison at once if Z is held)", "send_army N Z : N hommes de l'armée de campagne marchent vers la zone Z (garnison aussitôt si Z est tenue)"), sendArgs, (*tick).sendArmy},
	DisbandArmy: {lang.T("disband_army N: N men of the field army go back to their trade, the same citizens; free", "disband_army N : N hommes de l'armée de campagne retournent à leur métier, les mêmes habitants ; gratuit"), disbandArgs, (*tick).disbandArmy},
	RecallArmy:  {lang.T("recall_army Z [N]: N men (all if N is left out) of held zone Z's garrison rejoin the field army, marching to the capital (at once from the capital); not from a besieged zone", "recall_army Z [N] : N hommes (tous si N est omis) de la garnison de la zone tenue Z rejoignent l'armée de campagne en marchant vers la capitale (aussitôt depuis la capitale) ; pas depuis une zone assiégée"), recallArgs, (*tick).recallArmy},
	Spy: {lang.T("spy Z: %d gold; an informer reveals zone Z at the end of the day if another camp holds it; fails 1 time in %d (the gold is lost and the target learns it was spied on)", "spy Z : %d or ; un informateur révèle la zone Z en fin de journée si un autre camp la tient ; échoue 1 fois sur %d (l'or est perdu et la cible apprend qu'on l'espionne)",
		SpyCost, 100/SpyFailure), spyArgs, (*tick).spy},
	BuildFarm:       buildRule(Farm),
	BuildLumberCamp: buildRule(LumberCamp),
	BuildMine:       buildRule(Mine),
	BuildWorkshop:   buildRule(Workshop),
	BuildMarket:     buildRule(Market),
	BuildSchool:     buildRule(School),
	BuildHouse:      buildRule(House),
	BuildBarracks:   buildRule(Barracks),
	BuildWalls:      buildRule(Walls),
	BuildTemple:     buildRule(Temple),
	Develop: {lang.T("develop Z: raise held zone Z one level (cost %s x level; needs %d x level research)", "develop Z : élever d'un niveau la zone tenue Z (coût %s x niveau ; demande %d x niveau de recherche)", DevelopBase.text(), DevelopResearch(1)),
		developArgs, (*tick).develop},
	Trade: {lang.T("trade N: N lots of %d food, each paid %s, else %s, else %s; 2 + 2 per market a day", "trade N : N lots de %d nourriture, chacun payé %s, sinon %s, sinon %s ; 2 + 2 par marché par jour",
		TradeLotFood, TradeLotPrices[0].text(), TradeLotPrices[1].text(), TradeLotPrices[2].text()), tradeArgs, (*tick).trade},
	TradeRoute: {lang.T("trade_route C: %d gold, +%d gold a day to both camps while at peace; needs a market", "trade_route C : %d or, +%d or par jour aux deux camps tant qu'ils sont en paix ; demande un marché", TradeRouteCost, TradeRouteGold),
		tradeRouteArgs, (*tick).tradeRoute},
	BuildMonument: {lang.T("build_monument: the great monument on the capital; %s, research %d", "build_monument : le grand monument sur la capitale ; %s, recherche %d", MonumentCost.text(), MonumentResearch),
		monumentArgs, (*tick).buildMonument},
	ProposePeace: {lang.T("propose_peace C: offer peace to camp C (met, at war with you); private to you two, expires after %d days", "propose_peace C : offrir la paix au camp C (rencontré, en guerre avec vous) ; entre vous deux, expire après %d jours", ProposalDays),
		proposeArgs(Peace), (*tick).gatherDiplomacy},
	ProposeAlliance: {lang.T("propose_alliance C: offer an alliance to camp C (met, at peace with you); private to you two, expires after %d days", "propose_alliance C : offrir une alliance au camp C (rencontré, en paix avec vous) ; entre vous deux, expire après %d jours", ProposalDays),
		proposeArgs(Alliance), (*tick).gatherDiplomacy},
	AcceptPact: {lang.T("accept_pact C: sign the pact camp C proposed; proclaimed to all", "accept_pact C : signer le pacte proposé par le camp C ; proclamé à tous"), answerArgs, (*tick).gatherDiplomacy},
	RefusePact: {lang.T("refuse_pact C: turn down camp C's proposal; the door closes %d days, %d more at each refusal", "refuse_pact C : décliner la proposition du camp C ; la porte se ferme %d jours, %d de plus à chaque refus", DoorDays, DoorDays),
		answerArgs, (*tick).gatherDiplomacy},
	DeclareWar: {lang.T("declare_war C: break a pact of %d days or more with camp C; -%d morale (peace) or -%d (alliance), door closed %d days; proclaimed to all", "declare_war C : rompre un pacte de %d jours ou plus avec le camp C ; -%d moral (paix) ou -%d (alliance), porte fermée %d jours ; proclamé à tous",
		PactLockDays, BreakPeaceMorale, BreakAllianceMorale, DoorDays), declareArgs, (*tick).gatherDiplomacy},
	SetGovernment: {lang.T("set_government F: adopt form of government F; %d gold and %d research, legitimacy falls to %d, %d days before the next change", "set_government F : adopter la forme de gouvernement F ; %d or et %d recherche, la légitimité tombe à %d, %d jours avant le prochain changement",
		GovernmentGold, GovernmentResearch, GovernmentLegitimacy, GovernmentLockDays), governmentArgs, (*tick).setGovernment},
	// set_edict: engine/grisonval/edicts.go.
	SetEdict: {lang.T("set_edict E L: edict E (1 taxation, 2 holidays, 3 promotion) at level L; an edict changes at most every %d days", "set_edict E L : édit E (1 taxation, 2 jours fériés, 3 édits publicitaires) au niveau L ; un édit change au plus tous les %d jours", EdictLockDays),
		edictArgs, (*tick).setEdict},
}

func noArgs(*World, CampID) ([]ArgSpec, *RuleError) { return nil, nil }

// ExpandCost is the price of a settler column (rule ACT-EXP).
var ExpandCost = Resources{Food: 600, Wood: 4}

// RaiseCostPerMan is the price of arming one man (rule ARM-1).
var RaiseCostPerMan = Resources{Food: 2, Wood: 2}

// MaxRaisePerDay bounds raise_army (rule ARM-1).
const MaxRaisePerDay = 5

// exploreBar returns the bar on zone z for camp c's explore, c seeing vis
// (rules ACT-EXPLORE, TER-EXPLORE): a zone it neither sees nor remembers,
// next to one it sees, or a zone it sees and has not surveyed.
func exploreBar(w *World, c CampID, vis []bool, z ZoneID) bar {
	switch {
	case vis[z] && !w.Camps[c].Memory[z].Surveyed && w.Governed():
		return barNone
	case vis[z]:
		return barVisible
	case w.Camps[c].Memory[z].Seen:
		return barRemembered
	case !slices.ContainsFunc(Neighbors(z), func(n ZoneID) bool { return vis[n] }):
		return barBeyondSight
	}
	return barNone
}

func exploreArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	var vis zoneSet
	w.visionInto(c, &vis)
	zs := zonesWhere(func(z ZoneID) bool { return exploreBar(w, c, vis[:], z) == barNone })
	if len(zs) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("no unknown zone borders your vision and you have surveyed every zone you see", "aucune zone inconnue ne borde votre vision et vous avez reconnu toutes les zones que vous voyez"))
	}
	return []ArgSpec{{Name: "zone", Kind: ArgZone, Choices: zs}}, nil
}

func exploreWhy(w *World, c CampID, o Order, _ int) *RuleError {
	z := ZoneID(o.Args[0])
	return zoneRefusal(w, c, o.Action, z, exploreBar(w, c, w.Vision(c), z))
}

// expandBar returns the bar on zone z for camp c's settlers (rule
// ACT-EXP): a free zone next to its land, where none of its settlers head
// already. A zone that borders no land of the camp is barred before
// anything is said of its holder.
func expandBar(w *World, c CampID, z ZoneID) bar {
	switch {
	case !slices.ContainsFunc(Neighbors(z), func(n ZoneID) bool { return w.Zones[n].Owner == c }):
		return barNotAdjacent
	case w.Zones[z].Owner == c:
		return barOwn
	case w.Zones[z].Owner != NoCamp:
		return barNotFree
	case w.settlersBound(c, z):
		return barSettlers
	}
	return barNone
}

func expandArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if e := shortOf("action", lang.Same("expand_to"), ExpandCost, w.Camps[c].Resources); e != nil {
		return nil, e
	}
	zs := zonesWhere(func(z ZoneID) bool { return expandBar(w, c, z) == barNone })
	if len(zs) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("no free zone borders your land, or your settlers already head for each", "aucune zone libre ne borde vos terres, ou vos colons se dirigent déjà vers chacune"))
	}
	return []ArgSpec{{Name: "zone", Kind: ArgZone, Choices: zs}}, nil
}

func expandWhy(w *World, c CampID, o Order, _ int) *RuleError {
	z := ZoneID(o.Args[0])
	return zoneRefusal(w, c, o.Action, z, expandBar(w, c, z))
}

// settlersBound reports whether camp c already has settlers marching to z.
func (w *World) settlersBound(c CampID, z ZoneID) bool {
	return slices.ContainsFunc(w.Columns, func(col Column) bool {
		return col.Camp == c && col.Kind == SettlerColumn && col.To == z
	})
}

// RaiseLimit returns how many men camp c may raise today (rule ARM-1, ARM-2).
func (w *World) RaiseLimit(c CampID) int {
	r := w.Camps[c].Resources
	n := min(MaxRaisePerDay, w.MaxUnderArms(c)-w.MenUnderArms(c),
		int(r.Food/RaiseCostPerMan.Food), int(r.Wood/RaiseCostPerMan.Wood))
	return max(0, n)
}

// armsCapText says the cap on men under arms (rule ARM-2).
var armsCapText = lang.T("min(adults - 3, adults / 2 + 2 per barracks)", "min(adultes - 3, adultes / 2 + 2 par caserne)")

// raiseRefusal returns why camp c cannot raise n men today, or nil: the
// day's limit, the cap on men under arms, then the price (rules ARM-1,
// ARM-2), each named with its figures.
func raiseRefusal(w *World, c CampID, n int) *RuleError {
	room := w.MaxUnderArms(c) - w.MenUnderArms(c)
	switch {
	case n > MaxRaisePerDay:
		return refuse(CodeBadArgs, "", lang.T("at most %d men are raised a day; got %d", "au plus %d hommes sont levés par jour ; reçu %d", MaxRaisePerDay, n))
	case n > room && room <= 0:
		return refuse(CodeNotAllowed, "", lang.T("your men under arms are at their cap: %d of %d (%s, %d adults)", "vos hommes en armes sont à leur plafond : %d sur %d (%s, %d adultes)",
			w.MenUnderArms(c), w.MaxUnderArms(c), armsCapText, w.Adults(c)))
	case n > room:
		return refuse(CodeNotAllowed, "", lang.T("%d under arms of %d allowed (%s, %d adults): at most %d more", "%d en armes sur %d permis (%s, %d adultes) : au plus %d de plus",
			w.MenUnderArms(c), w.MaxUnderArms(c), armsCapText, w.Adults(c), room))
	}
	what := lang.T("raising 1 man", "lever 1 homme")
	if n > 1 {
		what = lang.T("raising %d men", "lever %d hommes", n)
	}
	return shortOf("", what, RaiseCostPerMan.scale(int64(n)), w.Camps[c].Resources)
}

func raiseArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	n := w.RaiseLimit(c)
	if n == 0 {
		e := raiseRefusal(w, c, 1)
		e.Field = "action"
		return nil, e
	}
	return []ArgSpec{{Name: "men", Kind: ArgCount, Min: 1, Max: n}}, nil
}

func raiseWhy(w *World, c CampID, o Order, _ int) *RuleError {
	if n := o.Args[0]; n >= 1 {
		return raiseRefusal(w, c, n)
	}
	return nil
}

// sendBar returns the bar on zone z for camp c's field army, c seeing vis
// (rules ACT-SEND, WAR-PEACE): a zone it knows, unless it knows it as land
// of a camp at peace with it: what it sees today, else what it remembers.
func sendBar(w *World, c CampID, vis []bool, z ZoneID) bar {
	var owner CampID
	switch {
	case vis[z]:
		owner = w.Zones[z].Owner
	case w.Camps[c].Memory[z].Seen:
		owner = w.Camps[c].Memory[z].Owner
	default:
		return barUnknown
	}
	if w.AtPeace(c, owner) {
		return barPeaceLand
	}
	return barNone
}

func sendArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if w.Camps[c].FieldArmy == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("the field army is empty: raise_army first", "l'armée de campagne est vide : raise_army d'abord"))
	}
	if w.Capital(c) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("without a capital the field army cannot march", "sans capitale l'armée de campagne ne peut pas marcher"))
	}
	var vis zoneSet
	w.visionInto(c, &vis)
	zs := zonesWhere(func(z ZoneID) bool { return sendBar(w, c, vis[:], z) == barNone })
	return []ArgSpec{
		{Name: "men", Kind: ArgCount, Min: 1, Max: w.Camps[c].FieldArmy},
		{Name: "zone", Kind: ArgZone, Choices: zs},
	}, nil
}

func sendWhy(w *World, c CampID, o Order, i int) *RuleError {
	if i == 0 {
		return armyWhy(w, c, o.Args[0])
	}
	z := ZoneID(o.Args[1])
	return zoneRefusal(w, c, o.Action, z, sendBar(w, c, w.Vision(c), z))
}

// armyWhy refuses n men of the field army when it has fewer.
func armyWhy(w *World, c CampID, n int) *RuleError {
	if army := w.Camps[c].FieldArmy; n > army {
		return refuse(CodeBadArgs, "", lang.T("your field army has %d men; got %d", "votre armée de campagne compte %d hommes ; reçu %d", army, n))
	}
	return nil
}

// openArgs returns action a's argument specs for camp c, or why it is
// closed today: a vacant seat of the council first (rules CNL-7, CNL-8),
// then the action's own rule. The menu and validate both ask it.
func openArgs(w *World, c CampID, a Action) ([]ArgSpec, *RuleError) {
	if !w.Governed() {
		if a == SetEdict || a == Appoint {
			return nil, refuse(CodeNotAllowed, "action", lang.T("this world plays seed 000's rules alone, as it did when its season began: no edicts, no council (rule RULES-1); its next season plays the current rules",
				"ce monde suit les seules règles du germe 000, comme au début de sa saison : ni édits ni conseil (règle RULES-1) ; sa prochaine saison suit les règles actuelles"))
		}
		return rules[a].args(w, c)
	}
	if e := councilBar(w, c, a); e != nil {
		return nil, e
	}
	return rules[a].args(w, c)
}

// LegalActions returns the actions camp c may order for the next tick, in a
// stable order, with their valid arguments (Menu's first half).
func LegalActions(w *World, c CampID) []LegalAction {
	legal, _ := Menu(w, c)
	return legal
}

// Validate checks camp c's order against w, the state at the start of the
// tick. It returns nil or a *RuleError.
func Validate(w *World, c CampID, o Order) error {
	if e := validate(w, c, o); e != nil {
		return e
	}
	return nil
}

func validate(w *World, c CampID, o Order) *RuleError {
	if !w.Camps[c].Alive {
		return refuse(CodeExtinct, "", lang.T("your people is extinct; it can no longer act", "votre peuple s'est éteint ; il ne peut plus agir"))
	}
	if _, ok := rules[o.Action]; !ok {
		names := make([]string, 0, len(actionNames))
		for _, a := range Actions() {
			names = append(names, a.String())
		}
		return refuse(CodeUnknownAction, "action", lang.T("unknown action; known actions: %s", "action inconnue ; actions connues : %s", strings.Join(names, ", ")))
	}
	if len(o.Reason) > MaxReasonLen {
		return refuse(CodeBadArgs, "reason", lang.T("reason is %d bytes; at most %d", "la raison fait %d octets ; au plus %d", len(o.Reason), MaxReasonLen))
	}
	specs, err := openArgs(w, c, o.Action)
	if err != nil {
		return err
	}
	least := len(specs)
	if least > 0 && specs[least-1].Optional {
		least--
	}
	if len(o.Args) < least || len(o.Args) > len(specs) {
		return refuse(CodeBadArgs, "args", lang.T("%s takes %d argument(s) (%s); got %d", "%s prend %d argument(s) (%s) ; reçu %d", o.Action, len(specs), argNames(specs), len(o.Args)))
	}
	for i, s := range specs[:len(o.Args)] {
		if !s.allows(o.Args[i]) {
			return argRefusal(w, c, o, i, s)
		}
	}
	if check, ok := argChecks[o.Action]; ok {
		return check(w, c, o)
	}
	return nil
}

func argNames(specs []ArgSpec) string {
	if len(specs) == 0 {
		return "none"
	}
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}
