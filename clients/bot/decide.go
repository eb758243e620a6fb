// Package bot is the AI bot: a thin client that plays one camp through the
// public gRPC API, choosing each day among the legal actions the server lists
// according to the camp's posture (seed 000, "Les deux factions rivales").
package bot

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Action names of seed 000 that the bot knows how to play. Any other legal
// action is left alone.
const (
	actRest    = "rest"
	actChop    = "chop_wood"
	actExplore = "explore"
	actExpand  = "expand_to"
	actRaise   = "raise_army"
	actSend    = "send_army"
)

// Thresholds that shape the postures. Costs and the rules' numbers are not
// among them: the server lists an action as legal only when the camp can
// pay for it, with its price, and the view carries the rules' numbers
// (rules).
const (
	// growthLowMorale, aggressiveLowMorale and prudentLowMorale are the
	// morale levels under which each posture rests.
	growthLowMorale     = 40
	aggressiveLowMorale = 35
	prudentLowMorale    = 50
	// aggressiveArmy is the field army an aggressive camp raises before it
	// marches.
	aggressiveArmy = 12
	// maxBarracks is the most barracks an aggressive camp builds to lift
	// its cap of men under arms (ARM-2).
	maxBarracks = 6
	// aggressiveCapitalGarrison is the garrison an aggressive camp keeps on
	// its capital.
	aggressiveCapitalGarrison = 3
	// prudentGarrison is the garrison a prudent camp keeps on its capital;
	// prudentReserve and prudentZonesPerMan size the field army it keeps
	// at home (decider.reserve).
	prudentGarrison    = 4
	prudentReserve     = 6
	prudentZonesPerMan = 2
	// prudentColumns: a prudent camp expands from a food stock worth this
	// many settler columns, so that it expands rarely.
	prudentColumns = 3
	// The expansion bridle of AI-controlled camps (seed 000): expand only
	// while holding fewer than bridleBase + day/bridleStep zones and with
	// fewer than bridleColumns columns on the march.
	bridleBase    = 2
	bridleStep    = 5
	bridleColumns = 2
)

// Decide is DecideIn with the reasons in French, the seeds' language: the
// golden replays (whose state hashes hold the reasons the journals keep)
// and the simulations were recorded with it. A Player writes them in its
// own language.
func Decide(v *pb.CampView, s State) (*pb.Order, State) { return DecideIn(lang.FR, v, s) }

// DecideIn returns the order camp v plays for the next day and the bot's
// state after it, its reason written in l. The posture is the controller's (v.Controller.Posture);
// when it is unspecified, the bot recomputes it from the balance of power
// (see posture). Before the posture's play come diplomacy, the relief of a
// besieged zone and politics (see diplomacy). s is the state Decide
// returned the day before (the zero
// State on a season's first day). Decide is pure and deterministic, and
// chooses only among v.LegalActions with argument values inside their
// ArgSpec. The order's Reason names, in l (English or French), the
// figures that decided.
// When nothing else is legal it returns "rest"; when the view lists no
// legal action at all (an extinct camp), that rest is not legal either.
// On a Castle view it plays the Castle (decideCastle, castle.go) and
// returns s unchanged: the Castle bot reads all it needs from the view. On
// a view of another ruleset it plays a legal order drawn from the menu
// (foreign) and returns s unchanged.
func DecideIn(l lang.Lang, v *pb.CampView, s State) (*pb.Order, State) {
	if c := v.GetCastle(); c != nil {
		return decideCastle(l, v, c), s
	}
	if v.GetGrisonval() == nil {
		return foreign(l, v), s
	}
	d := newDecider(l, v)
	p, note := d.posture()
	auto := v.GetController().GetPosture() == pb.Posture_POSTURE_UNSPECIFIED
	if auto && p == pb.Posture_POSTURE_AGGRESSIVE && v.GetDay()+1 <= s.CalmUntil {
		p = pb.Posture_POSTURE_GROWTH
		note += l.Sprintf("; no target within reach for %d days: growth until day %d", " ; aucune cible à sa portée pendant %d jours : croissance jusqu'au jour %d", idleDays, s.CalmUntil)
	}
	s = s.next(p).started(v.GetDay())
	d.appetite, d.stance, d.spoke, d.st = s.Aggressiveness, p, s.Spoke, s
	o := d.rulerless()
	if o == nil {
		o = d.diplomacy()
	}
	if o == nil {
		switch p {
		case pb.Posture_POSTURE_AGGRESSIVE:
			o = d.aggressive()
		case pb.Posture_POSTURE_PRUDENT:
			o = d.prudent()
		default:
			o = d.growth()
		}
	}
	if o == nil || !legalOrder(v, o) {
		o = &pb.Order{Action: actRest, Reason: l.Sprintf("rest: no other action allowed today", "repos : aucune autre action permise aujourd'hui")}
	}
	s = s.idle(d.busy(o), auto, v.GetDay())
	switch o.GetAction() {
	case actProposePeace, actProposeAlliance, actDeclare:
		if c := o.GetArgs()[0]; c >= 0 && int(c) < maxCamps {
			s.Spoke[c] = v.GetDay() + 1
		}
	case actSetEdict:
		s = s.edictSet(d, o)
	}
	if note != "" {
		o.Reason = note + l.Sprintf("; ", " ; ") + o.Reason
	}
	return o, s
}

