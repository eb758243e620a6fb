package limits_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
)

// start is the fake clock's starting instant.
var start = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// waitLimit bounds how long a test waits for a goroutine of the package to
// act once the fake clock moved; it never drives the package's time.
const waitLimit = 10 * time.Second

// TestWithDefaults checks that a zero field takes its default and that a
// set or negative one is kept.
func TestWithDefaults(t *testing.T) {
	if got := (limits.Config{}).WithDefaults(); got != limits.Defaults {
		t.Errorf("zero config: got %+v; want the defaults %+v", got, limits.Defaults)
	}
	c := limits.Config{Orders: limits.Rate{PerSecond: -1}, Streams: -1, RevokeCheck: time.Second}.WithDefaults()
	if c.Orders != (limits.Rate{PerSecond: -1}) || c.Streams != -1 || c.RevokeCheck != time.Second {
		t.Errorf("set fields: got orders %v, streams %d, revoke check %s; want them kept", c.Orders, c.Streams, c.RevokeCheck)
	}
	if c.Messages != limits.Defaults.Messages || c.StreamsPerToken != limits.Defaults.StreamsPerToken || c.LogWindow != limits.Defaults.LogWindow {
		t.Errorf("unset fields: got %+v; want the defaults", c)
	}
}

// take calls b.Take(key) and fails the test unless it answers ok and wait.
func take(t *testing.T, b *limits.Buckets, key string, ok bool, wait time.Duration) {
	t.Helper()
	if gotOK, gotWait := b.Take(key); gotOK != ok || gotWait != wait {
		t.Fatalf("take %q: got %v, wait %s; want %v, wait %s", key, gotOK, gotWait, ok, wait)
	}
}

// TestBucketsRefillOnTheClock checks that a bucket refuses once its burst
// is spent, says how long until its next call, refills as the clock
// advances, and never holds more than its burst; another key has its own
// bucket.
func TestBucketsRefillOnTheClock(t *testing.T) {
	c := clock.NewFake(start)
	b := limits.NewBuckets(limits.Rate{PerSecond: 2, Burst: 3}, c)
	for range 3 {
		take(t, b, "a", true, 0)
	}
	take(t, b, "a", false, 500*time.Millisecond)
	take(t, b, "a", false, 500*time.Millisecond) // a refusal spends nothing
	take(t, b, "b", true, 0)
	c.Advance(499 * time.Millisecond)
	take(t, b, "a", false, time.Millisecond)
	c.Advance(time.Millisecond)
	take(t, b, "a", true, 0)
	take(t, b, "a", false, 500*time.Millisecond)
	c.Advance(time.Hour)
	for range 3 {
		take(t, b, "a", true, 0)
	}
	take(t, b, "a", false, 500*time.Millisecond)
}

// TestBucketsSpendAndEmpty checks the failed authentications' use of a
// bucket: Spend spends a call even of an empty bucket (which stays at
// zero), Empty spends nothing and says how long until a call, and both
// follow the clock.
func TestBucketsSpendAndEmpty(t *testing.T) {
	c := clock.NewFake(start)
	b := limits.NewBuckets(limits.Rate{PerSecond: 1, Burst: 2}, c)
	empty := func(want bool, wantWait time.Duration) {
		t.Helper()
		if got, wait := b.Empty("host"); got != want || wait != wantWait {
			t.Fatalf("empty: got %v, wait %s; want %v, wait %s", got, wait, want, wantWait)
		}
	}
	empty(false, 0)
	empty(false, 0)
	b.Spend("host")
	empty(false, 0)
	for range 5 {
		b.Spend("host")
	}
	empty(true, time.Second)
	c.Advance(time.Second)
	empty(false, 0)
	take(t, b, "host", true, 0)
	empty(true, time.Second)
	if b.Rate() != (limits.Rate{PerSecond: 1, Burst: 2}) {
		t.Errorf("rate: got %v", b.Rate())
	}
}

