package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// tournament runs the arena's admin commands (docs/arena.md): tournaments,
// tournament NAME, plan-tournament SPEC.json and run-tournament NAME; ok
// is false for another command. A server without an arena answers them
// FailedPrecondition, which the CLI prints as every server refusal.
func (a *adminRun) tournament(ctx context.Context) (ok bool, err error) {
	inv, l := a.inv, a.inv.lang
	line := func(st *pb.TournamentStatus) string {
		state := l.Sprintf("waiting for a run", "attend d'être lancé")
		switch {
		case st.GetPlaying():
			state = l.Sprintf("being played", "en cours de jeu")
		case st.GetDone() == st.GetMatches():
			state = l.Sprintf("finished", "fini")
		}
		return l.Sprintf("%s: %s, %d matches: %d played, %d being played, %d planned, %d failed; %s\n",
			"%s : %s, %d parties : %d jouées, %d en cours, %d prévues, %d échouées ; %s\n",
			st.GetName(), st.GetRuleset(), st.GetMatches(), st.GetDone(), st.GetRunning(), st.GetPlanned(), st.GetFailed(), state)
	}
	switch inv.cmd {
	case "tournaments":
		if err := a.argsN(0, 0, "no argument"); err != nil {
			return true, err
		}
		ts, err := a.admin.ListTournaments(ctx, &pb.ListTournamentsRequest{})
		if err != nil {
			return true, err
		}
		var b strings.Builder
		for _, st := range ts.GetTournaments() {
			b.WriteString(line(st))
		}
		return true, a.print(ts, b.String())
	case "tournament":
		if err := a.argsN(1, 1, "NAME"); err != nil {
			return true, err
		}
		req := &pb.TournamentRequest{Name: inv.args[0]}
		st, err := a.admin.GetTournament(ctx, req)
		if err != nil {
			return true, err
		}
		lb, err := a.admin.GetLeaderboard(ctx, req)
		if err != nil {
			return true, err
		}
		var b strings.Builder
		b.WriteString(line(st))
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		fmt.Fprint(tw, l.Sprintf("#\tentrant\tkind\trating\t95 % interval\tmatches\twin share\tillegal\ttimeouts\n",
			"#\tparticipant\tgenre\tcote\tintervalle à 95 %\tparties\tvictoires\tillégaux\tdélais\n"))
		for i, r := range lb.GetRows() {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%.0f\t[%.0f, %.0f]\t%d\t%.1f %%\t%.1f %%\t%.1f %%\n", i+1, r.GetEntrant(), r.GetKind(), r.GetRating(),
				r.GetLow(), r.GetHigh(), r.GetMatches(), 100*r.GetWinShare(), 100*r.GetIllegalRate(), 100*r.GetTimeoutRate())
		}
		tw.Flush()
		return true, a.print(lb, b.String())
	case "plan-tournament":
		if err := a.argsN(1, 1, "SPEC.json"); err != nil {
			return true, err
		}
		spec, err := os.ReadFile(inv.args[0])
		if err != nil {
			return true, usagef(l, "the spec: %v", "la spécification : %v", err)
		}
		st, err := a.admin.PlanTournament(ctx, &pb.PlanTournamentRequest{Spec: string(spec)})
		if err != nil {
			return true, err
		}
		return true, a.print(st, line(st))
	case "run-tournament":
		if err := a.argsN(1, 1, "NAME"); err != nil {
			return true, err
		}
		st, err := a.admin.RunTournament(ctx, &pb.TournamentRequest{Name: inv.args[0]})
		if err != nil {
			return true, err
		}
		return true, a.print(st, line(st))
	}
	return false, nil
}
