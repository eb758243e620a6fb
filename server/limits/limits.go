// Package limits bounds what one client can cost the server
// (docs/security.md): token buckets for the rates of a token's or an
// address's calls, the registry of the open tick streams with its bounds
// and its periodic check that ends the streams of a revoked token, the
// connections' keepalive and idle timeouts, and a sampler that keeps the
// refusals' log lines bounded: one per key and window, then a count.
//
// It knows nothing of the server's services or its store: the server's
// interceptors (server/guard.go) name the keys, refuse the calls and say
// which tokens still exist. Every timer and every "now" of this package
// reads the clock.Clock it is given, so tests drive the rates, the
// sampler's windows and the revocation check with a clock.Fake.
package limits

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/keepalive"

	"github.com/grisonval/server/server/clock"
)

// Rate is a token bucket: Burst calls at once, then PerSecond calls a
// second. A zero Rate is no limit.
type Rate struct {
	PerSecond float64
	Burst     int
}

func (r Rate) String() string { return fmt.Sprintf("%g/s, burst %d", r.PerSecond, r.Burst) }

// Config bounds the work one token, connection or address can cause. The
// zero value of a field is its default, Defaults' value; a negative count
// or duration turns that limit off.
type Config struct {
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

// Defaults are the limits a normal game never reaches: a player posts one
// order a day and a few messages; a client holds a stream or a few. The
// load tool's crowd (1,000 clients on three tokens) stays below them.
var Defaults = Config{
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

// WithDefaults returns c with each zero field set to its default.
func (c Config) WithDefaults() Config {
	d := Defaults
	rate := func(r *Rate, def Rate) {
		if *r == (Rate{}) {
			*r = def
		}
	}
	rate(&c.Orders, d.Orders)
	rate(&c.Messages, d.Messages)
	rate(&c.Writes, d.Writes)
	rate(&c.Reads, d.Reads)
	rate(&c.StreamOpens, d.StreamOpens)
	rate(&c.AuthFailures, d.AuthFailures)
	for _, f := range []struct {
		v   *int
		def int
	}{{&c.StreamsPerToken, d.StreamsPerToken}, {&c.Streams, d.Streams}} {
		if *f.v == 0 {
			*f.v = f.def
		}
	}
	for _, f := range []struct{ v, def *time.Duration }{
		{&c.RevokeCheck, &d.RevokeCheck}, {&c.LogWindow, &d.LogWindow}, {&c.IdleTimeout, &d.IdleTimeout},
		{&c.PingAfter, &d.PingAfter}, {&c.PingTimeout, &d.PingTimeout}, {&c.HandshakeTimeout, &d.HandshakeTimeout},
		{&c.MinClientPing, &d.MinClientPing},
	} {
		if *f.v == 0 {
			*f.v = *f.def
		}
	}
	return c
}

// ServerOptions are the keepalive and handshake bounds of c, as options of
// a gRPC server; a negative duration is no bound. c's zero fields must
// have been set by WithDefaults.
func (c Config) ServerOptions() []grpc.ServerOption {
	off := func(d time.Duration) time.Duration {
		if d < 0 {
			return time.Duration(math.MaxInt64)
		}
		return d
	}
	return []grpc.ServerOption{
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: max(c.MinClientPing, 0), PermitWithoutStream: true}),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			MaxConnectionIdle: off(c.IdleTimeout), Time: off(c.PingAfter), Timeout: off(c.PingTimeout),
		}),
		grpc.ConnectionTimeout(off(c.HandshakeTimeout)),
	}
}

// bucket is a token bucket's state.
type bucket struct {
	tokens float64
	at     time.Time
}

