package grisonval_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/lang"
)

// foreign are, for each language, words of the other that never appear in
// a text of this one: a text that holds one was not translated.
var foreign = map[lang.Lang][]string{
	lang.EN: {" le ", " la ", " les ", " des ", " du ", " une ", " dans ", " et ", " jour ", " zone tenue"},
	lang.FR: {" the ", " and ", " with ", " day ", " held zone", " your "},
}

// checkText fails the test unless x is written in both languages (or in
// neither, when empty is allowed), each without the other's words.
func checkText(t *testing.T, what string, x lang.Text, empty bool) {
	t.Helper()
	if x.IsZero() && empty {
		return
	}
	if x.EN == "" || x.FR == "" {
		t.Errorf("%s: %+v; want both languages", what, x)
		return
	}
	for l, words := range foreign {
		text := x.In(l)
		for _, m := range words {
			if strings.Contains(" "+text+" ", m) {
				t.Errorf("%s: the %s text %q holds %q", what, l, text, m)
			}
		}
	}
}

// TestTextsInBothLanguages checks rule LANG-1 (DESIGN decision 8): over
// 100 days of legal play on three seeds, every journal entry's narration
// and why, every menu summary, title and name a view shows, and every
// refusal of a random order are written in English and in French, neither
// holding the other's words.
func TestTextsInBothLanguages(t *testing.T) {
	kinds, refusals := map[string]bool{}, map[grisonval.Code]int{}
	for _, seed := range []uint64{1, 7, 42} {
		w := grisonval.NewWorld(seed)
		outs := playRandom(t, w, 100)
		for _, out := range outs {
			for _, e := range out.Journal {
				kinds[e.Kind] = true
				checkText(t, "narration of "+e.Kind, e.Narration, false)
				checkText(t, "why of "+e.Kind, e.Why, true)
			}
		}
		last := outs[len(outs)-1].World
		for c := range grisonval.CampID(grisonval.NumCamps) {
			v := grisonval.View(last, c)
			for _, la := range v.Legal {
				checkText(t, "summary of "+la.Action.String(), la.Summary, false)
			}
			for _, a := range v.Achievements {
				checkText(t, "achievement "+a.Code, a.Name, false)
			}
			for _, n := range v.Notables {
				checkText(t, "title of "+n.Name, n.Title, true)
			}
			checkText(t, "prestige title", v.Title, true)
			// Every refusal of a random order, arguments drawn wide.
			r := grisonval.NewRand(seed, last.Day, int(c), 77)
			for range 300 {
				a := grisonval.Actions()[r.Intn(len(grisonval.Actions()))]
				o := grisonval.Order{Action: a}
				for range r.Intn(3) {
					o.Args = append(o.Args, r.Intn(70)-3)
				}
				var re *grisonval.RuleError
				if err := grisonval.Validate(last, c, o); errors.As(err, &re) {
					refusals[re.Code]++
					checkText(t, "refusal of "+o.String(), re.Message, false)
				}
			}
		}
	}
	for i := 1; i <= grisonval.NumTechs; i++ {
		checkText(t, "tier name", grisonval.Techs[i].Name, false)
		checkText(t, "tier effect", grisonval.Techs[i].Effect, false)
	}
	for g := 1; g <= grisonval.NumGovernments; g++ {
		checkText(t, "government", grisonval.Governments[g].Name, false)
		checkText(t, "government effect", grisonval.Governments[g].Effect, false)
	}
	if len(refusals) < 4 {
		t.Errorf("refusals met by code: %v; want every kind of refusal", refusals)
	}
	if len(kinds) < 15 {
		t.Errorf("only %d kinds of journal entries in 300 days: %v", len(kinds), kinds)
	}
}
