package server_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// worldsState is what a refused call must leave untouched: every world's
// info and the pending orders of its next day.
func worldsState(t *testing.T, h *harness) *pb.ListWorldsResponse {
	t.Helper()
	resp, err := h.admin.ListWorlds(as(h.adminToken), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatalf("list worlds: %v", err)
	}
	return resp
}

func pendingOrders(t *testing.T, h *harness, w world) []string {
	t.Helper()
	var out []string
	for c, tok := range w.tokens {
		v := h.view(t, tok)
		if o := v.GetPendingOrder(); o != nil {
			out = append(out, fmt.Sprintf("%d: %v", c, o))
		}
	}
	return out
}

func TestAuth(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	a := h.createWorld(t, &pb.CreateWorldRequest{Name: "A"})
	b := h.createWorld(t, &pb.CreateWorldRequest{Name: "B", Seed: 7})
	h.submit(t, a.tokens[0], "chop_wood")
	id := a.info.GetId()

	gameCalls := map[string]func(ctx context.Context) error{
		"GetView": func(ctx context.Context) error {
			_, err := h.game.GetView(ctx, &pb.GetViewRequest{WorldId: id})
			return err
		},
		"SubmitOrder": func(ctx context.Context) error {
			_, err := h.game.SubmitOrder(ctx, &pb.SubmitOrderRequest{WorldId: id, Order: &pb.Order{Action: "rest"}})
			return err
		},
		"WatchTicks": func(ctx context.Context) error {
			stream, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{WorldId: id})
			if err != nil {
				return err
			}
			_, err = stream.Recv()
			return err
		},
		"GetJournal": func(ctx context.Context) error {
			_, err := h.game.GetJournal(ctx, &pb.GetJournalRequest{WorldId: id})
			return err
		},
	}
	adminCalls := map[string]func(ctx context.Context) error{
		"CreateWorld": func(ctx context.Context) error {
			_, err := h.admin.CreateWorld(ctx, &pb.CreateWorldRequest{Seed: 9, Cadence: durationpb.New(cadence)})
			return err
		},
		"ListWorlds": func(ctx context.Context) error {
			_, err := h.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
			return err
		},
		"SetController": func(ctx context.Context) error {
			_, err := h.admin.SetController(ctx, &pb.SetControllerRequest{WorldId: id, Camp: 0,
				Controller: &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}})
			return err
		},
		"IssueToken": func(ctx context.Context) error {
			_, err := h.admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: id, Camp: 0})
			return err
		},
		"PauseWorld": func(ctx context.Context) error {
			_, err := h.admin.PauseWorld(ctx, &pb.WorldRequest{WorldId: id})
			return err
		},
		"ResumeWorld": func(ctx context.Context) error {
			_, err := h.admin.ResumeWorld(ctx, &pb.WorldRequest{WorldId: id})
			return err
		},
		"ForceTick": func(ctx context.Context) error {
			_, err := h.admin.ForceTick(ctx, &pb.WorldRequest{WorldId: id})
			return err
		},
		"ResetSeason": func(ctx context.Context) error {
			_, err := h.admin.ResetSeason(ctx, &pb.WorldRequest{WorldId: id})
			return err
		},
		"GetWorldState": func(ctx context.Context) error {
			_, err := h.admin.GetWorldState(ctx, &pb.WorldRequest{WorldId: id})
			return err
		},
		"GetFrame": func(ctx context.Context) error {
			_, err := h.admin.GetFrame(ctx, &pb.WorldRequest{WorldId: id})
			return err
		},
		"GetTimeline": func(ctx context.Context) error {
			_, err := h.admin.GetTimeline(ctx, &pb.GetChronicleRequest{WorldId: id, Season: 1})
			return err
		},
	}
	callers := []struct {
		name      string
		token     string
		wantGame  codes.Code
		wantAdmin codes.Code
	}{
		{"no token", "", codes.Unauthenticated, codes.Unauthenticated},
		{"wrong token", "gvc_not-a-token", codes.Unauthenticated, codes.Unauthenticated},
		{"another world's camp", b.tokens[0], codes.PermissionDenied, codes.PermissionDenied},
		{"admin", h.adminToken, codes.PermissionDenied, 0},
		{"camp", a.tokens[1], 0, codes.PermissionDenied},
	}
	before := worldsState(t, h)
	pendingBefore := pendingOrders(t, h, a)
	for _, caller := range callers {
		for _, svc := range []struct {
			calls map[string]func(context.Context) error
			want  codes.Code
		}{{gameCalls, caller.wantGame}, {adminCalls, caller.wantAdmin}} {
			if svc.want == codes.OK {
				continue
			}
			for name, call := range svc.calls {
				t.Run(caller.name+"/"+name, func(t *testing.T) {
					wantCode(t, call(as(caller.token)), svc.want)
				})
			}
		}
	}
	if after := worldsState(t, h); !proto.Equal(before, after) {
		t.Errorf("refused calls changed the worlds:\ngot  %v\nwant %v", after, before)
	}
	if got := pendingOrders(t, h, a); !slices.Equal(got, pendingBefore) {
		t.Errorf("refused calls changed the pending orders: got %v; want %v", got, pendingBefore)
	}
}

func TestIssueTokenRevokesAtOnce(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	old := w.tokens[0]
	h.view(t, old) // the old token is now in the cache
	resp, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: w.info.GetId(), Camp: 0})
	if err != nil {
		t.Fatalf("issue token: %v", err)
	}
	_, err = h.game.GetView(as(old), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)
	if v := h.view(t, resp.GetToken()); v.GetCamp() != 0 {
		t.Errorf("new token plays camp %d; want 0", v.GetCamp())
	}
	if got := resp.GetToken()[:4]; got != "gvc_" {
		t.Errorf("camp token prefix %q; want gvc_", got)
	}
	if got := h.adminToken[:4]; got != "gva_" {
		t.Errorf("admin token prefix %q; want gva_", got)
	}
}

func TestHealthNeedsNoToken(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	resp, err := healthpb.NewHealthClient(h.conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil {
		t.Fatalf("health check: %v", err)
	}
	if got := resp.GetStatus(); got != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("got %s; want SERVING", got)
	}
}
