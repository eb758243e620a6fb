package server_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
)

// TestTickAtDeadline covers TICK-5 (a tick at the world's deadline) and
// TICK-4 (a camp that posted nothing plays its standing order, stored as such).
func TestTickAtDeadline(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next, first := h.watch(t, w.tokens[0])
	if first.GetDay() != 0 {
		t.Fatalf("first notice day %d; want 0", first.GetDay())
	}
	if got, want := first.GetNextDeadline().AsTime(), start.Add(cadence); !got.Equal(want) {
		t.Fatalf("first deadline %s; want %s", got, want)
	}
	h.submit(t, w.tokens[0], "chop_wood")

	h.advance(t, cadence-1)
	if d := h.view(t, w.tokens[0]).GetDay(); d != 0 {
		t.Fatalf("day %d before the deadline; want 0", d)
	}
	h.advance(t, 1)
	n := next()
	if n.GetDay() != 1 {
		t.Fatalf("notice day %d; want 1", n.GetDay())
	}
	if got, want := n.GetNextDeadline().AsTime(), start.Add(2*cadence); !got.Equal(want) {
		t.Fatalf("next deadline %s; want %s", got, want)
	}
	if len(n.GetJournal()) == 0 {
		t.Errorf("notice of day 1 has no journal entry for camp 0; want the wood chore")
	}
	for _, e := range n.GetJournal() {
		if e.GetDay() != 1 {
			t.Errorf("notice journal entry of day %d; want 1", e.GetDay())
		}
	}

	// Camps 1 and 2 posted nothing: they played the standing order.
	orders, err := h.store.Orders(context.Background(), w.info.GetId(), 1)
	if err != nil {
		t.Fatalf("orders: %v", err)
	}
	want := map[int][2]string{0: {"chop_wood", store.OrderApplied}, 1: {"rest", store.OrderStanding}, 2: {"rest", store.OrderStanding}}
	if len(orders) != 3 {
		t.Fatalf("got %d stored orders; want 3: %+v", len(orders), orders)
	}
	for _, o := range orders {
		if got := [2]string{o.Action, o.Status}; o.Day != 1 || got != want[o.Camp] {
			t.Errorf("camp %d day %d: got %v; want %v on day 1", o.Camp, o.Day, got, want[o.Camp])
		}
	}
	v := h.view(t, w.tokens[0])
	if v.GetPendingOrder() != nil {
		t.Errorf("pending order after the tick: %v; want none", v.GetPendingOrder())
	}
}

// TestEarlyTick covers TICK-5: a tick resolves early once every camp not
// played by the AI has posted, after the AI's grace period.
func TestEarlyTick(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next, _ := h.watch(t, w.tokens[0])

	t.Run("every camp posted", func(t *testing.T) {
		h.submit(t, w.tokens[0], "rest")
		h.submit(t, w.tokens[1], "rest")
		if d := h.view(t, w.tokens[0]).GetDay(); d != 0 {
			t.Fatalf("day %d before the AI posted; want 0", d)
		}
		h.submit(t, w.tokens[2], "rest")
		if n := next(); n.GetDay() != 1 {
			t.Fatalf("notice day %d; want 1", n.GetDay())
		}
	})
	t.Run("AI grace", func(t *testing.T) {
		h.submit(t, w.tokens[0], "rest")
		h.submit(t, w.tokens[1], "rest")
		h.advance(t, server.DefaultAIGrace-1)
		if d := h.view(t, w.tokens[0]).GetDay(); d != 1 {
			t.Fatalf("day %d within the AI grace; want 1", d)
		}
		h.advance(t, 1)
		if n := next(); n.GetDay() != 2 {
			t.Fatalf("notice day %d; want 2", n.GetDay())
		}
	})
	t.Run("a human missing", func(t *testing.T) {
		h.submit(t, w.tokens[0], "rest")
		h.submit(t, w.tokens[2], "rest")
		h.advance(t, cadence/2)
		if d := h.view(t, w.tokens[0]).GetDay(); d != 2 {
			t.Fatalf("day %d while camp 1 has not posted; want 2", d)
		}
	})
}

