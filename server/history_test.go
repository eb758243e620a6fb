package server_test

import (
	"slices"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// TestHistory checks rule SEA-HISTORY on the gRPC stack, on both stores: a
// camp token reads its own camp's counters day by day, the same as the
// admin's omniscient timeline shows for that camp and as the camp's view
// said of itself, thinned by every and cut by since_day and until_day; no
// other camp's counters; bad ranges, another world and a token that is not
// a camp's are refused.
func TestHistory(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			h := startServer(t, tc.open(t), clock.NewFake(start))
			w := h.createWorld(t, &pb.CreateWorldRequest{})
			other := h.createWorld(t, &pb.CreateWorldRequest{Seed: 7})
			const days = 6
			views := make([]*pb.CampView, 0, days+1)
			for day := range days + 1 {
				v := h.view(t, w.tokens[0])
				views = append(views, v)
				if day == days {
					break
				}
				action, arg := firstChoice(t, v)
				h.submit(t, w.tokens[0], action, arg)
				h.forceTick(t, w)
			}
			tl, err := h.admin.GetTimeline(as(h.adminToken), &pb.GetChronicleRequest{WorldId: w.info.GetId(), Season: 1, PageSize: 50})
			if err != nil {
				t.Fatalf("timeline: %v", err)
			}
			history := func(token string, req *pb.GetHistoryRequest) *pb.History {
				t.Helper()
				got, err := h.game.GetHistory(as(token), req)
				if err != nil {
					t.Fatalf("history %v: %v", req, err)
				}
				return got
			}

			for camp, tok := range w.tokens {
				got := history(tok, &pb.GetHistoryRequest{})
				if got.GetCamp() != int32(camp) || got.GetSeason() != 1 || got.GetDay() != days || got.GetMore() || len(got.GetDays()) != days+1 {
					t.Fatalf("camp %d: got camp %d season %d day %d more %v, %d days; want camp %d, season 1, day %d, %d days",
						camp, got.GetCamp(), got.GetSeason(), got.GetDay(), got.GetMore(), len(got.GetDays()), camp, days, days+1)
				}
				for i, d := range got.GetDays() {
					f := tl.GetFrames()[i]
					fc, gc := f.GetCamps()[camp], f.GetGrisonval().GetCamps()[camp]
					r := gc.GetResources()
					want := &pb.HistoryDay{Day: f.GetDay(), Alive: fc.GetAlive(), Score: fc.GetScore(), Population: gc.GetPopulation(),
						Soldiers: gc.GetMenUnderArms(), Food: r.GetFood(), Gold: r.GetGold(), Wood: r.GetWood(), Stone: r.GetStone(),
						Zones: gc.GetZones(), Tier: gc.GetTier()}
					if !proto.Equal(d, want) {
						t.Errorf("camp %d day %d: got %v; want the timeline's own counters %v", camp, i, d, want)
					}
					if want.Population == 0 || want.Food == 0 || want.Zones == 0 {
						t.Errorf("camp %d day %d: the timeline's counters are empty (%v): the test proves nothing", camp, i, want)
					}
				}
				if camp == 0 {
					for day, v := range views {
						g, d := v.GetGrisonval(), got.GetDays()[day]
						if d.GetPopulation() != g.GetPopulation() || d.GetFood() != g.GetResources().GetFood() || d.GetGold() != g.GetResources().GetGold() ||
							d.GetSoldiers() != g.GetMenUnderArms() || d.GetTier() != g.GetTier() || d.GetScore() != v.GetScore() {
							t.Errorf("day %d: history %v differs from what the camp's view said of itself that day", day, d)
						}
					}
				}
			}
			// The camps' counters differ, so each token reads its own.
			a, b := history(w.tokens[0], &pb.GetHistoryRequest{}), history(w.tokens[1], &pb.GetHistoryRequest{})
			if proto.Equal(a.GetDays()[days], b.GetDays()[days]) {
				t.Errorf("camps 0 and 1 read the same counters on day %d: %v", days, a.GetDays()[days])
			}

			dayList := func(hi *pb.History) []int32 {
				var out []int32
				for _, d := range hi.GetDays() {
					out = append(out, d.GetDay())
				}
				return out
			}
			for _, tc := range []struct {
				req  *pb.GetHistoryRequest
				want []int32
			}{
				{&pb.GetHistoryRequest{Every: 4}, []int32{0, 4, 6}},
				{&pb.GetHistoryRequest{SinceDay: 2, UntilDay: 3}, []int32{2, 3}},
				{&pb.GetHistoryRequest{SinceDay: 5, UntilDay: 99}, []int32{5, 6}},
				{&pb.GetHistoryRequest{SinceDay: 9}, nil},
				{&pb.GetHistoryRequest{WorldId: w.info.GetId(), Every: 30}, []int32{0, 6}},
			} {
				if got := dayList(history(w.tokens[0], tc.req)); !slices.Equal(got, tc.want) {
					t.Errorf("%v: got days %v; want %v", tc.req, got, tc.want)
				}
			}

			for _, tc := range []struct {
				req   *pb.GetHistoryRequest
				field string
			}{
				{&pb.GetHistoryRequest{SinceDay: -1}, "since_day"},
				{&pb.GetHistoryRequest{UntilDay: -1}, "until_day"},
				{&pb.GetHistoryRequest{SinceDay: 4, UntilDay: 3}, "until_day"},
				{&pb.GetHistoryRequest{Every: 31}, "every"},
				{&pb.GetHistoryRequest{Every: -1}, "every"},
			} {
				_, err := h.game.GetHistory(as(w.tokens[0]), tc.req)
				wantCode(t, err, codes.InvalidArgument)
				if _, fields := errorInfo(err); len(fields) != 1 || fields[0] != tc.field {
					t.Errorf("%v: refused on fields %v; want %s", tc.req, fields, tc.field)
				}
			}
			_, err = h.game.GetHistory(as(w.tokens[0]), &pb.GetHistoryRequest{WorldId: other.info.GetId()})
			wantCode(t, err, codes.PermissionDenied)
			_, err = h.game.GetHistory(as(h.adminToken), &pb.GetHistoryRequest{WorldId: w.info.GetId()})
			wantCode(t, err, codes.PermissionDenied)
			_, err = h.game.GetHistory(as(""), &pb.GetHistoryRequest{})
			wantCode(t, err, codes.Unauthenticated)
		})
	}
}

