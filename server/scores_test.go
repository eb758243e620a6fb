package server_test

import (
	"testing"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// TestScoresEveryRuleset checks the scores every face shows, whatever the
// ruleset (SEA-WORDS): a camp's own score in its view, in the ruleset's
// words and the reader's language; the others' only when the ruleset's
// scores are public (counters) and never when they lie beyond the fog
// (Grisonval, SEA-STANDING), in views and standings alike; the shared part
// of a frame; the ranking's words at the close.
func TestScoresEveryRuleset(t *testing.T) {
	t.Run("public", func(t *testing.T) {
		h := startCounters(t, openSQLite(t))
		admin := as(h.adminToken)
		info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 9, Camps: 3, SeasonLength: 3, Cadence: durationpb.New(cadence)})
		if err != nil {
			t.Fatalf("create world: %v", err)
		}
		id := info.GetId()
		if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
			t.Fatalf("pause: %v", err)
		}
		var tokens [3]string
		for c := range tokens {
			resp, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: int32(c)})
			if err != nil {
				t.Fatalf("token of camp %d: %v", c, err)
			}
			tokens[c] = resp.GetToken()
		}
		// Day 1: camp 0 gains 3, camp 2 gains 1, camp 1 rests.
		h.submit(t, tokens[0], "gain", 3)
		h.submit(t, tokens[2], "gain", 1)
		if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
			t.Fatalf("force tick: %v", err)
		}
		v, err := h.game.GetView(pb.WithLang(as(tokens[2]), lang.FR), &pb.GetViewRequest{})
		if err != nil {
			t.Fatalf("view: %v", err)
		}
		if v.GetScore() != 1 || v.GetScoreSummary() != "1 point" {
			t.Errorf("camp 2's own score: got %d %q; want 1 \"1 point\"", v.GetScore(), v.GetScoreSummary())
		}
		for _, ct := range v.GetContacts() {
			want := map[int32]int64{0: 3, 1: 0}[ct.GetCamp()]
			if !ct.GetScored() || ct.GetScore() != want || ct.GetScoreSummary() == "" {
				t.Errorf("camp 2's contact %d: scored %v, score %d %q; want public, %d", ct.GetCamp(), ct.GetScored(), ct.GetScore(), ct.GetScoreSummary(), want)
			}
		}
		st, err := h.game.GetSeasonStanding(as(tokens[2]), &pb.GetSeasonStandingRequest{})
		if err != nil {
			t.Fatalf("standing: %v", err)
		}
		if st.GetRank() != 2 || st.GetScoreSummary() != "1 point" || len(st.GetRanking()) != 3 ||
			st.GetRanking()[0].GetCamp() != 0 || st.GetRanking()[0].GetSummary() != "3 points" || st.GetRanking()[2].GetRank() != 3 {
			t.Errorf("camp 2's standing on day 1: got rank %d, %q, ranking %v; want 2nd, \"1 point\", camp 0 first with 3 points",
				st.GetRank(), st.GetScoreSummary(), st.GetRanking())
		}
		f, err := h.admin.GetFrame(admin, &pb.WorldRequest{WorldId: id})
		if err != nil {
			t.Fatalf("frame: %v", err)
		}
		if f.GetDetail() != nil || len(f.GetCamps()) != 3 || f.GetCamps()[0].GetName() != "Counter A" || f.GetCamps()[0].GetRank() != 1 ||
			f.GetCamps()[0].GetScore() != 3 || f.GetCamps()[1].GetRank() != 3 || !f.GetCamps()[1].GetAlive() || f.GetCamps()[2].GetSummary() != "1 point" {
			t.Errorf("frame of day 1: got %v; want the three camps, Counter A first with 3 points, no detail", f)
		}
		for range 2 {
			if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
				t.Fatalf("force tick: %v", err)
			}
		}
		first, frames, _ := chronicle(t, h, id, 1)
		if got := first.GetSeason().GetCamps(); len(got) != 3 || got[0].GetSummary() != "3 points" || got[0].GetCamp() != 0 {
			t.Errorf("the closed season's ranking: got %v; want camp 0 first, \"3 points\"", got)
		}
		if len(frames) != 4 || len(frames[1].GetCamps()) != 3 || frames[1].GetCamps()[0].GetScore() != 3 {
			t.Errorf("the chronicle's frames: got %d, day 1 %v; want 4, with each camp's score", len(frames), frames[1])
		}
	})
	t.Run("beyond the fog", func(t *testing.T) {
		h := startServer(t, openSQLite(t), clock.NewFake(start))
		w := h.createWorld(t, &pb.CreateWorldRequest{Seed: 7})
		v := h.view(t, w.tokens[0])
		if v.GetScoreSummary() != "1 zone held" || v.GetScore() <= 0 {
			t.Errorf("camp 0's own score: got %d %q; want its score and \"1 zone held\" (its capital)", v.GetScore(), v.GetScoreSummary())
		}
		for _, ct := range v.GetContacts() {
			if ct.GetScored() || ct.GetScore() != 0 || ct.GetScoreSummary() != "" {
				t.Errorf("camp 0's contact %d shows a score: %v", ct.GetCamp(), ct)
			}
		}
		st, err := h.game.GetSeasonStanding(pb.WithLang(as(w.tokens[0]), lang.FR), &pb.GetSeasonStandingRequest{})
		if err != nil {
			t.Fatalf("standing: %v", err)
		}
		if st.GetRank() != 0 || len(st.GetRanking()) != 0 || st.GetScoreSummary() != "1 zone tenue" {
			t.Errorf("camp 0's standing: got rank %d, ranking %v, %q; want no rank nor ranking while the season runs, \"1 zone tenue\"",
				st.GetRank(), st.GetRanking(), st.GetScoreSummary())
		}
	})
}
