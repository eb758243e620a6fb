package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// viewJournalLines is how many of the view's latest journal entries the view
// shows; the journal command shows them all.
const viewJournalLines = 8

// formatJSON renders m as indented protojson, the CLI's machine output.
func formatJSON(m proto.Message) (string, error) {
	b, err := protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("encode %s: %w", m.ProtoReflect().Descriptor().Name(), err)
	}
	return string(b) + "\n", nil
}

// formatView renders a camp's fogged view for a person; now is used only to
// say how long remains before the deadline.
func formatView(v *pb.CampView, now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "World %d, camp %d %q%s: day %d (%s)", v.GetWorldId(), v.GetCamp(), v.GetCampName(),
		controllerText(v.GetController()), v.GetDay(), v.GetYearSeason())
	if n := v.GetSeasonLength(); n > 0 {
		fmt.Fprintf(&b, ", season of %d days", n)
	}
	b.WriteString("\n")
	if !v.GetAlive() {
		b.WriteString("Your people is extinct: it can no longer act.\n")
	}
	if v.GetPaused() {
		b.WriteString("The world is paused.\n")
	}
	r := v.GetResources()
	fmt.Fprintf(&b, "Resources: food %d, wood %d, stone %d, tools %d, gold %d, research %d\n",
		r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch())
	fmt.Fprintf(&b, "Morale %d, population %d, housing %d\n", v.GetMorale(), v.GetPopulation(), v.GetHousing())
	fmt.Fprintf(&b, "Army: %d in the field, %d under arms of %d at most\n",
		v.GetFieldArmy(), v.GetMenUnderArms(), v.GetMaxUnderArms())

	b.WriteString("\n")
	writeZones(&b, v)
	b.WriteString("\n")
	writeColumns(&b, v.GetColumns())
	b.WriteString("\n")
	writeCamps(&b, v.GetCamps())
	b.WriteString("\n")
	journal := v.GetJournal()
	if len(journal) > viewJournalLines {
		journal = journal[len(journal)-viewJournalLines:]
	}
	fmt.Fprintf(&b, "Journal (latest %d of %d; see the journal command):\n", len(journal), len(v.GetJournal()))
	if len(journal) == 0 {
		b.WriteString("  nothing yet\n")
	}
	b.WriteString(indent(formatJournal(journal), "  "))
	b.WriteString("\n")
	fmt.Fprintf(&b, "Actions for day %d:\n", v.GetDay()+1)
	b.WriteString(formatMenu(v.GetLegalActions()))
	b.WriteString("\n")
	if o := v.GetPendingOrder(); o != nil {
		fmt.Fprintf(&b, "Pending order for day %d: %s\n", v.GetDay()+1, orderText(o))
	} else {
		fmt.Fprintf(&b, "No order posted for day %d yet (without one, the standing order is played).\n", v.GetDay()+1)
	}
	b.WriteString(deadlineText(v.GetDeadline().AsTime(), v.GetDeadline() != nil, now))
	return b.String()
}

func controllerText(c *pb.Controller) string {
	switch c.GetKind() {
	case pb.ControllerKind_CONTROLLER_KIND_HUMAN:
		return " (human)"
	case pb.ControllerKind_CONTROLLER_KIND_AGENT:
		return " (agent)"
	case pb.ControllerKind_CONTROLLER_KIND_AI:
		return " (AI, " + postureName(c.GetPosture()) + ")"
	default:
		return ""
	}
}

func postureName(p pb.Posture) string {
	switch p {
	case pb.Posture_POSTURE_AGGRESSIVE:
		return "aggressive"
	case pb.Posture_POSTURE_PRUDENT:
		return "prudent"
	default:
		return "growth"
	}
}

func deadlineText(deadline time.Time, set bool, now time.Time) string {
	if !set {
		return "No deadline: the day resolves when the admin or every player moves it on.\n"
	}
	left := deadline.Sub(now).Round(time.Second)
	if left <= 0 {
		return fmt.Sprintf("Deadline: %s (passed; the day resolves any moment).\n", deadline.UTC().Format(time.RFC3339))
	}
	return fmt.Sprintf("Deadline: %s (in %s).\n", deadline.UTC().Format(time.RFC3339), left)
}

// writeZones writes the zones the camp sees or remembers as a table, and
// counts the unknown ones.
func writeZones(b *strings.Builder, v *pb.CampView) {
	var visible, remembered, unknown int
	for _, z := range v.GetZones() {
		switch z.GetVisibility() {
		case pb.Visibility_VISIBILITY_VISIBLE:
			visible++
		case pb.Visibility_VISIBILITY_REMEMBERED:
			remembered++
		default:
			unknown++
		}
	}
	fmt.Fprintf(b, "Zones: %d visible, %d remembered, %d unknown (explore to lift the fog).\n", visible, remembered, unknown)
	if visible+remembered == 0 {
		return
	}
	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  zone\tterrain\towner\tgarrison\tdev\tslots\tseen\tnotes")
	for _, z := range v.GetZones() {
		var seen string
		switch z.GetVisibility() {
		case pb.Visibility_VISIBILITY_VISIBLE:
			seen = "now"
		case pb.Visibility_VISIBILITY_REMEMBERED:
			seen = fmt.Sprintf("day %d", z.GetLastSeenDay())
		default:
			continue
		}
		var notes []string
		if z.GetCapital() {
			notes = append(notes, "capital")
		}
		notes = append(notes, z.GetBuildings()...)
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", z.GetId(), terrainName(z.GetTerrain()),
			ownerText(v, z.GetOwner()), z.GetGarrison(), z.GetDevelopment(), z.GetSlots(), seen, strings.Join(notes, ", "))
	}
	tw.Flush()
	for l := range strings.Lines(table.String()) {
		b.WriteString(strings.TrimRight(l, " \n") + "\n")
	}
}

