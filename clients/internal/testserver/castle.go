package testserver

import (
	"context"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc/metadata"
)

// EndCastle plays Castle world w until its game is over: each day the city
// whose step it is converts when it may (a civilian to the army, until a
// putsch brings it down, rule CAS-FALL), every other order is the default.
// It returns the view of city camp at the end; it fails t when the game
// has not ended within limit days.
func (s *Server) EndCastle(t testing.TB, w World, camp int32, limit int) *pb.CampView {
	t.Helper()
	ctx := func(c int) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+w.Tokens[c])
	}
	for range limit {
		for c := range w.Tokens {
			v, err := s.Game.GetView(ctx(c), &pb.GetViewRequest{})
			if err != nil {
				t.Fatalf("city %d's view: %v", c, err)
			}
			if v.GetSeasonOver() {
				if int32(c) == camp {
					return v
				}
				continue
			}
			for _, a := range v.GetLegalActions() {
				if a.GetAction() == "convert" {
					if _, err := s.Game.SubmitOrder(ctx(c), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "convert"}, ForDay: v.GetDay() + 1}); err != nil {
						t.Fatalf("city %d converts on day %d: %v", c, v.GetDay()+1, err)
					}
				}
			}
		}
		s.ForceTick(t, w.ID)
	}
	t.Fatalf("the Castle world %d is not over after %d days", w.ID, limit)
	return nil
}