// TestBucketsOff checks that a zero or negative rate is no limit.
func TestBucketsOff(t *testing.T) {
	for _, r := range []limits.Rate{{}, {PerSecond: -1, Burst: -1}, {PerSecond: 5}, {Burst: 5}} {
		b := limits.NewBuckets(r, clock.NewFake(start))
		for i := range 1000 {
			b.Spend("k")
			if ok, _ := b.Take("k"); !ok {
				t.Fatalf("rate %v: call %d refused", r, i)
			}
		}
		if empty, _ := b.Empty("k"); empty {
			t.Errorf("rate %v: empty", r)
		}
	}
}

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

// logLine is what the tests read of a log line.
type logLine struct {
	Message  string `json:"message"`
	Key      string `json:"key"`
	Repeated int    `json:"repeated"`
	Keys     string `json:"keys"`
}

// lines returns the lines logged so far.
func (s *syncBuffer) lines(t *testing.T) []logLine {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []logLine
	for _, l := range strings.Split(strings.TrimSpace(s.b.String()), "\n") {
		if l == "" {
			continue
		}
		var line logLine
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, line)
	}
	return out
}

// TestSamplerWindow checks that a key is logged at once, then once per
// window of the clock in which it came again, with the count of its
// repeats; that a window without a repeat writes nothing and forgets the
// key; and that keys are counted apart.
func TestSamplerWindow(t *testing.T) {
	c := clock.NewFake(start)
	logs := &syncBuffer{}
	s := limits.NewSampler(zerolog.New(logs), 10*time.Second, c)
	note := func(key string) {
		s.Note(key, zerolog.WarnLevel, "refused", map[string]any{"key": key})
	}
	want := func(when string, lines ...logLine) {
		t.Helper()
		if got := logs.lines(t); !slices.Equal(got, lines) {
			t.Fatalf("%s: got lines %+v; want %+v", when, got, lines)
		}
	}
	first := func(key string) logLine { return logLine{Message: "refused", Key: key} }
	repeated := func(key string, n int) logLine {
		return logLine{Message: "refused (repeated)", Key: key, Repeated: n}
	}
	for range 5 {
		note("a")
	}
	note("b")
	want("5 a, 1 b", first("a"), first("b"))
	c.Advance(10*time.Second - time.Millisecond)
	want("before the window's end", first("a"), first("b"))
	c.Advance(time.Millisecond)
	want("at the window's end", first("a"), first("b"), repeated("a", 4))
	note("b") // b was forgotten: logged at once
	note("a") // a's new window
	note("a")
	want("in the second window", first("a"), first("b"), repeated("a", 4), first("b"))
	c.Advance(10 * time.Second)
	want("at the second window's end", first("a"), first("b"), repeated("a", 4), first("b"), repeated("a", 2))
	c.Advance(10 * time.Second) // a quiet window: a and b are forgotten
	want("after a quiet window", first("a"), first("b"), repeated("a", 4), first("b"), repeated("a", 2))
	note("a")
	want("a again", first("a"), first("b"), repeated("a", 4), first("b"), repeated("a", 2), first("a"))
}

// TestSamplerManyKeys checks that past 1,024 keys in a window, new keys
// share one line and its count.
func TestSamplerManyKeys(t *testing.T) {
	c := clock.NewFake(start)
	logs := &syncBuffer{}
	s := limits.NewSampler(zerolog.New(logs), time.Second, c)
	for i := range 1024 + 5 {
		s.Note(fmt.Sprint(i), zerolog.WarnLevel, "refused", nil)
	}
	lines := logs.lines(t)
	if len(lines) != 1025 || lines[1024].Keys != "many" {
		t.Fatalf("1,029 keys: got %d lines, the last %+v; want 1,025, the last with keys=many", len(lines), lines[len(lines)-1])
	}
	c.Advance(time.Second)
	lines = logs.lines(t)
	if last := lines[len(lines)-1]; len(lines) != 1026 || last.Keys != "many" || last.Repeated != 4 {
		t.Errorf("after the window: got %d lines, the last %+v; want 1,026, the last with keys=many and repeated 4", len(lines), last)
	}
}

