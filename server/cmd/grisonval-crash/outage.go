package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// outageConfig is one outage run.
type outageConfig struct {
	URL    string // an empty Postgres database
	Dir    string // a folder for the binary and the logs
	Outage time.Duration
	Out    io.Writer
}

// outageReport is what an outage run found.
type outageReport struct {
	Outage time.Duration
	// NotServing is how long after the cut the health service said
	// NOT_SERVING; Serving, Answered and NextDay how long after the
	// database's return it said SERVING again, a client's order was
	// acknowledged and a day was committed.
	NotServing, Serving, Answered, NextDay time.Duration
	// Failed is the clients' failed calls by code and reason; Unexpected
	// counts those that were not Unavailable with the reason unavailable,
	// or world_without_server and world_moved: an outage longer than the
	// lease makes the server drop the world, which it takes again once the
	// database is back.
	Failed     string
	Unexpected int
	// LogLines counts the server's log lines about the outage.
	LogLines int
	Ticks    int
	Acked    int
}

// runOutage runs one grisonvald process on the database at url through a
// proxy, a world whose three camps are played by clients, and cuts the
// proxy for cfg.Outage (every connection closed, new ones refused, as when
// the database stops), then restores it; it measures what the outage
// report holds, then ends with a SIGTERM and the crash mode's checks of
// the store.
func runOutage(ctx context.Context, cfg outageConfig) (outageReport, error) {
	rep := outageReport{Outage: cfg.Outage}
	proxy, err := pgtest.NewProxy(cfg.URL)
	if err != nil {
		return rep, err
	}
	defer proxy.Close()
	bin, err := buildServer(ctx, cfg.Dir)
	if err != nil {
		return rep, err
	}
	c, err := newCluster(bin, proxy.URL(cfg.URL), cfg.Dir, 1)
	if err != nil {
		return rep, err
	}
	defer c.close()
	if err := c.start(ctx, 0); err != nil {
		return rep, err
	}
	conn, err := c.dial(0)
	if err != nil {
		return rep, err
	}
	defer conn.Close()
	admin, game := pb.NewAdminServiceClient(conn), pb.NewGameServiceClient(conn)
	health := healthpb.NewHealthClient(conn)
	agent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
	info, err := admin.CreateWorld(as(ctx, c.admin), &pb.CreateWorldRequest{
		Name: "outage", Seed: 5, Cadence: durationpb.New(time.Second), SeasonLength: -1,
		Controllers: []*pb.Controller{agent, agent, agent},
	})
	if err != nil {
		return rep, fmt.Errorf("create world: %w", err)
	}
	tokens, err := campTokens(ctx, admin, c.admin, info.GetId())
	if err != nil {
		return rep, err
	}
	st, err := postgres.Open(ctx, cfg.URL)
	if err != nil {
		return rep, err
	}
	defer st.Close()
	// committedSince reports whether a day whose resolution began after t
	// is committed.
	committedSince := func(t time.Time) bool {
		last, err := st.LatestTick(ctx, info.GetId(), 1)
		return err == nil && last.CommittedAt.After(t)
	}
	waitHealth := func(want healthpb.HealthCheckResponse_ServingStatus, since time.Time) (time.Duration, error) {
		for time.Since(since) < failoverLimit+cfg.Outage {
			resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{})
			if err == nil && resp.GetStatus() == want {
				return time.Since(since), nil
			}
			time.Sleep(10 * time.Millisecond)
		}
		return 0, fmt.Errorf("health never said %s", want)
	}

	// Each camp posts at most about 7 orders a second, under its token's
	// limit (10 a second): what is refused is the outage's.
	p := startPlayers(ctx, tokens, 150*time.Millisecond, func() pb.GameServiceClient { return game })
	time.Sleep(3 * time.Second)
	cut := time.Now()
	proxy.Cut()
	fmt.Fprintf(cfg.Out, "database cut for %s\n", cfg.Outage)
	if rep.NotServing, err = waitHealth(healthpb.HealthCheckResponse_NOT_SERVING, cut); err != nil {
		p.end()
		return rep, err
	}
	time.Sleep(cfg.Outage - time.Since(cut))
	back := time.Now()
	if err := proxy.Restore(); err != nil {
		p.end()
		return rep, err
	}
	if rep.Serving, err = waitHealth(healthpb.HealthCheckResponse_SERVING, back); err != nil {
		p.end()
		return rep, err
	}
	for rep.Answered == 0 || rep.NextDay == 0 {
		if time.Since(back) > failoverLimit {
			p.end()
			return rep, fmt.Errorf("no recovery within %s after the database's return", failoverLimit)
		}
		if d, ok := p.answeredAfter(back); ok && rep.Answered == 0 {
			rep.Answered = d
		}
		if rep.NextDay == 0 && committedSince(back) {
			rep.NextDay = time.Since(back)
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(3 * time.Second)
	acks := p.end()
	rep.Failed = p.failures()
	rep.Unexpected = p.unexpected(codes.Unavailable, "unavailable", "world_without_server", "world_moved")
	if err := c.term(0, 20*time.Second); err != nil {
		return rep, err
	}
	b, err := os.ReadFile(c.logs[0].Name())
	if err != nil {
		return rep, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "store unavailable") || strings.Contains(l, "store unreachable") || strings.Contains(l, `"level":"error"`) {
			rep.LogLines++
		}
	}
	rep.Acked = len(acks)
	rep.Ticks, err = checkStore(ctx, cfg.URL, info.GetId(), acks)
	return rep, err
}

// print writes the run's figures.
func (r outageReport) print(out io.Writer) {
	fmt.Fprintf(out, "database cut from the server for %s under 3 playing clients:\n", r.Outage)
	fmt.Fprintf(out, "  health NOT_SERVING %s after the cut\n", r.NotServing.Round(time.Millisecond))
	fmt.Fprintf(out, "  after the database's return: health SERVING after %s, an order acknowledged after %s, a day committed after %s\n",
		r.Serving.Round(time.Millisecond), r.Answered.Round(time.Millisecond), r.NextDay.Round(time.Millisecond))
	fmt.Fprintf(out, "  the clients' failed calls: %s(%d of another code or reason)\n", r.Failed, r.Unexpected)
	fmt.Fprintf(out, "  %d error lines in the server's log about it\n", r.LogLines)
	fmt.Fprintf(out, "  %d days, %d acknowledged orders, all stored and played; replay matches every day\n", r.Ticks, r.Acked)
}
