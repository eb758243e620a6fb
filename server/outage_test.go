package server_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestStoreOutage cuts the server from its Postgres (a proxy between them
// closes every connection and refuses new ones, as a stopped database
// does) and checks what clients and operators meet: calls that need the
// store are Unavailable with the reason unavailable, the cause, a
// RetryInfo and a message that names no address, in the caller's
// language; views are still served; the health service says NOT_SERVING
// for the server (its liveness service SERVING); the log holds one line
// per cause and window, not one per call; a day that fell due commits once
// the database is back, keeping the order acknowledged before the cut,
// and health says SERVING again.
func TestStoreOutage(t *testing.T) {
	url := pgtest.NewDatabase(t)
	proxy, err := pgtest.NewProxy(url)
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	pg := openPostgres(t, proxy.URL(url))
	t.Cleanup(func() { pg.Close() })
	st := &failingStore{Store: pg} // never made to fail: it counts the failures
	logs := &syncBuffer{}
	fake := clock.NewFake(start)
	h := startServerConfig(t, server.Config{Store: st, Clock: fake, Rulesets: rulesets,
		Log: zerolog.New(zerolog.MultiLevelWriter(logs, zerolog.NewTestWriter(t))).Level(zerolog.InfoLevel)})
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	h.submit(t, w.tokens[0], "chop_wood")
	h.view(t, w.tokens[0]) // the loop keeps the view and what it shows
	health := healthpb.NewHealthClient(h.conn)
	healthIs := func(service string, want healthpb.HealthCheckResponse_ServingStatus) error {
		resp, err := health.Check(context.Background(), &healthpb.HealthCheckRequest{Service: service})
		if err != nil {
			return err
		}
		if resp.GetStatus() != want {
			return fmt.Errorf("health of %q: %s; want %s", service, resp.GetStatus(), want)
		}
		return nil
	}

	proxy.Cut()
	for i := range 50 {
		ctx := as(w.tokens[1])
		if i%2 == 1 {
			ctx = metadata.AppendToOutgoingContext(ctx, pb.LangKey, "fr")
		}
		_, err := h.game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}})
		checkOutage(t, err, i%2 == 1)
	}
	if v := h.view(t, w.tokens[0]); v.GetPendingOrder().GetAction() != "chop_wood" {
		t.Errorf("view during the outage: pending %v; want the chop_wood acknowledged before", v.GetPendingOrder())
	}
	if n := logs.count(`"message":"store unavailable: call answered Unavailable"`); n != 1 {
		t.Errorf("%d log lines for 50 calls answered Unavailable; want 1 (the window's count comes at its end)", n)
	}
	// ListWorlds reads the store: the fake clock moves without
	// h.advance's wait for the loops, which armed their timers already.
	fake.Advance(time.Second)
	eventually(t, "health NOT_SERVING", func() error { return healthIs("", healthpb.HealthCheckResponse_NOT_SERVING) })
	if err := healthIs(server.LivenessService, healthpb.HealthCheckResponse_SERVING); err != nil {
		t.Error(err)
	}
	// The day falls due: its commit fails, and is tried again, in vain.
	fake.Advance(cadence)
	st.waitFailed(t, 1)
	if n := logs.count(`"message":"tick not committed: store unavailable; state kept"`); n != 1 {
		t.Errorf("%d lines of a failed commit; want 1", n)
	}
	fake.Advance(250 * time.Millisecond)
	st.waitFailed(t, 2)
	if n := logs.count(`"message":"internal error"`); n != 0 {
		t.Errorf("%d internal errors logged during the outage; want none", n)
	}

	if err := proxy.Restore(); err != nil {
		t.Fatal(err)
	}
	next, first := h.watchEventually(t, w.tokens[0])
	if first.GetDay() != 0 {
		t.Fatalf("day %d before the retry; want 0", first.GetDay())
	}
	h.advance(t, 2*time.Second)
	if n := next(); n.GetDay() != 1 {
		t.Fatalf("notice of day %d once the database is back; want 1", n.GetDay())
	}
	eventually(t, "health SERVING", func() error { return healthIs("", healthpb.HealthCheckResponse_SERVING) })
	orders, err := st.Orders(context.Background(), w.info.GetId(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(orders) == 0 || orders[0].Camp != 0 || orders[0].Action != "chop_wood" || orders[0].Status != store.OrderApplied {
		t.Errorf("orders after the outage: %+v; want camp 0's chop_wood applied on day 1", orders)
	}
	h.advance(t, 10*time.Second) // the windows end: their counts are written
	if n := logs.count(`"message":"store unavailable: call answered Unavailable (repeated)"`); n != 1 {
		t.Errorf("%d lines counting the repeated calls; want 1", n)
	}
}

// checkOutage fails the test unless err is the answer to a call during a
// store outage: Unavailable, reason unavailable with the cause
// unreachable, a RetryInfo of a second, a message in English or French
// that names no address.
func checkOutage(t *testing.T, err error, french bool) {
	t.Helper()
	st, _ := status.FromError(err)
	if st.Code() != codes.Unavailable {
		t.Fatalf("got %v; want Unavailable", err)
	}
	var info *errdetails.ErrorInfo
	var retry *errdetails.RetryInfo
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			info = d
		case *errdetails.RetryInfo:
			retry = d
		}
	}
	if info.GetReason() != "unavailable" || info.GetMetadata()["cause"] != store.CauseUnreachable {
		t.Errorf("ErrorInfo %v; want reason unavailable, cause unreachable", info)
	}
	if retry.GetRetryDelay().AsDuration() != time.Second {
		t.Errorf("RetryInfo %v; want a second", retry)
	}
	want := "the server's database cannot be reached now"
	if french {
		want = "la base de données du serveur est injoignable"
	}
	if msg := st.Message(); !strings.HasPrefix(msg, want) || strings.Contains(msg, "127.0.0.1") || strings.Contains(msg, "tcp") {
		t.Errorf("message %q; want one beginning %q, naming no address", msg, want)
	}
}

