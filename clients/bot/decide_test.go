package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/proto"
)

// The hand-built views below belong to camp 1, so that an unknown zone (whose
// owner field is 0 on the wire) would look like an enemy zone if the bot
// forgot to check visibility.
const self = 1

func zone(id int32, vis pb.Visibility, t pb.Terrain, owner, garrison int32) *pb.Zone {
	return &pb.Zone{Id: id, Visibility: vis, Terrain: t, Owner: owner, Garrison: garrison}
}

const (
	visible    = pb.Visibility_VISIBILITY_VISIBLE
	remembered = pb.Visibility_VISIBILITY_REMEMBERED
	unknown    = pb.Visibility_VISIBILITY_UNKNOWN
	plains     = pb.Terrain_TERRAIN_PLAINS
	forest     = pb.Terrain_TERRAIN_FOREST
	mountain   = pb.Terrain_TERRAIN_MOUNTAIN
	coast      = pb.Terrain_TERRAIN_COAST
)

func zoneArg(zs ...int32) *pb.ArgSpec {
	return &pb.ArgSpec{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: zs}
}

func campArg(cs ...int32) *pb.ArgSpec {
	return &pb.ArgSpec{Name: "camp", Kind: pb.ArgKind_ARG_KIND_CAMP, Choices: cs}
}

func countArg(name string, lo, hi int32) *pb.ArgSpec {
	return &pb.ArgSpec{Name: name, Kind: pb.ArgKind_ARG_KIND_COUNT, Min: lo, Max: hi}
}

// act returns legal action name with its args, and its price as a real
// view lists it (testPrices).
func act(name string, args ...*pb.ArgSpec) *pb.LegalAction {
	la := &pb.LegalAction{Action: name, Args: args}
	if p, ok := testPrices[name]; ok {
		p = proto.Clone(p).(*pb.LegalAction)
		la.Cost, la.CostPer = p.Cost, p.CostPer
	}
	return la
}

// baseView returns a camp holding zones 1 (capital, plains) and 2 (forest),
// seeing zones 3 to 7 around them; zones 8 to 12 are unknown.
func baseView(posture pb.Posture) *pb.CampView {
	zs := []*pb.Zone{
		{Id: 1, Visibility: visible, Terrain: plains, Owner: self, Capital: true, Garrison: 3},
		zone(2, visible, forest, self, 4),
		zone(3, visible, forest, -1, 0),
		zone(4, visible, mountain, -1, 0),
		zone(5, visible, coast, -1, 0),
		zone(6, visible, plains, -1, 0),
		zone(7, visible, plains, -1, 0),
	}
	for id := int32(8); id <= 12; id++ {
		zs = append(zs, &pb.Zone{Id: id, Visibility: unknown})
	}
	v := grisonval(10, &pb.GrisonvalView{
		Morale: 60, Population: 20, MaxUnderArms: 12,
		Resources: &pb.Resources{Food: 1540, Wood: 60},
		Zones:     zs,
	})
	v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: posture}
	v.LegalActions = []*pb.LegalAction{
		act("rest"), act("chop_wood"), act("explore", zoneArg(8, 9, 10)),
		act("expand_to", zoneArg(3, 4, 6, 5)),
		act("raise_army", countArg("men", 1, 5)),
	}
	return v
}

// edit returns a copy of v changed by f.
func edit(v *pb.CampView, f func(v *pb.CampView)) *pb.CampView {
	c := proto.Clone(v).(*pb.CampView)
	f(c)
	return c
}

// without removes the named legal actions.
func without(names ...string) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		v.LegalActions = slices.DeleteFunc(v.LegalActions, func(la *pb.LegalAction) bool {
			return slices.Contains(names, la.GetAction())
		})
	}
}

// withSend adds send_army with the given field army, to every known zone.
func withSend(army int32) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		gv(v).FieldArmy = army
		var zs []int32
		for _, z := range gv(v).Zones {
			if known(z) {
				zs = append(zs, z.Id)
			}
		}
		v.LegalActions = append(v.LegalActions, act("send_army", countArg("men", 1, army), zoneArg(zs...)))
	}
}

