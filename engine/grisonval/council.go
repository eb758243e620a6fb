package grisonval

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/grisonval/server/lang"
)

// The council of notable citizens (seed 001 L37-108, docs/rules.md "The
// council"): eight seats, each held by one living adult of the camp, each
// adding its holder's benefit to one kingdom statistic and costing the
// camp what seed 001 says while it stands vacant. Everything here is keyed
// by SeatKind, so that a seat can later be held by a player (issue 16).

// Numbers of the council (rules CNL-5, CNL-10).
const (
	// DismissUnrest is the unrest of the day a living holder is replaced
	// (seed 001 L45); RulerDismissUnrest is the ruler's (L45-46: an
	// abdication), also paid when the ruler moves to another seat.
	DismissUnrest      = 1
	RulerDismissUnrest = 2
	// RegencyDays is how many days the ruler seat stays vacant before a
	// regent takes it at the end of the last one (rule CNL-10).
	RegencyDays = 3
	// LargeRealm is the land from which the ruler's benefit also goes to
	// stability under RulesMastery (rule CNL-RULER): seed 001's kingdom of
	// 26 hexes or more.
	LargeRealm = 26
)

// SeatRule is what a seat brings and what its vacancy costs (rules CNL-3,
// CNL-6, CNL-7, CNL-8).
type SeatRule struct {
	// Name is the seat's name in words (its code is SeatKind.String).
	Name lang.Text
	// Stat is the statistic the holder's benefit goes to: "economy",
	// "loyalty" or "stability" (the names of Stats' fields on the wire).
	Stat string
	// Fits is the trait that adds 1 to the holder's benefit.
	Fits Trait
	// Vacancy is what the seat costs each day it stands vacant.
	Vacancy Stats
	// Open, when set, are the only actions a camp may order while the
	// seat is vacant; Closes are the actions it may not.
	Open, Closes []Action
	// Source is the line of seed 001 the vacancy cost adapts.
	Source string
}

// SeatRules are the eight seats' rules, indexed by SeatKind.
var SeatRules = [NumSeats + 1]SeatRule{
	SeatRuler: {Name: lang.T("ruler", "dirigeant"), Stat: "loyalty", Fits: TraitSociable,
		Vacancy: Stats{Unrest: 4}, Open: []Action{Rest, Appoint}, Source: "L41, L55"},
	SeatCouncillor: {Name: lang.T("councillor", "conseiller"), Stat: "loyalty", Fits: TraitSociable,
		Vacancy: Stats{Loyalty: -2, Unrest: 1}, Source: "L63"},
	SeatGeneral: {Name: lang.T("general", "général"), Stat: "stability", Fits: TraitAmbitious,
		Vacancy: Stats{Loyalty: -4}, Source: "L67"},
	SeatDiplomat: {Name: lang.T("grand diplomat", "grand diplomate"), Stat: "stability", Fits: TraitSociable,
		Vacancy: Stats{Stability: -2}, Closes: []Action{ProposePeace, ProposeAlliance, TradeRoute}, Source: "L71-72"},
	SeatHighPriest: {Name: lang.T("high priest", "grand prêtre"), Stat: "stability", Fits: TraitSteady,
		Vacancy: Stats{Loyalty: -2, Stability: -2, Unrest: 1}, Source: "L80"},
	SeatMarshal: {Name: lang.T("marshal", "maréchal"), Stat: "economy", Fits: TraitAmbitious,
		Vacancy: Stats{Economy: -4}, Source: "L88"},
	SeatSpymaster: {Name: lang.T("spymaster", "maître espion"), Stat: "economy", Fits: TraitCurious,
		Vacancy: Stats{Economy: -4, Unrest: 1}, Source: "L96"},
	SeatTreasurer: {Name: lang.T("treasurer", "trésorier"), Stat: "economy", Fits: TraitCurious,
		Vacancy: Stats{Economy: -4}, Source: "L100"},
}

// seats are the seats in order.
var seats = func() (ss [NumSeats]SeatKind) {
	for i := range ss {
		ss[i] = SeatKind(i + 1)
	}
	return ss
}()

// Seats returns the seats in order.
func Seats() []SeatKind { return slices.Clone(seats[:]) }

