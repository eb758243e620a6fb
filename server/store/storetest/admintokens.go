package storetest

import (
	"errors"
	"reflect"
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

// testCampTokens: CampTokens lists a world's live camp tokens (not
// another world's, nor the admin's) by camp and seat; RevokeCampTokens
// deletes a seat's, leaves the others, and counts what it deleted (0 for a
// seat without token).
func testCampTokens(t *testing.T, s store.Store) {
	ctx := t.Context()
	w, other := newWorld(t, s, "camp-tokens"), newWorld(t, s, "camp-tokens-other")
	toks := []store.Token{
		{Hash: hash("ct-1-ruler"), Role: store.RoleCamp, WorldID: w.ID, Camp: 1, Player: "ada"},
		{Hash: hash("ct-0-general"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0, Seat: "general", Player: "bo"},
		{Hash: hash("ct-0-ruler"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0, Seat: store.RulerSeat},
		{Hash: hash("ct-other"), Role: store.RoleCamp, WorldID: other.ID, Camp: 0},
		{Hash: hash("ct-admin"), Role: store.RoleAdmin, Camp: -1, Name: "ct-ops"},
	}
	for _, tok := range toks {
		if err := s.PutToken(ctx, tok); err != nil {
			t.Fatalf("PutToken(%+v): %v", tok, err)
		}
	}
	type seat struct {
		Camp         int
		Seat, Player string
	}
	seats := func() []seat {
		t.Helper()
		got, err := s.CampTokens(ctx, w.ID)
		if err != nil {
			t.Fatalf("CampTokens: %v", err)
		}
		var out []seat
		for _, tok := range got {
			if tok.Role != store.RoleCamp || tok.WorldID != w.ID || len(tok.Hash) == 0 {
				t.Errorf("CampTokens: got %+v; want a camp token of world %d with its hash", tok, w.ID)
			}
			out = append(out, seat{tok.Camp, tok.Seat, tok.Player})
		}
		return out
	}
	want := []seat{{0, "general", "bo"}, {0, store.RulerSeat, ""}, {1, store.RulerSeat, "ada"}}
	if got := seats(); !reflect.DeepEqual(got, want) {
		t.Errorf("CampTokens: got %+v; want %+v", got, want)
	}
	if n, err := s.RevokeCampTokens(ctx, w.ID, 0, ""); err != nil || n != 1 {
		t.Fatalf("RevokeCampTokens(camp 0, ruler): got %d, %v; want 1", n, err)
	}
	if _, err := s.TokenByHash(ctx, hash("ct-0-ruler")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("camp 0's ruler token after its revocation: got %v; want ErrNotFound", err)
	}
	if _, err := s.TokenByHash(ctx, hash("ct-0-general")); err != nil {
		t.Errorf("camp 0's general token after the ruler's revocation: %v", err)
	}
	if n, err := s.RevokeCampTokens(ctx, w.ID, 0, store.RulerSeat); err != nil || n != 0 {
		t.Errorf("RevokeCampTokens of a seat without token: got %d, %v; want 0", n, err)
	}
	if got := seats(); !reflect.DeepEqual(got, []seat{want[0], want[2]}) {
		t.Errorf("CampTokens after the revocation: got %+v; want %+v", got, []seat{want[0], want[2]})
	}
	if got, err := s.CampTokens(ctx, other.ID); err != nil || len(got) != 1 {
		t.Errorf("CampTokens of the other world: got %+v, %v; want its one token", got, err)
	}
}
