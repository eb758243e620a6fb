package grisonval

import (
	"slices"
	"testing"
)

func TestTrade(t *testing.T) {
	t.Run("TRD-1 lots of 500 food paid 4 wood, else 3 stone, else 2 gold", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Zones[zs.coast].Buildings = []BuildingKind{Market}
		w.Camps[0].Resources = Resources{Food: 100, Wood: 9, Stone: 4, Gold: 5}
		specs, err := tradeArgs(w, 0)
		if err != nil || specs[0].Max != 4 {
			t.Fatalf("trade menu %+v, %v; want 1 to 4 lots", specs, err)
		}
		tk := play(t, w, 0, Order{Action: Trade, Args: []int{4}})
		// Lots: 4 wood, 4 wood, 3 stone, 2 gold.
		if got, want := tk.w.Camps[0].Resources, (Resources{Food: 2100, Wood: 1, Stone: 1, Gold: 3}); got != want {
			t.Errorf("stock after 4 lots %v; want %v", got, want)
		}
	})
	t.Run("TRD-1 at most 2 + 2 per market lots a day; needs a market", func(t *testing.T) {
		for _, tc := range []struct {
			markets int
			max     int
		}{{1, 4}, {2, 6}, {3, 8}} {
			w, zs := econWorld(t)
			for range tc.markets {
				w.Zones[zs.capital].Buildings = append(w.Zones[zs.capital].Buildings, Market)
			}
			specs, err := tradeArgs(w, 0)
			if err != nil || specs[0].Max != tc.max {
				t.Errorf("%d market(s): trade menu %+v, %v; want at most %d lots", tc.markets, specs, err, tc.max)
			}
		}
		w, zs := econWorld(t)
		if got := refusal(w, 0, Order{Action: Trade, Args: []int{1}}); got != CodeNotAllowed {
			t.Errorf("trade without a market: %q; want %q", got, CodeNotAllowed)
		}
		w.Zones[zs.capital].Buildings = []BuildingKind{Market}
		w.Camps[0].Resources = Resources{Wood: 3, Stone: 2, Gold: 1}
		if got := refusal(w, 0, Order{Action: Trade, Args: []int{1}}); got != CodeShortOf {
			t.Errorf("trade with 3 wood, 2 stone, 1 gold: %q; want %q", got, CodeShortOf)
		}
	})
	t.Run("TRD-3 one status per pair, war by default", func(t *testing.T) {
		w := NewWorld(1)
		for a := range CampID(NumCamps) {
			for b := range CampID(NumCamps) {
				if a != b && w.Relation(a, b) != War {
					t.Errorf("relation %d-%d %s at setup; want war", a, b, w.Relation(a, b))
				}
			}
		}
		w.SetRelation(2, 0, Peace)
		w.SetRelation(1, 2, Alliance)
		if w.Relation(0, 2) != Peace || w.Relation(2, 0) != Peace || w.Relation(2, 1) != Alliance || w.Relation(0, 1) != War {
			t.Errorf("relations %v; want 0-1 war, 0-2 peace, 1-2 alliance, the same both ways", w.Relations)
		}
	})
	t.Run("TRD-2 trade_route toward a met camp at peace or alliance, with a market and 20 gold", func(t *testing.T) {
		base, zs := econWorld(t)
		base.Zones[zs.capital].Buildings = []BuildingKind{Market}
		for _, tc := range []struct {
			name string
			set  func(w *World)
			want []int
			code Code
		}{
			{"not met", func(w *World) { w.SetRelation(0, 1, Peace) }, nil, CodeNotAllowed},
			{"met at war", func(w *World) { w.meet(0, 1) }, nil, CodeNotAllowed},
			{"met at peace", func(w *World) { w.meet(0, 1); w.SetRelation(0, 1, Peace) }, []int{1}, ""},
			{"met allies", func(w *World) { w.meet(0, 2); w.SetRelation(0, 2, Alliance) }, []int{2}, ""},
			{"route open already", func(w *World) {
				w.meet(0, 1)
				w.SetRelation(0, 1, Peace)
				w.Routes = []Route{{A: 0, B: 1}}
			}, nil, CodeNotAllowed},
			{"19 gold", func(w *World) { w.meet(0, 1); w.SetRelation(0, 1, Peace); w.Camps[0].Resources.Gold = 19 }, nil, CodeShortOf},
			{"no market", func(w *World) { w.meet(0, 1); w.SetRelation(0, 1, Peace); w.Zones[zs.capital].Buildings = nil }, nil, CodeNotAllowed},
		} {
			w := base.Clone()
			tc.set(w)
			specs, err := tradeRouteArgs(w, 0)
			switch {
			case tc.code != "" && (err == nil || err.Code != tc.code):
				t.Errorf("%s: %+v, %v; want %q", tc.name, specs, err, tc.code)
			case tc.code == "" && (err != nil || !slices.Equal(specs[0].Choices, tc.want)):
				t.Errorf("%s: %+v, %v; want camps %v", tc.name, specs, err, tc.want)
			}
		}
	})
	t.Run("TRD-2 a route pays +3 gold a day to both camps while at peace; war breaks it", func(t *testing.T) {
		w, zs := econWorld(t)
		w.Zones[zs.capital].Buildings = []BuildingKind{Market}
		w.meet(0, 1)
		w.SetRelation(0, 1, Peace)
		tk := play(t, w, 0, Order{Action: TradeRoute, Args: []int{1}})
		if got := tk.w.Camps[0].Resources.Gold; got != w.Camps[0].Resources.Gold-20 {
			t.Errorf("gold after trade_route %d; want %d", got, w.Camps[0].Resources.Gold-20)
		}
		if !tk.w.HasRoute(1, 0) {
			t.Fatal("no route 0-1 after trade_route")
		}
		open := tk.w
		pay := startTick(open)
		pay.tradeRoutesIncome()
		for c := range CampID(2) {
			if got := pay.w.Camps[c].Resources.Gold - open.Camps[c].Resources.Gold; got != 3 {
				t.Errorf("camp %d earns %d gold from the route; want 3", c, got)
			}
		}
		open.SetRelation(0, 1, War)
		broken := startTick(open)
		broken.tradeRoutesIncome()
		if broken.w.HasRoute(0, 1) || broken.w.Camps[1].Resources.Gold != open.Camps[1].Resources.Gold {
			t.Errorf("at war: route %v, camp 1 gold %d; want no route, no gold", broken.w.Routes, broken.w.Camps[1].Resources.Gold)
		}
	})
}
