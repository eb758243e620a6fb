package grisonval

import "testing"

func TestUpkeep(t *testing.T) {
	t.Run("UPK-1 buildings: first 4 free, then 1 wood per 2, 1 stone per 8, 1 tool per 20, 1 gold per 10, +1 gold per 3 levels", func(t *testing.T) {
		for _, tc := range []struct {
			buildings, levels int64
			want              Resources
		}{
			{4, 0, Resources{}},
			{5, 0, Resources{}},
			{6, 0, Resources{Wood: 1}},
			{12, 0, Resources{Wood: 4, Stone: 1}},
			{24, 0, Resources{Wood: 10, Stone: 2, Tools: 1, Gold: 2}},
			{0, 2, Resources{}},
			{0, 3, Resources{Gold: 1}},
			{66, 7, Resources{Wood: 31, Stone: 7, Tools: 3, Gold: 6 + 2}},
		} {
			if got := upkeepBill(tc.buildings, tc.levels, 0, 0).Buildings; got != tc.want {
				t.Errorf("%d buildings, %d levels: %v; want %v", tc.buildings, tc.levels, got, tc.want)
			}
		}
	})
	t.Run("UPK-2 territory: first 5 zones free, then 1 wood per 2, 1 stone per 5, 1 gold per 3", func(t *testing.T) {
		for _, tc := range []struct {
			zones int64
			want  Resources
		}{
			{5, Resources{}},
			{6, Resources{}},
			{7, Resources{Wood: 1}},
			{10, Resources{Wood: 2, Stone: 1, Gold: 1}},
			{35, Resources{Wood: 15, Stone: 6, Gold: 10}},
		} {
			if got := upkeepBill(0, 0, tc.zones, 0).Territory; got != tc.want {
				t.Errorf("%d zones: %v; want %v", tc.zones, got, tc.want)
			}
		}
	})
	t.Run("UPK-3 governance: first 10 inhabitants free, then 1 gold per 5", func(t *testing.T) {
		for _, tc := range []struct {
			pop  int64
			want Resources
		}{{10, Resources{}}, {14, Resources{}}, {15, Resources{Gold: 1}}, {34, Resources{Gold: 4}}, {1240, Resources{Gold: 246}}} {
			if got := upkeepBill(0, 0, 0, tc.pop).Governance; got != tc.want {
				t.Errorf("%d inhabitants: %v; want %v", tc.pop, got, tc.want)
			}
		}
	})
	t.Run("UPK-7 the seed's sample state costs what the formula says", func(t *testing.T) {
		// 62 buildings, 0 levels, 35 zones, 3 inhabitants administered (13).
		got := upkeepBill(62, 0, 35, 13).Total()
		if want := (Resources{Wood: 44, Stone: 13, Tools: 2, Gold: 15}); got != want {
			t.Errorf("sample upkeep %v; want %v (not the seed's 28 wood, 8 stone, 1 tool, 10 gold)", got, want)
		}
	})
	t.Run("UPK-4 missing stone is paid 2 wood per stone", func(t *testing.T) {
		for _, tc := range []struct {
			stock, bill, left Resources
			short             int64
		}{
			{Resources{Wood: 10, Stone: 1}, Resources{Stone: 3}, Resources{Wood: 6}, 0},
			{Resources{Wood: 3}, Resources{Stone: 2}, Resources{Wood: 1}, 1},
			{Resources{Wood: 7, Stone: 1}, Resources{Wood: 3, Stone: 2}, Resources{Wood: 2}, 0},
			{Resources{Gold: 1, Tools: 5}, Resources{Tools: 1, Gold: 4}, Resources{Tools: 4}, 3},
		} {
			r := tc.stock
			short := payUpkeep(&r, tc.bill)
			if r != tc.left || short != tc.short {
				t.Errorf("stock %v pays %v: left %v, short %d; want %v, %d", tc.stock, tc.bill, r, short, tc.left, tc.short)
			}
		}
	})
	t.Run("UPK-5 unpaid upkeep degrades buildings and costs 3 morale; under 3 units does not count; a full day restores", func(t *testing.T) {
		w, zs := econWorld(t)
		for range 20 {
			w.Zones[zs.capital].Buildings = append(w.Zones[zs.capital].Buildings, School)
		}
		bill := w.Upkeep(0).Total()
		if bill.Wood == 0 || bill.Stone < 2 || bill.Gold == 0 {
			t.Fatalf("bill %v; the scenario needs wood, 2 stone and gold", bill)
		}
		for _, tc := range []struct {
			name     string
			stock    Resources
			degraded bool
		}{
			{"paid in full", bill, false},
			{"2 stone short, paid in wood", bill.Sub(Resources{Stone: 2}).Add(Resources{Wood: 4}), false},
			{"2 units short", bill.Sub(Resources{Stone: 2}), false},
			{"3 units short", bill.Sub(Resources{Stone: 2, Gold: 1}), true},
		} {
			v := w.Clone()
			v.Camps[0].Resources, v.Camps[0].Morale = tc.stock, 50
			tk := startTick(v)
			tk.upkeep()
			camp := tk.w.Camps[0]
			wantMorale := 50
			if tc.degraded {
				wantMorale = 47
			}
			if camp.Degraded != tc.degraded || camp.Morale != wantMorale {
				t.Errorf("%s: degraded %v, morale %d; want %v, %d", tc.name, camp.Degraded, camp.Morale, tc.degraded, wantMorale)
			}
			if !tc.degraded {
				continue
			}
			if got := tk.w.OutputPercent(0, School); got != v.OutputPercent(0, School)/2 {
				t.Errorf("%s: degraded schools at %d %%; want half of %d", tc.name, got, v.OutputPercent(0, School))
			}
			tk.w.Camps[0].Resources = bill
			next := startTick(tk.w)
			next.upkeep()
			if next.w.Camps[0].Degraded {
				t.Errorf("%s: still degraded after a day paid in full", tc.name)
			}
		}
	})
	t.Run("UPK-6 wood over 150 rots 2 % of the excess a day", func(t *testing.T) {
		for _, tc := range []struct{ wood, rot int64 }{{0, 0}, {150, 0}, {151, 0}, {200, 1}, {1150, 20}, {5150, 100}} {
			if got := WoodRot(tc.wood); got != tc.rot {
				t.Errorf("%d wood rots %d; want %d", tc.wood, got, tc.rot)
			}
		}
		w := NewWorld(1)
		w.Camps[0].Resources = Resources{Wood: 1150, Gold: 100}
		tk := startTick(w)
		tk.upkeep()
		paid := w.Camps[0].Resources.Wood - w.Upkeep(0).Total().Wood
		if got := tk.w.Camps[0].Resources.Wood; got != paid-WoodRot(paid) {
			t.Errorf("wood after upkeep and rot %d; want %d", got, paid-WoodRot(paid))
		}
	})
}