// Buckets are token buckets of one Rate, by key (a token's hash, a peer's
// address). They refill as their clock's Now moves. Buckets are safe for
// concurrent use; buckets full again are forgotten once there are many.
type Buckets struct {
	rate  Rate
	clock clock.Clock

	// max bounds the keys followed at once (0: no bound); past it, new
	// keys share one bucket, overflowKey's.
	max int

	mu sync.Mutex // guards m and pruned
	m  map[string]*bucket
	// pruned is when the full buckets were last dropped: at most once a
	// second, so that a flood of new keys does not walk them all each.
	pruned time.Time
}

// overflowKey is the key of the bucket that the keys past a Buckets' bound
// share.
const overflowKey = "\x00overflow"

// Bounded makes b follow at most n keys at once (the buckets full again
// are dropped first): past them, every new key shares one bucket, so that
// a flood from many keys (the addresses of failed authentications) is
// bounded in memory and as a whole. It returns b.
func (b *Buckets) Bounded(n int) *Buckets {
	b.max = n
	return b
}

// pruneAt is how many buckets are kept before the full ones are dropped.
const pruneAt = 4096

// NewBuckets returns empty buckets of rate r that read the time from c. A
// key's bucket starts full.
func NewBuckets(r Rate, c clock.Clock) *Buckets {
	return &Buckets{rate: r, clock: c, m: make(map[string]*bucket)}
}

// Rate returns the buckets' rate.
func (b *Buckets) Rate() Rate { return b.rate }

// off reports whether the rate is no limit.
func (b *Buckets) off() bool { return b.rate.PerSecond <= 0 || b.rate.Burst <= 0 }

// refill returns key's bucket brought to now; b.mu is held.
func (b *Buckets) refill(key string, now time.Time) *bucket {
	k, ok := b.m[key]
	if !ok {
		if len(b.m) >= pruneAt && now.Sub(b.pruned) >= time.Second {
			b.prune(now)
			b.pruned = now
		}
		if b.max > 0 && len(b.m) >= b.max {
			if k, ok = b.m[overflowKey]; !ok {
				k = &bucket{tokens: float64(b.rate.Burst), at: now}
				b.m[overflowKey] = k
			}
			return b.refillBucket(k, now)
		}
		k = &bucket{tokens: float64(b.rate.Burst), at: now}
		b.m[key] = k
	}
	return b.refillBucket(k, now)
}

// refillBucket brings k to now and returns it; b.mu is held.
func (b *Buckets) refillBucket(k *bucket, now time.Time) *bucket {
	if d := now.Sub(k.at); d > 0 {
		k.tokens = math.Min(float64(b.rate.Burst), k.tokens+d.Seconds()*b.rate.PerSecond)
		k.at = now
	}
	return k
}

// prune drops the buckets that would be full at now; b.mu is held.
func (b *Buckets) prune(now time.Time) {
	for key, k := range b.m {
		if k.tokens+now.Sub(k.at).Seconds()*b.rate.PerSecond >= float64(b.rate.Burst) {
			delete(b.m, key)
		}
	}
}

// wait returns how long until bucket k has a call; b.mu is held.
func (b *Buckets) wait(k *bucket) time.Duration {
	return time.Duration((1 - k.tokens) / b.rate.PerSecond * float64(time.Second))
}

