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
