package bot

import (
	"slices"
	"strings"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// met lists camps 0 and 2 as met and alive, with the given relations.
func met(rel0, rel2 string) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		gv(v).Camps = []*pb.CampSummary{
			{Camp: 0, Name: "Grisonval", Met: true, Alive: true, Relation: rel0, Archetype: archBuilders},
			{Camp: 2, Name: "Azur", Met: true, Alive: true, Relation: rel2, Archetype: archMerchant},
		}
	}
}

// proposal gives camp 2's summary a pending proposal of pact to this camp.
func proposal(pact string, willingness int32) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		gv(v).Camps[1].Proposal = &pb.Proposal{Pact: pact, FromCamp: 2, Day: v.Day, ExpiresDay: v.Day + 6, Willingness: willingness}
		v.LegalActions = append(v.LegalActions, act(actAccept, campArg(2)), act(actRefuse, campArg(2)))
	}
}

func archetype(a string) func(v *pb.CampView) { return func(v *pb.CampView) { gv(v).Archetype = a } }

func legalOn(name string, cs ...int32) func(v *pb.CampView) {
	return func(v *pb.CampView) { v.LegalActions = append(v.LegalActions, act(name, campArg(cs...))) }
}

// besiegedZone2 has camp 2 besiege zone 2 (garrison 4, forest) with men.
func besiegedZone2(men int32) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		gv(v).Sieges = append(gv(v).Sieges, &pb.Siege{Zone: 2, Besieger: 2, Men: men, StartDay: 9, AssaultDay: 13})
	}
}

func governments(v *pb.CampView) {
	for g, code := range []string{"autocracy", "oligarchy", "overlord", "republic", "theocracy", "scholarchy"} {
		gv(v).Governments = append(gv(v).Governments, &pb.GovernmentForm{Id: int32(g + 1), Code: code})
	}
	gv(v).Politics = &pb.Politics{Government: "autocracy", Legitimacy: 60}
	v.LegalActions = append(v.LegalActions, act(actGovernment, &pb.ArgSpec{Name: "government", Kind: pb.ArgKind_ARG_KIND_GOVERNMENT, Choices: []int32{2, 3, 4, 5, 6}}))
}

