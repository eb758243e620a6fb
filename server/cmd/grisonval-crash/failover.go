package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store/postgres"
)

// failoverLimit bounds how long a failover may take before the run fails.
const failoverLimit = 30 * time.Second

// failoverReport is what a failover run measured from the SIGKILL of the
// world's owner.
type failoverReport struct {
	Owner, Successor int // process indexes
	// Resumed is when another process held the world's lease.
	Resumed time.Duration
	// Answered is when a client's call through a surviving process first
	// succeeded again.
	Answered time.Duration
}

// runFailover starts three grisonvald processes on the database at url,
// creates a world, kills the process that owns it with SIGKILL, and measures
// the time until another process has taken the world over and until a
// client, connected to a third process, gets an answer again.
func runFailover(ctx context.Context, url, dir string, out io.Writer) (failoverReport, error) {
	rep := failoverReport{}
	bin, err := buildServer(ctx, dir)
	if err != nil {
		return rep, err
	}
	c, err := newCluster(bin, url, dir, 3)
	if err != nil {
		return rep, err
	}
	defer c.close()
	for i := range c.addrs {
		if err := c.start(ctx, i); err != nil {
			return rep, err
		}
	}
	token := c.admin
	conn, err := c.dial(0)
	if err != nil {
		return rep, err
	}
	defer conn.Close()
	admin := pb.NewAdminServiceClient(conn)
	agent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
	info, err := admin.CreateWorld(as(ctx, token), &pb.CreateWorldRequest{
		Name: "failover", Seed: 11, Cadence: durationpb.New(time.Hour),
		Controllers: []*pb.Controller{agent, agent, agent},
	})
	if err != nil {
		return rep, fmt.Errorf("create world: %w", err)
	}
	camp, err := admin.IssueToken(as(ctx, token), &pb.IssueTokenRequest{WorldId: info.GetId(), Camp: 0})
	if err != nil {
		return rep, fmt.Errorf("issue token: %w", err)
	}
	st, err := postgres.Open(ctx, url)
	if err != nil {
		return rep, err
	}
	defer st.Close()
	lease, err := st.LeaseOf(ctx, info.GetId())
	if err != nil {
		return rep, err
	}
	rep.Owner = slices.Index(c.addrs, lease.Owner)
	if rep.Owner < 0 {
		return rep, fmt.Errorf("world owned by %s, not one of %v", lease.Owner, c.addrs)
	}
	via := (rep.Owner + 1) % len(c.addrs)
	clientConn, err := c.dial(via)
	if err != nil {
		return rep, err
	}
	defer clientConn.Close()
	game := pb.NewGameServiceClient(clientConn)
	call := func() error {
		ctx, cancel := context.WithTimeout(as(ctx, camp.GetToken()), time.Second)
		defer cancel()
		_, err := game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest", Reason: "failover test"}})
		return err
	}
	if err := call(); err != nil {
		return rep, fmt.Errorf("order through process %d before the kill: %w", via, err)
	}
	fmt.Fprintf(out, "world %d owned by process %d (%s); client on process %d\n", info.GetId(), rep.Owner, lease.Owner, via)

	killed := time.Now()
	if err := c.kill(rep.Owner); err != nil {
		return rep, err
	}
	for rep.Resumed == 0 || rep.Answered == 0 {
		if time.Since(killed) > failoverLimit {
			return rep, fmt.Errorf("no failover within %s (resumed after %s, answered after %s)", failoverLimit, rep.Resumed, rep.Answered)
		}
		if rep.Resumed == 0 {
			if l, err := st.LeaseOf(ctx, info.GetId()); err == nil && l.Live && l.Owner != lease.Owner {
				rep.Resumed, rep.Successor = time.Since(killed), slices.Index(c.addrs, l.Owner)
			}
		}
		if rep.Answered == 0 && call() == nil {
			rep.Answered = time.Since(killed)
		}
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Fprintf(out, "process %d killed; process %d resumed the world after %s; the client's call succeeded after %s\n",
		rep.Owner, rep.Successor, rep.Resumed.Round(time.Millisecond), rep.Answered.Round(time.Millisecond))

	// The successor plays the world on from its last tick.
	w, err := pb.NewAdminServiceClient(clientConn).ForceTick(as(ctx, token), &pb.WorldRequest{WorldId: info.GetId()})
	if err != nil {
		return rep, fmt.Errorf("force tick after the failover: %w", err)
	}
	if w.GetDay() != 1 {
		return rep, fmt.Errorf("force tick after the failover: day %d; want 1", w.GetDay())
	}
	for i, p := range c.procs {
		if p != nil {
			if err := c.term(i, 20*time.Second); err != nil {
				return rep, err
			}
		}
	}
	return rep, nil
}
