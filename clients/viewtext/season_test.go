package viewtext

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSeasonStandingText renders a running and a closed season's standing
// and a notebook in both languages.
func TestSeasonStandingText(t *testing.T) {
	board := &pb.GloryBoard{Camp: 0, Patrons: []*pb.PatronGlory{{Patron: "Aurèle", Glory: 12, SeasonGlory: 5, Rank: 1}, {Patron: "Béatrix", Rank: 2}}}
	running := &pb.SeasonStanding{WorldId: 1, Camp: 0, CampName: "Grisonval", Season: 2, Day: 5, SeasonLength: 24, DaysLeft: 19,
		Score: 14, Zones: 2, Player: "ada", Patron: "Aurèle", GloryBoard: board,
		Feats: &pb.Feats{MissionsSucceeded: 1, IntelSupportInfluence: 2, Glory: 6}, Standing: 14, Verdict: "praise"}
	closed := &pb.SeasonStanding{WorldId: 1, Camp: 0, CampName: "Grisonval", Season: 2, Day: 24, SeasonLength: 24, Closed: true,
		Score: 20, Zones: 3, Rank: 2, Player: "ada", Patron: "Aurèle", GloryBoard: board, Feats: &pb.Feats{}, Standing: 6, Verdict: "blame",
		Result:  &pb.PlayerResult{Player: "ada", Verdict: "blame", PostedTicks: 20, Eminence: 0},
		Career:  &pb.CareerInfo{Player: "ada", Seasons: 2, EminencePoints: 3},
		Ranking: []*pb.CampResult{{Camp: 1, CampName: "Carmin", Rank: 1, Score: 30, Zones: 4}, {Camp: 0, CampName: "Grisonval", Rank: 2, Score: 20, Zones: 3}}}
	tests := []struct {
		l    lang.Lang
		s    *pb.SeasonStanding
		want []string
	}{
		{lang.EN, running, []string{"day 5 of 24: 19 days left.", "Score 14 (zones held: 2); the rank falls at the close",
			"Player ada, serving Aurèle.", "patron Aurèle: glory 12 (rank 1), +5 this season",
			"Feats: 1 missions succeeded, 2 intel, support or influence; glory for the patron 6.", "Standing 14: praise if the season closed today."}},
		{lang.FR, running, []string{"jour 5 sur 24 : 19 jours restants.", "le rang tombe à la clôture", "Joueur ada, au service de Aurèle.",
			"Cote 14 : éloge si la saison se close aujourd'hui."}},
		{lang.EN, closed, []string{"day 24, closed.", "Score 20 (zones held: 3); rank 2 of 2.", "Feats: none yet",
			"Standing 6: blame.", "Judgment: blame; titles: none; orders posted on 20 days; eminence points +0.",
			"Career: 2 seasons, 3 eminence points", "1. camp 1 \"Carmin\": score 30, 4 zones"}},
		{lang.FR, closed, []string{"jour 24, close.", "rang 2 sur 2.", "Cote 6 : blâme.", "Jugement : blâme ; titres : aucun"}},
	}
	for _, tc := range tests {
		got := SeasonStanding(tc.l, tc.s)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s, closed %v: %q missing from\n%s", tc.l, tc.s.GetClosed(), w, got)
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
