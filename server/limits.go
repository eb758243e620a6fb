package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file bounds what one client can cost the server (docs/security.md):
// rate limits per token on the game service's writes, the streams a token
// and the whole server hold, failed authentications per peer address, the
// connections' keepalive and idle timeouts, and the end of a revoked
// token's streams. Every refusal is ResourceExhausted with a RetryInfo,
// and its log lines are sampled: one per token or address and window, then
// a count.

// Rate is a token bucket: Burst calls at once, then PerSecond calls a
// second. A zero Rate is no limit.
type Rate struct {
	PerSecond float64
	Burst     int
}

func (r Rate) String() string { return fmt.Sprintf("%g/s, burst %d", r.PerSecond, r.Burst) }

// text is the rate as a player reads it.
func (r Rate) text() lang.Text {
	return lang.T("%g a second, %d at once", "%g par seconde, %d d'un coup", r.PerSecond, r.Burst)
}

// Limits bounds the work one token, connection or address can cause. The
// zero value of a field is its default, DefaultLimits' value; a negative
// count or duration turns that limit off.
type Limits struct {
	// Orders, Messages and Writes bound each camp token's SubmitOrder,
	// SendMessage and other writes of the game service (every method that
	// is not a Get, List or Watch).
	Orders, Messages, Writes Rate
	// Reads bounds each camp token's reads of the game service that reach
	// the store (every Get and List but GetView, served from the views the
	// world loop keeps).
	Reads Rate
	// StreamOpens bounds how fast one camp token opens tick streams: each
	// opening reads the store, so that a token opening and closing
	// streams in a loop would take the database from the other camps.
	StreamOpens Rate
	// StreamsPerToken and Streams bound the tick streams open at once by
	// one token and by the whole server.
	StreamsPerToken, Streams int
	// AuthFailures bounds the failed authentications of one peer address;
	// once it is spent, calls from that address with a token not known to
	// be good are refused without a look at the store.
	AuthFailures Rate
	// RevokeCheck is how often the tokens of open streams are checked in
	// the store: a revoked token's streams end within it, on every replica.
	RevokeCheck time.Duration
	// LogWindow is the sampling window of the refusals' log lines.
	LogWindow time.Duration
	// Keepalive: a connection without a call for IdleTimeout is closed
	// (GOAWAY); one silent for PingAfter is pinged and closed if the ping
	// is not answered within PingTimeout; one that does not finish its
	// HTTP/2 handshake within HandshakeTimeout is closed. Clients may ping
	// at most once per MinClientPing, with or without a call.
	IdleTimeout, PingAfter, PingTimeout, HandshakeTimeout, MinClientPing time.Duration
}

// DefaultLimits are the limits a normal game never reaches: a player posts
// one order a day and a few messages; a client holds a stream or a few.
// The load tool's crowd (1,000 clients on three tokens) stays below them.
var DefaultLimits = Limits{
	Orders:           Rate{PerSecond: 10, Burst: 100},
	Messages:         Rate{PerSecond: 5, Burst: 40},
	Writes:           Rate{PerSecond: 5, Burst: 40},
	Reads:            Rate{PerSecond: 50, Burst: 200},
	StreamOpens:      Rate{PerSecond: 5, Burst: 600},
	StreamsPerToken:  512,
	Streams:          16384,
	AuthFailures:     Rate{PerSecond: 2, Burst: 60},
	RevokeCheck:      500 * time.Millisecond,
	LogWindow:        10 * time.Second,
	IdleTimeout:      15 * time.Minute,
	PingAfter:        time.Minute,
	PingTimeout:      20 * time.Second,
	HandshakeTimeout: 10 * time.Second,
	MinClientPing:    10 * time.Second,
}

// withDefaults returns l with each zero field set to its default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	rate := func(r *Rate, def Rate) {
		if *r == (Rate{}) {
			*r = def
		}
	}
	rate(&l.Orders, d.Orders)
	rate(&l.Messages, d.Messages)
	rate(&l.Writes, d.Writes)
	rate(&l.Reads, d.Reads)
	rate(&l.StreamOpens, d.StreamOpens)
	rate(&l.AuthFailures, d.AuthFailures)
	for _, f := range []struct {
		v   *int
		def int
	}{{&l.StreamsPerToken, d.StreamsPerToken}, {&l.Streams, d.Streams}} {
		if *f.v == 0 {
			*f.v = f.def
		}
	}
	for _, f := range []struct{ v, def *time.Duration }{
		{&l.RevokeCheck, &d.RevokeCheck}, {&l.LogWindow, &d.LogWindow}, {&l.IdleTimeout, &d.IdleTimeout},
		{&l.PingAfter, &d.PingAfter}, {&l.PingTimeout, &d.PingTimeout}, {&l.HandshakeTimeout, &d.HandshakeTimeout},
		{&l.MinClientPing, &d.MinClientPing},
	} {
		if *f.v == 0 {
			*f.v = *f.def
		}
	}
	return l
}

