package grisonval

import (
	"slices"

	"github.com/grisonval/server/engine/career"
)

// NumCamps is the number of camps in a world.
const NumCamps = 3

// CampID is a camp's index, from 0 to NumCamps-1. NoCamp marks free land.
type CampID int8

// NoCamp is the owner of free land.
const NoCamp CampID = -1

// Terrain is the land of a zone.
type Terrain uint8

// Terrains. Coasts border the rim of the world.
const (
	Plains Terrain = iota + 1
	Forest
	Mountain
	Coast
)

var terrainNames = [...]string{Plains: "plains", Forest: "forest", Mountain: "mountain", Coast: "coast"}

func (t Terrain) String() string {
	if int(t) < len(terrainNames) && terrainNames[t] != "" {
		return terrainNames[t]
	}
	return "unknown"
}

// Cost returns the terrain value used both as the march cost of a target
// zone and as its defence bonus (rule MAR-1, BAT-1).
func (t Terrain) Cost() int {
	switch t {
	case Forest, Coast:
		return 1
	case Mountain:
		return 2
	}
	return 0
}

// Resources is a stockpile. Research accumulates and is never spent.
type Resources struct {
	Food     int64 `json:"food"`
	Wood     int64 `json:"wood"`
	Stone    int64 `json:"stone"`
	Tools    int64 `json:"tools"`
	Gold     int64 `json:"gold"`
	Research int64 `json:"research"`
}

// ResourceNames are the resources' names in English, in the order of
// Resources' fields; they are also the wire's names.
var ResourceNames = [6]string{"food", "wood", "stone", "tools", "gold", "research"}

// values returns r's amounts in the order of ResourceNames.
func (r Resources) values() [6]int64 {
	return [6]int64{r.Food, r.Wood, r.Stone, r.Tools, r.Gold, r.Research}
}

// Covers reports whether r holds at least c of every resource.
func (r Resources) Covers(c Resources) bool {
	return r.Food >= c.Food && r.Wood >= c.Wood && r.Stone >= c.Stone &&
		r.Tools >= c.Tools && r.Gold >= c.Gold && r.Research >= c.Research
}

// zero reports whether r holds nothing of any resource.
func (r Resources) zero() bool {
	return r.Food == 0 && r.Wood == 0 && r.Stone == 0 && r.Tools == 0 && r.Gold == 0 && r.Research == 0
}

// Sub returns r minus c.
func (r Resources) Sub(c Resources) Resources {
	return Resources{r.Food - c.Food, r.Wood - c.Wood, r.Stone - c.Stone, r.Tools - c.Tools, r.Gold - c.Gold, r.Research - c.Research}
}

// Add returns r plus c.
func (r Resources) Add(c Resources) Resources {
	return Resources{r.Food + c.Food, r.Wood + c.Wood, r.Stone + c.Stone, r.Tools + c.Tools, r.Gold + c.Gold, r.Research + c.Research}
}

// Zone is the state of one zone.
type Zone struct {
	ID          ZoneID  `json:"id"`
	Terrain     Terrain `json:"terrain"`
	Owner       CampID  `json:"owner"`
	Capital     bool    `json:"capital,omitempty"`
	Garrison    int     `json:"garrison,omitempty"`
	Development int     `json:"dev,omitempty"`
	// Buildings are the zone's buildings in the order they were built
	// (rule BLD-SLOT); a sack removes the most recent first (rule BLD-SACK).
	Buildings []BuildingKind `json:"b,omitempty"`
	// Monument is set when the zone bears its holder's great monument
	// (rule MON-1).
	Monument bool `json:"mon,omitempty"`
	// Special is the zone's special terrain, hidden until found (engine/grisonval/special.go).
	Special Special `json:"sp,omitempty"`
}

