package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// Relation is the status between two camps. There is one truth per pair:
// the status lives on the relation, not on either camp (rule TRD-3).
type Relation uint8

// Relations. War is the zero value: every pair starts at war. Values are
// stored in states: append only.
const (
	War Relation = iota
	Peace
	Alliance
)

var relationNames = [...]string{War: "war", Peace: "peace", Alliance: "alliance"}

func (r Relation) String() string {
	if int(r) < len(relationNames) {
		return relationNames[r]
	}
	return "unknown"
}

// NumPairs is the number of pairs of camps.
const NumPairs = NumCamps * (NumCamps - 1) / 2

// PairIndex returns the index of the pair {a, b} in World.Relations and
// World.Pacts:
// {0,1} -> 0, {0,2} -> 1, {1,2} -> 2. a and b must differ.
func PairIndex(a, b CampID) int {
	if a > b {
		a, b = b, a
	}
	return int(a) + int(b) - 1
}

// Relation returns the status between camps a and b. A camp is its own
// ally.
func (w *World) Relation(a, b CampID) Relation {
	if a == b {
		return Alliance
	}
	return w.Relations[PairIndex(a, b)]
}

// SetRelation sets the status between two different camps, for both at
// once. It modifies w: call it on a world being built or inside a tick.
func (w *World) SetRelation(a, b CampID, r Relation) {
	w.Relations[PairIndex(a, b)] = r
}

// Route is an open trade route between camps A < B (rule TRD-2).
type Route struct {
	A      CampID `json:"a"`
	B      CampID `json:"b"`
	Opened int    `json:"day"`
}

// HasRoute reports whether a trade route joins camps a and b.
func (w *World) HasRoute(a, b CampID) bool {
	a, b = min(a, b), max(a, b)
	return slices.ContainsFunc(w.Routes, func(r Route) bool { return r.A == a && r.B == b })
}

// Trade lots (rule TRD-1): each lot brings TradeLotFood food and is paid
// with the first of TradeLotPrices the camp can afford.
const TradeLotFood = 500

// TradeLotPrices are a lot's prices, in the order they are tried.
var TradeLotPrices = []Resources{{Wood: 4}, {Stone: 3}, {Gold: 2}}

// TradeLotsPerDay returns how many lots camp c may buy in one day: 2 + 2 per
// market.
func (w *World) TradeLotsPerDay(c CampID) int { return 2 + 2*w.CountBuildings(c, Market) }

// lotPrice returns the price of the next lot for stock r, and false if r
// pays none.
func lotPrice(r Resources) (Resources, bool) {
	for _, p := range TradeLotPrices {
		if r.Covers(p) {
			return p, true
		}
	}
	return Resources{}, false
}

// tradeLots returns how many lots stock r pays, up to limit.
func tradeLots(r Resources, limit int) int {
	n := 0
	for n < limit {
		p, ok := lotPrice(r)
		if !ok {
			break
		}
		r = r.Sub(p)
		n++
	}
	return n
}

func tradeArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if w.CountBuildings(c, Market) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("trade needs a market (tier %d, %s)", "trade demande un marché (palier %d, %s)", TechCommerce, Techs[TechCommerce].Name))
	}
	n := tradeLots(w.Camps[c].Resources, w.TradeLotsPerDay(c))
	if n == 0 {
		e := lotsRefusal(w, c, 1)
		e.Field = "action"
		return nil, e
	}
	return []ArgSpec{{Name: "lots", Kind: ArgCount, Min: 1, Max: n}}, nil
}

// lotsRefusal returns why camp c cannot buy n lots today (rule TRD-1): the
// day's limit, else the stock, with what the camp holds of each price; nil
// if it can.
func lotsRefusal(w *World, c CampID, n int) *RuleError {
	if limit := w.TradeLotsPerDay(c); n > limit {
		return refuse(CodeNotAllowed, "", lang.T("at most %d lots a day (2 + 2 per market; you have %d working markets); got %d", "au plus %d lots par jour (2 + 2 par marché ; vous avez %d marchés en activité) ; reçu %d",
			limit, w.CountBuildings(c, Market), n))
	}
	r := w.Camps[c].Resources
	if k := tradeLots(r, n); k < n {
		e := refuse(CodeShortOf, "", lang.T("a lot of %d food costs %s, else %s, else %s, lot by lot; you have %d wood, %d stone, %d gold: that pays %d lot(s), not %d", "un lot de %d nourriture coûte %s, sinon %s, sinon %s, lot par lot ; vous avez %d bois, %d pierre, %d or : de quoi payer %d lot(s), pas %d",
			TradeLotFood, TradeLotPrices[0].text(), TradeLotPrices[1].text(), TradeLotPrices[2].text(), r.Wood, r.Stone, r.Gold, k, n))
		if k == 0 {
			// Not one price is paid: each is missing.
			for _, p := range TradeLotPrices {
				e.Missing = append(e.Missing, shortfalls(p, r)...)
			}
		}
		return e
	}
	return nil
}

