package grisonval_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/clients/bot"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestForecastMatchesTheTick checks VIEW-INCOME every day of bot-played
// seasons: the forecast a camp reads in its wire view is, resource by
// resource, the change its stocks see when the day resolves with its order
// replaced by rest and the other camps playing their bots' orders. The
// days the forecast cannot know are left out: the camp's random event
// struck, another camp's assault broke on it and left its loot (BAT-LOOT),
// one of its pacts changed or one of its routes opened or broke.
// They must be the few, and some days must be short of upkeep or food.
func TestForecastMatchesTheTick(t *testing.T) {
	rs := grisonval.Ruleset{}
	var compared, skipped, falling, short int
	for _, seed := range []uint64{3, 11, 29} {
		w := engine.NewWorld(seed)
		// Camp 2 starts with an empty treasury and no treasurer: its
		// founders' taxes (EDI-2) would pay every day's gold upkeep, and
		// the days its stocks cannot cover must be among those compared.
		w.Camps[2].Resources.Gold = 0
		w.Camps[2].Council[engine.SeatTreasurer-1] = engine.Seat{}
		var states [engine.NumCamps]bot.State
		for day := 1; day <= 150; day++ {
			var o [engine.NumCamps]engine.Order
			var forecasts [engine.NumCamps]*pb.Forecast
			for c := range engine.CampID(engine.NumCamps) {
				v := rs.View(grisonval.StateOf(w), int(c), lang.EN)
				v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI}
				forecasts[c] = v.GetGrisonval().GetForecast()
				po, s := bot.Decide(v, states[c])
				states[c], o[c] = s, grisonval.EngineOrder(game.Order{Action: po.GetAction(), Args: ints(po.GetArgs()), Reason: po.GetReason()})
			}
			for c := range engine.CampID(engine.NumCamps) {
				if !w.Camps[c].Alive {
					continue
				}
				alt := o
				alt[c] = engine.Order{Action: engine.Rest}
				out := engine.Resolve(w, alt)
				if unforeseeable(w, out, c) {
					skipped++
					continue
				}
				compared++
				f := forecasts[c]
				if f.GetDay() != int32(w.Day+1) {
					t.Fatalf("seed %d day %d camp %d: forecast of day %d", seed, w.Day+1, c, f.GetDay())
				}
				if f.GetUpkeepUnpaid() > 0 || f.GetFoodShort() > 0 {
					short++
				}
				got := flows(out.World.Camps[c].Resources.Sub(w.Camps[c].Resources))
				for i, fl := range f.GetFlows() {
					sum := fl.GetIncome() + fl.GetTrade() + fl.GetUpkeep() + fl.GetRot() + fl.GetEating() + fl.GetGovernment()
					if fl.GetNet() != got[i] || sum != fl.GetNet() {
						t.Fatalf("seed %d day %d camp %d %s: forecast net %d (terms %v, summing to %d); the tick moved it by %d",
							seed, w.Day+1, c, fl.GetResource(), fl.GetNet(), fl, sum, got[i])
					}
					if fl.GetNet() < 0 {
						falling++
						if left := fl.GetDaysLeft(); left < 1 || fl.GetStock()+left*fl.GetNet() < 0 || fl.GetStock()+(left+1)*fl.GetNet() >= 0 {
							t.Fatalf("seed %d day %d camp %d %s: stock %d falling by %d a day lasts %d days", seed, w.Day+1, c, fl.GetResource(), fl.GetStock(), -fl.GetNet(), left)
						}
					} else if fl.GetDaysLeft() != 0 {
						t.Fatalf("seed %d day %d camp %d %s: days_left %d for a stock that does not fall", seed, w.Day+1, c, fl.GetResource(), fl.GetDaysLeft())
					}
				}
			}
			w = engine.Resolve(w, o).World
		}
	}
	t.Logf("%d camp-days compared, %d left out; %d falling resources, %d days short of upkeep or food", compared, skipped, falling, short)
	if compared < 2*skipped || falling == 0 || short == 0 {
		t.Errorf("%d camp-days compared, %d left out, %d falling resources, %d short days: the check did not bite", compared, skipped, falling, short)
	}
}

// unforeseeable reports whether the day out, resolved from w, brought camp
// c what a forecast leaves out: its random event, a change of one of its
// pacts, a route of its opened or broken.
func unforeseeable(w *engine.World, out engine.Outcome, c engine.CampID) bool {
	for _, e := range out.Journal {
		if e.Camp == c && (e.Kind == "raid_loot" || slices.ContainsFunc(engine.EventTable(w.Rules), func(s engine.EventSpec) bool { return s.Kind == e.Kind })) {
			return true
		}
	}
	for _, p := range out.Pacts {
		if p.A == c || p.B == c {
			return true
		}
	}
	mine := func(r engine.Route) bool { return r.A != c && r.B != c }
	return !slices.Equal(slices.DeleteFunc(slices.Clone(w.Routes), mine), slices.DeleteFunc(slices.Clone(out.World.Routes), mine))
}

// flows returns r's amounts in the order of the forecast's flows.
func flows(r engine.Resources) [6]int64 {
	return [6]int64{r.Food, r.Wood, r.Stone, r.Tools, r.Gold, r.Research}
}
