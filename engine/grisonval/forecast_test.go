package grisonval

import "testing"

// TestForecast covers VIEW-INCOME term by term on hand-built camps: each
// term is what the tick's phase does (production as the production phase
// pays it, a route's gold, a government's gold), a falling stock says how
// many days it lasts, and what the stocks cannot cover (upkeep, food) is
// what the tick finds unpaid: it degrades the buildings, it starves.
func TestForecast(t *testing.T) {
	flow := func(f Forecast, res string) Flow {
		for _, fl := range f.Flows {
			if fl.Resource == res {
				return fl
			}
		}
		t.Fatalf("no flow of %s in %+v", res, f)
		return Flow{}
	}
	t.Run("VIEW-INCOME income is the production phase's, eating the consumption's", func(t *testing.T) {
		w, _ := econWorld(t)
		f := ForecastOf(w, 0)
		got, _ := produced(w, 0)
		for i, v := range got.values() {
			if f.Flows[i].Income != v {
				t.Errorf("%s income %d; the production phase pays %d", ResourceNames[i], f.Flows[i].Income, v)
			}
		}
		if fl := flow(f, "food"); fl.Eating != -w.FoodNeed(0, w.Day+1) || fl.Eating >= 0 {
			t.Errorf("food eaten %d; the camp needs %d", -fl.Eating, w.FoodNeed(0, w.Day+1))
		}
		if f.Day != w.Day+1 || f.UpkeepUnpaid != 0 || f.FoodShort != 0 {
			t.Errorf("forecast %+v; want day %d, nothing short", f, w.Day+1)
		}
	})
	t.Run("VIEW-INCOME routes and the government's gold; days left", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Zones[zs.coast].Owner = NoCamp // no gold from the coast
		w.SetRelation(0, 1, Peace)
		w.Routes = []Route{{A: 0, B: 1}}
		w.Camps[0].Government = Oligarchy
		w.Camps[0].Resources.Gold = 9
		w.Camps[0].Council[SeatTreasurer-1] = Seat{} // no taxes (EDI-2)
		gold := flow(ForecastOf(w, 0), "gold")
		if gold.Trade != TradeRouteGold || gold.Government != -int64(Governments[Oligarchy].Gold) {
			t.Errorf("gold: trade %+d, government %+d; want %+d and %+d", gold.Trade, gold.Government, TradeRouteGold, -Governments[Oligarchy].Gold)
		}
		w.Routes = nil
		gold = flow(ForecastOf(w, 0), "gold")
		if gold.Net >= 0 || gold.DaysLeft != 9/-gold.Net {
			t.Errorf("9 gold falling by %d a day lasts %d days; want %d", -gold.Net, gold.DaysLeft, 9/-gold.Net)
		}
		w.Camps[0].Resources.Food = 1000 // under the granary (ECO-6)
		if food := flow(ForecastOf(w, 0), "food"); food.Net <= 0 || food.DaysLeft != 0 {
			t.Errorf("food rising by %d: days left %d; want 0", food.Net, food.DaysLeft)
		}
	})
	t.Run("VIEW-INCOME what the stocks cannot cover", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Zones[zs.coast].Owner = NoCamp // no gold
		for z := ZoneID(1); z <= NumZones; z++ {
			if w.Zones[z].Owner == NoCamp && w.Zones[z].Terrain == Mountain {
				w.Zones[z].Owner = 0
			}
		}
		w.Camps[0].Resources = Resources{}
		w.Camps[0].FieldArmy = 100_000 // eats 50,000 food a day
		// No taxes (EDI-2): with the founding treasurer they would bring
		// the day's gold upkeep, and the stocks must be all there is.
		w.Camps[0].Council[SeatTreasurer-1] = Seat{}
		f := ForecastOf(w, 0)
		out := Resolve(w, [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}})
		if f.UpkeepUnpaid < MinShortfall || !out.World.Camps[0].Degraded {
			t.Errorf("empty stores: %d units of upkeep unpaid, degraded %v; want at least %d, and degraded", f.UpkeepUnpaid, out.World.Camps[0].Degraded, MinShortfall)
		}
		if f.FoodShort == 0 || out.World.Camps[0].FamineDay != w.Day+1 {
			t.Errorf("no food: %d short, famine on day %d; want some, on day %d", f.FoodShort, out.World.Camps[0].FamineDay, w.Day+1)
		}
		if f := ForecastOf(w, 1); f.UpkeepUnpaid != 0 || f.FoodShort != 0 {
			t.Errorf("camp 1 at setup: %+v; want nothing short", f)
		}
	})
}
