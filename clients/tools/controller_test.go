package tools

import "testing"

// TestParseController: every name of ControllerNames reads back to
// itself; others are refused.
func TestParseController(t *testing.T) {
	for _, n := range ControllerNames {
		c, ok := ParseController(n)
		if !ok || ControllerName(c) != n {
			t.Errorf("ParseController(%q): got %v, %t; want a controller named back %q", n, c, ok, n)
		}
	}
	for _, n := range []string{"", "ai", "ai-", "ai-unspecified", "human-growth", "AI-growth", "ai-GROWTH", "bot"} {
		if c, ok := ParseController(n); ok {
			t.Errorf("ParseController(%q): got %v; want refused", n, c)
		}
	}
}
