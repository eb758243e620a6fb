package bot

import (
	"cmp"
	"slices"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Economic actions of seed 000 that the bot plays.
const (
	actDevelop  = "develop"
	actTrade    = "trade"
	actMonument = "build_monument"
)

// Building names, as the view lists them in Zone.Buildings; the build
// action of building b is "build_" + b.
const (
	bFarm       = "farm"
	bLumberCamp = "lumber_camp"
	bMine       = "mine"
	bWorkshop   = "workshop"
	bMarket     = "market"
	bSchool     = "school"
	bHouse      = "house"
	bTemple     = "temple"
	bWalls      = "walls"
	bBarracks   = "barracks"
)

func buildAction(b string) string { return "build_" + b }

// stock is an amount of each resource, in the order of resNames.
type stock [numRes]int64

// Resources the bot counts, as indexes of a stock.
const (
	rFood = iota
	rWood
	rStone
	rTools
	rGold
	rResearch
	numRes
)

// resNames are the resources' names in the reasons.
var resNames = [numRes]lang.Text{lang.T("food", "nourriture"), lang.T("wood", "bois"), lang.T("stone", "pierre"),
	lang.T("tools", "outils"), lang.T("gold", "or"), lang.T("research", "recherche")}

func stockOf(r *pb.Resources) stock {
	return stock{r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch()}
}

// producer is the building that makes each resource.
var producer = [numRes]string{rFood: bFarm, rWood: bLumberCamp, rStone: bMine, rTools: bWorkshop, rGold: bMarket, rResearch: bSchool}

// Thresholds of the economy, shared by every posture.
const (
	// housingMargin: a house is built when the population is within this
	// many of the housing cap (births stop at the cap, rule POP-1).
	housingMargin = 2
	// popBase: the camp builds houses, each of which brings an adult
	// (rule BLD-7), while its population is under popBase + 1 per held
	// zone; births alone cannot replace founders who die of old age.
	popBase = 20
	// dwindling: a camp with fewer inhabitants than this builds a house
	// among its emergencies (a house brings an adult, rule BLD-7): a
	// colony whose people die out collapses (rule CAMP-3).
	dwindling = 12
	// foodCrisisDays: under this many days of food, with food falling, the
	// camp buys grain at the market or builds a farm.
	foodCrisisDays = 10
	// runOutDays: a resource whose stock lasts fewer days than this at
	// today's net comes first among needs.
	runOutDays = 15
	// foodReserveDays is the reserve, in days of eating, a camp keeps
	// beyond the food of a settler column before it expands.
	foodReserveDays = 10
	// templeMorale: under this morale the camp builds a temple (at most
	// maxTemples; more give nothing).
	templeMorale = 60
	// schoolDays: the camp keeps at least 1 + day/schoolDays schools, a
	// school every ten days, which reaches tier n near day 10 x n (rule
	// TECH-2).
	schoolDays = 10
	// developFreeSlots: the camp develops a zone when its held zones have
	// at most this many free slots left.
	developFreeSlots = 1
	// restMorale: with nothing better to do, the camp rests under this
	// morale (births and moods follow morale) and chops wood above it.
	restMorale = 75
	// upkeepDays: a stock that does not cover this many days of its
	// upkeep, with its income below the bill, is an emergency.
	upkeepDays = 5
)

// minNet is the daily net income of each resource the camp wants; buffer is
// the stock beyond which a net income under minNet is no longer a need
// (the stock pays). Food wants about a settler column every ten days while
// the stock is low; research follows the school schedule instead. The wood
// buffer is the wood kept under shelter, beyond which wood rots (UPK-6):
// the view's rules give it (economy.buffer).
var (
	minNet = stock{rFood: 60, rWood: 8, rStone: 3, rTools: 1, rGold: 3}
	buffer = stock{rFood: 1500, rStone: 80, rTools: 30, rGold: 80}
)

// economy is the camp's own economy as its view shows it: what it holds,
// produces and owes each day. The bot does not apply multipliers: its
// income is the base figures of the rules the view carries, which tier
// bonuses and levels only improve.
type economy struct {
	have stock
	// buffer is buffer with the wood kept under shelter that the view's
	// rules give (UPK-6).
	buffer stock
	// income is the base daily income of held zones and their buildings.
	income stock
	// upkeep is today's upkeep bill and eat the food the camp eats a day.
	upkeep stock
	eat    int64
	// count is the number of each building the camp holds; free the free
	// slots of its held zones.
	count map[string]int
	free  int
	total int
}

// economyOf returns the economy of d's camp (rules ECO-1 to ECO-3, BLD-*,
// UPK-*).
func (d decider) economyOf() economy {
	g := d.g
	e := economy{have: stockOf(g.GetResources()), buffer: buffer, count: map[string]int{}}
	e.buffer[rWood] = d.r.shelter
	for _, z := range d.own {
		e.income = e.income.add(d.r.income[z.GetTerrain()])
		for _, b := range z.GetBuildings() {
			e.count[b]++
			e.total++
			e.income = e.income.add(d.r.output[b])
		}
		e.free += max(0, int(z.GetSlots())-len(z.GetBuildings()))
	}
	u := g.GetUpkeep()
	e.upkeep = stockOf(u.GetBuildings()).add(stockOf(u.GetTerritory())).add(stockOf(u.GetGovernance()))
	e.eat = d.r.eat(g.GetPopulation(), g.GetFieldArmy(), g.GetYearSeason() == "winter")
	return e
}

func (s stock) add(t stock) stock {
	for i := range s {
		s[i] += t[i]
	}
	return s
}

// net returns the estimated daily change of resource r.
func (e economy) net(r int) int64 {
	n := e.income[r] - e.upkeep[r]
	if r == rFood {
		n -= e.eat
	}
	return n
}

// need is a resource the camp lacks: its net income is short of minNet by
// short while its stock is under buffer.
type need struct {
	r     int
	short int64
}

// needs returns the resources the camp lacks: first those whose stock
// lasts fewer than runOutDays days at today's net, then the largest
// shortfall relative to minNet (wood, stone, gold, tools, food on ties).
func (e economy) needs() []need {
	var ns []need
	for _, r := range []int{rWood, rStone, rGold, rTools, rFood} {
		if n := e.net(r); n < minNet[r] && e.have[r] < e.buffer[r] {
			ns = append(ns, need{r, minNet[r] - n})
		}
	}
	runsOut := func(n need) int {
		if net := e.net(n.r); net < 0 && e.have[n.r] < -runOutDays*net {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(ns, func(a, b need) int {
		return cmp.Or(cmp.Compare(runsOut(a), runsOut(b)), cmp.Compare(b.short*100/minNet[b.r], a.short*100/minNet[a.r]))
	})
	return ns
}

// foodDays returns how many days the food stock lasts at today's eating.
func (e economy) foodDays() int64 { return e.have[rFood] / max(1, e.eat) }

// urgent returns the economy's emergencies of a camp of the given posture,
// or nil: an upkeep the stocks will not pay, a food crisis, then a vacant
// seat of the council (rule AI-GOV-SEAT), then housing nearly full (births
// stop at the cap and founders die of old age).
func (d decider) urgent(posture string) *pb.Order {
	if o := d.upkeepEmergency(posture); o != nil {
		return o
	}
	if o := d.foodCrisis(posture); o != nil {
		return o
	}
	if o := d.council(posture); o != nil {
		return o
	}
	g := d.g
	if g.GetPopulation() >= g.GetHousing()-housingMargin {
		return d.build(bHouse, d.l.Sprintf("%s: population %d, housing %d", "%s : population %d, logement %d", posture, g.GetPopulation(), g.GetHousing()))
	}
	if g.GetPopulation() < dwindling {
		return d.build(bHouse, d.l.Sprintf("%s: population %d < %d, the colony dwindles", "%s : population %d < %d, la colonie s'éteint peu à peu", posture, g.GetPopulation(), dwindling))
	}
	return nil
}

// economy returns the day's economic order of a camp of the given posture
// once its emergencies are met (see urgent), or nil when nothing is worth
// doing: a temple when morale sags, the monument, the school schedule, the
// producers the stocks ask for, development when slots run out, and the
// investment of surpluses.
func (d decider) economy(posture string) *pb.Order {
	e, v, g, l := d.e, d.v, d.g, d.l
	if g.GetMorale() < templeMorale && e.count[bTemple] < d.r.temples {
		if o := d.build(bTemple, l.Sprintf("%s: morale %d < %d, %d temple(s)", "%s : moral %d < %d, %d temple(s)", posture, g.GetMorale(), templeMorale, e.count[bTemple])); o != nil {
			return o
		}
	}
	if legal(v, actMonument) != nil {
		return &pb.Order{Action: actMonument, Reason: l.Sprintf("%s: research %d, the great monument is within reach (wood %d, stone %d, tools %d, gold %d)",
			"%s : recherche %d, le grand monument est à portée (%d bois, %d pierre, %d outils, %d or)",
			posture, e.have[rResearch], e.have[rWood], e.have[rStone], e.have[rTools], e.have[rGold])}
	}
	if want := 1 + int(v.GetDay())/schoolDays; e.count[bSchool] < want {
		if o := d.build(bSchool, l.Sprintf("%s: %d school(s) < %d on day %d, research %d", "%s : %d école(s) < %d au jour %d, recherche %d", posture, e.count[bSchool], want, v.GetDay(), e.have[rResearch])); o != nil {
			return o
		}
	}
	if o := d.producers(posture); o != nil {
		return o
	}
	if want := popBase + len(d.own); int(g.GetPopulation()) < want {
		if o := d.build(bHouse, l.Sprintf("%s: population %d < %d (%d + 1 a zone held)", "%s : population %d < %d (%d + 1 par zone tenue)", posture, g.GetPopulation(), want, popBase)); o != nil {
			return o
		}
	}
	if e.free <= developFreeSlots {
		if o := d.develop(l.Sprintf("%s: %d free slot(s) ≤ %d", "%s : %d emplacement(s) libre(s) ≤ %d", posture, e.free, developFreeSlots)); o != nil {
			return o
		}
	}
	return d.invest(posture)
}

// upkeepEmergency answers a stock that will not pay the upkeep for long:
// buildings degraded, or a resource whose stock covers less than
// upkeepDays days of a bill its income does not meet. Wood and stone call
// for their producer, else the wood chore (2 wood pay a missing stone,
// rule UPK-4); gold calls for a market; tools for a workshop.
func (d decider) upkeepEmergency(posture string) *pb.Order {
	e := d.e
	for _, r := range []int{rWood, rStone, rGold, rTools} {
		if e.net(r) >= 0 || e.have[r] >= upkeepDays*e.upkeep[r] && !d.g.GetUpkeep().GetDegraded() {
			continue
		}
		why := d.l.Sprintf("%s: upkeep of %d %s a day, estimated income %d, stock %d", "%s : entretien de %d %s par jour, revenu estimé %d, stock %d",
			posture, e.upkeep[r], resNames[r].In(d.l), e.income[r], e.have[r])
		if d.g.GetUpkeep().GetDegraded() {
			why += d.l.Sprintf(", buildings degraded", ", bâtiments dégradés")
		}
		if o := d.build(producer[r], why); o != nil {
			return o
		}
		if land := producerLand[r]; land != nil {
			if o := d.develop(why+d.l.Sprintf(", no slot for %s", ", aucun emplacement pour %s", buildingNames[producer[r]].In(d.l)), land...); o != nil {
				return o
			}
		}
		if r == rWood || r == rStone {
			if o := d.chop(why); o != nil {
				return o
			}
		}
	}
	return nil
}

// foodCrisis answers food running out (fewer than foodCrisisDays days,
// with food falling): emergency grain at the market, else a farm, else a
// market to open the trade.
func (d decider) foodCrisis(posture string) *pb.Order {
	e := d.e
	net := e.net(rFood)
	if net >= 0 || e.foodDays() >= foodCrisisDays {
		return nil
	}
	why := d.l.Sprintf("%s: food %d, %d day(s) in reserve, balance %d a day", "%s : %d nourriture, %d jour(s) de réserve, bilan %d par jour", posture, e.have[rFood], e.foodDays(), net)
	if la := legal(d.v, actTrade); la != nil && len(la.GetArgs()) == 1 {
		// Enough lots for a month of the deficit, within what the market sells.
		lot := max(1, d.r.lotFood)
		n := clamp(la.GetArgs()[0], int32((-30*net+lot-1)/lot))
		return &pb.Order{Action: actTrade, Args: []int32{n}, Reason: d.l.Sprintf("%s, buying %d lot(s) of %d", "%s, achat de %d lot(s) de %d", why, n, lot)}
	}
	for _, b := range []string{bFarm, bMarket} {
		if o := d.build(b, why); o != nil {
			return o
		}
	}
	return nil
}

// producers builds the producer of the resource the camp lacks most (see
// needs). When no zone can take it, it develops a zone of the producer's
// land for one more slot (a mine needs a mountain, a lumber camp a forest,
// a market plains or coast).
func (d decider) producers(posture string) *pb.Order {
	e := d.e
	for _, n := range e.needs() {
		why := d.l.Sprintf("%s: estimated net %s %d < %d a day, stock %d < %d", "%s : %s net estimé %d < %d par jour, stock %d < %d",
			posture, resNames[n.r].In(d.l), e.net(n.r), minNet[n.r], e.have[n.r], e.buffer[n.r])
		if o := d.build(producer[n.r], why); o != nil {
			return o
		}
		if land := producerLand[n.r]; land != nil {
			if o := d.develop(why+d.l.Sprintf(", no slot for %s", ", aucun emplacement pour %s", buildingNames[producer[n.r]].In(d.l)), land...); o != nil {
				return o
			}
		}
	}
	return nil
}

// producerLand is the land the producer of each resource needs, when it
// cannot stand anywhere.
var producerLand = [numRes][]pb.Terrain{
	rWood:  {pb.Terrain_TERRAIN_FOREST},
	rStone: {pb.Terrain_TERRAIN_MOUNTAIN},
	rGold:  {pb.Terrain_TERRAIN_PLAINS, pb.Terrain_TERRAIN_COAST},
	rFood:  {pb.Terrain_TERRAIN_PLAINS, pb.Terrain_TERRAIN_COAST},
}

// invest spends stocks beyond their buffer, so that nothing piles up (wood
// beyond its buffer rots, rule UPK-6): a development level when slots are short
// (it costs all four resources), walls when stone is twice its buffer (the
// stone-heavy building), a school when wood, stone and gold all exceed
// their buffers, else a development level when wood does.
func (d decider) invest(posture string) *pb.Order {
	e := d.e
	woody := e.have[rWood] >= e.buffer[rWood]
	why := d.l.Sprintf("%s: reserves of wood %d, stone %d, gold %d (thresholds %d, %d, %d)", "%s : réserves %d bois, %d pierre, %d or (seuils %d, %d, %d)",
		posture, e.have[rWood], e.have[rStone], e.have[rGold], e.buffer[rWood], e.buffer[rStone], e.buffer[rGold])
	if woody && e.free <= 2*developFreeSlots {
		if o := d.develop(d.l.Sprintf("%s, %d free slot(s)", "%s, %d emplacement(s) libre(s)", why, e.free)); o != nil {
			return o
		}
	}
	if e.have[rStone] >= 2*e.buffer[rStone] {
		if o := d.walls(why); o != nil {
			return o
		}
	}
	if woody && e.have[rStone] >= e.buffer[rStone] && e.have[rGold] >= e.buffer[rGold] {
		if o := d.build(bSchool, why); o != nil {
			return o
		}
	}
	if woody {
		return d.develop(why)
	}
	return nil
}

// walls returns a build_walls order, or nil when it is not legal: on the
// capital first, then on the zone with the most neighbours the camp does
// not hold, then the lower number; among the zones among when given.
func (d decider) walls(why string, among ...int32) *pb.Order {
	la := legal(d.v, buildAction(bWalls))
	if la == nil || len(la.GetArgs()) != 1 || len(la.GetArgs()[0].GetChoices()) == 0 {
		return nil
	}
	choices := la.GetArgs()[0].GetChoices()
	if len(among) > 0 {
		choices = among
	}
	exposed := func(z *pb.Zone) int {
		n := 0
		for _, id := range z.GetNeighbors() {
			if d.zone(id).GetOwner() != d.v.GetCamp() {
				n++
			}
		}
		return n
	}
	z := slices.MinFunc(choices, func(a, c int32) int {
		za, zc := d.zone(a), d.zone(c)
		return cmp.Or(cmp.Compare(btoi(!za.GetCapital()), btoi(!zc.GetCapital())), cmp.Compare(exposed(zc), exposed(za)), d.centreFirst(a, c))
	})
	return &pb.Order{Action: buildAction(bWalls), Args: []int32{z},
		Reason: d.l.Sprintf("%s; walls in zone %d (%d neighbour(s) outside the camp)", "%s ; des murailles en zone %d (%d voisine(s) hors du camp)", why, z, exposed(d.zone(z)))}
}

// borderWalls returns a build_walls order on a border zone (exposed) or
// the capital, the one with the most neighbours the camp does not hold
// first; nil when walls are not legal on any (rule AI-PRUDENT).
func (d decider) borderWalls(why string) *pb.Order {
	la := legal(d.v, buildAction(bWalls))
	if la == nil || len(la.GetArgs()) != 1 {
		return nil
	}
	var border []int32
	for _, id := range la.GetArgs()[0].GetChoices() {
		if z := d.zone(id); z != nil && (z.GetCapital() || d.exposed(z)) {
			border = append(border, id)
		}
	}
	if len(border) == 0 {
		return nil
	}
	return d.walls(why, border...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// build returns a build order for building b on the best zone offered, or
// nil when it is not legal. Zones are ranked by buildSite.
func (d decider) build(b, why string) *pb.Order {
	la := legal(d.v, buildAction(b))
	if la == nil || len(la.GetArgs()) != 1 || len(la.GetArgs()[0].GetChoices()) == 0 {
		return nil
	}
	z := slices.MinFunc(la.GetArgs()[0].GetChoices(), func(a, c int32) int { return d.buildSite(b, a, c) })
	return &pb.Order{Action: buildAction(b), Args: []int32{z},
		Reason: d.l.Sprintf("%s; %s in zone %d (%s, %d free slot(s))", "%s ; %s en zone %d (%s, %d emplacement(s) libre(s))",
			why, buildingNames[b].In(d.l), z, terrainName(d.l, d.zone(z).GetTerrain()), freeSlots(d.zone(z)))}
}

// buildSite orders zones a and c for building b: a building any land takes
// goes first where its slot is least wanted (plains and coast, then forest
// kept for lumber camps, then mountain kept for mines); then the zone with
// more free slots, then the lower number.
func (d decider) buildSite(b string, a, c int32) int {
	za, zc := d.zone(a), d.zone(c)
	return cmp.Or(cmp.Compare(siteRank(b, za.GetTerrain()), siteRank(b, zc.GetTerrain())),
		cmp.Compare(freeSlots(zc), freeSlots(za)), d.centreFirst(a, c))
}

func siteRank(b string, t pb.Terrain) int {
	if b == bLumberCamp || b == bMine {
		return 0
	}
	return terrainRank(&pb.Zone{Terrain: t})
}

func freeSlots(z *pb.Zone) int { return max(0, int(z.GetSlots())-len(z.GetBuildings())) }

// buildingNames are the buildings' names in the reasons.
var buildingNames = map[string]lang.Text{
	bFarm: lang.T("a farm", "une ferme"), bLumberCamp: lang.T("a lumber camp", "un camp de bûcherons"), bMine: lang.T("a mine", "une mine"),
	bWorkshop: lang.T("a workshop", "un atelier"), bMarket: lang.T("a market", "un marché"), bSchool: lang.T("a school", "une école"),
	bHouse: lang.T("a house", "une maison"), bTemple: lang.T("a temple", "un temple"), bBarracks: lang.T("barracks", "une caserne"),
}

// develop returns a develop order on the cheapest zone offered (lowest
// level) whose terrain is among land (any terrain when land is empty),
// plains and coast first, then the lower number; nil when develop is not
// legal there.
func (d decider) develop(why string, land ...pb.Terrain) *pb.Order {
	la := legal(d.v, actDevelop)
	if la == nil || len(la.GetArgs()) != 1 {
		return nil
	}
	choices := slices.DeleteFunc(slices.Clone(la.GetArgs()[0].GetChoices()), func(z int32) bool {
		return len(land) > 0 && !slices.Contains(land, d.zone(z).GetTerrain())
	})
	if len(choices) == 0 {
		return nil
	}
	z := slices.MinFunc(choices, func(a, c int32) int {
		za, zc := d.zone(a), d.zone(c)
		return cmp.Or(cmp.Compare(za.GetDevelopment(), zc.GetDevelopment()),
			cmp.Compare(terrainRank(za), terrainRank(zc)), d.centreFirst(a, c))
	})
	lvl := d.zone(z).GetDevelopment()
	cost := price(la, int64(lvl))
	return &pb.Order{Action: actDevelop, Args: []int32{z},
		Reason: d.l.Sprintf("%s; developing zone %d from level %d to level %d (cost wood %d, stone %d, tools %d, gold %d)",
			"%s ; aménagement de la zone %d du niveau %d au niveau %d (coût %d bois, %d pierre, %d outils, %d or)",
			why, z, lvl, lvl+1, cost[rWood], cost[rStone], cost[rTools], cost[rGold])}
}
