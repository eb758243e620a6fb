package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/postgres"
)

// crashConfig is one crash run.
type crashConfig struct {
	URL   string // an empty Postgres database
	Dir   string // a folder for the binary, connect.txt and the logs
	Kills int
	// MinUp and MaxUp bound the random time the server runs between two
	// kills.
	MinUp, MaxUp time.Duration
	Seed         uint64
	Out          io.Writer // progress and the summary
}

// crashReport is what a crash run found.
type crashReport struct {
	Kills    int
	Ticks    int // the last day committed
	Acked    int // orders acknowledged to the clients
	Duration time.Duration
}

// acked is an order the server acknowledged.
type acked struct {
	day, camp int
	action    string
	args      []int32
	reason    string
}

// runCrash plays a world with three bot clients on one grisonvald process
// and kills it with SIGKILL cfg.Kills times at random instants, restarting
// it each time; then stops it with SIGTERM and checks the store: every
// acknowledged order is there and was played or replaced, no tick is
// missing, and a replay from the seed and the orders matches every stored
// state.
func runCrash(ctx context.Context, cfg crashConfig) (crashReport, error) {
	rep := crashReport{}
	began := time.Now()
	rng := rand.New(rand.NewPCG(cfg.Seed, 1))
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
	token := c.admin
	conn, err := c.dial(0)
	if err != nil {
		return rep, err
	}
	defer conn.Close()
	admin, game := pb.NewAdminServiceClient(conn), pb.NewGameServiceClient(conn)
	agent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
	info, err := admin.CreateWorld(as(ctx, token), &pb.CreateWorldRequest{
		Name: "crash", Seed: cfg.Seed | 1, Cadence: durationpb.New(time.Second), SeasonLength: -1, // endless
		Controllers: []*pb.Controller{agent, agent, agent},
	})
	if err != nil {
		return rep, fmt.Errorf("create world: %w", err)
	}
	tokens, err := campTokens(ctx, admin, token, info.GetId())
	if err != nil {
		return rep, err
	}

	// The clients play until the kills are done; each records the orders
	// the server acknowledged.
	playCtx, stopPlay := context.WithCancel(ctx)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		acks []acked
	)
	for camp := range tokens {
		wg.Go(func() {
			var state bot.State
			for n := 0; playCtx.Err() == nil; n++ {
				a, ok, _ := playOnce(as(playCtx, tokens[camp]), game, camp, n, &state)
				if ok {
					mu.Lock()
					acks = append(acks, a)
					mu.Unlock()
				}
			}
		})
	}
	for k := range cfg.Kills {
		up := cfg.MinUp + time.Duration(rng.Int64N(int64(cfg.MaxUp-cfg.MinUp)+1))
		select {
		case <-ctx.Done():
			stopPlay()
			wg.Wait()
			return rep, ctx.Err()
		case <-time.After(up):
		}
		if err := c.kill(0); err != nil {
			stopPlay()
			wg.Wait()
			return rep, err
		}
		rep.Kills++
		if err := c.start(ctx, 0); err != nil {
			stopPlay()
			wg.Wait()
			return rep, fmt.Errorf("after kill %d: %w\n%s", k+1, err, c.logTail(0, 20))
		}
		fmt.Fprintf(cfg.Out, "kill %d after %s: restarted\n", k+1, up.Round(time.Millisecond))
	}
	stopPlay()
	wg.Wait()

	// SIGTERM: the process ends cleanly and tells an open stream why. The
	// connection may still be backing off from the last kill: wait for it.
	stream, err := game.WatchTicks(as(ctx, tokens[0]), &pb.WatchTicksRequest{}, grpc.WaitForReady(true))
	if err != nil {
		return rep, fmt.Errorf("watch ticks before SIGTERM: %w", err)
	}
	if _, err := stream.Recv(); err != nil {
		return rep, fmt.Errorf("watch ticks before SIGTERM: %w", err)
	}
	if err := c.term(0, 20*time.Second); err != nil {
		return rep, fmt.Errorf("%w\n%s", err, c.logTail(0, 20))
	}
	for {
		_, err := stream.Recv()
		if err == nil {
			continue
		}
		if st, _ := status.FromError(err); st.Code() != codes.Unavailable || st.Message() == "" {
			return rep, fmt.Errorf("stream at SIGTERM ended with %v; want Unavailable with a message", err)
		}
		break
	}

	rep.Acked = len(acks)
	rep.Ticks, err = checkStore(ctx, cfg.URL, info.GetId(), acks)
	rep.Duration = time.Since(began)
	return rep, err
}