// foreign returns the order of a camp of a ruleset the bot has no
// strategy for: one of the legal actions, each argument within its
// ArgSpec (one of its choices, a count from its minimum to its maximum),
// drawn from a generator seeded by the world, the camp and the day, so that
// a view always gives the same order and a camp does not play the same one
// day after day. An action with an argument that has no value to take is
// never drawn; rest when no action is left.
func foreign(l lang.Lang, v *pb.CampView) *pb.Order {
	var playable []*pb.LegalAction
	for _, la := range v.GetLegalActions() {
		if !slices.ContainsFunc(la.GetArgs(), noValue) {
			playable = append(playable, la)
		}
	}
	if len(playable) == 0 {
		return &pb.Order{Action: actRest, Reason: l.Sprintf("the bot has no strategy for the %q ruleset, and no legal action to draw",
			"le bot n'a pas de stratégie pour les règles %q, ni d'action permise à tirer", v.GetRuleset())}
	}
	r := rand.New(rand.NewPCG(v.GetWorldId(), uint64(uint32(v.GetCamp()))<<32|uint64(uint32(v.GetDay()))))
	la := playable[r.IntN(len(playable))]
	o := &pb.Order{Action: la.GetAction()}
	for _, s := range la.GetArgs() {
		if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
			o.Args = append(o.Args, s.GetMin()+r.Int32N(s.GetMax()-s.GetMin()+1))
		} else {
			o.Args = append(o.Args, s.GetChoices()[r.IntN(len(s.GetChoices()))])
		}
	}
	o.Reason = l.Sprintf("the bot has no strategy for the %q ruleset: drawn among %d legal actions",
		"le bot n'a pas de stratégie pour les règles %q : tiré parmi %d actions permises", v.GetRuleset(), len(playable))
	return o
}

// noValue reports whether argument s has no value to take: a count whose
// maximum is below its minimum, or another kind without a choice.
func noValue(s *pb.ArgSpec) bool {
	if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
		return s.GetMax() < s.GetMin()
	}
	return len(s.GetChoices()) == 0
}

// busy reports whether the camp wages war today: order o is a send_army
// toward another camp's zone, or a siege of its own is under way.
func (d decider) busy(o *pb.Order) bool {
	v := d.v
	if d.sieging() {
		return true
	}
	if o.GetAction() != actSend {
		return false
	}
	z := d.zone(o.GetArgs()[1])
	return z != nil && z.GetOwner() >= 0 && z.GetOwner() != v.GetCamp()
}

// idle counts an aggressive day that was not busy; after idleDays of them
// a camp whose posture is recomputed (auto) calms down for calmDays from
// day+1 (rule AI-IDLE): war is a means, not a pose.
func (s State) idle(busy, auto bool, day int32) State {
	if s.Posture != pb.Posture_POSTURE_AGGRESSIVE || busy {
		s.Idle = 0
		return s
	}
	s.Idle++
	if auto && s.Idle >= idleDays {
		s.Idle, s.CalmUntil = 0, day+1+calmDays
	}
	return s
}

