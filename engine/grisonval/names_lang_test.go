package grisonval

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
)

// TestCodesNamedAsTheEngine: the display names of lang.Name (the text
// views' and the pages') are the engine's own for governments, jobs and
// ongoing events, and every archetype and building code has one, in both
// languages (a building's is the engine's without its article).
func TestCodesNamedAsTheEngine(t *testing.T) {
	check := func(code string, en, fr string) {
		t.Helper()
		if got := lang.EN.Name(code); got != en {
			t.Errorf("%s in English: %q; want %q", code, got, en)
		}
		if got := lang.FR.Name(code); got != fr {
			t.Errorf("%s in French: %q; want %q", code, got, fr)
		}
	}
	for g := Government(1); int(g) <= NumGovernments; g++ {
		check(Governments[g].Code, Governments[g].Name.EN, Governments[g].Name.FR)
	}
	for j := Job(1); int(j) <= NumJobs; j++ {
		check(j.String(), lang.EN.Name(j.String()), jobNamesFR[j][0])
	}
	for code, spec := range ongoingKinds {
		check(code, spec.name.EN, spec.name.FR)
	}
	for _, code := range archetypeNames {
		if code != "" && lang.FR.Name(code) == code {
			t.Errorf("archetype %s has no French name", code)
		}
	}
	for b := BuildingKind(1); int(b) <= NumBuildingKinds; b++ {
		// The engine's names carry their article: "une ferme", "barracks".
		code, name := b.String(), Buildings[b].Name
		if en, fr := lang.EN.Name(code), lang.FR.Name(code); !strings.HasSuffix(name.EN, en) || !strings.HasSuffix(name.FR, fr) {
			t.Errorf("building %s named %q, %q; want the end of the engine's %q, %q", code, en, fr, name.EN, name.FR)
		}
	}
}