func tradeWhy(w *World, c CampID, o Order, _ int) *RuleError {
	if n := o.Args[0]; n >= 1 {
		return lotsRefusal(w, c, n)
	}
	return nil
}

func (t *tick) trade(c CampID, o Order) {
	camp := &t.w.Camps[c]
	n := o.Args[0]
	var paid Resources
	for range n {
		p, _ := lotPrice(camp.Resources)
		camp.Resources = camp.Resources.Sub(p)
		paid = paid.Add(p)
	}
	camp.Resources.Food += int64(n * TradeLotFood)
	t.note(c, "trade", nil,
		lang.T("Emergency market: %d cart(s) of grain come into the camp for %s.", "Marché d'urgence : %d charrette(s) de grain entrent au camp contre %s.", n, paid.text()),
		why(o, func() lang.Text {
			return lang.T("trade %d: %d food for %s (wood, else stone, else gold); food %d", "trade %d : %d nourriture pour %s (bois, sinon pierre, sinon or) ; nourriture %d", n, n*TradeLotFood, paid.text(), camp.Resources.Food)
		}))
}

// Trade routes (rule TRD-2).
const (
	TradeRouteCost = 20
	TradeRouteGold = 3
)

// tradeRouteBar returns the bar on camp o for camp c's trade route (rule
// TRD-2): met, alive, at peace or allied, with no route yet.
func tradeRouteBar(w *World, c, o CampID) bar {
	switch {
	case campBar(w, c, o) != barNone:
		return campBar(w, c, o)
	case w.Relation(c, o) == War:
		return barAtWar
	case w.HasRoute(c, o):
		return barRoute
	}
	return barNone
}

func tradeRouteArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if w.CountBuildings(c, Market) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("trade_route needs a market (tier %d, %s)", "trade_route demande un marché (palier %d, %s)", TechCommerce, Techs[TechCommerce].Name))
	}
	if e := shortOf("action", lang.Same("trade_route"), Resources{Gold: TradeRouteCost}, w.Camps[c].Resources); e != nil {
		return nil, e
	}
	return campChoices(w, c, TradeRoute, tradeRouteBar)
}

// tradeRoute opens a route. When both camps of a pair open it on the same
// day, each pays and one route opens.
func (t *tick) tradeRoute(c CampID, o Order) {
	other := CampID(o.Args[0])
	camp := &t.w.Camps[c]
	camp.Resources.Gold -= TradeRouteCost
	if !t.w.HasRoute(c, other) {
		t.w.Routes = append(t.w.Routes, Route{A: min(c, other), B: max(c, other), Opened: t.w.Day})
	}
	t.note(c, "trade_route", nil, lang.T("A trade route now joins %s and %s; the caravans leave at dawn.", "Une route commerciale relie désormais %s et %s ; les caravanes partent dès l'aube.", camp.Name, t.w.Camps[other].Name),
		why(o, func() lang.Text {
			return lang.T("trade_route %d: 20 gold paid, gold left %d; +3 gold a day for each while the peace holds", "trade_route %d : 20 or payés, or restant %d ; +3 or par jour pour chacun tant que la paix tient", other, camp.Resources.Gold)
		}))
	t.announce(0, "trade_route", lang.T("%s opens a trade route with %s.", "%s ouvre une route commerciale avec %s.", camp.Name, t.w.Camps[other].Name),
		lang.T("+3 gold a day for each while the peace holds", "+3 or par jour pour chacun tant que la paix tient"), other)
}

// tradeRoutesIncome breaks the routes whose camps are at war or extinct and
// pays +3 gold to both camps of every other route (rule TRD-2).
func (t *tick) tradeRoutesIncome() {
	kept := t.w.Routes[:0]
	for _, r := range t.w.Routes {
		if !t.w.routeHolds(r) {
			t.announce(0, "trade_route_broken", lang.T("The trade route between %s and %s is cut.", "La route commerciale entre %s et %s est coupée.", t.w.Camps[r.A].Name, t.w.Camps[r.B].Name),
				lang.T("the peace no longer holds between the two camps", "la paix ne tient plus entre les deux camps"), r.A, r.B)
			continue
		}
		t.w.Camps[r.A].Resources.Gold += t.w.routeGold(r.A)
		t.w.Camps[r.B].Resources.Gold += t.w.routeGold(r.B)
		kept = append(kept, r)
	}
	t.w.Routes = kept
}

// routeHolds reports whether route r still pays (rule TRD-2): its camps
// are not at war and both live.
func (w *World) routeHolds(r Route) bool {
	return w.Relation(r.A, r.B) != War && w.Camps[r.A].Alive && w.Camps[r.B].Alive
}

// routeGold returns the gold a route pays camp c a day (rules TRD-2,
// SHEET-BONUS).
func (w *World) routeGold(c CampID) int64 { return TradeRouteGold + int64(w.Rulers[c].RouteGold) }
