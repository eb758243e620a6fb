package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// servesProfiles reports whether the grisonvald binary bin has the
// -metrics flag, whose listener serves net/http/pprof (a server built
// before it has not).
func servesProfiles(bin string) bool {
	out, _ := exec.Command(bin, "-h").CombinedOutput()
	return strings.Contains(string(out), "-metrics")
}

// profileWindow takes a CPU profile of t over a mode's measured window,
// from after to after+d, into dir/<mode>-<server>.pprof, when profiles
// were asked (dir set) and t serves them; wait returns once it is written.
// Only the first round is profiled: the profiler's own cost stays out of
// the others.
func profileWindow(ctx context.Context, t *target, dir, mode string, round int, after, d time.Duration) (wait func() error) {
	if dir == "" || t.metrics == "" || round > 0 {
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
		done <- fetchProfile(ctx, t.metrics, filepath.Join(dir, mode+"-"+t.name+".pprof"), d)
	}()
	return func() error { return <-done }
}

// fetchProfile writes the CPU profile of d served at the metrics address
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
		if !servesProfiles(t.bin) {
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
