package grisonval

import (
	"errors"
	"slices"
	"testing"

	"github.com/grisonval/server/lang"
)

// TestMarches covers MAR-3 and MAR-4: desertion and delay rates, and a
// deserter going home a civilian.
func TestMarches(t *testing.T) {
	t.Run("MAR-3 desertion chance is (45 - morale) / 2 percent", func(t *testing.T) {
		for _, tc := range []struct {
			morale int
			want   float64
		}{{44, 0.5}, {45, 0}, {80, 0}, {25, 10}, {5, 20}, {0, 22.5}} {
			if got := DesertionChance(tc.morale); got != tc.want {
				t.Errorf("DesertionChance(%d) = %v; want %v", tc.morale, got, tc.want)
			}
		}
	})
	// rates marches one 50-man column of camp 1 at morale m on n days and
	// counts the days a man deserted and the days it lost.
	rates := func(m, n int) (deserted, delayed int) {
		w := NewWorld(3)
		w.Columns = []Column{{ID: 1, Camp: 1, Kind: ArmyColumn, Men: 50, To: 46, Arrive: 1000}}
		for day := range n {
			w.Day = day
			w.Camps[1].Morale = m
			tk := startTick(w)
			tk.march()
			if tk.w.Columns[0].Men < 50 {
				deserted++
			}
			if tk.w.Columns[0].Arrive > 1000 {
				delayed++
			}
		}
		return deserted, delayed
	}
	t.Run("MAR-3 MAR-4 daily rates at morale 5: 20 % desertion, 12 % delay", func(t *testing.T) {
		const n = 4000
		d, l := rates(5, n)
		if d < n*17/100 || d > n*23/100 {
			t.Errorf("desertions on %d of %d days; want about 20 %%", d, n)
		}
		if l < n*10/100 || l > n*14/100 {
			t.Errorf("delays on %d of %d days; want about 12 %%", l, n)
		}
	})
	t.Run("MAR-4 no delay at 25 morale; MAR-3 no desertion at 45", func(t *testing.T) {
		if d, l := rates(25, 500); l != 0 || d == 0 {
			t.Errorf("morale 25: %d desertions, %d delays; want some desertions, no delay", d, l)
		}
		if d, l := rates(45, 500); d != 0 || l != 0 {
			t.Errorf("morale 45: %d desertions, %d delays; want none", d, l)
		}
	})
	t.Run("MAR-3 CIT-ARMS a deserter goes home a civilian", func(t *testing.T) {
		for seed := uint64(1); seed < 100; seed++ {
			w := NewWorld(seed)
			w.Camps[1].Morale = 0
			w.Zones[ZoneAt(CapitalSites[1])].Garrison = 1
			w.Columns = []Column{{ID: 1, Camp: 1, Kind: ArmyColumn, Men: 3, To: 46, Arrive: 10}}
			tk := startTick(w)
			tk.march()
			if tk.w.Columns[0].Men == 3 {
				continue
			}
			if got := tk.w.CitizensUnderArms(1); got != 3 || len(tk.w.Camps[1].Citizens) != StartPopulation {
				t.Fatalf("after a desertion: %d citizens under arms of %d; want 3 of %d", got, len(tk.w.Camps[1].Citizens), StartPopulation)
			}
			return
		}
		t.Fatal("no desertion in 99 seeds at morale 0")
	})
}

