// Package viewtext is the one text form of the game's messages: a camp's
// view with its numbered menu of legal actions, the journal, tick notices,
// submitted orders and the server's errors, rendered compactly for a person
// at a terminal and for an LLM's context. It states what the camp does not
// know rather than leaving it out. It is pure: the caller passes the time.
package viewtext

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

// JournalLines is how many of the view's latest journal entries View shows;
// the journal command and tool show them all.
const JournalLines = 6

// View renders a camp's fogged view: the day and deadline, stocks, the zones
// the camp sees or remembers (with the day last seen), the unknown zones as
// ranges, columns, other camps, the latest journal entries, the numbered
// menu of legal actions and the pending order. now is used only to say how
// long remains before the deadline.
func View(v *pb.CampView, now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "World %d, camp %d %q%s. Day %d", v.GetWorldId(), v.GetCamp(), v.GetCampName(),
		controllerText(v.GetController()), v.GetDay())
	if n := v.GetSeasonLength(); n > 0 {
		fmt.Fprintf(&b, " of %d", n)
	}
	fmt.Fprintf(&b, " (%s); orders are for day %d.\n", v.GetYearSeason(), v.GetDay()+1)
	b.WriteString(deadlineText(v, now))
	if !v.GetAlive() {
		b.WriteString("Your people is extinct: it can no longer act.\n")
	}
	if v.GetPaused() {
		b.WriteString("The world is paused.\n")
	}
	r := v.GetResources()
	fmt.Fprintf(&b, "Resources: food %d, wood %d, stone %d, tools %d, gold %d, research %d.\n",
		r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch())
	fmt.Fprintf(&b, "People: morale %d, population %d, housing %d. Army: %d in the field, %d under arms of %d at most.\n",
		v.GetMorale(), v.GetPopulation(), v.GetHousing(), v.GetFieldArmy(), v.GetMenUnderArms(), v.GetMaxUnderArms())
	writeSociety(&b, v)
	writePolitics(&b, v)
	writeZones(&b, v)
	writeColumns(&b, v.GetColumns())
	writeSieges(&b, v)
	writeCamps(&b, v.GetCamps(), v.GetCamp(), v.GetDay())
	writeOtherRelations(&b, v)
	journal := v.GetJournal()
	if len(journal) > JournalLines {
		journal = journal[len(journal)-JournalLines:]
	}
	if len(journal) == 0 {
		b.WriteString("Journal: nothing yet.\n")
	} else {
		fmt.Fprintf(&b, "Journal (latest %d of %d):\n", len(journal), len(v.GetJournal()))
		b.WriteString(indent(Journal(journal), "  "))
	}
	b.WriteString(Messages(v.GetMessages(), v.GetCamp()))
	if rs := v.GetMessageRecipients(); len(rs) > 0 {
		fmt.Fprintf(&b, "You may write to camps %s (at most %d bytes a message).\n", Ranges(rs), v.GetMaxMessageLen())
	} else {
		b.WriteString("You may write to no camp yet: meet one first.\n")
	}
	if r := v.GetLastResult(); r != nil {
		b.WriteString(Result(r))
	}
	b.WriteString(Menu(v))
	if o := v.GetStandingOrder(); o != nil {
		fmt.Fprintf(&b, "Standing order (played on a day you post nothing): %s.\n", Order(o))
	}
	switch {
	case v.GetPendingOrder() != nil:
		fmt.Fprintf(&b, "Pending order for day %d: %s", v.GetDay()+1, Order(v.GetPendingOrder()))
		if at := v.GetPostedAt(); at != nil {
			fmt.Fprintf(&b, ", posted at %s", at.AsTime().UTC().Format("15:04:05 UTC"))
		}
		b.WriteString(".\n")
	case v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_LATE:
		fmt.Fprintf(&b, "Late: the deadline has passed and day %d is not resolved yet; post now, or the standing order plays.\n", v.GetDay()+1)
	default:
		fmt.Fprintf(&b, "No order posted for day %d yet: without one, the standing order plays.\n", v.GetDay()+1)
	}
	return b.String()
}

