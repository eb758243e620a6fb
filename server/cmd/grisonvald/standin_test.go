package main

import (
	"context"
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

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
)

// TestStandInDevWorld: with -stand-in (make run's), a lone player on camp
// 0 of the development world plays day after day within seconds, for
// Grisonval and the Castle alike: the agent camp, with no one behind it,
// is played by the bot until an order is posted with its token, which
// then stops it for good, across restarts (issue 31, item 1). The
// deadline is the development world's five minutes. The seed is fixed: with
// a drawn one, the Castle's camp 1 could fall before anyone claimed it.
func TestStandInDevWorld(t *testing.T) {
	for _, ruleset := range []string{"grisonval", "castle"} {
		t.Run(ruleset, func(t *testing.T) {
			data := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, zerolog.Nop(), "127.0.0.1:0", data, "", devWorld{on: true, ruleset: ruleset, standIn: true, seed: 7}, "", server.Replica{}, faces{}, security{})
			}()
			t.Cleanup(func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("grisonvald: %v", err)
				}
			})
			var text string
			for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				if b, err := os.ReadFile(filepath.Join(data, connectFile)); err == nil {
					text = string(b)
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no %s after 20s", connectFile)
				}
			}
			find := func(re string) string {
				m := regexp.MustCompile(re).FindStringSubmatch(text)
				if m == nil {
					t.Fatalf("no %s in %s:\n%s", re, connectFile, text)
				}
				return m[1]
			}
			addr, tok0, tok1 := find(`Grisonval server at (\S+)`), find(`camp 0 \S+ \(human\): (\S+)`), find(`camp 1 \S+ \(agent\): (\S+)\n  \(played by the in-process bot until an order is posted with this token`)
			conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			game := pb.NewGameServiceClient(conn)
			as := func(tok string) context.Context {
				return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
			}
			view := func(tok string) *pb.CampView {
				v, err := game.GetView(as(tok), &pb.GetViewRequest{})
				if err != nil {
					t.Fatalf("view: %v", err)
				}
				return v
			}
			// play posts the bot's choice for the camp of tok when it has
			// something to decide, with a reason of its own, and waits for
			// the next day; it returns how long the day took.
			// A day may resolve between the view and the post (the stand-in
			// plays the other camp meanwhile, and in the Castle a camp often
			// waits): the post is then refused for a resolved day, and made
			// again on the new view.
			post := func(tok string) *pb.CampView {
				for try := 0; ; try++ {
					v := view(tok)
					if v.GetWaits() || len(v.GetLegalActions()) == 0 {
						return v
					}
					o, _ := bot.Decide(v, bot.State{})
					o.Reason = "a person's choice"
					_, err := game.SubmitOrder(as(tok), &pb.SubmitOrderRequest{Order: o, ForDay: v.GetDay() + 1})
					if err == nil {
						return v
					}
					if status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "is resolved") || try == 5 {
						t.Fatalf("post %v: %v", o, err)
					}
				}
			}
			// play posts for camp 0 (and for the camps of more tokens, which
			// no stand-in plays) and waits for the day to resolve. A camp
			// that waited when it posted may have its step by then (the
			// Castle): every 250 ms the camps post again (an order replaces
			// the camp's own).
			play := func(tok string, more ...string) time.Duration {
				start := time.Now()
				v := post(tok)
				for _, m := range more {
					post(m)
				}
				for again := time.Now(); view(tok0).GetDay() <= v.GetDay(); time.Sleep(10 * time.Millisecond) {
					if time.Since(start) > 20*time.Second {
						t.Fatalf("day %d did not resolve within 20s of camp 0's order (the deadline is 5 minutes)", v.GetDay()+1)
					}
					if len(more) > 0 && time.Since(again) > 250*time.Millisecond {
						for _, m := range append([]string{tok}, more...) {
							post(m)
						}
						again = time.Now()
					}
				}
				return time.Since(start)
			}
			var longest time.Duration
			for range 8 {
				longest = max(longest, play(tok0))
			}
			t.Logf("%s: 8 days played by camp 0 alone, the longest %v from its order to the day resolved", ruleset, longest.Round(time.Millisecond))
			r := view(tok0).GetLastResult()
			if ruleset == "grisonval" && (r.GetOrder().GetReason() != "a person's choice" || r.GetStatus() != pb.OrderStatus_ORDER_STATUS_APPLIED) {
				t.Errorf("camp 0's last result %v; want its order applied", r)
			}
			// Someone plays camp 1 now: the stand-in stops for good.
			claimed := filepath.Join(data, "tokens", "camp-1.claimed")
			for end := time.Now().Add(30 * time.Second); ; {
				play(tok0, tok1)
				if _, err := os.Stat(claimed); err == nil {
					break
				}
				if time.Now().After(end) {
					t.Fatalf("camp 1 was played with its token and %s was not written", claimed)
				}
			}
			if got := standIns(zerolog.Nop(), data, &pb.WorldInfo{Controllers: []*pb.Controller{{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}, {Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}}}); len(got) != 0 {
				t.Errorf("after its claim, a restart would stand in for %d camps; want none", len(got))
			}
		})
	}
}

// TestRestartText: a restart of the development server tells a person, in
// a block set apart from the log lines, where it listens and where the
// tokens printed at first start are, and prints no token (issue 31).
func TestRestartText(t *testing.T) {
	text := framed(restartText("data", "127.0.0.1:7777", faces{web: "http://127.0.0.1:7780/", http: "http://127.0.0.1:7781/"}))
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if !strings.HasPrefix(lines[0], "────") || !strings.HasPrefix(lines[len(lines)-1], "────") {
		t.Errorf("the block is not framed:\n%s", text)
	}
	for _, want := range []string{"Grisonval server at 127.0.0.1:7777", "web page at http://127.0.0.1:7780/", "JSON face at http://127.0.0.1:7781/",
		"the tokens printed at first start are in " + filepath.Join("data", connectFile)} {
		if !strings.Contains(text, want) {
			t.Errorf("the restart's text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "gvc_") || strings.Contains(text, "gva_") {
		t.Errorf("the restart's text prints a token:\n%s", text)
	}
}
