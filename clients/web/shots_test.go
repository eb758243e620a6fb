package web

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// shots names the folder the screenshots of docs/web.md are written to;
// without it TestScreenshots does nothing.
var shots = flag.String("shots", "", "write the screenshots of docs/web.md to this folder (go test ./clients/web -run TestScreenshots -shots $PWD/docs/web)")

// TestScreenshots takes the pictures of docs/web.md (with -shots only): the
// observer's page on an early day and on a late day with sieges and
// columns, camp 0's page that day, the timelapse of the closed season,
// and a Castle city's page.
func TestScreenshots(t *testing.T) {
	if *shots == "" {
		t.Skip("run with -shots DIR to take the screenshots of docs/web.md")
	}
	shot := func(name string) string { return filepath.Join(*shots, name) }
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 120}, DefaultPoll)
	admin, camp, anon := browsertest.Start(t, true), browsertest.Start(t, true), browsertest.Start(t, true)
	browsertest.SignIn(t, admin, s.http.URL, s.srv.AdminToken)
	browsertest.SignIn(t, camp, s.http.URL, s.world.Tokens[0])
	observer := fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)
	for s.day(t) < 6 {
		s.playDay(t, s.allCamps()...)
	}
	browsertest.Do(t, admin, chromedp.Navigate(observer), chromedp.WaitVisible(browsertest.CSS(`#map`)))
	browsertest.Screenshot(t, admin, shot("observer-early.png"), 1180)
	var siegeDay int32
	s.playUntil(t, 110, func() bool {
		g := s.frame(t).GetGrisonval()
		return s.day(t) > 60 && len(g.GetSieges()) > 0 && len(g.GetColumns()) > 1
	})
	siegeDay = s.day(t)
	browsertest.Do(t, admin, chromedp.Navigate(observer), chromedp.WaitVisible(browsertest.CSS(`#map`)))
	browsertest.Screenshot(t, admin, shot("observer-late.png"), 1500)
	browsertest.Do(t, admin, chromedp.Click(browsertest.CSS(`label[for=tab-plots]`)))
	browsertest.Do(t, admin, chromedp.Evaluate[chromedp.Void](`document.querySelector(".tabs").scrollIntoView()`))
	browsertest.Screenshot(t, admin, shot("observer-plots.png"), 0)
	browsertest.Do(t, camp, chromedp.Navigate(s.http.URL+"/camp"), chromedp.WaitVisible(browsertest.CSS(`#map`)))
	browsertest.Screenshot(t, camp, shot("camp.png"), 1900)
	for s.day(t) < 120 {
		s.playDay(t, s.allCamps()...)
	}
	browsertest.Do(t, anon, chromedp.Navigate(fmt.Sprintf("%s/chronicle/%d/1?day=%d", s.http.URL, s.world.ID, siegeDay)), chromedp.WaitVisible(browsertest.CSS(`#map`)))
	browsertest.Screenshot(t, anon, shot("timelapse.png"), 1250)

	c := newSite(t, testserver.Game{Ruleset: "castle", Camps: 4, Seed: 7}, DefaultPoll)
	// City 0 in its draft: the cards it drew, to keep one and give the
	// others.
	for range 40 {
		if v := c.view(t, 0).GetCastle(); v.GetStep() == "draft" && v.GetActs() && c.day(t) > 8 {
			break
		}
		c.playDay(t, c.allCamps()...)
	}
	city := browsertest.Start(t, true)
	browsertest.SignIn(t, city, c.http.URL, c.world.Tokens[0])
	browsertest.Do(t, city, chromedp.Navigate(c.http.URL+"/camp"), chromedp.WaitVisible(browsertest.CSS(`table.cities`)))
	browsertest.Screenshot(t, city, shot("castle.png"), 1150)
}

// TestScreenshotsGeneric takes the pictures of docs/web.md's generic pages
// (with -shots only): a world of four camps of counters, a ruleset without
// a page of its own, played to its end: the observer's page and camp 2's
// page on day 5, and the timelapse of the closed season with its plot.
func TestScreenshotsGeneric(t *testing.T) {
	if *shots == "" {
		t.Skip("run with -shots DIR to take the screenshots of docs/web.md")
	}
	shot := func(name string) string { return filepath.Join(*shots, name) }
	s := newSite(t, testserver.Game{Ruleset: "counters", Camps: 4, Seed: 11, SeasonLength: 12}, DefaultPoll)
	s.submitAll(t, "gain 3", "gain 2", "gain 2", "rest")
	s.submitAll(t, "steal 1", "gain 3", "gain 1", "gain 3")
	if _, err := s.srv.Game.SendMessage(as(s.world.Tokens[1]), &pb.SendMessageRequest{ToCamp: 2, Text: "Counter A robs us both. Together?"}); err != nil {
		t.Fatal(err)
	}
	s.submitAll(t, "gain 1", "steal 0", "gain 3", "steal 2")
	if _, err := s.srv.Game.SendMessage(as(s.world.Tokens[2]), &pb.SendMessageRequest{ToCamp: 1, Text: "Together, until one of us retires."}); err != nil {
		t.Fatal(err)
	}
	s.submitAll(t, "gain 3", "gain 3", "gain 3", "gain 3")
	s.submitAll(t, "gain 2", "gain 2", "steal 1", "gain 3")
	admin, camp := browsertest.Start(t, true), browsertest.Start(t, true)
	browsertest.SignIn(t, admin, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, admin, chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)), chromedp.WaitVisible(browsertest.CSS(`table.standings`)))
	browsertest.Screenshot(t, admin, shot("generic-observer.png"), 0)
	browsertest.SignIn(t, camp, s.http.URL, s.world.Tokens[2])
	browsertest.Do(t, camp, chromedp.Navigate(s.http.URL+"/camp"), chromedp.WaitVisible(browsertest.CSS(`table.contacts`)))
	browsertest.Screenshot(t, camp, shot("generic-camp.png"), 0)
	// Day 6: camps 0 and 1 retire; one camp is left, and the game is over.
	s.submitAll(t, "gain 1", "gain 2", "rest")
	browsertest.Do(t, admin, chromedp.Navigate(fmt.Sprintf("%s/chronicle/%d/1?day=5", s.http.URL, s.world.ID)), chromedp.WaitVisible(browsertest.CSS(`table.standings`)))
	browsertest.Do(t, admin, chromedp.Click(browsertest.CSS(`label[for=tab-plots]`)))
	browsertest.Screenshot(t, admin, shot("generic-timelapse.png"), 0)
}
