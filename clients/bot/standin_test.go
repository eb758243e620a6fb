package bot

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestStandIn: a stand-in plays a camp nobody has claimed, so that a lone
// player's day resolves as soon as it posts, not at the deadline (an
// hour); once someone posts for the camp with its token (here replacing
// the stand-in's order), the stand-in stops for good and says so, and the
// days wait for the camp again (issue 31, item 1).
func TestStandIn(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: 2, Seed: 5, SeasonLength: 50})
	// The stand-in holds the camp's own token, the one its player gets: a
	// camp has one token at a time.
	var claimed atomic.Bool
	p := &Player{Client: srv.Game, Token: w.Tokens[1], Lang: lang.EN, Log: zerolog.Nop(), StandIn: true, Claimed: func() { claimed.Store(true) }}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()

	as := func(c int) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+w.Tokens[c])
	}
	view := func(c int) *pb.CampView {
		v, err := srv.Game.GetView(as(c), &pb.GetViewRequest{})
		if err != nil {
			t.Fatalf("camp %d's view: %v", c, err)
		}
		return v
	}
	post := func(c int) {
		v := view(c)
		o, _ := Decide(v, State{})
		o.Reason = "a person's own reason" // never the stand-in's
		if _, err := srv.Game.SubmitOrder(as(c), &pb.SubmitOrderRequest{Order: o, ForDay: v.GetDay() + 1}); err != nil {
			t.Fatalf("camp %d posts %v: %v", c, o, err)
		}
	}
	// waitDay says whether day resolves within limit.
	waitDay := func(day int32, limit time.Duration) bool {
		for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if view(0).GetDay() >= day {
				return true
			}
		}
		return false
	}
	// The stand-in has posted for camp 1 once its view says so.
	standInPosted := func() {
		for end := time.Now().Add(10 * time.Second); view(1).GetPendingOrder() == nil; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatal("the stand-in posted nothing for camp 1")
			}
		}
	}
	for day := int32(1); day <= 3; day++ {
		standInPosted()
		start := time.Now()
		post(0)
		if !waitDay(day, 10*time.Second) {
			t.Fatalf("day %d did not resolve after camp 0 posted, its other camp played by the stand-in", day)
		}
		t.Logf("day %d resolved %v after camp 0's order", day, time.Since(start).Round(time.Millisecond))
	}
	// Camp 1's own player posts, replacing the stand-in's order.
	standInPosted()
	post(1)
	post(0)
	if !waitDay(4, 10*time.Second) {
		t.Fatal("day 4 did not resolve once both camps posted")
	}
	select {
	case err := <-done:
		if err != nil || !claimed.Load() {
			t.Fatalf("the stand-in stopped with %v, claimed %v; want nil and the claim reported", err, claimed.Load())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the stand-in did not stop once its camp was claimed")
	}
	// The days wait for camp 1 again.
	post(0)
	if waitDay(5, 2*time.Second) {
		t.Error("day 5 resolved without camp 1's order: the stand-in still plays")
	}
	if v := view(1); v.GetPendingOrder() != nil {
		t.Errorf("an order %v is pending for camp 1, which no one posted", v.GetPendingOrder())
	}
}

// TestClaimedIn: what in a camp's view tells its stand-in that someone
// else plays the camp, once it has posted in its run.
func TestClaimedIn(t *testing.T) {
	mine := &pb.Order{Action: "rest", Reason: "the stand-in's"}
	theirs := &pb.Order{Action: "chop_wood", Reason: "a person's own reason"}
	played := func(o *pb.Order, s pb.OrderStatus) *pb.OrderResult {
		return &pb.OrderResult{Day: 7, Order: o, Status: s}
	}
	for _, c := range []struct {
		name      string
		posted    *pb.Order // nil: the stand-in has not posted in this run
		postedFor int32
		view      *pb.CampView
		want      bool
	}{
		{"nothing posted in this run: its own order of an earlier run", nil, 0, &pb.CampView{Day: 7, LastResult: played(theirs, pb.OrderStatus_ORDER_STATUS_APPLIED), PendingOrder: theirs}, false},
		{"its own order played", mine, 7, &pb.CampView{Day: 7, LastResult: played(mine, pb.OrderStatus_ORDER_STATUS_APPLIED)}, false},
		{"its own order played stale", mine, 7, &pb.CampView{Day: 7, LastResult: played(mine, pb.OrderStatus_ORDER_STATUS_STALE)}, false},
		{"its order replaced", mine, 7, &pb.CampView{Day: 7, LastResult: played(theirs, pb.OrderStatus_ORDER_STATUS_APPLIED)}, true},
		{"an order posted before the stand-in posted for the day (it completed the day)", mine, 6, &pb.CampView{Day: 7, LastResult: played(theirs, pb.OrderStatus_ORDER_STATUS_APPLIED)}, true},
		{"the standing order played on a day it missed", mine, 6, &pb.CampView{Day: 7, LastResult: played(theirs, pb.OrderStatus_ORDER_STATUS_STANDING)}, false},
		{"its own order pending", mine, 8, &pb.CampView{Day: 7, LastResult: played(mine, pb.OrderStatus_ORDER_STATUS_APPLIED), PendingOrder: mine}, false},
		{"another order pending", mine, 8, &pb.CampView{Day: 7, LastResult: played(mine, pb.OrderStatus_ORDER_STATUS_APPLIED), PendingOrder: theirs}, true},
		{"an order pending it did not post for that day", mine, 7, &pb.CampView{Day: 7, LastResult: played(mine, pb.OrderStatus_ORDER_STATUS_APPLIED), PendingOrder: mine}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &Player{StandIn: true, posted: c.posted, postedFor: c.postedFor}
			if got := p.claimedIn(c.view); got != c.want {
				t.Errorf("claimedIn: got %v; want %v", got, c.want)
			}
		})
	}
}
