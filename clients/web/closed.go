package web

import (
	"context"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// seasonClosed says whether season of world is closed, from the public
// chronicle (ListSeasons): the observer's page of a closed season says so,
// and links to its chronicle, instead of "running". A chronicle that does
// not answer leaves the season running.
func (s *Server) seasonClosed(ctx context.Context, world uint64, season int32) bool {
	ss, err := s.chronicle.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: world})
	if err != nil {
		return false
	}
	for _, si := range ss.GetSeasons() {
		if si.GetSeason() == season {
			return si.GetClosed()
		}
	}
	return false
}
