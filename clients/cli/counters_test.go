package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// countersCamps is the number of camps of the CLI's counters world.
const countersCamps = 3

// cliCheck runs the cli with env and checks its exit code and that its
// stdout (stderr on a failure) contains every one of want and none of
// avoid; it returns that output.
func cliCheck(t *testing.T, bin string, env []string, wantCode int, args []string, want, avoid []string) string {
	t.Helper()
	code, stdout, stderr := cliRun(t, bin, env, args...)
	out := stdout
	if wantCode != 0 {
		out = stderr
	}
	if code != wantCode {
		t.Fatalf("cli %v: exit %d; want %d (stdout %q, stderr %q)", args, code, wantCode, stdout, stderr)
	}
	for _, s := range want {
		if !strings.Contains(out, s) {
			t.Errorf("cli %v: got:\n%s\nwant it to contain %q", args, out, s)
		}
	}
	for _, s := range avoid {
		if strings.Contains(out, s) {
			t.Errorf("cli %v: got:\n%s\nwant no %q", args, out, s)
		}
	}
	return out
}

// grisonvalWords are the words of Grisonval (and of its fog) that a camp
// of another ruleset never reads, in either language.
var grisonvalWords = []string{"zone", "extinct", "éteint", "Grisonval", "fog", "brouillard"}

// TestCLICounters plays a world of counters, a ruleset the CLI was not
// written for (docs/counters.md), with the CLI on the real server: its
// view (its score, the other camps' public scores), its rulebook from the
// server (rules, by section), orders from the menu, the season's standing
// with today's rank and ranking while it runs and the final ranking once
// closed, in the ruleset's words and in both languages, and never a word
// of Grisonval.
func TestCLICounters(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: countersCamps, Seed: 5, SeasonLength: 6})
	env := func(camp int, lang string) []string {
		return []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + w.Tokens[camp], "GRISONVAL_LANG=" + lang, "NO_COLOR="}
	}
	run := func(camp int, lang string, args []string, want ...string) string {
		t.Helper()
		return cliCheck(t, bin, env(camp, lang), 0, args, want, grisonvalWords)
	}

	run(0, "en", []string{"view"}, fmt.Sprintf("World %d (counters), camp 0 \"Counter A\" (human). Day 0 of 6; orders are for day 1.", w.ID),
		"Your score: 0 (0 points).", "Other camps:\n  1 Counter B: met; score 0 (0 points).\n", "  2. gain POINTS - gain N: gain 1 to 3 points",
		"     POINTS: 1 to 3")
	run(0, "fr", []string{"view"}, "Votre score : 0 (0 points).", "Autres camps :\n  1 Counter B : rencontré ; score 0 (0 points).\n")
	run(0, "en", []string{"map"}, `No map: the "counters" ruleset's view has no hex map.`)
	run(0, "en", []string{"rules"}, "Sections of the counters rulebook (call rules with one of them):", "  The game (", "  The season (")
	run(0, "fr", []string{"rules"}, "Sections du livre de règles counters, en anglais", "  The game (")
	run(0, "en", []string{"rules", "the", "game"}, "## The game", "CNT-ACTIONS")
	cliCheck(t, bin, env(0, "en"), 2, []string{"rules", "Cards"}, []string{`no section "Cards" in the counters rulebook; sections: Introduction; The game; The season`}, nil)
	run(0, "en", []string{"season"}, "Score 0 (0 points); rank 1 of 3 today (every camp's score is public).", "Today's ranking:\n  1. camp 0 \"Counter A\": score 0 (0 points)\n")

	// Day 1: camp 0 gains 3, camp 1 gains 1, camp 2 steals nothing yet.
	run(0, "en", []string{"gain", "3", "--reason", "trois"}, "Order accepted for day 1: gain 3 (reason: trois)")
	run(1, "en", []string{"gain", "1"}, "Order accepted for day 1: gain 1")
	run(2, "en", []string{"rest"}, "Order accepted for day 1: rest")
	run(0, "en", []string{"wait", "--after", "0"}, "Day 1 resolved", "Your order for day 1: gain 3 (reason: trois) - applied.", "[gain] You gain 3 points.")
	run(0, "en", []string{"view"}, fmt.Sprintf("World %d (counters), camp 0 \"Counter A\" (human). Day 1 of 6; orders are for day 2.", w.ID),
		"Your score: 3 (3 points).\nOther camps:\n  1 Counter B: met; score 1 (1 point).\n  2 Counter C: met; score 0 (0 points).\nJournal (latest 1 of 1):\n  day 1 [gain] You gain 3 points.\n",
		"  3. steal CAMP - steal C: take a point from camp C\n     CAMP: one of 1\n")
	run(2, "en", []string{"view"}, "Your score: 0 (0 points).", "  0 Counter A: met; score 3 (3 points).", "  1 Counter B: met; score 1 (1 point).",
		"  3. steal CAMP - steal C: take a point from camp C", "     CAMP: one of 0, 1")
	run(0, "en", []string{"season"}, "day 1 of 6: 5 days left.", "Score 3 (3 points); rank 1 of 3 today (every camp's score is public).",
		"Today's ranking:\n  1. camp 0 \"Counter A\": score 3 (3 points)\n  2. camp 1 \"Counter B\": score 1 (1 point)\n  3. camp 2 \"Counter C\": score 0 (0 points)\n")
	run(1, "fr", []string{"season"}, "jour 1 sur 6 : 5 jours restants.", "Score 1 (1 point) ; rang 2 sur 3 aujourd'hui (le score de chaque camp est public).",
		"Classement du jour :\n  1. camp 0 \"Counter A\" : score 3 (3 points)\n")

	if _, err := srv.Admin.CloseSeason(srv.AdminContext(context.Background()), &pb.CloseSeasonRequest{WorldId: w.ID}); err != nil {
		t.Fatalf("close the season: %v", err)
	}
	run(1, "en", []string{"season"}, ", closed.", "Score 1 (1 point); rank 2 of 3.",
		"Ranking:\n  1. camp 0 \"Counter A\": score 3 (3 points)\n  2. camp 1 \"Counter B\": score 1 (1 point)\n  3. camp 2 \"Counter C\": score 0 (0 points)\n")
	if out := run(1, "fr", []string{"season"}, ", close.", "Score 1 (1 point) ; rang 2 sur 3.", "Classement :\n  1. camp 0 \"Counter A\" : score 3 (3 points)\n"); strings.Contains(out, "du jour") {
		t.Errorf("got today's ranking in a closed season:\n%s", out)
	}
	// Game over in the CLI: the view says it with the leader, and a wait
	// returns at once.
	run(1, "en", []string{"view"}, "The season is over (day 1): no order is taken any more; camp 0 Counter A leads with 3 (3 points)")
	run(0, "fr", []string{"wait", "--after", "1"}, "La saison est finie (jour 1) : plus aucun ordre n'est pris ; vous menez avec 3 (3 points)")
}

