package bot

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// castle.go plays the Castle (seed 004, docs/castle.md) from the view
// alone: the shared part of CampView (the legal actions with their
// arguments and prices) and CastleView (every city's gauges and stores,
// the ring, the hand, the drawn cards, the rules' numbers).
//
// Every choice weighs the table after each legal move (castlemodel.go):
// the city's own distance from a fall, and its rivals', weighed by the
// posture. The prudent city keeps every gauge far from a fall, hoards
// gold and wheat, discards what hurts and gives the worst cards to the
// leader; the aggressive city arms itself above its neighbours, wars on
// the weakest of them and gives it the worst cards; the growth city wants
// wheat and health and spreads its harm evenly.

// The Castle's actions.
const (
	casDefault        = "default"
	casPass           = "pass"
	casConvert        = "convert"
	casReleaseGranary = "release_granary"
	casReleaseOutpost = "release_outpost"
	casDraft          = "draft"
	casPlay           = "play"
	casDiscard        = "discard"
)

// The Castle's steps (CastleView.step).
const (
	stepConvert = "convert"
	stepDraft   = "draft"
	stepPlay    = "play"
)

// stepNames are the steps' names in the reasons.
var stepNames = map[string]lang.Text{stepConvert: lang.T("convert", "conversion"), stepDraft: lang.T("draft", "distribution"), stepPlay: lang.T("play", "jeu")}

// maxCastleReason bounds the bot's reasons, in bytes: the bot's own
// brevity, well under what any ruleset accepts.
const maxCastleReason = 300

// castleDecider is one decision of a Castle city.
type castleDecider struct {
	// l is the language of the reasons.
	l     lang.Lang
	v     *pb.CampView
	c     *pb.CastleView
	t     *ctable
	me    int
	s     *style
	names []string
	// stance names the posture in the reasons.
	stance string
}

// decideCastle returns the order of city v in the Castle: "default" while
// it waits; otherwise the move of its step that leaves the table best for
// it under its posture (the controller's, or recomputed when unspecified:
// see castlePosture).
func decideCastle(l lang.Lang, v *pb.CampView, c *pb.CastleView) *pb.Order {
	names := make([]string, len(c.GetCities()))
	for i, city := range c.GetCities() {
		names[i] = city.GetName()
	}
	if !c.GetActs() {
		who := l.Sprintf("city %d", "la cité %d", c.GetCurrent())
		if cur := int(c.GetCurrent()); cur >= 0 && cur < len(names) {
			who = names[cur]
		}
		return &pb.Order{Action: casDefault, Reason: l.Sprintf("I wait: %[2]s's %[1]s step", "j'attends : étape de %s de %s", stepNames[c.GetStep()].In(l), who)}
	}
	d := &castleDecider{l: l, v: v, c: c, t: tableOf(c), me: int(v.GetCamp()), names: names}
	p, note := d.posture()
	d.s, d.stance = d.styleOf(p)
	var o *pb.Order
	switch c.GetStep() {
	case stepConvert:
		o = d.convert()
	case stepDraft:
		o = d.draft()
	case stepPlay:
		o = d.play()
	}
	if o == nil || !legalOrder(v, o) {
		o = &pb.Order{Action: casDefault, Reason: l.Sprintf("%s: nothing better than the default move", "%s : rien de mieux que le coup par défaut", d.stance)}
	}
	if note != "" {
		o.Reason = note + l.Sprintf("; ", " ; ") + o.Reason
	}
	o.Reason = clip(o.Reason, maxCastleReason)
	return o
}

// clip cuts s to at most n bytes, on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// margin is how many steps city c stands from its nearest fall.
func (t *ctable) margin(c int) int {
	g := t.cities[c].g
	return min(g[cCiv]-t.civLow, t.civHigh-g[cCiv], t.armyHigh-g[cArmy])
}

// Thresholds of the recomputed posture: a city this near a fall turns
// prudent; one whose army tops every neighbour's by armyLead turns
// aggressive.
const (
	prudentMargin = 2
	armyLead      = 2
)

