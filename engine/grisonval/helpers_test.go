package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// randomOrder draws a legal order for camp c from r, as a player would pick
// from the legal-action menu.
func randomOrder(w *grisonval.World, c grisonval.CampID, r *grisonval.Rand) grisonval.Order {
	legal := grisonval.LegalActions(w, c)
	if len(legal) == 0 {
		return grisonval.Order{Action: grisonval.Rest}
	}
	la := legal[r.Intn(len(legal))]
	o := grisonval.Order{Action: la.Action}
	for _, s := range la.Args {
		if s.Kind == grisonval.ArgCount {
			o.Args = append(o.Args, s.Min+r.Intn(s.Max-s.Min+1))
		} else {
			o.Args = append(o.Args, s.Choices[r.Intn(len(s.Choices))])
		}
	}
	return o
}

// playRandom plays n ticks of random legal orders from w and returns every
// outcome. The orders' draws come from their own streams, so the run is
// deterministic.
func playRandom(t testing.TB, w *grisonval.World, n int) []grisonval.Outcome {
	t.Helper()
	var outs []grisonval.Outcome
	for range n {
		var orders [grisonval.NumCamps]grisonval.Order
		for c := range grisonval.CampID(grisonval.NumCamps) {
			orders[c] = randomOrder(w, c, grisonval.NewRand(w.Seed^0xabcdef, w.Day, int(c), 999))
		}
		out := grisonval.Resolve(w, orders)
		outs = append(outs, out)
		w = out.World
	}
	return outs
}

// mustWorld returns a setup world for seed, played by RulesWar (the rules
// the unit tests of issues 2 to 16 were written against, which
// RulesMastery keeps but for its own rules, tested with their versions:
// mastery_test.go), with f applied to it.
func mustWorld(seed uint64, f func(w *grisonval.World)) *grisonval.World {
	w := grisonval.NewWorldRules(seed, grisonval.RulesWar)
	if f != nil {
		f(w)
	}
	return w
}

func capitalOf(c grisonval.CampID) grisonval.ZoneID {
	return grisonval.ZoneAt(grisonval.CapitalSites[c])
}

func rest() grisonval.Order { return grisonval.Order{Action: grisonval.Rest} }

func orders(o0, o1, o2 grisonval.Order) [grisonval.NumCamps]grisonval.Order {
	return [grisonval.NumCamps]grisonval.Order{o0, o1, o2}
}
