package grisonval

import (
	"cmp"
	"slices"

	"github.com/grisonval/server/lang"
)

// Vision returns, indexed by zone number, the zones camp c sees today: its
// zones, their immediate neighbours, its columns' destinations and the zones
// its armies besiege (rules FOG-1, FOG-6); and all that its allies see so,
// with their own eyes (rule DIP-4).
func (w *World) Vision(c CampID) []bool {
	vis := new(zoneSet)
	w.visionInto(c, vis)
	return vis[:]
}

// zoneSet is a set of zones, indexed by zone number.
type zoneSet [NumZones + 1]bool

// visionInto is Vision written into vis, a set the caller clears.
func (w *World) visionInto(c CampID, vis *zoneSet) {
	w.vision(c).each(func(z ZoneID) { vis[z] = true })
}

// vision is Vision as a zoneMask.
func (w *World) vision(c CampID) (seen zoneMask) {
	if !w.Camps[c].Alive {
		return seen
	}
	// shares[o+1] tells whether c sees with the eyes of owner o (NoCamp
	// first).
	var shares [NumCamps + 1]bool
	for o := range CampID(NumCamps) {
		shares[o+1] = w.sharesVision(c, o)
	}
	zones, around := w.Zones[:NumZones+1], &geometry.around
	lo, hi := uint64(0), uint64(0) // seen's words, in registers
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		if shares[zones[z].Owner+1] {
			a := &around[z]
			lo, hi = lo|a[0], hi|a[1]
			if z < 64 {
				lo |= 1 << z
			} else {
				hi |= 1 << (z - 64)
			}
		}
	}
	seen = zoneMask{lo, hi}
	for _, col := range w.Columns {
		if w.sharesVision(c, col.Camp) {
			seen.add(col.To)
		}
	}
	for _, s := range w.Sieges {
		if w.sharesVision(c, s.Camp) {
			seen.add(s.Zone)
		}
	}
	return seen
}

// remember records what camp c sees of zone z today.
func (w *World) remember(c CampID, z ZoneID) {
	zone := &w.Zones[z]
	m := &w.Camps[c].Memory[z]
	// Written in place: what the camp surveyed stays known (rule TER-FIND).
	m.see(zone, w.Day)
	// A memory keeps its own copy of the buildings: the zone's slice may be
	// changed in place later, and a memory must not follow it. The same
	// buildings as the day before are left as they are.
	if !slices.Equal(m.Buildings, zone.Buildings) {
		m.Buildings = slices.Clone(zone.Buildings)
	}
	if o := zone.Owner; o != NoCamp && o != c {
		w.meet(c, o)
	}
}

// seen returns what a camp sees of zone on day. The result shares the
// zone's buildings slice.
func seen(zone *Zone, day int) Memory {
	m := Memory{Buildings: zone.Buildings}
	m.see(zone, day)
	return m
}

// see writes into m what a camp sees of zone on day, but for the
// buildings, and leaves what the camp surveyed (Surveyed, Special).
func (m *Memory) see(zone *Zone, day int) {
	m.Seen, m.Day, m.Terrain, m.Owner = true, day, zone.Terrain, zone.Owner
	m.Capital, m.Garrison, m.Dev, m.Monument = zone.Capital, zone.Garrison, zone.Development, zone.Monument
}

// meet marks camps a and b as having met each other (rule FOG-3).
func (w *World) meet(a, b CampID) {
	if a == b || a == NoCamp || b == NoCamp {
		return
	}
	w.Camps[a].Met[b] = true
	w.Camps[b].Met[a] = true
}

// updateVision refreshes every living camp's memory of the zones it sees.
func (w *World) updateVision() {
	for c := range CampID(NumCamps) {
		if !w.Camps[c].Alive {
			continue
		}
		w.vision(c).each(func(z ZoneID) { w.remember(c, z) })
	}
}

// Knowledge is what a camp knows of a zone.
type Knowledge uint8

