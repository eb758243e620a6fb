package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestCampPlays has camp 0 sign in with its token in the browser, post an
// order through the menu's form with a reason, and see it applied once the
// day is played, the page following the day by itself.
func TestCampPlays(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 5, SeasonLength: 100}, 250*time.Millisecond)
	s.post(t, 1)
	s.post(t, 2)
	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	if loc := browsertest.Eval[string](t, ctx, `location.pathname`); loc != "/camp" {
		t.Fatalf("signed in to %q; want /camp", loc)
	}
	if cookie := browsertest.Eval[string](t, ctx, `document.cookie`); strings.Contains(cookie, "gvc_") {
		t.Errorf("the token is readable by scripts: %q", cookie)
	}
	// The first action with a choice to make: explore a zone.
	form := `form.act:has(input[name=action][value=explore])`
	choice := browsertest.Eval[string](t, ctx, `document.querySelector('`+form+` select[name=a0]').value`)
	browsertest.Do(t, ctx,
		chromedp.SendKeys(browsertest.CSS(form+` input[name=reason]`), "<b>voir</b> plus loin"),
		chromedp.Click(browsertest.CSS(form+` button:not([formaction])`)),
	)
	browsertest.WaitFor(t, ctx, flashSays("Order"), 20*time.Second)
	flash := browsertest.Eval[string](t, ctx, `document.querySelector('pre.flash').textContent`)
	if !strings.Contains(flash, "Order accepted for day 1: explore "+choice) {
		t.Fatalf("flash %q; want the order accepted", flash)
	}
	// Every camp has posted: the day resolves; the page follows it.
	browsertest.WaitFor(t, ctx, `document.body.dataset.day === '1'`, 10*time.Second)
	result := browsertest.Eval[string](t, ctx, `document.querySelector('.result').textContent`)
	if !strings.Contains(result, "explore "+choice) || !strings.Contains(result, "applied") {
		t.Errorf("result %q; want explore %s applied", result, choice)
	}
	if !strings.Contains(result, "<b>voir</b>") || browsertest.Eval[int](t, ctx, `document.querySelectorAll('.result b').length`) != 0 {
		t.Errorf("the reason the player wrote was not shown as text: %q", result)
	}
	v := s.view(t, 0)
	if r := v.GetLastResult(); r.GetOrder().GetAction() != "explore" || r.GetStatus() != pb.OrderStatus_ORDER_STATUS_APPLIED {
		t.Errorf("the server's last result %v; want explore applied", r)
	}
}

// flashSays is a script true once the page's message holds text.
func flashSays(text string) string {
	return fmt.Sprintf(`document.readyState === 'complete' && (document.querySelector('pre.flash') || {textContent: ''}).textContent.includes(%q)`, text)
}

// TestWithoutJavaScript checks that with JavaScript off the observer's and
// the camp's pages are complete and the order form posts.
func TestWithoutJavaScript(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 6, SeasonLength: 100}, 250*time.Millisecond)
	for range 3 {
		s.playDay(t, s.allCamps()...)
	}
	admin := browsertest.Start(t, false)
	browsertest.SignIn(t, admin, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, admin, chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)), chromedp.WaitVisible(browsertest.CSS(`#map`)))
	if n := browsertest.Eval[int](t, admin, `document.querySelectorAll('#map g.z').length`); n != 91 {
		t.Errorf("observer without JavaScript: %d zones; want 91", n)
	}
	if browsertest.Eval[bool](t, admin, `document.documentElement.classList.contains('js')`) {
		t.Fatal("the page's script ran: JavaScript is not off")
	}
	browsertest.Do(t, admin, chromedp.Click(browsertest.CSS(`label[for=tab-people]`)))
	if !browsertest.Eval[bool](t, admin, `getComputedStyle(document.querySelector('.p-people')).display === 'block'`) {
		t.Error("the people tab does not open without JavaScript")
	}
	camp := admin
	browsertest.SignOut(t, camp)
	browsertest.SignIn(t, camp, s.http.URL, s.world.Tokens[0])
	if n := browsertest.Eval[int](t, camp, `document.querySelectorAll('#map g.z').length`); n != 91 {
		t.Errorf("camp page without JavaScript: %d zones; want 91", n)
	}
	browsertest.Do(t, camp, chromedp.Click(browsertest.CSS(`form.act:has(input[name=action][value=rest]) button:not([formaction])`)))
	browsertest.WaitFor(t, camp, flashSays("Order"), 20*time.Second)
	if flash := browsertest.Eval[string](t, camp, `document.querySelector('pre.flash').textContent`); !strings.Contains(flash, "Order accepted for day 4: rest") {
		t.Errorf("flash %q; want rest accepted", flash)
	}
	if o := s.view(t, 0).GetPendingOrder(); o.GetAction() != "rest" {
		t.Errorf("pending order %v; want rest", o)
	}
	browsertest.Do(t, camp, chromedp.Click(browsertest.CSS(`form.act:has(input[name=action][value=chop_wood]) button[formaction]`)))
	browsertest.WaitFor(t, camp, flashSays("Standing order set: chop_wood"), 20*time.Second)
	if o := s.view(t, 0).GetStandingOrder(); o.GetAction() != "chop_wood" {
		t.Errorf("standing order %v; want chop_wood", o)
	}
}

