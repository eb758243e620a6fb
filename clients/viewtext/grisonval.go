package viewtext

import (
	"fmt"
	"strings"
	"text/tabwriter"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is Grisonval's part of the text view (seed 000): what
// GrisonvalView adds to the shared part of a camp's view.

// writeGrisonval writes Grisonval's detail g of view v: stocks, people and
// army, citizens, upkeep and research, politics, the zones the camp sees or
// remembers (with the day last seen), the unknown zones as ranges, columns,
// sieges, other camps and the public relations between them.
func writeGrisonval(b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	r := g.GetResources()
	fmt.Fprintf(b, "Resources: food %d, wood %d, stone %d, tools %d, gold %d, research %d.\n",
		r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch())
	fmt.Fprintf(b, "People: morale %d, population %d, housing %d. Army: %d in the field, %d under arms of %d at most.\n",
		g.GetMorale(), g.GetPopulation(), g.GetHousing(), g.GetFieldArmy(), g.GetMenUnderArms(), g.GetMaxUnderArms())
	writeSociety(b, g)
	writePolitics(b, v, g)
	writeZones(b, v, g)
	writeColumns(b, g.GetColumns())
	writeSieges(b, v, g)
	writeCamps(b, g.GetCamps(), v.GetCamp(), v.GetDay())
	writeOtherRelations(b, g)
	writeRules(b, g.GetRules())
}

// writeRules renders the numbers of the rules the view carries
// (GrisonvalRules): each terrain's income and defence, each building's
// cost, output and defence, the other terms of a zone's defence and
// develop's price per level.
func writeRules(b *strings.Builder, r *pb.GrisonvalRules) {
	if r == nil {
		return
	}
	var terrains []string
	for _, t := range r.GetTerrains() {
		income := resourcesText(t.GetIncome())
		if income == "" {
			income = "nothing"
		}
		terrains = append(terrains, fmt.Sprintf("%s %s a day, defence +%d", TerrainName(t.GetTerrain()), income, t.GetDefence()))
	}
	fmt.Fprintf(b, "Rules: a held zone yields %s.\n", strings.Join(terrains, "; "))
	var buildings []string
	for _, bl := range r.GetBuildings() {
		s := fmt.Sprintf("%s (cost %s", bl.GetBuilding(), resourcesText(bl.GetCost()))
		if o := resourcesText(bl.GetOutput()); o != "" {
			s += "; " + o + " a day"
		}
		if d := bl.GetDefence(); d != 0 {
			s += fmt.Sprintf("; defence +%d", d)
		}
		buildings = append(buildings, s+")")
	}
	if len(buildings) > 0 {
		fmt.Fprintf(b, "  Buildings, base figures: %s.\n", strings.Join(buildings, ", "))
	}
	fmt.Fprintf(b, "  Defence of a held zone: garrison + terrain + militia %d + development level + buildings, +%d on a capital, +%d with the monument, + 1 man in %d of the holder's field army.\n",
		r.GetMilitiaDefence(), r.GetCapitalDefence(), r.GetMonumentDefence(), r.GetFieldArmyDivisor())
	fmt.Fprintf(b, "  Develop costs %s and needs %d research (not spent), times the zone's level before it develops.\n",
		resourcesText(r.GetDevelopCost()), r.GetDevelopResearch())
}

// writeSociety writes the camp's citizens by age and job, its upkeep bill,
// its research tier, title and achievements, each when the view has them.
func writeSociety(b *strings.Builder, g *pb.GrisonvalView) {
	if p := g.GetPeople(); p != nil {
		fmt.Fprintf(b, "Citizens: %d children, %d adults, %d elders, mood %d", p.GetChildren(), p.GetAdults(), p.GetElders(), p.GetMeanMood())
		var jobs []string
		for _, j := range p.GetJobs() {
			jobs = append(jobs, fmt.Sprintf("%s %d (level %.1f)", j.GetJob(), j.GetCount(), j.GetMeanLevel()))
		}
		if len(jobs) > 0 {
			fmt.Fprintf(b, "; jobs: %s", strings.Join(jobs, ", "))
		}
		b.WriteString(".\n")
	}
	if u := g.GetUpkeep(); u != nil {
		var axes []string
		for _, a := range []struct {
			name string
			r    *pb.Resources
		}{{"buildings", u.GetBuildings()}, {"territory", u.GetTerritory()}, {"governance", u.GetGovernance()}} {
			if t := resourcesText(a.r); t != "" {
				axes = append(axes, a.name+" "+t)
			}
		}
		if len(axes) == 0 {
			axes = append(axes, "nothing")
		}
		fmt.Fprintf(b, "Upkeep a day: %s", strings.Join(axes, "; "))
		if u.GetDegraded() {
			b.WriteString(" (unpaid: buildings degraded)")
		}
		b.WriteString(".\n")
	}
	fmt.Fprintf(b, "Research tier %d", g.GetTier())
	if t := g.GetNextTier(); t != nil {
		fmt.Fprintf(b, "; next: %s at %d research (%s)", t.GetName(), t.GetResearch(), t.GetEffect())
	}
	if g.GetTitle() != "" {
		fmt.Fprintf(b, ". Title: %s", g.GetTitle())
	}
	var feats []string
	for _, a := range g.GetAchievements() {
		feats = append(feats, a.GetName())
	}
	if len(feats) > 0 {
		fmt.Fprintf(b, ". Achievements: %s", strings.Join(feats, ", "))
	}
	b.WriteString(".\n")
}

// resourcesText lists the non-zero amounts of r: "food 2, wood 1".
func resourcesText(r *pb.Resources) string {
	var parts []string
	for _, a := range []struct {
		name string
		n    int64
	}{{"food", r.GetFood()}, {"wood", r.GetWood()}, {"stone", r.GetStone()}, {"tools", r.GetTools()}, {"gold", r.GetGold()}, {"research", r.GetResearch()}} {
		if a.n != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", a.name, a.n))
		}
	}
	return strings.Join(parts, ", ")
}

