package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// grpcWords are words of the gRPC layer a browser user must never read.
var grpcWords = []string{"FailedPrecondition", "InvalidArgument", "PermissionDenied", "Unauthenticated", "ResourceExhausted",
	"error (", "erreur (", "not_allowed", "season_over", "season_closed", "args["}

// checkNoGRPCWords fails when text shows a word of the gRPC layer.
func checkNoGRPCWords(t *testing.T, what, text string) {
	t.Helper()
	for _, w := range grpcWords {
		if strings.Contains(text, w) {
			t.Errorf("%s shows %q to a browser user: %q", what, w, text)
		}
	}
}

// TestAnswerInView: after posting an order from the camp page the server's
// answer is in view, above the form it answers, with and without
// JavaScript (issue 31, item 3).
func TestAnswerInView(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 5, SeasonLength: 100}, time.Hour)
	for _, js := range []bool{true, false} {
		ctx := browsertest.Start(t, js)
		browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
		form := `form.act:has(input[name=action][value=explore])`
		browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(form+` button:not([formaction])`)))
		browsertest.WaitFor(t, ctx, `document.readyState === 'complete' && !!document.getElementById('answer')`, 20*time.Second)
		answer := browsertest.Eval[string](t, ctx, `document.getElementById('answer').textContent`)
		if !strings.Contains(answer, "Order accepted for day 1: explore") {
			t.Errorf("js %v: the answer %q; want the order accepted", js, answer)
		}
		top := browsertest.Eval[float64](t, ctx, `document.getElementById('answer').getBoundingClientRect().top`)
		bottom := browsertest.Eval[float64](t, ctx, `document.getElementById('answer').getBoundingClientRect().bottom`)
		height := browsertest.Eval[float64](t, ctx, `window.innerHeight`)
		if top < -1 || bottom > height {
			t.Errorf("js %v: the answer is out of view: from %v to %v in a window of %v", js, top, bottom, height)
		}
		if browsertest.Eval[string](t, ctx, `location.hash`) != "#answer" {
			t.Errorf("js %v: the post landed on %q; want #answer", js, browsertest.Eval[string](t, ctx, `location.hash`))
		}
	}
}

// TestClosedSeasonPages: once a season is closed the camp page says so and
// offers no form (order, standing, message, notebook), a post anyway is
// answered with a sentence in the player's language and no gRPC word, and
// the admin's observer page says "closed", with the chronicle's link
// (issue 31, item 6). The diplomacy tab names a camp not met by its
// number, never "(fallen)" (item 2).
func TestClosedSeasonPages(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 4, SeasonLength: 2}, time.Hour)
	c := s.client(t, s.world.Tokens[0])
	page, code := s.get(t, c, "/camp")
	if code != http.StatusOK || !strings.Contains(page, `action="/camp/order"`) {
		t.Fatalf("the running season's camp page: status %d, or no order form", code)
	}
	v := s.view(t, 0)
	for _, o := range v.GetGrisonval().GetCamps() {
		if o.GetMet() || !strings.Contains(page, fmt.Sprintf(`data-camp="%d"><td><i class="sw"></i>Camp %d <small>(not met yet`, o.GetCamp(), o.GetCamp())) {
			t.Errorf("camp %d (met %v) is not named by its number as not met in the diplomacy tab", o.GetCamp(), o.GetMet())
		}
	}
	if strings.Contains(page, "(fallen)") {
		t.Errorf("a live camp is called fallen on day 0")
	}
	if !strings.Contains(page, `<progress max="2" value="0" aria-label="days played"></progress> day 0 of 2`) {
		t.Errorf("the running season's tab has no progress of its days")
	}
	csrf := csrfField.FindStringSubmatch(page)[1]
	s.srv.ForceTick(t, s.world.ID)
	s.srv.ForceTick(t, s.world.ID)

	for _, l := range []string{"en", "fr"} {
		resp, err := c.PostForm(s.http.URL+"/lang", url.Values{"csrf": {csrf}, "lang": {l}, "back": {"/camp"}})
		if err != nil {
			t.Fatal(err)
		}
		page := readAll(t, resp)
		resp.Body.Close()
		for _, form := range []string{`action="/camp/order"`, `formaction="/camp/standing"`, `action="/camp/message"`, `action="/camp/notebook"`} {
			if strings.Contains(page, form) {
				t.Errorf("%s: the closed season's camp page offers %s", l, form)
			}
		}
		if n := strings.Count(page, `<tr class="o`); !strings.Contains(page, `<table class="ranking">`) || !strings.Contains(page, `<tr class="o0 self">`) || n < 3 {
			t.Errorf("%s: the closed season's tab has no ranking of its 3 camps, camp 0 marked (%d rows)", l, n)
		}
		closed := map[string]string{"en": "The season is closed: no more orders.", "fr": "La saison est close : plus aucun ordre."}[l]
		if !strings.Contains(page, closed) || !strings.Contains(page, fmt.Sprintf(`href="/chronicle/%d/1"`, s.world.ID)) {
			t.Errorf("%s: the camp page does not say the season is closed, with its chronicle", l)
		}
		// A post from a page loaded before the close.
		resp, err = c.PostForm(s.http.URL+"/camp/order", url.Values{"csrf": {csrf}, "action": {"explore"}, "a0": {"1"}})
		if err != nil {
			t.Fatal(err)
		}
		after := readAll(t, resp)
		resp.Body.Close()
		m := answerOf(after)
		if m == "" {
			t.Fatalf("%s: no answer to a post after the close", l)
		}
		checkNoGRPCWords(t, l+": the answer to a post after the close", m)
		want := map[string]string{"en": "Refused: ", "fr": "Refusé : "}[l]
		if !strings.HasPrefix(m, want) || !strings.HasSuffix(strings.TrimSpace(m), ".") {
			t.Errorf("%s: the answer %q; want a sentence starting %q", l, m, want)
		}
	}

	admin := s.client(t, s.srv.AdminToken)
	obs, code := s.get(t, admin, fmt.Sprintf("/world/%d", s.world.ID))
	if code != http.StatusOK || strings.Contains(obs, "· running") || !strings.Contains(obs, "· closed") ||
		!strings.Contains(obs, fmt.Sprintf(`href="/chronicle/%d/1">Its chronicle`, s.world.ID)) {
		t.Errorf("the observer of a closed season: status %d; want it closed, with its chronicle", code)
	}
}

