package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// IssueAdminToken issues the admin token called req.name; the earlier one
// of that name stops working, the others stay.
func (a *adminService) IssueAdminToken(ctx context.Context, req *pb.IssueAdminTokenRequest) (*pb.IssueTokenResponse, error) {
	name := req.GetName()
	if err := checkText(lang.EN, "name", name, MaxNameLen, false); err != nil {
		return nil, err
	}
	if strings.TrimSpace(name) == "" {
		return nil, invalidArgument("name", "name must name the token's holder, as the audit records it")
	}
	tok, err := a.s.IssueAdminToken(ctx, name)
	if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	return &pb.IssueTokenResponse{Token: tok}, nil
}

// ListAdminTokens lists the admin tokens' names.
func (a *adminService) ListAdminTokens(ctx context.Context, _ *pb.ListAdminTokensRequest) (*pb.ListAdminTokensResponse, error) {
	toks, err := a.s.cfg.Store.AdminTokens(ctx)
	if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	resp := &pb.ListAdminTokensResponse{}
	for _, t := range toks {
		resp.Names = append(resp.Names, pb.Printable(t.Name, false))
	}
	return resp, nil
}

// RevokeAdminToken revokes the admin token called req.name, unless it is
// the one of the call.
func (a *adminService) RevokeAdminToken(ctx context.Context, req *pb.RevokeAdminTokenRequest) (*pb.RevokeAdminTokenResponse, error) {
	name := req.GetName()
	if p, ok := principalFrom(ctx); ok && p.role == store.RoleAdmin && p.name == name {
		return nil, invalidArgument("name", "%q is the token of this call: revoke it with another admin token", name)
	}
	err := a.s.auth.revokeAdmin(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refusef(reasonNotFound, "name", "no admin token is called %q", name)
	} else if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	a.s.log.Info().Str("admin", name).Msg("admin token revoked")
	return &pb.RevokeAdminTokenResponse{}, nil
}

// revokeAdmin deletes the admin token called name and drops it from the
// cache.
func (a *authenticator) revokeAdmin(ctx context.Context, name string) error {
	if err := a.store.RevokeAdminToken(ctx, name); err != nil {
		return fmt.Errorf("revoke admin token: %w", err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.gen++
	for _, m := range []map[[sha256.Size]byte]cachedPrincipal{a.cache, a.vouched} {
		for h, c := range m {
			if c.p.role == store.RoleAdmin && c.p.name == name {
				delete(m, h)
			}
		}
	}
	return nil
}
