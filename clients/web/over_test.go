package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
)

// TestCastleOverPage: a Castle whose game ended by a fall (rule CAS-WIN)
// before its season's last day shows it on every city's camp page, in
// both languages: the winner above the page and at the end of the journal
// (the city named as the table names it), and no order form; in the
// browser (chromium), the fallen city sees the winner above its page.
func TestCastleOverPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Ruleset: "castle", Camps: 2, Seed: 5, SeasonLength: 400}, time.Hour)
	v := s.srv.EndCastle(t, s.world, 0, 400)
	name := v.GetCastle().GetCities()[0].GetName()
	want := map[string][2]string{
		"en": {"The game is over: you won, the last city standing.", "The game is over: city 0 (" + name + ") won, the last city standing."},
		"fr": {"La partie est finie : vous avez gagné, dernière cité debout.", "La partie est finie : la cité 0 (" + name + ") a gagné, dernière cité debout."},
	}
	for camp := range 2 {
		c := s.client(t, s.world.Tokens[camp])
		page, code := s.get(t, c, "/camp")
		if code != http.StatusOK {
			t.Fatalf("city %d's camp page: status %d", camp, code)
		}
		csrf := csrfField.FindStringSubmatch(page)[1]
		for _, l := range []string{"en", "fr"} {
			resp, err := c.PostForm(s.http.URL+"/lang", url.Values{"csrf": {csrf}, "lang": {l}, "back": {"/camp"}})
			if err != nil {
				t.Fatal(err)
			}
			page := readAll(t, resp)
			resp.Body.Close()
			w := want[l][camp]
			if !strings.Contains(page, `<b class="winner">`+w+`</b>`) {
				t.Errorf("%s, city %d: the page does not say %q above it", l, camp, w)
			}
			if !strings.Contains(page, "</span> "+w+"</p></article>") {
				t.Errorf("%s, city %d: the journal does not end with %q", l, camp, w)
			}
			for _, form := range []string{`action="/camp/order"`, `action="/camp/standing"`} {
				if strings.Contains(page, form) {
					t.Errorf("%s, city %d: the page of a game over offers %s", l, camp, form)
				}
			}
		}
	}

	// In the browser, the fallen city reads it at the top of its page and
	// at the end of its journal's tab, with no form to post an order.
	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[1])
	w := want["en"][1]
	if got := browsertest.Eval[string](t, ctx, `(() => { const b = document.querySelector('.status.over b.winner'); return b && b.offsetParent ? b.textContent : ''; })()`); got != w {
		t.Errorf("browser: the winner above the page is %q; want %q, visible", got, w)
	}
	if got := browsertest.Eval[string](t, ctx, `(() => { const e = [...document.querySelectorAll('.p-journal article.entry')].pop(); return e && e.offsetParent ? e.textContent : ''; })()`); !strings.HasSuffix(got, w) {
		t.Errorf("browser: the journal's last entry is %q; want it to end with %q, visible", got, w)
	}
	if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('form[action="/camp/order"], form[action="/camp/standing"]').length`); n != 0 {
		t.Errorf("browser: %d order forms on the page of a game over; want none", n)
	}
}
