package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestWaitSays: wait says at once what it waits for, the day, its deadline
// with how long remains, that it may come sooner, and whether the camp has
// posted, in the camp's language; then the day's news once it resolves
// (issue 31: a wait of 282 s printed nothing).
func TestWaitSays(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: 2, Seed: 5, SeasonLength: 6})
	for _, c := range []struct {
		lang, posted, waiting string
	}{
		{"fr", "Votre ordre pour ce jour est posté.", "En attente de la résolution du jour 1 : au plus tard à son échéance, "},
		{"en", "Your order for it is posted.", "Waiting for day 1 to resolve: at the latest at its deadline, "},
	} {
		env := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + w.Tokens[0], "GRISONVAL_LANG=" + c.lang, "NO_COLOR=", "XDG_CACHE_HOME=" + t.TempDir()}
		cliCheck(t, bin, env, 0, []string{"gain", "1"}, nil, nil)
		cmd := exec.Command(bin, "wait", "--after", "0")
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1)
		go func() {
			first, _ := bufio.NewReader(out).ReadString('\n')
			lines <- first
		}()
		var first string
		select {
		case first = <-lines:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("%s: wait said nothing for 20 s", c.lang)
		}
		if !strings.HasPrefix(first, c.waiting) || !strings.Contains(first, c.posted) || !strings.Contains(first, " UTC (") {
			t.Errorf("%s: wait's first line %q; want %q, the deadline and %q", c.lang, first, c.waiting, c.posted)
		}
		// The other camp posts: the day resolves and wait ends.
		if c.lang == "fr" {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			continue
		}
		ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+w.Tokens[1])
		if _, err := srv.Game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}}); err != nil {
			t.Fatal(err)
		}
		rest, _ := io.ReadAll(out)
		if err := cmd.Wait(); err != nil || !strings.Contains(string(rest), "Day 1 resolved") {
			t.Errorf("%s: wait ended with %v:\n%s", c.lang, err, rest)
		}
	}
}
