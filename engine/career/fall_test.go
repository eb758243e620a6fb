package career_test

import (
	"errors"
	"testing"

	"github.com/grisonval/server/engine/career"
)

// TestFall checks FALL-DOOR, FALL-COST, FALL-EP and FALL-REDEEM: a career
// cast out by blame, or whose camp is gone, re-enrols in another camp of
// its world keeping its sheet and seasons, at the cost of its eminence
// points; fallen, it earns little and may not fall again until a season
// of praise redeems it.
func TestFall(t *testing.T) {
	fall := career.Fall{Mode: career.Human, Patron: bertran, Package: career.Levy, Blamed: true}
	t.Run("FALL-COST the fall keeps the career and costs the stock", func(t *testing.T) {
		c := veteran(t, 5)
		got, err := career.FallTo(c, fall)
		if err != nil {
			t.Fatal(err)
		}
		want := c
		want.Camp, want.Patron, want.Package, want.Fallen, want.EP, want.Seasons = 2, bertran, career.Levy, true, 0, 2
		want.Sheet.Wounds, want.Sheet.PP = 0, want.Sheet.MaxPP
		if got != want {
			t.Errorf("got %+v; want %+v", got, want)
		}
	})
	t.Run("FALL-DOOR a camp gone opens the door without blame", func(t *testing.T) {
		f := fall
		f.Blamed, f.CampGone = false, true
		if _, err := career.FallTo(veteran(t, 0), f); err != nil {
			t.Errorf("got %v; want the fall", err)
		}
	})
	refused := []struct {
		name   string
		fallen bool
		edit   func(*career.Fall)
		want   error
	}{
		{"FALL-DOOR no blame, camp still playing", false, func(f *career.Fall) { f.Blamed = false }, career.ErrNoFall},
		{"FALL-DOOR a fallen career blamed again", true, func(f *career.Fall) {}, career.ErrFallen},
		{"FALL-DOOR a patron of its own camp", false, func(f *career.Fall) { f.Patron = ysolde }, career.ErrCampChange},
		{"FALL-DOOR another mode", false, func(f *career.Fall) { f.Mode = career.Agent }, career.ErrModeChange},
		{"FALL-DOOR no package", false, func(f *career.Fall) { f.Package = 0 }, career.ErrUnknownPackage},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			c := veteran(t, 3)
			c.Fallen = tc.fallen
			f := fall
			tc.edit(&f)
			got, err := career.FallTo(c, f)
			if !errors.Is(err, tc.want) {
				t.Errorf("got %v; want %v", err, tc.want)
			}
			if got != c {
				t.Errorf("the career changed: %+v", got)
			}
		})
	}
	t.Run("FALL-DOOR a fallen career whose new camp is gone falls again", func(t *testing.T) {
		c := veteran(t, 0)
		c.Fallen = true
		f := fall
		f.Patron, f.CampGone = career.Patron{Name: "Nivard", Camp: 0}, true
		if got, err := career.FallTo(c, f); err != nil || got.Camp != 0 || !got.Fallen {
			t.Errorf("got %+v, %v; want fallen in camp 0", got, err)
		}
	})
	t.Run("FALL-EP a fallen career earns at most 1", func(t *testing.T) {
		for _, fallen := range []bool{false, true} {
			got, err := career.Eminence(career.Close{PostedTicks: 24, Ticks: 24, Verdict: career.Praise, Titled: true, Fallen: fallen})
			want := career.MaxEminence
			if fallen {
				want = career.FallenEminence
			}
			if err != nil || got != want {
				t.Errorf("fallen %t: got %d, %v; want %d", fallen, got, err, want)
			}
		}
	})
	t.Run("FALL-REDEEM praise redeems a fallen career", func(t *testing.T) {
		c, err := career.FallTo(veteran(t, 0), fall)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []career.Verdict{career.Blame, career.Discharge} {
			if c.Judged(v) != c {
				t.Errorf("%s: got %+v; want unchanged", v, c.Judged(v))
			}
		}
		redeemed := c.Judged(career.Praise)
		if redeemed.Fallen || redeemed.Camp != 2 {
			t.Errorf("praise: got %+v; want redeemed in camp 2", redeemed)
		}
		// Redeemed, it takes its new camp back like any career (REN-SAME).
		back, err := career.Reenrol(redeemed, career.Reenrolment{Mode: career.Human, Camp: 2, Package: career.Granary})
		if err != nil || back.Camp != 2 || back.Fallen {
			t.Errorf("re-enrolment after the redemption: got %+v, %v; want camp 2, not fallen", back, err)
		}
	})
}
