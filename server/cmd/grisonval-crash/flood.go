package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// floodConfig is one flood run.
type floodConfig struct {
	URL string // an empty Postgres database
	Dir string // a folder for the binary, connect.txt and the logs
	// Baseline is how long the scripted camps play before the flood, the
	// flood how long one token floods while they play.
	Baseline, Flood time.Duration
	Out             io.Writer
}

// floodReport is what a flood run measured.
type floodReport struct {
	// Before and During are the scripted camps' call latencies (GetView
	// and SubmitOrder) before and during the flood.
	Before, During latencyStats
	// Orders, Messages and Streams are the flood's calls: accepted,
	// refused with ResourceExhausted, failed otherwise.
	Orders, Messages, Streams floodCounts
	// FloodRows are the flooding camp's orders left in the store; Days
	// the days they span.
	FloodRows, Days int
	// StoreGrowth and LogGrowth are how much the database and the
	// server's log grew during the flood.
	StoreGrowth, LogGrowth int64
	// FilesBefore, FilesPeak and FilesAfter are the server's open file
	// descriptors before the flood, at its end and once its connections
	// closed.
	FilesBefore, FilesPeak, FilesAfter int
	// Acked are the scripted camps' acknowledged orders, all found stored
	// and played; Ticks the last day of the flooded world.
	Acked, Ticks int
}

// latencyStats summarises call latencies.
type latencyStats struct {
	Calls         int
	P50, P99, Max time.Duration
}

func summarize(d []time.Duration) latencyStats {
	if len(d) == 0 {
		return latencyStats{}
	}
	slices.Sort(d)
	at := func(q float64) time.Duration { return d[min(len(d)-1, int(q*float64(len(d))))] }
	return latencyStats{Calls: len(d), P50: at(0.50), P99: at(0.99), Max: d[len(d)-1]}
}

func (l latencyStats) String() string {
	return fmt.Sprintf("%d calls, p50 %s, p99 %s, max %s", l.Calls, l.P50.Round(10*time.Microsecond), l.P99.Round(10*time.Microsecond), l.Max.Round(10*time.Microsecond))
}

// floodCounts counts the flood's calls by outcome.
type floodCounts struct {
	OK, Limited, Other atomic.Int64

	mu    sync.Mutex        // guards other
	other map[string]string // the first message of each other code
}

func (c *floodCounts) add(err error) {
	switch status.Code(err) {
	case codes.OK:
		c.OK.Add(1)
	case codes.ResourceExhausted:
		c.Limited.Add(1)
	default:
		c.Other.Add(1)
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.other == nil {
			c.other = make(map[string]string)
		}
		if code := status.Code(err).String(); c.other[code] == "" {
			c.other[code] = status.Convert(err).Message()
		}
	}
}

func (c *floodCounts) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprintf("%d accepted, %d refused ResourceExhausted, %d other (first of each code: %q)", c.OK.Load(), c.Limited.Load(), c.Other.Load(), c.other)
}

// floodConns is how many connections the flooding token spreads over.
const floodConns = 32

