package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// The console's tournaments (docs/admin.md, "Tournaments"): the arena's
// tournaments with where each stands, a tournament's leaderboard and
// matches, the form that plans one from its spec (docs/arena.md) and the
// button that plays it. The server audits PlanTournament and
// RunTournament as every admin action; a server that runs no arena
// answers them FailedPrecondition, which the pages say in a sentence.

// consoleTournamentRoutes adds the tournaments' pages to mux.
func (s *Server) consoleTournamentRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/tournaments", s.consoleTournaments)
	mux.HandleFunc("POST /console/tournaments", s.consolePlan)
	mux.HandleFunc("GET /console/tournament/{name}", s.consoleTournament)
	mux.HandleFunc("POST /console/tournament/{name}", s.consoleRun)
	mux.HandleFunc("GET /console/tournament/{name}/export", s.consoleExport)
}

// exampleSpec is the planning form's first value: a small all-bot round
// robin (docs/arena.md's spec), to edit.
const exampleSpec = `{
  "name": "bots",
  "ruleset": "grisonval",
  "camps": 3,
  "season_length": 12,
  "move_clock": "30s",
  "seeds": [11],
  "schedule": "round_robin",
  "anchor": "rest",
  "entrants": [
    {"id": "growth", "kind": "bot", "posture": "growth"},
    {"id": "prudent", "kind": "bot", "posture": "prudent"},
    {"id": "random", "kind": "random"},
    {"id": "rest", "kind": "rest"}
  ]
}`

// consoleTournamentsBody is the tournaments' page: the tournaments, the
// planning form's spec and its refusal; NoArena says the server runs no
// arena.
type consoleTournamentsBody struct {
	NoArena     bool
	Tournaments []tournamentRow
	Spec        string
	Err         string
}

// tournamentRow is a tournament of the list with the path of its page:
// a spec's name may hold any character, a slash too.
type tournamentRow struct {
	*pb.TournamentStatus
	Path string
}

// consoleTournaments lists the tournaments with the planning form.
func (s *Server) consoleTournaments(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	s.renderTournaments(ctx, w, r, http.StatusOK, exampleSpec, "")
}

// noArena says whether err is the answer of a server that runs no arena.
func noArena(err error) bool { return status.Code(err) == codes.FailedPrecondition }

// renderTournaments draws the tournaments' page with the planning form's
// spec and its refusal.
func (s *Server) renderTournaments(ctx context.Context, w http.ResponseWriter, r *http.Request, code int, spec, msg string) {
	b := consoleTournamentsBody{Spec: spec, Err: msg}
	ts, err := s.admin.ListTournaments(ctx, &pb.ListTournamentsRequest{})
	switch {
	case noArena(err):
		b.NoArena = true
	case err != nil:
		s.fail(w, r, err)
		return
	}
	for _, t := range ts.GetTournaments() {
		b.Tournaments = append(b.Tournaments, tournamentRow{TournamentStatus: t, Path: "/console/tournament/" + url.PathEscape(t.GetName())})
	}
	l := langOf(r)
	s.render(w, r, code, "console-tournaments", page{Title: l.Sprintf("Tournaments", "Tournois"), Flash: flashed(w, r), Body: b})
}

// consolePlan plans the tournament of the form's spec (PlanTournament);
// refused, it draws the form again with the spec and the server's words.
func (s *Server) consolePlan(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	l := langOf(r)
	spec := r.PostFormValue("spec")
	st, err := s.admin.PlanTournament(ctx, &pb.PlanTournamentRequest{Spec: spec})
	if err != nil {
		switch status.Code(err) {
		case codes.InvalidArgument, codes.AlreadyExists, codes.FailedPrecondition:
			s.renderTournaments(ctx, w, r, http.StatusBadRequest, spec, l.Sprintf("Nothing was planned: %s", "Rien n'a été planifié : %s", status.Convert(err).Message()))
		default:
			s.fail(w, r, err)
		}
		return
	}
	consoleDone(w, r, "/console/tournament/"+url.PathEscape(st.GetName()), l.Sprintf("Tournament %s planned: %d matches of %s; run it to play them.",
		"Tournoi %s planifié : %d parties de %s ; lancez-le pour les jouer.", st.GetName(), st.GetMatches(), st.GetRuleset()))
}