// Memory is what a camp last saw of a zone, and when.
type Memory struct {
	Seen     bool    `json:"seen,omitempty"`
	Day      int     `json:"day,omitempty"`
	Terrain  Terrain `json:"terrain,omitempty"`
	Owner    CampID  `json:"owner"`
	Capital  bool    `json:"capital,omitempty"`
	Garrison int     `json:"garrison,omitempty"`
	Dev      int     `json:"dev,omitempty"`
	// Buildings and Monument are the zone's buildings as last seen.
	Buildings []BuildingKind `json:"b,omitempty"`
	Monument  bool           `json:"mon,omitempty"`
	// Special is the zone's special terrain as this camp found it
	// (engine/grisonval/special.go): private knowledge. Surveyed is set once the
	// camp has explored, spied or held the zone (rule TER-FIND): a zero
	// Special then means the zone bears none.
	Special  Special `json:"sp,omitempty"`
	Surveyed bool    `json:"surv,omitempty"`
}

// Camp is the state of one camp.
type Camp struct {
	Name      string    `json:"name"`
	Alive     bool      `json:"alive"`
	Resources Resources `json:"res"`
	Morale    int       `json:"morale"`
	// Citizens are the camp's living inhabitants, soldiers included, in
	// order of arrival (rule CIT-1); NextCitizen is the next citizen's ID.
	Citizens    []Citizen `json:"cit"`
	NextCitizen int32     `json:"next_cit"`
	// FamineDay is the last day the camp starved (rule ECO-4), 0 if never;
	// old age kills twice as often the day of a famine and the day after
	// (rule POP-4).
	FamineDay int `json:"famine,omitempty"`
	// FieldArmy is the number of men under arms at the capital, outside any
	// garrison or column. They are citizens under arms (rule CIT-ARMS).
	FieldArmy int `json:"army,omitempty"`
	// Met[o] is true once this camp has met camp o.
	Met [NumCamps]bool `json:"met"`
	// Memory is indexed by zone number; index 0 is unused.
	Memory []Memory `json:"memory"`
	// Carry holds the hundredths of production not yet paid out (rule
	// RES-2): output multipliers never lose a fraction.
	Carry Resources `json:"carry"`
	// Degraded is set by a day of unpaid upkeep and cleared by a day of full
	// payment (rule UPK-5).
	Degraded bool `json:"degraded,omitempty"`
	// Achievements is the bitmask of unlocked achievements: bit i-1 for
	// AchievementID i (rule ACH-1).
	Achievements uint32 `json:"ach,omitempty"`
	// Government is the camp's form of government, adopted on day
	// GovernmentDay (0: the starting form); Legitimacy is 0-100 and
	// LowLegitimacy counts the days in a row it ended under 15 (rules
	// POL-1, POL-2, LEG-1, LEG-4).
	Government    Government `json:"gov"`
	GovernmentDay int        `json:"gov_day,omitempty"`
	Legitimacy    int        `json:"legit"`
	LowLegitimacy int        `json:"low_legit,omitempty"`
	// Infamy and Fame are public reputations: pacts broken and pacts
	// signed (rule DIP-7).
	Infamy int `json:"infamy,omitempty"`
	Fame   int `json:"fame,omitempty"`
	// ArmsDays sums the camp's men under arms at the end of each of the
	// season's days (rule CIT-ARMS): its men-under-arms-days, which the
	// camp score of RulesVictory weighs (docs/career.md CAR-VETERANS). Only
	// RulesVictory counts them; older rules leave it 0.
	ArmsDays int `json:"arms_days,omitempty"`

	// Governance (seed 001, engine/grisonval/governance.go). Each part of it keeps its
	// fields under its own heading.

	// Edicts (engine/grisonval/edicts.go).
	Edicts [NumEdicts]uint8 `json:"edicts,omitzero"`
	// EdictDay[e-1] is the day edict e last changed, 0 if never (rule
	// EDI-1). LoyaltyCarry keeps the quarter points of loyalty not yet
	// paid to legitimacy (rule GOV-LOYALTY). HolidayCut is the day the
	// holidays were last lowered and HolidayDistrust the first day the
	// people believe in them again (rule EDI-4). EdictsUnpaid is the last
	// day the edicts' consumption went unpaid (rule EDI-6).
	EdictDay        [NumEdicts]int `json:"edict_day,omitzero"`
	LoyaltyCarry    int            `json:"loyalty_carry,omitempty"`
	HolidayCut      int            `json:"holiday_cut,omitempty"`
	HolidayDistrust int            `json:"holiday_distrust,omitempty"`
	EdictsUnpaid    int            `json:"edicts_unpaid,omitempty"`

	// Council (engine/grisonval/council.go).
	Council [NumSeats]Seat `json:"council,omitzero"`
	// CouncilUnrest is the unrest of day CouncilUnrestDay, the day a living
	// holder lost his seat (rule CNL-5).
	CouncilUnrest    int `json:"council_unrest,omitempty"`
	CouncilUnrestDay int `json:"council_unrest_day,omitempty"`

	// Kingdom events (engine/grisonval/kingdom_events.go).
	Ongoing []Ongoing `json:"ongoing,omitempty"`

	// Cut-off land (engine/grisonval/cutoff.go). CutZones are the camp's zones cut
	// off from its capital, in zone order, each with the day it was cut off;
	// CutOffSince is the first day of the spell of cut-off land under way (0:
	// the camp's land is whole); CutOffHalf holds the half hundredths of
	// production a cut-off zone's halved output leaves over, 0 or 1 of each
	// resource (rules CUT-1 to CUT-6, RES-2).
	CutZones    []CutZone `json:"cut,omitempty"`
	CutOffSince int       `json:"cut_since,omitempty"`
	CutOffHalf  Resources `json:"cut_half,omitzero"`
}

