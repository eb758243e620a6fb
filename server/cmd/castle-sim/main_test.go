package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestRunIsDeterministic checks that the table depends on the games only,
// not on how many goroutines play them, and has a row per number of
// cities and a column per strategy of the mix.
func TestRunIsDeterministic(t *testing.T) {
	var out [2]bytes.Buffer
	for i, workers := range []int{1, 3} {
		if err := run(&out[i], "2,6", "prudent,aggressive,default", false, config{games: 30, seed: 5, workers: workers, maxDays: 5000}); err != nil {
			t.Fatal(err)
		}
	}
	if out[0].String() != out[1].String() {
		t.Errorf("1 worker:\n%s\n3 workers:\n%s\nwant the same table", &out[0], &out[1])
	}
	for _, want := range []string{"\n| 2 | 30 | ", "\n| 6 | 30 | ", "| cities | prudent | aggressive | default |"} {
		if !strings.Contains(out[0].String(), want) {
			t.Errorf("no %q in\n%s", want, &out[0])
		}
	}
}

// TestPlay checks one game's record: it ends, its winners stand (or fell
// together last), every city that fell has a cause, and the cards played
// outnumber those discarded.
func TestPlay(t *testing.T) {
	mix, err := parseMix("prudent,aggressive,growth,auto")
	if err != nil {
		t.Fatal(err)
	}
	for n := 2; n <= 6; n++ {
		for seed := uint64(1); seed <= 10; seed++ {
			r := play(seed, n, mix, 5000, nil)
			if !r.finished || len(r.winners) == 0 || len(r.causes) < n-len(r.winners) || r.discarded > r.held || len(r.ends) == 0 {
				t.Errorf("%d cities, seed %d: %+v", n, seed, r)
			}
		}
	}
	var trace bytes.Buffer
	if err := run(&trace, "3", "growth", true, config{seed: 2, maxDays: 5000}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(trace.String(), "croissance : ") || !strings.Contains(trace.String(), "falls on turn") {
		t.Errorf("trace:\n%s\nwant the orders' reasons and the falls", &trace)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		cities string
		want   string
	}{
		{"2-6", "[2 3 4 5 6]"}, {"4", "[4]"}, {"2,5", "[2 5]"}, {"1-3", "error"}, {"7", "error"}, {"5-3", "error"}, {"x", "error"},
	}
	for _, tt := range tests {
		ns, err := parseCities(tt.cities)
		got := fmt.Sprint(ns)
		if err != nil {
			got = "error"
		}
		if got != tt.want {
			t.Errorf("parseCities(%q) = %s; want %s", tt.cities, got, tt.want)
		}
	}
	if _, err := parseMix("prudent,bold"); err == nil {
		t.Error("parseMix accepts a strategy named bold")
	}
}

// TestVerdict checks the bar: the first seat at most 1.5 times its
// fair share, and no gauge (civilians at 0 and 10 together) ending more
// than 80 % of the games.
func TestVerdict(t *testing.T) {
	tests := []struct {
		seat0 float64
		ends  map[string]float64
		want  string
	}{
		{50, map[string]float64{"civilians_0": 40, "civilians_10": 30, "army_10": 30}, "ok"},
		{80, map[string]float64{"civilians_0": 40, "civilians_10": 30, "army_10": 30}, "FAIL: first seat"},
		{50, map[string]float64{"civilians_0": 45, "civilians_10": 40, "army_10": 15}, "FAIL: ends by civilians"},
		{50, map[string]float64{"civilians_0": 10, "civilians_10": 5, "army_10": 85}, "FAIL: ends by army"},
	}
	for _, tt := range tests {
		st := stats{n: 2, games: 100, seatWins: []float64{tt.seat0, 100 - tt.seat0}, ends: tt.ends}
		if got := st.verdict(); got != tt.want {
			t.Errorf("first seat %v, ends %v: %q; want %q", tt.seat0, tt.ends, got, tt.want)
		}
	}
}
