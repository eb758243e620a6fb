package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"golang.org/x/net/http2"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/store/pgtest"
)

// syncBuffer is a log sink safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// count returns how many log lines hold text.
func (s *syncBuffer) count(text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Count(s.b.String(), text)
}

// startLimited starts a server with limits, logging into the returned
// buffer.
func startLimited(t *testing.T, limits limits.Config) (*harness, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	h := startServerConfig(t, server.Config{Store: openSQLite(t), Clock: clock.NewFake(start), Rulesets: rulesets,
		Log: zerolog.New(io.MultiWriter(logs, zerolog.NewTestWriter(t))).Level(zerolog.InfoLevel), Limits: limits,
		FaceSecret: faceSecret})
	return h, logs
}

// wantRateLimited fails the test unless err is ResourceExhausted with the
// reason rate_limited and a RetryInfo of at most maxWait.
func wantRateLimited(t *testing.T, what string, err error, maxWait time.Duration) {
	t.Helper()
	st, _ := status.FromError(err)
	if st.Code() != codes.ResourceExhausted {
		t.Fatalf("%s: got %v; want ResourceExhausted", what, err)
	}
	var reason string
	var wait time.Duration = -1
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason = d.GetReason()
		case *errdetails.RetryInfo:
			wait = d.GetRetryDelay().AsDuration()
		}
	}
	if reason != pb.ErrorReason_ERROR_REASON_RATE_LIMITED.Code() || wait <= 0 || wait > maxWait {
		t.Fatalf("%s: got reason %q, retry in %s (%v); want %q and a retry within (0, %s]",
			what, reason, wait, err, pb.ErrorReason_ERROR_REASON_RATE_LIMITED.Code(), maxWait)
	}
}

// TestWriteRateLimits checks issue 14's point 1: each kind of write of a
// camp token has its own bucket, refused with ResourceExhausted and a
// RetryInfo once spent, without storing anything; another token is not
// slowed; the refusals' log is sampled.
func TestWriteRateLimits(t *testing.T) {
	h, logs := startLimited(t, limits.Config{
		Orders:   limits.Rate{PerSecond: 0.5, Burst: 3},
		Messages: limits.Rate{PerSecond: 0.5, Burst: 2},
		Writes:   limits.Rate{PerSecond: 0.5, Burst: 2},
	})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "limits"})
	for range 3 {
		h.submit(t, w.tokens[0], "rest")
	}
	for i := range 20 {
		_, err := h.game.SubmitOrder(as(w.tokens[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}})
		wantRateLimited(t, fmt.Sprintf("order %d over the burst", 4+i), err, 2*time.Second)
	}
	// In the caller's language.
	_, err := h.game.SubmitOrder(pb.WithLang(as(w.tokens[0]), lang.FR), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}})
	if msg := status.Convert(err).Message(); !strings.HasPrefix(msg, "trop d'ordres de ce jeton") || !strings.Contains(msg, "réessayez dans") {
		t.Errorf("refusal in French: got %q", msg)
	}
	orders, err := h.store.Orders(context.Background(), w.info.GetId(), 1)
	if err != nil {
		t.Fatalf("orders: %v", err)
	}
	if len(orders) != 3 {
		t.Errorf("stored orders: got %d; want the 3 accepted", len(orders))
	}
	// Another camp's token has its own bucket.
	h.submit(t, w.tokens[1], "rest")
	// Messages and the other writes: the calls within the burst reach the
	// handler (camp 0 has met nobody: not_a_recipient), the next do not.
	for i := range 2 {
		_, err := h.game.SendMessage(as(w.tokens[0]), &pb.SendMessageRequest{ToCamp: 1, Text: "hello"})
		if status.Code(err) == codes.ResourceExhausted {
			t.Fatalf("message %d within the burst: %v", i, err)
		}
		if _, err := h.game.SetStandingOrder(as(w.tokens[0]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "rest"}}); err != nil {
			t.Fatalf("standing order %d within the burst: %v", i, err)
		}
	}
	_, err = h.game.SendMessage(as(w.tokens[0]), &pb.SendMessageRequest{ToCamp: 1, Text: "hello"})
	wantRateLimited(t, "message over the burst", err, 2*time.Second)
	_, err = h.game.SetStandingOrder(as(w.tokens[0]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "rest"}})
	wantRateLimited(t, "standing order over the burst", err, 2*time.Second)
	// Views are not limited.
	for range 10 {
		h.view(t, w.tokens[0])
	}
	// 21 refused orders, one line (the repeats are counted at the window's end).
	if n := logs.count("call refused: rate limit"); n != 3 {
		t.Errorf("log lines of refusals: got %d; want 3 (one per kind)", n)
	}
	// At the window's end on the server's clock, one line counts the 20
	// orders refused after the first; the other kinds were not repeated.
	h.advance(t, limits.Defaults.LogWindow)
	if n, r := logs.count("call refused: rate limit (repeated)"), logs.count(`"repeated":20`); n != 1 || r != 1 {
		t.Errorf("log lines of repeated refusals: got %d, %d of 20 orders; want 1, 1", n, r)
	}
}

