package grisonval_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// refusalWorld returns seed 1's world in which camp 0 holds its capital and
// its inland neighbours (plains, forest, mountain), with f applied: the
// stocks of the setup, no research.
func refusalWorld(f func(w *grisonval.World, z refusalZones)) *grisonval.World {
	w := grisonval.NewWorld(1)
	z := refusalZones{
		capital:  capitalOf(0),
		plains:   grisonval.ZoneAt(grisonval.Hex{Q: 3, R: -3}),
		forest:   grisonval.ZoneAt(grisonval.Hex{Q: 3, R: -4}),
		mountain: grisonval.ZoneAt(grisonval.Hex{Q: 4, R: -3}),
		coast:    grisonval.ZoneAt(grisonval.Hex{Q: 5, R: -5}),
	}
	for _, n := range []grisonval.ZoneID{z.plains, z.forest, z.mountain} {
		w.Zone(n).Owner = 0
	}
	if f != nil {
		f(w, z)
	}
	return w
}

type refusalZones struct {
	capital, plains, forest, mountain, coast grisonval.ZoneID
}

// meetAll makes every camp meet every other.
func meetAll(w *grisonval.World) {
	for a := range w.Camps {
		for b := range w.Camps {
			w.Camps[a].Met[b] = a != b
		}
	}
}

