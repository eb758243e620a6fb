package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// takesFlag reports whether the grisonvald binary bin has flag, a flag
// with a value: a server built before it has not (-metrics, whose listener
// served net/http/pprof before -pprof; -admin-token-file).
func takesFlag(bin, flag string) bool {
	out, _ := exec.Command(bin, "-h").CombinedOutput()
	return strings.Contains(string(out), flag+" ")
}

// profileWindow takes a CPU profile of t over a mode's measured window,
// from after to after+d, into dir/<mode>-<server>.pprof, when profiles
// were asked (dir set) and t serves them; wait returns once it is written.
// Only the first round is profiled: the profiler's own cost stays out of
// the others.
func profileWindow(ctx context.Context, t *target, dir, mode string, round int, after, d time.Duration) (wait func() error) {
	if dir == "" || t.pprof == "" || round > 0 {
		return func() error { return nil }
	}
	done := make(chan error, 1)
	go func() {
		select {
		case <-time.After(after):
		case <-ctx.Done():
			done <- ctx.Err()
			return
		}
		done <- fetchProfile(ctx, t.pprof, filepath.Join(dir, mode+"-"+t.name+".pprof"), d)
	}()
	return func() error { return <-done }
}

// fetchProfile writes the CPU profile of d served at the profiles' address
// addr to path.
func fetchProfile(ctx context.Context, addr, path string, d time.Duration) error {
	secs := max(1, int(d.Round(time.Second)/time.Second))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", addr, secs), nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile: %s", resp.Status)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return fmt.Errorf("profile: %w", err)
	}
	return f.Close()
}

// checkProfiles checks that the run left a profile of every mode of every
// server that serves them.
func checkProfiles(c config) error {
	for _, t := range c.servers {
		if !takesFlag(t.bin, "-metrics") {
			continue
		}
		for _, m := range c.modes {
			path := filepath.Join(c.profile, m+"-"+t.name+".pprof")
			if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
				return fmt.Errorf("no profile of %s in mode %s at %s", t.name, m, path)
			}
		}
	}
	return nil
}

// handlingBuckets returns the cumulative counts of the server's histogram
// of method's handling time (grpc_server_handling_seconds, from the metrics
// listener at addr), by bucket upper bound in seconds.
func handlingBuckets(ctx context.Context, addr, method string) (map[float64]float64, error) {
	return histogram(ctx, addr, "grpc_server_handling_seconds", `grpc_method="`+method+`"`)
}

// histogram returns the cumulative counts of the server's histogram metric
// (from the metrics listener at addr), over its series whose labels hold
// match, by bucket upper bound in seconds.
func histogram(ctx context.Context, addr, metric, match string) (map[float64]float64, error) {
	b, err := scrape(ctx, addr)
	if err != nil {
		return nil, err
	}
	out := make(map[float64]float64)
	for _, line := range strings.Split(b, "\n") {
		if !strings.HasPrefix(line, metric+"_bucket{") || !strings.Contains(line, match) {
			continue
		}
		_, rest, _ := strings.Cut(line, `le="`)
		le, rest, _ := strings.Cut(rest, `"`)
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		bound, err1 := strconv.ParseFloat(le, 64) // "+Inf" parses as +Inf
		n, err2 := strconv.ParseFloat(fields[len(fields)-1], 64)
		if err1 == nil && err2 == nil {
			out[bound] += n
		}
	}
	return out, nil
}

// scrape returns the text of the metrics listener at addr.
func scrape(ctx context.Context, addr string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/metrics", nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("metrics: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", fmt.Errorf("metrics: %w", err)
	}
	return string(b), nil
}

// processGauges are the server's goroutines and heap in use, from its
// metrics (the Go collector's).
type processGauges struct {
	goroutines, heap float64
}

// readGauges reads the server's processGauges from the metrics listener
// of t, after a garbage collection (asked of its profiles' listener: the
// heap profile with gc=1), so that the heap in use is the live heap.
func readGauges(ctx context.Context, t *target) (processGauges, error) {
	if t.pprof != "" {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+t.pprof+"/debug/pprof/heap?gc=1", nil)
		if err != nil {
			return processGauges{}, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return processGauges{}, fmt.Errorf("heap profile: %w", err)
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil {
			return processGauges{}, fmt.Errorf("heap profile: %w", err)
		}
	}
	b, err := scrape(ctx, t.metrics)
	if err != nil {
		return processGauges{}, err
	}
	var g processGauges
	for _, line := range strings.Split(b, "\n") {
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		var dst *float64
		switch name {
		case "go_goroutines":
			dst = &g.goroutines
		case "go_memstats_heap_inuse_bytes":
			dst = &g.heap
		default:
			continue
		}
		if *dst, err = strconv.ParseFloat(value, 64); err != nil {
			return processGauges{}, fmt.Errorf("metrics: %s: %w", name, err)
		}
	}
	return g, nil
}

// handlingP99 returns the upper bound of the bucket holding the 99th
// percentile of the calls counted between two reads of handlingBuckets, and
// how many calls that is.
func handlingP99(before, after map[float64]float64) (bound time.Duration, calls int) {
	return bucketQuantile(before, after, 0.99)
}

// bucketQuantile returns the upper bound of the bucket holding the q-th
// quantile of the observations counted between two reads of histogram
// (-1 past the last finite bound), and how many observations that is.
func bucketQuantile(before, after map[float64]float64, q float64) (bound time.Duration, calls int) {
	bounds := make([]float64, 0, len(after))
	for b := range after {
		bounds = append(bounds, b)
	}
	slices.Sort(bounds)
	if len(bounds) == 0 {
		return 0, 0
	}
	total := after[bounds[len(bounds)-1]] - before[bounds[len(bounds)-1]]
	for _, b := range bounds {
		if after[b]-before[b] >= q*total {
			if math.IsInf(b, 1) {
				return -1, int(total)
			}
			return time.Duration(b * float64(time.Second)), int(total)
		}
	}
	return -1, int(total)
}
