package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// Special terrain (seed 001 L478-543, "Les terrains spéciaux"; detection
// L1881-1888): a few zones bear a resource, a landmark, a lair, a ruin or a
// river, drawn at world creation with the map's three-fold symmetry (rule
// TER-DRAW). A camp learns a zone's special only by exploring it, spying it
// or holding it (rules TER-FIND, TER-EXPLORE); what it learns is its own
// (rule TER-PRIVATE). A held special adds to the camp's kingdom statistics
// (specialStats) and has its effect in the world: more output on a
// resource, defence on a lair, half the price of a first building on a
// ruin (rules TER-RESOURCE to TER-RIVER).

// SpecialSpec is the rule of one special terrain.
type SpecialSpec struct {
	Kind Special
	// Name is the special's name for the journal, with its article.
	Name lang.Text
	// Weight is the chance, in percent, that an orbit drawn for a spot
	// bears this special (rule TER-DRAW); the river is drawn apart.
	Weight int
	// Effect says what the special does for the camp that holds it.
	Effect lang.Text
	// found is the journal's narration of its discovery, in both
	// languages, each a format taking the zone's number.
	found [2]string
}

// Specials are the five special terrains' rules, indexed by kind (index 0
// unused).
var Specials = [River + 1]SpecialSpec{
	Resource: {Kind: Resource, Name: lang.T("a resource", "une ressource"), Weight: 30,
		Effect: lang.T("economy +1 while held; its farms, lumber camps and mines yield 50 % more", "économie +1 tant qu'elle est tenue ; ses fermes, camps de bûcherons et mines produisent 50 % de plus"),
		found:  [2]string{"Zone %d hides riches: rare wood, salt, furs or dyes to trade.", "La zone %d recèle des richesses : bois rares, sel, fourrures ou teintures à négocier."}},
	Landmark: {Kind: Landmark, Name: lang.T("a landmark", "un site étonnant"), Weight: 25,
		Effect: lang.T("loyalty +1 while held, +1 more once developed", "loyauté +1 tant qu'il est tenu, +1 de plus une fois la zone développée"),
		found:  [2]string{"Zone %d holds a wonder: a cliff with a human face, a lake of strange colours; people will be proud of it.", "La zone %d abrite un site étonnant : une falaise au visage humain, un lac aux couleurs étranges ; le peuple en sera fier."}},
	Lair: {Kind: Lair, Name: lang.T("a lair", "un antre"), Weight: 25,
		Effect: lang.T("stability +1 while held; +1 defence of its zone", "stabilité +1 tant qu'il est tenu ; +1 de défense de sa zone"),
		found:  [2]string{"A cave in zone %d, easy to hold, would shelter a garrison.", "Une caverne de la zone %d, facile à tenir, abriterait une garnison."}},
	Ruin: {Kind: Ruin, Name: lang.T("a ruin", "une ruine"), Weight: 20,
		Effect: lang.T("the first building built on it costs half", "le premier bâtiment qu'on y bâtit coûte moitié prix"),
		found:  [2]string{"Ruins stand in zone %d; their stones will serve a first building.", "Des ruines se dressent dans la zone %d ; leurs pierres serviront à un premier bâtiment."}},
	River: {Kind: River, Name: lang.T("a river", "une rivière"),
		Effect: lang.T("economy +1 per 4 river zones held, stability +1 per 8", "économie +1 par 4 zones de rivière tenues, stabilité +1 par 8"),
		found:  [2]string{"A river runs through zone %d: boats, trade and watered fields.", "Une rivière traverse la zone %d : bateaux, commerce et champs irrigués."}},
}

// Numbers of the special terrain's rules.
const (
	// SpecialOrbits is how many orbits of the 120-degree rotation bear a
	// spot of special terrain (rule TER-DRAW): one of the 20 inland orbits
	// of three zones in five, so 12 zones.
	SpecialOrbits = 4
	// RiverLength is the length of the river near each camp (rule
	// TER-DRAW): one river of RiverLength zones and its two turns, so
	// that a camp holding its own gets the economy point of TER-RIVER.
	RiverLength = 4
	// ResourceBonus is what a farm, lumber camp or mine on a resource
	// yields more, in percent of its output (rule TER-RESOURCE).
	ResourceBonus = 50
	// LairDefence is what a lair adds to its zone's defence (rule
	// TER-LAIR).
	LairDefence = 1
	// RiverEconomy and RiverStability are how many held river zones give
	// one point of economy and of stability (rule TER-RIVER).
	RiverEconomy   = 4
	RiverStability = 8
)

