package grisonval_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grisonval/server/engine/grisonval"
)

// The conformance lines of the edicts and the kingdom statistics (rules
// GOV-STATS, GOV-LOYALTY, GOV-UNREST, EDI-1 to EDI-7), in
// testdata/conformance/governance:
//
//	setup:
//	  edicts 0 taxation=3 holidays=4 promotion=0 taxday=5 holday=5 promday=5 cut=3 distrust=70 carry=2 unpaid=4
//	  edicts 0 seat=treasurer,councillor vacant=spymaster
//	  market 12
//	expect:
//	  edicts 0 taxation=3 taxday=1 cut=1 distrust=61 carry=-1 unpaid=1 pop=21
//	  stats 0 economy=3 loyalty=-5 stability=-1 unrest=0 consumption=8 market=100 taxes=2
//
// seat=S,S names each seat's holder if it is vacant: the first adult of
// the camp who holds no seat; vacant=S,S empties seats. "market Z" adds a
// market to zone Z (rule EDI-7). pop is the camp's
// population, market the output percent of its markets (rule EDI-7) and
// taxes the gold its taxes bring a day (rule EDI-2), as the world stands
// at the end of the day.
func init() {
	registerSetup("edicts", setupEdicts)
	registerSetup("market", setupMarket)
	registerExpect("edicts", expectEdicts)
	registerExpect("stats", expectStats)
}

// registerSetup and registerExpect register a line kind, once: two parts
// that named a kind alike would otherwise overwrite each other.
func registerSetup(kind string, f func(w *grisonval.World, f []string) error) {
	if _, dup := setupKinds[kind]; dup {
		panic("setup line kind " + kind + " registered twice")
	}
	setupKinds[kind] = f
}

func registerExpect(kind string, f func(out grisonval.Outcome, f []string) error) {
	if _, dup := expectKinds[kind]; dup {
		panic("expect line kind " + kind + " registered twice")
	}
	expectKinds[kind] = f
}

var edictCodes = map[string]grisonval.Edict{"taxation": grisonval.Taxation, "holidays": grisonval.Holidays, "promotion": grisonval.Promotion}

var edictDays = map[string]grisonval.Edict{"taxday": grisonval.Taxation, "holday": grisonval.Holidays, "promday": grisonval.Promotion}

// campLine reads "KIND CAMP key=value...".
func campLine(f []string) (grisonval.CampID, [][2]string, error) {
	if len(f) < 3 {
		return 0, nil, fmt.Errorf("want %s CAMP field=value...", f[0])
	}
	c, err := strconv.Atoi(f[1])
	if err != nil || c < 0 || c >= grisonval.NumCamps {
		return 0, nil, fmt.Errorf("bad camp %q", f[1])
	}
	pairs, err := kv(f[2:])
	return grisonval.CampID(c), pairs, err
}

func parseSeat(s string) (grisonval.SeatKind, error) {
	for k := grisonval.SeatKind(1); int(k) <= grisonval.NumSeats; k++ {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown seat %q", s)
}

func setupEdicts(w *grisonval.World, f []string) error {
	c, pairs, err := campLine(f)
	if err != nil {
		return err
	}
	camp := &w.Camps[c]
	for _, p := range pairs {
		if p[0] == "seat" || p[0] == "vacant" {
			for _, name := range strings.Split(p[1], ",") {
				s, err := parseSeat(name)
				if err != nil {
					return err
				}
				if p[0] == "vacant" {
					camp.Council[s-1] = grisonval.Seat{}
				} else if camp.Council[s-1].Citizen == 0 {
					id, ok := freeAdult(camp)
					if !ok {
						return fmt.Errorf("camp %d has no adult without a seat for %s", c, s)
					}
					camp.Council[s-1] = grisonval.Seat{Citizen: id}
				}
			}
			continue
		}
		v, err := atoi(p[1])
		if err != nil {
			return err
		}
		if e, ok := edictCodes[p[0]]; ok {
			if v < 0 || v >= grisonval.EdictLevels {
				return fmt.Errorf("bad level %d of %s", v, e)
			}
			camp.Edicts[e-1] = uint8(v)
			continue
		}
		if e, ok := edictDays[p[0]]; ok {
			camp.EdictDay[e-1] = v
			continue
		}
		switch p[0] {
		case "cut":
			camp.HolidayCut = v
		case "distrust":
			camp.HolidayDistrust = v
		case "carry":
			camp.LoyaltyCarry = v
		case "unpaid":
			camp.EdictsUnpaid = v
		default:
			return fmt.Errorf("unknown edicts field %q", p[0])
		}
	}
	return nil
}

func setupMarket(w *grisonval.World, f []string) error {
	z, err := zoneArg(f[1])
	if err != nil {
		return err
	}
	w.Zone(z).Buildings = append(w.Zone(z).Buildings, grisonval.Market)
	return nil
}

// freeAdult returns the ID of camp's first adult who holds no seat.
func freeAdult(camp *grisonval.Camp) (int32, bool) {
	for _, p := range camp.Citizens {
		if p.Age < grisonval.AdultAge {
			continue
		}
		seated := false
		for _, s := range camp.Council {
			seated = seated || s.Citizen == p.ID
		}
		if !seated {
			return p.ID, true
		}
	}
	return 0, false
}

func expectEdicts(out grisonval.Outcome, f []string) error {
	c, pairs, err := campLine(f)
	if err != nil {
		return err
	}
	w := out.World
	camp := &w.Camps[c]
	for _, p := range pairs {
		v, err := atoi(p[1])
		if err != nil {
			return err
		}
		var got int
		if e, ok := edictCodes[p[0]]; ok {
			got = w.EdictLevel(c, e)
		} else if e, ok := edictDays[p[0]]; ok {
			got = camp.EdictDay[e-1]
		} else {
			switch p[0] {
			case "cut":
				got = camp.HolidayCut
			case "distrust":
				got = camp.HolidayDistrust
			case "carry":
				got = camp.LoyaltyCarry
			case "unpaid":
				got = camp.EdictsUnpaid
			case "pop":
				got = w.Population(c)
			default:
				return fmt.Errorf("unknown edicts field %q", p[0])
			}
		}
		if got != v {
			return fmt.Errorf("camp %d edicts %s: got %d; want %d", c, p[0], got, v)
		}
	}
	return nil
}

func expectStats(out grisonval.Outcome, f []string) error {
	c, pairs, err := campLine(f)
	if err != nil {
		return err
	}
	w := out.World
	s := w.Stats(c)
	fields := statFields(s)
	fields["market"], fields["taxes"] = int(w.OutputPercent(c, grisonval.Market)), int(w.Taxes(c))
	for _, p := range pairs {
		v, err := atoi(p[1])
		if err != nil {
			return err
		}
		got, ok := fields[p[0]]
		if !ok {
			return fmt.Errorf("unknown stats field %q", p[0])
		}
		if got != v {
			return fmt.Errorf("camp %d %s: got %d; want %d (%+v)", c, p[0], got, v, s)
		}
	}
	return nil
}
