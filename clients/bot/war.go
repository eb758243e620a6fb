package bot

import (
	"cmp"
	"slices"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// War actions the bot plays besides raise_army and send_army.
const (
	actRecall = "recall_army"
	actSpy    = "spy"
)

// War figures: the bot's own margins and guesses. The defence terms of
// the rules (BAT-2) are the view's (rules.zoneDefence).
const (
	// unseenArmy is the bot's guess of the share of a rival's field army
	// that defends each of its zones: no view shows it.
	unseenArmy = 2
	// staleDays: a zone last seen this many days ago gets one more man of
	// defence per staleDays days (garrisons grow), and is spied on before
	// an attack (spyAge).
	staleDays = 5
	spyAge    = 8
	// spyGold is the gold a camp must hold to spy (the spy's price
	// included).
	spyGold = 25
	// attackMargin is the men an attack waits for beyond one and a half
	// times the estimated defence (rule AI-AGGR), so that the investment
	// leaves the lines a lead the holder's relief cannot close (SIE-5).
	attackMargin = 3
	strikeNum    = 3
	strikeDen    = 2
	// reliefMen is the men the camp expects a besieged holder to raise and
	// send before the decisive assault, beyond the estimate, and
	// reliefDev the levels of development known on the holder's land for
	// each man more (rule AI-AGGR): a developed camp is a populous one,
	// and its adults are its levies (ARM-2).
	reliefMen = 2
	reliefDev = 15
	// siegeMargin is the lead the bot wants its siege lines to keep over
	// the place's defence until the decisive assault.
	siegeMargin = 2
	// keepGarrison is what a recall leaves in a zone.
	keepGarrison = 1
)

// enemyDefence estimates the defence of another camp's zone z today: its
// defence as last seen (zoneDefence with unseenArmy), plus one man per
// staleDays days since (rule AI-WAR-TARGET).
func (d decider) enemyDefence(z *pb.Zone) int32 {
	return d.r.zoneDefence(z, unseenArmy) + max(0, d.v.GetDay()-z.GetLastSeenDay())/staleDays
}

// strikeArmy returns the field army an aggressive camp waits for before
// it marches on zone z (rule AI-AGGR): one and a half times its estimated
// defence (enemyDefence) and the holder's relief (holderRelief), + the
// margin.
func (d decider) strikeArmy(z *pb.Zone) int32 {
	return (d.enemyDefence(z)*strikeNum*2/strikeDen+d.holderRelief(z.GetOwner()))/2 + attackMargin + 1
}

// holderRelief returns, in half men, the relief the camp expects of camp
// holder when it besieges one of its places (rule AI-AGGR): reliefMen, and
// one man more per reliefDev levels of development of the holder's zones
// it knows (seen or remembered), counted in half men: 2 a 15 levels.
func (d decider) holderRelief(holder int32) int32 {
	var dev int32
	for _, z := range d.g.GetZones() {
		if known(z) && z.GetOwner() == holder {
			dev += z.GetDevelopment()
		}
	}
	return 2*reliefMen + 2*dev/reliefDev
}

// siegeOn returns the siege the camp knows of at zone z, or nil.
func (d decider) siegeOn(z int32) *pb.Siege {
	for _, s := range d.g.GetSieges() {
		if s.GetZone() == z {
			return s
		}
	}
	return nil
}

// marchingTo reports whether one of the camp's army columns is on its way
// to zone z.
func (d decider) marchingTo(z int32) bool {
	for _, c := range d.g.GetColumns() {
		if c.GetKind() == pb.ColumnKind_COLUMN_KIND_ARMY && !c.GetHome() && c.GetToZone() == z {
			return true
		}
	}
	return false
}

// distance is the hex distance between two zones.
func distance(a, b *pb.Zone) int32 {
	dq, dr := a.GetQ()-b.GetQ(), a.GetR()-b.GetR()
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// relieve answers a siege of one of the camp's zones, in every posture
// (rule AI-WAR-RELIEVE): it sends the field army's men the place needs for
// its defence to reach the besiegers' assault, at once (send_army on a held
// zone garrisons it), or levies men when the field army is short. It picks
// the besieged zone that needs the fewest men, then the capital, then the
// lower number; nil when no zone of the camp is besieged or nothing helps.
func (d decider) relieve() *pb.Order {
	v, g := d.v, d.g
	army := g.GetFieldArmy()
	type plea struct {
		z    *pb.Zone
		s    *pb.Siege
		need int32
	}
	var pleas []plea
	for _, z := range d.own {
		s := d.siegeOn(z.GetId())
		if s == nil || s.GetBesieger() == v.GetCamp() {
			continue
		}
		assault := s.GetMen() + d.r.moraleAssault
		// Each man sent leaves the field army, whose share defends too.
		var n int32
		for n = 0; n <= army; n++ {
			if d.r.zoneDefence(z, d.r.share(army-n))+n >= assault {
				break
			}
		}
		pleas = append(pleas, plea{z, s, n})
	}
	if len(pleas) == 0 {
		return nil
	}
	p := slices.MinFunc(pleas, func(a, b plea) int {
		return cmp.Or(cmp.Compare(a.need, b.need), cmp.Compare(btoi(!a.z.GetCapital()), btoi(!b.z.GetCapital())), d.centreFirst(a.z.GetId(), b.z.GetId()))
	})
	l := d.l
	why := l.Sprintf("zone %d besieged by %d men (estimated assault %d, defence %d, assault on day %d)",
		"zone %d assiégée par %d hommes (assaut estimé %d, défense %d, assaut le jour %d)",
		p.z.GetId(), p.s.GetMen(), p.s.GetMen()+d.r.moraleAssault, d.r.zoneDefence(p.z, d.r.share(army)), p.s.GetAssaultDay())
	if p.need > 0 && p.need <= army {
		if o := d.send(p.need, p.z.GetId(), l.Sprintf("relief: %s", "secours : %s", why)); o != nil {
			return o
		}
	}
	if s := d.raiseSpec(); s != nil {
		n := s.GetMax()
		return &pb.Order{Action: actRaise, Args: []int32{n},
			Reason: l.Sprintf("relief: %s, field army %d too short, raising %d", "secours : %s, armée de campagne %d trop courte, levée de %d", why, army, n)}
	}
	if army > 0 {
		return d.send(army, p.z.GetId(), l.Sprintf("relief: %s, the whole field army", "secours : %s, toute l'armée de campagne", why))
	}
	return nil
}

// reinforce sends men to the camp's own siege lines that no longer keep
// siegeMargin over the place's defence (rule AI-WAR-SIEGE); the countdown
// goes on (SIE-6). The siege with the largest shortfall first; nil when no
// siege needs men, the field army is empty or a column is already on its
// way there.
func (d decider) reinforce(posture string) *pb.Order {
	v, g := d.v, d.g
	var best *pb.Siege
	var bestShort int32
	for _, s := range g.GetSieges() {
		if s.GetBesieger() != v.GetCamp() || d.marchingTo(s.GetZone()) {
			continue
		}
		z := d.zone(s.GetZone())
		if z == nil {
			continue
		}
		short := d.enemyDefence(z) + siegeMargin - (s.GetMen() + d.r.moraleAssault)
		if short > 0 && (best == nil || short > bestShort) {
			best, bestShort = s, short
		}
	}
	if best == nil || g.GetFieldArmy() == 0 {
		return nil
	}
	la := legal(v, actSend)
	if la == nil || len(la.GetArgs()) != 2 || !allows(la.GetArgs()[1], best.GetZone()) {
		return nil
	}
	n := clamp(la.GetArgs()[0], bestShort)
	return &pb.Order{Action: actSend, Args: []int32{n, best.GetZone()},
		Reason: d.l.Sprintf("%s: %d men to reinforce the siege of zone %d (%d in the lines against an estimated defence of %d, assault on day %d)",
			"%s : renfort de %d hommes au siège de la zone %d (%d en ligne contre une défense estimée %d, assaut le jour %d)",
			posture, n, best.GetZone(), best.GetMen(), d.enemyDefence(d.zone(best.GetZone())), best.GetAssaultDay())}
}

// target returns the best zone to attack: a zone held by another camp,
// offered by send_army (so never land of a camp at peace, WAR-PEACE), that
// the camp does not already besiege or march on; the lowest estimated
// defence first (enemyDefence), then the nearest to the capital, then the
// lower number (rule AI-WAR-TARGET). It returns nil when there is none.
func (d decider) target() *pb.Zone {
	v, g := d.v, d.g
	la := legal(v, actSend)
	if la == nil || len(la.GetArgs()) != 2 {
		return nil
	}
	home := d.capital()
	var best *pb.Zone
	for _, z := range g.GetZones() {
		if !known(z) || z.GetOwner() < 0 || z.GetOwner() == v.GetCamp() || !allows(la.GetArgs()[1], z.GetId()) {
			continue
		}
		if s := d.siegeOn(z.GetId()); s != nil && s.GetBesieger() == v.GetCamp() || d.marchingTo(z.GetId()) {
			continue
		}
		if best == nil || cmp.Or(cmp.Compare(d.enemyDefence(z), d.enemyDefence(best)),
			cmp.Compare(distance(home, z), distance(home, best)), d.centreFirst(z.GetId(), best.GetId())) < 0 {
			best = z
		}
	}
	return best
}

// attack returns a send_army order against zone z with the whole field
// army, as many as send_army allows (rule AI-WAR-TARGET); nil when the army
// cannot march there.
func (d decider) attack(z *pb.Zone) *pb.Order {
	la := legal(d.v, actSend)
	if la == nil || len(la.GetArgs()) != 2 || !allows(la.GetArgs()[1], z.GetId()) {
		return nil
	}
	def := d.enemyDefence(z)
	men := clamp(la.GetArgs()[0], d.g.GetFieldArmy())
	return &pb.Order{Action: actSend, Args: []int32{men, z.GetId()},
		Reason: d.l.Sprintf("aggressive: %d men against zone %d of camp %d, estimated defence %d (garrison %d seen on day %d), aggressiveness %d",
			"belliqueux : %d hommes contre la zone %d du camp %d, défense estimée %d (garnison %d vue le jour %d), agressivité %d",
			men, z.GetId(), z.GetOwner(), def, z.GetGarrison(), z.GetLastSeenDay(), d.appetite)}
}

// scout spies on zone z when it was last seen spyAge days ago or more, spy
// is legal there and the camp holds spyGold gold or more (rule AI-SPY).
func (d decider) scout(z *pb.Zone, why string) *pb.Order {
	v, g := d.v, d.g
	age := v.GetDay() - z.GetLastSeenDay()
	la := legal(v, actSpy)
	if age < spyAge || la == nil || len(la.GetArgs()) != 1 || !allows(la.GetArgs()[0], z.GetId()) ||
		g.GetResources().GetGold() < spyGold {
		return nil
	}
	return &pb.Order{Action: actSpy, Args: []int32{z.GetId()},
		Reason: d.l.Sprintf("%s; a spy on zone %d of camp %d, seen %d days ago", "%s ; espion sur la zone %d du camp %d, vue il y a %d jours", why, z.GetId(), z.GetOwner(), age)}
}

// recall brings back to the field army the garrison of the camp's quietest
// zone (rule AI-WAR-RECALL): a zone other than the capital, not besieged,
// with no neighbour known to be held by another camp, the largest garrison
// above keepGarrison first; keepGarrison men stay. nil when none.
func (d decider) recall(why string) *pb.Order {
	v := d.v
	la := legal(v, actRecall)
	if la == nil || len(la.GetArgs()) != 2 {
		return nil
	}
	var best *pb.Zone
	for _, z := range d.own {
		if z.GetCapital() || z.GetGarrison() <= keepGarrison || !allows(la.GetArgs()[0], z.GetId()) || d.exposed(z) {
			continue
		}
		if best == nil || z.GetGarrison() > best.GetGarrison() {
			best = z
		}
	}
	if best == nil {
		return nil
	}
	n := clamp(la.GetArgs()[1], best.GetGarrison()-keepGarrison)
	if n > best.GetGarrison() {
		return nil
	}
	return &pb.Order{Action: actRecall, Args: []int32{best.GetId(), n},
		Reason: d.l.Sprintf("%s; recalling %d men from zone %d, with no known foreign neighbour", "%s ; rappel de %d hommes de la zone %d, sans voisin étranger connu", why, n, best.GetId())}
}

// exposed reports whether zone z borders a zone the camp knows as held by
// another camp.
func (d decider) exposed(z *pb.Zone) bool {
	for _, id := range z.GetNeighbors() {
		if n := d.zone(id); n != nil && known(n) && n.GetOwner() >= 0 && n.GetOwner() != d.v.GetCamp() {
			return true
		}
	}
	return false
}