// TestRefusals covers ACT-REFUSE: for each action and each way it can be
// refused, the refusal's code, field and message, and every missing
// resource with the amount needed and the amount held.
func TestRefusals(t *testing.T) {
	type zs = refusalZones
	type setup = func(w *grisonval.World, z zs)
	o := func(a grisonval.Action, args ...int) func(zs) grisonval.Order {
		return func(zs) grisonval.Order { return grisonval.Order{Action: a, Args: args} }
	}
	oz := func(a grisonval.Action, pick func(zs) grisonval.ZoneID, more ...int) func(zs) grisonval.Order {
		return func(z zs) grisonval.Order {
			return grisonval.Order{Action: a, Args: append([]int{int(pick(z))}, more...)}
		}
	}
	capital := func(z zs) grisonval.ZoneID { return z.capital }
	plains := func(z zs) grisonval.ZoneID { return z.plains }
	forest := func(z zs) grisonval.ZoneID { return z.forest }
	coast := func(z zs) grisonval.ZoneID { return z.coast }
	far := func(zs) grisonval.ZoneID { return 46 }
	stock := func(r grisonval.Resources) setup {
		return func(w *grisonval.World, _ zs) { w.Camps[0].Resources = r }
	}
	all := func(fs ...setup) setup {
		return func(w *grisonval.World, z zs) {
			for _, f := range fs {
				f(w, z)
			}
		}
	}
	rich := stock(grisonval.Resources{Food: 5000, Wood: 500, Stone: 500, Tools: 50, Gold: 500})
	army := func(n int) setup { return func(w *grisonval.World, _ zs) { w.Camps[0].FieldArmy = n } }
	research := func(n int64) setup { return func(w *grisonval.World, _ zs) { w.Camps[0].Resources.Research = n } }
	besiege := func(pick func(zs) grisonval.ZoneID) setup {
		return func(w *grisonval.World, z zs) {
			w.Zone(pick(z)).Garrison = 2
			w.Sieges = append(w.Sieges, grisonval.Siege{Zone: pick(z), Camp: 1, Men: 10, Assault: 5})
		}
	}
	relate := func(a, b grisonval.CampID, r grisonval.Relation, p grisonval.Pact) setup {
		return func(w *grisonval.World, _ zs) {
			meetAll(w)
			w.SetRelation(a, b, r)
			w.Pacts[grisonval.PairIndex(a, b)] = p
		}
	}
	market := func(w *grisonval.World, z zs) {
		w.Zone(z.plains).Buildings = []grisonval.BuildingKind{grisonval.Market}
	}
	noCapital := func(w *grisonval.World, z zs) { w.Zone(z.capital).Capital = false }
	short := func(res string, need, have int64) grisonval.Shortfall {
		return grisonval.Shortfall{Resource: res, Need: need, Have: have}
	}
	long := strings.Repeat("x", grisonval.MaxReasonLen+1)

	for _, tc := range []struct {
		name    string
		setup   setup
		order   func(zs) grisonval.Order
		code    grisonval.Code
		field   string
		says    []string
		missing []grisonval.Shortfall
	}{
		// Every action.
		{"an extinct camp", func(w *grisonval.World, _ zs) { w.Camps[0].Alive = false }, o(grisonval.Rest),
			grisonval.CodeExtinct, "", []string{"extinct"}, nil},
		{"an unknown action", nil, o(grisonval.Action(0)),
			grisonval.CodeUnknownAction, "action", []string{"unknown action", "known actions: rest, chop_wood"}, nil},
		{"a reason too long", nil, func(zs) grisonval.Order { return grisonval.Order{Action: grisonval.Rest, Reason: long} },
			grisonval.CodeBadArgs, "reason", []string{fmt.Sprintf("at most %d", grisonval.MaxReasonLen)}, nil},
		{"too few arguments", nil, o(grisonval.Explore),
			grisonval.CodeBadArgs, "args", []string{"explore takes 1 argument(s) (zone); got 0"}, nil},
		{"too many arguments", nil, o(grisonval.Rest, 1),
			grisonval.CodeBadArgs, "args", []string{"rest takes 0 argument(s) (none); got 1"}, nil},

		// explore
		{"explore: a zone off the map", nil, o(grisonval.Explore, 200),
			grisonval.CodeBadArgs, "args[0]", []string{"zone 200 is not on the map"}, nil},
		{"explore: a zone seen today", nil, oz(grisonval.Explore, capital),
			grisonval.CodeNotAllowed, "args[0]", []string{"you see zone", "neither see nor remember"}, nil},
		{"explore: a zone remembered", func(w *grisonval.World, _ zs) {
			w.Camps[0].Memory[46] = grisonval.Memory{Seen: true, Day: 3, Owner: grisonval.NoCamp}
		},
			o(grisonval.Explore, 46), grisonval.CodeNotAllowed, "args[0]", []string{"you remember zone 46 (last seen on day 3)"}, nil},
		{"explore: a zone beyond sight", nil, o(grisonval.Explore, 46),
			grisonval.CodeUnknownZone, "args[0]", []string{"zone 46 lies beyond your sight"}, nil},
		{"explore: closed, every zone known", func(w *grisonval.World, _ zs) {
			for z := range w.Camps[0].Memory {
				w.Camps[0].Memory[z].Seen, w.Camps[0].Memory[z].Surveyed = true, true
			}
		}, o(grisonval.Explore, 46), grisonval.CodeNotAllowed, "action", []string{"no unknown zone borders your vision"}, nil},

		// expand_to
		{"expand_to: closed, short of food", stock(grisonval.Resources{Food: 100, Wood: 60}), oz(grisonval.ExpandTo, coast),
			grisonval.CodeShortOf, "action", []string{"expand_to costs 600 food, 4 wood; you have 100 food, 60 wood: short of 500 food"},
			[]grisonval.Shortfall{short("food", 600, 100)}},
		{"expand_to: closed, no wood at all", stock(grisonval.Resources{Food: 1000}), oz(grisonval.ExpandTo, coast),
			grisonval.CodeShortOf, "action", []string{"you have 1000 food, 0 wood: short of 4 wood"}, []grisonval.Shortfall{short("wood", 4, 0)}},
		{"expand_to: a zone not bordering the camp's land", nil, oz(grisonval.ExpandTo, far),
			grisonval.CodeNotAllowed, "args[0]", []string{"zone 46 does not border your land"}, nil},
		{"expand_to: its own zone", nil, oz(grisonval.ExpandTo, plains),
			grisonval.CodeNotAllowed, "args[0]", []string{"is already yours"}, nil},
		{"expand_to: a zone another camp holds", func(w *grisonval.World, z zs) { w.Zone(z.coast).Owner = 1 }, oz(grisonval.ExpandTo, coast),
			grisonval.CodeNotAllowed, "args[0]", []string{"held by another camp", "never fight"}, nil},
		{"expand_to: settlers already on their way", func(w *grisonval.World, z zs) {
			w.Columns = []grisonval.Column{{ID: 1, Camp: 0, Kind: grisonval.SettlerColumn, From: z.capital, To: z.coast, Arrive: 3}}
		}, oz(grisonval.ExpandTo, coast), grisonval.CodeNotAllowed, "args[0]", []string{"settlers are already on their way to zone"}, nil},
		{"expand_to: closed, no free zone", func(w *grisonval.World, z zs) {
			for n := grisonval.ZoneID(1); n <= grisonval.NumZones; n++ {
				if w.Zone(n).Owner == grisonval.NoCamp {
					w.Zone(n).Owner = 1
				}
			}
		}, oz(grisonval.ExpandTo, coast), grisonval.CodeNotAllowed, "action", []string{"no free zone borders your land"}, nil},

		// raise_army (20 adults: at most 10 under arms; 4 in the capital's garrison)
		{"raise_army: more than a day's levy", rich, o(grisonval.RaiseArmy, 6),
			grisonval.CodeBadArgs, "args[0]", []string{"at most 5 men are raised a day; got 6"}, nil},
		{"raise_army: none, under arms at the cap", all(rich, army(6)), o(grisonval.RaiseArmy, 1),
			grisonval.CodeNotAllowed, "action", []string{"at their cap: 10 of 10", "20 adults"}, nil},
		{"raise_army: more than the cap leaves", all(rich, army(4)), o(grisonval.RaiseArmy, 3),
			grisonval.CodeNotAllowed, "args[0]", []string{"8 under arms of 10 allowed", "at most 2 more"}, nil},
		{"raise_army: more than the wood pays", stock(grisonval.Resources{Food: 100, Wood: 3}), o(grisonval.RaiseArmy, 2),
			grisonval.CodeShortOf, "args[0]", []string{"raising 2 men costs 4 food, 4 wood; you have 100 food, 3 wood: short of 1 wood"},
			[]grisonval.Shortfall{short("wood", 4, 3)}},
		{"raise_army: none, no wood", stock(grisonval.Resources{Food: 100}), o(grisonval.RaiseArmy, 1),
			grisonval.CodeShortOf, "action", []string{"raising 1 man costs 2 food, 2 wood; you have 100 food, 0 wood: short of 2 wood"},
			[]grisonval.Shortfall{short("wood", 2, 0)}},
		{"raise_army: no man", rich, o(grisonval.RaiseArmy, 0),
			grisonval.CodeBadArgs, "args[0]", []string{"men must be between 1 and 5; got 0"}, nil},

		// send_army
		{"send_army: closed, empty field army", nil, oz(grisonval.SendArmy, coast),
			grisonval.CodeNotAllowed, "action", []string{"the field army is empty"}, nil},
		{"send_army: closed, no capital", all(army(5), noCapital), o(grisonval.SendArmy, 1, 46),
			grisonval.CodeNotAllowed, "action", []string{"without a capital"}, nil},
		{"send_army: more men than the field army", army(5), func(z zs) grisonval.Order {
			return grisonval.Order{Action: grisonval.SendArmy, Args: []int{9, int(z.coast)}}
		}, grisonval.CodeBadArgs, "args[0]", []string{"your field army has 5 men; got 9"}, nil},
		{"send_army: a zone unknown", army(5), o(grisonval.SendArmy, 2, 46),
			grisonval.CodeUnknownZone, "args[1]", []string{"you neither see nor remember zone 46"}, nil},
		{"send_army: land of a camp at peace", all(army(5), relate(0, 1, grisonval.Peace, grisonval.Pact{}), func(w *grisonval.World, z zs) { w.Zone(z.coast).Owner = 1 }),
			func(z zs) grisonval.Order {
				return grisonval.Order{Action: grisonval.SendArmy, Args: []int{2, int(z.coast)}}
			},
			grisonval.CodeNotAllowed, "args[1]", []string{"land of camp 1 (as you saw it today), at peace with you"}, nil},
		{"send_army: land of an ally, as remembered", all(army(5), relate(0, 1, grisonval.Alliance, grisonval.Pact{}), func(w *grisonval.World, _ zs) {
			w.Camps[0].Memory[46] = grisonval.Memory{Seen: true, Day: 2, Owner: 1}
		}), o(grisonval.SendArmy, 2, 46), grisonval.CodeNotAllowed, "args[1]", []string{"land of camp 1 (as you saw it on day 2), allied with you"}, nil},

		// disband_army
		{"disband_army: closed, empty field army", nil, o(grisonval.DisbandArmy, 1),
			grisonval.CodeNotAllowed, "action", []string{"the field army is empty"}, nil},
		{"disband_army: more men than the field army", army(3), o(grisonval.DisbandArmy, 4),
			grisonval.CodeBadArgs, "args[0]", []string{"your field army has 3 men; got 4"}, nil},

		// recall_army (the capital's garrison is 4)
		{"recall_army: closed, no capital", noCapital, oz(grisonval.RecallArmy, capital),
			grisonval.CodeNotAllowed, "action", []string{"without a capital"}, nil},
		{"recall_army: closed, no garrison", func(w *grisonval.World, z zs) { w.Zone(z.capital).Garrison = 0 }, oz(grisonval.RecallArmy, capital),
			grisonval.CodeNotAllowed, "action", []string{"no held zone has a garrison"}, nil},
		{"recall_army: a zone not held", nil, o(grisonval.RecallArmy, 46),
			grisonval.CodeNotAllowed, "args[0]", []string{"you do not hold zone 46"}, nil},
		{"recall_army: a besieged zone", besiege(plains), oz(grisonval.RecallArmy, plains),
			grisonval.CodeNotAllowed, "args[0]", []string{"is under siege"}, nil},
		{"recall_army: a zone without garrison", nil, oz(grisonval.RecallArmy, plains),
			grisonval.CodeNotAllowed, "args[0]", []string{"has no garrison"}, nil},
		{"recall_army: more men than the zone's garrison", func(w *grisonval.World, z zs) { w.Zone(z.plains).Garrison = 1 }, oz(grisonval.RecallArmy, plains, 3),
			grisonval.CodeBadArgs, "args[1]", []string{"has a garrison of 1; recall at most 1"}, nil},
		{"recall_army: more men than any garrison", nil, oz(grisonval.RecallArmy, capital, 9),
			grisonval.CodeBadArgs, "args[1]", []string{"has a garrison of 4; recall at most 4"}, nil},

		// build_*
		{"build_workshop: closed, no tier", rich, oz(grisonval.BuildWorkshop, plains),
			grisonval.CodeNotAllowed, "action", []string{"build_workshop needs tier 1 (Toolmaking, 13 research); you have 0 research"}, nil},
		{"build_farm: closed, short of wood and stone", stock(grisonval.Resources{Wood: 5}), oz(grisonval.BuildFarm, plains),
			grisonval.CodeShortOf, "action", []string{"build_farm costs 10 wood, 2 stone; you have 5 wood, 0 stone: short of 5 wood, 2 stone"},
			[]grisonval.Shortfall{short("wood", 10, 5), short("stone", 2, 0)}},
		{"build_farm: a zone not held", nil, oz(grisonval.BuildFarm, far),
			grisonval.CodeNotAllowed, "args[0]", []string{"you do not hold zone 46"}, nil},
		{"build_farm: the wrong terrain", nil, oz(grisonval.BuildFarm, forest),
			grisonval.CodeNotAllowed, "args[0]", []string{"is forest; a farm stands on plains or coast"}, nil},
		{"build_walls: one a zone", all(rich, research(113), func(w *grisonval.World, z zs) {
			w.Zone(z.capital).Buildings = []grisonval.BuildingKind{grisonval.Walls}
		}),
			oz(grisonval.BuildWalls, capital), grisonval.CodeNotAllowed, "args[0]", []string{"already has its walls: one a zone"}, nil},
		{"build_farm: no free slot", func(w *grisonval.World, z zs) {
			w.Zone(z.plains).Buildings = []grisonval.BuildingKind{grisonval.Farm, grisonval.Farm}
		},
			oz(grisonval.BuildFarm, plains), grisonval.CodeNotAllowed, "args[0]", []string{"no free building slot (2 of 2 used"}, nil},
		{"build_farm: a besieged zone", besiege(plains), oz(grisonval.BuildFarm, plains),
			grisonval.CodeNotAllowed, "args[0]", []string{"is under siege"}, nil},
		{"build_farm: closed, no zone can take it", func(w *grisonval.World, z zs) {
			w.Zone(z.plains).Owner, w.Zone(z.capital).Buildings = grisonval.NoCamp, []grisonval.BuildingKind{grisonval.Farm, grisonval.Farm, grisonval.Farm}
		}, oz(grisonval.BuildFarm, capital), grisonval.CodeNotAllowed, "action", []string{"no held zone can take a farm"}, nil},

		// develop (the capital at level 0 is free: the action is open)
		{"develop: a zone whose next level the gold does not pay", all(stock(grisonval.Resources{Wood: 100, Stone: 100, Tools: 10, Research: 30}),
			func(w *grisonval.World, z zs) { w.Zone(z.plains).Development = 1 }), oz(grisonval.Develop, plains),
			grisonval.CodeShortOf, "args[0]", []string{"from level 1 to 2 costs 18 wood, 10 stone, 2 tools, 4 gold; you have 100 wood, 100 stone, 10 tools, 0 gold: short of 4 gold"},
			[]grisonval.Shortfall{short("gold", 4, 0)}},
		{"develop: a zone whose next level needs more research", all(rich, research(49), func(w *grisonval.World, z zs) { w.Zone(z.plains).Development = 2 }),
			oz(grisonval.Develop, plains), grisonval.CodeNotAllowed, "args[0]", []string{"from level 2 to 3 needs 50 research (not spent); you have 49"}, nil},
		{"develop: a zone at the cap", all(rich, research(500), func(w *grisonval.World, z zs) { w.Zone(z.plains).Development = 4 }),
			oz(grisonval.Develop, plains), grisonval.CodeNotAllowed, "args[0]", []string{"is at level 4, your cap (4, 5 with civil engineering"}, nil},
		{"develop: a besieged zone", besiege(plains), oz(grisonval.Develop, plains),
			grisonval.CodeNotAllowed, "args[0]", []string{"is under siege"}, nil},
		{"develop: a zone not held", nil, oz(grisonval.Develop, far),
			grisonval.CodeNotAllowed, "args[0]", []string{"you do not hold zone 46"}, nil},
		{"develop: closed, the cheapest next level unpaid", all(stock(grisonval.Resources{Wood: 100, Stone: 100, Gold: 100, Research: 100}), func(w *grisonval.World, z zs) {
			for _, n := range []grisonval.ZoneID{z.capital, z.plains, z.forest, z.mountain} {
				w.Zone(n).Development = 2
			}
			w.Zone(z.forest).Development = 1
		}), oz(grisonval.Develop, plains), grisonval.CodeShortOf, "action",
			[]string{"no zone of yours can be developed today: developing zone", "from level 1 to 2 costs 18 wood, 10 stone, 2 tools, 4 gold", "0 tools", "short of 2 tools"},
			[]grisonval.Shortfall{short("tools", 2, 0)}},

		// trade
		{"trade: closed, no market", rich, o(grisonval.Trade, 1),
			grisonval.CodeNotAllowed, "action", []string{"trade needs a market"}, nil},
		{"trade: closed, no lot paid", all(stock(grisonval.Resources{Wood: 3, Stone: 2, Gold: 1}), market), o(grisonval.Trade, 1),
			grisonval.CodeShortOf, "action", []string{"costs 4 wood, else 3 stone, else 2 gold", "you have 3 wood, 2 stone, 1 gold"},
			[]grisonval.Shortfall{short("wood", 4, 3), short("stone", 3, 2), short("gold", 2, 1)}},
		{"trade: more lots than a day allows", all(rich, market), o(grisonval.Trade, 5),
			grisonval.CodeNotAllowed, "args[0]", []string{"at most 4 lots a day (2 + 2 per market; you have 1 working markets); got 5"}, nil},
		{"trade: more lots than the stock pays", all(stock(grisonval.Resources{Wood: 4}), market), o(grisonval.Trade, 2),
			grisonval.CodeShortOf, "args[0]", []string{"you have 4 wood, 0 stone, 0 gold: that pays 1 lot(s), not 2"}, nil},

		// trade_route
		{"trade_route: closed, no market", rich, o(grisonval.TradeRoute, 1),
			grisonval.CodeNotAllowed, "action", []string{"trade_route needs a market"}, nil},
		{"trade_route: closed, short of gold", all(stock(grisonval.Resources{Gold: 10}), market), o(grisonval.TradeRoute, 1),
			grisonval.CodeShortOf, "action", []string{"trade_route costs 20 gold; you have 10 gold: short of 10 gold"}, []grisonval.Shortfall{short("gold", 20, 10)}},
		{"trade_route: closed, at war with everyone met", all(rich, market, meetAll2), o(grisonval.TradeRoute, 1),
			grisonval.CodeNotAllowed, "action", []string{"trade_route has no camp to take today: you are at war with camp 1 (Carmin): a route needs peace or an alliance; you are at war with camp 2"}, nil},
		{"trade_route: a camp not met", all(rich, market, func(w *grisonval.World, _ zs) { w.Camps[0].Met[1] = true; w.SetRelation(0, 1, grisonval.Peace) }),
			o(grisonval.TradeRoute, 2), grisonval.CodeNotAllowed, "args[0]", []string{"you have not met camp 2"}, nil},
		{"trade_route: a route already open", all(rich, market, relate(0, 1, grisonval.Peace, grisonval.Pact{}), relate(0, 2, grisonval.Peace, grisonval.Pact{}),
			func(w *grisonval.World, _ zs) { w.Routes = []grisonval.Route{{A: 0, B: 1}} }), o(grisonval.TradeRoute, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"a trade route already joins you and camp 1 (Carmin)"}, nil},
		{"trade_route: an extinct camp", all(rich, market, relate(0, 1, grisonval.Peace, grisonval.Pact{}), func(w *grisonval.World, _ zs) { w.Camps[2].Alive = false }),
			o(grisonval.TradeRoute, 2), grisonval.CodeNotAllowed, "args[0]", []string{"camp 2 (Azur) is extinct"}, nil},
		{"trade_route: its own camp", all(rich, market, relate(0, 1, grisonval.Peace, grisonval.Pact{})), o(grisonval.TradeRoute, 0),
			grisonval.CodeBadArgs, "args[0]", []string{"camp 0 is your own"}, nil},
		{"trade_route: no such camp", all(rich, market, relate(0, 1, grisonval.Peace, grisonval.Pact{})), o(grisonval.TradeRoute, 7),
			grisonval.CodeBadArgs, "args[0]", []string{"there is no camp 7 (camps 0 to 2)"}, nil},

		// build_monument
		{"build_monument: closed, research", rich, o(grisonval.BuildMonument),
			grisonval.CodeNotAllowed, "action", []string{"build_monument needs 5000 research (not spent); you have 0"}, nil},
		{"build_monument: closed, the tools missing", stock(grisonval.Resources{Wood: 500, Stone: 500, Tools: 10, Gold: 500, Research: 5000}), o(grisonval.BuildMonument),
			grisonval.CodeShortOf, "action", []string{"build_monument costs 200 wood, 200 stone, 50 tools, 100 gold; you have 500 wood, 500 stone, 10 tools, 500 gold: short of 40 tools"},
			[]grisonval.Shortfall{short("tools", 50, 10)}},
		{"build_monument: closed, one stands", all(rich, research(5000), func(w *grisonval.World, z zs) { w.Zone(z.capital).Monument = true }), o(grisonval.BuildMonument),
			grisonval.CodeNotAllowed, "action", []string{"your monument already stands"}, nil},
		{"build_monument: closed, no capital", all(rich, research(5000), noCapital), o(grisonval.BuildMonument),
			grisonval.CodeNotAllowed, "action", []string{"the monument stands on the capital; you have none"}, nil},

		// spy
		{"spy: closed, short of gold", stock(grisonval.Resources{Gold: 4}), o(grisonval.Spy, 46),
			grisonval.CodeShortOf, "action", []string{"spy costs 5 gold; you have 4 gold: short of 1 gold"}, []grisonval.Shortfall{short("gold", 5, 4)}},
		{"spy: a zone seen today", nil, oz(grisonval.Spy, capital),
			grisonval.CodeNotAllowed, "args[0]", []string{"you see zone", "nothing to spy on"}, nil},
		{"spy: closed, every zone seen", func(w *grisonval.World, _ zs) {
			for n := grisonval.ZoneID(1); n <= grisonval.NumZones; n++ {
				w.Zone(n).Owner = 0
			}
		}, o(grisonval.Spy, 46), grisonval.CodeNotAllowed, "action", []string{"you see every zone today"}, nil},

		// diplomacy
		{"propose_peace: closed, nobody met", nil, o(grisonval.ProposePeace, 1),
			grisonval.CodeNotAllowed, "action", []string{"propose_peace needs a people you have met: you have met none yet"}, nil},
		{"propose_peace: a camp not met", func(w *grisonval.World, _ zs) { w.Camps[0].Met[1] = true }, o(grisonval.ProposePeace, 2),
			grisonval.CodeNotAllowed, "args[0]", []string{"you have not met camp 2"}, nil},
		{"propose_peace: at peace already", relate(0, 1, grisonval.Peace, grisonval.Pact{}), o(grisonval.ProposePeace, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"you are already at peace with camp 1 (Carmin)"}, nil},
		{"propose_peace: the door closed", relate(0, 1, grisonval.War, grisonval.Pact{ClosedUntil: 5, Refusals: 1}), o(grisonval.ProposePeace, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"the door between you and camp 1 (Carmin) is closed until day 5"}, nil},
		{"propose_peace: its own proposal pending", relate(0, 1, grisonval.War, grisonval.Pact{Offer: grisonval.Peace, From: 0}), o(grisonval.ProposePeace, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"your proposal of peace to camp 1 (Carmin) (day 0) awaits its answer until day 6"}, nil},
		{"propose_peace: closed, at peace with all", all(relate(0, 1, grisonval.Peace, grisonval.Pact{}), relate(0, 2, grisonval.Alliance, grisonval.Pact{})), o(grisonval.ProposePeace, 1),
			grisonval.CodeNotAllowed, "action", []string{"propose_peace has no camp to take today: you are already at peace with camp 1 (Carmin); you are already allied with camp 2 (Azur)"}, nil},
		{"propose_alliance: at war", meetAll2, o(grisonval.ProposeAlliance, 1),
			grisonval.CodeNotAllowed, "action", []string{"you are at war with camp 1 (Carmin): an alliance is signed only on a peace"}, nil},
		{"propose_alliance: allied already", all(relate(0, 1, grisonval.Alliance, grisonval.Pact{}), relate(0, 2, grisonval.Peace, grisonval.Pact{})), o(grisonval.ProposeAlliance, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"you are already allied with camp 1 (Carmin)"}, nil},
		{"accept_pact: closed, nothing to answer", meetAll2, o(grisonval.AcceptPact, 1),
			grisonval.CodeNotAllowed, "action", []string{"no proposal awaits your answer"}, nil},
		{"accept_pact: a camp without a proposal", relate(0, 2, grisonval.War, grisonval.Pact{Offer: grisonval.Peace, From: 2}), o(grisonval.AcceptPact, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"camp 1 (Carmin) has no proposal awaiting your answer"}, nil},
		{"refuse_pact: a camp not met", func(w *grisonval.World, _ zs) {
			w.Camps[0].Met[2] = true
			w.Pacts[grisonval.PairIndex(0, 2)] = grisonval.Pact{Offer: grisonval.Peace, From: 2}
		}, o(grisonval.RefusePact, 1), grisonval.CodeNotAllowed, "args[0]", []string{"you have not met camp 1"}, nil},
		{"declare_war: closed, at war with all", meetAll2, o(grisonval.DeclareWar, 1),
			grisonval.CodeNotAllowed, "action", []string{"declare_war has no camp to take today: you are already at war with camp 1 (Carmin); you are already at war with camp 2 (Azur)"}, nil},
		{"declare_war: a pact too fresh", all(relate(0, 1, grisonval.Peace, grisonval.Pact{Since: 15}), relate(0, 2, grisonval.Peace, grisonval.Pact{Since: 1}),
			func(w *grisonval.World, _ zs) { w.Day = 20 }), o(grisonval.DeclareWar, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"your peace with camp 1 (Carmin), signed on day 15, cannot be broken before day 27"}, nil},

		// set_government
		{"set_government: closed, too soon", all(rich, research(100), func(w *grisonval.World, _ zs) { w.Camps[0].GovernmentDay, w.Day = 5, 10 }),
			o(grisonval.SetGovernment, 2), grisonval.CodeNotAllowed, "action", []string{"changed on day 5: no new change before day 35"}, nil},
		{"set_government: closed, short of gold and research", stock(grisonval.Resources{Gold: 5, Research: 16}), o(grisonval.SetGovernment, 2),
			grisonval.CodeShortOf, "action", []string{"costs 20 gold and 10 research beyond your last tier's threshold (13); you have 5 gold and 3 research beyond it: short of 15 gold, 7 research"},
			[]grisonval.Shortfall{short("gold", 20, 5), short("research", 10, 3)}},
		{"set_government: the form in place", all(rich, research(100)), o(grisonval.SetGovernment, 1),
			grisonval.CodeNotAllowed, "args[0]", []string{"you already live under autocracy"}, nil},
		{"set_government: no such form", all(rich, research(100)), o(grisonval.SetGovernment, 9),
			grisonval.CodeBadArgs, "args[0]", []string{"there is no form of government 9"}, nil},
	} {
		t.Run("ACT-REFUSE "+tc.name, func(t *testing.T) {
			var z zs
			w := refusalWorld(func(w *grisonval.World, zz zs) {
				z = zz
				if tc.setup != nil {
					tc.setup(w, zz)
				}
			})
			order := tc.order(z)
			var re *grisonval.RuleError
			if err := grisonval.Validate(w, 0, order); !errors.As(err, &re) {
				t.Fatalf("%s: %v; want a refusal", order, err)
			}
			if re.Code != tc.code || re.Field != tc.field {
				t.Errorf("%s: code %q field %q; want %q %q (%s)", order, re.Code, re.Field, tc.code, tc.field, re.Message.EN)
			}
			for _, s := range tc.says {
				if !strings.Contains(re.Message.EN, s) {
					t.Errorf("%s: message %q; want it to say %q", order, re.Message.EN, s)
				}
			}
			if tc.missing != nil && !reflect.DeepEqual(re.Missing, tc.missing) {
				t.Errorf("%s: missing %+v; want %+v", order, re.Missing, tc.missing)
			}
			if tc.code == grisonval.CodeShortOf && len(re.Missing) == 0 && !strings.Contains(re.Message.EN, "that pays") {
				t.Errorf("%s: insufficient_resources without the missing resources", order)
			}
		})
	}
}

