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

// claimedIn says whether view v shows that someone else plays the camp: an
// order pending for the next day that the stand-in did not post (once it
// has posted in this run: an order pending at its start may be its own of
// an earlier run), or a day it posted for that played another order (its
// order was replaced).
func (p *Player) claimedIn(v *pb.CampView) bool {
	if o := v.GetPendingOrder(); o != nil && p.posted != nil {
		if p.postedFor != v.GetDay()+1 || !proto.Equal(o, p.posted) {
			return true
		}
	}
	if r := v.GetLastResult(); r != nil && p.posted != nil && p.postedFor == v.GetDay() && !proto.Equal(r.GetOrder(), p.posted) {
		return true
	}
	return false
}
