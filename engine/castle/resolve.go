package castle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/lang"
)

// Outcome is what a tick gives: the next state, each city's refusal when
// its order could no longer play (the default played instead), and the
// tick's journal.
type Outcome struct {
	State    *State
	Refusals []*Refusal
	Journal  []Entry
}

// turn is the work area of one tick.
type turn struct {
	s        *State
	journal  []Entry
	refusals []*Refusal
}

// Resolve plays the next tick of s with orders[c] the order of city c (the
// default for a city with no order). It never modifies s.
func Resolve(s *State, orders []Order) Outcome {
	t := &turn{s: s.Clone(), refusals: make([]*Refusal, len(s.Cities))}
	t.s.Day++
	order := func(c int) Order {
		if c < len(orders) && orders[c].Action != 0 {
			return orders[c]
		}
		return Order{Action: Default}
	}
	if !t.s.Over() {
		switch t.s.Step {
		case Convert:
			t.convert(order(t.s.Current))
		case Draft:
			t.draft(order(t.s.Current))
		case Play:
			t.play(order)
		}
	}
	return Outcome{State: t.s, Refusals: t.refusals, Journal: t.journal}
}

// tell adds an entry to city c's journal.
func (t *turn) tell(c int, kind string, narration, why lang.Text) {
	t.journal = append(t.journal, Entry{Day: t.s.Day, City: c, Kind: kind, Narration: narration, Why: why})
}

// announce tells every city, fallen ones included: the Castle's events are
// public (rule CAS-FOG).
func (t *turn) announce(kind string, narration, why lang.Text) {
	for c := range t.s.Cities {
		t.tell(c, kind, narration, why)
	}
}

// add changes city c's gauge g by d, within 0 and 10; an army loss the
// gauge cannot take falls on civilians (rule CAS-LOSS). It returns a short
// account of the change.
func (t *turn) add(c int, g Gauge, d int) string {
	city := &t.s.Cities[c]
	before := city.Gauges[g]
	if g == Army && d < 0 && before+d < 0 {
		short := -(before + d)
		city.Gauges[Army] = 0
		civ := city.Gauges[Civilians]
		city.Gauges[Civilians] = clamp(civ - short)
		return fmt.Sprintf("army %d->0, civilians %d->%d (no army to lose)", before, civ, city.Gauges[Civilians])
	}
	city.Gauges[g] = clamp(before + d)
	return fmt.Sprintf("%s %d->%d", g, before, city.Gauges[g])
}

// falls checks every standing city for a fall (rule CAS-FALL): no
// civilians, civilians at 10 (the people rise), army at 10 (a putsch). A
// fallen city's card, granary and outpost go to the discard pile. It
// reports whether the game is over.
func (t *turn) falls() bool {
	for c := range t.s.Cities {
		city := &t.s.Cities[c]
		if !city.Standing() {
			continue
		}
		var cause string
		switch {
		case city.Gauges[Civilians] <= MinGauge:
			cause = "civilians_0"
		case city.Gauges[Civilians] >= MaxGauge:
			cause = "civilians_10"
		case city.Gauges[Army] >= MaxGauge:
			cause = "army_10"
		default:
			continue
		}
		city.Fell, city.Cause = t.s.Turn, cause
		if city.Hand != 0 {
			t.s.Discard = append(t.s.Discard, city.Hand)
			city.Hand = 0
		}
		if city.Granary != None {
			t.s.Discard, city.Granary = append(t.s.Discard, Granary), None
		}
		if city.Outpost != None {
			t.s.Discard, city.Outpost = append(t.s.Discard, Outpost), None
		}
		t.announce("fall", lang.T("City %d falls: %s.", "La cité %d tombe : %s.", c, causeText[cause]),
			lang.T("city %d falls on turn %d: %s", "la cité %d tombe au tour %d : %s", c, t.s.Turn, cause))
	}
	return t.s.Over()
}

var causeText = map[string]lang.Text{
	"civilians_0":  lang.T("not one civilian is left to govern", "il ne reste plus un civil à gouverner"),
	"civilians_10": lang.T("the people overthrow their masters", "le peuple renverse ses maîtres"),
	"army_10":      lang.T("the army seizes power", "l'armée prend le pouvoir"),
}

