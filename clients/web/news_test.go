package web

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestCampResultsSinceVisit: a camp posts an order from its page, two days
// resolve before its next visit, and the page then shows the result of its
// order on each of them, oldest first; the order form names the day it is
// meant for, and a form of a page the world has moved past is refused with
// both days named.
func TestCampResultsSinceVisit(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 8, SeasonLength: 100}, time.Second)
	c := s.client(t, s.world.Tokens[0])
	page, _ := s.get(t, c, "/camp")
	if !strings.Contains(page, `name="for_day" value="1"`) {
		t.Fatalf("the order form of day 0 does not say it is for day 1")
	}
	csrf := csrfField.FindStringSubmatch(page)[1]
	post := func(forDay string) string {
		t.Helper()
		resp, err := c.PostForm(s.http.URL+"/camp/order", url.Values{"csrf": {csrf}, "action": {"chop_wood"}, "reason": {"du bois"}, "for_day": {forDay}})
		if err != nil {
			t.Fatalf("post the order: %v", err)
		}
		defer resp.Body.Close()
		return readAll(t, resp)
	}
	if got := post("1"); !strings.Contains(got, "Order accepted for day 1: chop_wood") {
		t.Fatalf("got page after posting:\n%.3000s\nwant the order accepted", got)
	}
	s.srv.ForceTick(t, s.world.ID)
	s.srv.ForceTick(t, s.world.ID)
	page, _ = s.get(t, c, "/camp")
	want := regexp.MustCompile(`(?s)Your orders since your last visit \(day 0\):.*Your order for day 1: chop_wood \(reason: du bois\) - applied\..*Your order for day 2: rest - you posted nothing; your standing order played\.`)
	if !want.MatchString(page) {
		i := strings.Index(page, `class="result"`)
		t.Errorf("got the camp's page after two days:\n%.1500s\nwant both days' results", page[max(i, 0):])
	}
	if page, _ = s.get(t, c, "/camp"); strings.Contains(page, "since your last visit") {
		t.Errorf("a second visit the same day shows results since the last visit")
	}
	// Refused in words: the reason's code (day_resolved) is not the page's.
	if got := post("1"); strings.Contains(got, "day_resolved") || !strings.Contains(got, "Refused: ") || !strings.Contains(got, "meant for day 1, which is resolved") {
		t.Errorf("got page after posting a form of day 0 on day 2:\n%.3000s\nwant the order refused, in words", got)
	}
}
