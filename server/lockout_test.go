package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/limits"
)

// faceSecret is the faces' credential of the lockout tests' servers.
const faceSecret = "the-faces-secret"

// asVisitor returns the context of a call a face makes for a visitor at
// addr with token: with the faces' credential when face, without it
// otherwise (a client claiming to be a face).
func asVisitor(token, addr string, face bool) context.Context {
	ctx := pb.WithClientAddr(as(token), addr)
	if face {
		ctx = metadata.AppendToOutgoingContext(ctx, pb.FaceKey, faceSecret)
	}
	return ctx
}

// TestGoodTokenNeverLockedOut checks N1 of issue 34: failed
// authentications limit only failures. A token that authenticated is
// served from an address whose failures are spent, even once its cache
// entry has expired; a fresh good token is checked first and served; the
// faces' visitors are counted by their own address, which only the faces'
// credential makes the server believe.
func TestGoodTokenNeverLockedOut(t *testing.T) {
	h, _ := startLimited(t, limits.Config{AuthFailures: limits.Rate{PerSecond: 0.5, Burst: 5}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "lockout"})
	h.view(t, w.tokens[0])
	flood := func(ctx func(i int) context.Context, n int) {
		t.Helper()
		for i := range n {
			_, err := h.game.GetView(ctx(i), &pb.GetViewRequest{})
			if c := errCode(err); c != codes.Unauthenticated && c != codes.ResourceExhausted {
				t.Fatalf("bad token %d: got %v; want Unauthenticated or ResourceExhausted", i, err)
			}
		}
	}
	bad := func(i int) context.Context { return as(fmt.Sprintf("gvc_bad%d", i)) }
	flood(bad, 50)
	_, err := h.game.GetView(as("gvc_one_more"), &pb.GetViewRequest{})
	wantRateLimited(t, "a bad token from the spent address", err, 3*time.Second)

	// The token cache (30 s) has long expired: the token is still served.
	h.advance(t, 10*time.Minute)
	flood(bad, 50)
	h.view(t, w.tokens[0])
	// A good token never used before from the spent address is checked
	// first, and served.
	h.view(t, w.tokens[1])

	// A revoked token is vouched for no more: its failures count.
	if _, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: w.info.GetId(), Camp: 2}); err != nil {
		t.Fatalf("reissue: %v", err)
	}
	_, err = h.game.GetView(as(w.tokens[2]), &pb.GetViewRequest{})
	wantRateLimited(t, "the revoked token of camp 2 from the spent address", err, 3*time.Second)

	// Through the faces: the visitor's address is the one counted.
	h.advance(t, 10*time.Minute)
	flood(func(i int) context.Context { return asVisitor(fmt.Sprintf("gvc_face%d", i), "192.0.2.1", true) }, 20)
	_, err = h.game.GetView(asVisitor("gvc_face_more", "192.0.2.1", true), &pb.GetViewRequest{})
	wantRateLimited(t, "a bad token of the flooding visitor", err, 3*time.Second)
	_, err = h.game.GetView(asVisitor("gvc_other_visitor", "192.0.2.2", true), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)
	_, err = h.game.GetView(as("gvc_from_the_peer"), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)
	// A client without the credential is counted by its own address,
	// whatever address it names.
	flood(func(i int) context.Context { return asVisitor(fmt.Sprintf("gvc_liar%d", i), "192.0.2.3", false) }, 20)
	_, err = h.game.GetView(asVisitor("gvc_liar_more", "192.0.2.4", false), &pb.GetViewRequest{})
	wantRateLimited(t, "a client naming another address without the credential", err, 3*time.Second)
	_, err = h.game.GetView(asVisitor("gvc_wrong_secret", "192.0.2.5", false), &pb.GetViewRequest{})
	wantRateLimited(t, "a client with a wrong credential", err, 3*time.Second)
}

