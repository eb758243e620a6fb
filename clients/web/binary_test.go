package web

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestServedByGrisonvald checks the binary's -web flag: connect.txt gives
// the web face's address beside the tokens, and the face serves the
// development world's observer page to its admin, over the server's own
// gRPC address.
func TestServedByGrisonvald(t *testing.T) {
	t.Parallel()
	srv := testserver.StartWith(t, testserver.Options{Web: true})
	if !strings.HasPrefix(srv.Web, "http://127.0.0.1:") {
		t.Fatalf("web address %q in connect.txt; want http://127.0.0.1:PORT/", srv.Web)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	resp, err := c.Get(srv.Web)
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("front page: status %d, CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}
	m := csrfField.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no sign-in form on the front page")
	}
	resp, err = c.PostForm(srv.Web+"signin", url.Values{"token": {srv.AdminToken}, "csrf": {m[1]}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	resp, err = c.Get(srv.Web + "world/1")
	if err != nil {
		t.Fatal(err)
	}
	body = readAll(t, resp)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || strings.Count(body, `<g class="z `) != 91 {
		t.Errorf("observer page of world 1: status %d, %d zones; want 200 and 91", resp.StatusCode, strings.Count(body, `<g class="z `))
	}
}