// Knowledge levels.
const (
	Unknown Knowledge = iota + 1
	Remembered
	Visible
)

// ZoneView is one zone as a camp knows it. For an Unknown zone only ID is
// meaningful (the map's shape is public).
type ZoneView struct {
	ID        ZoneID
	Knowledge Knowledge
	Memory    Memory
	// Surveyed is set once the camp has surveyed the zone (explored,
	// spied or held it), and Special is what it found there: its own
	// knowledge, never another camp's (rule TER-PRIVATE).
	Surveyed bool
	Special  Special
	// CutOff is set on a zone of the camp's own that is cut off from its
	// capital today (rule CUT-1).
	CutOff bool
}

// CampView is everything camp c knows: the engine's side of the fogged view.
// It holds nothing the camp cannot see.
type CampView struct {
	Camp         CampID
	Name         string
	Day          int
	YearSeason   string
	Alive        bool
	Resources    Resources
	Morale       int
	Population   int
	FieldArmy    int
	UnderArms    int
	MaxUnderArms int
	Housing      int
	Zones        []ZoneView // indexed by zone number; index 0 is unused
	Columns      []Column   // the camp's own columns
	Others       []OtherCamp
	Legal        []LegalAction
	// Closed are the actions closed today, with why (rule ACT-CLOSED).
	Closed []Closed
	// Forecast is how the camp's stocks move tomorrow if it rests (rule
	// VIEW-INCOME).
	Forecast Forecast
	// Tier is the number of tiers reached; Next is the next tier, or nil
	// when the tree is complete.
	Tier int
	Next *Tech
	// Title is the prestige title, or the empty text.
	Title        lang.Text
	Achievements []Achievement
	Upkeep       UpkeepBill
	Degraded     bool
	People       People
	// Sieges are the sieges the camp knows of today: its own, those of its
	// zones, and those of zones it sees (rule FOG-2).
	Sieges []SiegeView
	// Government, the day it was adopted, Legitimacy, LowLegitimacy (days
	// in a row under the coup threshold), Infamy and Fame are the camp's
	// politics (rules POL-*, LEG-*, DIP-7).
	Government    Government
	GovernmentDay int
	// NextGovernmentDay is the first day set_government may play again
	// (0: now).
	NextGovernmentDay int
	Legitimacy        int
	LowLegitimacy     int
	Infamy, Fame      int
	// OtherPairs is the status between the other two camps: treaties and
	// declarations are proclaimed to all (rule DIP-5).
	OtherPairs []PairView
	// Notables are the camp's most accomplished citizens (Notables).
	Notables []Notable
	// Governance is the camp's own governance: its edicts, council,
	// kingdom statistics and continuing events (rule VIEW-GOV).
	Governance Governance
}

// Governance is a camp's governance as its own view shows it (seed 001,
// docs/rules.md "Governing a camp"). All of it is the camp's own: no view
// carries another camp's (rule VIEW-GOV).
type Governance struct {
	// Edicts are the edicts' levels, in the order of Edict.
	Edicts [NumEdicts]EdictView
	// Council is the council's seats, in the order of SeatKind.
	Council [NumSeats]SeatView
	// Stats are the camp's kingdom statistics of the day (World.Stats).
	Stats Stats
	// Ongoing are the continuing kingdom events, as Camp.Ongoing holds
	// them.
	Ongoing []Ongoing
}

// EdictView is an edict and the level the camp holds it at (0 to
// EdictLevels-1).
type EdictView struct {
	Edict Edict
	Level int
	// Opens is the first day an order may change the edict again (rule
	// EDI-1); 0 when it has never changed.
	Opens int
	// Effects say what each level does, from level 0 (rule VIEW-EDICT).
	Effects [EdictLevels]lang.Text
	// Holidays only: Void says why they give no loyalty today, zero when
	// they do; BelievedFrom is the first day a cut is believed (rule
	// EDI-4), 0 when a cut is believed now.
	Void         lang.Text
	BelievedFrom int
}