func terrainName(t pb.Terrain) string {
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

// ownerText names the holder of a zone as the camp knows it.
func ownerText(v *pb.CampView, owner int32) string {
	switch {
	case owner == -1:
		return "free"
	case owner == v.GetCamp():
		return "you"
	}
	for _, c := range v.GetCamps() {
		if c.GetCamp() == owner && c.GetName() != "" {
			return fmt.Sprintf("camp %d (%s)", owner, c.GetName())
		}
	}
	return fmt.Sprintf("camp %d", owner)
}

func writeColumns(b *strings.Builder, cols []*pb.Column) {
	if len(cols) == 0 {
		b.WriteString("Columns: none on the march.\n")
		return
	}
	b.WriteString("Columns:\n")
	for _, c := range cols {
		kind := "army"
		if c.GetKind() == pb.ColumnKind_COLUMN_KIND_SETTLERS {
			kind = "settlers"
		}
		fmt.Fprintf(b, "  #%d %s, %d men, zone %d -> zone %d, left day %d, arrives day %d\n",
			c.GetId(), kind, c.GetMen(), c.GetFromZone(), c.GetToZone(), c.GetDepartedDay(), c.GetArrivalDay())
	}
}

func writeCamps(b *strings.Builder, camps []*pb.CampSummary) {
	b.WriteString("Other camps:\n")
	if len(camps) == 0 {
		b.WriteString("  none\n")
	}
	for _, c := range camps {
		switch {
		case !c.GetMet():
			fmt.Fprintf(b, "  camp %d: not met yet\n", c.GetCamp())
		case c.GetAlive():
			fmt.Fprintf(b, "  camp %d %q: met, alive\n", c.GetCamp(), c.GetName())
		default:
			fmt.Fprintf(b, "  camp %d %q: met, extinct\n", c.GetCamp(), c.GetName())
		}
	}
}

// formatJournal renders journal entries with their narration and their "why".
func formatJournal(entries []*pb.JournalEntry) string {
	var b strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&b, "day %d [%s] %s\n", e.GetDay(), e.GetKind(), e.GetNarration())
		if e.GetWhy() != "" {
			fmt.Fprintf(&b, "  why: %s\n", e.GetWhy())
		}
		if len(e.GetZones()) > 0 {
			fmt.Fprintf(&b, "  zones: %s\n", joinInts(e.GetZones()))
		}
	}
	return b.String()
}

// formatMenu renders the legal actions as a numbered menu with their valid
// arguments, in the form the order command takes them.
func formatMenu(actions []*pb.LegalAction) string {
	if len(actions) == 0 {
		return "  none: your camp cannot act.\n"
	}
	var b strings.Builder
	for i, a := range actions {
		fmt.Fprintf(&b, "  %d. %s", i+1, a.GetAction())
		for _, s := range a.GetArgs() {
			fmt.Fprintf(&b, " %s", strings.ToUpper(s.GetName()))
		}
		if a.GetSummary() != "" {
			fmt.Fprintf(&b, "  (%s)", a.GetSummary())
		}
		b.WriteString("\n")
		for _, s := range a.GetArgs() {
			fmt.Fprintf(&b, "       %s: %s\n", strings.ToUpper(s.GetName()), argValues(s))
		}
	}
	return b.String()
}

func argValues(s *pb.ArgSpec) string {
	if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
		return fmt.Sprintf("%d to %d", s.GetMin(), s.GetMax())
	}
	if len(s.GetChoices()) == 0 {
		return "none"
	}
	return joinInts(s.GetChoices())
}

func orderText(o *pb.Order) string {
	s := o.GetAction()
	for _, a := range o.GetArgs() {
		s += fmt.Sprintf(" %d", a)
	}
	if o.GetReason() != "" {
		s += fmt.Sprintf(" (reason: %s)", o.GetReason())
	}
	return s
}

// formatSubmitted renders the server's answer to an order.
func formatSubmitted(r *pb.SubmitOrderResponse) string {
	s := fmt.Sprintf("Order accepted for day %d: %s\n", r.GetDay(), orderText(r.GetOrder()))
	if r.GetReplaced() {
		s += "It replaces the order you had posted for that day.\n"
	}
	return s
}

// formatNotice renders a resolved tick and what the camp learned that day.
func formatNotice(n *pb.TickNotice, now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Day %d resolved; orders are now for day %d.\n", n.GetDay(), n.GetDay()+1)
	b.WriteString(deadlineText(n.GetNextDeadline().AsTime(), n.GetNextDeadline() != nil, now))
	if len(n.GetJournal()) == 0 {
		b.WriteString("Nothing new in your journal that day.\n")
		return b.String()
	}
	b.WriteString("Your journal that day:\n")
	b.WriteString(indent(formatJournal(n.GetJournal()), "  "))
	return b.String()
}

// formatError renders an error so that a person can act on it: the status
// code and message, the rule code of a refusal (ErrorInfo reason) and the
// arguments at fault (BadRequest field violations).
func formatError(err error) string {
	st, ok := status.FromError(err)
	if !ok {
		return fmt.Sprintf("error: %v\n", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "error (%s): %s\n", st.Code(), st.Message())
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			fmt.Fprintf(&b, "  reason: %s\n", d.GetReason())
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fmt.Fprintf(&b, "  %s: %s\n", v.GetField(), v.GetDescription())
			}
		}
	}
	return b.String()
}

func joinInts(xs []int32) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

func indent(s, prefix string) string {
	if s == "" {
		return ""
	}
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(prefix + l)
		}
	}
	return b.String()
}
