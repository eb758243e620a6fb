package viewtext

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Brief renders a camp's view in at most height lines of at most width
// columns, for a screen that shows it under the map (the CLI's watch):
// the day and deadline, the stocks and people, the zones held and seen,
// columns and sieges, what became of the last order, the posting status
// and the legal actions by name with their arguments' values; then as many
// of the recent messages and latest journal entries as fit, newest last.
// Lines longer than width are cut, ending in "…". The menu's lines are cut
// first when the fixed part does not fit. A view of another ruleset than
// Grisonval is its whole text view, cut to fit. A width or height under 1
// sets no bound.
func Brief(v *pb.CampView, now time.Time, width, height int) string {
	if height < 1 {
		height = 1 << 30
	}
	g := v.GetGrisonval()
	if g == nil {
		lines := strings.Split(strings.TrimSuffix(View(v, now), "\n"), "\n")
		if len(lines) > height {
			lines = append(lines[:height-1], fmt.Sprintf("(%d more lines in the whole view)", len(lines)-height+1))
		}
		return fit(lines, width)
	}
	var head []string
	for _, l := range briefHead(v, g, now) {
		head = append(head, wrap(l, width)...)
	}
	menu := briefMenu(v, width)
	if len(head) >= height {
		return fit(head[:height], width)
	}
	if room := height - len(head); len(menu) > room {
		menu = menu[:room]
		last := []rune(menu[room-1])
		if width > 0 && len(last) > width-2 {
			last = last[:width-2]
		}
		menu[room-1] = string(last) + " …"
	}
	lines := append(head, menu...)
	type item struct {
		day  int32
		text string
	}
	var news []item
	for _, e := range v.GetJournal() {
		news = append(news, item{e.GetDay(), fmt.Sprintf("day %d [%s] %s", e.GetDay(), e.GetKind(), e.GetNarration())})
	}
	for _, m := range v.GetMessages() {
		dir := fmt.Sprintf("from camp %d", m.GetFromCamp())
		if m.GetFromCamp() == v.GetCamp() {
			dir = fmt.Sprintf("to camp %d", m.GetToCamp())
		}
		news = append(news, item{m.GetDay(), fmt.Sprintf("day %d, message %s: %s", m.GetDay(), dir, strings.ReplaceAll(m.GetText(), "\n", " / "))})
	}
	slices.SortStableFunc(news, func(a, b item) int { return int(a.day - b.day) })
	if room := height - len(lines); room > 0 && len(news) > 0 {
		news = news[max(0, len(news)-room):]
		for _, n := range news {
			lines = append(lines, n.text)
		}
	}
	return fit(lines, width)
}