// watchEventually opens a tick stream for token, retrying while the server
// answers Unavailable (a stream's opening reads the store).
func (h *harness) watchEventually(t *testing.T, token string) (next func() *pb.TickNotice, first *pb.TickNotice) {
	t.Helper()
	eventually(t, "a tick stream", func() error {
		stream, err := h.game.WatchTicks(as(token), &pb.WatchTicksRequest{})
		if err == nil {
			_, err = stream.Recv()
		}
		return err
	})
	return h.watch(t, token)
}

// TestUnavailable checks which errors are store outages: those of a
// PostgreSQL that cannot be reached (a refused connection, a connection
// class SQLSTATE, a shutdown, a full disk), and not a context's end, a
// constraint or a missing row.
func TestUnavailable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, refused := pgx.Connect(ctx, "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=5")
	for _, tc := range []struct {
		name  string
		err   error
		cause string // "" for none
	}{
		{"refused connection", fmt.Errorf("save order: %w", refused), store.CauseUnreachable},
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, store.CauseUnreachable},
		{"connection failure", &pgconn.PgError{Code: "08006"}, store.CauseUnreachable},
		{"disk full", fmt.Errorf("commit: %w", &pgconn.PgError{Code: "53100"}), store.CauseDiskFull},
		{"out of memory", &pgconn.PgError{Code: "53200"}, store.CauseResources},
		{"unique violation", &pgconn.PgError{Code: "23505"}, ""},
		{"not found", fmt.Errorf("world 3: %w", store.ErrNotFound), ""},
		{"deadline", fmt.Errorf("save: %w", context.DeadlineExceeded), ""},
		{"outage", &store.Outage{Cause: store.CauseDiskFull, Err: errors.New("disk I/O")}, store.CauseDiskFull},
	} {
		o, ok := store.Unavailable(tc.err)
		cause := ""
		if ok {
			cause = o.Cause
			if !errors.Is(o, store.ErrUnavailable) || !errors.Is(o, tc.err) {
				t.Errorf("%s: the outage is not ErrUnavailable wrapping the error", tc.name)
			}
		}
		if cause != tc.cause {
			t.Errorf("%s (%v): cause %q; want %q", tc.name, tc.err, cause, tc.cause)
		}
	}
}
