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

// testSpectatorTokens: a spectator token names its world and holder, no
// camp; a new one revokes the earlier one of its world and name only (not
// another name's, another world's of that name, nor a camp's token);
// SpectatorTokens lists a world's by name, CampTokens none of them;
// RevokeSpectatorToken deletes one, and says when there is none.
func testSpectatorTokens(t *testing.T, s store.Store) {
	ctx := t.Context()
	w, other := newWorld(t, s, "spectators"), newWorld(t, s, "spectators-other")
	spec := func(key string, world uint64, name string) store.Token {
		return store.Token{Hash: hash(key), Role: store.RoleSpectator, WorldID: world, Camp: -1, Name: name}
	}
	tv1, radio, tv2, elsewhere := spec("sp-tv-1", w.ID, "tv"), spec("sp-radio", w.ID, "radio"), spec("sp-tv-2", w.ID, "tv"), spec("sp-other-tv", other.ID, "tv")
	camp := store.Token{Hash: hash("sp-camp"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0}
	for _, tok := range []store.Token{camp, tv1, radio, elsewhere, tv2} {
		if err := s.PutToken(ctx, tok); err != nil {
			t.Fatalf("PutToken(%+v): %v", tok, err)
		}
	}
	got, err := s.TokenByHash(ctx, tv2.Hash)
	if want := (store.Token{Hash: tv2.Hash, Role: store.RoleSpectator, WorldID: w.ID, Camp: -1, Name: "tv"}); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("TokenByHash(tv 2): got %+v, %v; want %+v", got, err, want)
	}
	if _, err := s.TokenByHash(ctx, tv1.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the first tv token after the second: got %v; want ErrNotFound", err)
	}
	for _, tok := range []store.Token{radio, elsewhere, camp} {
		if _, err := s.TokenByHash(ctx, tok.Hash); err != nil {
			t.Errorf("token %+v after a new tv token: %v", tok, err)
		}
	}
	names := func(world uint64) []string {
		t.Helper()
		toks, err := s.SpectatorTokens(ctx, world)
		if err != nil {
			t.Fatalf("SpectatorTokens: %v", err)
		}
		var out []string
		for _, tok := range toks {
			if tok.Role != store.RoleSpectator || tok.WorldID != world || tok.Camp != -1 || len(tok.Hash) == 0 {
				t.Errorf("SpectatorTokens: got %+v; want a spectator token of world %d with its hash", tok, world)
			}
			out = append(out, tok.Name)
		}
		return out
	}
	if got := names(w.ID); !slices.Equal(got, []string{"radio", "tv"}) {
		t.Errorf("SpectatorTokens: got %v; want [radio tv]", got)
	}
	if toks, err := s.CampTokens(ctx, w.ID); err != nil || len(toks) != 1 || toks[0].Role != store.RoleCamp {
		t.Errorf("CampTokens beside spectator tokens: got %+v, %v; want the camp's one", toks, err)
	}
	if err := s.RevokeSpectatorToken(ctx, w.ID, "tv"); err != nil {
		t.Fatalf("RevokeSpectatorToken(tv): %v", err)
	}
	if _, err := s.TokenByHash(ctx, tv2.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the tv token after its revocation: got %v; want ErrNotFound", err)
	}
	if err := s.RevokeSpectatorToken(ctx, w.ID, "tv"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RevokeSpectatorToken of a name without token: got %v; want ErrNotFound", err)
	}
	if got := names(w.ID); !slices.Equal(got, []string{"radio"}) {
		t.Errorf("SpectatorTokens after the revocation: got %v; want [radio]", got)
	}
	if got := names(other.ID); !slices.Equal(got, []string{"tv"}) {
		t.Errorf("SpectatorTokens of the other world: got %v; want [tv]", got)
	}
	if live, err := s.LiveTokens(ctx, [][]byte{radio.Hash, tv2.Hash}); err != nil || len(live) != 1 || !slices.Equal(live[0], radio.Hash) {
		t.Errorf("LiveTokens(radio, revoked tv): got %d, %v; want radio's", len(live), err)
	}
}
