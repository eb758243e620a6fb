package grisonval_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grisonval/server/engine/grisonval"
)

// Conformance lines of cut-off land (docs/rules.md "Cut-off land"):
//
//	setup:  cutoff CAMP [spell=D] [zone=Z@D]...
//	expect: cutoff CAMP [zones=Z@D,...|-] [spell=D] [unrest=N] [live=Z,...|-]
//
// In setup, spell is the first day of the camp's spell of cut-off land and
// each zone=Z@D a zone recorded as cut off since day D. In expect, zones are
// the zones recorded tonight with their day, spell the spell's first day (0:
// none), unrest the unrest cut-off land costs (CUT-3) and live the zones
// World.CutOff finds cut off ("-" for none).
func init() {
	setupKinds["cutoff"] = setupCutoff
	expectKinds["cutoff"] = expectCutoff
}

func setupCutoff(w *grisonval.World, f []string) error {
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	pairs, err := kv(f[2:])
	if err != nil {
		return err
	}
	camp := &w.Camps[c]
	for _, p := range pairs {
		switch p[0] {
		case "spell":
			if camp.CutOffSince, err = strconv.Atoi(p[1]); err != nil {
				return err
			}
		case "zone":
			cz, err := cutZoneArg(p[1])
			if err != nil {
				return err
			}
			camp.CutZones = append(camp.CutZones, cz)
			slices.SortFunc(camp.CutZones, func(a, b grisonval.CutZone) int { return int(a.Zone) - int(b.Zone) })
		default:
			return fmt.Errorf("unknown cutoff field %q", p[0])
		}
	}
	return nil
}

// cutZoneArg reads "Z@D".
func cutZoneArg(s string) (grisonval.CutZone, error) {
	zs, ds, ok := strings.Cut(s, "@")
	if !ok {
		return grisonval.CutZone{}, fmt.Errorf("want ZONE@DAY, got %q", s)
	}
	z, err := zoneArg(zs)
	if err != nil {
		return grisonval.CutZone{}, err
	}
	d, err := strconv.Atoi(ds)
	if err != nil {
		return grisonval.CutZone{}, fmt.Errorf("bad day in %q", s)
	}
	return grisonval.CutZone{Zone: z, Since: d}, nil
}

func expectCutoff(out grisonval.Outcome, f []string) error {
	w := out.World
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	pairs, err := kv(f[2:])
	if err != nil {
		return err
	}
	camp := w.Camps[c]
	for _, p := range pairs {
		var got, want string
		switch p[0] {
		case "zones":
			var zs []string
			for _, cz := range camp.CutZones {
				zs = append(zs, fmt.Sprintf("%d@%d", cz.Zone, cz.Since))
			}
			got, want = listOrDash(zs), p[1]
		case "live":
			var zs []string
			for z, cut := range w.CutOff(grisonval.CampID(c)) {
				if cut {
					zs = append(zs, strconv.Itoa(z))
				}
			}
			got, want = listOrDash(zs), p[1]
		case "spell":
			got, want = strconv.Itoa(camp.CutOffSince), p[1]
		case "unrest":
			got, want = strconv.Itoa(w.CutOffUnrest(grisonval.CampID(c))), p[1]
		default:
			return fmt.Errorf("unknown cutoff field %q", p[0])
		}
		if got != want {
			return fmt.Errorf("camp %d cutoff %s: got %s; want %s", c, p[0], got, want)
		}
	}
	return nil
}

func listOrDash(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ",")
}
