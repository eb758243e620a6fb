package grisonval_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestMenCounted: the journal counts men in the singular or the plural as
// each language wants it ("1 man", "2 men"; "1 homme", "2 hommes"), never
// "man (men)".
func TestMenCounted(t *testing.T) {
	for _, tt := range []struct {
		men    int
		en, fr string
	}{{1, "1 man in garrison", "1 homme en garnison"}, {2, "2 men in garrison", "2 hommes en garnison"}} {
		w := grisonval.NewSeasonWorld(1, grisonval.CurrentRules, 1)
		for _, l := range []string{"zone 19 owner=-1 garrison=0", fmt.Sprintf("column camp=1 men=%d to=19", tt.men)} {
			if err := applySetup(w, strings.Fields(l)); err != nil {
				t.Fatal(err)
			}
		}
		out := grisonval.Resolve(w, [grisonval.NumCamps]grisonval.Order{})
		found := false
		for _, e := range out.Journal {
			if e.Camp == 1 && e.Kind == "zone_taken" {
				found = true
				if !strings.Contains(e.Why.EN, tt.en) || !strings.Contains(e.Why.FR, tt.fr) {
					t.Errorf("%d men: why %q, %q; want %q, %q", tt.men, e.Why.EN, e.Why.FR, tt.en, tt.fr)
				}
			}
		}
		if !found {
			t.Errorf("%d men: no zone_taken in camp 1's journal: %+v", tt.men, out.Journal)
		}
	}
}
