package main

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestQuantiles(t *testing.T) {
	l := &latencies{}
	for i := 1000; i >= 1; i-- {
		l.add(time.Duration(i) * time.Millisecond)
	}
	s := l.summarize()
	for _, c := range []struct {
		name      string
		got, want time.Duration
	}{
		{"p50", s.p50, 500 * time.Millisecond},
		{"p90", s.p90, 900 * time.Millisecond},
		{"p99", s.p99, 990 * time.Millisecond},
		{"p99.9", s.p999, 999 * time.Millisecond},
		{"max", s.max_, time.Second},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v; want %v", c.name, c.got, c.want)
		}
	}
	if s := (&latencies{}).summarize(); s.n != 0 || s.p99 != 0 {
		t.Errorf("empty summary %+v; want zero", s)
	}
}

func TestMinMedian(t *testing.T) {
	for _, c := range []struct {
		xs       []float64
		lo, med  float64
		rendered string
	}{
		{[]float64{3, 1, 2}, 1, 2, "1 / 2"},
		{[]float64{5}, 5, 5, "5"},
		{[]float64{4, 1, 3, 2}, 1, 2, "1 / 2"},
	} {
		lo, med := minMedian(c.xs)
		if lo != c.lo || med != c.med {
			t.Errorf("minMedian(%v) = %v, %v; want %v, %v", c.xs, lo, med, c.lo, c.med)
		}
		if got := pair(c.xs, "%.0f"); got != c.rendered {
			t.Errorf("pair(%v) = %q; want %q", c.xs, got, c.rendered)
		}
	}
}

func TestLostLeases(t *testing.T) {
	log := filepath.Join(t.TempDir(), "server.log")
	lines := `{"level":"info","world":1,"message":"tick resolved"}
{"level":"warn","world":2,"message":"lease lost; the world stops here"}
{"level":"warn","world":2,"message":"lease lost: the world is run by another server now"}
{"level":"warn","world":3,"message":"lease not renewed; retrying"}
{"level":"warn","world":4,"message":"lease lost: the world is run by another server now"}
`
	if err := os.WriteFile(log, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := lostLeases(log); got != 2 {
		t.Errorf("lostLeases = %d; want 2 (worlds 2 and 4)", got)
	}
}

func TestParseServers(t *testing.T) {
	ts, err := parseServers(t.Context(), "before=/a/grisonvald,after=b", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 2 || ts[0].name != "before" || ts[0].bin != "/a/grisonvald" || ts[1].name != "after" || !filepath.IsAbs(ts[1].bin) {
		t.Errorf("parseServers = %+v, %+v; want before=/a/grisonvald and after=<absolute b>", ts[0], ts[1])
	}
	for _, bad := range []string{"noop=/x", "/x", "=x"} {
		if _, err := parseServers(t.Context(), bad, t.TempDir()); err == nil {
			t.Errorf("parseServers(%q) accepted", bad)
		}
	}
}

func TestHandlingP99(t *testing.T) {
	inf := math.Inf(1)
	before := map[float64]float64{0.00064: 5, 0.00256: 5, 0.01024: 5, inf: 5}
	after := map[float64]float64{0.00064: 905, 0.00256: 1000, 0.01024: 1005, inf: 1005}
	if p99, n := handlingP99(before, after); p99 != 2560*time.Microsecond || n != 1000 {
		t.Errorf("handlingP99 = %v, %d; want 2.56ms of 1000 calls", p99, n)
	}
	after[0.00256] = 980
	if p99, _ := handlingP99(before, after); p99 != 10240*time.Microsecond {
		t.Errorf("handlingP99 = %v; want 10.24ms once 2 %% of the calls are slower than 2.56ms", p99)
	}
}
