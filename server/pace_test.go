package server_test

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// moveClock is the move clock of the tournament worlds of these tests.
const moveClock = 10 * time.Second

// TestTournamentPace covers TICK-7 on both stores: a day resolves as soon
// as every camp has posted, the AI's camp included (no grace, no cadence);
// a camp that has not answered when its move clock runs out plays its
// standing order, marked timed out in its result, its notice and the
// store, through a restart; a restart keeps the day's clock; a forced day
// times no one out.
func TestTournamentPace(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func(t *testing.T) store.Store
	}{
		{"sqlite", openSQLite},
		{"postgres", func(t *testing.T) store.Store {
			st := openPostgres(t, pgtest.NewDatabase(t))
			t.Cleanup(func() { st.Close() })
			return st
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.open(t)
			fake := clock.NewFake(start)
			h := startServer(t, st, fake)
			w := h.createWorld(t, &pb.CreateWorldRequest{MoveClock: durationpb.New(moveClock)})
			if got := w.info.GetMoveClock().AsDuration(); got != moveClock || w.info.GetCadence() != nil {
				t.Fatalf("world's move clock %s, cadence %v; want %s and none", got, w.info.GetCadence(), moveClock)
			}
			if got, want := h.view(t, w.tokens[0]).GetDeadline().AsTime(), start.Add(moveClock); !got.Equal(want) {
				t.Fatalf("deadline of day 1: %s; want %s, the move clock's end", got, want)
			}
			next, _ := h.watch(t, w.tokens[1])

			// Day 1: the two open camps post; the AI's camp is waited for,
			// past the cadence pace's grace, and its order resolves the day.
			h.submit(t, w.tokens[0], "rest")
			h.submit(t, w.tokens[1], "rest")
			h.advance(t, server.DefaultAIGrace+time.Second)
			if d := h.view(t, w.tokens[0]).GetDay(); d != 0 {
				t.Fatalf("day %d while the AI's camp has not answered; want 0", d)
			}
			h.submit(t, w.tokens[2], "rest")
			n := next()
			if n.GetDay() != 1 || n.GetResult().GetTimedOut() {
				t.Fatalf("notice of day %d, timed out %v; want day 1, not timed out", n.GetDay(), n.GetResult().GetTimedOut())
			}
			day2 := fake.Now()
			if got, want := n.GetNextDeadline().AsTime(), day2.Add(moveClock); !got.Equal(want) {
				t.Fatalf("deadline of day 2: %s; want %s, a move clock after day 1 resolved", got, want)
			}

			// Day 2: only camp 0 answers; the clock runs out for 1 and 2.
			h.advance(t, 3*time.Second)
			h.submit(t, w.tokens[0], "rest")
			h.advance(t, moveClock-3*time.Second-1)
			if d := h.view(t, w.tokens[0]).GetDay(); d != 1 {
				t.Fatalf("day %d a nanosecond before the move clock ran out; want 1", d)
			}
			h.advance(t, 1)
			n = next()
			if n.GetDay() != 2 || !n.GetResult().GetTimedOut() || n.GetResult().GetStatus() != pb.OrderStatus_ORDER_STATUS_STANDING {
				t.Fatalf("camp 1's notice of day %d: %v; want day 2, its standing order, timed out", n.GetDay(), n.GetResult())
			}
			if r := h.view(t, w.tokens[0]).GetLastResult(); r.GetTimedOut() || r.GetStatus() != pb.OrderStatus_ORDER_STATUS_APPLIED {
				t.Fatalf("camp 0's result of day 2: %v; want applied, not timed out", r)
			}

			// Day 3: a restart 4 s in keeps the clock; camp 2 answers after
			// it, the others run out.
			day3 := fake.Now()
			h.advance(t, 4*time.Second)
			h.stop()
			h = startServer(t, st, fake)
			if got, want := h.view(t, w.tokens[0]).GetDeadline().AsTime(), day3.Add(moveClock); !got.Equal(want) {
				t.Fatalf("deadline after a restart: %s; want %s, the day's own", got, want)
			}
			next, _ = h.watch(t, w.tokens[2])
			h.submit(t, w.tokens[2], "rest")
			h.advance(t, moveClock-4*time.Second)
			if n := next(); n.GetDay() != 3 || n.GetResult().GetTimedOut() {
				t.Fatalf("camp 2's notice of day %d, timed out %v; want day 3, not timed out", n.GetDay(), n.GetResult().GetTimedOut())
			}

			// Day 4, forced by an admin before the clock runs out: nobody
			// answered, nobody timed out.
			if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
				t.Fatalf("force tick: %v", err)
			}

			orders, err := st.Orders(t.Context(), w.info.GetId(), 1)
			if err != nil {
				t.Fatalf("orders: %v", err)
			}
			got := map[int][]int{}
			for _, o := range orders {
				if o.TimedOut {
					if o.Status != store.OrderStanding && o.Status != store.OrderStandingStale {
						t.Errorf("day %d camp %d timed out with status %s; want a standing one", o.Day, o.Camp, o.Status)
					}
					got[o.Day] = append(got[o.Day], o.Camp)
				}
			}
			want := map[int][]int{2: {1, 2}, 3: {0, 1}}
			if len(got) != len(want) || len(got[2]) != 2 || got[2][0] != 1 || got[2][1] != 2 || len(got[3]) != 2 || got[3][0] != 0 || got[3][1] != 1 {
				t.Fatalf("timeouts stored by day: %v; want %v", got, want)
			}
		})
	}
}

// TestTournamentPaceRefusals: a move clock out of bounds, or given with a
// cadence, is refused with the field named, and no world is created.
func TestTournamentPaceRefusals(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	for _, tc := range []struct {
		name string
		req  *pb.CreateWorldRequest
	}{
		{"too short", &pb.CreateWorldRequest{MoveClock: durationpb.New(server.MinMoveClock - 1)}},
		{"negative", &pb.CreateWorldRequest{MoveClock: durationpb.New(-time.Second)}},
		{"too long", &pb.CreateWorldRequest{MoveClock: durationpb.New(server.MaxCadence + time.Second)}},
		{"with a cadence", &pb.CreateWorldRequest{MoveClock: durationpb.New(moveClock), Cadence: durationpb.New(cadence)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.req.Seed = 42
			_, err := h.admin.CreateWorld(as(h.adminToken), tc.req)
			wantCode(t, err, codes.InvalidArgument)
			if _, fields := errorInfo(err); len(fields) != 1 || fields[0] != "move_clock" {
				t.Errorf("fields at fault %v; want [move_clock]", fields)
			}
		})
	}
	ws, err := h.admin.ListWorlds(as(h.adminToken), &pb.ListWorldsRequest{})
	if err != nil || len(ws.GetWorlds()) != 0 {
		t.Fatalf("worlds after the refusals: %d (%v); want none", len(ws.GetWorlds()), err)
	}
}
