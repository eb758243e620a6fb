package web

import (
	"context"
	"html/template"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file draws a camp's own progress on its page: its counters day by
// day from GameService.GetHistory (rule SEA-HISTORY), one plot a measure,
// drawn on the server as the observer's plots are (plots.go).

// plotPoints is about how many days a camp's plots draw: a long season is
// thinned to one day in every few (GetHistory's every).
const plotPoints = 60

// ownMeasures are a Grisonval camp's own plots, in the order they are
// shown.
var ownMeasures = []measure{
	{lang.T("score", "score"), func(p dayPoint) float64 { return p.Score }},
	{lang.T("population", "population"), func(p dayPoint) float64 { return p.Population }},
	{lang.T("soldiers", "soldats"), func(p dayPoint) float64 { return p.Soldiers }},
	{lang.T("zones held", "zones tenues"), func(p dayPoint) float64 { return p.Zones }},
	{lang.T("food", "vivres"), func(p dayPoint) float64 { return p.Food }},
	{lang.T("gold", "or"), func(p dayPoint) float64 { return p.Gold }},
	{lang.T("wood", "bois"), func(p dayPoint) float64 { return p.Wood }},
	{lang.T("stone", "pierre"), func(p dayPoint) float64 { return p.Stone }},
	{lang.T("research tier", "palier de recherche"), func(p dayPoint) float64 { return p.Tier }},
}

// campPlots draws the progress of v's camp over its season so far, in l:
// Grisonval's counters, or the score alone on another ruleset. Nothing is
// drawn before the first day is resolved.
func (s *Server) campPlots(ctx context.Context, l lang.Lang, v *pb.CampView) (template.HTML, error) {
	if v.GetDay() < 1 {
		return "", nil
	}
	every := min(30, (v.GetDay()+plotPoints)/plotPoints)
	var days []*seriesDay
	for since := int32(0); ; {
		h, err := s.game.GetHistory(ctx, &pb.GetHistoryRequest{WorldId: v.GetWorldId(), SinceDay: since, UntilDay: v.GetDay(), Every: every})
		if err != nil {
			return "", err
		}
		for _, d := range h.GetDays() {
			days = append(days, &seriesDay{Day: d.GetDay(), Camps: []dayPoint{{Score: float64(d.GetScore()),
				Population: float64(d.GetPopulation()), Soldiers: float64(d.GetSoldiers()), Zones: float64(d.GetZones()),
				Food: float64(d.GetFood()), Gold: float64(d.GetGold()), Wood: float64(d.GetWood()), Stone: float64(d.GetStone()),
				Tier: float64(d.GetTier())}}})
		}
		if !h.GetMore() || len(h.GetDays()) == 0 {
			break
		}
		// Go on from the next day of the same thinning.
		since = h.GetDays()[len(h.GetDays())-1].GetDay() + every
	}
	ms := scoreMeasures
	if v.GetGrisonval() != nil {
		ms = ownMeasures
	}
	return plotsFrom(l, ms, days, []string{v.GetCampName()}, -1, v.GetCamp()), nil
}
