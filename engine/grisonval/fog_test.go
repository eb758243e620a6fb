package grisonval_test

import (
	"reflect"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestFogView covers FOG-1 and FOG-4: a camp's view holds the truth of the
// zones it sees, its dated memory of the zones it saw, nothing of the rest,
// and only its own columns.
func TestFogView(t *testing.T) {
	w := grisonval.NewWorld(21)
	for day := 0; day < 120; day++ {
		out := playRandom(t, w, 1)[0]
		w = out.World
		for c := range grisonval.CampID(grisonval.NumCamps) {
			v := grisonval.View(w, c)
			vis := w.Vision(c)
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				zv, truth := v.Zones[z], w.Zone(z)
				switch {
				case vis[z]:
					if zv.Knowledge != grisonval.Visible || zv.Memory.Owner != truth.Owner || zv.Memory.Garrison != truth.Garrison ||
						zv.Memory.Day != w.Day || !reflect.DeepEqual(zv.Memory.Buildings, truth.Buildings) {
						t.Fatalf("day %d camp %d zone %d: seen as %+v; want the truth %+v", w.Day, c, z, zv, truth)
					}
				case w.Camps[c].Memory[z].Seen:
					if zv.Knowledge != grisonval.Remembered || !reflect.DeepEqual(zv.Memory, w.Camps[c].Memory[z]) || zv.Memory.Day > w.Day {
						t.Fatalf("day %d camp %d zone %d: %+v; want its dated memory", w.Day, c, z, zv)
					}
				default:
					if zv.Knowledge != grisonval.Unknown || !reflect.DeepEqual(zv.Memory, grisonval.Memory{}) {
						t.Fatalf("day %d camp %d zone %d: %+v; want unknown with nothing known", w.Day, c, z, zv)
					}
				}
			}
			for _, col := range v.Columns {
				if col.Camp != c {
					t.Fatalf("camp %d sees camp %d's column %d", c, col.Camp, col.ID)
				}
			}
			for _, o := range v.Others {
				if !o.Met && o.Name != "" {
					t.Fatalf("camp %d knows the name of camp %d it never met", c, o.Camp)
				}
			}
		}
		// FOG-2: news reaches only camps that know its zone.
		for _, e := range out.Journal {
			for _, z := range e.Zones {
				if !w.Vision(e.Camp)[z] && !w.Camps[e.Camp].Memory[z].Seen {
					t.Fatalf("day %d: camp %d's journal entry %q names zone %d it does not know", w.Day, e.Camp, e.Kind, z)
				}
			}
		}
	}
}

// TestFogErrors checks FOG-5: a refused order's error text is the same
// whatever the hidden facts of a zone the camp cannot see.
func TestFogErrors(t *testing.T) {
	w := mustWorld(4, func(w *grisonval.World) { w.Camps[0].FieldArmy = 5; w.Camps[0].Resources.Food = 5000 })
	hidden := capitalOf(1)
	if w.Vision(0)[hidden] || w.Camps[0].Memory[hidden].Seen {
		t.Fatal("camp 0 sees camp 1's capital at setup")
	}
	probe := []grisonval.Order{
		{Action: grisonval.SendArmy, Args: []int{2, int(hidden)}},
		{Action: grisonval.ExpandTo, Args: []int{int(hidden)}},
		{Action: grisonval.Explore, Args: []int{int(hidden)}},
		{Action: grisonval.BuildFarm, Args: []int{int(hidden)}},
		{Action: grisonval.Develop, Args: []int{int(hidden)}},
		{Action: grisonval.RecallArmy, Args: []int{int(hidden)}},
	}
	other := w.Clone()
	other.Zone(hidden).Owner, other.Zone(hidden).Garrison, other.Zone(hidden).Capital = grisonval.NoCamp, 0, false
	other.Zone(hidden).Terrain = grisonval.Mountain
	for _, o := range probe {
		e1, e2 := grisonval.Validate(w, 0, o), grisonval.Validate(other, 0, o)
		if e1 == nil || e2 == nil {
			t.Fatalf("%s accepted on a zone camp 0 cannot see", o)
		}
		if e1.Error() != e2.Error() {
			t.Errorf("%s: error depends on hidden facts:\n%s\n%s", o, e1, e2)
		}
	}
}

// TestMeeting covers FOG-3: a camp that sees another's zone meets it, and
// learns its name only then.
func TestMeeting(t *testing.T) {
	w := grisonval.NewWorld(8)
	if v := grisonval.View(w, 0); v.Others[0].Met || v.Others[0].Name != "" {
		t.Fatalf("camp 0 knows camp 1 at setup: %+v", v.Others[0])
	}
	z := firstFree(w, 0)
	w.Zone(z).Owner = 1
	out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
	if !out.Camps[0].Met[1] || !out.Camps[1].Met[0] {
		t.Fatalf("met flags %v %v; want camps 0 and 1 met", out.Camps[0].Met, out.Camps[1].Met)
	}
	if v := grisonval.View(out, 0); v.Others[0].Name != grisonval.CampNames[1] {
		t.Errorf("camp 0 sees camp 1 named %q; want %q", v.Others[0].Name, grisonval.CampNames[1])
	}
	if out.Camps[0].Met[2] {
		t.Error("camp 0 met camp 2 without seeing it")
	}
}