// TestReadRateLimit checks issue 14's point 1 for reads: those that reach
// the store are rate-limited per token, views are not.
func TestReadRateLimit(t *testing.T) {
	h, _ := startLimited(t, limits.Config{Reads: limits.Rate{PerSecond: 0.5, Burst: 3}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "reads"})
	for i := range 3 {
		if _, err := h.game.GetJournal(as(w.tokens[0]), &pb.GetJournalRequest{}); err != nil {
			t.Fatalf("journal %d within the burst: %v", i, err)
		}
	}
	_, err := h.game.ListMessages(as(w.tokens[0]), &pb.ListMessagesRequest{})
	wantRateLimited(t, "messages listed past the burst", err, 2*time.Second)
	for range 10 {
		h.view(t, w.tokens[0])
	}
	if _, err := h.game.GetJournal(as(w.tokens[1]), &pb.GetJournalRequest{}); err != nil {
		t.Errorf("another token's journal: %v", err)
	}
	// The bucket refills on the server's clock: one read every 2s.
	h.advance(t, 2*time.Second-time.Millisecond)
	_, err = h.game.GetJournal(as(w.tokens[0]), &pb.GetJournalRequest{})
	wantRateLimited(t, "a read 1ms before the bucket refills", err, time.Millisecond)
	h.advance(t, time.Millisecond)
	if _, err := h.game.GetJournal(as(w.tokens[0]), &pb.GetJournalRequest{}); err != nil {
		t.Fatalf("a read once the bucket refilled: %v", err)
	}
	_, err = h.game.GetJournal(as(w.tokens[0]), &pb.GetJournalRequest{})
	wantRateLimited(t, "a second read after the refill", err, 2*time.Second)
}

// TestStreamLimits checks issue 14's point 6: the streams one token holds
// and the server's are bounded, and a closed stream frees its place.
func TestStreamLimits(t *testing.T) {
	h, _ := startLimited(t, limits.Config{StreamsPerToken: 2, Streams: 3})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "streams"})
	open := func(token string) (context.CancelFunc, error) {
		ctx, cancel := context.WithCancel(as(token))
		stream, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
		if err == nil {
			_, err = stream.Recv()
		}
		if err != nil {
			cancel()
		}
		return cancel, err
	}
	var cancels []context.CancelFunc
	defer func() {
		for _, c := range cancels {
			c()
		}
	}()
	for i := range 2 {
		c, err := open(w.tokens[0])
		if err != nil {
			t.Fatalf("stream %d of camp 0: %v", i, err)
		}
		cancels = append(cancels, c)
	}
	_, err := open(w.tokens[0])
	wantRateLimited(t, "third stream of camp 0", err, 2*time.Second)
	c, err := open(w.tokens[1])
	if err != nil {
		t.Fatalf("stream of camp 1: %v", err)
	}
	cancels = append(cancels, c)
	_, err = open(w.tokens[2])
	wantRateLimited(t, "fourth stream of the server", err, 2*time.Second)
	cancels[0]()
	eventually(t, "a stream once one closed", func() error {
		c, err := open(w.tokens[2])
		if err == nil {
			cancels = append(cancels, c)
		}
		return err
	})
}