// ParseSeat returns the seat whose code is name ("ruler", "high_priest"),
// or whose number it is ("1" to "8").
func ParseSeat(name string) (SeatKind, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, s := range seats {
		if s.String() == name || fmt.Sprint(int(s)) == name {
			return s, true
		}
	}
	return 0, false
}

// Valid reports whether s is one of the eight seats.
func (s SeatKind) Valid() bool { return s >= 1 && int(s) <= NumSeats }

// heldOn reports whether seat st counts on day d (rule CNL-4): its holder
// was named before d, or belongs to the founding council (day 0).
func (st Seat) heldOn(d int) bool { return st.Citizen != 0 && (st.Since < d || st.Since == 0) }

// BenefitIn returns what citizen p would bring to seat s (rule CNL-3): 1,
// +1 at level III and again at level V, +1 when his trait fits the seat.
func (p Citizen) BenefitIn(s SeatKind) int {
	b := 1 + (int(p.Level)-1)/2
	if s.Valid() && p.Trait == SeatRules[s].Fits {
		b++
	}
	return b
}

// citizen returns the index of camp c's living citizen id, or -1.
// Citizens are in order of arrival, so of ID (rule CIT-1).
// It searches by halves as slices.BinarySearchFunc does, comparing the
// IDs in place instead of copying each citizen probed to a function.
func (w *World) citizen(c CampID, id int32) int {
	cs := w.Camps[c].Citizens
	i, j := 0, len(cs)
	for i < j {
		h := int(uint(i+j) >> 1)
		if cs[h].ID < id {
			i = h + 1
		} else {
			j = h
		}
	}
	if i < len(cs) && cs[i].ID == id {
		return i
	}
	return -1
}

// Appointee returns the citizen named to camp c's seat s, whether his
// seat already counts or counts from tomorrow (named today, rule CNL-4).
func (w *World) Appointee(c CampID, s SeatKind) (Citizen, bool) {
	return found(w.appointee(c, s))
}

// appointee is Appointee as the citizen in the camp's list, nil for none.
func (w *World) appointee(c CampID, s SeatKind) *Citizen {
	if !s.Valid() {
		return nil
	}
	id := w.Camps[c].Council[s-1].Citizen
	if id == 0 {
		return nil
	}
	i := w.citizen(c, id)
	if i < 0 {
		return nil
	}
	return &w.Camps[c].Citizens[i]
}

// found returns a copy of the citizen p points to, and whether there is one.
func found(p *Citizen) (Citizen, bool) {
	if p == nil {
		return Citizen{}, false
	}
	return *p, true
}

// SeatHolder returns the citizen who holds camp c's seat s today (w.Day):
// named before today, or a founder. A citizen named today holds it from
// tomorrow: Appointee returns him already (rule CNL-4).
func (w *World) SeatHolder(c CampID, s SeatKind) (Citizen, bool) {
	return w.holderOn(c, s, w.Day)
}

// holderOn returns the citizen whose seat s of camp c counts on day d.
func (w *World) holderOn(c CampID, s SeatKind, d int) (Citizen, bool) {
	return found(w.holder(c, s, d))
}

// holder is holderOn as the citizen in the camp's list, nil for none.
func (w *World) holder(c CampID, s SeatKind, d int) *Citizen {
	if !s.Valid() || !w.Camps[c].Council[s-1].heldOn(d) {
		return nil
	}
	return w.appointee(c, s)
}

// SeatOf returns the seat camp c's citizen id is named to, or 0.
func (w *World) SeatOf(c CampID, id int32) SeatKind {
	if id == 0 {
		return 0
	}
	for i, st := range w.Camps[c].Council {
		if st.Citizen == id {
			return SeatKind(i + 1)
		}
	}
	return 0
}

// SeatBenefit returns what seat s of camp c adds today to its statistic
// (SeatRules[s].Stat; rule CNL-3): its holder's benefit, 0 while vacant.
func SeatBenefit(w *World, c CampID, s SeatKind) int {
	if p := w.holder(c, s, w.Day); p != nil {
		return p.BenefitIn(s)
	}
	return 0
}

