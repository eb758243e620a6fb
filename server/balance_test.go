package server_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// errDead is what the store of a replica killed by a test answers.
var errDead = errors.New("the process is dead")

// killable is a replica's Postgres store that a test kills: from then on
// every lease round, heartbeat and write of the replica fails, as they
// would if its process were gone, and nothing it held is released.
type killable struct {
	*postgres.Store
	dead atomic.Bool
}

func (k *killable) Heartbeat(ctx context.Context, owner string, ttl time.Duration, bump bool) ([]store.Replica, error) {
	if k.dead.Load() {
		return nil, errDead
	}
	return k.Store.Heartbeat(ctx, owner, ttl, bump)
}

func (k *killable) RenewLeases(ctx context.Context, owner string, ls []store.Lease, ttl time.Duration) ([]store.Lease, []uint64, error) {
	if k.dead.Load() {
		return nil, nil, errDead
	}
	return k.Store.RenewLeases(ctx, owner, ls, ttl)
}

func (k *killable) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	if k.dead.Load() {
		return store.Lease{}, errDead
	}
	return k.Store.RenewLease(ctx, l, ttl)
}

func (k *killable) ReleaseLease(ctx context.Context, l store.Lease) error {
	if k.dead.Load() {
		return errDead
	}
	return k.Store.ReleaseLease(ctx, l)
}

func (k *killable) ReleaseLeases(ctx context.Context, owner string, ls []store.Lease) error {
	if k.dead.Load() {
		return errDead
	}
	return k.Store.ReleaseLeases(ctx, owner, ls)
}

func (k *killable) Depart(ctx context.Context, owner string) error {
	if k.dead.Load() {
		return errDead
	}
	return k.Store.Depart(ctx, owner)
}

func (k *killable) WorldsToTake(ctx context.Context, owner string, running []uint64, own, dead bool) (free, mine []store.World, total int, err error) {
	if k.dead.Load() {
		return nil, nil, 0, errDead
	}
	return k.Store.WorldsToTake(ctx, owner, running, own, dead)
}

func (k *killable) Fenced(l store.Lease) store.Store {
	return killableFenced{Store: k.Store.Fenced(l), k: k}
}

// killableFenced is the fenced store of a killable replica's world.
type killableFenced struct {
	store.Store
	k *killable
}

func (f killableFenced) CommitTick(ctx context.Context, t store.Tick) error {
	if f.k.dead.Load() {
		return errDead
	}
	return f.Store.CommitTick(ctx, t)
}

func (f killableFenced) SaveOrder(ctx context.Context, o store.Order) error {
	if f.k.dead.Load() {
		return errDead
	}
	return f.Store.SaveOrder(ctx, o)
}