// ColumnKind distinguishes soldiers from settlers.
type ColumnKind uint8

// Column kinds.
const (
	ArmyColumn ColumnKind = iota + 1
	SettlerColumn
)

// Column is a group of men on the march.
type Column struct {
	ID     int        `json:"id"`
	Camp   CampID     `json:"camp"`
	Kind   ColumnKind `json:"kind"`
	Men    int        `json:"men"`
	From   ZoneID     `json:"from"`
	To     ZoneID     `json:"to"`
	Depart int        `json:"depart"`
	Arrive int        `json:"arrive"`
	// Home is set on a column marching back to the field army (rules
	// WAR-RECALL, WAR-TURN): on reaching a zone of its camp its men join the
	// field army instead of the garrison.
	Home bool `json:"home,omitempty"`
}

// Rules is the version of the rules a world is played by (rule RULES-1): a
// season keeps the rules it started under, so that it replays to the
// states it was stored with.
type Rules uint8

// Versions of the rules. Append only.
const (
	// RulesSeed000 is seed 000 alone, before seed 001's governance: the
	// rules of every world stored before issue 15 (the zero value, which
	// their stored states decode to).
	RulesSeed000 Rules = iota
	// RulesGovernance adds seed 001's governance: edicts, the council,
	// special terrain, kingdom events and cut-off land.
	RulesGovernance
	// RulesWar closes seed 000's loose ends (a colony with no people
	// collapses and is refounded, CAMP-3; food only where the seed grows
	// it, ECO-5) and bounds the stocks (the granary, ECO-6), issue 16: see
	// docs/rules.md, RULES-1.
	RulesWar
	// RulesMastery is issue 29's game worth mastering: chance keyed by the
	// season (RNG-1), and the faults bot-played seasons found, each rule
	// marked "(RulesMastery)" where docs/rules.md defines it.
	RulesMastery
	// RulesVictory is issue 29's season ranking that weighs what war and
	// walls keep: the camp score counts a camp's men under arms averaged
	// over the season (docs/career.md CAR-VETERANS). A day of RulesVictory
	// plays as a day of RulesMastery but for counting each camp's
	// men-under-arms-days (Camp.ArmsDays), which only the season layer's
	// score reads.
	RulesVictory
)

// CurrentRules are the rules a new world or season starts under;
// LatestRules the newest version this program plays, which a simulation
// may choose before it becomes the current one.
const (
	CurrentRules = RulesVictory
	LatestRules  = RulesVictory
)

// Governed reports whether w is played with seed 001's governance.
func (w *World) Governed() bool { return w.Rules >= RulesGovernance }

