package grisonval_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// firstFree returns the lowest free zone next to camp c's capital.
func firstFree(w *grisonval.World, c grisonval.CampID) grisonval.ZoneID {
	for _, n := range grisonval.Neighbors(capitalOf(c)) {
		if w.Zone(n).Owner == grisonval.NoCamp {
			return n
		}
	}
	return 0
}

// resolveUntil plays rest for every camp but c's first order, then rest
// until day, and returns the final world.
func resolveUntil(w *grisonval.World, first [grisonval.NumCamps]grisonval.Order, day int) *grisonval.World {
	w = grisonval.Resolve(w, first).World
	for w.Day < day {
		w = grisonval.Resolve(w, orders(rest(), rest(), rest())).World
	}
	return w
}

func TestActions(t *testing.T) {
	t.Run("ACT-REST morale +4 capped at 100", func(t *testing.T) {
		for _, tc := range []struct{ before, want int }{{60, 64}, {97, 100}, {100, 100}} {
			w := mustWorld(1, func(w *grisonval.World) { setMorale(w, 0, tc.before) })
			got := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Morale
			if got != tc.want {
				t.Errorf("rest at morale %d gives %d; want %d", tc.before, got, tc.want)
			}
		}
	})
	t.Run("ACT-WOOD +2 and +2 per held forest", func(t *testing.T) {
		w := mustWorld(1, nil)
		forests := 0
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones && forests < 3; z++ {
			if w.Zone(z).Terrain == grisonval.Forest && w.Zone(z).Owner == grisonval.NoCamp {
				w.Zone(z).Owner = 0
				forests++
			}
		}
		before := w.Camps[0].Resources.Wood
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.ChopWood}, rest(), rest()))
		// Production adds each forest's terrain wood too (ECO-1).
		want := before + 2 + 2*3 + 3*grisonval.TerrainIncome[grisonval.Forest].Wood
		if got := out.World.Camps[0].Resources.Wood; got != want {
			t.Errorf("wood after chop_wood with 3 forests: %d; want %d", got, want)
		}
	})
	t.Run("ACT-EXPLORE lifts the fog on one zone, yields 0-2 stone and food", func(t *testing.T) {
		w := mustWorld(5, nil)
		la := legal(t, w, 0, grisonval.Explore)
		z := la.Args[0].Choices[0]
		if w.Vision(0)[z] || w.Camps[0].Memory[z].Seen {
			t.Fatalf("explore offers zone %d which camp 0 already knows", z)
		}
		plain := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.Explore, Args: []int{z}}, rest(), rest())).World
		if m := out.Camps[0].Memory[z]; !m.Seen || m.Day != 1 || m.Terrain != out.Zone(grisonval.ZoneID(z)).Terrain {
			t.Errorf("memory of explored zone %d = %+v; want seen on day 1", z, m)
		}
		ds := out.Camps[0].Resources.Stone - plain.Camps[0].Resources.Stone
		df := out.Camps[0].Resources.Food - plain.Camps[0].Resources.Food
		if ds < 0 || ds > 2 || df < 0 || df > 2 {
			t.Errorf("explore yielded %d stone, %d food; want 0-2 of each", ds, df)
		}
	})
	t.Run("ACT-EXP settlers take a free adjacent zone", func(t *testing.T) {
		w := mustWorld(2, nil)
		z := firstFree(w, 0)
		o := grisonval.Order{Action: grisonval.ExpandTo, Args: []int{int(z)}}
		out := grisonval.Resolve(w, orders(o, rest(), rest()))
		if len(out.World.Columns) != 1 || out.World.Columns[0].Kind != grisonval.SettlerColumn {
			t.Fatalf("columns %+v; want one settler column", out.World.Columns)
		}
		col := out.World.Columns[0]
		paid := w.Camps[0].Resources.Sub(grisonval.ExpandCost)
		if got := out.World.Camps[0].Resources; got.Wood != paid.Wood+0 {
			t.Errorf("wood after expand_to %d; want %d", got.Wood, paid.Wood)
		}
		end := resolveUntil(out.World, orders(rest(), rest(), rest()), col.Arrive)
		if end.Zone(z).Owner != 0 {
			t.Errorf("zone %d owner %d on arrival day %d; want camp 0", z, end.Zone(z).Owner, col.Arrive)
		}
		short := mustWorld(2, func(w *grisonval.World) { w.Camps[0].Resources.Food = 599 })
		var re *grisonval.RuleError
		if err := grisonval.Validate(short, 0, o); !errors.As(err, &re) || re.Code != grisonval.CodeShortOf {
			t.Errorf("expand_to with 599 food: %v; want %s", err, grisonval.CodeShortOf)
		}
		far := grisonval.Order{Action: grisonval.ExpandTo, Args: []int{46}}
		if err := grisonval.Validate(w, 0, far); !errors.As(err, &re) || re.Code != grisonval.CodeNotAllowed || re.Field != "args[0]" {
			t.Errorf("expand_to a zone not adjacent: %v; want not_allowed on args[0]", err)
		}
	})
	t.Run("ARM-1 raise_army costs 2 food and 2 wood a man, at most 5 a day", func(t *testing.T) {
		w := mustWorld(1, nil)
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.RaiseArmy, Args: []int{5}}, rest(), rest())).World
		base := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		if out.Camps[0].FieldArmy != 5 {
			t.Errorf("field army %d; want 5", out.Camps[0].FieldArmy)
		}
		if d := base.Camps[0].Resources.Wood - out.Camps[0].Resources.Wood; d != 10 {
			t.Errorf("raise 5 cost %d wood; want 10", d)
		}
		// Food: 10 for the men, and the field army eats 1 per pair (5/2 = 2).
		if d := base.Camps[0].Resources.Food - out.Camps[0].Resources.Food; d != 12 {
			t.Errorf("raise 5 cost %d food (rations included); want 12", d)
		}
		if err := grisonval.Validate(w, 0, grisonval.Order{Action: grisonval.RaiseArmy, Args: []int{6}}); err == nil {
			t.Error("raise_army 6 accepted; want at most 5 a day")
		}
	})
	t.Run("ARM-2 men under arms capped by min(adults-3, adults/2)", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].FieldArmy = 4; armCivilians(w, 0, 4) })
		// 20 adults: cap 10; 4 in the capital garrison and 4 in the field.
		if got := w.RaiseLimit(0); got != 2 {
			t.Errorf("raise limit %d; want 2", got)
		}
		w.Camps[0].Citizens = w.Camps[0].Citizens[:6] // cap min(3, 3) = 3 < 8 under arms
		if got := w.RaiseLimit(0); got != 0 {
			t.Errorf("raise limit with 6 adults %d; want 0", got)
		}
	})
	t.Run("ACT-SEND on a held zone garrisons at once", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].FieldArmy = 6 })
		cap0 := capitalOf(0)
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.SendArmy, Args: []int{4, int(cap0)}}, rest(), rest())).World
		if out.Zone(cap0).Garrison != grisonval.StartGarrison+4 || out.Camps[0].FieldArmy != 2 || len(out.Columns) != 0 {
			t.Errorf("garrison %d, field %d, columns %d; want %d, 2, 0", out.Zone(cap0).Garrison, out.Camps[0].FieldArmy, len(out.Columns), grisonval.StartGarrison+4)
		}
	})
	t.Run("ACT-SEND to a free zone marches, then takes it", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].FieldArmy = 6 })
		z := firstFree(w, 0)
		out := grisonval.Resolve(w, orders(grisonval.Order{Action: grisonval.SendArmy, Args: []int{3, int(z)}}, rest(), rest())).World
		if len(out.Columns) != 1 || out.Columns[0].Men != 3 || out.Columns[0].From != capitalOf(0) {
			t.Fatalf("columns %+v; want one column of 3 from the capital", out.Columns)
		}
		end := resolveUntil(out, orders(rest(), rest(), rest()), out.Columns[0].Arrive)
		if end.Zone(z).Owner != 0 || end.Zone(z).Garrison != 3 {
			t.Errorf("zone %d owner %d garrison %d; want camp 0 with 3", z, end.Zone(z).Owner, end.Zone(z).Garrison)
		}
	})
}