// playOnce reads camp's view and, unless an order is pending already, posts
// the bot's order with a reason of its own. It returns the order if the
// server acknowledged it, and the error of a call that failed; state is the
// bot's, kept from one acknowledged order to the next.
func playOnce(ctx context.Context, game pb.GameServiceClient, camp, n int, state *bot.State) (acked, bool, error) {
	pause := func(d time.Duration) {
		select {
		case <-ctx.Done():
		case <-time.After(d):
		}
	}
	v, err := game.GetView(ctx, &pb.GetViewRequest{})
	if err != nil {
		pause(20 * time.Millisecond)
		return acked{}, false, err
	}
	if v.GetPendingOrder() != nil {
		pause(5 * time.Millisecond)
		return acked{}, false, nil
	}
	o, next := bot.Decide(v, *state)
	o.Reason = fmt.Sprintf("crash test: camp %d order %d", camp, n)
	resp, err := game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: o})
	if err != nil {
		return acked{}, false, err
	}
	*state = next
	return acked{day: int(resp.GetDay()), camp: camp, action: o.GetAction(), args: o.GetArgs(), reason: o.GetReason()}, true, nil
}

// checkStore checks the store against the acknowledged orders and replays
// the world; it returns the last day committed.
func checkStore(ctx context.Context, url string, worldID uint64, acks []acked) (int, error) {
	st, err := postgres.Open(ctx, url)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	ticks, err := st.TickHashes(ctx, worldID, 1)
	if err != nil {
		return 0, err
	}
	for i, t := range ticks {
		if t.Day != i {
			return 0, fmt.Errorf("tick %d of the store is day %d: a day is missing", i, t.Day)
		}
	}
	last := ticks[len(ticks)-1].Day
	orders, err := st.Orders(ctx, worldID, 1)
	if err != nil {
		return 0, err
	}
	byReason := make(map[string]store.Order, len(orders))
	for _, o := range orders {
		if o.Reason != "" {
			byReason[o.Reason] = o
		}
	}
	for _, a := range acks {
		o, ok := byReason[a.reason]
		if !ok {
			return 0, fmt.Errorf("acknowledged order %q of camp %d for day %d is not in the store", a.reason, a.camp, a.day)
		}
		args := make([]int32, len(o.Args))
		for i, x := range o.Args {
			args[i] = int32(x)
		}
		if o.Day != a.day || o.Camp != a.camp || o.Action != a.action || !slices.Equal(args, a.args) {
			return 0, fmt.Errorf("acknowledged order %q: stored as day %d camp %d %s %v; acknowledged day %d camp %d %s %v",
				a.reason, o.Day, o.Camp, o.Action, o.Args, a.day, a.camp, a.action, a.args)
		}
		if o.Status == store.OrderPending && o.Day <= last {
			return 0, fmt.Errorf("acknowledged order %q for day %d is still pending after day %d: it was never played", a.reason, a.day, last)
		}
	}
	rep, err := server.Replay(ctx, st, served.Rulesets(), worldID, 1, nil)
	if err != nil {
		return 0, fmt.Errorf("replay: %w", err)
	}
	if rep.LastDay != last {
		return 0, fmt.Errorf("replay ended on day %d; the store holds day %d", rep.LastDay, last)
	}
	return last, nil
}
