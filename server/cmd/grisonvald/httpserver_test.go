package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/limits"
)

// zeros is an endless reader of zero bytes: a body of any size without
// holding it.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestHTTPBodyBounded checks N2 of issue 34: a 200 MB body to each HTTP
// listener (the web face, the JSON face, the metrics and the profiles),
// announced or chunked, without a token, is answered 413 in the caller's
// language, and the server's heap does not hold it.
func TestHTTPBodyBounded(t *testing.T) {
	d := startDevServer(t, "", security{})
	const size = 200 << 20
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, target := range []string{d.web + "signin", d.url + "grisonval.v1.ChronicleService/ListChronicles",
		d.metrics + "metrics", d.pprof + "debug/pprof/"} {
		answered := 0
		for _, chunked := range []bool{false, true} {
			body := io.LimitReader(zeros{}, size)
			req, err := http.NewRequest(http.MethodPost, target, body)
			if err != nil {
				t.Fatal(err)
			}
			if !chunked {
				req.ContentLength = size
			}
			req.Header.Set("Accept-Language", "fr")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				// The server may close the connection while the body is
				// still being sent, once it has answered.
				t.Logf("%s (chunked %v): %v", target, chunked, err)
				continue
			}
			msg, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(msg), "corps de requête trop grand") {
				t.Errorf("%s (chunked %v): %d %q; want 413 in French", target, chunked, resp.StatusCode, msg)
			}
			answered++
		}
		if answered == 0 {
			t.Errorf("%s: no answer to either body", target)
		}
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	t.Logf("heap in use: %d KiB before, %d KiB after eight 200 MB bodies", before.HeapInuse>>10, after.HeapInuse>>10)
	// A header past 64 KiB is refused before any face runs.
	req, _ := http.NewRequest(http.MethodGet, d.web, nil)
	req.Header.Set("X-Padding", strings.Repeat("a", 100<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 100 KiB header: status %d; want 431", resp.StatusCode)
	}
	// A body within the bound is served as before.
	if code, _ := d.post(t, "grisonval.v1.GameService/GetView", d.camp, "{}"); code != http.StatusOK {
		t.Errorf("a small body: status %d", code)
	}
}

// TestHTTPConnectionsBounded checks N5 of issue 34: a connection that
// sends no header is closed after the header timeout, an idle one after
// the idle timeout, and a listener holds at most its cap of connections.
func TestHTTPConnectionsBounded(t *testing.T) {
	startLimits = httpLimits{ReadHeader: 3 * time.Second, Idle: 2 * time.Second, MaxConns: 4}
	d := startDevServer(t, "", security{})
	startLimits = httpLimits{}
	for _, face := range []string{d.web, d.url} {
		u, err := url.Parse(face)
		if err != nil {
			t.Fatal(err)
		}
		var stalled []net.Conn
		for range 4 {
			c, err := net.Dial("tcp", u.Host)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			stalled = append(stalled, c)
		}
		// The cap is held: a fifth connection is not served.
		client := &http.Client{Timeout: 300 * time.Millisecond}
		if resp, err := client.Get(face); err == nil {
			resp.Body.Close()
			t.Errorf("%s: a fifth connection served (%d) while four are held", face, resp.StatusCode)
		}
		// The silent connections are closed after the header timeout,
		// and the face serves again.
		for i, c := range stalled {
			c.SetReadDeadline(time.Now().Add(10 * time.Second))
			if _, err := c.Read(make([]byte, 1)); err == nil || isTimeout(err) {
				t.Errorf("%s: silent connection %d: read %v; want it closed", face, i, err)
			}
		}
		resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(face)
		if err != nil {
			t.Fatalf("%s once the silent connections are closed: %v", face, err)
		}
		resp.Body.Close()
		// A kept-alive connection is closed once idle.
		c, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", u.Host)
		r := bufio.NewReader(c)
		resp, err = http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("%s: %v", face, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := r.ReadByte(); err == nil || isTimeout(err) {
			t.Errorf("%s: an idle connection: read %v; want it closed", face, err)
		}
	}
}

// isTimeout reports whether err is a deadline's.
func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// TestHTTPFlags checks the HTTP listeners' flags: their defaults, and
// each set.
func TestHTTPFlags(t *testing.T) {
	fs := flag.NewFlagSet("grisonvald", flag.ContinueOnError)
	l := httpFlags(fs)
	if err := fs.Parse(nil); err != nil || l.withDefaults().MaxBody != defaultHTTPLimits.MaxBody || l.Read != defaultHTTPLimits.Read || l.TrustedProxies != nil {
		t.Fatalf("no flags: got %+v, %v; want the defaults %+v", *l, err, defaultHTTPLimits)
	}
	err := fs.Parse([]string{"-http-max-body", "4096", "-http-header-timeout", "1s", "-http-read-timeout", "-1s", "-http-write-timeout", "3s",
		"-http-idle-timeout", "4s", "-http-max-conns", "9", "-trusted-proxies", "10.0.0.0/8, 192.0.2.7"})
	if err != nil {
		t.Fatal(err)
	}
	got := l.withDefaults()
	if got.MaxBody != 4096 || got.ReadHeader != time.Second || got.Read != 0 || got.Write != 3*time.Second || got.Idle != 4*time.Second ||
		got.MaxConns != 9 || len(got.TrustedProxies) != 2 || got.TrustedProxies[1] != netip.MustParsePrefix("192.0.2.7/32") {
		t.Errorf("after the flags: got %+v", got)
	}
	if err := fs.Parse([]string{"-trusted-proxies", "nowhere"}); err == nil {
		t.Errorf("-trusted-proxies nowhere: accepted")
	}
}

// csrfField finds the CSRF token of a page's forms.
var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// webSignIn signs token in on the web face at web with client, each
// request carrying header; it returns the sign-in's answer (not followed)
// and its cookies.
func webSignIn(t *testing.T, client *http.Client, web, token string, header http.Header) *http.Response {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := *client
	c.Jar = jar
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	req, _ := http.NewRequest(http.MethodGet, web, nil)
	maps.Copy(req.Header, header)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfField.FindStringSubmatch(string(page))
	if m == nil {
		t.Fatalf("no CSRF token on %s:\n%.500s", web, page)
	}
	form := url.Values{"csrf": {m[1]}, "token": {token}}
	req, _ = http.NewRequest(http.MethodPost, web+"signin", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", strings.TrimSuffix(web, "/"))
	maps.Copy(req.Header, header)
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in: status %d", resp.StatusCode)
	}
	return resp
}

// sessionCookieName is the web face's cookie that signs a visitor in.
const sessionCookieName = "gv_session"

// secureAnswer reports whether a sign-in's answer set its session cookie
// Secure and carried HSTS.
func secureAnswer(resp *http.Response) (cookieSecure, hsts bool) {
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookieName && c.Value != "" {
			cookieSecure = c.Secure
		}
	}
	return cookieSecure, resp.Header.Get("Strict-Transport-Security") != ""
}

