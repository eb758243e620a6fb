package grisonval_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// turn returns zone z turned by 120 degrees, as MAP-2's symmetry does:
// cube (x, y, z) becomes (z, x, y).
func turn(z grisonval.ZoneID) grisonval.ZoneID {
	h := grisonval.HexOf(z)
	return grisonval.ZoneAt(grisonval.Hex{Q: h.R, R: h.S()})
}

// terrainOf writes a world's terrain as one letter a zone.
func terrainOf(w *grisonval.World) string {
	var b strings.Builder
	for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
		b.WriteByte(w.Zone(z).Terrain.String()[0])
	}
	return b.String()
}

// TestSpecialDraw covers TER-DRAW: the special terrain of a world.
func TestSpecialDraw(t *testing.T) {
	t.Run("TER-DRAW the three rotations carry the same special", func(t *testing.T) {
		for seed := uint64(1); seed <= 200; seed++ {
			w := grisonval.NewWorld(seed)
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				if a, b, c := w.Zone(z).Special, w.Zone(turn(z)).Special, w.Zone(turn(turn(z))).Special; a != b || a != c {
					t.Fatalf("seed %d: zone %d bears %v, its turns %d and %d bear %v and %v", seed, z, a, turn(z), turn(turn(z)), b, c)
				}
			}
		}
	})
	t.Run("TER-DRAW one river of four zones near each camp and four spots", func(t *testing.T) {
		kinds := map[grisonval.Special]int{}
		for seed := uint64(1); seed <= 200; seed++ {
			w := grisonval.NewWorld(seed)
			var rivers, spots int
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				s := w.Zone(z).Special
				if s == 0 {
					continue
				}
				kinds[s]++
				h := grisonval.HexOf(z)
				if h.Ring() == 0 || h.Ring() == grisonval.Radius {
					t.Errorf("seed %d: zone %d on ring %d bears %v; want inland zones off the centre", seed, z, h.Ring(), s)
				}
				for c := range grisonval.CampID(grisonval.NumCamps) {
					if d := grisonval.ZoneDistance(z, capitalOf(c)); d <= 1 {
						t.Errorf("seed %d: zone %d at distance %d of camp %d's capital bears %v", seed, z, d, c, s)
					}
				}
				if s != grisonval.River {
					spots++
					continue
				}
				rivers++
				if !slices.ContainsFunc(grisonval.Neighbors(z), func(n grisonval.ZoneID) bool { return w.Zone(n).Special == grisonval.River }) {
					t.Errorf("seed %d: river zone %d has no river next to it", seed, z)
				}
			}
			if rivers != 3*grisonval.RiverLength || spots != 3*grisonval.SpecialOrbits {
				t.Errorf("seed %d: %d river zones and %d spots; want %d and %d", seed, rivers, spots, 3*grisonval.RiverLength, 3*grisonval.SpecialOrbits)
			}
		}
		for k := grisonval.Resource; k <= grisonval.Ruin; k++ {
			// 200 worlds of 4 spots: each kind's share within 10 points of
			// its weight.
			got := 100 * kinds[k] / (200 * 3 * grisonval.SpecialOrbits)
			if d := got - grisonval.Specials[k].Weight; d < -10 || d > 10 {
				t.Errorf("%v: %d %% of the spots; want about %d %%", k, got, grisonval.Specials[k].Weight)
			}
		}
	})
	t.Run("TER-DRAW the terrain and the capitals do not change (MAP-2, MAP-3)", func(t *testing.T) {
		// The terrain of seeds 1 and 2 as drawn before the special
		// terrain existed: the special terrain has its own stream.
		want := map[uint64]string{
			1: terrainGolden1,
			2: terrainGolden2,
		}
		for seed, terrain := range want {
			w := grisonval.NewWorld(seed)
			if got := terrainOf(w); got != terrain {
				t.Errorf("seed %d terrain:\n got %s\nwant %s", seed, got, terrain)
			}
			for c := range grisonval.CampID(grisonval.NumCamps) {
				if w.Capital(c) != capitalOf(c) {
					t.Errorf("seed %d: camp %d's capital %d; want %d", seed, c, w.Capital(c), capitalOf(c))
				}
			}
		}
	})
	t.Run("TER-DRAW the draw is a function of the seed", func(t *testing.T) {
		a, b, other := grisonval.NewWorld(9), grisonval.NewWorld(9), grisonval.NewWorld(10)
		same := true
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if a.Zone(z).Special != b.Zone(z).Special {
				t.Fatalf("seed 9 drew %v then %v on zone %d", a.Zone(z).Special, b.Zone(z).Special, z)
			}
			same = same && a.Zone(z).Special == other.Zone(z).Special
		}
		if same {
			t.Error("seeds 9 and 10 drew the same special terrain")
		}
	})
}

