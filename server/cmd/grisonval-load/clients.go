package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// clientsLoad is a crowd of clients, each with its own connection and its
// own token, holding a tick stream and calling GetView (a player) or
// GetFrame (a spectator) at a rate.
type clientsLoad struct {
	clients          int
	rate             float64 // views per second of each client
	warmup, duration time.Duration
	timeout          time.Duration // of one view
	crowd            crowdSpec
}

// clientsResult is what one run of a clientsLoad measured.
type clientsResult struct {
	// views count from the instant each view was due; trips from the
	// instant it was sent, leaving out how late the load tool's own
	// goroutine woke to send it; frames are the spectators' GetFrame,
	// from the instant each was due.
	views, trips, frames summary
	// serverView and serverFrame are the server's own p99 of GetView and
	// GetFrame handling over the run (its metrics: the upper bound of a
	// bucket; -1 past the last), 0 when it has no metrics.
	serverView, serverFrame time.Duration
	viewErrors              int
	streamErrors            int
	// notices counts the tick notices received in the measured window;
	// lateness is how long after the deadline it follows each came.
	notices  int
	lateness summary
	// rss and peak are the server's memory at the end of the load; files
	// the files it holds open (database files) before the clients came and
	// after they left; cores the CPU it used during the window.
	rss, peak               int64
	filesBefore, filesAfter int
	cores                   float64
	// perClient is the server's goroutines and heap in use per client: the
	// difference between before the clients connect and the middle of the
	// measured window, over the clients (zero without metrics).
	perClient processGauges
	// connect is how long the clients took to connect, all of them,
	// before the load.
	connect time.Duration
	first   error
}

// connectTimeout bounds how long the clients of a run may take to
// connect.
const connectTimeout = 5 * time.Minute

// connectAll connects every conn and waits until each is ready, within
// d, 64 handshakes at once.
func connectAll(ctx context.Context, conns []*grpc.ClientConn, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	sem := make(chan struct{}, 64)
	errs := make(chan error, len(conns))
	for _, c := range conns {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			c.Connect()
			for st := c.GetState(); st != connectivity.Ready; st = c.GetState() {
				if !c.WaitForStateChange(ctx, st) {
					errs <- fmt.Errorf("connect: %w (state %s)", ctx.Err(), st)
					return
				}
			}
		}()
	}
	for range cap(sem) {
		sem <- struct{}{}
	}
	close(errs)
	return <-errs // the first, or nil
}

