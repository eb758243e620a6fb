package storetest

import (
	"fmt"
	"maps"
	"testing"

	"github.com/grisonval/server/server/store"
)

// testReplacedOrdersBounded floods one camp's day with orders: the store
// keeps the pending one and the store.MaxReplacedOrders latest replaced
// ones, and leaves the other camps' and days' orders alone.
func testReplacedOrdersBounded(t *testing.T, s store.Store) {
	w := newWorld(t, s, "flood")
	other := order(w.ID, 1, 1, 1, "rest", nil, "", 0)
	saveOrder(t, s, other)
	nextDay := order(w.ID, 1, 2, 0, "rest", nil, "", 0)
	saveOrder(t, s, nextDay)
	const flood = store.MaxReplacedOrders + 40
	var sent []store.Order
	for i := range flood {
		o := order(w.ID, 1, 1, 0, "explore", []int{i}, "", i+1)
		saveOrder(t, s, o)
		sent = append(sent, o)
	}
	var want []store.Order
	for _, o := range sent[flood-1-store.MaxReplacedOrders : flood-1] {
		o.Status = store.OrderReplaced
		want = append(want, o)
	}
	want = append(want, sent[flood-1], other, nextDay)
	checkOrders(t, s, w.ID, 1, want)
}

// testLiveTokens checks LiveTokens: the hashes of the tokens stored, not
// those revoked or never issued, for none, a few or more hashes than one
// query of a store may take.
func testLiveTokens(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "live")
	if live, err := s.LiveTokens(ctx, nil); err != nil || len(live) != 0 {
		t.Fatalf("LiveTokens of none: got %x, %v; want none", live, err)
	}
	old := store.Token{Hash: hash("live-camp0-old"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0}
	now := store.Token{Hash: hash("live-camp0"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0}
	other := store.Token{Hash: hash("live-camp1"), Role: store.RoleCamp, WorldID: w.ID, Camp: 1}
	admin := store.Token{Hash: hash("live-admin"), Role: store.RoleAdmin, Camp: -1}
	for _, tok := range []store.Token{old, now, other, admin} { // now revokes old
		if err := s.PutToken(ctx, tok); err != nil {
			t.Fatalf("PutToken: %v", err)
		}
	}
	asked := [][]byte{old.Hash, now.Hash, other.Hash, admin.Hash}
	for i := range 1200 {
		asked = append(asked, hash(fmt.Sprintf("never issued %d", i)))
	}
	live, err := s.LiveTokens(ctx, asked)
	if err != nil {
		t.Fatalf("LiveTokens: %v", err)
	}
	got := make(map[string]bool)
	for _, h := range live {
		got[string(h)] = true
	}
	want := map[string]bool{string(now.Hash): true, string(other.Hash): true, string(admin.Hash): true}
	if !maps.Equal(got, want) || len(live) != len(want) {
		t.Errorf("LiveTokens: got %d hashes %x; want the 3 live ones (camp 0's new token, camp 1's, the admin's)", len(live), live)
	}
}

// testRevokedSince checks RevokedSince, which the revocation check of the
// open streams reads at each round: from a mark, every token deleted
// since, whether revoked (a camp's seat, a spectator's name, an admin's
// name) or replaced by a new token of its camp's seat, and no live token;
// mark 0 returns every deletion kept.
func testRevokedSince(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "revoked")
	since := func(mark uint64) (map[string]bool, uint64) {
		t.Helper()
		hashes, next, err := s.RevokedSince(ctx, mark)
		if err != nil {
			t.Fatalf("RevokedSince(%d): %v", mark, err)
		}
		got := make(map[string]bool, len(hashes))
		for _, h := range hashes {
			got[string(h)] = true
		}
		return got, next
	}
	put := func(tok store.Token) store.Token {
		t.Helper()
		if err := s.PutToken(ctx, tok); err != nil {
			t.Fatalf("PutToken: %v", err)
		}
		return tok
	}
	_, mark := since(0)
	camp0 := put(store.Token{Hash: hash("revoked-camp0"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0})
	camp1 := put(store.Token{Hash: hash("revoked-camp1"), Role: store.RoleCamp, WorldID: w.ID, Camp: 1})
	tv := put(store.Token{Hash: hash("revoked-tv"), Role: store.RoleSpectator, WorldID: w.ID, Name: "tv"})
	ops := put(store.Token{Hash: hash("revoked-ops"), Role: store.RoleAdmin, Camp: -1, Name: "ops"})
	live := []store.Token{camp0, camp1, tv, ops}
	check := func(what string, got map[string]bool, want []store.Token) {
		t.Helper()
		for _, tok := range want {
			if !got[string(tok.Hash)] {
				t.Errorf("%s: %s token %x not reported deleted", what, tok.Role, tok.Hash[:4])
			}
		}
		for _, tok := range live {
			if got[string(tok.Hash)] {
				t.Errorf("%s: live %s token %x reported deleted", what, tok.Role, tok.Hash[:4])
			}
		}
	}
	got, mark := since(mark)
	check("after tokens issued", got, nil)

	camp0b := put(store.Token{Hash: hash("revoked-camp0-new"), Role: store.RoleCamp, WorldID: w.ID, Camp: 0})
	if err := s.RevokeSpectatorToken(ctx, w.ID, "tv"); err != nil {
		t.Fatalf("RevokeSpectatorToken: %v", err)
	}
	if err := s.RevokeAdminToken(ctx, "ops"); err != nil {
		t.Fatalf("RevokeAdminToken: %v", err)
	}
	live = []store.Token{camp0b, camp1}
	got, mark = since(mark)
	check("after a replacement and two revocations", got, []store.Token{camp0, tv, ops})

	if n, err := s.RevokeCampTokens(ctx, w.ID, 1, ""); err != nil || n != 1 {
		t.Fatalf("RevokeCampTokens: %d, %v; want 1", n, err)
	}
	live = []store.Token{camp0b}
	got, _ = since(mark)
	check("after a camp's revocation", got, []store.Token{camp1})
	got, _ = since(0)
	check("from mark 0", got, []store.Token{camp0, tv, ops, camp1})
}