// World is the whole state of a world after Day ticks. A World is a value:
// functions of this package never modify a World they are given.
type World struct {
	// Rules is the version of the rules the world is played by.
	Rules Rules  `json:"rules,omitempty"`
	Seed  uint64 `json:"seed"`
	// Season is the number of the season the world plays (1 for a world's
	// first); under RulesMastery it keys the world's chance with the seed
	// (rule RNG-1), and older rules ignore it.
	Season     int            `json:"season,omitempty"`
	Day        int            `json:"day"`
	Zones      []Zone         `json:"zones"` // indexed by zone number; index 0 is unused
	Camps      [NumCamps]Camp `json:"camps"`
	Columns    []Column       `json:"columns"`
	NextColumn int            `json:"next_column"`
	// Relations holds one status per pair of camps, stored once per pair
	// (see Relation; rule TRD-3); Pacts holds the rest of each pair's
	// diplomatic record, in the same order (rule DIP-1).
	Relations [NumPairs]Relation `json:"rel"`
	Pacts     [NumPairs]Pact     `json:"pacts"`
	// Routes are the open trade routes, in opening order (rule TRD-2).
	Routes []Route `json:"routes,omitempty"`
	// Sieges are the sieges under way, one per zone at most, in zone order
	// (rule SIE-1).
	Sieges []Siege `json:"sieges,omitempty"`
	// Rulers are the world bonuses of each camp's ruler for the season, from
	// the character sheet of the player who serves it (rule SHEET-BONUS;
	// zero for a camp without one).
	Rulers [NumCamps]career.WorldBonuses `json:"rulers"`
}

// Zone returns the zone with number z.
func (w *World) Zone(z ZoneID) *Zone { return &w.Zones[z] }

// Clone returns a deep copy of w.
func (w *World) Clone() *World { return w.CloneInto(nil) }

// CloneInto makes dst a deep copy of w, reusing dst's memory where it can,
// and returns it; a nil dst gets fresh memory. dst is a world nothing uses
// any more, made by NewWorld, Unmarshal, Clone, CloneInto, Resolve or
// ResolveInto: those share none of the memory CloneInto writes into with
// another world. (Copies share the camps' memories of a zone's buildings,
// which are replaced, never written into: see World.remember.)
func (w *World) CloneInto(dst *World) *World {
	if dst == nil {
		dst = new(World)
	}
	zones, columns, routes, sieges := dst.Zones, dst.Columns, dst.Routes, dst.Sieges
	var camps [NumCamps]struct {
		memory   []Memory
		citizens []Citizen
		ongoing  []Ongoing
		cutZones []CutZone
	}
	for i := range camps {
		c := &dst.Camps[i]
		camps[i].memory, camps[i].citizens, camps[i].ongoing, camps[i].cutZones = c.Memory, c.Citizens, c.Ongoing, c.CutZones
	}
	*dst = *w
	dst.Zones = copyZones(zones, w.Zones)
	dst.Routes = cloneInto(routes, w.Routes)
	dst.Columns = cloneInto(columns, w.Columns)
	dst.Sieges = cloneInto(sieges, w.Sieges)
	for i := range dst.Camps {
		c, from := &dst.Camps[i], &w.Camps[i]
		c.Memory = copyMemories(camps[i].memory, from.Memory)
		c.Citizens = cloneInto(camps[i].citizens, from.Citizens)
		c.Ongoing = cloneInto(camps[i].ongoing, from.Ongoing)
		c.CutZones = cloneInto(camps[i].cutZones, from.CutZones)
	}
	return dst
}

// cloneInto returns a copy of src in dst's memory when it has room; like
// slices.Clone, it keeps a nil src nil and an empty one empty.
func cloneInto[S ~[]E, E any](dst, src S) S {
	if src == nil || dst == nil {
		return slices.Clone(src)
	}
	return append(dst[:0], src...)
}

