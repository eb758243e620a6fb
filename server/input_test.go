package server_test

import (
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/engine/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
)

func TestBadOrders(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	other := h.createWorld(t, &pb.CreateWorldRequest{Seed: 7})
	tok := w.tokens[0]
	h.submit(t, tok, "chop_wood")
	pending := h.view(t, tok).GetPendingOrder()

	hidden := int32(grisonval.ZoneAt(grisonval.CapitalSites[1]))
	if v := h.view(t, tok); v.GetGrisonval().GetZones()[hidden-1].GetVisibility() != pb.Visibility_VISIBILITY_UNKNOWN {
		t.Fatalf("zone %d is %s to camp 0; the test needs an unknown zone", hidden, v.GetGrisonval().GetZones()[hidden-1].GetVisibility())
	}

	tests := []struct {
		name       string
		worldID    uint64
		order      *pb.Order
		wantCode   codes.Code
		wantReason string
		wantField  string
	}{
		{"no order", 0, nil, codes.InvalidArgument, "bad_request", "order"},
		{"unknown action", 0, &pb.Order{Action: "dance"}, codes.InvalidArgument, "unknown_action", "action"},
		{"wrong argument count", 0, &pb.Order{Action: "explore"}, codes.InvalidArgument, "bad_arguments", "args"},
		{"count out of range", 0, &pb.Order{Action: "raise_army", Args: []int32{99}}, codes.InvalidArgument, "bad_arguments", "args[0]"},
		{"zone off the map", 0, &pb.Order{Action: "explore", Args: []int32{200}}, codes.InvalidArgument, "bad_arguments", "args[0]"},
		{"zone out of sight", 0, &pb.Order{Action: "explore", Args: []int32{hidden}}, codes.InvalidArgument, "unknown_zone", "args[0]"},
		{"not allowed now", 0, &pb.Order{Action: "send_army", Args: []int32{1, hidden}}, codes.FailedPrecondition, "not_allowed", "action"},
		{"another world", other.info.GetId(), &pb.Order{Action: "rest"}, codes.PermissionDenied, "permission_denied", "world_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := h.game.SubmitOrder(as(tok), &pb.SubmitOrderRequest{WorldId: tt.worldID, Order: tt.order})
			wantCode(t, err, tt.wantCode)
			reason, fields := errorInfo(err)
			if reason != tt.wantReason {
				t.Errorf("got reason %q; want %q", reason, tt.wantReason)
			}
			if tt.wantField != "" && !slices.Equal(fields, []string{tt.wantField}) {
				t.Errorf("got fields %v; want [%s]", fields, tt.wantField)
			}
			if got := h.view(t, tok).GetPendingOrder(); !proto.Equal(got, pending) {
				t.Errorf("pending order %v after a refused order; want %v", got, pending)
			}
		})
	}

	t.Run("no fact of an unseen zone", func(t *testing.T) {
		_, err := h.game.SubmitOrder(as(tok), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "explore", Args: []int32{hidden}}})
		msg := strings.ToLower(err.Error())
		facts := []string{"plains", "forest", "mountain", "coast", "capital", "garrison", "carmin", "azur", "owner"}
		for _, f := range facts {
			if strings.Contains(msg, f) {
				t.Errorf("error %q names %q, a fact of zone %d that camp 0 cannot see", msg, f, hidden)
			}
		}
	})
}

func TestBadAdminRequests(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	admin := as(h.adminToken)
	id := w.info.GetId()
	human := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}
	tests := []struct {
		name string
		call func() error
		want codes.Code
	}{
		{"seed 0", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{})
			return err
		}, codes.InvalidArgument},
		{"season length under -1", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 3, SeasonLength: -2})
			return err
		}, codes.InvalidArgument},
		{"two controllers", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 3, Controllers: []*pb.Controller{human, human}})
			return err
		}, codes.InvalidArgument},
		{"AI without posture", func() error {
			_, err := h.admin.SetController(admin, &pb.SetControllerRequest{WorldId: id, Camp: 1,
				Controller: &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI}})
			return err
		}, codes.InvalidArgument},
		{"camp 3", func() error {
			_, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 3})
			return err
		}, codes.InvalidArgument},
		{"unknown world", func() error {
			_, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id + 100})
			return err
		}, codes.NotFound},
	}
	before := worldsState(t, h)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, tt.call(), tt.want)
		})
	}
	if after := worldsState(t, h); !proto.Equal(before, after) {
		t.Errorf("refused calls changed the worlds:\ngot  %v\nwant %v", after, before)
	}
}

func TestCreateWorldDefaults(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	info, err := h.admin.CreateWorld(as(h.adminToken), &pb.CreateWorldRequest{Seed: 5})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	if got := info.GetCadence().AsDuration(); got != server.DefaultCadence {
		t.Errorf("got cadence %s; want %s", got, server.DefaultCadence)
	}
	if info.GetSeason() != 1 || info.GetDay() != 0 {
		t.Errorf("got season %d day %d; want season 1 day 0", info.GetSeason(), info.GetDay())
	}
	want := []*pb.Controller{
		{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN},
		{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT},
		{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_GROWTH},
	}
	if got := info.GetControllers(); !slices.EqualFunc(got, want, func(a, b *pb.Controller) bool { return proto.Equal(a, b) }) {
		t.Errorf("got controllers %v; want %v", got, want)
	}
	if hash := grisonval.Hash(grisonval.NewWorld(5)); info.GetStateHash() != hash {
		t.Errorf("got hash %s; want the setup hash %s", info.GetStateHash(), hash)
	}
}