// Take spends one call of key's bucket; when it is empty, it spends
// nothing and returns how long until a call is allowed.
func (b *Buckets) Take(key string) (ok bool, wait time.Duration) {
	if b.off() {
		return true, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(key, b.clock.Now())
	if k.tokens >= 1 {
		k.tokens--
		return true, 0
	}
	return false, b.wait(k)
}

// Spend spends one call of key's bucket, which may go empty (a failure
// already happened).
func (b *Buckets) Spend(key string) {
	if b.off() {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(key, b.clock.Now())
	k.tokens = math.Max(k.tokens-1, 0)
}

// Empty reports whether key's bucket has no call left, and how long until
// it has one. It spends nothing.
func (b *Buckets) Empty(key string) (bool, time.Duration) {
	if b.off() {
		return false, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.refill(key, b.clock.Now())
	if k.tokens >= 1 {
		return false, 0
	}
	return true, b.wait(k)
}

// Sampler writes log lines that a flood repeats at a bounded pace: the
// first line of a key at once, then, at the end of each window in which
// the key came again, one line with the count ("repeated"). Past
// maxSampled keys, new keys share one. Its windows are timers of its
// clock, which Stop ends. A Sampler is safe for concurrent use.
type Sampler struct {
	log    zerolog.Logger
	window time.Duration
	clock  clock.Clock

	mu      sync.Mutex // guards keys and stopped
	keys    map[string]*sample
	stopped bool
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
	// window ends the key's window.
	window clock.Timer
}

// NewSampler returns a Sampler that writes to log, counting the repeats of
// a key over windows of the given length on c.
func NewSampler(log zerolog.Logger, window time.Duration, c clock.Clock) *Sampler {
	return &Sampler{log: log, window: window, clock: c, keys: make(map[string]*sample)}
}

// Note logs msg with fields at level under key, or counts it if key was
// logged in this window. A stopped sampler writes nothing.
func (s *Sampler) Note(key string, level zerolog.Level, msg string, fields map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
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
	k := &sample{level: level, msg: msg, fields: fields}
	s.keys[key] = k
	s.log.WithLevel(level).Fields(fields).Msg(msg)
	k.window = s.clock.AfterFunc(s.window, func() { s.flush(key) })
}

// flush writes key's count of the window, if any, and starts a new window;
// a key not seen in the window is forgotten.
func (s *Sampler) flush(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
	k := s.keys[key]
	if k.count == 0 {
		delete(s.keys, key)
		return
	}
	s.log.WithLevel(k.level).Fields(k.fields).Int("repeated", k.count).Dur("window", s.window).Msg(k.msg + " (repeated)")
	k.count = 0
	k.window = s.clock.AfterFunc(s.window, func() { s.flush(key) })
}

// Stop ends the sampler, so that neither its timers nor its lines
// outlive its owner: the windows' timers are stopped, the repeats not yet
// written are dropped, and nothing more is written.
func (s *Sampler) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopped = true
	for _, k := range s.keys {
		k.window.Stop()
	}
}

// Errors of Streams.
var (
	// ErrTokenStreams refuses a stream of a token that holds
	// Config.StreamsPerToken streams already.
	ErrTokenStreams = errors.New("the token holds its most streams")
	// ErrServerStreams refuses a stream while Config.Streams are open.
	ErrServerStreams = errors.New("the server holds its most streams")
	// ErrRevoked is the cause with which the streams of a revoked token
	// are cancelled.
	ErrRevoked = errors.New("token revoked")
)

// Tokens is what the revocation check of Streams asks about the tokens of
// the open streams, and whom it tells of a revoked one.
type Tokens interface {
	// LiveTokens returns those of hashes that still name a token, as
	// store.Store does.
	LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error)
	// RevokedSince returns the hashes of the tokens deleted since the call
	// that returned mark, perhaps again, and the mark to pass next, as
	// store.Store does; it keeps them for store.RevocationsKept, longer
	// than FullCheckEvery.
	RevokedSince(ctx context.Context, mark uint64) (hashes [][]byte, next uint64, err error)
	// Revoked is told of a token found revoked, before its streams end.
	Revoked(hash [sha256.Size]byte)
}

// FullCheckEvery is how often, at most, the revocation check asks Tokens
// about every open stream's token; in between it asks only about the tokens
// deleted since its last round and the tokens of the streams opened since.
const FullCheckEvery = 10 * time.Minute

// Streams is the registry of the open tick streams, by the hash of their
// token: it bounds how many are open, by token and in all, and while any
// is open it ends, every Config.RevokeCheck of its clock, the streams of
// the tokens the store no longer has. Each round asks Tokens which tokens
// were deleted since the last round, and which of those and of the tokens
// of the streams opened since are still live (a stream may open with a
// token revoked on another replica but still cached here): a round costs
// the store about nothing, and this process a look at each of those
// tokens, whatever the number of streams. Every FullCheckEvery, and at the
// first round, it asks about every open stream's token instead. Streams
// is safe for concurrent use.
type Streams struct {
	perToken, total int
	every           time.Duration
	clock           clock.Clock
	tokens          Tokens
	log             *Sampler

	mu sync.Mutex // guards byToken, open, fresh and checking
	// byToken are the open streams by token hash; open counts them.
	byToken map[[sha256.Size]byte]map[*stream]struct{}
	open    int
	// fresh are the tokens of byToken that no round asked about yet
	// (their first stream opened after the last round read its
	// deletions): the next round asks about them. The other tokens of
	// byToken were found live by a round, so that a later revocation of
	// one is among the deletions a later round reads.
	fresh map[[sha256.Size]byte]struct{}
	// checking is set while the revocation check runs (streams open).
	checking bool

	checkMu sync.Mutex // serialises the rounds; guards mark and fullAt
	// mark is what Tokens.RevokedSince returned at the last round.
	mark uint64
	// fullAt is when the last round that asked about every open stream's
	// token succeeded; zero before the first.
	fullAt time.Time
}

// stream is an open stream's cancellation.
type stream struct {
	cancel context.CancelCauseFunc
}

// NewStreams returns an empty registry with c's bounds and revocation
// check (c's zero fields must have been set by WithDefaults), whose check
// ticks on clk, asks tokens and logs its failures and the streams it ends
// to log.
func NewStreams(c Config, clk clock.Clock, tokens Tokens, log *Sampler) *Streams {
	return &Streams{
		perToken: c.StreamsPerToken, total: c.Streams, every: c.RevokeCheck,
		clock: clk, tokens: tokens, log: log,
		byToken: make(map[[sha256.Size]byte]map[*stream]struct{}),
		fresh:   make(map[[sha256.Size]byte]struct{}),
	}
}

// Open counts a new stream of the token hash, or refuses it over a bound
// with ErrTokenStreams or ErrServerStreams; cancel ends the stream with
// ErrRevoked once the token is found revoked. The first stream open starts
// the revocation check. release forgets the stream; it must be called
// once it ended.
func (s *Streams) Open(hash [sha256.Size]byte, cancel context.CancelCauseFunc) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	mine := s.byToken[hash]
	if s.perToken > 0 && len(mine) >= s.perToken {
		return nil, ErrTokenStreams
	}
	if s.total > 0 && s.open >= s.total {
		return nil, ErrServerStreams
	}
	if mine == nil {
		mine = make(map[*stream]struct{})
		s.byToken[hash] = mine
		s.fresh[hash] = struct{}{}
	}
	st := &stream{cancel: cancel}
	mine[st] = struct{}{}
	s.open++
	if !s.checking && s.every > 0 {
		s.checking = true
		tick := make(chan struct{}, 1)
		s.arm(tick)
		go s.checkRevoked(tick)
	}
	return func() { s.release(hash, st) }, nil
}

