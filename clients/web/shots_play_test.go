package web

import (
	"fmt"
	"net/url"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
)

// TestScreenshotsPlay takes the pictures of docs/web.md's player's pages
// (issue 31; with -shots only): camp 0's page on day 30 with a zone picked
// on the map, its resource bar, live figures and grouped menu; the
// observer's banner with every camp's figures; a closed season's camp
// page with the refusal of a post; a Castle city's bars and legend.
func TestScreenshotsPlay(t *testing.T) {
	if *shots == "" {
		t.Skip("run with -shots DIR to take the screenshots of docs/web.md")
	}
	shot := func(name string) string { return filepath.Join(*shots, name) }
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 31}, DefaultPoll)
	for s.day(t) < 30 {
		s.playDay(t, s.allCamps()...)
	}
	camp, admin := browsertest.Start(t, true), browsertest.Start(t, true)
	browsertest.SignIn(t, camp, s.http.URL, s.world.Tokens[0])
	v := s.view(t, 0)
	zone := int32(0)
	for _, z := range v.GetGrisonval().GetZones() {
		if z.GetOwner() == 0 && z.GetCapital() {
			zone = z.GetId()
		}
	}
	browsertest.Do(t, camp, chromedp.Navigate(fmt.Sprintf("%s/camp?zone=%d#zone", s.http.URL, zone)), chromedp.WaitVisible(browsertest.CSS(`#zone`)))
	browsertest.Do(t, camp, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	browsertest.Screenshot(t, camp, shot("play-camp.png"), 2300)
	browsertest.SignIn(t, admin, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, admin, chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)), chromedp.WaitVisible(browsertest.CSS(`.figs`)))
	browsertest.Screenshot(t, admin, shot("play-observer.png"), 700)
	// The last day; a post from the page of day 30 after the close.
	csrf := browsertest.Eval[string](t, camp, `document.querySelector('input[name=csrf]').value`)
	s.playDay(t, s.allCamps()...)
	browsertest.Do(t, camp, chromedp.Navigate(s.http.URL+"/camp"))
	form := url.Values{"csrf": {csrf}, "action": {"rest"}, "for_day": {"31"}}
	browsertest.Eval[bool](t, camp, fmt.Sprintf(`(() => { const f = document.createElement('form'); f.method = 'post'; f.action = '/camp/order';
		for (const [k, v] of new URLSearchParams(%q)) { const i = document.createElement('input'); i.type = 'hidden'; i.name = k; i.value = v; f.appendChild(i); }
		document.body.appendChild(f); f.submit(); return true; })()`, form.Encode()))
	browsertest.WaitFor(t, camp, `document.readyState === 'complete' && !!document.getElementById('answer')`, 20e9)
	browsertest.Screenshot(t, camp, shot("play-closed.png"), 1900)

	c := newSite(t, testserver.Game{Ruleset: "castle", Camps: 4, Seed: 7}, DefaultPoll)
	for range 14 {
		c.playDay(t, c.allCamps()...)
	}
	city := browsertest.Start(t, true)
	browsertest.SignIn(t, city, c.http.URL, c.world.Tokens[0])
	browsertest.Do(t, city, chromedp.Navigate(c.http.URL+"/camp"), chromedp.WaitVisible(browsertest.CSS(`table.cities`)))
	browsertest.Screenshot(t, city, shot("play-castle.png"), 1300)
}
