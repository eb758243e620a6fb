package viewtext

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the Castle's part of the text view (seed 004,
// docs/castle.md): what CastleView adds to the shared part of a city's
// view. It is short, since a model reads it every tick, and shows only
// what the view carries: a city never sees another city's hand.

// writeCastle writes the Castle's detail c of view v: the turn, whose step
// it is and the roll, whether the city acts or waits, every city's gauges
// and stores (the fallen ones on a line each), the city's hand or the
// cards it drew, the deck and the discard pile, and the rules' numbers.
func writeCastle(l lang.Lang, b *strings.Builder, v *pb.CampView, c *pb.CastleView) {
	b.WriteString(l.Sprintf("Turn %d: %s's %s step; it rolled %s. Turn order: %s.\n",
		"Tour %d : étape %[3]s de %[2]s ; le dé a donné %[4]s. Ordre du tour : %[5]s.\n",
		c.GetTurn(), cityName(l, c, c.GetCurrent()), c.GetStep(), orNone(l, c.GetRoll()), cityList(l, c.GetTurnOrder())))
	if v.GetAlive() {
		if c.GetActs() {
			b.WriteString(l.Sprintf("You act in this step: post one of the legal actions below.\n",
				"Vous agissez à cette étape : postez l'une des actions permises ci-dessous.\n"))
		} else {
			b.WriteString(l.Sprintf("You wait in this step: your order is not needed (default plays).\n",
				"Vous attendez à cette étape : votre ordre n'est pas nécessaire (default joue).\n"))
		}
	}
	writeCities(l, b, v.GetCamp(), c)
	switch {
	case len(c.GetDrawn()) > 0:
		var slots []string
		for i, card := range c.GetDrawn() {
			slots = append(slots, fmt.Sprintf("%d %s", i+1, card))
		}
		b.WriteString(l.Sprintf("You drew (by slot): %s.\n", "Vous avez tiré (par emplacement) : %s.\n", strings.Join(slots, ", ")))
	case c.GetHand() != "":
		b.WriteString(l.Sprintf("Your hand: %s.\n", "Votre main : %s.\n", c.GetHand()))
	default:
		b.WriteString(l.Sprintf("Your hand: none.\n", "Votre main : aucune carte.\n"))
	}
	b.WriteString(l.Sprintf("Deck: %d cards. Discard pile (%d): %s.\n", "Pioche : %d cartes. Défausse (%d) : %s.\n",
		c.GetDeck(), len(c.GetDiscard()), cardCounts(l, c.GetDiscard(), c.GetRules())))
	writeCastleRules(l, b, c.GetRules())
}

// writeCities writes every standing city's gauges and stores as a table,
// marked you, current, neighbour and card (it holds one), then a line per
// fallen city.
func writeCities(l lang.Lang, b *strings.Builder, camp int32, c *pb.CastleView) {
	r := c.GetRules()
	b.WriteString(l.Sprintf("Cities (gauges %d-%d):\n", "Cités (jauges %d-%d) :\n", r.GetMinGauge(), r.GetMaxGauge()))
	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 0, 1, ' ', 0)
	fmt.Fprintln(tw, l.Sprintf("  city\tgold\twheat\thealth\tcivilians\tarmy\tgranary\toutpost\t",
		"  cité\tor\tblé\tsanté\tcivils\tarmée\tgrenier\tposte\t"))
	var fallen []*pb.CastleCity
	for _, city := range c.GetCities() {
		if city.GetFellTurn() > 0 {
			fallen = append(fallen, city)
			continue
		}
		var marks []string
		if city.GetCamp() == camp {
			marks = append(marks, l.Sprintf("you", "vous"))
		}
		if city.GetCamp() == c.GetCurrent() {
			marks = append(marks, l.Sprintf("current", "en cours"))
		}
		if slices.Contains(c.GetNeighbours(), city.GetCamp()) {
			marks = append(marks, l.Sprintf("neighbour", "voisine"))
		}
		if city.GetHoldsCard() {
			marks = append(marks, l.Sprintf("card", "carte"))
		}
		fmt.Fprintf(tw, "  %d %s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", city.GetCamp(), city.GetName(),
			city.GetGold(), city.GetWheat(), city.GetHealth(), city.GetCivilians(), city.GetArmy(),
			store(city.GetGranary()), store(city.GetOutpost()), strings.Join(marks, ", "))
	}
	tw.Flush()
	for l := range strings.Lines(table.String()) {
		b.WriteString(strings.TrimRight(l, " \n") + "\n")
	}
	for _, city := range fallen {
		you := ""
		if city.GetCamp() == camp {
			you = l.Sprintf(" (you)", " (vous)")
		}
		b.WriteString(l.Sprintf("  %d %s%s fell on turn %d (%s).\n", "  %d %s%s est tombée au tour %d (%s).\n",
			city.GetCamp(), city.GetName(), you, city.GetFellTurn(), city.GetFellCause()))
	}
}