// TestStreamOpenRate checks issue 14's point 6 for a token that opens and
// closes streams in a loop: its openings are rate-limited, each reading
// the store.
func TestStreamOpenRate(t *testing.T) {
	h, _ := startLimited(t, limits.Config{StreamOpens: limits.Rate{PerSecond: 0.5, Burst: 3}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "churn"})
	for i := range 3 {
		ctx, cancel := context.WithCancel(as(w.tokens[0]))
		stream, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
		if err == nil {
			_, err = stream.Recv()
		}
		cancel()
		if err != nil {
			t.Fatalf("stream %d within the burst: %v", i, err)
		}
	}
	stream, err := h.game.WatchTicks(as(w.tokens[0]), &pb.WatchTicksRequest{})
	if err == nil {
		_, err = stream.Recv()
	}
	wantRateLimited(t, "a stream past the burst", err, 2*time.Second)
	openStream(t, h.game, w.tokens[1]) // another token is not slowed
}

// openStream opens a tick stream, reads its first notice and returns a
// channel that receives how it ended.
func openStream(t *testing.T, game pb.GameServiceClient, token string) <-chan error {
	t.Helper()
	ctx, cancel := context.WithCancel(as(token))
	t.Cleanup(cancel)
	stream, err := game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch ticks: %v", err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("first notice: %v", err)
	}
	ended := make(chan error, 1)
	go func() { ended <- recvErr(stream) }()
	return ended
}

// wantEndsRevoked waits at most within for a stream to end with
// Unauthenticated.
func wantEndsRevoked(t *testing.T, what string, ended <-chan error, within time.Duration) {
	t.Helper()
	select {
	case err := <-ended:
		if status.Code(err) != codes.Unauthenticated {
			t.Errorf("%s: ended with %v; want Unauthenticated", what, err)
		}
	case <-time.After(within):
		t.Errorf("%s: still open %s after the revocation check", what, within)
	}
}

// TestRevokedTokenStreamEnds checks issue 14's point 2 on one server: a
// new token for the camp revokes the old one, whose stream ends at the
// next revocation check, RevokeCheck later on the server's clock; the new
// token's stream and other camps' stay open.
func TestRevokedTokenStreamEnds(t *testing.T) {
	// Longer than waitLimit, so that a check on the wall clock fails the
	// test; shorter than a day.
	const revokeCheck = 30 * time.Second
	h, _ := startLimited(t, limits.Config{RevokeCheck: revokeCheck})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "revoke"})
	old := openStream(t, h.game, w.tokens[0])
	other, _ := h.watch(t, w.tokens[1])
	resp, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: w.info.GetId(), Camp: 0})
	if err != nil {
		t.Fatalf("issue token: %v", err)
	}
	fresh, _ := h.watch(t, resp.GetToken())
	h.clock.Advance(revokeCheck)
	wantEndsRevoked(t, "the revoked token's stream", old, waitLimit)
	// The next day reaches the other streams: the check ended none of them.
	h.advance(t, cadence)
	if n, m := other().GetDay(), fresh().GetDay(); n != 1 || m != 1 {
		t.Errorf("the next day's notices: got days %d and %d; want 1", n, m)
	}
}

