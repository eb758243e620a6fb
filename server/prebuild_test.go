package server_test

import (
	"testing"

	"github.com/rs/zerolog"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/metrics"
)

// TestViewsPrebuiltForReaders: after a day, a world's loop builds the views
// of the camps whose callers read one after the day before, and no other:
// a stream that only listens costs no view a day.
func TestViewsPrebuiltForReaders(t *testing.T) {
	fake := clock.NewFake(start)
	m := metrics.New()
	h := startServerConfig(t, server.Config{Store: openSQLite(t), Clock: fake, Rulesets: rulesets, Metrics: m,
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel)})
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	next0, _ := h.watch(t, w.tokens[0])
	next1, _ := h.watch(t, w.tokens[1])
	day := func(want int) {
		t.Helper()
		h.advance(t, cadence)
		for _, next := range []func() *pb.TickNotice{next0, next1} {
			if n := next(); int(n.GetDay()) != want {
				t.Fatalf("notice of day %d; want %d", n.GetDay(), want)
			}
		}
		// A call through the loop returns once the day's views are built.
		h.advance(t, 0)
	}

	day(1)
	if got := prebuilt(t, m); got != 0 {
		t.Fatalf("views prebuilt after day 1, no view read: %d; want 0", got)
	}
	h.view(t, w.tokens[0]) // camp 0 reads its view of day 1
	day(2)
	if got := prebuilt(t, m); got != 1 {
		t.Fatalf("views prebuilt after day 2, camp 0's read the day before: %d; want 1", got)
	}
	if v := h.view(t, w.tokens[0]); v.GetDay() != 2 {
		t.Fatalf("camp 0's view after day 2: day %d; want 2", v.GetDay())
	}
	day(3)
	if got := prebuilt(t, m); got != 2 {
		t.Fatalf("views prebuilt after day 3, camp 0's read again: %d; want 2", got)
	}
	day(4)
	if got := prebuilt(t, m); got != 2 {
		t.Fatalf("views prebuilt after day 4, no view read on day 3: %d; want 2", got)
	}
}

// prebuilt returns grisonval_views_prebuilt_total as m serves it.
func prebuilt(t *testing.T, m *metrics.Metrics) int {
	t.Helper()
	return int(metricValue(t, m, `grisonval_views_prebuilt_total`))
}
