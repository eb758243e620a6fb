package server

import (
	"context"
	"fmt"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// Bounds of GetHistory: the days one answer gives, and the widest step.
const (
	maxHistoryDays  = 100
	maxHistoryEvery = 30
)

// GetHistory returns the caller's camp's own counters on the days of its
// world's current season from since_day to until_day (rule SEA-HISTORY).
// Each day's counters are read from the stored state of that day and built
// as the admin's timeline builds its frames (frameOf), then cut to the
// camp's own: nothing of another camp leaves the call, so the fog holds.
func (g *gameService) GetHistory(ctx context.Context, req *pb.GetHistoryRequest) (*pb.History, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	l := pb.LangOf(ctx)
	since, until, every := int(req.GetSinceDay()), int(req.GetUntilDay()), int(req.GetEvery())
	switch {
	case since < 0:
		return nil, refuseIn(l, reasonBadRequest, "since_day", sinceDayText(int32(since)))
	case until < 0:
		return nil, refuseIn(l, reasonBadRequest, "until_day", lang.T("until_day must be 0 (the last day resolved) or more; got %d",
			"until_day doit valoir 0 (le dernier jour résolu) ou plus ; reçu %d", until))
	case until > 0 && until < since:
		return nil, refuseIn(l, reasonBadRequest, "until_day", lang.T("until_day (%d) must not come before since_day (%d)",
			"until_day (%d) ne doit pas précéder since_day (%d)", until, since))
	case every < 0 || every > maxHistoryEvery:
		return nil, refuseIn(l, reasonBadRequest, "every", lang.T("every must be 0 (every day) to %d; got %d",
			"every doit valoir 0 (chaque jour) à %d ; reçu %d", maxHistoryEvery, every))
	}
	every = max(every, 1)
	var snap snapshot
	if err := r.read(ctx, func() error { snap = r.snapshot(); return nil }); err != nil {
		return nil, toStatus(r.base, err)
	}
	out := &pb.History{Camp: int32(p.camp), Season: int32(snap.settings.Season), Day: int32(snap.day), MaxHistoryDays: maxHistoryDays}
	if until == 0 || until > snap.day {
		until = snap.day
	}
	if since > until {
		return out, nil
	}
	err = walkSeason(ctx, g.s.cfg.Store, r.rs, r.id, snap.settings.Season, since, func(t store.Tick, state func() (game.State, error)) error {
		if t.Day > until {
			return errWalkDone
		}
		if (t.Day-since)%every != 0 && t.Day != until {
			return nil
		}
		if len(out.Days) == maxHistoryDays {
			out.More = true
			return errWalkDone
		}
		s, err := state()
		if err != nil {
			return err
		}
		f, err := frameOf(r.rs, snap.settings.Camps, s, l)
		if err != nil {
			return err
		}
		out.Days = append(out.Days, historyDay(f, p.camp))
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, fmt.Errorf("history of camp %d: %w", p.camp, err))
	}
	return out, nil
}

// historyDay cuts f, every camp's frame of a day, to camp's own counters.
func historyDay(f *pb.Frame, camp int) *pb.HistoryDay {
	d := &pb.HistoryDay{Day: f.GetDay()}
	for _, c := range f.GetCamps() {
		if int(c.GetCamp()) == camp {
			d.Alive, d.Score = c.GetAlive(), c.GetScore()
		}
	}
	for _, c := range f.GetGrisonval().GetCamps() {
		if int(c.GetCamp()) != camp {
			continue
		}
		r := c.GetResources()
		d.Population, d.Soldiers, d.Zones, d.Tier = c.GetPopulation(), c.GetMenUnderArms(), c.GetZones(), c.GetTier()
		d.Food, d.Gold, d.Wood, d.Stone = r.GetFood(), r.GetGold(), r.GetWood(), r.GetStone()
	}
	return d
}
