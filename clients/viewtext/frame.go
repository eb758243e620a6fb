package viewtext

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the text of a world's public frame (GameService.GetFrame),
// what a spectator token reads (docs/security.md, "Spectators"): the
// whole world on its current day, every camp alike, no camp's own view.

// Frame says frame f in l: the day, the camps by rank with their scores and summaries, then the ruleset's own part
// (Grisonval's camps' counters, sieges and columns; the Castle's turn and
// cities).
func Frame(l lang.Lang, f *pb.Frame) string {
	var b strings.Builder
	b.WriteString(l.Sprintf("Day %d", "Jour %d", f.GetDay()))
	if ys := f.GetGrisonval().GetYearSeason(); ys != "" {
		fmt.Fprintf(&b, " (%s)", l.Name(ys))
	}
	b.WriteString(l.Sprintf(": the world's public frame, every camp alike.\n", " : l'image publique du monde, tous les camps pareillement.\n"))
	camps := slices.Clone(f.GetCamps())
	slices.SortStableFunc(camps, func(a, c *pb.FrameCamp) int {
		return cmp.Or(cmp.Compare(a.GetRank(), c.GetRank()), cmp.Compare(a.GetCamp(), c.GetCamp()))
	})
	b.WriteString(l.Sprintf("Ranking:\n", "Classement :\n"))
	for _, c := range camps {
		fallen := ""
		if !c.GetAlive() {
			fallen = l.Sprintf(" (fallen)", " (tombé)")
		}
		b.WriteString(l.Sprintf("  %d. %s (camp %d)%s: score %d", "  %d. %s (camp %d)%s : score %d",
			c.GetRank(), c.GetName(), c.GetCamp(), fallen, c.GetScore()))
		if s := c.GetSummary(); s != "" {
			b.WriteString(" · " + s)
		}
		b.WriteString("\n")
	}
	switch d := f.GetDetail().(type) {
	case *pb.Frame_Grisonval:
		writeGrisonvalFrame(l, &b, f.GetDay(), d.Grisonval)
	case *pb.Frame_Castle:
		writeCastleFrame(l, &b, d.Castle)
	}
	return b.String()
}

// writeGrisonvalFrame writes Grisonval's part of a frame of day: every
// camp's counters as a table, then the sieges and the columns on the
// march.
func writeGrisonvalFrame(l lang.Lang, b *strings.Builder, day int32, g *pb.GrisonvalFrame) {
	names := map[int32]string{}
	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 0, 1, ' ', 0)
	fmt.Fprintln(tw, l.Sprintf("  camp\tzones\tpopulation\tmorale\tfield army\tunder arms\ttier\tgovernment\tstocks\t",
		"  camp\tzones\tpopulation\tmoral\tarmée en campagne\tsous les armes\tpalier\tgouvernement\tstocks\t"))
	for _, c := range g.GetCamps() {
		names[c.GetCamp()] = c.GetName()
		fmt.Fprintf(tw, "  %d %s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t\n", c.GetCamp(), c.GetName(), c.GetZones(), c.GetPopulation(),
			c.GetMorale(), c.GetFieldArmy(), c.GetMenUnderArms(), c.GetTier(), cmp.Or(c.GetGovernmentName(), c.GetGovernment()),
			resourcesText(l, c.GetResources()))
	}
	tw.Flush()
	b.WriteString(l.Sprintf("Camps:\n", "Camps :\n"))
	for line := range strings.Lines(table.String()) {
		b.WriteString(strings.TrimRight(line, " \n") + "\n")
	}
	name := func(c int32) string {
		if n, ok := names[c]; ok {
			return n
		}
		return l.Sprintf("camp %d", "camp %d", c)
	}
	for _, s := range g.GetSieges() {
		b.WriteString(l.Sprintf("Siege of zone %d by %s: %d men in the lines, assault on day %d (in %d days).\n",
			"Siège de la zone %d par %s : %d hommes dans les lignes, assaut le jour %d (dans %d jours).\n",
			s.GetZone(), name(s.GetBesieger()), s.GetMen(), s.GetAssaultDay(), max(0, s.GetAssaultDay()-day)))
	}
	for _, c := range g.GetColumns() {
		col := c.GetColumn()
		b.WriteString(l.Sprintf("Column of %s: %s of %d, zone %d to %d, arrives on day %d.\n",
			"Colonne de %s : %s de %d, zone %d vers %d, arrive le jour %d.\n",
			name(c.GetCamp()), columnKind(l, col), col.GetMen(), col.GetFromZone(), col.GetToZone(), col.GetArrivalDay()))
	}
}

// writeCastleFrame writes the Castle's part of a frame: the turn, whose
// step it is and the roll, and every city's gauges and stores.
func writeCastleFrame(l lang.Lang, b *strings.Builder, c *pb.CastleFrame) {
	view := &pb.CastleView{Turn: c.GetTurn(), Current: c.GetCurrent(), Step: c.GetStep(), Roll: c.GetRoll(), Cities: c.GetCities(),
		Rules: &pb.CastleRules{MinGauge: c.GetMinGauge(), MaxGauge: c.GetMaxGauge()}}
	b.WriteString(l.Sprintf("Turn %d: %s's %s step; it rolled %s.\n", "Tour %d : étape %[3]s de %[2]s ; le dé a donné %[4]s.\n",
		c.GetTurn(), cityName(l, view, c.GetCurrent()), c.GetStep(), orNone(l, c.GetRoll())))
	writeCities(l, b, -1, view)
	if len(c.GetDrawn()) > 0 {
		b.WriteString(l.Sprintf("Drawn: %s.\n", "Tirées : %s.\n", strings.Join(c.GetDrawn(), ", ")))
	}
}