// posture returns the controller's posture, or when unspecified the
// city's own from its table: prudent near a fall, aggressive with an army
// that tops its neighbours', growth otherwise; note says why when it was
// recomputed.
func (d *castleDecider) posture() (pb.Posture, string) {
	if p := d.v.GetController().GetPosture(); p != pb.Posture_POSTURE_UNSPECIFIED {
		return p, ""
	}
	t, me := d.t, d.me
	if m := t.margin(me); m <= prudentMargin {
		return pb.Posture_POSTURE_PRUDENT, d.l.Sprintf("posture recomputed: prudent (%d steps from a fall)", "posture recalculée : prudente (à %d pas d'une chute)", m)
	}
	top := 0
	for _, n := range t.neighbours(me) {
		top = max(top, t.cities[n].g[cArmy])
	}
	if army := t.cities[me].g[cArmy]; army >= top+armyLead {
		return pb.Posture_POSTURE_AGGRESSIVE, d.l.Sprintf("posture recomputed: aggressive (army %d against %d at most among my neighbours)",
			"posture recalculée : belliqueuse (armée %d contre %d au plus chez mes voisins)", army, top)
	}
	return pb.Posture_POSTURE_GROWTH, d.l.Sprintf("posture recomputed: growth", "posture recalculée : croissance")
}

// Hostilities of the postures: what a rival's misfortune is worth to the
// city, against its own safety worth 1.
const (
	prudentLeader   = 0.5
	prudentOthers   = 0.15
	aggressiveWeak  = 0.8
	aggressiveNear  = 0.4
	aggressiveOther = 0.1
	growthAll       = 0.3
	// duelHostility is the least hostility to the last rival.
	duelHostility = 0.6
)

// styleOf returns posture p's style for this table and its name in the
// reasons.
func (d *castleDecider) styleOf(p pb.Posture) (*style, string) {
	t, me := d.t, d.me
	s := &style{rival: t.neutral(), hostility: make([]float64, len(t.cities))}
	rivals := t.rivals(me)
	var name string
	switch p {
	case pb.Posture_POSTURE_PRUDENT:
		name = d.l.Sprintf("prudent", "prudente")
		s.own = weights{caution: 1.6, armyWant: 2, goldWant: t.tax + 2, wheatWant: 4, healthWant: 6}
		leader := -1
		for _, r := range rivals {
			s.hostility[r] = prudentOthers
			if leader < 0 || t.risk(r, s.rival) < t.risk(leader, s.rival) {
				leader = r
			}
		}
		if leader >= 0 {
			s.hostility[leader] = prudentLeader
		}
	case pb.Posture_POSTURE_AGGRESSIVE:
		name = d.l.Sprintf("aggressive", "belliqueuse")
		top := 0
		for _, n := range t.neighbours(me) {
			top = max(top, t.cities[n].g[cArmy])
		}
		s.own = weights{caution: 0.9, armyWant: min(t.armyHigh-3, top+1), goldWant: t.tax, wheatWant: 3, healthWant: 5}
		for _, r := range rivals {
			s.hostility[r] = aggressiveOther
		}
		weak := -1
		for _, n := range t.neighbours(me) {
			s.hostility[n] = aggressiveNear
			if weak < 0 || t.risk(n, s.rival) > t.risk(weak, s.rival) {
				weak = n
			}
		}
		if weak >= 0 {
			s.hostility[weak] = aggressiveWeak
		}
	default:
		name = d.l.Sprintf("growth", "croissance")
		s.own = weights{caution: 1.2, armyWant: 3, goldWant: t.tax + 1, wheatWant: 6, healthWant: 7}
		for _, r := range rivals {
			s.hostility[r] = growthAll
		}
	}
	if len(rivals) == 1 {
		s.hostility[rivals[0]] = max(s.hostility[rivals[0]], duelHostility)
	}
	return s, name
}

// neutral are the weights the bot judges a rival's gauges by.
func (t *ctable) neutral() weights {
	return weights{caution: 1, armyWant: 2, goldWant: t.tax, wheatWant: 3, healthWant: 5}
}

