package main

import (
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestNoDayLost: the CLI remembers a camp's last look (view, wait) between
// runs. An order posted, then two days resolving without a look: wait
// answers at once with both days, each with its order's result and its
// journal; view, after days missed, shows them before the view; an order
// decided on a view of a day that has since resolved is refused with both
// days named, and one decided on the current view is accepted.
func TestNoDayLost(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	env := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + srv.CampToken(t, 0), "NO_COLOR=", "XDG_CACHE_HOME=" + t.TempDir()}
	run := func(wantCode int, args ...string) string {
		t.Helper()
		code, stdout, stderr := cliRun(t, bin, env, args...)
		if code != wantCode {
			t.Fatalf("cli %v: got exit code %d; want %d (stdout %q, stderr %q)", args, code, wantCode, stdout, stderr)
		}
		return stdout + stderr
	}
	contains := func(what, got string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: got\n%s\nwant it to contain %q", what, got, w)
			}
		}
	}

	run(0, "view")
	run(0, "chop_wood", "--reason", "du bois pour l'hiver")
	srv.ForceTick(t, 1)
	srv.ForceTick(t, 1)
	out := run(0, "wait")
	contains("wait after two days unseen", out,
		"Day 1 resolved:\nYour order for day 1: chop_wood (reason: du bois pour l'hiver) - applied.",
		"Day 2 resolved; orders are now for day 3.", "Your order for day 2: rest - you posted nothing; your standing order played.")
	if n := strings.Count(out, "Your journal that day:"); n != 2 {
		t.Errorf("wait after two days unseen: got %d journals in\n%s\nwant one a day", n, out)
	}

	srv.ForceTick(t, 1)
	srv.ForceTick(t, 1)
	out = run(0, "view")
	contains("view after two days unseen", out, "Days resolved since your last look (day 2), before today's view:",
		"Day 3 resolved:\nYour order for day 3: rest", "Day 4 of 200")
	if strings.Contains(out, "Day 4 resolved") {
		t.Errorf("view after two days unseen: got\n%s\nwant day 4 in the view only", out)
	}
	if out = run(0, "view"); strings.Contains(out, "Days resolved since your last look") {
		t.Errorf("a second view: got\n%s\nwant no day missed", out)
	}

	srv.ForceTick(t, 1)
	out = run(1, "rest")
	contains("an order decided on day 4's view on day 5", out, "error (FailedPrecondition)", "reason: day_resolved",
		"the order was meant for day 5, which is resolved: day 5 is resolved and orders are for day 6 now")
	run(0, "view")
	contains("an order decided on day 5's view", run(0, "rest"), "Order accepted for day 6: rest")

	// A camp that posts without ever looking (its token just printed)
	// hears its order's fate from its first wait, even once the day has
	// resolved.
	env[1] = "GRISONVAL_TOKEN=" + srv.CampToken(t, 1)
	contains("a first order without a view", run(0, "chop_wood"), "Order accepted for day 6: chop_wood")
	srv.ForceTick(t, 1)
	contains("wait after a first order", run(0, "wait"), "Day 6 resolved", "Your order for day 6: chop_wood")
}
