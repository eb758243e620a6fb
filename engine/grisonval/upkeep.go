package grisonval

import "github.com/grisonval/server/lang"

// Upkeep thresholds (rules UPK-1 to UPK-3).
const (
	FreeBuildings   = 4
	FreeZones       = 5
	FreeInhabitants = 10
	// MinShortfall is the smallest unpaid upkeep, in units of any resource,
	// that counts (rule UPK-5).
	MinShortfall = 3
	// WoodShelter is the wood kept under shelter; 2 % of the excess rots
	// each day (rule UPK-6).
	WoodShelter = 150
)

// UpkeepBill is one camp's daily upkeep, axis by axis (rules UPK-1 to
// UPK-3).
type UpkeepBill struct {
	Buildings, Territory, Governance Resources
}

// Total returns the sum of the three axes.
func (b UpkeepBill) Total() Resources { return b.Buildings.Add(b.Territory).Add(b.Governance) }

// Upkeep returns camp c's daily upkeep (rules UPK-1 to UPK-3): buildings
// beyond the first 4 cost 1 wood per 2, 1 stone per 8, 1 tool per 20 and 1
// gold per 10, plus 1 gold per 3 development levels; zones beyond the first
// 5 cost 1 wood per 2, 1 stone per 5 and 1 gold per 3; inhabitants beyond
// the first 10 cost 1 gold per 5. Every division rounds down. A besieged
// zone costs nothing (rule SIE-4).
func (w *World) Upkeep(c CampID) UpkeepBill {
	var buildings, levels, zones int64
	all, sieged := w.Zones[:NumZones+1], w.besieged()
	for z := ZoneID(1); z < ZoneID(len(all)); z++ {
		if zone := &all[z]; zone.Owner == c && !sieged.has(z) {
			zones++
			buildings += int64(len(zone.Buildings))
			levels += int64(zone.Development)
		}
	}
	// The ruler's Bâtisseur frees buildings, its Intendance governance gold
	// (rule SHEET-BONUS).
	r := w.Rulers[c]
	bill := upkeepBill(max(0, buildings-int64(r.FreeBuildings)), levels, zones, int64(w.Population(c)))
	bill.Governance.Gold = max(0, bill.Governance.Gold-int64(r.UpkeepGoldRebate))
	return bill
}

// upkeepBill is the upkeep of a camp holding buildings buildings, levels
// development levels, zones zones and pop inhabitants.
func upkeepBill(buildings, levels, zones, pop int64) UpkeepBill {
	b := max(0, buildings-FreeBuildings)
	t := max(0, zones-FreeZones)
	p := max(0, pop-FreeInhabitants)
	return UpkeepBill{
		Buildings:  Resources{Wood: b / 2, Stone: b / 8, Tools: b / 20, Gold: b/10 + levels/3},
		Territory:  Resources{Wood: t / 2, Stone: t / 5, Gold: t / 3},
		Governance: Resources{Gold: p / 5},
	}
}

// payUpkeep takes bill from stock r as far as it goes (rule UPK-4): wood,
// then stone, each missing stone paid with 2 wood, then tools and gold. It
// returns the units left unpaid.
func payUpkeep(r *Resources, bill Resources) int64 {
	take := func(have *int64, due int64) int64 {
		paid := min(*have, due)
		*have -= paid
		return due - paid
	}
	short := take(&r.Wood, bill.Wood)
	missing := take(&r.Stone, bill.Stone)
	inWood := min(missing, r.Wood/2)
	r.Wood -= 2 * inWood
	short += missing - inWood
	short += take(&r.Tools, bill.Tools)
	short += take(&r.Gold, bill.Gold)
	return short
}

// WoodRot returns the wood that rots today from a stock of wood (rule
// UPK-6): 2 % of the excess over 150, rounded down.
func WoodRot(wood int64) int64 { return max(0, wood-WoodShelter) * 2 / 100 }

// upkeep takes every camp's daily upkeep, then rots its wood (rules UPK-1
// to UPK-6). A shortfall of 3 units or more degrades the camp's buildings
// and costs 3 morale; a day paid in full (or short by less than 3) restores
// them. Then the camp keeps its edicts: their consumption and morale (rules
// EDI-2, EDI-3, EDI-6).
func (t *tick) upkeep() {
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive {
			continue
		}
		bill := t.w.Upkeep(c).Total()
		short := payUpkeep(&camp.Resources, bill)
		switch {
		case short >= MinShortfall:
			camp.Morale = max(0, camp.Morale-3)
			narr := lang.T("The upkeep is not paid: the roofs leak, the tools rust and the buildings decay.", "L'entretien n'est pas payé : les toits fuient, les outils rouillent et les bâtiments se dégradent.")
			if camp.Degraded {
				narr = lang.T("The upkeep is still unpaid: the decayed buildings give only half their work.", "L'entretien reste impayé : les bâtiments dégradés ne rendent que la moitié de leur ouvrage.")
			}
			camp.Degraded = true
			t.note(c, "upkeep_unpaid", nil, narr,
				lang.T("the day's upkeep %s; %d unit(s) unpaid; morale -3 (%d); the buildings' output halved", "entretien du jour %s ; %d unité(s) impayée(s) ; moral -3 (%d) ; production des bâtiments divisée par deux", bill.text(), short, camp.Morale))
		case camp.Degraded:
			camp.Degraded = false
			t.note(c, "upkeep_restored", nil, lang.T("The upkeep is paid at last: carpenters and masons set the buildings right.", "L'entretien est enfin payé : charpentiers et maçons remettent les bâtiments en état."),
				lang.T("the day's upkeep %s paid", "entretien du jour %s payé", bill.text()))
		}
		camp.Resources.Wood -= WoodRot(camp.Resources.Wood)
		t.keepEdicts(c, t.stats[c])
	}
}