// Patterns of what a camp's page shows.
var (
	pageZone   = regexp.MustCompile(`<g class="z[^"]*" id="z\d+" data-zone="(\d+)"(?: data-owner="(-?\d+)" data-garrison="(\d+)")?`)
	pageColumn = regexp.MustCompile(`data-camp="(\d+)" data-from="(\d+)" data-to="(\d+)"`)
	pageSiege  = regexp.MustCompile(`<div class="siege [^"]*" data-zone="(\d+)"`)
	pageRing   = regexp.MustCompile(`<g class="z[^"]* sg" id="z\d+" data-zone="(\d+)"`)
	pageCamp   = regexp.MustCompile(`<tr class="o\d+"><td><i class="sw"></i>([^<(]+)`)
	pageMapDay = regexp.MustCompile(`id="map" class="map" data-day="(\d+)"`)
	atoi32     = func(s string) int32 { n, _ := strconv.Atoi(s); return int32(n) }
)

// TestFog plays a season with the bots and checks, each day, that what
// camp 1's page shows (zone holders and garrisons, columns, sieges,
// camps) is what its own view holds, and nothing more.
func TestFog(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 200}, DefaultPoll)
	const camp = 1
	cl := s.client(t, s.world.Tokens[camp])
	days, sieges := 0, 0
	for s.day(t) < 100 {
		page, code := s.get(t, cl, "/camp")
		v := s.view(t, camp)
		if code != http.StatusOK {
			t.Fatalf("day %d: camp page status %d", v.GetDay(), code)
		}
		if m := pageMapDay.FindStringSubmatch(page); m == nil || atoi32(m[1]) != v.GetDay() {
			t.Fatalf("day %d: page of another day (%v)", v.GetDay(), m)
		}
		checkFog(t, page, v)
		days++
		sieges += len(pageSiege.FindAllString(page, -1))
		s.playDay(t, s.allCamps()...)
	}
	t.Logf("%d days checked, %d siege cards shown", days, sieges)
}

// checkFog checks that page shows nothing beyond view v.
func checkFog(t *testing.T, page string, v *pb.CampView) {
	t.Helper()
	g := v.GetGrisonval()
	zones := map[int32]*pb.Zone{}
	for _, z := range g.GetZones() {
		zones[z.GetId()] = z
	}
	drawn := pageZone.FindAllStringSubmatch(page, -1)
	if len(drawn) != len(zones) {
		t.Errorf("day %d: %d zones drawn; the view has %d", v.GetDay(), len(drawn), len(zones))
	}
	for _, m := range drawn {
		z := zones[atoi32(m[1])]
		switch {
		case z == nil:
			t.Errorf("day %d: zone %s drawn, not in the view", v.GetDay(), m[1])
		case z.GetVisibility() == pb.Visibility_VISIBILITY_UNKNOWN && m[2] != "":
			t.Errorf("day %d: unknown zone %d drawn with a holder %s", v.GetDay(), z.GetId(), m[2])
		case z.GetVisibility() != pb.Visibility_VISIBILITY_UNKNOWN && (m[2] == "" || atoi32(m[2]) != z.GetOwner() || atoi32(m[3]) != z.GetGarrison()):
			t.Errorf("day %d: zone %d drawn as holder %q garrison %q; the view says %d, %d", v.GetDay(), z.GetId(), m[2], m[3], z.GetOwner(), z.GetGarrison())
		}
	}
	for _, m := range pageColumn.FindAllStringSubmatch(page, -1) {
		if atoi32(m[1]) != v.GetCamp() || !slices.ContainsFunc(g.GetColumns(), func(c *pb.Column) bool {
			return c.GetFromZone() == atoi32(m[2]) && c.GetToZone() == atoi32(m[3])
		}) {
			t.Errorf("day %d: column of camp %s from %s to %s shown, not in the view", v.GetDay(), m[1], m[2], m[3])
		}
	}
	known := map[int32]bool{}
	for _, sg := range g.GetSieges() {
		known[sg.GetZone()] = true
	}
	for _, z := range g.GetZones() {
		if z.GetBesieged() {
			known[z.GetId()] = true
		}
	}
	for _, re := range []*regexp.Regexp{pageSiege, pageRing} {
		for _, m := range re.FindAllStringSubmatch(page, -1) {
			if !known[atoi32(m[1])] {
				t.Errorf("day %d: siege of zone %s shown, not in the view", v.GetDay(), m[1])
			}
		}
	}
	names := map[string]bool{}
	for _, c := range g.GetCamps() {
		names[c.GetName()] = true
	}
	for _, m := range pageCamp.FindAllStringSubmatch(page, -1) {
		if !names[strings.TrimSpace(m[1])] {
			t.Errorf("day %d: camp %q shown, not in the view", v.GetDay(), m[1])
		}
	}
}

