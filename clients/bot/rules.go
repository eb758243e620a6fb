package bot

import (
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// rules are the numbers of Grisonval's rules the bot plans with, as the
// view carries them (GrisonvalRules, docs/rules.md ECO-1, BLD-*, BAT-2):
// the bot reads them and never copies one. The zero value knows no rule:
// every income, output and defence term is 0.
type rules struct {
	// income is a held zone's daily income by terrain (ECO-1); ground the
	// defence its terrain adds (BAT-2).
	income map[pb.Terrain]stock
	ground map[pb.Terrain]int32
	// output is one building's base daily output; defence the defence it
	// adds to its zone (BAT-2).
	output  map[string]stock
	defence map[string]int32
	// militia, capital and monument are the defence terms of every held
	// zone, of a capital and of the great monument; divisor is the share
	// of the holder's field army that defends each of its zones: one man
	// in divisor (BAT-2).
	militia, capital, monument, divisor int32
	// moraleAssault is what high morale adds to an assault (BAT-1).
	moraleAssault int32
	// soldiersPerFood and winterMouths say what a camp eats (ECO-2,
	// ECO-3): a food per inhabitant, per soldiersPerFood men of the field
	// army, and in winter per winterMouths inhabitants.
	soldiersPerFood, winterMouths int32
	// lotFood is the food a trade lot buys (TRD-1); temples the most
	// temples whose morale counts (BLD-10); legitimacy what a new
	// government starts from (POL-2); shelter the wood kept under shelter
	// (UPK-6).
	lotFood    int64
	temples    int
	legitimacy int32
	shelter    int64
}

// rulesOf reads the rules a view carries.
func rulesOf(r *pb.GrisonvalRules) rules {
	out := rules{
		income: map[pb.Terrain]stock{}, ground: map[pb.Terrain]int32{},
		output: map[string]stock{}, defence: map[string]int32{},
		militia: r.GetMilitiaDefence(), capital: r.GetCapitalDefence(),
		monument: r.GetMonumentDefence(), divisor: r.GetFieldArmyDivisor(),
		moraleAssault: r.GetMoraleAssault(), soldiersPerFood: r.GetSoldiersPerFood(), winterMouths: r.GetWinterMouthsPerFood(),
		lotFood: r.GetTradeLotFood(), temples: int(r.GetTempleMoraleLimit()), legitimacy: r.GetGovernmentLegitimacy(),
		shelter: r.GetWoodShelter(),
	}
	for _, t := range r.GetTerrains() {
		out.income[t.GetTerrain()] = stockOf(t.GetIncome())
		out.ground[t.GetTerrain()] = t.GetDefence()
	}
	for _, b := range r.GetBuildings() {
		out.output[b.GetBuilding()] = stockOf(b.GetOutput())
		out.defence[b.GetBuilding()] = b.GetDefence()
	}
	return out
}

// eat returns what a camp of pop inhabitants and a field army of army
// men eats a day, in winter or not (ECO-2, ECO-3).
func (r rules) eat(pop, army int32, winter bool) int64 {
	n := int64(pop)
	if r.soldiersPerFood > 0 {
		n += int64(army / r.soldiersPerFood)
	}
	if winter && r.winterMouths > 0 {
		n += int64(pop / r.winterMouths)
	}
	return n
}

// share returns the men of a field army of army men that defend each zone
// of its holder (BAT-2); none when the view carries no divisor.
func (r rules) share(army int32) int32 {
	if r.divisor <= 0 {
		return 0
	}
	return army / r.divisor
}

// zoneDefence estimates the defence of zone z for a column of another camp
// (BAT-2), from what the view shows of it: garrison, terrain, militia,
// capital, development, monument and buildings, plus share men of the
// holder's field army.
func (r rules) zoneDefence(z *pb.Zone, share int32) int32 {
	d := z.GetGarrison() + r.ground[z.GetTerrain()] + r.militia + z.GetDevelopment() + share
	if z.GetCapital() {
		d += r.capital
	}
	if z.GetMonument() {
		d += r.monument
	}
	for _, b := range z.GetBuildings() {
		d += r.defence[b]
	}
	return d
}

// resKeys are the resources as an Amount names them, in the order of a
// stock.
var resKeys = [numRes]string{"food", "wood", "stone", "tools", "gold", "research"}

// price returns what legal action la costs as the view lists it
// (LegalAction.cost): its fixed price, or, when cost_per is set, n times
// the price of one unit (n men of raise_army; for develop, n is the level
// the zone develops from, rule DEV-2, so that level 0 to 1 is free).
func price(la *pb.LegalAction, n int64) stock {
	var s stock
	for _, a := range la.GetCost() {
		for r, k := range resKeys {
			if a.GetResource() == k {
				s[r] += a.GetAmount()
			}
		}
	}
	if la.GetCostPer() != "" {
		for r := range s {
			s[r] *= n
		}
	}
	return s
}
