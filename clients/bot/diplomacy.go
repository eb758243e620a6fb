package bot

import (
	"cmp"
	"slices"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Diplomatic and political actions of seed 000.
const (
	actProposePeace    = "propose_peace"
	actProposeAlliance = "propose_alliance"
	actAccept          = "accept_pact"
	actRefuse          = "refuse_pact"
	actDeclare         = "declare_war"
	actGovernment      = "set_government"
)

// Relations as the view spells them.
const (
	relWar      = "war"
	relPeace    = "peace"
	relAlliance = "alliance"
)

// leaning is what an archetype brings to the AI's diplomacy (rule
// AI-DIP-ARCH).
type leaning struct {
	// sign is added to the willingness of an answer (AI-DIP-ANSWER).
	sign int
	// peaceInGrowth: the camp proposes peace to every camp it is at war
	// with, in growth posture too (AI-DIP-PEACE).
	peaceInGrowth bool
	// threat is the ratio of a third camp's power to this camp's from
	// which it seeks an alliance against it (AI-DIP-ALLY).
	threat float64
	// declareRatio is the ratio of power over a peace partner from which an
	// aggressive camp breaks the peace (AI-DIP-WAR); breakAlliance whether
	// it breaks alliances too.
	declareRatio  float64
	breakAlliance bool
	// government is the form of government that fits the archetype
	// (AI-POL-FORM).
	government string
}

// Archetypes, as the view spells them (rule AI-ARCH).
const (
	archBuilders = "builders"
	archWarriors = "warrior_clan"
	archMerchant = "merchant_league"
)

var leanings = map[string]leaning{
	archMerchant: {sign: 25, peaceInGrowth: true, threat: 1.0, declareRatio: 2.0, government: "oligarchy"},
	archBuilders: {sign: 0, threat: 1.0, declareRatio: 1.6, government: "republic"},
	archWarriors: {sign: -25, threat: 1.3, declareRatio: 1.3, breakAlliance: true, government: "overlord"},
}

// lean returns the camp's leaning; an unknown archetype leans like the
// builders.
func (d decider) lean() leaning {
	if l, ok := leanings[d.g.GetArchetype()]; ok {
		return l
	}
	return leanings[archBuilders]
}

// Diplomatic figures.
const (
	// postureSign: aggressive answers less willingly, prudent more.
	postureSign = 15
	// balanceSign: a proposer much weaker (ratio over aggressiveRatio) is
	// answered less willingly, one much stronger (under prudentRatio) more.
	balanceSign = 15
	// thirdSign: a third camp grown too strong (over aggressiveRatio times
	// this camp's power) makes the camp more willing to sign.
	thirdSign = 20
	// besiegedSign: a place of the camp besieged by the proposer makes it
	// far more willing; by a third camp, more willing.
	besiegedSign      = 40
	besiegedThirdSign = 15
	// winningSign: a siege the camp is winning against the proposer makes
	// it far less willing.
	winningSign = 40
	// quietDays: after proposing to a camp or declaring war on it, the
	// camp says nothing more to it for this many days (AI-DIP-QUIET);
	// maxRefusals: from this many refusals in the pair it proposes nothing
	// more until a signature resets them.
	quietDays   = 20
	maxRefusals = 3
	// allianceDays: an alliance is proposed only on a peace this old.
	allianceDays = 20
	// breakMorale: a camp breaks a pact only with at least this morale.
	breakMorale = 55
	// Government (AI-POL): under lowLegitimacy a change of form restores
	// legitimacy (to the rules' government_legitimacy); the archetype's
	// form is adopted from formDay with formGold gold.
	lowLegitimacy = 25
	formDay       = 20
	formGold      = 100
)

// diplomacy returns the day's diplomatic or political order, or nil (rules
// AI-DIP-*, AI-POL): an answer to a pending proposal, relief of a besieged
// zone, a change of government when legitimacy collapses, then a peace, an
// alliance, a declaration of war or the archetype's form of government.
func (d decider) diplomacy() *pb.Order {
	if o := d.answer(); o != nil {
		return o
	}
	if o := d.relieve(); o != nil {
		return o
	}
	if o := d.government(true); o != nil {
		return o
	}
	if o := d.proposePeace(); o != nil {
		return o
	}
	if o := d.proposeAlliance(); o != nil {
		return o
	}
	if o := d.declareWar(); o != nil {
		return o
	}
	return d.government(false)
}

// estimate returns the estimate of camp c, or nil when it is dead or
// unknown.
func (d decider) estimate(c int32) *rival {
	for i := range d.others {
		if d.others[i].camp == c {
			return &d.others[i]
		}
	}
	return nil
}

// ratio returns this camp's power over r's.
func (d decider) ratio(r *rival) float64 { return float64(d.power) / float64(max(1, r.power)) }

// third returns the strongest living camp other than this one and c, or
// nil.
func (d decider) third(c int32) *rival {
	var t *rival
	for i := range d.others {
		if r := &d.others[i]; r.camp != c && (t == nil || r.power > t.power) {
			t = r
		}
	}
	return t
}

// besiegedBy reports whether camp c besieges a zone of this camp.
func (d decider) besiegedBy(c int32) bool {
	for _, s := range d.g.GetSieges() {
		if s.GetBesieger() == c {
			if z := d.zone(s.GetZone()); z != nil && z.GetOwner() == d.v.GetCamp() {
				return true
			}
		}
	}
	return false
}

// besieged reports whether any camp besieges a zone of this camp.
func (d decider) besieged() bool {
	for _, z := range d.own {
		if s := d.siegeOn(z.GetId()); s != nil && s.GetBesieger() != d.v.GetCamp() {
			return true
		}
	}
	return false
}

// sieging reports whether the camp besieges a zone of another camp.
func (d decider) sieging() bool {
	return slices.ContainsFunc(d.g.GetSieges(), func(sg *pb.Siege) bool { return sg.GetBesieger() == d.v.GetCamp() })
}

// winningAgainst reports whether this camp besieges a zone of camp c with
// lines stronger than the place's estimated defence.
func (d decider) winningAgainst(c int32) bool {
	for _, s := range d.g.GetSieges() {
		if s.GetBesieger() != d.v.GetCamp() {
			continue
		}
		if z := d.zone(s.GetZone()); z != nil && z.GetOwner() == c && s.GetMen()+d.r.moraleAssault > d.enemyDefence(z) {
			return true
		}
	}
	return false
}

// score returns how willing the camp is to sign the pending proposal of
// camp c, and the terms that made it (rule AI-DIP-ANSWER): the proposal's
// willingness (DIP-9), the archetype's sign, the posture, the balance of
// power, a third camp grown too strong, and sieges.
func (d decider) score(c *pb.CampSummary, p pb.Posture) (int, string) {
	w := int(c.GetProposal().GetWillingness())
	l := d.lean()
	s := w + l.sign
	t := d.l.Sprintf
	why := t("willingness %d %%, %s %+d", "disposition %d %%, %s %+d", w, d.l.Name(d.g.GetArchetype()), l.sign)
	switch p {
	case pb.Posture_POSTURE_AGGRESSIVE:
		s -= postureSign
		why += t(", aggressive %+d", ", belliqueux %+d", -postureSign)
	case pb.Posture_POSTURE_PRUDENT:
		s += postureSign
		why += t(", prudent %+d", ", prudent %+d", postureSign)
	}
	if r := d.estimate(c.GetCamp()); r != nil {
		switch q := d.ratio(r); {
		case q > aggressiveRatio:
			s -= balanceSign
			why += t(", balance of power %.2f %+d", ", rapport de force %.2f %+d", q, -balanceSign)
		case q < prudentRatio:
			s += balanceSign
			why += t(", balance of power %.2f %+d", ", rapport de force %.2f %+d", q, balanceSign)
		}
	}
	if th := d.third(c.GetCamp()); th != nil && float64(th.power) > aggressiveRatio*float64(d.power) {
		s += thirdSign
		why += t(", %s too strong (%d against %d) %+d", ", %s trop fort (%d contre %d) %+d", th.name, th.power, d.power, thirdSign)
	}
	switch {
	case d.besiegedBy(c.GetCamp()):
		s += besiegedSign
		why += t(", a place besieged by it %+d", ", une place assiégée par lui %+d", besiegedSign)
	case d.besieged():
		s += besiegedThirdSign
		why += t(", a place besieged by another %+d", ", une place assiégée par un autre %+d", besiegedThirdSign)
	}
	if d.winningAgainst(c.GetCamp()) {
		s -= winningSign
		why += t(", a siege about to be won against it %+d", ", un siège en passe d'être gagné contre lui %+d", -winningSign)
	}
	return s, why
}

// answer accepts or refuses the oldest proposal pending to this camp (rule
// AI-DIP-ANSWER): the score is the chance, in percent, that it signs, as
// seed 001's d20 against the difficulty: accepted when d20 × 5 is at most
// the score, refused otherwise; nil when none is pending or neither answer
// is legal.
func (d decider) answer() *pb.Order {
	v, g := d.v, d.g
	var from *pb.CampSummary
	for _, c := range g.GetCamps() {
		p := c.GetProposal()
		if p == nil || p.GetFromCamp() == v.GetCamp() || p.GetFromCamp() != c.GetCamp() {
			continue
		}
		if from == nil || cmp.Or(cmp.Compare(p.GetDay(), from.GetProposal().GetDay()), cmp.Compare(c.GetCamp(), from.GetCamp())) < 0 {
			from = c
		}
	}
	if from == nil {
		return nil
	}
	s, why := d.score(from, d.stance)
	roll := d20(v.GetDay(), v.GetCamp(), from.GetCamp(), from.GetProposal().GetDay())
	act, verdict := actRefuse, d.l.Sprintf("refusal", "refus")
	if roll*5 <= s {
		act, verdict = actAccept, d.l.Sprintf("agreement", "accord")
	}
	if o := d.campOrder(act, from.GetCamp()); o != nil {
		o.Reason = d.l.Sprintf("diplomacy: %s to %s proposed by %s, die %d × 5 against %d (%s)", "diplomatie : %s de %s proposée par %s, dé %d × 5 contre %d (%s)",
			verdict, pactName(d.l, from.GetProposal().GetPact()), from.GetName(), roll, s, why)
		return o
	}
	return nil
}

// d20 is the bot's die for an answer (rule AI-DIP-ANSWER): a number from 1
// to 20 drawn from the day, the two camps and the proposal's day, so that
// the same view always gets the same answer (Decide is pure) while
// different proposals get different draws.
func d20(day, camp, from, proposed int32) int {
	h := uint32(2166136261)
	for _, x := range []int32{day, camp, from, proposed} {
		for i := range 4 {
			h = (h ^ uint32(byte(x>>(8*i)))) * 16777619
		}
	}
	// Murmur3's finalizer spreads FNV's weak low bits.
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return int(h%20) + 1
}

// pactName names pact p in a reason: "the alliance" or "the peace".
func pactName(l lang.Lang, p string) string {
	if p == relAlliance {
		return l.Sprintf("the alliance", "l'alliance")
	}
	return l.Sprintf("the peace", "la paix")
}

// campOrder returns action act on camp c with an empty reason, or nil when
// it is not legal on c.
func (d decider) campOrder(act string, c int32) *pb.Order {
	la := legal(d.v, act)
	if la == nil || len(la.GetArgs()) != 1 || !allows(la.GetArgs()[0], c) {
		return nil
	}
	return &pb.Order{Action: act, Args: []int32{c}}
}

// quiet reports whether the camp keeps silent toward c (rule
// AI-DIP-QUIET): it spoke to c fewer than quietDays days ago, or c refused
// it maxRefusals times since their last signature.
func (d decider) quiet(c *pb.CampSummary) bool {
	last := int32(0)
	if i := c.GetCamp(); i >= 0 && int(i) < maxCamps {
		last = d.spoke[i]
	}
	return last > 0 && d.v.GetDay()+1-last < quietDays || c.GetRefusals() >= maxRefusals
}

// proposePeace proposes peace to a camp at war with this one (rule
// AI-DIP-PEACE) when that camp besieges one of its zones, or, out of the
// aggressive posture: when the camp is prudent and the other is a real
// threat (not weaker than it), when a third camp grown too strong
// threatens it, or always for an archetype that proposes peace in growth.
// The most dangerous such camp first; nil when none.
func (d decider) proposePeace() *pb.Order {
	l := d.lean()
	var best *rival
	var why string
	for i := range d.others {
		r := &d.others[i]
		if r.relation != relWar || d.quiet(r.summary) || d.campOrder(actProposePeace, r.camp) == nil {
			continue
		}
		var w string
		t := d.third(r.camp)
		switch {
		case d.besiegedBy(r.camp):
			w = d.l.Sprintf("it besieges one of our places", "il assiège une de nos places")
		case d.stance == pb.Posture_POSTURE_AGGRESSIVE:
			continue
		case d.stance == pb.Posture_POSTURE_PRUDENT && d.ratio(r) < 1:
			w = d.l.Sprintf("prudent posture, balance of power %.2f", "posture prudente, rapport de force %.2f", d.ratio(r))
		case t != nil && t.relation == relWar && float64(t.power) > aggressiveRatio*float64(d.power):
			w = d.l.Sprintf("%s grown too strong (%d against %d)", "%s devenu trop fort (%d contre %d)", t.name, t.power, d.power)
		case l.peaceInGrowth:
			w = d.l.Sprintf("a %s prefers trade to war", "une %s préfère le commerce à la guerre", d.l.Name(d.g.GetArchetype()))
		default:
			continue
		}
		if best == nil || r.power > best.power {
			best, why = r, w
		}
	}
	if best == nil {
		return nil
	}
	o := d.campOrder(actProposePeace, best.camp)
	o.Reason = d.l.Sprintf("diplomacy: peace proposed to %s (estimated power %d against %d): %s", "diplomatie : paix proposée à %s (puissance estimée %d contre %d) : %s", best.name, best.power, d.power, why)
	return o
}

// proposeAlliance proposes an alliance to a camp at peace with this one for
// allianceDays days or more (rule AI-DIP-ALLY), against a common threat: a
// third camp at war with both whose power is at least the archetype's
// threat ratio times this camp's. Not in aggressive posture; nil when none.
func (d decider) proposeAlliance() *pb.Order {
	if d.stance == pb.Posture_POSTURE_AGGRESSIVE {
		return nil
	}
	l := d.lean()
	day := d.v.GetDay() + 1
	for i := range d.others {
		r := &d.others[i]
		if r.relation != relPeace || day-r.summary.GetRelationSince() < allianceDays || d.quiet(r.summary) ||
			d.campOrder(actProposeAlliance, r.camp) == nil {
			continue
		}
		t := d.third(r.camp)
		if t == nil || t.relation != relWar || d.relationOf(r.camp, t.camp) != relWar ||
			float64(t.power) < l.threat*float64(d.power) {
			continue
		}
		o := d.campOrder(actProposeAlliance, r.camp)
		o.Reason = d.l.Sprintf("diplomacy: alliance proposed to %s, at peace since day %d, against %s (estimated power %d against %d)",
			"diplomatie : alliance proposée à %s, en paix depuis le jour %d, contre %s (puissance estimée %d contre %d)",
			r.name, r.summary.GetRelationSince(), t.name, t.power, d.power)
		return o
	}
	return nil
}

// relationOf returns the public relation between two other camps, war when
// the view does not list it.
func (d decider) relationOf(a, b int32) string {
	for _, p := range d.g.GetOtherRelations() {
		if p.GetA() == a && p.GetB() == b || p.GetA() == b && p.GetB() == a {
			return p.GetRelation()
		}
	}
	return relWar
}

// declareWar breaks a pact (rule AI-DIP-WAR): in aggressive posture, with
// aggressiveness at attackAppetite or more, morale at breakMorale or more,
// a field army of aggressiveArmy, no zone of a camp at war with it to
// attack, against a partner whose pact lock has passed (declare_war lists
// it) and whose power the camp outweighs by its archetype's ratio; a
// merchant league or builders never break an alliance. The weakest partner
// first; nil when none.
func (d decider) declareWar() *pb.Order {
	g := d.g
	if d.stance != pb.Posture_POSTURE_AGGRESSIVE || d.appetite < attackAppetite || g.GetMorale() < breakMorale ||
		g.GetFieldArmy() < aggressiveArmy || d.target() != nil {
		return nil
	}
	l := d.lean()
	var best *rival
	for i := range d.others {
		r := &d.others[i]
		if r.relation == relWar || r.relation == relAlliance && !l.breakAlliance || d.quiet(r.summary) ||
			d.ratio(r) < l.declareRatio || d.campOrder(actDeclare, r.camp) == nil {
			continue
		}
		if best == nil || r.power < best.power {
			best = r
		}
	}
	if best == nil {
		return nil
	}
	o := d.campOrder(actDeclare, best.camp)
	o.Reason = d.l.Sprintf("diplomacy: war declared on %s (%s since day %d, breakable since day %d): balance of power %.2f ≥ %.1f, field army %d, no target at war",
		"diplomatie : guerre déclarée à %s (%s depuis le jour %d, rompable depuis le jour %d) : rapport de force %.2f ≥ %.1f, armée de campagne %d, aucune cible en guerre",
		best.name, best.relation, best.summary.GetRelationSince(), best.summary.GetBreakableFrom(), d.ratio(best), l.declareRatio, g.GetFieldArmy())
	return o
}

// government returns a set_government order (rule AI-POL), or nil. With
// urgent, only when legitimacy is under lowLegitimacy: any change restores
// it to the rules' government_legitimacy (POL-2), the archetype's form
// first, else the republic (+1 legitimacy a day), else autocracy.
// Otherwise the archetype's form, once the camp is at day formDay with
// formGold gold and legitimacy at government_legitimacy or more, when it
// is not already its form.
func (d decider) government(urgent bool) *pb.Order {
	v, g := d.v, d.g
	la := legal(v, actGovernment)
	if la == nil || len(la.GetArgs()) != 1 {
		return nil
	}
	pol := g.GetPolitics()
	want := d.lean().government
	forms := []string{want}
	if urgent {
		if pol.GetLegitimacy() >= lowLegitimacy {
			return nil
		}
		forms = append(forms, "republic", "autocracy")
	} else if pol.GetGovernment() == want || v.GetDay() < formDay || g.GetResources().GetGold() < formGold || pol.GetLegitimacy() < d.r.legitimacy {
		return nil
	}
	for _, f := range forms {
		i := slices.IndexFunc(g.GetGovernments(), func(g *pb.GovernmentForm) bool { return g.GetCode() == f })
		if i < 0 || f == pol.GetGovernment() || !allows(la.GetArgs()[0], g.GetGovernments()[i].GetId()) {
			continue
		}
		why := d.l.Sprintf("the form that suits its archetype (%s), gold %d", "la forme qui sied à son archétype (%s), %d or", d.l.Name(g.GetArchetype()), g.GetResources().GetGold())
		if urgent {
			why = d.l.Sprintf("legitimacy %d < %d: a new regime brings it back to %d", "légitimité %d < %d : un nouveau régime la ramène à %d", pol.GetLegitimacy(), lowLegitimacy, d.r.legitimacy)
		}
		return &pb.Order{Action: actGovernment, Args: []int32{g.GetGovernments()[i].GetId()},
			Reason: d.l.Sprintf("politics: %s replaces %s: %s", "politique : %s remplace %s : %s", d.l.Name(f), d.l.Name(pol.GetGovernment()), why)}
	}
	return nil
}