// RegentDay returns the day at whose end a regent takes camp c's vacant
// ruler seat (rule CNL-10; under RulesMastery its heir, the next day to
// resolve, CNL-HEIR), and false when the seat is held.
func (w *World) RegentDay(c CampID) (int, bool) {
	st := w.Camps[c].Council[SeatRuler-1]
	if st.Citizen != 0 {
		return 0, false
	}
	if w.Rules >= RulesMastery {
		return w.Day + 1, true // the heir, that night (rule CNL-HEIR)
	}
	return max(st.Since+RegencyDays, w.Day+1), true
}

// statOf returns the field of s that statistic name designates.
func statOf(s *Stats, name string) *int {
	switch name {
	case "economy":
		return &s.Economy
	case "loyalty":
		return &s.Loyalty
	}
	return &s.Stability
}

// add adds o to s.
func (s *Stats) add(o Stats) {
	s.Economy += o.Economy
	s.Loyalty += o.Loyalty
	s.Stability += o.Stability
	s.Unrest += o.Unrest
	s.Consumption += o.Consumption
}

// councilStats adds camp c's council to its statistics of the day (rules
// CNL-3, CNL-5, CNL-6): each seat held today its holder's benefit, each
// vacant seat its cost, and the unrest of a holder replaced today.
func (w *World) councilStats(c CampID, s *Stats) {
	camp := &w.Camps[c]
	for _, k := range seats {
		if p := w.holder(c, k, w.Day); p != nil {
			*statOf(s, SeatRules[k].Stat) += p.BenefitIn(k)
			if k == SeatRuler && w.Rules >= RulesMastery && w.HeldZones(c) >= LargeRealm {
				s.Stability += p.BenefitIn(k) // rule CNL-RULER
			}
		} else {
			s.add(SeatRules[k].Vacancy)
		}
	}
	if camp.CouncilUnrestDay == w.Day && w.Day > 0 {
		s.Unrest += camp.CouncilUnrest
	}
}

// councilBar returns why camp c may not order action a tomorrow for want
// of a seat (rules CNL-7, CNL-8), or nil. Orders are judged against the
// morning's council: a seat emptied today closes tomorrow's actions, a
// holder named today opens them tomorrow. Menu and validate both ask it
// first (openArgs), so the menu, its closed half and the refusals agree.
func councilBar(w *World, c CampID, a Action) *RuleError {
	day := w.Day + 1
	for _, k := range seats {
		r := &SeatRules[k]
		st := w.Camps[c].Council[k-1]
		closed := (r.Open != nil && !slices.Contains(r.Open, a)) || slices.Contains(r.Closes, a) ||
			k == SeatDiplomat && a == Explore && w.Rules >= RulesMastery // rule CNL-8
		if !closed || st.heldOn(day) {
			continue
		}
		switch k {
		case SeatRuler:
			regent, _ := w.RegentDay(c)
			if w.Rules >= RulesMastery {
				return refuse(CodeNotAllowed, "action", lang.T("your camp has no ruler (vacant since day %d): only rest and appoint can be ordered; appoint %d C names one, who rules from the next day, else an heir takes the seat at the end of day %d",
					"votre camp n'a pas de dirigeant (vacant depuis le jour %d) : seuls rest et appoint peuvent être ordonnés ; appoint %d C en nomme un, qui gouverne dès le lendemain, sinon un héritier prend le siège à la fin du jour %d",
					st.Since, int(SeatRuler), regent))
			}
			return refuse(CodeNotAllowed, "action", lang.T("your camp has no ruler (vacant since day %d): only rest and appoint can be ordered; appoint %d C names one, who rules from the next day, else a regent takes the seat at the end of day %d",
				"votre camp n'a pas de dirigeant (vacant depuis le jour %d) : seuls rest et appoint peuvent être ordonnés ; appoint %d C en nomme un, qui gouverne dès le lendemain, sinon un régent prend le siège à la fin du jour %d",
				st.Since, int(SeatRuler), regent))
		case SeatDiplomat:
			if w.Rules >= RulesMastery {
				return refuse(CodeNotAllowed, "action", lang.T("your camp has no grand diplomat (vacant since day %d): no propose_peace, propose_alliance, trade_route or explore without one; his heir takes the seat tonight, or appoint %d C names one, who serves from the next day",
					"votre camp n'a pas de grand diplomate (vacant depuis le jour %d) : ni propose_peace, ni propose_alliance, ni trade_route, ni explore sans lui ; son héritier prend le siège ce soir, ou appoint %d C en nomme un, qui sert dès le lendemain",
					st.Since, int(SeatDiplomat)))
			}
			return refuse(CodeNotAllowed, "action", lang.T("your camp has no grand diplomat (vacant since day %d): no propose_peace, propose_alliance or trade_route without one; appoint %d C names one, who serves from the next day",
				"votre camp n'a pas de grand diplomate (vacant depuis le jour %d) : ni propose_peace, ni propose_alliance, ni trade_route sans lui ; appoint %d C en nomme un, qui sert dès le lendemain",
				st.Since, int(SeatDiplomat)))
		}
		return refuse(CodeNotAllowed, "action", lang.T("the seat of %s is vacant: %s is closed", "le siège de %s est vacant : %s est fermé", r.Name, a))
	}
	return nil
}

