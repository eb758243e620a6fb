package web

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// countersGame is the world of counters (docs/counters.md) the generic
// pages are tested and pictured with: a ruleset without a page of its own.
var countersGame = testserver.Game{Ruleset: "counters", Camps: 3, Seed: 11, SeasonLength: 12}

// submit posts camp's order with the camp's own token.
func (s *site) submit(t testing.TB, camp int, action string, args ...int32) {
	t.Helper()
	if _, err := s.srv.Game.SubmitOrder(as(s.world.Tokens[camp]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: action, Args: args}}); err != nil {
		t.Fatalf("camp %d's %s %v: %v", camp, action, args, err)
	}
}

// submitAll posts an order for each of the first camps, in camp order,
// each an action and its arguments ("gain 3"), and plays the day: it
// resolves once every camp that still plays posted, or else is forced.
func (s *site) submitAll(t testing.TB, orders ...string) {
	t.Helper()
	day := s.day(t)
	for camp, o := range orders {
		f := strings.Fields(o)
		var args []int32
		for _, a := range f[1:] {
			n, err := strconv.Atoi(a)
			if err != nil {
				t.Fatalf("order %q: %v", o, err)
			}
			args = append(args, int32(n))
		}
		s.submit(t, camp, f[0], args...)
	}
	if !s.waitDay(t, day+1, 2*time.Second) {
		s.srv.ForceTick(t, s.world.ID)
	}
}

// Scripts that read the generic pages in the browser.
const (
	// readStandings reads the camps' table of a generic observer's page.
	readStandings = `Array.from(document.querySelectorAll('table.standings tr[data-camp]')).map(r => ({
	  camp: +r.dataset.camp, rank: +r.querySelector('.rank').textContent, name: r.querySelector('.name').textContent.trim(),
	  alive: r.querySelector('.alive').textContent, score: +r.querySelector('.score').textContent, summary: r.querySelector('.summary').textContent}))`
	// readJournal reads the journal panel's lines: day, the camps it is
	// attributed to, and the narration.
	readJournal = `Array.from(document.querySelectorAll('.p-journal article.entry')).map(a => {
	  const p = a.querySelector('p'), b = p.querySelector('b');
	  return {day: p.querySelector('.d').textContent, who: b ? b.textContent : '', text: (b ? b.nextSibling.textContent : p.lastChild.textContent).trim()};
	})`
	// pageText is the text of the whole page, its hidden tabs included
	// (the season tab's text is the text face's, viewtext.SeasonStanding).
	pageText = `document.body.textContent`
	// grisonvalParts counts what belongs to Grisonval's pages: the map,
	// siege cards, columns, the banner of stocks, the people and
	// diplomacy tabs.
	grisonvalParts = `document.querySelectorAll('#map, .siege, ul.cols, .campc, #tab-people, #tab-diplomacy, .board').length`
)

// standingRow is a camp's row of the generic observer's table.
type standingRow struct {
	Camp    int32  `json:"camp"`
	Rank    int32  `json:"rank"`
	Name    string `json:"name"`
	Alive   string `json:"alive"`
	Score   int64  `json:"score"`
	Summary string `json:"summary"`
}

// shownLine is a journal line as the browser reads it.
type shownLine struct {
	Day  string `json:"day"`
	Who  string `json:"who"`
	Text string `json:"text"`
}

// grisonvalWords are Grisonval's words a generic page never says, in
// English and in French ("siège" is also a council's seat in French: the
// French list leaves it out).
var grisonvalWords = map[lang.Lang]*regexp.Regexp{
	lang.EN: regexp.MustCompile(`(?i)\bzones?\b|\bsieges?\b|\bcolumns?\b|\bdiplomacy\b|an unknown camp`),
	lang.FR: regexp.MustCompile(`(?i)\bzones?\b|\bassiég|\bcolonnes?\b|\bdiplomatie\b|un camp inconnu`),
}

// checkGeneric checks that the page in ctx has none of Grisonval's parts
// and none of its words in l.
func checkGeneric(t *testing.T, ctx context.Context, what string, l lang.Lang) {
	t.Helper()
	if n := browsertest.Eval[int](t, ctx, grisonvalParts); n != 0 {
		t.Errorf("%s: %d of Grisonval's parts (map, sieges, columns, banner, people, diplomacy)", what, n)
	}
	if w := grisonvalWords[l].FindAllString(browsertest.Eval[string](t, ctx, pageText), -1); len(w) > 0 {
		t.Errorf("%s says Grisonval's words %q", what, w)
	}
	if got := browsertest.Eval[string](t, ctx, `document.documentElement.lang`); got != l.String() {
		t.Errorf("%s in %q; want %q", what, got, l)
	}
}