// begin begins the turn of city c (rules CAS-TURN, CAS-LINKS, CAS-DIE):
// its gauge links, then its roll; a city that falls there loses its turn to
// the next.
func (t *turn) begin(c int) {
	s := t.s
	for {
		s.Turn++
		s.Current, s.Step, s.Roll, s.Drawn = c, Convert, 0, nil
		before := s.Cities[c].Gauges
		var changes []string
		var linked [NumGauges]bool
		harvest := 0
		for _, l := range Links {
			if !linked[l.Gauge] && l.holds(before[l.Gauge]) {
				linked[l.Gauge] = true
				changes = append(changes, t.add(c, l.Target, l.Delta))
				if l.Target == Wheat && l.Delta > 0 {
					harvest += l.Delta
				}
			}
		}
		if g, n := &s.Cities[c], min(GranaryHarvestOf(s.Rules), harvest); n > 0 && g.Granary != None && g.Granary < GranarySlots && g.Gauges[Wheat] >= n {
			// The granary fills from the harvest (rule CAS-GRANARY).
			n = min(n, GranarySlots-g.Granary)
			g.Granary += n
			changes = append(changes, fmt.Sprintf("%s, granary %d->%d", t.add(c, Wheat, -n), g.Granary-n, g.Granary))
		}
		s.Roll = dieSides[s.rand(s.Turn, c, purposeDie).Intn(len(dieSides))]
		rolled := t.roll(c, s.Roll)
		t.announce("turn", lang.T("Turn %d: city %d rolls the die: %s.", "Tour %d : la cité %d lance le dé : %s.", s.Turn, c, faceName(s.Roll)),
			lang.T("turn %d of city %d: %s", "tour %d de la cité %d : %s", s.Turn, c,
				lang.T("%sdie %s: %s", "%sdé %s : %s", joinChanges(changes), s.Roll.String(), rolled)))
		if t.falls() || s.Cities[c].Standing() {
			return
		}
		c = s.next(c)
	}
}

var faceFR = [...]string{Harvest: "récolte", Trade: "commerce", Plague: "peste", Hail: "grêle", Medicine: "médicaments"}

// faceName names a face of the die for the journal.
func faceName(f Face) lang.Text { return lang.Text{EN: f.String(), FR: faceFR[f]} }

// joinChanges writes a turn's gauge changes before its roll, each followed
// by "; ".
func joinChanges(changes []string) string {
	if len(changes) == 0 {
		return ""
	}
	return strings.Join(changes, "; ") + "; "
}

// roll applies face f to city c (rule CAS-DIE).
func (t *turn) roll(c int, f Face) string {
	g, d := FaceEffect(f)
	return t.add(c, g, d)
}

// convert plays the current city's convert step (rules CAS-CONVERT,
// CAS-STORE), then its draw (CAS-DRAW).
func (t *turn) convert(o Order) {
	s, c := t.s, t.s.Current
	city := &s.Cities[c]
	if re := Validate(s, c, o); re != nil {
		t.refusals[c], o = re, Order{Action: Default}
	}
	switch o.Action {
	case ConvertArmy:
		why := strings.Join([]string{t.add(c, Gold, -1), t.add(c, Civilians, -1), t.add(c, Army, +1)}, ", ")
		t.announce("convert", lang.T("City %d arms a civilian.", "La cité %d arme un civil.", c), lang.T("city %d converts: %s", "la cité %d convertit : %s", c, why))
	case ReleaseGranary:
		stored := city.Granary
		city.Granary = None
		s.Discard = append(s.Discard, Granary)
		why := t.add(c, Wheat, stored)
		t.announce("release_granary", lang.T("City %d empties its granary.", "La cité %d vide son grenier.", c), lang.T("city %d releases its granary: %s", "la cité %d libère son grenier : %s", c, why))
	case ReleaseOutpost:
		stored := city.Outpost
		city.Outpost = None
		s.Discard = append(s.Discard, Outpost)
		why := t.add(c, Army, stored)
		t.announce("release_outpost", lang.T("City %d recalls its outpost.", "La cité %d rappelle son poste avancé.", c), lang.T("city %d releases its outpost: %s", "la cité %d libère son poste avancé : %s", c, why))
	default:
		t.tell(c, "pass", lang.T("You convert nothing this turn.", "Vous ne convertissez rien ce tour-ci."), lang.Same("pass"))
	}
	if t.falls() {
		return
	}
	if !city.Standing() {
		t.begin(s.next(c))
		return
	}
	t.draw(c)
}