// Result renders what became of a camp's order for a day.
func Result(r *pb.OrderResult) string {
	var what string
	switch r.GetStatus() {
	case pb.OrderStatus_ORDER_STATUS_APPLIED:
		what = "applied"
	case pb.OrderStatus_ORDER_STATUS_STALE:
		what = "stale: no longer legal when the day resolved; your camp did nothing"
	case pb.OrderStatus_ORDER_STATUS_STANDING:
		what = "you posted nothing; your standing order played"
	case pb.OrderStatus_ORDER_STATUS_STANDING_STALE:
		what = "you posted nothing and your standing order was no longer legal; your camp rested"
	default:
		what = "unknown"
	}
	s := fmt.Sprintf("Your order for day %d: %s - %s.\n", r.GetDay(), Order(r.GetOrder()), what)
	if r.GetCode() != "" {
		s += fmt.Sprintf("  reason: %s", r.GetCode())
		if r.GetField() != "" {
			s += fmt.Sprintf(" (%s)", r.GetField())
		}
		if r.GetMessage() != "" {
			s += ": " + r.GetMessage()
		}
		s += "\n"
	}
	return s
}

// Messages renders the messages of camp, sent and received, oldest first.
func Messages(ms []*pb.CampMessage, camp int32) string {
	if len(ms) == 0 {
		return "Messages: none.\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Messages (%d):\n", len(ms))
	for _, m := range ms {
		dir := fmt.Sprintf("from camp %d", m.GetFromCamp())
		if m.GetFromCamp() == camp {
			dir = fmt.Sprintf("to camp %d", m.GetToCamp())
		}
		fmt.Fprintf(&b, "  day %d, %s: %s\n", m.GetDay(), dir, strings.ReplaceAll(m.GetText(), "\n", "\n    "))
	}
	return b.String()
}

// Sent renders the server's answer to a message.
func Sent(m *pb.CampMessage) string {
	return fmt.Sprintf("Message %d sent to camp %d for day %d.\n", m.GetId(), m.GetToCamp(), m.GetDay())
}

