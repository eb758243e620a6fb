package server

import (
	"context"
	"fmt"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is the camps' notebooks (rule SEA-NOTEBOOK): private notes a
// camp keeps across the days of a season, read back with its view, public
// in the chronicle once the season is closed.

// maxNotebookWritesPerDay bounds how many times a camp may write its
// notebook for one day.
const maxNotebookWritesPerDay = 20

// reasonTooManyNotes refuses a notebook write beyond
// maxNotebookWritesPerDay.
const reasonTooManyNotes = pb.ErrorReason_ERROR_REASON_TOO_MANY_NOTES

// campNotebook returns camp's notebook of a season, or an empty one with
// no day when the camp never wrote it.
func campNotebook(ctx context.Context, st store.Store, worldID uint64, season, camp int) (store.Notebook, error) {
	nbs, err := st.Notebooks(ctx, worldID, season)
	if err != nil {
		return store.Notebook{}, fmt.Errorf("read notebook of camp %d: %w", camp, err)
	}
	for _, n := range nbs {
		if n.Camp == camp {
			return n, nil
		}
	}
	return store.Notebook{WorldID: worldID, Season: season, Camp: camp}, nil
}

// notebookToPB converts camp's notebook as it stands on the day being
// decided, day, with the writes it has left for that day; day 0 is a
// closed season's, which has none left.
func notebookToPB(n store.Notebook, day int) *pb.Notebook {
	out := &pb.Notebook{Camp: int32(n.Camp), Text: pb.Printable(n.Text, true), Day: int32(n.Day), MaxLen: store.MaxNotebookLen}
	if !n.UpdatedAt.IsZero() {
		out.UpdatedAt = timestamppb.New(n.UpdatedAt)
	}
	switch {
	case day == 0:
	case n.Day == day:
		out.WritesLeft = int32(max(0, maxNotebookWritesPerDay-n.Writes))
	default:
		out.WritesLeft = maxNotebookWritesPerDay
	}
	return out
}

// notebookDay returns the day a notebook is written for now: the day being
// decided, or 0 once the season is over and takes no more writes. It runs
// on the loop.
func (r *runner) notebookDay() int {
	if r.seasonOver() {
		return 0
	}
	return r.state.Day() + 1
}

// SetNotebook checks and stores the camp's notes of the season, replacing
// its earlier ones, tied to the day being decided.
func (g *gameService) SetNotebook(ctx context.Context, req *pb.SetNotebookRequest) (*pb.Notebook, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	l := pb.LangOf(ctx)
	if !p.ruler() {
		// The notebook is the camp's, which its ruler keeps (SEAT-NOTES).
		return nil, refuseIn(l, reasonNotYourSeat, "", lang.T(
			"you hold the %s seat: only the ruler writes the camp's notebook; read it with GetNotebook, and tell the council with SendMessage",
			"vous tenez le siège %s : seul le dirigeant écrit le carnet du camp ; lisez-le avec GetNotebook, et parlez au conseil avec SendMessage", p.seat))
	}
	if err := checkText(l, "text", req.GetText(), store.MaxNotebookLen, true); err != nil {
		return nil, err
	}
	var out *pb.Notebook
	// The notes change their own camp's view only.
	err = r.doFor(ctx, p.camp, func() error {
		if r.seasonOver() {
			return refuseIn(l, reasonSeasonOver, "", lang.T(
				"the season ended on day %d: its chronicle publishes its notebooks, and a new notebook opens with the next season",
				"la saison s'est achevée au jour %d : sa chronique publie ses carnets, et un nouveau carnet s'ouvre avec la saison suivante",
				r.state.Day()))
		}
		season, day := r.settings.Season, r.state.Day()+1
		rec, err := r.recentLog(ctx)
		if err != nil {
			return err
		}
		cur := rec.notes[p.camp]
		writes := 1
		if cur.Day == day {
			writes = cur.Writes + 1
		}
		if writes > maxNotebookWritesPerDay {
			return refuseIn(l, reasonTooManyNotes, "", lang.T(
				"you wrote your notebook %d times for day %d, the most a day allows; write again after it resolves",
				"vous avez écrit votre carnet %d fois pour le jour %d, le plus qu'un jour permette ; écrivez de nouveau une fois ce jour résolu",
				maxNotebookWritesPerDay, day))
		}
		n := store.Notebook{WorldID: r.id, Season: season, Camp: p.camp, Player: p.player, Text: req.GetText(),
			Day: day, Writes: writes, UpdatedAt: r.clock.Now()}
		wctx, cancel := writeCtx(ctx)
		defer cancel()
		if err := r.store.SetNotebook(wctx, n); err != nil {
			return fmt.Errorf("set notebook of camp %d: %w", p.camp, err)
		}
		r.recordNotebook(n)
		r.log.Info().Int("camp", p.camp).Int("bytes", len(n.Text)).Int("writes", writes).Msg("notebook written")
		out = notebookToPB(n, day)
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return out, nil
}

// GetNotebook returns the camp's notes of the season.
func (g *gameService) GetNotebook(ctx context.Context, req *pb.GetNotebookRequest) (*pb.Notebook, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	var season, day int
	err = r.read(ctx, func() error {
		season, day = r.settings.Season, r.notebookDay()
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	n, err := campNotebook(ctx, g.s.cfg.Store, r.id, season, p.camp)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return notebookToPB(n, day), nil
}
