package postgres_test

import (
	"errors"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

func TestLeases(t *testing.T) {
	ctx := t.Context()
	s, err := postgres.Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	var ws [2]store.World
	for i := range ws {
		ws[i] = store.World{Name: "leased", Seed: 1, Season: 1,
			Ruleset: "grisonval", Camps: 3,
			Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}}}
		if err := s.CreateWorld(ctx, &ws[i]); err != nil {
			t.Fatalf("CreateWorld: %v", err)
		}
	}
	id := ws[0].ID
	const short = 300 * time.Millisecond
	acquire := func(owner string, ttl time.Duration) store.Lease {
		t.Helper()
		l, err := s.AcquireLease(ctx, id, owner, ttl)
		if err != nil {
			t.Fatalf("AcquireLease by %s: %v", owner, err)
		}
		if l.Owner != owner || !l.Live || l.WorldID != id {
			t.Fatalf("AcquireLease by %s: got %+v; want a live lease of world %d for %s", owner, l, id, owner)
		}
		return l
	}
	tick := func(day int) store.Tick {
		return store.Tick{WorldID: id, Season: 1, Day: day, State: []byte{byte(day)}, Hash: "h"}
	}
	order := func(day int) store.Order {
		return store.Order{WorldID: id, Season: 1, Day: day, Camp: 0, Action: "rest", Status: store.OrderPending}
	}

	if _, err := s.LeaseOf(ctx, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("LeaseOf a world never leased: got error %v; want ErrNotFound", err)
	}
	if _, err := s.AcquireLease(ctx, ws[1].ID+1, "a:1", short); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("AcquireLease of an unknown world: got error %v; want ErrNotFound", err)
	}

	a := acquire("a:1", short)
	if a.Epoch != 1 {
		t.Errorf("first lease: got epoch %d; want 1", a.Epoch)
	}
	held, err := s.AcquireLease(ctx, id, "b:1", short)
	if !errors.Is(err, store.ErrLeaseHeld) || held.Owner != "a:1" {
		t.Fatalf("AcquireLease by b while a holds it: got %+v, %v; want a's lease and ErrLeaseHeld", held, err)
	}
	fa := s.Fenced(a)
	if err := fa.SaveOrder(ctx, order(1)); err != nil {
		t.Fatalf("SaveOrder under a's live lease: %v", err)
	}
	if err := fa.CommitTick(ctx, tick(0)); err != nil {
		t.Fatalf("CommitTick under a's live lease: %v", err)
	}
	if err := fa.SetStandingOrder(ctx, store.StandingOrder{WorldID: id, Season: 9, Action: "rest"}); err != nil {
		t.Fatalf("SetStandingOrder under a's live lease: %v", err)
	}
	if err := fa.SaveMessage(ctx, &store.Message{WorldID: id, Season: 9, Day: 1, To: 1, Text: "live"}); err != nil {
		t.Fatalf("SaveMessage under a's live lease: %v", err)
	}
	proposal := func(day int) store.Proposal {
		return store.Proposal{WorldID: id, Season: 1, Day: day, Camp: 0, Seat: "general", Action: "rest"}
	}
	if err := fa.SaveProposal(ctx, proposal(1)); err != nil {
		t.Fatalf("SaveProposal under a's live lease: %v", err)
	}
	if err := fa.CommitTick(ctx, store.Tick{WorldID: ws[1].ID, Season: 1, Day: 0, Hash: "h"}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("CommitTick of another world under a's lease: got error %v; want ErrLeaseLost", err)
	}
	if a, err = s.RenewLease(ctx, a, short); err != nil {
		t.Fatalf("RenewLease by a: %v", err)
	}

	// a stops renewing; once its lease expires, b takes the world over and
	// a can write nothing more.
	time.Sleep(short + 100*time.Millisecond)
	b := acquire("b:1", time.Minute)
	if b.Epoch != 2 {
		t.Errorf("lease taken over: got epoch %d; want 2", b.Epoch)
	}
	if err := fa.CommitTick(ctx, tick(1)); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("CommitTick by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if err := fa.SaveOrder(ctx, order(2)); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("SaveOrder by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if err := fa.SetStandingOrder(ctx, store.StandingOrder{WorldID: id, Season: 1, Action: "rest"}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("SetStandingOrder by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if err := fa.SaveMessage(ctx, &store.Message{WorldID: id, Season: 1, Day: 2, To: 1, Text: "late"}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("SaveMessage by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if err := fa.SaveProposal(ctx, proposal(2)); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("SaveProposal by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	late := store.Enrolment{WorldID: id, Season: 1, Camp: 0, Player: "late", Package: "levy", Sheet: []byte(`{}`), BeforeSetup: true}
	err = fa.EnrolAtSetup(ctx, store.Career{WorldID: id, Player: "late", Mode: "human", Sheet: []byte(`{}`)}, late,
		store.Tick{WorldID: id, Season: 1, Day: 0, State: []byte("rebuilt"), Hash: "rebuilt"})
	if !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("EnrolAtSetup by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if _, err := s.Career(ctx, id, "late"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Career enrolled by a stale owner: got error %v; want ErrNotFound", err)
	}
	if got, err := s.StandingOrders(ctx, id, 1); err != nil || len(got) != 0 {
		t.Errorf("StandingOrders set by a stale owner: got %+v, %v; want none", got, err)
	}
	if got, err := s.Messages(ctx, id, 1, 0, 0); err != nil || len(got) != 0 {
		t.Errorf("Messages saved by a stale owner: got %+v, %v; want none", got, err)
	}
	if got, err := s.Proposals(ctx, id, 1, 0, 0); err != nil || len(got) != 1 || got[0].Day != 1 {
		t.Errorf("Proposals after a stale owner's: got %+v, %v; want day 1's alone", got, err)
	}
	w := ws[0]
	w.Paused = true
	if err := fa.UpdateWorld(ctx, w); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("UpdateWorld by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if _, err := s.RenewLease(ctx, a, short); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("RenewLease by a after b took over: got error %v; want ErrLeaseLost", err)
	}
	if _, err := s.TickAt(ctx, id, 1, 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TickAt(day 1) committed by a stale owner: got error %v; want ErrNotFound", err)
	}
	pending, err := s.PendingOrders(ctx, id, 1, 2)
	if err != nil || len(pending) != 0 {
		t.Errorf("PendingOrders(day 2) saved by a stale owner: got %+v, %v; want none", pending, err)
	}
	got, err := s.World(ctx, id)
	if err != nil || got.Paused {
		t.Errorf("World after a stale owner's update: got paused %v, %v; want not paused", got.Paused, err)
	}
	if err := s.Fenced(b).CommitTick(ctx, tick(1)); err != nil {
		t.Fatalf("CommitTick by b: %v", err)
	}

	// a release lets another process in at once; a process restarted at
	// the same address takes its own lease back, fencing its past self.
	if err := s.ReleaseLease(ctx, b); err != nil {
		t.Fatalf("ReleaseLease by b: %v", err)
	}
	if l, err := s.LeaseOf(ctx, id); err != nil || l.Live {
		t.Fatalf("LeaseOf after release: got %+v, %v; want a lease that is not live", l, err)
	}
	c := acquire("c:1", time.Minute)
	again := acquire("c:1", time.Minute)
	if again.Epoch != c.Epoch+1 {
		t.Errorf("lease taken back by its owner: got epoch %d; want %d", again.Epoch, c.Epoch+1)
	}
	if err := s.Fenced(c).CommitTick(ctx, tick(2)); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("CommitTick under the owner's previous epoch: got error %v; want ErrLeaseLost", err)
	}
	if err := s.Fenced(again).CommitTick(ctx, tick(2)); err != nil {
		t.Errorf("CommitTick under the owner's new epoch: %v", err)
	}
	// Releasing a lease no longer held leaves the holder alone.
	if err := s.ReleaseLease(ctx, c); err != nil {
		t.Fatalf("ReleaseLease of a past epoch: %v", err)
	}
	if l, err := s.LeaseOf(ctx, id); err != nil || !l.Live || l.Epoch != again.Epoch {
		t.Errorf("LeaseOf after releasing a past epoch: got %+v, %v; want epoch %d live", l, err, again.Epoch)
	}
}
