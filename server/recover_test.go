package server_test

import (
	"context"
	"net"
	"sync/atomic"
	"testing"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
)

// panicky is Grisonval's ruleset with a fault to order: Validate panics on
// the action "panic", Resolve while resolveFault is set.
type panicky struct {
	grisonval.Ruleset
	resolveFault *atomic.Bool
}

func (p panicky) Validate(s game.State, camp int, o game.Order) *game.Refusal {
	if o.Action == "panic" {
		panic("a fault of Validate")
	}
	return p.Ruleset.Validate(s, camp, o)
}

func (p panicky) Resolve(s game.State, orders []game.Order) game.Outcome {
	if p.resolveFault.Load() {
		panic("a fault of Resolve")
	}
	return p.Ruleset.Resolve(s, orders)
}

// worldInfo returns world id's info as ListWorlds gives it.
func worldInfo(t *testing.T, h *harness, id uint64) *pb.WorldInfo {
	t.Helper()
	list, err := h.admin.ListWorlds(as(h.adminToken), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatalf("list worlds: %v", err)
	}
	for _, w := range list.GetWorlds() {
		if w.GetId() == id {
			return w
		}
	}
	t.Fatalf("no world %d", id)
	return nil
}

// TestWorldPanicPauses checks issue 14's point 15 on the world loop: a
// panic while a call runs on the loop answers Internal and pauses the
// world; a panic while a tick resolves pauses it at its last committed
// tick with the pending orders kept; ResumeWorld resumes it.
func TestWorldPanicPauses(t *testing.T) {
	fault := &atomic.Bool{}
	fake := clock.NewFake(start)
	h := startServerWith(t, openSQLite(t), fake, server.Rulesets{panicky{resolveFault: fault}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "faulty"})
	id := w.info.GetId()

	_, err := h.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "panic"}})
	wantCode(t, err, codes.Internal)
	if info := worldInfo(t, h, id); !info.GetPaused() {
		t.Fatalf("after a call's panic: world not paused")
	}
	if _, err := h.admin.ResumeWorld(as(h.adminToken), &pb.WorldRequest{WorldId: id}); err != nil {
		t.Fatalf("resume: %v", err)
	}

	h.submit(t, w.tokens[1], "rest")
	fault.Store(true)
	h.advance(t, cadence)
	if info := worldInfo(t, h, id); !info.GetPaused() || info.GetDay() != 0 {
		t.Fatalf("after a tick's panic: got paused %v, day %d; want paused on day 0", info.GetPaused(), info.GetDay())
	}
	latest, err := h.store.LatestTick(context.Background(), id, 1)
	if err != nil || latest.Day != 0 {
		t.Fatalf("latest committed tick: got day %d, %v; want day 0", latest.Day, err)
	}
	if v := h.view(t, w.tokens[1]); v.GetPendingOrder().GetAction() != "rest" {
		t.Errorf("pending order after the panic: got %v; want rest", v.GetPendingOrder())
	}

	fault.Store(false)
	if _, err := h.admin.ResumeWorld(as(h.adminToken), &pb.WorldRequest{WorldId: id}); err != nil {
		t.Fatalf("resume: %v", err)
	}
	h.advance(t, cadence)
	info := worldInfo(t, h, id)
	if info.GetPaused() || info.GetDay() != 1 {
		t.Fatalf("after resuming: got paused %v, day %d; want day 1", info.GetPaused(), info.GetDay())
	}
	orders, err := h.store.Orders(context.Background(), id, 1)
	if err != nil {
		t.Fatalf("orders: %v", err)
	}
	played := false
	for _, o := range orders {
		played = played || o.Camp == 1 && o.Day == 1 && o.Action == "rest" && o.Status == "applied"
	}
	if !played {
		t.Errorf("camp 1's order was not played on day 1 after the resume: %+v", orders)
	}
}

// TestHandlerPanicRecovered checks issue 14's point 15 on the interceptors:
// a handler's panic, unary or streaming, answers Internal and the server
// serves on.
func TestHandlerPanicRecovered(t *testing.T) {
	st := openSQLite(t)
	srv, err := server.New(context.Background(), server.Config{Store: st, Clock: clock.NewFake(start), Rulesets: rulesets,
		Log: zerolog.New(zerolog.NewTestWriter(t))})
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	t.Cleanup(srv.Stop)
	g := srv.NewGRPCServer()
	g.RegisterService(&grpc.ServiceDesc{
		ServiceName: "test.Faulty",
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{{MethodName: "Boom", Handler: func(_ any, ctx context.Context, dec func(any) error, in grpc.UnaryServerInterceptor) (any, error) {
			req := &emptypb.Empty{}
			if err := dec(req); err != nil {
				return nil, err
			}
			info := &grpc.UnaryServerInfo{FullMethod: "/test.Faulty/Boom"}
			return in(ctx, req, info, func(context.Context, any) (any, error) { panic("a handler's fault") })
		}}},
		Streams: []grpc.StreamDesc{{StreamName: "BoomStream", ServerStreams: true, Handler: func(any, grpc.ServerStream) error {
			panic("a stream handler's fault")
		}}},
	}, struct{}{})
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	go g.Serve(lis)
	t.Cleanup(g.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.Close()
	for range 2 {
		err := conn.Invoke(context.Background(), "/test.Faulty/Boom", &emptypb.Empty{}, &emptypb.Empty{})
		wantCode(t, err, codes.Internal)
		cs, err := conn.NewStream(context.Background(), &grpc.StreamDesc{ServerStreams: true}, "/test.Faulty/BoomStream")
		if err != nil {
			t.Fatalf("open stream: %v", err)
		}
		if err := cs.SendMsg(&emptypb.Empty{}); err != nil {
			t.Fatalf("send: %v", err)
		}
		cs.CloseSend()
		wantCode(t, cs.RecvMsg(&emptypb.Empty{}), codes.Internal)
	}
	_, err = pb.NewAdminServiceClient(conn).ListRulesets(context.Background(), &pb.ListRulesetsRequest{})
	wantCode(t, err, codes.Unauthenticated) // the server answers on
}
