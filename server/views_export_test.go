package server

import (
	"context"
	"github.com/grisonval/server/lang"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// FreshView builds camp's view of world id now, on the world's loop,
// without the views kept and with the journal, messages and notebook read
// from the store rather than as the loop keeps them (recent.go): what
// GetView must answer at that moment.
func FreshView(s *Server, id uint64, camp int) (*pb.CampView, error) {
	r, err := s.world(id)
	if err != nil {
		return nil, err
	}
	var v *pb.CampView
	err = r.read(context.Background(), func() error {
		kept := r.rec
		defer func() { r.rec = kept }()
		r.forgetRecent()
		var err error
		v, err = r.buildView(context.Background(), camp, lang.EN)
		return err
	})
	return v, err
}
