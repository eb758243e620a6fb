package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestSpy covers SPY-1 and SPY-2: one failure in four, caught on the
// target's side only; the same message for a failure and for a free zone;
// the legal menu is every zone not seen today, whoever holds it.
func TestSpy(t *testing.T) {
	spy := func(z grisonval.ZoneID) grisonval.Order {
		return grisonval.Order{Action: grisonval.Spy, Args: []int{int(z)}}
	}
	entry := func(j []grisonval.Entry, c grisonval.CampID, kind string) (grisonval.Entry, bool) {
		for _, e := range j {
			if e.Camp == c && e.Kind == kind {
				return e, true
			}
		}
		return grisonval.Entry{}, false
	}
	t.Run("SPY-1 one spy in four fails and is caught", func(t *testing.T) {
		const n = 800
		failed := 0
		for seed := uint64(1); seed <= n; seed++ {
			out := grisonval.Resolve(mustWorld(seed, nil), orders(spy(capitalOf(1)), rest(), rest()))
			_, caught := entry(out.Journal, 1, "spied_on")
			seen := out.World.Camps[0].Memory[capitalOf(1)].Seen
			if caught == seen {
				t.Fatalf("seed %d: caught %v and revealed %v; want exactly one", seed, caught, seen)
			}
			if caught {
				failed++
			}
		}
		if failed < n*20/100 || failed > n*30/100 {
			t.Errorf("%d failures in %d spies; want about 25 %%", failed, n)
		}
	})
	t.Run("SPY-2 a failure and a free zone read the same", func(t *testing.T) {
		var texts []string
		for seed := uint64(1); seed < 60 && len(texts) < 2; seed++ {
			failure := grisonval.Resolve(mustWorld(seed, nil), orders(spy(capitalOf(1)), rest(), rest()))
			if _, caught := entry(failure.Journal, 1, "spied_on"); !caught {
				continue
			}
			// The same spy, the same draw, on the zone made free.
			free := grisonval.Resolve(mustWorld(seed, func(w *grisonval.World) {
				z := w.Zone(capitalOf(1))
				z.Owner, z.Capital, z.Garrison = grisonval.NoCamp, false, 0
			}), orders(spy(capitalOf(1)), rest(), rest()))
			a, _ := entry(failure.Journal, 0, "spy")
			b, _ := entry(free.Journal, 0, "spy")
			if a.Narration != b.Narration || a.Why != b.Why || len(a.Zones) != 0 || len(b.Zones) != 0 {
				t.Errorf("seed %d: failure %+v; free zone %+v; want the same entry, no zone named", seed, a, b)
			}
			texts = append(texts, a.Narration.FR)
		}
		if len(texts) == 0 {
			t.Fatal("no failed spy in 59 seeds")
		}
	})
	t.Run("SPY-2 FOG-5 the menu is every zone not seen today", func(t *testing.T) {
		w := mustWorld(1, nil)
		la := legal(t, w, 0, grisonval.Spy)
		vis := w.Vision(0)
		n := 0
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if !vis[z] {
				n++
			}
		}
		if len(la.Args[0].Choices) != n {
			t.Errorf("spy menu has %d zones; want the %d not seen", len(la.Args[0].Choices), n)
		}
		other := w.Clone()
		other.Zone(capitalOf(1)).Owner = grisonval.NoCamp
		if got := legal(t, other, 0, grisonval.Spy); len(got.Args[0].Choices) != n {
			t.Error("the spy menu depends on who holds a hidden zone")
		}
	})
}
