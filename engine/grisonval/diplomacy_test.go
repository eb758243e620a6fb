package grisonval_test

import (
	"slices"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// met returns a world of seed where every camp has met every other, with f
// applied.
func met(seed uint64, f func(w *grisonval.World)) *grisonval.World {
	return mustWorld(seed, func(w *grisonval.World) {
		for a := range w.Camps {
			for b := range w.Camps {
				w.Camps[a].Met[b] = a != b
			}
		}
		if f != nil {
			f(w)
		}
	})
}

func order(a grisonval.Action, args ...int) grisonval.Order {
	return grisonval.Order{Action: a, Args: args}
}

// legalCamps returns the camps action a may name for camp c, or nil if the
// action is not open.
func legalCamps(w *grisonval.World, c grisonval.CampID, a grisonval.Action) []int {
	for _, la := range grisonval.LegalActions(w, c) {
		if la.Action == a {
			return la.Args[0].Choices
		}
	}
	return nil
}

func TestDiplomacy(t *testing.T) {
	t.Run("DIP-1 one record per pair, the same both ways, war and nothing pending at setup", func(t *testing.T) {
		w := met(1, nil)
		for a := range grisonval.CampID(grisonval.NumCamps) {
			for b := range grisonval.CampID(grisonval.NumCamps) {
				if a == b {
					continue
				}
				if w.Relation(a, b) != grisonval.War || w.Pact(a, b) != (grisonval.Pact{}) {
					t.Errorf("pair %d-%d: %s %+v; want war and an empty record", a, b, w.Relation(a, b), w.Pact(a, b))
				}
			}
		}
		w.Pacts[grisonval.PairIndex(2, 0)].Offer = grisonval.Peace
		if w.Pact(0, 2).Offer != grisonval.Peace {
			t.Error("the record of pair 2-0 is not that of pair 0-2")
		}
	})

	t.Run("DIP-2 PACT-1 the menu offers only camps met, alive and at the right status", func(t *testing.T) {
		w := mustWorld(1, func(w *grisonval.World) { w.Camps[0].Met[1], w.Camps[1].Met[0] = true, true })
		if got := legalCamps(w, 0, grisonval.ProposePeace); !slices.Equal(got, []int{1}) {
			t.Errorf("propose_peace menu %v; want [1] (camp 2 never met)", got)
		}
		for _, a := range []grisonval.Action{grisonval.ProposeAlliance, grisonval.AcceptPact, grisonval.RefusePact, grisonval.DeclareWar} {
			if got := legalCamps(w, 0, a); got != nil {
				t.Errorf("%s open at war with nothing pending: %v", a, got)
			}
		}
		w.Camps[1].Alive = false
		if got := legalCamps(w, 0, grisonval.ProposePeace); got != nil {
			t.Errorf("propose_peace to an extinct camp: %v", got)
		}
	})

	t.Run("DIP-2 a diplomatic action is the tick's order and costs nothing else", func(t *testing.T) {
		w := met(1, nil)
		out := grisonval.Resolve(w, orders(order(grisonval.ProposePeace, 1), rest(), rest()))
		if out.Results[0].Status != grisonval.Applied || hasEntry(out.Journal, 0, "rest") {
			t.Fatalf("result %+v; want applied, and no rest", out.Results[0])
		}
		again := grisonval.Resolve(w, orders(order(grisonval.ChopWood), rest(), rest()))
		if got, want := out.World.Camps[0].Resources.Gold, again.World.Camps[0].Resources.Gold; got != want {
			t.Errorf("gold after a proposal %d; after a wood chore %d", got, want)
		}
	})

	t.Run("PACT-1 PACT-3 a camp with a proposal pending cannot propose again; the other may sign by proposing", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.Pacts[grisonval.PairIndex(0, 1)] = grisonval.Pact{Offer: grisonval.Peace, From: 0}
		})
		if got := legalCamps(w, 0, grisonval.ProposePeace); slices.Contains(got, 1) {
			t.Errorf("camp 0 may propose again to camp 1: %v", got)
		}
		if got := legalCamps(w, 1, grisonval.ProposePeace); !slices.Contains(got, 0) {
			t.Errorf("camp 1 may not answer with the same proposal: %v", got)
		}
		if got := legalCamps(w, 1, grisonval.AcceptPact); !slices.Equal(got, []int{0}) {
			t.Errorf("accept_pact menu %v; want [0]", got)
		}
	})

	t.Run("DIP-3 AtPeace and Allied: both ways, never for a camp and itself or free land", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.SetRelation(0, 1, grisonval.Peace)
			w.SetRelation(1, 2, grisonval.Alliance)
		})
		for _, tc := range []struct {
			a, b          grisonval.CampID
			peace, allied bool
		}{
			{0, 1, true, false}, {1, 0, true, false}, {1, 2, true, true}, {2, 1, true, true},
			{0, 2, false, false}, {0, 0, false, false}, {0, grisonval.NoCamp, false, false},
		} {
			if got := w.AtPeace(tc.a, tc.b); got != tc.peace {
				t.Errorf("AtPeace(%d, %d) = %v; want %v", tc.a, tc.b, got, tc.peace)
			}
			if got := w.Allied(tc.a, tc.b); got != tc.allied {
				t.Errorf("Allied(%d, %d) = %v; want %v", tc.a, tc.b, got, tc.allied)
			}
		}
	})

	t.Run("DIP-3 a peace turns back the columns bound for the partner's land, not the others", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.Pacts[grisonval.PairIndex(0, 1)] = grisonval.Pact{Offer: grisonval.Peace, From: 1}
			w.Columns = append(w.Columns,
				grisonval.Column{ID: 1, Camp: 0, Kind: grisonval.ArmyColumn, Men: 5, From: capitalOf(0), To: capitalOf(1), Arrive: 5},
				grisonval.Column{ID: 2, Camp: 0, Kind: grisonval.ArmyColumn, Men: 5, From: capitalOf(0), To: capitalOf(2), Arrive: 5},
				grisonval.Column{ID: 3, Camp: 1, Kind: grisonval.ArmyColumn, Men: 5, From: capitalOf(1), To: capitalOf(0), Arrive: 5})
			w.NextColumn = 4
		})
		out := grisonval.Resolve(w, orders(order(grisonval.AcceptPact, 1), rest(), rest()))
		for _, col := range out.World.Columns {
			back := col.To == capitalOf(col.Camp)
			if want := col.ID != 2; back != want {
				t.Errorf("column %d of camp %d bound for %d; turned back %v, want %v", col.ID, col.Camp, col.To, back, want)
			}
		}
	})

	t.Run("DIP-3 CON-10 a zone that passes to a partner turns back the columns bound for it the next day", func(t *testing.T) {
		z := grisonval.ZoneID(46)
		w := met(1, func(w *grisonval.World) {
			w.SetRelation(0, 1, grisonval.Peace)
			w.Zone(z).Owner = 1
			w.Columns = append(w.Columns, grisonval.Column{ID: 1, Camp: 0, Kind: grisonval.ArmyColumn, Men: 5, From: capitalOf(0), To: z, Arrive: 3})
			w.NextColumn = 2
		})
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if len(out.World.Columns) != 1 || out.World.Columns[0].To != capitalOf(0) || !out.World.Columns[0].Home {
			t.Errorf("columns %+v; want camp 0's column marching home", out.World.Columns)
		}
	})

	t.Run("DIP-4 a camp sees what its allies see with their own eyes, and no further", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.SetRelation(0, 1, grisonval.Alliance)
			w.SetRelation(1, 2, grisonval.Alliance)
		})
		own := func(c grisonval.CampID) []bool { return mustWorld(1, nil).Vision(c) }
		vis := w.Vision(0)
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			want := own(0)[z] || own(1)[z]
			if vis[z] != want {
				t.Errorf("zone %d: camp 0 sees it %v; want %v (its own vision or its ally 1's, not 2's through 1)", z, vis[z], want)
			}
		}
		if vis[capitalOf(2)] {
			t.Error("camp 0 sees camp 2's capital through its ally's ally")
		}
	})

	t.Run("DIP-6 TRD-2 a declaration of war breaks the trade route the same day", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.Day = 20
			w.SetRelation(0, 1, grisonval.Peace)
			w.Routes = []grisonval.Route{{A: 0, B: 1, Opened: 5}}
		})
		out := grisonval.Resolve(w, orders(rest(), order(grisonval.DeclareWar, 0), rest()))
		if len(out.World.Routes) != 0 || !hasEntry(out.Journal, 0, "trade_route_broken") {
			t.Errorf("routes %+v; want the route broken and camp 0 told", out.World.Routes)
		}
	})

	t.Run("DIP-7 infamy counts broken words, fame signed ones; both are public", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.Day = 40
			w.SetRelation(0, 1, grisonval.Alliance)
			w.SetRelation(0, 2, grisonval.Peace)
			w.Camps[0].Infamy, w.Camps[0].Fame = 1, 2
		})
		out := grisonval.Resolve(w, orders(order(grisonval.DeclareWar, 1), rest(), rest()))
		if got := out.World.Camps[0].Infamy; got != 1+grisonval.InfamyAlliance {
			t.Errorf("infamy %d; want %d", got, 1+grisonval.InfamyAlliance)
		}
		out = grisonval.Resolve(out.World, orders(order(grisonval.DeclareWar, 2), rest(), rest()))
		if got := out.World.Camps[0].Infamy; got != 1+grisonval.InfamyAlliance+grisonval.InfamyPeace {
			t.Errorf("infamy %d; want %d", got, 1+grisonval.InfamyAlliance+grisonval.InfamyPeace)
		}
		if !hasEntry(out.Journal, 1, "war_declared") {
			t.Error("camp 1 did not hear of the declaration against camp 2")
		}
	})

	t.Run("DIP-8 extinction drops the pacts and the proposals", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.SetRelation(0, 2, grisonval.Alliance)
			w.Pacts[grisonval.PairIndex(1, 2)] = grisonval.Pact{Offer: grisonval.Peace, From: 1, Day: 0}
			w.Zone(capitalOf(2)).Owner = grisonval.NoCamp
		})
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		if out.World.Camps[2].Alive || out.World.Relation(0, 2) != grisonval.War || out.World.Pact(1, 2).Offer != grisonval.War {
			t.Errorf("camp 2 alive %v, relation 0-2 %s, pact 1-2 %+v; want extinct, war, nothing pending",
				out.World.Camps[2].Alive, out.World.Relation(0, 2), out.World.Pact(1, 2))
		}
	})
}

