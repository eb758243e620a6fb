package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store/postgres"
)

// failoverLimit bounds how long a failover may take before the run fails.
const failoverLimit = 30 * time.Second

// failoverConfig is one failover run.
type failoverConfig struct {
	URL    string // an empty Postgres database
	Dir    string // a folder for the binary and the logs
	Trials int
	Seed   uint64    // the kills' random instants
	Out    io.Writer // progress and the summary
}

// failoverTrial is what one trial measured from the SIGKILL of the world's
// owner.
type failoverTrial struct {
	Owner, Successor int // process indexes
	// Resumed is when another process held the world's lease.
	Resumed time.Duration
	// Answered is when a client's call through a surviving process first
	// succeeded again.
	Answered time.Duration
	// NextTick is when the world's next day was committed, by the new
	// owner: the gap the players saw in their game.
	NextTick time.Duration
}

// failoverReport is what a failover run found.
type failoverReport struct {
	Trials []failoverTrial
	Ticks  int // the last day committed
	Acked  int // orders acknowledged to the clients, all found stored and played
	// Failed is the clients' failed calls by code and reason.
	Failed string
	// ClockMoves counts the trials after which the clock world (a day of
	// ten minutes that nobody plays) was run by another process than
	// before; ClockKept whether its served deadline stayed the one of its
	// creation through all of them.
	ClockMoves int
	ClockKept  bool
}

// runFailover starts three grisonvald processes on the database at url
// (with their default lease and heartbeat times) and a world whose three
// camps are played by clients that call any of the processes at random,
// each day resolving as soon as the three have posted; then, cfg.Trials
// times, kills the process that owns the world with SIGKILL at a random
// instant, measures the time until another process holds the world, until
// a client's call succeeds again and until the world's next day is
// committed, and restarts the killed process. It ends with a SIGTERM of
// every process and checks the store: every order acknowledged is stored
// and played, no day is missing, and a replay from the seed matches every
// stored state.
func runFailover(ctx context.Context, cfg failoverConfig) (failoverReport, error) {
	rep := failoverReport{}
	rng := rand.New(rand.NewPCG(cfg.Seed, 2))
	bin, err := buildServer(ctx, cfg.Dir)
	if err != nil {
		return rep, err
	}
	c, err := newCluster(bin, cfg.URL, cfg.Dir, 3)
	if err != nil {
		return rep, err
	}
	defer c.close()
	for i := range c.addrs {
		if err := c.start(ctx, i); err != nil {
			return rep, err
		}
	}
	conns := make([]*grpc.ClientConn, len(c.addrs))
	for i := range conns {
		if conns[i], err = c.dial(i); err != nil {
			return rep, err
		}
		defer conns[i].Close()
	}
	admin := pb.NewAdminServiceClient(conns[0])
	agent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
	info, err := admin.CreateWorld(as(ctx, c.admin), &pb.CreateWorldRequest{
		Name: "failover", Seed: cfg.Seed | 1, Cadence: durationpb.New(time.Minute), SeasonLength: -1, // endless
		Controllers: []*pb.Controller{agent, agent, agent},
	})
	if err != nil {
		return rep, fmt.Errorf("create world: %w", err)
	}
	id := info.GetId()
	tokens, err := campTokens(ctx, admin, c.admin, id)
	if err != nil {
		return rep, err
	}
	st, err := postgres.Open(ctx, cfg.URL)
	if err != nil {
		return rep, err
	}
	defer st.Close()
	// The clock world: its day lasts ten minutes and nobody plays it; its
	// deadline must not move when it changes hands.
	clock, err := admin.CreateWorld(as(ctx, c.admin), &pb.CreateWorldRequest{
		Name: "clock", Seed: 7, Cadence: durationpb.New(10 * time.Minute), Controllers: []*pb.Controller{agent, agent, agent},
	})
	if err != nil {
		return rep, fmt.Errorf("create the clock world: %w", err)
	}
	clockTok, err := admin.IssueToken(as(ctx, c.admin), &pb.IssueTokenRequest{WorldId: clock.GetId(), Camp: 0})
	if err != nil {
		return rep, fmt.Errorf("issue token: %w", err)
	}
	clockDeadline := func() (time.Time, string, error) {
		for {
			v, err := pb.NewGameServiceClient(conns[0]).GetView(as(ctx, clockTok.GetToken()), &pb.GetViewRequest{})
			if err == nil {
				l, err := st.LeaseOf(ctx, clock.GetId())
				return v.GetDeadline().AsTime(), l.Owner, err
			}
			if ctx.Err() != nil {
				return time.Time{}, "", ctx.Err()
			}
			time.Sleep(20 * time.Millisecond) // moving, or its owner is the one killed
		}
	}
	due, clockOwner, err := clockDeadline()
	if err != nil {
		return rep, err
	}
	rep.ClockKept = true

	// The clients call a process at random: the one killed fails at once
	// (connection refused), another answers or forwards.
	var picks atomic.Uint64
	games := make([]pb.GameServiceClient, len(conns))
	for i, conn := range conns {
		games[i] = pb.NewGameServiceClient(conn)
	}
	// Unpaced: a day resolves as soon as the three have posted, so that
	// the day after a kill waits for the failover alone.
	p := startPlayers(ctx, tokens, 0, func() pb.GameServiceClient {
		return games[picks.Add(1)%uint64(len(games))]
	})
	for k := range cfg.Trials {
		up := 300*time.Millisecond + time.Duration(rng.Int64N(int64(1200*time.Millisecond)))
		select {
		case <-ctx.Done():
			p.end()
			return rep, ctx.Err()
		case <-time.After(up):
		}
		tr, err := failoverTrialRun(ctx, c, st, p, id)
		if err != nil {
			p.end()
			return rep, fmt.Errorf("trial %d: %w", k+1, err)
		}
		rep.Trials = append(rep.Trials, tr)
		fmt.Fprintf(cfg.Out, "trial %d: process %d killed; process %d held the world after %s, a client was answered after %s, the next day was committed after %s\n",
			k+1, tr.Owner, tr.Successor, tr.Resumed.Round(time.Millisecond), tr.Answered.Round(time.Millisecond),
			tr.NextTick.Round(time.Millisecond))
		if err := c.start(ctx, tr.Owner); err != nil {
			p.end()
			return rep, fmt.Errorf("restart process %d: %w", tr.Owner, err)
		}
		d, owner, err := clockDeadline()
		if err != nil {
			p.end()
			return rep, err
		}
		if owner != clockOwner {
			rep.ClockMoves++
			clockOwner = owner
		}
		if !d.Equal(due) {
			rep.ClockKept = false
			fmt.Fprintf(cfg.Out, "the clock world's deadline moved: %s; it was %s\n", d, due)
		}
	}
	acks := p.end()
	rep.Failed = p.failures()
	for i, proc := range c.procs {
		if proc != nil {
			if err := c.term(i, 20*time.Second); err != nil {
				return rep, err
			}
		}
	}
	rep.Acked = len(acks)
	rep.Ticks, err = checkStore(ctx, cfg.URL, id, acks)
	return rep, err
}