// TestSamplerStop checks that Stop ends the windows and the lines: the
// repeats counted are not written, nor is a key noted after Stop.
func TestSamplerStop(t *testing.T) {
	c := clock.NewFake(start)
	logs := &syncBuffer{}
	s := limits.NewSampler(zerolog.New(logs), time.Second, c)
	for range 3 {
		s.Note("a", zerolog.WarnLevel, "refused", map[string]any{"key": "a"})
	}
	s.Stop()
	c.Advance(time.Second)
	s.Note("b", zerolog.WarnLevel, "refused", map[string]any{"key": "b"})
	c.Advance(time.Hour)
	want := []logLine{{Message: "refused", Key: "a"}}
	if got := logs.lines(t); !slices.Equal(got, want) {
		t.Errorf("lines: got %+v; want %+v", got, want)
	}
}

// TestStreamsBounds checks the bounds of the streams of one token and of
// all, and that a released stream frees its place.
func TestStreamsBounds(t *testing.T) {
	tokens := newFakeTokens()
	s := limits.NewStreams(limits.Config{StreamsPerToken: 2, Streams: 3, RevokeCheck: time.Hour}.WithDefaults(),
		clock.NewFake(start), tokens, limits.NewSampler(zerolog.Nop(), time.Second, clock.NewFake(start)))
	a, b, c := sha256.Sum256([]byte("a")), sha256.Sum256([]byte("b")), sha256.Sum256([]byte("c"))
	open := func(h [sha256.Size]byte, want error) func() {
		t.Helper()
		release, err := s.Open(h, func(error) {})
		if !errors.Is(err, want) {
			t.Fatalf("open %x: got %v; want %v", h[:2], err, want)
		}
		return release
	}
	releaseA := open(a, nil)
	open(a, nil)
	open(a, limits.ErrTokenStreams)
	open(b, nil)
	open(c, limits.ErrServerStreams)
	releaseA()
	releaseA() // a second release changes nothing
	open(c, nil)
	open(c, limits.ErrServerStreams)
	open(a, limits.ErrServerStreams)
}

// fakeTokens is a limits.Tokens whose live tokens the test sets; it
// reports each call of LiveTokens, and each round's RevokedSince.
type fakeTokens struct {
	mu   sync.Mutex // guards live, deleted and fail
	live map[[sha256.Size]byte]bool
	// deleted are the tokens revoked, in order: a mark is a length of it.
	deleted [][]byte
	// fail, when set, makes LiveTokens wait for its context to end.
	fail bool

	calls   chan [][]byte
	rounds  chan uint64
	revoked chan [sha256.Size]byte
}

func newFakeTokens() *fakeTokens {
	return &fakeTokens{live: make(map[[sha256.Size]byte]bool), calls: make(chan [][]byte, 100),
		rounds: make(chan uint64, 100), revoked: make(chan [sha256.Size]byte, 100)}
}

func (f *fakeTokens) LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error) {
	f.calls <- hashes
	f.mu.Lock()
	fail := f.fail
	var live [][]byte
	for _, h := range hashes {
		if f.live[[sha256.Size]byte(h)] {
			live = append(live, h)
		}
	}
	f.mu.Unlock()
	if fail {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return live, nil
}

func (f *fakeTokens) RevokedSince(ctx context.Context, mark uint64) ([][]byte, uint64, error) {
	f.rounds <- mark
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.deleted[mark:]), uint64(len(f.deleted)), nil
}

// revoke deletes the token of hash.
func (f *fakeTokens) revoke(hash [sha256.Size]byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.live, hash)
	f.deleted = append(f.deleted, hash[:])
}

// nextRound waits for the check's next round.
func (f *fakeTokens) nextRound(t *testing.T, what string) {
	t.Helper()
	select {
	case <-f.rounds:
	case <-time.After(waitLimit):
		t.Fatalf("%s: no revocation check within %s", what, waitLimit)
	}
}

// setLive makes the token of hash live.
func (f *fakeTokens) setLive(hash [sha256.Size]byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.live[hash] = true
}

