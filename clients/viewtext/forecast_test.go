package viewtext

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// forecastView is sampleView with a forecast: food rising, wood and gold
// falling, stone still, upkeep unpaid and food short.
func forecastView() *pb.CampView {
	v := sampleView()
	v.GetGrisonval().Forecast = &pb.Forecast{Day: 13, UpkeepUnpaid: 4, FoodShort: 0, Flows: []*pb.ResourceFlow{
		{Resource: "food", Stock: 1540, Net: 35, Income: 60, Eating: -25},
		{Resource: "wood", Stock: 58, Net: -3, Income: 4, Upkeep: -6, Rot: -1, DaysLeft: 19},
		{Resource: "stone", Stock: 31},
		{Resource: "tools", Stock: 10},
		{Resource: "gold", Stock: 1, Net: -1, Trade: 3, Upkeep: -2, Government: -2, DaysLeft: 1},
		{Resource: "research", Stock: 0},
	}}
	return v
}

// TestForecastLines checks VIEW-INCOME's text: in the view, a line per
// stock that moves with its terms and the days a falling one lasts, then
// what goes unpaid; in the watch's brief, one line; in both languages.
func TestForecastLines(t *testing.T) {
	v := forecastView()
	for _, tc := range []struct {
		l     lang.Lang
		view  []string
		brief string
	}{
		{lang.EN, []string{
			"Tomorrow (day 13) if you rest, each stock's change:\n",
			"  food 1540: +35 (income +60, eating -25)\n",
			"  wood 58: -3 (income +4, upkeep -6, rot -1); lasts 19 more days\n",
			"  gold 1: -1 (trade +3, upkeep -2, government -2); lasts 1 more day\n",
			"  Upkeep left unpaid: 4 unit(s)",
		}, "A day at rest: food +35, wood -3 (19 d), gold -1 (1 d); Upkeep left unpaid: 4 unit(s)"},
		{lang.FR, []string{
			"Demain (jour 13) si vous vous reposez",
			"  nourriture 1540 : +35 (revenu +60, repas -25)\n",
			"  bois 58 : -3 (revenu +4, entretien -6, pourriture -1) ; tient encore 19 jours\n",
			"  Entretien impayé : 4 unité(s)",
		}, "Un jour de repos : nourriture +35, bois -3 (19 j), or -1 (1 j) ; Entretien impayé"},
	} {
		out := View(tc.l, v, now)
		for _, want := range tc.view {
			if !strings.Contains(out, want) {
				t.Errorf("%s: got:\n%s\nwant it to contain %q", tc.l, out, want)
			}
		}
		if strings.Contains(out, "stone 31:") || strings.Contains(out, "pierre 31 :") {
			t.Errorf("%s: a stock that does not move has a line:\n%s", tc.l, out)
		}
		if b := Brief(tc.l, v, now, 0, 0); !strings.Contains(b, tc.brief) {
			t.Errorf("%s: brief:\n%s\nwant it to contain %q", tc.l, b, tc.brief)
		}
	}
	v.GetGrisonval().Forecast = &pb.Forecast{Day: 13, FoodShort: 20, Flows: []*pb.ResourceFlow{{Resource: "food"}}}
	if out := View(lang.EN, v, now); !strings.Contains(out, "  no stock moves.\n  Famine: 20 food short (ECO-4).\n") {
		t.Errorf("got:\n%s\nwant no stock moving and the famine", out)
	}
}

// TestClosedLines checks ACT-CLOSED's text: under the menu, why each
// action is closed (the actions closed for one reason on one line, the
// message's leading action name left out); in the brief, their names; and
// develop's cost is each zone's next level, zones of one price together.
func TestClosedLines(t *testing.T) {
	v := sampleView()
	v.ClosedActions = []*pb.ClosedAction{
		{Action: "trade", Reason: "not_allowed", Message: "trade needs a market"},
		{Action: "spy", Reason: "insufficient_resources", Message: "spy costs 15 gold; you have 1 gold: short of 14 gold"},
		{Action: "accept_pact", Reason: "not_allowed", Message: "no proposal awaits your answer"},
		{Action: "refuse_pact", Reason: "not_allowed", Message: "no proposal awaits your answer"},
	}
	for _, la := range v.GetLegalActions() {
		if la.GetAction() == "develop" {
			la.ChoiceCosts = []*pb.ChoiceCost{
				{Value: 1, Cost: []*pb.Amount{{Resource: "wood", Amount: 18}, {Resource: "gold", Amount: 4}}},
				{Value: 2},
				{Value: 5, Cost: []*pb.Amount{{Resource: "wood", Amount: 18}, {Resource: "gold", Amount: 4}}},
			}
		}
	}
	for _, tc := range []struct {
		l            lang.Lang
		menu, brief  []string
		developPrice string
	}{
		{lang.EN, []string{"Closed today, and why:\n  trade: needs a market\n  spy: costs 15 gold; you have 1 gold: short of 14 gold\n  accept_pact, refuse_pact: no proposal awaits your answer\n"},
			[]string{"Closed today: trade, spy, accept_pact, refuse_pact (the view says why)."}, "cost: wood 18, gold 4 for ZONE 1, 5; free for ZONE 2\n"},
		{lang.FR, []string{"Fermées aujourd'hui, et pourquoi :\n  trade : needs a market\n"},
			[]string{"Fermées aujourd'hui : trade, spy"}, "coût : bois 18, or 4 pour ZONE 1, 5 ; gratuit pour ZONE 2\n"},
	} {
		menu := Menu(tc.l, v)
		for _, want := range append(tc.menu, tc.developPrice) {
			if !strings.Contains(menu, want) {
				t.Errorf("%s: menu:\n%s\nwant it to contain %q", tc.l, menu, want)
			}
		}
		b := Brief(tc.l, v, now, 0, 0)
		for _, want := range tc.brief {
			if !strings.Contains(b, want) {
				t.Errorf("%s: brief:\n%s\nwant it to contain %q", tc.l, b, want)
			}
		}
	}
}