func TestPactDifficulty(t *testing.T) {
	base := grisonval.PactFacts{Kind: grisonval.Peace, OwnZones: 3, OtherZones: 2}
	with := func(f func(*grisonval.PactFacts)) grisonval.PactFacts {
		p := base
		f(&p)
		return p
	}
	for _, tc := range []struct {
		name string
		f    grisonval.PactFacts
		dc   int
		will int
	}{
		{"DIP-9 base: 10 + (3 + 2) / 5", base, 11, 50},
		{"DIP-9 an alliance +5", with(func(p *grisonval.PactFacts) { p.Kind = grisonval.Alliance }), 16, 25},
		{"DIP-9 infamy +2 each, fame -1 each", with(func(p *grisonval.PactFacts) { p.Infamy, p.Fame = 3, 2 }), 15, 30},
		{"DIP-9 sizes: (20 + 12) / 5", with(func(p *grisonval.PactFacts) { p.OwnZones, p.OtherZones = 20, 12 }), 16, 25},
		{"DIP-9 both allied with the third -8", with(func(p *grisonval.PactFacts) {
			p.Third, p.ThirdWithOwn, p.ThirdWithOther = true, grisonval.Alliance, grisonval.Alliance
		}), 3, 90},
		{"DIP-9 the proposer at peace with my ally -4", with(func(p *grisonval.PactFacts) {
			p.Third, p.ThirdWithOwn, p.ThirdWithOther = true, grisonval.Alliance, grisonval.Peace
		}), 7, 70},
		{"DIP-9 both at peace with the third -2", with(func(p *grisonval.PactFacts) {
			p.Third, p.ThirdWithOwn, p.ThirdWithOther = true, grisonval.Peace, grisonval.Peace
		}), 9, 60},
		{"DIP-9 the proposer at peace with my enemy +5", with(func(p *grisonval.PactFacts) {
			p.Third, p.ThirdWithOwn, p.ThirdWithOther = true, grisonval.War, grisonval.Peace
		}), 16, 25},
		{"DIP-9 the proposer allied with my enemy +10", with(func(p *grisonval.PactFacts) {
			p.Third, p.ThirdWithOwn, p.ThirdWithOther = true, grisonval.War, grisonval.Alliance
		}), 21, 0},
		{"DIP-9 no third camp alive: no relations term", with(func(p *grisonval.PactFacts) {
			p.ThirdWithOwn, p.ThirdWithOther = grisonval.War, grisonval.Alliance
		}), 11, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := grisonval.PactDifficulty(tc.f); got != tc.dc {
				t.Errorf("difficulty %d; want %d", got, tc.dc)
			}
			if got := grisonval.Willingness(tc.f); got != tc.will {
				t.Errorf("willingness %d %%; want %d %%", got, tc.will)
			}
		})
	}
	t.Run("DIP-9 PactFacts reads only what the camp sees and what is public", func(t *testing.T) {
		w := met(1, func(w *grisonval.World) {
			w.Camps[1].Infamy, w.Camps[1].Fame = 2, 1
			w.SetRelation(2, 1, grisonval.Peace)
			w.Zone(46).Owner = 1 // unseen by camp 0
		})
		f := w.PactFacts(0, 1, grisonval.Peace)
		want := grisonval.PactFacts{Kind: grisonval.Peace, OwnZones: 1, OtherZones: 0, Infamy: 2, Fame: 1,
			Third: true, ThirdWithOwn: grisonval.War, ThirdWithOther: grisonval.Peace}
		if f != want {
			t.Errorf("facts %+v; want %+v", f, want)
		}
		w.Camps[0].Memory[capitalOf(1)] = grisonval.Memory{Seen: true, Day: 1, Owner: 1}
		if got := w.PactFacts(0, 1, grisonval.Peace).OtherZones; got != 1 {
			t.Errorf("zones known of camp 1: %d; want 1 (its remembered capital)", got)
		}
	})
}

