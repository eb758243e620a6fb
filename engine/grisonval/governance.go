package grisonval

import "github.com/grisonval/server/lang"

// Governance adapts seed 001's kingdom (the Kingmaker rules) to a camp of
// seed 000: edicts, a council of notable citizens, special terrain, kingdom
// events and cut-off land (docs/rules.md, "Governing a camp"). Seed 001's
// kingdom statistics find homes in what seed 000 has:
//
//   - Economy: gold (taxes) and market output;
//   - Loyalty: legitimacy's daily drift;
//   - Stability: resistance to kingdom events;
//   - Unrest: legitimacy lost each day;
//   - Consumption: upkeep.

// Stats are a camp's kingdom statistics of the day, summed from their
// sources (GOV-STATS).
type Stats struct {
	Economy     int `json:"economy"`
	Loyalty     int `json:"loyalty"`
	Stability   int `json:"stability"`
	Unrest      int `json:"unrest"`
	Consumption int `json:"consumption"`
}

// Edict is one of the standing policies of seed 001 (engine/grisonval/edicts.go).
type Edict uint8

// Edicts. Values are stored in orders: append only.
const (
	Taxation Edict = iota + 1
	Holidays
	Promotion
)

// NumEdicts is the number of edicts.
const NumEdicts = int(Promotion)

// SeatKind is a seat of a camp's council (engine/grisonval/council.go).
type SeatKind uint8

// Seats of the council. Values are stored in orders: append only.
const (
	SeatRuler SeatKind = iota + 1
	SeatCouncillor
	SeatGeneral
	SeatDiplomat
	SeatHighPriest
	SeatMarshal
	SeatSpymaster
	SeatTreasurer
)

// NumSeats is the number of seats of a council.
const NumSeats = int(SeatTreasurer)

// Seat is one seat of a council: the citizen who holds it (0: vacant) and
// the day he was named.
type Seat struct {
	Citizen int32 `json:"c,omitempty"`
	Since   int   `json:"d,omitempty"`
}

// Special is a zone's special terrain (engine/grisonval/special.go); 0 is none.
type Special uint8

// Special terrains. Values are stored: append only.
const (
	Resource Special = iota + 1
	Landmark
	Lair
	Ruin
	River
)

// Ongoing is a continuing kingdom event (engine/grisonval/kingdom_events.go).
type Ongoing struct {
	Kind  string `json:"k"`
	Since int    `json:"d"`
	Zone  ZoneID `json:"z,omitempty"`
}

// Stats returns camp c's kingdom statistics, each the sum of its sources.
func (w *World) Stats(c CampID) Stats {
	var s Stats
	if !w.Governed() {
		return s // seed 000 alone (rule RULES-1)
	}
	w.edictStats(c, &s)
	w.councilStats(c, &s)
	w.specialStats(c, &s)
	w.ongoingStats(c, &s)
	w.cutoffStats(c, &s)
	if w.Rules >= RulesMastery {
		s.Unrest += s.negatives()
	}
	return s
}

// negatives returns how many of s's economy, loyalty and stability are
// below 0: each is a point of unrest under RulesMastery (rule GOV-NEG).
func (s Stats) negatives() int {
	n := 0
	for _, v := range []int{s.Economy, s.Loyalty, s.Stability} {
		if v < 0 {
			n++
		}
	}
	return n
}

// LoyaltyQuarters is the number of points of loyalty that move legitimacy
// by one (rule GOV-LOYALTY).
const LoyaltyQuarters = 4

// The daily stability check of RulesMastery (rule GOV-UPKEEP): each
// UpkeepZones zones held make it a point harder; a failure by
// UpkeepNearMiss or less costs a point of legitimacy, a worse one 1d4.
const (
	UpkeepZones    = 5
	UpkeepNearMiss = 4
)

// legTerm is one term of a day's legitimacy (rule LEG-1). Its name is
// written only on the days the journal tells the terms: most are fixed,
// the loyalty's and the stability check's are made of the day's figures.
type legTerm struct {
	n    int
	name lang.Text // a fixed name
	kind legTermKind
	// loyalty is the day's loyalty (legLoyalty); check, stability,
	// unrest and size the day's stability check (legUpkeep).
	loyalty                 int
	check                   check
	stability, unrest, size int
}

// legTermKind says how a legitimacy term is named.
type legTermKind uint8

const (
	legFixed   legTermKind = iota
	legMorale              // its name and the day's morale
	legLoyalty             // the day's loyalty, in quarter points
	legUpkeep              // the day's stability check
)

