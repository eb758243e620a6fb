package grisonval

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grisonval/server/lang"
)

// This file is seed 001's loss of hexes (L301-347, "La perte d'hexagones")
// in a camp of seed 000: land no longer linked to the camp's capital through
// its own zones is cut off (docs/rules.md, "Cut-off land", rules CUT-1 to
// CUT-6). A cut-off zone produces half; the camp's cut-off land costs it
// unrest, more the longer it lasts; a cut-off zone left without a garrison
// breaks away; linking it again ends all of it at once.

// Figures of cut-off land (rules CUT-3, CUT-4).
const (
	// CutOffLossDays is how many days a cut-off zone without a garrison
	// holds before it is lost (CUT-4).
	CutOffLossDays = 10
	// CutOffUnrestDays is how many days of cut-off land add a point of
	// unrest to the first (CUT-3).
	CutOffUnrestDays = 10
	// CutOffUnrestMax is the most unrest cut-off land costs (CUT-3).
	CutOffUnrestMax = 5
)

// CutZone is a zone of a camp cut off from its capital since day Since
// (rule CUT-1).
type CutZone struct {
	Zone  ZoneID `json:"z"`
	Since int    `json:"d"`
}

// CutOff returns, indexed by zone number, the zones of camp c cut off from
// its capital (rule CUT-1): held by c and not linked to the capital by a
// chain of adjacent zones held by c (a besieged zone is still held and
// still links). A camp without a capital has no main territory to be cut
// from: none of its land is cut off (rule CUT-6). The caller may modify the
// slice.
func (w *World) CutOff(c CampID) []bool {
	cut := w.cutOff(c)
	return cut[:]
}

// cutOff is CutOff as an array: the phases that read it allocate nothing.
func (w *World) cutOff(c CampID) (cut [NumZones + 1]bool) {
	held, capital := w.territory(c)
	w.cutFrom(held, capital).each(func(z ZoneID) { cut[z] = true })
	return cut
}

// cutFrom is CutOff as a set, for a camp that holds the zones held, its
// capital among them (0: none).
func (w *World) cutFrom(held zoneMask, capital ZoneID) zoneMask {
	if capital == 0 || !w.Governed() {
		return zoneMask{}
	}
	// A walk by breadth from the capital, a ring of held zones at a time;
	// the sets' two words in variables of their own, which stay in
	// registers.
	var linked zoneMask
	linked.add(capital)
	around := &geometry.around
	lo, hi := linked[0], linked[1] // the ring
	for lo|hi != 0 {
		var nlo, nhi uint64
		for word := lo; word != 0; word &= word - 1 {
			a := &around[bits.TrailingZeros64(word)]
			nlo, nhi = nlo|a[0], nhi|a[1]
		}
		for word := hi; word != 0; word &= word - 1 {
			a := &around[64+bits.TrailingZeros64(word)]
			nlo, nhi = nlo|a[0], nhi|a[1]
		}
		lo, hi = nlo&held[0]&^linked[0], nhi&held[1]&^linked[1]
		linked[0], linked[1] = linked[0]|lo, linked[1]|hi
	}
	return held.andNot(linked)
}

// cutoffShare returns the share of its output zone z gives, in halves
// (rule CUT-2): 1 for a cut-off zone, 2 for a zone linked to the capital.
// production counts every zone's terrain income and buildings in halves.
func cutoffShare(cut zoneMask, z ZoneID) int64 {
	if cut.has(z) {
		return 1
	}
	return 2
}

// payHalves pays out a camp's production h, counted in half hundredths
// (rules CUT-2, RES-2), with what the camp carries from earlier days: carry
// in hundredths and half, the half hundredth (0 or 1 of each resource) a
// cut-off zone's halved output left over. It returns the whole units paid
// and what is carried to the next day; nothing is lost.
func payHalves(h, carry, half Resources) (paid, nextCarry, nextHalf Resources) {
	total := carry.scale(2).Add(half).Add(h)
	paid = total.div(200)
	rest := total.Sub(paid.scale(200))
	nextCarry = rest.div(2)
	return paid, nextCarry, rest.Sub(nextCarry.scale(2))
}

// CutOffUnrest returns the unrest camp c's cut-off land costs it each day
// (rule CUT-3): 1 while it has land cut off, 1 more every CutOffUnrestDays
// days since its land was first cut off (without being whole again in
// between), at most CutOffUnrestMax; 0 when its land is whole.
func (w *World) CutOffUnrest(c CampID) int {
	since := w.Camps[c].CutOffSince
	if since == 0 {
		return 0
	}
	return min(CutOffUnrestMax, 1+max(0, w.Day-since)/CutOffUnrestDays)
}

// cutoffStats adds cut-off land's unrest to camp c's kingdom statistics
// (rule CUT-3).
func (w *World) cutoffStats(c CampID, s *Stats) {
	s.Unrest += w.CutOffUnrest(c)
}

