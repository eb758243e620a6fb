package grisonval_test

import (
	"reflect"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestPactEvents checks the pact changes a tick reports for history (the
// store's pact_changes): who made each happen and the pair's status after.
func TestPactEvents(t *testing.T) {
	met := func() *grisonval.World {
		w := grisonval.NewWorld(6)
		for _, p := range [][2]grisonval.CampID{{0, 1}, {0, 2}, {1, 2}} {
			w.Camps[p[0]].Met[p[1]], w.Camps[p[1]].Met[p[0]] = true, true
		}
		return w
	}
	propose := func(o int) grisonval.Order { return grisonval.Order{Action: grisonval.ProposePeace, Args: []int{o}} }
	for _, tc := range []struct {
		name  string
		setup func(*grisonval.World)
		o     [grisonval.NumCamps]grisonval.Order
		want  []grisonval.PactEvent
	}{
		{"a proposal", nil, orders(rest(), propose(0), rest()),
			[]grisonval.PactEvent{{A: 0, B: 1, By: 1, Event: grisonval.PactProposed, Status: grisonval.War}}},
		{"an acceptance signs", func(w *grisonval.World) {
			w.Pacts[grisonval.PairIndex(0, 1)] = grisonval.Pact{Offer: grisonval.Peace, From: 1}
		}, orders(grisonval.Order{Action: grisonval.AcceptPact, Args: []int{1}}, rest(), rest()),
			[]grisonval.PactEvent{{A: 0, B: 1, By: 0, Event: grisonval.PactSigned, Status: grisonval.Peace}}},
		{"a refusal", func(w *grisonval.World) {
			w.Pacts[grisonval.PairIndex(0, 2)] = grisonval.Pact{Offer: grisonval.Peace, From: 0}
		}, orders(rest(), rest(), grisonval.Order{Action: grisonval.RefusePact, Args: []int{0}}),
			[]grisonval.PactEvent{{A: 0, B: 2, By: 2, Event: grisonval.PactRefused, Status: grisonval.War}}},
		{"crossing proposals sign, by nobody in particular", nil, orders(propose(2), rest(), propose(0)),
			[]grisonval.PactEvent{{A: 0, B: 2, By: grisonval.NoCamp, Event: grisonval.PactSigned, Status: grisonval.Peace}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := met()
			if tc.setup != nil {
				tc.setup(w)
			}
			if got := grisonval.Resolve(w, tc.o).Pacts; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("pact events %+v; want %+v", got, tc.want)
			}
		})
	}
}
