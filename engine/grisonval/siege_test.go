package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestSiegeCountdown covers SIE-2: 2 + ⌊6 × defence left ÷ assault⌋, never
// under the floor of 2 days.
func TestSiegeCountdown(t *testing.T) {
	for _, tc := range []struct{ assault, defence, want int }{
		{14, 5, 4}, {20, 4, 3}, {30, 0, 2}, {100, 3, 2}, {10, 9, 7},
	} {
		if got := grisonval.SiegeCountdown(tc.assault, tc.defence); got != tc.want {
			t.Errorf("SiegeCountdown(%d, %d) = %d; want %d", tc.assault, tc.defence, got, tc.want)
		}
	}
}

// siegeWorld returns a world where camp 1 has raised 12 real citizens into
// a column reaching camp 0's zone 19 (garrison 2, real citizens) tomorrow.
func siegeWorld() (*grisonval.World, grisonval.ZoneID) {
	w := mustWorld(1, nil)
	z := grisonval.ZoneID(19)
	w.Zone(z).Owner, w.Zone(z).Garrison = 0, 2
	w.Zone(capitalOf(0)).Garrison = 2
	armCivilians(w, 1, 12)
	w.Camps[1].Citizens = append(w.Camps[1].Citizens, people(100, 20, 25, 60)...)
	w.Columns = []grisonval.Column{{ID: 1, Camp: 1, Kind: grisonval.ArmyColumn, Men: 12, From: capitalOf(1), To: z, Arrive: 1}}
	w.NextColumn = 2
	return w, z
}

// TestSieges covers SIE-1 to SIE-3 over a whole siege played with Resolve:
// the investment, a day of attrition after another, the decisive assault on
// the countdown's last day, and the soldiers as citizens throughout.
func TestSieges(t *testing.T) {
	w, z := siegeWorld()
	w = grisonval.Resolve(w, orders(rest(), rest(), rest())).World
	if len(w.Sieges) != 1 {
		t.Fatalf("SIE-1 sieges %+v after the engagement; want one", w.Sieges)
	}
	s := w.Sieges[0]
	if w.Zone(z).Owner != 0 || s.Camp != 1 || s.Men != 12 || s.Start != 1 || s.Assault-s.Start < grisonval.SiegeFloor {
		t.Fatalf("SIE-1 SIE-2 zone owner %d, siege %+v; want camp 0's zone besieged by 12 men of camp 1, at least 2 days", w.Zone(z).Owner, s)
	}
	for w.Day < s.Assault {
		before := w
		out := grisonval.Resolve(w, orders(rest(), rest(), rest()))
		w = out.World
		for c := range grisonval.CampID(2) {
			if got, want := w.CitizensUnderArms(c), w.MenUnderArms(c); got != want {
				t.Fatalf("CIT-ARMS day %d camp %d: %d citizens under arms, %d men", w.Day, c, got, want)
			}
		}
		if w.Day == s.Assault {
			break
		}
		if got := w.Sieges[0].Men; got != before.Sieges[0].Men-1 {
			t.Errorf("SIE-3 day %d: %d men in line; want %d (attrition)", w.Day, got, before.Sieges[0].Men-1)
		}
		if got := w.Zone(z).Garrison; got != max(0, before.Zone(z).Garrison-1) {
			t.Errorf("SIE-3 day %d: garrison %d; want %d (attrition)", w.Day, got, max(0, before.Zone(z).Garrison-1))
		}
	}
	if len(w.Sieges) != 0 || w.Zone(z).Owner != 1 {
		t.Errorf("SIE-3 after the decisive assault on day %d: zone owner %d, sieges %+v; want taken by camp 1", w.Day, w.Zone(z).Owner, w.Sieges)
	}
}

