package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestLanguage checks the pages' language (DESIGN decision 8): English by
// default; the form on every page keeps French in a cookie, without
// JavaScript, and goes back to the page; the camp's page, its answers to a
// form and the observer then speak French only, and every call to the
// server asks for it; a language the site does not know is refused in the
// visitor's language and changes nothing.
func TestLanguage(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t)
	world := srv.NewGame(t, testserver.Game{Seed: 7, SeasonLength: 100})
	var mu sync.Mutex
	asked := map[string]int{}
	record := func(ctx context.Context) {
		md, _ := metadata.FromOutgoingContext(ctx)
		mu.Lock()
		defer mu.Unlock()
		for _, l := range md.Get(pb.LangKey) {
			asked[l]++
		}
		if len(md.Get(pb.LangKey)) == 0 {
			asked[""]++
		}
	}
	conn, err := grpc.NewClient(srv.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
			record(ctx)
			return invoker(ctx, method, req, reply, cc, opts...)
		}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	face, err := New(Config{Conn: conn})
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(face)
	t.Cleanup(web.Close)
	s := &site{srv: srv, world: world, face: face, http: web}

	c := s.client(t, world.Tokens[0])
	english := []string{`<html lang="en">`, "Your order for day 1", "Sign out", "Columns on the march", "not posted: the standing order will play",
		"holder: you (", `placeholder="reason (optional)"`,
		// The codes of the wire named in the page's language: the season of
		// the year, the jobs of the people's panel.
		" · spring</small>", " farmer "}
	french := []string{`<html lang="fr">`, "Votre ordre pour le jour 1", "Se déconnecter", "Colonnes en marche", "non posté : l&#39;ordre permanent jouera",
		"détenteur : vous (", `placeholder="raison (facultative)"`,
		" · printemps</small>", " fermier "}
	check := func(page string, want, not []string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("the page has no %q", w)
			}
		}
		for _, w := range not {
			if strings.Contains(page, w) {
				t.Errorf("the page has %q, of the other language", w)
			}
		}
	}
	page, code := s.get(t, c, "/camp")
	if code != http.StatusOK {
		t.Fatalf("camp page: status %d", code)
	}
	check(page, english, french)
	if !strings.Contains(page, `action="/lang"`) || !strings.Contains(page, `name="back" value="/camp"`) {
		t.Fatal("the camp page has no language form coming back to it")
	}
	mu.Lock()
	if asked["en"] == 0 || asked["fr"] != 0 || asked[""] != 0 {
		t.Errorf("calls asked for %v; want English every time", asked)
	}
	mu.Unlock()

	noRedirect := *c
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	setLang := func(lang, back string) *http.Response {
		t.Helper()
		resp, err := noRedirect.PostForm(web.URL+"/lang", url.Values{"lang": {lang}, "back": {back}, "csrf": {s.csrf(t, c)}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := setLang("fr", "/camp"); resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/camp" {
		t.Fatalf("set French: %d to %q; want 303 to /camp", resp.StatusCode, resp.Header.Get("Location"))
	}
	mu.Lock()
	clear(asked)
	mu.Unlock()
	page, _ = s.get(t, c, "/camp")
	check(page, french, english)
	mu.Lock()
	if asked["fr"] == 0 || asked["en"] != 0 || asked[""] != 0 {
		t.Errorf("calls asked for %v; want French every time", asked)
	}
	mu.Unlock()

	resp, err := c.PostForm(web.URL+"/camp/order", url.Values{"action": {"rest"}, "reason": {"souffler"}, "csrf": {s.csrf(t, c)}})
	if err != nil {
		t.Fatal(err)
	}
	if body := readAll(t, resp); !strings.Contains(body, "Ordre accepté pour le jour 1 : rest (raison : souffler)") {
		t.Errorf("the order's answer is not in French:\n%.3000s", body)
	}
	resp.Body.Close()

	for _, tt := range []struct{ lang, back, want string }{
		{"de", "/camp", "Langue inconnue &#34;de&#34; : en (anglais) ou fr (français)."},
		{"", "/camp", "Langue inconnue &#34;&#34;"},
	} {
		resp := setLang(tt.lang, tt.back)
		body, _ := s.get(t, c, "/camp")
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "Votre ordre") {
			t.Errorf("language %q: status %d; want 400 and French kept", tt.lang, resp.StatusCode)
		}
		r, _ := noRedirect.PostForm(web.URL+"/lang", url.Values{"lang": {tt.lang}, "csrf": {s.csrf(t, c)}})
		if text := readAll(t, r); !strings.Contains(text, tt.want) {
			t.Errorf("language %q refused with:\n%.2000s\nwant %q", tt.lang, text, tt.want)
		}
		r.Body.Close()
	}
	for _, back := range []string{"//evil.example/", "https://evil.example/", "/\\evil.example"} {
		if resp := setLang("en", back); resp.Header.Get("Location") != "/" {
			t.Errorf("back %q: went to %q; want / (a path of this site only)", back, resp.Header.Get("Location"))
		}
	}
	if resp, err := c.PostForm(web.URL+"/lang", url.Values{"lang": {"fr"}}); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a form without its CSRF token: %v, %v; want 403", resp.StatusCode, err)
	}
	page, _ = s.get(t, c, "/camp")
	check(page, english[:4], french[:4])

	admin := s.client(t, srv.AdminToken)
	setAdmin := *admin
	setAdmin.CheckRedirect = noRedirect.CheckRedirect
	r, err := setAdmin.PostForm(web.URL+"/lang", url.Values{"lang": {"fr"}, "back": {fmt.Sprintf("/world/%d", world.ID)}, "csrf": {s.csrf(t, admin)}})
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	obs, code := s.get(t, admin, fmt.Sprintf("/world/%d", world.ID))
	if code != http.StatusOK {
		t.Fatalf("observer: status %d", code)
	}
	check(obs, []string{`<html lang="fr">`, "Diplomatie", "Colonnes en marche", "<dt>nourriture</dt>", "saison 1 · jour 0"},
		[]string{`<html lang="en">`, "Diplomacy", "Columns on the march", "<dt>food</dt>"})
}