// release forgets a stream that ended.
func (s *Streams) release(hash [sha256.Size]byte, st *stream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byToken[hash][st]; !ok {
		return
	}
	delete(s.byToken[hash], st)
	if len(s.byToken[hash]) == 0 {
		delete(s.byToken, hash)
		delete(s.fresh, hash)
	}
	s.open--
}

// arm sends on tick once the clock has moved by the check's period. One
// timer at most is armed at a time, so that the send never blocks.
func (s *Streams) arm(tick chan<- struct{}) {
	s.clock.AfterFunc(s.every, func() { tick <- struct{}{} })
}

// checkRevoked reads, at each tick while streams are open, which of their
// tokens still exist, and ends the streams of those that do not: the
// store, not this server's cache, knows a revocation made on another
// replica. The next tick is armed before the check runs, as a ticker's.
func (s *Streams) checkRevoked(tick chan struct{}) {
	for range tick {
		s.mu.Lock()
		if s.open == 0 {
			s.checking = false
			s.mu.Unlock()
			return
		}
		s.arm(tick)
		s.mu.Unlock()
		s.check()
	}
}

// CheckNow runs the revocation check at once: the streams of the tokens
// the store no longer has end before it returns. The server calls it when
// it revokes a token itself, so that the revoked token's streams on this
// process hear nothing after the revocation is answered.
func (s *Streams) CheckNow() { s.check() }

