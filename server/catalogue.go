package server

import (
	"context"

	"github.com/grisonval/server/game"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// GetCatalogue returns what the token's world's ruleset lets a camp
// unlock, under the rules its state is played by, in the reader's
// language (rule SEA-CATALOGUE). The rules are public: nothing of any
// camp is in it; the camp's view says what it holds.
func (g *gameService) GetCatalogue(ctx context.Context, req *pb.GetCatalogueRequest) (*pb.Catalogue, error) {
	_, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	var c *pb.Catalogue
	err = r.read(ctx, func() error {
		c = game.CatalogueOf(r.rs, r.state, pb.LangOf(ctx))
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	c.Ruleset = r.rs.Info().Name
	return c, nil
}
