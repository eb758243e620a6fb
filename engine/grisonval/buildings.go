package grisonval

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/grisonval/server/lang"
)

// BuildingSpec is the rule of one building kind, the same for every camp
// (rules BLD-1 to BLD-10).
type BuildingSpec struct {
	Kind BuildingKind
	// Name is the building's name in the journal, with its indefinite
	// article.
	Name lang.Text
	// Cost is paid once, when the building is built.
	Cost Resources
	// Terrains are the terrains the building may stand on.
	Terrains []Terrain
	// Tier is the research tier that opens the building; 0 means open from
	// the start.
	Tier TechID
	// OnePerZone forbids a second building of this kind in one zone.
	OnePerZone bool
	// Output is the daily output of one building before multipliers.
	Output Resources
	// Defence is what the building adds to its zone's defence (rule BAT-2),
	// before tier bonuses.
	Defence int
	// Effect says what the building does.
	Effect lang.Text
}

var anyTerrain = []Terrain{Plains, Forest, Mountain, Coast}

// Buildings are the ten buildings' rules, indexed by kind (index 0 unused).
var Buildings = [NumBuildingKinds + 1]BuildingSpec{
	Farm: {Kind: Farm, Name: lang.T("a farm", "une ferme"), Cost: Resources{Wood: 10, Stone: 2},
		Terrains: []Terrain{Plains, Coast}, Output: Resources{Food: 20}, Effect: lang.T("+20 food a day", "+20 nourriture par jour")},
	LumberCamp: {Kind: LumberCamp, Name: lang.T("a lumber camp", "un camp de bûcherons"), Cost: Resources{Wood: 8, Stone: 4},
		Terrains: []Terrain{Forest}, Output: Resources{Wood: 5}, Effect: lang.T("+5 wood a day", "+5 bois par jour")},
	Mine: {Kind: Mine, Name: lang.T("a mine", "une mine"), Cost: Resources{Wood: 12, Gold: 2},
		Terrains: []Terrain{Mountain}, Output: Resources{Stone: 3}, Effect: lang.T("+3 stone a day", "+3 pierre par jour")},
	Workshop: {Kind: Workshop, Name: lang.T("a workshop", "un atelier"), Cost: Resources{Wood: 10, Stone: 6},
		Terrains: anyTerrain, Tier: TechTooling, Output: Resources{Tools: 1}, Effect: lang.T("+1 tool a day", "+1 outil par jour")},
	Market: {Kind: Market, Name: lang.T("a market", "un marché"), Cost: Resources{Wood: 10, Stone: 5, Gold: 5},
		Terrains: []Terrain{Plains, Coast}, Tier: TechCommerce, Output: Resources{Gold: 2},
		Effect: lang.T("+2 gold a day; opens trade and trade_route, +2 trade lots a day", "+2 or par jour ; ouvre trade et trade_route, +2 lots d'échange par jour")},
	School: {Kind: School, Name: lang.T("a school", "une école"), Cost: Resources{Wood: 10, Stone: 6, Gold: 4},
		Terrains: anyTerrain, Output: Resources{Research: 2}, Effect: lang.T("+2 research a day", "+2 recherche par jour")},
	House: {Kind: House, Name: lang.T("a house", "une maison"), Cost: Resources{Wood: 12, Stone: 4},
		Terrains: []Terrain{Plains, Forest, Coast}, Effect: lang.T("+3 housing; one new inhabitant arrives", "+3 logements ; un nouvel habitant arrive")},
	Barracks: {Kind: Barracks, Name: lang.T("barracks", "une caserne"), Cost: Resources{Wood: 10, Stone: 8, Tools: 4, Gold: 3},
		Terrains: anyTerrain, Tier: TechWarcraft, OnePerZone: true, Defence: 3, Effect: lang.T("+3 defence of its zone; +2 to the cap on men under arms", "+3 défense de sa zone ; +2 au plafond des hommes en armes")},
	Walls: {Kind: Walls, Name: lang.T("walls", "des murailles"), Cost: Resources{Wood: 5, Stone: 15},
		Terrains: anyTerrain, Tier: TechFortification, OnePerZone: true, Defence: 4, Effect: lang.T("+4 defence of its zone", "+4 défense de sa zone")},
	Temple: {Kind: Temple, Name: lang.T("a temple", "un temple"), Cost: Resources{Wood: 8, Stone: 10, Gold: 5},
		Terrains: anyTerrain, Tier: TechSpirituality, Effect: lang.T("+1 morale a day (temples give at most 3 a day)", "+1 moral par jour (les temples en donnent au plus 3 par jour)")},
}