// writeCastleRules writes the numbers of the rules the view carries, in
// short: the links by gauge, in the order they apply ("health <2
// civilians -2, <4 civilians -1"), the die's sides, the stores' room, the
// cards' numbers and the deck.
func writeCastleRules(l lang.Lang, b *strings.Builder, r *pb.CastleRules) {
	if r == nil {
		return
	}
	var links []string
	last := ""
	for _, l := range r.GetLinks() {
		cond := fmt.Sprintf("<%d", l.GetBelow())
		if l.GetAtLeast() > 0 {
			cond = fmt.Sprintf(">=%d", l.GetAtLeast())
		}
		link := fmt.Sprintf("%s %s%+d", cond, l.GetTarget(), l.GetDelta())
		if l.GetGauge() != last {
			links = append(links, l.GetGauge()+" "+link)
			last = l.GetGauge()
			continue
		}
		links[len(links)-1] += ", " + link
	}
	b.WriteString(l.Sprintf("Rules: gauges start at %d. Links at a city's turn start (per gauge, the first that holds): %s.\n",
		"Règles : les jauges partent de %d. Liens au début du tour d'une cité (par jauge, le premier qui tient) : %s.\n",
		r.GetStartGauge(), strings.Join(links, "; ")))
	var deck []string
	total := int32(0)
	for _, cc := range r.GetDeck() {
		deck = append(deck, fmt.Sprintf("%s %d", cc.GetCard(), cc.GetCount()))
		total += cc.GetCount()
	}
	b.WriteString(l.Sprintf("  Die: %s. Granary holds %d wheat, outpost %d army; allegiance %d gold; fire -%d wheat. Deck of %d: %s.\n",
		"  Dé : %s. Le grenier tient %d blé, le poste avancé %d armée ; allégeance %d or ; incendie -%d blé. Pioche de %d : %s.\n",
		sides(r.GetDie()), r.GetGranarySlots(), r.GetOutpostSlots(), r.GetAllegianceGold(), r.GetFireWheat(),
		total, strings.Join(deck, ", ")))
}

// cardCounts renders a pile of cards as each card's count, in the deck's
// order of the rules (cards it does not list last): "war 2, fire 1";
// "none" for an empty pile.
func cardCounts(l lang.Lang, pile []string, r *pb.CastleRules) string {
	if len(pile) == 0 {
		return l.Sprintf("none", "aucune")
	}
	count := map[string]int{}
	var order []string
	for _, cc := range r.GetDeck() {
		order = append(order, cc.GetCard())
	}
	for _, card := range pile {
		if count[card] == 0 && !slices.Contains(order, card) {
			order = append(order, card)
		}
		count[card]++
	}
	var parts []string
	for _, card := range order {
		if n := count[card]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", card, n))
		}
	}
	return strings.Join(parts, ", ")
}

// sides renders the die's sides, a repeated side once with its count:
// "harvest, plague x2".
func sides(die []string) string {
	var parts []string
	for i, side := range die {
		if slices.Index(die, side) < i {
			continue
		}
		n := 0
		for _, s := range die {
			if s == side {
				n++
			}
		}
		if n > 1 {
			side += fmt.Sprintf(" x%d", n)
		}
		parts = append(parts, side)
	}
	return strings.Join(parts, ", ")
}

// cityName names city camp of c: "1 Carcassonne", or "city 1" when the view
// does not list it.
func cityName(l lang.Lang, c *pb.CastleView, camp int32) string {
	for _, city := range c.GetCities() {
		if city.GetCamp() == camp {
			return l.Sprintf("city %d %s", "la cité %d %s", camp, city.GetName())
		}
	}
	return l.Sprintf("city %d", "la cité %d", camp)
}

// cityList renders cities in their order (not sorted, unlike Ranges).
func cityList(l lang.Lang, xs []int32) string {
	if len(xs) == 0 {
		return l.Sprintf("none", "aucune")
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// store renders a granary's or an outpost's content, "-" when none stands.
func store(n int32) string {
	if n < 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func orNone(l lang.Lang, s string) string {
	if s == "" {
		return l.Sprintf("nothing", "rien")
	}
	return s
}
