package grisonval_test

import (
	"fmt"
	"strconv"

	"github.com/grisonval/server/engine/grisonval"
)

// The council's conformance lines (rules CNL-*, testdata/conformance/
// governance/cnl-*.case):
//
//	setup:
//	  seat CAMP SEAT citizen=ID since=D   # SEAT is a code (ruler) or a number; citizen=0 leaves it vacant
//	  citizen CAMP ID age=A level=L xp=X trait=T
//	expect:
//	  seat CAMP SEAT citizen=ID since=D
//	  councilstats CAMP economy=E loyalty=L stability=S unrest=U   # the council's part of the day's stats
//	  menu CAMP ACTION open|closed                                # tomorrow's menu
func init() {
	setupKinds["seat"] = setupSeat
	setupKinds["citizen"] = setupCitizen
	expectKinds["seat"] = expectSeat
	expectKinds["councilstats"] = expectStatsOf(grisonval.CouncilStatsOf)
	expectKinds["menu"] = expectMenu
}

// campSeat reads "CAMP SEAT" of a seat line.
func campSeat(f []string) (grisonval.CampID, grisonval.SeatKind, [][2]string, error) {
	if len(f) < 3 {
		return 0, 0, nil, fmt.Errorf("want %s CAMP SEAT field=value...", f[0])
	}
	c, err := strconv.Atoi(f[1])
	if err != nil || c < 0 || c >= grisonval.NumCamps {
		return 0, 0, nil, fmt.Errorf("bad camp %q", f[1])
	}
	s, ok := grisonval.ParseSeat(f[2])
	if !ok {
		return 0, 0, nil, fmt.Errorf("unknown seat %q", f[2])
	}
	pairs, err := kv(f[3:])
	return grisonval.CampID(c), s, pairs, err
}

// setupSeat names a citizen to a seat, or leaves it vacant (citizen=0),
// as of day since; a citizen named leaves any other seat, vacant as of the
// same day.
func setupSeat(w *grisonval.World, f []string) error {
	c, s, pairs, err := campSeat(f)
	if err != nil {
		return err
	}
	var st grisonval.Seat
	for _, p := range pairs {
		v, err := strconv.Atoi(p[1])
		if err != nil {
			return err
		}
		switch p[0] {
		case "citizen":
			st.Citizen = int32(v)
		case "since":
			st.Since = v
		default:
			return fmt.Errorf("unknown seat field %q", p[0])
		}
	}
	if from := w.SeatOf(c, st.Citizen); from != 0 {
		w.Camps[c].Council[from-1] = grisonval.Seat{Since: st.Since}
	}
	w.Camps[c].Council[s-1] = st
	return nil
}

var traitsByName = func() map[string]grisonval.Trait {
	m := map[string]grisonval.Trait{}
	for t := grisonval.TraitSteady; t <= grisonval.TraitCurious; t++ {
		m[t.String()] = t
	}
	return m
}()

// setupCitizen changes a living citizen's age, level, XP or trait.
func setupCitizen(w *grisonval.World, f []string) error {
	if len(f) < 3 {
		return fmt.Errorf("want citizen CAMP ID field=value...")
	}
	c, err1 := strconv.Atoi(f[1])
	id, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || c < 0 || c >= grisonval.NumCamps {
		return fmt.Errorf("bad citizen %q %q", f[1], f[2])
	}
	camp := &w.Camps[c]
	var p *grisonval.Citizen
	for i := range camp.Citizens {
		if camp.Citizens[i].ID == int32(id) {
			p = &camp.Citizens[i]
		}
	}
	if p == nil {
		return fmt.Errorf("camp %d has no citizen %d", c, id)
	}
	pairs, err := kv(f[3:])
	if err != nil {
		return err
	}
	for _, kv := range pairs {
		if kv[0] == "trait" {
			t, ok := traitsByName[kv[1]]
			if !ok {
				return fmt.Errorf("unknown trait %q", kv[1])
			}
			p.Trait = t
			continue
		}
		v, err := strconv.Atoi(kv[1])
		if err != nil {
			return err
		}
		switch kv[0] {
		case "age":
			p.Age = int16(v)
		case "level":
			p.Level = uint8(v)
		case "xp":
			p.XP = int32(v)
		default:
			return fmt.Errorf("unknown citizen field %q", kv[0])
		}
	}
	return nil
}

func expectSeat(out grisonval.Outcome, f []string) error {
	c, s, pairs, err := campSeat(f)
	if err != nil {
		return err
	}
	st := out.World.Camps[c].Council[s-1]
	for _, p := range pairs {
		v, err := strconv.Atoi(p[1])
		if err != nil {
			return err
		}
		got := map[string]int{"citizen": int(st.Citizen), "since": st.Since}
		g, ok := got[p[0]]
		if !ok {
			return fmt.Errorf("unknown seat field %q", p[0])
		}
		if g != v {
			return fmt.Errorf("camp %d seat %s %s: got %d; want %d", c, s, p[0], g, v)
		}
	}
	return nil
}

// expectMenu checks that tomorrow's menu offers an action or closes it.
func expectMenu(out grisonval.Outcome, f []string) error {
	if len(f) != 4 || (f[3] != "open" && f[3] != "closed") {
		return fmt.Errorf("want menu CAMP ACTION open|closed")
	}
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	a, ok := grisonval.ParseAction(f[2])
	if !ok {
		return fmt.Errorf("unknown action %q", f[2])
	}
	legal, closed := grisonval.Menu(out.World, grisonval.CampID(c))
	for _, la := range legal {
		if la.Action == a {
			if f[3] == "closed" {
				return fmt.Errorf("camp %d menu: %s is open; want closed", c, a)
			}
			return nil
		}
	}
	for _, cl := range closed {
		if cl.Action == a {
			if f[3] == "open" {
				return fmt.Errorf("camp %d menu: %s is closed (%s); want open", c, a, cl.Why)
			}
			return nil
		}
	}
	return fmt.Errorf("camp %d menu: %s in neither half", c, a)
}
