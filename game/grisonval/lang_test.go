package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/clients/bot"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestBotWorldInBothLanguages checks rule LANG-1 through the seam on
// bot-played worlds: over 100 days of three seeds, every journal entry the
// ruleset gives the server has its narration in English and in French (and
// its why in both or neither), every refusal's message too, and each
// camp's view in French differs from its English one in its menu's
// summaries and nowhere in its numbers.
func TestBotWorldInBothLanguages(t *testing.T) {
	rs := grisonval.Ruleset{}
	entries := 0
	for _, seed := range []uint64{5, 17, 31} {
		s := grisonval.StateOf(engine.NewWorld(seed))
		var states [engine.NumCamps]bot.State
		for day := 1; day <= 100; day++ {
			orders := make([]game.Order, engine.NumCamps)
			for c := range engine.NumCamps {
				en, fr := rs.View(s, c, lang.EN), rs.View(s, c, lang.FR)
				if len(en.GetLegalActions()) != len(fr.GetLegalActions()) || en.GetGrisonval().GetPopulation() != fr.GetGrisonval().GetPopulation() {
					t.Fatalf("seed %d day %d camp %d: the views in the two languages differ beyond their words", seed, day, c)
				}
				for i, la := range en.GetLegalActions() {
					if la.GetSummary() == fr.GetLegalActions()[i].GetSummary() {
						t.Errorf("seed %d day %d camp %d: %s's summary is the same in both languages: %q", seed, day, c, la.GetAction(), la.GetSummary())
					}
				}
				en.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI}
				po, st := bot.Decide(en, states[c])
				states[c], orders[c] = st, game.Order{Action: po.GetAction(), Args: ints(po.GetArgs()), Reason: po.GetReason()}
			}
			out := rs.Resolve(s, orders)
			for _, e := range out.Journal {
				entries++
				if e.Narration.EN == "" || e.Narration.FR == "" || (e.Why.EN == "") != (e.Why.FR == "") {
					t.Errorf("seed %d day %d camp %d %s: narration %+v why %+v; want both languages", seed, day, e.Camp, e.Kind, e.Narration, e.Why)
				}
			}
			for c, re := range out.Refusals {
				if re != nil && (re.Message.EN == "" || re.Message.FR == "") {
					t.Errorf("seed %d day %d camp %d: refusal %+v; want both languages", seed, day, c, re)
				}
			}
			s = out.State
		}
	}
	if entries < 1000 {
		t.Errorf("%d journal entries in 300 days; the check did not bite", entries)
	}
}
