package main

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
)

// TestConsoleKeepsOrders: the server's console, at its default level
// (info), which another player at the same machine may read (make run),
// never shows what a camp orders: after a day of play (a human's order and
// standing order with their arguments and reasons, the in-process bot's
// orders) it has the orders' lines with world, tick and camp, and no
// action, argument, reason or recipient.
func TestConsoleKeepsOrders(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	token := srv.CampToken(t, 0)
	env := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + token, "NO_COLOR=", "XDG_CACHE_HOME=" + t.TempDir()}
	v, err := (&tools.Camp{Game: srv.Game, Token: token, Now: time.Now}).GetView(context.Background())
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	var action, zone string
	for _, a := range v.GetLegalActions() {
		if args := a.GetArgs(); len(args) == 1 && len(args[0].GetChoices()) > 0 {
			action, zone = a.GetAction(), strconv.Itoa(int(args[0].GetChoices()[0]))
			break
		}
	}
	const secret = "notre capitale est au nord"
	for _, args := range [][]string{{action, zone, "--reason", secret}, {"standing", action, zone, "--reason", secret}} {
		if code, out, errOut := cliRun(t, bin, env, args...); code != 0 {
			t.Fatalf("cli %v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	srv.ForceTick(t, 1)
	var out string
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		// The bot posts for day 2 once day 1 is played.
		out = srv.Output()
		if strings.Contains(out, `"tick":1,"camp":2,"for_day":2,`) || time.Now().After(deadline) {
			break
		}
	}
	for _, want := range [][2]string{{`"camp":0,`, `"message":"order accepted"`}, {`"camp":0,`, `"message":"standing order set"`},
		{`"camp":2,`, `"message":"order posted"`}, {`"tick":1,`, `"message":"tick resolved"`}} {
		found := false
		for l := range strings.Lines(out) {
			found = found || strings.Contains(l, want[0]) && strings.Contains(l, want[1])
		}
		if !found {
			t.Errorf("the console has no line with %s and %s:\n%s", want[0], want[1], out)
		}
	}
	for _, secret := range []string{`"action"`, `"args"`, `"reason"`, `"to"`, `"level":"debug"`, secret} {
		if strings.Contains(out, secret) {
			t.Errorf("the console shows %s:\n%s", secret, out)
		}
	}
}
