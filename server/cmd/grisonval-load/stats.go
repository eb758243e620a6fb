package main

import (
	"fmt"
	"slices"
	"time"
)

// latencies collects call durations; its zero value is ready. It is not
// safe for concurrent use: each client keeps its own and they are merged.
type latencies struct {
	d []time.Duration
}

func (l *latencies) add(d time.Duration) { l.d = append(l.d, d) }

// merge returns every duration of ls in one collection.
func merge(ls []*latencies) *latencies {
	n := 0
	for _, l := range ls {
		n += len(l.d)
	}
	out := &latencies{d: make([]time.Duration, 0, n)}
	for _, l := range ls {
		out.d = append(out.d, l.d...)
	}
	return out
}

// summary is the distribution of a collection of durations.
type summary struct {
	n                         int
	p50, p90, p99, p999, max_ time.Duration
}

// summarize sorts l and returns its distribution.
func (l *latencies) summarize() summary {
	slices.Sort(l.d)
	s := summary{n: len(l.d)}
	if s.n == 0 {
		return s
	}
	s.p50, s.p90, s.p99, s.p999 = l.quantile(0.50), l.quantile(0.90), l.quantile(0.99), l.quantile(0.999)
	s.max_ = l.d[s.n-1]
	return s
}

// quantile returns the q-quantile of the sorted durations (nearest rank).
func (l *latencies) quantile(q float64) time.Duration {
	i := int(q*float64(len(l.d))+0.5) - 1
	return l.d[min(max(i, 0), len(l.d)-1)]
}

// ms formats d in milliseconds with a precision that suits its size.
func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	switch {
	case f < 1:
		return fmt.Sprintf("%.3f", f)
	case f < 100:
		return fmt.Sprintf("%.1f", f)
	}
	return fmt.Sprintf("%.0f", f)
}

// mib formats a size in bytes in MiB.
func mib(b int64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

// minMedian returns the least and the median of xs.
func minMedian(xs []float64) (lo, med float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[0], s[(len(s)-1)/2]
}