// SetRuler gives camp c the world bonuses of its ruler's sheet (rule
// SHEET-BONUS). It is for a season's setup (day 0): the ruler's prestige
// raises the starting morale at once.
func (w *World) SetRuler(c CampID, b career.WorldBonuses) {
	w.Camps[c].Morale = min(100, w.Camps[c].Morale-w.Rulers[c].StartMorale+b.StartMorale)
	w.Rulers[c] = b
}

// Capital returns the camp's capital, or 0 if it has none.
func (w *World) Capital(c CampID) ZoneID {
	zones := w.Zones[:NumZones+1]
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		if zones[z].Owner == c && zones[z].Capital {
			return z
		}
	}
	return 0
}

// territory returns the zones camp c holds and its capital, 0 if it has
// none (the first of its capitals in zone order, as Capital).
func (w *World) territory(c CampID) (held zoneMask, capital ZoneID) {
	zones := w.Zones[:NumZones+1]
	lo, hi := uint64(0), uint64(0) // held's words, in registers
	for z := ZoneID(len(zones) - 1); z >= 1; z-- {
		if zones[z].Owner == c {
			if z < 64 {
				lo |= 1 << z
			} else {
				hi |= 1 << (z - 64)
			}
			if zones[z].Capital {
				capital = z
			}
		}
	}
	return zoneMask{lo, hi}, capital
}

// HeldZones returns the number of zones camp c holds.
func (w *World) HeldZones(c CampID) int {
	n := 0
	zones := w.Zones[1 : NumZones+1]
	for i := range zones {
		n += b2i(zones[i].Owner == c)
	}
	return n
}

// MenUnderArms returns every man of camp c under arms: field army, garrisons,
// army columns and siege lines.
func (w *World) MenUnderArms(c CampID) int {
	n := w.Camps[c].FieldArmy
	zones := w.Zones[1 : NumZones+1]
	for i := range zones {
		if zones[i].Owner == c {
			n += zones[i].Garrison
		}
	}
	for _, col := range w.Columns {
		if col.Camp == c && col.Kind == ArmyColumn {
			n += col.Men
		}
	}
	for _, s := range w.Sieges {
		if s.Camp == c {
			n += s.Men
		}
	}
	return n
}

// MaxUnderArms returns the cap on men under arms (rule ARM-2): adults less
// three, and never more than half the adults plus 2 per barracks.
func (w *World) MaxUnderArms(c CampID) int {
	adults := w.Adults(c)
	return max(0, min(adults-3, adults/2+2*w.CountBuildings(c, Barracks)))
}

// Housing returns the camp's housing capacity (rule POP-2): 20 + 3 per
// house + 2 per held zone beyond the first.
// Its houses (not under siege, as CountBuildings) and its zones are
// counted in one walk of the zones.
func (w *World) Housing(c CampID) int {
	houses, held := 0, 0
	zones, sieged := w.Zones[:NumZones+1], w.besieged()
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		zone := &zones[z]
		if zone.Owner != c {
			continue
		}
		held++
		if len(zone.Buildings) > 0 && !sieged.has(z) {
			for _, k := range zone.Buildings {
				houses += b2i(k == House)
			}
		}
	}
	return housingOf(houses, held)
}

// housing is Housing with the camp's houses counted.
func (w *World) housing(c CampID, houses int) int { return housingOf(houses, w.HeldZones(c)) }

// housingOf is the housing capacity of a camp of houses houses (not
// under siege) and held zones (rule POP-2).
func housingOf(houses, held int) int { return 20 + 3*houses + 2*max(0, held-1) }

// CapitalSites are the three capitals' positions: pairwise at distance 8,
// each at ring 4 (never a corner), each the 120-degree rotation of the
// previous one (rule MAP-3).
var CapitalSites = [NumCamps]Hex{{Q: 4, R: -4}, {Q: -4, R: 0}, {Q: 0, R: 4}}

// Archetype is a camp's nature: what its people value. It is public, and it
// guides an AI-controlled camp's diplomacy (rule AI-ARCH).
type Archetype uint8

// Archetypes.
const (
	Builders Archetype = iota + 1
	WarriorClan
	MerchantLeague
)

var archetypeNames = [...]string{Builders: "builders", WarriorClan: "warrior_clan", MerchantLeague: "merchant_league"}