// LevelName returns the name of the edict's level (EdictLevelNames).
func (e EdictView) LevelName() string {
	if e.Edict < 1 || int(e.Edict) > NumEdicts || e.Level < 0 || e.Level >= EdictLevels {
		return "?"
	}
	return EdictLevelNames[e.Edict][e.Level]
}

// SeatView is a seat of the council and its holder: his ID (0 when the
// seat is vacant), name, level, trait, job and age, and the day he was
// named.
type SeatView struct {
	Seat    SeatKind
	Citizen int32
	Since   int
	Name    string
	Level   int
	Trait   Trait
	Job     Job
	Age     int
	// Fits is the trait that adds 1 to a holder's benefit, Stat the
	// statistic the benefit goes to, and Benefit what the holder adds to
	// it today (0 while vacant or named today; rules CNL-3, CNL-4).
	Fits    Trait
	Stat    string
	Benefit int
}

// Vacant reports whether no one holds the seat.
func (s SeatView) Vacant() bool { return s.Citizen == 0 }

// Archetype returns the camp's archetype; see CampArchetypes.
func (v CampView) Archetype() Archetype { return CampArchetypes[v.Camp] }

// PairView is the public status of a pair of camps.
type PairView struct {
	A, B     CampID
	Relation Relation
}

// SiegeView is a siege as a camp sees it. Besieger is NoCamp when the
// camp has not met the besieger.
type SiegeView struct {
	Zone     ZoneID
	Besieger CampID
	Men      int
	Start    int
	Assault  int
}

// People sums up a camp's citizens.
type People struct {
	Children, Adults, Elders int // under 18, 18 to 59, 60 and over
	MeanMood                 int // 0-100
	// Jobs[j] counts the civilians of job j and their mean level (in
	// hundredths: 100 is level I).
	Jobs [NumJobs + 1]struct{ Count, Level100 int }
}

// OtherCamp is what a camp knows of another camp. The fields after Alive
// are set once the camps have met: the other's public politics, and the
// pair's diplomatic record (rules DIP-*, PACT-*).
type OtherCamp struct {
	Camp       CampID
	Name       string
	Met        bool
	Alive      bool
	Relation   Relation
	Route      bool
	Government Government
	Infamy     int
	Fame       int
	Pact       Pact
	// BreakableFrom is the first day the pair's relation may be broken
	// (rule PACT-4): PactLockDays after it began.
	BreakableFrom int
	Archetype     Archetype
	// Willingness is, when the other camp has a proposal pending for this
	// one, how willing this camp's people are to accept it, in percent
	// (rule DIP-9), from what this camp knows.
	Willingness int
}

