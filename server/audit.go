package server

import (
	"context"
	"strings"
	"unicode/utf8"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// maxAuditDetail bounds the request text an audit entry keeps, in bytes.
const maxAuditDetail = 500

// Limits of ListAudit.
const (
	defaultAuditLimit = 100
	maxAuditLimit     = 1000
)

// audited reports whether an AdminService method changes something and so
// is recorded: reads (List*, Get*) are not.
func audited(method string) bool {
	return !strings.HasPrefix(method, "List") && !strings.HasPrefix(method, "Get")
}

// audit is the interceptor that records every admin action with who (the
// admin token's name), when, the request and its outcome, once the action
// has run. A call forwarded by another replica was recorded there. A
// failure to record is logged; the action's answer stands.
func (s *Server) audit(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	prefix := "/" + pb.AdminService_ServiceDesc.ServiceName + "/"
	method, isAdmin := strings.CutPrefix(info.FullMethod, prefix)
	// A request that only validates (EnrollPlayer's validate_only)
	// changes nothing and is not recorded.
	dry, _ := req.(interface{ GetValidateOnly() bool })
	if !isAdmin || !audited(method) || len(metadata.ValueFromIncomingContext(ctx, forwardedKey)) > 0 || (dry != nil && dry.GetValidateOnly()) {
		return handler(ctx, req)
	}
	resp, err := handler(ctx, req)
	e := store.AuditEntry{At: s.cfg.Clock.Now(), Admin: adminName(ctx), Action: method, Code: status.Code(err).String()}
	if r, ok := req.(interface{ GetWorldId() uint64 }); ok {
		e.WorldID = r.GetWorldId()
	}
	// A world created is recorded as an action on the new world, so that
	// its audit starts with its creation.
	if w, ok := resp.(*pb.WorldInfo); ok && err == nil && e.WorldID == 0 {
		e.WorldID = w.GetId()
	}
	if m, ok := req.(proto.Message); ok {
		e.Detail = cutUTF8(prototext.MarshalOptions{}.Format(m), maxAuditDetail)
	}
	if werr := s.cfg.Store.PutAudit(context.WithoutCancel(ctx), &e); werr != nil {
		s.log.Error().Err(werr).Str("admin", e.Admin).Str("action", method).Uint64("world", e.WorldID).Msg("admin action not audited")
	}
	return resp, err
}

// cutUTF8 returns s cut to at most n bytes, on a character's boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// ListAudit lists the last admin actions, oldest first: of a world, an
// admin and an action when the request names them.
func (a *adminService) ListAudit(ctx context.Context, req *pb.ListAuditRequest) (*pb.ListAuditResponse, error) {
	limit := int(req.GetLimit())
	switch {
	case limit < 0 || limit > maxAuditLimit:
		return nil, invalidArgument("limit", "limit must be 0 (%d) to %d; got %d", defaultAuditLimit, maxAuditLimit, limit)
	case limit == 0:
		limit = defaultAuditLimit
	}
	bad := violations{l: pb.LangOf(ctx)}
	for _, f := range []struct{ name, v string }{{"admin", req.GetAdmin()}, {"action", req.GetAction()}} {
		if err := checkText(pb.LangOf(ctx), f.name, f.v, MaxNameLen, false); err != nil {
			bad.addStatus(f.name, err)
		}
	}
	if err := bad.err(); err != nil {
		return nil, err
	}
	entries, err := a.s.cfg.Store.Audit(ctx, store.AuditFilter{WorldID: req.GetWorldId(), Admin: req.GetAdmin(), Action: req.GetAction()}, limit)
	if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	resp := &pb.ListAuditResponse{}
	// A text of invalid UTF-8 (an entry cut mid-character before the
	// migration that repairs them) cannot be encoded: it would fail the
	// whole listing, so its invalid bytes are dropped.
	valid := func(s string) string { return strings.ToValidUTF8(s, "") }
	for _, e := range entries {
		resp.Entries = append(resp.Entries, &pb.AuditEntry{Id: e.ID, At: timestamppb.New(e.At), Admin: valid(e.Admin),
			Action: valid(e.Action), WorldId: e.WorldID, Detail: valid(e.Detail), Code: valid(e.Code)})
	}
	return resp, nil
}
