package grisonval

import (
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file copies the menu's closed actions (ACT-CLOSED) and the
// forecast of the stocks (VIEW-INCOME) to the wire.

// closedToPB converts an action closed today and its refusal, its message
// in l.
func closedToPB(cl engine.Closed, l lang.Lang) *pb.ClosedAction {
	out := &pb.ClosedAction{Action: cl.Action.String(), Reason: string(cl.Why.Code), Message: cl.Why.Message.In(l)}
	for _, m := range cl.Why.Missing {
		out.Missing = append(out.Missing, &pb.Shortfall{Resource: m.Resource, Need: m.Need, Have: m.Have})
	}
	return out
}

// choiceCostsToPB converts the price of each choice of an action's first
// argument.
func choiceCostsToPB(cs []engine.ChoicePrice) []*pb.ChoiceCost {
	out := make([]*pb.ChoiceCost, len(cs))
	for i, c := range cs {
		out[i] = &pb.ChoiceCost{Value: int32(c.Value), Cost: amounts(c.Cost)}
	}
	return out
}

// forecastToPB converts the forecast of a camp's stocks.
func forecastToPB(f engine.Forecast) *pb.Forecast {
	out := &pb.Forecast{Day: int32(f.Day), UpkeepUnpaid: f.UpkeepUnpaid, FoodShort: f.FoodShort}
	for _, fl := range f.Flows {
		out.Flows = append(out.Flows, &pb.ResourceFlow{Resource: fl.Resource, Stock: fl.Stock, Net: fl.Net,
			Income: fl.Income, Trade: fl.Trade, Upkeep: fl.Upkeep, Rot: fl.Rot, Eating: fl.Eating,
			Government: fl.Government, DaysLeft: fl.DaysLeft})
	}
	return out
}
