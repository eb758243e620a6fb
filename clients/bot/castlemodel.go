package bot

import (
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// castlemodel.go is the bot's picture of a Castle table (seed 004,
// docs/castle.md), read from a view: every city's gauges and stores, the
// ring of standing cities, the rules' numbers; what a card or a conversion
// would do to it; and how far each city stands from a fall.

// cgauge is one of a Castle city's five gauges.
type cgauge int

// The gauges, in the order of CastleRules' names.
const (
	cGold cgauge = iota
	cWheat
	cHealth
	cCiv
	cArmy
	cGauges
)

// cgaugeNames are the gauges' names on the wire (links, costs).
var cgaugeNames = [cGauges]string{"gold", "wheat", "health", "civilians", "army"}

// cgaugeWords are the gauges' names in the reasons.
var cgaugeWords = [cGauges]lang.Text{lang.T("gold", "or"), lang.T("wheat", "blé"), lang.T("health", "santé"),
	lang.T("civilians", "civils"), lang.T("army", "armée")}

func cgaugeOf(name string) (cgauge, bool) {
	for g, n := range cgaugeNames {
		if n == name {
			return cgauge(g), true
		}
	}
	return 0, false
}

// The cards' names on the wire.
const (
	cardGranary    = "granary"
	cardWar        = "war"
	cardOutpost    = "outpost"
	cardAllegiance = "allegiance"
	cardHospital   = "hospital"
	cardFire       = "fire"
	cardBarbarians = "barbarians"
	cardCivilWar   = "civil_war"
	cardWelcome    = "land_of_welcome"
)

// cardWords are the cards' names in the reasons (the seed's in French).
var cardWords = map[string]lang.Text{
	cardGranary: lang.T("granary", "grenier"), cardWar: lang.T("a good war", "une bonne guerre"), cardOutpost: lang.T("outpost", "poste avancé"),
	cardAllegiance: lang.T("allegiance", "allégeance"), cardHospital: lang.T("hospital", "hôpital"), cardFire: lang.T("fire", "incendie"),
	cardBarbarians: lang.T("barbarian invasion", "invasion barbare"), cardCivilWar: lang.T("civil war", "guerre civile"),
	cardWelcome: lang.T("land of welcome", "terre d'accueil"),
}

// The numbers of the Castle's rules that CastleRules does not carry
// (docs/castle.md, CAS-CONVERT, CAS-WAR, CAS-ALLEGIANCE, CAS-WELCOME and
// the cards' rows), named once here until the wire carries them. The
// others (bounds, links, slots, the tax, the fire, the prices) are read
// from the view.
const (
	// convertArmy is the army a conversion makes.
	convertArmy = 1
	// warArmy is the army each side of a war loses; warCivilians the
	// loser's civilians lost; warLoot the gold or wheat the winner takes.
	warArmy      = 1
	warCivilians = 1
	warLoot      = 1
	// taxCivilians is what an allegiance costs a city short of the tax.
	taxCivilians = 1
	// welcomeCivilians is what a land of welcome takes from each neighbour.
	welcomeCivilians = 1
)

// discardPrice is what a rival pays to discard its card (CAS-DISCARD),
// which the bot reckons before that rival's play step, when the view's
// legal discard and its price are not yet the rival's to see; allegiance
// cannot be discarded. The bot's own discard reads its price from its
// legal action.
var discardPrice = [cGauges]int{cGold: 1, cWheat: 1}

// cardGauges are the plain effects of the cards that change the holder's
// gauges by fixed amounts (hospital, barbarians, civil war); the fire's
// wheat is the rules' fire_wheat.
var cardGauges = map[string][cGauges]int{
	cardHospital:   {cHealth: 1},
	cardBarbarians: {cWheat: -1, cArmy: -1},
	cardCivilWar:   {cCiv: -1, cArmy: -1},
}

// ccity is one city as the bot sees it.
type ccity struct {
	g [cGauges]int
	// granary and outpost are what the stores hold, -1 when none stands.
	granary, outpost int
	fell             bool
}

// ctable is the whole table: the cities, the ring of standing cities (the
// turn order from the current city, rule CAS-SEATS) and the rules.
type ctable struct {
	cities []ccity
	ring   []int
	// lo and hi bound the gauges; a city falls when its civilians reach
	// civLow or civHigh, or its army armyHigh (CAS-FALL).
	lo, hi                    int
	civLow, civHigh, armyHigh int
	// tax is the allegiance's gold, fire the wheat a fire burns.
	tax, fire int
	links     []*pb.CastleLink
	faces     []*pb.DieFace
	// emptyShields: an outpost holding no army takes a war's blow
	// (CAS-OUTPOST); holdTies: a war fought to a tie is the defender's,
	// warGold the gold a war costs its attacker (CAS-WAR). The view's
	// rules say which.
	emptyShields, holdTies bool
	warGold                int
}

// tableOf reads the table of a Castle view.
func tableOf(c *pb.CastleView) *ctable {
	r := c.GetRules()
	t := &ctable{lo: int(r.GetMinGauge()), hi: int(r.GetMaxGauge()), tax: int(r.GetAllegianceGold()),
		civLow: int(r.GetFallCiviliansLow()), civHigh: int(r.GetFallCiviliansHigh()), armyHigh: int(r.GetFallArmy()),
		fire: int(r.GetFireWheat()), links: r.GetLinks(), faces: r.GetFaces(),
		emptyShields: r.GetEmptyOutpostShields(), holdTies: r.GetDefenderHoldsTies(), warGold: int(r.GetWarGold())}
	for _, city := range c.GetCities() {
		t.cities = append(t.cities, ccity{
			g: [cGauges]int{int(city.GetGold()), int(city.GetWheat()), int(city.GetHealth()),
				int(city.GetCivilians()), int(city.GetArmy())},
			granary: int(city.GetGranary()), outpost: int(city.GetOutpost()), fell: city.GetFellTurn() != 0,
		})
	}
	for _, c := range c.GetTurnOrder() {
		t.ring = append(t.ring, int(c))
	}
	return t
}

// clone returns a copy of t whose cities may change.
func (t *ctable) clone() *ctable {
	c := *t
	c.cities = append([]ccity(nil), t.cities...)
	return &c
}

// neighbours returns city c's neighbours in the ring: the next standing
// city, then the previous one, once each.
func (t *ctable) neighbours(c int) []int {
	n := len(t.ring)
	for i, r := range t.ring {
		if r != c {
			continue
		}
		next, prev := t.ring[(i+1)%n], t.ring[(i+n-1)%n]
		switch {
		case next == c:
			return nil
		case next == prev:
			return []int{next}
		}
		return []int{next, prev}
	}
	return nil
}

// add changes city c's gauge g by d within the bounds; an army loss the
// gauge cannot take falls on civilians (rule CAS-LOSS).
func (t *ctable) add(c int, g cgauge, d int) {
	city := &t.cities[c]
	if g == cArmy && city.g[cArmy]+d < t.lo {
		short := t.lo - (city.g[cArmy] + d)
		city.g[cArmy] = t.lo
		city.g[cCiv] = t.clamp(city.g[cCiv] - short)
		return
	}
	city.g[g] = t.clamp(city.g[g] + d)
}

func (t *ctable) clamp(v int) int { return min(t.hi, max(t.lo, v)) }

// settle marks the cities that fall (rule CAS-FALL).
func (t *ctable) settle() {
	for c := range t.cities {
		city := &t.cities[c]
		if !city.fell && (city.g[cCiv] <= t.civLow || city.g[cCiv] >= t.civHigh || city.g[cArmy] >= t.armyHigh) {
			city.fell, city.granary, city.outpost = true, -1, -1
		}
	}
}

// play plays card for city c with argument arg (a war's target, a store's
// count; -1 for none) and returns the table after it.
func (t *ctable) play(c int, card string, arg int) *ctable {
	n := t.clone()
	city := &n.cities[c]
	switch card {
	case cardGranary:
		city.granary = max(city.granary, 0) + max(arg, 0)
		n.add(c, cWheat, -max(arg, 0))
	case cardOutpost:
		city.outpost = max(city.outpost, 0) + max(arg, 0)
		n.add(c, cArmy, -max(arg, 0))
	case cardWar:
		if arg >= 0 {
			n.war(c, arg)
		}
	case cardAllegiance:
		if city.g[cGold] >= n.tax {
			n.add(c, cGold, -n.tax)
		} else {
			n.add(c, cCiv, -taxCivilians)
		}
	case cardFire:
		n.add(c, cWheat, -n.fire)
	case cardWelcome:
		for _, o := range t.neighbours(c) {
			if n.cities[o].g[cCiv] > n.lo {
				n.add(o, cCiv, -welcomeCivilians)
				n.add(c, cCiv, welcomeCivilians)
			}
		}
	default:
		for g, d := range cardGauges[card] {
			if d != 0 {
				n.add(c, cgauge(g), d)
			}
		}
	}
	n.settle()
	return n
}

// war plays city a's war on city d (rule CAS-WAR).
func (t *ctable) war(a, d int) {
	t.add(a, cGold, -t.warGold)
	if t.shields(d) {
		t.cities[d].outpost = -1
		t.add(a, cArmy, -warArmy)
		return
	}
	t.cities[d].outpost = -1 // an empty outpost, overrun
	armyA, armyD := t.cities[a].g[cArmy], t.cities[d].g[cArmy]
	t.add(a, cArmy, -warArmy)
	t.add(d, cArmy, -warArmy)
	switch {
	case armyA > armyD:
		t.add(d, cCiv, -warCivilians)
		t.loot(a, d)
	case armyD > armyA, armyD == armyA && t.holdTies:
		t.add(a, cCiv, -warCivilians)
		t.loot(d, a)
	}
}

// shields reports whether city c's outpost takes a war's blow: it stands
// and holds army, or the rules let an empty one shield (CAS-OUTPOST).
func (t *ctable) shields(c int) bool {
	o := t.cities[c].outpost
	return o > 0 || o == 0 && t.emptyShields
}

// loot gives winner w the gold or wheat of loser l it has more of.
func (t *ctable) loot(w, l int) {
	g := t.cities[l].g
	take := cGold
	if g[cWheat] > g[cGold] {
		take = cWheat
	}
	if g[take] > t.lo {
		t.add(l, take, -warLoot)
		t.add(w, take, warLoot)
	}
}

// discard is city c's discard at price cost.
func (t *ctable) discard(c int, cost [cGauges]int) *ctable {
	n := t.clone()
	for g, d := range cost {
		if d != 0 {
			n.add(c, cgauge(g), -d)
		}
	}
	n.settle()
	return n
}

// linked returns g after the links of a city's turn (rule CAS-LINKS): of
// the links of one gauge the first that holds applies, every link reading
// the gauges as they were.
func (t *ctable) linked(g [cGauges]int) [cGauges]int {
	out := g
	var done [cGauges]bool
	for _, l := range t.links {
		src, ok1 := cgaugeOf(l.GetGauge())
		dst, ok2 := cgaugeOf(l.GetTarget())
		if !ok1 || !ok2 || done[src] {
			continue
		}
		v := g[src]
		if (l.GetAtLeast() > 0 && v >= int(l.GetAtLeast())) || (l.GetAtLeast() == 0 && v < int(l.GetBelow())) {
			done[src] = true
			out[dst] = t.clamp(out[dst] + int(l.GetDelta()))
		}
	}
	return out
}

// fallen is the risk of a fallen city: more than any standing one.
const fallen = 1000.0

// foreseen bounds the risk of a fall the links foresee on a coming turn:
// a fall foreseen is never as bad as a fall now, which leaves no turn to
// mend it nor the hope that a rival falls first.
const foreseen = 150.0

// edge is the risk of a gauge d steps from a fall: 1 step is grave, 5 is
// nothing.
var edge = [...]float64{fallen, 50, 15, 5, 1.5}

func edgeRisk(d int) float64 {
	if d < len(edge) {
		return edge[max(d, 0)]
	}
	return 0
}

// weights are what a city weighs in its own gauges: caution multiplies
// the risk of the gauges near a fall; under armyWant army, goldWant gold
// wheatWant wheat and healthWant health the city feels bare, poor, hungry
// or sick.
type weights struct {
	caution                                   float64
	armyWant, goldWant, wheatWant, healthWant int
}

// style is how a posture values a table: its own weights, and
// hostility[c], how much city c's misfortune is worth to it (rivals are
// judged by neutral weights).
type style struct {
	own, rival weights
	hostility  []float64
}

// Projection weights: the risk of the gauges now, after the next turn's
// links, and after the one after.
var projection = [...]float64{1, 0.5, 0.25}

// risk is how close city c stands to a fall under style s: the gauges'
// distance from each fall, now and over its next turns' links, and what it
// lacks to weather the cards (gold for the tax and a discard, wheat, army,
// an outpost).
func (t *ctable) risk(c int, s weights) float64 {
	city := &t.cities[c]
	if city.fell {
		return fallen
	}
	r := 0.0
	g := city.g
	for i, w := range projection {
		if i > 0 {
			g = t.linked(g)
		}
		e := 1.8*edgeRisk(g[cCiv]-t.civLow) + 0.7*edgeRisk(t.civHigh-g[cCiv]) + 0.7*edgeRisk(t.armyHigh-g[cArmy])
		if i > 0 {
			e = min(e, foreseen)
		}
		r += w * s.caution * e
	}
	g = city.g
	// One bad roll from a link's loss.
	for _, f := range t.faces {
		if gauge, ok := cgaugeOf(f.GetGauge()); ok && f.GetDelta() < 0 {
			worse := g
			worse[gauge] = t.clamp(worse[gauge] + int(f.GetDelta()))
			if t.linked(worse)[cCiv] < t.linked(g)[cCiv] {
				r += 1.5 * s.caution
				break
			}
		}
	}
	if burnt := t.linked([cGauges]int{g[cGold], g[cWheat] - t.fire, g[cHealth], g[cCiv], g[cArmy]}); burnt[cHealth] < g[cHealth] {
		r += 1
	}
	// Every gold, wheat and health is worth a little: what the cards will
	// take.
	r -= stockValue * float64(g[cGold]+g[cWheat]+max(city.granary, 0)+g[cHealth])
	if g[cGold] < s.goldWant {
		r += 1.5 * float64(s.goldWant-g[cGold])
	}
	if g[cGold] == t.lo || g[cWheat] == t.lo {
		r += 2
	}
	if g[cArmy] < s.armyWant {
		r += 1.2 * float64(s.armyWant-g[cArmy])
	}
	if g[cWheat]+max(city.granary, 0) < s.wheatWant {
		r += 0.8 * float64(s.wheatWant-g[cWheat]-max(city.granary, 0))
	}
	if g[cHealth] < s.healthWant {
		r += float64(s.healthWant - g[cHealth])
	}
	if g[cArmy] == t.lo {
		r += 3
	}
	if t.shields(c) {
		r -= 2
	}
	return r
}

// rivalCap bounds what a rival's misfortune is worth: its fall is worth
// that much, not a thousand, but more than any harm short of it.
const rivalCap = 400.0

// stockValue is what a unit of gold, wheat or health is worth beyond the
// wants of a posture.
const stockValue = 0.4

// worth is the table's value to city me under style s: its own safety,
// and its rivals' misfortune weighed by hostility.
func (t *ctable) worth(me int, s *style) float64 {
	w := -t.risk(me, s.own)
	for c := range t.cities {
		if c != me && c < len(s.hostility) && s.hostility[c] != 0 {
			w += s.hostility[c] * min(t.risk(c, s.rival), rivalCap)
		}
	}
	return w
}
