package viewtext

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is a Grisonval camp's governance in text (seed 001): its
// edicts, council, kingdom statistics and continuing events, and the
// special terrain it found. The wire carries codes; the names here are
// seed 001's words in French.

// edictNames name the edicts by their codes.
var edictNames = map[string]lang.Text{
	"taxation": lang.T("taxation", "taxation"), "holidays": lang.T("holidays", "jours fériés"),
	"promotion": lang.T("promotion", "édits publicitaires"),
}

// levelNames name the edicts' levels by their edict's and their own codes;
// a holidays level is a number of days a year.
var levelNames = map[string]map[string]lang.Text{
	"taxation": {"none": lang.T("none", "aucune"), "light": lang.T("light", "légère"), "normal": lang.T("normal", "normale"),
		"heavy": lang.T("heavy", "lourde"), "crushing": lang.T("crushing", "écrasante")},
	"holidays": {"none": lang.T("none", "aucun")},
	"promotion": {"none": lang.T("none", "aucun"), "token": lang.T("token", "symboliques"), "standard": lang.T("standard", "ordinaires"),
		"aggressive": lang.T("aggressive", "agressifs"), "expansive": lang.T("expansive", "expansifs")},
}

// seatNames name the council's seats by their codes.
var seatNames = map[string]lang.Text{
	"ruler": lang.T("ruler", "dirigeant"), "councillor": lang.T("councillor", "conseiller"), "general": lang.T("general", "général"),
	"diplomat": lang.T("grand diplomat", "grand diplomate"), "high_priest": lang.T("high priest", "grand prêtre"),
	"marshal": lang.T("marshal", "maréchal"), "spymaster": lang.T("spymaster", "chef des services secrets"),
	"treasurer": lang.T("treasurer", "trésorier"),
}

// specialNames name the special terrains by their codes; specialMarks are
// their marks on the map.
var (
	specialNames = map[string]lang.Text{
		"resource": lang.T("resource", "ressource"), "landmark": lang.T("landmark", "site étonnant"), "lair": lang.T("lair", "antre"),
		"ruin": lang.T("ruin", "ruine"), "river": lang.T("river", "rivière"),
	}
	specialMarks = map[string]string{"resource": "$", "landmark": "^", "lair": "@", "ruin": "#", "river": "="}
	// specialOrder is the order of the map's legend.
	specialOrder = []string{"resource", "landmark", "lair", "ruin", "river"}
)

// named names code with names in l; a code it does not know is given as
// it is.
func named(l lang.Lang, names map[string]lang.Text, code string) string {
	if t, ok := names[code]; ok {
		return t.In(l)
	}
	return code
}

// EdictName names an edict by its code, in l.
func EdictName(l lang.Lang, code string) string { return named(l, edictNames, code) }

// EdictLevel names edict e's level in l: "heavy", "12 a year".
func EdictLevel(l lang.Lang, e *pb.Edict) string {
	if e.GetEdict() == "holidays" && e.GetLevelName() != "none" {
		return l.Sprintf("%s a year", "%s par an", e.GetLevelName())
	}
	return named(l, levelNames[e.GetEdict()], e.GetLevelName())
}

// SeatName names a council seat by its code, in l.
func SeatName(l lang.Lang, code string) string { return named(l, seatNames, code) }

// SpecialName names a special terrain by its code, in l.
func SpecialName(l lang.Lang, code string) string { return named(l, specialNames, code) }

// Roman writes a level (1 to 5) in Roman numerals, as the game's titles
// count them; another number as it is.
func Roman(level int32) string {
	if level >= 1 && level <= 5 {
		return [...]string{"I", "II", "III", "IV", "V"}[level-1]
	}
	return fmt.Sprint(level)
}

// StatsText writes a camp's kingdom statistics: "economy 3, loyalty 2,
// stability 2, unrest 0, consumption 0".
func StatsText(l lang.Lang, s *pb.KingdomStats) string {
	return l.Sprintf("economy %d, loyalty %d, stability %d, unrest %d, consumption %d",
		"économie %d, loyauté %d, stabilité %d, insatisfaction %d, consommation %d",
		s.GetEconomy(), s.GetLoyalty(), s.GetStability(), s.GetUnrest(), s.GetConsumption())
}

// HolderText words a held seat's holder: "#4 Jean Martin (III, sociable,
// since day 2)"; "vacant" for a seat no one holds.
func HolderText(l lang.Lang, s *pb.CouncilSeat) string {
	if s.GetVacant() {
		return l.Sprintf("vacant", "vacant")
	}
	return l.Sprintf("#%d %s (%s, %s, since day %d, %+d %s)", "n° %d %s (%s, %s, depuis le jour %d, %+d %s)",
		s.GetCitizen(), s.GetName(), Roman(s.GetLevel()), l.Name(s.GetTrait()), s.GetSinceDay(), s.GetBenefit(), named(l, statNames, s.GetStat()))
}

// statNames name the kingdom statistics a seat's benefit goes to.
var statNames = map[string]lang.Text{
	"economy":   lang.T("economy", "économie"),
	"loyalty":   lang.T("loyalty", "loyauté"),
	"stability": lang.T("stability", "stabilité"),
}

// OngoingText words a continuing event: "plague since day 40 (zone 12)".
func OngoingText(l lang.Lang, o *pb.OngoingEvent) string {
	s := l.Sprintf("%s since day %d", "%s depuis le jour %d", l.Name(o.GetKind()), o.GetSinceDay())
	if z := o.GetZone(); z > 0 {
		s += l.Sprintf(" (zone %d)", " (zone %d)", z)
	}
	return s
}

