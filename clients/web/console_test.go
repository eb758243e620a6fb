package web

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// consoleShots names the folder the screenshots of docs/admin.md are
// written to; without it TestConsoleSeason takes none.
var consoleShots = flag.String("console-shots", "", "write the screenshots of docs/admin.md to this folder (go test ./clients/web -run TestConsoleSeason -console-shots $PWD/docs/admin)")

// consoleSite is a real server (its development world is world 1) and the
// web face over it, without a world of the test's own.
func consoleSite(t *testing.T) *site {
	t.Helper()
	return consoleSitePolling(t, 0)
}

// consoleSitePolling is consoleSite whose pages poll every poll (0:
// DefaultPoll).
func consoleSitePolling(t *testing.T, poll time.Duration) *site {
	t.Helper()
	s := &site{srv: testserver.Start(t)}
	conn, err := grpc.NewClient(s.srv.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	if s.face, err = New(Config{Conn: conn, Poll: poll}); err != nil {
		t.Fatalf("new web face: %v", err)
	}
	s.http = httptest.NewServer(s.face)
	t.Cleanup(s.http.Close)
	return s
}

// TestConsoleSeason runs a whole season's administration from the
// console, in chromium without JavaScript: a world created from the form
// (ruleset, seed, cadence, season length, a controller per camp), a
// refused enrolment naming its wrong fields with the sheet's sums, two
// players enrolled on seats after the preview (each seat's token shown
// once, and working), a day forced, the season closed once confirmed, a
// player enrolled for the next one and the next started with the
// carry-over, a seat's token revoked once confirmed (then refused by the
// server), and the audit read, filtered by world and by action. Each
// step is checked against the server's own answers.
func TestConsoleSeason(t *testing.T) {
	s := consoleSite(t)
	shot := func(name string) string {
		if *consoleShots == "" {
			return ""
		}
		return filepath.Join(*consoleShots, name)
	}
	b := browsertest.Start(t, false)
	browsertest.SignIn(t, b, s.http.URL, s.srv.AdminToken)
	if at := browsertest.Eval[string](t, b, `location.pathname`); at != "/console" {
		t.Errorf("an admin signed in lands on %s; want the console", at)
	}
	text := func() string { return browsertest.Eval[string](t, b, `document.body.innerText`) }
	wantText := func(step string, want ...string) {
		t.Helper()
		got := text()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Fatalf("%s: the page lacks %q; it reads:\n%s", step, w, got)
			}
		}
	}
	submit := func(sel string) {
		t.Helper()
		// The page left behind is marked, so that the wait is for the
		// page the form answers with.
		browsertest.Eval[string](t, b, `document.body.dataset.left = 'yes'`)
		browsertest.Do(t, b, chromedp.Click(browsertest.CSS(sel)))
		browsertest.WaitFor(t, b, `document.readyState === 'complete' && !!document.body && document.body.dataset.left !== 'yes'`, 20*time.Second)
	}
	set := func(sel, v string) {
		t.Helper()
		browsertest.Do(t, b, chromedp.SetValue(browsertest.CSS(sel), v))
	}

	// The world.
	browsertest.Do(t, b, chromedp.Navigate(s.http.URL+"/console"), chromedp.WaitVisible(browsertest.CSS(`#create`)))
	set(`#create input[name=name]`, "Spring league")
	set(`#create select[name=ruleset]`, "grisonval")
	set(`#create input[name=seed]`, "42")
	set(`#create input[name=cadence]`, "1h")
	set(`#create input[name=season_length]`, "6")
	set(`#create select[name=controller0]`, "human")
	set(`#create select[name=controller1]`, "human")
	set(`#create select[name=controller2]`, "ai-prudent")
	browsertest.Screenshot(t, b, shot("console-create.png"), 0)
	submit(`#create button`)
	wantText("the world created", "created: Spring league, grisonval, 3 camps, seed 42")
	id := worldOfPage(t, browsertest.Eval[string](t, b, `location.pathname`))
	info := s.worldInfo(t, id)
	if info.GetSeed() != 42 || info.GetSeasonLength() != 6 || info.GetCadence().AsDuration() != time.Hour ||
		tools.ControllerName(info.GetControllers()[2]) != "ai-prudent" || tools.ControllerName(info.GetControllers()[1]) != "human" {
		t.Fatalf("the world created: got %v; want seed 42, 6 days, 1h, camps human, human, AI prudent", info)
	}

	// A refused enrolment: every wrong field named, the sums shown.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d/enrol", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`#enrolform`)))
	wantText("the enrolment form", "granary +300 food", "sum 10 of 10", "sum 4 of 4")
	set(`#enrolform input[name=player]`, "ada")
	set(`#enrolform input[name=c0]`, "3")
	set(`#enrolform input[name=t0]`, "2")
	submit(`#check`)
	wantText("a wrong sheet", "2 fields are wrong", "sum 11 of 10", "sum 5 of 4", "the characteristics sum to 11", "the talents sum to 5")
	browsertest.Screenshot(t, b, shot("console-enrol-refused.png"), 0)
	if n := browsertest.Eval[int](t, b, `document.querySelectorAll('.ferr').length`); n != 2 {
		t.Errorf("fields marked wrong: got %d; want 2 (characteristics, talents)", n)
	}
	// Fixed: strategy 3, prestige 1, sieges 2, scout 0; the preview,
	// then the enrolment.
	set(`#enrolform input[name=c4]`, "1")
	set(`#enrolform input[name=t3]`, "0")
	browsertest.Do(t, b, chromedp.Click(browsertest.CSS(`#enrolform input[value=levy]`)))
	submit(`#check`)
	wantText("the preview", "ada (human) serves", "camp 0's ruler seat for season 1", "package levy")
	browsertest.Screenshot(t, b, shot("console-enrol-preview.png"), 0)
	submit(`#enrol`)
	adaToken := browsertest.Eval[string](t, b, `document.getElementById('token').textContent`)
	browsertest.Screenshot(t, b, shot("console-token.png"), 0)
	v, err := s.srv.Game.GetView(as(adaToken), &pb.GetViewRequest{})
	if err != nil || v.GetWorldId() != id || v.GetCamp() != 0 {
		t.Fatalf("ada's token as shown: got %v, %v; want camp 0 of world %d", v.GetCampName(), err, id)
	}
	// The second player, on camp 0's general's seat, with the defaults.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d/enrol", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`#enrolform`)))
	set(`#enrolform input[name=player]`, "bo")
	set(`#enrolform select[name=seat]`, "general")
	set(`#enrolform select[name=mode]`, "agent")
	submit(`#check`)
	wantText("bo's preview", "bo (agent) serves", "camp 0's general seat")
	submit(`#enrol`)
	boToken := browsertest.Eval[string](t, b, `document.getElementById('token').textContent`)
	if c, err := s.srv.Game.GetCouncil(as(boToken), &pb.GetCouncilRequest{}); err != nil || c.GetSeat() != "general" {
		t.Fatalf("bo's token as shown: got %v, %v; want the general's seat", c.GetSeat(), err)
	}

	// A day forced.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`#force`)))
	if players := browsertest.Eval[[]string](t, b, `[...document.querySelectorAll('table.enrolled tr[data-player]')].map(r => r.innerText)`); len(players) != 2 ||
		!strings.Contains(players[0], "ruler\tada") || !strings.Contains(players[0], "levy") || !strings.Contains(players[1], "general\tbo") {
		t.Errorf("the players enrolled, on the world's page: got %q; want ada on the ruler's seat with the levy, bo on the general's", players)
	}
	submit(`#force`)
	wantText("a day forced", "Day 1 played.")
	if d := s.worldInfo(t, id).GetDay(); d != 1 {
		t.Fatalf("day after the forced day: got %d; want 1", d)
	}
	browsertest.Screenshot(t, b, shot("console-world.png"), 0)

	// The season closed, once confirmed.
	submit(`#close`)
	wantText("the close's confirmation", "Close world", "no day of it can be played again")
	if se := s.seasons(t, id); se[0].GetClosed() {
		t.Fatal("the season closed before the confirmation")
	}
	browsertest.Screenshot(t, b, shot("console-confirm.png"), 0)
	submit(`#confirm`)
	wantText("the season closed", "Season 1 closed on day 1.")
	if se := s.seasons(t, id); !se[0].GetClosed() || se[0].GetClosedBy() == "" {
		t.Fatalf("season 1 after the close: got %v; want closed by the admin", se[0])
	}
	// Its standings and chronicle.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d/season/1", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`table.players`)))
	wantText("season 1's page", "Standings", "ada", "bo", "general")
	browsertest.Screenshot(t, b, shot("console-season.png"), 0)

	// ada re-enrols for season 2 (her career carries over), and the
	// next season starts.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d/enrol", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`#enrolform`)))
	set(`#enrolform input[name=player]`, "ada")
	submit(`#check`)
	wantText("ada's return", "for season 2: season 2 of the career")
	submit(`#enrol`)
	ada2 := browsertest.Eval[string](t, b, `document.getElementById('token').textContent`)
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`#next`)))
	submit(`#next`)
	wantText("the next season", "Season 2 started")
	if info := s.worldInfo(t, id); info.GetSeason() != 2 || info.GetDay() != 0 {
		t.Fatalf("after the next season: got season %d day %d; want season 2, day 0", info.GetSeason(), info.GetDay())
	}
	if st, err := s.srv.Game.GetSeasonStanding(as(ada2), &pb.GetSeasonStandingRequest{}); err != nil || st.GetCareer().GetSeasons() != 2 {
		t.Fatalf("ada's standing in season 2: got %v, %v; want her career's second season", st.GetCareer(), err)
	}

	// A token revoked, once confirmed: bo's (season 1's general).
	if _, err := s.srv.Game.GetView(as(boToken), &pb.GetViewRequest{}); status.Code(err) == codes.Unauthenticated {
		t.Fatalf("bo's token before its revocation: %v", err)
	}
	submit(`tr[data-camp="0"][data-seat="general"] button`)
	wantText("the revocation's confirmation", "Revoke the token of camp 0's general seat")
	submit(`#confirm`)
	wantText("the token revoked", "Revoked 1 token of camp 0's general seat.")
	if _, err := s.srv.Game.GetView(as(boToken), &pb.GetViewRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("bo's token after its revocation: got %v; want Unauthenticated", err)
	}

	// The audit, by world then by action.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/audit?world=%d", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`table.audit`)))
	actions := browsertest.Eval[[]string](t, b, `[...document.querySelectorAll('tr[data-action]')].map(r => r.dataset.action)`)
	for _, want := range []string{"CreateWorld", "EnrollPlayer", "ForceTick", "CloseSeason", "CreateSeason", "RevokeToken"} {
		if !slices.Contains(actions, want) {
			t.Errorf("the world's audit: got %v; want %s among them", actions, want)
		}
	}
	browsertest.Screenshot(t, b, shot("console-audit.png"), 0)
	browsertest.Do(t, b, chromedp.Navigate(s.http.URL+"/console/audit?action=EnrollPlayer"), chromedp.WaitVisible(browsertest.CSS(`#filter`)))
	actions = browsertest.Eval[[]string](t, b, `[...document.querySelectorAll('tr[data-action]')].map(r => r.dataset.action)`)
	if len(actions) != 3 || slices.ContainsFunc(actions, func(a string) bool { return a != "EnrollPlayer" }) {
		t.Errorf("the audit of EnrollPlayer: got %v; want the three enrolments (the checks are not audited)", actions)
	}
	// The default sheet left as it is goes as none: bo's and ada's return
	// carry no sheet; ada's first, edited, carries hers.
	details := browsertest.Eval[[]string](t, b, `[...document.querySelectorAll('tr[data-action] code')].map(c => c.textContent)`)
	var sheets []bool
	for _, d := range details {
		sheets = append(sheets, strings.Contains(d, "characteristics:"))
	}
	if !slices.Equal(sheets, []bool{false, false, true}) {
		t.Errorf("the enrolments' requests, newest first: got %q; want a sheet in ada's first only", details)
	}

	// The same console in French, from the header's form.
	browsertest.Do(t, b, chromedp.Navigate(fmt.Sprintf("%s/console/world/%d/enrol", s.http.URL, id)), chromedp.WaitVisible(browsertest.CSS(`#enrolform`)))
	set(`header form.lang select`, "fr")
	submit(`header form.lang button`)
	wantText("the enrolment form in French", "Inscrire un joueur", "Feuille de personnage d'une nouvelle carrière", "+300 nourriture", "total 10 sur 10")
	browsertest.Screenshot(t, b, shot("console-enrol-fr.png"), 0)
}

