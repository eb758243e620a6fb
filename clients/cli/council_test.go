package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestCLICouncil plays one day of a camp with two players from the
// command line (docs/seats.md): the general reads the council, may not
// post the camp's order (SEAT-ORDER), proposes with a reason
// (SEAT-PROPOSE) and writes to the council (SEAT-TALK); the ruler reads
// the proposal in a terminal (tmux) and the message, and adopts the
// proposal (SEAT-ADOPT), which the council then shows adopted.
func TestCLICouncil(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/cli", "cli")
	w := srv.NewGame(t, testserver.Game{Seed: 42})
	general := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + srv.EnrollSeat(t, w.ID, 0, "general", "gaia", "Béatrix"), "NO_COLOR="}
	ruler := []string{"GRISONVAL_ADDR=" + srv.Addr, "GRISONVAL_TOKEN=" + w.Tokens[0], "NO_COLOR="}
	tests := []struct {
		name       string
		env        []string
		args       []string
		wantCode   int
		wantStdout []string
		wantStderr []string
	}{
		{"the general's council", general, []string{"council"}, 0, []string{"Council of camp 0, deciding day 1. You hold the general seat",
			"  general: gaia, serving Béatrix [you]; domain: raise_army, send_army,", "Proposals: none."}, nil},
		{"the general's order", general, []string{"rest", "--reason", "je décide"}, 1, nil, []string{"reason: not_your_seat", "propose yours with ProposeOrder"}},
		{"a proposal out of the domain", general, []string{"propose", "chop_wood", "--reason", "du bois"}, 1, nil,
			[]string{"reason: out_of_domain", "chop_wood is not in the general seat's domain"}},
		{"the general's proposal", general, []string{"propose", "raise_army", "1", "--reason", "une armée garde la capitale"}, 0,
			[]string{"Proposal of the general seat posted for day 1: raise_army 1 (reason: une armée garde la capitale)"}, nil},
		{"the general writes to the council", general, []string{"council", "adoptez", "l'armée"}, 0,
			[]string{"sent to your council for day 1: only your camp's seats read it."}, nil},
		{"the ruler reads the council message", ruler, []string{"messages"}, 0, []string{"day 1, council, general: adoptez l'armée"}, nil},
		{"the ruler's proposal", ruler, []string{"propose", "raise_army", "1", "--reason", "x"}, 1, nil, []string{"reason: not_your_seat"}},
		{"an adoption of a seat without a proposal", ruler, []string{"adopt", "treasurer"}, 1, nil, []string{"reason: no_proposal"}},
		{"the ruler adopts", ruler, []string{"adopt", "general"}, 0, []string{"Order accepted for day 1: raise_army 1 (reason: une armée garde la capitale)",
			"It is the proposal of the general seat, adopted"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cliRun(t, bin, tt.env, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("got exit code %d; want %d (stdout %q, stderr %q)", code, tt.wantCode, stdout, stderr)
			}
			for _, w := range tt.wantStdout {
				if !strings.Contains(stdout, w) {
					t.Errorf("got stdout:\n%s\nwant it to contain %q", stdout, w)
				}
			}
			for _, w := range tt.wantStderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("got stderr:\n%s\nwant it to contain %q", stderr, w)
				}
			}
		})
		if tt.name == "the general writes to the council" {
			tm := startTmux(t, fmt.Sprintf("%s --addr %s --token %s council; sleep 60", bin, srv.Addr, w.Tokens[0]))
			tm.waitFor(false, "You hold the ruler's seat", "  ruler [you]", "day 1, general (gaia): raise_army 1 (reason: une armée garde la capitale) [open]")
		}
	}
	srv.ForceTick(t, w.ID)
	code, stdout, stderr := cliRun(t, bin, general, "council", "--json")
	if code != 0 || !strings.Contains(stdout, `"status": "adopted"`) || !strings.Contains(stdout, `"seat": "general"`) {
		t.Errorf("got the council after the day (code %d, stderr %q):\n%s\nwant the general's proposal adopted", code, stderr, stdout)
	}
}
