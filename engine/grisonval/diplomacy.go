package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// Diplomacy figures (rules DIP-1 to DIP-6, PACT-1 to PACT-6).
const (
	// ProposalDays is how long a proposal waits for an answer: one made on
	// day d may be answered on days d+1 to d+6 and expires at the end of
	// day d+6 (rule PACT-2).
	ProposalDays = 6
	// PactLockDays is how long a pact holds before it may be broken: one
	// signed on day s may be broken from day s+12 (rule PACT-4).
	PactLockDays = 12
	// BreakPeaceMorale and BreakAllianceMorale are what breaking a peace or
	// an alliance costs the breaker in morale (rule PACT-5).
	BreakPeaceMorale    = 8
	BreakAllianceMorale = 12
	// DoorDays is how long a breach closes the door between two camps, and
	// the step of a refusal's closure: the n-th refusal in a pair closes it
	// n × 8 days (rules PACT-5, PACT-6).
	DoorDays = 8
	// PeaceMorale and AllianceMorale are the morale both camps gain at
	// signature (rules DIP-3, DIP-4).
	PeaceMorale    = 3
	AllianceMorale = 5
)

// Pact is the diplomatic record of one pair of camps, beside its status in
// World.Relations: when the status began, how long the door stays closed,
// how often a proposal was refused, and the pending proposal if any. The
// zero value is a pair at war since the first day with nothing pending.
type Pact struct {
	// Since is the day the current status began (0: from the start).
	Since int `json:"since,omitempty"`
	// ClosedUntil is the last day of a closed door: no proposal between
	// the two camps resolves on a day up to it (rules PACT-5, PACT-6).
	ClosedUntil int `json:"closed,omitempty"`
	// Refusals counts the refusals in the pair since its last signature
	// (rule PACT-6).
	Refusals int `json:"refusals,omitempty"`
	// Offer is the pact proposed and not yet answered, War when none; From
	// proposed it on day Day (rule PACT-2).
	Offer Relation `json:"offer,omitempty"`
	From  CampID   `json:"from,omitempty"`
	Day   int      `json:"offer_day,omitempty"`
}

// Pending reports whether camp from has a proposal pending in the pair.
func (p Pact) Pending(from CampID) bool { return p.Offer != War && p.From == from }

// Expires returns the last day the pending proposal may be answered.
func (p Pact) Expires() int { return p.Day + ProposalDays }

// Pact returns the diplomatic record between two different camps.
func (w *World) Pact(a, b CampID) Pact { return w.Pacts[PairIndex(a, b)] }

func (w *World) pact(a, b CampID) *Pact { return &w.Pacts[PairIndex(a, b)] }

// AtPeace reports whether two different camps are at peace or allied: no
// column may leave for the other's land (rule DIP-3). It is false for a
// camp and itself, and for free land.
func (w *World) AtPeace(a, b CampID) bool {
	return a != b && a != NoCamp && b != NoCamp && w.Relation(a, b) != War
}

// Allied reports whether two different camps are allied: they share vision
// and news, and are no threat to each other (rule DIP-4). It is false for a
// camp and itself, and for free land.
func (w *World) Allied(a, b CampID) bool {
	return a != b && a != NoCamp && b != NoCamp && w.Relation(a, b) == Alliance
}

// Infamy and fame (rule DIP-7): Kingmaker's reputations, counted from the
// proclaimed words a camp gave and broke.
const (
	// InfamyPeace and InfamyAlliance are the infamy a camp earns by
	// breaking a peace or an alliance.
	InfamyPeace    = 1
	InfamyAlliance = 2
	// FamePact is the fame both camps earn by signing a pact.
	FamePact = 1
)

// doorOpen reports whether a proposal between a and b may resolve on day
// (rules PACT-5, PACT-6).
func (w *World) doorOpen(a, b CampID, day int) bool { return day > w.Pact(a, b).ClosedUntil }