// reasonRateLimited refuses a call over a limit of this file.
const reasonRateLimited = pb.ErrorReason_ERROR_REASON_RATE_LIMITED

// rateLimited returns the refusal of a call over a limit: ResourceExhausted
// with the reason RATE_LIMITED and a RetryInfo saying when to call again,
// its message why in the call's language.
func rateLimited(ctx context.Context, wait time.Duration, why lang.Text) error {
	wait = max(wait.Round(time.Millisecond), time.Millisecond)
	msg := lang.T("%s; retry in %s", "%s ; réessayez dans %s", why, wait).In(pb.LangOf(ctx))
	st := status.New(codes.ResourceExhausted, msg)
	details := []protoadapt.MessageV1{
		&errdetails.ErrorInfo{Reason: reasonRateLimited.Code(), Domain: errorDomain},
		&errdetails.RetryInfo{RetryDelay: durationpb.New(wait)},
	}
	if withDetails, err := st.WithDetails(details...); err == nil {
		st = withDetails
	}
	return st.Err()
}

// bucket is a token bucket's state.
type bucket struct {
	tokens float64
	at     time.Time
}

// buckets are token buckets of one Rate, by key. It is safe for concurrent
// use; buckets full again are forgotten once there are many.
type buckets struct {
	rate Rate
	now  func() time.Time

	mu sync.Mutex // guards m
	m  map[string]*bucket
}

// pruneAt is how many buckets are kept before the full ones are dropped.
const pruneAt = 4096

func newBuckets(r Rate, now func() time.Time) *buckets {
	return &buckets{rate: r, now: now, m: make(map[string]*bucket)}
}

// off reports whether the rate is no limit.
func (b *buckets) off() bool { return b.rate.PerSecond <= 0 || b.rate.Burst <= 0 }

// refill returns key's bucket brought to now; b.mu is held.
func (b *buckets) refill(key string, now time.Time) *bucket {
	k, ok := b.m[key]
	if !ok {
		if len(b.m) >= pruneAt {
			b.prune(now)
		}
		k = &bucket{tokens: float64(b.rate.Burst), at: now}
		b.m[key] = k
	}
	if d := now.Sub(k.at); d > 0 {
		k.tokens = math.Min(float64(b.rate.Burst), k.tokens+d.Seconds()*b.rate.PerSecond)
		k.at = now
	}
	return k
}

// prune drops the buckets that would be full at now; b.mu is held.
func (b *buckets) prune(now time.Time) {
	for key, k := range b.m {
		if k.tokens+now.Sub(k.at).Seconds()*b.rate.PerSecond >= float64(b.rate.Burst) {
			delete(b.m, key)
		}
	}
}

