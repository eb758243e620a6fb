package castle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/engine/rng"
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
func (t *turn) tell(c int, kind, narration, why string) {
	t.journal = append(t.journal, Entry{Day: t.s.Day, City: c, Kind: kind, Narration: narration, Why: why})
}

// announce tells every city, fallen ones included: the Castle's events are
// public (rule CAS-FOG).
func (t *turn) announce(kind, narration, why string) {
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
		t.announce("fall", fmt.Sprintf("La cité %d tombe : %s.", c, causeFR[cause]),
			fmt.Sprintf("city %d falls on turn %d: %s", c, t.s.Turn, cause))
	}
	return t.s.Over()
}

var causeFR = map[string]string{
	"civilians_0":  "il ne reste plus un civil à gouverner",
	"civilians_10": "le peuple renverse ses maîtres",
	"army_10":      "l'armée prend le pouvoir",
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
		for _, l := range Links {
			if !linked[l.Gauge] && l.holds(before[l.Gauge]) {
				linked[l.Gauge] = true
				changes = append(changes, t.add(c, l.Target, l.Delta))
			}
		}
		s.Roll = dieSides[rng.New(s.Seed, s.Turn, c, purposeDie).Intn(len(dieSides))]
		changes = append(changes, "die "+s.Roll.String()+": "+t.roll(c, s.Roll))
		t.announce("turn", fmt.Sprintf("Tour %d : la cité %d lance le dé : %s.", s.Turn, c, faceFR[s.Roll]),
			fmt.Sprintf("turn %d of city %d: %s", s.Turn, c, strings.Join(changes, "; ")))
		if t.falls() || s.Cities[c].Standing() {
			return
		}
		c = s.next(c)
	}
}

var faceFR = [...]string{Harvest: "récolte", Trade: "commerce", Plague: "peste", Hail: "grêle", Medicine: "médicaments"}

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
		t.announce("convert", fmt.Sprintf("La cité %d arme un civil.", c), fmt.Sprintf("city %d converts: %s", c, why))
	case ReleaseGranary:
		stored := city.Granary
		city.Granary = None
		s.Discard = append(s.Discard, Granary)
		why := t.add(c, Wheat, stored)
		t.announce("release_granary", fmt.Sprintf("La cité %d vide son grenier.", c), fmt.Sprintf("city %d releases its granary: %s", c, why))
	case ReleaseOutpost:
		stored := city.Outpost
		city.Outpost = None
		s.Discard = append(s.Discard, Outpost)
		why := t.add(c, Army, stored)
		t.announce("release_outpost", fmt.Sprintf("La cité %d rappelle son poste avancé.", c), fmt.Sprintf("city %d releases its outpost: %s", c, why))
	default:
		t.tell(c, "pass", "Vous ne convertissez rien ce tour-ci.", "pass")
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
		shuffle(rng.New(s.Seed, s.Turn, -1, purposeShuffle), pile)
		s.Deck, s.Discard = append(s.Deck, pile...), nil
		t.announce("reshuffle", "La défausse est mélangée sous la pioche.", fmt.Sprintf("%d cards shuffled under the deck", len(pile)))
	}
	n = min(n, len(s.Deck))
	s.Drawn, s.Deck = slices.Clone(s.Deck[:n]), s.Deck[n:]
	s.Step = Draft
	t.tell(c, "draw", fmt.Sprintf("Vous piochez : %s.", cardsFR(s.Drawn)), fmt.Sprintf("drawn: %v", s.Drawn))
}

func cardsFR(cards []Card) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = cardFR[c]
	}
	return strings.Join(names, ", ")
}