// proposeBar returns the bar on camp o for camp c's proposal of pact kind
// tomorrow (rules PACT-1, PACT-3, PACT-5, PACT-6): met and alive, at the
// status below kind, the door open, and no proposal of c's own pending with
// it. A proposal from the other camp pending is no bar: proposing the same
// pact back signs it (CON-4).
func proposeBar(kind Relation) func(w *World, c, o CampID) bar {
	return func(w *World, c, o CampID) bar {
		if b := campBar(w, c, o); b != barNone {
			return b
		}
		switch r := w.Relation(c, o); {
		case r == War && kind == Alliance:
			return barAtWar
		case r == Peace && kind == Peace:
			return barAtPeace
		case r == Alliance:
			return barAllied
		case !w.doorOpen(c, o, w.Day+1):
			return barDoorClosed
		case w.Pact(c, o).Pending(c):
			return barPending
		}
		return barNone
	}
}

// proposeArgs returns the camps c may offer pact kind to tomorrow.
func proposeArgs(kind Relation) func(w *World, c CampID) ([]ArgSpec, *RuleError) {
	a := ProposePeace
	if kind == Alliance {
		a = ProposeAlliance
	}
	barOf := proposeBar(kind)
	return func(w *World, c CampID) ([]ArgSpec, *RuleError) { return campChoices(w, c, a, barOf) }
}

// answerBar returns the bar on camp o for camp c's answer: o's proposal
// pending for c.
func answerBar(w *World, c, o CampID) bar {
	switch {
	case campBar(w, c, o) != barNone:
		return campBar(w, c, o)
	case !w.Pact(c, o).Pending(o):
		return barNoProposal
	}
	return barNone
}

// answerArgs returns the camps whose proposal c may accept or refuse.
func answerArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	var cs []int
	for o := range CampID(NumCamps) {
		if o != c && answerBar(w, c, o) == barNone {
			cs = append(cs, int(o))
		}
	}
	if len(cs) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("no proposal awaits your answer", "aucune proposition n'attend votre réponse"))
	}
	return []ArgSpec{{Name: "camp", Kind: ArgCamp, Choices: cs}}, nil
}

// declareBar returns the bar on camp o for camp c's declaration of war
// (rule PACT-4): at peace or allied with it for 12 days or more.
func declareBar(w *World, c, o CampID) bar {
	switch {
	case campBar(w, c, o) != barNone:
		return campBar(w, c, o)
	case !w.AtPeace(c, o):
		return barAtWar
	case w.Day+1 < w.Pact(c, o).Since+PactLockDays:
		return barPactLock
	}
	return barNone
}

// declareArgs returns the camps c may declare war on.
func declareArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	return campChoices(w, c, DeclareWar, declareBar)
}

// gatherDiplomacy keeps camp c's diplomatic order for the diplomacy phase:
// no diplomatic order sees another of the same tick before they are all
// gathered (rule CON-4).
func (t *tick) gatherDiplomacy(c CampID, o Order) { t.diplomats[c] = true }

// diplomacy is the diplomacy phase (rule DIP-2): pair by pair, the day's
// declarations of war, answers and proposals; then proposals expire; then
// every column bound for the land of a camp at peace with its own turns
// back. Pairs do not interact, and each pair is judged from both camps'
// orders at once.
func (t *tick) diplomacy() {
	for a := range CampID(NumCamps) {
		for b := a + 1; b < NumCamps; b++ {
			t.resolvePair(a, b)
		}
	}
	t.expireProposals()
	t.turnBackFromPartners()
}

// intent returns camp c's diplomatic order toward camp o today, if any.
func (t *tick) intent(c, o CampID) (Action, bool) {
	if !t.diplomats[c] || CampID(t.orders[c].Args[0]) != o {
		return 0, false
	}
	return t.orders[c].Action, true
}