// meetAll2 is meetAll as a setup.
func meetAll2(w *grisonval.World, _ refusalZones) { meetAll(w) }

// TestRefusalsExplained covers ACT-REFUSE over whole games: every value of
// every argument of every action, in the worlds of random games, is either
// valid or refused with a reason of its own (never the fallback that no rule
// explains), on the field the rule says, and an insufficient_resources
// refusal names each missing resource with the amounts needed and held.
func TestRefusalsExplained(t *testing.T) {
	var worlds []*grisonval.World
	for seed := range uint64(3) {
		w := grisonval.NewWorld(seed + 1)
		meetAll(w)
		outs := playRandom(t, w, 60)
		for i := 9; i < len(outs); i += 10 {
			worlds = append(worlds, outs[i].World)
		}
	}
	for _, w := range worlds {
		for c := range grisonval.CampID(grisonval.NumCamps) {
			if !w.Camps[c].Alive {
				continue
			}
			legal := map[grisonval.Action]grisonval.LegalAction{}
			for _, la := range grisonval.LegalActions(w, c) {
				legal[la.Action] = la
			}
			for _, a := range grisonval.Actions() {
				la, open := legal[a]
				if !open {
					check(t, w, c, grisonval.Order{Action: a, Args: []int{1}}, "action")
					continue
				}
				for i, s := range la.Args {
					base := grisonval.Order{Action: a}
					for _, p := range la.Args[:i] {
						base.Args = append(base.Args, firstValue(p))
					}
					for _, v := range probeValues(s) {
						o := base
						o.Args = append(append([]int(nil), base.Args...), v)
						for _, p := range la.Args[i+1:] {
							if !p.Optional {
								o.Args = append(o.Args, firstValue(p))
							}
						}
						check(t, w, c, fit(w, c, o, la.Args, i), fmt.Sprintf("args[%d]", i))
					}
				}
			}
		}
	}
}