// TestMemoryIsACopy covers FOG-4: a memory keeps what was seen, even when
// the zone's buildings later change in place.
func TestMemoryIsACopy(t *testing.T) {
	w := grisonval.NewWorld(3)
	z := firstFree(w, 0)
	w.Zone(z).Owner = 1
	w.Zone(z).Buildings = []grisonval.BuildingKind{grisonval.Farm, grisonval.House}
	out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
	if got := out.Camps[0].Memory[z].Buildings; !reflect.DeepEqual(got, []grisonval.BuildingKind{grisonval.Farm, grisonval.House}) {
		t.Fatalf("camp 0 remembers buildings %v; want [farm house]", got)
	}
	out.Zone(z).Buildings[0] = grisonval.Mine
	if got := out.Camps[0].Memory[z].Buildings[0]; got != grisonval.Farm {
		t.Errorf("the memory followed the zone: %v; want farm", got)
	}
}

// TestSiegesInView covers FOG-2 for sieges: a camp sees the sieges it
// conducts, those of its zones and those at zones it sees; an unmet
// besieger stays unnamed; a siege elsewhere stays hidden.
func TestSiegesInView(t *testing.T) {
	w := grisonval.NewWorld(5)
	z := firstFree(w, 0)
	w.Zone(z).Owner, w.Zone(z).Garrison = 0, 1
	far := capitalOf(2)
	w.Sieges = []grisonval.Siege{
		{Zone: z, Camp: 1, Men: 6, Start: 0, Assault: 3},
		{Zone: far, Camp: 1, Men: 9, Start: 0, Assault: 4},
	}
	v0 := grisonval.View(w, 0)
	if len(v0.Sieges) != 1 || v0.Sieges[0].Zone != z || v0.Sieges[0].Besieger != grisonval.NoCamp || v0.Sieges[0].Men != 6 {
		t.Errorf("camp 0 sees sieges %+v; want only zone %d's, besieger unnamed", v0.Sieges, z)
	}
	w.Camps[0].Met[1], w.Camps[1].Met[0] = true, true
	if v := grisonval.View(w, 0); len(v.Sieges) != 1 || v.Sieges[0].Besieger != 1 {
		t.Errorf("camp 0, having met camp 1, sees %+v; want besieger 1", v.Sieges)
	}
	if v := grisonval.View(w, 1); len(v.Sieges) != 2 {
		t.Errorf("the besieger sees %d sieges; want its 2", len(v.Sieges))
	}
	if v := grisonval.View(w, 2); len(v.Sieges) != 1 || v.Sieges[0].Zone != far {
		t.Errorf("camp 2 sees %+v; want only the siege of its capital", v.Sieges)
	}
}

// TestArchetypesAndProposals covers AI-ARCH and the privacy of proposals
// (PACT-2): a camp's archetype is public once met; a pending proposal shows
// in the two camps' views only, with the recipient's willingness (DIP-9).
func TestArchetypesAndProposals(t *testing.T) {
	w := grisonval.NewWorld(6)
	if v := grisonval.View(w, 0); v.Archetype() != grisonval.Builders || v.Others[0].Archetype != 0 {
		t.Fatalf("camp 0 is %v and sees camp 1 as %v before meeting; want builders and nothing", v.Archetype(), v.Others[0].Archetype)
	}
	for _, p := range [][2]grisonval.CampID{{0, 1}, {0, 2}, {1, 2}} {
		w.Camps[p[0]].Met[p[1]], w.Camps[p[1]].Met[p[0]] = true, true
	}
	w.Pacts[grisonval.PairIndex(0, 1)] = grisonval.Pact{Offer: grisonval.Peace, From: 1, Day: 0}
	v0, v1, v2 := grisonval.View(w, 0), grisonval.View(w, 1), grisonval.View(w, 2)
	if a := v0.Others[0].Archetype; a != grisonval.WarriorClan {
		t.Errorf("camp 0 sees camp 1 as %v; want warrior_clan", a)
	}
	if p := v0.Others[0]; p.Pact.Offer != grisonval.Peace || p.Willingness == 0 {
		t.Errorf("camp 0 sees the proposal %+v with willingness %d; want peace and a willingness", p.Pact, p.Willingness)
	}
	if p := v1.Others[0]; p.Pact.Offer != grisonval.Peace || p.Willingness != 0 {
		t.Errorf("the proposer sees %+v, willingness %d; want its offer and no willingness", p.Pact, p.Willingness)
	}
	for _, o := range v2.Others {
		if o.Pact.Offer != grisonval.War {
			t.Errorf("camp 2 sees a proposal between camps 0 and 1: %+v", o.Pact)
		}
	}
}
