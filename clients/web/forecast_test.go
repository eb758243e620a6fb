package web

import (
	"html/template"
	"net/http"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
)

// TestCampForecastAndClosed checks that the camp page shows the forecast
// of the stocks under the banner (VIEW-INCOME) and, under the menu, each
// action closed today with why (ACT-CLOSED), as the camp's view says them.
func TestCampForecastAndClosed(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 4, SeasonLength: 40}, DefaultPoll)
	const camp = 0
	cl := s.client(t, s.world.Tokens[camp])
	s.playDay(t, s.allCamps()...)
	page, code := s.get(t, cl, "/camp")
	if code != http.StatusOK {
		t.Fatalf("camp page: status %d", code)
	}
	v := s.view(t, camp)
	line := viewtext.ForecastLine(lang.EN, v.GetGrisonval().GetForecast())
	if !strings.Contains(page, `<p class="forecast">`+escaped(line)+`</p>`) {
		t.Errorf("the page has no forecast %q", line)
	}
	if len(v.GetClosedActions()) == 0 {
		t.Fatal("no action closed on day 1; the test needs one")
	}
	for _, c := range v.GetClosedActions() {
		// Its message in words; the reason's code is for programs, not the page.
		if !strings.Contains(page, "<b>"+c.GetAction()+"</b> "+escaped(c.GetMessage())) || strings.Contains(page, "<small>"+c.GetReason()+"</small>") {
			t.Errorf("the page does not say why %s is closed: %s", c.GetAction(), c.GetMessage())
		}
	}
}

// escaped is s as html/template writes it in an element's text.
func escaped(s string) string {
	return strings.ReplaceAll(template.HTMLEscapeString(s), "+", "&#43;")
}