func (f *fakeTokens) Revoked(hash [sha256.Size]byte) { f.revoked <- hash }

// nextCall waits for the check's next call of LiveTokens and returns the
// hashes it asked about, sorted.
func (f *fakeTokens) nextCall(t *testing.T, what string) [][]byte {
	t.Helper()
	select {
	case hashes := <-f.calls:
		hashes = slices.Clone(hashes)
		slices.SortFunc(hashes, bytes.Compare)
		return hashes
	case <-time.After(waitLimit):
		t.Fatalf("%s: no revocation check within %s", what, waitLimit)
	}
	return nil
}

// noCall fails the test if the check called LiveTokens.
func (f *fakeTokens) noCall(t *testing.T, what string) {
	t.Helper()
	select {
	case hashes := <-f.calls:
		t.Fatalf("%s: a check asked about %d tokens; want no check", what, len(hashes))
	default:
	}
}

// cancels records the causes with which streams were cancelled.
type cancels chan error

func (c cancels) cancel(cause error) { c <- cause }

// TestStreamsRevocationOnTheClock checks that the revocation check runs
// every RevokeCheck of the clock, and only then, while streams are open;
// that its first round asks about every open stream's token, the next
// ones only about the tokens deleted since and those of the streams opened
// since (none when nothing changed), and every FullCheckEvery about every
// token again; that it ends, with ErrRevoked, the streams of a token no
// longer live, after telling Tokens, and no other stream; and that it
// stops once no stream is open and starts again with the next one.
func TestStreamsRevocationOnTheClock(t *testing.T) {
	// A check on the wall clock would fail the test; several rounds make
	// FullCheckEvery.
	const every = time.Minute
	c := clock.NewFake(start)
	tokens := newFakeTokens()
	s := limits.NewStreams(limits.Config{RevokeCheck: every}.WithDefaults(), c, tokens,
		limits.NewSampler(zerolog.Nop(), time.Second, c))
	a, b, d := sha256.Sum256([]byte("a")), sha256.Sum256([]byte("b")), sha256.Sum256([]byte("d"))
	tokens.setLive(b)
	tokens.setLive(d)
	endedA, endedB, endedD := make(cancels, 2), make(cancels, 2), make(cancels, 2)
	// a's token was revoked before its stream opened (a replica may
	// still have it cached): only a round that asks about it finds it.
	releaseA, err := s.Open(a, endedA.cancel)
	if err != nil {
		t.Fatalf("open a: %v", err)
	}
	releaseB, err := s.Open(b, endedB.cancel)
	if err != nil {
		t.Fatalf("open b: %v", err)
	}
	c.Advance(every - time.Nanosecond)
	tokens.noCall(t, "before RevokeCheck")
	c.Advance(time.Nanosecond)
	if got, want := tokens.nextCall(t, "at RevokeCheck"), sortedHashes(a, b); !slices.EqualFunc(got, want, bytes.Equal) {
		t.Fatalf("first check: asked about %x; want %x", got, want)
	}
	wantEnded(t, "a's stream", endedA)
	select {
	case h := <-tokens.revoked:
		if h != a {
			t.Errorf("revoked: got %x; want a's %x", h[:4], a[:4])
		}
	default:
		t.Errorf("a's stream ended before Tokens was told of the revocation")
	}
	releaseA() // as the stream's handler does once it returns
	tokens.nextRound(t, "first check")
	// Nothing changed: the second round asks about no token.
	c.Advance(every)
	tokens.nextRound(t, "second check")
	c.Advance(every)
	tokens.nextRound(t, "third check (the second is over)")
	tokens.noCall(t, "rounds after nothing changed")
	// b's token is revoked and d's stream opens: the round asks about
	// those two only, and ends b's stream.
	releaseD, err := s.Open(d, endedD.cancel)
	if err != nil {
		t.Fatalf("open d: %v", err)
	}
	tokens.revoke(b)
	c.Advance(every)
	if got, want := tokens.nextCall(t, "after a revocation"), sortedHashes(b, d); !slices.EqualFunc(got, want, bytes.Equal) {
		t.Fatalf("check after b's revocation and d's opening: asked about %x; want %x", got, want)
	}
	wantEnded(t, "b's stream", endedB)
	tokens.nextRound(t, "the check after a revocation")
	releaseB()
	select {
	case cause := <-endedD:
		t.Fatalf("d's stream, still live, ended: %v", cause)
	default:
	}
	// FullCheckEvery after the first round, a round asks about every token.
	for c.Now().Sub(start)+every < limits.FullCheckEvery+every {
		c.Advance(every)
		tokens.nextRound(t, "rounds up to the full check")
	}
	tokens.noCall(t, "rounds before the full check")
	c.Advance(every)
	if got, want := tokens.nextCall(t, "the full check"), sortedHashes(d); !slices.EqualFunc(got, want, bytes.Equal) {
		t.Fatalf("full check: asked about %x; want d's %x", got, want)
	}
	// No stream open: the check stops at its next tick, and starts again
	// with the next stream.
	releaseD()
	c.Advance(every)
	c2 := sha256.Sum256([]byte("c"))
	tokens.setLive(c2)
	if _, err := s.Open(c2, func(error) {}); err != nil {
		t.Fatalf("open c: %v", err)
	}
	c.Advance(every)
	if got, want := tokens.nextCall(t, "check of the new stream"), sortedHashes(c2); !slices.EqualFunc(got, want, bytes.Equal) {
		t.Fatalf("check after a pause: asked about %x; want c's only %x", got, want)
	}
}

