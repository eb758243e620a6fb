package career_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/career"
)

var (
	amaury  = career.Patron{Name: "Amaury", Camp: 1}
	ysolde  = career.Patron{Name: "Ysolde", Camp: 1}
	bertran = career.Patron{Name: "Bertran", Camp: 2}
)

// veteran returns a career of camp 1 created with Stratégie 3, Savoir 3,
// Prestige 1, Sièges 2, Éclaireur 0 and ep eminence points, back from a
// season with wounds and spent power points.
func veteran(t *testing.T, ep int) career.Career {
	t.Helper()
	c, err := career.NewCareer(career.Enrolment{
		Agent: "gauvain", Mode: career.Human, Patron: amaury,
		Characteristics: [5]int{3, 2, 1, 3, 1}, Talents: [5]int{2, 1, 1, 0, 0}, Package: career.Granary,
	})
	if err != nil {
		t.Fatal(err)
	}
	c.EP = ep
	c.Sheet.Wounds = 2
	c.Sheet.PP = 1
	return c
}

func buyTalent(x career.Talent) career.Purchase {
	return career.Purchase{Kind: career.BuyTalent, Talent: x}
}

func buyChar(x career.Characteristic) career.Purchase {
	return career.Purchase{Kind: career.BuyCharacteristic, Characteristic: x}
}

var buyPP = career.Purchase{Kind: career.BuyMaxPP}

func TestNewCareer(t *testing.T) {
	t.Run("REN-NEW a new career", func(t *testing.T) {
		c := veteran(t, 0)
		if c.Camp != 1 || c.Patron != amaury || c.Seasons != 1 || c.Package != career.Granary || c.Sheet.Creation != c.Sheet.Build {
			t.Errorf("got %+v; want camp 1, Amaury, season 1, granary, sheet at its creation", c)
		}
	})
	bad := []struct {
		name string
		e    career.Enrolment
		want error
	}{
		{"REN-NEW no agent", career.Enrolment{Mode: career.Agent, Characteristics: [5]int{2, 2, 2, 2, 2}, Talents: [5]int{1, 1, 1, 1, 0}, Package: career.Levy}, career.ErrBadEnrolment},
		{"REN-NEW no mode", career.Enrolment{Agent: "a", Characteristics: [5]int{2, 2, 2, 2, 2}, Talents: [5]int{1, 1, 1, 1, 0}, Package: career.Levy}, career.ErrBadEnrolment},
		{"REN-NEW no package", career.Enrolment{Agent: "a", Mode: career.Agent, Characteristics: [5]int{2, 2, 2, 2, 2}, Talents: [5]int{1, 1, 1, 1, 0}}, career.ErrUnknownPackage},
		{"REN-NEW bad sheet", career.Enrolment{Agent: "a", Mode: career.Agent, Characteristics: [5]int{3, 3, 3, 3, 3}, Talents: [5]int{1, 1, 1, 1, 0}, Package: career.Levy}, career.ErrBadCreation},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := career.NewCareer(c.e); !errors.Is(err, c.want) {
				t.Errorf("got %v; want %v", err, c.want)
			}
		})
	}
}