// appointArgs gives appoint's arguments (rule CNL-4): a seat, and a living
// adult of the camp, those without a seat first, then those who would
// move, each in order of arrival.
func appointArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	var free, seated []int
	for _, p := range w.Camps[c].Citizens {
		switch {
		case p.Age < AdultAge:
		case w.SeatOf(c, p.ID) != 0:
			seated = append(seated, int(p.ID))
		default:
			free = append(free, int(p.ID))
		}
	}
	ids := append(free, seated...)
	if len(ids) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("your camp has no adult to name: a seat needs a citizen aged %d or more", "votre camp n'a aucun adulte à nommer : un siège demande un habitant de %d ans ou plus", AdultAge))
	}
	nums := make([]int, NumSeats)
	for i := range nums {
		nums[i] = i + 1
	}
	return []ArgSpec{{Name: "seat", Kind: ArgSeat, Choices: nums}, {Name: "citizen", Kind: ArgCitizen, Choices: ids}}, nil
}

// seatList names the seats with their numbers: "1 ruler, 2 councillor...".
var seatList = func() string {
	var b strings.Builder
	for _, s := range seats {
		if s > 1 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d %s", s, s)
	}
	return b.String()
}()

// appointWhy says why argument i of an appoint order is refused (rule
// CNL-4): no such seat; no living citizen of that ID in the camp; a child.
func appointWhy(w *World, c CampID, o Order, i int) *RuleError {
	if i == 0 {
		return refuse(CodeBadArgs, "", lang.T("there is no seat %d: the seats are %s", "il n'y a pas de siège %d : les sièges sont %s", o.Args[0], seatList))
	}
	id := o.Args[1]
	k := -1
	if id > 0 && id <= math.MaxInt32 {
		k = w.citizen(c, int32(id))
	}
	if k < 0 {
		return refuse(CodeBadArgs, "", lang.T("your camp has no living citizen %d: the view lists your citizens with their IDs", "votre camp n'a pas d'habitant vivant %d : la vue donne vos habitants avec leur numéro", id))
	}
	if p := &w.Camps[c].Citizens[k]; p.Age < AdultAge {
		return refuse(CodeNotAllowed, "", lang.T("%s (citizen %d) is aged %d: a seat needs an adult, aged %d or more", "%s (habitant %d) a %d ans : un siège demande un adulte, de %d ans ou plus", p.Name(), id, p.Age, AdultAge))
	}
	return nil
}

// appointCheck refuses to name a citizen to the seat he already holds
// (rule CNL-4).
func appointCheck(w *World, c CampID, o Order) *RuleError {
	s, id := SeatKind(o.Args[0]), int32(o.Args[1])
	if w.Camps[c].Council[s-1].Citizen == id {
		p := w.Camps[c].Citizens[w.citizen(c, id)]
		return refuse(CodeNotAllowed, "args[1]", lang.T("%s (citizen %d) already holds the seat of %s", "%s (habitant %d) tient déjà le siège de %s", p.Name(), id, SeatRules[s].Name))
	}
	return nil
}

