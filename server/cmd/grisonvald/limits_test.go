package main

import (
	"flag"
	"io"
	"testing"
	"time"

	"github.com/grisonval/server/server/limits"
)

// TestLimitFlags checks that the limits' flags default to
// limits.Defaults and set each limit, or turn it off.
func TestLimitFlags(t *testing.T) {
	fs := flag.NewFlagSet("grisonvald", flag.ContinueOnError)
	l := limitFlags(fs)
	if err := fs.Parse(nil); err != nil || *l != limits.Defaults {
		t.Fatalf("no flags: got %+v, %v; want the defaults %+v", *l, err, limits.Defaults)
	}
	err := fs.Parse([]string{"-limit-orders", "2:20", "-limit-messages", "off", "-max-streams-per-token", "8", "-revoke-check", "200ms", "-idle-timeout", "1m"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if l.Orders != (limits.Rate{PerSecond: 2, Burst: 20}) || l.Messages.PerSecond >= 0 || l.StreamsPerToken != 8 ||
		l.RevokeCheck != 200*time.Millisecond || l.IdleTimeout != time.Minute {
		t.Errorf("after the flags: got %+v", *l)
	}
	fs = flag.NewFlagSet("grisonvald", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	limitFlags(fs)
	for _, bad := range []string{"10", "x:1", "1:0", "-1:5"} {
		if err := fs.Parse([]string{"-limit-writes", bad}); err == nil {
			t.Errorf("-limit-writes %q: accepted", bad)
		}
	}
}