func legal(t *testing.T, w *grisonval.World, c grisonval.CampID, a grisonval.Action) grisonval.LegalAction {
	t.Helper()
	for _, la := range grisonval.LegalActions(w, c) {
		if la.Action == a {
			return la
		}
	}
	t.Fatalf("%s is not legal for camp %d", a, c)
	return grisonval.LegalAction{}
}

// TestMarchDays covers MAR-1 and MAR-2.
func TestMarchDays(t *testing.T) {
	cap0 := capitalOf(0)
	at := func(d int) grisonval.ZoneID {
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if grisonval.ZoneDistance(cap0, z) == d {
				return z
			}
		}
		t.Fatalf("no zone at distance %d", d)
		return 0
	}
	for _, tc := range []struct {
		name    string
		dist    int
		terrain grisonval.Terrain
		kind    grisonval.ColumnKind
		morale  int
		want    int
	}{
		{"MAR-1 one zone of plains: 1+1+0", 1, grisonval.Plains, grisonval.ArmyColumn, 50, 2},
		{"MAR-1 floor of 2 days", 0, grisonval.Plains, grisonval.ArmyColumn, 50, 2},
		{"MAR-1 settlers +1", 1, grisonval.Plains, grisonval.SettlerColumn, 50, 3},
		{"MAR-1 mountain +2", 1, grisonval.Mountain, grisonval.ArmyColumn, 50, 4},
		{"MAR-1 four zones: 1+4", 4, grisonval.Plains, grisonval.ArmyColumn, 50, 5},
		{"MAR-1 eight zones: 1+4+2.4 rounded up", 8, grisonval.Plains, grisonval.ArmyColumn, 50, 8},
		{"MAR-1 eight zones to a mountain with settlers", 8, grisonval.Mountain, grisonval.SettlerColumn, 50, 11},
		{"MAR-2 morale 75: -1 day", 4, grisonval.Plains, grisonval.ArmyColumn, 75, 4},
		{"MAR-2 morale 34: +1 day", 4, grisonval.Plains, grisonval.ArmyColumn, 34, 6},
		{"MAR-2 morale 35: no change", 4, grisonval.Plains, grisonval.ArmyColumn, 35, 5},
		{"MAR-2 high morale on the floor: 1 day", 1, grisonval.Plains, grisonval.ArmyColumn, 90, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := grisonval.MarchDays(cap0, at(tc.dist), tc.terrain, tc.kind, tc.morale); got != tc.want {
				t.Errorf("MarchDays(distance %d, %v, kind %d, morale %d) = %d; want %d", tc.dist, tc.terrain, tc.kind, tc.morale, got, tc.want)
			}
		})
	}
}