// TestWarAndDiplomacy covers the AI's war (AI-WAR-TARGET, AI-WAR-*,
// AI-SPY) and diplomacy (AI-DIP-ARCH, AI-DIP-*, AI-POL), one case or more per
// rule.
func TestWarAndDiplomacy(t *testing.T) {
	growth := baseView(pb.Posture_POSTURE_GROWTH)
	aggressive := baseView(pb.Posture_POSTURE_AGGRESSIVE)
	prudent := baseView(pb.Posture_POSTURE_PRUDENT)
	enemy9 := func(seen int32) func(v *pb.CampView) {
		return func(v *pb.CampView) {
			gv(v).Zones[9-1] = &pb.Zone{Id: 9, Visibility: remembered, Terrain: plains, Owner: 2, Garrison: 1, LastSeenDay: seen}
		}
	}
	tests := []struct {
		name       string
		view       *pb.CampView
		state      State
		wantAction string
		wantArgs   []int32
		wantReason []string
	}{
		{"AI-WAR-RELIEVE: the men the besieged place lacks, at once", edit(growth, all(met("war", "war"), besiegedZone2(8), withSend(10))), State{},
			// Defence 4 + forest 1 + militia 2 + a quarter of 9 = 9, plus the
			// man sent: 10 against 8 + 2.
			actSend, []int32{1, 2}, []string{"secours : zone 2 assiégée par 8 hommes (assaut estimé 10"}},
		{"AI-WAR-RELIEVE: a levy when the field army is short", edit(prudent, all(met("war", "war"), besiegedZone2(20), withSend(1))), State{},
			actRaise, []int32{5}, []string{"armée de campagne 1 trop courte, levée de 5"}},
		{"AI-WAR-SIEGE: lines short of the place's defence are reinforced", edit(growth, all(met("war", "war"), func(v *pb.CampView) {
			gv(v).Zones[8-1] = &pb.Zone{Id: 8, Visibility: visible, Terrain: plains, Owner: 2, Garrison: 5, LastSeenDay: 10}
			gv(v).Sieges = []*pb.Siege{{Zone: 8, Besieger: self, Men: 3, StartDay: 9, AssaultDay: 14}}
		}, withSend(12))), State{},
			// Defence 5 + 2 + 2 unseen army + 2 of margin against 3 + 2.
			actSend, []int32{6, 8}, []string{"renfort de 6 hommes au siège de la zone 8"}},
		{"AI-SPY: a target unseen for 8 days is spied on first", edit(aggressive, all(met("war", "war"), enemy9(2), withSend(12), func(v *pb.CampView) {
			gv(v).Resources.Gold = 40
			v.LegalActions = append(v.LegalActions, act(actSpy, zoneArg(8, 9, 10)))
		})), State{Aggressiveness: attackAppetite},
			actSpy, []int32{9}, []string{"espion sur la zone 9 du camp 2, vue il y a 8 jours"}},
		{"AI-WAR-RECALL: a quiet garrison joins the field army when no levy is possible", edit(aggressive, all(met("war", "war"), enemy9(10), without(actRaise), withSend(1), func(v *pb.CampView) {
			v.LegalActions = append(v.LegalActions, act(actRecall, zoneArg(1, 2), countArg("men", 1, 4)))
		})), State{Aggressiveness: attackAppetite},
			actRecall, []int32{2, 3}, []string{"rappel de 3 hommes de la zone 2"}},
		{"AI-WAR-LEVY: barracks lift the cap of men under arms", edit(aggressive, all(met("war", "war"), enemy9(10), without(actRaise), withSend(1), func(v *pb.CampView) {
			v.LegalActions = append(v.LegalActions, act(buildAction(bBarracks), zoneArg(1)))
		})), State{Aggressiveness: attackAppetite},
			buildAction(bBarracks), []int32{1}, []string{"plus de levée possible", "une caserne en zone 1"}},

		{"AI-DIP-ANSWER: a merchant league signs a willing proposal", edit(growth, all(met("war", "war"), archetype(archMerchant), proposal("peace", 80))), State{},
			actAccept, []int32{2}, []string{"accord de la paix proposée par Azur", "disposition 80 %, ligue marchande +25"}},
		{"AI-DIP-ANSWER: a warrior clan refuses an unwilling one", edit(aggressive, all(met("war", "war"), archetype(archWarriors), proposal("peace", 20))), State{},
			actRefuse, []int32{2}, []string{"refus de la paix", "clan guerrier -25, belliqueux -15"}},
		{"AI-DIP-ANSWER: a place besieged by the proposer makes a clan sign", edit(prudent, all(met("war", "war"), archetype(archWarriors), proposal("peace", 60), besiegedZone2(2))), State{},
			actAccept, []int32{2}, []string{"une place assiégée par lui +40"}},
		{"AI-DIP-PEACE: prudent, the camp proposes peace to the stronger", edit(baseView(pb.Posture_POSTURE_UNSPECIFIED), all(rivalZones(10), archetype(archBuilders), legalOn(actProposePeace, 0, 2))), State{},
			actProposePeace, []int32{2}, []string{"paix proposée à Azur", "posture prudente"}},
		{"AI-DIP-QUIET: not again within 20 days", edit(baseView(pb.Posture_POSTURE_UNSPECIFIED), all(rivalZones(10), archetype(archBuilders), legalOn(actProposePeace, 2))),
			State{Spoke: [maxCamps]int32{0, 0, 5}}, actRaise, nil, nil},
		{"AI-DIP-QUIET: not after three refusals", edit(baseView(pb.Posture_POSTURE_UNSPECIFIED), all(rivalZones(10), archetype(archBuilders), legalOn(actProposePeace, 2),
			func(v *pb.CampView) { gv(v).Camps[1].Refusals = 3 })), State{}, actRaise, nil, nil},
		{"AI-DIP-PEACE: a merchant league proposes peace in growth", edit(growth, all(met("war", "war"), archetype(archMerchant), legalOn(actProposePeace, 0))), State{},
			actProposePeace, []int32{0}, []string{"une ligue marchande préfère le commerce"}},
		{"AI-DIP-PEACE: builders in growth do not", edit(growth, all(met("war", "war"), archetype(archBuilders), legalOn(actProposePeace, 0))), State{},
			actExpand, nil, nil},
		{"AI-DIP-ALLY: an old peace against a common threat", edit(growth, all(met("peace", "war"), archetype(archBuilders), legalOn(actProposeAlliance, 0), func(v *pb.CampView) {
			v.Day = 40
			for _, id := range []int32{8, 9, 10} {
				gv(v).Zones[id-1] = &pb.Zone{Id: id, Visibility: visible, Terrain: plains, Owner: 2, Garrison: 10, LastSeenDay: 40}
			}
		})), State{}, actProposeAlliance, []int32{0}, []string{"alliance proposée à Grisonval", "contre Azur"}},
		{"AI-DIP-WAR: a warrior clan breaks a peace it outweighs", edit(aggressive, all(met("war", "peace"), archetype(archWarriors), rivalZones(0), legalOn(actDeclare, 2), func(v *pb.CampView) {
			gv(v).Camps[1].Relation = "peace"
			gv(v).FieldArmy, gv(v).Morale = 20, 70
		})), State{Aggressiveness: attackAppetite},
			actDeclare, []int32{2}, []string{"guerre déclarée à Azur", "≥ 1.3", "aucune cible en guerre"}},
		{"AI-DIP-WAR: a merchant league needs twice the power", edit(aggressive, all(met("war", "peace"), archetype(archMerchant), rivalZones(0), legalOn(actDeclare, 2), func(v *pb.CampView) {
			gv(v).Camps[1].Relation = "peace"
			gv(v).FieldArmy, gv(v).Morale = 20, 70
		})), State{Aggressiveness: attackAppetite}, actExpand, nil, nil},
		{"AI-POL: a new form when legitimacy collapses", edit(growth, all(archetype(archBuilders), governments, func(v *pb.CampView) { gv(v).Politics.Legitimacy = 20 })), State{},
			actGovernment, []int32{4}, []string{"république remplace autocratie", "légitimité 20 < 25"}},
		{"AI-POL-FORM: a merchant league adopts the oligarchy", edit(growth, all(archetype(archMerchant), governments, func(v *pb.CampView) {
			v.Day, gv(v).Resources.Gold = 30, 150
		})), State{}, actGovernment, []int32{2}, []string{"oligarchie remplace autocratie"}},
		{"AI-POL-FORM: not before day 20", edit(growth, all(archetype(archMerchant), governments, func(v *pb.CampView) { gv(v).Resources.Gold = 150 })), State{},
			actExpand, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := Decide(tt.view, tt.state)
			if o.GetAction() != tt.wantAction || tt.wantArgs != nil && !slices.Equal(o.GetArgs(), tt.wantArgs) {
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

// TestSpoke checks that a proposal or a declaration is remembered in the
// state for AI-DIP-QUIET, and nothing else is.
func TestSpoke(t *testing.T) {
	v := edit(growth0(), all(met("war", "war"), archetype(archMerchant), legalOn(actProposePeace, 0)))
	o, s := Decide(v, State{})
	if o.GetAction() != actProposePeace || s.Spoke[0] != v.GetDay()+1 {
		t.Fatalf("got %s and Spoke %v; want propose_peace and Spoke[0] = %d", o.GetAction(), s.Spoke, v.GetDay()+1)
	}
	if _, s := Decide(baseView(pb.Posture_POSTURE_GROWTH), State{}); s.Spoke != [maxCamps]int32{} {
		t.Errorf("got Spoke %v after an expansion; want none", s.Spoke)
	}
}

func growth0() *pb.CampView { return baseView(pb.Posture_POSTURE_GROWTH) }

// TestD20 checks the answer's die: always 1 to 20, the same for the same
// inputs, and not constant across proposals.
func TestD20(t *testing.T) {
	seen := map[int]bool{}
	for day := range int32(200) {
		x := d20(day, 1, 2, day-1)
		if x < 1 || x > 20 {
			t.Fatalf("got d20 = %d on day %d; want 1 to 20", x, day)
		}
		if x != d20(day, 1, 2, day-1) {
			t.Fatalf("got two draws for the same inputs on day %d", day)
		}
		seen[x] = true
	}
	if len(seen) < 15 {
		t.Errorf("got %d distinct faces over 200 days; want at least 15", len(seen))
	}
}
