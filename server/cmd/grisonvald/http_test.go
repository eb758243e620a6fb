package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
)

// devServer is grisonvald's run with -dev, the JSON face and the metrics,
// as make run starts it: its gRPC address, the JSON face's and the
// metrics' URLs, camp 0's token and the admin's, read from connect.txt as a
// person reads them.
type devServer struct {
	grpcAddr, url, metrics, camp, admin string
	// web and pprof are the web face's and the profiles' URLs.
	web, pprof string
	// data is the data folder.
	data string
}

// startLimits are the HTTP listeners' bounds of startDevServer's next
// server (the defaults when zero).
var startLimits httpLimits

// startDevServer runs grisonvald -dev on the store of dbURL (SQLite when
// empty), with sec, until the test ends.
func startDevServer(t *testing.T, dbURL string, sec security) devServer {
	t.Helper()
	data := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, zerolog.Nop(), "127.0.0.1:0", data, dbURL, devWorld{on: true, ruleset: "grisonval"}, "", server.Replica{},
			faces{web: "127.0.0.1:0", http: "127.0.0.1:0", metrics: "127.0.0.1:0", pprof: "127.0.0.1:0", limits: startLimits}, sec)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("grisonvald: %v", err)
		}
	})
	var text string
	for deadline := time.Now().Add(20 * time.Second); ; {
		b, err := os.ReadFile(filepath.Join(data, connectFile))
		if err == nil {
			text = string(b)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 20s", connectFile)
		}
		time.Sleep(20 * time.Millisecond)
	}
	find := func(re string) string {
		m := regexp.MustCompile(re).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no %s in %s:\n%s", re, connectFile, text)
		}
		return m[1]
	}
	return devServer{grpcAddr: find(`Grisonval server at (\S+)`), url: find(`JSON face at (\S+)`), metrics: find(`metrics at (\S+)metrics`),
		camp: find(`camp 0 \S+ \(human\): (\S+)`), admin: find(`admin token: (\S+)`), data: data,
		web: find(`web page at (\S+)`), pprof: find(`profiles at (\S+)debug/pprof/`)}
}

// client returns an HTTP client of d's faces: trusting its self-signed
// certificate when it has one (-dev-tls).
func (d devServer) client(t *testing.T) *http.Client {
	t.Helper()
	pem, err := os.ReadFile(filepath.Join(d.data, devTLSDir, devTLSCert))
	if err != nil {
		return http.DefaultClient
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
}

// post calls method of the JSON face with body and token; it returns the
// HTTP status and the decoded JSON answer.
func (d devServer) post(t *testing.T, method, token, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, d.url+method, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := d.client(t).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", method, err, raw)
	}
	return resp.StatusCode, out
}

