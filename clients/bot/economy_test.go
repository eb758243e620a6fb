package bot

import (
	"slices"
	"strings"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// econView returns a balanced growth camp on day 10 that lacks nothing: it
// holds zones 1 (capital, plains, two schools), 2 (forest, a lumber camp),
// 4 (mountain, a mine) and 5 (coast, a market and a workshop), with 5 free
// slots, 30 inhabitants of 40 and every net income at its minNet or above.
// With nothing to build it does its chores: wood is under its buffer, so it
// chops wood.
func econView() *pb.CampView {
	own := func(id int32, t pb.Terrain, slots int32, bs ...string) *pb.Zone {
		return &pb.Zone{Id: id, Visibility: visible, Terrain: t, Owner: self, Slots: slots, Buildings: bs,
			Neighbors: []int32{id + 1, id + 2}}
	}
	capital := own(1, plains, 5, bSchool, bSchool)
	capital.Capital, capital.Garrison = true, 3
	v := grisonval(10, &pb.GrisonvalView{
		Morale: 80, Population: 30, Housing: 40, YearSeason: "spring",
		Resources: &pb.Resources{Food: 3000, Wood: 120, Stone: 60, Tools: 20, Gold: 60, Research: 40},
		Zones: []*pb.Zone{
			capital,
			own(2, forest, 2, bLumberCamp),
			zone(3, visible, forest, -1, 0),
			own(4, mountain, 1, bMine),
			own(5, coast, 3, bMarket, bWorkshop),
			zone(6, visible, plains, -1, 0),
		},
		Upkeep: &pb.Upkeep{Buildings: &pb.Resources{Wood: 1}, Governance: &pb.Resources{Gold: 1}},
	})
	v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_GROWTH}
	v.LegalActions = []*pb.LegalAction{
		act("rest"), act("chop_wood"), act("explore", zoneArg(7)),
		act("build_house", zoneArg(1, 2, 5)), act("build_school", zoneArg(1, 2, 5)),
		act("build_farm", zoneArg(1, 5)), act("build_workshop", zoneArg(1, 2, 5)),
	}
	return v
}

// withLegal adds legal actions.
func withLegal(las ...*pb.LegalAction) func(v *pb.CampView) {
	return func(v *pb.CampView) { v.LegalActions = append(v.LegalActions, las...) }
}

