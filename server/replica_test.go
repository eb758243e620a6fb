package server_test

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// replicaTTL is the lease time of test replicas.
const replicaTTL = 600 * time.Millisecond

// startReplica starts a replica on its own store of the database at url,
// on a loopback listener, with the real clock. It is stopped at the test's
// end.
func startReplica(t *testing.T, url, name string) *harness {
	t.Helper()
	st := openPostgres(t, url)
	t.Cleanup(func() { st.Close() })
	return startReplicaOn(t, st, name)
}

// adminOf issues an admin token on h's server and makes it the admin
// token of h and of others, replicas of the same store; it returns it.
func adminOf(t *testing.T, h *harness, others ...*harness) string {
	t.Helper()
	token, err := h.srv.IssueAdminToken(context.Background(), "test")
	if err != nil {
		t.Fatalf("issue admin token: %v", err)
	}
	for _, x := range append(others, h) {
		x.adminToken = token
	}
	return token
}

// startReplicaOn starts a replica on st, which must implement
// store.Leaser.
func startReplicaOn(t *testing.T, st store.Store, name string) *harness {
	t.Helper()
	return startReplicaWith(t, st, name, server.Replica{LeaseTTL: replicaTTL})
}

// startReplicaWith starts a replica on st with rep's lease and heartbeat
// times; its address and secret are the test's.
func startReplicaWith(t *testing.T, st store.Store, name string, rep server.Replica) *harness {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	rep.Addr, rep.Secret = lis.Addr().String(), replicaSecret
	srv, err := server.New(context.Background(), server.Config{
		Store: st, Rulesets: rulesets,
		Log:     zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel).With().Str("replica", name).Logger(),
		Replica: &rep,
	})
	if err != nil {
		t.Fatalf("new replica %s: %v", name, err)
	}
	g := srv.NewGRPCServer()
	go g.Serve(lis)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	h := &harness{store: st, srv: srv, grpc: g, conn: conn,
		game: pb.NewGameServiceClient(conn), admin: pb.NewAdminServiceClient(conn)}
	t.Cleanup(h.stop)
	return h
}

// eventually retries f until it succeeds or waitLimit passes.
func eventually(t *testing.T, what string, f func() error) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still failing after %s: %v", what, waitLimit, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestReplicasForward(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a := startReplica(t, url, "a")
	b := startReplica(t, url, "b")
	token := adminOf(t, a, b)

	// The world is created through a, which runs it; b forwards every call.
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "shared", Seed: 8})
	id := w.info.GetId()
	next, first := b.watch(t, w.tokens[0])
	if first.GetDay() != 0 {
		t.Fatalf("first notice through b: got day %d; want 0", first.GetDay())
	}
	if v := b.view(t, w.tokens[1]); v.GetDay() != 0 {
		t.Fatalf("view through b: got day %d; want 0", v.GetDay())
	}
	resp := b.submit(t, w.tokens[1], "rest")
	if resp.GetDay() != 1 {
		t.Errorf("order through b: got day %d; want 1", resp.GetDay())
	}
	info, err := b.admin.ForceTick(as(token), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("force tick through b: %v", err)
	}
	if info.GetDay() != 1 {
		t.Errorf("force tick through b: got day %d; want 1", info.GetDay())
	}
	if n := next(); n.GetDay() != 1 {
		t.Errorf("notice through b: got day %d; want 1", n.GetDay())
	}
	list, err := b.admin.ListWorlds(as(token), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatalf("list worlds through b: %v", err)
	}
	if len(list.GetWorlds()) != 1 || list.GetWorlds()[0].GetDay() != 1 {
		t.Errorf("list worlds through b: got %v; want world %d on day 1", list.GetWorlds(), id)
	}
	_, err = b.admin.PauseWorld(as(token), &pb.WorldRequest{WorldId: id + 1})
	wantCode(t, err, codes.NotFound)

	// a stops: its streams end with Unavailable, it gives its lease up and b
	// takes the world over from its last tick, with the pending order.
	a.submit(t, w.tokens[2], "rest")
	a.stop()
	eventually(t, "view through b once a stopped", func() error {
		_, err := b.game.GetView(as(w.tokens[0]), &pb.GetViewRequest{})
		return err
	})
	v := b.view(t, w.tokens[2])
	if v.GetDay() != 1 || v.GetPendingOrder().GetAction() != "rest" {
		t.Errorf("view through b after the takeover: got day %d, pending %v; want day 1 with rest pending", v.GetDay(), v.GetPendingOrder())
	}
	info, err = b.admin.ForceTick(as(token), &pb.WorldRequest{WorldId: id})
	if err != nil || info.GetDay() != 2 {
		t.Fatalf("force tick on b after the takeover: got %v, %v; want day 2", info, err)
	}
}

