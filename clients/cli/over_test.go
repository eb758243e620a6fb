package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestCLIGameOver: once a Castle's game is over (a fall leaves one city
// standing, rule CAS-WIN), the CLI's journal ends with the line naming the
// winner and its view says it, in both languages, for the winner and the
// fallen city; wait returns at once.
func TestCLIGameOver(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: 2, Seed: 5, SeasonLength: 400})
	v := srv.EndCastle(t, w, 0, 400)
	want := map[string][2]string{
		"en": {"day %d [season_over] The game is over: you won, the last city standing.\n", "day %d [season_over] The game is over: city 0 won, the last city standing.\n"},
		"fr": {"jour %d [season_over] La partie est finie : vous avez gagné, dernière cité debout.\n", "jour %d [season_over] La partie est finie : la cité 0 a gagné, dernière cité debout.\n"},
	}
	view := map[string][2]string{
		"en": {"The season is over (day %d): no order is taken any more; you won, the last city standing", "The season is over (day %d): no order is taken any more; city 0 won, the last city standing"},
		"fr": {"La saison est finie (jour %d) : plus aucun ordre n'est pris ; vous avez gagné, dernière cité debout", "La saison est finie (jour %d) : plus aucun ordre n'est pris ; la cité 0 a gagné, dernière cité debout"},
	}
	for _, l := range []string{"en", "fr"} {
		for camp := range 2 {
			env := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + w.Tokens[camp], "NO_COLOR=", "GRISONVAL_LANG=" + l}
			code, out, stderr := cliRun(t, bin, env, "journal")
			if line := fmt.Sprintf(want[l][camp], v.GetDay()); code != 0 || !strings.HasSuffix(out, line) {
				t.Errorf("%s, city %d: cli journal: exit %d (%q), ends %q; want %q", l, camp, code, stderr, out[max(0, len(out)-160):], line)
			}
			code, out, stderr = cliRun(t, bin, env, "view")
			if s := fmt.Sprintf(view[l][camp], v.GetDay()); code != 0 || !strings.Contains(out, s) || !strings.Contains(out, fmt.Sprintf(want[l][camp], v.GetDay())) {
				t.Errorf("%s, city %d: cli view: exit %d (%q); want %q and the journal's line:\n%s", l, camp, code, stderr, s, out)
			}
		}
	}
}
