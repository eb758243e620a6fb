package arena

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/grisonval/server/clients/web"
)

// Leaderboards returns every tournament's leaderboard as the web face's
// public page shows it (web.Leaderboard), oldest tournament first.
func (a *Arena) Leaderboards(ctx context.Context) ([]web.LeaderboardTable, error) {
	names, err := a.DB.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	var out []web.LeaderboardTable
	for _, n := range names {
		b, err := a.Table(ctx, n)
		if err != nil {
			return nil, err
		}
		x, err := a.Export(ctx, n)
		if err != nil {
			return nil, err
		}
		t := web.LeaderboardTable{Tournament: b.Tournament, Ruleset: b.Ruleset, Camps: b.Camps, Played: b.Played, Planned: b.Planned, Anchor: b.Anchor}
		for _, r := range b.Rows {
			t.Rows = append(t.Rows, web.LeaderboardRow{Entrant: r.Entrant, Kind: r.Kind, Rating: r.Rating, Low: r.Low, High: r.High,
				Matches: r.Matches, WinShare: r.WinShare, IllegalRate: r.IllegalRate, TimeoutRate: r.TimeoutRate, MeanTimeMS: r.MeanTimeMS,
				TokensPerDay: r.TokensPerDay, CostPerDay: r.CostPerDay})
		}
		for _, m := range x.Matches {
			if m.Status == MatchDone {
				t.Matches = append(t.Matches, web.LeaderboardMatch{Seq: m.Seq + 1, World: m.World, Entrants: m.Entrants, Ranks: m.Ranks})
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// FaceConn returns a connection to the arena's server for the web face
// it serves beside the leaderboard, carrying the faces' credential
// (server.Server.FaceCredentials) as grisonvald's faces do; the caller
// closes it.
func (a *Arena) FaceConn() (*grpc.ClientConn, error) {
	return grpc.NewClient(a.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()), a.srv.FaceCredentials())
}
