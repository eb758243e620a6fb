package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestMain builds grisonvald once for every test of the package (each
// test then starts its own server from it).
func TestMain(m *testing.M) { os.Exit(testserver.Main(m)) }

// site is a real server, a world on it and the web face over it, served
// by httptest.
type site struct {
	srv   *testserver.Server
	world testserver.World
	face  *Server
	http  *httptest.Server
	// states are the bots' states, by camp.
	states []bot.State
}

// as returns a context carrying token.
func as(token string) context.Context {
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
}

// newSite starts a server, creates the world g (every camp human, so that
// a day resolves once every camp posted) and serves the web face, polling
// every poll.
func newSite(t *testing.T, g testserver.Game, poll time.Duration) *site {
	t.Helper()
	return newSiteOn(t, testserver.Start(t), g, poll)
}

// newSiteOn is newSite on the server srv.
func newSiteOn(t *testing.T, srv *testserver.Server, g testserver.Game, poll time.Duration) *site {
	t.Helper()
	s := &site{srv: srv}
	s.world = s.srv.NewGame(t, g)
	s.states = make([]bot.State, len(s.world.Tokens))
	conn, err := grpc.NewClient(s.srv.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithPerRPCCredentials(pb.FaceCredentials(s.srv.FaceSecret)))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	s.face, err = New(Config{Conn: conn, Poll: poll})
	if err != nil {
		t.Fatalf("new web face: %v", err)
	}
	s.http = httptest.NewServer(s.face)
	t.Cleanup(s.http.Close)
	return s
}

// view returns camp's view.
func (s *site) view(t testing.TB, camp int) *pb.CampView {
	t.Helper()
	v, err := s.srv.Game.GetView(as(s.world.Tokens[camp]), &pb.GetViewRequest{})
	if err != nil {
		t.Fatalf("view of camp %d: %v", camp, err)
	}
	return v
}

// frame returns the world's omniscient frame.
func (s *site) frame(t testing.TB) *pb.Frame {
	t.Helper()
	f, err := s.srv.Admin.GetFrame(s.srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: s.world.ID})
	if err != nil {
		t.Fatalf("frame: %v", err)
	}
	return f
}

// post has the bot decide camp's order from its view and posts it.
func (s *site) post(t testing.TB, camp int) {
	t.Helper()
	v := s.view(t, camp)
	if len(v.GetLegalActions()) == 0 || v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_UNSPECIFIED {
		return
	}
	o, next := bot.Decide(v, s.states[camp])
	s.states[camp] = next
	if _, err := s.srv.Game.SubmitOrder(as(s.world.Tokens[camp]), &pb.SubmitOrderRequest{Order: o}); err != nil {
		t.Logf("camp %d's bot order %v refused: %v", camp, o, err)
	}
}

// day returns the world's day.
func (s *site) day(t testing.TB) int32 {
	t.Helper()
	return s.view(t, 0).GetDay()
}

// waitDay waits up to limit for the world to play day and says whether it
// did.
func (s *site) waitDay(t testing.TB, day int32, limit time.Duration) bool {
	t.Helper()
	deadline := time.Now().Add(limit)
	for s.day(t) < day {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// playDay has the bots of camps post; when every camp is a bot's, the day
// resolves as soon as they all posted (a fallen camp posts nothing: the
// day is then forced); otherwise it is forced.
func (s *site) playDay(t testing.TB, camps ...int) int32 {
	t.Helper()
	day := s.day(t)
	for _, c := range camps {
		s.post(t, c)
	}
	if len(camps) != len(s.world.Tokens) || !s.waitDay(t, day+1, 2*time.Second) {
		s.srv.ForceTick(t, s.world.ID)
	}
	return day + 1
}

// allCamps lists every camp of the site's world.
func (s *site) allCamps() []int {
	out := make([]int, len(s.world.Tokens))
	for i := range out {
		out[i] = i
	}
	return out
}

// playUntil plays bot days (every camp) until stop says so or limit days
// were played; it returns whether stop said so.
func (s *site) playUntil(t testing.TB, limit int, stop func() bool) bool {
	t.Helper()
	for range limit {
		if stop() {
			return true
		}
		s.playDay(t, s.allCamps()...)
	}
	return stop()
}

// client is an HTTP client of the site with its own cookies, signed in
// with token ("" for none).
func (s *site) client(t testing.TB, token string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 20 * time.Second}
	if token == "" {
		return c
	}
	csrf := s.csrf(t, c)
	resp, err := c.PostForm(s.http.URL+"/signin", url.Values{"token": {token}, "csrf": {csrf}})
	if err != nil {
		t.Fatalf("sign in: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("sign in: status %d", resp.StatusCode)
	}
	return c
}

// csrfField finds a form's CSRF token in a page.
var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrf loads the front page with c and returns its form's CSRF token.
func (s *site) csrf(t testing.TB, c *http.Client) string {
	t.Helper()
	body, _ := s.get(t, c, "/")
	m := csrfField.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no csrf token on the front page")
	}
	return m[1]
}

// get fetches path with c and returns the body and the status.
func (s *site) get(t testing.TB, c *http.Client, path string) (string, int) {
	t.Helper()
	resp, err := c.Get(s.http.URL + path)
	if err != nil {
		t.Fatalf("get %s: %v", path, err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := fmt.Fprint(&b, readAll(t, resp)); err != nil {
		t.Fatal(err)
	}
	return b.String(), resp.StatusCode
}

// readAll reads a response's body.
func readAll(t testing.TB, resp *http.Response) string {
	t.Helper()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}
