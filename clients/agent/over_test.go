package agent

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestJournalGameOver: once a Castle's game is over (a fall leaves one city
// standing, rule CAS-WIN), the journal tool ends with the line that names
// the winner, in both languages, for the winner and for the fallen city,
// and its structured entries end with it (kind season_over).
func TestJournalGameOver(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: 2, Seed: 5, SeasonLength: 400})
	v := srv.EndCastle(t, w, 0, 400)
	if !v.GetAlive() || v.GetCastle().GetCities()[1].GetFellTurn() == 0 {
		t.Fatalf("seed 5 ends with cities %v; want city 1 fallen, city 0 standing", v.GetCastle().GetCities())
	}
	bin := testserver.Build(t, "./clients/agent/cmd/grisonval-agent", "grisonval-agent")
	want := map[string][2]string{
		"en": {"The game is over: you won, the last city standing.", "The game is over: city 0 won, the last city standing."},
		"fr": {"La partie est finie : vous avez gagné, dernière cité debout.", "La partie est finie : la cité 0 a gagné, dernière cité debout."},
	}
	for _, l := range []string{"en", "fr"} {
		for camp := range 2 {
			cs := connectStdio(t, bin, srv.Addr, w.Tokens[camp], "--lang", l)
			text, res := callTool(t, cs, "journal", nil)
			line := fmt.Sprintf(map[string]string{"en": "day %d [season_over] %s\n", "fr": "jour %d [season_over] %s\n"}[l], v.GetDay(), want[l][camp])
			if res.IsError || !strings.HasSuffix(text, line) {
				t.Errorf("%s, city %d: the journal ends %q; want %q", l, camp, text[max(0, len(text)-200):], line)
			}
			entries, _ := res.StructuredContent.(map[string]any)["entries"].([]any)
			if len(entries) == 0 || entries[len(entries)-1].(map[string]any)["narration"] != want[l][camp] {
				t.Errorf("%s, city %d: the structured journal does not end with %q", l, camp, want[l][camp])
			}
			cs.Close()
		}
	}
}