// appoint plays appoint S C (rules CNL-4, CNL-5): citizen C takes seat S,
// counting from tomorrow. A living holder of S is dismissed: unrest 1 today
// (2 for the ruler); C's own seat, if he held one, falls vacant, without
// unrest unless he was the ruler (2: he abdicates).
func (t *tick) appoint(c CampID, o Order) {
	camp := &t.w.Camps[c]
	s, id := SeatKind(o.Args[0]), int32(o.Args[1])
	p := camp.Citizens[t.w.citizen(c, id)]
	day := t.w.Day
	unrest := 0
	var notes []lang.Text
	if old, ok := t.w.Appointee(c, s); ok {
		n := DismissUnrest
		if s == SeatRuler {
			n = RulerDismissUnrest
		}
		unrest += n
		notes = append(notes, lang.T("%s is dismissed: unrest +%d today", "%s perd son siège : insatisfaction +%d aujourd'hui", old.Name(), n))
	}
	if from := t.w.SeatOf(c, id); from != 0 {
		camp.Council[from-1] = Seat{Since: day}
		if from == SeatRuler {
			unrest += RulerDismissUnrest
			notes = append(notes, lang.T("%s leaves the seat of %s, vacant from today: unrest +%d (an abdication)", "%s quitte le siège de %s, vacant dès aujourd'hui : insatisfaction +%d (une abdication)", p.Name(), SeatRules[from].Name, RulerDismissUnrest))
		} else {
			notes = append(notes, lang.T("%s leaves the seat of %s, vacant from today (no unrest: a move)", "%s quitte le siège de %s, vacant dès aujourd'hui (sans insatisfaction : un changement de siège)", p.Name(), SeatRules[from].Name))
		}
	}
	camp.Council[s-1] = Seat{Citizen: id, Since: day}
	if unrest > 0 {
		camp.CouncilUnrestDay, camp.CouncilUnrest = day, unrest
	}
	t.note(c, "appoint", nil, lang.T("%s takes the seat of %s of the camp.", "%s prend le siège de %s du camp.", p.Name(), SeatRules[s].Name), why(o, func() lang.Text {
		derived := lang.T("appoint %d %d: %s, level %d, trait %s: benefit %d to %s from day %d", "appoint %d %d : %s, niveau %d, trait %s : avantage %d en %s dès le jour %d",
			int(s), id, p.Name(), p.Level, p.Trait, p.BenefitIn(s), statName(SeatRules[s].Stat), day+1)
		for _, n := range notes {
			derived = lang.T("%s; %s", "%s ; %s", derived, n)
		}
		return derived
	}))
}

// statName names a statistic in words.
func statName(stat string) lang.Text {
	switch stat {
	case "economy":
		return lang.T("economy", "économie")
	case "loyalty":
		return lang.T("loyalty", "loyauté")
	}
	return lang.T("stability", "stabilité")
}

// vacancyTexts say what each seat costs while vacant (vacancyText), written
// once.
var vacancyTexts = func() (ts [NumSeats + 1]lang.Text) {
	for _, s := range seats {
		ts[s] = vacancyText(s)
	}
	return ts
}()

// vacancyText says what seat s costs while vacant (rule CNL-6).
func vacancyText(s SeatKind) lang.Text {
	v := SeatRules[s].Vacancy
	var en, fr []string
	for _, x := range []struct {
		n      int
		en, fr string
	}{{v.Economy, "economy", "économie"}, {v.Loyalty, "loyalty", "loyauté"}, {v.Stability, "stability", "stabilité"}, {v.Unrest, "unrest", "insatisfaction"}} {
		if x.n != 0 {
			en, fr = append(en, fmt.Sprintf("%s %+d", x.en, x.n)), append(fr, fmt.Sprintf("%s %+d", x.fr, x.n))
		}
	}
	switch s {
	case SeatRuler:
		en, fr = append(en, "only rest and appoint can be ordered"), append(fr, "seuls rest et appoint peuvent être ordonnés")
	case SeatCouncillor:
		en, fr = append(en, "holidays give no loyalty"), append(fr, "les jours fériés ne donnent aucune loyauté")
	case SeatDiplomat:
		en, fr = append(en, "no proposal or trade route"), append(fr, "ni proposition ni route commerciale")
	case SeatTreasurer:
		en, fr = append(en, "no taxes"), append(fr, "aucune taxe")
	}
	return lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}
}