func TestReenrol(t *testing.T) {
	base := func(r career.Reenrolment) career.Reenrolment {
		r.Mode, r.Camp = career.Human, 1
		if r.Package == 0 {
			r.Package = career.Treasury
		}
		return r
	}
	t.Run("REN-1 the career carries over, REN-RESET wounds and PP reset, REN-PKG new package", func(t *testing.T) {
		c := veteran(t, 7)
		got, err := career.Reenrol(c, base(career.Reenrolment{Package: career.Scholars, Purchases: []career.Purchase{buyPP, buyTalent(career.Scout)}}))
		if err != nil {
			t.Fatal(err)
		}
		if got.Seasons != 2 || got.EP != 4 || got.Package != career.Scholars || got.Patron != amaury {
			t.Errorf("got season %d, %d EP, %s, %+v; want 2, 4, scholars, Amaury kept", got.Seasons, got.EP, got.Package, got.Patron)
		}
		if got.Sheet.Wounds != 0 || got.Sheet.MaxPP != 7 || got.Sheet.PP != 7 || got.Sheet.Talent(career.Scout) != 1 {
			t.Errorf("got %+v; want no wound, 7 of 7 PP, Éclaireur 1", got.Sheet)
		}
		if c.Sheet.Wounds != 2 || c.EP != 7 || c.Sheet.Talent(career.Scout) != 0 {
			t.Errorf("got input %+v changed; want it untouched", c)
		}
	})
	t.Run("REN-PATRON another patron of the camp", func(t *testing.T) {
		got, err := career.Reenrol(veteran(t, 0), base(career.Reenrolment{Patron: ysolde}))
		if err != nil {
			t.Fatal(err)
		}
		if got.Patron != ysolde {
			t.Errorf("got %+v; want %+v", got.Patron, ysolde)
		}
	})
	refused := []struct {
		name string
		r    career.Reenrolment
		want error
	}{
		{"REN-SAME another mode", career.Reenrolment{Mode: career.Agent, Camp: 1, Package: career.Levy}, career.ErrModeChange},
		{"REN-SAME another camp", career.Reenrolment{Mode: career.Human, Camp: 2, Package: career.Levy}, career.ErrCampChange},
		{"REN-SAME another camp with its patron", career.Reenrolment{Mode: career.Human, Camp: 2, Patron: bertran, Package: career.Levy}, career.ErrCampChange},
		{"REN-PATRON a patron of another camp", base(career.Reenrolment{Patron: bertran}), career.ErrPatronCamp},
		{"REN-PKG no package", career.Reenrolment{Mode: career.Human, Camp: 1}, career.ErrUnknownPackage},
		{"REN-PKG unknown package", base(career.Reenrolment{Package: career.Package(career.NumPackages + 1)}), career.ErrUnknownPackage},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			v := veteran(t, 9)
			got, err := career.Reenrol(v, c.r)
			if !errors.Is(err, c.want) {
				t.Errorf("got %v; want %v", err, c.want)
			}
			if !reflect.DeepEqual(got, v) {
				t.Errorf("got %+v; want the career unchanged", got)
			}
		})
	}
}