// TestCLISeasonWords checks cli season on a world of each ruleset, in both
// languages: the Castle's scores are public, so its camp reads its score
// in the Castle's words and today's rank and ranking, never zones nor the
// fog; a Grisonval camp reads its zones and that the other camps' scores
// are beyond its fog, and no rank.
func TestCLISeasonWords(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	castle := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: castleCities, Seed: 11})
	grisonval := srv.NewGame(t, testserver.Game{Seed: 42, SeasonLength: 4})
	env := func(w testserver.World, lang string) []string {
		return []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + w.Tokens[0], "GRISONVAL_LANG=" + lang}
	}
	tests := []struct {
		name        string
		w           testserver.World
		lang        string
		want, avoid []string
	}{
		{"castle en", castle, "en", []string{" (standing: gold ", ", army ", "); rank ", " of 3 today (every camp's score is public).",
			"Today's ranking:\n  1. camp ", ": score ", " (standing: gold "}, []string{"zone", "fog", "falls at the close"}},
		{"castle fr", castle, "fr", []string{" (debout : or ", ", armée ", ") ; rang ", " sur 3 aujourd'hui (le score de chaque camp est public).",
			"Classement du jour :\n  1. camp ", " : score ", " (debout : or "}, []string{"zone", "brouillard", "tombe à la clôture"}},
		{"grisonval en", grisonval, "en", []string{" zone held); the rank falls at the close (the other camps' scores are beyond your fog)."},
			[]string{"today (every", "ranking", "Ranking"}},
		{"grisonval fr", grisonval, "fr", []string{" zone tenue) ; le rang tombe à la clôture (les scores des autres camps sont hors de votre brouillard)."},
			[]string{"aujourd'hui (le score", "Classement"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cliCheck(t, bin, env(tt.w, tt.lang), 0, []string{"season"}, tt.want, tt.avoid)
		})
	}
}
