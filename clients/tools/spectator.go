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

// WatchTicks opens the token's tick stream (GameService.WatchTicks): its
// first notice is the world's current day, sent as it opens, then one a
// resolved day. A spectator's notices carry the world, the day and the
// next deadline only.
func (c *Camp) WatchTicks(ctx context.Context) (pb.GameService_WatchTicksClient, error) {
	return c.Game.WatchTicks(c.auth(ctx), &pb.WatchTicksRequest{})
}