// TestSiegeEconomy covers SIE-4: a besieged zone's buildings do not work
// and it costs no upkeep.
func TestSiegeEconomy(t *testing.T) {
	w := mustWorld(1, nil)
	for _, z := range []grisonval.ZoneID{18, 19, 27, 28, 26, 25, 11} {
		w.Zone(z).Owner = 0
		w.Zone(z).Buildings = []grisonval.BuildingKind{grisonval.School, grisonval.School}
	}
	free := w.Upkeep(0).Total()
	schools := w.CountBuildings(0, grisonval.School)
	w.Sieges = []grisonval.Siege{{Zone: 19, Camp: 1, Men: 5, Assault: 9}}
	if got := w.CountBuildings(0, grisonval.School); got != schools-2 {
		t.Errorf("SIE-4 schools counted with zone 19 besieged: %d; want %d", got, schools-2)
	}
	if got := w.Upkeep(0).Total(); got.Wood >= free.Wood {
		t.Errorf("SIE-4 upkeep with zone 19 besieged %+v; want less than %+v", got, free)
	}
}

// TestSiegeLifted covers SIE-5: besiegers with nowhere to fall back go home
// as civilians.
func TestSiegeLifted(t *testing.T) {
	w, z := siegeWorld()
	w.Zone(capitalOf(1)).Owner, w.Zone(capitalOf(1)).Capital, w.Zone(capitalOf(1)).Garrison = grisonval.NoCamp, false, 0
	armCivilians(w, 1, 0)
	w.Columns = nil
	w.Sieges = []grisonval.Siege{{Zone: z, Camp: 1, Men: 12, Assault: 9}}
	w.Zone(z).Garrison = 15
	out := grisonval.Resolve(w, orders(rest(), rest(), rest())).World
	if len(out.Sieges) != 0 || len(out.Columns) != 0 {
		t.Fatalf("sieges %+v, columns %+v; want the siege lifted and no column", out.Sieges, out.Columns)
	}
	// 12 - 1 (attrition) = 11: 6 go home, 5 fall; the 4 founders' garrison
	// is gone with the capital in this setup.
	if got := out.CitizensUnderArms(1); got != 4 {
		t.Errorf("camp 1 citizens under arms %d; want the 4 founders only", got)
	}
	if out.Camps[1].Alive {
		t.Error("CAMP-2 camp 1 alive with no zone, column or siege")
	}
}

// TestSiegeRotation checks CON-2 and CON-15 with sieges and columns in play:
// the world turned by 120° gives the turned result, day after day, so no
// siege's outcome depends on another's being looked at first.
func TestSiegeRotation(t *testing.T) {
	rot := func(z grisonval.ZoneID) grisonval.ZoneID {
		h := grisonval.HexOf(z)
		return grisonval.ZoneAt(grisonval.Hex{Q: h.R, R: h.S()})
	}
	w, z := siegeWorld()
	w.Sieges = []grisonval.Siege{{Zone: 20, Camp: 2, Men: 9, Assault: 4}}
	w.Zone(20).Owner, w.Zone(20).Garrison = 0, 1
	w.Columns = append(w.Columns, grisonval.Column{ID: 2, Camp: 2, Kind: grisonval.ArmyColumn, Men: 6, To: z, Arrive: 2})
	w.NextColumn = 3
	r := rotateWorld(w, rot)
	for day := 0; day < 8; day++ {
		w = grisonval.Resolve(w, orders(rest(), rest(), rest())).World
		r = grisonval.Resolve(r, orders(rest(), rest(), rest())).World
		for zz := grisonval.ZoneID(1); zz <= grisonval.NumZones; zz++ {
			a, b := w.Zone(zz), r.Zone(rot(zz))
			if a.Owner != b.Owner || a.Garrison != b.Garrison || w.Besieged(zz) != r.Besieged(rot(zz)) {
				t.Fatalf("day %d zone %d: %+v besieged %v; turned: %+v besieged %v", w.Day, zz, *a, w.Besieged(zz), *b, r.Besieged(rot(zz)))
			}
		}
		for c := range w.Camps {
			if w.Camps[c].Morale != r.Camps[c].Morale || w.MenUnderArms(grisonval.CampID(c)) != r.MenUnderArms(grisonval.CampID(c)) {
				t.Fatalf("day %d camp %d: morale %d, under arms %d; turned %d, %d", w.Day, c,
					w.Camps[c].Morale, w.MenUnderArms(grisonval.CampID(c)), r.Camps[c].Morale, r.MenUnderArms(grisonval.CampID(c)))
			}
		}
	}
}
