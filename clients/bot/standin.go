package bot

import (
	"errors"

	"google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the stand-in: a bot that plays a camp nobody has claimed
// yet, so that a lone player's days do not wait for the deadline of a camp
// with no one behind it (the development world's agent camp, issue 31).
// The server sees an ordinary camp token: the stand-in tells that someone
// else plays the camp from the camp's own view, by an order it did not
// post, and stops for good.

// errClaimed ends a stand-in's watch: its camp is claimed.
var errClaimed = errors.New("the camp is claimed: its stand-in stops")

// claimedIn says whether view v shows that someone else plays the camp
// (once the stand-in has posted in this run: an order pending or played at
// its start may be its own of an earlier run): an order pending for the
// next day that the stand-in did not post, or a day that played a posted
// order the stand-in did not post: its own replaced, or one posted before
// it posted at all (at the tournament pace the claimant's order may
// complete the day before the stand-in hears of it). A day that played the
// standing order tells nothing.
func (p *Player) claimedIn(v *pb.CampView) bool {
	if p.posted == nil {
		return false
	}
	if o := v.GetPendingOrder(); o != nil && (p.postedFor != v.GetDay()+1 || !proto.Equal(o, p.posted)) {
		return true
	}
	r := v.GetLastResult()
	posted := r.GetStatus() == pb.OrderStatus_ORDER_STATUS_APPLIED || r.GetStatus() == pb.OrderStatus_ORDER_STATUS_STALE
	// Once it has posted for the next day, its last order tells nothing of
	// the day just played (a notice heard again, as a new stream's first).
	return posted && r.GetDay() == v.GetDay() && p.postedFor <= v.GetDay() && (p.postedFor != v.GetDay() || !proto.Equal(r.GetOrder(), p.posted))
}