// draw deals the current city as many cards as cities stand (rule
// CAS-DRAW): the discard pile is shuffled under the deck first when the
// deck holds fewer (CAS-DECK).
func (t *turn) draw(c int) {
	s := t.s
	n := len(s.Standing())
	if len(s.Deck) < n {
		pile := slices.Clone(s.Discard)
		shuffle(s.rand(s.Turn, -1, purposeShuffle), pile)
		s.Deck, s.Discard = append(s.Deck, pile...), nil
		t.announce("reshuffle", lang.T("The discard pile is shuffled under the deck.", "La défausse est mélangée sous la pioche."),
			lang.T("%d cards shuffled under the deck", "%d cartes mélangées sous la pioche", len(pile)))
	}
	n = min(n, len(s.Deck))
	s.Drawn, s.Deck = slices.Clone(s.Deck[:n]), s.Deck[n:]
	s.Step = Draft
	t.tell(c, "draw", lang.T("You draw: %s.", "Vous piochez : %s.", cardsText(s.Drawn)), lang.T("drawn: %v", "pioché : %v", s.Drawn))
}

// cardsText names cards for the journal.
func cardsText(cards []Card) lang.Text {
	en, fr := make([]string, len(cards)), make([]string, len(cards))
	for i, c := range cards {
		en[i], fr[i] = cardName[c].EN, cardName[c].FR
	}
	return lang.Text{EN: strings.Join(en, ", "), FR: strings.Join(fr, ", ")}
}

// cardName names each card for the journal.
var cardName = [...]lang.Text{Granary: lang.T("granary", "grenier"), War: lang.T("a good war", "une bonne guerre"),
	Outpost: lang.T("outpost", "poste avancé"), Allegiance: lang.T("allegiance", "allégeance"), Hospital: lang.T("hospital", "hôpital"),
	Fire: lang.T("fire", "incendie"), Barbarians: lang.T("barbarian invasion", "invasion barbare"), CivilWar: lang.T("civil war", "guerre civile"),
	Welcome: lang.T("land of welcome", "terre d'accueil")}

// draft plays the current city's draft (rule CAS-DRAFT): it keeps one card
// and gives one to each other standing city.
func (t *turn) draft(o Order) {
	s, c := t.s, t.s.Current
	if re := Validate(s, c, o); re != nil {
		t.refusals[c], o = re, Order{Action: Default}
	}
	receivers := s.receivers()
	slots := make([]int, 0, len(s.Drawn))
	if o.Action == DraftCards {
		for _, v := range o.Args {
			slots = append(slots, v-1)
		}
	} else {
		for i := range s.Drawn {
			slots = append(slots, i)
		}
	}
	s.Cities[c].Hand = s.Drawn[slots[0]]
	var given, givenFR []string
	for i, r := range receivers {
		if i+1 >= len(slots) {
			break
		}
		card := s.Drawn[slots[i+1]]
		s.Cities[r].Hand = card
		given = append(given, fmt.Sprintf("%s to city %d", card, r))
		givenFR = append(givenFR, fmt.Sprintf("%s à la cité %d", card, r))
		t.tell(r, "card_received", lang.T("City %d gives you: %s.", "La cité %d vous donne : %s.", c, cardName[card]),
			lang.T("received %s from city %d", "reçu %s de la cité %d", card, c))
	}
	t.tell(c, "draft", lang.T("You keep %s.", "Vous gardez %s.", cardName[s.Cities[c].Hand]),
		lang.T("kept %s; gave %s", "gardé %s ; donné %s", s.Cities[c].Hand, lang.Text{EN: strings.Join(given, ", "), FR: strings.Join(givenFR, ", ")}))
	for o := range s.Cities {
		if o != c {
			t.tell(o, "dealt", lang.T("City %d keeps one card and deals the others.", "La cité %d garde une carte et distribue les autres.", c), lang.Text{})
		}
	}
	s.Drawn, s.Step = nil, Play
}

// play plays the play step (rules CAS-PLAY, CAS-DISCARD): every city holding
// a card, in turn order from the current one; an order no longer valid
// when its turn comes plays the card by default. Then the next city's turn
// begins.
func (t *turn) play(order func(int) Order) {
	s := t.s
	for _, c := range s.TurnOrder() {
		city := &s.Cities[c]
		if !city.Standing() || city.Hand == 0 {
			continue
		}
		o := order(c)
		if re := Validate(s, c, o); re != nil {
			t.refusals[c], o = re, Order{Action: Default}
		}
		card := city.Hand
		city.Hand = 0
		if o.Action == DiscardCard {
			why := t.add(c, Gold, -1) + ", " + t.add(c, Wheat, -1)
			s.Discard = append(s.Discard, card)
			t.announce("discard", lang.T("City %d discards its card (%s).", "La cité %d défausse sa carte (%s).", c, cardName[card]),
				lang.T("city %d discards %s: %s", "la cité %d défausse %s : %s", c, card, why))
		} else {
			t.effect(c, card, o)
		}
		if t.falls() {
			return
		}
	}
	t.begin(s.next(s.Current))
}

