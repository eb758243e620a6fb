package web

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the spectator's side of the web face (issue 32,
// docs/web.md): a spectator token (gvs_…, AdminService.IssueToken with
// spectator set) signs in to its world's observer page, the world's public
// frame (GameService.GetFrame), live as the days are played; it opens no
// camp's page and no console.

// spectatorWorld returns the world of the spectator token ctx carries: the
// world_id of the first notice of its tick stream, which the server sends
// as the stream opens (the token names no world the face could read
// otherwise). It checks the token too: the server refuses a revoked one.
func (s *Server) spectatorWorld(ctx context.Context) (uint64, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := s.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		return 0, err
	}
	n, err := stream.Recv()
	if err == io.EOF {
		return 0, status.Error(codes.Unavailable, "the server closed the tick stream")
	}
	if err != nil {
		return 0, err
	}
	return n.GetWorldId(), nil
}

// watch sends a spectator to its world's observer page, and anyone else
// to the front page.
func (s *Server) watch(w http.ResponseWriter, r *http.Request) {
	if tokenKind(token(r)) != "spectator" {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	ctx, cancel := s.call(r)
	defer cancel()
	id, err := s.spectatorWorld(ctx)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/world/%d", id), http.StatusSeeOther)
}

// spectatorBody makes the call of a spectator's observer page of world
// id: its public frame (GameService.GetFrame, which the server refuses
// for another world). A spectator reads no timeline: the page has no
// plots and no journal.
func (s *Server) spectatorBody(r *http.Request, id uint64) (*frameBody, error) {
	ctx, cancel := s.call(r)
	defer cancel()
	f, err := s.game.GetFrame(ctx, &pb.GetFrameRequest{WorldId: id})
	if err != nil {
		return nil, err
	}
	l := langOf(r)
	body := frameBodyOf(l, f, nil)
	body.World, body.WorldName, body.Running, body.Spectator = id, l.Sprintf("World %d", "Monde %d", id), true, true
	return body, nil
}

// notSpectated refuses a spectator's observer page of world id that the
// server refused: another world's, or a revoked token's (which ends the
// session).
func (s *Server) notSpectated(w http.ResponseWriter, r *http.Request, id uint64, err error) {
	if status.Code(err) != codes.PermissionDenied {
		s.fail(w, r, err)
		return
	}
	l := langOf(r)
	s.refuse(w, r, http.StatusForbidden, l.Sprintf("A spectator's token watches one world, and world %d is not it: the header's link leads to yours.",
		"Le jeton d'un spectateur suit un seul monde, et le monde %d n'est pas celui-là : le lien de l'en-tête mène au vôtre.", id))
}

// spectatorNoCamp says that a spectator's token plays no camp.
var spectatorNoCamp = lang.T("Your token is a spectator's (gvs_…): it watches its world's public frame and plays no camp. The header's link leads to the world you watch.",
	"Votre jeton est celui d'un spectateur (gvs_…) : il suit l'image publique de son monde et ne joue aucun camp. Le lien de l'en-tête mène au monde que vous suivez.")

// notCamp refuses a camp's page or form to a visitor without a camp's
// token: a spectator is told what its token opens (403), anyone else to
// sign in with a camp's token (401, msg).
func (s *Server) notCamp(w http.ResponseWriter, r *http.Request, msg lang.Text) {
	l := langOf(r)
	if tokenKind(token(r)) == "spectator" {
		s.refuse(w, r, http.StatusForbidden, spectatorNoCamp.In(l))
		return
	}
	s.refuse(w, r, http.StatusUnauthorized, msg.In(l))
}
