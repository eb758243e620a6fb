package web

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestCampPlots checks the camp page's Progress tab in chromium without
// script (SEA-HISTORY): nine plots of the camp's own counters, named in the
// page's language, each line drawn in the camp's colour through one point a
// day whose height is what the camp's view said that day; links to the
// feats and research pages.
func TestCampPlots(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 6, SeasonLength: 100}, time.Hour)
	const days = 12
	views := []*pb.CampView{s.view(t, 0)}
	for range days {
		s.playDay(t, s.allCamps()...)
		views = append(views, s.view(t, 0))
	}
	ctx := browsertest.Start(t, false)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	captions := map[string][]string{
		"en": {"score", "population", "soldiers", "zones held", "food", "gold", "wood", "stone", "research tier"},
		"fr": {"score", "population", "soldats", "zones tenues", "vivres", "or", "bois", "pierre", "palier de recherche"},
	}
	// The measures checked point by point, by their place in captions.
	checked := map[int]func(v *pb.CampView) float64{
		0: func(v *pb.CampView) float64 { return float64(v.GetScore()) },
		1: func(v *pb.CampView) float64 { return float64(v.GetGrisonval().GetPopulation()) },
		2: func(v *pb.CampView) float64 { return float64(v.GetGrisonval().GetMenUnderArms()) },
		4: func(v *pb.CampView) float64 { return float64(v.GetGrisonval().GetResources().GetFood()) },
		6: func(v *pb.CampView) float64 { return float64(v.GetGrisonval().GetResources().GetWood()) },
	}
	for _, l := range []string{"en", "fr"} {
		if l != "en" {
			setLanguage(t, ctx, l)
		}
		browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp"), chromedp.WaitVisible(browsertest.CSS(`label[for=tab-plots]`)))
		if shown := browsertest.Eval[string](t, ctx, `getComputedStyle(document.querySelector('.p-plots')).display`); shown != "none" {
			t.Errorf("%s: the plots show (%s) before their tab is picked", l, shown)
		}
		browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`label[for=tab-plots]`)), chromedp.WaitVisible(browsertest.CSS(`.p-plots figure.plot`)))
		got := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('.p-plots figcaption')].map(f => f.textContent)`)
		if strings.Join(got, "|") != strings.Join(captions[l], "|") {
			t.Errorf("%s: plots %q; want %q", l, got, captions[l])
		}
		lines := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('.p-plots polyline')].map(p => p.getAttribute('class') + '|' + p.querySelector('title').textContent)`)
		if len(lines) != len(captions[l]) {
			t.Fatalf("%s: %d lines; want one a plot, %d", l, len(lines), len(captions[l]))
		}
		for _, line := range lines {
			if line != "ln "+campClass(0)+"|"+views[days].GetCampName() {
				t.Errorf("%s: line %q; want the camp's alone, in its colour, named %q", l, line, views[days].GetCampName())
			}
		}
		points := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('.p-plots polyline')].map(p => p.getAttribute('points').trim())`)
		for i, of := range checked {
			pts := strings.Fields(points[i])
			if len(pts) != days+1 {
				t.Errorf("%s: %s has %d points; want one a day, %d", l, captions[l][i], len(pts), days+1)
				continue
			}
			lo, hi := 0.0, 1.0
			for _, v := range views {
				lo, hi = min(lo, of(v)), max(hi, of(v))
			}
			for day, p := range pts {
				y, err := strconv.ParseFloat(p[strings.IndexByte(p, ',')+1:], 64)
				want := 4 + (1-(of(views[day])-lo)/(hi-lo))*(plotH-plotBottom-4)
				if err != nil || math.Abs(y-want) > 0.06 {
					t.Errorf("%s: %s on day %d at height %q; want %.1f (the view said %v)", l, captions[l][i], day, p, want, of(views[day]))
				}
			}
		}
		links := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('.p-plots .progress-links a')].map(a => a.getAttribute('href'))`)
		if strings.Join(links, " ") != "/camp/feats /camp/research" {
			t.Errorf("%s: the tab links to %q; want the feats and research pages", l, links)
		}
	}
}

// TestScreenshotsProgress takes docs/web.md's picture of the Progress tab
// (with -shots only): camp 0 on day 30.
func TestScreenshotsProgress(t *testing.T) {
	if *shots == "" {
		t.Skip("run with -shots DIR to take the screenshots of docs/web.md")
	}
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 40}, DefaultPoll)
	for s.day(t) < 30 {
		s.playDay(t, s.allCamps()...)
	}
	ctx := browsertest.Start(t, false)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp"), chromedp.Click(browsertest.CSS(`label[for=tab-plots]`)),
		chromedp.WaitVisible(browsertest.CSS(`.p-plots figure.plot`)))
	// The tabs alone under the page's header: the rest of the page is in
	// play-camp.png.
	browsertest.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`for (const e of [...document.querySelector('main').children]) {
		if (e.classList.contains('tabs')) break; e.style.display = 'none'; }`))
	browsertest.Screenshot(t, ctx, filepath.Join(*shots, "play-progress.png"), 900)
}

// TestProgressOtherRuleset checks the Progress tab of a ruleset without
// Grisonval's counters (a Castle city): its score's plot alone, one point a
// day, and no link to feats or research, whose pages answer 404 with a
// sentence in the page's language; signed out, they ask for a camp's token.
func TestProgressOtherRuleset(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Ruleset: "castle", Camps: 4, Seed: 7}, time.Hour)
	for range 3 {
		s.playDay(t, s.allCamps()...)
	}
	c := s.client(t, s.world.Tokens[1])
	page, code := s.get(t, c, "/camp")
	if code != 200 {
		t.Fatalf("camp page: status %d", code)
	}
	if n := strings.Count(page, `<figure class="plot">`); n != 1 || !strings.Contains(page, `<figcaption>score</figcaption>`) {
		t.Errorf("a Castle city's Progress tab has %d plots; want its score's alone", n)
	}
	line := `<polyline class="ln ` + campClass(1) + `" points="`
	if n := strings.Count(page, line); n != 1 {
		t.Fatalf("%d lines in city 1's colour; want 1", n)
	}
	pts := page[strings.Index(page, line)+len(line):]
	if n, day := len(strings.Fields(pts[:strings.IndexByte(pts, '"')])), s.view(t, 1).GetDay(); n != int(day)+1 {
		t.Errorf("the score's line has %d points; want one a day, days 0 to %d", n, day)
	}
	if strings.Contains(page, "/camp/feats") || strings.Contains(page, "/camp/research") {
		t.Errorf("a Castle city's page links to feats or research")
	}
	for _, path := range []string{"/camp/feats", "/camp/research"} {
		body, code := s.get(t, c, path)
		if code != 404 || !strings.Contains(body, "Your world&#39;s game has no feats nor research tree.") {
			t.Errorf("%s on a Castle: status %d; want 404 saying the game has none", path, code)
		}
		body, code = s.get(t, s.client(t, ""), path)
		if code != 401 || !strings.Contains(body, "Sign in with your camp") {
			t.Errorf("%s signed out: status %d; want 401 asking for a camp's token", path, code)
		}
	}
}
