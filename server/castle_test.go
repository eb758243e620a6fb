package server_test

import (
	"context"
	"testing"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/game/castle"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
)

// TestAnyCastle plays Castle worlds of 2 and 6 cities through the server on
// each store, every city posting nothing (the defaults play), to the end of
// the game (CAS-CAMPS, CAS-WIN), the views saying which city decides
// (CAS-TURN): the season closes by itself with a ranking
// by elimination, its chronicle opens, the next season is a new game
// (CAS-CARRY) and every season replays.
func TestAnyCastle(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	rs := server.Rulesets{grisonval.Ruleset{}, castle.Ruleset{}}
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.open(t)
			h := startServerWith(t, st, clock.NewFake(start), rs)
			admin := as(h.adminToken)
			for _, n := range []int32{2, 6} {
				info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "castle", Ruleset: "castle", Camps: n, Seed: 9,
					SeasonLength: -1, Cadence: durationpb.New(cadence)})
				if err != nil {
					t.Fatalf("create a castle of %d: %v", n, err)
				}
				id := info.GetId()
				if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
					t.Fatal(err)
				}
				// The convert step: the current city decides, the others wait.
				deciding := 0
				for c := range n {
					tok, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: c})
					if err != nil {
						t.Fatal(err)
					}
					v := h.view(t, tok.GetToken())
					if v.GetWaits() == v.GetCastle().GetActs() {
						t.Errorf("%d cities, city %d: waits %v, acts %v", n, c, v.GetWaits(), v.GetCastle().GetActs())
					}
					if !v.GetWaits() {
						deciding++
					}
				}
				if deciding != 1 {
					t.Errorf("%d cities: %d decide the convert step; want the current one", n, deciding)
				}
				for day := 0; ; day++ {
					if day > 2000 {
						t.Fatalf("%d cities: no end after %d days", n, day)
					}
					if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
						if reason, _ := errorInfo(err); pb.ReasonOf(reason) != pb.ErrorReason_ERROR_REASON_SEASON_OVER {
							t.Fatalf("%d cities, day %d: %v", n, day+1, err)
						}
						break
					}
				}
				first, frames, _ := chronicle(t, h, id, 1)
				s := first.GetSeason()
				if !s.GetClosed() || len(s.GetCamps()) != int(n) || s.GetCamps()[0].GetRank() != 1 || len(frames) != int(s.GetLastDay())+1 {
					t.Fatalf("%d cities: got season %v and %d frames; want closed, ranked, a frame a day", n, s, len(frames))
				}
				if frames[len(frames)-1].GetCastle() == nil {
					t.Errorf("%d cities: frames carry no Castle detail", n)
				}
				if _, err := h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: id}); err != nil {
					t.Fatalf("%d cities: season 2: %v", n, err)
				}
				if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
					t.Fatalf("%d cities: day 1 of season 2: %v", n, err)
				}
				for season := 1; season <= 2; season++ {
					if _, err := server.Replay(context.Background(), st, rs, id, season, nil); err != nil {
						t.Errorf("%d cities: replay season %d: %v", n, season, err)
					}
				}
				t.Logf("%d cities: the game lasted %d days; ranking %v", n, s.GetLastDay(), s.GetCamps())
			}
		})
	}
}

// TestGetFrame checks the admin's omniscient frame of a running world, for
// each ruleset: Grisonval's every zone and camp, the Castle's every hand.
func TestGetFrame(t *testing.T) {
	rs := server.Rulesets{grisonval.Ruleset{}, castle.Ruleset{}}
	h := startServerWith(t, openSQLite(t), clock.NewFake(start), rs)
	admin := as(h.adminToken)
	g, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 4, Cadence: durationpb.New(cadence)})
	if err != nil {
		t.Fatal(err)
	}
	f, err := h.admin.GetFrame(admin, &pb.WorldRequest{WorldId: g.GetId()})
	if err != nil {
		t.Fatalf("get frame: %v", err)
	}
	if gf := f.GetGrisonval(); len(gf.GetZones()) != 91 || len(gf.GetCamps()) != 3 || gf.GetCamps()[0].GetPopulation() == 0 ||
		len(gf.GetCamps()[0].GetNotables()) == 0 || len(gf.GetRelations()) != 3 {
		t.Errorf("Grisonval's frame: %v; want 91 zones, 3 camps with their people, 3 relations", gf)
	}
	// The running season's timeline is the admin's; the public chronicle
	// waits for the close.
	for range 2 {
		if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: g.GetId()}); err != nil {
			t.Fatal(err)
		}
	}
	tl, err := h.admin.GetTimeline(admin, &pb.GetChronicleRequest{WorldId: g.GetId(), Season: 1})
	if err != nil {
		t.Fatalf("timeline: %v", err)
	}
	if len(tl.GetFrames()) != 3 || tl.GetSeason().GetClosed() || len(tl.GetJournals()) != 3 || len(tl.GetPlayers()) != 0 {
		t.Errorf("the running season's timeline: %d frames, closed %v, %d journals, %d players; want days 0-2, running, 3 journals, no results",
			len(tl.GetFrames()), tl.GetSeason().GetClosed(), len(tl.GetJournals()), len(tl.GetPlayers()))
	}
	_, err = pb.NewChronicleServiceClient(h.conn).GetChronicle(context.Background(), &pb.GetChronicleRequest{WorldId: g.GetId(), Season: 1})
	if reason, _ := errorInfo(err); pb.ReasonOf(reason) != pb.ErrorReason_ERROR_REASON_NOT_FOUND {
		t.Errorf("the public chronicle of a running season: got %v; want not_found (as a season that does not exist)", err)
	}
	c, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 4, Ruleset: "castle", Camps: 5, Cadence: durationpb.New(cadence)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: c.GetId()}); err != nil {
		t.Fatal(err)
	}
	f, err = h.admin.GetFrame(admin, &pb.WorldRequest{WorldId: c.GetId()})
	if err != nil {
		t.Fatalf("get frame: %v", err)
	}
	if cf := f.GetCastle(); len(cf.GetCities()) != 5 || len(cf.GetDrawn()) != 5 || cf.GetStep() != "draft" {
		t.Errorf("the Castle's frame after the convert step: %v; want 5 cities and the 5 cards drawn", cf)
	}
}
