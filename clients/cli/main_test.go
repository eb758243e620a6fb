package main

import (
	"bytes"
	"context"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

func TestParseArgs(t *testing.T) {
	env := map[string]string{"GRISONVAL_TOKEN": "envtok"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		name string
		args []string
		want invocation
	}{
		{"defaults", []string{"view"},
			invocation{addr: defaultAddr, token: "envtok", cmd: "view"}},
		{"global flags first", []string{"--addr", "10.0.0.1:9", "--token", "t", "--world", "3", "--json", "view"},
			invocation{addr: "10.0.0.1:9", token: "t", world: 3, json: true, cmd: "view"}},
		{"flags after the command", []string{"journal", "--since", "4", "--json"},
			invocation{addr: defaultAddr, token: "envtok", json: true, since: 4, cmd: "journal"}},
		{"short form with reason", []string{"expand_to", "12", "--reason", "terre libre"},
			invocation{addr: defaultAddr, token: "envtok", reason: "terre libre", cmd: "expand_to", args: []string{"12"}}},
		{"order with flags between arguments", []string{"order", "send_army", "--reason=siège", "4", "15"},
			invocation{addr: defaultAddr, token: "envtok", reason: "siège", cmd: "order", args: []string{"send_army", "4", "15"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseArgs(tt.args, getenv)
			if err != nil {
				t.Fatalf("got error %v; want none", err)
			}
			if got.addr != tt.want.addr || got.token != tt.want.token || got.world != tt.want.world || got.json != tt.want.json ||
				got.reason != tt.want.reason || got.since != tt.want.since || got.cmd != tt.want.cmd || !slices.Equal(got.args, tt.want.args) {
				t.Errorf("got %+v; want %+v", *got, tt.want)
			}
		})
	}
	t.Run("address from the environment", func(t *testing.T) {
		got, err := parseArgs([]string{"view"}, func(k string) string {
			return map[string]string{"GRISONVAL_ADDR": "h:1", "GRISONVAL_TOKEN": "x"}[k]
		})
		if err != nil || got.addr != "h:1" {
			t.Errorf("got %v, %v; want address h:1", got, err)
		}
	})
}

func TestParseArgsUsageErrors(t *testing.T) {
	getenv := func(k string) string {
		if k == "GRISONVAL_TOKEN" {
			return "tok"
		}
		return ""
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "no command"},
		{"view with an argument", []string{"view", "3"}, "view takes no argument"},
		{"reason on view", []string{"view", "--reason", "x"}, "--reason goes with an order"},
		{"since on wait", []string{"wait", "--since", "2"}, "--since goes with journal"},
		{"since on an order", []string{"rest", "--since", "2"}, "--since goes with journal"},
		{"order without action", []string{"order"}, "order needs an action"},
		{"unknown flag", []string{"view", "--colour"}, "flag provided but not defined"},
		{"bad world", []string{"--world", "x", "view"}, "invalid value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseArgs(tt.args, getenv)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %v; want one containing %q", err, tt.want)
			}
		})
	}
	t.Run("no token", func(t *testing.T) {
		_, err := parseArgs([]string{"view"}, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), "no token") {
			t.Errorf("got error %v; want one about the missing token", err)
		}
	})
}

// fakeGame stands in for the game server at the network boundary, so that
// run can be tested in-process before the real server exists; the
// integration test against the real server lives with the server.
type fakeGame struct {
	pb.UnimplementedGameServiceServer

	mu     sync.Mutex // guards orders
	orders []*pb.Order
}

func (g *fakeGame) auth(ctx context.Context) error {
	md, _ := metadata.FromIncomingContext(ctx)
	if v := md.Get("authorization"); len(v) != 1 || v[0] != "Bearer good" {
		return status.Error(codes.Unauthenticated, "unknown token: ask an admin for your camp's token")
	}
	return nil
}

func (g *fakeGame) GetView(ctx context.Context, _ *pb.GetViewRequest) (*pb.CampView, error) {
	if err := g.auth(ctx); err != nil {
		return nil, err
	}
	return sampleView(), nil
}

func (g *fakeGame) SubmitOrder(ctx context.Context, r *pb.SubmitOrderRequest) (*pb.SubmitOrderResponse, error) {
	if err := g.auth(ctx); err != nil {
		return nil, err
	}
	if r.GetOrder().GetAction() == "bogus" {
		st, err := status.New(codes.InvalidArgument, "unknown action; known actions: rest, explore").WithDetails(
			&errdetails.ErrorInfo{Reason: "unknown_action"},
			&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "action", Description: "unknown action"}}})
		if err != nil {
			return nil, err
		}
		return nil, st.Err()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.orders = append(g.orders, r.GetOrder())
	return &pb.SubmitOrderResponse{Day: 13, Order: r.GetOrder(), Replaced: len(g.orders) > 1}, nil
}