// View returns camp c's fogged view of w.
func View(w *World, c CampID) CampView {
	camp := &w.Camps[c]
	v := CampView{
		Camp: c, Name: camp.Name, Day: w.Day, YearSeason: YearSeason(w.Day), Alive: camp.Alive,
		Resources: camp.Resources, Morale: camp.Morale, Population: w.Population(c),
		FieldArmy: camp.FieldArmy, UnderArms: w.MenUnderArms(c), MaxUnderArms: w.MaxUnderArms(c),
		Housing: w.Housing(c), Zones: make([]ZoneView, NumZones+1),
		Forecast: ForecastOf(w, c), Tier: w.Tier(c), Upkeep: w.Upkeep(c), Degraded: camp.Degraded,
		People: w.People(c), Notables: w.Notables(c, NotablesShown), Government: camp.Government, GovernmentDay: camp.GovernmentDay,
		Legitimacy: camp.Legitimacy, LowLegitimacy: camp.LowLegitimacy, Infamy: camp.Infamy, Fame: camp.Fame,
	}
	v.Legal, v.Closed = Menu(w, c)
	v.Governance = governanceOf(w, c)
	if camp.GovernmentDay > 0 {
		v.NextGovernmentDay = camp.GovernmentDay + GovernmentLockDays
	}
	for a := range CampID(NumCamps) {
		for b := a + 1; b < NumCamps; b++ {
			if a != c && b != c {
				v.OtherPairs = append(v.OtherPairs, PairView{A: a, B: b, Relation: w.Relation(a, b)})
			}
		}
	}
	if v.Tier < NumTechs {
		next := Techs[v.Tier+1]
		v.Next = &next
	}
	v.Title = w.Title(c)
	for id := AchievementID(1); id <= NumAchievements; id++ {
		if w.HasAchievement(c, id) {
			v.Achievements = append(v.Achievements, Achievements[id])
		}
	}
	vis, cut := w.Vision(c), w.CutOff(c)
	for z := ZoneID(1); z <= NumZones; z++ {
		zv := ZoneView{ID: z, Knowledge: Unknown, CutOff: cut[z]}
		switch {
		case vis[z]:
			zone := &w.Zones[z]
			zv.Knowledge = Visible
			zv.Memory = seen(zone, w.Day)
		case camp.Memory[z].Seen:
			zv.Knowledge = Remembered
			zv.Memory = camp.Memory[z]
		}
		zv.Surveyed, zv.Special = camp.Memory[z].Surveyed, camp.Memory[z].Special
		zv.Memory.Surveyed, zv.Memory.Special = zv.Surveyed, zv.Special
		v.Zones[z] = zv
	}
	for _, col := range w.Columns {
		if col.Camp == c {
			v.Columns = append(v.Columns, col)
		}
	}
	for _, s := range w.Sieges {
		if s.Camp != c && w.Zones[s.Zone].Owner != c && !vis[s.Zone] {
			continue
		}
		sv := SiegeView{Zone: s.Zone, Besieger: s.Camp, Men: s.Men, Start: s.Start, Assault: s.Assault}
		if s.Camp != c && !camp.Met[s.Camp] {
			sv.Besieger = NoCamp
		}
		v.Sieges = append(v.Sieges, sv)
	}
	for o := range CampID(NumCamps) {
		if o == c {
			continue
		}
		oc := OtherCamp{Camp: o, Met: camp.Met[o]}
		if oc.Met {
			oc.Name, oc.Alive = w.Camps[o].Name, w.Camps[o].Alive
			oc.Relation, oc.Route = w.Relation(c, o), w.HasRoute(c, o)
			oc.Government, oc.Infamy, oc.Fame = w.Camps[o].Government, w.Camps[o].Infamy, w.Camps[o].Fame
			oc.Pact, oc.Archetype = w.Pact(c, o), CampArchetypes[o]
			oc.BreakableFrom = oc.Pact.Since + PactLockDays
			if oc.Pact.Pending(o) {
				oc.Willingness = Willingness(w.PactFacts(c, o, oc.Pact.Offer))
			}
		}
		v.Others = append(v.Others, oc)
	}
	return v
}

// governanceOf returns camp c's own governance: its edicts, its council
// with each holder as the camp's census has him, its kingdom statistics
// and its continuing events.
func governanceOf(w *World, c CampID) Governance {
	camp := &w.Camps[c]
	var g Governance
	for i := range g.Edicts {
		e := Edict(i + 1)
		g.Edicts[i] = EdictView{Edict: e, Level: int(camp.Edicts[i]), Opens: w.EdictOpens(c, e)}
		for l := range EdictLevels {
			g.Edicts[i].Effects[l] = EdictTable[e][l].Text()
		}
		if e == Holidays {
			g.Edicts[i].Void, g.Edicts[i].BelievedFrom = w.HolidaysVoid(c), w.HolidayCutBelieved(c)
		}
	}
	for i, s := range camp.Council {
		k := SeatKind(i + 1)
		sv := SeatView{Seat: k, Citizen: s.Citizen, Since: s.Since, Fits: SeatRules[k].Fits, Stat: SeatRules[k].Stat, Benefit: SeatBenefit(w, c, k)}
		if j := w.citizen(c, s.Citizen); j >= 0 && s.Citizen != 0 {
			p := &camp.Citizens[j]
			sv.Name, sv.Level, sv.Trait, sv.Job, sv.Age = p.Name(), int(p.Level), p.Trait, p.Job, int(p.Age)
		}
		g.Council[i] = sv
	}
	g.Stats = w.Stats(c)
	g.Ongoing = slices.Clone(camp.Ongoing)
	return g
}

