package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
)

// testRules returns the rules a real Grisonval view carries
// (GrisonvalRules), for the views the tests build by hand;
// TestRulesOfRealView checks them against the server's.
func testRules() *pb.GrisonvalRules {
	res := func(food, wood, stone, tools, gold, research int64) *pb.Resources {
		return &pb.Resources{Food: food, Wood: wood, Stone: stone, Tools: tools, Gold: gold, Research: research}
	}
	building := func(name string, cost, output *pb.Resources, defence int32) *pb.BuildingRule {
		return &pb.BuildingRule{Building: name, Cost: cost, Output: output, Defence: defence}
	}
	none := res(0, 0, 0, 0, 0, 0)
	return &pb.GrisonvalRules{
		Terrains: []*pb.TerrainRule{
			{Terrain: plains, Income: res(60, 0, 0, 0, 0, 0)},
			{Terrain: forest, Income: res(0, 4, 0, 0, 0, 0), Defence: 1},
			{Terrain: mountain, Income: res(0, 0, 3, 0, 0, 0), Defence: 2},
			{Terrain: coast, Income: res(40, 0, 0, 0, 2, 0), Defence: 1},
		},
		Buildings: []*pb.BuildingRule{
			building(bFarm, res(0, 10, 2, 0, 0, 0), res(20, 0, 0, 0, 0, 0), 0),
			building(bLumberCamp, res(0, 8, 4, 0, 0, 0), res(0, 5, 0, 0, 0, 0), 0),
			building(bMine, res(0, 12, 0, 0, 2, 0), res(0, 0, 3, 0, 0, 0), 0),
			building(bWorkshop, res(0, 10, 6, 0, 0, 0), res(0, 0, 0, 1, 0, 0), 0),
			building(bMarket, res(0, 10, 5, 0, 5, 0), res(0, 0, 0, 0, 2, 0), 0),
			building(bSchool, res(0, 10, 6, 0, 4, 0), res(0, 0, 0, 0, 0, 2), 0),
			building(bHouse, res(0, 12, 4, 0, 0, 0), none, 0),
			building(bBarracks, res(0, 10, 8, 4, 3, 0), none, 3),
			building(bWalls, res(0, 5, 15, 0, 0, 0), none, 4),
			building(bTemple, res(0, 8, 10, 0, 5, 0), none, 0),
		},
		MilitiaDefence: 2, CapitalDefence: 2, MonumentDefence: 3, FieldArmyDivisor: 4,
		DevelopCost: res(0, 18, 10, 2, 4, 0), DevelopResearch: 25,
		HighMorale: 70, LowMorale: 35, MoraleAssault: 2, SoldiersPerFood: 2, WinterMouthsPerFood: 6,
		TradeLotFood: 500, TempleMoraleLimit: 3, GovernmentLegitimacy: 50, WoodShelter: 150,
		BarracksCountInFull: true, ArmyInfluenceTenths: 47,
	}
}

// testPrices are the prices a real view lists with the legal actions whose
// price the bot reads (LegalAction.cost and cost_per); act gives them to
// the hand-built views, and TestRulesOfRealView checks them against the
// server's.
var testPrices = map[string]*pb.LegalAction{
	actExpand: {Cost: []*pb.Amount{{Resource: "food", Amount: 600}, {Resource: "wood", Amount: 4}}},
	actDevelop: {Cost: []*pb.Amount{{Resource: "wood", Amount: 18}, {Resource: "stone", Amount: 10},
		{Resource: "tools", Amount: 2}, {Resource: "gold", Amount: 4}}, CostPer: "level"},
}

// gv returns the Grisonval detail of a hand-built view.
func gv(v *pb.CampView) *pb.GrisonvalView { return v.GetGrisonval() }

// grisonval returns a view of camp self on day, whose Grisonval detail is
// g with the rules of testRules.
func grisonval(day int32, g *pb.GrisonvalView) *pb.CampView {
	g.Rules = testRules()
	return &pb.CampView{Camp: self, Day: day, Ruleset: "grisonval", Detail: &pb.CampView_Grisonval{Grisonval: g}}
}

// TestPrice covers price: a fixed price whatever n, a price per unit, and
// develop's price per level, free from level 0 (DEV-2).
func TestPrice(t *testing.T) {
	raise := &pb.LegalAction{Cost: []*pb.Amount{{Resource: "food", Amount: 2}, {Resource: "wood", Amount: 2}}, CostPer: "men"}
	tests := []struct {
		name string
		la   *pb.LegalAction
		n    int64
		want stock
	}{
		{"a fixed price", testPrices[actExpand], 7, stock{rFood: 600, rWood: 4}},
		{"a price per man", raise, 3, stock{rFood: 6, rWood: 6}},
		{"develop from level 2", testPrices[actDevelop], 2, stock{rWood: 36, rStone: 20, rTools: 4, rGold: 8}},
		{"develop from level 0 is free", testPrices[actDevelop], 0, stock{}},
		{"no price", &pb.LegalAction{}, 3, stock{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := price(tt.la, tt.n); got != tt.want {
				t.Errorf("got %v; want %v", got, tt.want)
			}
		})
	}
}

