package server_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// TestNoArena: a server that runs no arena answers AdminService's
// tournament methods FailedPrecondition, saying where they are served.
func TestNoArena(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	ctx := as(h.adminToken)
	_, err := h.admin.GetLeaderboard(ctx, &pb.TournamentRequest{Name: "spring"})
	wantCode(t, err, codes.FailedPrecondition)
	if !strings.Contains(err.Error(), "grisonval-arena") {
		t.Errorf("error %q; want it to name grisonval-arena", err)
	}
	_, err = h.admin.PlanTournament(ctx, &pb.PlanTournamentRequest{Spec: "{}"})
	wantCode(t, err, codes.FailedPrecondition)
	_, err = h.admin.RunTournament(ctx, &pb.TournamentRequest{Name: "spring"})
	wantCode(t, err, codes.FailedPrecondition)
	_, err = h.admin.GetTournament(ctx, &pb.TournamentRequest{Name: "spring"})
	wantCode(t, err, codes.FailedPrecondition)
	_, err = h.admin.GetTournamentExport(ctx, &pb.TournamentExportRequest{Name: "spring"})
	wantCode(t, err, codes.FailedPrecondition)
	_, err = h.admin.ListTournaments(ctx, &pb.ListTournamentsRequest{})
	wantCode(t, err, codes.FailedPrecondition)
}