// TestManyAddressesFlood checks N1 of issue 34 under a flood from many
// addresses, through the faces: each address spends its own failures, and
// the good tokens are served all along, a known one and a fresh one.
func TestManyAddressesFlood(t *testing.T) {
	h, _ := startLimited(t, limits.Config{AuthFailures: limits.Rate{PerSecond: 2, Burst: 10}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "many"})
	h.view(t, w.tokens[0])
	refused := 0
	for i := range 50 * 30 {
		addr := fmt.Sprintf("198.51.100.%d", i%50)
		_, err := h.game.GetView(asVisitor(fmt.Sprintf("gvc_bad%d", i), addr, true), &pb.GetViewRequest{})
		if errCode(err) == codes.ResourceExhausted {
			refused++
		}
		if i%100 == 0 {
			if _, err := h.game.GetView(asVisitor(w.tokens[0], "198.51.100.7", true), &pb.GetViewRequest{}); err != nil {
				t.Fatalf("the good token during the flood: %v", err)
			}
		}
	}
	if want := 50 * 20; refused != want {
		t.Errorf("bad tokens refused for their address: got %d; want %d (each of 50 addresses past its 10 failures)", refused, want)
	}
	if _, err := h.game.GetView(asVisitor(w.tokens[1], "198.51.100.7", true), &pb.GetViewRequest{}); err != nil {
		t.Fatalf("a fresh good token from a flooding address: %v", err)
	}
}

// TestPageIsOneRead checks N12 of issue 34: the reads of one page of a
// face spend one read of the token's limit; a page id without the faces'
// credential is ignored.
func TestPageIsOneRead(t *testing.T) {
	h, _ := startLimited(t, limits.Config{Reads: limits.Rate{PerSecond: 0.5, Burst: 3}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "pages"})
	read := func(ctx context.Context) error {
		_, err := h.game.GetJournal(ctx, &pb.GetJournalRequest{})
		return err
	}
	for page := range 3 {
		for range 10 {
			ctx := pb.WithPage(asVisitor(w.tokens[0], "192.0.2.9", true), fmt.Sprintf("p%d", page))
			if err := read(ctx); err != nil {
				t.Fatalf("read %d of page %d: %v", page, page, err)
			}
		}
	}
	err := read(pb.WithPage(asVisitor(w.tokens[0], "192.0.2.9", true), "p3"))
	wantRateLimited(t, "the fourth page", err, 3*time.Second)
	// Without the credential, a page is as many reads as it makes.
	for i := range 3 {
		if err := read(pb.WithPage(as(w.tokens[1]), "q")); err != nil {
			t.Fatalf("read %d of camp 1: %v", i, err)
		}
	}
	err = read(pb.WithPage(as(w.tokens[1]), "q"))
	wantRateLimited(t, "a fourth read of one page without the credential", err, 3*time.Second)
}

// errCode is err's gRPC code.
func errCode(err error) codes.Code { return status.Code(err) }

// TestOrderLogBounded checks N10 of issue 34: a camp that replaces its
// order, or posts refused ones, at its rate writes a line per kind and
// window, then a count, not a line per order; its first order of the day
// is logged at once, with its world, tick and camp.
func TestOrderLogBounded(t *testing.T) {
	h, logs := startLimited(t, limits.Config{Orders: limits.Rate{PerSecond: 1000, Burst: 1000}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "log"})
	for range 100 {
		h.submit(t, w.tokens[0], "rest")
		_, err := h.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "send_army", Args: []int32{999, 999, 999}}})
		wantCode(t, err, codes.FailedPrecondition)
	}
	if n := logs.count(`"message":"order accepted"`); n != 2 {
		t.Errorf("order accepted lines for 100 orders: %d; want 2 (the first, the first replacement)", n)
	}
	if n := logs.count(`"message":"order refused"`); n != 1 {
		t.Errorf("order refused lines for 100 refusals: %d; want 1", n)
	}
	if n := logs.count(`"replaced":true`); n != 1 || logs.count(`"world":1,`) == 0 {
		t.Errorf("the replacement's line: %d, with its world %d", n, logs.count(`"world":1,`))
	}
	h.advance(t, limits.Defaults.LogWindow)
	if replaced, refused := logs.count(`"repeated":98`), logs.count(`"repeated":99`); replaced != 1 || refused != 1 {
		t.Errorf("lines counting a window's repeats: %d of 98 replacements, %d of 99 refusals; want one each", replaced, refused)
	}
}