// answerOf returns the text of the answer box of a camp page, unescaped.
func answerOf(page string) string {
	_, rest, ok := strings.Cut(page, `id="answer" role="status" tabindex="-1">`)
	if !ok {
		return ""
	}
	text, _, _ := strings.Cut(rest, "</pre>")
	return htmlText(text)
}

// htmlText unescapes the few entities html/template writes in text.
func htmlText(s string) string {
	return strings.NewReplacer("&#39;", "'", "&#34;", `"`, "&quot;", `"`, "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(s)
}

// TestLiveFigures: seed 000's live figures on the camp page and on the
// observer's banner, each as the camp's view or the frame says, in English
// and in French: the daily upkeep, the feats unlocked of 26, the research
// tier of 29 with its title, the food per inhabitant, civilians against
// soldiers and the age pyramid (issue 31, item 5).
func TestLiveFigures(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 6, SeasonLength: 100}, time.Hour)
	for range 12 {
		s.playDay(t, s.allCamps()...)
	}
	v := s.view(t, 0)
	g := v.GetGrisonval()
	if g.GetTiers() != 29 || g.GetAchievementsTotal() != 26 {
		t.Fatalf("the view's tree has %d tiers and %d achievements; want 29 and 26 (seed 000)", g.GetTiers(), g.GetAchievementsTotal())
	}
	ctx := browsertest.Start(t, false)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	text := func(sel string) string {
		return browsertest.Eval[string](t, ctx, `(document.querySelector('`+sel+`') || {textContent: ''}).textContent`)
	}
	for _, l := range []string{"en", "fr"} {
		if l != "en" {
			// English is the default: choosing it again would not wait
			// for the page it comes back to.
			setLanguage(t, ctx, l)
		}
		fig := viewFigures(map[string]lang.Lang{"en": lang.EN, "fr": lang.FR}[l], g)
		of := map[string]string{"en": " of ", "fr": " sur "}[l]
		if got, want := text(".figs .fig-feats"), fmt.Sprintf("%d%s26", len(g.GetAchievements()), of); got != want {
			t.Errorf("%s: feats %q; want %q", l, got, want)
		}
		tier := text(".figs .fig-tier")
		if !strings.Contains(tier, fmt.Sprintf("%d%s29", g.GetTier(), of)) || (g.GetTier() > 0 && (g.GetTierName() == "" || !strings.Contains(tier, g.GetTierName()))) {
			t.Errorf("%s: tier %q; want tier %d of 29 with its title %q", l, tier, g.GetTier(), g.GetTierName())
		}
		if got := text(".figs .fig-upkeep"); fig.Upkeep == "" || !strings.HasPrefix(got, fig.Upkeep) {
			t.Errorf("%s: upkeep %q; want %q", l, got, fig.Upkeep)
		}
		per := float64(g.GetResources().GetFood()) / float64(g.GetPopulation())
		want := fmt.Sprintf("%.1f", per)
		if l == "fr" {
			want = strings.Replace(want, ".", ",", 1)
		}
		if got := text(".figs .fig-foodper"); got != want {
			t.Errorf("%s: food per inhabitant %q; want %q", l, got, want)
		}
		if got, want := text(".figs .fig-arms"), fmt.Sprintf("%d / %d ", g.GetPopulation()-g.GetMenUnderArms(), g.GetMenUnderArms()); got != want {
			t.Errorf("%s: civilians / soldiers %q; want %q", l, got, want)
		}
		p := g.GetPeople()
		if got := text("svg.pyr title"); !strings.Contains(got, fmt.Sprint(p.GetElders())) || !strings.Contains(got, fmt.Sprintf("%d %s", p.GetChildren(), map[string]string{"en": "children", "fr": "enfants"}[l])) {
			t.Errorf("%s: the age pyramid says %q; want %d children, %d adults, %d elders", l, got, p.GetChildren(), p.GetAdults(), p.GetElders())
		}
		if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('svg.pyr rect').length`); n != 3 {
			t.Errorf("%s: the age pyramid has %d bars; want 3", l, n)
		}
		season := map[string]map[string]string{"en": {"spring": "spring", "summer": "summer", "autumn": "autumn", "winter": "winter"},
			"fr": {"spring": "printemps", "summer": "été", "autumn": "automne", "winter": "hiver"}}[l][g.GetYearSeason()]
		if head := text("h1 small"); season == "" || !strings.HasSuffix(head, " · "+season) {
			t.Errorf("%s: the heading %q; want the season of the year %q", l, head, season)
		}
		// The government in the page's language, as set_government names
		// it, not its code.
		lv, err := s.srv.Game.GetView(pb.WithLang(as(s.world.Tokens[0]), map[string]lang.Lang{"en": lang.EN, "fr": lang.FR}[l]), &pb.GetViewRequest{})
		if err != nil {
			t.Fatal(err)
		}
		for _, gf := range lv.GetGrisonval().GetGovernments() {
			if gf.GetCode() == lv.GetGrisonval().GetPolitics().GetGovernment() {
				if gov := text(".campc .gov"); !strings.HasPrefix(gov, gf.GetName()) {
					t.Errorf("%s: the government reads %q; want %q", l, gov, gf.GetName())
				}
			}
		}
	}

	// The resource bar stays in view at the bottom of the page, each
	// stock with tomorrow's change.
	browsertest.Eval[bool](t, ctx, `(window.scrollTo(0, document.body.scrollHeight), true)`)
	if top := browsertest.Eval[float64](t, ctx, `document.querySelector('.resbar').getBoundingClientRect().top`); top < -1 || top > 1 {
		t.Errorf("the resource bar is at %v once scrolled down; want at the top of the window", top)
	}
	bar := browsertest.Eval[string](t, ctx, `document.querySelector('.resbar').textContent`)
	for _, fl := range g.GetForecast().GetFlows() {
		if !strings.Contains(bar, fmt.Sprint(fl.GetStock())) {
			t.Errorf("the resource bar %q lacks %s's stock %d", bar, fl.GetResource(), fl.GetStock())
		}
	}

	browsertest.SignOut(t, ctx)
	browsertest.SignIn(t, ctx, s.http.URL, s.srv.AdminToken)
	setLanguage(t, ctx, "en")
	browsertest.Do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)))
	f := s.frame(t)
	for i, c := range f.GetGrisonval().GetCamps() {
		card := fmt.Sprintf(".camps .campc:nth-child(%d) ", i+1)
		if got, want := text(card+".fig-feats"), fmt.Sprintf("%d of 26", c.GetAchievements()); got != want {
			t.Errorf("observer, camp %d: feats %q; want %q", c.GetCamp(), got, want)
		}
		if got := text(card + ".fig-tier"); !strings.Contains(got, fmt.Sprintf("tier %d of 29", c.GetTier())) || !strings.Contains(got, c.GetTierName()) {
			t.Errorf("observer, camp %d: tier %q; want tier %d of 29 %s", c.GetCamp(), got, c.GetTier(), c.GetTierName())
		}
		if got, want := text(card+".fig-upkeep"), upkeepText(lang.EN, c.GetUpkeep()); want == "" || !strings.HasPrefix(got, want) {
			t.Errorf("observer, camp %d: upkeep %q; want %q", c.GetCamp(), got, want)
		}
		if got, want := text(card+".fig-arms"), fmt.Sprintf("%d / %d ", c.GetPopulation()-c.GetMenUnderArms(), c.GetMenUnderArms()); got != want {
			t.Errorf("observer, camp %d: civilians / soldiers %q; want %q", c.GetCamp(), got, want)
		}
	}
	// In French, each camp's government by its French name.
	setLanguage(t, ctx, "fr")
	ff, err := s.srv.Admin.GetFrame(pb.WithLang(s.srv.AdminContext(context.Background()), lang.FR), &pb.WorldRequest{WorldId: s.world.ID})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range ff.GetGrisonval().GetCamps() {
		if gov := text(fmt.Sprintf(".camps .campc:nth-child(%d) .gov", i+1)); c.GetGovernmentName() == "" || !strings.HasPrefix(gov, c.GetGovernmentName()) {
			t.Errorf("observer in French, camp %d: the government reads %q; want %q", c.GetCamp(), gov, c.GetGovernmentName())
		}
	}
}

// TestCastleThresholds: a Castle city's page and the observer's mark the
// thresholds of a fall on the cities' bars (civilians one step from 0 and
// from 10, army one step from 10: CAS-FALL), say them in a legend, mark a
// city one step from its fall, and name the cities in the journal as the
// table does (issue 31, item 7).
func TestCastleThresholds(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Ruleset: "castle", Camps: 4, Seed: 7}, time.Hour)
	for range 9 {
		s.playDay(t, s.allCamps()...)
	}
	ctx := browsertest.Start(t, false)
	v := s.view(t, 0)
	names := map[string]string{}
	for _, c := range v.GetCastle().GetCities() {
		names[fmt.Sprint(c.GetCamp())] = c.GetName()
	}
	check := func(what string, cities []*pb.CastleCity) {
		t.Helper()
		for i, c := range cities {
			row := fmt.Sprintf(`table.cities tr[data-camp="%d"]`, c.GetCamp())
			attrs := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('`+row+` meter')).map(m => [m.getAttribute('low'), m.getAttribute('high'), m.getAttribute('optimum')].join(','))`)
			if len(attrs) != 5 || attrs[3] != "2,8,5" || attrs[4] != "9,9,0" || attrs[0] != ",," {
				t.Errorf("%s, city %d: the meters' low, high, optimum %q; want civilians 2,8,5 and army 9,9,0, the others unmarked", what, i, attrs)
			}
			danger := c.GetFellTurn() == 0 && (c.GetCivilians() <= 1 || c.GetCivilians() >= 9 || c.GetArmy() >= 9)
			if got := browsertest.Eval[int](t, ctx, `document.querySelectorAll('`+row+` td.danger').length`) > 0; got != danger {
				t.Errorf("%s, city %d (civilians %d, army %d, fell %d): marked one step from a fall %v; want %v", what, i, c.GetCivilians(), c.GetArmy(), c.GetFellTurn(), got, danger)
			}
		}
		if legend := browsertest.Eval[string](t, ctx, `document.querySelector('.castle .legend').textContent`); !strings.Contains(legend, "A city falls at 0 or 10 civilians, or at 10 army") {
			t.Errorf("%s: the legend %q", what, legend)
		}
		journal := browsertest.Eval[string](t, ctx, `document.querySelector('.p-journal').textContent`)
		refs := regexp.MustCompile(`[Cc]ity (\d+)( \(([^)]*)\))?`).FindAllStringSubmatch(journal, -1)
		if len(refs) == 0 {
			t.Errorf("%s: the journal names no city", what)
		}
		for _, m := range refs {
			if m[3] != names[m[1]] {
				t.Errorf("%s: the journal says %q; want city %s named %q", what, m[0], m[1], names[m[1]])
			}
		}
	}
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	check("city 0's page", v.GetCastle().GetCities())
	browsertest.SignOut(t, ctx)
	browsertest.SignIn(t, ctx, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)))
	check("the observer's page", s.frame(t).GetCastle().GetCities())
}