func all(fs ...func(v *pb.CampView)) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		for _, f := range fs {
			f(v)
		}
	}
}

// rich gives the camp stocks beyond every buffer and a high morale, so that
// it lacks nothing and rests for nothing.
func rich(v *pb.CampView) {
	gv(v).Resources = &pb.Resources{Food: 5000, Wood: 200, Stone: 100, Tools: 40, Gold: 100}
	gv(v).Morale = 80
}

// TestDecide covers each posture's play: AI-BRIDLE (the expansion bridle)
// and AI-MIL (the aggressive and prudent armies).
func TestDecide(t *testing.T) {
	growth := baseView(pb.Posture_POSTURE_GROWTH)
	aggressive := baseView(pb.Posture_POSTURE_AGGRESSIVE)
	prudent := baseView(pb.Posture_POSTURE_PRUDENT)
	met := func(v *pb.CampView) {
		gv(v).Camps = []*pb.CampSummary{{Camp: 2, Met: true, Alive: true, Relation: "war"}}
	}
	enemies := func(v *pb.CampView) {
		gv(v).Zones[8-1] = &pb.Zone{Id: 8, Visibility: visible, Terrain: plains, Owner: 2, Garrison: 5, LastSeenDay: 10}
		gv(v).Zones[9-1] = &pb.Zone{Id: 9, Visibility: remembered, Terrain: forest, Owner: 0, Garrison: 1, LastSeenDay: 4}
	}
	tests := []struct {
		name       string
		view       *pb.CampView
		wantAction string
		wantArgs   []int32
		wantReason []string
	}{
		{"growth expands to the land of the resource it lacks most", growth,
			"expand_to", []int32{4}, []string{"croissance", "1540 nourriture ≥ 800", "zone libre 4 (montagne) adjacente"}},
		{"unspecified posture with no rival plays growth", baseView(pb.Posture_POSTURE_UNSPECIFIED),
			"expand_to", []int32{4}, []string{"posture croissance (puissance 21, aucun rival connu)", "croissance :"}},
		{"growth takes the terrain furthest below its share when it lacks nothing", edit(growth, rich),
			"expand_to", []int32{5}, []string{"zone libre 5 (côte)"}},
		{"growth takes forest for wood", edit(growth, all(rich, func(v *pb.CampView) { gv(v).Resources.Wood = 10 })),
			"expand_to", []int32{3}, []string{"zone libre 3 (forêt)"}},
		{"growth keeps a food reserve beyond the settlers' 600", edit(growth, all(without("explore"), func(v *pb.CampView) {
			gv(v).Resources.Food = 700
			gv(v).Morale = 80
		})), "chop_wood", nil, nil},
		{"growth rests on low morale", edit(growth, func(v *pb.CampView) { gv(v).Morale = 30 }),
			"rest", nil, []string{"moral 30 < 40"}},
		{"growth keeps the bridle and does its chores", edit(growth, func(v *pb.CampView) { v.Day = 0 }),
			"rest", nil, []string{"aucune zone libre où s'étendre, moral 60 < 75"}},
		{"growth keeps the bridle on columns", edit(growth, func(v *pb.CampView) {
			gv(v).Columns = []*pb.Column{{Id: 1}, {Id: 2}}
		}), "rest", nil, nil},
		{"growth chops wood under its buffer when morale is high", edit(growth, all(without("expand_to"), func(v *pb.CampView) {
			gv(v).Resources.Wood = 3
			gv(v).Morale = 80
		})), "chop_wood", nil, []string{"3 bois < 150"}},
		{"growth explores when wood is plentiful", edit(growth, all(without("expand_to"), rich)),
			"explore", []int32{8}, []string{"exploration de la zone inconnue 8"}},
		{"growth rests when nothing else is open", edit(growth, without("expand_to", "explore")),
			"rest", nil, []string{"croissance", "moral 60"}},

		{"aggressive raises its army", aggressive,
			"raise_army", []int32{5}, []string{"belliqueux", "armée de campagne 0 < 12", "levée de 5"}},
		{"aggressive garrisons its capital first", edit(aggressive, all(withSend(6), func(v *pb.CampView) {
			gv(v).Zones[0].Garrison = 1
		})), "send_army", []int32{2, 1}, []string{"garnison de la capitale 1 < 3"}},
		{"aggressive raises only what it lacks", edit(aggressive, withSend(10)),
			"raise_army", []int32{2}, []string{"armée de campagne 10 < 12"}},
		{"aggressive waits for one and a half times the defence and the holder's relief", edit(aggressive, all(enemies, withSend(12))),
			// Estimated defence 7 (below); the holder's land bears no known
			// development: 2 men of relief (AI-AGGR), (7 × 3 + 4) / 2 + 3 + 1 = 16.
			"raise_army", []int32{4}, []string{"armée de campagne 12 < 16"}},
		{"aggressive attacks the weakest known enemy zone", edit(aggressive, all(enemies, withSend(16))),
			// Defence 1 + forest 1 + militia 2 + unseen army 2 + 1 for 6 days
			// unseen: 7; the whole field army marches.
			"send_army", []int32{16, 9}, []string{"zone 9 du camp 0", "défense estimée 7", "garnison 1 vue le jour 4"}},
		{"AI-AGGR: a man more of relief per 15 levels of the holder's known development", edit(aggressive, all(enemies, withSend(16), func(v *pb.CampView) {
			gv(v).Zones[10-1] = &pb.Zone{Id: 10, Visibility: remembered, Terrain: plains, Owner: 0, Garrison: 20, Development: 15, LastSeenDay: 4}
		})),
			// 15 levels known on camp 0's land: 2 + 1 men of relief,
			// (7 × 3 + 6) / 2 + 3 + 1 = 17 (7 levels, under half a man, would leave 16).
			"raise_army", []int32{1}, []string{"armée de campagne 16 < 17"}},
		{"aggressive raises more against a strong zone", edit(aggressive, all(func(v *pb.CampView) {
			gv(v).Zones[8-1] = &pb.Zone{Id: 8, Visibility: visible, Owner: 2, Capital: true, Garrison: 15, LastSeenDay: 10}
		}, withSend(12))), "raise_army", []int32{5}, []string{"armée de campagne 12 < 37"}},
		{"aggressive expands when no enemy is known", edit(aggressive, withSend(12)),
			"expand_to", []int32{4}, []string{"belliqueux", "zone libre 4"}},
		{"aggressive ignores unknown zones", edit(aggressive, all(without("expand_to"), withSend(12), rich)),
			"explore", []int32{8}, []string{"aucune cible connue"}},
		{"aggressive rests on very low morale", edit(aggressive, func(v *pb.CampView) { gv(v).Morale = 20 }),
			"rest", nil, []string{"moral 20 < 35"}},

		{"AI-PRUDENT: prudent rests under 50 morale", edit(prudent, func(v *pb.CampView) { gv(v).Morale = 45 }),
			"rest", nil, []string{"prudent", "moral 45 < 50"}},
		{"prudent garrisons its capital", edit(prudent, withSend(2)),
			"send_army", []int32{1, 1}, []string{"garnison de la capitale 3 < 4", "1 hommes en garnison"}},
		{"AI-PRUDENT: prudent keeps a reserve at home once it has met another camp", edit(prudent, all(met, func(v *pb.CampView) { gv(v).Zones[0].Garrison = 4 })),
			"raise_army", []int32{5}, []string{"réserve de 6 hommes au pays (armée de campagne 0)", "levée de 5"}},
		{"prudent keeps one man in reserve per two zones held", edit(prudent, all(met, withSend(6), func(v *pb.CampView) {
			gv(v).Zones[0].Garrison = 4
			for _, z := range gv(v).Zones[2:7] {
				z.Owner = self
			}
			for id := int32(13); id <= 19; id++ {
				gv(v).Zones = append(gv(v).Zones, zone(id, visible, plains, self, 0))
			}
		})), "raise_army", []int32{1}, []string{"réserve de 7 hommes"}},
		{"prudent keeps no reserve before it meets anyone and grows as growth does", edit(prudent, func(v *pb.CampView) { gv(v).Zones[0].Garrison = 4 }),
			"expand_to", []int32{4}, []string{"prudent", "1540 nourriture ≥ 800"}},
		{"AI-PRUDENT: prudent walls its border", edit(prudent, all(met, withSend(6), rich, func(v *pb.CampView) {
			gv(v).Zones[0].Garrison = 4
			gv(v).Zones[3-1].Owner, gv(v).Zones[3-1].Garrison = 2, 0
			v.LegalActions = append(v.LegalActions, act("build_walls", zoneArg(1, 2)))
		})), "build_walls", []int32{1}, []string{"pierre 100", "murailles en zone 1"}},
		{"prudent walls only its border and its capital", edit(prudent, all(met, withSend(6), rich, func(v *pb.CampView) {
			gv(v).Zones[0].Garrison = 4
			v.LegalActions = append(v.LegalActions, act("build_walls", zoneArg(2)))
		})), "expand_to", []int32{5}, nil},
		{"rest when only rest is legal", edit(aggressive, func(v *pb.CampView) {
			v.LegalActions = []*pb.LegalAction{act("rest")}
		}), "rest", nil, []string{"belliqueux"}},
		{"rest when nothing is legal", edit(growth, func(v *pb.CampView) { v.LegalActions = nil }),
			"rest", nil, []string{"aucune autre action"}},
		{"unknown actions are left alone", edit(growth, func(v *pb.CampView) {
			v.LegalActions = []*pb.LegalAction{act("build_farm", zoneArg(1)), act("rest")}
		}), "rest", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := Decide(tt.view, State{Aggressiveness: attackAppetite})
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

// checkLegal returns why o is not among v's legal actions, or "".
func checkLegal(v *pb.CampView, o *pb.Order) string {
	for _, la := range v.GetLegalActions() {
		if la.GetAction() != o.GetAction() {
			continue
		}
		if len(o.GetArgs()) != len(la.GetArgs()) {
			return fmt.Sprintf("%d args for %s; want %d", len(o.GetArgs()), o.GetAction(), len(la.GetArgs()))
		}
		for i, s := range la.GetArgs() {
			x := o.GetArgs()[i]
			if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT && (x < s.GetMin() || x > s.GetMax()) {
				return fmt.Sprintf("args[%d] = %d outside [%d, %d]", i, x, s.GetMin(), s.GetMax())
			}
			if s.GetKind() != pb.ArgKind_ARG_KIND_COUNT && !slices.Contains(s.GetChoices(), x) {
				return fmt.Sprintf("args[%d] = %d not in %v", i, x, s.GetChoices())
			}
		}
		return ""
	}
	return fmt.Sprintf("action %s is not legal", o.GetAction())
}

// randomView builds a view as a server could send it: every zone with a
// random knowledge, owner and garrison, and a random subset of the legal
// actions with random but well-formed arguments. Rest is legal whenever
// anything is, as in seed 000.
func randomView(r *rand.Rand) *pb.CampView {
	camp, day := r.Int32N(3), r.Int32N(200)
	g := &pb.GrisonvalView{Morale: r.Int32N(101), FieldArmy: r.Int32N(30),
		Resources: &pb.Resources{Food: r.Int64N(3000), Wood: r.Int64N(400), Stone: r.Int64N(300),
			Tools: r.Int64N(60), Gold: r.Int64N(300), Research: r.Int64N(6000)}}
	controller := &pb.Controller{Posture: pb.Posture(r.IntN(4))}
	g.Population, g.Housing, g.YearSeason = r.Int32N(80), r.Int32N(90), []string{"spring", "winter"}[r.IntN(2)]
	g.Upkeep = &pb.Upkeep{Buildings: &pb.Resources{Wood: r.Int64N(40), Stone: r.Int64N(10), Gold: r.Int64N(20)},
		Territory: &pb.Resources{Wood: r.Int64N(20)}, Degraded: r.IntN(5) == 0}
	v := grisonval(day, g)
	v.Camp, v.Controller = camp, controller
	gv(v).Archetype = []string{"", archBuilders, archWarriors, archMerchant}[r.IntN(4)]
	gv(v).Politics = &pb.Politics{Government: []string{"autocracy", "republic", "oligarchy"}[r.IntN(3)], Legitimacy: r.Int32N(101)}
	for g, code := range []string{"autocracy", "oligarchy", "overlord", "republic", "theocracy", "scholarchy"} {
		gv(v).Governments = append(gv(v).Governments, &pb.GovernmentForm{Id: int32(g + 1), Code: code})
	}
	for c := range int32(3) {
		if r.IntN(3) > 0 {
			cs := &pb.CampSummary{Camp: c, Alive: r.IntN(5) > 0, Met: r.IntN(4) > 0,
				Relation:      []string{"", "war", "peace", "alliance"}[r.IntN(4)],
				RelationSince: r.Int32N(v.Day + 1), Refusals: r.Int32N(4), DoorClosedUntil: r.Int32N(v.Day + 10)}
			cs.BreakableFrom = cs.RelationSince + 12
			if r.IntN(3) == 0 {
				cs.Proposal = &pb.Proposal{Pact: []string{"peace", "alliance"}[r.IntN(2)], FromCamp: r.Int32N(3),
					Day: r.Int32N(v.Day + 1), Willingness: r.Int32N(101)}
			}
			gv(v).Camps = append(gv(v).Camps, cs)
		}
		if r.IntN(3) == 0 {
			gv(v).OtherRelations = append(gv(v).OtherRelations, &pb.PairRelation{A: c, B: (c + 1) % 3, Relation: []string{"war", "peace", "alliance"}[r.IntN(3)]})
		}
	}
	kinds := []string{bFarm, bLumberCamp, bMine, bWorkshop, bMarket, bSchool, bHouse, bTemple, bWalls, "barracks"}
	randomZones := func() []int32 {
		var zs []int32
		for id := int32(1); id <= 91; id++ {
			if r.IntN(8) == 0 {
				zs = append(zs, id)
			}
		}
		return zs
	}
	for id := int32(1); id <= 91; id++ {
		z := &pb.Zone{Id: id, Visibility: pb.Visibility(1 + r.IntN(3))}
		if z.Visibility != unknown {
			z.Terrain = pb.Terrain(1 + r.IntN(4))
			z.Owner = r.Int32N(4) - 1
			z.Garrison = r.Int32N(20)
			z.Capital = r.IntN(10) == 0
			z.LastSeenDay = r.Int32N(v.Day + 1)
			z.Slots, z.Development = r.Int32N(6), r.Int32N(5)
			for range r.IntN(5) {
				z.Buildings = append(z.Buildings, kinds[r.IntN(len(kinds))])
			}
		}
		for range r.IntN(7) {
			z.Neighbors = append(z.Neighbors, 1+r.Int32N(91))
		}
		z.Q, z.R = r.Int32N(11)-5, r.Int32N(11)-5
		z.Surveyed, z.CutOff = r.IntN(2) == 0, r.IntN(10) == 0
		if z.Surveyed || r.IntN(5) == 0 {
			z.Special = []string{"", "", "", "resource", "river", "landmark", "lair", "ruin", "unknown"}[r.IntN(9)]
		}
		gv(v).Zones = append(gv(v).Zones, z)
	}
	for range r.IntN(3) {
		gv(v).Columns = append(gv(v).Columns, &pb.Column{Id: r.Int32N(100), Kind: pb.ColumnKind(r.IntN(3)), ToZone: 1 + r.Int32N(91), Home: r.IntN(4) == 0})
	}
	for range r.IntN(4) {
		gv(v).Sieges = append(gv(v).Sieges, &pb.Siege{Zone: 1 + r.Int32N(91), Besieger: r.Int32N(4) - 1, Men: r.Int32N(25),
			StartDay: r.Int32N(v.Day + 1), AssaultDay: v.Day + r.Int32N(8)})
	}
	gv(v).Politics.NextChangeDay = r.Int32N(v.Day + 30)
	randomGovernance(r, v)
	if r.IntN(20) == 0 {
		return v
	}
	v.LegalActions = append(v.LegalActions, act("rest"))
	if r.IntN(10) == 0 {
		// A camp without a ruler: only rest and appoint (CNL-7).
		v.LegalActions = append(v.LegalActions, randomAppoint(r))
		return v
	}
	if r.IntN(2) == 0 {
		v.LegalActions = append(v.LegalActions, act("chop_wood"))
	}
	if r.IntN(2) == 0 {
		v.LegalActions = append(v.LegalActions, act("explore", zoneArg(randomZones()...)))
	}
	if r.IntN(2) == 0 {
		v.LegalActions = append(v.LegalActions, act("expand_to", zoneArg(randomZones()...)))
	}
	if r.IntN(2) == 0 {
		v.LegalActions = append(v.LegalActions, act("raise_army", countArg("men", 1, 1+r.Int32N(5))))
	}
	if gv(v).FieldArmy > 0 && r.IntN(2) == 0 {
		v.LegalActions = append(v.LegalActions, act("send_army", countArg("men", 1, gv(v).FieldArmy), zoneArg(randomZones()...)))
	}
	if r.IntN(4) == 0 {
		v.LegalActions = append(v.LegalActions, act("spy", zoneArg(randomZones()...)))
	}
	for _, k := range kinds {
		if r.IntN(3) == 0 {
			v.LegalActions = append(v.LegalActions, act("build_"+k, zoneArg(randomZones()...)))
		}
	}
	if r.IntN(3) == 0 {
		v.LegalActions = append(v.LegalActions, act("develop", zoneArg(randomZones()...)))
	}
	if r.IntN(3) == 0 {
		v.LegalActions = append(v.LegalActions, act("trade", countArg("lots", 1, 1+r.Int32N(6))))
	}
	if r.IntN(10) == 0 {
		v.LegalActions = append(v.LegalActions, act("build_monument"))
	}
	if r.IntN(3) == 0 {
		v.LegalActions = append(v.LegalActions, act("recall_army", zoneArg(randomZones()...), countArg("men", 1, 1+r.Int32N(10))))
	}
	for _, a := range []string{"propose_peace", "propose_alliance", "accept_pact", "refuse_pact", "declare_war"} {
		if r.IntN(3) == 0 {
			v.LegalActions = append(v.LegalActions, act(a, campArg(r.Int32N(3), r.Int32N(3))))
		}
	}
	if r.IntN(3) == 0 {
		v.LegalActions = append(v.LegalActions, randomAppoint(r))
	}
	if r.IntN(2) == 0 {
		lo := r.Int32N(2)
		v.LegalActions = append(v.LegalActions, act(actSetEdict, countArg("edict", 1+r.Int32N(2), 1+r.Int32N(3)), countArg("level", lo, lo+r.Int32N(5))))
	}
	if r.IntN(4) == 0 {
		v.LegalActions = append(v.LegalActions, act("set_government", &pb.ArgSpec{Name: "government", Kind: pb.ArgKind_ARG_KIND_GOVERNMENT, Choices: []int32{1 + r.Int32N(6), 1 + r.Int32N(6)}}))
	}
	r.Shuffle(len(v.LegalActions), func(i, j int) {
		v.LegalActions[i], v.LegalActions[j] = v.LegalActions[j], v.LegalActions[i]
	})
	return v
}

// randomGovernance gives v, most of the time, a random governance
// (edicts, council, statistics), notables and a forecast, as a server
// could send them; now and then one of an unknown edict or seat.
func randomGovernance(r *rand.Rand, v *pb.CampView) {
	g := gv(v)
	for range r.IntN(13) {
		g.Notables = append(g.Notables, &pb.Citizen{Id: 1 + r.Int32N(60), Level: 1 + r.Int32N(5), Age: 18 + r.Int32N(70),
			Trait: []string{"steady", "sociable", "anxious", "loner", "ambitious", "curious"}[r.IntN(6)]})
	}
	if r.IntN(3) > 0 {
		f := &pb.Forecast{Day: v.Day + 1}
		for _, k := range resKeys {
			fl := &pb.ResourceFlow{Resource: k, Stock: r.Int64N(1000), Net: r.Int64N(101) - 50}
			if fl.Net < 0 {
				fl.DaysLeft = max(1, fl.Stock/-fl.Net)
			}
			f.Flows = append(f.Flows, fl)
		}
		g.Forecast = f
	}
	if r.IntN(5) == 0 {
		return
	}
	gov := &pb.Governance{Stats: &pb.KingdomStats{Economy: r.Int32N(20) - 5, Loyalty: r.Int32N(20) - 5, Stability: r.Int32N(20) - 5,
		Unrest: r.Int32N(6), Consumption: r.Int32N(17)}}
	edicts := []string{edictTaxation, edictHolidays, edictPromotion}
	if r.IntN(20) == 0 {
		edicts = append(edicts, "tithe")
	}
	for i, e := range edicts {
		levels := []string{"l0", "l1", "l2", "l3", "l4"}[:2+r.IntN(4)]
		gov.Edicts = append(gov.Edicts, &pb.Edict{Id: int32(i + 1), Edict: e, Level: r.Int32N(int32(len(levels))), Levels: levels})
	}
	for i, s := range append(slices.Clone(seatCodes), []string{"", "consort"}[r.IntN(2)]) {
		if s == "" {
			continue
		}
		st := &pb.CouncilSeat{Id: int32(i + 1), Seat: s, Vacant: r.IntN(4) == 0, Fits: testFits[s]}
		if !st.Vacant {
			st.Citizen, st.Level, st.Trait = 1+r.Int32N(60), 1+r.Int32N(5), []string{"steady", "sociable", "curious"}[r.IntN(3)]
		}
		gov.Council = append(gov.Council, st)
	}
	g.Governance = gov
}

// randomAppoint returns appoint with random seats and citizens.
func randomAppoint(r *rand.Rand) *pb.LegalAction {
	seats, citizens := &pb.ArgSpec{Name: "seat", Kind: pb.ArgKind_ARG_KIND_SEAT}, &pb.ArgSpec{Name: "citizen", Kind: pb.ArgKind_ARG_KIND_CITIZEN}
	for s := int32(1); s <= 9; s++ {
		if r.IntN(3) > 0 {
			seats.Choices = append(seats.Choices, s)
		}
	}
	for range r.IntN(20) {
		citizens.Choices = append(citizens.Choices, 1+r.Int32N(60))
	}
	return act(actAppoint, seats, citizens)
}

// checkGovernance returns why o, legal by the menu, would still be refused
// or break a rule of the bot's governance (AI-GOV-EDICT, AI-GOV-SEAT), or
// "": a set_edict to the level the edict holds, of an edict the bot changed
// these edictDwell days (as the state st knows them), or a cut of the
// holidays within holidayCutDays of the last; an appoint of a citizen to
// the seat he holds.
func checkGovernance(v *pb.CampView, st State, o *pb.Order) string {
	st = st.started(v.GetDay())
	day := v.GetDay() + 1
	switch o.GetAction() {
	case actSetEdict:
		id, l := o.GetArgs()[0], o.GetArgs()[1]
		for _, e := range gv(v).GetGovernance().GetEdicts() {
			if e.GetId() != id {
				continue
			}
			switch {
			case l == e.GetLevel():
				return fmt.Sprintf("set_edict %d %d: the level it holds", id, l)
			case id > maxEdicts || st.EdictDay[id-1] > 0 && day-st.EdictDay[id-1] < edictDwell:
				return fmt.Sprintf("set_edict %d %d: changed on day %d, today %d", id, l, st.EdictDay[min(id, maxEdicts)-1], day)
			case e.GetEdict() == edictHolidays && l < e.GetLevel() && st.HolidayCut > 0 && day-st.HolidayCut < holidayCutDays:
				return fmt.Sprintf("set_edict %d %d: holidays cut on day %d, today %d", id, l, st.HolidayCut, day)
			}
			return ""
		}
		return fmt.Sprintf("set_edict %d: no such edict in the view", id)
	case actAppoint:
		for _, s := range gv(v).GetGovernance().GetCouncil() {
			if s.GetId() == o.GetArgs()[0] && !s.GetVacant() && s.GetCitizen() == o.GetArgs()[1] {
				return fmt.Sprintf("appoint %v: the seat he holds", o.GetArgs())
			}
		}
	}
	return ""
}

// maxReason is the longest reason the server accepts, in bytes.
const maxReason = 500

func TestDecideIsLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(0x6772, 0x736f))
	// governed counts the orders of governance the views drew, so that
	// the generator keeps covering them.
	governed := map[string]int{}
	defer func() {
		for _, a := range []string{actAppoint, actSetEdict, actExplore} {
			if governed[a] < 20 {
				t.Errorf("got %d %s orders in the generated views; want 20 or more", governed[a], a)
			}
		}
	}()
	for i := range 5000 {
		v := randomView(r)
		before := proto.Clone(v)
		st := State{Aggressiveness: r.IntN(101)}
		for c := range st.Spoke {
			st.Spoke[c] = r.Int32N(v.GetDay() + 1)
		}
		if r.IntN(4) > 0 {
			st.Since = 1 + r.Int32N(v.GetDay()+1)
			for e := range st.EdictDay {
				if r.IntN(2) == 0 {
					st.EdictDay[e] = st.Since + r.Int32N(v.GetDay()+2-st.Since)
				}
			}
			if r.IntN(2) == 0 {
				st.HolidayCut = st.Since + r.Int32N(v.GetDay()+2-st.Since)
			}
		}
		o, _ := Decide(v, st)
		if o.GetReason() == "" {
			t.Fatalf("view %d: got an empty reason for %s %v", i, o.GetAction(), o.GetArgs())
		}
		if n := len(o.GetReason()); n > maxReason {
			t.Fatalf("view %d: got a reason of %d bytes; want at most %d: %q", i, n, maxReason, o.GetReason())
		}
		if !proto.Equal(v, before) {
			t.Fatalf("view %d: Decide changed its input", i)
		}
		if again, _ := Decide(v, st); !proto.Equal(o, again) {
			t.Fatalf("view %d: got %v then %v; want the same order twice", i, o, again)
		}
		if len(v.GetLegalActions()) == 0 {
			if o.GetAction() != "rest" {
				t.Fatalf("view %d: got %s with no legal action; want rest", i, o.GetAction())
			}
			continue
		}
		if why := checkLegal(v, o); why != "" {
			t.Fatalf("view %d (posture %v): got %s %v: %s", i, v.GetController().GetPosture(), o.GetAction(), o.GetArgs(), why)
		}
		if why := checkGovernance(v, st, o); why != "" {
			t.Fatalf("view %d: got %s %v: %s", i, o.GetAction(), o.GetArgs(), why)
		}
		governed[o.GetAction()]++
	}
}
