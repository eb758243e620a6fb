package store_test

import (
	"testing"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/server/store"
)

// TestVerdictPraise checks that the verdict the stores redeem a fallen
// career on (rule FALL-REDEEM) is the name the server stores for
// engine/career's Praise.
func TestVerdictPraise(t *testing.T) {
	if got := career.Praise.String(); got != store.VerdictPraise {
		t.Errorf("career.Praise.String(): got %q; want store.VerdictPraise, %q", got, store.VerdictPraise)
	}
}