// BaseSlots are the building slots of a zone by terrain (rule BLD-SLOT).
var BaseSlots = [...]int{Plains: 2, Forest: 2, Mountain: 1, Coast: 2}

// Slots returns the building slots of zone z: its terrain's base, +1 for a
// capital, +1 per development level (rule BLD-SLOT).
func (w *World) Slots(z ZoneID) int {
	zone := &w.Zones[z]
	return slots(zone.Terrain, zone.Development, zone.Capital)
}

// Slots returns the building slots of a zone as remembered.
func (m Memory) Slots() int { return slots(m.Terrain, m.Dev, m.Capital) }

func slots(t Terrain, dev int, capital bool) int {
	n := BaseSlots[t] + dev
	if capital {
		n++
	}
	return n
}

// FreeSlots returns the slots of zone z that hold no building.
func (w *World) FreeSlots(z ZoneID) int {
	return max(0, w.Slots(z)-len(w.Zones[z].Buildings))
}

// CountBuildings returns the working buildings of kind b that camp c holds:
// those of its zones that are not besieged (rule SIE-4).
func (w *World) CountBuildings(c CampID, b BuildingKind) int {
	n := 0
	zones, sieged := w.Zones[:NumZones+1], w.besieged()
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		zone := &zones[z]
		// Most zones have no building: their owner and siege are not looked up.
		if len(zone.Buildings) > 0 && zone.Owner == c && !sieged.has(z) {
			for _, k := range zone.Buildings {
				if k == b {
					n++
				}
			}
		}
	}
	return n
}

// TotalBuildings returns every building camp c holds.
func (w *World) TotalBuildings(c CampID) int {
	n := 0
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == c {
			n += len(w.Zones[z].Buildings)
		}
	}
	return n
}

// buildingDefence returns what zone z's buildings and works add to its
// defence (rules BLD-8, BLD-9, DEV-1, MON-1): walls +4, barracks +3, +1 per
// development level, +3 for a monument, and the holder's tier bonuses.
func (w *World) buildingDefence(z ZoneID) int {
	zone := &w.Zones[z]
	d := zone.Development
	if zone.Monument {
		d += MonumentDefence
	}
	for _, b := range zone.Buildings {
		d += Buildings[b].Defence
		switch {
		case b == Walls && zone.Owner != NoCamp && w.HasTier(zone.Owner, TechMasonry),
			b == Barracks && zone.Owner != NoCamp && w.HasTier(zone.Owner, TechTactics):
			d++
		}
	}
	return d
}

// copyZones returns a copy of the zones src, in dst's memory when it has
// room, each zone with its own copy of its building list: the lists in one
// allocation, each capped so that an append reallocates (an empty list is
// src's). A zone is copied field by field and its list written once: each
// pointer written costs a barrier while the collector marks, and a copy of
// the whole zones, then of their lists, wrote them twice.
func copyZones(dst, src []Zone) []Zone {
	if src == nil {
		return nil
	}
	if cap(dst) < len(src) {
		dst = make([]Zone, len(src))
	}
	dst = dst[:len(src)]
	n := 0
	for i := range src {
		n += len(src[i].Buildings)
	}
	var all []BuildingKind
	if n > 0 {
		all = make([]BuildingKind, 0, n)
	}
	for i := range src {
		d, s := &dst[i], &src[i]
		d.ID, d.Terrain, d.Owner, d.Capital, d.Garrison, d.Development = s.ID, s.Terrain, s.Owner, s.Capital, s.Garrison, s.Development
		d.Monument, d.Special = s.Monument, s.Special
		switch b := s.Buildings; {
		case len(b) > 0:
			start := len(all)
			all = append(all, b...)
			d.Buildings = all[start:len(all):len(all)]
		case !sameSlice(d.Buildings, b):
			d.Buildings = b
		}
	}
	return dst
}

// copyMemories returns a copy of a camp's memories src, in dst's memory
// when it has room; a memory's buildings, shared by the copies (see
// World.remember), are written only where dst does not hold the same list
// already: they seldom change from one day to the next, and each pointer
// written costs a barrier while the collector marks.
func copyMemories(dst, src []Memory) []Memory {
	if src == nil || dst == nil || cap(dst) < len(src) {
		return cloneInto(dst, src)
	}
	dst = dst[:len(src)]
	for i := range src {
		d, s := &dst[i], &src[i]
		d.Seen, d.Day, d.Terrain, d.Owner, d.Capital, d.Garrison, d.Dev = s.Seen, s.Day, s.Terrain, s.Owner, s.Capital, s.Garrison, s.Dev
		d.Monument, d.Special, d.Surveyed = s.Monument, s.Special, s.Surveyed
		if !sameSlice(d.Buildings, s.Buildings) {
			d.Buildings = s.Buildings
		}
	}
	return dst
}

