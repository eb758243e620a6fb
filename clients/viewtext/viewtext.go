// Package viewtext is the one text form of the game's messages: a camp's
// view with its numbered menu of legal actions, the journal, tick notices,
// submitted orders and the server's errors, rendered compactly for a person
// at a terminal and for an LLM's context. It states what the camp does not
// know rather than leaving it out. It is pure: the caller passes the time
// and the language (DESIGN decision 8): every text of its own is written
// in English and French; the server's texts (narrations, summaries,
// refusals) come in the language the call asked for.
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

	"github.com/grisonval/server/lang"
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
// city's own hand or drawn cards, the deck and the discard pile. A view of a ruleset without a detail this
// package renders shows its shared part: the camp's score in its
// ruleset's words, the other camps as its contacts list them (with their
// scores when they are public), and names the ruleset.
// now is used only to say how long remains before the deadline; l is the
// language of the view's own texts.
func View(l lang.Lang, v *pb.CampView, now time.Time) string {
	var b strings.Builder
	g := v.GetGrisonval()
	b.WriteString(l.Sprintf("World %d%s, camp %d %q%s. Day %d", "Monde %d%s, camp %d %q%s. Jour %d", v.GetWorldId(), rulesetText(v.GetRuleset()), v.GetCamp(), v.GetCampName(),
		controllerText(l, v.GetController()), v.GetDay()))
	if n := v.GetSeasonLength(); n > 0 {
		b.WriteString(l.Sprintf(" of %d", " sur %d", n))
	}
	if g != nil {
		fmt.Fprintf(&b, " (%s)", l.Name(g.GetYearSeason()))
	}
	b.WriteString(l.Sprintf("; orders are for day %d.\n", " ; les ordres sont pour le jour %d.\n", v.GetDay()+1))
	if over := SeasonOver(l, v); over != "" {
		b.WriteString(over)
	} else {
		b.WriteString(deadlineText(l, v, now))
	}
	if !v.GetAlive() {
		switch {
		case v.GetCastle() != nil:
			b.WriteString(l.Sprintf("Your city has fallen: it no longer plays.\n", "Votre cité est tombée : elle ne joue plus.\n"))
		case g != nil:
			b.WriteString(l.Sprintf("Your people is extinct: it can no longer act.\n", "Votre peuple est éteint : il ne peut plus agir.\n"))
		default:
			b.WriteString(l.Sprintf("Your camp no longer plays.\n", "Votre camp ne joue plus.\n"))
		}
	}
	if v.GetPaused() {
		b.WriteString(l.Sprintf("The world is paused.\n", "Le monde est en pause.\n"))
	}
	switch {
	case g != nil:
		writeGrisonval(l, &b, v, g)
	case v.GetCastle() != nil:
		writeCastle(l, &b, v, v.GetCastle())
	default:
		writeShared(l, &b, v)
	}
	all := WithOver(l, v, v.GetJournal())
	journal := all
	if len(journal) > JournalLines {
		journal = journal[len(journal)-JournalLines:]
	}
	if len(journal) == 0 {
		b.WriteString(l.Sprintf("Journal: nothing yet.\n", "Journal : rien encore.\n"))
	} else {
		b.WriteString(l.Sprintf("Journal (latest %d of %d):\n", "Journal (les %d dernières de %d entrées) :\n", len(journal), len(all)))
		b.WriteString(indent(Journal(l, journal), "  "))
	}
	b.WriteString(Messages(l, v.GetMessages(), v.GetCamp()))
	if rs := v.GetMessageRecipients(); len(rs) > 0 {
		b.WriteString(l.Sprintf("You may write to camps %s (at most %d bytes a message).\n",
			"Vous pouvez écrire aux camps %s (%d octets au plus par message).\n", Ranges(rs), v.GetMaxMessageLen()))
	} else {
		b.WriteString(l.Sprintf("You may write to no camp yet: meet one first.\n", "Vous ne pouvez encore écrire à aucun camp : rencontrez-en un d'abord.\n"))
	}
	if n := v.GetNotebook(); n != nil {
		b.WriteString(Notebook(l, n))
	}
	if r := v.GetLastResult(); r != nil {
		b.WriteString(Result(l, r))
	}
	b.WriteString(Menu(l, v))
	if o := v.GetStandingOrder(); o != nil {
		b.WriteString(l.Sprintf("Standing order (played on a day you post nothing): %s.\n",
			"Ordre permanent (joué les jours où vous ne postez rien) : %s.\n", Order(l, o)))
	}
	switch {
	case v.GetPendingOrder() != nil:
		b.WriteString(l.Sprintf("Pending order for day %d: %s", "Ordre posté pour le jour %d : %s", v.GetDay()+1, Order(l, v.GetPendingOrder())))
		if at := v.GetPostedAt(); at != nil {
			b.WriteString(l.Sprintf(", posted at %s", ", posté à %s", at.AsTime().UTC().Format("15:04:05 UTC")))
		}
		b.WriteString(".\n")
	case v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_LATE:
		b.WriteString(l.Sprintf("Late: the deadline has passed and day %d is not resolved yet; post now, or the standing order plays.\n",
			"En retard : l'échéance est passée et le jour %d n'est pas encore résolu ; postez maintenant, sinon l'ordre permanent joue.\n", v.GetDay()+1))
	default:
		b.WriteString(l.Sprintf("No order posted for day %d yet: without one, the standing order plays.\n",
			"Aucun ordre posté pour le jour %d : sans ordre, l'ordre permanent joue.\n", v.GetDay()+1))
	}
	if ps := v.GetProposals(); len(ps) > 0 {
		b.WriteString(l.Sprintf("The council's open proposals for day %d (the ruler adopts one by its seat):\n",
			"Propositions ouvertes du conseil pour le jour %d (le dirigeant en adopte une par son siège) :\n", v.GetDay()+1))
		for _, p := range ps {
			b.WriteString("  " + proposalLine(l, p) + "\n")
		}
	}
	return b.String()
}

