package grisonval

import (
	"math"
	"strconv"

	"github.com/grisonval/server/lang"
)

// Probabilities of the society phase are integers in parts per million, so
// that draws are exact and the same on every platform.
const ppm = 1_000_000

// Birth rules (rule POP-1).
const (
	// BirthRatePPM is the daily chance of a birth per fertile couple: 4 %.
	// Seed 000 prints it "0.0 %": it printed the fraction (0.04) with one
	// decimal, so any rate under 5 % read 0.0; 4 % is the largest round rate
	// under that bound, and lets a camp of 10-12 couples at morale 50 and a
	// month of food reach the 45 % cap.
	BirthRatePPM = 40_000
	// BirthCapPPM caps the daily chance of a birth: 45 %.
	BirthCapPPM = 450_000
)

// MoraleFactor returns the birth factor of morale in thousandths (rule
// POP-1): 0.4 + morale / 100 x 1.2.
func MoraleFactor(morale int) int64 { return int64(400 + 12*morale) }

// foodFactorCurve gives the birth factor of the food reserve, in
// thousandths, at reserves of so many days of food per inhabitant; the
// factor is linear between two points and flat beyond the last (rule
// POP-1). A month of food is neutral (x1.0); three days give x0.45; a
// thousand days and more give x1.8.
var foodFactorCurve = [...]struct{ days, factor int64 }{
	{0, 100}, {1, 200}, {3, 450}, {10, 700}, {30, 1000}, {100, 1300}, {300, 1550}, {1000, 1800},
}

// FoodFactor returns the birth factor, in thousandths, of food for pop
// inhabitants (rule POP-1): the reserve is food / pop days.
func FoodFactor(food int64, pop int) int64 {
	n := int64(max(pop, 1))
	food = max(food, 0)
	for i := 1; i < len(foodFactorCurve); i++ {
		a, b := foodFactorCurve[i-1], foodFactorCurve[i]
		if food < b.days*n {
			return a.factor + (b.factor-a.factor)*(food-a.days*n)/((b.days-a.days)*n)
		}
	}
	return foodFactorCurve[len(foodFactorCurve)-1].factor
}

// FertileCouples returns the camp's fertile couples (rule POP-1): the
// smaller of its civilian men and civilian women aged FertileMinAge to
// FertileMaxAge. A man under arms founds no family.
func (w *World) FertileCouples(c CampID) int {
	var f fertility
	for i := range w.Camps[c].Citizens {
		f.count(&w.Camps[c].Citizens[i])
	}
	return f.couples()
}

// fertility counts the fertile men and women of a camp (rule POP-1), so
// that a walk of the citizens made for another rule can count them too.
type fertility struct{ men, women int }

// count counts citizen p if he is fertile: a civilian aged FertileMinAge
// to FertileMaxAge, without branching.
func (f *fertility) count(p *Citizen) {
	fertile := b2i(!p.UnderArms) & b2i(uint16(p.Age-FertileMinAge) <= FertileMaxAge-FertileMinAge)
	woman := fertile & b2i(p.Female)
	f.women += woman
	f.men += fertile - woman
}

// couples returns the fertile couples counted.
func (f *fertility) couples() int { return min(f.men, f.women) }

// oldAge counts the fertile before it removes the dead, who must never be
// fertile: this fails to compile should a fertile age reach OldAge.
var _ [OldAge - FertileMaxAge - 1]struct{}

// b2i returns 1 for true and 0 for false: the walks of the citizens count
// with it rather than branch, citizens coming in no order a processor
// could predict.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BirthChance returns camp c's chance of a birth today in parts per
// million, or 0 and the lock that forbids it (rule POP-1): min(45 %, rate x
// couples x morale factor x food factor); locked with no fertile couple,
// under 1 food, or with housing full.
func (w *World) BirthChance(c CampID) (int64, lang.Text) {
	chance, lock := w.birthChance(c, w.FertileCouples(c), w.Housing(c))
	switch lock {
	case noCouple:
		return 0, lang.T("no fertile couple", "aucun couple fécond")
	case noFood:
		return 0, lang.T("less than 1 food in stock", "moins de 1 nourriture en réserve")
	case housingFull:
		return 0, lang.T("housing full (%d/%d)", "logement plein (%d/%d)", w.Population(c), w.Housing(c))
	}
	return chance, lang.Text{}
}

