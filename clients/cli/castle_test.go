package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// castleCities is the number of cities of the CLI's Castle world.
const castleCities = 3

// menuArgs returns valid arguments for legal action a, as the menu lists
// them: the first choice of each argument, or a count's least.
func menuArgs(a *pb.LegalAction) []string {
	var args []string
	for _, s := range a.GetArgs() {
		if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
			args = append(args, strconv.Itoa(int(s.GetMin())))
		} else {
			args = append(args, strconv.Itoa(int(s.GetChoices()[0])))
		}
	}
	return args
}

// legal returns the action named name of v's menu, or nil.
func legal(v *pb.CampView, name string) *pb.LegalAction {
	for _, a := range v.GetLegalActions() {
		if a.GetAction() == name {
			return a
		}
	}
	return nil
}

// TestCLICastle plays a Castle city through a whole turn with the CLI, on
// the real server: its convert step, its draft step (the cards it drew,
// numbered by slot), and the play step, where every city holding a card
// plays or discards it; the view, map, help, wait, journal and --json of a
// Castle camp.
func TestCLICastle(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: castleCities, Seed: 11})
	env := func(camp int32) []string {
		return []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + w.Tokens[camp], "NO_COLOR="}
	}
	view := func(camp int32) *pb.CampView {
		t.Helper()
		code, stdout, stderr := cliRun(t, bin, env(camp), "view", "--json")
		if code != 0 {
			t.Fatalf("cli view --json of city %d: exit %d, stderr %q", camp, code, stderr)
		}
		var v pb.CampView
		if err := protojson.Unmarshal([]byte(stdout), &v); err != nil || v.GetCastle() == nil {
			t.Fatalf("cli view --json of city %d: %v, castle detail %v:\n%s", camp, err, v.GetCastle(), stdout)
		}
		return &v
	}
	// run runs the cli for camp and checks its exit code and that its
	// stdout (stderr on a failure) contains every one of want.
	run := func(camp int32, wantCode int, args []string, want ...string) string {
		t.Helper()
		code, stdout, stderr := cliRun(t, bin, env(camp), args...)
		out := stdout
		if wantCode != 0 {
			out = stderr
		}
		if code != wantCode {
			t.Fatalf("cli %v (city %d): exit %d; want %d (stdout %q, stderr %q)", args, camp, code, wantCode, stdout, stderr)
		}
		for _, s := range want {
			if !strings.Contains(out, s) {
				t.Errorf("cli %v (city %d): got:\n%s\nwant it to contain %q", args, camp, out, s)
			}
		}
		return out
	}

	v0 := view(0)
	cur := v0.GetCastle().GetCurrent()
	other := (cur + 1) % castleCities
	name := v0.GetCastle().GetCities()[cur].GetName()

	// Turn 1, the current city's convert step.
	run(cur, 0, []string{"view"}, fmt.Sprintf("World %d (castle), camp %d %q (human). Day 0 of 24; orders are for day 1.", w.ID, cur, name),
		fmt.Sprintf("Turn 1: city %d %s's convert step; it rolled ", cur, name), "You act in this step", "Cities (gauges 0-10):",
		"civilians", "you, current", "Your hand: none.", "Deck: 27 cards. Discard pile (0): none.", "Rules: gauges start at 5.",
		"  1. default - default: pass", "  2. pass", "convert", "cost: gold 1, civilians 1")
	run(other, 0, []string{"view"}, "You wait in this step: your order is not needed", "  1. default - default: wait")
	run(cur, 0, []string{"map"}, `No map: the "castle" ruleset's view has no hex map.`)
	run(cur, 0, []string{"help"}, "cli draft 2 1 3", fmt.Sprintf("Your camp: world %d (castle), camp %d %q.", w.ID, cur, name), "  3. convert")
	run(other, 1, []string{"convert"}, "reason: not_allowed", fmt.Sprintf("it is city %d's convert step", cur))
	run(cur, 1, []string{"fly"}, "reason: unknown_action", "default, pass, convert")
	run(cur, 0, []string{"convert", "--reason", "une armée"}, "Order accepted for day 1: convert (reason: une armée)")
	// The day resolves as soon as the only city that decides has posted.
	run(cur, 0, []string{"wait", "--after", "0"}, "Day 1 resolved", "Your order for day 1: convert (reason: une armée) - applied.")

	// Its draft step: the cards it drew, by slot.
	v := view(cur)
	drawn := v.GetCastle().GetDrawn()
	if v.GetCastle().GetStep() != "draft" || len(drawn) != castleCities {
		t.Fatalf("got step %q and drawn %v; want the draft step with %d cards", v.GetCastle().GetStep(), drawn, castleCities)
	}
	run(cur, 0, []string{"view"}, "draft step", fmt.Sprintf("You drew (by slot): 1 %s, 2 %s, 3 %s.", drawn[0], drawn[1], drawn[2]),
		"  2. draft KEEP TO_CITY_", "KEEP: one of 1-3")
	run(other, 0, []string{"view"}, "Your hand: none.")
	if out := run(other, 0, []string{"view"}); strings.Contains(out, "You drew") {
		t.Errorf("got another city's drawn cards in a waiting city's view:\n%s", out)
	}
	run(cur, 1, []string{"draft", "1", "1", "2"}, "reason: bad_arguments", "given twice")
	run(cur, 0, []string{"draft", "2", "1", "3"}, "Order accepted for day 2: draft 2 1 3")
	run(cur, 0, []string{"wait", "--after", "1"}, "Day 2 resolved", "Your order for day 2: draft 2 1 3 - applied.")
	run(cur, 0, []string{"journal", "--since", "2"}, "day 2 [draft]", "why: kept "+drawn[1])

	// The play step: every city holds a card; each plays or discards it.
	v = view(cur)
	if v.GetCastle().GetHand() != drawn[1] || !v.GetCastle().GetActs() {
		t.Fatalf("got hand %q (acts %v); want %q, the card kept", v.GetCastle().GetHand(), v.GetCastle().GetActs(), drawn[1])
	}
	run(cur, 0, []string{"view"}, "Your hand: "+drawn[1]+".", "play step", "  2. play")
	play := append([]string{"play"}, menuArgs(legal(v, "play"))...)
	run(cur, 0, append(play, "--reason", "ma carte"), "Order accepted for day 3: "+strings.Join(play, " "))
	for c := range int32(castleCities) {
		if c == cur {
			continue
		}
		order := "default"
		if legal(view(c), "discard") != nil && c == other {
			order = "discard"
		}
		run(c, 0, []string{order}, "Order accepted for day 3: "+order)
	}
	run(cur, 0, []string{"wait", "--after", "2"}, "Day 3 resolved", "Your order for day 3: "+strings.Join(play, " ")+" (reason: ma carte) - applied.")
	run(cur, 0, []string{"view"}, "Turn 2: city ", "Your hand: none.", "Discard pile (")
	if v := view(cur); v.GetCastle().GetTurn() != 2 || v.GetDay() != 3 {
		t.Errorf("got turn %d day %d; want turn 2 on day 3", v.GetCastle().GetTurn(), v.GetDay())
	}

	t.Run("json", func(t *testing.T) {
		code, stdout, stderr := cliRun(t, bin, env(cur), "journal", "--json")
		var j pb.GetJournalResponse
		if code != 0 || protojson.Unmarshal([]byte(stdout), &j) != nil || len(j.GetEntries()) == 0 {
			t.Errorf("got exit %d, stderr %q, journal:\n%s\nwant the journal as protojson", code, stderr, stdout)
		}
	})
}