// TestEconomy covers ECO-1 to ECO-6 and YEAR-1.
func TestEconomy(t *testing.T) {
	t.Run("ECO-1 terrain income of held zones only", func(t *testing.T) {
		w := mustWorld(1, nil)
		z := firstFree(w, 0)
		before := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Resources
		w.Zone(z).Owner = 0
		after := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Resources
		if got, want := after.Sub(before), grisonval.TerrainIncome[w.Zone(z).Terrain]; got != want {
			t.Errorf("income of a %v zone: %+v; want %+v", w.Zone(z).Terrain, got, want)
		}
	})
	t.Run("ECO-5 a forest gives food only under rules older than RulesWar", func(t *testing.T) {
		for _, rules := range []grisonval.Rules{grisonval.RulesGovernance, grisonval.RulesWar} {
			w := grisonval.NewWorldRules(1, rules)
			w.Camps[0].Resources.Food = 1000 // under the granary (ECO-6)
			z := grisonval.ZoneID(19)
			before := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Resources
			w.Zone(z).Owner, w.Zone(z).Terrain = 0, grisonval.Forest
			after := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Resources
			want := grisonval.TerrainIncome[grisonval.Forest]
			if rules < grisonval.RulesWar {
				want.Food = grisonval.ForestFoodBeforeWar
			}
			if got := after.Sub(before); got != want || want.Wood == 0 {
				t.Errorf("rules %d: a forest yields %+v; want %+v", rules, got, want)
			}
		}
	})
	t.Run("ECO-6 the granary holds GranaryDays days of eating; the forecast shows the rot", func(t *testing.T) {
		for _, rules := range []grisonval.Rules{grisonval.RulesGovernance, grisonval.RulesWar} {
			w := grisonval.NewWorldRules(1, rules)
			w.Camps[0].Resources.Food = 20000
			need := w.FoodNeed(0, 1)
			f := grisonval.ForecastOf(w, 0)
			got := grisonval.Resolve(w, orders(rest(), rest(), rest())).World.Camps[0].Resources.Food
			want := int64(20000 + 60 - need)
			if rules >= grisonval.RulesWar {
				want = grisonval.GranaryDays * need
			}
			if got != want || f.Flows[0].Stock+f.Flows[0].Net != got || f.Flows[0].Rot != min(0, want-(20000+60-need)) {
				t.Errorf("rules %d: food %d, forecast %+v; want %d", rules, got, f.Flows[0], want)
			}
		}
	})
	t.Run("ECO-2 one food per inhabitant and per pair of field soldiers", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].FieldArmy = 5 })
		out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		want := w.Camps[0].Resources.Food + grisonval.TerrainIncome[grisonval.Plains].Food - 20 - 2
		if got := out.Camps[0].Resources.Food; got != want {
			t.Errorf("food %d; want %d", got, want)
		}
	})
	t.Run("ECO-3 and YEAR-1 winter eats one more per six inhabitants", func(t *testing.T) {
		for _, tc := range []struct {
			day    int
			season string
			extra  int64
		}{{1, "spring", 0}, {20, "spring", 0}, {21, "summer", 0}, {60, "autumn", 0}, {61, "winter", 3}, {80, "winter", 3}, {81, "spring", 0}} {
			if got := grisonval.YearSeason(tc.day); got != tc.season {
				t.Errorf("day %d is %s; want %s", tc.day, got, tc.season)
			}
			w := mustWorld(1, func(w *grisonval.World) { w.Day = tc.day - 1 })
			out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
			want := w.Camps[0].Resources.Food + grisonval.TerrainIncome[grisonval.Plains].Food - 20 - tc.extra
			if got := out.Camps[0].Resources.Food; got != want {
				t.Errorf("day %d food %d; want %d", tc.day, got, want)
			}
		}
	})
	t.Run("ECO-4 famine kills one inhabitant and costs 5 morale", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) {
			w.Camps[0].Resources.Food = 0
			w.Zone(capitalOf(0)).Terrain = grisonval.Mountain
		})
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		c := out.World.Camps[0]
		if c.Resources.Food != 0 || len(c.Citizens) != 19 || c.Morale != 60+4-5 {
			t.Errorf("after famine: food %d pop %d morale %d; want 0, 19, 59", c.Resources.Food, len(c.Citizens), c.Morale)
		}
		if !hasEntry(out.Journal, 0, "famine") {
			t.Error("no famine entry in camp 0's journal")
		}
	})
}