// what names term tm in the journal; the morale term's name is given
// without the morale, which governDay writes after it.
func (tm *legTerm) what() lang.Text {
	switch tm.kind {
	case legLoyalty:
		return lang.T("loyalty (%+d a day, in quarter points)", "loyauté (%+d par jour, en quarts de point)", tm.loyalty)
	case legUpkeep:
		bs := tm.upkeepBonuses()
		return lang.T("the day's %s", "%s du jour", tm.check.describe(lang.T("stability", "stabilité"), tm.stability, bs[:]))
	}
	return tm.name
}

// upkeepBonuses are the terms of the day's stability check besides the die
// and the stability (rule GOV-UPKEEP).
func (tm *legTerm) upkeepBonuses() [2]bonus {
	return [2]bonus{{-tm.unrest, lang.T("unrest", "insatisfaction")}, {-tm.size, lang.T("the land's size", "la taille du domaine")}}
}

// governanceTerms adds the day's governance terms to camp c's legitimacy
// (rule LEG-1): loyalty, in quarter points, its remainder carried to the
// next day (rule GOV-LOYALTY), and unrest, a point of legitimacy lost per
// point (rule GOV-UNREST).
func (t *tick) governanceTerms(c CampID, add func(legTerm)) {
	camp := &t.w.Camps[c]
	s := t.w.Stats(c)
	var n int
	n, camp.LoyaltyCarry = loyaltyPoints(camp.LoyaltyCarry, s.Loyalty)
	add(legTerm{n: n, kind: legLoyalty, loyalty: s.Loyalty})
	add(legTerm{n: -s.Unrest, name: lang.T("unrest", "insatisfaction")})
	if t.w.Rules >= RulesMastery {
		add(t.upkeepCheck(c, s))
	}
}

// upkeepCheck is camp c's stability check of the day under RulesMastery
// (rule GOV-UPKEEP), drawn from its PurposeUpkeep stream: d20 + stability
// - unrest - held zones / UpkeepZones against the checks' 11 (EVK-CHECK);
// a success gives a point of legitimacy, a failure by 4 or less takes one,
// a failure by 5 or more takes 1d4. It returns the points as a term of
// the day's legitimacy.
func (t *tick) upkeepCheck(c CampID, s Stats) legTerm {
	r := t.stream(c, PurposeUpkeep)
	tm := legTerm{n: 1, kind: legUpkeep, stability: s.Stability, unrest: s.Unrest, size: t.w.HeldZones(c) / UpkeepZones}
	bs := tm.upkeepBonuses()
	tm.check = rollCheck(r, s.Stability, bs[:])
	switch miss := CheckDC - tm.check.total; {
	case tm.check.ok:
	case miss <= UpkeepNearMiss:
		tm.n = -1
	default:
		tm.n = -(1 + r.Intn(4))
	}
	return tm
}

// loyaltyPoints returns the points of legitimacy a day of loyalty gives
// with carry quarter points carried from the day before, and the quarters
// carried to the next (rule GOV-LOYALTY): (carry + loyalty) / 4, truncated
// toward zero, and the remainder.
func loyaltyPoints(carry, loyalty int) (points, rest int) {
	q := carry + loyalty
	return q / LoyaltyQuarters, q % LoyaltyQuarters
}

var edictNames = [...]string{Taxation: "taxation", Holidays: "holidays", Promotion: "promotion"}

func (e Edict) String() string {
	if int(e) < len(edictNames) && edictNames[e] != "" {
		return edictNames[e]
	}
	return "none"
}

// EdictLevels is the number of levels of an edict (0 to EdictLevels-1).
const EdictLevels = 5

// EdictLevelNames are each edict's level names, the same in both languages
// (they are codes a player types).
var EdictLevelNames = [NumEdicts + 1][EdictLevels]string{
	Taxation:  {"none", "light", "normal", "heavy", "crushing"},
	Holidays:  {"none", "1", "6", "12", "24"},
	Promotion: {"none", "token", "standard", "aggressive", "expansive"},
}

var seatNames = [...]string{
	SeatRuler: "ruler", SeatCouncillor: "councillor", SeatGeneral: "general", SeatDiplomat: "diplomat",
	SeatHighPriest: "high_priest", SeatMarshal: "marshal", SeatSpymaster: "spymaster", SeatTreasurer: "treasurer",
}

func (s SeatKind) String() string {
	if int(s) < len(seatNames) && seatNames[s] != "" {
		return seatNames[s]
	}
	return "none"
}

var specialNames = [...]string{Resource: "resource", Landmark: "landmark", Lair: "lair", Ruin: "ruin", River: "river"}

func (s Special) String() string {
	if int(s) < len(specialNames) && specialNames[s] != "" {
		return specialNames[s]
	}
	return "none"
}