// checkStandings checks the generic observer's table against frame f's
// camps, in l.
func checkStandings(t *testing.T, ctx context.Context, what string, f *pb.Frame, l lang.Lang) {
	t.Helper()
	rows := browsertest.Eval[[]standingRow](t, ctx, readStandings)
	if len(rows) != len(f.GetCamps()) {
		t.Fatalf("%s: %d camps in the table; want %d", what, len(rows), len(f.GetCamps()))
	}
	for i, r := range rows {
		if i > 0 && r.Rank < rows[i-1].Rank {
			t.Errorf("%s: rank %d after rank %d; want the camps by rank", what, r.Rank, rows[i-1].Rank)
		}
		c := f.GetCamps()[r.Camp]
		alive := l.Sprintf("plays", "joue")
		if !c.GetAlive() {
			alive = l.Sprintf("no longer plays", "ne joue plus")
		}
		want := standingRow{Camp: c.GetCamp(), Rank: c.GetRank(), Name: c.GetName(), Alive: alive, Score: c.GetScore(), Summary: c.GetSummary()}
		if r != want {
			t.Errorf("%s: camp %d's row %+v; want %+v", what, r.Camp, r, want)
		}
	}
}

// timeline returns season 1's frames, journals and messages as the server
// has them (an admin's GetTimeline), in l.
func (s *site) timeline(t *testing.T, l lang.Lang) *pb.Chronicle {
	t.Helper()
	out := &pb.Chronicle{}
	for tok := ""; ; {
		tl, err := s.srv.Admin.GetTimeline(s.srv.AdminContext(pb.WithLang(t.Context(), l)),
			&pb.GetChronicleRequest{WorldId: s.world.ID, Season: 1, PageSize: 50, PageToken: tok})
		if err != nil {
			t.Fatal(err)
		}
		out.Frames = append(out.Frames, tl.GetFrames()...)
		out.Journals = append(out.Journals, tl.GetJournals()...)
		out.Messages = append(out.Messages, tl.GetMessages()...)
		if tok = tl.GetNextPageToken(); tok == "" {
			return out
		}
	}
}

// checkJournal checks the journal lines the page in ctx shows for days
// from-to: each entry the server's journals hold for those days is shown
// once, attributed to the camps whose journals hold it (by name, or
// everyone's word when every camp's does), never to an unknown camp.
func checkJournal(t *testing.T, ctx context.Context, what string, tl *pb.Chronicle, names []string, from, to int32, l lang.Lang) {
	t.Helper()
	type key struct {
		day  string
		text string
	}
	holders := map[key][]string{}
	for _, j := range tl.GetJournals() {
		for _, e := range j.GetEntries() {
			if e.GetDay() >= from && e.GetDay() <= to {
				k := key{l.Sprintf("day %d", "jour %d", e.GetDay()), e.GetNarration()}
				holders[k] = append(holders[k], names[j.GetCamp()])
			}
		}
	}
	shown := map[key]int{}
	for _, line := range browsertest.Eval[[]shownLine](t, ctx, readJournal) {
		k := key{line.Day, line.Text}
		shown[k]++
		want := strings.Join(holders[k], ", ")
		if len(holders[k]) == len(names) {
			want = everyCamp.In(l)
		}
		switch {
		case holders[k] == nil:
			t.Errorf("%s shows %q, %q, which no journal holds", what, line.Day, line.Text)
		case line.Who != want:
			t.Errorf("%s: %q, %q attributed to %q; want %q", what, line.Day, line.Text, line.Who, want)
		}
	}
	for k := range holders {
		if shown[k] != 1 {
			t.Errorf("%s shows %q, %q %d times; want once", what, k.day, k.text, shown[k])
		}
	}
}