func (a Archetype) String() string {
	if int(a) < len(archetypeNames) && archetypeNames[a] != "" {
		return archetypeNames[a]
	}
	return "none"
}

// CampArchetypes are the camps' archetypes, in camp order: Grisonval's
// builders, Carmin's warrior clan, Azur's merchant league.
var CampArchetypes = [NumCamps]Archetype{Builders, WarriorClan, MerchantLeague}

// CampNames are the camps' names, in camp order.
var CampNames = [NumCamps]string{"Grisonval", "Carmin", "Azur"}

// Starting values of a camp (rule CAMP-1).
var (
	StartResources  = Resources{Food: 1500, Wood: 60, Stone: 30, Tools: 10, Gold: 40}
	StartPopulation = 20
	StartMorale     = 60
	StartGarrison   = 4
)

// NewWorld returns the setup of a world (day 0) for a seed. The terrain has a
// three-fold rotational symmetry, so that every camp starts on the same land
// (rule MAP-2).
func NewWorld(seed uint64) *World { return NewWorldRules(seed, CurrentRules) }

// NewWorldRules returns the setup of a world's first season (day 0) for a
// seed, played by the given rules (rule RULES-1).
func NewWorldRules(seed uint64, rules Rules) *World { return NewSeasonWorld(seed, rules, 1) }

// NewSeasonWorld returns the setup (day 0) of season season of the world
// of seed, played by the given rules (rule RULES-1). The land (terrain,
// capitals, special terrain) is the seed's alone, the same every season;
// under RulesMastery the founders and every later draw are the season's
// (rule RNG-1).
func NewSeasonWorld(seed uint64, rules Rules, season int) *World {
	w := &World{Rules: rules, Seed: seed, Zones: make([]Zone, NumZones+1), NextColumn: 1}
	if rules >= RulesMastery {
		w.Season = season
	}
	rng := NewRand(seed, 0, -1, PurposeMap)
	for z := ZoneID(1); z <= NumZones; z++ {
		w.Zones[z] = Zone{ID: z, Owner: NoCamp}
	}
	// Draw one terrain per orbit of the 120-degree rotation, in zone order.
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Terrain != 0 {
			continue
		}
		h := HexOf(z)
		var t Terrain
		switch {
		case h.Ring() == Radius:
			t = Coast
		case h.Ring() == 0:
			t = Plains
		default:
			switch n := rng.Intn(100); {
			case n < 45:
				t = Plains
			case n < 75:
				t = Forest
			default:
				t = Mountain
			}
		}
		for range 3 {
			w.Zones[ZoneAt(h)].Terrain = t
			h = rotate(h)
		}
	}
	for c := range CampID(NumCamps) {
		capital := ZoneAt(CapitalSites[c])
		zc := &w.Zones[capital]
		zc.Terrain, zc.Owner, zc.Capital, zc.Garrison = Plains, c, true, StartGarrison
		w.Camps[c] = Camp{
			Name:      CampNames[c],
			Alive:     true,
			Resources: StartResources,
			Morale:    StartMorale,
			Memory:    make([]Memory, NumZones+1),
			// Citizens are numbered from 1 (rule CIT-1).
			NextCitizen: 1,
		}
		w.Camps[c].Government, w.Camps[c].Legitimacy = StartGovernment, StartLegitimacy
		w.foundCamp(c)
	}
	// Every capital has a forest, a mountain and a plain among its inland
	// neighbours (rule MAP-2); the coast is the other three.
	for _, site := range []struct {
		h Hex
		t Terrain
	}{{Hex{3, -4}, Forest}, {Hex{4, -3}, Mountain}, {Hex{3, -3}, Plains}} {
		h := site.h
		for range 3 {
			w.Zones[ZoneAt(h)].Terrain = site.t
			h = rotate(h)
		}
	}
	// Special terrain, hidden; each camp surveys its capital (rules
	// TER-DRAW, TER-FIND).
	if w.Governed() {
		w.drawSpecials()
		w.surveyHeld()
	}
	w.updateVision()
	return w
}
