package engine_test

import (
	"reflect"
	"testing"

	"github.com/grisonval/server/engine"
)

// TestPactEvents checks the pact changes a tick reports for history (the
// store's pact_changes): who made each happen and the pair's status after.
func TestPactEvents(t *testing.T) {
	met := func() *engine.World {
		w := engine.NewWorld(6)
		for _, p := range [][2]engine.CampID{{0, 1}, {0, 2}, {1, 2}} {
			w.Camps[p[0]].Met[p[1]], w.Camps[p[1]].Met[p[0]] = true, true
		}
		return w
	}
	propose := func(o int) engine.Order { return engine.Order{Action: engine.ProposePeace, Args: []int{o}} }
	for _, tc := range []struct {
		name  string
		setup func(*engine.World)
		o     [engine.NumCamps]engine.Order
		want  []engine.PactEvent
	}{
		{"a proposal", nil, orders(rest(), propose(0), rest()),
			[]engine.PactEvent{{A: 0, B: 1, By: 1, Event: engine.PactProposed, Status: engine.War}}},
		{"an acceptance signs", func(w *engine.World) {
			w.Pacts[engine.PairIndex(0, 1)] = engine.Pact{Offer: engine.Peace, From: 1}
		}, orders(engine.Order{Action: engine.AcceptPact, Args: []int{1}}, rest(), rest()),
			[]engine.PactEvent{{A: 0, B: 1, By: 0, Event: engine.PactSigned, Status: engine.Peace}}},
		{"a refusal", func(w *engine.World) {
			w.Pacts[engine.PairIndex(0, 2)] = engine.Pact{Offer: engine.Peace, From: 0}
		}, orders(rest(), rest(), engine.Order{Action: engine.RefusePact, Args: []int{0}}),
			[]engine.PactEvent{{A: 0, B: 2, By: 2, Event: engine.PactRefused, Status: engine.War}}},
		{"crossing proposals sign, by nobody in particular", nil, orders(propose(2), rest(), propose(0)),
			[]engine.PactEvent{{A: 0, B: 2, By: engine.NoCamp, Event: engine.PactSigned, Status: engine.Peace}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := met()
			if tc.setup != nil {
				tc.setup(w)
			}
			if got := engine.Resolve(w, tc.o).Pacts; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("pact events %+v; want %+v", got, tc.want)
			}
		})
	}
}
