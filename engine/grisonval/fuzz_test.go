package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// FuzzValidate feeds arbitrary orders to Validate and Resolve: validation
// never panics, a refused order is a *RuleError with a code and a message,
// and an accepted order resolves without panicking and without touching the
// input world.
func FuzzValidate(f *testing.F) {
	worlds := []*grisonval.World{grisonval.NewWorld(1)}
	outs := playRandom(f, grisonval.NewWorld(2), 50)
	worlds = append(worlds, outs[len(outs)-1].World)
	f.Add(uint8(0), uint8(1), 0, 0, 0, 3, "")
	f.Add(uint8(0), uint8(4), 12, 0, 0, 1, "une plaine")
	f.Add(uint8(1), uint8(6), 3, 46, 0, 2, "")
	f.Add(uint8(2), uint8(200), -1, 1<<40, 7, 4, "\x00\xff")
	f.Fuzz(func(t *testing.T, wi, action uint8, a0, a1, a2 int, n int, reason string) {
		w := worlds[int(wi)%len(worlds)]
		c := grisonval.CampID(int(action) % grisonval.NumCamps)
		args := []int{a0, a1, a2}[:max(0, min(3, n%4))]
		o := grisonval.Order{Action: grisonval.Action(action), Args: args, Reason: reason}
		before := grisonval.Hash(w)
		err := grisonval.Validate(w, c, o)
		if err != nil {
			re, ok := err.(*grisonval.RuleError)
			if !ok || re.Code == "" || re.Message.IsZero() {
				t.Fatalf("Validate(%v) = %#v; want a *RuleError with a code and a message", o, err)
			}
		} else {
			var os [grisonval.NumCamps]grisonval.Order
			for i := range os {
				os[i] = grisonval.Order{Action: grisonval.Rest}
			}
			os[c] = o
			out := grisonval.Resolve(w, os)
			if out.Results[c].Status != grisonval.Applied {
				t.Fatalf("order %v valid but not applied: %+v", o, out.Results[c])
			}
		}
		if grisonval.Hash(w) != before {
			t.Fatal("the input world changed")
		}
	})
}
