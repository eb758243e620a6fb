package grisonval_test

import (
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// BenchmarkTick measures resolving one tick of a mid-game world (day 60 of
// random legal play: most of the map held, columns on the march).
func BenchmarkTick(b *testing.B) {
	outs := playRandom(b, grisonval.NewWorld(42), 60)
	w := outs[len(outs)-1].World
	var o [grisonval.NumCamps]grisonval.Order
	for c := range grisonval.CampID(grisonval.NumCamps) {
		o[c] = randomOrder(w, c, grisonval.NewRand(42, 61, int(c), 5))
	}
	b.ReportAllocs()
	for b.Loop() {
		grisonval.Resolve(w, o)
	}
}
