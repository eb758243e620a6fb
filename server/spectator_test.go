package server_test

import (
	"context"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// TestSpectatorToken: an admin issues spectator tokens of a world, each
// named after its holder, over the real gRPC stack on both stores. A
// spectator reads the world's public frame (the admin's GetFrame, built
// once and shared) and watches its ticks, whose notices carry the day and
// the deadline only. Anything else is refused PermissionDenied and changes
// nothing: posting an order, reading a camp's view or journal, another
// world. A camp's token cannot read the frame. The tokens are listed and
// revoked like the camps' (a revoked one's open stream ends
// Unauthenticated), re-issuing a name revokes that name's earlier token
// only, and every issue and revocation is audited.
func TestSpectatorToken(t *testing.T) {
	for _, tc := range stores {
		t.Run(tc.name, func(t *testing.T) {
			h := startServer(t, tc.open(t), clock.NewFake(start))
			admin := as(h.adminToken)
			w := h.createWorld(t, &pb.CreateWorldRequest{Name: "watched"})
			other := h.createWorld(t, &pb.CreateWorldRequest{Name: "other"})
			id := w.info.GetId()
			issue := func(name string) string {
				t.Helper()
				resp, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Spectator: name})
				if err != nil {
					t.Fatalf("issue spectator token %q: %v", name, err)
				}
				return resp.GetToken()
			}
			tv, radio := issue("tv"), issue("radio")

			want, err := h.admin.GetFrame(admin, &pb.WorldRequest{WorldId: id})
			if err != nil {
				t.Fatalf("admin GetFrame: %v", err)
			}
			frame, err := h.game.GetFrame(as(tv), &pb.GetFrameRequest{})
			if err != nil {
				t.Fatalf("spectator GetFrame: %v", err)
			}
			if !proto.Equal(frame, want) || len(frame.GetCamps()) != 3 {
				t.Errorf("spectator's frame: got %v; want the admin's %v", frame, want)
			}

			next, first := h.watch(t, tv)
			if first.GetWorldId() != id || first.GetDay() != 0 || first.GetNextDeadline() == nil {
				t.Errorf("spectator's first notice: got %v; want world %d, day 0, a deadline", first, id)
			}
			campNext, _ := h.watch(t, w.tokens[0])

			// What a spectator may not do is refused and changes nothing.
			refused := map[string]func(ctx context.Context) error{
				"SubmitOrder": func(ctx context.Context) error {
					_, err := h.game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}})
					return err
				},
				"GetView": func(ctx context.Context) error {
					_, err := h.game.GetView(ctx, &pb.GetViewRequest{})
					return err
				},
				"GetJournal": func(ctx context.Context) error {
					_, err := h.game.GetJournal(ctx, &pb.GetJournalRequest{})
					return err
				},
				"GetFrame of another world": func(ctx context.Context) error {
					_, err := h.game.GetFrame(ctx, &pb.GetFrameRequest{WorldId: other.info.GetId()})
					return err
				},
				"ListWorlds": func(ctx context.Context) error {
					_, err := h.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
					return err
				},
			}
			for name, call := range refused {
				if err := call(as(tv)); status.Code(err) != codes.PermissionDenied {
					t.Errorf("spectator's %s: got %v; want PermissionDenied", name, err)
				}
			}
			if v := h.view(t, w.tokens[0]); v.GetPendingOrder() != nil {
				t.Errorf("camp 0's pending order after a spectator's SubmitOrder: %v; want none", v.GetPendingOrder())
			}
			_, err = h.game.GetFrame(as(w.tokens[0]), &pb.GetFrameRequest{})
			wantCode(t, err, codes.PermissionDenied)

			h.submit(t, w.tokens[0], "rest")
			if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
				t.Fatalf("force tick: %v", err)
			}
			n := next()
			if n.GetDay() != 1 || n.GetWorldId() != id || n.GetNextDeadline() == nil {
				t.Errorf("spectator's notice of day 1: got %v; want world %d, day 1, a deadline", n, id)
			}
			if len(n.GetJournal()) != 0 || len(n.GetMessages()) != 0 || n.GetResult() != nil {
				t.Errorf("spectator's notice of day 1 carries a camp's journal, messages or result: %v", n)
			}
			if cn := campNext(); cn.GetDay() != 1 || cn.GetResult() == nil {
				t.Errorf("camp 0's notice of day 1: got %v; want its order's result", cn)
			}
			want, err = h.admin.GetFrame(admin, &pb.WorldRequest{WorldId: id})
			if err != nil {
				t.Fatalf("admin GetFrame of day 1: %v", err)
			}
			if frame, err := h.game.GetFrame(as(radio), &pb.GetFrameRequest{WorldId: id}); err != nil || !proto.Equal(frame, want) || frame.GetDay() != 1 {
				t.Errorf("spectator's frame of day 1: got %v, %v; want the admin's of day 1", frame, err)
			}

			// Bad issues and revocations name their field.
			for _, req := range []*pb.IssueTokenRequest{
				{WorldId: id, Spectator: "tv", Camp: 1},
				{WorldId: id, Spectator: "tv", Seat: "thief"},
				{WorldId: id, Spectator: "t\x1bv"},
				{WorldId: id, Spectator: "   "},
			} {
				_, err := h.admin.IssueToken(admin, req)
				if _, fields := errorInfo(err); status.Code(err) != codes.InvalidArgument || len(fields) != 1 {
					t.Errorf("IssueToken %v: got %v, fields %v; want InvalidArgument naming one field", req, err, fields)
				}
			}
			_, err = h.admin.RevokeToken(admin, &pb.RevokeTokenRequest{WorldId: id, Spectator: "nobody"})
			wantCode(t, err, codes.NotFound)

			list := func() []string {
				t.Helper()
				resp, err := h.admin.ListTokens(admin, &pb.ListTokensRequest{WorldId: id})
				if err != nil {
					t.Fatalf("ListTokens: %v", err)
				}
				var out []string
				for _, tok := range resp.GetTokens() {
					if tok.GetSpectator() != "" {
						if tok.GetCamp() != -1 || tok.GetSeat() != "" || tok.GetPlayer() != "" {
							t.Errorf("ListTokens: spectator token %v; want camp -1, no seat, no player", tok)
						}
						out = append(out, tok.GetSpectator())
					}
				}
				if len(resp.GetTokens()) != len(out)+3 {
					t.Errorf("ListTokens: got %v; want the 3 camps' tokens and the spectators'", resp.GetTokens())
				}
				return out
			}
			if got := list(); !slices.Equal(got, []string{"radio", "tv"}) {
				t.Errorf("ListTokens' spectators: got %v; want [radio tv]", got)
			}

			// A new tv token revokes the earlier one only.
			tv2 := issue("tv")
			_, err = h.game.GetFrame(as(tv), &pb.GetFrameRequest{})
			wantCode(t, err, codes.Unauthenticated)
			for _, tok := range []string{tv2, radio} {
				if _, err := h.game.GetFrame(as(tok), &pb.GetFrameRequest{}); err != nil {
					t.Errorf("a live spectator token after tv's re-issue: %v", err)
				}
			}

			// Revoking radio ends its open stream.
			ctx, cancel := context.WithCancel(as(radio))
			defer cancel()
			stream, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
			if err != nil {
				t.Fatalf("radio's stream: %v", err)
			}
			if _, err := stream.Recv(); err != nil {
				t.Fatalf("radio's first notice: %v", err)
			}
			rev, err := h.admin.RevokeToken(admin, &pb.RevokeTokenRequest{WorldId: id, Spectator: "radio"})
			if err != nil || rev.GetRevoked() != 1 {
				t.Fatalf("RevokeToken of radio: got %v, %v; want 1 revoked", rev, err)
			}
			wantCode(t, recvErr(stream), codes.Unauthenticated)
			_, err = h.game.GetFrame(as(radio), &pb.GetFrameRequest{})
			wantCode(t, err, codes.Unauthenticated)
			if got := list(); !slices.Equal(got, []string{"tv"}) {
				t.Errorf("ListTokens' spectators after radio's revocation: got %v; want [tv]", got)
			}

			for action, want := range map[string][]string{
				"IssueToken":  {"OK", "OK", "OK", "OK", "OK", "OK", "OK", "OK", "InvalidArgument", "InvalidArgument", "InvalidArgument", "InvalidArgument", "OK"},
				"RevokeToken": {"NotFound", "OK"},
			} {
				audit, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{Action: action})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, e := range audit.GetEntries() {
					got = append(got, e.GetCode())
				}
				if !slices.Equal(got, want) {
					t.Errorf("audit of %s: got codes %v; want %v", action, got, want)
				}
			}
		})
	}
}