var cardFR = [...]string{Granary: "grenier", War: "une bonne guerre", Outpost: "poste avancé", Allegiance: "allégeance",
	Hospital: "hôpital", Fire: "incendie", Barbarians: "invasion barbare", CivilWar: "guerre civile", Welcome: "terre d'accueil"}

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
	var given []string
	for i, r := range receivers {
		if i+1 >= len(slots) {
			break
		}
		card := s.Drawn[slots[i+1]]
		s.Cities[r].Hand = card
		given = append(given, fmt.Sprintf("%s to city %d", card, r))
		t.tell(r, "card_received", fmt.Sprintf("La cité %d vous donne : %s.", c, cardFR[card]), fmt.Sprintf("received %s from city %d", card, c))
	}
	t.tell(c, "draft", fmt.Sprintf("Vous gardez %s.", cardFR[s.Cities[c].Hand]),
		fmt.Sprintf("kept %s; gave %s", s.Cities[c].Hand, strings.Join(given, ", ")))
	for o := range s.Cities {
		if o != c {
			t.tell(o, "dealt", fmt.Sprintf("La cité %d garde une carte et distribue les autres.", c), "")
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
			t.announce("discard", fmt.Sprintf("La cité %d défausse sa carte (%s).", c, cardFR[card]),
				fmt.Sprintf("city %d discards %s: %s", c, card, why))
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
		t.announce("granary", fmt.Sprintf("La cité %d remplit un grenier de %d blé.", c, n), fmt.Sprintf("city %d's granary holds %d: %s", c, city.Granary, why))
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
		t.announce("outpost", fmt.Sprintf("La cité %d poste %d soldats en avant.", c, n), fmt.Sprintf("city %d's outpost holds %d: %s", c, city.Outpost, why))
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
		t.announce("allegiance", fmt.Sprintf("La cité %d paie l'impôt du roi.", c), fmt.Sprintf("city %d's allegiance: %s", c, why))
	case Hospital:
		t.announce("hospital", fmt.Sprintf("La cité %d bâtit un hôpital.", c), fmt.Sprintf("city %d: %s", c, t.add(c, Health, +1)))
	case Fire:
		t.announce("fire", fmt.Sprintf("Un incendie ravage les greniers de la cité %d.", c), fmt.Sprintf("city %d: %s", c, t.add(c, Wheat, -FireWheat)))
	case Barbarians:
		why := t.add(c, Wheat, -1) + ", " + t.add(c, Army, -1)
		t.announce("barbarians", fmt.Sprintf("Des barbares pillent la cité %d.", c), fmt.Sprintf("city %d: %s", c, why))
	case CivilWar:
		why := t.add(c, Civilians, -1) + ", " + t.add(c, Army, -1)
		t.announce("civil_war", fmt.Sprintf("La guerre civile déchire la cité %d.", c), fmt.Sprintf("city %d: %s", c, why))
	case Welcome:
		var whys []string
		for _, n := range s.Neighbours(c) {
			if s.Cities[n].Gauges[Civilians] > 0 {
				whys = append(whys, fmt.Sprintf("city %d: %s", n, t.add(n, Civilians, -1)), t.add(c, Civilians, +1))
			}
		}
		t.announce("welcome", fmt.Sprintf("La cité %d accueille des familles de ses voisins.", c), fmt.Sprintf("city %d: %s", c, strings.Join(whys, "; ")))
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
	if def.Outpost != None {
		lost := def.Outpost
		def.Outpost = None
		s.Discard = append(s.Discard, Outpost)
		why := t.add(a, Army, -1)
		t.tell(a, "war_stopped", fmt.Sprintf("Votre armée se brise sur le poste avancé de la cité %d.", d), fmt.Sprintf("war on city %d: its outpost falls with %d army; %s", d, lost, why))
		t.tell(d, "war_absorbed", fmt.Sprintf("Votre poste avancé tombe sous l'assaut de la cité %d ; la cité est épargnée.", a), fmt.Sprintf("war of city %d: the outpost falls with %d army", a, lost))
		t.announceOthers(a, d, "war", fmt.Sprintf("La cité %d attaque la cité %d ; le poste avancé tombe.", a, d), "")
		return
	}
	armyA, armyD := s.Cities[a].Gauges[Army], def.Gauges[Army]
	var changes []string
	changes = append(changes, t.add(a, Army, -1), t.add(d, Army, -1))
	kindA, kindD := "war_tied", "war_tied"
	switch {
	case armyA > armyD:
		kindA, kindD = "war_won", "war_defeated"
		changes = append(changes, t.add(d, Civilians, -1), t.loot(a, d))
	case armyD > armyA:
		kindA, kindD = "war_lost", "war_defended"
		changes = append(changes, t.add(a, Civilians, -1), t.loot(d, a))
	}
	why := fmt.Sprintf("war of city %d (army %d) on city %d (army %d): %s", a, armyA, d, armyD, strings.Join(changes, "; "))
	t.tell(a, kindA, fmt.Sprintf("Vous attaquez la cité %d.", d), why)
	t.tell(d, kindD, fmt.Sprintf("La cité %d vous attaque.", a), why)
	t.announceOthers(a, d, "war", fmt.Sprintf("La cité %d attaque la cité %d.", a, d), why)
}

// loot gives winner w 1 gold or 1 wheat of loser l: the gauge the loser
// has more of, gold on a tie; nothing when it has neither.
func (t *turn) loot(w, l int) string {
	g := t.s.Cities[l].Gauges
	take := Gold
	if g[Wheat] > g[Gold] {
		take = Wheat
	}
	if g[take] == 0 {
		return "nothing to take"
	}
	return t.add(l, take, -1) + " taken: " + t.add(w, take, +1)
}

// announceOthers tells every city but a and b.
func (t *turn) announceOthers(a, b int, kind, narration, why string) {
	for c := range t.s.Cities {
		if c != a && c != b {
			t.tell(c, kind, narration, why)
		}
	}
}