// wantEnded fails the test unless a stream ends with ErrRevoked within
// waitLimit.
func wantEnded(t *testing.T, what string, ended cancels) {
	t.Helper()
	select {
	case cause := <-ended:
		if !errors.Is(cause, limits.ErrRevoked) {
			t.Errorf("%s ended with %v; want ErrRevoked", what, cause)
		}
	case <-time.After(waitLimit):
		t.Fatalf("%s not ended within %s of the check", what, waitLimit)
	}
}

// TestStreamsCheckTimesOutOnTheClock checks that a check whose store does
// not answer is given up after RevokeCheck of the clock, logged, and
// retried, ending no stream.
func TestStreamsCheckTimesOutOnTheClock(t *testing.T) {
	const every = time.Hour
	c := clock.NewFake(start)
	tokens := newFakeTokens()
	tokens.fail = true
	logs := &syncBuffer{}
	s := limits.NewStreams(limits.Config{RevokeCheck: every}.WithDefaults(), c, tokens,
		limits.NewSampler(zerolog.New(logs), 24*time.Hour, c))
	a := sha256.Sum256([]byte("a"))
	tokens.setLive(a)
	ended := make(cancels, 1)
	if _, err := s.Open(a, ended.cancel); err != nil {
		t.Fatalf("open: %v", err)
	}
	c.Advance(every)
	tokens.nextCall(t, "first check")
	tokens.mu.Lock()
	tokens.fail = false
	tokens.mu.Unlock()
	c.Advance(every) // the first check's deadline, and the second check
	tokens.nextCall(t, "the check after the failure")
	lines := logs.lines(t)
	if len(lines) != 1 || lines[0].Message != "revocation check failed; retried" {
		t.Errorf("log: got %+v; want one line of the failed check", lines)
	}
	select {
	case cause := <-ended:
		t.Errorf("a stream ended with %v after a failed check", cause)
	default:
	}
}

