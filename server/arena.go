package server

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Arena serves AdminService's tournament methods (docs/arena.md): the
// grisonval-arena command gives one in Config.Arena; a server without one
// answers them FailedPrecondition. Its methods get the admin's calls as they
// come (authenticated and audited as every admin call) and answer with
// gRPC statuses.
type Arena interface {
	PlanTournament(context.Context, *pb.PlanTournamentRequest) (*pb.TournamentStatus, error)
	RunTournament(context.Context, *pb.TournamentRequest) (*pb.TournamentStatus, error)
	GetTournament(context.Context, *pb.TournamentRequest) (*pb.TournamentStatus, error)
	GetLeaderboard(context.Context, *pb.TournamentRequest) (*pb.Leaderboard, error)
	GetTournamentExport(context.Context, *pb.TournamentExportRequest) (*pb.TournamentExport, error)
	ListTournaments(context.Context, *pb.ListTournamentsRequest) (*pb.ListTournamentsResponse, error)
}

// noArena answers the tournament methods of a server that runs no arena.
func noArena(ctx context.Context) error {
	return status.Error(codes.FailedPrecondition, pb.LangOf(ctx).Sprintf(
		"this server runs no arena: tournaments are served by grisonval-arena run or serve with -addr (docs/arena.md)",
		"ce serveur ne fait tourner aucune arène : les tournois sont servis par grisonval-arena run ou serve avec -addr (docs/arena.md)"))
}

// PlanTournament records a tournament and plans its matches.
func (a *adminService) PlanTournament(ctx context.Context, req *pb.PlanTournamentRequest) (*pb.TournamentStatus, error) {
	if a.s.cfg.Arena == nil {
		return nil, noArena(ctx)
	}
	return a.s.cfg.Arena.PlanTournament(ctx, req)
}

// RunTournament plays a tournament's matches in the background.
func (a *adminService) RunTournament(ctx context.Context, req *pb.TournamentRequest) (*pb.TournamentStatus, error) {
	if a.s.cfg.Arena == nil {
		return nil, noArena(ctx)
	}
	return a.s.cfg.Arena.RunTournament(ctx, req)
}

// GetTournament says where a tournament stands.
func (a *adminService) GetTournament(ctx context.Context, req *pb.TournamentRequest) (*pb.TournamentStatus, error) {
	if a.s.cfg.Arena == nil {
		return nil, noArena(ctx)
	}
	return a.s.cfg.Arena.GetTournament(ctx, req)
}

// GetLeaderboard returns a tournament's table.
func (a *adminService) GetLeaderboard(ctx context.Context, req *pb.TournamentRequest) (*pb.Leaderboard, error) {
	if a.s.cfg.Arena == nil {
		return nil, noArena(ctx)
	}
	return a.s.cfg.Arena.GetLeaderboard(ctx, req)
}

// GetTournamentExport returns every match of a tournament.
func (a *adminService) GetTournamentExport(ctx context.Context, req *pb.TournamentExportRequest) (*pb.TournamentExport, error) {
	if a.s.cfg.Arena == nil {
		return nil, noArena(ctx)
	}
	return a.s.cfg.Arena.GetTournamentExport(ctx, req)
}

// ListTournaments says where every tournament stands.
func (a *adminService) ListTournaments(ctx context.Context, req *pb.ListTournamentsRequest) (*pb.ListTournamentsResponse, error) {
	if a.s.cfg.Arena == nil {
		return nil, noArena(ctx)
	}
	return a.s.cfg.Arena.ListTournaments(ctx, req)
}