// People sums up camp c's citizens.
func (w *World) People(c CampID) People {
	var p People
	var mood int
	var levels [NumJobs + 1]int
	cs := w.Camps[c].Citizens
	for i := range cs {
		ct := &cs[i]
		switch {
		case ct.Age < AdultAge:
			p.Children++
		case ct.Age >= OldAge:
			p.Elders++
		default:
			p.Adults++
		}
		mood += int(ct.Mood)
		if !ct.UnderArms && ct.Job != 0 {
			p.Jobs[ct.Job].Count++
			levels[ct.Job] += int(ct.Level)
		}
	}
	if len(cs) > 0 {
		p.MeanMood = mood / len(cs) / MoodScale
	}
	for j := range p.Jobs {
		if n := p.Jobs[j].Count; n > 0 {
			p.Jobs[j].Level100 = 100 * levels[j] / n
		}
	}
	return p
}

// YearSeason returns the season of the year on a day: four seasons of 20
// days (rule YEAR-1).
func YearSeason(day int) string {
	return [...]string{"spring", "summer", "autumn", "winter"}[(max(day, 1)-1)/20%4]
}

func (t *tick) see() {
	t.learnHeld()
	t.w.updateVision()
}

// Notable is a citizen as a page shows it (the "Peuple" tab of seed 000):
// its name, job, level (I to V) and title, aspiration, experience, the
// experience of its next level (0 at the top), mood in percent and age.
type Notable struct {
	// ID is the citizen's number (the one appoint names).
	ID         int32
	Name       string
	Job        Job
	Level      int
	Title      lang.Text
	Aspiration Aspiration
	Trait      Trait
	XP, NextXP int
	Mood       int
	Age        int
	UnderArms  bool
}

// NotablesShown is how many notables a view and a frame show of a camp.
const NotablesShown = 12

// Notables returns camp c's n most accomplished citizens: by level, then
// experience, then the longest settled; a tie keeps the census order.
func (w *World) Notables(c CampID, n int) []Notable {
	cs := w.Camps[c].Citizens
	before := func(a, b int) bool { // a ranks before b
		pa, pb := &cs[a], &cs[b]
		return cmp.Or(cmp.Compare(pb.Level, pa.Level), cmp.Compare(pb.XP, pa.XP), cmp.Compare(pa.Arrived, pb.Arrived), cmp.Compare(a, b)) < 0
	}
	// The n best, kept in order as the census is read: a late-game camp
	// has a thousand citizens and a view wants a dozen.
	idx := make([]int, 0, n+1)
	for i := range cs {
		j, _ := slices.BinarySearchFunc(idx, i, func(x, y int) int {
			if before(x, y) {
				return -1
			}
			return 1
		})
		if j < n {
			idx = slices.Insert(idx, j, i)
			if len(idx) > n {
				idx = idx[:n]
			}
		}
	}
	out := make([]Notable, 0, len(idx))
	for _, i := range idx {
		p := &cs[i]
		nb := Notable{ID: p.ID, Name: p.Name(), Job: p.Job, Trait: p.Trait, Level: int(p.Level), Aspiration: p.Aspiration, XP: int(p.XP),
			Mood: int(p.Mood) / MoodScale, Age: int(p.Age), UnderArms: p.UnderArms}
		if l := int(p.Level); l >= 1 && l <= MaxLevel {
			nb.Title = LevelTitles[l]
			if l < MaxLevel {
				nb.NextXP = int(LevelXP[l+1])
			}
		}
		out = append(out, nb)
	}
	return out
}
