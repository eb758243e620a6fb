package server

import (
	"context"
	"crypto/sha256"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/store"
)

// tokenStore is a store.Store of tokens only, in memory, that replaces and
// keeps the deletions of tokens as the stores do: what the authenticator
// costs is measured without a database's cost. The authenticator calls
// only the methods it defines; the embedded nil Store panics on the others.
type tokenStore struct {
	store.Store

	mu sync.Mutex // guards tokens, bySlot and deleted
	// tokens are the live tokens by hash; bySlot the hash of each slot's
	// live token, the slot a new token replaces (store.Store's PutToken).
	tokens map[[sha256.Size]byte]store.Token
	bySlot map[tokenSlot][sha256.Size]byte
	// deleted are the hashes of the tokens replaced, in order: a mark of
	// RevokedSince is a length of it.
	deleted [][]byte
}

// tokenSlot is what a token replaces the earlier token of: its role,
// world, camp and its seat (a camp token's) or name (an admin's or a
// spectator's).
type tokenSlot struct {
	role       string
	world      uint64
	camp       int
	seatOrName string
}

func newTokenStore() *tokenStore {
	return &tokenStore{tokens: make(map[[sha256.Size]byte]store.Token), bySlot: make(map[tokenSlot][sha256.Size]byte)}
}

func (s *tokenStore) PutToken(_ context.Context, t store.Token) error {
	slot := tokenSlot{role: t.Role, world: t.WorldID, camp: t.Camp, seatOrName: t.Name}
	if t.Role == store.RoleCamp {
		t.Seat = store.SeatOrRuler(t.Seat)
		slot.seatOrName = t.Seat
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.bySlot[slot]; ok {
		delete(s.tokens, old)
		s.deleted = append(s.deleted, old[:])
	}
	hash := [sha256.Size]byte(t.Hash)
	s.tokens[hash] = t
	s.bySlot[slot] = hash
	return nil
}

func (s *tokenStore) TokenByHash(_ context.Context, hash []byte) (store.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tokens[[sha256.Size]byte(hash)]
	if !ok {
		return store.Token{}, store.ErrNotFound
	}
	return t, nil
}

func (s *tokenStore) LiveTokens(_ context.Context, hashes [][]byte) ([][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var live [][]byte
	for _, h := range hashes {
		if _, ok := s.tokens[[sha256.Size]byte(h)]; ok {
			live = append(live, h)
		}
	}
	return live, nil
}

func (s *tokenStore) RevokedSince(_ context.Context, mark uint64) ([][]byte, uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.deleted[mark:], uint64(len(s.deleted)), nil
}

// BenchmarkIssueToken issues camp tokens, as world creation does, on a
// server that has 10,000 tokens cached and vouched for (3 camps of 3,334
// worlds) and a tick stream open on each: each issue revokes a cached token
// with an open stream, which put drops from the cache and whose stream the
// revocation round it runs (limits.Streams.CheckNow) ends. The store is in
// memory: the figure is the authenticator's and the round's cost.
func BenchmarkIssueToken(b *testing.B) {
	const worlds, camps = 3334, 3
	ctx := context.Background()
	c := clock.NewFake(time.Unix(0, 0))
	a := newAuthenticator(newTokenStore(), c, time.Minute)
	const every = time.Hour
	streams := limits.NewStreams(limits.Config{RevokeCheck: every}.WithDefaults(), c, a, limits.NewSampler(zerolog.Nop(), time.Minute, c))
	a.revoked = streams.CheckNow
	var releases []func()
	for w := range uint64(worlds) {
		for camp := range camps {
			tok, err := a.issue(ctx, store.Token{Role: store.RoleCamp, WorldID: w + 1, Camp: camp})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := a.lookup(ctx, tok); err != nil {
				b.Fatal(err)
			}
			release, err := streams.Open(sha256.Sum256([]byte(tok)), func(error) {})
			if err != nil {
				b.Fatal(err)
			}
			releases = append(releases, release)
		}
	}
	b.Cleanup(func() {
		for _, release := range releases {
			release()
		}
		c.Advance(every) // the check's goroutine sees no stream open and ends
	})
	streams.CheckNow() // the first round, which asks about every stream
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		t := store.Token{Role: store.RoleCamp, WorldID: uint64(i%worlds) + 1, Camp: i / worlds % camps}
		if _, err := a.issue(ctx, t); err != nil {
			b.Fatal(err)
		}
	}
}