// sameSlice reports whether a and b are the same slice: nil both, or of
// the same length and capacity over the same array.
func sameSlice[S ~[]E, E any](a, b S) bool {
	if len(a) != len(b) || cap(a) != cap(b) || (a == nil) != (b == nil) {
		return false
	}
	return cap(a) == 0 || &a[:cap(a)][0] == &b[:cap(b)][0]
}

// buildAction returns the build action of building kind b.
func buildAction(b BuildingKind) Action { return BuildFarm + Action(b-Farm) }

// buildRule returns the rules-table entry of build action for kind b
// (rule BLD-BUILD).
func buildRule(b BuildingKind) rule {
	s := &Buildings[b]
	var en, fr []string
	for _, t := range s.Terrains {
		en, fr = append(en, t.String()), append(fr, terrainName(t).FR)
	}
	summary := lang.T("%s Z: %s in held zone Z (%s; %s): %s", "%s Z : %s dans la zone tenue Z (%s ; %s) : %s",
		buildAction(b), s.Name, lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}, s.Cost.text(), s.Effect)
	return rule{
		summary: summary,
		args:    func(w *World, c CampID) ([]ArgSpec, *RuleError) { return buildArgs(w, c, b) },
		apply:   func(t *tick, c CampID, o Order) { t.build(c, b, o) },
	}
}

// CanHold reports whether zone z may take one more building of kind b:
// allowed terrain, a free slot and, for walls and barracks, none there yet.
func (w *World) CanHold(z ZoneID, b BuildingKind) bool {
	return holdBar(w, z, b) == barNone
}

// holdBar returns what bars zone z from taking one more building of kind
// b: its terrain, the one a zone of walls and barracks, or no free slot.
func holdBar(w *World, z ZoneID, b BuildingKind) bar {
	zone := &w.Zones[z]
	s := &Buildings[b]
	switch {
	case !slices.Contains(s.Terrains, zone.Terrain):
		return barTerrain
	case s.OnePerZone && slices.Contains(zone.Buildings, b):
		return barOnePerZone
	case w.FreeSlots(z) == 0:
		return barNoSlot
	}
	return barNone
}

// buildBar returns the bar on zone z for camp c's building of kind b (rule
// BLD-BUILD): a held zone, not under siege, that can hold it.
func buildBar(w *World, c CampID, b BuildingKind, z ZoneID) bar {
	switch {
	case w.Zones[z].Owner != c:
		return barNotHeld
	case w.Besieged(z):
		return barBesieged
	}
	if h := holdBar(w, z, b); h != barNone {
		return h
	}
	return w.buildCostBar(c, b, z)
}

// buildingOf returns the building kind of build action a.
func buildingOf(a Action) BuildingKind { return Farm + BuildingKind(a-BuildFarm) }

func buildArgs(w *World, c CampID, b BuildingKind) ([]ArgSpec, *RuleError) {
	s := &Buildings[b]
	a := buildAction(b)
	if s.Tier != 0 && !w.HasTier(c, s.Tier) {
		tech := Techs[s.Tier]
		return nil, refuse(CodeNotAllowed, "action", lang.T("%s needs tier %d (%s, %d research); you have %d research", "%s demande le palier %d (%s, %d de recherche) ; vous avez %d de recherche",
			a, s.Tier, tech.Name, tech.Research, w.Camps[c].Resources.Research))
	}
	if e := shortOf("action", lang.Same(a.String()), w.leastBuildCost(c, b), w.Camps[c].Resources); e != nil {
		return nil, e
	}
	zs := zonesWhere(func(z ZoneID) bool { return buildBar(w, c, b, z) == barNone })
	if len(zs) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("no held zone can take a %s: it needs a free slot on %s land, not under siege", "aucune zone tenue ne peut recevoir de %s : il faut un emplacement libre sur une terre %s, hors siège", b, terrainList(s.Terrains)))
	}
	return []ArgSpec{{Name: "zone", Kind: ArgZone, Choices: zs}}, nil
}

func buildWhy(b BuildingKind) func(w *World, c CampID, o Order, i int) *RuleError {
	return func(w *World, c CampID, o Order, _ int) *RuleError {
		z := ZoneID(o.Args[0])
		return zoneRefusal(w, c, o.Action, z, buildBar(w, c, b, z))
	}
}