// legalOrder reports whether o is one of v's legal actions with every argument
// inside its ArgSpec.
func legalOrder(v *pb.CampView, o *pb.Order) bool {
	la := legal(v, o.GetAction())
	if la == nil || len(o.GetArgs()) != len(la.GetArgs()) {
		return false
	}
	for i, s := range la.GetArgs() {
		if !allows(s, o.GetArgs()[i]) {
			return false
		}
	}
	return true
}

func allows(s *pb.ArgSpec, x int32) bool {
	if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
		return x >= s.GetMin() && x <= s.GetMax()
	}
	return slices.Contains(s.GetChoices(), x)
}

// legal returns the legal action named name, or nil.
func legal(v *pb.CampView, name string) *pb.LegalAction {
	for _, la := range v.GetLegalActions() {
		if la.GetAction() == name {
			return la
		}
	}
	return nil
}

// decider holds the view being decided on, its Grisonval detail and the
// rules it carries, and what the postures share: the camp's held zones, its
// economy and its aggressiveness.
type decider struct {
	// l is the language of the reasons.
	l        lang.Lang
	v        *pb.CampView
	g        *pb.GrisonvalView
	r        rules
	own      []*pb.Zone
	e        economy
	appetite int
	// others is the estimate of every other living camp (estimates);
	// power the camp's own (ownPower).
	others []rival
	power  int64
	// stance is the posture played today; spoke is State.Spoke; st the
	// state of the morning (its edicts' days, State.EdictDay).
	stance pb.Posture
	spoke  [maxCamps]int32
	st     State
}

// newDecider returns the decider of v, a view with its Grisonval detail.
func newDecider(l lang.Lang, v *pb.CampView) decider {
	d := decider{l: l, v: v, g: v.GetGrisonval(), r: rulesOf(v.GetGrisonval().GetRules())}
	for _, z := range d.g.GetZones() {
		if z.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE && z.GetOwner() == v.GetCamp() {
			d.own = append(d.own, z)
		}
	}
	d.e = d.economyOf()
	d.others = d.estimates()
	d.power = d.ownPower()
	return d
}

// growth plays the growth posture: rest on low morale, the economy's
// emergencies, expansion while the bridle allows, the rest of the economy,
// then the day's chores.
func (d decider) growth() *pb.Order {
	p := d.l.Sprintf("growth", "croissance")
	g := d.g
	if g.GetMorale() < growthLowMorale {
		return d.rest(d.lowMorale(p, growthLowMorale))
	}
	if o := d.urgent(p); o != nil {
		return o
	}
	if o := d.reinforce(p); o != nil {
		return o
	}
	if o := d.edicts(p); o != nil {
		return o
	}
	if o := d.expand(p, 1, foodReserveDays*d.e.eat); o != nil {
		return o
	}
	if o := d.economy(p); o != nil {
		return o
	}
	return d.chores(p, d.l.Sprintf("no free zone to expand to", "aucune zone libre où s'étendre"))
}