// terrainGolden1 and terrainGolden2 are the terrain of seeds 1 and 2 (one
// letter a zone: plains, forest, mountain, coast), recorded before the
// special terrain was drawn.
const (
	terrainGolden1 = "cccccccppffpccpmfppmccffpppffccmfpfmpfpccpppmpfpmpccfppfmpfpccffppppfccpmffpfccppfmpccccccc"
	terrainGolden2 = "cccccccpfpfpccpfmppmccppppmppccmpffpfppccppmppfpfpccfppfppmfccpmpfmppccffpppfccpppmpccccccc"
)

// specialWorld returns seed 1's setup with no drawn special terrain, and
// f applied to it.
func specialWorld(f func(w *grisonval.World)) *grisonval.World {
	return mustWorld(1, func(w *grisonval.World) {
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			w.Zone(z).Special = 0
		}
		if f != nil {
			f(w)
		}
	})
}

func hasFound(out grisonval.Outcome, c grisonval.CampID, z grisonval.ZoneID) bool {
	return slices.ContainsFunc(out.Journal, func(e grisonval.Entry) bool {
		return e.Camp == c && e.Kind == "special_found" && slices.Equal(e.Zones, []grisonval.ZoneID{z})
	})
}

// TestSpecialFound covers TER-FIND, TER-EXPLORE and TER-PRIVATE: how a camp
// learns a zone's special, and that no one else does.
func TestSpecialFound(t *testing.T) {
	const lairZone = grisonval.ZoneID(28) // two steps from camp 0's capital
	t.Run("TER-EXPLORE explore offers the zones in sight not yet surveyed", func(t *testing.T) {
		w := specialWorld(nil)
		la := legal(t, w, 0, grisonval.Explore)
		vis := w.Vision(0)
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			offered := slices.Contains(la.Args[0].Choices, int(z))
			unknownEdge := !vis[z] && !w.Camps[0].Memory[z].Seen && slices.ContainsFunc(grisonval.Neighbors(z), func(n grisonval.ZoneID) bool { return vis[n] })
			want := unknownEdge || (vis[z] && !w.Camps[0].Memory[z].Surveyed)
			if offered != want {
				t.Errorf("zone %d offered %v; want %v (visible %v, surveyed %v)", z, offered, want, vis[z], w.Camps[0].Memory[z].Surveyed)
			}
		}
		if slices.Contains(la.Args[0].Choices, int(capitalOf(0))) {
			t.Error("explore offers the camp's own capital, surveyed from the start")
		}
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.Explore, Args: []int{19}}, rest(), rest()))
		if m := out.World.Camps[0].Memory[19]; !m.Surveyed || m.Special != 0 {
			t.Errorf("memory of surveyed zone 19: %+v; want surveyed, nothing special", m)
		}
		if slices.Contains(legal(t, out.World, 0, grisonval.Explore).Args[0].Choices, 19) {
			t.Error("explore still offers zone 19 once surveyed")
		}
	})
	t.Run("TER-FIND explore, spy and holding each reveal the special", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) { w.Zone(lairZone).Special = grisonval.Lair })
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.Explore, Args: []int{int(lairZone)}}, rest(), rest()))
		if m := out.World.Camps[0].Memory[lairZone]; m.Special != grisonval.Lair || !m.Surveyed || !hasFound(out, 0, lairZone) {
			t.Errorf("explore: memory %+v, journal found %v; want the lair found", m, hasFound(out, 0, lairZone))
		}

		// A spy on another camp's zone: on seed 1, camp 0's informer of
		// day 1 succeeds.
		w = specialWorld(func(w *grisonval.World) {
			w.Zone(lairZone).Special, w.Zone(lairZone).Owner, w.Zone(lairZone).Garrison = grisonval.Ruin, 1, 1
		})
		out = grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.Spy, Args: []int{int(lairZone)}}, rest(), rest()))
		if m := out.World.Camps[0].Memory[lairZone]; m.Special != grisonval.Ruin || !hasFound(out, 0, lairZone) {
			t.Errorf("spy: memory %+v; want the ruin found", m)
		}
		if m := out.World.Camps[1].Memory[lairZone]; m.Special != grisonval.Ruin || !hasFound(out, 1, lairZone) {
			t.Errorf("holder: memory %+v; want the ruin it holds found", m)
		}
		// Found once: the next day says nothing more.
		again := grisonval.Resolve(out.World, orders(rest(), rest(), rest()))
		if hasFound(again, 1, lairZone) {
			t.Error("the holder finds its ruin a second time")
		}
	})
	t.Run("TER-EXPLORE two camps exploring the same zone the same day both find it", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) {
			w.Zone(lairZone).Special = grisonval.Landmark
			w.Zone(37).Owner, w.Zone(37).Garrison = 1, 1 // camp 1 sees zone 28
		})
		o := grisonval.Order{Action: grisonval.Explore, Args: []int{int(lairZone)}}
		out := grisonval.Resolve(w, orders(o, o, rest()))
		for c := range grisonval.CampID(2) {
			if out.Results[c].Status != grisonval.Applied || out.World.Camps[c].Memory[lairZone].Special != grisonval.Landmark || !hasFound(out, c, lairZone) {
				t.Errorf("camp %d: %+v, memory %+v; want the landmark found", c, out.Results[c], out.World.Camps[c].Memory[lairZone])
			}
		}
	})
	t.Run("TER-PRIVATE another camp's view never shows a special it did not find", func(t *testing.T) {
		for _, seed := range []uint64{1, 7, 42} {
			w := grisonval.NewWorld(seed)
			// Every special found, by camp and zone, from the journal.
			found := map[[2]int]bool{}
			for _, out := range playRandom(t, w, 120) {
				for _, e := range out.Journal {
					if e.Kind == "special_found" {
						found[[2]int{int(e.Camp), int(e.Zones[0])}] = true
					}
				}
				for c := range grisonval.CampID(grisonval.NumCamps) {
					v := grisonval.View(out.World, c)
					for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
						zv := v.Zones[z]
						if zv.Special == 0 && zv.Memory.Special == 0 {
							continue
						}
						if !found[[2]int{int(c), int(z)}] {
							t.Fatalf("seed %d day %d: camp %d's view shows %v on zone %d, which it never found", seed, out.World.Day, c, zv.Special, z)
						}
						if zv.Special != out.World.Zone(z).Special || zv.Memory.Special != zv.Special {
							t.Fatalf("seed %d day %d: camp %d's view shows %v/%v on zone %d, which bears %v", seed, out.World.Day, c, zv.Special, zv.Memory.Special, z, out.World.Zone(z).Special)
						}
					}
				}
			}
			if len(found) == 0 {
				t.Errorf("seed %d: no special found in 120 days of random play", seed)
			}
		}
	})
	t.Run("TER-PRIVATE an ally's vision shares the land, not the findings", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) {
			w.Zone(lairZone).Special, w.Zone(lairZone).Owner, w.Zone(lairZone).Garrison = grisonval.Lair, 0, 1
			w.Camps[0].Met[1], w.Camps[1].Met[0] = true, true
			w.SetRelation(0, 1, grisonval.Alliance)
		})
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		v := grisonval.View(out.World, 1)
		if v.Zones[lairZone].Knowledge != grisonval.Visible {
			t.Fatalf("camp 1 does not see its ally's zone %d", lairZone)
		}
		if v.Zones[lairZone].Special != 0 || v.Zones[lairZone].Memory.Special != 0 {
			t.Errorf("camp 1's view shows %v on its ally's zone", v.Zones[lairZone].Special)
		}
		if v := grisonval.View(out.World, 0); v.Zones[lairZone].Special != grisonval.Lair || !v.Zones[lairZone].Surveyed {
			t.Errorf("camp 0's view of its lair: %+v", v.Zones[lairZone])
		}
	})
}

