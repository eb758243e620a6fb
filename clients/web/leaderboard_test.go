package web_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/web"
)

// leaderboardTables is a tournament as the arena hands it over.
func leaderboardTables(context.Context) ([]web.LeaderboardTable, error) {
	return []web.LeaderboardTable{{
		Tournament: "spring", Ruleset: "grisonval", Camps: 3, Played: 2, Planned: 3, Anchor: "rest-only",
		Rows: []web.LeaderboardRow{
			{Entrant: "growth", Kind: "bot", Rating: 2137.4, Low: 2024, High: 2253, Matches: 2, WinShare: 0.5, MeanTimeMS: 41.4},
			{Entrant: "gpt-scripted", Kind: "llm", Rating: 1500, Low: 1300, High: 1700, Matches: 2, IllegalRate: 0.25, TimeoutRate: 0.125, MeanTimeMS: 2380,
				TokensPerDay: 1225, CostPerDay: 0.0028},
			{Entrant: "rest-only", Kind: "rest", Rating: 1000, Low: 1000, High: 1000, Matches: 2, MeanTimeMS: -1},
		},
		Matches: []web.LeaderboardMatch{
			{Seq: 1, World: 7, Entrants: []string{"growth", "gpt-scripted", "rest-only"}, Ranks: []int{1, 2, 3}},
			{Seq: 2, World: 8, Entrants: []string{"rest-only", "growth", "gpt-scripted"}, Ranks: []int{3, 1, 2}},
		},
	}}, nil
}

// TestLeaderboardPage opens the leaderboard in chromium, without
// JavaScript: the table in rating order with its intervals, rates and
// times to answer (a dash when none was measured), each
// match linked to its timelapse; in French with the language cookie; and
// a source that fails is a plain 503 in the visitor's words.
func TestLeaderboardPage(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(web.Leaderboard(leaderboardTables, zerolog.Nop()))
	defer srv.Close()
	ctx := browsertest.Start(t, false)
	browsertest.Do(t, ctx, chromedp.Navigate(srv.URL+"/arena"), chromedp.WaitVisible(browsertest.CSS(`table.leaderboard`)))
	rows := browsertest.Eval[[][]string](t, ctx, `[...document.querySelectorAll('table.leaderboard tbody tr')].map(r => [...r.cells].map(c => c.textContent))`)
	want := [][]string{
		{"1", "growth", "bot", "2137", "[2024, 2253]", "2", "50.0 %", "0.0 %", "0.0 %", "41", "0", "0.0000"},
		{"2", "gpt-scripted", "llm", "1500", "[1300, 1700]", "2", "0.0 %", "25.0 %", "12.5 %", "2380", "1225", "0.0028"},
		{"3", "rest-only", "rest", "1000", "[1000, 1000]", "2", "0.0 %", "0.0 %", "0.0 %", "-", "0", "0.0000"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %v; want %v", rows, want)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %v; want %v", i, rows[i], want[i])
		}
	}
	links := browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('ol.matches a')].map(a => a.getAttribute('href'))`)
	if strings.Join(links, " ") != "/chronicle/7/1 /chronicle/8/1" {
		t.Errorf("match links %v; want each match's timelapse", links)
	}
	text := browsertest.Eval[string](t, ctx, `document.querySelector('ol.matches').textContent`)
	if !strings.Contains(text, "rest-only (rank 3), growth (rank 1)") {
		t.Errorf("matches %q; want the second's entrants with their ranks", text)
	}

	req, _ := http.NewRequest("GET", srv.URL+"/arena", nil)
	req.AddCookie(&http.Cookie{Name: "gv_lang", Value: "fr"})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	_, _ = io.Copy(&b, resp.Body)
	if !strings.Contains(b.String(), "L&#39;arène : qui joue le mieux") || !strings.Contains(b.String(), "intervalle à 95 %") ||
		!strings.Contains(b.String(), "ms par jour") ||
		resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("French page lacks its title, its columns or its security headers: %.300s", b.String())
	}

	failing := httptest.NewServer(web.Leaderboard(func(context.Context) ([]web.LeaderboardTable, error) {
		return nil, errors.New("arena.db is locked")
	}, zerolog.Nop()))
	defer failing.Close()
	resp, err = http.Get(failing.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a leaderboard that cannot be read: status %d; want 503", resp.StatusCode)
	}
}
