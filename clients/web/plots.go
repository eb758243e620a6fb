package web

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file draws the plots over a season (seed 000's courbes): one small
// SVG per measure, one line per camp, drawn on the server from the
// season's frames.

// dayPoint is one camp's measures on one day, what the plots draw: its
// score, which every ruleset's frame has, and Grisonval's counters.
type dayPoint struct {
	Score                                       float64 `json:",omitempty"`
	Food, Gold, Population, Zones, Tier, Morale float64
	// Soldiers, Wood and Stone are drawn on a camp's own page only.
	Soldiers, Wood, Stone float64
}

// seriesDay is every camp's measures on one day.
type seriesDay struct {
	Day    int32
	Camps  []dayPoint
	Sieges int
}

// pointsOf returns the measures of a frame: every camp's score, and a
// Grisonval frame's counters.
func pointsOf(f *pb.Frame) *seriesDay {
	d := &seriesDay{Day: f.GetDay()}
	if g := f.GetGrisonval(); g != nil {
		d.Sieges = len(g.GetSieges())
		for _, c := range g.GetCamps() {
			r := c.GetResources()
			d.Camps = append(d.Camps, dayPoint{Food: float64(r.GetFood()), Gold: float64(r.GetGold()),
				Population: float64(c.GetPopulation()), Zones: float64(c.GetZones()), Tier: float64(c.GetTier()), Morale: float64(c.GetMorale())})
		}
	}
	for _, c := range f.GetCamps() {
		for int(c.GetCamp()) >= len(d.Camps) {
			d.Camps = append(d.Camps, dayPoint{})
		}
		d.Camps[c.GetCamp()].Score = float64(c.GetScore())
	}
	return d
}

// measure is one plotted measure.
type measure struct {
	Name lang.Text
	Of   func(dayPoint) float64
}

// grisonvalMeasures are Grisonval's plots, in the order they are shown.
var grisonvalMeasures = []measure{
	{lang.T("population", "population"), func(p dayPoint) float64 { return p.Population }},
	{lang.T("zones held", "zones tenues"), func(p dayPoint) float64 { return p.Zones }},
	{lang.T("food", "nourriture"), func(p dayPoint) float64 { return p.Food }},
	{lang.T("gold", "or"), func(p dayPoint) float64 { return p.Gold }},
	{lang.T("tier", "palier"), func(p dayPoint) float64 { return p.Tier }},
	{lang.T("morale", "moral"), func(p dayPoint) float64 { return p.Morale }},
}

// scoreMeasures are the plots of a ruleset without a page of its own: the
// camps' scores, as the season's ranking counts them.
var scoreMeasures = []measure{
	{lang.T("score", "score"), func(p dayPoint) float64 { return p.Score }},
}

// plot sizes, in SVG units.
const (
	plotW, plotH = 300, 120
	plotLeft     = 34
	plotBottom   = 16
)

// plots draws each of ms over days (in day order) as SVG, one line per
// camp and a vertical mark at day mark (-1: none), labelled in l.
func plots(l lang.Lang, ms []measure, days []*seriesDay, names []string, mark int32) template.HTML {
	return plotsFrom(l, ms, days, names, mark, 0)
}

// plotsFrom is plots whose first line is camp camp0's (a camp's own page
// draws its line alone, in its colour).
func plotsFrom(l lang.Lang, ms []measure, days []*seriesDay, names []string, mark, camp0 int32) template.HTML {
	if len(days) == 0 {
		return ""
	}
	var b strings.Builder
	for _, m := range ms {
		writePlot(l, &b, m, days, names, mark, camp0)
	}
	return template.HTML(b.String())
}

// writePlot draws one measure.
func writePlot(l lang.Lang, b *strings.Builder, m measure, days []*seriesDay, names []string, mark, camp0 int32) {
	name := m.Name.In(l)
	first, last := days[0].Day, days[len(days)-1].Day
	lo, hi := 0.0, 1.0
	camps := 0
	for _, d := range days {
		camps = max(camps, len(d.Camps))
		for _, p := range d.Camps {
			hi = max(hi, m.Of(p))
			lo = min(lo, m.Of(p))
		}
	}
	span := float64(max(1, last-first))
	x := func(day int32) float64 { return plotLeft + float64(day-first)/span*(plotW-plotLeft-4) }
	y := func(v float64) float64 { return 4 + (1-(v-lo)/(hi-lo))*(plotH-plotBottom-4) }
	fmt.Fprintf(b, `<figure class="plot"><svg viewBox="0 0 %d %d" role="img" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`, plotW, plotH,
		esc(l.Sprintf("%s over the season", "%s au fil de la saison", name)))
	fmt.Fprintf(b, `<path class="ax" d="M%d 4V%dH%d"/>`, plotLeft, plotH-plotBottom, plotW-4)
	fmt.Fprintf(b, `<text class="tk" x="%d" y="10" text-anchor="end">%s</text><text class="tk" x="%d" y="%d" text-anchor="end">%s</text>`,
		plotLeft-3, short(hi), plotLeft-3, plotH-plotBottom, short(lo))
	fmt.Fprintf(b, `<text class="tk" x="%d" y="%d">%s</text><text class="tk" x="%d" y="%d" text-anchor="end">%s</text>`,
		plotLeft, plotH-3, l.Sprintf("day %d", "jour %d", first), plotW-4, plotH-3, l.Sprintf("day %d", "jour %d", last))
	if mark >= first && mark <= last {
		fmt.Fprintf(b, `<path class="mark" d="M%s 4V%d"/>`, fmtf(x(mark)), plotH-plotBottom)
	}
	for c := range camps {
		fmt.Fprintf(b, `<polyline class="ln %s" points="`, campClass(camp0+int32(c)))
		pts := make([]byte, 0, 12*len(days))
		for _, d := range days {
			if c < len(d.Camps) {
				pts = appendCoord(pts, x(d.Day))
				pts = append(pts, ',')
				pts = appendCoord(pts, y(m.Of(d.Camps[c])))
				pts = append(pts, ' ')
			}
		}
		b.Write(pts)
		camp := l.Sprintf("camp %d", "camp %d", c)
		if c < len(names) {
			camp = names[c]
		}
		fmt.Fprintf(b, `"><title>%s</title></polyline>`, esc(camp))
	}
	fmt.Fprintf(b, `</svg><figcaption>%s</figcaption></figure>`, esc(name))
}

// short writes a number in a few characters: 1234 is 1.2k.
func short(v float64) string {
	switch {
	case v >= 1e6 || v <= -1e6:
		return fmt.Sprintf("%.1fM", v/1e6)
	case v >= 1e4 || v <= -1e4:
		return fmt.Sprintf("%.0fk", v/1e3)
	case v >= 1e3 || v <= -1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}