// writeGovernance writes the camp's governance: the kingdom's statistics,
// the edicts with the numbers set_edict takes (and, for an edict changed
// lately, the day it may change again), the council's seats with
// the numbers appoint takes, the notables who hold no seat (whom appoint
// may name), and the continuing events.
func writeGovernance(l lang.Lang, b *strings.Builder, g *pb.GrisonvalView, day int32) {
	gv := g.GetGovernance()
	if gv == nil {
		return
	}
	b.WriteString(l.Sprintf("Kingdom: %s.\n", "Royaume : %s.\n", StatsText(l, gv.GetStats())))
	if es := gv.GetEdicts(); len(es) > 0 {
		var parts []string
		for _, e := range es {
			part := fmt.Sprintf("%d %s %s (%d)", e.GetId(), EdictName(l, e.GetEdict()), EdictLevel(l, e), e.GetLevel())
			if fx := e.GetEffects(); int(e.GetLevel()) < len(fx) {
				part += " [" + fx[e.GetLevel()] + "]"
			}
			if e.GetOpensDay() > day+1 {
				part += l.Sprintf(" until day %d", " jusqu'au jour %d", e.GetOpensDay())
			}
			parts = append(parts, part)
		}
		b.WriteString(l.Sprintf("Edicts (set_edict EDICT LEVEL, levels 0-%d): %s.\n", "Édits (set_edict ÉDIT NIVEAU, niveaux 0-%d) : %s.\n",
			len(es[0].GetLevels())-1, strings.Join(parts, ", ")))
		for _, e := range es {
			if v := e.GetVoid(); v != "" {
				b.WriteString(l.Sprintf("%s: %s.\n", "%s : %s.\n", EdictName(l, e.GetEdict()), v))
			}
			if d := e.GetBelievedFrom(); d > 0 {
				b.WriteString(l.Sprintf("%s: a cut before day %d is not believed (60 days without loyalty from them).\n",
					"%s : une réduction avant le jour %d n'est pas crue (60 jours sans loyauté de leur part).\n", EdictName(l, e.GetEdict()), d))
			}
		}
	}
	seated := map[int32]bool{}
	if cs := gv.GetCouncil(); len(cs) > 0 {
		var parts []string
		for _, s := range cs {
			parts = append(parts, fmt.Sprintf("%d %s %s", s.GetId(), SeatName(l, s.GetSeat()), HolderText(l, s)))
			seated[s.GetCitizen()] = true
		}
		b.WriteString(l.Sprintf("Council (appoint SEAT CITIZEN): %s.\n", "Conseil (appoint SIÈGE CITOYEN) : %s.\n", strings.Join(parts, l.Sprintf("; ", " ; "))))
	}
	var free []string
	for _, n := range g.GetNotables() {
		if n.GetId() != 0 && !seated[n.GetId()] && len(free) < candidatesShown {
			free = append(free, l.Sprintf("#%d %s (%s, %s)", "n° %d %s (%s, %s)", n.GetId(), n.GetName(), Roman(n.GetLevel()), l.Name(n.GetTrait())))
		}
	}
	if len(free) > 0 {
		b.WriteString(l.Sprintf("Notables without a seat: %s.\n", "Notables sans siège : %s.\n", strings.Join(free, ", ")))
	}
	if evs := gv.GetOngoing(); len(evs) > 0 {
		var parts []string
		for _, o := range evs {
			parts = append(parts, OngoingText(l, o))
		}
		b.WriteString(l.Sprintf("Ongoing events: %s.\n", "Événements en cours : %s.\n", strings.Join(parts, l.Sprintf("; ", " ; "))))
	}
}

// candidatesShown is how many notables without a seat the text view
// names.
const candidatesShown = 6

// governanceBrief is the governance in the watch's lines: the statistics
// and the edicts, then the council's vacant seats and the continuing
// events; nil without governance.
func governanceBrief(l lang.Lang, g *pb.GrisonvalView) []string {
	gv := g.GetGovernance()
	if gv == nil {
		return nil
	}
	var edicts []string
	for _, e := range gv.GetEdicts() {
		edicts = append(edicts, EdictName(l, e.GetEdict())+" "+EdictLevel(l, e))
	}
	var vacant []string
	for _, s := range gv.GetCouncil() {
		if s.GetVacant() {
			vacant = append(vacant, SeatName(l, s.GetSeat()))
		}
	}
	lines := []string{l.Sprintf("Kingdom: %s; edicts: %s.", "Royaume : %s ; édits : %s.", StatsText(l, gv.GetStats()), strings.Join(edicts, ", "))}
	council := l.Sprintf("Council: %d of %d seats held", "Conseil : %d sièges tenus sur %d", len(gv.GetCouncil())-len(vacant), len(gv.GetCouncil()))
	if len(vacant) > 0 {
		council += l.Sprintf(", vacant: %s", ", vacants : %s", strings.Join(vacant, ", "))
	}
	if evs := gv.GetOngoing(); len(evs) > 0 {
		var parts []string
		for _, o := range evs {
			parts = append(parts, OngoingText(l, o))
		}
		council += l.Sprintf("; ongoing: %s", " ; en cours : %s", strings.Join(parts, ", "))
	}
	return append(lines, council+".")
}
