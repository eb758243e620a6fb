package grisonval_test

import (
	"testing"

	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game/grisonval"
	"github.com/grisonval/server/lang"
)

// TestClosedOnTheWire checks that the wire view copies the engine's menu
// (ACT-CLOSED): each closed action with its code, its message in the
// view's language and its missing resources, and develop's price for each
// zone it offers.
func TestClosedOnTheWire(t *testing.T) {
	w := engine.NewWorld(5)
	w.Camps[0].Resources = engine.Resources{Food: 100, Wood: 100, Stone: 100, Tools: 100, Gold: 1, Research: 100}
	capital := engine.ZoneAt(engine.CapitalSites[0])
	w.Zone(capital).Development = 2
	_, closed := engine.Menu(w, 0)
	for _, l := range lang.All {
		v := grisonval.Ruleset{}.View(grisonval.StateOf(w), 0, l)
		if got, want := len(v.GetClosedActions()), len(closed); got != want || want == 0 {
			t.Fatalf("%s: %d closed actions on the wire; want the engine's %d", l, got, want)
		}
		for i, cl := range v.GetClosedActions() {
			e := closed[i]
			if cl.GetAction() != e.Action.String() || cl.GetReason() != string(e.Why.Code) || cl.GetMessage() != e.Why.Message.In(l) ||
				len(cl.GetMissing()) != len(e.Why.Missing) {
				t.Errorf("%s: closed %v; want %s %s %q missing %v", l, cl, e.Action, e.Why.Code, e.Why.Message.In(l), e.Why.Missing)
			}
			for j, m := range cl.GetMissing() {
				if em := e.Why.Missing[j]; m.GetResource() != em.Resource || m.GetNeed() != em.Need || m.GetHave() != em.Have {
					t.Errorf("%s: %s missing %v; want %+v", l, cl.GetAction(), m, em)
				}
			}
		}
	}
	w.Camps[0].Resources.Gold = 100
	v := grisonval.Ruleset{}.View(grisonval.StateOf(w), 0, lang.EN)
	for _, la := range v.GetLegalActions() {
		if la.GetAction() != "develop" {
			continue
		}
		for _, cc := range la.GetChoiceCosts() {
			want := engine.DevelopCost(w.Zone(engine.ZoneID(cc.GetValue())).Development)
			var gold int64
			for _, a := range cc.GetCost() {
				if a.GetResource() == "gold" {
					gold = a.GetAmount()
				}
			}
			if gold != want.Gold {
				t.Errorf("develop zone %d: %v; want %v", cc.GetValue(), cc.GetCost(), want)
			}
		}
		if len(la.GetChoiceCosts()) != len(la.GetArgs()[0].GetChoices()) {
			t.Errorf("develop: %d prices for %d zones", len(la.GetChoiceCosts()), len(la.GetArgs()[0].GetChoices()))
		}
		return
	}
	t.Error("develop is not offered with 100 of everything")
}
