package server_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc/codes"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store/pgtest"
)

// play plays days ticks of w: camps 0 and 1 follow the script, camp 2 posts
// nothing and plays its standing order; each tick is forced.
func (h *harness) play(t *testing.T, w world, days int) {
	t.Helper()
	for range days {
		for c, offset := range []int{0, 3} {
			v := h.view(t, w.tokens[c])
			o := scripted(v, int(v.GetDay())+offset)
			if _, err := h.game.SubmitOrder(as(w.tokens[c]), &pb.SubmitOrderRequest{Order: o}); err != nil {
				t.Fatalf("day %d: camp %d order %s %v: %v", v.GetDay(), c, o.GetAction(), o.GetArgs(), err)
			}
		}
		if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
			t.Fatalf("force tick: %v", err)
		}
	}
}

func TestReplay(t *testing.T) {
	url := pgtest.NewDatabase(t)
	st := openPostgres(t, url)
	t.Cleanup(func() { st.Close() })
	h := startServer(t, st, clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "replayed", Seed: 77})
	id := w.info.GetId()
	h.play(t, w, 12)
	ctx := context.Background()

	var days []int
	rep, err := server.Replay(ctx, st, rulesets, id, 1, func(day int, _ string) { days = append(days, day) })
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	info, err := h.admin.GetWorldState(as(h.adminToken), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("world state: %v", err)
	}
	if rep.FirstDay != 0 || rep.LastDay != 12 || rep.LastHash != info.GetStateHash() || rep.FromParent {
		t.Errorf("Replay: got %+v; want days 0-12 from the seed ending on hash %s", rep, info.GetStateHash())
	}
	if len(days) != 13 {
		t.Errorf("Replay reported %d days %v; want 13", len(days), days)
	}

	// Any change to what the store holds is found on its day. Each change
	// is earlier than the one before, so that it is the first difference.
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	tests := []struct {
		name   string
		tamper []string
		day    int
	}{
		{"changed hash", []string{`UPDATE ticks SET hash = 'feed' WHERE world_id = $1 AND day = 9`}, 9},
		{"changed order", []string{`UPDATE orders SET action = 'rest', args = '{}'
			WHERE world_id = $1 AND day = 7 AND camp = 0 AND status IN ('applied', 'stale')`}, 7},
		{"missing tick", []string{
			`DELETE FROM journal WHERE world_id = $1 AND day = 2`,
			`DELETE FROM ticks WHERE world_id = $1 AND day = 2`,
		}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, sql := range tc.tamper {
				if _, err := conn.Exec(ctx, sql, int64(id)); err != nil {
					t.Fatalf("tamper: %v", err)
				}
			}
			_, err := server.Replay(ctx, st, rulesets, id, 1, nil)
			re, ok := errors.AsType[*server.ReplayError](err)
			if !ok || re.Day != tc.day {
				t.Fatalf("Replay after a %s: got error %v; want a ReplayError on day %d", tc.name, err, tc.day)
			}
		})
	}
}

func TestForkWorld(t *testing.T) {
	st := openSQLite(t)
	h := startServer(t, st, clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "parent", Seed: 91, SeasonLength: 40})
	id := w.info.GetId()
	h.play(t, w, 6)
	ctx := context.Background()
	day4, err := st.TickAt(ctx, id, 1, 4)
	if err != nil {
		t.Fatalf("TickAt(day 4): %v", err)
	}

	fork, err := h.admin.ForkWorld(as(h.adminToken), &pb.ForkWorldRequest{WorldId: id, Day: 4})
	if err != nil {
		t.Fatalf("ForkWorld: %v", err)
	}
	if fork.GetId() == id || fork.GetDay() != 4 || fork.GetStateHash() != day4.Hash || !fork.GetPaused() ||
		fork.GetSeed() != 91 || fork.GetSeasonLength() != 40 || fork.GetSeason() != 1 {
		t.Fatalf("ForkWorld: got %v; want a new paused world on day 4 with hash %s, seed 91, 40 days", fork, day4.Hash)
	}
	if want := "parent, fork of season 1 day 4"; fork.GetName() != want {
		t.Errorf("ForkWorld: got name %q; want %q", fork.GetName(), want)
	}

	// The fork plays on from day 4; the parent stays on day 6.
	token, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: fork.GetId(), Camp: 0})
	if err != nil {
		t.Fatalf("IssueToken on the fork: %v", err)
	}
	if v := h.view(t, token.GetToken()); v.GetDay() != 4 {
		t.Errorf("fork's view: got day %d; want 4", v.GetDay())
	}
	forkWorld := world{info: fork}
	forkWorld.tokens[0] = token.GetToken()
	for c := 1; c < 3; c++ {
		tok, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: fork.GetId(), Camp: int32(c)})
		if err != nil {
			t.Fatalf("IssueToken on the fork: %v", err)
		}
		forkWorld.tokens[c] = tok.GetToken()
	}
	h.play(t, forkWorld, 3)
	rep, err := server.Replay(ctx, st, rulesets, fork.GetId(), 1, nil)
	if err != nil {
		t.Fatalf("Replay of the fork: %v", err)
	}
	if !rep.FromParent || rep.FirstDay != 4 || rep.LastDay != 7 {
		t.Errorf("Replay of the fork: got %+v; want days 4-7 from the parent", rep)
	}
	parent, err := h.admin.GetWorldState(as(h.adminToken), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("parent state: %v", err)
	}
	if parent.GetDay() != 6 {
		t.Errorf("parent after the fork played: got day %d; want 6", parent.GetDay())
	}

	bad := []struct {
		name string
		req  *pb.ForkWorldRequest
		code codes.Code
	}{
		{"future day", &pb.ForkWorldRequest{WorldId: id, Day: 7}, codes.NotFound},
		{"unknown season", &pb.ForkWorldRequest{WorldId: id, Season: 2, Day: 0}, codes.NotFound},
		{"unknown world", &pb.ForkWorldRequest{WorldId: 999, Day: 0}, codes.NotFound},
		{"negative day", &pb.ForkWorldRequest{WorldId: id, Day: -1}, codes.InvalidArgument},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := h.admin.ForkWorld(as(h.adminToken), tc.req)
			wantCode(t, err, tc.code)
		})
	}
	list, err := h.admin.ListWorlds(as(h.adminToken), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatalf("ListWorlds: %v", err)
	}
	if len(list.GetWorlds()) != 2 {
		t.Errorf("ListWorlds after failed forks: got %d worlds; want 2", len(list.GetWorlds()))
	}
}