// effect plays card for city c with order o (a play order, or the default)
// (rule CAS-CARDS).
func (t *turn) effect(c int, card Card, o Order) {
	s := t.s
	city := &s.Cities[c]
	arg := func() int {
		if o.Action == PlayCard && len(o.Args) == 1 {
			return o.Args[0]
		}
		return -1
	}
	switch card {
	case Granary:
		n := max(0, arg())
		if city.Granary == None {
			city.Granary = 0
		} else {
			s.Discard = append(s.Discard, Granary)
		}
		city.Granary += n
		why := t.add(c, Wheat, -n)
		t.announce("granary", lang.T("City %d fills a granary with %d wheat.", "La cité %d remplit un grenier de %d blé.", c, n),
			lang.T("city %d's granary holds %d: %s", "le grenier de la cité %d contient %d : %s", c, city.Granary, why))
		return
	case Outpost:
		n := max(0, arg())
		if city.Outpost == None {
			city.Outpost = 0
		} else {
			s.Discard = append(s.Discard, Outpost)
		}
		city.Outpost += n
		why := t.add(c, Army, -n)
		t.announce("outpost", lang.T("City %d posts %d soldiers ahead.", "La cité %d poste %d soldats en avant.", c, n),
			lang.T("city %d's outpost holds %d: %s", "le poste avancé de la cité %d compte %d : %s", c, city.Outpost, why))
		return
	case War:
		target := arg()
		if target < 0 {
			if ns := s.Neighbours(c); len(ns) > 0 {
				target = ns[0]
			}
		}
		if target >= 0 {
			t.war(c, target)
		}
	case Allegiance:
		var why string
		if city.Gauges[Gold] >= AllegianceGold {
			why = t.add(c, Gold, -AllegianceGold)
		} else {
			why = t.add(c, Civilians, -1)
		}
		t.announce("allegiance", lang.T("City %d pays the king's tax.", "La cité %d paie l'impôt du roi.", c),
			lang.T("city %d's allegiance: %s", "allégeance de la cité %d : %s", c, why))
	case Hospital:
		t.announce("hospital", lang.T("City %d builds a hospital.", "La cité %d bâtit un hôpital.", c), lang.T("city %d: %s", "cité %d : %s", c, t.add(c, Health, +1)))
	case Fire:
		t.announce("fire", lang.T("A fire ravages the granaries of city %d.", "Un incendie ravage les greniers de la cité %d.", c),
			lang.T("city %d: %s", "cité %d : %s", c, t.add(c, Wheat, -FireWheat)))
	case Barbarians:
		why := t.add(c, Wheat, -1) + ", " + t.add(c, Army, -1)
		t.announce("barbarians", lang.T("Barbarians plunder city %d.", "Des barbares pillent la cité %d.", c), lang.T("city %d: %s", "cité %d : %s", c, why))
	case CivilWar:
		why := t.add(c, Civilians, -1) + ", " + t.add(c, Army, -1)
		t.announce("civil_war", lang.T("Civil war tears city %d apart.", "La guerre civile déchire la cité %d.", c), lang.T("city %d: %s", "cité %d : %s", c, why))
	case Welcome:
		var en, fr []string
		for _, n := range s.Neighbours(c) {
			if s.Cities[n].Gauges[Civilians] > 0 {
				from, to := t.add(n, Civilians, -1), t.add(c, Civilians, +1)
				en = append(en, fmt.Sprintf("city %d: %s", n, from), to)
				fr = append(fr, fmt.Sprintf("cité %d : %s", n, from), to)
			}
		}
		t.announce("welcome", lang.T("City %d welcomes families from its neighbours.", "La cité %d accueille des familles de ses voisins.", c),
			lang.T("city %d: %s", "cité %d : %s", c, lang.Text{EN: strings.Join(en, "; "), FR: strings.Join(fr, " ; ")}))
	}
	s.Discard = append(s.Discard, card)
}