// TestHTTPFacesTLS checks N4 of issue 34: with -dev-tls, the web and JSON
// faces speak TLS with the gRPC listener's pair and refuse plaintext; the
// web face's cookie is Secure and its answers carry HSTS over TLS, or
// behind a trusted proxy that says the visitor came over TLS, never on a
// forwarded header from anyone else.
func TestHTTPFacesTLS(t *testing.T) {
	d := startDevServer(t, "", security{devTLS: true})
	if !strings.HasPrefix(d.web, "https://") || !strings.HasPrefix(d.url, "https://") {
		t.Fatalf("the faces' URLs: %s, %s; want https", d.web, d.url)
	}
	if code, body := d.post(t, "grisonval.v1.GameService/GetView", d.camp, "{}"); code != http.StatusOK {
		t.Errorf("the JSON face over TLS: %d %v", code, body)
	}
	for _, face := range []string{d.web, d.url} {
		resp, err := http.Get("http" + strings.TrimPrefix(face, "https"))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				t.Errorf("%s answered plaintext", face)
			}
		}
	}
	if secure, hsts := secureAnswer(webSignIn(t, d.client(t), d.web, d.camp, nil)); !secure || !hsts {
		t.Errorf("sign-in over TLS: cookie Secure %v, HSTS %v; want both", secure, hsts)
	}

	startLimits = httpLimits{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	proxied := startDevServer(t, "", security{})
	startLimits = httpLimits{}
	plain := startDevServer(t, "", security{})
	https := http.Header{"X-Forwarded-Proto": {"https"}, "X-Forwarded-For": {"203.0.113.9"}}
	if secure, hsts := secureAnswer(webSignIn(t, http.DefaultClient, proxied.web, proxied.camp, https)); !secure || !hsts {
		t.Errorf("behind a trusted proxy saying https: cookie Secure %v, HSTS %v; want both", secure, hsts)
	}
	if secure, hsts := secureAnswer(webSignIn(t, http.DefaultClient, plain.web, plain.camp, https)); secure || hsts {
		t.Errorf("a forwarded header from a peer not trusted: cookie Secure %v, HSTS %v; want neither", secure, hsts)
	}
}