// TestPairSymmetry checks that no diplomatic rule favours the lower camp
// number (CON-12): each scenario played by camps 0 and 1, then with their
// parts swapped, ends with the same pair record and the same figures for
// each part.
func TestPairSymmetry(t *testing.T) {
	for _, tc := range []struct {
		name   string
		setup  func(w *grisonval.World, a, b grisonval.CampID)
		oa, ob func(other grisonval.CampID) grisonval.Order
	}{
		{"PACT-2 a lone proposal", nil,
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.ProposePeace, int(o)) },
			func(grisonval.CampID) grisonval.Order { return order(grisonval.ChopWood) }},
		{"CON-4 crossing proposals", nil,
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.ProposePeace, int(o)) },
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.ProposePeace, int(o)) }},
		{"CON-6 a proposal against a declaration", func(w *grisonval.World, a, b grisonval.CampID) {
			w.Day = 20
			w.SetRelation(a, b, grisonval.Peace)
		},
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.ProposeAlliance, int(o)) },
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.DeclareWar, int(o)) }},
		{"CON-6 both declare", func(w *grisonval.World, a, b grisonval.CampID) {
			w.Day = 20
			w.SetRelation(a, b, grisonval.Alliance)
		},
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.DeclareWar, int(o)) },
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.DeclareWar, int(o)) }},
		{"PACT-6 a refusal", func(w *grisonval.World, a, b grisonval.CampID) {
			w.Pacts[grisonval.PairIndex(a, b)] = grisonval.Pact{Offer: grisonval.Peace, From: a}
		},
			func(grisonval.CampID) grisonval.Order { return order(grisonval.ChopWood) },
			func(o grisonval.CampID) grisonval.Order { return order(grisonval.RefusePact, int(o)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			play := func(a, b grisonval.CampID) (grisonval.Pact, grisonval.Relation, [2]grisonval.Camp) {
				w := met(1, func(w *grisonval.World) {
					if tc.setup != nil {
						tc.setup(w, a, b)
					}
				})
				var o [grisonval.NumCamps]grisonval.Order
				o[a], o[b], o[2] = tc.oa(b), tc.ob(a), rest()
				out := grisonval.Resolve(w, o)
				p := out.World.Pact(a, b)
				return p, out.World.Relation(a, b), [2]grisonval.Camp{out.World.Camps[a], out.World.Camps[b]}
			}
			p1, r1, c1 := play(0, 1)
			p2, r2, c2 := play(1, 0)
			if p2.Offer != grisonval.War {
				p2.From = 1 - p2.From // the same part, under the other label
			}
			if p1 != p2 || r1 != r2 {
				t.Errorf("pair %+v %s; swapped %+v %s", p1, r1, p2, r2)
			}
			for i := range c1 {
				if c1[i].Morale != c2[i].Morale || c1[i].Infamy != c2[i].Infamy || c1[i].Fame != c2[i].Fame {
					t.Errorf("part %d: morale %d infamy %d fame %d; swapped morale %d infamy %d fame %d",
						i, c1[i].Morale, c1[i].Infamy, c1[i].Fame, c2[i].Morale, c2[i].Infamy, c2[i].Fame)
				}
			}
		})
	}
}
