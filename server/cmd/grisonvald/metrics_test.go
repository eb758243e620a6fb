package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store/pgtest"
)

// scrape reads the metrics page of d.
func (d devServer) scrape(t *testing.T) string {
	t.Helper()
	resp, err := http.Get(d.metrics + "metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %d %v", resp.StatusCode, err)
	}
	return string(b)
}

// value returns the value of the series whose line starts with series (a
// name and its labels in the exposition's order), or -1 when there is none.
func value(page, series string) float64 {
	for line := range strings.Lines(page) {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err == nil {
				return v
			}
		}
	}
	return -1
}

// TestMetrics runs grisonvald -dev with its private metrics listener, on
// each store, plays a few days through the admin's ForceTick with orders
// accepted and refused and a tick stream open, and reads the series an
// operator reads: the gRPC calls by method and code, the orders by reason,
// the streams, the ticks' duration and lateness, the worlds loaded, the
// store's operations and the leases; and pprof on its own listener only
// (N6 of issue 34).
func TestMetrics(t *testing.T) {
	for _, tc := range []struct {
		store string
		url   func(t *testing.T) string
	}{
		{"sqlite", func(*testing.T) string { return "" }},
		{"postgres", func(t *testing.T) string { return pgtest.NewDatabase(t) }},
	} {
		t.Run(tc.store, func(t *testing.T) {
			d := startDevServer(t, tc.url(t), security{})
			conn, err := grpc.NewClient(d.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			game, admin := pb.NewGameServiceClient(conn), pb.NewAdminServiceClient(conn)
			as := func(tok string) context.Context {
				return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
			}
			ctx, cancel := context.WithCancel(as(d.camp))
			defer cancel()
			stream, err := game.WatchTicks(ctx, &pb.WatchTicksRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := stream.Recv(); err != nil {
				t.Fatal(err)
			}
			const days = 3
			for range days {
				if _, err := game.SubmitOrder(as(d.camp), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}}); err != nil {
					t.Fatal(err)
				}
				if _, err := game.SubmitOrder(as(d.camp), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "fly"}}); err == nil {
					t.Fatal("fly accepted")
				}
				if _, err := admin.ForceTick(as(d.admin), &pb.WorldRequest{WorldId: 1}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := game.GetView(context.Background(), &pb.GetViewRequest{}); err == nil {
				t.Fatal("a view without a token")
			}
			// Accepted or refused (the camps may not have met), it is counted.
			_, merr := game.SendMessage(as(d.camp), &pb.SendMessageRequest{ToCamp: 1, Text: "hello"})
			page := d.scrape(t)
			series := `grisonval_messages_total{reason="",result="accepted"}`
			if merr != nil {
				series = `grisonval_messages_total{reason="` + status.Convert(merr).Details()[0].(*errdetails.ErrorInfo).GetReason() + `",result="refused"}`
			}
			if value(page, series) != 1 {
				t.Errorf("the message is not counted:\n%s", grep(page, "grisonval_messages_total"))
			}
			// Every series the Grafana dashboard plots is served.
			for _, name := range dashboardSeries(t) {
				if !regexp.MustCompile(`(?m)^` + name + `(_bucket|_count)?[{ ]`).MatchString(page) {
					t.Errorf("deploy/grafana/grisonval.json plots %s, which the server does not serve", name)
				}
			}
			// The in-process bot of camp 2 also posts and watches: the
			// series it moves are checked at least, the others exactly.
			atLeast := map[string]float64{
				`grpc_server_handled_total{grpc_code="OK",grpc_method="SubmitOrder",grpc_service="grisonval.v1.GameService",grpc_type="unary"}`: days,
				`grpc_server_started_total{grpc_method="WatchTicks",grpc_service="grisonval.v1.GameService",grpc_type="server_stream"}`:         1,
				`grisonval_orders_total{reason="",result="accepted"}`:                                                                           days,
				`grisonval_streams{kind="WatchTicks"}`:                                                                                          1,
			}
			for series, v := range atLeast {
				if got := value(page, series); got < v {
					t.Errorf("%s = %v; want at least %v", series, got, v)
				}
			}
			want := map[string]float64{
				`grpc_server_handled_total{grpc_code="InvalidArgument",grpc_method="SubmitOrder",grpc_service="grisonval.v1.GameService",grpc_type="unary"}`: days,
				`grpc_server_handled_total{grpc_code="Unauthenticated",grpc_method="GetView",grpc_service="grisonval.v1.GameService",grpc_type="unary"}`:     1,
				`grisonval_orders_total{reason="unknown_action",result="refused"}`:                                                                           days,
				`grisonval_tick_duration_seconds_count{ruleset="grisonval"}`:                                                                                 days,
				`grisonval_tick_lateness_seconds_count{ruleset="grisonval"}`:                                                                                 days,
				`grisonval_worlds_loaded{ruleset="grisonval"}`:                                                                                               1,
				`grisonval_store_operation_seconds_count{operation="commit_tick",result="ok",store="` + tc.store + `"}`:                                      days + 1, // and the setup
			}
			if tc.store == "postgres" {
				want[`grisonval_leases_held`] = 1
				want[`grisonval_leases_acquired_total`] = 1
				want[`grisonval_leases_lost_total`] = 0
			} else {
				want[`grisonval_leases_held`] = 0
			}
			for series, v := range want {
				if got := value(page, series); got != v {
					t.Errorf("%s = %v; want %v", series, got, v)
				}
			}
			if n := value(page, `grpc_server_handling_seconds_bucket{grpc_method="GetView",grpc_service="grisonval.v1.GameService",grpc_type="unary",le="1e-05"}`); n < 0 {
				t.Errorf("no latency bucket of 10 µs for GetView")
			}
			// No label names a world, a camp or a token.
			if m := regexp.MustCompile(`\{[^}]*\b(world|world_id|camp|token)=|gv[ca]_`).FindString(page); m != "" {
				t.Errorf("a series names a world, camp or token: %q", m)
			}

			// The stream's end moves the gauge back by one.
			open := value(page, `grisonval_streams{kind="WatchTicks"}`)
			cancel()
			deadline := time.Now().Add(5 * time.Second)
			for value(d.scrape(t), `grisonval_streams{kind="WatchTicks"}`) != open-1 {
				if time.Now().After(deadline) {
					t.Fatalf("grisonval_streams{kind=\"WatchTicks\"} not %v five seconds after the stream ended", open-1)
				}
				time.Sleep(20 * time.Millisecond)
			}

			resp, err := http.Get(d.pprof + "debug/pprof/goroutine?debug=1")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "goroutine profile:") {
				t.Errorf("pprof goroutines: %d %.200s", resp.StatusCode, body)
			}
			resp, err = http.Get(d.metrics + "debug/pprof/cmdline")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("pprof on the metrics listener: status %d; want 404", resp.StatusCode)
			}
		})
	}
}

