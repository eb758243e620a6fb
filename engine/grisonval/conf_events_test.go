package grisonval_test

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/grisonval/server/engine/grisonval"
)

// The conformance lines of the kingdom events (rules EVK-*, docs/rules.md
// "Kingdom events"):
//
//	setup:
//	  ongoing CAMP KIND since=D [zone=Z]   an ongoing event (EVK-ONGOING)
//	  seats CAMP SEAT=ID...                the council: these seats held by
//	                                       these citizens, every other vacant
//	  building Z KIND                      one more building in zone Z
//	expect:
//	  ongoing CAMP KIND [since=D] [zone=Z] the event is ongoing, as told
//	  noongoing CAMP KIND                  it is not
//	  seat CAMP SEAT=ID                    the seat's holder (0: vacant)
//	  citizen CAMP ID alive=0|1            the citizen lives or died
//	  buildings Z N                        zone Z has N buildings
//
// A case that expects an event's journal entry (a continuing event it set
// up) is not stopped by it (conformance_test.go run).
func init() {
	registerKind(setupKinds, "ongoing", setupOngoing)
	registerKind(setupKinds, "seats", setupSeats)
	registerKind(setupKinds, "building", setupBuilding)
	registerKind(expectKinds, "ongoing", expectOngoing)
	registerKind(expectKinds, "noongoing", expectOngoing)
	registerKind(expectKinds, "citizen", expectCitizen)
	registerKind(expectKinds, "buildings", expectBuildings)
}

// registerKind adds a line kind to m; two parts of the rules must not
// claim one kind.
func registerKind[F any](m map[string]F, kind string, f F) {
	if _, ok := m[kind]; ok {
		panic("conformance line kind " + kind + " registered twice")
	}
	m[kind] = f
}

// ongoingLine reads "ongoing CAMP KIND key=value...".
func ongoingLine(f []string) (grisonval.CampID, grisonval.Ongoing, [][2]string, error) {
	if len(f) < 3 {
		return 0, grisonval.Ongoing{}, nil, fmt.Errorf("want %s CAMP KIND field=value...", f[0])
	}
	c, err := campArg(f[1])
	if err != nil {
		return 0, grisonval.Ongoing{}, nil, err
	}
	if !slices.ContainsFunc(grisonval.Events[:], func(e grisonval.EventSpec) bool { return e.Kind == f[2] }) {
		return 0, grisonval.Ongoing{}, nil, fmt.Errorf("unknown event %q", f[2])
	}
	pairs, err := kv(f[3:])
	return c, grisonval.Ongoing{Kind: f[2]}, pairs, err
}

func setupOngoing(w *grisonval.World, f []string) error {
	c, o, pairs, err := ongoingLine(f)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		switch p[0] {
		case "since":
			if o.Since, err = strconv.Atoi(p[1]); err != nil {
				return err
			}
		case "zone":
			if o.Zone, err = zoneArg(p[1]); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown ongoing field %q", p[0])
		}
	}
	w.Camps[c].Ongoing = append(w.Camps[c].Ongoing, o)
	return nil
}

func expectOngoing(out grisonval.Outcome, f []string) error {
	c, want, pairs, err := ongoingLine(f)
	if err != nil {
		return err
	}
	os := out.World.Camps[c].Ongoing
	i := slices.IndexFunc(os, func(o grisonval.Ongoing) bool { return o.Kind == want.Kind })
	if f[0] == "noongoing" {
		if i >= 0 {
			return fmt.Errorf("camp %d: %+v is ongoing", c, os[i])
		}
		return nil
	}
	if i < 0 {
		return fmt.Errorf("camp %d: no %s among %+v", c, want.Kind, os)
	}
	for _, p := range pairs {
		v, err := atoi(p[1])
		if p[0] == "zone" {
			var z grisonval.ZoneID
			z, err = zoneArg(p[1])
			v = int(z)
		}
		if err != nil {
			return err
		}
		got := map[string]int{"since": os[i].Since, "zone": int(os[i].Zone)}
		g, ok := got[p[0]]
		if !ok {
			return fmt.Errorf("unknown ongoing field %q", p[0])
		}
		if g != v {
			return fmt.Errorf("camp %d %s %s: got %d; want %d", c, want.Kind, p[0], g, v)
		}
	}
	return nil
}

// seatArg reads a seat's name.
func seatArg(s string) (grisonval.SeatKind, error) {
	for k := grisonval.SeatKind(1); int(k) <= grisonval.NumSeats; k++ {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown seat %q", s)
}

func setupSeats(w *grisonval.World, f []string) error {
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	pairs, err := kv(f[2:])
	if err != nil {
		return err
	}
	w.Camps[c].Council = [grisonval.NumSeats]grisonval.Seat{}
	for _, p := range pairs {
		s, err := seatArg(p[0])
		if err != nil {
			return err
		}
		id, err := strconv.Atoi(p[1])
		if err != nil {
			return err
		}
		w.Camps[c].Council[s-1] = grisonval.Seat{Citizen: int32(id)}
	}
	return nil
}

func expectCitizen(out grisonval.Outcome, f []string) error {
	if len(f) != 4 {
		return fmt.Errorf("want citizen CAMP ID alive=0|1")
	}
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	id, err := strconv.Atoi(f[2])
	if err != nil {
		return err
	}
	pairs, err := kv(f[3:])
	if err != nil || pairs[0][0] != "alive" {
		return fmt.Errorf("want citizen CAMP ID alive=0|1")
	}
	alive := slices.ContainsFunc(out.World.Camps[c].Citizens, func(p grisonval.Citizen) bool { return int(p.ID) == id })
	if want := pairs[0][1] == "1"; alive != want {
		return fmt.Errorf("camp %d citizen %d alive: %v; want %v", c, id, alive, want)
	}
	return nil
}

// buildingArg reads a building kind's name.
func buildingArg(s string) (grisonval.BuildingKind, error) {
	for b := grisonval.BuildingKind(1); int(b) <= grisonval.NumBuildingKinds; b++ {
		if b.String() == s {
			return b, nil
		}
	}
	return 0, fmt.Errorf("unknown building %q", s)
}

func setupBuilding(w *grisonval.World, f []string) error {
	if len(f) != 3 {
		return fmt.Errorf("want building ZONE KIND")
	}
	z, err := zoneArg(f[1])
	if err != nil {
		return err
	}
	b, err := buildingArg(f[2])
	if err != nil {
		return err
	}
	w.Zone(z).Buildings = append(w.Zone(z).Buildings, b)
	return nil
}

func expectBuildings(out grisonval.Outcome, f []string) error {
	if len(f) != 3 {
		return fmt.Errorf("want buildings ZONE N")
	}
	z, err := zoneArg(f[1])
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return err
	}
	if got := len(out.World.Zone(z).Buildings); got != n {
		return fmt.Errorf("zone %d: %d buildings %v; want %d", z, got, out.World.Zone(z).Buildings, n)
	}
	return nil
}
