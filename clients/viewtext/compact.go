package viewtext

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/proto"
)

// This file is the view an agent reads each day (the MCP view tool, the
// runner's prompt): what a player must know today and no more, in a number
// of tokens that a long season can afford (docs/agents.md, "What an agent
// reads"). The rest is a tool call away: Zones, People, the council, the
// journal, the messages and the rulebook.

// Compact renders a camp's view for an agent: for Grisonval the situation
// (day, deadline, stocks and their change at rest, people and army, the
// kingdom's statistics and council in brief, the zones held as ranges),
// the threats (sieges, columns, other camps' garrisons on the borders),
// what changed since yesterday (the last order's result, the journal and
// messages of the day just resolved), the other camps met, the council's
// open proposals, the notebook, the legal menu in compact form (each
// action with its arguments' values and its cost) and the posting status.
// A view of another ruleset is its whole text view (View), which is small.
func Compact(l lang.Lang, v *pb.CampView, now time.Time) string {
	g := v.GetGrisonval()
	if g == nil {
		return View(l, v, now)
	}
	if v.GetSeasonOver() {
		// Nothing left to decide: the head and the end.
		head := strings.SplitN(View(l, v, now), "\n", 3)
		return head[0] + "\n" + head[1] + "\n"
	}
	var b strings.Builder
	head := briefHead(l, v, g, now)
	// The first line names the world, its ruleset, the camp and its
	// controller, as the full view's.
	day, _ := strings.CutPrefix(head[0], l.Sprintf("Camp %d, day", "Camp %d, jour", v.GetCamp()))
	b.WriteString(l.Sprintf("World %d%s, camp %d %q%s. Day", "Monde %d%s, camp %d %q%s. Jour", v.GetWorldId(), rulesetText(v.GetRuleset()), v.GetCamp(), v.GetCampName(),
		controllerText(l, v.GetController())) + day + "\n")
	for _, line := range head[1:] {
		b.WriteString(line + "\n")
	}
	writeThreats(l, &b, v, g)
	writeSince(l, &b, v)
	writeMet(l, &b, g.GetCamps(), v.GetCamp(), v.GetDay())
	if rs := v.GetMessageRecipients(); len(rs) > 0 {
		b.WriteString(l.Sprintf("You may write to camps %s (at most %d bytes).\n", "Vous pouvez écrire aux camps %s (%d octets au plus).\n", Ranges(rs), v.GetMaxMessageLen()))
	}
	b.WriteString(OpenProposals(l, &pb.Council{Day: v.GetDay() + 1, Proposals: v.GetProposals()}))
	switch n := v.GetNotebook(); {
	case n == nil:
	case n.GetText() == "":
		b.WriteString(l.Sprintf("Notebook: empty (write_notebook keeps your notes).\n", "Carnet : vide (write_notebook garde vos notes).\n"))
	default:
		b.WriteString(Notebook(l, n))
	}
	b.WriteString(CompactMenu(l, v))
	b.WriteString(l.Sprintf("More on demand: zones (the zone table, the rules' numbers), people (citizens, edicts, council, notables), council, journal, messages, legal_actions (each action's summary and the closed ones), rules.\n",
		"Le reste sur demande : zones (la table des zones, les chiffres des règles), people (habitants, édits, conseil, notables), council, journal, messages, legal_actions (le résumé de chaque action et les actions fermées), rules.\n"))
	return b.String()
}

