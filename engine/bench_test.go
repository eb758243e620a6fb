package engine_test

import (
	"testing"

	"github.com/grisonval/server/engine"
)

// BenchmarkTick measures resolving one tick of a mid-game world (day 60 of
// random legal play: most of the map held, columns on the march).
func BenchmarkTick(b *testing.B) {
	outs := playRandom(b, engine.NewWorld(42), 60)
	w := outs[len(outs)-1].World
	var o [engine.NumCamps]engine.Order
	for c := range engine.CampID(engine.NumCamps) {
		o[c] = randomOrder(w, c, engine.NewRand(42, 61, int(c), 5))
	}
	b.ReportAllocs()
	for b.Loop() {
		engine.Resolve(w, o)
	}
}
