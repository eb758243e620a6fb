package web

import (
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is what the camp page's notifications read in its polled
// state (assets/static/play.js, issue 31, item 4): the day's deadline, in
// milliseconds since the epoch (0: none, or paused), whether the camp has
// posted for the next day, and the newest message it received (its id). The
// script tells of a day resolved, a deadline near with nothing posted, and
// a message received, once the player asked for it.

// notifyKeys adds the notifications' keys of view v to a polled state.
func notifyKeys(v *pb.CampView, into map[string]int64) {
	if d := v.GetDeadline(); d != nil && !v.GetPaused() {
		into["deadline.ms"] = d.AsTime().UnixMilli()
	}
	if v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_POSTED {
		into["posted"] = 1
	} else {
		into["posted"] = 0
	}
	var last uint64
	for _, m := range v.GetMessages() {
		if m.GetToCamp() == v.GetCamp() && m.GetFromCamp() != v.GetCamp() {
			last = max(last, m.GetId())
		}
	}
	into["inbox"] = int64(last)
}
