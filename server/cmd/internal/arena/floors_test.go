package arena

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grisonval/server/game"
	gcastle "github.com/grisonval/server/game/castle"
	"github.com/grisonval/server/lang"
)

// TestRandomLegalDraft: the random floor's Castle draft gives each card
// drawn once (CAS-DRAFT), so that the rules accept every one it draws,
// and it draws every way of dealing the cards: a uniform draft, not one
// the server refuses and replaces by the default, as drawing each card
// independently did (4 drafts in 5 refused in a game of three cities).
func TestRandomLegalDraft(t *testing.T) {
	var rs gcastle.Ruleset
	s, err := rs.Setup(game.Setup{Seed: 5, Camps: 3})
	if err != nil {
		t.Fatal(err)
	}
	s = rs.Resolve(s, make([]game.Order, 3)).State // the convert step, by default
	cur := gcastle.Of(s).Current
	v := rs.View(s, cur, lang.EN)
	if v.GetCastle().GetStep() != "draft" {
		t.Fatalf("step %q; want the draft", v.GetCastle().GetStep())
	}
	deals := map[string]int{}
	for key := range uint64(600) {
		o := randomLegal(v, key)
		if o.GetAction() != "draft" {
			continue
		}
		g := game.Order{Action: o.GetAction()}
		for _, a := range o.GetArgs() {
			g.Args = append(g.Args, int(a))
		}
		if re := rs.Validate(s, cur, g); re != nil {
			t.Fatalf("key %d: draft %v refused: %s", key, o.GetArgs(), re.Message)
		}
		deals[fmt.Sprint(o.GetArgs())]++
	}
	// Three cards dealt to three cities: 3! = 6 deals, each drawn about
	// 50 times of the 300 drafts (the other half of the draws is the
	// default).
	if len(deals) != 6 {
		t.Errorf("deals drawn: %v; want the 6 of three cards", deals)
	}
	for d, n := range deals {
		if n < 20 {
			t.Errorf("deal %s drawn %d times of %d; want about a sixth", d, n, 600/2)
		}
	}
}

// TestDefaultAnchor: a spec that names no anchor is anchored on the
// random floor, else the rest floor, else its first entrant; one that
// names it, on it.
func TestDefaultAnchor(t *testing.T) {
	s := botSpec("anchor") // growth, prudent, random, rest
	s.Anchor = ""
	if got := s.Entrants[s.anchor()].ID; got != "random" {
		t.Errorf("anchor %q; want the random floor", got)
	}
	s.Entrants = slices.DeleteFunc(s.Entrants, func(e Entrant) bool { return e.Kind == KindRandom })
	if got := s.Entrants[s.anchor()].ID; got != "rest" {
		t.Errorf("without a random floor: anchor %q; want the rest floor", got)
	}
	s.Entrants = s.Entrants[:2]
	if got := s.Entrants[s.anchor()].ID; got != "growth" {
		t.Errorf("without floors: anchor %q; want the first entrant", got)
	}
	s.Anchor = "prudent"
	if got := s.Entrants[s.anchor()].ID; got != "prudent" {
		t.Errorf("anchor %q; want the spec's", got)
	}
}
