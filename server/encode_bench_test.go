package server

import (
	"testing"

	"github.com/grisonval/server/engine"
	"github.com/grisonval/server/game/grisonval"
)

// lateState returns the late-game world of the engine's BenchmarkTickLate:
// three camps of 29 zones with three buildings each and 1,200 citizens of
// every age, job and level.
func lateState() *engine.World {
	w := engine.NewWorld(42)
	for c := range engine.CampID(engine.NumCamps) {
		n := 29
		for z := engine.ZoneID(1); z <= engine.NumZones && n > 0; z++ {
			if w.Zone(z).Owner == engine.NoCamp {
				w.Zone(z).Owner, n = c, n-1
			}
		}
		for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
			if w.Zone(z).Owner == c {
				w.Zone(z).Buildings = []engine.BuildingKind{engine.Farm, engine.House, engine.School}
			}
		}
		camp := &w.Camps[c]
		r := engine.NewRand(42, 0, int(c), 1000)
		for i := len(camp.Citizens); i < 1200; i++ {
			camp.Citizens = append(camp.Citizens, engine.Citizen{
				ID: int32(i + 1), First: uint8(r.Intn(32)), Family: uint8(r.Intn(48)), Female: r.Intn(2) == 0,
				Age: int16(r.Intn(91)), Job: engine.Job(1 + r.Intn(engine.NumJobs)), Aspiration: engine.Aspiration(1 + r.Intn(engine.NumAspirations)),
				Trait: engine.Trait(1 + r.Intn(6)), Mood: int16(r.Intn(1001)), Level: uint8(1 + r.Intn(5)), XP: int32(r.Intn(400)),
			})
		}
		camp.NextCitizen = 1201
	}
	return w
}

// BenchmarkEncodeState measures what the world loop does to store a
// late-game state of 3 x 1,200 citizens: the ruleset's canonical encoding
// and its hash (encode), then the gzip the store keeps (encode+gzip, which
// is encodeState).
func BenchmarkEncodeState(b *testing.B) {
	rs, s := grisonval.Ruleset{}, grisonval.StateOf(lateState())
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			raw, _, err := rs.Encode(s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(raw)), "B/json")
		}
	})
	b.Run("encode+gzip", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			enc, _, err := encodeState(rs, s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(enc)), "B/stored")
		}
	})
}