func hasEntry(j []grisonval.Entry, c grisonval.CampID, kind string) bool {
	for _, e := range j {
		if e.Camp == c && e.Kind == kind {
			return true
		}
	}
	return false
}

// TestBattles covers BAT-1 to BAT-4 and CON-1.
func TestBattles(t *testing.T) {
	// attack sets camp 1's column of men on camp 0's zone z (a free neighbour
	// of camp 0's capital made camp 0's with garrison g), arriving tomorrow.
	attack := func(men, g, morale int) (*grisonval.World, grisonval.ZoneID) {
		w := mustWorld(1, nil)
		z := firstFree(w, 0)
		w.Zone(z).Owner, w.Zone(z).Garrison = 0, g
		setMorale(w, 1, morale)
		w.Columns = append(w.Columns, grisonval.Column{ID: 1, Camp: 1, Kind: grisonval.ArmyColumn, Men: men, From: capitalOf(1), To: z, Depart: 0, Arrive: 1})
		w.NextColumn = 2
		return w, z
	}
	t.Run("BAT-1 assault with morale bonus", func(t *testing.T) {
		for _, tc := range []struct{ men, morale, want int }{{10, 70, 12}, {10, 69, 10}, {10, 35, 10}, {10, 34, 8}} {
			if got := grisonval.Assault(tc.men, tc.morale); got != tc.want {
				t.Errorf("Assault(%d, morale %d) = %d; want %d", tc.men, tc.morale, got, tc.want)
			}
		}
	})
	t.Run("BAT-2 defence", func(t *testing.T) {
		w, z := attack(1, 3, 50)
		w.Camps[0].FieldArmy = 9
		want := 3 + w.Zone(z).Terrain.Cost() + 2 + 9/4
		if got := w.Defence(z); got != want {
			t.Errorf("defence %d; want %d", got, want)
		}
		if got, want := w.Defence(capitalOf(0)), grisonval.StartGarrison+0+2+2+2; got != want {
			t.Errorf("capital defence %d; want %d", got, want)
		}
	})
	t.Run("BAT-3 a lost assault wipes the column out and costs the garrison half the assault", func(t *testing.T) {
		w, z := attack(4, 6, 50)
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if out.World.Zone(z).Owner != 0 || out.World.Zone(z).Garrison != 4 {
			t.Errorf("zone owner %d garrison %d; want camp 0 with 6-2", out.World.Zone(z).Owner, out.World.Zone(z).Garrison)
		}
		if p := len(out.World.Camps[1].Citizens); p != 20-4 {
			t.Errorf("attacker population %d; want 16 (the column died)", p)
		}
		if !hasEntry(out.Journal, 0, "battle") || !hasEntry(out.Journal, 1, "battle") {
			t.Error("battle not in both camps' journals")
		}
	})
	// Issue 4: a won engagement invests the zone (SIE-1); it falls, with
	// the morale of BAT-4, at the decisive assault (SIE-3, TestSieges).
	t.Run("BAT-3 a won assault invests the zone; it falls at the decisive assault with BAT-4 morale +5 and -8", func(t *testing.T) {
		w, z := attack(20, 2, 50)
		w = grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		if w.Zone(z).Owner != 0 || !w.Besieged(z) {
			t.Fatalf("zone owner %d besieged %v; want camp 0's, besieged", w.Zone(z).Owner, w.Besieged(z))
		}
		for w.Besieged(z) {
			setMorale(w, 0, 50)
			setMorale(w, 1, 50)
			w = grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		}
		if w.Zone(z).Owner != 1 {
			t.Fatalf("zone owner %d after the siege; want camp 1", w.Zone(z).Owner)
		}
		// Rest +4, then the assault's +5 and -8; the besieged zone's -1 is
		// gone with the siege.
		if w.Camps[1].Morale != 50+4+5 || w.Camps[0].Morale != 50+4-8 {
			t.Errorf("morale attacker %d defender %d; want 59 and 46", w.Camps[1].Morale, w.Camps[0].Morale)
		}
	})
	t.Run("CON-1 columns of two camps on one free zone meet first", func(t *testing.T) {
		for _, tc := range []struct {
			name            string
			men1, men2      int
			owner, garrison int
		}{
			{"stronger wins, loses half the weaker", 7, 4, 1, 5},
			{"equal forces destroy each other", 5, 5, int(grisonval.NoCamp), 0},
			{"settlers count for nothing", 3, 0, 1, 3},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := mustWorld(1, nil)
				z := grisonval.ZoneID(46)
				kind2 := grisonval.ArmyColumn
				if tc.men2 == 0 {
					kind2 = grisonval.SettlerColumn
				}
				w.Columns = []grisonval.Column{
					{ID: 1, Camp: 2, Kind: kind2, Men: tc.men2, To: z, Arrive: 1},
					{ID: 2, Camp: 1, Kind: grisonval.ArmyColumn, Men: tc.men1, To: z, Arrive: 1},
				}
				out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
				if out.Zone(z).Owner != grisonval.CampID(tc.owner) || out.Zone(z).Garrison != tc.garrison {
					t.Errorf("zone 46 owner %d garrison %d; want %d with %d", out.Zone(z).Owner, out.Zone(z).Garrison, tc.owner, tc.garrison)
				}
				if !out.Camps[1].Met[2] || !out.Camps[2].Met[1] {
					t.Error("the two camps have not met")
				}
			})
		}
	})
}

