package web

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is seed 000's live figures of a Grisonval camp (issue 31,
// item 5), on the observer's banner and the camp's page alike: the daily
// upkeep, the feats unlocked of all there are, the research tier of the
// tree's tiers with its title, the food reserve per inhabitant, civilians
// against soldiers, and the age pyramid. Every figure comes from the
// camp's own view or the admin's frame: none is reckoned here from a rule.

// figures are one camp's live figures.
type figures struct {
	// Upkeep is the daily upkeep in words ("food 4, wood 3, gold 2"),
	// empty when the camp owes none; Degraded is set while its buildings
	// are degraded by unpaid upkeep.
	Upkeep              string
	HasUpkeep, Degraded bool
	// Feats of FeatsOf achievements are unlocked (FeatsOf 0: unknown).
	Feats, FeatsOf int32
	// Tier of Tiers is reached, TierName its title.
	Tier, Tiers int32
	TierName    string
	// Next is the next tier's name and the research it needs, of which
	// Research is gathered (a camp's own page only).
	Next                   string
	Research, NextResearch int64
	// FoodPer is the food in store per inhabitant, with one decimal.
	FoodPer string
	// Civilians and Soldiers split the population (the men under arms
	// are citizens).
	Civilians, Soldiers int32
	// Children, Adults and Elders are the age pyramid's bands, drawn in
	// Pyramid.
	Children, Adults, Elders int32
	Pyramid                  template.HTML
	// FeatNames are the unlocked feats' names with their conditions (a
	// camp's own page only).
	FeatNames []string
}

// upkeepText words a daily upkeep bill: each resource's sum over its axes.
func upkeepText(l lang.Lang, u *pb.Upkeep) string {
	sum := map[string]int64{}
	for _, r := range []*pb.Resources{u.GetBuildings(), u.GetTerritory(), u.GetGovernance()} {
		sum["food"] += r.GetFood()
		sum["wood"] += r.GetWood()
		sum["stone"] += r.GetStone()
		sum["tools"] += r.GetTools()
		sum["gold"] += r.GetGold()
	}
	var parts []string
	for _, k := range []string{"food", "wood", "stone", "tools", "gold"} {
		if sum[k] != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", viewtext.ResourceName(l, k), sum[k]))
		}
	}
	return strings.Join(parts, ", ")
}

// foodPer words food per inhabitant with one decimal ("–" for no one).
func foodPer(l lang.Lang, food int64, population int32) string {
	if population <= 0 {
		return "–"
	}
	s := fmt.Sprintf("%.1f", float64(food)/float64(population))
	if l == lang.FR {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// pyramid draws the age bands as three horizontal bars, the longest
// filling the width, each with its count: an SVG with a title for a
// screen reader.
func pyramid(l lang.Lang, children, adults, elders int32) template.HTML {
	top := max(children, adults, elders, 1)
	const w, h = 150.0, 14.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="pyr" viewBox="0 0 %g %g" role="img" aria-label="%s"><title>%s</title>`, w+60, 3*h+4,
		esc(l.Sprintf("age pyramid", "pyramide des âges")),
		esc(l.Sprintf("%d elders, %d adults, %d children", "%d anciens, %d adultes, %d enfants", elders, adults, children)))
	for i, band := range []struct {
		n    int32
		name string
		cls  string
	}{{elders, l.Sprintf("elders", "anciens"), "el"}, {adults, l.Sprintf("adults", "adultes"), "ad"}, {children, l.Sprintf("children", "enfants"), "ch"}} {
		bw := w * float64(band.n) / float64(top)
		y := float64(i)*(h+2) + 1
		fmt.Fprintf(&b, `<rect class="%s" x="%g" y="%g" width="%g" height="%g"></rect><text x="%g" y="%g">%d %s</text>`,
			band.cls, (w-bw)/2, y, bw, h, w+4, y+h-3, band.n, esc(band.name))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// viewFigures are a camp's live figures from its own view.
func viewFigures(l lang.Lang, g *pb.GrisonvalView) *figures {
	p := g.GetPeople()
	f := &figures{Upkeep: upkeepText(l, g.GetUpkeep()), HasUpkeep: g.GetUpkeep() != nil, Degraded: g.GetUpkeep().GetDegraded(),
		Feats: int32(len(g.GetAchievements())), FeatsOf: g.GetAchievementsTotal(),
		Tier: g.GetTier(), Tiers: g.GetTiers(), TierName: g.GetTierName(),
		Research: g.GetResources().GetResearch(),
		FoodPer:  foodPer(l, g.GetResources().GetFood(), g.GetPopulation()),
		Soldiers: g.GetMenUnderArms(), Civilians: max(0, g.GetPopulation()-g.GetMenUnderArms()),
		Children: p.GetChildren(), Adults: p.GetAdults(), Elders: p.GetElders()}
	for _, a := range g.GetAchievements() {
		f.FeatNames = append(f.FeatNames, a.GetName())
	}
	if t := g.GetNextTier(); t != nil {
		f.Next, f.NextResearch = t.GetName(), t.GetResearch()
	}
	f.Pyramid = pyramid(l, f.Children, f.Adults, f.Elders)
	return f
}

// frameFigures are a camp's live figures from the admin's frame.
func frameFigures(l lang.Lang, c *pb.CampFrame) *figures {
	p := c.GetPeople()
	f := &figures{Upkeep: upkeepText(l, c.GetUpkeep()), HasUpkeep: c.GetUpkeep() != nil, Degraded: c.GetUpkeep().GetDegraded(),
		Feats: c.GetAchievements(), FeatsOf: c.GetAchievementsTotal(),
		Tier: c.GetTier(), Tiers: c.GetTiers(), TierName: c.GetTierName(),
		FoodPer:  foodPer(l, c.GetResources().GetFood(), c.GetPopulation()),
		Soldiers: c.GetMenUnderArms(), Civilians: max(0, c.GetPopulation()-c.GetMenUnderArms()),
		Children: p.GetChildren(), Adults: p.GetAdults(), Elders: p.GetElders()}
	f.Pyramid = pyramid(l, f.Children, f.Adults, f.Elders)
	return f
}

// resItem is a resource in the camp page's bar: its stock and tomorrow's
// change if the camp rests (VIEW-INCOME), with the days it lasts when it
// falls.
type resItem struct {
	Key, Name       string
	Stock, Net      int64
	DaysLeft        int64
	Rising, Falling bool
}

// resourceBar is the camp's resources with tomorrow's forecast, the bar
// kept in view at the top of its page.
func resourceBar(l lang.Lang, camp int32, f *pb.Forecast) []resItem {
	var out []resItem
	for _, fl := range f.GetFlows() {
		out = append(out, resItem{Key: fmt.Sprintf("c%d.%s", camp, fl.GetResource()), Name: viewtext.ResourceName(l, fl.GetResource()),
			Stock: fl.GetStock(), Net: fl.GetNet(), DaysLeft: fl.GetDaysLeft(), Rising: fl.GetNet() > 0, Falling: fl.GetNet() < 0})
	}
	return out
}
