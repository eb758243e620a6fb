package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
)

// TestTimelapse plays a short season to its close and reads its chronicle
// as an anonymous visitor: the front page lists it, the observer's address
// leads there, every day
// is drawn with the scrubber, previous and next, the results and the
// plots; the scrubber moves the day in the browser.
func TestTimelapse(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 20}, DefaultPoll)
	for s.day(t) < 20 {
		s.playDay(t, s.allCamps()...)
	}
	anon := s.client(t, "")
	noRedirect := *anon
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := noRedirect.Get(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if want := fmt.Sprintf("/chronicle/%d/1", s.world.ID); resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
		t.Errorf("observer of a closed season: %d to %q; want 303 to %s", resp.StatusCode, resp.Header.Get("Location"), want)
	}
	home, code := s.get(t, anon, "/")
	if code != http.StatusOK || !strings.Contains(home, fmt.Sprintf(`<a href="/chronicle/%d/1">the timelapse</a>`, s.world.ID)) {
		t.Errorf("the front page (%d) lists no closed season of world %d for a visitor", code, s.world.ID)
	}
	list, code := s.get(t, anon, fmt.Sprintf("/chronicle?world=%d", s.world.ID))
	if code != http.StatusOK || !strings.Contains(list, fmt.Sprintf(`href="/chronicle/%d/1"`, s.world.ID)) {
		t.Errorf("the season list (%d) has no link to season 1", code)
	}
	if n := len(regexp.MustCompile(`<td>\d+ zones held</td></tr>`).FindAllString(list, -1)); n != 3 {
		t.Errorf("the season list has %d camps' results in Grisonval's words; want 3", n)
	}
	page, code := s.get(t, anon, fmt.Sprintf("/chronicle/%d/1?day=10", s.world.ID))
	if code != http.StatusOK {
		t.Fatalf("timelapse: status %d", code)
	}
	for what, re := range map[string]string{
		"the map of day 10": `id="map" class="map" data-day="10"`,
		"91 zones":          `(?s)(<g class="z[^"]*" id="z\d+".*){91}`,
		"the previous day":  `href="/chronicle/\d+/1\?day=9" rel="prev"`,
		"the next day":      `href="/chronicle/\d+/1\?day=11" rel="next"`,
		"the scrubber":      `<input type="range" name="day" min="0" max="20" value="10"`,
		"the ranking":       `Ranking: (?:<span class="o\d"><i class="sw"></i>\d\. [^<(]+ \(-?\d+ · \d+ zones held\)</span> ){3}`,
		"six plots":         `(?s)(<figure class="plot">.*){6}`,
		"the day's journal": `<article class="entry o\d"><p><span class="d">day 10</span>`,
	} {
		if !regexp.MustCompile(re).MatchString(page) {
			t.Errorf("the timelapse lacks %s", what)
		}
	}
	ctx := browsertest.Start(t, true)
	browsertest.Do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/chronicle/%d/1?day=10", s.http.URL, s.world.ID)), chromedp.WaitVisible(browsertest.CSS(`#map`)))
	browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`#next`)))
	browsertest.WaitFor(t, ctx, `document.querySelector('#map') && document.querySelector('#map').dataset.day === '11'`, 10*time.Second)
	// The page's script (deferred) listens to the scrubber once it ran.
	browsertest.WaitFor(t, ctx, `document.documentElement.classList.contains('js')`, 10*time.Second)
	browsertest.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`const r = document.querySelector('#scrubber input'); r.value = 3; r.dispatchEvent(new Event('change', {bubbles: true}))`))
	browsertest.WaitFor(t, ctx, `document.querySelector('#map') && document.querySelector('#map').dataset.day === '3'`, 10*time.Second)
}