// TestRecall covers WAR-RECALL: the menu, the optional count and the march
// home.
func TestRecall(t *testing.T) {
	w := NewWorld(1)
	capital := ZoneAt(CapitalSites[0])
	a, b := ZoneID(19), ZoneID(20)
	w.Zones[a].Owner, w.Zones[a].Garrison = 0, 5
	w.Zones[b].Owner, w.Zones[b].Garrison = 0, 0
	t.Run("WAR-RECALL the menu lists held zones with a garrison, not besieged", func(t *testing.T) {
		ws := w.Clone()
		ws.Zones[capital].Garrison = 9
		ws.Sieges = []Siege{{Zone: capital, Camp: 1, Men: 20, Assault: 5}}
		specs, err := recallArgs(ws, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := specs[0].Choices; len(got) != 1 || got[0] != int(a) {
			t.Errorf("recall zones %v; want [%d] (the capital is besieged, zone %d empty)", got, a, b)
		}
		if specs[1].Max != 5 || !specs[1].Optional {
			t.Errorf("men spec %+v; want optional, at most 5", specs[1])
		}
	})
	t.Run("WAR-RECALL arity: zone, then an optional count", func(t *testing.T) {
		for _, tc := range []struct {
			args []int
			code Code
		}{{[]int{int(a)}, ""}, {[]int{int(a), 5}, ""}, {[]int{int(a), 6}, CodeBadArgs}, {[]int{}, CodeBadArgs}, {[]int{int(a), 1, 1}, CodeBadArgs}} {
			err := Validate(w, 0, Order{Action: RecallArmy, Args: tc.args})
			var re *RuleError
			if (tc.code == "") != (err == nil) || (err != nil && (!errors.As(err, &re) || re.Code != tc.code)) {
				t.Errorf("recall_army %v: %v; want code %q", tc.args, err, tc.code)
			}
		}
	})
	t.Run("WAR-RECALL without a capital nothing can be recalled", func(t *testing.T) {
		ws := w.Clone()
		ws.Zones[capital].Capital = false
		if _, err := recallArgs(ws, 0); err == nil || err.Code != CodeNotAllowed {
			t.Errorf("recall without a capital: %v; want not_allowed", err)
		}
	})
	t.Run("WAR-RECALL the column marches to the capital and joins the field army", func(t *testing.T) {
		ws := w
		out := Resolve(ws, [NumCamps]Order{{Action: RecallArmy, Args: []int{int(a)}}, {Action: Rest}, {Action: Rest}})
		ws = out.World
		if len(ws.Columns) != 1 || !ws.Columns[0].Home || ws.Columns[0].Men != 5 || ws.Columns[0].To != capital {
			t.Fatalf("columns %+v; want one homebound column of 5 to the capital", ws.Columns)
		}
		for len(ws.Columns) > 0 {
			ws = Resolve(ws, [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}}).World
		}
		if ws.Camps[0].FieldArmy != 5 || ws.Zones[capital].Garrison != StartGarrison || ws.Zones[a].Garrison != 0 {
			t.Errorf("field army %d, capital garrison %d, zone garrison %d; want 5, %d, 0",
				ws.Camps[0].FieldArmy, ws.Zones[capital].Garrison, ws.Zones[a].Garrison, StartGarrison)
		}
	})
}

// TestTurnBack covers WAR-TURN: a column turned back walks home as long as
// it walked out and rejoins the body it left.
func TestTurnBack(t *testing.T) {
	w := NewWorld(1)
	capital := ZoneAt(CapitalSites[0])
	w.Camps[0].FieldArmy = 6
	w.Camps[0].Memory[46].Seen = true // the centre, 5 days away
	w = Resolve(w, [NumCamps]Order{{Action: SendArmy, Args: []int{6, 46}}, {Action: Rest}, {Action: Rest}}).World
	w = Resolve(w, [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}}).World
	w = Resolve(w, [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}}).World
	tk := startTick(w) // day 4: the column left on day 1
	tk.turnBack(0, lang.Same("test"))
	col := tk.w.Columns[0]
	if col.To != capital || col.From != 46 || col.Arrive != 4+3 || !col.Home {
		t.Fatalf("turned column %+v; want home to %d on day 7", col, capital)
	}
	if !hasKind(tk.journal, 0, "column_turned_back") {
		t.Error("no column_turned_back entry")
	}
	w = tk.w
	for len(w.Columns) > 0 {
		w = Resolve(w, [NumCamps]Order{{Action: Rest}, {Action: Rest}, {Action: Rest}}).World
	}
	if w.Camps[0].FieldArmy != 6 || w.Zones[46].Owner != NoCamp {
		t.Errorf("field army %d, zone 46 owner %d; want 6 back, zone 46 free", w.Camps[0].FieldArmy, w.Zones[46].Owner)
	}
}

func hasKind(j []Entry, c CampID, kind string) bool {
	for _, e := range j {
		if e.Camp == c && e.Kind == kind {
			return true
		}
	}
	return false
}

// TestSendAtPeace covers WAR-PEACE: no column toward land a camp knows as
// held by a camp at peace with it, whether it sees it or remembers it.
func TestSendAtPeace(t *testing.T) {
	w := NewWorld(1)
	w.Camps[0].FieldArmy = 5
	w.Zones[19].Owner = 1                                // seen: next to camp 0's capital
	w.Camps[0].Memory[46] = Memory{Seen: true, Owner: 1} // remembered as camp 1's
	w.Camps[0].Memory[47] = Memory{Seen: true, Owner: NoCamp}
	w.Zones[47].Owner = 1 // truly camp 1's, remembered free
	for _, tc := range []struct {
		rel  Relation
		want map[ZoneID]bool
	}{
		{War, map[ZoneID]bool{19: true, 46: true, 47: true}},
		{Peace, map[ZoneID]bool{19: false, 46: false, 47: true}},
		// Allies share vision (DIP-4): camp 0 now sees zone 47 as camp 1's
		// and zone 46 as free.
		{Alliance, map[ZoneID]bool{19: false, 46: true, 47: false}},
	} {
		w.SetRelation(0, 1, tc.rel)
		specs, err := sendArgs(w, 0)
		if err != nil {
			t.Fatal(err)
		}
		for z, want := range tc.want {
			if got := slices.Contains(specs[1].Choices, int(z)); got != want {
				t.Errorf("%s: zone %d offered %v; want %v", tc.rel, z, got, want)
			}
		}
	}
}