// runFlood runs one grisonvald process on Postgres with two worlds: the
// scripted camps (every camp of both worlds but one) play by the bot while,
// after cfg.Baseline, the last camp of the first world floods the server
// with orders, messages and tick streams for cfg.Flood from floodConns
// connections. It then checks that every order acknowledged to a scripted
// camp is stored and played and the world replays, and reports the
// scripted camps' latency before and during the flood, what the flood
// left in the store and the log, and the server's open files.
func runFlood(ctx context.Context, cfg floodConfig) (*floodReport, error) {
	rep := &floodReport{}
	bin, err := buildServer(ctx, cfg.Dir)
	if err != nil {
		return rep, err
	}
	c, err := newCluster(bin, cfg.URL, cfg.Dir, 1)
	if err != nil {
		return rep, err
	}
	defer c.close()
	if err := c.start(ctx, 0); err != nil {
		return rep, err
	}
	pid := c.procs[0].Process.Pid
	token := c.admin
	conn, err := c.dial(0)
	if err != nil {
		return rep, err
	}
	defer conn.Close()
	admin := pb.NewAdminServiceClient(conn)
	agent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
	var worlds [2]uint64
	var tokens [2][3]string
	for w := range worlds {
		info, err := admin.CreateWorld(as(ctx, token), &pb.CreateWorldRequest{
			Name: fmt.Sprintf("flood %d", w), Seed: uint64(7 + w), Cadence: durationpb.New(time.Second), SeasonLength: -1,
			Controllers: []*pb.Controller{agent, agent, agent},
		})
		if err != nil {
			return rep, fmt.Errorf("create world: %w", err)
		}
		worlds[w] = info.GetId()
		for camp := range tokens[w] {
			resp, err := admin.IssueToken(as(ctx, token), &pb.IssueTokenRequest{WorldId: info.GetId(), Camp: int32(camp)})
			if err != nil {
				return rep, fmt.Errorf("issue token: %w", err)
			}
			tokens[w][camp] = resp.GetToken()
		}
	}

	// The scripted camps play, each on its own connection, timing their
	// calls.
	var (
		flooding atomic.Bool
		mu       sync.Mutex
		before   []time.Duration
		during   []time.Duration
		acks     [2][]acked
		wg       sync.WaitGroup
	)
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	timed := func(call func() error) error {
		t0 := time.Now()
		err := call()
		d := time.Since(t0)
		mu.Lock()
		if flooding.Load() {
			during = append(during, d)
		} else {
			before = append(before, d)
		}
		mu.Unlock()
		return err
	}
	for w := range worlds {
		for camp := range 3 {
			if w == 0 && camp == 2 {
				continue // the flooder
			}
			pconn, err := c.dial(0)
			if err != nil {
				return rep, err
			}
			defer pconn.Close()
			pgame := pb.NewGameServiceClient(pconn)
			pctx := as(playCtx, tokens[w][camp])
			wg.Go(func() {
				var state bot.State
				for n := 0; playCtx.Err() == nil; n++ {
					var v *pb.CampView
					err := timed(func() (err error) { v, err = pgame.GetView(pctx, &pb.GetViewRequest{}); return err })
					if err == nil && v.GetPendingOrder() == nil {
						o, next := bot.Decide(v, state)
						o.Reason = fmt.Sprintf("flood test: world %d camp %d order %d", w, camp, n)
						var resp *pb.SubmitOrderResponse
						err = timed(func() (err error) {
							resp, err = pgame.SubmitOrder(pctx, &pb.SubmitOrderRequest{Order: o})
							return err
						})
						if err == nil {
							state = next
							mu.Lock()
							acks[w] = append(acks[w], acked{day: int(resp.GetDay()), camp: camp, action: o.GetAction(), args: o.GetArgs(), reason: o.GetReason()})
							mu.Unlock()
						}
					}
					select {
					case <-playCtx.Done():
					case <-time.After(50 * time.Millisecond):
					}
				}
			})
		}
	}
	select {
	case <-ctx.Done():
		return rep, ctx.Err()
	case <-time.After(cfg.Baseline):
	}

	// The flood.
	rep.FilesBefore = openFiles(pid)
	dbBefore, err := databaseSize(ctx, cfg.URL)
	if err != nil {
		return rep, err
	}
	logBefore := fileSize(c.logs[0].Name())
	var fconns []*grpc.ClientConn
	for range floodConns {
		fc, err := c.dial(0)
		if err != nil {
			return rep, err
		}
		defer fc.Close()
		fconns = append(fconns, fc)
	}
	// The flood ends by cancellation, not by a deadline: a deadline would
	// reach the server, which refuses a call past it before the client's
	// own clock says it passed.
	fctx, stopFlood := context.WithCancel(as(ctx, tokens[0][2]))
	defer stopFlood()
	floodTimer := time.AfterFunc(cfg.Flood, stopFlood)
	defer floodTimer.Stop()
	flooding.Store(true)
	fmt.Fprintf(cfg.Out, "flood: one token floods orders, messages and streams for %s\n", cfg.Flood)
	var flood sync.WaitGroup
	for i := range 8 {
		fgame := pb.NewGameServiceClient(fconns[i%floodConns])
		flood.Go(func() {
			for fctx.Err() == nil {
				_, err := fgame.SubmitOrder(fctx, &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest", Reason: "flood"}})
				if fctx.Err() == nil {
					rep.Orders.add(err)
				}
			}
		})
	}
	for i := range 4 {
		fgame := pb.NewGameServiceClient(fconns[(8+i)%floodConns])
		flood.Go(func() {
			for fctx.Err() == nil {
				_, err := fgame.SendMessage(fctx, &pb.SendMessageRequest{ToCamp: 0, Text: "flood"})
				if fctx.Err() == nil {
					rep.Messages.add(err)
				}
			}
		})
	}
	flood.Go(func() {
		for i := 0; fctx.Err() == nil; i++ {
			stream, err := pb.NewGameServiceClient(fconns[i%floodConns]).WatchTicks(fctx, &pb.WatchTicksRequest{})
			if err == nil {
				_, err = stream.Recv()
			}
			if fctx.Err() != nil {
				return
			}
			rep.Streams.add(err)
			if err == nil {
				flood.Go(func() { // hold it, reading, until the flood ends
					for {
						if _, err := stream.Recv(); err != nil {
							return
						}
					}
				})
			}
		}
	})
	<-fctx.Done()
	rep.FilesPeak = openFiles(pid)
	flooding.Store(false)
	flood.Wait()
	for _, fc := range fconns {
		fc.Close()
	}
	rep.LogGrowth = fileSize(c.logs[0].Name()) - logBefore
	dbAfter, err := databaseSize(ctx, cfg.URL)
	if err != nil {
		return rep, err
	}
	rep.StoreGrowth = dbAfter - dbBefore
	time.Sleep(2 * time.Second) // the server closes the connections
	rep.FilesAfter = openFiles(pid)
	stopPlay()
	wg.Wait()
	if err := c.term(0, 20*time.Second); err != nil {
		return rep, fmt.Errorf("%w\n%s", err, c.logTail(0, 20))
	}
	rep.Before, rep.During = summarize(before), summarize(during)
	for w := range worlds {
		rep.Acked += len(acks[w])
		last, err := checkStore(ctx, cfg.URL, worlds[w], acks[w])
		if err != nil {
			return rep, fmt.Errorf("world %d: %w", w, err)
		}
		if w == 0 {
			rep.Ticks = last
		}
	}
	rep.FloodRows, rep.Days, err = campOrders(ctx, cfg.URL, worlds[0], 2)
	return rep, err
}

// print writes the report's figures.
func (r *floodReport) print(out io.Writer) {
	fmt.Fprintf(out, "scripted camps before the flood: %s\n", r.Before)
	fmt.Fprintf(out, "scripted camps during the flood: %s\n", r.During)
	fmt.Fprintf(out, "flood orders: %s\n", &r.Orders)
	fmt.Fprintf(out, "flood messages: %s\n", &r.Messages)
	fmt.Fprintf(out, "flood streams: %s\n", &r.Streams)
	fmt.Fprintf(out, "the flooding camp's orders in the store: %d rows over %d days\n", r.FloodRows, r.Days)
	fmt.Fprintf(out, "database growth during the flood: %d KiB; server log growth: %d KiB\n", r.StoreGrowth/1024, r.LogGrowth/1024)
	fmt.Fprintf(out, "server open files: %d before, %d at the flood's end, %d after\n", r.FilesBefore, r.FilesPeak, r.FilesAfter)
	fmt.Fprintf(out, "%d orders acknowledged to the scripted camps, all stored and played; replay matches (%d days)\n", r.Acked, r.Ticks)
}

// openFiles counts the file descriptors process pid holds (Linux).
func openFiles(pid int) int {
	entries, err := os.ReadDir(filepath.Join("/proc", fmt.Sprint(pid), "fd"))
	if err != nil {
		return -1
	}
	return len(entries)
}

// fileSize returns the size of the file at path, 0 if it cannot be read.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// databaseSize returns the size of the database at url.
func databaseSize(ctx context.Context, url string) (int64, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return 0, fmt.Errorf("database size: %w", err)
	}
	defer conn.Close(ctx)
	var n int64
	if err := conn.QueryRow(ctx, `SELECT pg_database_size(current_database())`).Scan(&n); err != nil {
		return 0, fmt.Errorf("database size: %w", err)
	}
	return n, nil
}

// campOrders counts a camp's stored orders of a world and the days they
// span.
func campOrders(ctx context.Context, url string, worldID uint64, camp int) (rows, days int, err error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return 0, 0, fmt.Errorf("count orders: %w", err)
	}
	defer conn.Close(ctx)
	err = conn.QueryRow(ctx, `SELECT count(*), count(DISTINCT day) FROM orders WHERE world_id = $1 AND camp = $2`,
		int64(worldID), camp).Scan(&rows, &days)
	if err != nil {
		return 0, 0, fmt.Errorf("count orders: %w", err)
	}
	return rows, days, nil
}
