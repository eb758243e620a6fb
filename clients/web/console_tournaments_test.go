package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
)

// TestConsoleNoArena: on a plain grisonvald (no arena), the console's
// tournaments say in a sentence, in both languages, where tournaments
// are served, with no form and no gRPC error; a plan posted anyway is
// refused with that sentence and plans nothing. (The tournaments over a
// real arena: server/cmd/internal/arena's TestConsoleTournaments.)
func TestConsoleNoArena(t *testing.T) {
	s := consoleSite(t)
	b := browsertest.Start(t, false)
	browsertest.SignIn(t, b, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, b, chromedp.Navigate(s.http.URL+"/console"), chromedp.WaitVisible(browsertest.CSS(`nav.cnav`)),
		chromedp.Click(browsertest.CSS(`nav.cnav a[href="/console/tournaments"]`)))
	browsertest.WaitFor(t, b, `location.pathname === '/console/tournaments' && document.readyState === 'complete' && !!document.querySelector('#noarena')`, 20e9)
	text := browsertest.Eval[string](t, b, `document.body.innerText`)
	if !strings.Contains(text, "This server runs no arena: tournaments are planned, played and rated by grisonval-arena") {
		t.Errorf("the tournaments of a server without an arena read:\n%s", text)
	}
	if strings.Contains(text, "FailedPrecondition") || strings.Contains(text, "could not answer") || browsertest.Eval[bool](t, b, `!!document.querySelector('#plan')`) {
		t.Errorf("the page shows an error or a planning form:\n%s", text)
	}

	c := s.client(t, s.srv.AdminToken)
	if body, code := s.get(t, c, "/console/tournament/spring"); code != http.StatusOK || !strings.Contains(body, `id="noarena"`) {
		t.Errorf("a tournament's page without an arena: %d; want 200 with the sentence", code)
	}
	resp, err := c.PostForm(s.http.URL+"/console/tournaments", url.Values{"csrf": {s.csrf(t, c)}, "spec": {`{"name": "spring"}`}})
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "Nothing was planned.") || !strings.Contains(body, `id="noarena"`) {
		t.Errorf("a plan without an arena: %d; want 400 saying the server runs no arena", resp.StatusCode)
	}
	// In French.
	resp, err = c.PostForm(s.http.URL+"/lang", url.Values{"lang": {"fr"}, "csrf": {s.csrf(t, c)}, "back": {"/console/tournaments"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if body, _ := s.get(t, c, "/console/tournaments"); !strings.Contains(body, "Ce serveur ne fait tourner aucune arène") || !strings.Contains(body, "Les tournois de l&#39;arène") {
		t.Errorf("the tournaments in French lack their sentence")
	}
}
