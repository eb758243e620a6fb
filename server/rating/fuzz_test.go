package rating

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// FuzzRate feeds Rate arbitrary matches: it must refuse what is malformed
// with ErrInvalid and otherwise return finite ratings with a positive
// Sigma, never panic.
func FuzzRate(f *testing.F) {
	f.Add([]byte{2, 1, 1, 1, 2}, 25.0, 25.0/3)
	f.Add([]byte{3, 2, 1, 3, 1, 2, 1, 2}, 20.0, 8.0)
	f.Add([]byte{1, 1, 1}, 25.0, 1.0)
	f.Add([]byte{4, 1, 1, 1, 1, 2, 2, 2, 2}, -1e9, 1e-9)
	// Found by the fuzzer: the worth of a camp far behind the best
	// vanished, and a share of zero over zero gave NaN.
	f.Add([]byte("2122C"), -1e10, 9.999965300266922e-10)
	f.Fuzz(func(t *testing.T, data []byte, mu, sigma float64) {
		if len(data) == 0 {
			return
		}
		n := int(data[0] % 8)
		data = data[1:]
		camps := make([][]Rating, n)
		ranks := make([]int, n)
		for i := range camps {
			players := 1
			if len(data) > 0 {
				players = int(data[0] % 4)
				data = data[1:]
			}
			for j := range players {
				camps[i] = append(camps[i], Rating{Mu: mu + float64(i), Sigma: sigma * float64(j+1)})
			}
			if len(data) > 0 {
				ranks[i] = int(data[0]%8) - 1
				data = data[1:]
			}
		}
		out, err := DefaultModel().Rate(camps, ranks)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v; want ErrInvalid", err)
			}
			return
		}
		for i := range out {
			for j, r := range out[i] {
				if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
					t.Fatalf("camp %d player %d: got %v from %v", i, j, r, camps[i][j])
				}
			}
		}
	})
}

// FuzzFit feeds Fit arbitrary matches and options: it must refuse what is
// malformed with ErrInvalid, may find no estimate without a prior, and
// otherwise return finite ratings with the anchor at AnchorRating, never
// panic.
func FuzzFit(f *testing.F) {
	f.Add([]byte{3, 3, 0, 1, 2, 1, 2, 3, 3, 2, 0, 1, 1, 1, 2}, true, uint8(1), uint8(2))
	f.Add([]byte{2, 2, 0, 1, 1, 2, 2, 1, 0, 1, 2}, false, uint8(0), uint8(0))
	f.Add([]byte{4, 4, 0, 1, 2, 3, 1, 1, 1, 1}, true, uint8(0), uint8(1))
	f.Add([]byte{5, 1, 0, 1}, false, uint8(3), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, positions bool, prior, resamples uint8) {
		if len(data) == 0 {
			return
		}
		opts := FitOptions{
			Entrants:  int(data[0] % 9),
			Positions: positions,
			Prior:     float64(prior%4) / 2,
			Resamples: int(resamples % 4),
			Seed:      binary.LittleEndian.Uint64(append(data[:len(data):len(data)], make([]byte, 8)...)),
		}
		data = data[1:]
		var matches []Match
		for len(data) > 0 && len(matches) < 20 {
			n := int(data[0] % (MaxCamps + 2))
			data = data[1:]
			m := Match{Entrants: make([]int, n), Ranks: make([]int, n)}
			for c := range n {
				if len(data) > 1 {
					m.Entrants[c], m.Ranks[c] = int(data[0]%10), int(data[1]%8)
					data = data[2:]
				}
			}
			matches = append(matches, m)
		}
		table, err := Fit(matches, opts)
		if err != nil {
			if !errors.Is(err, ErrInvalid) && !(opts.Prior == 0 && (errors.Is(err, ErrNoEstimate) || errors.Is(err, ErrNotConverged))) {
				t.Fatalf("got %v with prior %v", err, opts.Prior)
			}
			return
		}
		if got := table.Entrants[opts.Anchor].Rating; got != AnchorRating {
			t.Fatalf("anchor: got %v; want %v", got, AnchorRating)
		}
		for _, est := range append(table.Entrants, table.Positions...) {
			for _, x := range []float64{est.Rating, est.Low, est.High} {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("got %+v", table)
				}
			}
		}
	})
}
