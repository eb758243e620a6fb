package server

import (
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the camps' scores as every face shows them, whatever the
// ruleset: in a frame, in a view (a camp's own, and the others' when the
// ruleset's scores are public) and in a season's ranking.

// rankedScores returns each camp's score on s, a state of a world of n
// camps under rs, and the rank that score gives it (rule CAR-RANK: equal
// scores share a rank), by camp.
func rankedScores(rs game.Ruleset, n int, s game.State) ([]game.Score, []int, error) {
	scored, err := rs.Season(n).Score(s)
	if err != nil {
		return nil, nil, err
	}
	ranks := make([]int, len(scored))
	for _, c := range career.RankCamps(campScores(scored)) {
		ranks[c.Camp] = c.Rank
	}
	return scored, ranks, nil
}

// campScores returns the scores as the camp ranking reads them.
func campScores(scored []game.Score) []career.CampScore {
	out := make([]career.CampScore, len(scored))
	for camp, sc := range scored {
		out[camp] = career.CampScore{Camp: camp, Score: sc.Score}
	}
	return out
}

// frameOf returns the public frame of s, a state of a world of n camps
// under rs: the ruleset's own (game.FrameOf) and the shared part every
// face shows, each camp's name, whether it plays, its score and rank, its
// texts in l.
func frameOf(rs game.Ruleset, n int, s game.State, l lang.Lang) (*pb.Frame, error) {
	scored, ranks, err := rankedScores(rs, n, s)
	if err != nil {
		return nil, err
	}
	f := game.FrameOf(rs, s, l)
	for c, name := range game.CampNames(rs, n) {
		fc := &pb.FrameCamp{Camp: int32(c), Name: name, Alive: s.Alive(c)}
		if c < len(scored) {
			fc.Score, fc.Rank, fc.Summary = int64(scored[c].Score), int32(ranks[c]), scored[c].Summary.In(l)
		}
		f.Camps = append(f.Camps, fc)
	}
	return f, nil
}

// addScores sets camp's score on v, its view, and, when the ruleset's
// scores are public, every contact's, in l.
func addScores(v *pb.CampView, scored []game.Score, public bool, l lang.Lang) {
	if c := int(v.GetCamp()); c < len(scored) {
		v.Score, v.ScoreSummary = int64(scored[c].Score), scored[c].Summary.In(l)
	}
	if !public {
		return
	}
	for _, ct := range v.GetContacts() {
		if c := int(ct.GetCamp()); c < len(scored) {
			ct.Scored, ct.Score, ct.ScoreSummary = true, int64(scored[c].Score), scored[c].Summary.In(l)
		}
	}
}
