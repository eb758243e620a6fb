package grisonval_test

import (
	"reflect"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestGovernanceView covers VIEW-GOV: a camp's view carries its own
// edicts, council (each holder as its census has him), kingdom statistics
// and continuing events, and the special terrain it found, whether it
// sees the zone today or remembers it; never another camp's.
func TestGovernanceView(t *testing.T) {
	w := mustWorld(5, func(w *grisonval.World) {
		for c := range grisonval.CampID(grisonval.NumCamps) {
			camp := &w.Camps[c]
			// Each camp its own levels, holders and events, so that a
			// view showing another camp's would differ.
			camp.Edicts = [grisonval.NumEdicts]uint8{uint8(c), uint8(c + 1), uint8(c + 2)}
			camp.Council = [grisonval.NumSeats]grisonval.Seat{}
			camp.Council[grisonval.SeatRuler-1] = grisonval.Seat{Citizen: camp.Citizens[int(c)].ID, Since: int(c) + 1}
			camp.Council[grisonval.SeatTreasurer-1] = grisonval.Seat{Citizen: camp.Citizens[int(c)+3].ID, Since: 2}
			camp.Ongoing = []grisonval.Ongoing{{Kind: "plague", Since: int(c) + 4, Zone: capitalOf(c)}}
		}
	})
	t.Run("VIEW-GOV", func(t *testing.T) {
		for c := range grisonval.CampID(grisonval.NumCamps) {
			camp := &w.Camps[c]
			g := grisonval.View(w, c).Governance
			for i, e := range g.Edicts {
				if e.Edict != grisonval.Edict(i+1) || e.Level != int(camp.Edicts[i]) ||
					e.LevelName() != grisonval.EdictLevelNames[e.Edict][camp.Edicts[i]] {
					t.Errorf("camp %d: edict %d shown as %+v (%s); want level %d of its own", c, i+1, e, e.LevelName(), camp.Edicts[i])
				}
			}
			for i, s := range g.Council {
				held := camp.Council[i]
				if s.Seat != grisonval.SeatKind(i+1) || s.Citizen != held.Citizen || s.Since != held.Since || s.Vacant() != (held.Citizen == 0) {
					t.Errorf("camp %d: seat %s shown as %+v; want its own %+v", c, grisonval.SeatKind(i+1), s, held)
				}
				if held.Citizen == 0 {
					if s.Name != "" || s.Level != 0 {
						t.Errorf("camp %d: vacant seat %s shows a holder %+v", c, s.Seat, s)
					}
					continue
				}
				var p *grisonval.Citizen
				for j := range camp.Citizens {
					if camp.Citizens[j].ID == held.Citizen {
						p = &camp.Citizens[j]
					}
				}
				if s.Name != p.Name() || s.Level != int(p.Level) || s.Trait != p.Trait || s.Job != p.Job || s.Age != int(p.Age) {
					t.Errorf("camp %d: seat %s shows %+v; want its holder %s (level %d, %s, %s, age %d)",
						c, s.Seat, s, p.Name(), p.Level, p.Trait, p.Job, p.Age)
				}
			}
			if g.Stats != w.Stats(c) {
				t.Errorf("camp %d: stats %+v; want the world's %+v", c, g.Stats, w.Stats(c))
			}
			if !reflect.DeepEqual(g.Ongoing, camp.Ongoing) {
				t.Errorf("camp %d: ongoing %+v; want its own %+v", c, g.Ongoing, camp.Ongoing)
			}
		}
	})
	t.Run("VIEW-GOV special terrain is the camp's own find", func(t *testing.T) {
		w := w.Clone()
		capital := capitalOf(0)
		seen := grisonval.Neighbors(capital)[0]
		if !w.Vision(0)[seen] {
			t.Fatalf("camp 0 does not see zone %d next to its capital", seen)
		}
		far := capitalOf(1)
		w.Zone(seen).Special, w.Zone(far).Special = grisonval.Ruin, grisonval.Lair
		w.Camps[0].Memory[seen].Special = grisonval.Ruin
		// Camp 0 remembers camp 1's capital with its lair, as a spy would
		// have shown it.
		w.Camps[0].Memory[far] = grisonval.Memory{Seen: true, Day: 1, Terrain: w.Zone(far).Terrain, Owner: 1, Capital: true, Special: grisonval.Lair}
		v := grisonval.View(w, 0)
		if got := v.Zones[seen]; got.Knowledge != grisonval.Visible || got.Memory.Special != grisonval.Ruin {
			t.Errorf("zone %d, seen and found by camp 0: %+v; want visible with its ruin", seen, got)
		}
		if got := v.Zones[far]; got.Knowledge != grisonval.Remembered || got.Memory.Special != grisonval.Lair {
			t.Errorf("zone %d, remembered by camp 0 with what it found: %+v; want remembered with its lair", far, got)
		}
		for c := grisonval.CampID(1); c < grisonval.NumCamps; c++ {
			for z, zv := range grisonval.View(w, c).Zones {
				if zv.Memory.Special != w.Camps[c].Memory[z].Special {
					t.Errorf("camp %d: zone %d shows special %s; want what camp %d found: %s", c, z, zv.Memory.Special, c, w.Camps[c].Memory[z].Special)
				}
			}
		}
		for z, zv := range v.Zones {
			if w.Zones[z].Special != 0 && zv.Memory.Special != w.Camps[0].Memory[z].Special {
				t.Errorf("camp 0: zone %d shows special %s it did not find", z, zv.Memory.Special)
			}
		}
	})
}