// writeZones writes the zones the camp sees or remembers as a table, and
// the unknown ones as ranges of numbers.
func writeZones(b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	var visible, remembered int
	var unknown []int32
	for _, z := range g.GetZones() {
		switch z.GetVisibility() {
		case pb.Visibility_VISIBILITY_VISIBLE:
			visible++
		case pb.Visibility_VISIBILITY_REMEMBERED:
			remembered++
		default:
			unknown = append(unknown, z.GetId())
		}
	}
	fmt.Fprintf(b, "Zones: %d visible, %d remembered (as last seen), %d unknown.\n", visible, remembered, len(unknown))
	if visible+remembered > 0 {
		var table strings.Builder
		tw := tabwriter.NewWriter(&table, 0, 0, 1, ' ', 0)
		fmt.Fprintln(tw, "  zone\tterrain\towner\tgarrison\tdev\tslots\tseen\tneighbours\tbuildings")
		for _, z := range g.GetZones() {
			var seen string
			switch z.GetVisibility() {
			case pb.Visibility_VISIBILITY_VISIBLE:
				seen = "now"
			case pb.Visibility_VISIBILITY_REMEMBERED:
				seen = fmt.Sprintf("day %d", z.GetLastSeenDay())
			default:
				continue
			}
			owner := OwnerName(v, z.GetOwner())
			if z.GetCapital() {
				owner += " capital"
			}
			if z.GetMonument() {
				owner += " monument"
			}
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n", z.GetId(), TerrainName(z.GetTerrain()),
				owner, z.GetGarrison(), z.GetDevelopment(), z.GetSlots(), seen, Ranges(z.GetNeighbors()), buildingList(z.GetBuildings()))
		}
		tw.Flush()
		for l := range strings.Lines(table.String()) {
			b.WriteString(strings.TrimRight(l, " \n") + "\n")
		}
	}
	if len(unknown) > 0 {
		fmt.Fprintf(b, "Unknown zones (%d; nothing known but their place on the map): %s.\n", len(unknown), Ranges(unknown))
	}
}

// buildingList renders a zone's buildings compactly, the same kinds
// together: "farm x2, school"; "-" for none.
func buildingList(bs []string) string {
	if len(bs) == 0 {
		return "-"
	}
	var kinds []string
	count := map[string]int{}
	for _, b := range bs {
		if count[b] == 0 {
			kinds = append(kinds, b)
		}
		count[b]++
	}
	for i, k := range kinds {
		if n := count[k]; n > 1 {
			kinds[i] = fmt.Sprintf("%s x%d", k, n)
		}
	}
	return strings.Join(kinds, ", ")
}

// TerrainName names a terrain in one word.
func TerrainName(t pb.Terrain) string {
	switch t {
	case pb.Terrain_TERRAIN_PLAINS:
		return "plains"
	case pb.Terrain_TERRAIN_FOREST:
		return "forest"
	case pb.Terrain_TERRAIN_MOUNTAIN:
		return "mountain"
	case pb.Terrain_TERRAIN_COAST:
		return "coast"
	default:
		return "?"
	}
}

// OwnerName names the holder of a zone as camp v knows it: "you", "free"
// or the camp's number and name.
func OwnerName(v *pb.CampView, owner int32) string {
	switch {
	case owner == -1:
		return "free"
	case owner == v.GetCamp():
		return "you"
	}
	for _, c := range v.GetContacts() {
		if c.GetCamp() == owner && c.GetName() != "" {
			return fmt.Sprintf("%d:%s", owner, c.GetName())
		}
	}
	return fmt.Sprintf("camp %d", owner)
}