// Standing renders the server's answer to a standing order.
func Standing(o *pb.Order) string {
	return fmt.Sprintf("Standing order set: %s. It plays on each day you post nothing.\n", Order(o))
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

func deadlineText(v *pb.CampView, now time.Time) string {
	if v.GetDeadline() == nil {
		return "No deadline: the day resolves when an admin or every player moves it on.\n"
	}
	return Deadline(v.GetDeadline().AsTime(), now)
}

// Deadline says when a day resolves and how long remains from now.
func Deadline(deadline, now time.Time) string {
	left := deadline.Sub(now).Round(time.Second)
	if left <= 0 {
		return fmt.Sprintf("Deadline: %s (passed; the day resolves any moment).\n", deadline.UTC().Format(time.RFC3339))
	}
	return fmt.Sprintf("Deadline: %s (in %s).\n", deadline.UTC().Format(time.RFC3339), left)
}

// writeSociety writes the camp's citizens by age and job, its upkeep bill,
// its research tier, title and achievements, each when the view has them.
func writeSociety(b *strings.Builder, v *pb.CampView) {
	if p := v.GetPeople(); p != nil {
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
	if u := v.GetUpkeep(); u != nil {
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
	fmt.Fprintf(b, "Research tier %d", v.GetTier())
	if t := v.GetNextTier(); t != nil {
		fmt.Fprintf(b, "; next: %s at %d research (%s)", t.GetName(), t.GetResearch(), t.GetEffect())
	}
	if v.GetTitle() != "" {
		fmt.Fprintf(b, ". Title: %s", v.GetTitle())
	}
	var feats []string
	for _, a := range v.GetAchievements() {
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
func writeZones(b *strings.Builder, v *pb.CampView) {
	var visible, remembered int
	var unknown []int32
	for _, z := range v.GetZones() {
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
	for _, c := range v.GetCamps() {
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
func writeOtherRelations(b *strings.Builder, v *pb.CampView) {
	for _, r := range v.GetOtherRelations() {
		fmt.Fprintf(b, "Between camps %d and %d (public): %s.\n", r.GetA(), r.GetB(), r.GetRelation())
	}
}

// writePolitics renders the camp's government and standing.
func writePolitics(b *strings.Builder, v *pb.CampView) {
	p := v.GetPolitics()
	if p == nil {
		return
	}
	fmt.Fprintf(b, "Politics: %s (%s) since day %d, legitimacy %d", v.GetArchetype(), p.GetGovernment(), p.GetGovernmentDay(), p.GetLegitimacy())
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
func writeSieges(b *strings.Builder, v *pb.CampView) {
	for _, s := range v.GetSieges() {
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

// Journal renders journal entries with their narration, their "why" and
// the zones they concern.
func Journal(entries []*pb.JournalEntry) string {
	var b strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&b, "day %d [%s] %s", e.GetDay(), e.GetKind(), e.GetNarration())
		if len(e.GetZones()) > 0 {
			fmt.Fprintf(&b, " (zones %s)", Ranges(e.GetZones()))
		}
		b.WriteString("\n")
		if e.GetWhy() != "" {
			fmt.Fprintf(&b, "  why: %s\n", e.GetWhy())
		}
	}
	return b.String()
}

// Menu renders the legal actions of v's next day as a numbered menu, each
// with its arguments in the order an order takes them and their valid
// values.
func Menu(v *pb.CampView) string {
	var b strings.Builder
	actions := v.GetLegalActions()
	fmt.Fprintf(&b, "Legal actions for day %d (post one: ACTION ARGS...):\n", v.GetDay()+1)
	if len(actions) == 0 {
		b.WriteString("  none: your camp cannot act.\n")
	}
	for i, a := range actions {
		fmt.Fprintf(&b, "  %d. %s", i+1, a.GetAction())
		for _, s := range a.GetArgs() {
			fmt.Fprintf(&b, " %s", strings.ToUpper(s.GetName()))
		}
		if a.GetSummary() != "" {
			fmt.Fprintf(&b, " - %s", a.GetSummary())
		}
		b.WriteString("\n")
		for _, s := range a.GetArgs() {
			fmt.Fprintf(&b, "     %s: %s\n", strings.ToUpper(s.GetName()), ArgValues(s))
		}
	}
	return b.String()
}

// ArgValues says which values an argument may take: a range for a count,
// the list of choices otherwise.
func ArgValues(s *pb.ArgSpec) string {
	if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
		return fmt.Sprintf("%d to %d", s.GetMin(), s.GetMax())
	}
	if len(s.GetChoices()) == 0 {
		return "none"
	}
	return "one of " + Ranges(s.GetChoices())
}

// Order renders an order as it is typed: the action, its arguments and the
// reason.
func Order(o *pb.Order) string {
	s := o.GetAction()
	for _, a := range o.GetArgs() {
		s += fmt.Sprintf(" %d", a)
	}
	if o.GetReason() != "" {
		s += fmt.Sprintf(" (reason: %s)", o.GetReason())
	}
	return s
}

// Submitted renders the server's answer to an order.
func Submitted(r *pb.SubmitOrderResponse) string {
	s := fmt.Sprintf("Order accepted for day %d: %s\n", r.GetDay(), Order(r.GetOrder()))
	if r.GetReplaced() {
		s += "It replaces the order you had posted for that day.\n"
	}
	return s
}

// Notice renders a resolved tick and what the camp learned that day.
func Notice(n *pb.TickNotice, now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Day %d resolved; orders are now for day %d.\n", n.GetDay(), n.GetDay()+1)
	if n.GetNextDeadline() == nil {
		b.WriteString("No deadline: the day resolves when an admin or every player moves it on.\n")
	} else {
		b.WriteString(Deadline(n.GetNextDeadline().AsTime(), now))
	}
	if r := n.GetResult(); r != nil {
		b.WriteString(Result(r))
	}
	for _, m := range n.GetMessages() {
		fmt.Fprintf(&b, "Message from camp %d: %s\n", m.GetFromCamp(), strings.ReplaceAll(m.GetText(), "\n", "\n  "))
	}
	if len(n.GetJournal()) == 0 {
		b.WriteString("Nothing new in your journal that day.\n")
		return b.String()
	}
	b.WriteString("Your journal that day:\n")
	b.WriteString(indent(Journal(n.GetJournal()), "  "))
	return b.String()
}

// Error renders an error so that a person or a model can act on it: the
// status code and message, the rule code of a refusal (ErrorInfo reason)
// and the arguments at fault (BadRequest field violations).
func Error(err error) string {
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

// Ranges renders ascending numbers compactly, runs of three or more as
// ranges: "1-4, 7, 9-12".
func Ranges(xs []int32) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, fmt.Sprintf("%d-%d", xs[i], xs[j]))
		case j == i+1:
			parts = append(parts, fmt.Sprint(xs[i]), fmt.Sprint(xs[j]))
		default:
			parts = append(parts, fmt.Sprint(xs[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

func indent(s, prefix string) string {
	var b strings.Builder
	for l := range strings.Lines(s) {
		b.WriteString(prefix + l)
	}
	return b.String()
}