// rivals returns the standing cities other than me.
func (t *ctable) rivals(me int) []int {
	var out []int
	for c, city := range t.cities {
		if c != me && !city.fell {
			out = append(out, c)
		}
	}
	return out
}

// convert plays the convert step (CAS-CONVERT, CAS-STORE): pass, convert,
// or empty a store, whichever leaves the city best.
func (d *castleDecider) convert() *pb.Order {
	t, me := d.t, d.me
	best, bestW := casPass, t.worth(me, d.s)
	after := t
	for _, a := range []string{casConvert, casReleaseGranary, casReleaseOutpost} {
		la := legal(d.v, a)
		if la == nil {
			continue
		}
		n := t.clone()
		city := &n.cities[me]
		switch a {
		case casConvert:
			for g, k := range costOf(la) {
				n.add(me, cgauge(g), -k)
			}
			n.add(me, cArmy, convertArmy)
		case casReleaseGranary:
			n.add(me, cWheat, city.granary)
			city.granary = -1
		case casReleaseOutpost:
			n.add(me, cArmy, city.outpost)
			city.outpost = -1
		}
		n.settle()
		if w := n.worth(me, d.s); w > bestW {
			best, bestW, after = a, w, n
		}
	}
	g := t.cities[me].g
	switch best {
	case casPass:
		return &pb.Order{Action: casPass, Reason: d.l.Sprintf("%s: I convert nothing (gold %d, civilians %d, army %d)", "%s : je ne convertis rien (or %d, civils %d, armée %d)",
			d.stance, g[cGold], g[cCiv], g[cArmy])}
	case casConvert:
		return &pb.Order{Action: casConvert, Reason: d.l.Sprintf("%s: I arm a civilian: %s", "%s : j'arme un civil : %s", d.stance, change(d.l, t, after, me))}
	case casReleaseGranary:
		return &pb.Order{Action: best, Reason: d.l.Sprintf("%s: I empty the granary: %s", "%s : je vide le grenier : %s", d.stance, change(d.l, t, after, me))}
	}
	return &pb.Order{Action: best, Reason: d.l.Sprintf("%s: I recall the outpost: %s", "%s : je rappelle le poste avancé : %s", d.stance, change(d.l, t, after, me))}
}

// costOf returns a legal action's price by gauge.
func costOf(la *pb.LegalAction) [cGauges]int {
	var out [cGauges]int
	for _, a := range la.GetCost() {
		if g, ok := cgaugeOf(a.GetResource()); ok {
			out[g] += int(a.GetAmount())
		}
	}
	return out
}

// change describes how city c's gauges differ between two tables, in l,
// such as "civilians 8 → 7, army 2 → 3".
func change(l lang.Lang, before, after *ctable, c int) string {
	if after.cities[c].fell {
		return l.Sprintf("the city would fall", "la cité tomberait")
	}
	var parts []string
	for g := range cGauges {
		if a, b := before.cities[c].g[g], after.cities[c].g[g]; a != b {
			parts = append(parts, fmt.Sprintf("%s %d → %d", cgaugeWords[g].In(l), a, b))
		}
	}
	if len(parts) == 0 {
		return l.Sprintf("nothing changes", "rien ne change")
	}
	return strings.Join(parts, ", ")
}

// move is what a holder does with a card: play it with arg (-1: none), or
// discard it.
type move struct {
	discard bool
	arg     int
}

// respond returns what holder h does with card on table t under style s,
// and the table after: the play (with each argument it may take) or the
// discard that leaves it best; a tie plays, with the first argument.
// price is the discard's price, discardable whether it may discard.
func (t *ctable) respond(h int, card string, s *style, args []int, price [cGauges]int, discardable bool) (move, *ctable) {
	var best move
	var after *ctable
	bestW := 0.0
	try := func(m move, n *ctable) {
		if w := n.worth(h, s); after == nil || w > bestW {
			best, after, bestW = m, n, w
		}
	}
	if len(args) == 0 {
		try(move{arg: -1}, t.play(h, card, -1))
	}
	for _, a := range args {
		try(move{arg: a}, t.play(h, card, a))
	}
	if discardable {
		try(move{discard: true}, t.discard(h, price))
	}
	return best, after
}