// TestDecideForeignRuleset checks that a view of a ruleset the bot has no
// strategy for (no detail it reads) gets a legal order drawn from its
// menu: every argument within its ArgSpec, the same order for the same
// view, every action and every value drawn over the days, never an action
// with an argument that has no value; rest when none is left; the state
// unchanged.
func TestDecideForeignRuleset(t *testing.T) {
	v := &pb.CampView{WorldId: 7, Camp: 1, Ruleset: "dice", LegalActions: []*pb.LegalAction{
		act("draw"), act("raise", countArg("gauge", 1, 3)),
		act("take", &pb.ArgSpec{Name: "camp", Kind: pb.ArgKind_ARG_KIND_CAMP, Choices: []int32{0, 2}}, countArg("n", 2, 2)),
		act("void", &pb.ArgSpec{Name: "card", Kind: pb.ArgKind_ARG_KIND_CARD}),
	}}
	s := State{Aggressiveness: 40}
	drawn := map[string]int{}
	for day := range int32(60) {
		v.Day = day
		o, next := Decide(v, s)
		if !legalOrder(v, o) || next != s {
			t.Fatalf("day %d: got %s %v and state %+v; want a legal order and the state unchanged", day, o.GetAction(), o.GetArgs(), next)
		}
		if again, _ := Decide(v, s); !proto.Equal(o, again) {
			t.Errorf("day %d: got %v, then %v; want the same order for the same view", day, o, again)
		}
		if !strings.Contains(o.GetReason(), `règles "dice"`) {
			t.Errorf("day %d: got reason %q; want it to name the ruleset", day, o.GetReason())
		}
		drawn[fmt.Sprintf("%s %v", o.GetAction(), o.GetArgs())]++
	}
	for _, want := range []string{"draw []", "raise [1]", "raise [2]", "raise [3]", "take [0 2]", "take [2 2]"} {
		if drawn[want] == 0 {
			t.Errorf("got orders %v over 60 days; want %s among them", drawn, want)
		}
	}
	if o, _ := DecideIn(lang.EN, &pb.CampView{Ruleset: "dice", LegalActions: []*pb.LegalAction{act("void", zoneArg())}}, s); o.GetAction() != actRest ||
		!strings.Contains(o.GetReason(), "no legal action to draw") {
		t.Errorf("got %s (%q) with no action to draw; want rest", o.GetAction(), o.GetReason())
	}
}

// TestRulesOfRealView checks that the rules and prices the hand-built views
// carry (testRules, testPrices) are the real server's, on a fresh world
// of the development server.
func TestRulesOfRealView(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real server")
	}
	srv := testserver.Start(t)
	_, tok := srv.NewWorld(t, 42, 0, nil)
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	v, err := srv.Game.GetView(ctx, &pb.GetViewRequest{})
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	if got, want := v.GetGrisonval().GetRules(), testRules(); !proto.Equal(got, want) {
		t.Errorf("the server's rules:\n%s\ntestRules:\n%s\nwant them equal", prototext.Format(got), prototext.Format(want))
	}
	// The price of expand_to is on its legal action (day 0 offers it);
	// develop's per level is the rules' develop_cost, and also on its
	// legal action when develop is offered.
	rules := v.GetGrisonval().GetRules()
	checkPrice(t, actExpand, legal(v, actExpand))
	checkPrice(t, actDevelop, legal(v, actDevelop))
	perLevel := &pb.LegalAction{CostPer: "level"}
	for r, k := range resKeys {
		if n := stockOf(rules.GetDevelopCost())[r]; n != 0 {
			perLevel.Cost = append(perLevel.Cost, &pb.Amount{Resource: k, Amount: n})
		}
	}
	checkPrice(t, actDevelop, perLevel)
}

// checkPrice reports when la, the legal action named name of a real view,
// does not carry testPrices[name]; a nil la is reported only for
// expand_to, which every camp may order on day 0.
func checkPrice(t *testing.T, name string, la *pb.LegalAction) {
	t.Helper()
	if la == nil {
		if name == actExpand {
			t.Errorf("%s is not legal on day 0; want it listed with its price", name)
		}
		return
	}
	got := &pb.LegalAction{Cost: la.GetCost(), CostPer: la.GetCostPer()}
	if want := testPrices[name]; !proto.Equal(got, want) {
		t.Errorf("price of %s: got %v; want %v", name, got, want)
	}
}
