package server

import (
	"context"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the camps' views of a world: each built once between two
// events that change it, and shared by every caller until then.
//
// A view is a camp's own (fog): it is kept per camp and given only to
// callers of that camp. The loop forgets a camp's view whenever what the
// camp sees may have changed: after every request run by do (an order, a
// standing order, a message, which changes the sender's view and the
// recipient's, any admin action), after a tick is committed, or fails to be
// (the deadline moves and the world is late), and when the loop ends. While
// a tick commits, the views kept are served: it is not the world's yet. Only the
// requests run by read (which change no view) and by doFor (which changes
// one camp's) keep the others.

// campViews are the views of a world's camps, by camp and language (the
// view of camp c in language l at index c*numLangs + l); nil for a view to
// be built. A view is built in a language only when a caller asks for it
// in that language, so that a camp read in one language costs one view. A
// campViews is never modified once stored: the loop stores a copy.
type campViews []*pb.CampView

// numLangs is the number of languages a view is written in.
const numLangs = int(lang.FR) + 1

// readBit is the bit of runner.viewsRead of camp's view in l (spectatorCamp:
// the world's frame); a camp past the 30th has none (0), and its views are
// built by their first caller.
func readBit(camp int, l lang.Lang) uint64 {
	return 1 << uint((camp+1)*numLangs+int(l))
}

// markRead notes that a caller read camp's view in l (spectatorCamp: the
// frame), so that the loop builds it after the next day. It is safe for
// concurrent use.
func (r *runner) markRead(camp int, l lang.Lang) {
	if bit := readBit(camp, l); r.viewsRead.Load()&bit == 0 {
		r.viewsRead.Or(bit)
	}
}

// cachedView returns camp's view in l as last built, or nil. It is safe
// for concurrent use. The view must not be modified.
func (r *runner) cachedView(camp int, l lang.Lang) *pb.CampView {
	vs := r.views.Load()
	i := camp*numLangs + int(l)
	if vs == nil || camp < 0 || i >= len(*vs) {
		return nil
	}
	return (*vs)[i]
}

// dropViews forgets every camp's view, and the world's frame; it runs on
// the loop.
func (r *runner) dropViews() {
	if old := r.views.Swap(nil); old != nil {
		for _, v := range *old {
			r.wire.forget(v)
		}
	}
	if old := r.frames.Swap(nil); old != nil {
		for _, f := range old {
			r.wire.forget(f)
		}
	}
}

// prebuild builds camp's view in l, or the world's frame for the
// spectators (camp spectatorCamp), once the day's notices are sent: the
// clients that watch a world read its views right after a day, and would
// otherwise wait on the loop for the first of them. It runs on the loop; a
// view that cannot be built now is left to be built by its first caller.
// The loop prebuilds only the views read since the previous day's
// notices (readBit): a stream that only listens (a dashboard, an AI
// camp's watcher, the load tool's worlds) costs no view a day, and a
// client that reads its view after each notice finds it built from its
// second day on.

func (r *runner) prebuild(camp int, l lang.Lang) {
	var err error
	if camp == spectatorCamp {
		_, err = r.publicFrame(l)
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
		defer cancel()
		_, err = r.campView(ctx, camp, l)
	}
	if err != nil {
		r.log.Warn().Err(err).Int("camp", camp).Msg("view not built after the day; its first caller builds it")
		return
	}
	r.metrics.ViewPrebuilt()
}

// worldFrames is a world's public frame by language (nil for a frame to be
// built), kept like the views: built once between two events that may
// change it, and shared by its spectators and admins until then. A
// worldFrames is never modified once stored.
type worldFrames [numLangs]*pb.Frame

// publicFrame returns the world's public frame of its current day in l
// (frameOf), kept or built now and kept. It runs on the loop.
func (r *runner) publicFrame(l lang.Lang) (*pb.Frame, error) {
	if f := r.cachedFrame(l); f != nil {
		return f, nil
	}
	f, err := frameOf(r.rs, r.settings.Camps, r.state, l)
	if err != nil {
		return nil, err
	}
	var fs worldFrames
	if old := r.frames.Load(); old != nil {
		fs = *old
	}
	fs[l] = f
	r.wire.keep(f)
	r.frames.Store(&fs)
	return f, nil
}

// cachedFrame returns the world's frame in l as last built, or nil. It is
// safe for concurrent use. The frame must not be modified.
func (r *runner) cachedFrame(l lang.Lang) *pb.Frame {
	if fs := r.frames.Load(); fs != nil && int(l) < len(fs) {
		return fs[l]
	}
	return nil
}

// frame returns the world's public frame in l: kept, or built on the loop.
func (r *runner) frame(ctx context.Context, l lang.Lang) (*pb.Frame, error) {
	r.markRead(spectatorCamp, l)
	if f := r.cachedFrame(l); f != nil {
		return f, nil
	}
	var f *pb.Frame
	err := r.read(ctx, func() (err error) {
		f, err = r.publicFrame(l)
		return err
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return f, nil
}

// dropView forgets camp's views, in every language; it runs on the loop.
func (r *runner) dropView(camp int) {
	for _, l := range lang.All {
		if old := r.cachedView(camp, l); old != nil {
			r.keepView(camp, l, nil)
			r.wire.forget(old)
		}
	}
}

// keepView stores v as camp's view in l, with its wire encoding when it is
// not nil; it runs on the loop.
func (r *runner) keepView(camp int, l lang.Lang, v *pb.CampView) {
	if v != nil {
		r.wire.keep(v)
	}
	var vs campViews
	if old := r.views.Load(); old != nil {
		vs = append(vs, *old...)
	}
	i := camp*numLangs + int(l)
	for len(vs) <= i {
		vs = append(vs, nil)
	}
	vs[i] = v
	r.views.Store(&vs)
}

// campView returns camp's complete view in l, kept or built now
// (buildView) and kept. It runs on the loop.
func (r *runner) campView(ctx context.Context, camp int, l lang.Lang) (*pb.CampView, error) {
	if v := r.cachedView(camp, l); v != nil {
		return v, nil
	}
	v, err := r.buildView(ctx, camp, l)
	if err != nil {
		return nil, err
	}
	r.keepView(camp, l, v)
	return v, nil
}

// buildView builds camp's complete view in l: the ruleset's fogged view,
// what the loop knows (orders, deadline, posting status) and the camp's
// recent journal, messages and notebook, as the loop keeps them
// (recent.go). It runs on the loop.
func (r *runner) buildView(ctx context.Context, camp int, l lang.Lang) (*pb.CampView, error) {
	v, day := r.rs.View(r.state, camp, l), r.state.Day()
	scored, err := r.rs.Season(r.settings.Camps).Score(r.state)
	if err != nil {
		return nil, err
	}
	addScores(v, scored, r.rs.Info().PublicScores, l)
	x := viewExtras{Lang: l,
		WorldID: r.id, Ruleset: r.settings.Ruleset, Deadline: r.deadline(), Paused: r.settings.Paused,
		Controller: r.settings.Controllers[camp], SeasonLength: r.settings.SeasonLength, Idle: r.rs.Idle(),
		Pending: r.pending[camp], Standing: r.standing[camp], Played: r.played[camp], Proposals: r.proposals[camp],
	}
	x.Late, x.SeasonOver = r.failures > 0, r.seasonOver()
	x.Waits = r.state.Alive(camp) && r.state.Waits(camp)
	x.Recipients = recipients(r.state, r.settings.Camps, camp)
	rec, err := r.recentLog(ctx)
	if err != nil {
		return nil, err
	}
	x.Journal = rec.journal[camp]
	// Messages belong to the day being decided: day + 1.
	x.Messages = windowMessages(rec.messages[camp], day+1)
	out := completeView(v, x)
	out.Notebook = notebookToPB(rec.notes[camp], r.notebookDay())
	return out, nil
}
