package server_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestOperatorToken: the operator's admin token, set by every server that
// starts with it, opens the admin service; a server starting again with it
// rotates nothing (the token still works, once in the list, beside the
// other admins'); the operator changing it rotates it; a short token, or
// one with a space, is refused.
func TestOperatorToken(t *testing.T) {
	st := openSQLite(t)
	tok := "operator-" + strings.Repeat("k", 32)
	h := startServer(t, st, clock.NewFake(start))
	if err := h.srv.SetOperatorToken(context.Background(), tok); err != nil {
		t.Fatalf("SetOperatorToken: %v", err)
	}
	names := func(h *harness, token string) []string {
		t.Helper()
		resp, err := h.admin.ListAdminTokens(as(token), &pb.ListAdminTokensRequest{})
		if err != nil {
			t.Fatalf("ListAdminTokens with the operator's token: %v", err)
		}
		return resp.GetNames()
	}
	before := names(h, tok)
	h.stop()

	for range 2 {
		h = startServer(t, st, clock.NewFake(start))
		if err := h.srv.SetOperatorToken(context.Background(), tok); err != nil {
			t.Fatalf("SetOperatorToken again: %v", err)
		}
		after := names(h, tok)
		if strings.Count(strings.Join(after, " "), server.OperatorAdmin) != 1 || !slices.Contains(after, server.OperatorAdmin) {
			t.Errorf("admin tokens after a restart: %v; want %q once", after, server.OperatorAdmin)
		}
		if !slices.Equal(after, before) {
			t.Errorf("admin tokens after a restart: %v; want those before, %v (each start issues its own test token)", after, before)
		}
		h.stop()
		before = after
	}

	h = startServer(t, st, clock.NewFake(start))
	rotated := tok + "2"
	if err := h.srv.SetOperatorToken(context.Background(), rotated); err != nil {
		t.Fatalf("SetOperatorToken with a new token: %v", err)
	}
	names(h, rotated)
	_, err := h.admin.ListAdminTokens(as(tok), &pb.ListAdminTokensRequest{})
	wantCode(t, err, codes.Unauthenticated)
	for _, bad := range []string{"short", strings.Repeat("k", 31), strings.Repeat("k", 20) + " " + strings.Repeat("k", 20)} {
		if err := h.srv.SetOperatorToken(context.Background(), bad); err == nil {
			t.Errorf("SetOperatorToken(%q): no error; want one", bad)
		}
	}
}

// TestOperatorTokenReplicas: replicas starting at once with the same
// token all set it, none failing on another's.
func TestOperatorTokenReplicas(t *testing.T) {
	url := pgtest.NewDatabase(t)
	tok := "operator-" + strings.Repeat("r", 32)
	var hs []*harness
	for _, name := range []string{"a", "b", "c"} {
		hs = append(hs, startReplica(t, url, name))
	}
	var wg sync.WaitGroup
	errs := make([]error, len(hs))
	for i, h := range hs {
		wg.Go(func() { errs[i] = h.srv.SetOperatorToken(context.Background(), tok) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replica %d: SetOperatorToken: %v", i, err)
		}
	}
	for _, h := range hs {
		if _, err := h.admin.ListWorlds(as(tok), &pb.ListWorldsRequest{}); err != nil {
			t.Errorf("ListWorlds with the operator's token: %v", err)
		}
	}
}