// aggressive plays the aggressive posture: the economy's emergencies,
// then the army (capital garrison, its sieges' reinforcements, a spy on a
// stale target, the attack once aggressiveness reaches attackAppetite, the
// levy or a recall), then expansion, the economy and chores.
func (d decider) aggressive() *pb.Order {
	l := d.l
	p := l.Sprintf("aggressive", "belliqueux")
	g := d.g
	if g.GetMorale() < aggressiveLowMorale {
		return d.rest(d.lowMorale(p, aggressiveLowMorale))
	}
	if o := d.urgent(p); o != nil {
		return o
	}
	if c := d.capital(); c != nil && c.GetGarrison() < aggressiveCapitalGarrison {
		if o := d.send(aggressiveCapitalGarrison-c.GetGarrison(), c.GetId(),
			l.Sprintf("%s: capital's garrison %d < %d", "%s : garnison de la capitale %d < %d", p, c.GetGarrison(), aggressiveCapitalGarrison)); o != nil {
			return o
		}
	}
	if o := d.reinforce(p); o != nil {
		return o
	}
	if o := d.edicts(p); o != nil {
		return o
	}
	army := g.GetFieldArmy()
	target := d.target()
	need := int32(aggressiveArmy)
	if target != nil {
		need = d.strikeArmy(target)
		if o := d.scout(target, l.Sprintf("%s: targets zone %d", "%s : cible la zone %d", p, target.GetId())); o != nil {
			return o
		}
	}
	if target != nil && army >= need && d.appetite >= attackAppetite {
		if o := d.attack(target); o != nil {
			return o
		}
	}
	if army < need {
		if s := d.raiseSpec(); s != nil {
			n := clamp(s, need-army)
			return &pb.Order{Action: actRaise, Args: []int32{n},
				Reason: l.Sprintf("%s: field army %d < %d, raising %d men", "%s : armée de campagne %d < %d, levée de %d hommes", p, army, need, n)}
		}
		capped := l.Sprintf("%s: field army %d < %d, no more raising possible", "%s : armée de campagne %d < %d, plus de levée possible", p, army, need)
		if o := d.recall(capped); o != nil {
			return o
		}
		if target != nil && d.e.count[bBarracks] < maxBarracks {
			if o := d.build(bBarracks, capped+l.Sprintf(" (ceiling of %d men under arms)", " (plafond %d hommes sous les armes)", g.GetMaxUnderArms())); o != nil {
				return o
			}
		}
	}
	if o := d.expand(p, 1, foodReserveDays*d.e.eat); o != nil {
		return o
	}
	if o := d.economy(p); o != nil {
		return o
	}
	why := l.Sprintf("field army %d, no known target within reach", "armée de campagne %d, aucune cible connue à sa portée", army)
	if target != nil {
		why = l.Sprintf("field army %d, aggressiveness %d", "armée de campagne %d, agressivité %d", army, d.appetite)
	}
	return d.chores(p, why)
}

// prudent plays the prudent posture (rule AI-PRUDENT), to prudence's
// strengths: rest under prudentLowMorale, the economy's emergencies and
// edicts, a garrison of prudentGarrison on the capital, a reserve of
// prudentReserve men in the field army (a quarter of it defends every
// zone, BAT-2, and it relieves a siege at once, SIE-5, where men spread in
// garrisons would be pinned), walls on the border, then expansion and the
// economy as growth plays them, and chores.
func (d decider) prudent() *pb.Order {
	l := d.l
	p := l.Sprintf("prudent", "prudent")
	g := d.g
	if g.GetMorale() < prudentLowMorale {
		return d.rest(d.lowMorale(p, prudentLowMorale))
	}
	if o := d.urgent(p); o != nil {
		return o
	}
	if o := d.edicts(p); o != nil {
		return o
	}
	army := g.GetFieldArmy()
	if c := d.capital(); c != nil && c.GetGarrison() < prudentGarrison && army > 0 {
		if o := d.send(prudentGarrison-c.GetGarrison(), c.GetId(),
			l.Sprintf("%s: capital's garrison %d < %d", "%s : garnison de la capitale %d < %d", p, c.GetGarrison(), prudentGarrison)); o != nil {
			return o
		}
	}
	if want := d.reserve(); army < want {
		if s := d.raiseSpec(); s != nil {
			n := clamp(s, want-army)
			return &pb.Order{Action: actRaise, Args: []int32{n},
				Reason: l.Sprintf("%s: a reserve of %d men at home (field army %d), raising %d", "%s : une réserve de %d hommes au pays (armée de campagne %d), levée de %d", p, want, army, n)}
		}
	}
	if d.e.have[rStone] >= d.e.buffer[rStone] {
		if o := d.borderWalls(l.Sprintf("%s: stone %d", "%s : pierre %d", p, d.e.have[rStone])); o != nil {
			return o
		}
	}
	if o := d.expand(p, 1, foodReserveDays*d.e.eat); o != nil {
		return o
	}
	if o := d.economy(p); o != nil {
		return o
	}
	return d.chores(p, l.Sprintf("reserve held", "réserve tenue"))
}

// reserve returns the field army a prudent camp keeps at home: one man per
// prudentZonesPerMan zones held, at least prudentReserve, once it has met
// another camp (before that no one threatens it).
func (d decider) reserve() int32 {
	met := false
	for _, c := range d.g.GetCamps() {
		met = met || c.GetMet() && c.GetAlive()
	}
	if !met {
		return 0
	}
	return max(prudentReserve, int32(len(d.own))/prudentZonesPerMan)
}

