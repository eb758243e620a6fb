package storetest

import (
	"errors"
	"slices"
	"testing"

	"github.com/grisonval/server/server/store"
)

// testAdminTokens: admin tokens are named; a new one revokes the earlier
// one of its name only; AdminTokens lists them by name; RevokeAdminToken
// deletes one, and says when there is none of that name.
func testAdminTokens(t *testing.T, s store.Store) {
	ctx := t.Context()
	ops1 := store.Token{Hash: hash("admin-ops-1"), Role: store.RoleAdmin, Camp: -1, Name: "ops"}
	dev := store.Token{Hash: hash("admin-dev"), Role: store.RoleAdmin, Camp: -1, Name: "dev"}
	ops2 := store.Token{Hash: hash("admin-ops-2"), Role: store.RoleAdmin, Camp: -1, Name: "ops"}
	for _, tok := range []store.Token{ops1, dev, ops2} {
		if err := s.PutToken(ctx, tok); err != nil {
			t.Fatalf("PutToken(%s): %v", tok.Name, err)
		}
	}
	names := func() []string {
		t.Helper()
		toks, err := s.AdminTokens(ctx)
		if err != nil {
			t.Fatalf("AdminTokens: %v", err)
		}
		var out []string
		for _, tok := range toks {
			out = append(out, tok.Name)
		}
		return out
	}
	if got := names(); !slices.Equal(got, []string{"dev", "ops"}) {
		t.Errorf("AdminTokens: got %v; want [dev ops]", got)
	}
	if _, err := s.TokenByHash(ctx, ops1.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the first ops token after the second: got %v; want ErrNotFound", err)
	}
	if _, err := s.TokenByHash(ctx, dev.Hash); err != nil {
		t.Errorf("the dev token after a new ops token: %v", err)
	}
	if err := s.RevokeAdminToken(ctx, "dev"); err != nil {
		t.Fatalf("RevokeAdminToken(dev): %v", err)
	}
	if _, err := s.TokenByHash(ctx, dev.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the dev token after its revocation: got %v; want ErrNotFound", err)
	}
	if err := s.RevokeAdminToken(ctx, "dev"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RevokeAdminToken of a name without token: got %v; want ErrNotFound", err)
	}
	if got := names(); !slices.Equal(got, []string{"ops"}) {
		t.Errorf("AdminTokens after the revocation: got %v; want [ops]", got)
	}
}
