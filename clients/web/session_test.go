package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSessions checks N7 of issue 34: signing in opens a session of the
// face, whose cookie holds a random id, never the token; a session cookie
// replayed after sign-out, or after the token was re-issued (the old one
// revoked), opens nothing, and the face then clears it.
func TestSessions(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 5, SeasonLength: 100}, DefaultPoll)
	base, _ := url.Parse(s.http.URL)
	sessionOf := func(c *http.Client) *http.Cookie {
		t.Helper()
		var found *http.Cookie
		for _, ck := range c.Jar.Cookies(base) {
			if strings.Contains(ck.Value, s.world.Tokens[0]) {
				t.Errorf("cookie %s holds the token", ck.Name)
			}
			if ck.Name == sessionCookie {
				found = ck
			}
		}
		if found == nil || len(found.Value) < 32 {
			t.Fatalf("session cookie %v; want a random id", found)
		}
		return found
	}
	replay := func(ck *http.Cookie) (int, *http.Response) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, s.http.URL+"/camp", nil)
		req.AddCookie(&http.Cookie{Name: ck.Name, Value: ck.Value})
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp
	}

	c := s.client(t, s.world.Tokens[0])
	ck := sessionOf(c)
	if code, _ := replay(ck); code != http.StatusOK {
		t.Fatalf("the session cookie while signed in: status %d; want 200", code)
	}
	page, _ := s.get(t, c, "/camp")
	resp, err := c.PostForm(s.http.URL+"/signout", url.Values{"csrf": {csrfField.FindStringSubmatch(page)[1]}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if code, _ := replay(ck); code != http.StatusUnauthorized {
		t.Errorf("the session cookie replayed after sign-out: status %d; want 401", code)
	}

	// A token re-issued by an admin ends the sessions of the old one.
	d := s.client(t, s.world.Tokens[0])
	ck = sessionOf(d)
	if _, err := s.srv.Admin.IssueToken(s.srv.AdminContext(context.Background()), &pb.IssueTokenRequest{WorldId: s.world.ID, Camp: 0}); err != nil {
		t.Fatalf("re-issue camp 0's token: %v", err)
	}
	code, resp := replay(ck)
	cleared := false
	for _, c := range resp.Cookies() {
		cleared = cleared || (c.Name == sessionCookie && c.MaxAge < 0)
	}
	if code != http.StatusUnauthorized || !cleared {
		t.Errorf("the session of a revoked token: status %d, cookie cleared %v; want 401 and cleared", code, cleared)
	}
	s.face.sessions.mu.Lock()
	n := len(s.face.sessions.m)
	s.face.sessions.mu.Unlock()
	if n != 0 {
		t.Errorf("sessions left: %d; want 0", n)
	}
}

// TestSessionsBounded checks that one token's sessions are bounded: past
// sessionsPerToken, its unused longest ends, and another token's session
// is untouched.
func TestSessionsBounded(t *testing.T) {
	now := time.Unix(0, 0)
	ss := newSessions(func() time.Time { return now })
	other := ss.start("gvc_other")
	var ids []string
	for range sessionsPerToken + 5 {
		now = now.Add(time.Second)
		ids = append(ids, ss.start("gvc_flood"))
	}
	if ss.token(other) != "gvc_other" {
		t.Errorf("another token's session ended")
	}
	for i, id := range ids {
		if live := ss.token(id) != ""; live != (i >= 5) {
			t.Errorf("session %d of the flooding token: live %v; want %v", i, live, i >= 5)
		}
	}
	now = now.Add(sessionIdle + time.Second)
	if ss.token(other) != "" {
		t.Errorf("a session unused for longer than %s still open", sessionIdle)
	}
}

// TestLimitedPage checks N12 of issue 34: a page is one read of the
// token's limit, whatever reads it makes, and a page over the limit
// answers 429 with Retry-After and a sentence in the visitor's language,
// not 502.
func TestLimitedPage(t *testing.T) {
	t.Parallel()
	srv := testserver.StartWith(t, testserver.Options{Args: []string{"-limit-reads", "0.01:3"}})
	s := newSiteOn(t, srv, testserver.Game{Seed: 6, SeasonLength: 100}, DefaultPoll)
	c := s.client(t, s.world.Tokens[0])
	base, _ := url.Parse(s.http.URL)
	c.Jar.SetCookies(base, []*http.Cookie{{Name: langCookie, Value: "fr"}})
	// The camp page makes several reads: three pages (the sign-in's
	// redirect and two more) are within a burst of three reads.
	for i := range 2 {
		if _, code := s.get(t, c, "/camp"); code != http.StatusOK {
			t.Fatalf("page %d: status %d; want 200", i+1, code)
		}
	}
	resp, err := c.Get(s.http.URL + "/camp")
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" ||
		!strings.Contains(body, "Trop de pages d&#39;un coup") {
		t.Errorf("the fourth page: %d, Retry-After %q; want 429 with Retry-After and the French sentence:\n%.2000s",
			resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
}
