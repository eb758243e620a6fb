package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/internal/browsertest"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// spectators returns the names of world 1's spectator tokens and the
// number of its seats' tokens, from the server.
func (s *site) spectators(t *testing.T) (names []string, seats int) {
	t.Helper()
	toks, err := s.srv.Admin.ListTokens(s.srv.AdminContext(context.Background()), &pb.ListTokensRequest{WorldId: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range toks.GetTokens() {
		if tk.GetSpectator() != "" {
			names = append(names, tk.GetSpectator())
		} else {
			seats++
		}
	}
	return names, seats
}

// TestSpectatorConsole: on a world's console page, in chromium without
// JavaScript, an admin issues a spectator token by name, shown once with
// what its holder does with it, then listed by name apart from the seats'
// tokens; a second of the same name waits for a confirmation; a form
// without a name or with a name the server refuses draws the page again
// with the words beside the field, issuing nothing (an empty name never
// reaches the server, where it would mean camp 0's token); the
// revocation is confirmed first, then the token is refused by the server.
// The section is in French too. With -console-shots DIR it writes
// docs/admin.md's picture of the section.
func TestSpectatorConsole(t *testing.T) {
	s := consoleSite(t)
	b := browsertest.Start(t, false)
	browsertest.SignIn(t, b, s.http.URL, s.srv.AdminToken)
	text := func() string { return browsertest.Eval[string](t, b, `document.body.innerText`) }
	submit := func(sel string) {
		t.Helper()
		browsertest.Eval[string](t, b, `document.body.dataset.left = 'yes'`)
		browsertest.Do(t, b, chromedp.Click(browsertest.CSS(sel)))
		browsertest.WaitFor(t, b, `document.readyState === 'complete' && !!document.body && document.body.dataset.left !== 'yes'`, 20*time.Second)
	}
	world := s.http.URL + "/console/world/1"
	browsertest.Do(t, b, chromedp.Navigate(world), chromedp.WaitVisible(browsertest.CSS(`#spectator`)))
	if got := text(); !strings.Contains(got, "No spectator token for this world.") || !strings.Contains(got, "A spectator token (gvs_…) watches this world") {
		t.Errorf("the world's page before any spectator token: got\n%s", got)
	}
	_, seats := s.spectators(t)
	browsertest.Do(t, b, chromedp.SetValue(browsertest.CSS(`#spectator input[name=name]`), "Big screen"))
	submit(`#spectator button`)
	tok := browsertest.Eval[string](t, b, `document.getElementById('token').textContent`)
	if !strings.HasPrefix(tok, "gvs_") {
		t.Fatalf("the token shown: got %q; want a gvs_ token", tok)
	}
	if got := text(); !strings.Contains(got, `The token of the spectator "Big screen" of world 1. Copy it now`) || !strings.Contains(got, "lands on the world's observer page") {
		t.Errorf("the token's page: got\n%s", got)
	}
	if _, err := s.srv.Game.GetFrame(as(tok), &pb.GetFrameRequest{}); err != nil {
		t.Errorf("the token shown: GetFrame got %v; want the frame", err)
	}
	browsertest.Do(t, b, chromedp.Navigate(world), chromedp.WaitVisible(browsertest.CSS(`#spectator`)))
	if n := browsertest.Eval[int](t, b, `document.querySelectorAll('tr[data-spectator="Big screen"]').length + 10*document.querySelectorAll('.tokens tr[data-camp="-1"]').length`); n != 1 {
		t.Errorf("the world's page lists the spectator %d times in its table and %d among the seats; want once, and never among the seats", n%10, n/10)
	}
	if *consoleShots != "" {
		png, err := chromedp.Run(b, chromedp.Screenshot(browsertest.CSS(`#spectators`)))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*consoleShots, "console-spectators.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if names, n := s.spectators(t); len(names) != 1 || n != seats {
		t.Errorf("tokens after the issue: spectators %v, %d seats; want Big screen, %d seats", names, n, seats)
	}

	// The same name again: confirmed first; the first token keeps working
	// until then.
	browsertest.Do(t, b, chromedp.SetValue(browsertest.CSS(`#spectator input[name=name]`), "Big screen"))
	submit(`#spectator button`)
	if got := text(); !strings.Contains(got, `World 1 has a spectator token called "Big screen": a new one replaces it`) {
		t.Errorf("a second token of the name: got\n%s\nwant its confirmation", got)
	}
	if _, err := s.srv.Game.GetFrame(as(tok), &pb.GetFrameRequest{}); err != nil {
		t.Errorf("the first token before the confirmation: %v", err)
	}

	// Refused names, posted as a browser without the form's checks would.
	admin := s.client(t, s.srv.AdminToken)
	csrf := s.csrf(t, admin)
	for _, tt := range []struct{ name, want string }{
		{"", "A spectator token needs its holder&#39;s name."},
		{"two\nlines", "spectator holds the character U&#43;000A"},
		{"   ", "spectator must name the token&#39;s holder"},
	} {
		resp, err := admin.PostForm(world, url.Values{"csrf": {csrf}, "action": {"spectator"}, "name": {tt.name}})
		if err != nil {
			t.Fatal(err)
		}
		body := readAll(t, resp)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, `class="ferr"`) || !strings.Contains(body, tt.want) {
			t.Errorf("the name %q: got %d; want 400 with %q beside the field", tt.name, resp.StatusCode, tt.want)
		}
	}
	if names, n := s.spectators(t); len(names) != 1 || n != seats {
		t.Errorf("tokens after the refusals: spectators %v, %d seats; want Big screen alone, %d seats (nothing issued)", names, n, seats)
	}
	resp, err := admin.PostForm(world, url.Values{"csrf": {csrf}, "action": {"revoke-spectator"}, "name": {""}, "confirm": {"yes"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, n := s.spectators(t); resp.StatusCode != http.StatusBadRequest || n != seats {
		t.Errorf("a revocation without a name: got %d, %d seats' tokens; want 400, %d", resp.StatusCode, n, seats)
	}

	// In French.
	fr := s.client(t, s.srv.AdminToken)
	setLang(t, s, fr, "fr")
	if body, _ := s.get(t, fr, "/console/world/1"); !strings.Contains(body, "Jetons de spectateur") || !strings.Contains(body, "Émettre un jeton de spectateur pour") {
		t.Errorf("the world's page in French lacks the spectator section")
	}

	// The revocation, confirmed first.
	browsertest.Do(t, b, chromedp.Navigate(world), chromedp.WaitVisible(browsertest.CSS(`#spectator`)))
	submit(`tr[data-spectator="Big screen"] button`)
	if got := text(); !strings.Contains(got, `Revoke "Big screen"'s spectator token of world 1`) {
		t.Fatalf("the revocation: got\n%s\nwant its confirmation", got)
	}
	if names, _ := s.spectators(t); len(names) != 1 {
		t.Errorf("before the confirmation: spectators %v; want Big screen still", names)
	}
	submit(`#confirm`)
	if got := text(); !strings.Contains(got, `Spectator token "Big screen" revoked.`) || !strings.Contains(got, "No spectator token for this world.") {
		t.Errorf("the revocation confirmed: got\n%s", got)
	}
	if _, err := s.srv.Game.GetFrame(as(tok), &pb.GetFrameRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("the revoked token: GetFrame got %v; want Unauthenticated", err)
	}
}

// setLang chooses the language l for c's pages through the header's form.
func setLang(t *testing.T, s *site, c *http.Client, l string) {
	t.Helper()
	resp, err := c.PostForm(s.http.URL+"/lang", url.Values{"csrf": {s.csrf(t, c)}, "lang": {l}, "back": {"/"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}

// TestSpectatorSignIn: a spectator token signs in, in chromium with
// JavaScript, to its world's observer page: the public frame (the map,
// every camp's banner), a word that it watches as a spectator, no camp's
// or console's link, and the page follows the days as they are played
// (polled). Its camp's pages and forms are refused with a sentence that
// says what the token opens (and the server refuses its camp calls);
// another world's page is refused; the pages are in French too; a revoked
// token's next page asks to sign in again. axe finds no serious
// accessibility fault on the page. With -shots DIR it writes docs/web.md's
// picture of the page.
func TestSpectatorSignIn(t *testing.T) {
	s := consoleSitePolling(t, 200*time.Millisecond)
	ctx := s.srv.AdminContext(context.Background())
	tok, err := s.srv.Admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: 1, Spectator: "Big screen"})
	if err != nil {
		t.Fatal(err)
	}
	spec := tok.GetToken()
	b := browsertest.Start(t, true)
	browsertest.SignIn(t, b, s.http.URL, spec)
	if at := browsertest.Eval[string](t, b, `location.pathname`); at != "/world/1" {
		t.Fatalf("a spectator signed in lands on %s; want /world/1", at)
	}
	browsertest.Do(t, b, chromedp.WaitVisible(browsertest.CSS(`#map`)))
	s.world.ID = 1 // the development world
	f := s.frame(t)
	got := browsertest.Eval[string](t, b, `document.body.innerText`)
	for _, w := range []string{"World 1", fmt.Sprintf("day %d", f.GetDay()), "the public frame", "You watch this world as a spectator", "the world you watch"} {
		if !strings.Contains(got, w) {
			t.Errorf("the spectator's page lacks %q; it reads:\n%s", w, got)
		}
	}
	for _, c := range f.GetCamps() {
		if !strings.Contains(got, c.GetName()) {
			t.Errorf("the spectator's page lacks camp %q", c.GetName())
		}
	}
	if n := browsertest.Eval[int](t, b, `document.querySelectorAll('a[href^="/camp"], a[href^="/console"], form[action^="/camp"]').length`); n != 0 {
		t.Errorf("the spectator's page has %d camp or console links and forms; want none", n)
	}
	checkAxe(t, b, "the spectator's page")
	if *shots != "" {
		browsertest.Screenshot(t, b, filepath.Join(*shots, "spectator.png"), 1100)
	}
	if href := browsertest.Eval[string](t, b, `document.getElementById('watching').getAttribute('href')`); href != "/watch" {
		t.Errorf("the header's link: got %q; want /watch", href)
	}
	// Live: a day played shows without a reload.
	day := s.srv.ForceTick(t, 1)
	browsertest.WaitFor(t, b, fmt.Sprintf(`document.querySelector('h1').innerText.includes('day %d')`, day), 20*time.Second)
	// The header's link leads back to the world.
	browsertest.Do(t, b, chromedp.Navigate(s.http.URL+"/watch"), chromedp.WaitVisible(browsertest.CSS(`#spectator`)))
	if at := browsertest.Eval[string](t, b, `location.pathname`); at != "/world/1" {
		t.Errorf("/watch led to %s; want /world/1", at)
	}

	// A camp's pages and forms, and another world.
	c := s.client(t, spec)
	for _, path := range []string{"/camp", "/camp/feats"} {
		if body, code := s.get(t, c, path); code != http.StatusForbidden || !strings.Contains(body, "Your token is a spectator&#39;s (gvs_…): it watches its world&#39;s public frame and plays no camp.") {
			t.Errorf("%s: got %d; want 403 saying what a spectator's token opens", path, code)
		}
	}
	resp, err := c.PostForm(s.http.URL+"/camp/order", url.Values{"csrf": {s.csrf(t, c)}, "action": {"rest"}})
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "plays no camp") {
		t.Errorf("an order posted: got %d; want 403 saying what a spectator's token opens", resp.StatusCode)
	}
	if _, err := s.srv.Game.SubmitOrder(as(spec), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}}); status.Code(err) != codes.PermissionDenied ||
		!strings.Contains(status.Convert(err).Message(), "this call needs a camp token") {
		t.Errorf("the server, an order with a spectator's token: got %v; want PermissionDenied saying it needs a camp token", err)
	}
	if body, code := s.get(t, c, "/world/99"); code != http.StatusForbidden || !strings.Contains(body, "A spectator&#39;s token watches one world, and world 99 is not it") {
		t.Errorf("another world's page: got %d; want 403 saying a spectator's token watches one world", code)
	}
	if body, code := s.get(t, c, "/world/1/state.json"); code != http.StatusOK || !strings.Contains(body, fmt.Sprintf(`"day":%d`, day)) {
		t.Errorf("the page's state: got %d %s; want day %d", code, body, day)
	}

	// In French.
	setLang(t, s, c, "fr")
	if body, _ := s.get(t, c, "/world/1"); !strings.Contains(body, "Vous suivez ce monde en spectateur") || !strings.Contains(body, "le monde que vous suivez") || !strings.Contains(body, "Monde 1") {
		t.Errorf("the spectator's page in French lacks its words")
	}
	if body, _ := s.get(t, c, "/camp"); !strings.Contains(body, "Votre jeton est celui d&#39;un spectateur") {
		t.Errorf("the camp's page refused in French lacks its words")
	}

	// Revoked: the next page asks to sign in again.
	if _, err := s.srv.Admin.RevokeToken(ctx, &pb.RevokeTokenRequest{WorldId: 1, Spectator: "Big screen"}); err != nil {
		t.Fatal(err)
	}
	if _, code := s.get(t, c, "/world/1"); code != http.StatusUnauthorized {
		t.Errorf("a revoked spectator's page: got %d; want 401", code)
	}
	if body, _ := s.get(t, c, "/"); strings.Contains(body, `action="/signout"`) {
		t.Errorf("after the revocation the session goes on; want it ended")
	}
}