// resolvePair resolves the diplomatic orders of camps a and b toward each
// other (rules CON-4 to CON-12).
func (t *tick) resolvePair(a, b CampID) {
	ia, okA := t.intent(a, b)
	ib, okB := t.intent(b, a)
	switch {
	case !okA && !okB:
		return
	case ia == DeclareWar || ib == DeclareWar:
		t.declareWar(a, b, ia == DeclareWar, ib == DeclareWar)
		if okA && ia != DeclareWar {
			t.void(a, b)
		}
		if okB && ib != DeclareWar {
			t.void(b, a)
		}
	case okA && okB:
		// Only two proposals can meet in a pair (a pending offer forbids
		// its author to propose, and only its target answers it); they are
		// for the same pact, the one above the status: they sign it.
		t.sign(a, b, NoCamp, t.w.Relation(a, b)+1, lang.T("the two proposals crossed", "les deux propositions se sont croisées"))
	case okA:
		t.act(a, b, ia)
	default:
		t.act(b, a, ib)
	}
}

// act plays camp c's lone diplomatic order toward camp o.
func (t *tick) act(c, o CampID, a Action) {
	p := t.w.pact(c, o)
	switch a {
	case AcceptPact:
		t.sign(c, o, c, p.Offer, lang.T("%s accepts the proposal of day %d", "%s accepte la proposition du jour %d", t.w.Camps[c].Name, p.Day))
	case RefusePact:
		t.refusePact(c, o)
	default:
		kind := Peace
		if a == ProposeAlliance {
			kind = Alliance
		}
		if p.Pending(o) {
			t.sign(c, o, c, kind, lang.T("%s proposes in turn the pact %s offered it", "%s propose à son tour le pacte que %s lui offrait", t.w.Camps[c].Name, t.w.Camps[o].Name))
			return
		}
		p.Offer, p.From, p.Day = kind, c, t.w.Day
		t.pactEvent(c, o, c, PactProposed)
		narr := lang.T("An embassy of %s proposes %s to %s.", "Une ambassade de %s propose %s à %s.", t.w.Camps[c].Name, pactName(kind), t.w.Camps[o].Name)
		why := lang.T("propose_%s %d: a private proposal, valid until day %d", "propose_%s %d : proposition privée, valable jusqu'au jour %d", kind, o, p.Expires())
		t.note(c, "pact_proposed", nil, narr, why)
		t.note(o, "pact_proposed", nil, narr, why)
	}
}

// sign seals pact kind between camps a and b (rules DIP-3, DIP-4), by camp
// by (NoCamp when both did at once): the status changes, the pending
// proposal and the refusals are cleared, both camps gain morale and fame,
// and all camps learn it. A peace lifts every siege between the two and
// turns back their columns bound for each other's land.
func (t *tick) sign(a, b, by CampID, kind Relation, how lang.Text) {
	t.w.SetRelation(a, b, kind)
	*t.w.pact(a, b) = Pact{Since: t.w.Day}
	t.pactEvent(a, b, by, PactSigned)
	gain := PeaceMorale
	if kind == Alliance {
		gain = AllianceMorale
	}
	for _, c := range []CampID{a, b} {
		t.w.Camps[c].Morale = min(100, t.w.Camps[c].Morale+gain)
		t.w.Camps[c].Fame += FamePact
	}
	na, nb := t.w.Camps[a].Name, t.w.Camps[b].Name
	t.announce(0, "pact_signed", lang.T("%s and %s sign %s; the heralds proclaim it on every road.", "%s et %s signent %s ; les hérauts le proclament sur toutes les routes.", na, nb, pactName(kind)),
		lang.T("%s; morale +%d for both; the pact cannot be broken before day %d", "%s ; moral +%d pour les deux ; le pacte ne peut être rompu avant le jour %d", how, gain, t.w.Day+PactLockDays), allCamps()...)
	if kind != Peace {
		return
	}
	for _, s := range slices.Clone(t.w.Sieges) {
		if owner := t.w.Zones[s.Zone].Owner; (s.Camp == a && owner == b) || (s.Camp == b && owner == a) {
			t.liftSiege(s.Zone, lang.T("the peace signed between %s and %s lifts the blockade", "la paix signée entre %s et %s lève le blocus", na, nb))
		}
	}
}

