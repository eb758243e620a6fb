package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/deploy"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
	"github.com/grisonval/server/server/store/sqlite"
)

// e2eLimit bounds a whole Castle game of the end-to-end test.
const e2eLimit = 4 * time.Minute

// buildBinary builds the command package pkg into dir, as the image does
// (deploy.BuildCommand).
func buildBinary(t *testing.T, dir, pkg, name string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	if out, err := deploy.BuildCommand(context.Background(), bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// TestCastleEndToEnd plays a Castle world of 4 cities on each store through
// the real binaries: the server, two AI bots (aggressive and prudent) as
// gRPC clients, one city played through the MCP server (grisonval-agent over
// stdio) and one through the CLI binary, both choosing from the legal menu
// of their view; to the end of the game, then replays the season hash for
// hash from the store (issue 11).
func TestCastleEndToEnd(t *testing.T) {
	bins := t.TempDir()
	srvBin := buildBinary(t, bins, "github.com/grisonval/server/server/cmd/grisonvald", "grisonvald")
	cliBin := buildBinary(t, bins, "github.com/grisonval/server/clients/cli", "cli")
	agentBin := buildBinary(t, bins, "github.com/grisonval/server/clients/agent/cmd/grisonval-agent", "grisonval-agent")
	for _, tc := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"sqlite", func(*testing.T) string { return "" }},
		{"postgres", func(t *testing.T) string { return pgtest.NewDatabase(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := tc.url(t)
			data := t.TempDir()
			playCastle(t, srvBin, cliBin, agentBin, data, url)
		})
	}
}

func playCastle(t *testing.T, srvBin, cliBin, agentBin, data, url string) {
	ctx, cancel := context.WithTimeout(context.Background(), e2eLimit)
	defer cancel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	adminToken := "gva_castle_" + strings.Repeat("c", 32)
	tokenFile := filepath.Join(t.TempDir(), "admin.token")
	if err := os.WriteFile(tokenFile, []byte(adminToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(srvBin, "-addr", addr, "-data", data, "-database-url", url, "-admin-token-file", tokenFile)
	logf, err := os.Create(filepath.Join(data, "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	srv.Stdout, srv.Stderr = logf, logf
	if err := srv.Start(); err != nil {
		t.Fatalf("start grisonvald: %v", err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			srv.Process.Signal(syscall.SIGTERM)
			srv.Wait()
		}
	}
	defer stop()
	waitServing(t, ctx, addr)
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	admin := pb.NewAdminServiceClient(conn)
	actx := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+adminToken)
	ai := func(p pb.Posture) *pb.Controller {
		return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: p}
	}
	var info *pb.WorldInfo
	for {
		info, err = admin.CreateWorld(actx, &pb.CreateWorldRequest{Name: "castle e2e", Ruleset: "castle", Camps: 4, Seed: 11,
			SeasonLength: -1, Cadence: durationpb.New(time.Second),
			Controllers: []*pb.Controller{ai(pb.Posture_POSTURE_AGGRESSIVE), ai(pb.Posture_POSTURE_PRUDENT),
				{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}, {Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}}})
		if err == nil || ctx.Err() != nil {
			break
		}
		time.Sleep(50 * time.Millisecond) // the server may still be starting
	}
	if err != nil {
		t.Fatalf("create the castle: %v", err)
	}
	id := info.GetId()
	tokens := make([]string, 4)
	for c := range tokens {
		resp, err := admin.IssueToken(actx, &pb.IssueTokenRequest{WorldId: id, Camp: int32(c)})
		if err != nil {
			t.Fatalf("token of city %d: %v", c, err)
		}
		tokens[c] = resp.GetToken()
	}

	// The two bots.
	botCtx, stopBots := context.WithCancel(ctx)
	defer stopBots()
	game := pb.NewGameServiceClient(conn)
	for c := range 2 {
		p := &bot.Player{Client: game, Token: tokens[c], Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)}
		go p.Run(botCtx)
	}

	// City 2 through the MCP server, city 3 through the CLI.
	cmd := exec.Command(agentBin, "--stdio", "--addr", addr)
	cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+tokens[2])
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "castle-e2e"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to grisonval-agent: %v", err)
	}
	defer cs.Close()
	cli := func(args ...string) (string, error) {
		c := exec.CommandContext(ctx, cliBin, append([]string{"--addr", addr, "--token", tokens[3]}, args...)...)
		out, err := c.CombinedOutput()
		return string(out), err
	}
	mcpView := func() *pb.CampView {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "view_structured"})
		if err != nil || res.IsError {
			t.Fatalf("MCP view_structured: %v %v", err, res)
		}
		v := &pb.CampView{}
		if err := protojson.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), v); err != nil {
			t.Fatalf("MCP view: %v", err)
		}
		return v
	}
	cliView := func() *pb.CampView {
		t.Helper()
		out, err := cli("view", "--json")
		if err != nil {
			t.Fatalf("cli view --json: %v\n%s", err, out)
		}
		v := &pb.CampView{}
		if err := protojson.Unmarshal([]byte(out), v); err != nil {
			t.Fatalf("cli view: %v\n%s", err, out)
		}
		return v
	}
	posted := map[string]int{}
	for {
		if ctx.Err() != nil {
			t.Fatalf("the game did not end within %s", e2eLimit)
		}
		if v := mcpView(); wantsOrder(v) {
			o := chooseOrder(v)
			spec := map[string]any{"action": o.GetAction()}
			if len(o.GetArgs()) > 0 {
				spec["args"] = o.GetArgs()
			}
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "submit_order", Arguments: map[string]any{"order": spec, "reason": "e2e"}})
			switch {
			case err == nil && !res.IsError:
				posted["mcp "+o.GetAction()]++
			case stale(v, mcpView()):
				// The day resolved between the view and the order (the
				// bots' camps posted, or the deadline came): choose again.
			default:
				t.Fatalf("MCP submit_order %v: %v %v", o, err, res)
			}
		}
		v := cliView()
		if wantsOrder(v) {
			o := chooseOrder(v)
			args := []string{o.GetAction()}
			for _, a := range o.GetArgs() {
				args = append(args, fmt.Sprint(a))
			}
			if out, err := cli(append(args, "--reason", "e2e")...); err == nil {
				posted["cli "+o.GetAction()]++
			} else if !stale(v, cliView()) {
				t.Fatalf("cli %v: %v\n%s", args, err, out)
			}
		}
		if !v.GetAlive() || v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_UNSPECIFIED {
			seasons, err := admin.ListSeasons(actx, &pb.ListSeasonsRequest{WorldId: id})
			if err == nil && len(seasons.GetSeasons()) == 1 && seasons.GetSeasons()[0].GetClosed() {
				t.Logf("the game ended on day %d: %v; orders posted %v", seasons.GetSeasons()[0].GetLastDay(),
					seasons.GetSeasons()[0].GetCamps(), posted)
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, who := range []string{"mcp", "cli"} {
		if posted[who+" draft"] == 0 || posted[who+" play"]+posted[who+" discard"] == 0 {
			t.Errorf("%s: posted %v; want a draft and a card played or discarded at least", who, posted)
		}
	}
	stopBots()
	cs.Close()
	stop()

	// The season replays hash for hash from the store.
	var st store.Store
	if url != "" {
		st, err = postgres.Open(context.Background(), url)
	} else {
		st, err = sqlite.Open(data)
	}
	if err != nil {
		t.Fatalf("open the store: %v", err)
	}
	defer st.Close()
	rep, err := server.Replay(context.Background(), st, served.Rulesets(), id, 1, nil)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	last, err := st.LatestTick(context.Background(), id, 1)
	if err != nil || rep.LastHash != last.Hash || rep.LastDay != last.Day {
		t.Errorf("replay ended on day %d %s; the store's last tick is day %d %s (%v)", rep.LastDay, rep.LastHash, last.Day, last.Hash, err)
	}
}

// waitServing waits until the server at addr says SERVING, as its first
// start, with its operator's admin token set, comes up.
func waitServing(t *testing.T, ctx context.Context, addr string) {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for ctx.Err() == nil {
		resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		if err == nil && resp.GetStatus() == healthpb.HealthCheckResponse_SERVING {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the server at %s did not serve", addr)
}

// wantsOrder reports whether the city of view v decides on the next day and
// has not posted yet.
func wantsOrder(v *pb.CampView) bool {
	return v.GetAlive() && v.GetCastle().GetActs() && v.GetPostingStatus() != pb.PostingStatus_POSTING_STATUS_POSTED &&
		v.GetPostingStatus() != pb.PostingStatus_POSTING_STATUS_UNSPECIFIED
}

// chooseOrder chooses from the legal menu as a careful player: convert while
// far from a putsch, keep the hospital when drafting, discard a fire it can
// pay for, else play the card, each argument its first valid value (the
// draft: cards in the order drawn).
func chooseOrder(v *pb.CampView) *pb.Order {
	legal := map[string]*pb.LegalAction{}
	for _, la := range v.GetLegalActions() {
		legal[la.GetAction()] = la
	}
	c := v.GetCastle()
	me := c.GetCities()[v.GetCamp()]
	switch {
	case legal["convert"] != nil && me.GetArmy() < 7 && me.GetCivilians() > 3:
		return &pb.Order{Action: "convert"}
	case legal["pass"] != nil:
		return &pb.Order{Action: "pass"}
	case legal["draft"] != nil:
		keep := int32(slices.Index(c.GetDrawn(), "hospital") + 1)
		if keep == 0 {
			keep = 1
		}
		o := &pb.Order{Action: "draft", Args: []int32{keep}}
		for i := range c.GetDrawn() {
			if int32(i+1) != keep {
				o.Args = append(o.Args, int32(i+1))
			}
		}
		return o
	case legal["discard"] != nil && c.GetHand() == "fire":
		return &pb.Order{Action: "discard"}
	case legal["play"] != nil:
		o := &pb.Order{Action: "play"}
		for _, a := range legal["play"].GetArgs() {
			if a.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
				o.Args = append(o.Args, a.GetMin())
			} else {
				o.Args = append(o.Args, a.GetChoices()[0])
			}
		}
		return o
	}
	return &pb.Order{Action: "default"}
}

// stale reports whether a camp's view changed day or legal menu since
// before: an order chosen from before may then be refused, and is chosen
// again from the new view.
func stale(before, now *pb.CampView) bool {
	if before.GetDay() != now.GetDay() || len(before.GetLegalActions()) != len(now.GetLegalActions()) {
		return true
	}
	for i, a := range before.GetLegalActions() {
		if a.GetAction() != now.GetLegalActions()[i].GetAction() {
			return true
		}
	}
	return false
}
