package grisonval

// This file is the menu's other half (rule ACT-CLOSED): the actions
// closed to a camp today, each with why, and the price of each choice of
// an action whose price depends on the choice (develop).

// Closed is an action closed to a camp today, with the refusal an order of
// it would meet whatever its arguments (field "action"): its code, its
// message and, for insufficient_resources, every resource missing. Like
// every refusal it says only what the camp knows (rule ACT-REFUSE).
type Closed struct {
	Action Action
	Why    *RuleError
}

// ChoicePrice is what an action costs with one value of its first
// argument: develop's next level of a zone, a building on a ruin (rule
// TER-RUIN).
type ChoicePrice struct {
	Value int
	Cost  Resources
}

// choicePrices give, for the actions whose price depends on the value
// chosen, the price of each choice of their first argument: develop's
// level (DEV-2), a building's zone (a ruin halves it, TER-RUIN).
var choicePrices = func() map[Action]func(w *World, specs []ArgSpec) []ChoicePrice {
	m := map[Action]func(w *World, specs []ArgSpec) []ChoicePrice{Develop: developPrices}
	for b := Farm; b <= Temple; b++ {
		m[buildAction(b)] = buildPrices(b)
	}
	return m
}()

// developPrices returns what each zone the menu offers develop costs: its
// next level's price (rule DEV-2).
func developPrices(w *World, specs []ArgSpec) []ChoicePrice {
	out := make([]ChoicePrice, len(specs[0].Choices))
	for i, z := range specs[0].Choices {
		out[i] = ChoicePrice{Value: z, Cost: DevelopCost(w.Zones[z].Development)}
	}
	return out
}

// Menu returns camp c's menu for the next tick, both in the stable order
// of Actions: legal, the actions it may order with their valid arguments
// and prices (LegalActions), and closed, every other action with why (rule
// ACT-CLOSED). An extinct camp has neither.
func Menu(w *World, c CampID) (legal []LegalAction, closed []Closed) {
	if !w.Camps[c].Alive {
		return nil, nil
	}
	for _, a := range Actions() {
		r := rules[a]
		specs, err := openArgs(w, c, a)
		if err != nil {
			closed = append(closed, Closed{Action: a, Why: err})
			continue
		}
		la := LegalAction{Action: a, Summary: r.summary, Args: specs, Price: priceOf(a)}
		if prices := choicePrices[a]; prices != nil {
			la.Choices = prices(w, specs)
		}
		legal = append(legal, la)
	}
	return legal, closed
}
