package grisonval

// This file forecasts a camp's stocks (rule VIEW-INCOME): how each
// resource would move tomorrow if the camp rested, as the tick's own
// economy functions move it (production and taxes, trade routes, upkeep,
// the rot of wood and the edicts' consumption, eating, the government's
// gold), in the tick's order.

// Flow is how one resource of a camp moves in a day: its stock, each
// term of the day's change (positive comes in, negative goes out), their
// sum and, when the sum is negative, how many whole days the stock lasts
// at that rate.
type Flow struct {
	Resource string
	Stock    int64
	// Income is the production of the camp's zones, buildings and ruler
	// (ECO-1, RES-1, SHEET-BONUS; a cut-off zone's half, CUT-2) and its
	// taxes (EDI-2); Trade its trade routes' gold (TRD-2); Upkeep the
	// upkeep paid (UPK-1 to UPK-4: a stone missing is paid with 2 wood,
	// counted in wood) and the edicts' consumption paid (EDI-6); Rot the
	// wood that rots (UPK-6) and the food that spoils (ECO-6);
	// Eating the food eaten (ECO-2, ECO-3); Government the government's
	// daily gold (POL-1).
	Income, Trade, Upkeep, Rot, Eating, Government int64
	Net                                            int64
	// DaysLeft is, when Net is negative, the whole days the stock lasts
	// at that rate (Stock / -Net, at least 1); 0 when it does not fall.
	DaysLeft int64
}

// Forecast is camp c's economy of day Day if it rests: a Flow per
// resource, in the order of ResourceNames, and what the stocks would not
// cover: UpkeepUnpaid units of upkeep (3 or more degrade the buildings,
// UPK-5), EdictsUnpaid units of the edicts' consumption (a broken promise,
// EDI-6) and FoodShort food (a famine, ECO-4).
type Forecast struct {
	Day          int
	Flows        [6]Flow
	UpkeepUnpaid int64
	EdictsUnpaid int64
	FoodShort    int64
}

// ForecastOf returns camp c's forecast for the day after w's (rule
// VIEW-INCOME): the tick's economy, played on a copy of the camp's stock
// with the world as it stands (the rest order touches no resource). What
// no one can foresee is left out: the day's random event, the other camps'
// orders (a pact or a war changes the routes and the sieges), and what a
// column or a siege does after the economy's phases. It never modifies w,
// and a dead camp's forecast is zero.
func ForecastOf(w *World, c CampID) Forecast {
	f := Forecast{Day: w.Day + 1}
	camp := &w.Camps[c]
	if !camp.Alive {
		return f
	}
	var income, trade, upkeep, rot, eating, gov Resources
	r := camp.Resources
	// The kingdom statistics (GOV-STATS) that markets and taxes read are
	// those of the day forecast: a seat takes effect the day after its
	// holder is named.
	next := *w
	next.Day = f.Day
	// production (phase 4): the zones and the taxes, then the routes.
	income, _, _ = next.production(c, nil, nil)
	income.Gold += next.Taxes(c)
	r = r.Add(income)
	for _, rt := range w.Routes {
		if (rt.A == c || rt.B == c) && w.routeHolds(rt) {
			trade.Gold += w.routeGold(c)
		}
	}
	r = r.Add(trade)
	// upkeep (phase 5), then the rot of wood.
	before := r
	f.UpkeepUnpaid = payUpkeep(&r, w.Upkeep(c).Total())
	upkeep = r.Sub(before)
	rot.Wood = -WoodRot(r.Wood)
	r = r.Add(rot)
	// The edicts' consumption, in the upkeep phase after the rot.
	before = r
	f.EdictsUnpaid = payConsumption(&r, next.Stats(c).Consumption)
	upkeep = upkeep.Add(r.Sub(before))
	// consumption (phase 6).
	before = r
	need := w.FoodNeed(c, f.Day)
	f.FoodShort = eat(&r, need)
	eating = r.Sub(before)
	// Then the food beyond the granaries spoils (ECO-6).
	rot.Food = -w.spoiled(r.Food, need)
	r.Food += rot.Food
	// politics (phase 13).
	before = r
	Governments[camp.Government].payGold(&r)
	gov = r.Sub(before)

	stock, net := camp.Resources.values(), r.Sub(camp.Resources).values()
	terms := [...][6]int64{income.values(), trade.values(), upkeep.values(), rot.values(), eating.values(), gov.values()}
	for i := range f.Flows {
		fl := Flow{Resource: ResourceNames[i], Stock: stock[i], Net: net[i],
			Income: terms[0][i], Trade: terms[1][i], Upkeep: terms[2][i], Rot: terms[3][i], Eating: terms[4][i], Government: terms[5][i]}
		if fl.Net < 0 {
			fl.DaysLeft = max(1, fl.Stock/-fl.Net)
		}
		f.Flows[i] = fl
	}
	return f
}
