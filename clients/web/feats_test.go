package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/lang"
)

// langs are the pages' languages by their codes.
var langs = map[string]lang.Lang{"en": lang.EN, "fr": lang.FR}

// TestFeatsPage checks the feats screen (SEA-CATALOGUE) in chromium
// without script, reached from the camp page's Progress tab, in English
// and French: the 26 feats in their order with their names and conditions
// as the engine's table gives them under the world's rules, the camp's
// unlocked ones (its view's) marked, and their count in the heading.
func TestFeatsPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 6, SeasonLength: 100}, time.Hour)
	for range 12 {
		s.playDay(t, s.allCamps()...)
	}
	held := map[string]bool{}
	for _, a := range s.view(t, 0).GetGrisonval().GetAchievements() {
		held[a.GetCode()] = true
	}
	if len(held) == 0 || len(held) == engine.NumAchievements {
		t.Fatalf("camp 0 holds %d feats on day 12; the test needs some held and some not", len(held))
	}
	ctx := browsertest.Start(t, false)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	for _, code := range []string{"en", "fr"} {
		l := langs[code]
		if code != "en" {
			setLanguage(t, ctx, code)
		}
		browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp"), chromedp.Click(browsertest.CSS(`label[for=tab-plots]`)),
			chromedp.Click(browsertest.CSS(`.progress-links a[href="/camp/feats"]`)))
		browsertest.WaitFor(t, ctx, `document.readyState === 'complete' && !!document.querySelector('table.feats')`, 10*time.Second)
		rows := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('table.feats tr[data-code]')].map(r =>
			[r.dataset.code, r.className, ...[...r.cells].map(c => c.textContent)].join('|'))`)
		if len(rows) != engine.NumAchievements {
			t.Fatalf("%s: %d feats; want %d", code, len(rows), engine.NumAchievements)
		}
		for i, row := range rows {
			a := &engine.Achievements[i+1]
			state, mark := "open", map[string]string{"en": "not yet", "fr": "pas encore"}[code]
			if held[a.Code] {
				state, mark = "held", map[string]string{"en": "✔ unlocked", "fr": "✔ débloqué"}[code]
			}
			want := strings.Join([]string{a.Code, state, fmt.Sprint(i + 1), a.Name.In(l), a.ConditionUnder(engine.CurrentRules).In(l), mark}, "|")
			if row != want {
				t.Errorf("%s: feat %d reads %q; want %q", code, i+1, row, want)
			}
		}
		head := browsertest.Eval[string](t, ctx, `document.querySelector('h1').textContent`)
		if want := l.Sprintf("%d of 26", "%d sur 26", len(held)); !strings.HasSuffix(head, want) {
			t.Errorf("%s: heading %q; want it to end with %q", code, head, want)
		}
	}
}

// TestResearchPage checks the research tree (SEA-CATALOGUE) in chromium
// without script, in English and French: the 29 tiers under their six
// ages, with the engine's titles, thresholds and effects; the tiers the
// camp reached marked, and the next one's progress at the camp's research.
func TestResearchPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 100}, time.Hour)
	// Until camp 0 reached a tier (seed 2's bots: by day 15 or so).
	if !s.playUntil(t, 40, func() bool { return s.view(t, 0).GetGrisonval().GetTier() > 0 }) {
		t.Fatalf("camp 0 reached no tier in 40 days; the test needs one")
	}
	g := s.view(t, 0).GetGrisonval()
	tier, research := g.GetTier(), g.GetResources().GetResearch()
	ctx := browsertest.Start(t, false)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	for _, code := range []string{"en", "fr"} {
		l := langs[code]
		if code != "en" {
			setLanguage(t, ctx, code)
		}
		browsertest.Do(t, ctx, chromedp.Navigate(s.http.URL+"/camp/research"))
		browsertest.WaitFor(t, ctx, `document.readyState === 'complete' && !!document.querySelector('table.tiers')`, 10*time.Second)
		ages := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('section.age')].map(s => s.querySelector('h2').textContent + '|' + s.querySelectorAll('tr[data-tier]').length)`)
		want := []string{}
		for age := 1; age <= 6; age++ {
			n := 0
			for id := 1; id <= engine.NumTechs; id++ {
				if engine.Techs[id].Age == age {
					n++
				}
			}
			want = append(want, fmt.Sprintf("%s|%d", engine.AgeNames[age].In(l), n))
		}
		if strings.Join(ages, ",") != strings.Join(want, ",") {
			t.Errorf("%s: ages %q; want %q", code, ages, want)
		}
		rows := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('table.tiers tr[data-tier]')].map(r =>
			[r.className, ...[...r.cells].slice(0, 4).map(c => c.textContent)].join('|'))`)
		if len(rows) != engine.NumTechs {
			t.Fatalf("%s: %d tiers; want %d", code, len(rows), engine.NumTechs)
		}
		for i, row := range rows {
			e := engine.Techs[i+1]
			state := "open"
			switch {
			case int32(i+1) <= tier:
				state = "held"
			case int32(i+1) == tier+1:
				state = "next"
			}
			if want := fmt.Sprintf("%s|%d|%s|%d|%s", state, i+1, e.Name.In(l), e.Research, e.Effect.In(l)); row != want {
				t.Errorf("%s: tier %d reads %q; want %q", code, i+1, row, want)
			}
		}
		next := browsertest.Eval[string](t, ctx, `(p => p ? p.value + '/' + p.max : '')(document.querySelector('tr.next progress'))`)
		if want := fmt.Sprintf("%d/%d", research, engine.Techs[tier+1].Research); next != want {
			t.Errorf("%s: the next tier's progress is %q; want the camp's research %s", code, next, want)
		}
		head := browsertest.Eval[string](t, ctx, `document.querySelector('h1').textContent`)
		if want := l.Sprintf("tier %d of 29", "palier %d sur 29", tier); !strings.HasSuffix(head, want) {
			t.Errorf("%s: heading %q; want it to end with %q", code, head, want)
		}
	}
}
