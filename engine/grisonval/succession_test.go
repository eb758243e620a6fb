package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestSuccession covers SUC-1 across ticks: a capital taken at a decisive
// assault leaves its camp without a capital for that day; the next tick
// names the zone with the most buildings.
func TestSuccession(t *testing.T) {
	if grisonval.CentreZone != 46 {
		t.Fatalf("centre zone %d; want 46", grisonval.CentreZone)
	}
	w := mustWorld(1, nil)
	w.Zone(capitalOf(0)).Garrison = 0
	for _, z := range []grisonval.ZoneID{19, 20} {
		w.Zone(z).Owner, w.Zone(z).Garrison = 0, 1
	}
	w.Zone(20).Buildings = []grisonval.BuildingKind{grisonval.Mine}
	w.Sieges = []grisonval.Siege{{Zone: capitalOf(0), Camp: 1, Men: 20, Assault: 1}}
	out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
	if w = out.World; w.Zone(capitalOf(0)).Owner != 1 || w.Capital(0) != 0 {
		t.Fatalf("day 1: capital zone owner %d, camp 0 capital %d; want taken, none", w.Zone(capitalOf(0)).Owner, w.Capital(0))
	}
	out = grisonval.Resolve(w, orders(rest(), rest(), rest()))
	if got := out.World.Capital(0); got != 20 {
		t.Errorf("day 2: camp 0 capital %d; want 20 (one building)", got)
	}
	if !hasEntry(out.Journal, 0, "capital_named") || !hasEntry(out.Journal, 1, "capital_named") || hasEntry(out.Journal, 2, "capital_named") {
		t.Error("FOG-2 the succession reached the wrong camps: want camp 0 and camp 1 (which sees zone 20), not camp 2")
	}
}
