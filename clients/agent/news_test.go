package agent

import (
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
)

// TestWaitGivesEveryDay: an agent shown day 0's view posts an order, two
// days resolve while it sleeps, and wait_next_tick, without after_day,
// answers at once with both days (its order applied on day 1, its standing
// order on day 2, each day's journal); an order then sent by the session
// is meant for the day after the last one shown, and one sent after a day
// resolved unseen is refused as day_resolved.
func TestWaitGivesEveryDay(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 4, 0, nil)
	cs := connect(t, &tools.Camp{Game: srv.Game, Token: token, Now: time.Now})
	callTool(t, cs, tools.View, nil)
	order := map[string]any{"order": map[string]any{"action": "chop_wood"}, "reason": "du bois"}
	if text, res := callTool(t, cs, tools.SubmitOrder, order); res.IsError || !strings.Contains(text, "for day 1") {
		t.Fatalf("submit on day 0: %s", text)
	}
	srv.ForceTick(t, world)
	srv.ForceTick(t, world)
	text, res := callTool(t, cs, tools.WaitNextTick, map[string]any{"timeout_seconds": 5})
	for _, want := range []string{"Day 1 resolved:\nYour order for day 1: chop_wood (reason: du bois) - applied.",
		"Day 2 resolved; orders are now for day 3.", "Your order for day 2: rest - you posted nothing; your standing order played."} {
		if res.IsError || !strings.Contains(text, want) {
			t.Errorf("wait after two days unseen: got\n%s\nwant %q", text, want)
		}
	}
	if n := strings.Count(text, "Your journal that day:"); n != 2 {
		t.Errorf("wait after two days unseen: %d journals; want one a day", n)
	}
	if text, res := callTool(t, cs, tools.SubmitOrder, order); res.IsError || !strings.Contains(text, "for day 3") {
		t.Errorf("submit after the wait showed day 2: %s", text)
	}
	srv.ForceTick(t, world)
	if text, res := callTool(t, cs, tools.SubmitOrder, order); !res.IsError || !strings.Contains(text, "day_resolved") {
		t.Errorf("submit decided on day 2, sent on day 3: got %s; want day_resolved", text)
	}
}
