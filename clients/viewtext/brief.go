package viewtext

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grisonval/server/lang"
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
func Brief(l lang.Lang, v *pb.CampView, now time.Time, width, height int) string {
	if height < 1 {
		height = 1 << 30
	}
	g := v.GetGrisonval()
	if g == nil {
		lines := strings.Split(strings.TrimSuffix(View(l, v, now), "\n"), "\n")
		if len(lines) > height {
			lines = append(lines[:height-1], l.Sprintf("(%d more lines in the whole view)", "(%d lignes de plus dans la vue entière)", len(lines)-height+1))
		}
		return fit(lines, width)
	}
	var head []string
	for _, line := range briefHead(l, v, g, now) {
		head = append(head, wrap(line, width)...)
	}
	menu := briefMenu(l, v, width)
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
		news = append(news, item{e.GetDay(), l.Sprintf("day %d [%s] %s", "jour %d [%s] %s", e.GetDay(), e.GetKind(), e.GetNarration())})
	}
	for _, m := range v.GetMessages() {
		news = append(news, item{m.GetDay(), l.Sprintf("day %d, message %s: %s", "jour %d, message %s : %s",
			m.GetDay(), messageDir(l, m, v.GetCamp()), strings.ReplaceAll(m.GetText(), "\n", " / "))})
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
func briefHead(l lang.Lang, v *pb.CampView, g *pb.GrisonvalView, now time.Time) []string {
	s := l.Sprintf("Camp %d, day %d", "Camp %d, jour %d", v.GetCamp(), v.GetDay())
	if n := v.GetSeasonLength(); n > 0 {
		s += l.Sprintf(" of %d", " sur %d", n)
	}
	s += l.Sprintf(" (%s): orders for day %d, ", " (%s) : ordres pour le jour %d, ", l.Name(g.GetYearSeason()), v.GetDay()+1)
	switch d := v.GetDeadline(); {
	case d == nil:
		s += l.Sprintf("no deadline", "pas d'échéance")
	case d.AsTime().Sub(now) <= 0:
		s += l.Sprintf("deadline passed", "échéance passée")
	default:
		s += l.Sprintf("deadline in %s", "échéance dans %s", d.AsTime().Sub(now).Round(time.Second))
	}
	if v.GetPaused() {
		s += l.Sprintf("; paused", " ; en pause")
	}
	if !v.GetAlive() {
		s += l.Sprintf("; your people is extinct", " ; votre peuple est éteint")
	}
	r := g.GetResources()
	lines := []string{s + ".",
		l.Sprintf("Stocks: food %d, wood %d, stone %d, tools %d, gold %d, research %d.",
			"Stocks : nourriture %d, bois %d, pierre %d, outils %d, or %d, recherche %d.",
			r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch()),
		l.Sprintf("Morale %d, population %d, housing %d; army %d in the field, %d/%d under arms.",
			"Moral %d, population %d, logement %d ; armée %d en campagne, %d/%d sous les armes.",
			g.GetMorale(), g.GetPopulation(), g.GetHousing(), g.GetFieldArmy(), g.GetMenUnderArms(), g.GetMaxUnderArms()),
	}
	if f := g.GetForecast(); f != nil {
		lines = slices.Insert(lines, 2, ForecastLine(l, f))
	}
	lines = append(lines, governanceBrief(l, g)...)
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
	zones := l.Sprintf("Zones: %d held", "Zones : %d tenues", len(held))
	if len(held) > 0 {
		zones += " (" + Ranges(held) + ")"
	}
	lines = append(lines, zones+l.Sprintf("; %d visible, %d remembered, %d unknown.", " ; %d visibles, %d en mémoire, %d inconnues.", visible, remembered, unknown))
	if cols := g.GetColumns(); len(cols) > 0 {
		var parts []string
		for _, c := range cols {
			kind := columnKind(l, c)
			if c.GetMen() > 0 {
				kind += l.Sprintf(" of %d", " de %d", c.GetMen())
			}
			parts = append(parts, l.Sprintf("%s %d->%d day %d", "%s %d->%d jour %d", kind, c.GetFromZone(), c.GetToZone(), c.GetArrivalDay()))
		}
		lines = append(lines, l.Sprintf("Columns: %s.", "Colonnes : %s.", strings.Join(parts, "; ")))
	}
	if sieges := g.GetSieges(); len(sieges) > 0 {
		var parts []string
		for _, s := range sieges {
			parts = append(parts, l.Sprintf("zone %d by %s, assault day %d", "zone %d par %s, assaut le jour %d", s.GetZone(), besieger(l, v, s), s.GetAssaultDay()))
		}
		lines = append(lines, l.Sprintf("Sieges: %s.", "Sièges : %s.", strings.Join(parts, "; ")))
	}
	if r := v.GetLastResult(); r != nil {
		res := strings.ReplaceAll(strings.TrimSuffix(Result(l, r), "\n"), ".\n  ", l.Sprintf("; ", " ; "))
		if !strings.HasSuffix(res, ".") {
			res += "."
		}
		lines = append(lines, res)
	}
	switch {
	case v.GetPendingOrder() != nil:
		lines = append(lines, l.Sprintf("Posted for day %d: %s.", "Posté pour le jour %d : %s.", v.GetDay()+1, Order(l, v.GetPendingOrder())))
	case v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_LATE:
		lines = append(lines, l.Sprintf("Late: nothing posted for day %d and the deadline has passed.",
			"En retard : rien de posté pour le jour %d et l'échéance est passée.", v.GetDay()+1))
	case v.GetStandingOrder() != nil:
		lines = append(lines, l.Sprintf("Nothing posted for day %d: the standing order plays (%s).",
			"Rien de posté pour le jour %d : l'ordre permanent joue (%s).", v.GetDay()+1, Order(l, v.GetStandingOrder())))
	default:
		lines = append(lines, l.Sprintf("Nothing posted for day %d: the standing order plays.", "Rien de posté pour le jour %d : l'ordre permanent joue.", v.GetDay()+1))
	}
	return lines
}

// briefMenu is the legal menu by name, each action with its arguments'
// values ("explore 4,10,18", "send_army 1-4 11,19"), packed in lines of
// width, then the names of the actions closed today.
func briefMenu(l lang.Lang, v *pb.CampView, width int) []string {
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
		return []string{l.Sprintf("Menu: none: your camp cannot act.", "Menu : aucun : votre camp ne peut pas agir.")}
	}
	lines := []string{l.Sprintf("Menu for day %d:", "Menu du jour %d :", v.GetDay()+1)}
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
	if s := closedBrief(l, v); s != "" {
		lines = append(lines, wrap(s, width)...)
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