// birthLock names what forbids a birth (rule POP-1); BirthChance tells it.
type birthLock uint8

// Birth locks; birthOpen forbids nothing.
const (
	birthOpen birthLock = iota
	noCouple
	noFood
	housingFull
)

// birthChance is BirthChance for a camp of so many fertile couples and
// housing (Housing), with the lock named but not told: the society phase
// needs only to know it.
func (w *World) birthChance(c CampID, couples, housing int) (int64, birthLock) {
	camp := &w.Camps[c]
	pop := w.Population(c)
	switch {
	case couples == 0:
		return 0, noCouple
	case camp.Resources.Food < 1:
		return 0, noFood
	case pop >= housing:
		return 0, housingFull
	}
	p := BirthRatePPM * int64(couples) * MoraleFactor(camp.Morale) * FoodFactor(camp.Resources.Food, pop) / 1_000_000
	return min(BirthCapPPM, p), birthOpen
}

// OldAgeChance returns the daily chance, in parts per million, that a
// citizen of this age dies of old age (rule POP-4): from 60, 1.2 % + 55 % x
// ((age - 60) / 28)^2, doubled in famine, at most certain.
func OldAgeChance(age int, famine bool) int64 {
	if age < OldAge {
		return 0
	}
	d := int64(age - OldAge)
	p := 12_000 + 550_000*d*d/(28*28)
	if famine {
		p *= 2
	}
	return min(p, ppm)
}

// MaxOldAgeDeaths bounds natural deaths a day per camp (rule POP-4).
const MaxOldAgeDeaths = 2

// liveSociety runs the society phase for every living camp: everyone ages a
// year, elders may die, a child may be born, the promotion edict may draw
// a migrant, moods drift and pull morale, and citizens gain experience
// (rules POP-1 to POP-4, EDI-5, CIT-MOOD, CIT-ASP, CIT-SOC, CIT-XP).
func (t *tick) liveSociety() {
	for c := range CampID(NumCamps) {
		if !t.w.Camps[c].Alive {
			continue
		}
		couples := t.oldAge(c)
		// From here on the camp's phase touches neither the zones nor the
		// sieges: its housing and its buildings stay as they are.
		housing := t.w.Housing(c)
		t.birth(c, couples, housing)
		t.promote(c, housing)
		buildings := t.w.buildingCounts(c)
		t.moods(c, &buildings, housing)
		t.experience(c, &buildings)
	}
}

// famine reports whether camp c starved today or yesterday (rule POP-4).
func (w *World) famine(c CampID) bool {
	f := w.Camps[c].FamineDay
	return f > 0 && f >= w.Day-1
}

// oldAgeTable is how many ages OldAgeChance is tabulated for by oldAge,
// from OldAge on: certainty comes at 88 (or 80 in famine), long before.
const oldAgeTable = 64

// oldAge ages every citizen of camp c a year (rule CIT-1), then draws, for
// each citizen of 60 or more, whether he dies today (rule POP-4), in one
// walk of the citizens. When more than MaxOldAgeDeaths would die, the dead
// are drawn evenly among them (a reservoir of two), so that list order
// favours no one. The same walk counts the fertile couples the birth
// draws from (rule POP-1), which it returns: the dead, aged 60 or more,
// are never fertile.
func (t *tick) oldAge(c CampID) (couples int) {
	camp := &t.w.Camps[c]
	r := t.stream(c, PurposeAging)
	famine := t.w.famine(c)
	var chance [oldAgeTable]int64
	for a := range chance {
		chance[a] = OldAgeChance(OldAge+a, famine)
	}
	// A first walk ages everyone, counts the fertile and lists the elders,
	// without branching; a second draws for the elders, in order.
	cs := camp.Citizens
	elders := t.indices(len(cs))
	var fertile fertility
	old := 0
	for i := range cs {
		p := &cs[i]
		age := int(p.Age) + 1
		p.Age = int16(age)
		elders[old] = int32(i)
		old += b2i(age >= OldAge)
		fertile.count(p)
	}
	var dying [MaxOldAgeDeaths]int
	k := 0
	for _, e := range elders[:old] {
		i := int(e)
		// Read unsigned, the age of an elder is his age even in the
		// impossible case of an age that wrapped past 32767.
		age := int(uint16(cs[i].Age))
		var p int64
		if age < OldAge+oldAgeTable {
			p = chance[age-OldAge]
		} else {
			p = OldAgeChance(age, famine)
		}
		if int64(r.Intn(ppm)) >= p {
			continue
		}
		k++
		if k <= MaxOldAgeDeaths {
			dying[k-1] = i
		} else if j := r.Intn(k); j < MaxOldAgeDeaths {
			dying[j] = i
		}
	}
	n := min(k, MaxOldAgeDeaths)
	if n == 2 && dying[0] < dying[1] {
		dying[0], dying[1] = dying[1], dying[0]
	}
	// Remove the higher index first so that the other stays valid.
	for _, i := range dying[:n] {
		p := t.removeCitizen(c, i)
		t.note(c, "old_age", nil, oldAgeNarration(&p), oldAgeWhy(&p, famine, len(camp.Citizens)))
	}
	return fertile.couples()
}