// check ends the open streams whose token the store no longer has.
func (s *Streams) check() {
	s.checkMu.Lock()
	defer s.checkMu.Unlock()
	s.mu.Lock()
	open := s.open > 0
	s.mu.Unlock()
	if !open {
		return
	}
	revoked, err := s.revoked()
	if err != nil {
		s.log.Note("revoke-check", zerolog.WarnLevel, "revocation check failed; retried", map[string]any{"error": err.Error()})
	}
	for _, h := range revoked {
		s.end([sha256.Size]byte(h))
	}
}

// revoked returns those of the open streams' tokens that Tokens no longer
// has, asked for at most one period of the check: at a full round, of
// every open stream's token; else of the fresh tokens and of the tokens
// deleted since the last round that a stream holds. On success the tokens
// asked about are fresh no more, and the next round asks only about what
// changes after this one. checkMu must be held.
func (s *Streams) revoked() ([][]byte, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timeout := s.clock.AfterFunc(s.every, cancel)
	defer timeout.Stop()
	now := s.clock.Now()
	full := s.fullAt.IsZero() || now.Sub(s.fullAt) >= FullCheckEvery
	// The fresh tokens are taken before the deletions are read: a token
	// deleted after this read is read at the next round, and a stream
	// opened after the fresh are taken stays fresh for the next round.
	s.mu.Lock()
	var asked [][sha256.Size]byte
	if full {
		asked = slices.Collect(maps.Keys(s.byToken))
	} else {
		asked = slices.Collect(maps.Keys(s.fresh))
	}
	s.mu.Unlock()
	deleted, next, err := s.tokens.RevokedSince(ctx, s.mark)
	if err != nil {
		return nil, err
	}
	ask := make([][]byte, 0, len(asked))
	for i := range asked {
		ask = append(ask, asked[i][:])
	}
	if !full && len(deleted) > 0 {
		// A deleted token joins the round if a stream holds it, once even
		// if read twice, unless it is fresh: asked about already, or at
		// the next round if its stream opened since the fresh were taken.
		seen := make(map[[sha256.Size]byte]bool, len(deleted))
		s.mu.Lock()
		for _, h := range deleted {
			k := [sha256.Size]byte(h)
			if _, open := s.byToken[k]; !open || seen[k] {
				continue
			}
			seen[k] = true
			if _, ok := s.fresh[k]; !ok {
				ask = append(ask, h)
			}
		}
		s.mu.Unlock()
	}
	var out [][]byte
	if len(ask) > 0 {
		live, err := s.tokens.LiveTokens(ctx, ask)
		if err != nil {
			return nil, err
		}
		has := make(map[string]bool, len(live))
		for _, h := range live {
			has[string(h)] = true
		}
		for _, h := range ask {
			if !has[string(h)] {
				out = append(out, h)
			}
		}
	}
	s.mark = next
	if full {
		s.fullAt = now
	}
	s.mu.Lock()
	for _, h := range asked {
		delete(s.fresh, h)
	}
	s.mu.Unlock()
	return out, nil
}

// end tells Tokens of a revoked token and ends its streams.
func (s *Streams) end(hash [sha256.Size]byte) {
	s.tokens.Revoked(hash)
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.byToken[hash])
	for st := range s.byToken[hash] {
		st.cancel(ErrRevoked)
	}
	if n > 0 {
		s.log.Note(fmt.Sprintf("revoked:%x", hash[:8]), zerolog.InfoLevel, "streams of a revoked token ended", map[string]any{"streams": n})
	}
}