// TestSecurity checks the headers, the cookie, CSRF and cross-origin
// refusals, the escaping of what a player wrote, and that a camp's page
// shows nothing of another camp's orders.
func TestSecurity(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 8, SeasonLength: 100}, DefaultPoll)
	jar := s.client(t, "")
	csrf := s.csrf(t, jar)
	noRedirect := *jar
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := noRedirect.PostForm(s.http.URL+"/signin", url.Values{"token": {s.world.Tokens[0]}, "csrf": {csrf}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/camp" {
		t.Errorf("sign in: %d to %q; want 303 to /camp", resp.StatusCode, resp.Header.Get("Location"))
	}
	var sessionCookieSeen bool
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie {
			sessionCookieSeen = true
			if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" {
				t.Errorf("session cookie %+v; want HttpOnly, SameSite=Strict, Path=/", c)
			}
		}
		if strings.Contains(c.Value, s.world.Tokens[0]) {
			t.Errorf("cookie %s holds the token", c.Name)
		}
	}
	if !sessionCookieSeen {
		t.Error("no session cookie set at sign-in")
	}
	cl := jar
	page, _ := s.get(t, cl, "/camp")
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"} {
		r, _ := cl.Get(s.http.URL + "/camp")
		r.Body.Close()
		if r.Header.Get(h) == "" {
			t.Errorf("no %s header", h)
		}
		if h == "Content-Security-Policy" && (strings.Contains(r.Header.Get(h), "unsafe") || !strings.Contains(r.Header.Get(h), "script-src 'self'")) {
			t.Errorf("CSP %q; want scripts from the site only, nothing unsafe", r.Header.Get(h))
		}
	}
	if strings.Contains(page, "<script>") || strings.Contains(page, " style=") || strings.Contains(page, "onclick") {
		t.Error("the page has inline script or style")
	}
	csrf = csrfField.FindStringSubmatch(page)[1]
	post := func(form url.Values, header http.Header) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, s.http.URL+"/camp/order", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range header {
			req.Header[k] = v
		}
		r, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	rest := url.Values{"action": {"rest"}}
	for _, c := range []struct {
		what   string
		form   url.Values
		header http.Header
	}{
		{"without a CSRF token", rest, nil},
		{"with a wrong CSRF token", url.Values{"action": {"rest"}, "csrf": {"forged"}}, nil},
		{"from another site", url.Values{"action": {"rest"}, "csrf": {csrf}}, http.Header{"Origin": {"http://evil.example"}, "Sec-Fetch-Site": {"cross-site"}}},
	} {
		if code := post(c.form, c.header); code != http.StatusForbidden {
			t.Errorf("an order %s: status %d; want 403", c.what, code)
		}
		if o := s.view(t, 0).GetPendingOrder(); o != nil {
			t.Fatalf("an order %s was posted: %v", c.what, o)
		}
	}
	if code := post(url.Values{"action": {"rest"}, "csrf": {csrf}, "reason": {`<script>alert("x")</script>`}}, nil); code != http.StatusSeeOther {
		t.Fatalf("a good order: status %d; want 303", code)
	}
	page, _ = s.get(t, cl, "/camp")
	if strings.Contains(page, `<script>alert`) || !strings.Contains(page, `&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;`) {
		t.Error("the reason the player wrote is not escaped on the page")
	}
	// Camp 1's order and its reason never reach camp 0's page.
	if _, err := s.srv.Game.SubmitOrder(as(s.world.Tokens[1]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "chop_wood", Reason: "secret-of-camp-1"}}); err != nil {
		t.Fatal(err)
	}
	page, _ = s.get(t, cl, "/camp")
	if strings.Contains(page, "secret-of-camp-1") {
		t.Error("camp 0's page shows camp 1's order")
	}
	state, _ := s.get(t, cl, "/camp/state.json")
	if len(state) > 2<<10 || !strings.Contains(state, `"c0.food"`) || strings.Contains(state, `"c1.`) {
		t.Errorf("camp 0's state (%d bytes) %s; want its own counters only, under 2 KB", len(state), state)
	}
}
