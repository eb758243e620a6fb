package server_test

import (
	"context"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
)

// TestPactHistory checks that a tick's pact changes are committed with it
// (docs/persistence.md: pacts and pact_changes): a proposal, then its
// acceptance, leave the history and the pair's current status.
func TestPactHistory(t *testing.T) {
	st := openSQLite(t)
	w := metWorld(t, st)
	h := startServer(t, st, clock.NewFake(start))
	tok := h.tokens(t, w.ID)
	force := func() {
		t.Helper()
		if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.ID}); err != nil {
			t.Fatalf("force tick: %v", err)
		}
	}
	h.submit(t, tok[0], "propose_peace", 1)
	force()
	h.submit(t, tok[1], "accept_pact", 0)
	force()
	ctx := context.Background()
	changes, err := st.PactChanges(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("pact changes: %v", err)
	}
	want := []store.PactChange{
		{WorldID: w.ID, Season: 1, Day: 1, A: 0, B: 1, By: 0, Event: store.PactProposed, Status: store.PactWar},
		{WorldID: w.ID, Season: 1, Day: 2, A: 0, B: 1, By: 1, Event: store.PactSigned, Status: store.PactPeace},
	}
	if len(changes) != len(want) {
		t.Fatalf("pact changes %+v; want %+v", changes, want)
	}
	for i := range want {
		if changes[i] != want[i] {
			t.Errorf("change %d: got %+v; want %+v", i, changes[i], want[i])
		}
	}
	pacts, err := st.Pacts(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("pacts: %v", err)
	}
	if len(pacts) != 1 || pacts[0].A != 0 || pacts[0].B != 1 || pacts[0].Status != store.PactPeace || pacts[0].SinceDay != 2 {
		t.Errorf("pacts %+v; want 0-1 at peace since day 2", pacts)
	}
}