// oldAgeNarration tells citizen p's death of old age, both languages
// written in one buffer (a late-game day has several).
func oldAgeNarration(p *Citizen) lang.Text {
	var buf [256]byte
	b := buf[:0]
	var num [8]byte
	age := strconv.AppendInt(num[:0], int64(p.Age), 10)
	if p.Level > 1 {
		title, job, roman := LevelTitles[p.Level], p.job(), romanLevels[p.Level]
		b = p.appendName(b)
		b = append(b, ", "...)
		b = append(b, title.EN...)
		b = append(b, ' ')
		b = append(b, job.EN...)
		b = append(b, " of level "...)
		b = append(b, roman...)
		b = append(b, ", dies of old age at "...)
		b = append(b, age...)
		b = append(b, "; the skill goes with them."...)
		mid := len(b)
		b = p.appendName(b)
		b = append(b, ", "...)
		b = append(b, job.FR...)
		b = append(b, ' ')
		b = append(b, title.FR...)
		b = append(b, " de niveau "...)
		b = append(b, roman...)
		b = append(b, ", s'éteint de vieillesse à "...)
		b = append(b, age...)
		b = append(b, " ans ; son savoir-faire part avec lui."...)
		s := string(b)
		return lang.Text{EN: s[:mid], FR: s[mid:]}
	}
	b = p.appendName(b)
	b = append(b, " dies of old age at "...)
	b = append(b, age...)
	b = append(b, '.')
	mid := len(b)
	b = p.appendName(b)
	b = append(b, " s'éteint de vieillesse à "...)
	b = append(b, age...)
	b = append(b, " ans."...)
	s := string(b)
	return lang.Text{EN: s[:mid], FR: s[mid:]}
}

// oldAgeWhy says why citizen p died of old age, in both languages written
// in one buffer: its age's chance (doubled by a famine), what the camp
// lost and its population after.
func oldAgeWhy(p *Citizen, famine bool, population int) lang.Text {
	type words struct{ head, years, day, famine, sep, xp, lost string }
	var buf [256]byte
	b := buf[:0]
	var num [24]byte
	chance := float64(OldAgeChance(int(p.Age), famine)) / 10_000
	write := func(w words) {
		b = append(b, w.head...)
		b = append(b, strconv.AppendInt(num[:0], int64(p.Age), 10)...)
		b = append(b, w.years...)
		b = append(b, strconv.AppendFloat(num[:0], chance, 'f', 1, 64)...)
		b = append(b, w.day...)
		if famine {
			b = append(b, w.famine...)
		}
		b = append(b, w.sep...)
		b = append(b, strconv.AppendInt(num[:0], int64(p.XP), 10)...)
		b = append(b, w.xp...)
		b = append(b, romanLevels[p.Level]...)
		b = append(b, w.lost...)
		b = append(b, strconv.AppendInt(num[:0], int64(population), 10)...)
	}
	write(words{"old age: ", " years, risk ", " % a day", ", doubled by the famine", "; ", " XP and level ", " lost; population "})
	mid := len(b)
	write(words{"vieillesse : ", " ans, risque ", " % par jour", ", doublé par la famine", " ; ", " XP et le niveau ", " perdus ; population "})
	s := string(b)
	return lang.Text{EN: s[:mid], FR: s[mid:]}
}

