package grisonval_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// offered returns camp c's legal action a in w, or nil.
func offered(w *grisonval.World, c grisonval.CampID, a grisonval.Action) *grisonval.LegalAction {
	for _, la := range grisonval.LegalActions(w, c) {
		if la.Action == a {
			return &la
		}
	}
	return nil
}

// resourceOf returns a pointer to the resource of r named by index i, in the
// order food, wood, stone, tools, gold, research.
func resourceOf(r *grisonval.Resources, i int) *int64 {
	return [...]*int64{&r.Food, &r.Wood, &r.Stone, &r.Tools, &r.Gold, &r.Research}[i]
}

// TestPrices checks ACT-PRICE: the price the legal menu shows for an action
// is the one its rule demands. With exactly the price the action is offered;
// with one unit short of any resource of it, it is not. Prices per unit bound
// the unit count; develop's price per level bounds the zones offered.
func TestPrices(t *testing.T) {
	rich := lateWorld()
	camp := &rich.Camps[0]
	// Research opens every tier (TECH-1).
	camp.Resources = grisonval.Resources{Food: 100_000, Wood: 100_000, Stone: 100_000, Tools: 100_000, Gold: 100_000, Research: 100_000}
	capital := rich.Capital(0)
	rich.Zones[capital].Buildings = []grisonval.BuildingKind{grisonval.Market}
	checked := 0
	for _, la := range grisonval.LegalActions(rich, 0) {
		if la.Cost == (grisonval.Resources{}) || la.Per != "" {
			continue
		}
		for i := range 6 {
			price := *resourceOf(&la.Cost, i)
			if price == 0 {
				continue
			}
			w := rich.Clone()
			*resourceOf(&w.Camps[0].Resources, i) = price
			if offered(w, 0, la.Action) == nil {
				t.Errorf("%s: with exactly its price %s, not offered", la.Action, la.Cost)
			}
			*resourceOf(&w.Camps[0].Resources, i) = price - 1
			if offered(w, 0, la.Action) != nil {
				t.Errorf("%s: one short of its price %s, still offered", la.Action, la.Cost)
			}
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("checked %d actions with a fixed price; want the builds, expand_to, spy, trade_route, build_monument, set_government", checked)
	}
	t.Run("per man", func(t *testing.T) {
		w := rich.Clone()
		la := offered(w, 0, grisonval.RaiseArmy)
		if la == nil || la.Per != "men" {
			t.Fatalf("raise_army: got %+v; want a price per man", la)
		}
		w.Camps[0].Resources.Food = 3 * la.Cost.Food
		if got := offered(w, 0, grisonval.RaiseArmy).Args[0].Max; got != 3 {
			t.Errorf("raise_army with 3 men's food: got at most %d men; want 3", got)
		}
	})
	t.Run("per level", func(t *testing.T) {
		w := rich.Clone()
		la := offered(w, 0, grisonval.Develop)
		if la == nil || la.Per != "level" {
			t.Fatalf("develop: got %+v; want a price per level", la)
		}
		var low, high grisonval.ZoneID
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if w.Zone(z).Owner == 0 && !w.Zone(z).Capital {
				if low == 0 {
					low = z
				} else if high == 0 {
					high = z
				}
			}
		}
		w.Zone(low).Development, w.Zone(high).Development = 2, 3
		w.Camps[0].Resources.Wood = 2 * la.Cost.Wood
		choices := offered(w, 0, grisonval.Develop).Args[0].Choices
		if !slices.Contains(choices, int(low)) || slices.Contains(choices, int(high)) {
			t.Errorf("develop with the wood of 2 levels: got zones %v; want %d (level 2) and not %d (level 3)", choices, low, high)
		}
	})
}
