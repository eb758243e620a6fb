package grisonval_test

import (
	"github.com/grisonval/server/lang"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestViewCopiesTheEngine checks that the wire view copies the values the
// engine's rules decide rather than computing them again (STYLE.md example
// 14): a fresh world may change its government at once (next_change_day 0,
// POL-2), after a change not before 30 days; a pair's relation may be broken
// from the engine's day (PACT-4); the legal menu carries the engine's prices
// (ACT-PRICE).
func TestViewCopiesTheEngine(t *testing.T) {
	rs := grisonval.Ruleset{}
	w := engine.NewWorld(7)
	v := rs.View(grisonval.StateOf(w), 0, lang.EN)
	if got := v.GetGrisonval().GetPolitics().GetNextChangeDay(); got != 0 {
		t.Errorf("fresh world: next_change_day %d; want 0 (set_government is open)", got)
	}
	w.Day = 40
	w.Camps[0].GovernmentDay = 12
	w.Camps[0].Met[1], w.Camps[1].Met[0] = true, true
	ev := engine.View(w, 0)
	v = rs.View(grisonval.StateOf(w), 0, lang.EN)
	if got, want := v.GetGrisonval().GetPolitics().GetNextChangeDay(), int32(ev.NextGovernmentDay); got != want || want != 12+engine.GovernmentLockDays {
		t.Errorf("government adopted on day 12: next_change_day %d; want the engine's %d (day 12 + %d)", got, want, engine.GovernmentLockDays)
	}
	for _, cs := range v.GetGrisonval().GetCamps() {
		if cs.GetCamp() == 1 && cs.GetBreakableFrom() != int32(ev.Others[0].BreakableFrom) {
			t.Errorf("camp 1: breakable_from %d; want the engine's %d", cs.GetBreakableFrom(), ev.Others[0].BreakableFrom)
		}
	}
	prices := map[string]engine.Price{}
	for _, la := range ev.Legal {
		prices[la.Action.String()] = la.Price
	}
	for _, la := range v.GetLegalActions() {
		p := prices[la.GetAction()]
		var got engine.Resources
		for _, a := range la.GetCost() {
			switch a.GetResource() {
			case "food":
				got.Food = a.GetAmount()
			case "wood":
				got.Wood = a.GetAmount()
			case "stone":
				got.Stone = a.GetAmount()
			case "tools":
				got.Tools = a.GetAmount()
			case "gold":
				got.Gold = a.GetAmount()
			case "research":
				got.Research = a.GetAmount()
			default:
				t.Errorf("%s: unknown resource %q", la.GetAction(), a.GetResource())
			}
		}
		if got != p.Cost || la.GetCostPer() != p.Per {
			t.Errorf("%s: wire price %v per %q; engine's %v per %q", la.GetAction(), got, la.GetCostPer(), p.Cost, p.Per)
		}
	}
	if r := v.GetGrisonval().GetRules(); r.GetMilitiaDefence() != engine.MilitiaDefence || r.GetFieldArmyDivisor() != engine.FieldArmyDivisor ||
		len(r.GetTerrains()) != 4 || len(r.GetBuildings()) != engine.NumBuildingKinds {
		t.Errorf("rules: got %v; want the engine's", r)
	}
	if v.GetDetail() == nil || v.GetGrisonval() == nil {
		t.Fatalf("no Grisonval detail in %v", v)
	}
	if _, ok := v.GetDetail().(*pb.CampView_Grisonval); !ok {
		t.Errorf("detail %T; want the Grisonval view", v.GetDetail())
	}
}

// TestFrameCopiesTheWorld checks that the omniscient frame gives each zone
// as the world holds it: place, terrain, buildings, slots, monument.
func TestFrameCopiesTheWorld(t *testing.T) {
	w := engine.NewWorld(7)
	capital := w.Capital(0)
	w.Zones[capital].Buildings = append(w.Zones[capital].Buildings, engine.Farm)
	w.Zones[capital].Monument = true
	f := grisonval.Ruleset{}.Frame(grisonval.StateOf(w), lang.EN).GetGrisonval()
	if len(f.GetZones()) != engine.NumZones {
		t.Fatalf("got %d zones; want %d", len(f.GetZones()), engine.NumZones)
	}
	for _, zf := range f.GetZones() {
		id := engine.ZoneID(zf.GetZone())
		z, h := w.Zones[id], engine.HexOf(id)
		var buildings []string
		for _, b := range z.Buildings {
			buildings = append(buildings, b.String())
		}
		if zf.GetQ() != int32(h.Q) || zf.GetR() != int32(h.R) || zf.GetTerrain().String() != "TERRAIN_"+strings.ToUpper(z.Terrain.String()) ||
			zf.GetSlots() != int32(w.Slots(id)) || zf.GetMonument() != z.Monument || strings.Join(zf.GetBuildings(), ",") != strings.Join(buildings, ",") {
			t.Errorf("zone %d: frame %v; want q %d r %d %s, %d slots, buildings %v, monument %v", id, zf, h.Q, h.R, z.Terrain, w.Slots(id), buildings, z.Monument)
		}
	}
	if zf := f.GetZones()[capital-1]; len(zf.GetBuildings()) == 0 || !zf.GetMonument() {
		t.Errorf("camp 0's capital: %v; want its farm and monument", zf)
	}
}

// TestViewRulesFollowTheWorld checks that the rules a view gives are those
// its world is played by (RULES-1): a forest yields food before RulesWar
// and none under it (ECO-5), as the engine's own income says; the camp
// score's barracks and season's army are RulesVictory's (CAR-VETERANS).
func TestViewRulesFollowTheWorld(t *testing.T) {
	rs := grisonval.Ruleset{}
	for _, rules := range []engine.Rules{engine.RulesSeed000, engine.RulesGovernance, engine.RulesWar} {
		v := rs.View(grisonval.StateOf(engine.NewWorldRules(7, rules)), 0, lang.EN)
		var forest *pb.TerrainRule
		for _, tr := range v.GetGrisonval().GetRules().GetTerrains() {
			if tr.GetTerrain() == pb.Terrain_TERRAIN_FOREST {
				forest = tr
			}
		}
		want := engine.TerrainIncomeUnder(rules, engine.Forest).Food
		if forest == nil || forest.GetIncome().GetFood() != want {
			t.Errorf("rules %d: forest rule %v; want %d food a day", rules, forest, want)
		}
	}
	// CAR-VETERANS: the camp score's numbers are version 4's alone.
	for _, rules := range []engine.Rules{engine.RulesMastery, engine.RulesVictory} {
		r := rs.View(grisonval.StateOf(engine.NewWorldRules(7, rules)), 0, lang.EN).GetGrisonval().GetRules()
		want := rules >= engine.RulesVictory
		if r.GetBarracksCountInFull() != want || (r.GetArmyInfluenceTenths() == career.ArmyInfluenceTenths) != want {
			t.Errorf("CAR-VETERANS rules %d: barracks in full %v, %d tenths a man of the season's army; want them only under RulesVictory",
				rules, r.GetBarracksCountInFull(), r.GetArmyInfluenceTenths())
		}
	}
	if engine.TerrainIncomeUnder(engine.RulesGovernance, engine.Forest).Food != engine.ForestFoodBeforeWar ||
		engine.TerrainIncomeUnder(engine.RulesWar, engine.Forest).Food != 0 {
		t.Error("ECO-5: a forest's food does not change with RulesWar")
	}
}

// TestDecodeRefusesNewerRules checks that a state played by rules newer than
// this program's is refused with a clear error instead of being resolved by
// the wrong rules (RULES-1).
func TestDecodeRefusesNewerRules(t *testing.T) {
	rs := grisonval.Ruleset{}
	w := engine.NewWorld(7)
	w.Rules = engine.LatestRules + 1
	b, _, err := rs.Encode(grisonval.StateOf(w))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs.Decode(b); err == nil || !strings.Contains(err.Error(), "newer than this program's") {
		t.Errorf("decode of rules %d: error %v; want it refused as newer", w.Rules, err)
	}
	w.Rules = engine.LatestRules
	if b, _, err = rs.Encode(grisonval.StateOf(w)); err != nil {
		t.Fatal(err)
	}
	if _, err := rs.Decode(b); err != nil {
		t.Errorf("decode of the latest rules: %v", err)
	}
}