// SeasonOver says that v's season is over (CampView.season_over) and who
// won when the view tells (winner), and where the ranking is. It returns
// "" while the season runs.
func SeasonOver(l lang.Lang, v *pb.CampView) string {
	if !v.GetSeasonOver() {
		return ""
	}
	s := l.Sprintf("The season is over (day %d): no order is taken any more", "La saison est finie (jour %d) : plus aucun ordre n'est pris", v.GetDay())
	if w := winner(l, v); w != "" {
		s += l.Sprintf("; %s", " ; %s", w)
	}
	return s + l.Sprintf(" (season_standing: the ranking).\n", " (season_standing : le classement).\n")
}

// Result renders what became of a camp's order for a day.
func Result(l lang.Lang, r *pb.OrderResult) string {
	var what string
	switch r.GetStatus() {
	case pb.OrderStatus_ORDER_STATUS_APPLIED:
		what = l.Sprintf("applied", "appliqué")
	case pb.OrderStatus_ORDER_STATUS_STALE:
		what = l.Sprintf("stale: no longer legal when the day resolved; your camp did nothing",
			"caduc : plus permis quand le jour s'est résolu ; votre camp n'a rien fait")
	case pb.OrderStatus_ORDER_STATUS_STANDING:
		what = l.Sprintf("you posted nothing; your standing order played", "vous n'avez rien posté ; votre ordre permanent a joué")
	case pb.OrderStatus_ORDER_STATUS_STANDING_STALE:
		what = l.Sprintf("you posted nothing and your standing order was no longer legal; your camp rested",
			"vous n'avez rien posté et votre ordre permanent n'était plus permis ; votre camp s'est reposé")
	default:
		what = l.Sprintf("unknown", "inconnu")
	}
	s := l.Sprintf("Your order for day %d: %s - %s.\n", "Votre ordre du jour %d : %s - %s.\n", r.GetDay(), Order(l, r.GetOrder()), what)
	if r.GetCode() != "" {
		s += l.Sprintf("  reason: %s", "  motif : %s", r.GetCode())
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
func Messages(l lang.Lang, ms []*pb.CampMessage, camp int32) string {
	if len(ms) == 0 {
		return l.Sprintf("Messages: none.\n", "Messages : aucun.\n")
	}
	var b strings.Builder
	b.WriteString(l.Sprintf("Messages (%d):\n", "Messages (%d) :\n", len(ms)))
	for _, m := range ms {
		b.WriteString(l.Sprintf("  day %d, %s: %s\n", "  jour %d, %s : %s\n", m.GetDay(), messageDir(l, m, camp), strings.ReplaceAll(m.GetText(), "\n", "\n    ")))
	}
	return b.String()
}

// messageDir says whom a message of camp's went to, or whom it came from:
// "to camp 2", "from camp 1", or for a message of the camp's council
// (SEAT-TALK) the seat that wrote it: "council, general".
func messageDir(l lang.Lang, m *pb.CampMessage, camp int32) string {
	if m.GetFromCamp() == m.GetToCamp() {
		return l.Sprintf("council, %s", "conseil, %s", seatOrRuler(m.GetSeat()))
	}
	if m.GetFromCamp() == camp {
		return l.Sprintf("to camp %d", "au camp %d", m.GetToCamp())
	}
	return l.Sprintf("from camp %d", "du camp %d", m.GetFromCamp())
}

// seatOrRuler returns seat, or the ruler's for "" (a message written
// before seats existed).
func seatOrRuler(seat string) string {
	if seat == "" {
		return RulerSeat
	}
	return seat
}

// Sent renders the server's answer to a message.
func Sent(l lang.Lang, m *pb.CampMessage) string {
	if m.GetFromCamp() == m.GetToCamp() {
		return l.Sprintf("Message %d sent to your council for day %d: only your camp's seats read it.\n",
			"Message %d envoyé à votre conseil pour le jour %d : seuls les sièges de votre camp le lisent.\n", m.GetId(), m.GetDay())
	}
	return l.Sprintf("Message %d sent to camp %d for day %d.\n", "Message %d envoyé au camp %d pour le jour %d.\n", m.GetId(), m.GetToCamp(), m.GetDay())
}

// Standing renders the server's answer to a standing order.
func Standing(l lang.Lang, o *pb.Order) string {
	return l.Sprintf("Standing order set: %s. It plays on each day you post nothing.\n",
		"Ordre permanent fixé : %s. Il joue chaque jour où vous ne postez rien.\n", Order(l, o))
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
func rulesetName(l lang.Lang, name string) string {
	if name == "" {
		return l.Sprintf("unnamed", "sans nom")
	}
	return fmt.Sprintf("%q", name)
}

// writeShared writes the part of a view without a detail this package
// renders (a ruleset that has none, or one this client does not know): the
// camp's own score in its ruleset's words, and the other camps as its
// contacts list them. A view that carries fields this client cannot read
// (a newer server's detail) says so.
func writeShared(l lang.Lang, b *strings.Builder, v *pb.CampView) {
	if len(v.ProtoReflect().GetUnknown()) > 0 {
		b.WriteString(l.Sprintf("This client does not know part of the %s ruleset's view: it shows the shared part only.\n",
			"Ce client ne connaît pas une partie de la vue des règles %s : il n'en montre que la partie commune.\n", rulesetName(l, v.GetRuleset())))
	}
	if v.GetScoreSummary() != "" || v.GetScore() != 0 {
		b.WriteString(l.Sprintf("Your score: %s.\n", "Votre score : %s.\n", scoreText(v.GetScore(), v.GetScoreSummary())))
	}
	writeContacts(l, b, v.GetContacts())
}

// scoreText says a score and its summary in its ruleset's words: "12 (12
// points)", or the score alone when the summary is empty.
func scoreText(score int64, summary string) string {
	if summary == "" {
		return fmt.Sprint(score)
	}
	return fmt.Sprintf("%d (%s)", score, summary)
}

// writeContacts renders the other camps as every ruleset's view lists them:
// met or not, playing or not, and their scores when the ruleset's scores
// are public.
func writeContacts(l lang.Lang, b *strings.Builder, cs []*pb.Contact) {
	if len(cs) == 0 {
		b.WriteString(l.Sprintf("Other camps: none.\n", "Autres camps : aucun.\n"))
		return
	}
	b.WriteString(l.Sprintf("Other camps:\n", "Autres camps :\n"))
	for _, c := range cs {
		name := fmt.Sprint(c.GetCamp())
		if c.GetName() != "" {
			name += " " + c.GetName()
		}
		var what string
		switch {
		case !c.GetMet():
			what = l.Sprintf("not met yet", "pas encore rencontré")
			if !c.GetScored() {
				what += l.Sprintf(" (nothing known)", " (rien n'en est connu)")
			}
		case !c.GetAlive():
			what = l.Sprintf("met, no longer plays", "rencontré, ne joue plus")
		default:
			what = l.Sprintf("met", "rencontré")
		}
		if c.GetScored() {
			what += l.Sprintf("; score %s", " ; score %s", scoreText(c.GetScore(), c.GetScoreSummary()))
		}
		b.WriteString(l.Sprintf("  %s: %s.\n", "  %s : %s.\n", name, what))
	}
}

func controllerText(l lang.Lang, c *pb.Controller) string {
	switch c.GetKind() {
	case pb.ControllerKind_CONTROLLER_KIND_HUMAN:
		return l.Sprintf(" (human)", " (humain)")
	case pb.ControllerKind_CONTROLLER_KIND_AGENT:
		return l.Sprintf(" (agent)", " (agent)")
	case pb.ControllerKind_CONTROLLER_KIND_AI:
		return l.Sprintf(" (AI, %s)", " (IA, %s)", postureName(l, c.GetPosture()))
	default:
		return ""
	}
}

func postureName(l lang.Lang, p pb.Posture) string {
	switch p {
	case pb.Posture_POSTURE_AGGRESSIVE:
		return l.Sprintf("aggressive", "belliqueux")
	case pb.Posture_POSTURE_PRUDENT:
		return l.Sprintf("prudent", "prudent")
	default:
		return l.Sprintf("growth", "croissance")
	}
}

func deadlineText(l lang.Lang, v *pb.CampView, now time.Time) string {
	if v.GetDeadline() == nil {
		return noDeadline(l)
	}
	return Deadline(l, v.GetDeadline().AsTime(), now)
}

// NextDeadline says when the day after notice n's resolves: its deadline
// and how long remains from now, or that no deadline moves it on.
func NextDeadline(l lang.Lang, n *pb.TickNotice, now time.Time) string {
	if n.GetNextDeadline() == nil {
		return noDeadline(l)
	}
	return Deadline(l, n.GetNextDeadline().AsTime(), now)
}

// noDeadline says that a day without a deadline waits for the players.
func noDeadline(l lang.Lang) string {
	return l.Sprintf("No deadline: the day resolves when an admin or every player moves it on.\n",
		"Pas d'échéance : le jour se résout quand un administrateur ou tous les joueurs le font avancer.\n")
}

// Deadline says when a day resolves and how long remains from now.
func Deadline(l lang.Lang, deadline, now time.Time) string {
	left := deadline.Sub(now).Round(time.Second)
	if left <= 0 {
		return l.Sprintf("Deadline: %s (passed; the day resolves any moment).\n",
			"Échéance : %s (passée ; le jour se résout d'un instant à l'autre).\n", deadline.UTC().Format(time.RFC3339))
	}
	return l.Sprintf("Deadline: %s (in %s).\n", "Échéance : %s (dans %s).\n", deadline.UTC().Format(time.RFC3339), left)
}

// Journal renders journal entries with their narration, their "why" and
// the zones they concern.
func Journal(l lang.Lang, entries []*pb.JournalEntry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(l.Sprintf("day %d [%s] %s", "jour %d [%s] %s", e.GetDay(), e.GetKind(), e.GetNarration()))
		if len(e.GetZones()) > 0 {
			b.WriteString(l.Sprintf(" (zones %s)", " (zones %s)", Ranges(e.GetZones())))
		}
		b.WriteString("\n")
		if e.GetWhy() != "" {
			b.WriteString(l.Sprintf("  why: %s\n", "  pourquoi : %s\n", e.GetWhy()))
		}
	}
	return b.String()
}

// Menu renders the legal actions of v's next day as a numbered menu, each
// with its arguments in the order an order takes them, their valid values
// and its cost, then the actions closed today with why (Closed).
func Menu(l lang.Lang, v *pb.CampView) string {
	var b strings.Builder
	actions := v.GetLegalActions()
	b.WriteString(l.Sprintf("Legal actions for day %d (post one: ACTION ARGS...):\n",
		"Actions permises pour le jour %d (postez-en une : ACTION ARGS...) :\n", v.GetDay()+1))
	if len(actions) == 0 {
		b.WriteString(l.Sprintf("  none: your camp cannot act.\n", "  aucune : votre camp ne peut pas agir.\n"))
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
			b.WriteString(l.Sprintf("     %s: %s\n", "     %s : %s\n", strings.ToUpper(s.GetName()), ArgValues(l, s)))
		}
		if c := Cost(l, a); c != "" {
			b.WriteString(l.Sprintf("     cost: %s\n", "     coût : %s\n", c))
		}
	}
	b.WriteString(Closed(l, v))
	return b.String()
}

// Cost says what a legal action costs, as the view lists it: "food 600,
// wood 4"; with cost_per, the price of one unit of the argument it names
// ("food 2, wood 2 per MEN") or of one level ("wood 18 per level of the
// zone before it develops": level 0 is free). It returns "" for an action
// without a cost. An action whose price depends on its first argument's
// value says each value's price (develop: each zone's next level).
func Cost(l lang.Lang, a *pb.LegalAction) string {
	if len(a.GetChoiceCosts()) > 0 {
		return choiceCosts(l, a)
	}
	var parts []string
	for _, c := range a.GetCost() {
		parts = append(parts, fmt.Sprintf("%s %d", ResourceName(l, c.GetResource()), c.GetAmount()))
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, ", ")
	switch per := a.GetCostPer(); {
	case per == "":
	case slices.ContainsFunc(a.GetArgs(), func(s *pb.ArgSpec) bool { return s.GetName() == per }):
		s += l.Sprintf(" per %s", " par %s", strings.ToUpper(per))
	case per == "level":
		s += l.Sprintf(" per level of the zone before it develops", " par niveau de la zone avant son aménagement")
	default:
		s += l.Sprintf(" per %s", " par %s", per)
	}
	return s
}

// ArgValues says which values an argument may take: a range for a count,
// the list of choices otherwise.
func ArgValues(l lang.Lang, s *pb.ArgSpec) string {
	if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
		return l.Sprintf("%d to %d", "de %d à %d", s.GetMin(), s.GetMax())
	}
	if len(s.GetChoices()) == 0 {
		return l.Sprintf("none", "aucune")
	}
	return l.Sprintf("one of %s", "l'une de %s", Ranges(s.GetChoices()))
}