// fit returns o, probed on its argument i, with another argument moved
// when o is refused on that one: to the first value of its spec with which
// the order is accepted or refused on argument i. One argument's valid
// values may depend on another's (set_edict's level on its edict: the level
// an edict already holds is refused on the level); o is returned as it is
// when no value fits.
func fit(w *grisonval.World, c grisonval.CampID, o grisonval.Order, specs []grisonval.ArgSpec, i int) grisonval.Order {
	field := fmt.Sprintf("args[%d]", i)
	var re *grisonval.RuleError
	if !errors.As(grisonval.Validate(w, c, o), &re) || re.Field == field {
		return o
	}
	var j int
	if _, err := fmt.Sscanf(re.Field, "args[%d]", &j); err != nil || j == i || j >= len(o.Args) {
		return o
	}
	values := specs[j].Choices
	if specs[j].Kind == grisonval.ArgCount {
		values = nil
		for v := specs[j].Min; v <= specs[j].Max; v++ {
			values = append(values, v)
		}
	}
	for _, v := range values {
		alt := grisonval.Order{Action: o.Action, Args: append([]int(nil), o.Args...)}
		alt.Args[j] = v
		err := grisonval.Validate(w, c, alt)
		if err == nil || errors.As(err, &re) && re.Field == field {
			return alt
		}
	}
	return o
}