func writeColumns(b *strings.Builder, cols []*pb.Column) {
	if len(cols) == 0 {
		b.WriteString("Columns: none on the march.\n")
		return
	}
	b.WriteString("Columns on the march:\n")
	for _, c := range cols {
		kind := "army"
		if c.GetKind() == pb.ColumnKind_COLUMN_KIND_SETTLERS {
			kind = "settlers"
		}
		fmt.Fprintf(b, "  #%d %s, %d men, zone %d -> %d, left day %d, arrives day %d\n",
			c.GetId(), kind, c.GetMen(), c.GetFromZone(), c.GetToZone(), c.GetDepartedDay(), c.GetArrivalDay())
	}
}

// writeCamps renders the other camps: met or not, and for a met camp its
// archetype, government and reputation, the pair's relation and record, and
// a pending proposal (private to the two camps).
func writeCamps(b *strings.Builder, camps []*pb.CampSummary, self, day int32) {
	if len(camps) == 0 {
		b.WriteString("Other camps: none.\n")
		return
	}
	b.WriteString("Other camps:\n")
	for _, c := range camps {
		name := fmt.Sprint(c.GetCamp())
		if c.GetName() != "" {
			name += " " + c.GetName()
		}
		switch {
		case !c.GetMet():
			fmt.Fprintf(b, "  %s: not met yet (nothing known).\n", name)
			continue
		case !c.GetAlive():
			fmt.Fprintf(b, "  %s: met, extinct.\n", name)
			continue
		}
		s := fmt.Sprintf("  %s: %s, %s, infamy %d, fame %d; %s", name, c.GetArchetype(), c.GetGovernment(),
			c.GetInfamy(), c.GetFame(), c.GetRelation())
		if c.GetRelation() != "war" && c.GetRelation() != "" {
			s += fmt.Sprintf(" since day %d, breakable from day %d", c.GetRelationSince(), c.GetBreakableFrom())
		}
		if c.GetTradeRoute() {
			s += ", trade route"
		}
		if d := c.GetDoorClosedUntil(); d > day {
			s += fmt.Sprintf(", door closed until day %d (%d refusal(s))", d, c.GetRefusals())
		}
		if p := c.GetProposal(); p != nil {
			if p.GetFromCamp() == self {
				s += fmt.Sprintf("; your proposal of %s (day %d) awaits its answer until day %d", p.GetPact(), p.GetDay(), p.GetExpiresDay())
			} else {
				s += fmt.Sprintf("; it proposes %s (day %d), to answer by day %d (accept_pact/refuse_pact %d), your people's willingness %d %%",
					p.GetPact(), p.GetDay(), p.GetExpiresDay(), c.GetCamp(), p.GetWillingness())
			}
		}
		b.WriteString(s + ".\n")
	}
}

// writeOtherRelations renders the public status between the other camps.
func writeOtherRelations(b *strings.Builder, g *pb.GrisonvalView) {
	for _, r := range g.GetOtherRelations() {
		fmt.Fprintf(b, "Between camps %d and %d (public): %s.\n", r.GetA(), r.GetB(), r.GetRelation())
	}
}

// writePolitics renders the camp's government and standing.
func writePolitics(b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	p := g.GetPolitics()
	if p == nil {
		return
	}
	fmt.Fprintf(b, "Politics: %s (%s) since day %d, legitimacy %d", g.GetArchetype(), p.GetGovernment(), p.GetGovernmentDay(), p.GetLegitimacy())
	if n := p.GetLowLegitimacyDays(); n > 0 {
		fmt.Fprintf(b, " (%d day(s) in a row under the coup threshold)", n)
	}
	fmt.Fprintf(b, ", infamy %d, fame %d", p.GetInfamy(), p.GetFame())
	if d := p.GetNextChangeDay(); d > v.GetDay()+1 {
		fmt.Fprintf(b, "; no new government before day %d", d)
	}
	b.WriteString(".\n")
}

// writeSieges renders the sieges the camp knows of.
func writeSieges(b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	for _, s := range g.GetSieges() {
		who := "an unknown camp"
		switch bc := s.GetBesieger(); {
		case bc == v.GetCamp():
			who = "you"
		case bc >= 0:
			who = fmt.Sprintf("camp %d", bc)
		}
		fmt.Fprintf(b, "Siege of zone %d by %s: %d men in line since day %d, decisive assault on day %d.\n",
			s.GetZone(), who, s.GetMen(), s.GetStartDay(), s.GetAssaultDay())
	}
}
