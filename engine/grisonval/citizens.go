package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// Aspiration is what a citizen wants of his camp; each day it bends his mood
// (rule CIT-ASP).
type Aspiration uint8

// Aspirations. Values are stored in states: append only.
const (
	AspirationFamily Aspiration = iota + 1
	AspirationPlenty
	AspirationKnowledge
	AspirationFaith
	AspirationGlory
	AspirationMastery
	AspirationPeace
)

// NumAspirations is the number of aspirations; values run from 1.
const NumAspirations = int(AspirationPeace)

var aspirationNames = [...]string{
	AspirationFamily: "family", AspirationPlenty: "plenty", AspirationKnowledge: "knowledge",
	AspirationFaith: "faith", AspirationGlory: "glory", AspirationMastery: "mastery", AspirationPeace: "peace",
}

func (a Aspiration) String() string {
	if int(a) < len(aspirationNames) && aspirationNames[a] != "" {
		return aspirationNames[a]
	}
	return "none"
}

// Trait is a citizen's temper (rule CIT-SOC, CIT-XP).
type Trait uint8

// Traits. Values are stored in states: append only. Steady is the neutral
// trait.
const (
	TraitSteady Trait = iota + 1
	TraitSociable
	TraitAnxious
	TraitLoner
	TraitAmbitious
	TraitCurious
)

var traitNames = [...]string{
	TraitSteady: "steady", TraitSociable: "sociable", TraitAnxious: "anxious",
	TraitLoner: "loner", TraitAmbitious: "ambitious", TraitCurious: "curious",
}

func (t Trait) String() string {
	if int(t) < len(traitNames) && traitNames[t] != "" {
		return traitNames[t]
	}
	return "none"
}

// Citizen is one inhabitant of a camp (rule CIT-1). Mood is kept in tenths
// of a point (0 to 1000) so that the social moves of ±2.5 are exact. A
// citizen under arms is one of the men counted by World.MenUnderArms; Raised
// is the day he took up arms (rule CIT-ARMS).
type Citizen struct {
	ID         int32      `json:"i"`
	First      uint8      `json:"f"`
	Family     uint8      `json:"n"`
	Female     bool       `json:"w,omitempty"`
	Age        int16      `json:"a"`
	Job        Job        `json:"j"`
	Aspiration Aspiration `json:"p"`
	Trait      Trait      `json:"t"`
	Mood       int16      `json:"m"`
	Level      uint8      `json:"l"`
	XP         int32      `json:"x,omitempty"`
	Arrived    int32      `json:"d,omitempty"`
	UnderArms  bool       `json:"r,omitempty"`
	Raised     int32      `json:"s,omitempty"`
}

// Citizens' ages and levels (rules CIT-1, POP-1, CIT-XP).
const (
	// AdultAge is the age from which a citizen is an adult: he counts in
	// the cap on men under arms and may be raised.
	AdultAge = 18
	// ArrivalMinAge and ArrivalMaxAge bound the age of an arrival (house,
	// migrants, founders).
	ArrivalMinAge = 18
	ArrivalMaxAge = 34
	// FertileMinAge and FertileMaxAge bound the ages of a fertile couple's
	// members (rule POP-1).
	FertileMinAge = 18
	FertileMaxAge = 45
	// OldAge is the age from which old age may take a citizen (rule POP-4).
	OldAge = 60
	// MaxLevel is the highest level (V, "Maître").
	MaxLevel = 5
	// MoodScale is the number of mood units in one point of mood.
	MoodScale = 10
)

// LevelXP[l] is the XP at which a citizen reaches level l (rule CIT-XP).
// Levels are never lost: XP that falls below a threshold does not demote.
var LevelXP = [MaxLevel + 1]int32{1: 0, 2: 40, 3: 100, 4: 180, 5: 300}

// jobWeights are the draw weights of a newcomer's job, out of 100 (rule
// CIT-1): food first, then the trades of the first buildings.
var jobWeights = [NumJobs + 1]int{
	Farmer: 24, Woodcutter: 14, Miner: 12, Artisan: 10, Merchant: 8,
	Scholar: 8, Builder: 10, Guard: 8, Priest: 6,
}

// traitWeights are the draw weights of a trait, out of 100 (rule CIT-1).
var traitWeights = [...]int{
	TraitSteady: 20, TraitSociable: 20, TraitAnxious: 15,
	TraitLoner: 15, TraitAmbitious: 15, TraitCurious: 15,
}

