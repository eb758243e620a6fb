package viewtext

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file renders what the view says of tomorrow: the forecast of the
// stocks if the camp rests (docs/rules.md VIEW-INCOME), the actions
// closed today and why, and the price of each choice of an action whose
// price depends on it (ACT-CLOSED).

// flowTerms name the terms of a resource's daily change, in the order the
// tick plays them.
var flowTerms = []struct {
	name lang.Text
	of   func(*pb.ResourceFlow) int64
}{
	{lang.T("income", "revenu"), (*pb.ResourceFlow).GetIncome},
	{lang.T("trade", "commerce"), (*pb.ResourceFlow).GetTrade},
	{lang.T("upkeep", "entretien"), (*pb.ResourceFlow).GetUpkeep},
	{lang.T("rot", "pourriture"), (*pb.ResourceFlow).GetRot},
	{lang.T("eating", "repas"), (*pb.ResourceFlow).GetEating},
	{lang.T("government", "gouvernement"), (*pb.ResourceFlow).GetGovernment},
}

// moves reports whether a flow has a term that is not zero.
func moves(fl *pb.ResourceFlow) bool {
	for _, t := range flowTerms {
		if t.of(fl) != 0 {
			return true
		}
	}
	return false
}

// lasts says how long a falling stock lasts: "lasts 3 more days".
func lasts(l lang.Lang, days int64) string {
	if days == 1 {
		return l.Sprintf("lasts 1 more day", "tient encore 1 jour")
	}
	return l.Sprintf("lasts %d more days", "tient encore %d jours", days)
}

// Forecast renders the forecast of a camp's stocks (VIEW-INCOME): a line
// per resource that moves, with its stock, its daily change and the
// terms of it, and how long it lasts when it falls; then the upkeep the
// stocks would leave unpaid and the food they would lack. It returns ""
// for a view without a forecast.
func Forecast(l lang.Lang, f *pb.Forecast) string {
	if f == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.Sprintf("Tomorrow (day %d) if you rest, each stock's change:\n",
		"Demain (jour %d) si vous vous reposez, la variation de chaque stock :\n", f.GetDay()))
	any := false
	for _, fl := range f.GetFlows() {
		if !moves(fl) {
			continue
		}
		any = true
		var terms []string
		for _, t := range flowTerms {
			if n := t.of(fl); n != 0 {
				terms = append(terms, fmt.Sprintf("%s %+d", t.name.In(l), n))
			}
		}
		b.WriteString(l.Sprintf("  %s %d: %+d (%s)", "  %s %d : %+d (%s)", ResourceName(l, fl.GetResource()), fl.GetStock(), fl.GetNet(), strings.Join(terms, ", ")))
		if d := fl.GetDaysLeft(); d > 0 {
			b.WriteString(l.Sprintf("; ", " ; ") + lasts(l, d))
		}
		b.WriteString("\n")
	}
	if !any {
		b.WriteString(l.Sprintf("  no stock moves.\n", "  aucun stock ne bouge.\n"))
	}
	b.WriteString(shortText(l, f, "  ", ".\n"))
	return b.String()
}

// shortText says what the stocks would not cover, each part starting with
// prefix and ending with suffix; "" when they cover everything.
func shortText(l lang.Lang, f *pb.Forecast, prefix, suffix string) string {
	var s string
	if n := f.GetUpkeepUnpaid(); n > 0 {
		s += prefix + l.Sprintf("Upkeep left unpaid: %d unit(s) (beyond a small margin the buildings degrade and morale falls, UPK-5)",
			"Entretien impayé : %d unité(s) (au-delà d'une petite marge les bâtiments se dégradent et le moral baisse, UPK-5)", n) + suffix
	}
	if n := f.GetFoodShort(); n > 0 {
		s += prefix + l.Sprintf("Famine: %d food short (ECO-4)", "Famine : il manque %d de nourriture (ECO-4)", n) + suffix
	}
	return s
}

// ForecastLine is the forecast in one line (for Brief and the web camp
// page's banner): each stock's daily change, how many days a falling one
// lasts, and what would go unpaid.
func ForecastLine(l lang.Lang, f *pb.Forecast) string {
	var parts []string
	for _, fl := range f.GetFlows() {
		if fl.GetNet() == 0 {
			continue
		}
		p := fmt.Sprintf("%s %+d", ResourceName(l, fl.GetResource()), fl.GetNet())
		if d := fl.GetDaysLeft(); d > 0 {
			p += l.Sprintf(" (%d d)", " (%d j)", d)
		}
		parts = append(parts, p)
	}
	s := l.Sprintf("A day at rest: %s", "Un jour de repos : %s", strings.Join(parts, ", "))
	if len(parts) == 0 {
		s = l.Sprintf("A day at rest: no stock moves", "Un jour de repos : aucun stock ne bouge")
	}
	return s + shortText(l, f, l.Sprintf("; ", " ; "), "") + "."
}

// Closed renders, under the menu, the actions closed today with why
// (ACT-CLOSED; the refusal's code is in the structured view), the actions
// closed for one reason on one line, a message's leading action name left
// out: "accept_pact, refuse_pact: no proposal awaits your answer". It
// returns "" when no action is closed.
func Closed(l lang.Lang, v *pb.CampView) string {
	var whys []string
	actions := map[string][]string{}
	for _, c := range v.GetClosedActions() {
		why := strings.TrimPrefix(c.GetMessage(), c.GetAction()+" ")
		if _, ok := actions[why]; !ok {
			whys = append(whys, why)
		}
		actions[why] = append(actions[why], c.GetAction())
	}
	if len(whys) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.Sprintf("Closed today, and why:\n", "Fermées aujourd'hui, et pourquoi :\n"))
	for _, why := range whys {
		b.WriteString(l.Sprintf("  %s: %s\n", "  %s : %s\n", strings.Join(actions[why], ", "), why))
	}
	return b.String()
}

// closedBrief lists the closed actions by name for Brief.
func closedBrief(l lang.Lang, v *pb.CampView) string {
	var names []string
	for _, c := range v.GetClosedActions() {
		names = append(names, c.GetAction())
	}
	if len(names) == 0 {
		return ""
	}
	return l.Sprintf("Closed today: %s (the view says why).", "Fermées aujourd'hui : %s (la vue dit pourquoi).", strings.Join(names, ", "))
}

// choiceCosts says what an action costs with each value of its first
// argument, the values of one price together: "wood 18, stone 10 for ZONE
// 3, 12; free for ZONE 30" (develop: each zone's next level).
func choiceCosts(l lang.Lang, a *pb.LegalAction) string {
	name := "?"
	if args := a.GetArgs(); len(args) > 0 {
		name = strings.ToUpper(args[0].GetName())
	}
	var prices []string
	values := map[string][]int32{}
	for _, c := range a.GetChoiceCosts() {
		var parts []string
		for _, am := range c.GetCost() {
			parts = append(parts, fmt.Sprintf("%s %d", ResourceName(l, am.GetResource()), am.GetAmount()))
		}
		p := strings.Join(parts, ", ")
		if p == "" {
			p = l.Sprintf("free", "gratuit")
		}
		if _, ok := values[p]; !ok {
			prices = append(prices, p)
		}
		values[p] = append(values[p], c.GetValue())
	}
	groups := make([]string, len(prices))
	for i, p := range prices {
		groups[i] = l.Sprintf("%s for %s %s", "%s pour %s %s", p, name, Ranges(values[p]))
	}
	return strings.Join(groups, l.Sprintf("; ", " ; "))
}
