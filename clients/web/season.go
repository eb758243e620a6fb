package web

import (
	"net/http"
	"strings"

	"github.com/grisonval/server/clients/viewtext"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the camp page's season tab: the camp's standing and its
// notebook (docs/career.md, SEA-STANDING and SEA-NOTEBOOK).

// postNotebook replaces the camp's notebook with the form's text and goes
// back to the page with the server's answer. The text area sends its lines
// ended by CR LF (HTML's form encoding): they are written as newlines.
func (s *Server) postNotebook(w http.ResponseWriter, r *http.Request) {
	s.postForm(w, r, func(r *http.Request) string {
		l := langOf(r)
		text := strings.ReplaceAll(r.PostFormValue("text"), "\r\n", "\n")
		ctx, cancel := s.call(r)
		defer cancel()
		n, err := s.game.SetNotebook(ctx, &pb.SetNotebookRequest{Text: text})
		if err != nil {
			return webError(l, err)
		}
		return viewtext.NotebookSaved(l, n)
	})
}

// seasonPanel is the season tab: the season's progress, the camp's
// standing in lines (the CLI's season text, a line each, its ruleset's
// words), and the ranking when there is one.
type seasonPanel struct {
	Day, Length, Left int32
	Closed            bool
	// Head is the first line (the season, the camp, the day); Lines the
	// others, Sub marking the indented ones (the patrons' glory).
	Head    string
	Lines   []seasonLine
	Ranking []*pb.CampResult
	Self    int32
}

// seasonLine is a line of the standing.
type seasonLine struct {
	Text string
	Sub  bool
}

// seasonPanelOf builds the season tab of standing st, whose text in l is
// text.
func seasonPanelOf(st *pb.SeasonStanding, text string) *seasonPanel {
	p := &seasonPanel{Day: st.GetDay(), Length: st.GetSeasonLength(), Left: st.GetDaysLeft(), Closed: st.GetClosed(),
		Ranking: st.GetRanking(), Self: st.GetCamp()}
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if i == 0 {
			p.Head = line
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		p.Lines = append(p.Lines, seasonLine{Text: strings.TrimSpace(line), Sub: strings.HasPrefix(line, "  ")})
	}
	return p
}