func TestPurchases(t *testing.T) {
	cases := []struct {
		name      string
		ep        int
		purchases []career.Purchase
		want      error
		// check runs on the re-enrolled career when want is nil.
		check func(career.Career) string
	}{
		{name: "REN-TAL +1 talent costs 2", ep: 2, purchases: []career.Purchase{buyTalent(career.Trade)},
			check: func(c career.Career) string {
				if c.EP != 0 || c.Sheet.Talent(career.Trade) != 2 {
					return "want 0 EP and Négoce 2"
				}
				return ""
			}},
		{name: "REN-TAL 1 EP is not enough", ep: 1, purchases: []career.Purchase{buyTalent(career.Trade)}, want: career.ErrNotEnoughEP},
		{name: "REN-TAL talent up to 4", ep: 4, purchases: []career.Purchase{buyTalent(career.Sieges), buyTalent(career.Sieges)},
			check: func(c career.Career) string {
				if c.Sheet.Talent(career.Sieges) != 4 {
					return "want Sièges 4"
				}
				return ""
			}},
		{name: "REN-TAL never past 4", ep: 20, purchases: []career.Purchase{buyTalent(career.Sieges), buyTalent(career.Sieges), buyTalent(career.Sieges)}, want: career.ErrTalentCap},
		{name: "REN-CHAR +1 characteristic costs 4", ep: 5, purchases: []career.Purchase{buyChar(career.Prestige)},
			check: func(c career.Career) string {
				if c.EP != 1 || c.Sheet.Characteristic(career.Prestige) != 2 {
					return "want 1 EP and Prestige 2"
				}
				return ""
			}},
		{name: "REN-CHAR 3 EP is not enough", ep: 3, purchases: []career.Purchase{buyChar(career.Prestige)}, want: career.ErrNotEnoughEP},
		{name: "REN-CHAR characteristic up to 5", ep: 8, purchases: []career.Purchase{buyChar(career.Strategy), buyChar(career.Strategy)},
			check: func(c career.Career) string {
				if c.Sheet.Characteristic(career.Strategy) != 5 {
					return "want Stratégie 5"
				}
				return ""
			}},
		{name: "REN-CHAR never past 5", ep: 20, purchases: []career.Purchase{buyChar(career.Strategy), buyChar(career.Strategy), buyChar(career.Strategy)}, want: career.ErrCharacteristicCap},
		{name: "REN-FIVE only one characteristic at 5", ep: 20,
			purchases: []career.Purchase{buyChar(career.Strategy), buyChar(career.Strategy), buyChar(career.Lore), buyChar(career.Lore)}, want: career.ErrSecondAtMax},
		{name: "REN-PP +1 max PP costs 1, twice", ep: 2, purchases: []career.Purchase{buyPP, buyPP},
			check: func(c career.Career) string {
				if c.EP != 0 || c.Sheet.MaxPP != career.MaxPPNew+2 {
					return "want 0 EP and max PP 8"
				}
				return ""
			}},
		{name: "REN-PP 0 EP is not enough", ep: 0, purchases: []career.Purchase{buyPP}, want: career.ErrNotEnoughEP},
		{name: "REN-PP never past +2", ep: 9, purchases: []career.Purchase{buyPP, buyPP, buyPP}, want: career.ErrMaxPPCap},
		{name: "REN-GUARD three points over creation", ep: 8, purchases: []career.Purchase{buyTalent(career.Scout), buyTalent(career.Trade), buyTalent(career.Builder)},
			check: func(c career.Career) string {
				if c.EP != 2 {
					return "want 2 EP left"
				}
				return ""
			}},
		{name: "REN-GUARD a fourth talent point is refused", ep: 20,
			purchases: []career.Purchase{buyTalent(career.Scout), buyTalent(career.Trade), buyTalent(career.Builder), buyTalent(career.Oratory)}, want: career.ErrGuardRail},
		{name: "REN-GUARD a characteristic after three talents is refused", ep: 20,
			purchases: []career.Purchase{buyTalent(career.Scout), buyTalent(career.Trade), buyTalent(career.Builder), buyChar(career.Lore)}, want: career.ErrGuardRail},
		{name: "REN-GUARD max PP does not count", ep: 20,
			purchases: []career.Purchase{buyChar(career.Lore), buyTalent(career.Trade), buyTalent(career.Builder), buyPP, buyPP},
			check: func(c career.Career) string {
				if c.Sheet.MaxPP != 8 || c.EP != 20-4-2-2-1-1 {
					return "want max PP 8 and 10 EP left"
				}
				return ""
			}},
		{name: "REN-TAL unknown talent", ep: 20, purchases: []career.Purchase{buyTalent(0)}, want: career.ErrUnknownTrait},
		{name: "REN-CHAR unknown characteristic", ep: 20, purchases: []career.Purchase{buyChar(9)}, want: career.ErrUnknownTrait},
		{name: "REN-PP unknown purchase", ep: 20, purchases: []career.Purchase{{}}, want: career.ErrUnknownTrait},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := veteran(t, c.ep)
			got, err := career.Reenrol(v, career.Reenrolment{Mode: career.Human, Camp: 1, Package: career.Levy, Purchases: c.purchases})
			if c.want != nil {
				if !errors.Is(err, c.want) {
					t.Fatalf("got %v; want %v", err, c.want)
				}
				if !reflect.DeepEqual(got, v) {
					t.Errorf("got %+v; want the career unchanged", got)
				}
				if n := len(c.purchases); !strings.Contains(err.Error(), fmt.Sprintf("purchase %d ", n)) {
					t.Errorf("got %q; want it to name purchase %d", err, n)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if msg := c.check(got); msg != "" {
				t.Errorf("got %d EP and sheet %+v; %s", got.EP, got.Sheet.Build, msg)
			}
		})
	}
}

func TestPackageStock(t *testing.T) {
	cases := []struct {
		pkg  career.Package
		want career.Stock
	}{
		{career.Granary, career.Stock{Food: 300}},
		{career.Treasury, career.Stock{Gold: 30}},
		{career.Levy, career.Stock{Garrison: 3}},
		{career.Workyard, career.Stock{Wood: 40, Stone: 20, Tools: 5}},
		{career.Scholars, career.Stock{Research: 150}},
		{0, career.Stock{}},
	}
	for _, c := range cases {
		t.Run("REN-PKG "+c.pkg.String(), func(t *testing.T) {
			if got := c.pkg.Stock(); got != c.want {
				t.Errorf("got %+v; want %+v", got, c.want)
			}
		})
	}
}