// briefHead is the fixed part of Brief for a Grisonval view.
func briefHead(v *pb.CampView, g *pb.GrisonvalView, now time.Time) []string {
	s := fmt.Sprintf("Camp %d, day %d", v.GetCamp(), v.GetDay())
	if n := v.GetSeasonLength(); n > 0 {
		s += fmt.Sprintf(" of %d", n)
	}
	s += fmt.Sprintf(" (%s): orders for day %d, ", g.GetYearSeason(), v.GetDay()+1)
	switch d := v.GetDeadline(); {
	case d == nil:
		s += "no deadline"
	case d.AsTime().Sub(now) <= 0:
		s += "deadline passed"
	default:
		s += "deadline in " + d.AsTime().Sub(now).Round(time.Second).String()
	}
	if v.GetPaused() {
		s += "; paused"
	}
	if !v.GetAlive() {
		s += "; your people is extinct"
	}
	r := g.GetResources()
	lines := []string{s + ".",
		fmt.Sprintf("Stocks: food %d, wood %d, stone %d, tools %d, gold %d, research %d.",
			r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch()),
		fmt.Sprintf("Morale %d, population %d, housing %d; army %d in the field, %d/%d under arms.",
			g.GetMorale(), g.GetPopulation(), g.GetHousing(), g.GetFieldArmy(), g.GetMenUnderArms(), g.GetMaxUnderArms()),
	}
	var held []int32
	var visible, remembered, unknown int
	for _, z := range g.GetZones() {
		switch z.GetVisibility() {
		case pb.Visibility_VISIBILITY_VISIBLE:
			visible++
			if z.GetOwner() == v.GetCamp() {
				held = append(held, z.GetId())
			}
		case pb.Visibility_VISIBILITY_REMEMBERED:
			remembered++
		default:
			unknown++
		}
	}
	zones := fmt.Sprintf("Zones: %d held", len(held))
	if len(held) > 0 {
		zones += " (" + Ranges(held) + ")"
	}
	lines = append(lines, zones+fmt.Sprintf("; %d visible, %d remembered, %d unknown.", visible, remembered, unknown))
	if cols := g.GetColumns(); len(cols) > 0 {
		var parts []string
		for _, c := range cols {
			kind := "army"
			if c.GetKind() == pb.ColumnKind_COLUMN_KIND_SETTLERS {
				kind = "settlers"
			}
			if c.GetMen() > 0 {
				kind += fmt.Sprintf(" of %d", c.GetMen())
			}
			parts = append(parts, fmt.Sprintf("%s %d->%d day %d", kind, c.GetFromZone(), c.GetToZone(), c.GetArrivalDay()))
		}
		lines = append(lines, "Columns: "+strings.Join(parts, "; ")+".")
	}
	if sieges := g.GetSieges(); len(sieges) > 0 {
		var parts []string
		for _, s := range sieges {
			who := "an unknown camp"
			switch b := s.GetBesieger(); {
			case b == v.GetCamp():
				who = "you"
			case b >= 0:
				who = fmt.Sprintf("camp %d", b)
			}
			parts = append(parts, fmt.Sprintf("zone %d by %s, assault day %d", s.GetZone(), who, s.GetAssaultDay()))
		}
		lines = append(lines, "Sieges: "+strings.Join(parts, "; ")+".")
	}
	if r := v.GetLastResult(); r != nil {
		res := strings.ReplaceAll(strings.TrimSuffix(Result(r), "\n"), ".\n  ", "; ")
		if !strings.HasSuffix(res, ".") {
			res += "."
		}
		lines = append(lines, res)
	}
	switch {
	case v.GetPendingOrder() != nil:
		lines = append(lines, fmt.Sprintf("Posted for day %d: %s.", v.GetDay()+1, Order(v.GetPendingOrder())))
	case v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_LATE:
		lines = append(lines, fmt.Sprintf("Late: nothing posted for day %d and the deadline has passed.", v.GetDay()+1))
	case v.GetStandingOrder() != nil:
		lines = append(lines, fmt.Sprintf("Nothing posted for day %d: the standing order plays (%s).", v.GetDay()+1, Order(v.GetStandingOrder())))
	default:
		lines = append(lines, fmt.Sprintf("Nothing posted for day %d: the standing order plays.", v.GetDay()+1))
	}
	return lines
}

// briefMenu is the legal menu by name, each action with its arguments'
// values ("explore 4,10,18", "send_army 1-4 11,19"), packed in lines of
// width.
func briefMenu(v *pb.CampView, width int) []string {
	var items []string
	for _, a := range v.GetLegalActions() {
		item := a.GetAction()
		for _, s := range a.GetArgs() {
			if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
				item += fmt.Sprintf(" %d-%d", s.GetMin(), s.GetMax())
			} else {
				item += " " + strings.ReplaceAll(Ranges(s.GetChoices()), ", ", ",")
			}
		}
		items = append(items, item)
	}
	if len(items) == 0 {
		return []string{"Menu: none: your camp cannot act."}
	}
	lines := []string{fmt.Sprintf("Menu for day %d:", v.GetDay()+1)}
	for i, it := range items {
		last := &lines[len(lines)-1]
		sep := " "
		if i < len(items)-1 {
			it += ","
		}
		if width > 0 && utf8.RuneCountInString(*last)+len(sep)+utf8.RuneCountInString(it) > width {
			lines = append(lines, " ")
			last = &lines[len(lines)-1]
		}
		*last += sep + it
	}
	return lines
}

// wrap breaks s at spaces into lines of at most width columns, the
// following ones indented by two; a word longer than a line is left whole
// (fit cuts it).
func wrap(s string, width int) []string {
	if width <= 0 || utf8.RuneCountInString(s) <= width {
		return []string{s}
	}
	var lines []string
	line := ""
	for _, w := range strings.Split(s, " ") {
		switch {
		case line == "":
			line = w
			if len(lines) > 0 {
				line = "  " + w
			}
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width:
			lines = append(lines, line)
			line = "  " + w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}

// fit joins lines, each cut to width columns (a rune a column).
func fit(lines []string, width int) string {
	var b strings.Builder
	for _, l := range lines {
		if width > 0 && utf8.RuneCountInString(l) > width {
			r := []rune(l)
			l = string(r[:width-1]) + "…"
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}