// cutOffLand is the cut-off phase (rules CUT-1, CUT-3 to CUT-6), after the
// day's arrivals, sieges and extinctions, so that a zone lost or taken today
// cuts off or links again today. Camp by camp (a zone that goes free links
// no other camp's land, so no camp sees another's outcome): the zones cut
// off tonight are recorded with the day they were cut off (kept for those
// already cut off); zones linked again are told; a cut-off zone without a
// garrison all day and not besieged, cut off CutOffLossDays days ago or
// more, is lost (it goes free); the spell of cut-off land starts with its
// first zone and ends when none is left.
func (t *tick) cutOffLand() {
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive {
			camp.CutZones, camp.CutOffSince = nil, 0
			continue
		}
		cut := t.w.cutOff(c)
		old := camp.CutZones
		var next []CutZone
		var fresh, rejoined []ZoneID
		for _, cz := range old {
			if t.w.Zones[cz.Zone].Owner == c && !cut[cz.Zone] {
				rejoined = append(rejoined, cz.Zone)
			}
		}
		for z := ZoneID(1); z <= NumZones; z++ {
			if !cut[z] {
				continue
			}
			cz := CutZone{Zone: z, Since: t.w.Day}
			if i := slices.IndexFunc(old, func(o CutZone) bool { return o.Zone == z }); i >= 0 {
				cz.Since = old[i].Since
			} else {
				fresh = append(fresh, z)
			}
			if t.w.Day-cz.Since >= CutOffLossDays && t.unguarded(z) && !t.w.Besieged(z) {
				t.loseCutZone(c, cz)
				continue
			}
			next = append(next, cz)
		}
		camp.CutZones = next
		capital := t.w.Capital(c)
		switch {
		case len(next) > 0 && camp.CutOffSince == 0:
			camp.CutOffSince = t.w.Day
		case len(next) == 0 && camp.CutOffSince != 0:
			camp.CutOffSince = 0
			if capital == 0 {
				t.note(c, "cut_off_end", nil, lang.T("With the capital fallen, %s has no heartland to be cut from: its scattered lands stand on their own until a new capital is named.", "La capitale tombée, %s n'a plus de cœur dont être coupé : ses terres éparses tiennent seules jusqu'à ce qu'une nouvelle capitale soit nommée.", camp.Name),
					lang.T("cut-off land: no capital, so no zone is cut off; the unrest of cut-off land stops", "terres coupées : pas de capitale, donc aucune zone coupée ; l'agitation des terres coupées cesse"))
			}
		}
		if len(rejoined) > 0 && capital != 0 {
			narr := lang.T("The road is open again: %s linked to the capital through held land once more.", "La route est rouverte : %s de nouveau reliée(s) à la capitale par des terres tenues.", zonesText(rejoined))
			why := lang.T("cut-off land: linked again to capital zone %d; full output from tomorrow", "terres coupées : reliée(s) de nouveau à la capitale, zone %d ; production pleine dès demain", capital)
			if len(next) == 0 {
				why = lang.T("cut-off land: linked again to capital zone %d; no zone is cut off any more, the unrest of cut-off land stops; full output from tomorrow", "terres coupées : reliée(s) de nouveau à la capitale, zone %d ; plus aucune zone coupée, l'agitation des terres coupées cesse ; production pleine dès demain", capital)
			}
			t.note(c, "cut_off_rejoined", rejoined, narr, why)
		}
		if len(fresh) > 0 {
			t.note(c, "cut_off", fresh,
				lang.T("%s: no road through held land leads to the capital any more; the land is cut off.", "%s : plus aucune route par des terres tenues ne mène à la capitale ; la terre est coupée.", zonesText(fresh)),
				lang.T("cut-off land: no chain of held zones to capital zone %d; a cut-off zone produces half; unrest %d a day; a zone without a garrison is lost on day %d unless linked again", "terres coupées : aucune chaîne de zones tenues jusqu'à la capitale, zone %d ; une zone coupée produit moitié ; agitation %d par jour ; une zone sans garnison est perdue le jour %d sauf si elle est reliée de nouveau",
					capital, t.w.CutOffUnrest(c), t.w.Day+CutOffLossDays))
		}
	}
}

// unguarded reports whether zone z had no garrison all day (rule CUT-4):
// none at dawn and none tonight. A man who held it at dawn and fell today
// still held it today; a garrison sent today (send_army, an arrival) holds
// it tonight.
func (t *tick) unguarded(z ZoneID) bool {
	return t.w.Zones[z].Garrison == 0 && (t.prev.Zones[z].Owner != t.w.Zones[z].Owner || t.prev.Zones[z].Garrison == 0)
}

// loseCutZone makes camp c lose cut-off zone cz (rule CUT-4): the zone goes
// free and is sacked as any zone lost (BLD-SACK, DEV-3); the camp and every
// camp that sees it hear of it (FOG-2).
func (t *tick) loseCutZone(c CampID, cz CutZone) {
	zone := &t.w.Zones[cz.Zone]
	zone.Owner, zone.Garrison = NoCamp, 0
	t.w.sack(cz.Zone)
	t.announce(cz.Zone, "cut_off_lost", lang.T("Cut off from its capital and with no garrison, zone %d (%s) breaks away from %s: it is free land now.", "Coupée de sa capitale et sans garnison, la zone %d (%s) se détache de %s : c'est désormais une terre libre.", cz.Zone, terrainName(zone.Terrain), t.w.Camps[c].Name),
		lang.T("cut-off land: cut off since day %d (%d days), no garrison: the zone goes free, sacked as any zone lost (half its buildings kept, its monument razed, a development level lost)", "terres coupées : coupée depuis le jour %d (%d jours), sans garnison : la zone devient libre, saccagée comme toute zone perdue (la moitié de ses bâtiments restent, son monument rasé, un niveau de développement perdu)",
			cz.Since, t.w.Day-cz.Since), c)
}

// zonesText names zones for the journal: "zone 28" or "zones 27, 28".
func zonesText(zs []ZoneID) lang.Text {
	n := make([]string, len(zs))
	for i, z := range zs {
		n[i] = strconv.Itoa(int(z))
	}
	list := strings.Join(n, ", ")
	if len(zs) == 1 {
		return lang.T("zone %s", "zone %s", list)
	}
	return lang.T("zones %s", "zones %s", list)
}
