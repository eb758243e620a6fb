package engine_test

import (
	"testing"

	"github.com/grisonval/server/engine"
)

// randomOrder draws a legal order for camp c from r, as a player would pick
// from the legal-action menu.
func randomOrder(w *engine.World, c engine.CampID, r *engine.Rand) engine.Order {
	legal := engine.LegalActions(w, c)
	if len(legal) == 0 {
		return engine.Order{Action: engine.Rest}
	}
	la := legal[r.Intn(len(legal))]
	o := engine.Order{Action: la.Action}
	for _, s := range la.Args {
		if s.Kind == engine.ArgCount {
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
func playRandom(t testing.TB, w *engine.World, n int) []engine.Outcome {
	t.Helper()
	var outs []engine.Outcome
	for range n {
		var orders [engine.NumCamps]engine.Order
		for c := range engine.CampID(engine.NumCamps) {
			orders[c] = randomOrder(w, c, engine.NewRand(w.Seed^0xabcdef, w.Day, int(c), 999))
		}
		out := engine.Resolve(w, orders)
		outs = append(outs, out)
		w = out.World
	}
	return outs
}

// mustWorld returns a setup world for seed, with f applied to it.
func mustWorld(seed uint64, f func(w *engine.World)) *engine.World {
	w := engine.NewWorld(seed)
	if f != nil {
		f(w)
	}
	return w
}

func capitalOf(c engine.CampID) engine.ZoneID { return engine.ZoneAt(engine.CapitalSites[c]) }

func rest() engine.Order { return engine.Order{Action: engine.Rest} }

func orders(o0, o1, o2 engine.Order) [engine.NumCamps]engine.Order {
	return [engine.NumCamps]engine.Order{o0, o1, o2}
}
