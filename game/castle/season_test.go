package castle_test

import (
	"testing"

	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/castle"
	"github.com/grisonval/server/lang"
)

// TestCastleFeatOrders checks FEAT-AUTHOR for the Castle: every feat of a
// day, and an intervention rolled for it, stems from that day's order.
func TestCastleFeatOrders(t *testing.T) {
	before, err := engine.Setup(1, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	after := before.Clone()
	for day := 1; day <= 300; day++ {
		before.Day, after.Day = day-1, day
		journal := [][]game.Entry{{{Day: day, Kind: "draft"}, {Day: day, Kind: "pass"}}, nil, nil}
		feats, err := game.FeatsOf(castle.Ruleset{}.Season(3), 1, 1).Day(game.Day{Before: castle.StateOf(before), After: castle.StateOf(after), Journal: journal})
		if err != nil {
			t.Fatal(err)
		}
		if len(feats[0]) < 2 {
			t.Fatalf("day %d: got %+v; want intelligence and a recovery", day, feats[0])
		}
		for _, f := range feats[0] {
			if f.Order != day {
				t.Errorf("day %d: %s stems from the order of day %d; want %d", day, f.Kind, f.Order, day)
			}
		}
		if feats[0][0].Roll.Intervention() && feats[0][1].Kind != career.InterventionTriggered {
			t.Errorf("day %d: %s rolled; got %+v; want an intervention after the feat", day, feats[0][0].Roll, feats[0])
		}
	}
}

// TestPackageGives: each package says the gauge it raises by one (rule
// CAS-PKG), in both languages.
func TestPackageGives(t *testing.T) {
	se := castle.Ruleset{}.Season(4)
	for name, want := range map[string][2]string{"granary": {"+1 wheat", "+1 blé"}, "levy": {"+1 army", "+1 armée"}, "scholars": {"+1 health", "+1 santé"}} {
		p, _ := career.ParsePackage(name)
		got := game.PackageGivesOf(se, p)
		if got.In(lang.EN) != want[0] || got.In(lang.FR) != want[1] {
			t.Errorf("%s gives %v; want %v", name, got, want)
		}
	}
}
