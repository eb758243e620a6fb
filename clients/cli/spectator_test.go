package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSpectatorCommands: an admin issues a spectator token with the CLI
// (a second of the same name waits for --yes, and then replaces the
// first), lists it beside the seats' and revokes it; with it, frame shows
// the world's public frame (every camp's name and score, in English and
// French, --json as the server's Frame) and follow shows it again when a
// day resolves (as text with when the next day is due, and with --json
// one Frame a day), until interrupted (exit 0). A spectator's token is a
// usage error for a camp's command (view, an order) and a camp's token for
// frame, each saying which token and which commands; help says what a
// spectator's token runs; a revoked token is refused by the server.
func TestSpectatorCommands(t *testing.T) {
	srv := testserver.Start(t)
	env := map[string]string{"GRISONVAL_ADDR": srv.Addr, "GRISONVAL_ADMIN_TOKEN": srv.AdminToken}
	cli := func(token string, args ...string) (string, string, int) {
		t.Helper()
		e := map[string]string{"GRISONVAL_TOKEN": token}
		for k, v := range env {
			e[k] = v
		}
		var out, errOut bytes.Buffer
		code := run(context.Background(), args, func(k string) string { return e[k] }, false, &out, &errOut)
		return out.String(), errOut.String(), code
	}
	ok := func(token string, args ...string) string {
		t.Helper()
		out, errOut, code := cli(token, args...)
		if code != 0 {
			t.Fatalf("cli %v: exit %d\n%s%s", args, code, out, errOut)
		}
		return out
	}
	refused := func(token string, code int, want string, args ...string) {
		t.Helper()
		out, errOut, got := cli(token, args...)
		if got != code || !strings.Contains(errOut, want) {
			t.Errorf("cli %v: got exit %d, stdout %q, stderr %q; want %d and %q", args, got, out, errOut, code, want)
		}
	}

	first := strings.TrimSpace(ok("", "admin", "spectator", "1", "Stream one"))
	if !strings.HasPrefix(first, "gvs_") || strings.Contains(first, "\n") {
		t.Fatalf("admin spectator printed %q; want one gvs_ token", first)
	}
	refused("", 2, `world 1 has a spectator token called "Stream one": a new one replaces it`, "admin", "spectator", "1", "Stream one")
	refused("", 2, "admin spectator takes WORLD NAME", "admin", "spectator", "1")
	refused("", 2, "NAME is the spectator's name; got none", "admin", "spectator", "1", "")
	refused("", 2, "NAME is the spectator's name; got none", "admin", "revoke-spectator", "1", "", "--yes")
	if out := ok("", "admin", "tokens", "1"); !strings.Contains(out, "spectator: Stream one\n") || strings.Contains(out, "camp -1") {
		t.Errorf("admin tokens: got\n%s\nwant the spectator by name, no camp -1", out)
	}

	f, err := srv.Admin.GetFrame(srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: 1})
	if err != nil {
		t.Fatal(err)
	}
	text := ok(first, "frame")
	t.Logf("frame:\n%s", text)
	fr := ok(first, "frame", "--lang", "fr")
	want := []string{fmt.Sprintf("Day %d", f.GetDay()), "the world's public frame", "Ranking:", "Camps:"}
	wantFR := []string{fmt.Sprintf("Jour %d", f.GetDay()), "l'image publique du monde", "Classement :", "Camps :"}
	for _, c := range f.GetCamps() {
		want = append(want, fmt.Sprintf("%s (camp %d): score %d", c.GetName(), c.GetCamp(), c.GetScore()))
		wantFR = append(wantFR, fmt.Sprintf("%s (camp %d) : score %d", c.GetName(), c.GetCamp(), c.GetScore()))
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("frame: got\n%s\nwant %q", text, w)
		}
	}
	for _, w := range wantFR {
		if !strings.Contains(fr, w) {
			t.Errorf("frame --lang fr: got\n%s\nwant %q", fr, w)
		}
	}
	var got pb.Frame
	if err := protojson.Unmarshal([]byte(ok(first, "frame", "--json")), &got); err != nil || got.GetDay() != f.GetDay() || len(got.GetCamps()) != len(f.GetCamps()) {
		t.Errorf("frame --json: got day %d, %d camps, %v; want day %d, %d camps", got.GetDay(), len(got.GetCamps()), err, f.GetDay(), len(f.GetCamps()))
	}
	if out := ok(first, "help"); !strings.Contains(out, "Spectator commands") || !strings.Contains(out, "Your token is a spectator's: cli frame") {
		t.Errorf("help with a spectator's token: got\n%s", out)
	}

	// The wrong token for the command: said before anything is sent.
	refused(first, 2, "view is a camp's command, and this token is a spectator's (gvs_...): it reads the world's public frame only; run cli frame", "view")
	refused(first, 2, "rest is a camp's command", "rest", "--reason", "watching")
	refused(first, 2, "view est une commande de camp, et ce jeton est celui d'un spectateur", "view", "--lang", "fr")
	refused(srv.CampToken(t, 0), 2, "frame needs a spectator's token (gvs_...), which an admin issues (cli admin spectator WORLD NAME)", "frame")
	refused(srv.CampToken(t, 0), 2, "follow demande le jeton d'un spectateur", "follow", "--lang", "fr")

	// follow: the frame, then the next day's once it resolves; with
	// --json, one Frame a day.
	follow := func(args []string, want func(out string, day int32) bool) string {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		var out testserver.Buffer
		done := make(chan int, 1)
		go func() {
			e := map[string]string{"GRISONVAL_ADDR": srv.Addr, "GRISONVAL_TOKEN": first}
			done <- run(ctx, args, func(k string) string { return e[k] }, false, &out, &out)
		}()
		wait := func(day int32) {
			t.Helper()
			for deadline := time.Now().Add(20 * time.Second); !want(out.String(), day); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("%v: got\n%s\nwant day %d", args, out.String(), day)
				}
			}
		}
		// Days resolve only when forced: camp 0 posts nothing.
		now, err := srv.Admin.GetFrame(srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: 1})
		if err != nil {
			t.Fatal(err)
		}
		wait(now.GetDay())
		wait(srv.ForceTick(t, 1))
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("%v interrupted: exit %d; want 0\n%s", args, code, out.String())
		}
		return out.String()
	}
	out := follow([]string{"follow"}, func(out string, day int32) bool {
		return strings.Contains(out, fmt.Sprintf("----\nDay %d", day)) || !strings.Contains(out, "----") && strings.HasPrefix(out, fmt.Sprintf("Day %d", day))
	})
	// The dev world's five-minute cadence: each day says when the next is due.
	if n := strings.Count(out, "\nDeadline: "); n != 2 {
		t.Errorf("follow: got %d deadlines in\n%s\nwant one a day, 2", n, out)
	}
	follow([]string{"follow", "--json"}, func(out string, day int32) bool {
		dec := json.NewDecoder(strings.NewReader(out))
		for {
			var raw json.RawMessage
			if dec.Decode(&raw) != nil {
				return false
			}
			var f pb.Frame
			if err := protojson.Unmarshal(raw, &f); err != nil {
				t.Fatalf("follow --json printed %s: %v", raw, err)
			}
			if f.GetDay() == day {
				return true
			}
		}
	})

	// A new token of the same name, confirmed, replaces the first; a
	// revoked token is refused by the server.
	second := strings.TrimSpace(ok("", "admin", "spectator", "1", "Stream one", "--yes"))
	refused(first, 1, "error (Unauthenticated): unknown or revoked token", "frame")
	ok(second, "frame")
	refused("", 2, "add --yes to do it", "admin", "revoke-spectator", "1", "Stream one")
	ok(second, "frame")
	if out := ok("", "admin", "revoke-spectator", "1", "Stream one", "--yes"); out != "spectator token \"Stream one\" of world 1 revoked\n" {
		t.Errorf("admin revoke-spectator: got %q", out)
	}
	refused(second, 1, "error (Unauthenticated): unknown or revoked token", "frame")
	refused("", 1, `world 1 has no spectator token called "Stream one"`, "admin", "revoke-spectator", "1", "Stream one", "--yes")
	if out := ok("", "admin", "tokens", "1"); strings.Contains(out, "spectator") {
		t.Errorf("admin tokens after the revocation: got\n%s\nwant no spectator", out)
	}
}