// lowMorale is the reason of a posture p's rest under its morale floor.
func (d decider) lowMorale(p string, floor int) string {
	return d.l.Sprintf("%s: morale %d < %d", "%s : moral %d < %d", p, d.g.GetMorale(), floor)
}

// chores is the day of a camp with nothing better to do: rest under
// restMorale, the survey of a free zone next to its land (rule
// AI-GOV-SPECIAL), the wood chore while wood is under its buffer,
// exploration, else rest.
func (d decider) chores(posture, why string) *pb.Order {
	v, g := d.v, d.g
	if g.GetMorale() < restMorale {
		if o := d.rest(d.l.Sprintf("%s: %s, morale %d < %d", "%s : %s, moral %d < %d", posture, why, g.GetMorale(), restMorale)); o != nil {
			return o
		}
	}
	if o := d.survey(d.l.Sprintf("%s: %s", "%s : %s", posture, why)); o != nil {
		return o
	}
	if wood := d.e.have[rWood]; wood < d.e.buffer[rWood] && legal(v, actChop) != nil {
		return &pb.Order{Action: actChop, Reason: d.l.Sprintf("%s: %s, wood %d < %d", "%s : %s, %d bois < %d", posture, why, wood, d.e.buffer[rWood])}
	}
	if o := d.explore(d.l.Sprintf("%s: %s", "%s : %s", posture, why)); o != nil {
		return o
	}
	return d.rest(d.l.Sprintf("%s: %s, nothing to explore, morale %d", "%s : %s, rien à explorer, moral %d", posture, why, g.GetMorale()))
}

func (d decider) rest(reason string) *pb.Order {
	if legal(d.v, actRest) == nil {
		return nil
	}
	return &pb.Order{Action: actRest, Reason: reason}
}

// raiseSpec returns the count spec of raise_army when it is legal, or nil.
func (d decider) raiseSpec() *pb.ArgSpec {
	la := legal(d.v, actRaise)
	if la == nil || len(la.GetArgs()) != 1 || la.GetArgs()[0].GetKind() != pb.ArgKind_ARG_KIND_COUNT {
		return nil
	}
	return la.GetArgs()[0]
}

// chop returns a chop_wood order when it is legal, or nil.
func (d decider) chop(why string) *pb.Order {
	if legal(d.v, actChop) == nil {
		return nil
	}
	return &pb.Order{Action: actChop, Reason: d.l.Sprintf("%s; wood chore", "%s ; corvée de bois", why)}
}

// explore returns an explore order on the best zone offered, or among the
// zones offered in among when it is given (rule AI-GOV-SPECIAL): a zone the
// camp knows but has not surveyed, where a special terrain may lie
// (TER-EXPLORE), free land first, then the nearest the camp's land; else
// the unknown zone nearest the centre of the world (centreFirst).
func (d decider) explore(why string, among ...int32) *pb.Order {
	la := legal(d.v, actExplore)
	if la == nil || len(la.GetArgs()) != 1 || len(la.GetArgs()[0].GetChoices()) == 0 {
		return nil
	}
	if among == nil {
		among = la.GetArgs()[0].GetChoices()
	}
	z := slices.MinFunc(among, func(a, b int32) int {
		za, zb := d.zone(a), d.zone(b)
		sa, sb := surveyable(za), surveyable(zb)
		if sa != sb {
			return cmp.Compare(btoi(sb), btoi(sa))
		}
		if !sa {
			return d.centreFirst(a, b)
		}
		return cmp.Or(cmp.Compare(btoi(za.GetOwner() >= 0), btoi(zb.GetOwner() >= 0)), cmp.Compare(d.fromLand(za), d.fromLand(zb)), d.centreFirst(a, b))
	})
	if zz := d.zone(z); surveyable(zz) {
		return &pb.Order{Action: actExplore, Args: []int32{z},
			Reason: d.l.Sprintf("%s, surveying zone %d (%s, %d from our land, not surveyed) for a special terrain", "%s, reconnaissance de la zone %d (%s, à %d de nos terres, jamais reconnue) en quête d'un terrain spécial",
				why, z, terrainName(d.l, zz.GetTerrain()), d.fromLand(zz))}
	}
	return &pb.Order{Action: actExplore, Args: []int32{z},
		Reason: d.l.Sprintf("%s, exploring unknown zone %d", "%s, exploration de la zone inconnue %d", why, z)}
}