// TestEconomy covers the AI's economy: AI-ECO-1 (emergencies), AI-ECO-2
// (the order of works), AI-ECO-3 (surpluses spent) and AI-SITE (sites).
func TestEconomy(t *testing.T) {
	base := econView()
	tests := []struct {
		name       string
		view       *pb.CampView
		wantAction string
		wantArgs   []int32
		wantReason []string
	}{
		{"a balanced camp does its chores", base, "chop_wood", nil, []string{"120 bois < 150"}},

		{"upkeep: wood that will not pay the bill calls for a lumber camp", edit(base, all(withLegal(act("build_lumber_camp", zoneArg(2))), func(v *pb.CampView) {
			gv(v).Upkeep.Buildings.Wood = 15
			gv(v).Resources.Wood = 40
		})), "build_lumber_camp", []int32{2}, []string{"entretien de 15 bois par jour, revenu estimé 9, stock 40", "un camp de bûcherons en zone 2"}},
		{"upkeep: with no forest slot the camp develops a forest", edit(base, all(withLegal(act("develop", zoneArg(1, 2))), func(v *pb.CampView) {
			gv(v).Upkeep.Buildings.Wood = 15
			gv(v).Resources.Wood = 40
		})), "develop", []int32{2}, []string{"aucun emplacement pour un camp de bûcherons", "zone 2 du niveau 0 au niveau 1"}},
		{"upkeep: else the wood chore", edit(base, func(v *pb.CampView) {
			gv(v).Upkeep.Buildings.Wood = 15
			gv(v).Resources.Wood = 40
		}), "chop_wood", nil, []string{"entretien de 15 bois", "corvée de bois"}},
		{"upkeep: degraded buildings call for the producer whatever the stock", edit(base, all(withLegal(act("build_mine", zoneArg(4))), func(v *pb.CampView) {
			gv(v).Upkeep.Buildings.Stone = 8
			gv(v).Upkeep.Degraded = true
			gv(v).Resources.Stone = 500
		})), "build_mine", []int32{4}, []string{"bâtiments dégradés"}},

		{"food crisis: grain at the market for a month of deficit", edit(base, all(withLegal(act("trade", countArg("lots", 1, 4))), func(v *pb.CampView) {
			gv(v).Population, gv(v).Housing = 200, 260
			gv(v).Resources.Food = 1000
		})), "trade", []int32{4}, []string{"1000 nourriture, 5 jour(s) de réserve, bilan -100 par jour", "achat de 4 lot(s)"}},
		{"food crisis: a farm without a market", edit(base, func(v *pb.CampView) {
			gv(v).Population, gv(v).Housing = 200, 260
			gv(v).Resources.Food = 1000
		}), "build_farm", []int32{1}, []string{"bilan -100"}},
		{"food falling with a month of reserve is no crisis", edit(base, func(v *pb.CampView) {
			gv(v).Population, gv(v).Housing = 120, 260
			gv(v).Resources.Food = 3000
		}), "chop_wood", nil, nil},

		{"housing nearly full: a house", edit(base, func(v *pb.CampView) { gv(v).Housing = 32 }),
			"build_house", []int32{1}, []string{"population 30, logement 32", "une maison en zone 1 (plaines"}},
		{"a dwindling people: a house", edit(base, func(v *pb.CampView) { gv(v).Population = 11 }),
			"build_house", []int32{1}, []string{"population 11 < 12, la colonie s'éteint peu à peu"}},
		{"population under 20 + 1 a zone: a house", edit(base, func(v *pb.CampView) { gv(v).Population = 22 }),
			"build_house", []int32{1}, []string{"population 22 < 24"}},

		{"morale sags: a temple", edit(base, all(withLegal(act("build_temple", zoneArg(4, 5))), func(v *pb.CampView) { gv(v).Morale = 50 })),
			"build_temple", []int32{5}, []string{"moral 50 < 60, 0 temple(s)", "un temple en zone 5 (côte"}},
		{"no fourth temple", edit(base, all(withLegal(act("build_temple", zoneArg(5))), func(v *pb.CampView) {
			gv(v).Morale = 50
			gv(v).Zones[0].Buildings = append(gv(v).Zones[0].Buildings, bTemple, bTemple, bTemple)
			gv(v).Zones[0].Slots = 8
		})), "rest", nil, []string{"moral 50 < 75"}},

		{"the monument as soon as it is legal", edit(base, withLegal(act("build_monument"))),
			"build_monument", nil, []string{"le grand monument est à portée"}},

		{"schools on schedule: 1 + day/10", edit(base, func(v *pb.CampView) { v.Day = 30 }),
			"build_school", []int32{1}, []string{"2 école(s) < 4 au jour 30", "une école en zone 1"}},
		{"a school goes where its slot is least wanted", edit(base, func(v *pb.CampView) {
			v.Day = 30
			v.LegalActions[4] = act("build_school", zoneArg(2, 4, 5))
		}), "build_school", []int32{5}, []string{"une école en zone 5 (côte, 1 emplacement(s) libre(s))"}},

		{"producers: the largest shortfall first", edit(base, all(withLegal(act("build_mine", zoneArg(4)), act("build_lumber_camp", zoneArg(2))), func(v *pb.CampView) {
			gv(v).Zones[3].Buildings = nil
			gv(v).Zones[1].Buildings = nil
			gv(v).Upkeep.Territory = &pb.Resources{Stone: 3}
		})), "build_mine", []int32{4}, []string{"pierre net estimé 0 < 3 par jour, stock 60 < 80"}},
		{"producers: a stock that runs out comes first", edit(base, all(withLegal(act("build_mine", zoneArg(4)), act("build_lumber_camp", zoneArg(2))), func(v *pb.CampView) {
			gv(v).Zones[3].Buildings = nil
			gv(v).Zones[1].Buildings = nil
			gv(v).Upkeep.Territory = &pb.Resources{Stone: 6}
			gv(v).Upkeep.Buildings.Wood = 10
			gv(v).Resources.Wood = 60
		})), "build_lumber_camp", []int32{2}, []string{"bois net estimé -6 < 8 par jour, stock 60"}},
		{"producers: no slot for a mine, develop a mountain", edit(base, all(withLegal(act("develop", zoneArg(1, 4))), func(v *pb.CampView) {
			gv(v).Zones[3].Buildings = nil
			gv(v).Zones[3].Slots = 0
			gv(v).Upkeep.Territory = &pb.Resources{Stone: 3}
		})), "develop", []int32{4}, []string{"pierre net estimé", "aucun emplacement pour une mine"}},
		{"producers: tools call for a workshop", edit(base, func(v *pb.CampView) { gv(v).Zones[4].Buildings = []string{bMarket} }),
			"build_workshop", []int32{1}, []string{"outils net estimé 0 < 1"}},
		{"a stock over its buffer is no need", edit(base, func(v *pb.CampView) {
			gv(v).Zones[4].Buildings = []string{bMarket}
			gv(v).Resources.Tools = 30
		}), "chop_wood", nil, nil},

		{"slots run out: develop the lowest level", edit(base, all(withLegal(act("develop", zoneArg(1, 2, 5))), func(v *pb.CampView) {
			gv(v).Zones[0].Slots, gv(v).Zones[0].Development = 2, 2
			gv(v).Zones[4].Slots = 2
		})), "develop", []int32{5}, []string{"1 emplacement(s) libre(s) ≤ 1", "zone 5 du niveau 0 au niveau 1 (coût 0 bois"}},

		{"surplus stone: walls on the capital", edit(base, all(withLegal(act("build_walls", zoneArg(1, 5))), func(v *pb.CampView) { gv(v).Resources.Stone = 200 })),
			"build_walls", []int32{1}, []string{"200 pierre", "des murailles en zone 1"}},
		{"surplus of all: a school beyond the schedule", edit(base, func(v *pb.CampView) {
			gv(v).Resources = &pb.Resources{Food: 3000, Wood: 200, Stone: 100, Tools: 20, Gold: 100}
		}), "build_school", []int32{1}, []string{"réserves 200 bois, 100 pierre, 100 or (seuils 150, 80, 80)"}},
		{"surplus wood with slots short: develop", edit(base, all(withLegal(act("develop", zoneArg(5))), func(v *pb.CampView) {
			gv(v).Resources.Wood = 200
			gv(v).Zones[0].Slots = 3
			gv(v).Zones[4].Slots = 2
		})), "develop", []int32{5}, []string{"200 bois", "2 emplacement(s) libre(s)"}},

		{"aggressive and prudent camps run the same economy", edit(base, func(v *pb.CampView) {
			v.Controller.Posture = pb.Posture_POSTURE_PRUDENT
			gv(v).Housing = 32
			gv(v).Zones[0].Garrison = 4
			gv(v).Zones[1].Garrison, gv(v).Zones[3].Garrison, gv(v).Zones[4].Garrison = 4, 4, 4
		}), "build_house", []int32{1}, []string{"prudent : population 30, logement 32"}},
		{"an aggressive camp builds a house before it raises", edit(base, all(withLegal(act("raise_army", countArg("men", 1, 5))), func(v *pb.CampView) {
			v.Controller.Posture = pb.Posture_POSTURE_AGGRESSIVE
			gv(v).Housing = 32
		})), "build_house", []int32{1}, []string{"belliqueux : population 30"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := Decide(tt.view, State{})
			if o.GetAction() != tt.wantAction || !slices.Equal(o.GetArgs(), tt.wantArgs) {
				t.Fatalf("got %s %v; want %s %v (reason %q)", o.GetAction(), o.GetArgs(), tt.wantAction, tt.wantArgs, o.GetReason())
			}
			for _, w := range tt.wantReason {
				if !strings.Contains(o.GetReason(), w) {
					t.Errorf("got reason %q; want it to contain %q", o.GetReason(), w)
				}
			}
		})
	}
}