// take spends one call of key's bucket; when it is empty, it spends
// nothing and returns how long until a call is allowed.
func (b *buckets) take(key string) (ok bool, wait time.Duration) {
	if b.off() {
		return true, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(key, b.now())
	if k.tokens >= 1 {
		k.tokens--
		return true, 0
	}
	return false, time.Duration((1 - k.tokens) / b.rate.PerSecond * float64(time.Second))
}

// spend spends one call of key's bucket, which may go empty (a failure
// already happened).
func (b *buckets) spend(key string) {
	if b.off() {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(key, b.now())
	k.tokens = math.Max(k.tokens-1, 0)
}

// empty reports whether key's bucket has no call left, and how long until
// it has one.
func (b *buckets) empty(key string) (bool, time.Duration) {
	if b.off() {
		return false, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(key, b.now())
	if k.tokens >= 1 {
		return false, 0
	}
	return true, time.Duration((1 - k.tokens) / b.rate.PerSecond * float64(time.Second))
}

// sampler writes log lines that a flood repeats at a bounded pace: the
// first line of a key at once, then, at the end of each window in which
// the key came again, one line with the count. Past maxSampled keys, new
// keys share one. It is safe for concurrent use.
type sampler struct {
	log    zerolog.Logger
	window time.Duration

	mu   sync.Mutex // guards keys
	keys map[string]*sample
}

// maxSampled bounds the keys a sampler follows at once.
const maxSampled = 1024

// sample is a sampled key's count in the current window and its last
// line's fields.
type sample struct {
	count  int
	level  zerolog.Level
	msg    string
	fields map[string]any
}

func newSampler(log zerolog.Logger, window time.Duration) *sampler {
	return &sampler{log: log, window: window, keys: make(map[string]*sample)}
}

// note logs msg with fields at level under key, or counts it if key was
// logged in this window.
func (s *sampler) note(key string, level zerolog.Level, msg string, fields map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k, ok := s.keys[key]; ok {
		k.count++
		k.fields = fields
		return
	}
	if len(s.keys) >= maxSampled {
		key, fields = "", map[string]any{"keys": "many"}
		if k, ok := s.keys[key]; ok {
			k.count++
			return
		}
	}
	s.keys[key] = &sample{level: level, msg: msg, fields: fields}
	s.log.WithLevel(level).Fields(fields).Msg(msg)
	time.AfterFunc(s.window, func() { s.flush(key) })
}

// flush writes key's count of the window, if any, and starts a new window;
// a key not seen in the window is forgotten.
func (s *sampler) flush(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.keys[key]
	if k.count == 0 {
		delete(s.keys, key)
		return
	}
	s.log.WithLevel(k.level).Fields(k.fields).Int("repeated", k.count).Dur("window", s.window).Msg(k.msg + " (repeated)")
	k.count = 0
	time.AfterFunc(s.window, func() { s.flush(key) })
}

// guard enforces the Limits. It is safe for concurrent use.
type guard struct {
	s      *Server
	limits Limits
	log    *sampler

	orders, messages, writes, reads, streamOpens, authFailures *buckets

	mu sync.Mutex // guards streams, open and checking
	// streams are the open tick streams by token hash; open counts them.
	streams map[[sha256.Size]byte]map[*guardedStream]struct{}
	open    int
	// checking is set while the revocation check runs (streams open).
	checking bool
}

// guardedStream is an open stream's cancellation.
type guardedStream struct {
	cancel context.CancelCauseFunc
}

// errRevoked ends the streams of a revoked token.
var errRevoked = errors.New("token revoked")

func newGuard(s *Server, l Limits) *guard {
	l = l.withDefaults()
	return &guard{
		s: s, limits: l, log: newSampler(s.log, l.LogWindow),
		orders:       newBuckets(l.Orders, time.Now),
		messages:     newBuckets(l.Messages, time.Now),
		writes:       newBuckets(l.Writes, time.Now),
		reads:        newBuckets(l.Reads, time.Now),
		streamOpens:  newBuckets(l.StreamOpens, time.Now),
		authFailures: newBuckets(l.AuthFailures, time.Now),
		streams:      make(map[[sha256.Size]byte]map[*guardedStream]struct{}),
	}
}

// serverOptions are the keepalive and handshake bounds of the connections.
func (g *guard) serverOptions() []grpc.ServerOption {
	l := g.limits
	off := func(d time.Duration) time.Duration {
		if d < 0 {
			return time.Duration(math.MaxInt64)
		}
		return d
	}
	return []grpc.ServerOption{
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: max(l.MinClientPing, 0), PermitWithoutStream: true}),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			MaxConnectionIdle: off(l.IdleTimeout), Time: off(l.PingAfter), Timeout: off(l.PingTimeout),
		}),
		grpc.ConnectionTimeout(off(l.HandshakeTimeout)),
	}
}

// tokenHash returns the hash of the call's bearer token, as the store
// keeps it.
func tokenHash(ctx context.Context) [sha256.Size]byte {
	var header string
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		if v := md.Get("authorization"); len(v) > 0 {
			header = v[0]
		}
	}
	_, token, _ := strings.Cut(header, " ")
	return sha256.Sum256([]byte(token))
}

// peerHost returns the caller's address without its port.
func peerHost(ctx context.Context) string {
	p, ok := peer.FromContext(ctx)
	if !ok || p.Addr == nil {
		return "unknown"
	}
	host, _, err := net.SplitHostPort(p.Addr.String())
	if err != nil {
		return p.Addr.String()
	}
	return host
}

// knownToken reports whether the call's token is one the authenticator
// checked recently and found good.
func (g *guard) knownToken(ctx context.Context) bool {
	hash := tokenHash(ctx)
	a := g.s.auth
	a.mu.Lock()
	defer a.mu.Unlock()
	c, ok := a.cache[hash]
	return ok && a.clock.Now().Before(c.expires)
}

