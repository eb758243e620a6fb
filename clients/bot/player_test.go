package bot

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// breakStream, sent on fakeGame.ticks, ends the current tick stream with
// Unavailable.
const breakStream = -1

// fakeGame stands in for the game server at the network boundary: the real
// server lives in another package that clients must not import. It announces
// the days sent on ticks, serves a view for the current day and records the
// orders posted.
type fakeGame struct {
	pb.UnimplementedGameServiceServer
	token  string
	ticks  chan int32
	posted chan posted

	mu      sync.Mutex // guards the fields below
	day     int32
	pending map[int32]*pb.Order // by the day the order is posted on
	opened  int                 // tick streams opened
}

func (g *fakeGame) auth(ctx context.Context) error {
	md, _ := metadata.FromIncomingContext(ctx)
	if v := md.Get("authorization"); len(v) != 1 || v[0] != "Bearer "+g.token {
		return status.Error(codes.Unauthenticated, "missing or bad token")
	}
	return nil
}

func (g *fakeGame) WatchTicks(_ *pb.WatchTicksRequest, s grpc.ServerStreamingServer[pb.TickNotice]) error {
	if err := g.auth(s.Context()); err != nil {
		return err
	}
	g.mu.Lock()
	g.opened++
	day := g.day
	g.mu.Unlock()
	if err := s.Send(&pb.TickNotice{WorldId: 7, Day: day}); err != nil {
		return err
	}
	for {
		select {
		case <-s.Context().Done():
			return nil
		case d := <-g.ticks:
			if d == breakStream {
				return status.Error(codes.Unavailable, "world moving")
			}
			g.mu.Lock()
			g.day = d
			g.mu.Unlock()
			if err := s.Send(&pb.TickNotice{WorldId: 7, Day: d}); err != nil {
				return err
			}
		}
	}
}

func (g *fakeGame) GetView(ctx context.Context, _ *pb.GetViewRequest) (*pb.CampView, error) {
	if err := g.auth(ctx); err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	v := baseView(pb.Posture_POSTURE_GROWTH)
	v.WorldId, v.Day, v.PendingOrder = 7, g.day, g.pending[g.day]
	return v, nil
}

func (g *fakeGame) SubmitOrder(ctx context.Context, r *pb.SubmitOrderRequest) (*pb.SubmitOrderResponse, error) {
	if err := g.auth(ctx); err != nil {
		return nil, err
	}
	g.mu.Lock()
	day := g.day
	_, replaced := g.pending[day]
	g.pending[day] = r.GetOrder()
	g.mu.Unlock()
	g.posted <- posted{day, r.GetOrder()}
	return &pb.SubmitOrderResponse{Day: day + 1, Order: r.GetOrder(), Replaced: replaced}, nil
}

// posted is an order received by fakeGame, with the day it was posted on.
type posted struct {
	day   int32
	order *pb.Order
}

// startGame serves g on loopback and returns a client connected to it.
func startGame(t *testing.T, g *fakeGame) pb.GameServiceClient {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	srv := grpc.NewServer()
	pb.RegisterGameServiceServer(srv, g)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return pb.NewGameServiceClient(conn)
}

func newGame(day int32, pending map[int32]*pb.Order) *fakeGame {
	if pending == nil {
		pending = map[int32]*pb.Order{}
	}
	return &fakeGame{token: "s3cret", ticks: make(chan int32), posted: make(chan posted, 10),
		day: day, pending: pending}
}

// runPlayer starts a Player against g and returns a function that stops it
// and returns Run's result.
func runPlayer(t *testing.T, g *fakeGame, token string) (stop func() error, done <-chan error) {
	t.Helper()
	p := &Player{Client: startGame(t, g), Token: token, Log: zerolog.New(zerolog.NewTestWriter(t))}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- p.Run(ctx) }()
	return func() error {
		cancel()
		select {
		case err := <-errc:
			return err
		case <-time.After(5 * time.Second):
			t.Fatal("Run did not return after cancel")
			return nil
		}
	}, errc
}

// expectPosted waits for an order and checks the day it was posted on.
func expectPosted(t *testing.T, g *fakeGame, wantDay int32) {
	t.Helper()
	select {
	case p := <-g.posted:
		if p.day != wantDay || p.order.GetReason() == "" {
			t.Fatalf("got order %v on day %d; want one with a reason on day %d", p.order, p.day, wantDay)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("got no order; want one on day %d", wantDay)
	}
}

func expectNothingPosted(t *testing.T, g *fakeGame) {
	t.Helper()
	select {
	case p := <-g.posted:
		t.Fatalf("got order %v on day %d; want none", p.order, p.day)
	case <-time.After(200 * time.Millisecond):
	}
}

func TestPlayerPostsOneOrderPerDay(t *testing.T) {
	g := newGame(3, nil)
	stop, _ := runPlayer(t, g, "s3cret")
	expectPosted(t, g, 3)
	g.ticks <- 4
	expectPosted(t, g, 4)
	g.ticks <- 4
	expectNothingPosted(t, g)
	// A season reset starts the days again.
	g.ticks <- 1
	expectPosted(t, g, 1)
	if err := stop(); err != nil {
		t.Fatalf("got Run error %v; want nil after cancel", err)
	}
}

func TestPlayerReconnects(t *testing.T) {
	g := newGame(3, nil)
	stop, _ := runPlayer(t, g, "s3cret")
	expectPosted(t, g, 3)
	g.ticks <- breakStream
	// The new stream announces day 3 again: no second order for it.
	expectNothingPosted(t, g)
	g.ticks <- 4
	expectPosted(t, g, 4)
	if err := stop(); err != nil {
		t.Fatalf("got Run error %v; want nil after cancel", err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.opened != 2 {
		t.Errorf("got %d tick streams opened; want 2", g.opened)
	}
}

func TestPlayerSkipsPendingOrder(t *testing.T) {
	g := newGame(3, map[int32]*pb.Order{3: {Action: "rest", Reason: "posted by hand"}})
	stop, _ := runPlayer(t, g, "s3cret")
	expectNothingPosted(t, g)
	g.ticks <- 4
	expectPosted(t, g, 4)
	if err := stop(); err != nil {
		t.Fatalf("got Run error %v; want nil after cancel", err)
	}
}

func TestPlayerStopsOnBadToken(t *testing.T) {
	g := newGame(3, nil)
	_, done := runPlayer(t, g, "wrong")
	select {
	case err := <-done:
		if status.Code(err) != codes.Unauthenticated {
			t.Fatalf("got Run error %v; want Unauthenticated", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run kept retrying a refused token")
	}
}