// Order renders an order as it is typed: the action, its arguments and the
// reason.
func Order(l lang.Lang, o *pb.Order) string {
	s := o.GetAction()
	for _, a := range o.GetArgs() {
		s += fmt.Sprintf(" %d", a)
	}
	if o.GetReason() != "" {
		s += l.Sprintf(" (reason: %s)", " (raison : %s)", o.GetReason())
	}
	return s
}

// Submitted renders the server's answer to an order.
func Submitted(l lang.Lang, r *pb.SubmitOrderResponse) string {
	s := l.Sprintf("Order accepted for day %d: %s\n", "Ordre accepté pour le jour %d : %s\n", r.GetDay(), Order(l, r.GetOrder()))
	if a := r.GetAuthor(); a != "" && a != RulerSeat {
		s += l.Sprintf("It is the proposal of the %s seat, adopted: its feats go to that seat's patron.\n",
			"C'est la proposition du siège %s, adoptée : ses faits d'armes vont au patron de ce siège.\n", a)
	}
	if r.GetReplaced() {
		s += l.Sprintf("It replaces the order you had posted for that day.\n", "Il remplace l'ordre que vous aviez posté pour ce jour.\n")
	}
	return s
}

// Notice renders a resolved tick and what the camp learned that day.
func Notice(l lang.Lang, n *pb.TickNotice, now time.Time) string {
	var b strings.Builder
	b.WriteString(l.Sprintf("Day %d resolved; orders are now for day %d.\n", "Jour %d résolu ; les ordres sont désormais pour le jour %d.\n", n.GetDay(), n.GetDay()+1))
	b.WriteString(NextDeadline(l, n, now))
	noticeBody(l, &b, n)
	return b.String()
}