// turnBackFromPartners turns back every column in flight toward a zone held
// by a camp at peace with its own (rules DIP-3, CON-8): those on the march
// when a peace is signed, and those whose target changed hands since.
func (t *tick) turnBackFromPartners() {
	for i := 0; i < len(t.w.Columns); i++ {
		col := t.w.Columns[i]
		owner := t.w.Zones[col.To].Owner
		if !t.w.AtPeace(col.Camp, owner) {
			continue
		}
		t.turnBack(i, lang.T("%s is at peace with %s: no column marches on its land", "%s est en paix avec %s : aucune colonne ne marche sur ses terres", t.w.Camps[col.Camp].Name, t.w.Camps[owner].Name))
	}
}

// refusePact plays camp c's refusal of camp o's proposal (rule PACT-6):
// the proposal falls and the door closes 8 days per refusal in the pair.
func (t *tick) refusePact(c, o CampID) {
	p := t.w.pact(c, o)
	kind := p.Offer
	p.Offer, p.From, p.Day = War, 0, 0
	p.Refusals++
	p.ClosedUntil = t.w.Day + DoorDays*p.Refusals
	t.pactEvent(c, o, c, PactRefused)
	narr := lang.T("%s sends away the embassy of %s that proposed %s.", "%s éconduit l'ambassade de %s qui proposait %s.", t.w.Camps[c].Name, t.w.Camps[o].Name, pactName(kind))
	why := lang.T("refusal no. %d between the two camps: the door is closed %d days, no proposal before day %d", "refus n°%d entre les deux camps : porte fermée %d jours, aucune proposition avant le jour %d", p.Refusals, DoorDays*p.Refusals, p.ClosedUntil+1)
	t.note(c, "pact_refused", nil, narr, why)
	t.note(o, "pact_refused", nil, narr, why)
}

// declareWar breaks the pact between camps a and b (rule PACT-5); byA and
// byB say which of them declared (both may, the same day). Every breaker
// loses morale and earns infamy; the pair goes back to war, its pending
// proposal falls and the door closes 8 days; all camps learn it. Trade
// routes between them break in the day's production (rule TRD-2).
func (t *tick) declareWar(a, b CampID, byA, byB bool) {
	was := t.w.Relation(a, b)
	t.w.SetRelation(a, b, War)
	p := t.w.pact(a, b)
	*p = Pact{Since: t.w.Day, ClosedUntil: t.w.Day + DoorDays, Refusals: p.Refusals}
	for _, br := range []struct {
		c, o CampID
		by   bool
	}{{a, b, byA}, {b, a, byB}} {
		if !br.by {
			continue
		}
		camp := &t.w.Camps[br.c]
		loss, infamy := t.w.BreakMorale(br.c, was), InfamyPeace
		if was == Alliance {
			infamy = InfamyAlliance
		}
		before := camp.Morale
		camp.Morale = max(0, camp.Morale-loss)
		camp.Infamy += infamy
		t.pactEvent(a, b, br.c, PactBroken)
		t.announce(0, "war_declared", lang.T("%s breaks its word and declares war on %s: %s is dead.", "%s rompt sa parole et déclare la guerre à %s : %s est morte.", camp.Name, t.w.Camps[br.o].Name, pactWord(was)),
			lang.T("declare_war %d: morale of %s %d -> %d, infamy %d; the door is closed until day %d", "declare_war %d : moral de %s %d -> %d, infamie %d ; porte fermée jusqu'au jour %d", br.o, camp.Name, before, camp.Morale, camp.Infamy, p.ClosedUntil),
			allCamps()...)
	}
}

// BreakMorale returns the morale camp c loses by breaking a pact of kind
// was (rules PACT-5, POL-2): 8 for a peace, 12 for an alliance, and more
// under a republic.
func (w *World) BreakMorale(c CampID, was Relation) int {
	loss := BreakPeaceMorale
	if was == Alliance {
		loss = BreakAllianceMorale
	}
	if w.Camps[c].Government == Republic {
		loss += RepublicWarMorale
	}
	return loss
}

