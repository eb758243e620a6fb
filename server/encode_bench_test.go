package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"io"
	"testing"

	engine "github.com/grisonval/server/engine/grisonval"
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
// late-game state of 3 x 1,200 citizens: encodeState, the ruleset's
// canonical encoding (the engine's binary form, which the store keeps as it
// is) and its hash (encode). Beside it: what the loop did before, the
// engine's JSON and its hash (json), gzipped at level 2 for the store
// (json+gzip); and the cheapest gzip of the binary form (encode+gzip1),
// whose cost says why the store keeps it as it is.
func BenchmarkEncodeState(b *testing.B) {
	w := lateState()
	rs, s := grisonval.Ruleset{}, grisonval.StateOf(w)
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			enc, _, err := encodeState(rs, s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(enc)), "B/stored")
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			raw, err := engine.JSON(w)
			if err != nil {
				b.Fatal(err)
			}
			sha256.Sum256(raw)
			b.ReportMetric(float64(len(raw)), "B/json")
		}
	})
	b.Run("json+gzip", func(b *testing.B) {
		benchGzip(b, 2, func() ([]byte, error) {
			raw, err := engine.JSON(w)
			sha256.Sum256(raw)
			return raw, err
		})
	})
	b.Run("encode+gzip1", func(b *testing.B) {
		benchGzip(b, 1, func() ([]byte, error) {
			raw, _, err := encodeState(rs, s)
			return raw, err
		})
	})
}

// benchGzip measures encode then gzip at level, with one writer reused.
func benchGzip(b *testing.B, level int, encode func() ([]byte, error)) {
	zw, err := gzip.NewWriterLevel(io.Discard, level)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		raw, err := encode()
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		zw.Reset(&buf)
		if _, err := zw.Write(raw); err != nil {
			b.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(buf.Len()), "B/stored")
	}
}