// admit runs before authentication: an address whose failed
// authentications are spent is refused, unless its token is known good;
// call's failed authentication is then counted and logged (sampled).
func (g *guard) admit(ctx context.Context, method string, call func(context.Context) error) error {
	if requiredRole(method) == "" {
		return call(ctx)
	}
	host := peerHost(ctx)
	if spent, wait := g.authFailures.empty(host); spent && !g.knownToken(ctx) {
		g.log.note("auth:"+host, zerolog.WarnLevel, "authentication refused: too many failures from this address",
			map[string]any{"peer": host, "method": method, "limit": g.limits.AuthFailures.String()})
		return rateLimited(ctx, wait, lang.T("too many failed authentications from your address",
			"trop d'authentifications échouées depuis votre adresse"))
	}
	err := call(ctx)
	if status.Code(err) == codes.Unauthenticated {
		g.authFailures.spend(host)
		g.log.note("authfail:"+host, zerolog.WarnLevel, "authentication failed",
			map[string]any{"peer": host, "method": method, "error": status.Convert(err).Message()})
	}
	return err
}

func (g *guard) peerUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	var resp any
	err := g.admit(ctx, info.FullMethod, func(ctx context.Context) error {
		var err error
		resp, err = handler(ctx, req)
		return err
	})
	return resp, err
}

func (g *guard) peerStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return g.admit(ss.Context(), info.FullMethod, func(context.Context) error { return handler(srv, ss) })
}

// callKind returns the rate a camp token's call to method spends and the
// name of its kind, in the log and in a refusal; nil for a call without
// one (GetView, WatchTicks: a stream has its own bounds).
func (g *guard) callKind(method string) (*buckets, string, lang.Text) {
	prefix := "/" + pb.GameService_ServiceDesc.ServiceName + "/"
	name, ok := strings.CutPrefix(method, prefix)
	switch {
	case !ok:
		return nil, "", lang.Text{}
	case name == "SubmitOrder":
		return g.orders, "orders", lang.T("orders", "d'ordres")
	case name == "SendMessage":
		return g.messages, "messages", lang.T("messages", "de messages")
	case name == "GetView", strings.HasPrefix(name, "Watch"):
		return nil, "", lang.Text{}
	case strings.HasPrefix(name, "Get"), strings.HasPrefix(name, "List"):
		return g.reads, "reads", lang.T("reads", "de lectures")
	}
	return g.writes, "writes", lang.T("writes", "d'écritures")
}

// unary limits a camp token's writes and reads; it runs after
// authentication.
func (g *guard) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	p, ok := principalFrom(ctx)
	b, kind, kindText := g.callKind(info.FullMethod)
	if !ok || p.role != store.RoleCamp || b == nil {
		return handler(ctx, req)
	}
	hash := tokenHash(ctx)
	if ok, wait := b.take(string(hash[:])); !ok {
		g.log.note(fmt.Sprintf("%s:%x", kind, hash[:8]), zerolog.WarnLevel, "call refused: rate limit",
			map[string]any{"world": p.worldID, "camp": p.camp, "kind": kind, "limit": b.rate.String()})
		return nil, rateLimited(ctx, wait, lang.T("too many %s from this token (at most %s)",
			"trop %s de ce jeton (au plus %s)", kindText, b.rate.text()))
	}
	return handler(ctx, req)
}

// stream bounds a camp token's open streams and the server's, and ends a
// stream whose token is revoked with Unauthenticated; it runs after
// authentication.
func (g *guard) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx := ss.Context()
	p, ok := principalFrom(ctx)
	if !ok || p.role != store.RoleCamp {
		return handler(srv, ss)
	}
	hash := tokenHash(ctx)
	if ok, wait := g.streamOpens.take(string(hash[:])); !ok {
		g.log.note(fmt.Sprintf("stream-opens:%x", hash[:8]), zerolog.WarnLevel, "stream refused: opened too fast",
			map[string]any{"world": p.worldID, "camp": p.camp, "limit": g.streamOpens.rate.String()})
		return rateLimited(ctx, wait, lang.T("this token opens tick streams too fast (at most %s)",
			"ce jeton ouvre des flux de jours trop vite (au plus %s)", g.streamOpens.rate.text()))
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	gs, err := g.register(ctx, hash, p, cancel)
	if err != nil {
		return err
	}
	defer g.unregister(hash, gs)
	err = handler(srv, &authedStream{ServerStream: ss, ctx: ctx})
	if errors.Is(context.Cause(ctx), errRevoked) {
		msg := lang.T("the token was revoked: ask an admin for a new one", "le jeton a été révoqué : demandez-en un nouveau à un admin")
		return refuse(reasonUnauthenticated, "", msg.In(pb.LangOf(ctx)))
	}
	return err
}

