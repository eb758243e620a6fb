package arena

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/clients/web"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// arenaShots names the folder TestConsoleTournaments writes docs/admin.md's
// screenshot of a tournament's page to; without it, none is taken.
var arenaShots = flag.String("arena-shots", "", "write the tournament screenshot of docs/admin.md to this folder (go test ./server/cmd/internal/arena -run TestConsoleTournaments -arena-shots $PWD/docs/admin)")

// startChromium starts Debian's headless chromium, without JavaScript, and
// returns a tab. (clients/internal/browsertest does the same for the
// clients' tests; Go's internal rule keeps it from this package, which
// alone can start an arena.)
func startChromium(t *testing.T) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Fatal("chromium is not installed: apt-get install -y chromium (make test-deps does)")
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(path), chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// TestConsoleTournaments drives the console's tournaments in chromium,
// without JavaScript, over a grisonval-arena serve's web face (the web
// face and /arena beside it, over an arena on the embedded store): a
// refused spec names its fault and plans nothing, a tiny all-bot
// tournament is planned from the form and run with its button, and once
// played its page shows the server's leaderboard and every match linked
// to its timelapse; the public leaderboard is linked; a form posted
// without the CSRF token is refused; the audit has the plan and the run
// under the admin's name; the page reads in French.
func TestConsoleTournaments(t *testing.T) {
	a, closeAll := openArena(t, t.TempDir())
	defer closeAll()
	tok, err := a.srv.IssueAdminToken(t.Context(), "organiser")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := a.FaceConn()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)
	face, err := web.New(web.Config{Conn: conn, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux() // as grisonval-arena serve's
	mux.Handle("GET /arena", web.Leaderboard(a.Leaderboards, log))
	mux.Handle("/", face)
	hs := httptest.NewServer(mux)
	defer hs.Close()
	adm := pb.NewAdminServiceClient(a.Conn)
	actx := metadata.AppendToOutgoingContext(t.Context(), "authorization", "Bearer "+tok)

	b := startChromium(t)
	run := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(b, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("browser: %v", err)
		}
	}
	eval := func(script string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(b, 30*time.Second)
		defer cancel()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](script))
		if err != nil {
			t.Fatalf("browser: evaluate %.60q: %v", script, err)
		}
		return v
	}
	text := func() string { return eval(`document.body.innerText`) }
	wantText := func(step string, want ...string) {
		t.Helper()
		got := text()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Fatalf("%s: the page lacks %q; it reads:\n%s", step, w, got)
			}
		}
	}
	// submit clicks sel and waits for the page the form answers with.
	submit := func(sel string) {
		t.Helper()
		eval(`document.body.dataset.left = 'yes'; ''`)
		run(chromedp.Click(chromedp.CSS(sel)))
		deadline := time.Now().Add(20 * time.Second)
		for {
			// Evaluated across the navigation: an error is a page
			// still on its way.
			ctx, cancel := context.WithTimeout(b, 2*time.Second)
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.readyState === 'complete' && !!document.body && document.body.dataset.left !== 'yes'`))
			cancel()
			if err == nil && ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no answer to %s (last error: %v)", sel, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// Signed in on the front page's form, the console's nav leads to
	// the tournaments.
	run(chromedp.Navigate(hs.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`form.signin input[name=token]`)),
		chromedp.SendKeys(chromedp.CSS(`form.signin input[name=token]`), tok))
	submit(`form.signin button`)
	run(chromedp.Navigate(hs.URL+"/console"), chromedp.WaitVisible(chromedp.CSS(`nav.cnav`)))
	submit(`nav.cnav a[href="/console/tournaments"]`)
	wantText("the tournaments, none yet", "The arena's tournaments", "No tournament yet.", "Plan a tournament")

	// A spec the arena refuses plans nothing and says why.
	run(chromedp.SetValue(chromedp.CSS(`#plan textarea[name=spec]`), `{"name": "bad", "move_clock": 5}`))
	submit(`#plan button`)
	wantText("a refused spec", "Nothing was planned:")
	if ls, err := adm.ListTournaments(actx, &pb.ListTournamentsRequest{}); err != nil || len(ls.GetTournaments()) != 0 {
		t.Fatalf("after a refused spec: %v, %v; want no tournament", ls, err)
	}

	// A tiny all-bot round robin: 3 entrants, 3 camps, 6 days.
	spec := botSpec("tiny")
	spec.Entrants = spec.Entrants[1:]
	spec.SeasonLength = 6
	js, _ := json.Marshal(spec)
	run(chromedp.SetValue(chromedp.CSS(`#plan textarea[name=spec]`), string(js)))
	submit(`#plan button`)
	wantText("the tournament planned", "Tournament tiny planned: 3 matches of grisonval", "3 matches: 0 played, 0 being played, 3 planned", "waiting for a run")
	if p := eval(`location.pathname`); p != "/console/tournament/tiny" {
		t.Fatalf("planned, the console is at %s; want the tournament's page", p)
	}

	// A form without this browser's CSRF token is refused, and runs
	// nothing.
	var cookies []*http.Cookie
	cs, err := chromedp.Call(b, network.GetCookies, network.GetCookiesParams{URLs: []string{hs.URL}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs.Cookies {
		cookies = append(cookies, &http.Cookie{Name: c.Name, Value: c.Value})
	}
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(hs.URL)
	jar.SetCookies(u, cookies)
	hc := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(hs.URL+"/console/tournament/tiny", url.Values{"action": {"run"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("Run without the CSRF token: %d; want 403", resp.StatusCode)
	}
	if st, _ := adm.GetTournament(actx, &pb.TournamentRequest{Name: "tiny"}); st.GetPlaying() || st.GetDone() != 0 {
		t.Errorf("after a refused Run: %v; want nothing played", st)
	}

	// Run, then follow it to its end.
	submit(`#run`)
	wantText("the tournament run", "Tournament tiny is being played")
	deadline := time.Now().Add(90 * time.Second)
	for {
		st, err := adm.GetTournament(actx, &pb.TournamentRequest{Name: "tiny"})
		if err != nil {
			t.Fatal(err)
		}
		if st.GetDone() == 3 && !st.GetPlaying() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament after 90 s: %v", st)
		}
		time.Sleep(100 * time.Millisecond)
	}
	run(chromedp.Navigate(hs.URL+"/console/tournament/tiny"), chromedp.WaitVisible(chromedp.CSS(`table.leaderboard`)))
	wantText("the tournament played", "3 matches: 3 played, 0 being played, 0 planned, 0 failed", "finished", "3 of 3 matches played, 3 camps a match; anchored on rest")
	if eval(`document.querySelector('#run') ? 'y' : ''`) != "" {
		t.Error("a finished tournament still offers Run")
	}
	// The leaderboard is the server's.
	lb, err := adm.GetLeaderboard(actx, &pb.TournamentRequest{Name: "tiny"})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, r := range lb.GetRows() {
		want = append(want, fmt.Sprintf("%s %.0f", r.GetEntrant(), r.GetRating()))
	}
	got := strings.Split(eval(`[...document.querySelectorAll('table.leaderboard tr[data-entrant]')].map(r => r.dataset.entrant + ' ' + r.querySelector('.rating').innerText).join('\n')`), "\n")
	if !slices.Equal(got, want) {
		t.Errorf("the leaderboard's rows: %q; want the server's %q", got, want)
	}
	// Every match links to its world's timelapse.
	x, err := a.Export(t.Context(), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	var wantLinks []string
	for _, m := range x.Matches {
		wantLinks = append(wantLinks, fmt.Sprintf("/chronicle/%d/1", m.World))
	}
	links := strings.Split(eval(`[...document.querySelectorAll('table.matches a')].map(a => a.getAttribute('href')).join('\n')`), "\n")
	if !slices.Equal(links, wantLinks) {
		t.Errorf("the matches' links: %q; want %q", links, wantLinks)
	}
	// The export downloads as the server's, for the signed-in admin.
	var csv strings.Builder
	if err := x.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	resp, err = hc.Get(hs.URL + eval(`document.querySelector('a.export[href$="csv"]').getAttribute('href')`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != csv.String() || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("the CSV export: %d, %q; want the arena's own CSV as an attachment", resp.StatusCode, body)
	}
	if h := eval(`document.querySelector('a[href^="/arena"]').getAttribute('href')`); h != "/arena#t-tiny" {
		t.Errorf("the public leaderboard's link: %q", h)
	}
	if *arenaShots != "" {
		png, err := chromedp.Run(b, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*arenaShots, "console-tournament.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	submit(`table.matches a`)
	wantText("a match's timelapse", "1")
	if p := eval(`location.pathname`); p != links[0] {
		t.Errorf("the first match's link leads to %s", p)
	}
	run(chromedp.Navigate(hs.URL+"/console/tournament/tiny"), chromedp.WaitVisible(chromedp.CSS(`table.leaderboard`)))
	submit(`a[href="/arena#t-tiny"]`)
	wantText("the public leaderboard", "tiny: grisonval")

	// The list says where it stands.
	run(chromedp.Navigate(hs.URL+"/console/tournaments"), chromedp.WaitVisible(chromedp.CSS(`table.tournaments`)))
	if row := eval(`document.querySelector('tr[data-tournament="tiny"]').innerText`); !regexp.MustCompile(`tiny\s+grisonval\s+3\s+3\s+0\s+0\s+0\s+finished`).MatchString(row) {
		t.Errorf("the list's row: %q", row)
	}

	// The audit has the plan and the run under the admin's name.
	au, err := adm.ListAudit(actx, &pb.ListAuditRequest{Admin: "organiser"})
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, e := range au.GetEntries() {
		if e.GetCode() == "OK" {
			acts = append(acts, e.GetAction())
		}
	}
	if !slices.Contains(acts, "PlanTournament") || !slices.Contains(acts, "RunTournament") {
		t.Errorf("the audit's actions by organiser: %q; want PlanTournament and RunTournament", acts)
	}

	// A name with a slash and a space has its own page.
	odd := botSpec("spring/2 é")
	js, _ = json.Marshal(odd)
	run(chromedp.SetValue(chromedp.CSS(`#plan textarea[name=spec]`), string(js)))
	submit(`#plan button`)
	wantText("an odd name planned", "Tournament spring/2 é planned", "Tournament spring/2 é\n", "waiting for a run")
	submit(`nav.cnav a[href="/console/tournaments"]`)
	submit(`tr[data-tournament="spring/2 é"] a`)
	wantText("an odd name's page from the list", "Tournament spring/2 é\n", "12 matches: 0 played, 0 being played, 12 planned")

	// In French.
	run(chromedp.Navigate(hs.URL+"/console/tournament/tiny"), chromedp.WaitVisible(chromedp.CSS(`header form.lang select`)),
		chromedp.SetValue(chromedp.CSS(`header form.lang select`), "fr"))
	submit(`header form.lang button`)
	wantText("the tournament in French", "Tournoi tiny", "3 parties : 3 jouées", "Classement", "accéléré du monde", "son classement public")
}
