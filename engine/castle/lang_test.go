package castle

import (
	"strings"
	"testing"

	"github.com/grisonval/server/engine/rng"
	"github.com/grisonval/server/lang"
)

// TestTextsInBothLanguages checks rule LANG-1 on the Castle: over whole
// games of random legal orders, every journal entry's narration and why,
// every menu summary and every refusal of a random order are written in
// English and in French.
func TestTextsInBothLanguages(t *testing.T) {
	check := func(what string, x lang.Text, empty bool) {
		t.Helper()
		if x.IsZero() && empty {
			return
		}
		if x.EN == "" || x.FR == "" {
			t.Errorf("%s: %+v; want both languages", what, x)
		}
		for _, w := range []string{" la ", " le ", " vous ", " cité "} {
			if strings.Contains(" "+x.EN+" ", w) {
				t.Errorf("%s: the English %q holds %q", what, x.EN, w)
			}
		}
		for _, w := range []string{" the ", " your ", " of "} {
			if strings.Contains(" "+x.FR+" ", w) {
				t.Errorf("%s: the French %q holds %q", what, x.FR, w)
			}
		}
	}
	kinds := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := Setup(seed, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed, 0, 0, 99)
		for day := 0; day < 400 && !s.Over(); day++ {
			orders := make([]Order, len(s.Cities))
			for c := range s.Cities {
				legal := LegalActions(s, c)
				for _, la := range legal {
					check("summary of "+la.Action.String(), la.Summary, false)
				}
				bad := Order{Action: Action(1 + r.Intn(int(DiscardCard)+1)), Args: []int{r.Intn(12) - 2}}
				if re := Validate(s, c, bad); re != nil {
					check("refusal of "+bad.Action.String(), re.Message, false)
				}
				if len(legal) == 0 {
					continue
				}
				la := legal[r.Intn(len(legal))]
				o := Order{Action: la.Action}
				for _, a := range la.Args {
					if len(a.Choices) > 0 {
						o.Args = append(o.Args, a.Choices[r.Intn(len(a.Choices))])
					} else {
						o.Args = append(o.Args, a.Min+r.Intn(a.Max-a.Min+1))
					}
				}
				orders[c] = o
			}
			out := Resolve(s, orders)
			for _, e := range out.Journal {
				kinds[e.Kind] = true
				check("narration of "+e.Kind, e.Narration, false)
				check("why of "+e.Kind, e.Why, true)
			}
			s = out.State
		}
	}
	if len(kinds) < 12 {
		t.Errorf("only %d kinds of entries: %v", len(kinds), kinds)
	}
}
