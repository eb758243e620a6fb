package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
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