// TestCastlePages plays a few days of a Castle of four and checks a
// city's page (every city's gauges, its own hand or draft only) and the
// admin's observer page (every hand, and each public event of the journal
// once).
func TestCastlePages(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Ruleset: "castle", Camps: 4, Seed: 7}, DefaultPoll)
	for range 7 {
		s.playDay(t, s.allCamps()...)
	}
	f := s.frame(t).GetCastle()
	row := regexp.MustCompile(`(?s)<tr class="o\d[^"]*" data-camp="(\d)">(.*?)</tr>`)
	for camp := range 4 {
		v := s.view(t, camp)
		page, code := s.get(t, s.client(t, s.world.Tokens[camp]), "/camp")
		if code != http.StatusOK {
			t.Fatalf("city %d's page: status %d", camp, code)
		}
		rows := row.FindAllStringSubmatch(page, -1)
		if len(rows) != 4 {
			t.Fatalf("city %d's page: %d cities; want 4", camp, len(rows))
		}
		for i, r := range rows {
			city := v.GetCastle().GetCities()[i]
			for _, g := range []int32{city.GetGold(), city.GetWheat(), city.GetHealth(), city.GetCivilians(), city.GetArmy()} {
				if !strings.Contains(r[2], fmt.Sprintf(`value="%d"`, g)) {
					t.Errorf("city %d's page: city %d lacks gauge value %d", camp, i, g)
				}
			}
			if hand := f.GetHands()[i]; i != camp && hand != "" && strings.Contains(r[2], hand) {
				t.Errorf("city %d's page shows city %d's hand %q", camp, i, hand)
			}
		}
		for _, card := range v.GetCastle().GetDrawn() {
			if !strings.Contains(page, card) {
				t.Errorf("city %d's page lacks its drawn card %q", camp, card)
			}
		}
		if h := v.GetCastle().GetHand(); h != "" && !strings.Contains(page, `<span class="card">`+h+`</span>`) {
			t.Errorf("city %d's page lacks its hand %q", camp, h)
		}
	}
	page, code := s.get(t, s.client(t, s.srv.AdminToken), fmt.Sprintf("/world/%d", s.world.ID))
	if code != http.StatusOK {
		t.Fatalf("the observer's Castle page: status %d", code)
	}
	defer func() {
		for i, hand := range f.GetHands() {
			if hand != "" && !strings.Contains(page, hand) {
				t.Errorf("the observer's page lacks city %d's hand %q", i, hand)
			}
		}
		checkCastleJournal(t, page)
	}()
	// The draft's form as it stands is a valid draft: each card once.
	drafter := -1
	for range 12 {
		for c := range 4 {
			if v := s.view(t, c).GetCastle(); v.GetStep() == "draft" && v.GetActs() {
				drafter = c
			}
		}
		if drafter >= 0 {
			break
		}
		s.playDay(t, s.allCamps()...)
	}
	if drafter < 0 {
		t.Fatal("no city drafted in 12 days")
	}
	cl := s.client(t, s.world.Tokens[drafter])
	form, _ := s.get(t, cl, "/camp")
	draft := regexp.MustCompile(`(?s)<input type="hidden" name="action" value="draft">.*?</form>`).FindString(form)
	vals := url.Values{"action": {"draft"}, "csrf": {csrfField.FindStringSubmatch(form)[1]}}
	for _, m := range regexp.MustCompile(`(?s)<select name="(a\d)"[^>]*>.*?<option value="(\d+)" selected>`).FindAllStringSubmatch(draft, -1) {
		vals.Set(m[1], m[2])
	}
	resp, err := cl.PostForm(s.http.URL+"/camp/order", vals)
	if err != nil {
		t.Fatal(err)
	}
	after := readAll(t, resp)
	resp.Body.Close()
	if !strings.Contains(after, "Order accepted") {
		t.Errorf("the draft form's defaults %v were refused: %s", vals, regexp.MustCompile(`(?s)<pre class="flash"[^>]*>.*?</pre>`).FindString(after))
	}
	f = s.frame(t).GetCastle()
	page, _ = s.get(t, s.client(t, s.srv.AdminToken), fmt.Sprintf("/world/%d", s.world.ID))
}

// journalEntry is a line of a page's journal: its camp's colour class,
// day, the camps it is attributed to, narration and why.
var journalEntry = regexp.MustCompile(`<article class="entry ([^"]+)"><p><span class="d">([^<]+)</span> <b>([^<]+)</b> (.*?)</p>(?:<p class="why">(.*?)</p>)?</article>`)

// checkCastleJournal checks the journal of a Castle observer's page: the
// Castle writes each public event in every city's journal, and the page
// shows it once, attributed to every city.
func checkCastleJournal(t *testing.T, page string) {
	t.Helper()
	lines := journalEntry.FindAllStringSubmatch(page, -1)
	if len(lines) == 0 {
		t.Fatal("the observer's Castle page has no journal line")
	}
	seen, public := map[[3]string]int{}, 0
	for _, m := range lines {
		seen[[3]string{m[2], m[4], m[5]}]++
		if m[3] == "every city" {
			public++
			if m[1] != "all" {
				t.Errorf("a public event in the colours of %q", m[1])
			}
		}
	}
	for k, n := range seen {
		if n > 1 {
			t.Errorf("the observer's journal shows %q %d times; want once", k, n)
		}
	}
	if public == 0 {
		t.Errorf("no line of the observer's journal (%d lines) is every city's", len(lines))
	}
	t.Logf("the observer's Castle journal: %d lines, %d public", len(lines), public)
}