// drawSpecials draws the world's special terrain (rule TER-DRAW) from its
// own stream, so that the terrain's draw is untouched: first a river
// (drawRiver), then SpecialOrbits spots, each on an orbit of the 120-degree
// rotation free of river, with one special drawn by weight and borne by the
// orbit's three zones alike. Only inland zones that are neither a capital
// nor next to one bear a special (specialSite).
func (w *World) drawSpecials() {
	rng := NewRand(w.Seed, 0, -1, PurposeSpecial)
	w.drawRiver(rng)
	var orbits []ZoneID // each free orbit by its lowest zone, in zone order
	for z := ZoneID(1); z <= NumZones; z++ {
		if h := HexOf(z); specialSite(z) && w.Zones[z].Special == 0 && z < ZoneAt(rotate(h)) && z < ZoneAt(rotate(rotate(h))) {
			orbits = append(orbits, z)
		}
	}
	for i := range min(SpecialOrbits, len(orbits)) {
		j := i + rng.Intn(len(orbits)-i)
		orbits[i], orbits[j] = orbits[j], orbits[i]
		kind, n := Special(0), rng.Intn(100)
		for k := Resource; k <= River; k++ {
			if n -= Specials[k].Weight; n < 0 {
				kind = k
				break
			}
		}
		w.setOrbit(orbits[i], kind)
	}
}

// drawRiver lays the world's river (rule TER-DRAW): a walk of RiverLength
// neighbouring sites, each of another orbit, from a site drawn at random, a
// step to a neighbour drawn at random; a walk that finds no way on starts
// again, riverTries times at most. The walk and its two turns by 120
// degrees bear the river: RiverLength zones near each camp.
func (w *World) drawRiver(rng *Rand) {
	var sites []ZoneID
	for z := ZoneID(1); z <= NumZones; z++ {
		if specialSite(z) {
			sites = append(sites, z)
		}
	}
	for range riverTries {
		path := []ZoneID{sites[rng.Intn(len(sites))]}
		for len(path) < RiverLength {
			var next []ZoneID
			for _, n := range Neighbors(path[len(path)-1]) {
				if specialSite(n) && !slices.ContainsFunc(path, func(p ZoneID) bool { return sameOrbit(p, n) }) {
					next = append(next, n)
				}
			}
			if len(next) == 0 {
				break
			}
			path = append(path, next[rng.Intn(len(next))])
		}
		if len(path) == RiverLength {
			for _, z := range path {
				w.setOrbit(z, River)
			}
			return
		}
	}
}

// riverTries bounds the river's walks; on a map of radius 5 the first
// almost always succeeds.
const riverTries = 100

// setOrbit gives special s to zone z and its two turns by 120 degrees.
func (w *World) setOrbit(z ZoneID, s Special) {
	h := HexOf(z)
	for range 3 {
		w.Zones[ZoneAt(h)].Special = s
		h = rotate(h)
	}
}

// sameOrbit reports whether zones a and b are one orbit of the 120-degree
// rotation.
func sameOrbit(a, b ZoneID) bool {
	h := HexOf(a)
	return b == a || b == ZoneAt(rotate(h)) || b == ZoneAt(rotate(rotate(h)))
}

// specialSite reports whether zone z may bear a special (rule TER-DRAW):
// inland, not the centre (its own orbit), neither a capital site nor next
// to one, so that the land MAP-2 guarantees every capital stays as it is
// and no camp starts in sight of a special.
func specialSite(z ZoneID) bool {
	if r := HexOf(z).Ring(); r == 0 || r == Radius {
		return false
	}
	for _, h := range CapitalSites {
		if ZoneDistance(z, ZoneAt(h)) <= 1 {
			return false
		}
	}
	return true
}

// survey records in camp c's memory what zone z bears (rule TER-FIND) and
// returns the special c learns now, or 0 when there is none or c knew it.
func (w *World) survey(c CampID, z ZoneID) Special {
	m := &w.Camps[c].Memory[z]
	known := m.Surveyed
	m.Surveyed, m.Special = true, w.Zones[z].Special
	if known {
		return 0
	}
	return m.Special
}

// finding is a special a camp learns by holding its zone.
type finding struct {
	camp CampID
	zone ZoneID
}

// surveyHeld has every living camp survey the zones it holds and has not
// surveyed yet (rule TER-FIND), in camp then zone order, and returns the
// specials learnt so.
func (w *World) surveyHeld() []finding {
	var found []finding
	for c := range CampID(NumCamps) {
		if !w.Camps[c].Alive {
			continue
		}
		zones, memory := w.Zones[:NumZones+1], w.Camps[c].Memory[:NumZones+1]
		for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
			if zones[z].Owner == c && !memory[z].Surveyed && w.survey(c, z) != 0 {
				found = append(found, finding{c, z})
			}
		}
	}
	return found
}

// learnHeld is the vision phase's survey of held zones (rule TER-FIND):
// each special learnt is written in its camp's journal.
func (t *tick) learnHeld() {
	if !t.w.Governed() {
		return // seed 000 alone (rule RULES-1)
	}
	for _, f := range t.w.surveyHeld() {
		t.noteFound(f.camp, f.zone, lang.T("your camp holds it", "votre camp la tient"))
	}
}

// discover has camp c survey zone z, as how says (its scouts, its informer),
// and writes the special it learns in its journal (rule TER-FIND).
func (t *tick) discover(c CampID, z ZoneID, how lang.Text) {
	if !t.w.Governed() {
		return // seed 000 alone (rule RULES-1)
	}
	if t.w.survey(c, z) != 0 {
		t.noteFound(c, z, how)
	}
}