// TestFacesNotLockedOut checks N1 of issue 34 end to end: bad tokens from
// the address of a good player, over gRPC, the JSON face and the web
// face's sign-in, spend that address's failures; the good player is still
// served over all three, and another good token signs in on the web for
// the first time.
func TestFacesNotLockedOut(t *testing.T) {
	saved := *limitConfig
	limitConfig.AuthFailures = limits.Rate{PerSecond: 0.01, Burst: 5}
	d := startDevServer(t, "", security{})
	*limitConfig = saved
	text, err := os.ReadFile(filepath.Join(d.data, connectFile))
	if err != nil {
		t.Fatal(err)
	}
	agent := regexp.MustCompile(`camp 1 \S+ \(agent\): (\S+)`).FindStringSubmatch(string(text))
	if agent == nil {
		t.Fatalf("no camp 1 token in %s", text)
	}
	conn, err := grpc.NewClient(d.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	game := pb.NewGameServiceClient(conn)
	view := func(token string) error {
		_, err := game.GetView(metadata.AppendToOutgoingContext(t.Context(), "authorization", "Bearer "+token), &pb.GetViewRequest{})
		return err
	}
	if err := view(d.camp); err != nil {
		t.Fatalf("the good player before the flood: %v", err)
	}
	web := webSignIn(t, http.DefaultClient, d.web, d.camp, nil)
	var session *http.Cookie
	for _, c := range web.Cookies() {
		if c.Name == sessionCookieName {
			session = c
		}
	}
	refused := 0
	for i := range 20 {
		bad := fmt.Sprintf("gvc_bad%d", i)
		if status.Code(view(bad)) == codes.ResourceExhausted {
			refused++
		}
		if code, _ := d.post(t, "grisonval.v1.GameService/GetView", bad, "{}"); code == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused == 0 {
		t.Fatalf("40 bad tokens from one address, none refused for the address: the flood did not spend it")
	}
	if err := view(d.camp); err != nil {
		t.Errorf("the good player over gRPC during the flood: %v", err)
	}
	if code, body := d.post(t, "grisonval.v1.GameService/GetView", d.camp, "{}"); code != http.StatusOK {
		t.Errorf("the good player over the JSON face during the flood: %d %v", code, body)
	}
	req, _ := http.NewRequest(http.MethodGet, d.web+"camp", nil)
	req.AddCookie(&http.Cookie{Name: session.Name, Value: session.Value})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the good player's camp page during the flood: %d", resp.StatusCode)
	}
	webSignIn(t, http.DefaultClient, d.web, agent[1], nil) // fails the test unless signed in
}

// TestPrivateListenerWarning checks N6 of issue 34: grisonvald warns at
// start when the metrics or the profiles listen on an address other than
// the loopback, and not when they listen on the loopback.
func TestPrivateListenerWarning(t *testing.T) {
	for _, tc := range []struct {
		at   faces
		want int
	}{
		{faces{metrics: "127.0.0.1:0", pprof: "127.0.0.1:0"}, 0},
		{faces{metrics: "0.0.0.0:0", pprof: "0.0.0.0:0"}, 2},
	} {
		var logs syncLog
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, zerolog.New(&logs), "127.0.0.1:0", t.TempDir(), "", devWorld{}, "", server.Replica{}, tc.at, security{})
		}()
		for deadline := time.Now().Add(20 * time.Second); !strings.Contains(logs.String(), "connection details written"); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("not started after 20 s:\n%s", logs.String())
			}
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(logs.String(), "a private listener on an address other than the loopback"); n != tc.want {
			t.Errorf("metrics %s, pprof %s: %d warnings; want %d", tc.at.metrics, tc.at.pprof, n, tc.want)
		}
	}
}

// syncLog is a log buffer safe for concurrent use.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncLog) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncLog) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestJSONStreamOutlivesWriteTimeout checks that the JSON face's
// WatchTicks stream is not ended by -http-write-timeout: a day resolved
// after it reaches the stream.
func TestJSONStreamOutlivesWriteTimeout(t *testing.T) {
	startLimits = httpLimits{Write: 300 * time.Millisecond}
	d := startDevServer(t, "", security{})
	startLimits = httpLimits{}
	req, _ := http.NewRequest(http.MethodPost, d.url+"grisonval.v1.GameService/WatchTicks", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+d.camp)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewReader(resp.Body)
	if _, err := lines.ReadString('\n'); err != nil {
		t.Fatalf("first line: %v", err)
	}
	time.Sleep(time.Second)
	if code, body := d.post(t, "grisonval.v1.AdminService/ForceTick", d.admin, `{"world_id": 1}`); code != http.StatusOK {
		t.Fatalf("force tick: %d %v", code, body)
	}
	line, err := lines.ReadString('\n')
	if err != nil || !strings.Contains(line, `"day":1`) {
		t.Errorf("the stream after the write timeout: %q, %v; want day 1's notice", line, err)
	}
}