// draw returns an index of weights drawn in proportion to its weight.
func draw(r *Rand, weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	n := r.Intn(total)
	for i, w := range weights {
		if n < w {
			return i
		}
		n -= w
	}
	return len(weights) - 1
}

// drawJob returns a job drawn with jobWeights.
func drawJob(r *Rand) Job { return Job(draw(r, jobWeights[:])) }

// newCitizen returns a citizen drawn from r: name, sex, job, aspiration
// and trait; his mood starts at the camp's morale.
func newCitizen(r *Rand, id int32, age int, day int, morale int) Citizen {
	p := Citizen{ID: id, Age: int16(age), Arrived: int32(day), Level: 1, Mood: int16(morale * MoodScale)}
	p.Female = r.Intn(2) == 1
	p.First = uint8(r.Intn(len(maleNames)))
	p.Family = uint8(r.Intn(len(familyNames)))
	p.Job = drawJob(r)
	p.Aspiration = Aspiration(1 + r.Intn(NumAspirations))
	p.Trait = Trait(draw(r, traitWeights[:]))
	return p
}

// foundCamp gives camp c its founders (rules CIT-START, CAMP-3):
// StartPopulation adults, arrived today, whose profiles (age, sex, job,
// aspiration, trait) are drawn once for the world and day, so that the
// three camps start alike, and whose names are drawn per camp; their IDs
// follow camp.NextCitizen. The first StartGarrison are men under arms, the
// capital's garrison. A governed camp seats its founding council.
func (w *World) foundCamp(c CampID) {
	shared := w.Rand(w.Day, -1, PurposeArrival)
	names := w.Rand(w.Day, int(c), PurposeArrival)
	camp := &w.Camps[c]
	camp.Citizens = make([]Citizen, StartPopulation)
	for i := range camp.Citizens {
		age := ArrivalMinAge + shared.Intn(ArrivalMaxAge-ArrivalMinAge+1)
		p := newCitizen(shared, camp.NextCitizen+int32(i), age, w.Day, camp.Morale)
		// Half men, half women; the garrison is men.
		p.Female = i >= StartPopulation/2
		p.First, p.Family = uint8(names.Intn(len(maleNames))), uint8(names.Intn(len(familyNames)))
		if i < StartGarrison {
			p.UnderArms = true
		}
		camp.Citizens[i] = p
	}
	camp.NextCitizen += int32(StartPopulation)
	if w.Governed() {
		w.seatCouncil(c)
	}
}

// Population returns the camp's living citizens, soldiers included.
func (w *World) Population(c CampID) int { return len(w.Camps[c].Citizens) }

// Adults returns the camp's citizens aged AdultAge or more, soldiers
// included.
func (w *World) Adults(c CampID) int {
	n := 0
	for i := range w.Camps[c].Citizens {
		if w.Camps[c].Citizens[i].Age >= AdultAge {
			n++
		}
	}
	return n
}

// countArms adds each camp's men under arms at the end of the day to its
// men-under-arms-days, under RulesVictory only, so that older rules
// replay to the states they were stored with (docs/career.md
// CAR-VETERANS, docs/rules.md RULES-1).
func (t *tick) countArms() {
	if t.w.Rules < RulesVictory {
		return
	}
	for c := range CampID(NumCamps) {
		t.w.Camps[c].ArmsDays += t.w.MenUnderArms(c)
	}
}

// CitizensUnderArms returns how many of camp c's citizens are under arms. It
// always equals MenUnderArms (rule CIT-ARMS).
func (w *World) CitizensUnderArms(c CampID) int {
	n := 0
	for i := range w.Camps[c].Citizens {
		if w.Camps[c].Citizens[i].UnderArms {
			n++
		}
	}
	return n
}

// JobMultiplier returns the production multiplier of job j in camp c (rule
// CIT-MULT): 1 + 0.05 x (mean level of the camp's civilians of that job -
// 1); 1.0 when no civilian has the job. Soldiers do not count.
func (w *World) JobMultiplier(c CampID, j Job) float64 {
	n, levels := 0, 0
	for i := range w.Camps[c].Citizens {
		p := &w.Camps[c].Citizens[i]
		if p.Job == j && !p.UnderArms {
			n++
			levels += int(p.Level)
		}
	}
	return jobMultiplier(n, levels)
}

