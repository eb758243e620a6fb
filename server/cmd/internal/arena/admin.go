package arena

import (
	"bytes"
	"context"
	"errors"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
)

// admin serves AdminService's tournament methods for an arena
// (server.Arena): the server calls it once the admin is authenticated,
// and audits the calls that change something.
type admin struct {
	// arena is set once the arena is built (after its server).
	arena *Arena
	// ctx is the life of the arena: the tournaments RunTournament starts
	// run until it ends.
	ctx context.Context

	mu      sync.Mutex
	playing map[string]bool // tournaments being played, by name
}

var _ server.Arena = (*admin)(nil)

// statusOf turns an arena error into the gRPC status an admin reads.
func statusOf(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrSpec):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, ErrNoTournament):
		return status.Error(codes.NotFound, err.Error())
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	return status.Error(codes.Internal, err.Error())
}

// PlanTournament records the tournament of the spec given and plans it.
func (d *admin) PlanTournament(ctx context.Context, req *pb.PlanTournamentRequest) (*pb.TournamentStatus, error) {
	spec, err := ParseSpec([]byte(req.GetSpec()))
	if err != nil {
		return nil, statusOf(err)
	}
	if _, err := d.arena.DB.TournamentByName(ctx, spec.Name); err == nil {
		return nil, status.Errorf(codes.AlreadyExists, "tournament %q exists already: give the spec another name", spec.Name)
	}
	if _, _, err := d.arena.Plan(ctx, spec); err != nil {
		return nil, statusOf(err)
	}
	return d.GetTournament(ctx, &pb.TournamentRequest{Name: spec.Name})
}

// RunTournament starts playing the tournament in the background, unless
// it is being played already.
func (d *admin) RunTournament(ctx context.Context, req *pb.TournamentRequest) (*pb.TournamentStatus, error) {
	if _, err := d.arena.DB.TournamentByName(ctx, req.GetName()); err != nil {
		return nil, statusOf(err)
	}
	d.mu.Lock()
	if !d.playing[req.GetName()] {
		d.playing[req.GetName()] = true
		go func() {
			if err := d.arena.Run(d.ctx, req.GetName()); err != nil && d.ctx.Err() == nil {
				d.arena.Log.Error().Err(err).Str("tournament", req.GetName()).Msg("tournament stopped")
			}
			d.mu.Lock()
			delete(d.playing, req.GetName())
			d.mu.Unlock()
		}()
	}
	d.mu.Unlock()
	return d.GetTournament(ctx, req)
}

// GetTournament counts the tournament's matches by status.
func (d *admin) GetTournament(ctx context.Context, req *pb.TournamentRequest) (*pb.TournamentStatus, error) {
	t, err := d.arena.DB.TournamentByName(ctx, req.GetName())
	if err != nil {
		return nil, statusOf(err)
	}
	ms, err := d.arena.DB.Matches(ctx, t.ID)
	if err != nil {
		return nil, statusOf(err)
	}
	out := &pb.TournamentStatus{Name: t.Spec.Name, Ruleset: t.Spec.Ruleset, Matches: int32(len(ms))}
	for _, m := range ms {
		switch m.Status {
		case MatchDone:
			out.Done++
		case MatchRunning:
			out.Running++
		case MatchPlanned:
			out.Planned++
		case MatchFailed:
			out.Failed++
		}
	}
	d.mu.Lock()
	out.Playing = d.playing[t.Spec.Name]
	d.mu.Unlock()
	return out, nil
}

// ListTournaments says where every tournament stands, oldest first.
func (d *admin) ListTournaments(ctx context.Context, _ *pb.ListTournamentsRequest) (*pb.ListTournamentsResponse, error) {
	names, err := d.arena.DB.Tournaments(ctx)
	if err != nil {
		return nil, statusOf(err)
	}
	out := &pb.ListTournamentsResponse{}
	for _, n := range names {
		st, err := d.GetTournament(ctx, &pb.TournamentRequest{Name: n})
		if err != nil {
			return nil, err
		}
		out.Tournaments = append(out.Tournaments, st)
	}
	return out, nil
}

// GetLeaderboard returns the tournament's table.
func (d *admin) GetLeaderboard(ctx context.Context, req *pb.TournamentRequest) (*pb.Leaderboard, error) {
	b, err := d.arena.Table(ctx, req.GetName())
	if err != nil {
		return nil, statusOf(err)
	}
	out := &pb.Leaderboard{Tournament: b.Tournament, Ruleset: b.Ruleset, Camps: int32(b.Camps), Anchor: b.Anchor,
		Played: int32(b.Played), Planned: int32(b.Planned)}
	for _, r := range b.Rows {
		out.Rows = append(out.Rows, &pb.LeaderboardRow{Entrant: r.Entrant, Kind: r.Kind, Rating: r.Rating, Low: r.Low, High: r.High,
			Ordinal: r.Ordinal, Matches: int32(r.Matches), WinShare: r.WinShare, IllegalRate: r.IllegalRate, TimeoutRate: r.TimeoutRate,
			MeanTimeMs: r.MeanTimeMS, TokensPerDay: r.TokensPerDay, CostPerDay: r.CostPerDay})
	}
	return out, nil
}

// GetTournamentExport returns every match of the tournament as JSON or
// CSV.
func (d *admin) GetTournamentExport(ctx context.Context, req *pb.TournamentExportRequest) (*pb.TournamentExport, error) {
	format := req.GetFormat()
	if format == "" {
		format = "json"
	}
	if format != "json" && format != "csv" {
		return nil, status.Errorf(codes.InvalidArgument, "format %q: json or csv", format)
	}
	x, err := d.arena.Export(ctx, req.GetName())
	if err != nil {
		return nil, statusOf(err)
	}
	var b bytes.Buffer
	if format == "csv" {
		err = x.WriteCSV(&b)
	} else {
		err = x.WriteJSON(&b)
	}
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.TournamentExport{Format: format, Data: b.Bytes()}, nil
}