// TestStreamsRoundCostDoesNotGrow checks that a round that is not a full
// one asks Tokens only about the tokens deleted since the last round that
// a stream holds and those of the streams opened since (not about a
// deleted token no stream holds, until a stream opens with it), and ends
// the streams of the revoked ones; and that the work of such a round, counted by what it allocates,
// does not grow with the streams open: a round with 2,000 streams open
// costs what one with 20 does.
func TestStreamsRoundCostDoesNotGrow(t *testing.T) {
	roundAllocs := func(streams int) float64 {
		c := clock.NewFake(start)
		tokens := newFakeTokens()
		s := limits.NewStreams(limits.Config{RevokeCheck: time.Hour}.WithDefaults(), c, tokens,
			limits.NewSampler(zerolog.Nop(), time.Second, c))
		// Run last, once every stream is released: the check's goroutine
		// sees none open and ends.
		t.Cleanup(func() { c.Advance(time.Hour) })
		var hashes [][sha256.Size]byte
		ended := make(cancels, 2)
		for i := range streams {
			h := sha256.Sum256(fmt.Appendf(nil, "open %d", i))
			tokens.setLive(h)
			cancel := func(error) {}
			if i == 0 {
				cancel = ended.cancel
			}
			release, err := s.Open(h, cancel)
			if err != nil {
				t.Fatalf("open stream %d: %v", i, err)
			}
			t.Cleanup(release)
			hashes = append(hashes, h)
		}
		s.CheckNow()
		tokens.nextRound(t, "first round")
		if got := tokens.nextCall(t, "first round"); len(got) != streams {
			t.Fatalf("first round with %d streams: asked about %d tokens; want every stream's", streams, len(got))
		}
		// One open token revoked, one no stream holds, one stream opened.
		opened, unheld := sha256.Sum256([]byte("opened")), sha256.Sum256([]byte("unheld"))
		tokens.setLive(opened)
		if _, err := s.Open(opened, func(error) {}); err != nil {
			t.Fatalf("open: %v", err)
		}
		tokens.revoke(hashes[0])
		tokens.revoke(unheld)
		s.CheckNow()
		tokens.nextRound(t, "second round")
		if got, want := tokens.nextCall(t, "second round"), sortedHashes(hashes[0], opened); !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("second round with %d streams: asked about %x; want the revoked and the new %x", streams, got, want)
		}
		wantEnded(t, "the revoked token's stream", ended)
		<-tokens.revoked
		// A stream opens with the token deleted before the last round (a
		// replica may still have it cached): the next round finds it.
		if _, err := s.Open(unheld, ended.cancel); err != nil {
			t.Fatalf("open: %v", err)
		}
		s.CheckNow()
		tokens.nextRound(t, "third round")
		if got, want := tokens.nextCall(t, "third round"), sortedHashes(unheld); !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("third round with %d streams: asked about %x; want the new stream's %x", streams, got, want)
		}
		wantEnded(t, "the stream opened with a revoked token", ended)
		<-tokens.revoked
		allocs := testing.AllocsPerRun(20, func() {
			s.CheckNow()
			<-tokens.rounds
		})
		tokens.noCall(t, "rounds after nothing changed")
		return allocs
	}
	few, many := roundAllocs(20), roundAllocs(2000)
	if many > few {
		t.Errorf("a round with nothing changed allocates %.0f times with 2,000 streams open; want no more than with 20 (%.0f)", many, few)
	}
}

// sortedHashes returns hs as the check asks about them, sorted.
func sortedHashes(hs ...[sha256.Size]byte) [][]byte {
	var out [][]byte
	for _, h := range hs {
		out = append(out, h[:])
	}
	slices.SortFunc(out, bytes.Compare)
	return out
}

// TestBucketsBounded checks that bounded buckets follow at most their
// bound of keys: past it, new keys share one bucket, and the keys' buckets
// full again make room once a second has passed.
func TestBucketsBounded(t *testing.T) {
	c := clock.NewFake(start)
	b := limits.NewBuckets(limits.Rate{PerSecond: 1, Burst: 1}, c).Bounded(5000)
	for i := range 5000 {
		take(t, b, fmt.Sprintf("addr%d", i), true, 0)
	}
	// The 5,000 keys are spent: the next ones share one bucket.
	take(t, b, "new1", true, 0)
	take(t, b, "new2", false, time.Second)
	take(t, b, "addr1", false, time.Second)
	// A second later every bucket is full again: they are dropped, and a
	// new key has its own.
	c.Advance(time.Second)
	take(t, b, "new3", true, 0)
	take(t, b, "new4", true, 0)
}
