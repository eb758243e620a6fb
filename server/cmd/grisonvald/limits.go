package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/grisonval/server/server/limits"
)

// limitConfig holds the flags of limits.Config (docs/security.md),
// registered on the command line; their defaults are limits.Defaults.
var limitConfig = limitFlags(flag.CommandLine)

// rateFlag is a limits.Rate written RATE:BURST, such as 10:100, or off.
type rateFlag struct{ r *limits.Rate }

func (f rateFlag) String() string {
	if f.r == nil {
		return ""
	}
	if f.r.PerSecond < 0 {
		return "off"
	}
	return fmt.Sprintf("%g:%d", f.r.PerSecond, f.r.Burst)
}

func (f rateFlag) Set(s string) error {
	if s == "off" {
		*f.r = limits.Rate{PerSecond: -1, Burst: -1}
		return nil
	}
	rate, burst, ok := strings.Cut(s, ":")
	r, err1 := strconv.ParseFloat(rate, 64)
	b, err2 := strconv.Atoi(burst)
	if !ok || err1 != nil || err2 != nil || r <= 0 || b <= 0 {
		return fmt.Errorf("want RATE:BURST (calls a second, calls at once), such as 10:100, or off; got %q", s)
	}
	*f.r = limits.Rate{PerSecond: r, Burst: b}
	return nil
}

// limitFlags registers the limits' flags on fs and returns the limits
// they set once fs is parsed.
func limitFlags(fs *flag.FlagSet) *limits.Config {
	l := limits.Defaults
	fs.Var(rateFlag{&l.Orders}, "limit-orders", "SubmitOrder calls of one camp token, RATE:BURST (a second, at once) or off")
	fs.Var(rateFlag{&l.Messages}, "limit-messages", "SendMessage calls of one camp token, RATE:BURST or off")
	fs.Var(rateFlag{&l.Writes}, "limit-writes", "the other writes of one camp token (SetStandingOrder...), RATE:BURST or off")
	fs.Var(rateFlag{&l.AuthFailures}, "limit-auth-failures", "failed authentications of one peer address before its calls with an unknown token are refused, RATE:BURST or off")
	fs.Var(rateFlag{&l.Reads}, "limit-reads", "the reads of one camp token that reach the store (GetJournal, ListMessages, GetNews...; not GetView), RATE:BURST or off")
	fs.Var(rateFlag{&l.StreamOpens}, "limit-stream-opens", "tick streams one camp token opens, RATE:BURST or off")
	fs.IntVar(&l.StreamsPerToken, "max-streams-per-token", l.StreamsPerToken, "tick streams one camp token holds at once (-1: no limit)")
	fs.IntVar(&l.Streams, "max-streams", l.Streams, "tick streams the server holds at once (-1: no limit)")
	fs.DurationVar(&l.RevokeCheck, "revoke-check", l.RevokeCheck, "how often the tokens of open streams are checked: a revoked token's streams end within it")
	fs.DurationVar(&l.LogWindow, "log-window", l.LogWindow, "a refusal repeated by one token or address is logged once, then counted once per this window")
	fs.DurationVar(&l.IdleTimeout, "idle-timeout", l.IdleTimeout, "a connection without a call for this long is closed (-1ns: never)")
	fs.DurationVar(&l.PingAfter, "keepalive-time", l.PingAfter, "a connection silent for this long is pinged")
	fs.DurationVar(&l.PingTimeout, "keepalive-timeout", l.PingTimeout, "a ping unanswered for this long closes its connection")
	fs.DurationVar(&l.HandshakeTimeout, "handshake-timeout", l.HandshakeTimeout, "a connection that has not finished its HTTP/2 handshake by then is closed")
	fs.DurationVar(&l.MinClientPing, "keepalive-min-client-ping", l.MinClientPing, "a client pinging more often than this is disconnected")
	return &l
}