// rivalMove returns what city h would do with card, as the bot reckons it:
// its best answer under neutral weights and an even hostility.
func (t *ctable) rivalMove(h int, card string, slots map[string]int) *ctable {
	s := &style{own: t.neutral(), rival: t.neutral(), hostility: make([]float64, len(t.cities))}
	for _, r := range t.rivals(h) {
		s.hostility[r] = growthAll
	}
	_, after := t.respond(h, card, s, t.choices(h, card, slots), discardPrice, t.discardable(h, card))
	return after
}

// choices returns the arguments city h may give card, as the bot reckons
// them before its play step: its neighbours for a war, every count its
// store (slots) and its gauge allow for a granary or an outpost, none
// otherwise.
func (t *ctable) choices(h int, card string, slots map[string]int) []int {
	city := t.cities[h]
	var args []int
	switch card {
	case cardWar:
		args = t.neighbours(h)
	case cardGranary:
		for n := 0; n <= min(slots[cardGranary]-max(city.granary, 0), city.g[cWheat]); n++ {
			args = append(args, n)
		}
	case cardOutpost:
		for n := 0; n <= min(slots[cardOutpost]-max(city.outpost, 0), city.g[cArmy]); n++ {
			args = append(args, n)
		}
	}
	return args
}

// discardable reports whether city h could discard card at discardPrice.
func (t *ctable) discardable(h int, card string) bool {
	ok := card != cardAllegiance
	for g, k := range discardPrice {
		ok = ok && t.cities[h].g[g] >= k
	}
	return ok
}

// draft plays the draft step (CAS-DRAFT): the card to keep and the card of
// each other city, the assignment whose plays, each reckoned alone from
// today's table, leave the table best for this city.
func (d *castleDecider) draft() *pb.Order {
	la := legal(d.v, casDraft)
	drawn := d.c.GetDrawn()
	if la == nil || len(drawn) < len(la.GetArgs()) {
		return nil
	}
	t, me := d.t, d.me
	holders := []int{me}
	for _, r := range d.c.GetTurnOrder() {
		if int(r) != me {
			holders = append(holders, int(r))
		}
	}
	holders = holders[:len(la.GetArgs())]
	slots := map[string]int{cardGranary: int(d.c.GetRules().GetGranarySlots()), cardOutpost: int(d.c.GetRules().GetOutpostSlots())}
	base := t.worth(me, d.s)
	// gain[i][k]: what holder i playing drawn card k is worth to this city.
	gain := make([][]float64, len(holders))
	for i, h := range holders {
		gain[i] = make([]float64, len(drawn))
		for k, card := range drawn {
			var after *ctable
			if h == me {
				_, after = d.ownMove(card, slots)
			} else {
				after = t.rivalMove(h, card, slots)
			}
			gain[i][k] = after.worth(me, d.s) - base
		}
	}
	perm := bestAssignment(gain)
	o := &pb.Order{Action: casDraft}
	for _, k := range perm {
		o.Args = append(o.Args, int32(k+1))
	}
	var gifts []string
	for i, k := range perm[1:] {
		gifts = append(gifts, fmt.Sprintf("%s → %s (%s)", cardWords[drawn[k]].In(d.l), d.names[holders[i+1]], hits(d.l, t, holders[i+1], drawn[k])))
	}
	o.Reason = d.l.Sprintf("%s: I keep %s", "%s : je garde %s", d.stance, cardWords[drawn[perm[0]]].In(d.l))
	if len(gifts) > 0 {
		o.Reason += d.l.Sprintf("; ", " ; ") + strings.Join(gifts, ", ")
	}
	return o
}

// hits names the gauges of city c that card touches, with their values,
// such as "wheat 3", in l.
func hits(l lang.Lang, t *ctable, c int, card string) string {
	var gs []cgauge
	switch card {
	case cardGranary, cardFire:
		gs = []cgauge{cWheat}
	case cardWar, cardOutpost:
		gs = []cgauge{cArmy}
	case cardAllegiance:
		gs = []cgauge{cGold}
	case cardWelcome:
		gs = []cgauge{cCiv}
	default:
		for g, k := range cardGauges[card] {
			if k != 0 {
				gs = append(gs, cgauge(g))
			}
		}
	}
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = fmt.Sprintf("%s %d", cgaugeWords[g].In(l), t.cities[c].g[g])
	}
	return strings.Join(parts, ", ")
}