// centreFirst orders zones by their distance to the centre of the world,
// then by their place seen from the camp's own frame (frameKey). Zone
// numbers run in rows, so "the lowest number" would lead each camp a
// different way; the map is the same for the three camps turned by 120°
// (docs/rules.md MAP-2), so choices made in the camp's own frame keep the
// bot fair: the three camps play alike.
func (d decider) centreFirst(a, b int32) int {
	centre := &pb.Zone{}
	za, zb := d.zone(a), d.zone(b)
	qa, ra := frameKey(za, d.v.GetCamp())
	qb, rb := frameKey(zb, d.v.GetCamp())
	return cmp.Or(cmp.Compare(distance(za, centre), distance(zb, centre)), cmp.Compare(qa, qb), cmp.Compare(ra, rb))
}

// frameKey returns zone z's axial coordinates turned back by 120° once per
// camp number: camp c's capital is camp 0's turned c times, so every camp
// sees the land around it in the same frame.
func frameKey(z *pb.Zone, camp int32) (q, r int32) {
	q, r = z.GetQ(), z.GetR()
	for range (3 - camp%3) % 3 {
		q, r = r, -q-r
	}
	return q, r
}

// expand returns an expand_to order on the best free zone offered, when food
// is at least the food of columns settler columns (expand_to's price) plus
// reserve, and the bridle allows it. The land of the resource the
// camp lacks most comes first (forest for wood, mountain for stone, coast
// for gold; see economy.needs), then the terrain furthest below its share
// of the camp's land (landShare, counting the zones its settlers march
// to); the zone nearest the centre breaks ties (centreFirst).
func (d decider) expand(posture string, columns, reserve int64) *pb.Order {
	v, g := d.v, d.g
	la := legal(v, actExpand)
	if la == nil || len(la.GetArgs()) != 1 || len(la.GetArgs()[0].GetChoices()) == 0 {
		return nil
	}
	minFood := columns*price(la, 1)[rFood] + reserve
	food := g.GetResources().GetFood()
	if full := d.granaryFull(); full && food >= price(la, 1)[rFood] {
		// A full granary (ECO-6) holds all the stock the posture waits for.
		minFood = min(minFood, food)
	}
	if food < minFood {
		return nil
	}
	held := d.own
	limit := bridleBase + int(v.GetDay())/bridleStep
	if len(held) >= limit || len(g.GetColumns()) >= bridleColumns {
		return nil
	}
	lack, needs := d.landLack(), d.e.needs()
	rank := func(t pb.Terrain) int {
		for i, n := range needs {
			if incomeLand[n.r] == t {
				return i
			}
		}
		return len(needs)
	}
	z := slices.MinFunc(la.GetArgs()[0].GetChoices(), func(a, b int32) int {
		ta, tb := d.zone(a).GetTerrain(), d.zone(b).GetTerrain()
		return cmp.Or(cmp.Compare(rank(ta), rank(tb)), cmp.Compare(lack[tb], lack[ta]),
			cmp.Compare(specialRank(d.zone(a)), specialRank(d.zone(b))), d.centreFirst(a, b))
	})
	cond := d.l.Sprintf("food %d", "%d nourriture", food)
	if minFood > 0 {
		cond = d.l.Sprintf("food %d ≥ %d", "%d nourriture ≥ %d", food, minFood)
	}
	o := &pb.Order{Action: actExpand, Args: []int32{z},
		Reason: d.l.Sprintf("%s: %s, %d zones held < %d, free zone %d (%s) adjoining", "%s : %s, %d zones tenues < %d, zone libre %d (%s) adjacente",
			posture, cond, len(held), limit, z, terrainName(d.l, d.zone(z).GetTerrain()))}
	if s := d.zone(z).GetSpecial(); s != "" {
		o.Reason += d.l.Sprintf(", special terrain found there: %s", ", terrain spécial trouvé : %s", s)
	}
	return o
}