// TestFailoverOnHeartbeat kills the replica that runs a world (its gRPC
// server stops, its store calls fail, it releases nothing) while the
// world's lease has most of its minute left: another replica takes the
// world once the dead one's heartbeat (600 ms) runs out, long before the
// lease would have, with the order acknowledged before; meanwhile a client
// of a third replica is told, every time, that the world is moving
// (world_without_server, with a RetryInfo, or world_moved while the new
// owner loads it), never a dial error naming an address.
func TestFailoverOnHeartbeat(t *testing.T) {
	url := pgtest.NewDatabase(t)
	ka := &killable{Store: openPostgres(t, url)}
	t.Cleanup(func() { ka.Close() })
	rep := server.Replica{LeaseTTL: time.Minute, HeartbeatTTL: 600 * time.Millisecond}
	a := startReplicaWith(t, ka, "a", rep)
	adminOf(t, a)
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "failover", Seed: 3})
	id := w.info.GetId()
	bst, cst := openPostgres(t, url), openPostgres(t, url)
	t.Cleanup(func() { bst.Close(); cst.Close() })
	startReplicaWith(t, bst, "b", rep)
	c := startReplicaWith(t, cst, "c", rep)
	before, err := ka.LeaseOf(context.Background(), id)
	if err != nil || before.Owner != a.conn.Target() {
		t.Fatalf("lease %+v, %v; want a's", before, err)
	}
	if _, err := c.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "chop_wood"}}); err != nil {
		t.Fatalf("order through c before the kill: %v", err)
	}

	a.grpc.Stop()
	ka.dead.Store(true)
	reasons := map[string]int{}
	eventually(t, "the world served again", func() error {
		v, err := c.game.GetView(as(w.tokens[0]), &pb.GetViewRequest{})
		if err == nil {
			if v.GetPendingOrder().GetAction() != "chop_wood" {
				t.Errorf("pending order after the failover: %v; want the chop_wood acknowledged before", v.GetPendingOrder())
			}
			return nil
		}
		st, _ := status.FromError(err)
		reason, _ := errorInfo(err)
		reasons[reason]++
		// world_moved: the replica that took the world was still loading it.
		if st.Code() != codes.Unavailable || (reason != "world_without_server" && reason != "world_moved") ||
			strings.Contains(st.Message(), "127.0.0.1") || strings.Contains(st.Message(), "dial") {
			t.Fatalf("during the failover: %v (reason %q); want Unavailable, world_without_server or world_moved, naming no address", err, reason)
		}
		if retry := retryDelay(err); reason == "world_without_server" && retry <= 0 {
			t.Errorf("during the failover: no RetryInfo in %v", err)
		}
		return err
	})
	after, err := bst.LeaseOf(context.Background(), id)
	if err != nil || !after.Live || after.Owner == before.Owner || after.Epoch != before.Epoch+1 {
		t.Fatalf("lease after the failover %+v, %v; want another replica's, epoch %d", after, err, before.Epoch+1)
	}
	db, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	var early bool
	if err := db.QueryRow(context.Background(), `SELECT now() < $1`, before.Expires).Scan(&early); err != nil || !early {
		t.Errorf("the world moved after its lease's own expiry (%v, %v): the heartbeat did not move it", before.Expires, err)
	}
	t.Logf("answers during the failover: %v", reasons)
}

// retryDelay returns the RetryInfo delay of err, or 0.
func retryDelay(err error) time.Duration {
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if r, ok := d.(*errdetails.RetryInfo); ok {
			return r.GetRetryDelay().AsDuration()
		}
	}
	return 0
}

// owners counts the worlds of ids by the replica that holds their live
// lease ("" for none).
func owners(st *postgres.Store, ids []uint64) (map[string]int, error) {
	out := map[string]int{}
	for _, id := range ids {
		l, err := st.LeaseOf(context.Background(), id)
		if err != nil {
			return nil, err
		}
		if !l.Live {
			l.Owner = ""
		}
		out[l.Owner]++
	}
	return out, nil
}

// TestWorldsSpread creates 12 worlds on one replica, starts two more and
// checks that the worlds spread to 4 a replica; then stops one (gracefully)
// and checks that the two left share its worlds, 6 each; every world keeps
// its day.
func TestWorldsSpread(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a := startReplica(t, url, "a")
	token := adminOf(t, a)
	var ids []uint64
	for i := range 12 {
		w := a.createWorld(t, &pb.CreateWorldRequest{Name: fmt.Sprint("spread ", i), Seed: uint64(i + 1)})
		ids = append(ids, w.info.GetId())
	}
	st := openPostgres(t, url)
	t.Cleanup(func() { st.Close() })
	want := func(what string, counts map[string]int) {
		t.Helper()
		eventually(t, what, func() error {
			got, err := owners(st, ids)
			if err != nil {
				return err
			}
			if !maps.Equal(got, counts) {
				return fmt.Errorf("worlds by replica %v; want %v", got, counts)
			}
			return nil
		})
	}
	b := startReplica(t, url, "b")
	c := startReplica(t, url, "c")
	want("three replicas", map[string]int{a.conn.Target(): 4, b.conn.Target(): 4, c.conn.Target(): 4})
	c.stop()
	want("two replicas", map[string]int{a.conn.Target(): 6, b.conn.Target(): 6})
	for _, id := range ids {
		eventually(t, fmt.Sprint("world ", id, " served"), func() error {
			ws, err := b.admin.GetWorldState(as(token), &pb.WorldRequest{WorldId: id})
			if err == nil && ws.GetDay() != 0 {
				t.Errorf("world %d after the moves: day %d; want 0", id, ws.GetDay())
			}
			return err
		})
	}
}