// TestGenericPages plays a world of counters, a ruleset without a page of
// its own, through the real server and reads its pages in chromium: camp
// 0 posts its orders and a message from its page's forms, with JavaScript
// on and off; its page shows its score and words, its rank, the other
// camps with their public scores, its journal and messages, and the legal
// actions as forms from their argument specs; the observer's page shows
// the camps by rank with their scores and words and the journal, each
// line once and attributed to its camps by name; after the close, the
// timelapse does the same for each day with the ranking in the ruleset's
// words, its scrubber working without script, and the season list says
// the results in those words. Nothing on these pages is Grisonval's, in
// English and in French.
func TestGenericPages(t *testing.T) {
	t.Parallel()
	s := newSite(t, countersGame, DefaultPoll)
	var names []string
	for _, c := range s.frame(t).GetCamps() {
		names = append(names, c.GetName())
	}
	js, nojs := browsertest.Start(t, true), browsertest.Start(t, false)

	// Day 1: camp 0 gains 3 through its page's form, with JavaScript on.
	browsertest.SignIn(t, js, s.http.URL, s.world.Tokens[0])
	checkGeneric(t, js, "camp 0's page of day 0", lang.EN)
	gain := `form.act:has(input[name=action][value=gain]) `
	if got := browsertest.Eval[[]string](t, js, `(i => [i.type, i.min, i.max, i.value])(document.querySelector('`+gain+`input[name=a0]'))`); !slices.Equal(got, []string{"number", "1", "3", "1"}) {
		t.Errorf("gain's field (type, min, max, value) %q; want a number from 1 to 3 (its argument's spec)", got)
	}
	if browsertest.Eval[bool](t, js, `!!document.querySelector('form.act:has(input[name=action][value=steal])')`) {
		t.Error("camp 0's page offers steal on day 0, when no camp has a point")
	}
	browsertest.Do(t, js,
		chromedp.SetValue(browsertest.CSS(gain+`input[name=a0]`), "3"),
		chromedp.SendKeys(browsertest.CSS(gain+`input[name=reason]`), "count up"),
		chromedp.Click(browsertest.CSS(gain+`button:not([formaction])`)),
	)
	browsertest.WaitFor(t, js, flashSays("Order accepted for day 1: gain 3"), 20*time.Second)
	s.submit(t, 1, "gain", 2)
	s.submit(t, 2, "gain", 2)
	if !s.waitDay(t, 1, 10*time.Second) {
		t.Fatal("day 1 not played once every camp posted")
	}

	// Day 2: with JavaScript off, camp 0 steals from camp 1 (a choice of
	// the camps that have a point, labelled with their names) and writes
	// to it.
	browsertest.SignIn(t, nojs, s.http.URL, s.world.Tokens[0])
	steal := `form.act:has(input[name=action][value=steal]) `
	choices := browsertest.Eval[[]string](t, nojs, `Array.from(document.querySelectorAll('`+steal+`select[name=a0] option')).map(o => o.value + ' ' + o.textContent)`)
	if want := []string{"1 1 · Counter B", "2 2 · Counter C"}; !slices.Equal(choices, want) {
		t.Errorf("steal's choices %q; want %q", choices, want)
	}
	browsertest.Do(t, nojs,
		chromedp.SetValue(browsertest.CSS(steal+`select[name=a0]`), "1"),
		chromedp.Click(browsertest.CSS(steal+`button:not([formaction])`)),
	)
	browsertest.WaitFor(t, nojs, flashSays("Order accepted for day 2: steal 1"), 20*time.Second)
	browsertest.Do(t, nojs,
		chromedp.Click(browsertest.CSS(`label[for=tab-messages]`)),
		chromedp.SetValue(browsertest.CSS(`form.msgform select[name=to]`), "1"),
		chromedp.SendKeys(browsertest.CSS(`form.msgform textarea`), "Nothing personal, Counter B."),
		chromedp.Click(browsertest.CSS(`form.msgform button`)),
	)
	browsertest.WaitFor(t, nojs, flashSays("Message"), 20*time.Second)
	s.submit(t, 1, "gain", 3)
	s.submit(t, 2, "rest")
	if !s.waitDay(t, 2, 10*time.Second) {
		t.Fatal("day 2 not played once every camp posted")
	}

	// Camp 0's page of day 2, without script.
	browsertest.Do(t, nojs, chromedp.Navigate(s.http.URL+"/camp"), chromedp.WaitVisible(browsertest.CSS(`table.contacts`)))
	checkGeneric(t, nojs, "camp 0's page of day 2 without JavaScript", lang.EN)
	v := s.view(t, 0)
	standing, err := s.srv.Game.GetSeasonStanding(as(s.world.Tokens[0]), &pb.GetSeasonStandingRequest{})
	if err != nil {
		t.Fatal(err)
	}
	head := browsertest.Eval[string](t, nojs, `document.querySelector('h2.score').textContent`)
	if want := fmt.Sprintf("Your score: %d (%s) · rank %d of 3", v.GetScore(), v.GetScoreSummary(), standing.GetRank()); head != want {
		t.Errorf("camp 0's score %q; want %q", head, want)
	}
	rows := browsertest.Eval[[]string](t, nojs, `Array.from(document.querySelectorAll('table.contacts tr[data-camp]')).map(r => r.dataset.camp + ': ' + Array.from(r.cells).map(c => c.textContent.trim()).join(' | '))`)
	wantRows := []string{fmt.Sprintf("0: Counter A (you) |  | plays | %d | %s", v.GetScore(), v.GetScoreSummary())}
	for _, c := range v.GetContacts() {
		if !c.GetScored() || !c.GetMet() || !c.GetAlive() {
			t.Fatalf("counters' contact %v: want met, playing and scored", c)
		}
		wantRows = append(wantRows, fmt.Sprintf("%d: %s | met | plays | %d | %s", c.GetCamp(), c.GetName(), c.GetScore(), c.GetScoreSummary()))
	}
	if !slices.Equal(rows, wantRows) {
		t.Errorf("camp 0's contacts\n%q\nwant\n%q", rows, wantRows)
	}
	// Its journal since its last visit, on day 1.
	journal := browsertest.Eval[[]shownLine](t, nojs, readJournal)
	var since []shownLine
	for _, e := range v.GetJournal() {
		if e.GetDay() > 1 {
			since = append(since, shownLine{Day: fmt.Sprintf("day %d", e.GetDay()), Text: e.GetNarration()})
		}
	}
	if len(since) == 0 || !slices.Equal(journal, since) {
		t.Errorf("camp 0's journal since day 1 %q; want %q", journal, since)
	}
	if msgs := browsertest.Eval[string](t, nojs, `document.querySelector('.p-messages').textContent`); !strings.Contains(msgs, "Counter A to Counter B: Nothing personal, Counter B.") {
		t.Errorf("camp 0's messages %q lack the one it wrote", msgs)
	}
	// In the menu's numbers (its groups show them by kind).
	menu := browsertest.Eval[[]string](t, nojs, `Array.from(document.querySelectorAll('#orders ol.menu > li')).sort((a, b) => a.value - b.value).map(li => li.querySelector('input[name=action]').value)`)
	if want := []string{"rest", "gain", "steal"}; !slices.Equal(menu, want) {
		t.Errorf("camp 0's menu %q; want %q", menu, want)
	}

	// Day 3: every camp gains 3 (one line, every camp's); day 4: camp 0
	// reaches 10 points and retires, camps 1 and 2 gain 2 (one line, theirs).
	s.submitAll(t, "gain 3", "gain 3", "gain 3")
	s.submitAll(t, "gain 3", "gain 2", "gain 2")

	// The observer's page, in English then in French.
	browsertest.SignOut(t, js)
	browsertest.SignIn(t, js, s.http.URL, s.srv.AdminToken)
	observer := fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)
	f := s.frame(t)
	tl := map[lang.Lang]*pb.Chronicle{lang.EN: s.timeline(t, lang.EN), lang.FR: s.timeline(t, lang.FR)}
	if f.GetDetail() != nil || !slices.ContainsFunc(f.GetCamps(), func(c *pb.FrameCamp) bool { return !c.GetAlive() }) {
		t.Fatalf("counters' frame of day 4 %v; want no detail and a camp that no longer plays", f)
	}
	for _, l := range lang.All {
		if l == lang.FR {
			setLanguage(t, js, "fr")
		}
		browsertest.Do(t, js, chromedp.Navigate(observer), chromedp.WaitVisible(browsertest.CSS(`table.standings`)))
		what := "the observer's page in " + l.String()
		checkGeneric(t, js, what, l)
		checkStandings(t, js, what, f, l)
		checkJournal(t, js, what, tl[l], names, f.GetDay()-journalDays+1, f.GetDay(), l)
	}

	// The timelapse of the closed season, in French with script (the
	// previous and next links), in English without (the scrubber's form).
	if _, err := s.srv.Admin.CloseSeason(s.srv.AdminContext(t.Context()), &pb.CloseSeasonRequest{WorldId: s.world.ID}); err != nil {
		t.Fatal(err)
	}
	chronicle := fmt.Sprintf("%s/chronicle/%d/1", s.http.URL, s.world.ID)
	frames := map[int32]*pb.Frame{}
	for _, fr := range tl[lang.EN].GetFrames() {
		frames[fr.GetDay()] = fr
	}
	ranking := func(l lang.Lang) string {
		return l.Sprintf("Ranking: ", "Classement : ") + "1. Counter A (10 · 10 points) 2. Counter B (9 · 9 points) 3. Counter C (7 · 7 points)"
	}
	day := func(ctx context.Context, l lang.Lang, d int32) {
		t.Helper()
		what := fmt.Sprintf("the timelapse of day %d in %s", d, l)
		if got := browsertest.Eval[string](t, ctx, `document.querySelector('input[name=day]').value`); got != fmt.Sprint(d) {
			t.Fatalf("%s: the scrubber is on day %s", what, got)
		}
		checkGeneric(t, ctx, what, l)
		checkStandings(t, ctx, what, frames[d], l)
		checkJournal(t, ctx, what, tl[l], names, d, d, l)
		if got := strings.Join(strings.Fields(browsertest.Eval[string](t, ctx, `document.querySelector('.results').textContent`)), " "); got != ranking(l) {
			t.Errorf("%s: %q; want %q", what, got, ranking(l))
		}
		if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('.p-plots figure.plot').length`); n != 1 {
			t.Errorf("%s: %d plots; want the scores' one", what, n)
		}
	}
	browsertest.Do(t, js, chromedp.Navigate(chronicle+"?day=3"), chromedp.WaitVisible(browsertest.CSS(`table.standings`)))
	day(js, lang.FR, 3)
	browsertest.Do(t, js, chromedp.Click(browsertest.CSS(`#next`)))
	browsertest.WaitFor(t, js, `document.querySelector('input[name=day]') && document.querySelector('input[name=day]').value === '4'`, 10*time.Second)
	day(js, lang.FR, 4)
	browsertest.Do(t, nojs, chromedp.Navigate(chronicle+"?day=4"), chromedp.WaitVisible(browsertest.CSS(`table.standings`)))
	day(nojs, lang.EN, 4)
	// The day of camp 0's message, through the scrubber's form.
	if len(tl[lang.EN].GetMessages()) != 1 {
		t.Fatalf("messages %v; want camp 0's", tl[lang.EN].GetMessages())
	}
	md := tl[lang.EN].GetMessages()[0].GetDay()
	browsertest.Do(t, nojs,
		chromedp.SetValue(browsertest.CSS(`#scrubber input[name=day]`), fmt.Sprint(md)),
		chromedp.Click(browsertest.CSS(`#scrubber button`)),
	)
	browsertest.WaitFor(t, nojs, fmt.Sprintf(`document.readyState === 'complete' && location.search === '?day=%d'`, md), 10*time.Second)
	day(nojs, lang.EN, md)
	browsertest.Do(t, nojs, chromedp.Click(browsertest.CSS(`label[for=tab-messages]`)))
	if msgs := browsertest.Eval[string](t, nojs, `document.querySelector('.p-messages').textContent`); !strings.Contains(msgs, "Counter A to Counter B: Nothing personal, Counter B.") {
		t.Errorf("the timelapse's messages of day %d %q lack camp 0's", md, msgs)
	}

	list, code := s.get(t, s.client(t, ""), fmt.Sprintf("/chronicle/%d", s.world.ID))
	if code != http.StatusOK || !strings.Contains(list, `<td>Counter A</td><td>10</td><td>10 points</td>`) || grisonvalWords[lang.EN].MatchString(list) {
		t.Errorf("the season list (%d) does not rank the camps in their ruleset's words:\n%s", code, list)
	}
}

// setLanguage chooses language code in the page's header form and waits
// for the page it comes back to.
func setLanguage(t *testing.T, ctx context.Context, code string) {
	t.Helper()
	browsertest.Do(t, ctx,
		chromedp.SetValue(browsertest.CSS(`header form.lang select`), code),
		chromedp.Click(browsertest.CSS(`header form.lang button`)),
	)
	browsertest.WaitFor(t, ctx, fmt.Sprintf(`document.readyState === 'complete' && document.documentElement.lang === %q`, code), 10*time.Second)
}