// TestJSONFace calls the server over HTTP as curl does: a view, an order,
// refusals with the same gRPC codes and messages as over gRPC and their
// HTTP statuses, the chronicle without a token, a stream of ticks, and a
// route for every RPC of the three services.
func TestJSONFace(t *testing.T) {
	d := startDevServer(t, "", security{})
	conn, err := grpc.NewClient(d.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	game := pb.NewGameServiceClient(conn)
	as := func(tok string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	}

	code, view := d.post(t, "grisonval.v1.GameService/GetView", d.camp, `{}`)
	if code != http.StatusOK || view["camp"] != float64(0) || view["ruleset"] != "grisonval" || view["camp_name"] == "" {
		t.Fatalf("GetView: %d %v; want 200 with camp 0 (zero values included) of a grisonval world", code, view)
	}
	g, _ := view["grisonval"].(map[string]any)
	if stocks, _ := g["resources"].(map[string]any); stocks == nil {
		t.Errorf("GetView: no resources in %v", g)
	}

	code, posted := d.post(t, "grisonval.v1.GameService/SubmitOrder", d.camp, `{"order": {"action": "rest", "reason": "over HTTP"}}`)
	if code != http.StatusOK || posted["day"] == nil {
		t.Errorf("SubmitOrder rest: %d %v; want 200 with the day", code, posted)
	}

	refusals := []struct {
		name, service, method, token, body string
		grpcCall                           func() error
		httpStatus                         int
	}{
		{"an unknown action", "GameService", "SubmitOrder", d.camp, `{"order": {"action": "fly"}}`,
			func() error {
				_, err := game.SubmitOrder(as(d.camp), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "fly"}})
				return err
			}, http.StatusBadRequest},
		{"no token", "GameService", "GetView", "", `{}`,
			func() error { _, err := game.GetView(context.Background(), &pb.GetViewRequest{}); return err }, http.StatusUnauthorized},
		{"a camp's token for an admin call", "AdminService", "ListWorlds", d.camp, `{}`,
			func() error {
				_, err := pb.NewAdminServiceClient(conn).ListWorlds(as(d.camp), &pb.ListWorldsRequest{})
				return err
			}, http.StatusForbidden},
		{"a running season's chronicle", "ChronicleService", "GetChronicle", "", `{"world_id": 1, "season": 1}`,
			func() error {
				_, err := pb.NewChronicleServiceClient(conn).GetChronicle(context.Background(), &pb.GetChronicleRequest{WorldId: 1, Season: 1})
				return err
			}, http.StatusNotFound},
	}
	for _, r := range refusals {
		want := status.Convert(r.grpcCall())
		if want.Code() == codes.OK {
			t.Fatalf("%s: the gRPC call succeeded", r.name)
		}
		code, body := d.post(t, "grisonval.v1."+r.service+"/"+r.method, r.token, r.body)
		if code != r.httpStatus || body["code"] != float64(want.Code()) || body["message"] != want.Message() {
			t.Errorf("%s: HTTP %d %v; want %d with gRPC's code %d (%s) and message %q", r.name, code, body, r.httpStatus, want.Code(), want.Code(), want.Message())
		}
	}

	if code, list := d.post(t, "grisonval.v1.ChronicleService/ListChronicles", "", `{}`); code != http.StatusOK || list["chronicles"] == nil {
		t.Errorf("ListChronicles without a token: %d %v; want 200 and the (empty) list", code, list)
	}
	if code, worlds := d.post(t, "grisonval.v1.AdminService/ListWorlds", d.admin, `{}`); code != http.StatusOK || len(worlds["worlds"].([]any)) != 1 {
		t.Errorf("ListWorlds as admin: %d %v; want the dev world", code, worlds)
	}

	// WatchTicks streams one JSON object per line, the first at once.
	req, _ := http.NewRequest(http.MethodPost, d.url+"grisonval.v1.GameService/WatchTicks", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+d.camp)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	resp.Body.Close()
	var notice struct {
		Result map[string]any `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &notice); err != nil || notice.Result["day"] == nil {
		t.Errorf("WatchTicks: first line %q (%v); want a notice with its day", line, err)
	}

	// Every RPC has its route: an empty request gets a gRPC answer, never
	// the gateway's 404 or Unimplemented.
	for _, fd := range []protoreflect.FileDescriptor{pb.File_grisonval_v1_game_proto, pb.File_grisonval_v1_admin_proto, pb.File_grisonval_v1_season_proto} {
		for i := range fd.Services().Len() {
			sd := fd.Services().Get(i)
			for j := range sd.Methods().Len() {
				m := sd.Methods().Get(j)
				if m.IsStreamingServer() {
					continue // WatchTicks, read above
				}
				path := fmt.Sprintf("%s/%s", sd.FullName(), m.Name())
				code, body := d.post(t, path, d.admin, `{}`)
				if body["code"] == float64(codes.Unimplemented) || code == http.StatusNotFound && body["message"] == http.StatusText(http.StatusNotFound) {
					t.Errorf("%s: %d %v; want a route to the server", path, code, body)
				}
			}
		}
	}
}