// writeThreats writes what threatens the camp's zones today: the other
// camps' zones that border them, with their garrisons, when a camp is at
// war with it or unknown, and the columns of others heading for its
// zones. Sieges and columns are in the head already.
func writeThreats(l lang.Lang, b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	zones := map[int32]*pb.Zone{}
	for _, z := range g.GetZones() {
		zones[z.GetId()] = z
	}
	relation := map[int32]string{}
	for _, c := range g.GetCamps() {
		relation[c.GetCamp()] = c.GetRelation()
	}
	byCamp := map[int32][]string{}
	var enemies []int32
	for _, z := range g.GetZones() {
		if z.GetVisibility() != pb.Visibility_VISIBILITY_VISIBLE || z.GetOwner() < 0 || z.GetOwner() == v.GetCamp() {
			continue
		}
		if r := relation[z.GetOwner()]; r != "" && r != "war" {
			continue
		}
		if !slices.ContainsFunc(z.GetNeighbors(), func(n int32) bool {
			o := zones[n]
			return o != nil && o.GetOwner() == v.GetCamp() && o.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE
		}) {
			continue
		}
		if byCamp[z.GetOwner()] == nil {
			enemies = append(enemies, z.GetOwner())
		}
		byCamp[z.GetOwner()] = append(byCamp[z.GetOwner()], fmt.Sprintf("%d (%d)", z.GetId(), z.GetGarrison()))
	}
	if len(enemies) == 0 {
		return
	}
	slices.Sort(enemies)
	var parts []string
	for _, c := range enemies {
		parts = append(parts, l.Sprintf("camp %d holds %s", "le camp %d tient %s", c, strings.Join(byCamp[c], ", ")))
	}
	b.WriteString(l.Sprintf("Borders at war (zone (garrison) next to yours): %s.\n", "Frontières en guerre (zone (garnison) voisine des vôtres) : %s.\n", strings.Join(parts, "; ")))
}

// SinceLines is how many of yesterday's journal entries Compact shows; the
// journal tool gives the others.
const SinceLines = 10

// writeSince writes what changed since yesterday: the journal entries and
// the messages of the day just resolved (the older ones: journal,
// messages).
func writeSince(l lang.Lang, b *strings.Builder, v *pb.CampView) {
	var entries []*pb.JournalEntry
	for _, e := range v.GetJournal() {
		if e.GetDay() >= v.GetDay() {
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		b.WriteString(l.Sprintf("Yesterday: nothing new in your journal.\n", "Hier : rien de neuf dans votre journal.\n"))
	} else {
		b.WriteString(l.Sprintf("Yesterday (day %d):\n", "Hier (jour %d) :\n", v.GetDay()))
		more := 0
		if len(entries) > SinceLines {
			entries, more = entries[:SinceLines], len(entries)-SinceLines
		}
		for _, e := range entries {
			fmt.Fprintf(b, "  [%s] %s", e.GetKind(), e.GetNarration())
			if len(e.GetZones()) > 0 {
				b.WriteString(l.Sprintf(" (zones %s)", " (zones %s)", Ranges(e.GetZones())))
			}
			b.WriteString("\n")
		}
		if more > 0 {
			b.WriteString(l.Sprintf("  (%d more: journal since_day %d)\n", "  (%d de plus : journal since_day %d)\n", more, v.GetDay()))
		}
	}
	for _, m := range v.GetMessages() {
		if m.GetDay() >= v.GetDay() {
			b.WriteString(l.Sprintf("  message %s: %s\n", "  message %s : %s\n", messageDir(l, m, v.GetCamp()), strings.ReplaceAll(m.GetText(), "\n", " / ")))
		}
	}
}

// writeMet writes the other camps in a line each, the met ones with their
// relation to the camp.
func writeMet(l lang.Lang, b *strings.Builder, camps []*pb.CampSummary, self, day int32) {
	var unmet []int32
	var parts []string
	for _, c := range camps {
		switch {
		case !c.GetMet():
			unmet = append(unmet, c.GetCamp())
		case !c.GetAlive():
			parts = append(parts, l.Sprintf("%d extinct", "%d éteint", c.GetCamp()))
		default:
			p := fmt.Sprintf("%d %s", c.GetCamp(), l.Name(c.GetRelation()))
			if c.GetTradeRoute() {
				p += l.Sprintf(" (trade route)", " (route commerciale)")
			}
			if pr := c.GetProposal(); pr != nil && pr.GetFromCamp() != self {
				p += l.Sprintf(" (proposes %s, answer by day %d)", " (propose %s, réponse d'ici le jour %d)", l.Name(pr.GetPact()), pr.GetExpiresDay())
			}
			parts = append(parts, p)
		}
	}
	if len(unmet) > 0 {
		parts = append(parts, l.Sprintf("not met: %s", "pas rencontrés : %s", Ranges(unmet)))
	}
	if len(parts) > 0 {
		b.WriteString(l.Sprintf("Camps: %s.\n", "Camps : %s.\n", strings.Join(parts, "; ")))
	}
}

// CompactMenu renders the legal actions of v's next day a line each: the
// action, each argument's name and values, and the cost; then the
// standing order. The legal_actions tool gives each action's summary and
// the closed ones with why.
func CompactMenu(l lang.Lang, v *pb.CampView) string {
	var b strings.Builder
	actions := v.GetLegalActions()
	b.WriteString(l.Sprintf("Legal for day %d (submit_order {\"action\": NAME, \"args\": [...]}):\n",
		"Permis pour le jour %d (submit_order {\"action\": NOM, \"args\": [...]}) :\n", v.GetDay()+1))
	if len(actions) == 0 {
		b.WriteString(l.Sprintf("  none: your camp cannot act.\n", "  aucune : votre camp ne peut pas agir.\n"))
	}
	for _, a := range actions {
		b.WriteString("  " + MenuLine(l, a) + "\n")
	}
	if o := v.GetStandingOrder(); o != nil {
		b.WriteString(l.Sprintf("Standing order: %s.\n", "Ordre permanent : %s.\n", Order(l, o)))
	}
	return b.String()
}

// MenuLine renders one legal action in a line: "expand_to ZONE 5,6,11;
// food 600, wood 4", an optional argument's values in brackets.
func MenuLine(l lang.Lang, a *pb.LegalAction) string {
	s := a.GetAction()
	for _, arg := range a.GetArgs() {
		var vals string
		if arg.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
			vals = fmt.Sprintf("%d-%d", arg.GetMin(), arg.GetMax())
		} else {
			vals = strings.ReplaceAll(Ranges(arg.GetChoices()), ", ", ",")
			if vals == "" {
				vals = "-"
			}
		}
		part := strings.ToUpper(arg.GetName()) + " " + vals
		if arg.GetOptional() {
			part = "[" + part + "]"
		}
		s += " " + part
	}
	if c := Cost(l, a); c != "" {
		s += "; " + c
	}
	return s
}