// TestRevokedStreamHearsNothing checks N11 of issue 34: on the server that
// revokes a token, the token's tick streams end before the revocation is
// answered, so that the next day's notice never reaches them; the new
// token's stream hears it.
func TestRevokedStreamHearsNothing(t *testing.T) {
	// Far longer than the test: the periodic check never runs.
	h, _ := startLimited(t, limits.Config{RevokeCheck: time.Hour})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "revoke"})
	ctx, cancel := context.WithCancel(as(w.tokens[0]))
	defer cancel()
	old, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch: %v", err)
	}
	if _, err := old.Recv(); err != nil {
		t.Fatalf("first notice: %v", err)
	}
	resp, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: w.info.GetId(), Camp: 0})
	if err != nil {
		t.Fatalf("issue token: %v", err)
	}
	fresh, _ := h.watch(t, resp.GetToken())
	if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
		t.Fatalf("force tick: %v", err)
	}
	if n, err := old.Recv(); status.Code(err) != codes.Unauthenticated {
		t.Errorf("the revoked token's stream after the revocation: got %v, %v; want its end, Unauthenticated, and no notice", n, err)
	}
	if n := fresh(); n.GetDay() != 1 {
		t.Errorf("the new token's stream: day %d; want 1", n.GetDay())
	}
}

// TestIPv6CountsBySubnet checks that a face's IPv6 visitors count by their
// /64, the block one subscriber holds: another address of the block is
// refused with it, one of another block is not.
func TestIPv6CountsBySubnet(t *testing.T) {
	h, _ := startLimited(t, limits.Config{AuthFailures: limits.Rate{PerSecond: 0.5, Burst: 5}})
	for i := range 5 {
		_, err := h.game.GetView(asVisitor(fmt.Sprintf("gvc_v6_%d", i), fmt.Sprintf("2001:db8:0:7::%x", i+1), true), &pb.GetViewRequest{})
		wantCode(t, err, codes.Unauthenticated)
	}
	_, err := h.game.GetView(asVisitor("gvc_v6_same", "2001:db8:0:7:ffff::1", true), &pb.GetViewRequest{})
	wantRateLimited(t, "another address of the flooding /64", err, 3*time.Second)
	_, err = h.game.GetView(asVisitor("gvc_v6_other", "2001:db8:0:8::1", true), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)
}

// TestRevokedSeatStreamEnds: RevokeToken ends the revoked seat token's
// tick streams on this server before it answers, as a replacement does
// (N11); another camp's stream hears the next day.
func TestRevokedSeatStreamEnds(t *testing.T) {
	h, _ := startLimited(t, limits.Config{RevokeCheck: time.Hour})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "revoke seat"})
	ctx, cancel := context.WithCancel(as(w.tokens[0]))
	defer cancel()
	old, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch: %v", err)
	}
	if _, err := old.Recv(); err != nil {
		t.Fatalf("first notice: %v", err)
	}
	other, _ := h.watch(t, w.tokens[1])
	if _, err := h.admin.RevokeToken(as(h.adminToken), &pb.RevokeTokenRequest{WorldId: w.info.GetId(), Camp: 0}); err != nil {
		t.Fatalf("revoke camp 0's ruler: %v", err)
	}
	if _, err := h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
		t.Fatalf("force tick: %v", err)
	}
	if n, err := old.Recv(); status.Code(err) != codes.Unauthenticated {
		t.Errorf("the revoked token's stream: got %v, %v; want its end, Unauthenticated, and no notice", n, err)
	}
	if n := other(); n.GetDay() != 1 {
		t.Errorf("camp 1's stream: day %d; want 1", n.GetDay())
	}
}
