package grisonval_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestClosedActions covers ACT-CLOSED over random games: the menu's two
// halves cover every action once, in Actions' order; each closed action
// says why with the refusal an order of it meets (field "action", the same
// code, message and missing resources) and never the fallback no rule
// explains; what a camp cannot see does not change its closed lines (the
// garrison and buildings of a zone it neither sees nor remembers); develop
// gives each zone offered the price of its next level.
func TestClosedActions(t *testing.T) {
	var worlds []*grisonval.World
	for seed := range uint64(3) {
		w := grisonval.NewWorld(seed + 1)
		meetAll(w)
		outs := playRandom(t, w, 80)
		for i := 4; i < len(outs); i += 5 {
			worlds = append(worlds, outs[i].World)
		}
	}
	var closed, developed int
	for _, w := range worlds {
		for c := range grisonval.CampID(grisonval.NumCamps) {
			legal, shut := grisonval.Menu(w, c)
			if !w.Camps[c].Alive {
				if legal != nil || shut != nil {
					t.Errorf("day %d: extinct camp %d has a menu", w.Day, c)
				}
				continue
			}
			if !reflect.DeepEqual(legal, grisonval.LegalActions(w, c)) {
				t.Fatalf("day %d camp %d: Menu's legal actions are not LegalActions'", w.Day, c)
			}
			var names []grisonval.Action
			for _, la := range legal {
				names = append(names, la.Action)
			}
			for _, cl := range shut {
				names = append(names, cl.Action)
				closed++
				err := grisonval.Validate(w, c, grisonval.Order{Action: cl.Action, Args: []int{1}})
				if cl.Why == nil || cl.Why.Field != "action" || !reflect.DeepEqual(err, error(cl.Why)) {
					t.Fatalf("day %d camp %d: %s closed with %v; an order of it is refused with %v", w.Day, c, cl.Action, cl.Why, err)
				}
				if strings.Contains(cl.Why.Error(), "not a valid choice today") {
					t.Errorf("day %d camp %d: %s closed for no rule: %v", w.Day, c, cl.Action, cl.Why)
				}
			}
			slices.Sort(names)
			if all := grisonval.Actions(); !slices.Equal(names, all) {
				t.Fatalf("day %d camp %d: the menu's actions %v; want each of %v once", w.Day, c, names, all)
			}
			for _, la := range legal {
				if la.Action >= grisonval.BuildFarm && la.Action <= grisonval.BuildTemple {
					// A ruin halves the first building's price (TER-RUIN).
					b := grisonval.Farm + grisonval.BuildingKind(la.Action-grisonval.BuildFarm)
					for _, p := range la.Choices {
						if want := w.BuildCost(b, grisonval.ZoneID(p.Value)); p.Cost != want {
							t.Errorf("day %d camp %d: %s in zone %d costs %v; want %v", w.Day, c, la.Action, p.Value, p.Cost, want)
						}
					}
					continue
				}
				if la.Action != grisonval.Develop {
					if la.Choices != nil {
						t.Errorf("%s has prices per choice", la.Action)
					}
					continue
				}
				developed++
				var zs []int
				for _, p := range la.Choices {
					zs = append(zs, p.Value)
					if want := grisonval.DevelopCost(w.Zone(grisonval.ZoneID(p.Value)).Development); p.Cost != want {
						t.Errorf("day %d camp %d: developing zone %d costs %v; want %v", w.Day, c, p.Value, p.Cost, want)
					}
				}
				if !slices.Equal(zs, la.Args[0].Choices) {
					t.Errorf("day %d camp %d: develop's prices for zones %v; the menu offers %v", w.Day, c, zs, la.Args[0].Choices)
				}
			}
			hidden := w.Clone()
			vis := w.Vision(c)
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				if !vis[z] && !w.Camps[c].Memory[z].Seen {
					hidden.Zone(z).Garrison += 7
					hidden.Zone(z).Buildings = append(hidden.Zone(z).Buildings, grisonval.Walls)
				}
			}
			if _, got := grisonval.Menu(hidden, c); !reflect.DeepEqual(got, shut) {
				t.Errorf("day %d camp %d: the closed lines change with what the camp cannot see", w.Day, c)
			}
		}
	}
	if closed == 0 || developed == 0 {
		t.Errorf("%d closed actions and %d develop menus checked; want some of each", closed, developed)
	}
}

// TestClosedDevelop covers ACT-CLOSED's develop line: without the gold of
// the cheapest next level, develop is closed as insufficient_resources,
// naming every resource of that level's price and each one missing.
func TestClosedDevelop(t *testing.T) {
	w := refusalWorld(func(w *grisonval.World, z refusalZones) {
		w.Zone(z.plains).Development = 1
		w.Zone(z.capital).Development = 2
		w.Zone(z.forest).Development = 4
		w.Zone(z.mountain).Development = 4
		w.Camps[0].Resources = grisonval.Resources{Wood: 100, Stone: 100, Tools: 100, Gold: 3, Research: 100}
	})
	_, shut := grisonval.Menu(w, 0)
	i := slices.IndexFunc(shut, func(cl grisonval.Closed) bool { return cl.Action == grisonval.Develop })
	if i < 0 {
		t.Fatal("develop is not closed without the gold")
	}
	why := shut[i].Why
	want := []grisonval.Shortfall{{Resource: "gold", Need: grisonval.DevelopCost(1).Gold, Have: 3}}
	if why.Code != grisonval.CodeShortOf || !reflect.DeepEqual(why.Missing, want) || !strings.Contains(why.Error(), grisonval.DevelopCost(1).String()) {
		t.Errorf("develop closed with %v (missing %+v); want insufficient_resources for the level 1 to 2, %v, missing %+v", why, why.Missing, grisonval.DevelopCost(1), want)
	}
}