// vacate frees the seat of camp c's citizen p, who is dead (rule CNL-9):
// the seat is vacant from today and the journal says so, with what the
// vacancy costs. removeCitizen and killSoldiers, the places a citizen
// leaves his camp, call it.
func (t *tick) vacate(c CampID, p *Citizen) {
	s := t.w.SeatOf(c, p.ID)
	if s == 0 {
		return
	}
	day := t.w.Day
	t.w.Camps[c].Council[s-1] = Seat{Since: day}
	const (
		en = "council: the seat of %s is vacant from day %d; while vacant: %s; appoint %d C names a successor, who serves from the next day"
		fr = "conseil : le siège de %s est vacant dès le jour %d ; tant qu'il l'est : %s ; appoint %d C nomme un successeur, qui sert dès le lendemain"
	)
	var derived lang.Text
	switch name, vacancy := SeatRules[s].Name, vacancyTexts[s]; {
	case t.w.Rules >= RulesMastery:
		derived = lang.T(en+"; else its successor takes it at the end of the day (CNL-HEIR)", fr+" ; sinon son successeur le prend à la fin du jour (CNL-HEIR)", name, day, vacancy, int(s))
	case s == SeatRuler:
		derived = lang.T(en+"; else a regent takes it at the end of day %d", fr+" ; sinon un régent le prend à la fin du jour %d", name, day, vacancy, int(s), day+RegencyDays)
	default:
		derived = lang.T(en, fr, name, day, vacancy, int(s))
	}
	t.note(c, "seat_vacant", nil, lang.T("%s, %s of the camp, is no more: the seat stands empty.", "%s, %s du camp, n'est plus : le siège est vide.", p.Name(), SeatRules[s].Name), derived)
}

// regent returns the index of the citizen who takes camp c's vacant ruler
// seat (rule CNL-10): the highest-level adult without a seat (most XP, then
// lowest ID), else the highest-level adult, who moves; -1 if none.
func (w *World) regent(c CampID) int {
	cs := w.Camps[c].Citizens
	best := -1
	for i := range cs {
		if cs[i].Age >= AdultAge && (best < 0 || w.betterRegent(c, &cs[i], &cs[best])) {
			best = i
		}
	}
	return best
}

// betterRegent reports whether citizen p, later in the camp's order than
// b, makes a better regent than b (rule CNL-10): without a seat, then a
// higher level, then more XP; b keeps a tie (the lower ID).
func (w *World) betterRegent(c CampID, p, b *Citizen) bool {
	pFree, bFree := w.SeatOf(c, p.ID) == 0, w.SeatOf(c, b.ID) == 0
	switch {
	case pFree != bFree:
		return pFree
	case p.Level != b.Level:
		return p.Level > b.Level
	}
	return p.XP > b.XP
}

// council is the council phase (rule CNL-10): a living camp whose ruler
// seat has stood vacant since RegencyDays days names a regent, who rules
// from the next day. Under RulesMastery every seat vacant at the end of
// the day gets its successor instead (rule CNL-HEIR).
func (t *tick) council() {
	if !t.w.Governed() {
		return // seed 000 alone (rule RULES-1)
	}
	if t.w.Rules >= RulesMastery {
		t.seatSuccessors()
		return
	}
	day := t.w.Day
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		st := camp.Council[SeatRuler-1]
		if !camp.Alive || st.Citizen != 0 || day < st.Since+RegencyDays {
			continue
		}
		i := t.w.regent(c)
		if i < 0 {
			continue
		}
		p := camp.Citizens[i]
		derived := lang.T("regency: the ruler seat vacant since day %d; the highest-level adult without a seat (most XP, then lowest ID), level %d; rules from day %d",
			"régence : le siège de dirigeant vacant depuis le jour %d ; l'adulte sans siège du plus haut niveau (le plus d'expérience, puis le plus petit numéro), niveau %d ; gouverne dès le jour %d", st.Since, p.Level, day+1)
		if from := t.w.SeatOf(c, p.ID); from != 0 {
			camp.Council[from-1] = Seat{Since: day}
			derived = lang.T("regency: the ruler seat vacant since day %d and every adult holds a seat: the highest-level one, level %d, leaves the seat of %s, vacant from today; rules from day %d",
				"régence : le siège de dirigeant vacant depuis le jour %d et chaque adulte tient un siège : celui du plus haut niveau, niveau %d, quitte le siège de %s, vacant dès aujourd'hui ; gouverne dès le jour %d", st.Since, p.Level, SeatRules[from].Name, day+1)
		}
		camp.Council[SeatRuler-1] = Seat{Citizen: p.ID, Since: day}
		t.note(c, "regent", nil, lang.T("After %d days without a ruler, %s takes the seat as regent.", "Après %d jours sans dirigeant, %s assure la régence.", day-st.Since, p.Name()), derived)
	}
}

