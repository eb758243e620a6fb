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
