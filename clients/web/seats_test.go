package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
)

// TestCampSeats plays one day of a camp with two players in the browser
// (docs/seats.md): the general's page offers only its domain's actions,
// as proposals with a required reason (SEAT-PROPOSE), and its council tab
// shows the seats with their players; it writes to the council
// (SEAT-TALK); the ruler's page lists the open proposal with its reason
// and an adopt button, which makes it the camp's order (SEAT-ADOPT); the
// council tab then shows the proposal adopted.
func TestCampSeats(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 42, SeasonLength: 100}, time.Minute)
	general := s.srv.EnrollSeat(t, s.world.ID, 0, "general", "gaia", "Béatrix")

	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, general)
	if h := browsertest.Eval[string](t, ctx, `document.querySelector('#orders h2').textContent`); h != "Your proposal for day 1" {
		t.Errorf("got the orders' heading %q; want the general's proposal", h)
	}
	actions := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('#orders form.act')].map(f => f.getAttribute('action') + ' ' + f.querySelector('input[name=action]').value)`)
	if len(actions) == 0 {
		t.Fatal("the general's page offers no action")
	}
	for _, a := range actions {
		action, name, _ := strings.Cut(a, " ")
		if action != "/camp/propose" || !strings.Contains("raise_army send_army disband_army recall_army declare_war build_barracks build_walls", name) {
			t.Errorf("the general's menu has %q; want proposals of its domain alone", a)
		}
	}
	if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('#orders button[formaction="/camp/standing"]').length`); n != 0 {
		t.Errorf("the general's page has %d standing order buttons; want none (the ruler's alone)", n)
	}
	form := `form.act:has(input[name=action][value=raise_army])`
	browsertest.Do(t, ctx,
		chromedp.SendKeys(browsertest.CSS(form+` input[name=reason]`), "une armée garde la capitale"),
		chromedp.Click(browsertest.CSS(form+` button`)),
	)
	browsertest.WaitFor(t, ctx, flashSays("Proposal"), 20*time.Second)
	if flash := browsertest.Eval[string](t, ctx, `document.querySelector('pre.flash').textContent`); !strings.Contains(flash, "Proposal of the general seat posted for day 1: raise_army 1 (reason: une armée garde la capitale)") {
		t.Fatalf("flash %q; want the general's proposal posted", flash)
	}
	browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`label[for=tab-council]`)))
	if you := browsertest.Eval[string](t, ctx, `document.querySelector('.p-council tr.you').dataset.holder + ' ' + document.querySelector('.p-council tr.you').textContent`); !strings.Contains(you, "general") || !strings.Contains(you, "gaia") || !strings.Contains(you, "Béatrix") {
		t.Errorf("got the general's own row %q; want its seat, player and patron", you)
	}
	browsertest.Do(t, ctx,
		chromedp.Click(browsertest.CSS(`label[for=tab-messages]`)),
		chromedp.SetValue(browsertest.CSS(`form.msgform select[name=to]`), "0"),
		chromedp.SendKeys(browsertest.CSS(`form.msgform textarea[name=text]`), "adoptez l'armée"),
		chromedp.Click(browsertest.CSS(`form.msgform button`)),
	)
	browsertest.WaitFor(t, ctx, flashSays("council"), 20*time.Second)

	ruler := browsertest.Start(t, true)
	browsertest.SignIn(t, ruler, s.http.URL, s.world.Tokens[0])
	open := browsertest.Eval[string](t, ruler, `document.querySelector('#orders li[data-proposal=general]').textContent`)
	for _, w := range []string{"general (gaia)", "raise_army 1", "une armée garde la capitale", "Adopt"} {
		if !strings.Contains(open, w) {
			t.Errorf("got the ruler's open proposal %q; want it to contain %q", open, w)
		}
	}
	if msg := browsertest.Eval[string](t, ruler, `[...document.querySelectorAll('.p-messages p.msg')].map(p => p.textContent).join('\n')`); !strings.Contains(msg, "council, general: adoptez l'armée") {
		t.Errorf("got the ruler's messages %q; want the general's council message", msg)
	}
	browsertest.Do(t, ruler, chromedp.Click(browsertest.CSS(`#orders li[data-proposal=general] button`)))
	browsertest.WaitFor(t, ruler, flashSays("Order"), 20*time.Second)
	if flash := browsertest.Eval[string](t, ruler, `document.querySelector('pre.flash').textContent`); !strings.Contains(flash, "Order accepted for day 1: raise_army 1") ||
		!strings.Contains(flash, "It is the proposal of the general seat, adopted") {
		t.Fatalf("flash %q; want the general's proposal adopted as the camp's order", flash)
	}
	browsertest.Do(t, ruler, chromedp.Click(browsertest.CSS(`label[for=tab-council]`)))
	if p := browsertest.Eval[string](t, ruler, `document.querySelector('.p-council ul.proposals li').className`); p != "open" {
		t.Errorf("got the proposal's class %q before the day resolves; want open", p)
	}
}
