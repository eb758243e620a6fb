package arena

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestAdminService drives a tournament through AdminService over the
// real gRPC stack: a bad spec and an unknown tournament are refused with
// their codes, a tournament is planned, run in the background to its end,
// read as a leaderboard and exported; the admin audit records the plan
// and the run.
func TestAdminService(t *testing.T) {
	a, closeAll := openArena(t, t.TempDir())
	defer closeAll()
	tok, err := a.srv.IssueAdminToken(t.Context(), "organiser")
	if err != nil {
		t.Fatal(err)
	}
	ctx := metadata.AppendToOutgoingContext(t.Context(), "authorization", "Bearer "+tok)
	adm := pb.NewAdminServiceClient(a.Conn)

	if _, err := pb.NewAdminServiceClient(a.Conn).GetTournament(t.Context(), &pb.TournamentRequest{Name: "x"}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("GetTournament without a token: %v; want Unauthenticated", err)
	}
	for _, tc := range []struct {
		spec string
		code codes.Code
	}{
		{`{"name": "t", "move_clock": 5}`, codes.InvalidArgument},
		{`{"name": "t", "colour": "blue"}`, codes.InvalidArgument},
		{`{"name": "t", "ruleset": "grisonval", "move_clock": "1s", "seeds": [1], "schedule": "ladder"}`, codes.InvalidArgument},
	} {
		if _, err := adm.PlanTournament(ctx, &pb.PlanTournamentRequest{Spec: tc.spec}); status.Code(err) != tc.code {
			t.Errorf("PlanTournament(%s): %v; want %s", tc.spec, err, tc.code)
		}
	}
	if _, err := adm.GetLeaderboard(ctx, &pb.TournamentRequest{Name: "nowhere"}); status.Code(err) != codes.NotFound {
		t.Errorf("GetLeaderboard of an unknown tournament: %v; want NotFound", err)
	}

	spec := botSpec("by-admin")
	spec.Entrants = spec.Entrants[1:] // prudent, random, rest: 3 matches
	spec.SeasonLength = 6
	b, _ := json.Marshal(spec)
	st, err := adm.PlanTournament(ctx, &pb.PlanTournamentRequest{Spec: string(b)})
	if err != nil || st.GetMatches() != 3 || st.GetPlanned() != 3 {
		t.Fatalf("PlanTournament: %v, %v; want 3 planned matches", st, err)
	}
	if _, err := adm.PlanTournament(ctx, &pb.PlanTournamentRequest{Spec: string(b)}); status.Code(err) != codes.AlreadyExists {
		t.Errorf("PlanTournament again: %v; want AlreadyExists", err)
	}
	if _, err := adm.RunTournament(ctx, &pb.TournamentRequest{Name: "by-admin"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		st, err = adm.GetTournament(ctx, &pb.TournamentRequest{Name: "by-admin"})
		if err != nil {
			t.Fatal(err)
		}
		if st.GetDone() == 3 && !st.GetPlaying() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("tournament after a minute: %v", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ls, err := adm.ListTournaments(ctx, &pb.ListTournamentsRequest{})
	if err != nil || len(ls.GetTournaments()) != 1 || ls.GetTournaments()[0].GetName() != "by-admin" || ls.GetTournaments()[0].GetDone() != 3 {
		t.Errorf("ListTournaments: %v, %v; want by-admin with its 3 matches done", ls, err)
	}
	lb, err := adm.GetLeaderboard(ctx, &pb.TournamentRequest{Name: "by-admin"})
	if err != nil || lb.GetPlayed() != 3 || len(lb.GetRows()) != 3 {
		t.Fatalf("GetLeaderboard: %v, %v; want 3 matches and 3 rows", lb, err)
	}
	for _, r := range lb.GetRows() {
		if r.GetEntrant() == "rest" && r.GetRating() != 1000 {
			t.Errorf("the anchor's rating %g; want 1000", r.GetRating())
		}
		if r.GetMeanTimeMs() < 0 {
			t.Errorf("%s's mean time to answer %g; want the server's measure (every entrant of the arena's answers)", r.GetEntrant(), r.GetMeanTimeMs())
		}
	}
	x, err := adm.GetTournamentExport(ctx, &pb.TournamentExportRequest{Name: "by-admin", Format: "csv"})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(x.GetData())).ReadAll()
	if err != nil || len(rows) != 1+3*3 {
		t.Fatalf("CSV export: %d rows, %v; want a header and 9", len(rows), err)
	}
	if _, err := adm.GetTournamentExport(ctx, &pb.TournamentExportRequest{Name: "by-admin", Format: "xml"}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("export as xml: %v; want InvalidArgument", err)
	}
	audit, err := adm.ListAudit(ctx, &pb.ListAuditRequest{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range audit.GetEntries() {
		seen[e.GetAction()+"/"+e.GetCode()] = true
	}
	if !seen["PlanTournament/OK"] || !seen["RunTournament/OK"] || !seen["PlanTournament/InvalidArgument"] {
		t.Errorf("audit %v; want the plan, the refused plans and the run", seen)
	}
}