// bestAssignment returns, for the holders of gain in order, the distinct
// cards (columns) whose summed gain is the highest; of equal sums the
// first in lexicographic order, so that a tie keeps the drawn order.
func bestAssignment(gain [][]float64) []int {
	n := len(gain)
	best, cur := make([]int, n), make([]int, n)
	bestSum := 0.0
	found := false
	used := make([]bool, len(gain[0]))
	var walk func(i int, sum float64)
	walk = func(i int, sum float64) {
		if i == n {
			if !found || sum > bestSum+1e-9 {
				copy(best, cur)
				bestSum, found = sum, true
			}
			return
		}
		for k := range used {
			if !used[k] {
				used[k], cur[i] = true, k
				walk(i+1, sum+gain[i][k])
				used[k] = false
			}
		}
	}
	walk(0, 0)
	return best
}

// ownMove returns what this city would do with card in its play step, and
// the table after, as reckoned at the draft.
func (d *castleDecider) ownMove(card string, slots map[string]int) (move, *ctable) {
	t, me := d.t, d.me
	return t.respond(me, card, d.s, t.choices(me, card, slots), discardPrice, t.discardable(me, card))
}

// play plays the play step (CAS-PLAY, CAS-DISCARD): the card played with
// the argument that leaves the table best, or discarded when that is
// better still.
func (d *castleDecider) play() *pb.Order {
	t, me := d.t, d.me
	card := d.c.GetHand()
	la := legal(d.v, casPlay)
	if la == nil {
		return nil
	}
	var args []int
	if specs := la.GetArgs(); len(specs) == 1 {
		if specs[0].GetKind() == pb.ArgKind_ARG_KIND_COUNT {
			for n := specs[0].GetMin(); n <= specs[0].GetMax(); n++ {
				args = append(args, int(n))
			}
		} else {
			for _, c := range specs[0].GetChoices() {
				args = append(args, int(c))
			}
		}
	}
	dl := legal(d.v, casDiscard)
	var price [cGauges]int
	if dl != nil {
		price = costOf(dl)
	}
	m, after := t.respond(me, card, d.s, args, price, dl != nil)
	l := d.l
	name := cardWords[card].In(l)
	if m.discard {
		_, played := t.respond(me, card, d.s, args, price, false)
		return &pb.Order{Action: casDiscard, Reason: l.Sprintf("%s: I discard %s (%s); played: %s", "%s : je défausse %s (%s) ; jouée : %s",
			d.stance, name, change(l, t, after, me), change(l, t, played, me))}
	}
	o := &pb.Order{Action: casPlay}
	if m.arg >= 0 {
		o.Args = []int32{int32(m.arg)}
	}
	switch card {
	case cardWar:
		why := l.Sprintf("army %d against %d", "armée %d contre %d", t.cities[me].g[cArmy], t.cities[m.arg].g[cArmy])
		if t.shields(m.arg) {
			why = l.Sprintf("its outpost falls", "son poste avancé tombe")
		}
		o.Reason = l.Sprintf("%s: war on %s (%s): %s; at home, %s", "%s : guerre contre %s (%s) : %s ; chez moi, %s", d.stance, d.names[m.arg], why,
			change(l, t, after, m.arg), change(l, t, after, me))
	case cardGranary:
		o.Reason = l.Sprintf("%s: %s, %d wheat sheltered", "%s : %s, %d blé à l'abri", d.stance, name, m.arg)
	case cardOutpost:
		o.Reason = l.Sprintf("%s: %s, %d soldiers posted", "%s : %s, %d soldats postés", d.stance, name, m.arg)
	default:
		o.Reason = l.Sprintf("%s: I play %s: %s", "%s : je joue %s : %s", d.stance, name, change(l, t, after, me))
	}
	return o
}