// landShare is the share of each terrain, in per mille, in the land a camp
// wants: forests first, since wood pays most of the upkeep (rules UPK-1,
// UPK-2); mountains for stone; coasts for gold; plains, of which the
// capital alone feeds a camp of sixty, last.
var landShare = map[pb.Terrain]int{
	pb.Terrain_TERRAIN_FOREST:   450,
	pb.Terrain_TERRAIN_MOUNTAIN: 150,
	pb.Terrain_TERRAIN_COAST:    250,
	pb.Terrain_TERRAIN_PLAINS:   150,
}

// incomeLand is the terrain whose income brings each resource (rule
// ECO-1).
var incomeLand = [numRes]pb.Terrain{
	rFood: pb.Terrain_TERRAIN_PLAINS, rWood: pb.Terrain_TERRAIN_FOREST,
	rStone: pb.Terrain_TERRAIN_MOUNTAIN, rGold: pb.Terrain_TERRAIN_COAST,
}

// landLack returns, per terrain, how many zones in per mille the camp's
// land (held zones and settlers' destinations, plus the next one) lacks to
// reach its landShare.
func (d decider) landLack() map[pb.Terrain]int {
	have := map[pb.Terrain]int{}
	for _, z := range d.own {
		have[z.GetTerrain()]++
	}
	n := len(d.own) + 1
	for _, c := range d.g.GetColumns() {
		if c.GetKind() == pb.ColumnKind_COLUMN_KIND_SETTLERS {
			have[d.zone(c.GetToZone()).GetTerrain()]++
			n++
		}
	}
	lack := map[pb.Terrain]int{}
	for t, share := range landShare {
		lack[t] = share*n - 1000*have[t]
	}
	return lack
}

// send returns a send_army order of up to men men to zone z, or nil when the
// army cannot go there.
func (d decider) send(men, z int32, reason string) *pb.Order {
	la := legal(d.v, actSend)
	if la == nil || len(la.GetArgs()) != 2 || !allows(la.GetArgs()[1], z) {
		return nil
	}
	n := clamp(la.GetArgs()[0], men)
	return &pb.Order{Action: actSend, Args: []int32{n, z}, Reason: d.l.Sprintf("%s, %d men to the garrison", "%s, %d hommes en garnison", reason, n)}
}

func (d decider) capital() *pb.Zone {
	for _, z := range d.own {
		if z.GetCapital() {
			return z
		}
	}
	return nil
}

// zone returns zone id as the camp knows it, or nil.
func (d decider) zone(id int32) *pb.Zone {
	for _, z := range d.g.GetZones() {
		if z.GetId() == id {
			return z
		}
	}
	return nil
}

// known reports whether the camp sees or remembers z; an unknown zone's
// owner field means nothing.
func known(z *pb.Zone) bool {
	return z.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE || z.GetVisibility() == pb.Visibility_VISIBILITY_REMEMBERED
}

// clamp returns n bounded by the count spec s.
func clamp(s *pb.ArgSpec, n int32) int32 {
	return min(max(n, s.GetMin()), s.GetMax())
}

func terrainRank(z *pb.Zone) int {
	switch z.GetTerrain() {
	case pb.Terrain_TERRAIN_PLAINS, pb.Terrain_TERRAIN_COAST:
		return 0
	case pb.Terrain_TERRAIN_FOREST:
		return 1
	case pb.Terrain_TERRAIN_MOUNTAIN:
		return 2
	default:
		return 3
	}
}

func terrainName(l lang.Lang, t pb.Terrain) string {
	switch t {
	case pb.Terrain_TERRAIN_PLAINS:
		return l.Sprintf("plains", "plaines")
	case pb.Terrain_TERRAIN_FOREST:
		return l.Sprintf("forest", "forêt")
	case pb.Terrain_TERRAIN_MOUNTAIN:
		return l.Sprintf("mountain", "montagne")
	case pb.Terrain_TERRAIN_COAST:
		return l.Sprintf("coast", "côte")
	default:
		return l.Sprintf("unknown terrain", "terrain inconnu")
	}
}
