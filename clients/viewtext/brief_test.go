package viewtext

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grisonval/server/lang"
)

// TestBrief checks the watch's compact view: within its lines and
// columns, the fixed part first, then the latest news that fit.
func TestBrief(t *testing.T) {
	v := sampleView()
	out := Brief(lang.EN, v, now, 80, 20)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 20 {
		t.Errorf("got %d lines; want 20, the height, filled with the latest news:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("got a line of %d columns; want at most 80: %q", n, l)
		}
	}
	for _, want := range []string{
		"Camp 1, day 12 of 24 (spring): orders for day 13, deadline in 2m0s.",
		"Stocks: food 1540, wood 58, stone 31, tools 10, gold 40, research 0.",
		"Morale 64, population 21, housing 24; army 4 in the field, 7/12 under arms.",
		"Zones: 2 held (1, 2); 3 visible, 2 remembered, 5 unknown.",
		"Columns: settlers of 6 1->3 day 14.",
		"Sieges: zone 4 by you, assault day 14; zone 1 by an unknown camp, assault day\n  13.",
		"Your order for day 12: explore 9 - stale: no longer legal when the day resolved;\n  your camp did nothing; reason: unknown_zone (args[0]): zone 9 is out of sight.",
		"Posted for day 13: send_army 4 4 (reason: take the mine).",
		"Menu for day 13: rest, explore 6,9, send_army 1-4 1-5, expand_to 3,\n  raise_army 1-5, develop 1\n",
		"day 10 [rest] Le camp se repose (jour 10).\nday 12, message from camp 2: Paix ?\nday 13, message to camp 2: Oui. / Signé.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got:\n%s\nwant it to contain %q", out, want)
		}
	}
	if strings.Contains(out, "day 4 [rest]") || !strings.Contains(out, "day 5 [rest]") {
		t.Errorf("got:\n%s\nwant the oldest journal entries left out for want of room", out)
	}
	t.Run("the menu is cut first", func(t *testing.T) {
		out := Brief(lang.EN, v, now, 80, 11)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 11 || lines[10] != "Menu for day 13: rest, explore 6,9, send_army 1-4 1-5, expand_to 3, …" {
			t.Errorf("got:\n%s\nwant the head, then the menu cut to its first line", out)
		}
	})
	t.Run("no bound", func(t *testing.T) {
		out := Brief(lang.EN, v, now, 0, 0)
		if !strings.Contains(out, "day 1 [rest]") || !strings.Contains(out, "reason: unknown_zone (args[0]): zone 9 is out of sight.") {
			t.Errorf("got:\n%s\nwant every journal entry and no line cut", out)
		}
	})
	t.Run("another ruleset", func(t *testing.T) {
		out := Brief(lang.EN, otherView(), now, 80, 5)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 5 || !strings.HasPrefix(lines[0], "World 9 (dice)") || !strings.HasSuffix(lines[4], "more lines in the whole view)") {
			t.Errorf("got:\n%s\nwant the view's first lines and a count of the rest", out)
		}
	})
}
