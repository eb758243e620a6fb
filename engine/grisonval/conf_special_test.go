package grisonval_test

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/grisonval/server/engine/grisonval"
)

// The special terrain's conformance lines (rules TER-*):
//
//	setup:
//	  special Z KIND        zone Z bears KIND (resource, landmark, lair, ruin, river, none)
//	  survey CAMP Z         camp CAMP has surveyed zone Z (it knows what Z bears)
//	expect:
//	  special Z KIND        zone Z bears KIND
//	  knows CAMP Z KIND     camp CAMP has surveyed zone Z and found KIND there (none:
//	                        nothing), or has not surveyed it (unknown)
//	  specialstats CAMP economy=N loyalty=N stability=N
//	                        the part of CAMP's kingdom stats its special terrain gives
//	  defence Z N           zone Z's defence (BAT-2)
//	  buildprice CAMP ACTION Z food=N wood=N ...
//	                        the menu of the next day offers ACTION on Z at that price
func init() {
	setupKinds["special"] = setupSpecial
	setupKinds["survey"] = setupSurvey
	expectKinds["special"] = expectSpecial
	expectKinds["knows"] = expectKnows
	expectKinds["specialstats"] = expectStatsOf((*grisonval.World).SpecialStats)
	expectKinds["defence"] = expectDefence
	expectKinds["buildprice"] = expectBuildPrice
}

// specialKind reads a special terrain's name; "none" is 0.
func specialKind(s string) (grisonval.Special, error) {
	for k := grisonval.Special(0); k <= grisonval.River; k++ {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown special terrain %q", s)
}

// campZone reads "CAMP ZONE" from f[1:3].
func campZone(f []string) (grisonval.CampID, grisonval.ZoneID, error) {
	if len(f) < 3 {
		return 0, 0, fmt.Errorf("want %s CAMP ZONE ...", f[0])
	}
	c, err := strconv.Atoi(f[1])
	if err != nil || c < 0 || c >= grisonval.NumCamps {
		return 0, 0, fmt.Errorf("bad camp %q", f[1])
	}
	z, err := zoneArg(f[2])
	return grisonval.CampID(c), z, err
}

func setupSpecial(w *grisonval.World, f []string) error {
	if len(f) != 3 {
		return fmt.Errorf("want special ZONE KIND")
	}
	z, err := zoneArg(f[1])
	if err != nil {
		return err
	}
	k, err := specialKind(f[2])
	w.Zone(z).Special = k
	return err
}

func setupSurvey(w *grisonval.World, f []string) error {
	c, z, err := campZone(f)
	if err != nil {
		return err
	}
	m := &w.Camps[c].Memory[z]
	m.Surveyed, m.Special = true, w.Zone(z).Special
	return nil
}

func expectSpecial(out grisonval.Outcome, f []string) error {
	if len(f) != 3 {
		return fmt.Errorf("want special ZONE KIND")
	}
	z, err := zoneArg(f[1])
	if err != nil {
		return err
	}
	k, err := specialKind(f[2])
	if err != nil {
		return err
	}
	if got := out.World.Zone(z).Special; got != k {
		return fmt.Errorf("zone %d special: got %v; want %v", z, got, k)
	}
	return nil
}

func expectKnows(out grisonval.Outcome, f []string) error {
	c, z, err := campZone(f)
	if err != nil || len(f) != 4 {
		return fmt.Errorf("want knows CAMP ZONE KIND|none|unknown: %v", err)
	}
	m := out.World.Camps[c].Memory[z]
	got := "unknown"
	if m.Surveyed {
		got = m.Special.String()
	}
	if got != f[3] {
		return fmt.Errorf("camp %d knows of zone %d: got %s; want %s", c, z, got, f[3])
	}
	// The view shows exactly what the memory holds (TER-PRIVATE).
	if zv := grisonval.View(out.World, c).Zones[z]; zv.Surveyed != m.Surveyed || zv.Special != m.Special {
		return fmt.Errorf("camp %d's view of zone %d: surveyed %v special %v; memory %v %v", c, z, zv.Surveyed, zv.Special, m.Surveyed, m.Special)
	}
	return nil
}

func expectDefence(out grisonval.Outcome, f []string) error {
	if len(f) != 3 {
		return fmt.Errorf("want defence ZONE N")
	}
	z, err := zoneArg(f[1])
	if err != nil {
		return err
	}
	v, err := strconv.Atoi(f[2])
	if err != nil {
		return err
	}
	if got := out.World.Defence(z); got != v {
		return fmt.Errorf("zone %d defence: got %d; want %d", z, got, v)
	}
	return nil
}

func expectBuildPrice(out grisonval.Outcome, f []string) error {
	if len(f) < 4 {
		return fmt.Errorf("want buildprice CAMP ACTION ZONE resource=N...")
	}
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	a, ok := grisonval.ParseAction(f[2])
	if !ok {
		return fmt.Errorf("unknown action %q", f[2])
	}
	z, err := zoneArg(f[3])
	if err != nil {
		return err
	}
	pairs, err := kv(f[4:])
	if err != nil {
		return err
	}
	var want grisonval.Resources
	for _, p := range pairs {
		v, err := strconv.ParseInt(p[1], 10, 64)
		i := slices.Index(grisonval.ResourceNames[:], p[0])
		if err != nil || i < 0 {
			return fmt.Errorf("bad price %s=%s", p[0], p[1])
		}
		*[]*int64{&want.Food, &want.Wood, &want.Stone, &want.Tools, &want.Gold, &want.Research}[i] = v
	}
	for _, la := range grisonval.LegalActions(out.World, grisonval.CampID(c)) {
		if la.Action != a {
			continue
		}
		if !slices.Contains(la.Args[0].Choices, int(z)) {
			return fmt.Errorf("%s offers zones %v, not %d", a, la.Args[0].Choices, z)
		}
		got := la.Price.Cost
		if i := slices.IndexFunc(la.Choices, func(p grisonval.ChoicePrice) bool { return p.Value == int(z) }); i >= 0 {
			got = la.Choices[i].Cost
		}
		if got != want {
			return fmt.Errorf("%s %d costs %v; want %v", a, z, got, want)
		}
		return nil
	}
	return fmt.Errorf("camp %d cannot order %s", c, a)
}