func (g *fakeGame) GetJournal(ctx context.Context, r *pb.GetJournalRequest) (*pb.GetJournalResponse, error) {
	if err := g.auth(ctx); err != nil {
		return nil, err
	}
	var out []*pb.JournalEntry
	for _, e := range sampleView().GetJournal() {
		if e.GetDay() >= r.GetSinceDay() {
			out = append(out, e)
		}
	}
	return &pb.GetJournalResponse{Entries: out}, nil
}

func (g *fakeGame) WatchTicks(_ *pb.WatchTicksRequest, s grpc.ServerStreamingServer[pb.TickNotice]) error {
	if err := g.auth(s.Context()); err != nil {
		return err
	}
	for _, n := range []*pb.TickNotice{
		{WorldId: 7, Day: 12},
		{WorldId: 7, Day: 13, Journal: []*pb.JournalEntry{{Day: 13, Kind: "explore", Narration: "Les éclaireurs reviennent."}}},
	} {
		if err := s.Send(n); err != nil {
			return err
		}
	}
	<-s.Context().Done()
	return nil
}

// startGame serves a fakeGame on loopback and returns it with its address.
func startGame(t *testing.T) (*fakeGame, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	g := &fakeGame{}
	srv := grpc.NewServer()
	pb.RegisterGameServiceServer(srv, g)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	return g, lis.Addr().String()
}

func TestRun(t *testing.T) {
	g, addr := startGame(t)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string
		wantStderr []string
	}{
		{"view", []string{"view"}, 0, []string{"World 7, camp 1", "2 remembered, 5 unknown", "  3. send_army MEN ZONE"}, nil},
		{"short form order", []string{"expand_to", "5", "--reason", "terre libre"}, 0,
			[]string{"Order accepted for day 13: expand_to 5 (reason: terre libre)\n"}, nil},
		{"order replaces", []string{"order", "send_army", "4", "4"}, 0,
			[]string{"send_army 4 4", "It replaces the order you had posted"}, nil},
		{"refused order", []string{"bogus", "1"}, 1, nil,
			[]string{"error (InvalidArgument): unknown action", "reason: unknown_action", "action: unknown action"}},
		{"journal since", []string{"journal", "--since", "9"}, 0, []string{"day 9 [rest]", "day 10 [rest]"}, nil},
		{"wait", []string{"wait"}, 0, []string{"Day 13 resolved", "day 13 [explore] Les éclaireurs reviennent."}, nil},
		{"bad token", []string{"--token", "bad", "view"}, 1, nil, []string{"error (Unauthenticated): unknown token"}},
		{"argument not a number", []string{"send_army", "four", "4"}, 2, nil, []string{`argument 1 of send_army is "four"`, "cli help"}},
		{"usage error", []string{"view", "extra"}, 2, nil, []string{"view takes no argument"}},
		{"help", []string{"help"}, 0, []string{"usage: cli"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"--addr", addr, "--token", "good"}, tt.args...)
			code := run(context.Background(), args, &stdout, &stderr)
			if code != tt.wantCode {
				t.Fatalf("got exit code %d; want %d (stdout %q, stderr %q)", code, tt.wantCode, stdout.String(), stderr.String())
			}
			for _, w := range tt.wantStdout {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("got stdout:\n%s\nwant it to contain %q", stdout.String(), w)
				}
			}
			for _, w := range tt.wantStderr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("got stderr:\n%s\nwant it to contain %q", stderr.String(), w)
				}
			}
		})
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	want := []*pb.Order{
		{Action: "expand_to", Args: []int32{5}, Reason: "terre libre"},
		{Action: "send_army", Args: []int32{4, 4}},
	}
	if !slices.EqualFunc(g.orders, want, func(a, b *pb.Order) bool { return proto.Equal(a, b) }) {
		t.Errorf("got orders %v; want %v", g.orders, want)
	}
}

func TestRunJSON(t *testing.T) {
	_, addr := startGame(t)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"--addr", addr, "--token", "good", "view", "--json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("got exit code %d (stderr %q); want 0", code, stderr.String())
	}
	var v pb.CampView
	if err := protojson.Unmarshal(stdout.Bytes(), &v); err != nil {
		t.Fatalf("got %v parsing:\n%s", err, stdout.String())
	}
	if !proto.Equal(&v, sampleView()) {
		t.Errorf("got %v; want the server's view", &v)
	}
}