// TestRevokedTokenStreamEndsOnEveryReplica checks issue 14's point 2 across
// replicas: a camp's streams, one on the world's replica and one through
// the other, end within a second of the revocation made on either.
func TestRevokedTokenStreamEndsOnEveryReplica(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a := startReplica(t, url, "a")
	b := startReplica(t, url, "b")
	token := adminOf(t, a, b)
	w := a.createWorld(t, &pb.CreateWorldRequest{Name: "revoke", Seed: 8})
	onA := openStream(t, a.game, w.tokens[0])
	onB := openStream(t, b.game, w.tokens[0])
	if _, err := b.admin.IssueToken(as(token), &pb.IssueTokenRequest{WorldId: w.info.GetId(), Camp: 0}); err != nil {
		t.Fatalf("issue token through b: %v", err)
	}
	wantEndsRevoked(t, "the stream on the world's replica", onA, time.Second)
	wantEndsRevoked(t, "the stream through the other replica", onB, time.Second)
}

// TestFailedAuthenticationsLimited checks issue 14's point 11: an address
// whose authentications fail is refused once its failures are spent,
// without a look at the store, while a token known good from that address
// still passes; the failures are logged per address, sampled.
func TestFailedAuthenticationsLimited(t *testing.T) {
	h, logs := startLimited(t, limits.Config{AuthFailures: limits.Rate{PerSecond: 0.5, Burst: 5}})
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "auth"})
	h.view(t, w.tokens[0]) // known good from now on
	for i := range 5 {
		_, err := h.game.GetView(as(fmt.Sprintf("gvc_wrong%d", i)), &pb.GetViewRequest{})
		wantCode(t, err, codes.Unauthenticated)
	}
	for i := range 200 {
		_, err := h.game.GetView(as(fmt.Sprintf("gvc_again%d", i)), &pb.GetViewRequest{})
		wantRateLimited(t, "a failure past the limit", err, 3*time.Second)
	}
	h.view(t, w.tokens[0])
	if n := logs.count(`"peer":"127.0.0.1"`); n != 2 {
		t.Errorf("log lines naming the address: got %d; want 2 (a failure, a refusal) for 205 calls", n)
	}
	// The address's bucket refills on the server's clock: one failure
	// every 2s.
	h.advance(t, 2*time.Second)
	_, err := h.game.GetView(as("gvc_later"), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)
	_, err = h.game.GetView(as("gvc_later_again"), &pb.GetViewRequest{})
	wantRateLimited(t, "a second failure after the refill", err, 2*time.Second)
}

// TestHalfOpenConnectionsDropped checks issue 14's point 7: a connection
// that never finishes its HTTP/2 handshake, and one that stops answering
// the server's pings, are closed.
func TestHalfOpenConnectionsDropped(t *testing.T) {
	h, _ := startLimited(t, limits.Config{HandshakeTimeout: 300 * time.Millisecond, PingAfter: time.Second, PingTimeout: 300 * time.Millisecond})
	addr := h.conn.Target()
	closedWithin := func(c net.Conn, d time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(d))
		buf := make([]byte, 1024)
		for {
			if _, err := c.Read(buf); err != nil {
				ne, ok := err.(net.Error)
				return !ok || !ne.Timeout()
			}
		}
	}
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer silent.Close()
	if !closedWithin(silent, 3*time.Second) {
		t.Errorf("a connection without a handshake is still open after 3s")
	}
	deaf, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer deaf.Close()
	if _, err := io.WriteString(deaf, http2.ClientPreface); err != nil {
		t.Fatalf("preface: %v", err)
	}
	fr := http2.NewFramer(deaf, deaf)
	if err := fr.WriteSettings(); err != nil {
		t.Fatalf("settings: %v", err)
	}
	// Read the server's frames (settings, then pings) and answer nothing.
	begin := time.Now()
	if !closedWithin(deaf, 6*time.Second) {
		t.Errorf("a connection that answers no ping is still open after 6s")
	} else if d := time.Since(begin); d < time.Second {
		t.Errorf("the connection closed after %s, before the first ping", d)
	}
}