// jobMultiplier is JobMultiplier for a job of n civilians whose levels add
// up to levels.
func jobMultiplier(n, levels int) float64 {
	if n == 0 {
		return 1
	}
	return 1 + float64(levels-n)/float64(20*n)
}

// jobMultipliers returns JobMultiplier for every job of camp c (and for job
// 0, that no citizen has: 1), in one walk of its citizens.
func (w *World) jobMultipliers(c CampID) [NumJobs + 1]float64 {
	var n, levels [NumJobs + 1]int
	for i := range w.Camps[c].Citizens {
		p := &w.Camps[c].Citizens[i]
		if !p.UnderArms && int(p.Job) < len(n) {
			n[p.Job]++
			levels[p.Job] += int(p.Level)
		}
	}
	var m [NumJobs + 1]float64
	for j := range m {
		m[j] = jobMultiplier(n[j], levels[j])
	}
	return m
}

// streamKey names one random stream of a tick.
type streamKey struct {
	camp    CampID
	purpose Purpose
}

// streamEntry is one random stream of a tick, under its key.
type streamEntry struct {
	key streamKey
	r   *Rand
}

// stream returns the tick's random stream for (camp, purpose), created on
// first use, so that successive draws of one purpose within a tick (two
// arrivals, say) continue one stream instead of repeating it. A tick has a
// score of streams: a list searched in order costs less than a map.
func (t *tick) stream(c CampID, p Purpose) *Rand {
	k := streamKey{c, p}
	for _, e := range t.streams {
		if e.key == k {
			return e.r
		}
	}
	if t.streams == nil {
		t.streams = t.streamsBuf[:0]
	}
	// The first streams live in the tick, the rest (never seen) on the
	// heap: a stream's address must not move once given.
	var r *Rand
	if n := len(t.streams); n < len(t.rands) {
		r = &t.rands[n]
	} else {
		r = new(Rand)
	}
	*r = t.w.stream(t.w.Day, int(c), p)
	t.streams = append(t.streams, streamEntry{k, r})
	return r
}

// addArrival adds one newcomer to camp c (rule POP-3): an adult aged 18-34
// with a drawn name, job, aspiration and trait, arrived today. kind names
// the cause ("house", "migrants") in the journal.
func (t *tick) addArrival(c CampID, kind lang.Text) {
	camp := &t.w.Camps[c]
	r := t.stream(c, PurposeArrival)
	p := newCitizen(r, camp.NextCitizen, ArrivalMinAge+r.Intn(ArrivalMaxAge-ArrivalMinAge+1), t.w.Day, camp.Morale)
	camp.NextCitizen++
	camp.Citizens = append(camp.Citizens, p)
	t.note(c, "arrival_citizen", nil,
		lang.T("%s, aged %d, %s, settles in the camp.", "%s, %d ans, %s, s'installe au camp.", p.Name(), p.Age, p.job()),
		lang.T("arrival (%s): aspiration %s, trait %s; population %d, housing %d", "arrivée (%s) : aspiration %s, trait %s ; population %d, logement %d",
			kind, p.Aspiration, p.Trait, len(camp.Citizens), t.w.Housing(c)))
}

// removeCitizen removes camp c's citizen at index i: he dies. A man under
// arms leaves his unit's count too (rule CIT-ARMS): the field army first,
// else the largest garrison (lowest zone on a tie), else the largest army
// column (lowest ID on a tie), else the largest siege lines (lowest zone on
// a tie).
func (t *tick) removeCitizen(c CampID, i int) Citizen {
	camp := &t.w.Camps[c]
	p := camp.Citizens[i]
	camp.Citizens = slices.Delete(camp.Citizens, i, i+1)
	if p.UnderArms {
		t.w.dischargeOne(c)
	}
	t.vacate(c, &p)
	return p
}