func TestReplicaStopsWhenItsLeaseIsTaken(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a := startReplica(t, url, "a")
	token := adminOf(t, a)
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "stolen", Seed: 9})
	id := w.info.GetId()
	ctx, cancel := context.WithCancel(as(w.tokens[0]))
	defer cancel()
	stream, err := a.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch ticks: %v", err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("first notice: %v", err)
	}

	// Another process takes the lease behind a's back, as if a had been
	// cut off from the database for longer than the lease.
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), `UPDATE leases SET owner = 'elsewhere:1', epoch = epoch + 1,
		expires_at = now() + interval '1 hour' WHERE world_id = $1`, int64(id))
	if err != nil {
		t.Fatalf("steal the lease: %v", err)
	}
	// a's next write fails and its loop stops at once: its stream ends with
	// Unavailable, and no tick is committed by it.
	_, err = a.admin.ForceTick(as(token), &pb.WorldRequest{WorldId: id})
	wantCode(t, err, codes.Unavailable)
	wantCode(t, recvErr(stream), codes.Unavailable)
	// a now forwards to the new owner, which cannot be reached here.
	_, err = a.game.GetView(as(w.tokens[0]), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unavailable)
	if _, err := a.store.TickAt(context.Background(), id, 1, 1); err == nil {
		t.Errorf("day 1 was committed by a replica without the lease")
	}
}

// slowSetupStore is a Postgres store whose fenced commits of a season's
// setup (day 0) take delay: a store slow enough for a lease to run out
// while a world loads.
type slowSetupStore struct {
	*postgres.Store
	delay time.Duration
}

func (s slowSetupStore) Fenced(l store.Lease) store.Store {
	return slowSetupTicks{Store: s.Store.Fenced(l), delay: s.delay}
}

type slowSetupTicks struct {
	store.Store
	delay time.Duration
}

func (s slowSetupTicks) CommitTick(ctx context.Context, t store.Tick) error {
	if t.Day == 0 {
		time.Sleep(s.delay)
	}
	return s.Store.CommitTick(ctx, t)
}

// TestCreateWorldWhileLeaseMoves creates a world through a replica whose
// store is so slow that the new world's lease runs out before its setup is
// committed: the other replica takes the world and sets it up, and the
// creation still succeeds (the world exists and runs, elsewhere) rather
// than failing with "call again".
func TestCreateWorldWhileLeaseMoves(t *testing.T) {
	url := pgtest.NewDatabase(t)
	slow := slowSetupStore{Store: openPostgres(t, url), delay: 3 * replicaTTL}
	t.Cleanup(func() { slow.Close() })
	a := startReplicaOn(t, slow, "a")
	b := startReplica(t, url, "b")
	adminOf(t, a, b)
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "moved", Seed: 8})
	if v := a.view(t, w.tokens[0]); v.GetDay() != 0 {
		t.Errorf("view through a: day %d; want 0", v.GetDay())
	}
	l, err := slow.LeaseOf(context.Background(), w.info.GetId())
	if err != nil || !l.Live || l.Owner != b.conn.Target() {
		t.Errorf("lease %+v (%v); want b's (%s), live", l, err, b.conn.Target())
	}
}
