package main

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc"
)

// viewLoad is a closed-loop GetView load: workers spread over conns client
// connections, each calling again as soon as it has its answer.
type viewLoad struct {
	workers, conns   int
	warmup, duration time.Duration
}

// viewResult is what one run of a viewLoad measured.
type viewResult struct {
	qps    float64
	lat    summary
	errors int
	bytes  int     // the size of a reply
	cpu    float64 // the server's CPU time per call, in microseconds
	first  error   // the first error, if any
}

// runView runs l against t's world w.
func runView(ctx context.Context, t *target, w world, l viewLoad) (viewResult, error) {
	conns := make([]*grpc.ClientConn, l.conns)
	for i := range conns {
		c, err := dial(t.proc.addr, t.creds)
		if err != nil {
			return viewResult{}, err
		}
		defer c.Close()
		conns[i] = c
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		lats    []*latencies
		errs    int
		size    int
		firstEr error
	)
	start := time.Now()
	measureFrom, end := start.Add(l.warmup), start.Add(l.warmup+l.duration)
	var cpu0 time.Duration
	cpuTimer := time.AfterFunc(l.warmup, func() { cpu0 = t.proc.cpu() })
	defer cpuTimer.Stop()
	for i := range l.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			camp := i % len(w.tokens)
			cctx := as(ctx, w.tokens[camp])
			conn := conns[i%len(conns)]
			lat, n := &latencies{}, 0
			r := &rawReply{keep: true}
			for k := 0; ; k++ {
				t0 := time.Now()
				if !t0.Before(end) || ctx.Err() != nil {
					break
				}
				r.keep = k == 0
				err := getView(cctx, conn, r)
				t1 := time.Now()
				if err == nil && k == 0 {
					err = checkView(r.buf, camp, t.noop())
				}
				if t0.Before(measureFrom) {
					continue
				}
				if err != nil {
					mu.Lock()
					errs++
					if firstEr == nil {
						firstEr = err
					}
					mu.Unlock()
					continue
				}
				lat.add(t1.Sub(t0))
				n = r.n
			}
			mu.Lock()
			lats = append(lats, lat)
			size = max(size, n)
			mu.Unlock()
		}()
	}
	wg.Wait()
	cpu := t.proc.cpu() - cpu0
	all := merge(lats).summarize()
	res := viewResult{qps: float64(all.n) / l.duration.Seconds(), lat: all, errors: errs, bytes: size}
	if all.n > 0 {
		res.cpu = float64(cpu.Microseconds()) / float64(all.n)
	}
	res.first = firstEr
	return res, nil
}
