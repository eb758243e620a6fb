package tools

import (
	"context"
	"strings"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// SpectatorPrefix begins every spectator token: an admin issues one per
// holder (AdminService.IssueToken with spectator set), and it watches its
// world's ticks and reads its public frame, nothing else
// (docs/security.md, "Spectators").
const SpectatorPrefix = "gvs_"

// IsSpectator reports whether token is a spectator's, from its documented
// prefix; the server still judges the token.
func IsSpectator(token string) bool { return strings.HasPrefix(token, SpectatorPrefix) }

// Frame returns the public frame of the token's world on its current day
// (GameService.GetFrame): every camp alike, for a spectator token; the
// server refuses a camp's token, which reads its own view.
func (c *Camp) Frame(ctx context.Context) (*pb.Frame, error) {
	return c.Game.GetFrame(c.auth(ctx), &pb.GetFrameRequest{})
}