func terrainList(ts []Terrain) lang.Text {
	en, fr := make([]string, len(ts)), make([]string, len(ts))
	for i, t := range ts {
		en[i], fr[i] = t.String(), terrainName(t).FR
	}
	return lang.Text{EN: strings.Join(en, " or "), FR: strings.Join(fr, " ou ")}
}

func (t *tick) build(c CampID, b BuildingKind, o Order) {
	camp := &t.w.Camps[c]
	z := ZoneID(o.Args[0])
	s := &Buildings[b]
	before, cost := camp.Resources, t.w.BuildCost(b, z)
	camp.Resources = camp.Resources.Sub(cost)
	zone := &t.w.Zones[z]
	zone.Buildings = append(zone.Buildings, b)
	t.note(c, buildAction(b).String(), []ZoneID{z},
		lang.T("The builders complete %s in zone %d (%s).", "Les bâtisseurs achèvent %s dans la zone %d (%s).", s.Name, z, terrainName(zone.Terrain)),
		why(o, func() lang.Text {
			return lang.T("%s %d: cost %s paid out of %s; slots %d/%d", "%s %d : coût %s payé sur %s ; emplacements %d/%d",
				buildAction(b), z, cost.text(), before.text(), len(zone.Buildings), t.w.Slots(z))
		}))
	if b == House {
		t.addArrival(c, lang.T("house", "maison"))
	}
}

// OutputPercent returns the percentage of its base output a building of
// kind b yields for camp c today (rules RES-1, UPK-5): the job multiplier of
// its workers (in hundredths) times the camp's tier and government bonuses
// (rule POL-1) and, for a market, its economy's (rule EDI-7), halved while
// the camp's buildings are degraded.
func (w *World) OutputPercent(c CampID, b BuildingKind) int64 {
	return w.outputPercent(c, b, w.JobMultiplier(c, b.Job()), nil)
}

// outputPercent is OutputPercent with the job multiplier of the building's
// workers, jobMult, and the camp's kingdom statistics today when the
// caller has them (nil: a market's are computed).
func (w *World) outputPercent(c CampID, b BuildingKind, jobMult float64, stats *Stats) int64 {
	mult := int64(math.Round(jobMult * 100))
	pct := mult * (100 + w.buildingBonus(c, b) + w.governmentBonus(c, b) + w.marketEconomy(c, b, stats)) / 100
	if w.Camps[c].Degraded {
		pct /= 2
	}
	return pct
}

// TempleMoraleLimit is the most temples whose morale counts (rule BLD-10),
// one more with liturgy.
const TempleMoraleLimit = 3

// TempleMorale returns the morale camp c's temples give each day (rule
// BLD-10): +1 a temple, at most 3 (4 with liturgy), halved (rounded down)
// while degraded.
func (w *World) TempleMorale(c CampID) int {
	return w.templeMorale(c, w.CountBuildings(c, Temple))
}

// templeMorale is TempleMorale for a camp of temples temples (not under
// siege).
func (w *World) templeMorale(c CampID, temples int) int {
	limit := TempleMoraleLimit
	if w.HasTier(c, TechLiturgy) {
		limit++
	}
	n := min(limit, temples)
	if w.Camps[c].Degraded {
		n /= 2
	}
	return n
}

// produceCamp adds camp c's production of the day (rules ECO-1, RES-1,
// RES-2): terrain income and building output of its zones not under siege
// (rule SIE-4), each with its multipliers,
// counted in hundredths with the remainder carried to the next day; the
// taxes (rule EDI-2); then the morale of temples and of the monument (rules
// BLD-10, MON-1).
func (t *tick) produceCamp(c CampID) {
	camp := &t.w.Camps[c]
	// The statistics first, for the markets' output (rule EDI-7): what the
	// production pays moves none of what they are made of.
	t.stats[c] = t.w.Stats(c)
	var kinds [NumBuildingKinds + 1]int
	paid, carry, half := t.w.production(c, &t.stats[c], &kinds)
	camp.Carry, camp.CutOffHalf = carry, half
	before := camp.Resources.Research
	camp.Resources = camp.Resources.Add(paid)
	if t.w.edictSeat(c, SeatTreasurer) {
		camp.Resources.Gold += t.w.taxes(c, t.stats[c])
	}
	t.announceTiers(c, before, camp.Resources.Research)
	morale := t.w.templeMorale(c, kinds[Temple])
	if t.w.HasMonument(c) {
		morale += 2
	}
	camp.Morale = min(100, camp.Morale+morale)
}

