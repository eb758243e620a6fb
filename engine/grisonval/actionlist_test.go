package grisonval_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestActionList covers ACT-LIST: docs/rules.md lists the 31 actions in the
// order the engine declares them, and every action the engine plays is
// listed with the number of arguments its legal menu gives.
func TestActionList(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)<!-- actions:begin -->(.*)<!-- actions:end -->`).FindSubmatch(doc)
	if block == nil {
		t.Fatal("docs/rules.md has no actions block")
	}
	row := regexp.MustCompile("(?m)^\\| (\\d+) \\| `([a-z_]+)` \\|([^|]*)\\|")
	rows := row.FindAllStringSubmatch(string(block[1]), -1)
	if len(rows) != 31 {
		t.Fatalf("the list has %d actions; want 31", len(rows))
	}
	args := map[string]int{}
	for i, r := range rows {
		a := grisonval.Action(i + 1)
		if a.String() != r[2] {
			t.Errorf("action %d is %q in the docs and %q in the engine", i+1, r[2], a)
		}
		if s := strings.TrimSpace(r[3]); s != "" {
			args[r[2]] = len(strings.Split(s, ","))
		}
	}
	// Every action the engine plays is in the list, with its arity, checked
	// against the legal menus of a few worlds where it is open.
	w := grisonval.NewWorld(1)
	outs := playRandom(t, grisonval.NewWorld(2), 80)
	for _, world := range []*grisonval.World{w, outs[len(outs)-1].World} {
		for c := range grisonval.CampID(grisonval.NumCamps) {
			for _, la := range grisonval.LegalActions(world, c) {
				if got, want := len(la.Args), args[la.Action.String()]; got != want {
					t.Errorf("%s takes %d argument(s) in the engine, %d in the docs", la.Action, got, want)
				}
			}
		}
	}
}