// TestRestartTakesOwnLeasesOnly covers the take round's scan of the
// leases: a process restarted at the address of a past life killed a
// minute before its leases expire takes that past life's world back at
// once, and the world never leased (once no other replica took it, two
// rounds later), but not the worlds another live replica holds, nor, at
// later rounds, any world it runs.
func TestRestartTakesOwnLeasesOnly(t *testing.T) {
	url := pgtest.NewDatabase(t)
	st := openPostgres(t, url)
	t.Cleanup(func() { st.Close() })
	a := startReplica(t, url, "a")
	adminOf(t, a)
	var ids []uint64
	for i := range 3 {
		w := a.createWorld(t, &pb.CreateWorldRequest{Name: fmt.Sprint("restart ", i), Seed: uint64(i + 1)})
		ids = append(ids, w.info.GetId())
	}
	a.stop() // its leases released
	ctx := context.Background()
	// The past life of "past:1" holds world 0, "other:1" worlds 1 and 2,
	// each for a minute, with their heartbeats live as long.
	held := make([]store.Lease, len(ids))
	for i, owner := range []string{"past:1", "other:1", "other:1"} {
		if _, err := st.Heartbeat(ctx, owner, time.Minute, false); err != nil {
			t.Fatal(err)
		}
		l, err := st.AcquireLease(ctx, ids[i], owner, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		held[i] = l
	}
	// A fourth world, created and never leased (its creator died first).
	fresh := store.World{Name: "never leased", Seed: 9, Season: 1, Ruleset: "grisonval", Camps: 3, Cadence: time.Hour,
		Controllers: []store.Controller{{Kind: store.AI}, {Kind: store.AI}, {Kind: store.AI}}}
	if err := st.CreateWorld(ctx, &fresh); err != nil {
		t.Fatal(err)
	}

	srv, err := server.New(ctx, server.Config{
		Store: st, Rulesets: rulesets,
		Log:     zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel).With().Str("replica", "past").Logger(),
		Replica: &server.Replica{Addr: "past:1", Secret: replicaSecret},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	eventually(t, "the past life's worlds and the one never leased taken back", func() error {
		for i, id := range []uint64{ids[0], fresh.ID} {
			l, err := st.LeaseOf(ctx, id)
			if err != nil {
				return err
			}
			want := int64(1) // the first lease of the world never leased
			if i == 0 {
				want = held[0].Epoch + 1
			}
			if l.Owner != "past:1" || !l.Live || l.Epoch != want {
				return fmt.Errorf("world %d: lease %+v; want past:1's, live, at epoch %d", id, l, want)
			}
		}
		return nil
	})
	// A few more rounds (and the heartbeats' wake-ups): the other
	// replica's worlds stay its, and the world taken back is not taken
	// again. Each replica holds its share, two worlds of four: none is
	// handed over.
	time.Sleep(2 * time.Second)
	for i, id := range ids {
		l, err := st.LeaseOf(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := held[i]
		if i == 0 {
			want.Owner, want.Epoch = "past:1", held[0].Epoch+1
		}
		if l.Owner != want.Owner || l.Epoch != want.Epoch || !l.Live {
			t.Errorf("world %d after more rounds: lease %+v; want %s's at epoch %d, live", id, l, want.Owner, want.Epoch)
		}
	}
}
