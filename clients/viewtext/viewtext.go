// Package viewtext is the one text form of the game's messages: a camp's
// view with its numbered menu of legal actions, the journal, tick notices,
// submitted orders and the server's errors, rendered compactly for a person
// at a terminal and for an LLM's context. It states what the camp does not
// know rather than leaving it out. It is pure: the caller passes the time.
//
// This file renders what every ruleset's view shares; grisonval.go and
// hexmap.go render Grisonval's detail (GrisonvalView), castle.go the
// Castle's (CastleView). A view of another ruleset shows its shared part
// and names the ruleset.
package viewtext

import (
	"fmt"
	"slices"
	"strings"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

// JournalLines is how many of the view's latest journal entries View shows;
// the journal command and tool show them all.
const JournalLines = 6

// View renders a camp's fogged view: the shared part of every ruleset (the
// day and deadline, the latest journal entries, messages, the numbered menu
// of legal actions with their costs and the orders) around the ruleset's
// own detail: Grisonval's stocks, the zones the camp sees or remembers
// (with the day last seen), the unknown zones as ranges, columns and other
// camps; the Castle's turn and step, every city's gauges and stores, the
// city's own hand or drawn cards, the deck and the discard pile. A view of a ruleset this package does not know shows its shared
// part, the other camps as its contacts list them, and names the ruleset.
// now is used only to say how long remains before the deadline.
func View(v *pb.CampView, now time.Time) string {
	var b strings.Builder
	g := v.GetGrisonval()
	fmt.Fprintf(&b, "World %d%s, camp %d %q%s. Day %d", v.GetWorldId(), rulesetText(v.GetRuleset()), v.GetCamp(), v.GetCampName(),
		controllerText(v.GetController()), v.GetDay())
	if n := v.GetSeasonLength(); n > 0 {
		fmt.Fprintf(&b, " of %d", n)
	}
	if g != nil {
		fmt.Fprintf(&b, " (%s)", g.GetYearSeason())
	}
	fmt.Fprintf(&b, "; orders are for day %d.\n", v.GetDay()+1)
	b.WriteString(deadlineText(v, now))
	if !v.GetAlive() {
		if v.GetCastle() != nil {
			b.WriteString("Your city has fallen: it no longer plays.\n")
		} else {
			b.WriteString("Your people is extinct: it can no longer act.\n")
		}
	}
	if v.GetPaused() {
		b.WriteString("The world is paused.\n")
	}
	switch {
	case g != nil:
		writeGrisonval(&b, v, g)
	case v.GetCastle() != nil:
		writeCastle(&b, v, v.GetCastle())
	default:
		fmt.Fprintf(&b, "This client does not know the %s ruleset: it shows the shared part of the view only.\n", rulesetName(v.GetRuleset()))
		writeContacts(&b, v.GetContacts())
	}
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

// rulesetText is the ruleset's name after the world's number: " (grisonval)";
// "" when the view does not name it.
func rulesetText(name string) string {
	if name == "" {
		return ""
	}
	return " (" + name + ")"
}

// rulesetName names a ruleset in a sentence, "unnamed" when the view does
// not name it.
func rulesetName(name string) string {
	if name == "" {
		return "unnamed"
	}
	return fmt.Sprintf("%q", name)
}

// writeContacts renders the other camps as every ruleset's view lists them:
// met or not, alive or extinct.
func writeContacts(b *strings.Builder, cs []*pb.Contact) {
	if len(cs) == 0 {
		b.WriteString("Other camps: none.\n")
		return
	}
	b.WriteString("Other camps:\n")
	for _, c := range cs {
		name := fmt.Sprint(c.GetCamp())
		if c.GetName() != "" {
			name += " " + c.GetName()
		}
		switch {
		case !c.GetMet():
			fmt.Fprintf(b, "  %s: not met yet (nothing known).\n", name)
		case !c.GetAlive():
			fmt.Fprintf(b, "  %s: met, extinct.\n", name)
		default:
			fmt.Fprintf(b, "  %s: met.\n", name)
		}
	}
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
// with its arguments in the order an order takes them, their valid values
// and its cost.
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
		if c := Cost(a); c != "" {
			fmt.Fprintf(&b, "     cost: %s\n", c)
		}
	}
	return b.String()
}

// Cost says what a legal action costs, as the view lists it: "food 600,
// wood 4"; with cost_per, the price of one unit of the argument it names
// ("food 2, wood 2 per MEN") or of one level ("wood 18 per level of the
// zone before it develops": level 0 is free). It returns "" for an action
// without a cost.
func Cost(a *pb.LegalAction) string {
	var parts []string
	for _, c := range a.GetCost() {
		parts = append(parts, fmt.Sprintf("%s %d", c.GetResource(), c.GetAmount()))
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, ", ")
	switch per := a.GetCostPer(); {
	case per == "":
	case slices.ContainsFunc(a.GetArgs(), func(s *pb.ArgSpec) bool { return s.GetName() == per }):
		s += " per " + strings.ToUpper(per)
	case per == "level":
		s += " per level of the zone before it develops"
	default:
		s += " per " + per
	}
	return s
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