// tournamentMatch is one match of a tournament's page, as its export
// gives it, numbered from 1: its world (whose timelapse the page links
// to), its entrants and ranks by camp.
type tournamentMatch struct {
	Seq      int      `json:"seq"`
	Round    int      `json:"round"`
	Seed     uint64   `json:"seed"`
	World    uint64   `json:"world"`
	Entrants []string `json:"entrants"`
	Ranks    []int    `json:"ranks"`
	Status   string   `json:"status"`
	Days     int      `json:"days"`
	Error    string   `json:"error"`
}

// consoleTournamentBody is a tournament's page: where it stands, its
// leaderboard and its matches; NoArena says the server runs no arena.
type consoleTournamentBody struct {
	NoArena bool
	Name    string
	// Path is the page's path, its name escaped.
	Path    string
	Status  *pb.TournamentStatus
	Board   *pb.Leaderboard
	Rows    []boardRow
	Matches []tournamentMatch
	// Left counts the matches not yet played.
	Left int32
}

// boardRow is a leaderboard's line as the page writes it: its place and
// its shares in per cent.
type boardRow struct {
	*pb.LeaderboardRow
	Place                 int
	Win, Illegal, Timeout string
}

// consoleTournament is a tournament's page.
func (s *Server) consoleTournament(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	l := langOf(r)
	name := r.PathValue("name")
	b := consoleTournamentBody{Name: name, Path: "/console/tournament/" + url.PathEscape(name)}
	page := page{Title: l.Sprintf("Tournament %s", "Tournoi %s", name), Flash: flashed(w, r), Body: &b}
	req := &pb.TournamentRequest{Name: name}
	var err error
	if b.Status, err = s.admin.GetTournament(ctx, req); noArena(err) {
		b.NoArena = true
		s.render(w, r, http.StatusOK, "console-tournament", page)
		return
	}
	if err == nil {
		b.Board, err = s.admin.GetLeaderboard(ctx, req)
	}
	var x *pb.TournamentExport
	if err == nil {
		x, err = s.admin.GetTournamentExport(ctx, &pb.TournamentExportRequest{Name: name, Format: "json"})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var ex struct {
		Matches []tournamentMatch `json:"matches"`
	}
	if err := json.Unmarshal(x.GetData(), &ex); err != nil {
		s.fail(w, r, status.Errorf(codes.Internal, "tournament %s's export: %v", name, err))
		return
	}
	b.Matches = ex.Matches
	for i := range b.Matches {
		b.Matches[i].Seq++
		b.Matches[i].Round++
	}
	pct := func(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) }
	for i, row := range b.Board.GetRows() {
		b.Rows = append(b.Rows, boardRow{LeaderboardRow: row, Place: i + 1, Win: pct(row.GetWinShare()), Illegal: pct(row.GetIllegalRate()),
			Timeout: pct(row.GetTimeoutRate())})
	}
	b.Left = b.Status.GetMatches() - b.Status.GetDone()
	s.render(w, r, http.StatusOK, "console-tournament", page)
}

// consoleRun starts playing a tournament's matches not yet played
// (RunTournament), in the background on the server.
func (s *Server) consoleRun(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	l := langOf(r)
	name := r.PathValue("name")
	if r.PostFormValue("action") != "run" {
		s.refuse(w, r, http.StatusBadRequest, l.Sprintf("Unknown action %q.", "Action inconnue %q.", r.PostFormValue("action")))
		return
	}
	st, err := s.admin.RunTournament(ctx, &pb.TournamentRequest{Name: name})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	consoleDone(w, r, "/console/tournament/"+url.PathEscape(name), l.Sprintf("Tournament %s is being played: %d of %d matches done; reload the page to follow it.",
		"Le tournoi %s se joue : %d parties faites sur %d ; rechargez la page pour le suivre.", name, st.GetDone(), st.GetMatches()))
}

// consoleExport downloads a tournament's export (GetTournamentExport):
// every match with every camp's days, as the query's format says (json,
// the default, or csv), for others to re-fit.
func (s *Server) consoleExport(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	name := r.PathValue("name")
	x, err := s.admin.GetTournamentExport(ctx, &pb.TournamentExportRequest{Name: name, Format: r.URL.Query().Get("format")})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	kind := "application/json"
	if x.GetFormat() == "csv" {
		kind = "text/csv; charset=utf-8"
	}
	w.Header().Set("Content-Type", kind)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "tournament-"+name+"."+x.GetFormat()))
	w.Write(x.GetData())
}