// seatSuccessors is the council phase under RulesMastery (rule CNL-HEIR): each
// seat of a living camp that stands vacant at the end of the day, in seat
// order, passes to its successor (World.successor), who serves from the
// next day; a seat with no adult left without a seat stays vacant.
func (t *tick) seatSuccessors() {
	day := t.w.Day
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive {
			continue
		}
		for _, s := range seats {
			if camp.Council[s-1].Citizen != 0 {
				continue
			}
			since := camp.Council[s-1].Since
			i := t.w.successor(c, s)
			if i < 0 {
				continue
			}
			p := camp.Citizens[i]
			camp.Council[s-1] = Seat{Citizen: p.ID, Since: day}
			t.note(c, "seat_filled", nil,
				lang.T("%s takes the seat of %s left empty.", "%s prend le siège de %s resté vide.", p.Name(), SeatRules[s].Name),
				lang.T("succession: the seat of %s vacant since day %d passes to the adult without a seat who brings it most (benefit %d: level %d%s), then the youngest (%d), then the lowest number (%d); serves from day %d; appoint %d C names another",
					"succession : le siège de %s vacant depuis le jour %d revient à l'adulte sans siège qui lui apporte le plus (avantage %d : niveau %d%s), puis au plus jeune (%d ans), puis au plus petit numéro (%d) ; sert dès le jour %d ; appoint %d C en nomme un autre",
					SeatRules[s].Name, since, p.BenefitIn(s), p.Level, fitsText(p, s), p.Age, p.ID, day+1, int(s)))
		}
	}
}

// fitsText says whether citizen p's trait fits seat s, for the journal.
func fitsText(p Citizen, s SeatKind) lang.Text {
	if p.Trait == SeatRules[s].Fits {
		return lang.T(", a fitting trait", ", un trait qui convient")
	}
	return lang.Text{}
}

// successor returns the index of the citizen who succeeds to camp c's
// vacant seat s (rule CNL-HEIR): among the adults without a seat, the one
// who brings the seat the most benefit (CNL-3), then the youngest, then
// the lowest ID; -1 if every adult holds a seat.
func (w *World) successor(c CampID, s SeatKind) int {
	cs := w.Camps[c].Citizens
	best := -1
	for i := range cs {
		p := &cs[i]
		if p.Age < AdultAge || w.SeatOf(c, p.ID) != 0 {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		b := &cs[best]
		if pb, bb := p.BenefitIn(s), b.BenefitIn(s); pb != bb {
			if pb > bb {
				best = i
			}
		} else if p.Age < b.Age {
			best = i
		}
	}
	return best
}

// seatCouncil seats camp c's council from its citizens (rule CNL-2): for
// each seat in order, the first adult without a seat whose trait fits it,
// else the first adult without a seat. The seats count at once (day 0: the
// founding council). A seat with no adult left stays vacant.
func (w *World) seatCouncil(c CampID) {
	camp := &w.Camps[c]
	taken := map[int32]bool{}
	for _, s := range seats {
		pick := -1
		for i := range camp.Citizens {
			p := &camp.Citizens[i]
			if p.Age < AdultAge || taken[p.ID] {
				continue
			}
			if p.Trait == SeatRules[s].Fits {
				pick = i
				break
			}
			if pick < 0 {
				pick = i
			}
		}
		camp.Council[s-1] = Seat{Since: w.Day}
		if pick >= 0 {
			taken[camp.Citizens[pick].ID] = true
			camp.Council[s-1] = Seat{Citizen: camp.Citizens[pick].ID}
		}
	}
}
