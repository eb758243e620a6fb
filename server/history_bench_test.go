package server

import (
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// BenchmarkGetHistory measures GetHistory's handler on benchWorld's world
// (at day 120: its camps' posts resolve a day before each forced one) as
// the camp page asks it there: one day in 3, 41 stored states read and
// decoded, each made a frame and cut to the camp's own.
// Run with BenchmarkGetView as the baseline of a page's other call.
func BenchmarkGetHistory(b *testing.B) {
	s, _, camps := benchWorld(b)
	g := &gameService{s: s}
	b.ReportAllocs()
	for b.Loop() {
		h, err := g.GetHistory(camps[0], &pb.GetHistoryRequest{Every: 3})
		if err != nil || h.GetDay() != 120 || len(h.GetDays()) != 41 {
			b.Fatalf("history: day %d, %d days, %v; want day 120, 41 days", h.GetDay(), len(h.GetDays()), err)
		}
	}
}

// BenchmarkGetCatalogue measures GetCatalogue's handler: the feats and
// research pages' call.
func BenchmarkGetCatalogue(b *testing.B) {
	s, _, camps := benchWorld(b)
	g := &gameService{s: s}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.GetCatalogue(camps[0], &pb.GetCatalogueRequest{}); err != nil {
			b.Fatal(err)
		}
	}
}