// Zones renders the zones the camp sees or remembers as a table (all of
// them when ids is empty, else those named), the unknown ones as ranges,
// the columns, the sieges and the numbers of the rules: what the compact
// view leaves to the zones tool. A view without Grisonval's detail has no
// zones: it says so.
func Zones(l lang.Lang, v *pb.CampView, ids []int32) string {
	g := v.GetGrisonval()
	if g == nil {
		return l.Sprintf("This ruleset has no zones: the view says everything.\n", "Ces règles n'ont pas de zones : la vue dit tout.\n")
	}
	var b strings.Builder
	if len(ids) > 0 {
		// The zones named, known or not; the table's count line is
		// theirs, so it gives way to a line naming them.
		g = proto.CloneOf(g)
		g.Zones = slices.DeleteFunc(g.Zones, func(z *pb.Zone) bool { return !slices.Contains(ids, z.GetId()) })
		var t strings.Builder
		writeZones(l, &t, v, g)
		_, table, _ := strings.Cut(t.String(), "\n")
		b.WriteString(l.Sprintf("Zones %s:\n", "Zones %s :\n", Ranges(slices.Sorted(slices.Values(ids)))) + table)
	} else {
		writeZones(l, &b, v, g)
	}
	writeColumns(l, &b, g.GetColumns())
	writeSieges(l, &b, v, g)
	writeRules(l, &b, g.GetRules())
	return b.String()
}

// People renders what the compact view leaves to the people tool: the
// camp's citizens, upkeep and research, its politics and governance (the
// kingdom's statistics, edicts, council and notables, continuing events),
// and the other camps in full with the public relations between them.
func People(l lang.Lang, v *pb.CampView) string {
	g := v.GetGrisonval()
	if g == nil {
		return l.Sprintf("This ruleset has no people to show apart: the view says everything.\n", "Ces règles n'ont pas de peuple à montrer à part : la vue dit tout.\n")
	}
	var b strings.Builder
	b.WriteString(l.Sprintf("People: morale %d, population %d, housing %d. Army: %d in the field, %d under arms of %d at most.\n",
		"Peuple : moral %d, population %d, logement %d. Armée : %d en campagne, %d sous les armes sur %d au plus.\n",
		g.GetMorale(), g.GetPopulation(), g.GetHousing(), g.GetFieldArmy(), g.GetMenUnderArms(), g.GetMaxUnderArms()))
	writeSociety(l, &b, g)
	writePolitics(l, &b, v, g)
	writeGovernance(l, &b, g, v.GetDay())
	writeCamps(l, &b, g.GetCamps(), v.GetCamp(), v.GetDay())
	writeOtherRelations(l, &b, g)
	return b.String()
}
