package grisonval

import (
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
)

// domains are the actions each councillor's seat may propose (rule
// SEAT-DOMAIN, docs/seats.md), after seed 001's roles of its leaders
// (L37-108): the councillor speaks for the people's laws, the general
// for the army, the grand diplomat for other kingdoms, the high priest
// for faith and learning, the marshal for the borders and the land, the
// spymaster for what is hidden, the treasurer for trade and works.
// Every action of the rules is in at least one councillor's domain.
var domains = map[engine.SeatKind][]engine.Action{
	engine.SeatCouncillor: {engine.SetGovernment, engine.SetEdict, engine.Appoint},
	engine.SeatGeneral: {engine.RaiseArmy, engine.SendArmy, engine.DisbandArmy, engine.RecallArmy,
		engine.DeclareWar, engine.BuildBarracks, engine.BuildWalls},
	engine.SeatDiplomat:   {engine.ProposePeace, engine.ProposeAlliance, engine.AcceptPact, engine.RefusePact, engine.TradeRoute},
	engine.SeatHighPriest: {engine.Rest, engine.BuildTemple, engine.BuildMonument, engine.BuildSchool},
	engine.SeatMarshal:    {engine.ExpandTo, engine.Develop, engine.Explore, engine.BuildHouse, engine.BuildFarm},
	engine.SeatSpymaster:  {engine.Spy, engine.Explore},
	engine.SeatTreasurer: {engine.Trade, engine.ChopWood, engine.BuildMarket, engine.BuildWorkshop, engine.BuildMine,
		engine.BuildLumberCamp},
}

// Seats returns the council's eight seats of seed 001 (rule CNL-1), the
// ruler's first, each with its domain.
func (seasonLayer) Seats() []game.Seat {
	var out []game.Seat
	for _, s := range engine.Seats() {
		seat := game.Seat{Code: s.String(), Name: engine.SeatRules[s].Name}
		for _, a := range domains[s] {
			seat.Domain = append(seat.Domain, a.String())
		}
		out = append(out, seat)
	}
	return out
}