// noticeBody writes what n says of its day: the order's result, the
// messages received and the journal.
func noticeBody(l lang.Lang, b *strings.Builder, n *pb.TickNotice) {
	if r := n.GetResult(); r != nil {
		b.WriteString(Result(l, r))
	}
	for _, m := range n.GetMessages() {
		b.WriteString(l.Sprintf("Message from camp %d: %s\n", "Message du camp %d : %s\n", m.GetFromCamp(), strings.ReplaceAll(m.GetText(), "\n", "\n  ")))
	}
	if len(n.GetJournal()) == 0 {
		b.WriteString(l.Sprintf("Nothing new in your journal that day.\n", "Rien de neuf dans votre journal ce jour-là.\n"))
		return
	}
	b.WriteString(l.Sprintf("Your journal that day:\n", "Votre journal ce jour-là :\n"))
	b.WriteString(indent(Journal(l, n.GetJournal()), "  "))
}

// Error renders an error so that a person or a model can act on it: the
// status code and message, the rule code of a refusal (ErrorInfo reason)
// and the arguments at fault (BadRequest field violations).
func Error(l lang.Lang, err error) string {
	st, ok := status.FromError(err)
	if !ok {
		return l.Sprintf("error: %v\n", "erreur : %v\n", err)
	}
	var b strings.Builder
	b.WriteString(l.Sprintf("error (%s): %s\n", "erreur (%s) : %s\n", st.Code(), st.Message()))
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			b.WriteString(l.Sprintf("  reason: %s\n", "  motif : %s\n", d.GetReason()))
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
