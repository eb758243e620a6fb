// Package bot is the AI bot: a thin client that plays one camp through the
// public gRPC API, choosing each day among the legal actions the server lists
// according to the camp's posture (seed 000, "Les deux factions rivales").
package bot

import (
	"cmp"
	"fmt"
	"slices"

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

// Thresholds that shape the postures. Costs are not among them: the server
// lists an action as legal only when the camp can pay for it.
const (
	// growthLowMorale, aggressiveLowMorale and prudentLowMorale are the
	// morale levels under which each posture rests.
	growthLowMorale     = 40
	aggressiveLowMorale = 35
	prudentLowMorale    = 60
	// lowWood is the stock under which a camp chops wood.
	lowWood = 20
	// aggressiveArmy is the field army an aggressive camp raises before it
	// marches.
	aggressiveArmy = 12
	// aggressiveCapitalGarrison is the garrison an aggressive camp keeps on
	// its capital.
	aggressiveCapitalGarrison = 3
	// prudentGarrison is the garrison a prudent camp keeps on each zone.
	prudentGarrison = 4
	// prudentExpandFood is the food stock from which a prudent camp expands:
	// three settler columns' worth, so that it expands rarely.
	prudentExpandFood = 1800
	// Defence a column must beat besides the garrison: 2 of militia, 2 more
	// on a capital (seed 000, "Défense").
	militiaDefence = 2
	capitalDefence = 2
	// The expansion bridle of AI-controlled camps (seed 000): expand only
	// while holding fewer than bridleBase + day/bridleStep zones and with
	// fewer than bridleColumns columns on the march.
	bridleBase    = 2
	bridleStep    = 5
	bridleColumns = 2
)

// Decide returns the order camp v plays for the next day, according to the
// posture in v.Controller (POSTURE_UNSPECIFIED plays growth). It is pure and
// deterministic, and chooses only among v.LegalActions with argument values
// inside their ArgSpec. The order's Reason names, in French, the figures that
// decided. When nothing else is legal it returns "rest"; when the view lists
// no legal action at all (an extinct camp), that rest is not legal either.
func Decide(v *pb.CampView) *pb.Order {
	d := decider{v: v}
	var o *pb.Order
	switch v.GetController().GetPosture() {
	case pb.Posture_POSTURE_AGGRESSIVE:
		o = d.aggressive()
	case pb.Posture_POSTURE_PRUDENT:
		o = d.prudent()
	default:
		o = d.growth()
	}
	if o == nil || !legalOrder(v, o) {
		return &pb.Order{Action: actRest, Reason: "repos : aucune autre action permise aujourd'hui"}
	}
	return o
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

// decider holds the view being decided on and the helpers the postures share.
type decider struct {
	v *pb.CampView
}

func (d decider) growth() *pb.Order {
	v := d.v
	if v.GetMorale() < growthLowMorale {
		return d.rest(fmt.Sprintf("croissance : moral %d < %d", v.GetMorale(), growthLowMorale))
	}
	if o := d.expand("croissance", 0); o != nil {
		return o
	}
	if o := d.chop("croissance"); o != nil {
		return o
	}
	if o := d.explore("croissance : aucune zone libre où s'étendre"); o != nil {
		return o
	}
	return d.rest(fmt.Sprintf("croissance : rien à étendre ni explorer, moral %d", v.GetMorale()))
}

func (d decider) aggressive() *pb.Order {
	v := d.v
	if v.GetMorale() < aggressiveLowMorale {
		return d.rest(fmt.Sprintf("belliqueux : moral %d < %d", v.GetMorale(), aggressiveLowMorale))
	}
	if c := d.capital(); c != nil && c.GetGarrison() < aggressiveCapitalGarrison {
		if o := d.send(aggressiveCapitalGarrison-c.GetGarrison(), c.GetId(),
			fmt.Sprintf("belliqueux : garnison de la capitale %d < %d", c.GetGarrison(), aggressiveCapitalGarrison)); o != nil {
			return o
		}
	}
	army := v.GetFieldArmy()
	target := d.target()
	need := int32(aggressiveArmy)
	if target != nil {
		need = max(need, defence(target)+1)
	}
	if target != nil && army >= need {
		if o := d.attack(target); o != nil {
			return o
		}
	}
	if s := d.raiseSpec(); s != nil && army < need {
		n := clamp(s, need-army)
		return &pb.Order{Action: actRaise, Args: []int32{n},
			Reason: fmt.Sprintf("belliqueux : armée de campagne %d < %d, levée de %d hommes", army, need, n)}
	}
	if o := d.chop("belliqueux"); o != nil {
		return o
	}
	if o := d.expand("belliqueux", 0); o != nil {
		return o
	}
	if o := d.explore(fmt.Sprintf("belliqueux : armée de campagne %d, aucune cible connue à sa portée", army)); o != nil {
		return o
	}
	return d.rest(fmt.Sprintf("belliqueux : armée de campagne %d, aucune cible à sa portée", army))
}

func (d decider) prudent() *pb.Order {
	v := d.v
	if v.GetMorale() < prudentLowMorale {
		return d.rest(fmt.Sprintf("prudent : moral %d < %d", v.GetMorale(), prudentLowMorale))
	}
	weak, deficit := d.weakestOwn()
	if weak != nil && v.GetFieldArmy() > 0 {
		if o := d.send(prudentGarrison-weak.GetGarrison(), weak.GetId(),
			fmt.Sprintf("prudent : garnison de la zone %d à %d < %d", weak.GetId(), weak.GetGarrison(), prudentGarrison)); o != nil {
			return o
		}
	}
	if s := d.raiseSpec(); s != nil && deficit > v.GetFieldArmy() {
		n := clamp(s, deficit-v.GetFieldArmy())
		return &pb.Order{Action: actRaise, Args: []int32{n},
			Reason: fmt.Sprintf("prudent : il manque %d hommes aux garnisons, armée de campagne %d, levée de %d", deficit, v.GetFieldArmy(), n)}
	}
	if o := d.expand("prudent", prudentExpandFood); o != nil {
		return o
	}
	if o := d.chop("prudent"); o != nil {
		return o
	}
	return d.rest(fmt.Sprintf("prudent : garnisons tenues, moral %d", v.GetMorale()))
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

// chop returns a chop_wood order when wood is under lowWood.
func (d decider) chop(posture string) *pb.Order {
	wood := d.v.GetResources().GetWood()
	if wood >= lowWood || legal(d.v, actChop) == nil {
		return nil
	}
	return &pb.Order{Action: actChop, Reason: fmt.Sprintf("%s : %d bois < %d", posture, wood, lowWood)}
}

// explore returns an explore order on the lowest-numbered zone offered.
func (d decider) explore(why string) *pb.Order {
	la := legal(d.v, actExplore)
	if la == nil || len(la.GetArgs()) != 1 || len(la.GetArgs()[0].GetChoices()) == 0 {
		return nil
	}
	z := slices.Min(la.GetArgs()[0].GetChoices())
	return &pb.Order{Action: actExplore, Args: []int32{z},
		Reason: fmt.Sprintf("%s, exploration de la zone inconnue %d", why, z)}
}

// expand returns an expand_to order on the best free zone offered, when food
// is at least minFood and the bridle allows it. Plains and coast come first,
// then forest, then mountain; the lowest zone number breaks ties.
func (d decider) expand(posture string, minFood int64) *pb.Order {
	v := d.v
	la := legal(v, actExpand)
	if la == nil || len(la.GetArgs()) != 1 || len(la.GetArgs()[0].GetChoices()) == 0 {
		return nil
	}
	food := v.GetResources().GetFood()
	if food < minFood {
		return nil
	}
	held := d.ownZones()
	limit := bridleBase + int(v.GetDay())/bridleStep
	if len(held) >= limit || len(v.GetColumns()) >= bridleColumns {
		return nil
	}
	choices := slices.Clone(la.GetArgs()[0].GetChoices())
	slices.SortFunc(choices, func(a, b int32) int {
		return cmp.Or(cmp.Compare(terrainRank(d.zone(a)), terrainRank(d.zone(b))), cmp.Compare(a, b))
	})
	z := choices[0]
	cond := fmt.Sprintf("%d nourriture", food)
	if minFood > 0 {
		cond = fmt.Sprintf("%d nourriture ≥ %d", food, minFood)
	}
	return &pb.Order{Action: actExpand, Args: []int32{z},
		Reason: fmt.Sprintf("%s : %s, %d zones tenues < %d, zone libre %d (%s) adjacente",
			posture, cond, len(held), limit, z, terrainName(d.zone(z).GetTerrain()))}
}

// target returns the weakest enemy zone the camp sees or remembers, or nil.
func (d decider) target() *pb.Zone {
	var best *pb.Zone
	for _, z := range d.v.GetZones() {
		if !known(z) || z.GetOwner() == -1 || z.GetOwner() == d.v.GetCamp() {
			continue
		}
		if best == nil || weaker(z, best) {
			best = z
		}
	}
	return best
}

// attack returns a send_army order with the whole field army against zone z,
// or nil when the army cannot march there.
func (d decider) attack(z *pb.Zone) *pb.Order {
	la := legal(d.v, actSend)
	if la == nil || len(la.GetArgs()) != 2 || !allows(la.GetArgs()[1], z.GetId()) {
		return nil
	}
	men := la.GetArgs()[0].GetMax()
	return &pb.Order{Action: actSend, Args: []int32{men, z.GetId()},
		Reason: fmt.Sprintf("belliqueux : armée de campagne %d > défense connue %d, zone %d du camp %d la plus faible (garnison %d, vue le jour %d)",
			men, defence(z), z.GetId(), z.GetOwner(), z.GetGarrison(), z.GetLastSeenDay())}
}

// send returns a send_army order of up to men men to zone z, or nil when the
// army cannot go there.
func (d decider) send(men, z int32, reason string) *pb.Order {
	la := legal(d.v, actSend)
	if la == nil || len(la.GetArgs()) != 2 || !allows(la.GetArgs()[1], z) {
		return nil
	}
	n := clamp(la.GetArgs()[0], men)
	return &pb.Order{Action: actSend, Args: []int32{n, z}, Reason: fmt.Sprintf("%s, %d hommes en garnison", reason, n)}
}

// weakestOwn returns the own zone with the lowest garrison under
// prudentGarrison (the capital first, then the lowest number), and the total
// number of men the camp's garrisons lack.
func (d decider) weakestOwn() (*pb.Zone, int32) {
	var weak *pb.Zone
	var deficit int32
	for _, z := range d.ownZones() {
		if z.GetGarrison() >= prudentGarrison {
			continue
		}
		deficit += prudentGarrison - z.GetGarrison()
		if weak == nil || z.GetGarrison() < weak.GetGarrison() ||
			z.GetGarrison() == weak.GetGarrison() && z.GetCapital() && !weak.GetCapital() {
			weak = z
		}
	}
	return weak, deficit
}

func (d decider) ownZones() []*pb.Zone {
	var zs []*pb.Zone
	for _, z := range d.v.GetZones() {
		if z.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE && z.GetOwner() == d.v.GetCamp() {
			zs = append(zs, z)
		}
	}
	return zs
}

func (d decider) capital() *pb.Zone {
	for _, z := range d.ownZones() {
		if z.GetCapital() {
			return z
		}
	}
	return nil
}

// zone returns zone id as the camp knows it, or nil.
func (d decider) zone(id int32) *pb.Zone {
	for _, z := range d.v.GetZones() {
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

// defence is the known defence of zone z besides its terrain: garrison,
// militia and capital.
func defence(z *pb.Zone) int32 {
	d := z.GetGarrison() + militiaDefence
	if z.GetCapital() {
		d += capitalDefence
	}
	return d
}

// weaker reports whether a is a better target than b: lower known defence,
// then fresher news, then the lower zone number.
func weaker(a, b *pb.Zone) bool {
	return cmp.Or(cmp.Compare(defence(a), defence(b)),
		cmp.Compare(b.GetLastSeenDay(), a.GetLastSeenDay()),
		cmp.Compare(a.GetId(), b.GetId())) < 0
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

func terrainName(t pb.Terrain) string {
	switch t {
	case pb.Terrain_TERRAIN_PLAINS:
		return "plaines"
	case pb.Terrain_TERRAIN_FOREST:
		return "forêt"
	case pb.Terrain_TERRAIN_MOUNTAIN:
		return "montagne"
	case pb.Terrain_TERRAIN_COAST:
		return "côte"
	default:
		return "terrain inconnu"
	}
}