// TestSpecialEffects covers the effects of held special terrain: TER-RESOURCE,
// TER-LANDMARK, TER-LAIR, TER-RUIN and TER-RIVER.
func TestSpecialEffects(t *testing.T) {
	hold := func(w *grisonval.World, s grisonval.Special, zs ...grisonval.ZoneID) {
		for _, z := range zs {
			w.Zone(z).Special, w.Zone(z).Owner = s, 0
		}
	}
	t.Run("TER-RESOURCE economy +1; extraction on it yields 50 % more", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) { hold(w, grisonval.Resource, 19) })
		if s := w.SpecialStats(0); s != (grisonval.Stats{Economy: 1}) {
			t.Errorf("stats of a held resource: %+v; want economy 1", s)
		}
		if s := w.Stats(0).Economy - specialWorld(nil).Stats(0).Economy; s != 1 {
			t.Errorf("Stats' economy grows by %d with a resource; want 1", s)
		}
		for _, c := range []struct {
			z grisonval.ZoneID
			t grisonval.Terrain
			b grisonval.BuildingKind
		}{{19, grisonval.Plains, grisonval.Farm}, {20, grisonval.Mountain, grisonval.Mine}, {11, grisonval.Forest, grisonval.LumberCamp}, {19, grisonval.Plains, grisonval.School}} {
			base := specialWorld(func(w *grisonval.World) {
				w.Zone(c.z).Owner, w.Zone(c.z).Terrain, w.Zone(c.z).Buildings = 0, c.t, []grisonval.BuildingKind{c.b}
			})
			rich := base.Clone()
			rich.Zone(c.z).Special = grisonval.Resource
			f0, f1 := grisonval.ForecastOf(base, 0), grisonval.ForecastOf(rich, 0)
			out := grisonval.Buildings[c.b].Output
			var gain grisonval.Resources
			for i, p := range []*int64{&gain.Food, &gain.Wood, &gain.Stone, &gain.Tools, &gain.Gold, &gain.Research} {
				*p = f1.Flows[i].Income - f0.Flows[i].Income
			}
			want := grisonval.Resources{}
			if c.b != grisonval.School {
				want = grisonval.Resources{Food: out.Food / 2, Wood: out.Wood / 2, Stone: out.Stone / 2}
			}
			if gain.Food != want.Food || gain.Stone != want.Stone || gain.Research != 0 || abs64(gain.Wood-want.Wood) > 1 {
				t.Errorf("%v on a resource yields %+v more; want about %+v", c.b, gain, want)
			}
		}
	})
	t.Run("TER-LANDMARK loyalty +1, +1 more once developed", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) { hold(w, grisonval.Landmark, 19, 20) })
		if s := w.SpecialStats(0); s != (grisonval.Stats{Loyalty: 2}) {
			t.Errorf("two landmarks: %+v; want loyalty 2", s)
		}
		w.Zone(19).Development = 1
		if s := w.SpecialStats(0); s != (grisonval.Stats{Loyalty: 3}) {
			t.Errorf("two landmarks, one developed: %+v; want loyalty 3", s)
		}
		if s := w.SpecialStats(1); s != (grisonval.Stats{}) {
			t.Errorf("camp 1 holds no landmark: %+v", s)
		}
	})
	t.Run("TER-LAIR stability +1 and +1 defence", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) { hold(w, grisonval.Lair, 19) })
		if s := w.SpecialStats(0); s != (grisonval.Stats{Stability: 1}) {
			t.Errorf("a lair: %+v; want stability 1", s)
		}
		plain := specialWorld(func(w *grisonval.World) { w.Zone(19).Owner = 0 })
		if d := w.Defence(19) - plain.Defence(19); d != grisonval.LairDefence {
			t.Errorf("a lair adds %d defence; want %d", d, grisonval.LairDefence)
		}
	})
	t.Run("TER-RUIN the first building costs half, the menu and the refusal say so", func(t *testing.T) {
		w := specialWorld(func(w *grisonval.World) { hold(w, grisonval.Ruin, 19) })
		if got, want := w.BuildCost(grisonval.Farm, 19), (grisonval.Resources{Wood: 5, Stone: 1}); got != want {
			t.Errorf("a farm on a bare ruin costs %v; want %v", got, want)
		}
		if got, want := w.BuildCost(grisonval.Barracks, 19), (grisonval.Resources{Wood: 5, Stone: 4, Tools: 2, Gold: 1}); got != want {
			t.Errorf("barracks on a bare ruin cost %v; want %v (half, rounded down)", got, want)
		}
		la := legal(t, w, 0, grisonval.BuildFarm)
		wantChoices := []grisonval.ChoicePrice{{Value: int(capitalOf(0)), Cost: grisonval.Buildings[grisonval.Farm].Cost}, {Value: 19, Cost: grisonval.Resources{Wood: 5, Stone: 1}}}
		if !slices.Equal(la.Choices, wantChoices) {
			t.Errorf("build_farm's prices: %+v; want %+v", la.Choices, wantChoices)
		}
		if la := legal(t, specialWorld(nil), 0, grisonval.BuildFarm); la.Choices != nil {
			t.Errorf("without a ruin build_farm lists prices %+v; want none (Price says it)", la.Choices)
		}
		// Short of the full price: only the ruin is offered, and a farm
		// elsewhere is refused with its true price.
		w.Camps[0].Resources.Wood, w.Camps[0].Resources.Stone = 6, 1
		if la := legal(t, w, 0, grisonval.BuildFarm); !slices.Equal(la.Args[0].Choices, []int{19}) {
			t.Errorf("short of the full price, build_farm offers %v; want [19]", la.Args[0].Choices)
		}
		err := grisonval.Validate(w, 0, grisonval.Order{Action: grisonval.BuildFarm, Args: []int{int(capitalOf(0))}})
		if err == nil || !strings.Contains(err.Error(), "costs 10 wood, 2 stone") {
			t.Errorf("build_farm on the capital: %v; want it to cost 10 wood, 2 stone", err)
		}
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.BuildFarm, Args: []int{19}}, rest(), rest()))
		if out.Results[0].Status != grisonval.Applied {
			t.Fatalf("build_farm 19: %+v", out.Results[0])
		}
		if got := out.World.BuildCost(grisonval.House, 19); got != grisonval.Buildings[grisonval.House].Cost {
			t.Errorf("the second building on the ruin costs %v; want the full %v", got, grisonval.Buildings[grisonval.House].Cost)
		}
		w.Camps[0].Resources.Wood = 4
		if err := grisonval.Validate(w, 0, grisonval.Order{Action: grisonval.BuildFarm, Args: []int{19}}); err == nil || !strings.Contains(err.Error(), "build_farm costs 5 wood, 1 stone") {
			t.Errorf("build_farm short of the half price: %v; want it to say the half price", err)
		}
	})
	t.Run("TER-RIVER economy +1 per 4 river zones, stability +1 per 8", func(t *testing.T) {
		zs := []grisonval.ZoneID{19, 20, 11, 13, 5, 6, 27, 28}
		for n, want := range map[int]grisonval.Stats{3: {}, 4: {Economy: 1}, 7: {Economy: 1}, 8: {Economy: 2, Stability: 1}} {
			w := specialWorld(func(w *grisonval.World) { hold(w, grisonval.River, zs[:n]...) })
			if s := w.SpecialStats(0); s != want {
				t.Errorf("%d river zones: %+v; want %+v", n, s, want)
			}
		}
	})
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