// firstValue is a valid value of spec s.
func firstValue(s grisonval.ArgSpec) int {
	if s.Kind == grisonval.ArgCount {
		return s.Min
	}
	return s.Choices[0]
}

// probeValues are the values tried for an argument of spec s: every zone,
// camp or form, or a count from below to above its bounds.
func probeValues(s grisonval.ArgSpec) []int {
	var vs []int
	switch s.Kind {
	case grisonval.ArgZone:
		for z := range grisonval.NumZones + 2 {
			vs = append(vs, z)
		}
	case grisonval.ArgCount:
		for n := s.Min - 1; n <= s.Max+3; n++ {
			vs = append(vs, n)
		}
	default:
		for n := -1; n <= 8; n++ {
			vs = append(vs, n)
		}
	}
	return vs
}

// check validates o and, if it is refused, checks the refusal's field and
// message against ACT-REFUSE.
func check(t *testing.T, w *grisonval.World, c grisonval.CampID, o grisonval.Order, field string) {
	t.Helper()
	err := grisonval.Validate(w, c, o)
	if err == nil {
		return
	}
	var re *grisonval.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("day %d camp %d %s: %v is no RuleError", w.Day, c, o, err)
	}
	if strings.Contains(re.Message.EN, "not a valid choice today") {
		t.Errorf("day %d camp %d %s: %s: no rule says why", w.Day, c, o, re)
	}
	if re.Field != field {
		t.Errorf("day %d camp %d %s: field %q; want %q (%s)", w.Day, c, o, re.Field, field, re.Message.EN)
	}
	for _, m := range re.Missing {
		if m.Have >= m.Need || !strings.Contains(re.Message.EN, fmt.Sprintf("%d %s", m.Have, m.Resource)) {
			t.Errorf("day %d camp %d %s: missing %+v not said in %q", w.Day, c, o, m, re.Message.EN)
		}
	}
	if re.Code == grisonval.CodeShortOf && len(re.Missing) == 0 && !strings.Contains(re.Message.EN, "that pays") {
		t.Errorf("day %d camp %d %s: insufficient_resources without the missing resources: %s", w.Day, c, o, re.Message.EN)
	}
}
