package server_test

import (
	"testing"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// permutations are the six orders in which three camps can submit.
var permutations = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// TestSubmissionOrderNeverMatters is the property test of simultaneous turns
// (DESIGN.md decision 2; rules TICK-1, CON-2): six worlds of one seed get the
// same orders every day, submitted in each of the six camp orders, the first
// submitter posting a decoy first and replacing it; their states stay
// byte-identical, day after day.
func TestSubmissionOrderNeverMatters(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	var worlds []world
	for range permutations {
		w := h.createWorld(t, &pb.CreateWorldRequest{Seed: 7, SeasonLength: -1})
		// Paused, a world ticks only when forced: no early tick once every
		// camp has posted, so that replacements are played too.
		if _, err := h.admin.PauseWorld(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
			t.Fatalf("pause: %v", err)
		}
		worlds = append(worlds, w)
	}
	var states [3]bot.State
	for day := 1; day <= 40; day++ {
		// Every world is in the same state: decide from the first one's views.
		var orders [3]*pb.Order
		for c := range orders {
			orders[c], states[c] = bot.Decide(h.view(t, worlds[0].tokens[c]), states[c])
		}
		for i, w := range worlds {
			perm := permutations[i]
			h.submit(t, w.tokens[perm[0]], "rest")
			for _, c := range perm {
				o := orders[c]
				if _, err := h.game.SubmitOrder(as(w.tokens[c]), &pb.SubmitOrderRequest{Order: o}); err != nil {
					t.Fatalf("day %d world %d camp %d: submit %v: %v", day, i, c, o, err)
				}
			}
			if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
				t.Fatalf("force tick: %v", err)
			}
		}
		var first string
		for i, w := range worlds {
			st, err := h.admin.GetWorldState(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()})
			if err != nil {
				t.Fatalf("world state: %v", err)
			}
			if st.GetDay() != int32(day) {
				t.Fatalf("world %d at day %d; want %d", i, st.GetDay(), day)
			}
			if i == 0 {
				first = st.GetStateHash()
			} else if st.GetStateHash() != first {
				t.Fatalf("day %d: submitting in camp order %v gave state %s; camp order %v gave %s", day, permutations[i], st.GetStateHash(), permutations[0], first)
			}
		}
	}
}