// TestTickRules covers TICK-1, TICK-2 and CAMP-2.
func TestTickRules(t *testing.T) {
	t.Run("TICK-1 phases in the documented order", func(t *testing.T) {
		want := "orders actions diplomacy production upkeep consumption events society marches arrivals sieges extinction cut-off politics succession council spies achievements vision"
		if got := strings.Join(grisonval.PhaseNames(), " "); got != want {
			t.Errorf("phases %q; want %q", got, want)
		}
	})
	t.Run("TICK-2 an order no longer valid is stale and nothing is played", func(t *testing.T) {
		w := mustWorld(1, nil)
		o := grisonval.Order{Action: grisonval.SendArmy, Args: []int{3, 46}}
		out := grisonval.Resolve(w, orders(o, rest(), rest()))
		r := out.Results[0]
		if r.Status != grisonval.Stale || r.Err == nil || r.Err.Code != grisonval.CodeNotAllowed {
			t.Fatalf("result %+v; want stale with not_allowed", r)
		}
		if out.Results[1].Status != grisonval.Applied || !hasEntry(out.Journal, 0, "order_stale") {
			t.Errorf("results %+v; want camp 1 applied and a stale entry for camp 0", out.Results)
		}
	})
	t.Run("CAMP-2 a camp with no zone and no column is extinct", func(t *testing.T) {
		w := mustWorld(1, nil)
		w.Zone(capitalOf(2)).Owner = grisonval.NoCamp
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if out.World.Camps[2].Alive {
			t.Fatal("camp 2 alive with no zone")
		}
		if !hasEntry(out.Journal, 0, "extinct") || !hasEntry(out.Journal, 1, "extinct") {
			t.Error("extinction not proclaimed to the other camps")
		}
		if err := grisonval.Validate(out.World, 2, rest()); err == nil {
			t.Error("an extinct camp's order accepted")
		}
		if l := grisonval.LegalActions(out.World, 2); l != nil {
			t.Errorf("extinct camp has legal actions %v", l)
		}
	})
}