// noteFound writes in camp c's journal the special of zone z it has just
// learnt, as how says. Only c reads it (rule TER-PRIVATE).
func (t *tick) noteFound(c CampID, z ZoneID, how lang.Text) {
	s := &Specials[t.w.Zones[z].Special]
	t.note(c, "special_found", []ZoneID{z}, lang.T(s.found[0], s.found[1], z),
		lang.T("zone %d bears %s (%s): %s; only your camp knows it", "la zone %d porte %s (%s) : %s ; seul votre camp le sait",
			z, s.Name, how, s.Effect))
}

// specialStats adds what camp c's held special terrain gives to its kingdom
// statistics (rules TER-RESOURCE, TER-LANDMARK, TER-LAIR, TER-RIVER):
// economy +1 a resource, loyalty +1 a landmark (+1 more once its zone is
// developed), stability +1 a lair; economy +1 per RiverEconomy river zones
// and stability +1 per RiverStability.
func (w *World) specialStats(c CampID, s *Stats) {
	rivers := 0
	zones := w.Zones[:NumZones+1]
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		zone := &zones[z]
		if zone.Owner != c {
			continue
		}
		switch zone.Special {
		case Resource:
			s.Economy++
		case Landmark:
			s.Loyalty++
			if zone.Development > 0 {
				s.Loyalty++
			}
		case Lair:
			s.Stability++
		case River:
			rivers++
		}
	}
	s.Economy += rivers / RiverEconomy
	s.Stability += rivers / RiverStability
}

// SpecialStats returns the part of camp c's kingdom statistics its held
// special terrain gives (specialStats).
func (w *World) SpecialStats(c CampID) Stats {
	var s Stats
	w.specialStats(c, &s)
	return s
}

// specialDefence returns what zone z's special adds to its defence (rule
// TER-LAIR).
func (w *World) specialDefence(z ZoneID) int {
	if w.Zones[z].Special == Lair {
		return LairDefence
	}
	return 0
}

// specialOutput returns, in hundredths, what zone's special adds to camp
// c's production of the day (rule TER-RESOURCE): each farm, lumber camp and
// mine on a resource yields ResourceBonus % more of its output, with the
// same multipliers (RES-1). jobMult holds the camp's job multipliers
// (jobMultipliers).
func (w *World) specialOutput(c CampID, zone *Zone, jobMult *[NumJobs + 1]float64) Resources {
	var h Resources
	if zone.Special != Resource {
		return h
	}
	for _, b := range zone.Buildings {
		if b == Farm || b == LumberCamp || b == Mine {
			h = h.Add(Buildings[b].Output.scale(w.outputPercent(c, b, jobMult[b.Job()], nil) * ResourceBonus).div(100))
		}
	}
	return h
}

// BuildCost returns what a building of kind b costs in zone z (rules
// BLD-BUILD, TER-RUIN): its cost, halved (rounded down) on a ruin that has
// no building yet.
func (w *World) BuildCost(b BuildingKind, z ZoneID) Resources {
	if zone := &w.Zones[z]; zone.Special == Ruin && len(zone.Buildings) == 0 {
		return Buildings[b].Cost.div(2)
	}
	return Buildings[b].Cost
}

// leastBuildCost returns the least a building of kind b can cost camp c
// today (rule TER-RUIN): half its cost when one of c's zones that can take
// it is a bare ruin, else its cost.
func (w *World) leastBuildCost(c CampID, b BuildingKind) Resources {
	zones := w.Zones[:NumZones+1]
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		// Only a bare ruin's price differs (BuildCost): the other zones
		// are not looked at further.
		zone := &zones[z]
		if zone.Owner == c && zone.Special == Ruin && len(zone.Buildings) == 0 &&
			!w.Besieged(z) && holdBar(w, z, b) == barNone && w.BuildCost(b, z) != Buildings[b].Cost {
			return w.BuildCost(b, z)
		}
	}
	return Buildings[b].Cost
}

// buildCostBar returns barCost when camp c cannot pay a building of kind b
// in zone z (rule TER-RUIN: only a ruin makes the price of a zone differ).
func (w *World) buildCostBar(c CampID, b BuildingKind, z ZoneID) bar {
	if !w.Camps[c].Resources.Covers(w.BuildCost(b, z)) {
		return barCost
	}
	return barNone
}

// buildPrices returns, for the build action of kind b, what each zone the
// menu offers costs, when one of them differs from the building's cost (a
// ruin, rule TER-RUIN); nil when they all cost the same.
func buildPrices(b BuildingKind) func(w *World, specs []ArgSpec) []ChoicePrice {
	return func(w *World, specs []ArgSpec) []ChoicePrice {
		out := make([]ChoicePrice, len(specs[0].Choices))
		same := true
		for i, z := range specs[0].Choices {
			out[i] = ChoicePrice{Value: z, Cost: w.BuildCost(b, ZoneID(z))}
			same = same && out[i].Cost == Buildings[b].Cost
		}
		if same {
			return nil
		}
		return out
	}
}