// worldOfPage reads the world's number of a console address.
func worldOfPage(t *testing.T, path string) uint64 {
	t.Helper()
	var id uint64
	if _, err := fmt.Sscanf(path, "/console/world/%d", &id); err != nil {
		t.Fatalf("the page %q is not a world's console page", path)
	}
	return id
}

// worldInfo returns world id's info, from the server.
func (s *site) worldInfo(t *testing.T, id uint64) *pb.WorldInfo {
	t.Helper()
	ws, err := s.srv.Admin.ListWorlds(s.srv.AdminContext(context.Background()), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ws.GetWorlds() {
		if w.GetId() == id {
			return w
		}
	}
	t.Fatalf("no world %d", id)
	return nil
}

// seasons returns world id's seasons, from the server.
func (s *site) seasons(t *testing.T, id uint64) []*pb.SeasonInfo {
	t.Helper()
	se, err := s.srv.Admin.ListSeasons(s.srv.AdminContext(context.Background()), &pb.ListSeasonsRequest{WorldId: id})
	if err != nil {
		t.Fatal(err)
	}
	return se.GetSeasons()
}

// TestConsoleGuards: the console answers only an admin (a camp's token
// and no token are 401, and nothing is called); a form without this
// browser's CSRF token is 403 and changes nothing; what cannot be undone
// waits for its confirmation; pages and refusals come in French for a
// French visitor.
func TestConsoleGuards(t *testing.T) {
	s := consoleSite(t)
	anon := s.client(t, "")
	camp := s.client(t, s.srv.CampToken(t, 0))
	for _, c := range []*http.Client{anon, camp} {
		for _, path := range []string{"/console", "/console/world/1", "/console/tokens", "/console/audit"} {
			if body, code := s.get(t, c, path); code != http.StatusUnauthorized || !strings.Contains(body, "The console is for admins") {
				t.Errorf("%s without an admin's token: got %d; want 401 saying the console is for admins", path, code)
			}
		}
	}
	admin := s.client(t, s.srv.AdminToken)
	ctx := s.srv.AdminContext(context.Background())
	before := s.worldInfo(t, 1)
	post := func(c *http.Client, path string, form url.Values) (string, int) {
		t.Helper()
		resp, err := c.PostForm(s.http.URL+path, form)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		return readAll(t, resp), resp.StatusCode
	}
	if _, code := post(admin, "/console/world/1", url.Values{"action": {"tick"}}); code != http.StatusForbidden {
		t.Errorf("a forced day without the CSRF token: got %d; want 403", code)
	}
	if _, code := post(admin, "/console/world/1", url.Values{"action": {"tick"}, "csrf": {"forged"}}); code != http.StatusForbidden {
		t.Errorf("a forced day with a forged CSRF token: got %d; want 403", code)
	}
	if d := s.worldInfo(t, 1).GetDay(); d != before.GetDay() {
		t.Fatalf("day after the refused forms: got %d; want %d", d, before.GetDay())
	}
	csrf := s.csrf(t, admin)
	body, code := post(admin, "/console/world/1", url.Values{"action": {"reset"}, "csrf": {csrf}})
	if code != http.StatusOK || !strings.Contains(body, `name="confirm" value="yes"`) || !strings.Contains(body, "goes back to its setup") {
		t.Errorf("a reset: got %d; want the confirmation page", code)
	}
	if _, err := s.srv.Admin.ForceTick(ctx, &pb.WorldRequest{WorldId: 1}); err != nil {
		t.Fatal(err)
	}
	if d := s.worldInfo(t, 1).GetDay(); d != before.GetDay()+1 {
		t.Fatalf("the reset ran before its confirmation: day %d", d)
	}
	// French.
	fr := s.client(t, s.srv.AdminToken)
	if _, code := post(fr, "/lang", url.Values{"lang": {"fr"}, "csrf": {s.csrf(t, fr)}, "back": {"/console"}}); code != http.StatusOK {
		t.Fatalf("choose French: got %d", code)
	}
	if body, _ := s.get(t, fr, "/console"); !strings.Contains(body, "La console de l&#39;administrateur") || !strings.Contains(body, "Créer le monde") {
		t.Errorf("the console in French: it lacks its French title and button")
	}
	body, code = post(fr, "/console/worlds", url.Values{"csrf": {s.csrf(t, fr)}, "camps": {"9"}, "cadence": {"1ns"}, "season_length": {"-4"}})
	if code != http.StatusBadRequest || !strings.Contains(body, "champs sont faux") {
		t.Errorf("a wrong creation in French: got %d; want 400 naming its fields in French", code)
	}
	for _, field := range []string{"seed ne vaut pas 0", "cadence vaut au moins", "season_length vaut 0", "se joue de"} {
		if !strings.Contains(body, field) {
			t.Errorf("a wrong creation in French: the page lacks %q", field)
		}
	}
	// A field the form cannot read and fields the server refuses: all
	// named at once, nothing created.
	body, code = post(admin, "/console/worlds", url.Values{"csrf": {csrf}, "cadence": {"soon"}, "season_length": {"-4"},
		"controller0": {"human"}, "controller1": {"robot"}, "controller2": {""}})
	for _, want := range []string{"5 fields are wrong", `&#34;soon&#34; is not a duration`, "seed must not be 0", "season_length must be 0",
		"unknown controller &#34;robot&#34;", "choose camp 2&#39;s controller"} {
		if !strings.Contains(body, want) {
			t.Errorf("a creation wrong in the form and on the server: got %d; the page lacks %q:\n%s", code, want, body)
		}
	}
	if ws, err := s.srv.Admin.ListWorlds(ctx, &pb.ListWorldsRequest{}); err != nil || len(ws.GetWorlds()) != 1 {
		t.Errorf("worlds after the refused creations: got %d, %v; want 1", len(ws.GetWorlds()), err)
	}
	if a, err := s.srv.Admin.ListAudit(ctx, &pb.ListAuditRequest{Action: "CreateWorld"}); err != nil || len(a.GetEntries()) != 1 {
		t.Errorf("audit of CreateWorld: got %v, %v; want the one refusal the form sent for real (the check is not audited)", a.GetEntries(), err)
	}
	// The admin tokens: issued once confirmed, shown once.
	body, _ = post(admin, "/console/tokens", url.Values{"action": {"issue"}, "name": {"ops"}, "csrf": {csrf}, "confirm": {"yes"}})
	tok := regexp.MustCompile(`id="token">(gva_[^<]+)<`).FindStringSubmatch(body)
	if tok == nil {
		t.Fatalf("the admin token issued: the page shows none")
	}
	if _, err := s.srv.Admin.ListWorlds(s.srv.AdminContext(context.Background()), &pb.ListWorldsRequest{}); err != nil {
		t.Fatal(err)
	}
	if body, _ := s.get(t, admin, "/console/tokens"); strings.Contains(body, tok[1]) || !strings.Contains(body, `data-name="ops"`) {
		t.Errorf("the admin tokens' page: it must list ops and never show a token")
	}
}

// TestConsoleActions: the world's other actions through their forms, as a
// browser without JavaScript posts them: pause and resume, a controller
// set, a fork (its own world, paused), an unbound camp token issued once
// confirmed (shown once, working), a reset once confirmed (day 0), and an
// admin token revoked once confirmed. Each checked against the server.
func TestConsoleActions(t *testing.T) {
	s := consoleSite(t)
	admin := s.client(t, s.srv.AdminToken)
	csrf := s.csrf(t, admin)
	post := func(path string, form url.Values) (string, int) {
		t.Helper()
		form.Set("csrf", csrf)
		resp, err := admin.PostForm(s.http.URL+path, form)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		return readAll(t, resp), resp.StatusCode
	}
	act := func(action string, kv ...string) (string, int) {
		t.Helper()
		f := url.Values{"action": {action}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return post("/console/world/1", f)
	}
	if body, code := act("pause"); code != http.StatusOK || !strings.Contains(body, "World paused") || !s.worldInfo(t, 1).GetPaused() {
		t.Errorf("pause: got %d; want the world paused and said so", code)
	}
	if _, code := act("resume"); code != http.StatusOK || s.worldInfo(t, 1).GetPaused() {
		t.Errorf("resume: got %d; want the world running", code)
	}
	if _, code := act("controller", "camp", "2", "controller", "ai-aggressive"); code != http.StatusOK || tools.ControllerName(s.worldInfo(t, 1).GetControllers()[2]) != "ai-aggressive" {
		t.Errorf("controller: got %d, camp 2 %v; want ai-aggressive", code, s.worldInfo(t, 1).GetControllers()[2])
	}
	if body, code := act("controller", "camp", "2", "controller", "robot"); code != http.StatusBadRequest || !strings.Contains(body, "unknown controller") {
		t.Errorf("an unknown controller: got %d; want 400 naming it", code)
	}
	s.srv.ForceTick(t, 1)
	if body, code := act("fork", "season", "1", "day", "1", "name", "what if"); code != http.StatusOK || !strings.Contains(body, "World 2 forked from world 1") {
		t.Errorf("fork: got %d; want world 2 forked", code)
	} else if w := s.worldInfo(t, 2); w.GetName() != "what if" || !w.GetPaused() || w.GetDay() != 1 {
		t.Errorf("the fork: got %v; want \"what if\", paused, on day 1", w)
	}
	body, code := act("token", "camp", "1")
	if code != http.StatusOK || !strings.Contains(body, "stops working at once") || strings.Contains(body, `id="token"`) {
		t.Fatalf("a camp token: got %d; want its confirmation first, no token", code)
	}
	body, _ = act("token", "camp", "1", "confirm", "yes")
	tok := regexp.MustCompile(`id="token">(gvc_[^<]+)<`).FindStringSubmatch(body)
	if tok == nil {
		t.Fatal("the camp token confirmed: the page shows none")
	}
	if v, err := s.srv.Game.GetView(as(tok[1]), &pb.GetViewRequest{}); err != nil || v.GetCamp() != 1 {
		t.Errorf("the camp token shown: got %v, %v; want camp 1's view", v.GetCampName(), err)
	}
	if _, code := act("reset", "confirm", "yes"); code != http.StatusOK || s.worldInfo(t, 1).GetDay() != 0 {
		t.Errorf("a reset confirmed: got %d, day %d; want day 0", code, s.worldInfo(t, 1).GetDay())
	}
	if _, err := s.srv.Admin.IssueAdminToken(s.srv.AdminContext(context.Background()), &pb.IssueAdminTokenRequest{Name: "ops"}); err != nil {
		t.Fatal(err)
	}
	if body, _ := post("/console/tokens", url.Values{"action": {"revoke"}, "name": {"ops"}}); !strings.Contains(body, `name="confirm" value="yes"`) {
		t.Errorf("an admin token's revocation: want its confirmation first")
	}
	if body, code := post("/console/tokens", url.Values{"action": {"revoke"}, "name": {"ops"}, "confirm": {"yes"}}); code != http.StatusOK || !strings.Contains(body, `Admin token &#34;ops&#34; revoked.`) {
		t.Errorf("an admin token revoked: got %d", code)
	}
	if names, err := s.srv.Admin.ListAdminTokens(s.srv.AdminContext(context.Background()), &pb.ListAdminTokensRequest{}); err != nil || slices.Contains(names.GetNames(), "ops") {
		t.Errorf("admin tokens after the revocation: got %v, %v; want ops gone", names.GetNames(), err)
	}
	if _, code := s.get(t, admin, "/console/world/99"); code != http.StatusNotFound {
		t.Errorf("a world that does not exist: got %d; want 404", code)
	}
}
