package server

import (
	"context"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
)

// TestSuspectLookupsBounded checks that the store lookups of tokens from
// spent addresses are at most suspectLookups at once: with every place
// taken, a lookup waits suspectWait on the server's clock, then the call
// is refused without reaching the store.
func TestSuspectLookupsBounded(t *testing.T) {
	c := clock.NewFake(time.Unix(0, 0))
	g := newGuard(limits.Config{}, c, newAuthenticator(nil, c, time.Minute), "secret", zerolog.Nop())
	for range suspectLookups {
		g.suspects <- struct{}{}
	}
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", "Bearer gvc_anything"))
	done := make(chan bool, 1)
	go func() { done <- g.goodSuspect(ctx) }()
	select {
	case <-done:
		t.Fatal("the lookup did not wait for a place")
	case <-time.After(50 * time.Millisecond):
	}
	// Advance until the waiting lookup gives up: its timer may be armed
	// after a first advance on a slow machine.
	deadline := time.After(time.Minute)
	for {
		c.Advance(suspectWait)
		select {
		case good := <-done:
			if good {
				t.Error("a lookup without a place answered good")
			}
			return
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatal("the lookup still waits after suspectWait")
		}
	}
}