func TestPausedWorldDoesNotTick(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	admin := as(h.adminToken)
	id := &pb.WorldRequest{WorldId: w.info.GetId()}
	if info, err := h.admin.PauseWorld(admin, id); err != nil || !info.GetPaused() {
		t.Fatalf("pause: %v, paused %v; want paused", err, info.GetPaused())
	}
	for c := range w.tokens {
		h.submit(t, w.tokens[c], "rest")
	}
	h.advance(t, 10*cadence)
	v := h.view(t, w.tokens[0])
	if v.GetDay() != 0 || !v.GetPaused() || v.GetDeadline() != nil {
		t.Fatalf("paused world: day %d, paused %v, deadline %v; want day 0, paused, no deadline", v.GetDay(), v.GetPaused(), v.GetDeadline())
	}

	info, err := h.admin.ForceTick(admin, id)
	if err != nil {
		t.Fatalf("force tick: %v", err)
	}
	if info.GetDay() != 1 || !info.GetPaused() {
		t.Fatalf("after force tick: day %d, paused %v; want day 1, still paused", info.GetDay(), info.GetPaused())
	}

	next, _ := h.watch(t, w.tokens[0])
	info, err = h.admin.ResumeWorld(admin, id)
	if err != nil || info.GetPaused() {
		t.Fatalf("resume: %v, paused %v; want running", err, info.GetPaused())
	}
	h.advance(t, cadence)
	if n := next(); n.GetDay() != 2 {
		t.Fatalf("notice day %d after resuming; want 2", n.GetDay())
	}
}

func TestSeasonEnd(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{SeasonLength: 2})
	admin := as(h.adminToken)
	id := &pb.WorldRequest{WorldId: w.info.GetId()}
	for range 2 {
		if _, err := h.admin.ForceTick(admin, id); err != nil {
			t.Fatalf("force tick: %v", err)
		}
	}
	_, err := h.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}})
	wantCode(t, err, codes.FailedPrecondition)
	if msg := err.Error(); !strings.Contains(msg, "season ended on day 2") {
		t.Errorf("got %q; want it to say the season ended on day 2", msg)
	}
	_, err = h.admin.ForceTick(admin, id)
	wantCode(t, err, codes.FailedPrecondition)
	h.advance(t, 10*cadence)
	v := h.view(t, w.tokens[0])
	if v.GetDay() != 2 || v.GetDeadline() != nil || v.GetSeasonLength() != 2 {
		t.Fatalf("ended season: day %d, deadline %v, season length %d; want day 2, no deadline, 2", v.GetDay(), v.GetDeadline(), v.GetSeasonLength())
	}

	info, err := h.admin.ResetSeason(admin, id)
	if err != nil {
		t.Fatalf("reset season: %v", err)
	}
	// The seed's setup of season 2: the land of season 1, its own founders
	// (RNG-1).
	setup, err := grisonval.Ruleset{}.Setup(game.Setup{Seed: w.info.GetSeed(), Camps: 3, Season: 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := (grisonval.Ruleset{}).Hash(setup); info.GetDay() != 0 || info.GetSeason() != 2 || info.GetStateHash() != want || want == w.info.GetStateHash() {
		t.Fatalf("after reset: day %d, season %d, hash %s; want day 0, season 2, the setup hash of season 2 %s (season 1's %s)",
			info.GetDay(), info.GetSeason(), info.GetStateHash(), want, w.info.GetStateHash())
	}
	h.submit(t, w.tokens[0], "rest")
}

func TestWatchEndsOnStop(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	stream, err := h.game.WatchTicks(as(w.tokens[0]), &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch ticks: %v", err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("first notice: %v", err)
	}
	h.srv.Stop()
	wantCode(t, recvErr(stream), codes.Unavailable)
}

// failingStore is the real store with a switch that makes CommitTick fail,
// as a lost database connection would.
type failingStore struct {
	store.Store
	fail atomic.Bool
	// failed counts the commits failed, made to or not.
	failed atomic.Int32
}

func (s *failingStore) CommitTick(ctx context.Context, t store.Tick) error {
	err := errors.New("connection lost")
	if !s.fail.Load() {
		err = s.Store.CommitTick(ctx, t)
	}
	if err != nil {
		s.failed.Add(1)
	}
	return err
}

// waitFailed waits until n commits have failed.
func (s *failingStore) waitFailed(t *testing.T, n int32) {
	t.Helper()
	eventually(t, "failed commits", func() error {
		if got := s.failed.Load(); got != n {
			return fmt.Errorf("%d commits failed; want %d", got, n)
		}
		return nil
	})
}

func TestFailedCommitKeepsState(t *testing.T) {
	st := &failingStore{Store: openSQLite(t)}
	h := startServer(t, st, clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next, _ := h.watch(t, w.tokens[0])

	st.fail.Store(true)
	h.submit(t, w.tokens[0], "chop_wood")
	h.submit(t, w.tokens[1], "rest")
	h.submit(t, w.tokens[2], "rest")
	v := h.view(t, w.tokens[0])
	if v.GetDay() != 0 || v.GetPendingOrder().GetAction() != "chop_wood" {
		t.Fatalf("after a failed commit: day %d, pending %v; want day 0 and chop_wood pending", v.GetDay(), v.GetPendingOrder())
	}
	_, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()})
	wantCode(t, err, codes.Internal)

	// The next try waits for the retry delay (500 ms after the second
	// failure in a row: the day was due once every camp posted, then
	// forced), even though every camp posted, not for a new deadline.
	st.fail.Store(false)
	h.submit(t, w.tokens[1], "chop_wood")
	h.advance(t, 500*time.Millisecond-1)
	if d := h.view(t, w.tokens[0]).GetDay(); d != 0 {
		t.Fatalf("day %d before the retry that follows a failed commit; want 0", d)
	}
	h.advance(t, 1)
	if n := next(); n.GetDay() != 1 {
		t.Fatalf("notice day %d; want 1", n.GetDay())
	}
	orders, err := st.Orders(context.Background(), w.info.GetId(), 1)
	if err != nil {
		t.Fatalf("orders: %v", err)
	}
	played := map[int]string{}
	for _, o := range orders {
		if o.Status == store.OrderApplied {
			played[o.Camp] = o.Action
		}
	}
	if want := map[int]string{0: "chop_wood", 1: "chop_wood", 2: "rest"}; !maps.Equal(played, want) {
		t.Errorf("applied orders %v; want %v", played, want)
	}
}

