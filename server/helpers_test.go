package server_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/metrics"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/sqlite"
)

// rulesets are the rulesets the test servers serve: Grisonval's.
var rulesets = server.Rulesets{grisonval.Ruleset{}}

// cadence is the tick cadence of test worlds.
const cadence = time.Minute

// waitLimit bounds how long a test waits for the server to answer; it never
// drives the world's time.
const waitLimit = 20 * time.Second

// start is the fake clock's starting instant.
var start = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// harness is a server on a loopback listener with a client connection.
type harness struct {
	clock      *clock.Fake
	store      store.Store
	srv        *server.Server
	grpc       *grpc.Server
	conn       *grpc.ClientConn
	game       pb.GameServiceClient
	admin      pb.AdminServiceClient
	adminToken string
	stopped    bool
}

// openSQLite opens a store in a temporary folder, closed at the test's end.
func openSQLite(t *testing.T) store.Store {
	t.Helper()
	st, err := sqlite.Open(t.TempDir())
	if err != nil {
		t.Fatalf("open sqlite store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// startServer starts a server on st with a fake clock; it is stopped at the
// test's end, before the store closes.
func startServer(t *testing.T, st store.Store, fake *clock.Fake) *harness {
	t.Helper()
	return startServerConfig(t, server.Config{Store: st, Clock: fake, Rulesets: rulesets,
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel)})
}

// startServerConfig starts a server with cfg, whose Clock must be a
// *clock.Fake, as startServer does.
func startServerConfig(t *testing.T, cfg server.Config) *harness {
	t.Helper()
	ctx := context.Background()
	fake := cfg.Clock.(*clock.Fake)
	st := cfg.Store
	srv, err := server.New(ctx, cfg)
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	g := srv.NewGRPCServer()
	go g.Serve(lis)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	h := &harness{
		clock: fake, store: st, srv: srv, grpc: g, conn: conn,
		game: pb.NewGameServiceClient(conn), admin: pb.NewAdminServiceClient(conn),
	}
	t.Cleanup(h.stop)
	h.adminToken, err = srv.IssueAdminToken(ctx, "test")
	if err != nil {
		t.Fatalf("issue admin token: %v", err)
	}
	return h
}

// stop stops the server and closes the connection.
func (h *harness) stop() {
	if h.stopped {
		return
	}
	h.stopped = true
	h.srv.Stop()
	h.grpc.GracefulStop()
	h.conn.Close()
}

// as returns a context carrying token.
func as(token string) context.Context {
	if token == "" {
		return context.Background()
	}
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
}

// world is a test world with a token per camp.
type world struct {
	info   *pb.WorldInfo
	tokens [3]string
}

// createWorld creates a world with the test cadence and issues a token for
// each camp.
func (h *harness) createWorld(t *testing.T, req *pb.CreateWorldRequest) world {
	t.Helper()
	if req.Seed == 0 {
		req.Seed = 42
	}
	if req.Cadence == nil && req.MoveClock == nil {
		req.Cadence = durationpb.New(cadence)
	}
	info, err := h.admin.CreateWorld(as(h.adminToken), req)
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	w := world{info: info}
	for c := range w.tokens {
		resp, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: info.GetId(), Camp: int32(c)})
		if err != nil {
			t.Fatalf("issue token for camp %d: %v", c, err)
		}
		w.tokens[c] = resp.GetToken()
	}
	return w
}

// view returns camp's view.
func (h *harness) view(t *testing.T, token string) *pb.CampView {
	t.Helper()
	v, err := h.game.GetView(as(token), &pb.GetViewRequest{})
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	return v
}

// submit posts an order and fails the test if it is refused.
func (h *harness) submit(t *testing.T, token, action string, args ...int32) *pb.SubmitOrderResponse {
	t.Helper()
	resp, err := h.game.SubmitOrder(as(token), &pb.SubmitOrderRequest{Order: &pb.Order{Action: action, Args: args}})
	if err != nil {
		t.Fatalf("submit %s %v: %v", action, args, err)
	}
	return resp
}

// watch opens a tick stream for token and returns a function that waits for
// the next notice. The first notice (the current day) is consumed.
func (h *harness) watch(t *testing.T, token string) (next func() *pb.TickNotice, first *pb.TickNotice) {
	t.Helper()
	ctx, cancel := context.WithCancel(as(token))
	t.Cleanup(cancel)
	stream, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch ticks: %v", err)
	}
	notices := make(chan *pb.TickNotice, 100)
	errs := make(chan error, 1)
	go func() {
		for {
			n, err := stream.Recv()
			if err != nil {
				errs <- err
				close(notices)
				return
			}
			notices <- n
		}
	}()
	next = func() *pb.TickNotice {
		t.Helper()
		select {
		case n, ok := <-notices:
			if !ok {
				t.Fatalf("tick stream ended: %v", <-errs)
			}
			return n
		case <-time.After(waitLimit):
			t.Fatalf("no tick notice within %s", waitLimit)
		}
		return nil
	}
	return next, next()
}

// wantCode fails the test unless err is a status with code want.
func wantCode(t *testing.T, err error, want codes.Code) {
	t.Helper()
	if got := status.Code(err); got != want {
		t.Fatalf("got code %s (%v); want %s", got, err, want)
	}
}

// errorInfo returns the ErrorInfo reason and BadRequest fields of err.
func errorInfo(err error) (reason string, fields []string) {
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason = d.GetReason()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	return reason, fields
}

// recvErr waits for a stream to end and returns its error (nil for EOF).
func recvErr(stream grpc.ServerStreamingClient[pb.TickNotice]) error {
	for {
		_, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// advance moves the fake clock once every world loop is idle: a call that
// goes through each loop returns only after the loop has armed its timer
// for the requests before it.
func (h *harness) advance(t *testing.T, d time.Duration) {
	t.Helper()
	if _, err := h.admin.ListWorlds(as(h.adminToken), &pb.ListWorldsRequest{}); err != nil {
		t.Fatalf("list worlds: %v", err)
	}
	h.clock.Advance(d)
}

// metricValue returns the value of the one series that m serves whose name
// and labels match series (a regular expression).
func metricValue(t *testing.T, m *metrics.Metrics, series string) float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequestWithContext(context.Background(), "GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	match := regexp.MustCompile(`(?m)^` + series + ` (\S+)$`).FindSubmatch(body)
	if match == nil {
		t.Fatalf("no %s in:\n%s", series, body)
	}
	v, err := strconv.ParseFloat(string(match[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
