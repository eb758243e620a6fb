package viewtext

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSeasonStandingText renders a running and a closed season's standing
// in both languages, in each ruleset's score words: a running Grisonval
// season with its rank beyond the fog, a running season whose scores are
// public (today's rank and ranking, no fog), a closed one with its final
// ranking; and a notebook.
func TestSeasonStandingText(t *testing.T) {
	board := &pb.GloryBoard{Camp: 0, Patrons: []*pb.PatronGlory{{Patron: "Aurèle", Glory: 12, SeasonGlory: 5, Rank: 1}, {Patron: "Béatrix", Rank: 2}}}
	running := &pb.SeasonStanding{WorldId: 1, Camp: 0, CampName: "Grisonval", Season: 2, Day: 5, SeasonLength: 24, DaysLeft: 19,
		Score: 14, Zones: 2, ScoreSummary: "2 zones held", Player: "ada", Patron: "Aurèle", GloryBoard: board,
		Feats: &pb.Feats{MissionsSucceeded: 1, IntelSupportInfluence: 2, Glory: 6}, Standing: 14, Verdict: "praise"}
	public := &pb.SeasonStanding{WorldId: 3, Camp: 1, CampName: "Counter B", Season: 1, Day: 4, SeasonLength: 12, DaysLeft: 8,
		Score: 6, ScoreSummary: "6 points", Rank: 1, Feats: &pb.Feats{}, Verdict: "discharge",
		Ranking: []*pb.CampResult{{Camp: 1, CampName: "Counter B", Rank: 1, Score: 6, Summary: "6 points"},
			{Camp: 0, CampName: "Counter A", Rank: 2, Score: 2, Summary: "2 points"}}}
	closed := &pb.SeasonStanding{WorldId: 1, Camp: 0, CampName: "Grisonval", Season: 2, Day: 24, SeasonLength: 24, Closed: true,
		Score: 20, Zones: 3, ScoreSummary: "3 zones held", Rank: 2, Player: "ada", Patron: "Aurèle", GloryBoard: board, Feats: &pb.Feats{}, Standing: 6, Verdict: "blame",
		Result: &pb.PlayerResult{Player: "ada", Verdict: "blame", PostedTicks: 20, Eminence: 0},
		Career: &pb.CareerInfo{Player: "ada", Seasons: 2, EminencePoints: 3},
		Ranking: []*pb.CampResult{{Camp: 1, CampName: "Carmin", Rank: 1, Score: 30, Zones: 4, Summary: "4 zones held"},
			{Camp: 0, CampName: "Grisonval", Rank: 2, Score: 20, Zones: 3, Summary: "3 zones held"}}}
	tests := []struct {
		l           lang.Lang
		s           *pb.SeasonStanding
		want, avoid []string
	}{
		{lang.EN, running, []string{"day 5 of 24: 19 days left.", "Score 14 (2 zones held); the rank falls at the close (the other camps' scores are beyond your fog).",
			"Player ada, serving Aurèle.", "patron Aurèle: 12 glory in all seasons (rank 1 on the camp's glory board), of which 5 this season",
			"Feats: 1 mission succeeded, 2 intel, support or influence; they earn the patron 6 glory this season.", "Standing 14: praise if the season closed today."},
			[]string{"ranking", "1 missions"}},
		{lang.FR, running, []string{"jour 5 sur 24 : 19 jours restants.", "Score 14 (2 zones held) ; le rang tombe à la clôture (les scores des autres camps sont hors de votre brouillard).",
			"Joueur ada, au service de Aurèle.", "Cote 14 : éloge si la saison se close aujourd'hui.",
			"patron Aurèle : 12 de gloire sur toutes les saisons (rang 1 au tableau de gloire du camp), dont 5 cette saison",
			"Faits d'armes : 1 mission réussie, 2 renseignement, soutien ou influence ; ils valent 6 de gloire au patron cette saison."},
			[]string{"Classement", "1 missions"}},
		{lang.EN, public, []string{"day 4 of 12: 8 days left.", "Score 6 (6 points); rank 1 of 2 today (every camp's score is public).",
			"Today's ranking:\n  1. camp 1 \"Counter B\": score 6 (6 points)\n  2. camp 0 \"Counter A\": score 2 (2 points)\n"},
			[]string{"zone", "fog", "falls at the close"}},
		{lang.FR, public, []string{"Score 6 (6 points) ; rang 1 sur 2 aujourd'hui (le score de chaque camp est public).",
			"Classement du jour :\n  1. camp 1 \"Counter B\" : score 6 (6 points)\n"},
			[]string{"zone", "brouillard", "tombe à la clôture"}},
		{lang.EN, closed, []string{"day 24, closed.", "Score 20 (3 zones held); rank 2 of 2.", "Feats: none yet",
			"Standing 6: blame.", "Judgment: blame; titles: none; orders posted on 20 days; eminence points +0.",
			"Career: 2 seasons, 3 eminence points", "Ranking:\n  1. camp 1 \"Carmin\": score 30 (4 zones held)\n  2. camp 0 \"Grisonval\": score 20 (3 zones held)\n"},
			[]string{"today", "fog"}},
		{lang.FR, closed, []string{"jour 24, close.", "rang 2 sur 2.", "Cote 6 : blâme.", "Jugement : blâme ; titres : aucun",
			"Classement :\n  1. camp 1 \"Carmin\" : score 30 (4 zones held)\n"}, []string{"aujourd'hui", "brouillard"}},
	}
	for _, tc := range tests {
		got := SeasonStanding(tc.l, tc.s)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s, %s, closed %v: %q missing from\n%s", tc.l, tc.s.GetCampName(), tc.s.GetClosed(), w, got)
			}
		}
		for _, a := range tc.avoid {
			if strings.Contains(got, a) {
				t.Errorf("%s, %s, closed %v: got %q in\n%s", tc.l, tc.s.GetCampName(), tc.s.GetClosed(), a, got)
			}
		}
	}
	n := &pb.Notebook{Text: "east first\n\tthen 12", Day: 3, MaxLen: 8192, WritesLeft: 19}
	for l, want := range map[lang.Lang]string{
		lang.EN: "Notebook (19 of 8192 bytes, written for day 3):\n  east first\n  \tthen 12\n",
		lang.FR: "Carnet (19 octets sur 8192, écrit pour le jour 3) :\n  east first\n  \tthen 12\n",
	} {
		if got := Notebook(l, n); got != want {
			t.Errorf("%s notebook: got %q; want %q", l, got, want)
		}
	}
	if got := Notebook(lang.EN, &pb.Notebook{MaxLen: 8192}); !strings.HasPrefix(got, "Notebook: empty") {
		t.Errorf("an empty notebook: got %q", got)
	}
}