// register counts a new stream of token hash, or refuses it over a bound,
// and starts the revocation check with the first stream.
func (g *guard) register(ctx context.Context, hash [sha256.Size]byte, p principal, cancel context.CancelCauseFunc) (*guardedStream, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	mine := g.streams[hash]
	if n := g.limits.StreamsPerToken; n > 0 && len(mine) >= n {
		g.log.note(fmt.Sprintf("streams:%x", hash[:8]), zerolog.WarnLevel, "stream refused: too many streams of one token",
			map[string]any{"world": p.worldID, "camp": p.camp, "limit": n})
		return nil, rateLimited(ctx, time.Second, lang.T("this token holds %d tick streams, the most allowed; close one first",
			"ce jeton tient %d flux de jours, le plus permis ; fermez-en un d'abord", n))
	}
	if n := g.limits.Streams; n > 0 && g.open >= n {
		g.log.note("streams", zerolog.WarnLevel, "stream refused: the server holds its most streams",
			map[string]any{"limit": n})
		return nil, rateLimited(ctx, time.Second, lang.T("the server holds its most tick streams (%d)",
			"le serveur tient déjà le plus de flux de jours qu'il permet (%d)", n))
	}
	if mine == nil {
		mine = make(map[*guardedStream]struct{})
		g.streams[hash] = mine
	}
	gs := &guardedStream{cancel: cancel}
	mine[gs] = struct{}{}
	g.open++
	if !g.checking && g.limits.RevokeCheck > 0 {
		g.checking = true
		go g.checkRevoked()
	}
	return gs, nil
}

// unregister forgets a stream that ended.
func (g *guard) unregister(hash [sha256.Size]byte, gs *guardedStream) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.streams[hash][gs]; !ok {
		return
	}
	delete(g.streams[hash], gs)
	if len(g.streams[hash]) == 0 {
		delete(g.streams, hash)
	}
	g.open--
}

// checkRevoked reads, every RevokeCheck while streams are open, which of
// their tokens still exist in the store, and ends the streams of those
// that do not: the store, not this server's cache, knows a revocation made
// on another replica.
func (g *guard) checkRevoked() {
	t := time.NewTicker(g.limits.RevokeCheck)
	defer t.Stop()
	for range t.C {
		g.mu.Lock()
		if g.open == 0 {
			g.checking = false
			g.mu.Unlock()
			return
		}
		hashes := make([][]byte, 0, len(g.streams))
		for h := range g.streams {
			hashes = append(hashes, h[:])
		}
		g.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), g.limits.RevokeCheck)
		revoked, err := g.revoked(ctx, hashes)
		cancel()
		if err != nil {
			g.log.note("revoke-check", zerolog.WarnLevel, "revocation check failed; retried", map[string]any{"error": err.Error()})
		}
		for _, h := range revoked {
			g.endStreams([sha256.Size]byte(h))
		}
	}
}

// revoked returns those of hashes that the store no longer has.
func (g *guard) revoked(ctx context.Context, hashes [][]byte) ([][]byte, error) {
	live, err := g.s.cfg.Store.LiveTokens(ctx, hashes)
	if err != nil {
		return nil, err
	}
	has := make(map[string]bool, len(live))
	for _, h := range live {
		has[string(h)] = true
	}
	var out [][]byte
	for _, h := range hashes {
		if !has[string(h)] {
			out = append(out, h)
		}
	}
	return out, nil
}

// endStreams ends the streams of a revoked token and forgets the token in
// the authenticator's cache.
func (g *guard) endStreams(hash [sha256.Size]byte) {
	a := g.s.auth
	a.mu.Lock()
	a.gen++
	delete(a.cache, hash)
	a.mu.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	n := len(g.streams[hash])
	for gs := range g.streams[hash] {
		gs.cancel(errRevoked)
	}
	if n > 0 {
		g.log.note(fmt.Sprintf("revoked:%x", hash[:8]), zerolog.InfoLevel, "streams of a revoked token ended", map[string]any{"streams": n})
	}
}