// production returns what camp c's zones and ruler yield today (rules
// ECO-1, RES-1, RES-2, CUT-2, SHEET-BONUS, TER-RESOURCE): paid, the whole units it is
// paid, and carry and half, the hundredths and the half hundredths it
// carries to the next day. Zones are counted in halves, a cut-off zone once
// and a linked one twice (cutoffShare). The production phase and Forecast
// both read it; stats are camp c's kingdom statistics today when the caller
// has them (nil: computed for a market). When count is not nil, production
// counts into it the buildings of each kind of the zones that yield (held,
// not under siege: those CountBuildings counts).
func (w *World) production(c CampID, stats *Stats, count *[NumBuildingKinds + 1]int) (paid, carry, half Resources) {
	var terrains [len(TerrainIncome)]int64
	var buildings [NumBuildingKinds + 1]int64
	held, capital := w.territory(c)
	cut := w.cutFrom(held, capital)
	var h Resources // in half hundredths
	jobMult := w.jobMultipliers(c)
	// The zones held and not under siege, in zone order.
	yielding := held.andNot(w.besieged())
	for i, word := range yielding {
		for ; word != 0; word &= word - 1 {
			z := ZoneID(i<<6 | bits.TrailingZeros64(word))
			zone := &w.Zones[z]
			n := cutoffShare(cut, z)
			terrains[zone.Terrain] += n
			for _, b := range zone.Buildings {
				buildings[b] += n
			}
			if count != nil {
				for _, b := range zone.Buildings {
					count[b]++
				}
			}
			if zone.Special == Resource {
				h = h.Add(w.specialOutput(c, zone, &jobMult).scale(n))
			}
		}
	}
	for tr := Plains; tr <= Coast; tr++ {
		if terrains[tr] > 0 {
			h = h.Add(w.terrainIncome(tr).scale(terrains[tr] * (100 + w.terrainBonus(c, tr))))
		}
	}
	for b := Farm; b <= Temple; b++ {
		if out := Buildings[b].Output; buildings[b] > 0 && !out.zero() {
			if b == Market && stats == nil {
				s := w.Stats(c)
				stats = &s
			}
			h = h.Add(out.scale(buildings[b] * w.outputPercent(c, b, jobMult[b.Job()], stats)))
		}
	}
	paid, carry, half = payHalves(h, w.Camps[c].Carry, w.Camps[c].CutOffHalf)
	// The ruler's Savoir adds research (rule SHEET-BONUS).
	paid.Research += int64(w.Rulers[c].ResearchPerDay)
	return paid, carry, half
}

// scale returns r with every resource multiplied by k.
func (r Resources) scale(k int64) Resources {
	return Resources{r.Food * k, r.Wood * k, r.Stone * k, r.Tools * k, r.Gold * k, r.Research * k}
}

// div returns r with every resource divided by k, rounded toward zero.
func (r Resources) div(k int64) Resources {
	return Resources{r.Food / k, r.Wood / k, r.Stone / k, r.Tools / k, r.Gold / k, r.Research / k}
}

// String lists r's non-zero resources in English, as "10 wood, 2 stone".
func (r Resources) String() string {
	var buf [96]byte
	return string(r.appendList(buf[:0], ResourceNames, "nothing"))
}

// resourceNamesFR are the resources' French names, in the order of
// ResourceNames.
var resourceNamesFR = [6]string{"nourriture", "bois", "pierre", "outils", "or", "recherche"}

// text lists r's non-zero resources in both languages, written in one
// buffer: one allocation for the two.
func (r Resources) text() lang.Text {
	var buf [192]byte
	b := r.appendList(buf[:0], ResourceNames, "nothing")
	mid := len(b)
	s := string(r.appendList(b, resourceNamesFR, "rien"))
	return lang.Text{EN: s[:mid], FR: s[mid:]}
}

// appendList appends r's non-zero resources to b, named by names, or none.
func (r Resources) appendList(b []byte, names [6]string, none string) []byte {
	start := len(b)
	for i, v := range r.values() {
		if v == 0 {
			continue
		}
		if len(b) > start {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, v, 10)
		b = append(b, ' ')
		b = append(b, names[i]...)
	}
	if len(b) == start {
		b = append(b, none...)
	}
	return b
}

// sack strips a zone that changes hands by force (rules BLD-SACK, DEV-3):
// it keeps half its buildings, rounded down, losing the most recent first,
// its monument is razed and it loses one development level.
func (w *World) sack(z ZoneID) {
	zone := &w.Zones[z]
	zone.Buildings = zone.Buildings[: len(zone.Buildings)/2 : len(zone.Buildings)/2]
	if len(zone.Buildings) == 0 {
		zone.Buildings = nil
	}
	zone.Monument = false
	zone.Development = max(0, zone.Development-1)
}