// war plays the war of city a on its neighbour d (rule CAS-WAR): an outpost
// takes the blow; else the larger army in its city wins, each loses 1
// army, the loser 1 civilian more and the winner takes 1 gold or 1 wheat
// from it; a tie has no winner.
func (t *turn) war(a, d int) {
	s := t.s
	def := &s.Cities[d]
	var paid string
	if g := WarGold(s.Rules); g > 0 {
		// The campaign's pay (rule CAS-WAR).
		paid = t.add(a, Gold, -g)
	}
	if def.Outpost == 0 && !EmptyOutpostShields(s.Rules) {
		// An empty outpost shields nothing: it is overrun and the war is
		// fought at the city (rule CAS-OUTPOST).
		def.Outpost = None
		s.Discard = append(s.Discard, Outpost)
		t.tell(d, "outpost_overrun", lang.T("Your empty outpost is overrun by city %d.", "Votre poste avancé vide est submergé par la cité %d.", a),
			lang.T("war of city %d: the outpost held no army and shields nothing", "guerre de la cité %d : le poste avancé ne comptait aucune armée et ne protège rien", a))
	}
	if def.Outpost != None {
		lost := def.Outpost
		def.Outpost = None
		s.Discard = append(s.Discard, Outpost)
		why := t.add(a, Army, -1)
		if paid != "" {
			why = paid + ", " + why
		}
		t.tell(a, "war_stopped", lang.T("Your army breaks on the outpost of city %d.", "Votre armée se brise sur le poste avancé de la cité %d.", d),
			lang.T("war on city %d: its outpost falls with %d army; %s", "guerre contre la cité %d : son poste avancé tombe avec %d d'armée ; %s", d, lost, why))
		t.tell(d, "war_absorbed", lang.T("Your outpost falls under the assault of city %d; the city is spared.", "Votre poste avancé tombe sous l'assaut de la cité %d ; la cité est épargnée.", a),
			lang.T("war of city %d: the outpost falls with %d army", "guerre de la cité %d : le poste avancé tombe avec %d d'armée", a, lost))
		t.announceOthers(a, d, "war", lang.T("City %d attacks city %d; the outpost falls.", "La cité %d attaque la cité %d ; le poste avancé tombe.", a, d), lang.Text{})
		return
	}
	armyA, armyD := s.Cities[a].Gauges[Army], def.Gauges[Army]
	var changes []lang.Text
	if paid != "" {
		changes = append(changes, lang.Same(paid))
	}
	changes = append(changes, lang.Same(t.add(a, Army, -1)), lang.Same(t.add(d, Army, -1)))
	kindA, kindD := "war_tied", "war_tied"
	switch {
	case armyA > armyD:
		kindA, kindD = "war_won", "war_defeated"
		changes = append(changes, lang.Same(t.add(d, Civilians, -1)), t.loot(a, d))
	case armyD > armyA, armyD == armyA && DefenderHoldsTies(s.Rules): // a tie held (rule CAS-WAR)
		kindA, kindD = "war_lost", "war_defended"
		changes = append(changes, lang.Same(t.add(a, Civilians, -1)), t.loot(d, a))
	}
	en, fr := make([]string, len(changes)), make([]string, len(changes))
	for i, ch := range changes {
		en[i], fr[i] = ch.EN, ch.FR
	}
	why := lang.T("war of city %d (army %d) on city %d (army %d): %s", "guerre de la cité %d (armée %d) contre la cité %d (armée %d) : %s",
		a, armyA, d, armyD, lang.Text{EN: strings.Join(en, "; "), FR: strings.Join(fr, " ; ")})
	t.tell(a, kindA, lang.T("You attack city %d.", "Vous attaquez la cité %d.", d), why)
	t.tell(d, kindD, lang.T("City %d attacks you.", "La cité %d vous attaque.", a), why)
	t.announceOthers(a, d, "war", lang.T("City %d attacks city %d.", "La cité %d attaque la cité %d.", a, d), why)
}

// loot gives winner w 1 gold or 1 wheat of loser l: the gauge the loser
// has more of, gold on a tie; nothing when it has neither.
func (t *turn) loot(w, l int) lang.Text {
	g := t.s.Cities[l].Gauges
	take := Gold
	if g[Wheat] > g[Gold] {
		take = Wheat
	}
	if g[take] == 0 {
		return lang.T("nothing to take", "rien à prendre")
	}
	from, to := t.add(l, take, -1), t.add(w, take, +1)
	return lang.T("%s taken: %s", "%s pris : %s", from, to)
}

// announceOthers tells every city but a and b.
func (t *turn) announceOthers(a, b int, kind string, narration, why lang.Text) {
	for c := range t.s.Cities {
		if c != a && c != b {
			t.tell(c, kind, narration, why)
		}
	}
}