// void marks camp c's diplomatic order toward o as stale: war was declared
// between them the same day, and war wins (rules CON-4, CON-6).
func (t *tick) void(c, o CampID) {
	err := refuse(CodeNotAllowed, "action", lang.T("%s came to nothing: war was declared between you and camp %d the same day", "%s reste sans effet : la guerre a été déclarée entre vous et le camp %d le même jour", t.orders[c], o))
	t.results[c].Status, t.results[c].Err = Stale, err
	t.note(c, "order_stale", nil, lang.T("The order “%s” has no effect: the war declared the same day prevails.", "L'ordre « %s » reste sans effet : la guerre déclarée le même jour l'emporte.", t.orders[c]), err.Message)
}

// expireProposals drops every proposal left unanswered for 6 days (rule
// PACT-2); both camps learn it.
func (t *tick) expireProposals() {
	for a := range CampID(NumCamps) {
		for b := a + 1; b < NumCamps; b++ {
			p := t.w.pact(a, b)
			if p.Offer == War || t.w.Day < p.Expires() {
				continue
			}
			from, to := p.From, a+b-p.From
			narr := lang.T("The proposal of %s to %s (%s) expires unanswered.", "La proposition de %s à %s (%s) expire sans réponse.", t.w.Camps[from].Name, t.w.Camps[to].Name, pactName(p.Offer))
			why := lang.T("proposed on day %d, unanswered in %d days", "proposée le jour %d, sans réponse en %d jours", p.Day, ProposalDays)
			p.Offer, p.From, p.Day = War, 0, 0
			t.pactEvent(a, b, NoCamp, PactExpired)
			t.note(from, "pact_expired", nil, narr, why)
			t.note(to, "pact_expired", nil, narr, why)
		}
	}
}

// dropPacts ends every pact and proposal of extinct camp c (rule DIP-8).
func (t *tick) dropPacts(c CampID) {
	for o := range CampID(NumCamps) {
		if o == c {
			continue
		}
		had := t.w.Relation(c, o)
		t.w.SetRelation(c, o, War)
		*t.w.pact(c, o) = Pact{Since: t.w.Day}
		if had != War {
			t.pactEvent(c, o, NoCamp, PactDissolved)
			t.announce(0, "pact_dropped", lang.T("With the people of %s dies %s that bound it to %s.", "Avec le peuple de %s s'éteint %s qui le liait à %s.", t.w.Camps[c].Name, pactName(had), t.w.Camps[o].Name),
				lang.T("an extinct people keeps no word", "un peuple éteint ne tient plus aucune parole"), allCamps()...)
		}
	}
}

// PactEvent is one change in a pair's diplomatic record, as the tick
// reports it for history (docs/persistence.md): A < B, By made it happen
// (NoCamp for none, or both at once), and Status is the pair's relation
// after it.
type PactEvent struct {
	A, B   CampID
	By     CampID
	Event  string
	Status Relation
}

// Pact events.
const (
	PactProposed  = "proposed"
	PactSigned    = "signed"
	PactRefused   = "refused"
	PactExpired   = "expired"
	PactBroken    = "broken"    // a declaration of war on a peace or an alliance
	PactDissolved = "dissolved" // a camp died out
)

// pactEvent records a change of the pair (a, b) for the tick's outcome.
func (t *tick) pactEvent(a, b, by CampID, event string) {
	if a > b {
		a, b = b, a
	}
	t.pacts = append(t.pacts, PactEvent{A: a, B: b, By: by, Event: event, Status: t.w.Relation(a, b)})
}

// allCamps returns every camp, for a proclamation.
func allCamps() []CampID {
	cs := make([]CampID, NumCamps)
	for c := range cs {
		cs[c] = CampID(c)
	}
	return cs
}

// pactName names a pact, with its article.
func pactName(r Relation) lang.Text {
	switch r {
	case Peace:
		return lang.T("peace", "la paix")
	case Alliance:
		return lang.T("an alliance", "une alliance")
	}
	return lang.T("war", "la guerre")
}

// pactWord names a broken pact.
func pactWord(r Relation) lang.Text {
	if r == Alliance {
		return lang.T("the alliance", "l'alliance")
	}
	return lang.T("the peace", "la paix")
}

