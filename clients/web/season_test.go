package web

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSeasonTab: the camp page's season tab shows the camp's standing
// (SEA-STANDING) and its notebook (SEA-NOTEBOOK), which the tab's form
// replaces; another camp's page shows neither camp 0's notes nor its
// standing.
func TestSeasonTab(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 3, SeasonLength: 30}, time.Second)
	c := s.client(t, s.world.Tokens[0])
	page, code := s.get(t, c, "/camp")
	if code != http.StatusOK {
		t.Fatalf("camp page: status %d", code)
	}
	if !strings.Contains(page, "Season 1 of world") || !strings.Contains(page, "30 days left") || !strings.Contains(page, `action="/camp/notebook"`) {
		t.Fatalf("the season tab has not the standing and the notebook's form:\n%s", page)
	}
	m := csrfField.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no csrf token on the camp page")
	}
	note := "Plan: <b>east</b> first.\r\nPromised camp 1 peace & trade."
	resp, err := c.PostForm(s.http.URL+"/camp/notebook", url.Values{"csrf": {m[1]}, "text": {note}})
	if err != nil {
		t.Fatalf("post notebook: %v", err)
	}
	after := readAll(t, resp)
	resp.Body.Close()
	if !strings.Contains(after, "Notebook saved: ") {
		t.Errorf("after posting the notebook, no answer in the page:\n%s", after)
	}
	want := html.EscapeString(strings.ReplaceAll(note, "\r\n", "\n"))
	if !strings.Contains(after, want) {
		t.Errorf("the notebook's text area does not hold %q", want)
	}
	if got := s.view(t, 0).GetNotebook().GetText(); got != strings.ReplaceAll(note, "\r\n", "\n") {
		t.Errorf("the server's notebook: got %q; want the note with newlines", got)
	}
	other, _ := s.get(t, s.client(t, s.world.Tokens[1]), "/camp")
	if strings.Contains(other, "Promised camp 1") || !strings.Contains(other, "Season 1 of world "+strconv.FormatUint(s.world.ID, 10)+", camp 1 ") {
		t.Errorf("camp 1's page shows camp 0's notebook, or not its own standing")
	}
}

// TestChronicleNotebooks: the timelapse of a closed season publishes the
// camps' notebooks (SEA-NOTEBOOK), escaped; a running season's stays
// closed to visitors.
func TestChronicleNotebooks(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 4, SeasonLength: 2}, time.Second)
	note := "Carmin <lies>: take 19 first."
	if _, err := s.srv.Game.SetNotebook(as(s.world.Tokens[1]), &pb.SetNotebookRequest{Text: note}); err != nil {
		t.Fatalf("write notebook: %v", err)
	}
	path := "/chronicle/" + strconv.FormatUint(s.world.ID, 10) + "/1"
	anonymous := s.client(t, "")
	if page, code := s.get(t, anonymous, path); code == http.StatusOK || strings.Contains(page, "take 19 first") {
		t.Fatalf("a running season's timelapse: status %d; want it refused, its notebooks unseen", code)
	}
	s.srv.ForceTick(t, s.world.ID)
	s.srv.ForceTick(t, s.world.ID)
	page, code := s.get(t, anonymous, path)
	if code != http.StatusOK || !strings.Contains(page, html.EscapeString(note)) || !strings.Contains(page, "notebooks, published at the close") {
		t.Errorf("the closed season's timelapse: status %d; want camp 1's notebook, escaped:\n%s", code, page)
	}
}
