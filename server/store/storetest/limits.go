package storetest

import (
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