// sharesVision reports whether camp c sees what camp o sees with its own
// eyes: o is c, or a living ally of c (rule DIP-4). What o sees through its
// own allies is not passed on, so vision never recurses.
func (w *World) sharesVision(c, o CampID) bool {
	return o == c || (w.Allied(c, o) && w.Camps[o].Alive)
}

// allyInvolved reports whether an ally of camp c is involved in news n:
// allies share their news (rule DIP-4).
func (t *tick) allyInvolved(n *news, c CampID) bool {
	for o := range CampID(NumCamps) {
		if n.involved[o] && t.w.Allied(c, o) {
			return true
		}
	}
	return false
}

// PactFacts are what camp C knows when it weighs camp O's proposal (rule
// DIP-9): its own size, what it has seen of O's, and public facts, since
// treaties and declarations of war are proclaimed to all. A client can
// gather them from C's view alone.
type PactFacts struct {
	// Kind is the pact proposed: Peace or Alliance.
	Kind Relation
	// OwnZones is the number of zones C holds; OtherZones the number of
	// zones C sees or remembers O holding.
	OwnZones, OtherZones int
	// Infamy and Fame are O's.
	Infamy, Fame int
	// Diplomacy is O's ruler's Diplomatie bonus (rule SHEET-BONUS), public
	// as the envoys' bearing is.
	Diplomacy int
	// Third tells whether a third camp lives; ThirdWithOwn and
	// ThirdWithOther are its status with C and with O.
	Third                        bool
	ThirdWithOwn, ThirdWithOther Relation
}

// PactFacts returns what camp c knows when it weighs camp o's proposal of
// pact kind (rule DIP-9).
func (w *World) PactFacts(c, o CampID, kind Relation) PactFacts {
	f := PactFacts{Kind: kind, OwnZones: w.HeldZones(c), Infamy: w.Camps[o].Infamy, Fame: w.Camps[o].Fame,
		Diplomacy: w.Rulers[o].DiplomacyBonus}
	vis := w.Vision(c)
	for z := ZoneID(1); z <= NumZones; z++ {
		if (vis[z] && w.Zones[z].Owner == o) || (!vis[z] && w.Camps[c].Memory[z].Seen && w.Camps[c].Memory[z].Owner == o) {
			f.OtherZones++
		}
	}
	// The camps' numbers add up to NumCamps × (NumCamps - 1) / 2: the
	// third one is what c and o leave of it.
	if x := NumCamps*(NumCamps-1)/2 - c - o; w.Camps[x].Alive {
		f.Third, f.ThirdWithOwn, f.ThirdWithOther = true, w.Relation(x, c), w.Relation(x, o)
	}
	return f
}

// PactDifficulty returns the difficulty of camp O's proposal to camp C,
// after seed 001's diplomatic edict (rule DIP-9): 10 + 2 × O's infamy − O's
// fame + (C's zones + O's zones) ÷ 5 − O's ruler's Diplomatie + the
// relations modifier + 5 for an alliance. The relations modifier follows seed 001's table with the third
// camp: both allied with it −8; O at peace with C's ally −4; both at peace
// with it −2; O at peace with C's enemy +5; O allied with C's enemy +10.
func PactDifficulty(f PactFacts) int {
	dc := 10 + 2*f.Infamy - f.Fame + (f.OwnZones+f.OtherZones)/5 - f.Diplomacy
	if f.Kind == Alliance {
		dc += 5
	}
	if !f.Third {
		return dc
	}
	switch own, other := f.ThirdWithOwn, f.ThirdWithOther; {
	case own == Alliance && other == Alliance:
		dc -= 8
	case own == Alliance && other == Peace:
		dc -= 4
	case own == Peace && other == Peace:
		dc -= 2
	case own == War && other == Peace:
		dc += 5
	case own == War && other == Alliance:
		dc += 10
	}
	return dc
}

// Willingness returns, in percent, how willing camp C is to accept camp
// O's proposal (rule DIP-9): the chance that seed 001's d20 check meets
// the difficulty, (21 − difficulty) × 5, between 0 and 100. An AI adds its
// own leanings (archetype, posture, sieges) on top.
func Willingness(f PactFacts) int { return min(100, max(0, (21-PactDifficulty(f))*5)) }