// TestHistoryBounded checks SEA-HISTORY's bound: past 100 days an answer
// stops at 100 with more set, and asking from the day after gives the rest.
func TestHistoryBounded(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{SeasonLength: -1})
	const days = 104
	for range days {
		h.forceTick(t, w)
	}
	first, err := h.game.GetHistory(as(w.tokens[2]), &pb.GetHistoryRequest{})
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	if n := len(first.GetDays()); n != 100 || !first.GetMore() || first.GetMaxHistoryDays() != 100 || first.GetDays()[n-1].GetDay() != 99 {
		t.Fatalf("first answer: %d days up to day %d, more %v, max %d; want days 0 to 99, more, max 100", n, first.GetDays()[n-1].GetDay(), first.GetMore(), first.GetMaxHistoryDays())
	}
	rest, err := h.game.GetHistory(as(w.tokens[2]), &pb.GetHistoryRequest{SinceDay: 100})
	if err != nil {
		t.Fatalf("history from day 100: %v", err)
	}
	var got []int32
	for _, d := range rest.GetDays() {
		got = append(got, d.GetDay())
	}
	if !slices.Equal(got, []int32{100, 101, 102, 103, 104}) || rest.GetMore() {
		t.Errorf("from day 100: days %v, more %v; want 100 to 104, no more", got, rest.GetMore())
	}
}