// TestPlayByMap plays playByMapDays days of camp 0 from its page alone, with
// JavaScript off: each day it clicks on the map a zone that an action may
// take, which opens the zone's panel with that zone picked in the action's
// form, and posts it (or, on a day no action takes a zone, posts the first
// action of the grouped menu); the other camps' bots post through the
// server. Every order is accepted, its answer in view, and the season
// moves as many days (issue 31, item 4).
// playByMapDays are TestPlayByMap's days: two weeks, past the first
// days' openings (three page loads a day, the test's cost).
const playByMapDays = 14

func TestPlayByMap(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 8, SeasonLength: 100}, time.Hour)
	ctx := browsertest.Start(t, false)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	// Explore's zones, unknown land all, each says so: never a bare number.
	bare := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#orders form.act:has(input[name=action][value=explore]) select option')).map(o => o.textContent).filter(s => !s.includes(' · '))`)
	if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('#orders form.act:has(input[name=action][value=explore]) select option').length`); n == 0 || len(bare) > 0 {
		t.Errorf("explore's %d zones: %d without words: %q", n, len(bare), bare)
	}
	byMap, posted := 0, map[int32]string{}
	for day := int32(0); day < playByMapDays; day++ {
		v := s.view(t, 0)
		if v.GetDay() != day {
			t.Fatalf("the world is on day %d; want %d", v.GetDay(), day)
		}
		zone, action := int32(0), ""
		for _, a := range v.GetLegalActions() {
			for _, spec := range a.GetArgs() {
				if spec.GetKind() == pb.ArgKind_ARG_KIND_ZONE && len(spec.GetChoices()) > 0 && zone == 0 {
					zone, action = spec.GetChoices()[len(spec.GetChoices())/2], a.GetAction()
				}
			}
		}
		if zone > 0 {
			browsertest.Do(t, ctx, chromedp.ScrollIntoView(browsertest.CSS(fmt.Sprintf(`svg#map g#z%d`, zone))))
			browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(fmt.Sprintf(`svg#map a.zl:has(g#z%d)`, zone))))
			browsertest.WaitFor(t, ctx, fmt.Sprintf(`document.readyState === 'complete' && location.search === '?zone=%d' && !!document.getElementById('zone')`, zone), 20*time.Second)
			if top := browsertest.Eval[float64](t, ctx, `document.getElementById('zone').getBoundingClientRect().top`); top < -1 || top > 100 {
				t.Errorf("day %d: the zone's panel is at %v, out of view", day, top)
			}
			form := fmt.Sprintf(`#zone form.act:has(input[name=action][value=%s])`, action)
			picked := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('`+form+` select')).map(s => s.value)`)
			if !slicesContains(picked, fmt.Sprint(zone)) {
				t.Errorf("day %d: the panel's %s form has %v picked; want zone %d", day, action, picked, zone)
			}
			browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(form+` button:not([formaction])`)))
			byMap++
		} else {
			action = browsertest.Eval[string](t, ctx, `document.querySelector('#orders details.mgroup form.act input[name=action]').value`)
			browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`#orders details.mgroup form.act button:not([formaction])`)))
		}
		posted[day+1] = action
		browsertest.WaitFor(t, ctx, `document.readyState === 'complete' && !!document.getElementById('answer')`, 20*time.Second)
		answer := browsertest.Eval[string](t, ctx, `document.getElementById('answer').textContent`)
		if !strings.Contains(answer, fmt.Sprintf("Order accepted for day %d", day+1)) {
			t.Fatalf("day %d: the answer %q; want the order accepted", day, answer)
		}
		s.post(t, 1)
		s.post(t, 2)
		if !s.waitDay(t, day+1, 10*time.Second) {
			t.Fatalf("day %d did not resolve once every camp posted", day+1)
		}
		browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp"))
	}
	if byMap <= playByMapDays/2 {
		t.Errorf("%d of %d days played from the map; want most", byMap, playByMapDays)
	}
	var days []*pb.TickNotice
	for since := int32(1); since <= playByMapDays; {
		news, err := s.srv.Game.GetNews(as(s.world.Tokens[0]), &pb.GetNewsRequest{SinceDay: since})
		if err != nil {
			t.Fatal(err)
		}
		if len(news.GetDays()) == 0 {
			break
		}
		days = append(days, news.GetDays()...)
		since = news.GetDays()[len(news.GetDays())-1].GetDay() + 1
	}
	statuses := map[string]int{}
	for _, n := range days {
		r := n.GetResult()
		statuses[r.GetStatus().String()]++
		if want := posted[n.GetDay()]; r.GetOrder().GetAction() != want {
			t.Errorf("day %d played %v; want the %s posted from the page", n.GetDay(), r.GetOrder(), want)
		}
	}
	t.Logf("%d days played from the page, %d from the map; the orders' results: %v", playByMapDays, byMap, statuses)
	if len(days) != playByMapDays {
		t.Errorf("%d days of news; want %d", len(days), playByMapDays)
	}
}