// dischargeOne removes one man from camp c's units, as rule CIT-ARMS
// orders.
func (w *World) dischargeOne(c CampID) {
	if w.Camps[c].FieldArmy > 0 {
		w.Camps[c].FieldArmy--
		return
	}
	best := ZoneID(0)
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == c && w.Zones[z].Garrison > 0 && (best == 0 || w.Zones[z].Garrison > w.Zones[best].Garrison) {
			best = z
		}
	}
	if best != 0 {
		w.Zones[best].Garrison--
		return
	}
	col := -1
	for i := range w.Columns {
		cl := &w.Columns[i]
		if cl.Camp == c && cl.Kind == ArmyColumn && cl.Men > 0 && (col < 0 || cl.Men > w.Columns[col].Men ||
			(cl.Men == w.Columns[col].Men && cl.ID < w.Columns[col].ID)) {
			col = i
		}
	}
	if col >= 0 {
		w.Columns[col].Men--
		if w.Columns[col].Men == 0 {
			w.Columns = slices.Delete(w.Columns, col, col+1)
		}
		return
	}
	s := -1
	for i := range w.Sieges {
		if w.Sieges[i].Camp == c && (s < 0 || w.Sieges[i].Men > w.Sieges[s].Men) {
			s = i
		}
	}
	if s >= 0 {
		w.Sieges[s].Men--
		if w.Sieges[s].Men == 0 {
			w.Sieges = slices.Delete(w.Sieges, s, s+1)
		}
	}
}

// killSoldiers kills n of camp c's men under arms whose units the caller has
// already counted out (a battle, a meeting): the longest-serving first
// (earliest raised, then lowest ID), since the field army holds the latest
// recruits and garrisons and columns the older ones (rule CIT-ARMS).
func (t *tick) killSoldiers(c CampID, n int) {
	camp := &t.w.Camps[c]
	for ; n > 0; n-- {
		best := -1
		for i := range camp.Citizens {
			p := &camp.Citizens[i]
			if p.UnderArms && (best < 0 || p.Raised < camp.Citizens[best].Raised) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		p := camp.Citizens[best]
		camp.Citizens = slices.Delete(camp.Citizens, best, best+1)
		t.vacate(c, &p)
	}
}

// raiseCitizens puts n adult civilians of camp c under arms, the youngest
// first (lowest ID on a tie): the young leave the fewest skills idle (rule
// CIT-ARMS). It returns how many were raised.
func (t *tick) raiseCitizens(c CampID, n int) int {
	camp := &t.w.Camps[c]
	raised := 0
	for ; raised < n; raised++ {
		best := -1
		for i := range camp.Citizens {
			p := &camp.Citizens[i]
			if !p.UnderArms && p.Age >= AdultAge && (best < 0 || p.Age < camp.Citizens[best].Age) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		camp.Citizens[best].UnderArms, camp.Citizens[best].Raised = true, int32(t.w.Day)
	}
	return raised
}

// disbandCitizens returns n men under arms of camp c to civil life, the
// most recently raised first (highest ID on a tie), so that a levy
// disbanded the next day gives back the very same citizens (rule
// CIT-ARMS). Age, XP, level, trait, job and mood are untouched.
func (t *tick) disbandCitizens(c CampID, n int) {
	camp := &t.w.Camps[c]
	for ; n > 0; n-- {
		best := -1
		for i := range camp.Citizens {
			p := &camp.Citizens[i]
			if p.UnderArms && (best < 0 || p.Raised >= camp.Citizens[best].Raised) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		camp.Citizens[best].UnderArms, camp.Citizens[best].Raised = false, 0
	}
}

func disbandArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if w.Camps[c].FieldArmy == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("the field army is empty: nobody to disband (garrisons come back with recall_army)", "l'armée de campagne est vide : personne à démobiliser (les garnisons reviennent par recall_army)"))
	}
	return []ArgSpec{{Name: "men", Kind: ArgCount, Min: 1, Max: w.Camps[c].FieldArmy}}, nil
}

func disbandWhy(w *World, c CampID, o Order, _ int) *RuleError { return armyWhy(w, c, o.Args[0]) }

// disbandArmy plays disband_army N (rule ARM-3): free; N men of the field
// army go back to their trade.
func (t *tick) disbandArmy(c CampID, o Order) {
	camp := &t.w.Camps[c]
	n := o.Args[0]
	before := camp.FieldArmy
	camp.FieldArmy -= n
	t.disbandCitizens(c, n)
	t.note(c, "disband_army", nil, lang.T("%d soldiers lay down their arms and go back to their trade.", "%d soldats rendent les armes et retournent à leur métier.", n),
		why(o, func() lang.Text {
			return lang.T("disband_army %d: field army %d -> %d, men under arms %d/%d, civilians %d", "disband_army %d : armée de campagne %d -> %d, hommes en armes %d/%d, civils %d",
				n, before, camp.FieldArmy, t.w.MenUnderArms(c), t.w.MaxUnderArms(c), t.w.Population(c)-t.w.MenUnderArms(c))
		}))
}