// grep returns the lines of page that contain s.
func grep(page, s string) string {
	var out []string
	for line := range strings.Lines(page) {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "")
}

// dashboardSeries returns the names of the series the Grafana dashboard's
// queries read.
func dashboardSeries(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../../deploy/grafana/grisonval.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatalf("the dashboard: %v", err)
	}
	seen := map[string]bool{}
	var names []string
	series := regexp.MustCompile(`\b(grpc_server|grisonval|go|process)_[a-z_]+\b`)
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			for _, n := range series.FindAllString(tg.Expr, -1) {
				n = strings.TrimSuffix(strings.TrimSuffix(n, "_bucket"), "_count")
				if !seen[n] {
					seen[n] = true
					names = append(names, n)
				}
			}
		}
	}
	if len(names) < 10 {
		t.Fatalf("the dashboard reads only %v", names)
	}
	return names
}

// TestDashboardUnits checks that each panel of the Grafana dashboard plots
// what its axis says: a panel in seconds plots quantiles of a latency
// histogram (a rate of days or of errors on a seconds axis reads as a
// duration), one in bytes byte series, and one in calls or operations per
// second rates.
func TestDashboardUnits(t *testing.T) {
	b, err := os.ReadFile("../../../deploy/grafana/grisonval.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title       string `json:"title"`
			FieldConfig struct {
				Defaults struct {
					Unit string `json:"unit"`
				} `json:"defaults"`
			} `json:"fieldConfig"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatal(err)
	}
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			ok := true
			switch unit := p.FieldConfig.Defaults.Unit; unit {
			case "s":
				ok = strings.HasPrefix(tg.Expr, "histogram_quantile(") && strings.Contains(tg.Expr, "_seconds_bucket")
			case "bytes":
				ok = regexp.MustCompile(`^[a-z_]+_bytes\{`).MatchString(tg.Expr)
			case "reqps", "ops":
				ok = strings.Contains(tg.Expr, "rate(")
			case "short":
			default:
				t.Errorf("panel %q: unit %q; want s, bytes, reqps, ops or short", p.Title, unit)
			}
			if !ok {
				t.Errorf("panel %q in %s plots %s", p.Title, p.FieldConfig.Defaults.Unit, tg.Expr)
			}
		}
	}
}