// failoverTrialRun kills the owner of world id and measures the failover.
func failoverTrialRun(ctx context.Context, c *cluster, st *postgres.Store, p *players, id uint64) (failoverTrial, error) {
	tr := failoverTrial{}
	lease, err := st.LeaseOf(ctx, id)
	if err != nil {
		return tr, err
	}
	tr.Owner = slices.Index(c.addrs, lease.Owner)
	if tr.Owner < 0 || c.procs[tr.Owner] == nil {
		return tr, fmt.Errorf("world owned by %s, not a running process of %v", lease.Owner, c.addrs)
	}
	killed := time.Now()
	if err := c.kill(tr.Owner); err != nil {
		return tr, err
	}
	for tr.Resumed == 0 || tr.Answered == 0 || tr.NextTick == 0 {
		if time.Since(killed) > failoverLimit {
			return tr, fmt.Errorf("no failover within %s (resumed after %s, answered after %s, next day after %s)\n%s",
				failoverLimit, tr.Resumed, tr.Answered, tr.NextTick, c.logTail((tr.Owner+1)%len(c.addrs), 20))
		}
		if tr.Resumed == 0 {
			if l, err := st.LeaseOf(ctx, id); err == nil && l.Live && l.Owner != lease.Owner {
				tr.Resumed, tr.Successor = time.Since(killed), slices.Index(c.addrs, l.Owner)
			}
		}
		if tr.Answered == 0 {
			if d, ok := p.answeredAfter(killed); ok {
				tr.Answered = d
			}
		}
		if tr.NextTick == 0 {
			// The first day whose resolution began after the kill is the
			// new owner's: the killed process began none after it.
			if t, err := st.LatestTick(ctx, id, 1); err == nil && t.CommittedAt.After(killed) {
				ticks, err := st.TickHashes(ctx, id, 1)
				if err != nil {
					return tr, err
				}
				for _, tk := range ticks {
					if tk.CommittedAt.After(killed) {
						tr.NextTick = tk.CommittedAt.Sub(killed)
						break
					}
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return tr, nil
}

// failoverFigures returns the p50 and max of a run's trials' measures.
func failoverFigures(trials []failoverTrial) (resumed, answered, next latencyStats) {
	var r, a, n []time.Duration
	for _, tr := range trials {
		r, a, n = append(r, tr.Resumed), append(a, tr.Answered), append(n, tr.NextTick)
	}
	return summarize(r), summarize(a), summarize(n)
}

// print writes the run's figures.
func (r failoverReport) print(out io.Writer) {
	resumed, answered, next := failoverFigures(r.Trials)
	fmt.Fprintf(out, "%d SIGKILLs of the world's owner among 3 processes:\n", len(r.Trials))
	fmt.Fprintf(out, "  world held by another process: p50 %s, max %s\n", resumed.P50.Round(time.Millisecond), resumed.Max.Round(time.Millisecond))
	fmt.Fprintf(out, "  a client answered again:       p50 %s, max %s\n", answered.P50.Round(time.Millisecond), answered.Max.Round(time.Millisecond))
	fmt.Fprintf(out, "  the next day committed:        p50 %s, max %s\n", next.P50.Round(time.Millisecond), next.Max.Round(time.Millisecond))
	fmt.Fprintf(out, "  the clock world moved %d times, its deadline kept: %v\n", r.ClockMoves, r.ClockKept)
	fmt.Fprintf(out, "  %d days, %d acknowledged orders, all stored and played; replay matches every day\n", r.Ticks, r.Acked)
	fmt.Fprintf(out, "  the clients' failed calls: %s\n", r.Failed)
}
