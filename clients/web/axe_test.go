package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
)

// axeScript is axe-core, the accessibility engine, as make test-deps
// installs it (npm ci in testdata/axe).
const axeScript = "testdata/axe/node_modules/axe-core/axe.min.js"

// axeViolation is one rule axe finds broken on a page.
type axeViolation struct {
	ID, Impact, Help string
	Nodes            []struct{ Target []string }
}

// checkAxe runs axe-core in the page of ctx and fails on each serious or
// critical violation of WCAG 2 A and AA (contrast, names, labels, ...).
func checkAxe(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	src, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (%v): make test-deps installs it (npm ci --prefix clients/web/testdata/axe)", err)
	}
	browsertest.Do(t, ctx, chromedp.Evaluate[chromedp.Void](string(src)))
	run, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	vs, err := chromedp.Run(run, chromedp.Evaluate[[]axeViolation](`axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']})
		.then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.map(String)}))})))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: axe: %v", what, err)
	}
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, strings.Join(n.Target, " "))
		}
		msg := fmt.Sprintf("%s: %s (%s): %s, at %s", what, v.ID, v.Impact, v.Help, strings.Join(where, "; "))
		if v.Impact == "serious" || v.Impact == "critical" {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
}

// TestAccessibility runs axe-core in chromium on the player's pages, in
// English and French: the front page, camp 0's page with a zone picked,
// its season and progress tabs, its feats and research pages, the
// observer's, a Castle city's, and a closed season's
// camp page; none has a serious or critical violation (issue 31).
func TestAccessibility(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(filepath.Clean(axeScript)); err != nil {
		t.Fatalf("axe-core is not installed (%v): make test-deps installs it", err)
	}
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 12}, time.Hour)
	for range 10 {
		s.playDay(t, s.allCamps()...)
	}
	ctx := browsertest.Start(t, true)
	browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/"))
	checkAxe(t, ctx, "the front page")
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	v := s.view(t, 0)
	zone := v.GetGrisonval().GetZones()[0].GetId()
	for _, z := range v.GetGrisonval().GetZones() {
		if z.GetOwner() == 0 {
			zone = z.GetId()
		}
	}
	for _, l := range []string{"en", "fr"} {
		if l == "fr" {
			setLanguage(t, ctx, "fr")
		}
		browsertest.Do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/camp?zone=%d#zone", s.http.URL, zone)))
		checkAxe(t, ctx, l+": camp 0's page with zone "+fmt.Sprint(zone))
		browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`label[for=tab-season]`)))
		checkAxe(t, ctx, l+": camp 0's season tab")
		browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`label[for=tab-plots]`)))
		checkAxe(t, ctx, l+": camp 0's progress tab")
		for _, page := range []string{"feats", "research"} {
			browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp/"+page))
			checkAxe(t, ctx, l+": camp 0's "+page+" page")
		}
	}
	admin := browsertest.Start(t, true)
	browsertest.SignIn(t, admin, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, admin, chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)))
	checkAxe(t, admin, "the observer's page")
	for s.day(t) < 12 {
		s.playDay(t, s.allCamps()...)
	}
	browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp"))
	checkAxe(t, ctx, "a closed season's camp page")

	c := newSite(t, testserver.Game{Ruleset: "castle", Camps: 4, Seed: 7}, time.Hour)
	for range 6 {
		c.playDay(t, c.allCamps()...)
	}
	city := browsertest.Start(t, true)
	browsertest.SignIn(t, city, c.http.URL, c.world.Tokens[0])
	checkAxe(t, city, "a Castle city's page")
}
