package web

import (
	"html/template"
	"strings"

	"github.com/grisonval/server/lang"
)

// words are the codes the pages show in words: a column's kind, a
// Castle gauge, in both languages.
var words = map[string]lang.Text{
	"army": lang.T("army", "armée"), "settlers": lang.T("settlers", "colons"),
	"gold": lang.T("gold", "or"), "wheat": lang.T("wheat", "blé"), "health": lang.T("health", "santé"),
	"civilians": lang.T("civilians", "civils"),
}

// langFuncs are the template functions of the pages in language l: t
// picks l's text of two (formatted with the arguments that follow), word
// says a code of words or of lang.Name's (a season of the year, a
// relation, a building, ...) in l (a code neither knows as it is), nm
// names a camp, and who the camps a journal line was told to.
func langFuncs(l lang.Lang) template.FuncMap {
	return template.FuncMap{
		"who": func(d journalData, j journalLine) string { return d.who(l, j) },
		"t":   l.Sprintf,
		"word": func(code string) string {
			if w, ok := words[code]; ok {
				return w.In(l)
			}
			return l.Name(code)
		},
		"nm": func(names []string, c int32) string { return campName(l, names, c) },
	}
}

// funcs are the pages' template functions.
var funcs = template.FuncMap{
	// cls is a camp's colour class.
	"cls": campClass,
	"add": func(a, b int32) int32 { return a + b },
	// banners makes one camp's banner a list.
	"banners": func(c campBanner) []campBanner { return []campBanner{c} },
	"journalT": func(b *frameBody) journalData {
		return journalData{Lines: b.Journal, Names: b.Names, Cities: b.Castle != nil}
	},
	"castleT": castleTable,
	"menuT": func(b *campBody, csrf string) menuData {
		return menuData{Menu: b.Menu, CSRF: csrf, ForDay: b.View.GetDay() + 1, Propose: b.Seats != nil && !b.Seats.Ruler}
	},
	// menuGroupsT and zoneMenuT are the grouped menu and the zone panel's
	// (zone.go).
	"menuGroupsT": menuGroupsData,
	"zoneMenuT": func(b *campBody, csrf string) menuData {
		return menuData{Menu: b.Zone.Menu, CSRF: csrf, ForDay: b.View.GetDay() + 1}
	},
}

// journalData is the journal template's data: the lines, the camps'
// names, and whether the camps are cities (the Castle's).
type journalData struct {
	Lines  []journalLine
	Names  []string
	Cities bool
}

// everyCamp and everyCity name the camps of a line told to all of them.
var (
	everyCamp = lang.T("every camp", "tous les camps")
	everyCity = lang.T("every city", "toutes les cités")
)

// who names, in l, the camps a journal line was told to: its camp, every
// camp (or city) when all were, else their names.
func (d journalData) who(l lang.Lang, j journalLine) string {
	switch {
	case len(j.Also) == 0:
		return campName(l, d.Names, j.Camp)
	case j.camps() >= len(d.Names):
		if d.Cities {
			return everyCity.In(l)
		}
		return everyCamp.In(l)
	}
	names := []string{campName(l, d.Names, j.Camp)}
	for _, c := range j.Also {
		names = append(names, campName(l, d.Names, c))
	}
	return strings.Join(names, ", ")
}

// campName returns camp c's name among names, in l when it has none.
func campName(l lang.Lang, names []string, c int32) string {
	if c >= 0 && int(c) < len(names) && names[c] != "" {
		return names[c]
	}
	return unknownCamp.In(l)
}

// menuData is the menu template's data: ForDay is the day the page's
// orders are meant for (the day after its view's); Propose makes it a
// councillor's form, whose orders are proposals with their reason.
type menuData struct {
	Menu    []menuAction
	CSRF    string
	ForDay  int32
	Propose bool
}

// castleTableData is the cities table's data: the cities and the gauges'
// bounds.
type castleTableData struct {
	Cities   []castleCity
	Min, Max int32
	// Bounds are the thresholds of a fall, for the table's legend.
	Bounds castleBounds
}

// castleTable returns the cities table of a city's view (bounds from its
// rules) or of a frame (which carries no rules: the meters run to the
// highest gauge shown).
func castleTable(v any) castleTableData {
	switch c := v.(type) {
	case *castleView:
		return castleTableData{Cities: c.Cities, Min: c.Min, Max: c.Max, Bounds: c.Bounds}
	case *castleFrame:
		t := castleTableData{Cities: c.Cities, Min: c.Bounds.Min, Max: max(1, c.Bounds.Max), Bounds: c.Bounds}
		for _, city := range c.Cities {
			for _, g := range city.Gauges {
				t.Max = max(t.Max, g.Value)
			}
		}
		return t
	}
	return castleTableData{}
}