// pickCitizen returns the index of a citizen of camp c drawn evenly from r
// among those ok accepts, or -1 if there is none.
func (t *tick) pickCitizen(c CampID, r *Rand, ok func(*Citizen) bool) int {
	cs := t.w.Camps[c].Citizens
	n := 0
	for i := range cs {
		if ok(&cs[i]) {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k := r.Intn(n)
	for i := range cs {
		if ok(&cs[i]) {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

func isCivilian(p *Citizen) bool { return !p.UnderArms }

func isSoldier(p *Citizen) bool { return p.UnderArms }

// loseInhabitant kills one inhabitant of camp c, drawn at random among the
// civilians first, else among the men under arms (rules ECO-4, CIT-ARMS).
func (t *tick) loseInhabitant(c CampID) (Citizen, bool) {
	r := t.stream(c, PurposeDeath)
	i := t.pickCitizen(c, r, isCivilian)
	if i < 0 {
		i = t.pickCitizen(c, r, isSoldier)
	}
	if i < 0 {
		return Citizen{}, false
	}
	return t.removeCitizen(c, i), true
}

// birth draws today's birth in camp c (rule POP-1): at most one a day. The
// parents are a fertile civilian man and woman drawn at random; the child
// takes the father's family name and, two times in three, one parent's job.
// couples are the camp's fertile couples, as oldAge counted them, and
// housing its housing (Housing).
func (t *tick) birth(c CampID, couples, housing int) {
	chance, lock := t.w.birthChance(c, couples, housing)
	if lock != birthOpen {
		return
	}
	r := t.stream(c, PurposeBirth)
	if int64(r.Intn(ppm)) >= chance {
		return
	}
	fertile := func(female bool) func(*Citizen) bool {
		return func(p *Citizen) bool {
			return !p.UnderArms && p.Female == female && p.Age >= FertileMinAge && p.Age <= FertileMaxAge
		}
	}
	camp := &t.w.Camps[c]
	father, mother := camp.Citizens[t.pickCitizen(c, r, fertile(false))], camp.Citizens[t.pickCitizen(c, r, fertile(true))]
	child := newCitizen(r, camp.NextCitizen, 0, t.w.Day, camp.Morale)
	camp.NextCitizen++
	child.Family = father.Family
	inherit := lang.T("trade drawn by lot", "métier tiré au sort")
	if r.Intn(3) < 2 {
		parent := father
		if r.Intn(2) == 1 {
			parent = mother
		}
		child.Job = parent.Job
		inherit = lang.T("trade inherited from %s", "métier hérité de %s", parent.Name())
	}
	camp.Citizens = append(camp.Citizens, child)
	word, future := lang.T("a son", "un fils"), lang.T("future", "futur")
	if child.Female {
		word, future = lang.T("a daughter", "une fille"), lang.T("future", "future")
	}
	t.note(c, "birth", nil,
		lang.T("%s and %s welcome %s, %s, %s %s.", "%s et %s accueillent %s, %s, %s %s.", father.Name(), mother.Name(), word, child.Name(), future, child.job()),
		lang.T("birth: chance %.1f %% (%d fertile couples, morale %d, %d food); %s; population %d/%d", "naissance : chance %.1f %% (%d couples féconds, moral %d, %d nourriture) ; %s ; population %d/%d",
			float64(chance)/10_000, couples, camp.Morale, camp.Resources.Food, inherit, len(camp.Citizens), housing))
}

// Mood rules (rules CIT-MOOD, CIT-SOC), in tenths of a point.
const (
	// MoodDrift is the share of the gap to the camp's morale a mood closes
	// each day: a tenth (the division truncates towards zero).
	MoodDrift = 10
	// SocialMove is the move a sociable or an anxious citizen gives two
	// others: 2.5 points.
	SocialMove = 25
	// SociableMood and AnxiousMood are the thresholds of the social moves.
	SociableMood = 600
	AnxiousMood  = 400
	// MoralePullDivisor turns (mean mood - morale), in tenths, into morale
	// points: x 0.2 is / 50 in tenths.
	MoralePullDivisor = 50
	// MaxMoralePull caps the daily pull of moods on morale.
	MaxMoralePull = 4
	// HappyMood and SadMood give +1 and -1 XP a day (rule CIT-XP).
	HappyMood = 800
	SadMood   = 250
)

// experience counts the XP of a happy or a sad mood without branching, no
// mood being both: this fails to compile should HappyMood and SadMood
// cross.
var _ [HappyMood - SadMood - 1]struct{}

// AspirationBends returns, in tenths of a point, how each aspiration bends a
// citizen's mood today in camp c (rule CIT-ASP); AspirationMastery depends
// on the citizen's level and is given for level I, see masteryBend.
func (w *World) AspirationBends(c CampID) [NumAspirations + 1]int16 {
	n := w.buildingCounts(c)
	return w.aspirationBends(c, &n, w.housing(c, n[House]))
}

// aspirationBends is AspirationBends with camp c's buildings counted
// (buildingCounts) and its housing (Housing).
func (w *World) aspirationBends(c CampID, n *[NumBuildingKinds + 1]int, housing int) [NumAspirations + 1]int16 {
	camp := &w.Camps[c]
	pop := w.Population(c)
	var b [NumAspirations + 1]int16
	b[AspirationFamily] = -10
	if pop < housing {
		b[AspirationFamily] = 10
	}
	switch days := camp.Resources.Food / int64(max(pop, 1)); {
	case w.famine(c) || days < 5:
		b[AspirationPlenty] = -15
	case days >= 30:
		b[AspirationPlenty] = 10
	}
	b[AspirationKnowledge], b[AspirationFaith], b[AspirationGlory], b[AspirationPeace] = -5, -5, -5, 10
	if n[School] > 0 {
		b[AspirationKnowledge] = 10
	}
	if n[Temple] > 0 {
		b[AspirationFaith] = 10
	}
	if 10*w.MenUnderArms(c) >= pop {
		b[AspirationGlory] = 10
	}
	for _, col := range w.Columns {
		if col.Camp == c && col.Kind == ArmyColumn {
			b[AspirationPeace] = -10
			break
		}
	}
	b[AspirationMastery] = masteryBend(1)
	return b
}

// masteryBend is the mood bend of the mastery aspiration at a level: -0.5
// at level I, nothing at II, +1 from III.
func masteryBend(level uint8) int16 {
	switch {
	case level >= 3:
		return 10
	case level == 1:
		return -5
	}
	return 0
}

// aspirationBend returns the bend of aspiration a at level l today, bends
// being the camp's AspirationBends.
func aspirationBend(bends *[NumAspirations + 1]int16, a Aspiration, l uint8) int16 {
	if a == AspirationMastery {
		return masteryBend(l)
	}
	if int(a) < len(bends) {
		return bends[a]
	}
	return 0
}

func clampMood(m int) int16 { return int16(min(100*MoodScale, max(0, m))) }

// moods runs a day of camp c's moods (rules CIT-MOOD, CIT-ASP, CIT-SOC):
// each mood drifts a tenth of the way to the morale, then its aspiration
// bends it; then, in citizen order, each sociable citizen at 60 or more
// raises two others drawn at random by 2.5 and each anxious one at 40 or
// less lowers two by 2.5 (two distinct others), loners being immune; last, the mean mood pulls
// morale by (mean - morale) x 0.2, truncated towards zero and capped at ±4.
func (t *tick) moods(c CampID, buildings *[NumBuildingKinds + 1]int, housing int) {
	camp := &t.w.Camps[c]
	cs := camp.Citizens
	if len(cs) == 0 {
		return
	}
	bends := t.w.aspirationBends(c, buildings, housing)
	// bend[a][l] is the bend of aspiration a at level l, looked up
	// without branching on the aspiration.
	var bend [NumAspirations + 1][MaxLevel + 1]int16
	for a := range bend {
		for l := range bend[a] {
			bend[a][l] = aspirationBend(&bends, Aspiration(a), uint8(l))
		}
	}
	target := camp.Morale * MoodScale
	// The walk of the drift also lists, without branching, the sociable
	// and the anxious: only they may move others.
	social := t.indices(len(cs))
	n := 0
	for i := range cs {
		p := &cs[i]
		var b int16
		if int(p.Aspiration) < len(bend) && int(p.Level) < len(bend[0]) {
			b = bend[p.Aspiration][p.Level]
		} else {
			b = aspirationBend(&bends, p.Aspiration, p.Level)
		}
		m := int(p.Mood)
		p.Mood = clampMood(m + (target-m)/MoodDrift + int(b))
		social[n] = int32(i)
		n += b2i(p.Trait == TraitSociable) | b2i(p.Trait == TraitAnxious)
	}
	if len(cs) > 1 {
		r := t.stream(c, PurposeMood)
		for _, e := range social[:n] {
			i := int(e)
			move := 0
			switch {
			case cs[i].Trait == TraitSociable && cs[i].Mood >= SociableMood:
				move = SocialMove
			case cs[i].Trait == TraitAnxious && cs[i].Mood <= AnxiousMood:
				move = -SocialMove
			default:
				continue
			}
			first := -1
			for k := range min(2, len(cs)-1) {
				j := otherIndex(r.Intn(len(cs)-1-k), i, first)
				// A loner is moved by nothing: every mood is within
				// bounds since the drift, so clamping his leaves it.
				cs[j].Mood = clampMood(int(cs[j].Mood) + move*b2i(cs[j].Trait != TraitLoner))
				first = j
			}
		}
	}
	sum := 0
	for i := range cs {
		sum += int(cs[i].Mood)
	}
	before := camp.Morale
	camp.Morale = min(100, max(0, camp.Morale+MoralePull(sum/len(cs), camp.Morale)))
	if d := camp.Morale - before; d >= 3 || d <= -3 {
		word := lang.T("rises", "remonte")
		if d < 0 {
			word = lang.T("sags", "fléchit")
		}
		t.note(c, "mood", nil, lang.T("The people's mood weighs on the camp: morale %s.", "L'humeur des habitants pèse sur le camp : le moral %s.", word),
			lang.T("mean mood %.1f against morale %d: morale %d -> %d (pull x0.2, capped at ±4)", "humeur moyenne %.1f contre moral %d : moral %d -> %d (tirage x0,2, plafonné à ±4)",
				float64(sum/len(cs))/MoodScale, before, before, camp.Morale))
	}
}

// otherIndex maps j, drawn in [0, n-1) or [0, n-2), to a citizen index
// that skips self and, if it is not -1, first: the two citizens a social
// move touches are distinct and never the mover. The steps past self and
// first are counted without branching: j falls anywhere.
func otherIndex(j, self, first int) int {
	if first < 0 {
		return j + b2i(j >= self)
	}
	j += b2i(j >= min(self, first))
	return j + b2i(j >= max(self, first))
}

// MoralePull returns the day's pull on morale of a mean mood given in
// tenths (rule CIT-MOOD): (mean - morale) x 0.2, truncated towards zero,
// capped at ±4.
func MoralePull(meanMood, morale int) int {
	d := (meanMood - morale*MoodScale) / MoralePullDivisor
	return min(MaxMoralePull, max(-MaxMoralePull, d))
}

// jobBuilding returns the building job j works, or 0.
func jobBuilding(j Job) BuildingKind {
	for b := Farm; int(b) <= NumBuildingKinds; b++ {
		if b.Job() == j {
			return b
		}
	}
	return 0
}

// XPBonus returns the daily XP a citizen of job j earns in camp c beyond
// the 1-3 everyone draws for working the job's building (rule CIT-XP): +1
// with one such building, +2 from three.
func (w *World) XPBonus(c CampID, j Job) int32 {
	b := jobBuilding(j)
	if b == 0 {
		return 0
	}
	return xpBonus(w.CountBuildings(c, b))
}

// xpBonus is XPBonus for a job with n working buildings.
func xpBonus(n int) int32 {
	switch {
	case n >= 3:
		return 2
	case n >= 1:
		return 1
	}
	return 0
}

// buildingCounts returns CountBuildings for every kind of building of camp
// c, counted in one walk of its zones.
func (w *World) buildingCounts(c CampID) [NumBuildingKinds + 1]int {
	var n [NumBuildingKinds + 1]int
	zones, sieged := w.Zones[:NumZones+1], w.besieged()
	for z := ZoneID(1); z < ZoneID(len(zones)); z++ {
		zone := &zones[z]
		if len(zone.Buildings) > 0 && zone.Owner == c && !sieged.has(z) {
			for _, k := range zone.Buildings {
				if int(k) < len(n) {
					n[k]++
				}
			}
		}
	}
	return n
}

// experience runs a day of camp c's experience (rule CIT-XP): each
// civilian who arrived before today gains 1-3 XP, +1 or +2 for his job's
// buildings, +1 if ambitious, +1 if curious with a school, +1 at mood 80
// or more, -1 at 25 or less. Soldiers gain nothing. Level-ups are told in
// one journal entry.
func (t *tick) experience(c CampID, buildings *[NumBuildingKinds + 1]int) {
	camp := &t.w.Camps[c]
	var bonus [NumJobs + 1]int32
	for j := Farmer; int(j) <= NumJobs; j++ {
		if b := jobBuilding(j); b != 0 {
			bonus[j] = xpBonus(buildings[b])
		}
	}
	// trait[t] is the gain of trait t: +1 if ambitious, +1 if curious
	// with a school.
	var trait [TraitCurious + 1]int32
	trait[TraitAmbitious] = 1
	if buildings[School] > 0 {
		trait[TraitCurious] = 1
	}
	// next[l] is the XP of the level after l, none after MaxLevel: a
	// citizen under it does not level up, and the others, few each day,
	// are checked in full.
	var next [MaxLevel + 1]int32
	for l := range MaxLevel {
		next[l] = LevelXP[l+1]
	}
	next[MaxLevel] = math.MaxInt32
	r := t.stream(c, PurposeXP)
	day := t.w.Day
	var ups [MaxLevel + 1]int
	var named [3]int
	n := 0
	for i := range camp.Citizens {
		p := &camp.Citizens[i]
		if p.UnderArms || int(p.Arrived) >= day {
			continue
		}
		gain := 1 + int32(r.Intn(3))
		if int(p.Job) < len(bonus) {
			gain += bonus[p.Job]
		}
		if int(p.Trait) < len(trait) {
			gain += trait[p.Trait]
		}
		// Counted without branching; no mood is both happy and sad.
		gain += int32(b2i(p.Mood >= HappyMood) - b2i(p.Mood <= SadMood))
		p.XP += gain
		if p.XP < next[min(p.Level, MaxLevel)] {
			continue
		}
		for p.Level < MaxLevel && p.XP >= LevelXP[p.Level+1] {
			p.Level++
			ups[p.Level]++
			if n < len(named) {
				named[n] = i
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	// "<name> devient <title> (<job>), ... et N autre(s) montent de
	// niveau." and its why, each language written in one buffer.
	// Both languages are written in one buffer, the narration then the
	// why: one allocation for the four texts.
	var buf [640]byte
	b := buf[:0]
	var num [20]byte
	narration := func(becomes, others, levelUp string, fr bool) {
		for k := range min(n, len(named)) {
			p := &camp.Citizens[named[k]]
			if k > 0 {
				b = append(b, ", "...)
			}
			b = p.appendName(b)
			b = append(b, becomes...)
			job := p.job()
			if fr {
				b = append(b, LevelTitles[p.Level].FR...)
				b = append(b, " ("...)
				b = append(b, job.FR...)
			} else {
				b = append(b, LevelTitles[p.Level].EN...)
				b = append(b, " ("...)
				b = append(b, job.EN...)
			}
			b = append(b, ')')
		}
		if n > len(named) {
			b = append(b, others...)
			b = append(b, strconv.AppendInt(num[:0], int64(n-len(named)), 10)...)
			b = append(b, levelUp...)
		}
		b = append(b, '.')
	}
	why := func(head, to string) {
		b = append(b, head...)
		for l := 2; l <= MaxLevel; l++ {
			if ups[l] > 0 {
				b = append(b, ' ')
				b = append(b, strconv.AppendInt(num[:0], int64(ups[l]), 10)...)
				b = append(b, to...)
				b = append(b, romanLevels[l]...)
				b = append(b, " ("...)
				b = append(b, strconv.AppendInt(num[:0], int64(LevelXP[l]), 10)...)
				b = append(b, " XP)"...)
			}
		}
	}
	narration(" becomes ", " and ", " other(s) level up", false)
	i1 := len(b)
	narration(" devient ", " et ", " autre(s) montent de niveau", true)
	i2 := len(b)
	why("experience: levels gained", " to level ")
	i3 := len(b)
	why("expérience : montées de niveau", " au niveau ")
	s := string(b)
	t.note(c, "level_up", nil, lang.Text{EN: s[:i1], FR: s[i1:i2]}, lang.Text{EN: s[i2:i3], FR: s[i3:]})
}
