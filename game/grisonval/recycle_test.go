package grisonval_test

import (
	"testing"

	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
)

// TestRecycle plays two worlds day after day in turn, each recycling the
// state it no longer needs, so that one world's day is written over the
// other's old state; every day must be the one the engine makes in fresh
// memory, and a world's current state must not move while the other plays.
func TestRecycle(t *testing.T) {
	rs := grisonval.Ruleset{}
	actions := []string{"rest", "chop_wood", "rest", "explore"}
	var states [2]game.State
	var fresh [2]*engine.World
	for i, seed := range []uint64{7, 8} {
		s, err := rs.Setup(game.Setup{Seed: seed, Camps: engine.NumCamps})
		if err != nil {
			t.Fatal(err)
		}
		states[i], fresh[i] = s, grisonval.Of(s).Clone()
	}
	for day := 1; day <= 40; day++ {
		for i := range states {
			other := rs.Hash(states[1-i])
			orders := make([]game.Order, engine.NumCamps)
			for c := range orders {
				orders[c] = game.Order{Action: actions[(day+c)%len(actions)]}
				if orders[c].Action == "explore" || rs.Validate(states[i], c, orders[c]) != nil {
					orders[c] = rs.Idle()
				}
			}
			out := rs.Resolve(states[i], orders)
			rs.Recycle(states[i])
			states[i] = out.State

			var eo [engine.NumCamps]engine.Order
			for c := range eo {
				eo[c] = grisonval.EngineOrder(orders[c])
			}
			fresh[i] = engine.Resolve(fresh[i], eo).World
			if got, want := rs.Hash(states[i]), engine.Hash(fresh[i]); got != want {
				t.Fatalf("world %d day %d: hash %s over a recycled state; %s in fresh memory", i, day, got, want)
			}
			if rs.Hash(states[1-i]) != other {
				t.Fatalf("world %d day %d: the other world's state moved", i, day)
			}
		}
	}
}

// TestRecycleBySize plays a world of 3 x 1,200 citizens and small worlds in
// turn, each recycling the state it no longer needs: a small world must
// never be written over the large world's memory, which it would then hold
// for as long as it plays.
func TestRecycleBySize(t *testing.T) {
	rs := grisonval.Ruleset{}
	large := engine.NewWorld(1)
	for c := range large.Camps {
		camp := &large.Camps[c]
		for len(camp.Citizens) < 1200 {
			p := camp.Citizens[len(camp.Citizens)%len(camp.Citizens)]
			p.ID = camp.NextCitizen
			camp.NextCitizen++
			camp.Citizens = append(camp.Citizens, p)
		}
		camp.Resources.Food = 1_000_000
	}
	states := []game.State{grisonval.StateOf(large)}
	for seed := range uint64(4) {
		s, err := rs.Setup(game.Setup{Seed: 10 + seed, Camps: engine.NumCamps})
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	idle := []game.Order{rs.Idle(), rs.Idle(), rs.Idle()}
	for day := 1; day <= 10; day++ {
		for i, s := range states {
			out := rs.Resolve(s, idle)
			rs.Recycle(s)
			states[i] = out.State
		}
		for i, s := range states[1:] {
			w := grisonval.Of(s)
			for c := range w.Camps {
				if n, room := len(w.Camps[c].Citizens), cap(w.Camps[c].Citizens); room > 4*max(n, 16) {
					t.Fatalf("day %d: small world %d's camp %d holds room for %d citizens for its %d", day, i+1, c, room, n)
				}
			}
		}
	}
}