// slicesContains says whether xs holds x.
func slicesContains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestNotifications: with JavaScript, the camp page offers notifications;
// once the player turns them on, a day resolved and a message received are
// told as browser notifications, in the page's language, and the page's
// title counts them until the player touches the page; without
// JavaScript no button shows (issue 31, item 4).
func TestNotifications(t *testing.T) {
	t.Parallel()
	// A world of counters: every camp has met every other, and may write.
	s := newSite(t, testserver.Game{Ruleset: "counters", Camps: 3, Seed: 9, SeasonLength: 20}, 200*time.Millisecond)
	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	setLanguage(t, ctx, "fr")
	// The browser's notifications, recorded: a headless browser shows none.
	browsertest.Eval[bool](t, ctx, `(() => { window.__notes = [];
		window.Notification = function (text) { window.__notes.push(text); };
		Notification.permission = 'granted';
		Notification.requestPermission = () => Promise.resolve('granted');
		return true; })()`)
	if hidden := browsertest.Eval[bool](t, ctx, `document.getElementById('notify').hidden`); hidden {
		t.Fatal("the notifications' button is hidden with JavaScript on")
	}
	browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`#notify button`)))
	browsertest.WaitFor(t, ctx, `document.querySelector('#notify button').textContent === 'Ne plus prévenir'`, 10*time.Second)
	// Let a poll pass, then the day resolves.
	time.Sleep(500 * time.Millisecond)
	s.playDay(t, s.allCamps()...)
	browsertest.WaitFor(t, ctx, `window.__notes.includes('Jour 1 résolu : à vous de jouer.')`, 10*time.Second)
	browsertest.WaitFor(t, ctx, `document.title.startsWith('(1) ')`, 10*time.Second)
	if _, err := s.srv.Game.SendMessage(as(s.world.Tokens[1]), &pb.SendMessageRequest{ToCamp: 0, Text: "salut"}); err != nil {
		t.Fatal(err)
	}
	s.playDay(t, s.allCamps()...)
	browsertest.WaitFor(t, ctx, `window.__notes.includes('Un message pour votre camp.')`, 10*time.Second)
	browsertest.WaitFor(t, ctx, `document.title.startsWith('(3) ')`, 10*time.Second)
	// The player touches the page: a key pressed (a click would race the
	// live swap, which replaces the content's nodes as the days pass).
	browsertest.Do(t, ctx, chromedp.KeyEvent(kb.Escape))
	browsertest.WaitFor(t, ctx, `!/^\(\d+\) /.test(document.title)`, 10*time.Second)

	// A world whose day lasts 61 s: its deadline is a minute away almost
	// at once, and camp 0 has posted nothing.
	admin := s.srv.AdminContext(context.Background())
	soon, err := s.srv.Admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "soon", Seed: 3, Cadence: durationpb.New(61 * time.Second),
		SeasonLength: 5, Ruleset: "counters", Camps: 2, Controllers: []*pb.Controller{{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}, {Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}}})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.srv.Admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: soon.GetId(), Camp: 0})
	if err != nil {
		t.Fatal(err)
	}
	// This player turned notifications on before (the choice is kept in
	// the browser): the page's first look at the state, under a minute
	// from the deadline as soon as the world exists, must tell it.
	late := browsertest.Start(t, true)
	if _, err := chromedp.Call(late, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__notes = [];
		window.Notification = function (text) { window.__notes.push(text); };
		Notification.permission = 'granted';
		Notification.requestPermission = () => Promise.resolve('granted');
		try { localStorage.setItem('gv-notify', 'on'); } catch (e) {}`}); err != nil {
		t.Fatal(err)
	}
	browsertest.SignIn(t, late, s.http.URL, tok.GetToken())
	browsertest.WaitFor(t, late, `window.__notes.includes('The deadline is a minute away and you have posted nothing.')`, 15*time.Second)
	if n := browsertest.Eval[int](t, late, `window.__notes.length`); n != 1 {
		t.Errorf("the deadline near was told %d times; want once", n)
	}

	off := browsertest.Start(t, false)
	browsertest.SignIn(t, off, s.http.URL, s.world.Tokens[0])
	if !browsertest.Eval[bool](t, off, `document.getElementById('notify').hidden`) {
		t.Error("without JavaScript, the notifications' button shows")
	}
}
