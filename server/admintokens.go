package server

import (
	"context"
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
	a.forget(0, func(p principal) bool { return p.role == store.RoleAdmin && p.name == name }, false)
	return nil
}

// issueSpectator issues a spectator token of r's world for the holder
// req.spectator names; the earlier token of that name stops working, the
// others stay.
func (a *adminService) issueSpectator(ctx context.Context, r *runner, req *pb.IssueTokenRequest) (*pb.IssueTokenResponse, error) {
	l, name := pb.LangOf(ctx), req.GetSpectator()
	if err := spectatorRequest(l, name, req.GetCamp(), req.GetSeat()); err != nil {
		return nil, err
	}
	tok, err := a.s.auth.issue(ctx, store.Token{Role: store.RoleSpectator, WorldID: r.id, Camp: -1, Name: name})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	// Log on the world's loop, where its tick is known.
	_ = r.read(ctx, func() error {
		r.log.Info().Str("spectator", name).Msg("admin: spectator token issued")
		return nil
	})
	return &pb.IssueTokenResponse{Token: tok}, nil
}

// spectatorRequest checks the spectator's name of a request about a
// spectator token, which leaves camp and seat unset.
func spectatorRequest(l lang.Lang, name string, camp int32, seat string) error {
	bad := violations{l: l}
	if err := checkText(l, "spectator", name, MaxNameLen, false); err != nil {
		bad.addStatus("spectator", err)
	} else if strings.TrimSpace(name) == "" {
		bad.add("spectator", lang.T("spectator must name the token's holder", "spectator doit nommer le détenteur du jeton"))
	}
	if camp != 0 || seat != "" {
		bad.add("camp", lang.T("a spectator token has no camp and no seat: leave camp and seat unset",
			"un jeton de spectateur n'a ni camp ni siège : laissez camp et seat vides"))
	}
	return bad.err()
}

// revokeSpectator revokes the spectator token of r's world that
// req.spectator names.
func (a *adminService) revokeSpectator(ctx context.Context, r *runner, req *pb.RevokeTokenRequest) (*pb.RevokeTokenResponse, error) {
	l, name := pb.LangOf(ctx), req.GetSpectator()
	if err := spectatorRequest(l, name, req.GetCamp(), req.GetSeat()); err != nil {
		return nil, err
	}
	err := a.s.cfg.Store.RevokeSpectatorToken(ctx, r.id, name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuseIn(l, reasonNotFound, "spectator", lang.T("world %d has no spectator token called %q",
			"le monde %d n'a aucun jeton de spectateur nommé %q", r.id, name))
	} else if err != nil {
		return nil, toStatus(r.base, err)
	}
	a.s.auth.forget(r.id, func(p principal) bool {
		return p.role == store.RoleSpectator && p.name == name
	}, true)
	_ = r.read(ctx, func() error {
		r.log.Info().Str("spectator", name).Msg("admin: spectator token revoked")
		return nil
	})
	return &pb.RevokeTokenResponse{Revoked: 1}, nil
}