// runClients runs l against t with the clients of cr. A view's latency
// counts from the instant it was due, so that a slow answer also counts
// against the views it delayed.
// started is called once the clients are connected, as the load starts.
func runClients(ctx context.Context, t *target, cr crowd, l clientsLoad, started func()) (clientsResult, error) {
	var res clientsResult
	_, res.filesBefore = t.proc.fds()
	var g0, g1 processGauges
	if t.metrics != "" {
		var err error
		if g0, err = readGauges(ctx, t); err != nil {
			return res, err
		}
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		views  []*latencies
		trips  []*latencies
		frames []*latencies
		lates  []*latencies
	)
	fail := func(view bool, err error) {
		mu.Lock()
		defer mu.Unlock()
		if view {
			res.viewErrors++
		} else {
			res.streamErrors++
		}
		if res.first == nil {
			res.first = err
		}
	}
	// Every client connects before the load starts: on a small machine
	// thousands of handshakes take longer than any warmup, and each view
	// due meanwhile would count them.
	conns := make([]*grpc.ClientConn, len(cr.members))
	for i := range conns {
		conn, err := dial(t.proc.addr, t.creds)
		if err != nil {
			return res, err
		}
		defer conn.Close()
		conns[i] = conn
	}
	began := time.Now()
	if err := connectAll(ctx, conns, connectTimeout); err != nil {
		return res, err
	}
	res.connect = time.Since(began)
	started()
	start := time.Now()
	from, end := start.Add(l.warmup), start.Add(l.warmup+l.duration)
	// The load ends by cancellation, not by a deadline: a deadline would
	// reach the server, which may end a stream before the client's own
	// clock says the deadline passed.
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	endTimer := time.AfterFunc(time.Until(end), stop)
	defer endTimer.Stop()
	interval := time.Duration(float64(time.Second) / l.rate)
	var cpu0 time.Duration
	cpuTimer := time.AfterFunc(l.warmup, func() { cpu0 = t.proc.cpu() })
	defer cpuTimer.Stop()
	gauges := make(chan error, 1)
	if t.metrics != "" {
		gaugeTimer := time.AfterFunc(l.warmup+l.duration/2, func() {
			var err error
			g1, err = readGauges(ctx, t)
			gauges <- err
		})
		defer gaugeTimer.Stop()
	} else {
		gauges <- nil
	}
	for i, m := range cr.members {
		conn := conns[i]
		camp := m.camp
		cctx := as(lctx, m.token)
		wg.Add(2)
		go func() {
			defer wg.Done()
			lat := &latencies{}
			defer func() { mu.Lock(); lates = append(lates, lat); mu.Unlock() }()
			stream, err := pb.NewGameServiceClient(conn).WatchTicks(cctx, &pb.WatchTicksRequest{})
			if err != nil {
				fail(false, err)
				return
			}
			var due time.Time
			for {
				n, err := stream.Recv()
				if err != nil {
					if lctx.Err() == nil {
						fail(false, err)
					}
					return
				}
				if now := time.Now(); !due.IsZero() && now.After(from) && now.Before(end) {
					lat.add(now.Sub(due))
				}
				due = time.Time{}
				if n.GetNextDeadline() != nil {
					due = n.GetNextDeadline().AsTime()
				}
			}
		}()
		go func() {
			defer wg.Done()
			lat, trip := &latencies{}, &latencies{}
			defer func() {
				mu.Lock()
				defer mu.Unlock()
				if m.spectator() {
					frames = append(frames, lat)
				} else {
					views, trips = append(views, lat), append(trips, trip)
				}
			}()
			r := &rawReply{}
			next := start.Add(rand.N(interval))
			for k := 0; next.Before(end); k++ {
				select {
				case <-time.After(time.Until(next)):
				case <-lctx.Done():
					return
				}
				vctx, cancel := context.WithTimeout(cctx, l.timeout)
				r.keep = k == 0
				sent := time.Now()
				var err error
				if m.spectator() {
					err = getFrame(vctx, conn, r)
				} else {
					err = getView(vctx, conn, r)
				}
				took := time.Since(sent)
				cancel()
				if err == nil && k == 0 {
					if m.spectator() {
						err = checkFrame(r.buf, t.noop())
					} else {
						err = checkView(r.buf, camp, t.noop())
					}
				}
				if next.After(from) {
					if err != nil && lctx.Err() == nil {
						fail(true, err)
					} else if err == nil {
						lat.add(time.Since(next))
						trip.add(took)
					}
				}
				next = next.Add(interval)
			}
		}()
	}
	<-lctx.Done()
	res.cores = float64(t.proc.cpu()-cpu0) / float64(l.duration)
	if err := <-gauges; err != nil {
		return res, err
	}
	if n := float64(len(cr.members)); t.metrics != "" && n > 0 {
		res.perClient = processGauges{goroutines: (g1.goroutines - g0.goroutines) / n, heap: (g1.heap - g0.heap) / n}
	}
	res.rss, res.peak = t.proc.memory()
	wg.Wait()
	res.views, res.trips, res.frames = merge(views).summarize(), merge(trips).summarize(), merge(frames).summarize()
	lat := merge(lates)
	res.notices = len(lat.d)
	res.lateness = lat.summarize()
	return res, nil
}

// settleFiles waits for the server to let go of what the clients held, and
// counts the files it still holds.
func settleFiles(t *target) int {
	time.Sleep(2 * time.Second)
	_, files := t.proc.fds()
	return files
}