// TestFailedCommitKeepsStateLater fails a commit once the loop has
// recycled states (a day is written over a state no longer needed): the
// world's state must stay the morning's, and the day played again once the
// store is back must be the one its orders make from it.
func TestFailedCommitKeepsStateLater(t *testing.T) {
	st := &failingStore{Store: openSQLite(t)}
	h := startServer(t, st, clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next, _ := h.watch(t, w.tokens[0])
	for day := 1; day <= 2; day++ {
		h.submit(t, w.tokens[0], "chop_wood")
		h.advance(t, cadence)
		if n := next(); n.GetDay() != int32(day) {
			t.Fatalf("notice day %d; want %d", n.GetDay(), day)
		}
	}
	req := &pb.WorldRequest{WorldId: w.info.GetId()}
	before, err := h.admin.GetWorldState(as(h.adminToken), req)
	if err != nil {
		t.Fatal(err)
	}

	st.fail.Store(true)
	h.submit(t, w.tokens[0], "chop_wood")
	h.submit(t, w.tokens[1], "rest")
	// Twice: the second try must not write over the morning's state either.
	for try := 1; try <= 2; try++ {
		_, err = h.admin.ForceTick(as(h.adminToken), req)
		wantCode(t, err, codes.Internal)
		after, err := h.admin.GetWorldState(as(h.adminToken), req)
		if err != nil {
			t.Fatal(err)
		}
		if after.GetDay() != 2 || after.GetStateHash() != before.GetStateHash() || after.GetStateJson() != before.GetStateJson() {
			t.Fatalf("after failed commit %d: day %d, hash %s; want day 2 and the morning's state, hash %s", try, after.GetDay(), after.GetStateHash(), before.GetStateHash())
		}
	}

	st.fail.Store(false)
	h.advance(t, cadence)
	if n := next(); n.GetDay() != 3 {
		t.Fatalf("notice day %d; want 3", n.GetDay())
	}
	h.submit(t, w.tokens[2], "chop_wood")
	h.advance(t, cadence)
	if n := next(); n.GetDay() != 4 {
		t.Fatalf("notice day %d; want 4", n.GetDay())
	}
	// Replaying the season from its setup gives every stored day's hash.
	rep, err := server.Replay(context.Background(), st, rulesets, w.info.GetId(), 1, nil)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if rep.LastDay != 4 {
		t.Fatalf("replayed to day %d; want 4", rep.LastDay)
	}
}

func TestSetControllerChangesWhoIsWaitedFor(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next, _ := h.watch(t, w.tokens[0])
	prudent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_PRUDENT}
	info, err := h.admin.SetController(as(h.adminToken), &pb.SetControllerRequest{WorldId: w.info.GetId(), Camp: 1, Controller: prudent})
	if err != nil {
		t.Fatalf("set controller: %v", err)
	}
	if got := info.GetControllers()[1]; !proto.Equal(got, prudent) {
		t.Fatalf("got controller %v; want %v", got, prudent)
	}
	if got := h.view(t, w.tokens[1]).GetController(); !proto.Equal(got, prudent) {
		t.Fatalf("camp 1 view controller %v; want %v", got, prudent)
	}
	// Camp 0 is now the only camp not played by the AI.
	h.submit(t, w.tokens[0], "rest")
	h.advance(t, server.DefaultAIGrace)
	if n := next(); n.GetDay() != 1 {
		t.Fatalf("notice day %d; want 1", n.GetDay())
	}
}
