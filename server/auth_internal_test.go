package server

import (
	"context"
	"crypto/sha256"
	"slices"
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

// adminSlot is the slot of the admin token called name.
func adminSlot(name string) tokenSlot { return tokenSlot{role: store.RoleAdmin, seatOrName: name} }

func newTokenStore() *tokenStore {
	return &tokenStore{tokens: make(map[[sha256.Size]byte]store.Token), bySlot: make(map[tokenSlot][sha256.Size]byte)}
}

func (s *tokenStore) PutToken(_ context.Context, t store.Token) error {
	slot := tokenSlot{role: t.Role, world: t.WorldID, camp: t.Camp, seatOrName: t.Name}
	switch t.Role {
	case store.RoleCamp:
		t.Seat = store.SeatOrRuler(t.Seat)
		slot.seatOrName = t.Seat
	case store.RoleAdmin:
		slot = adminSlot(t.Name)
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

func (s *tokenStore) RevokeAdminToken(_ context.Context, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	slot := adminSlot(name)
	hash, ok := s.bySlot[slot]
	if !ok {
		return store.ErrNotFound
	}
	delete(s.bySlot, slot)
	delete(s.tokens, hash)
	s.deleted = append(s.deleted, hash[:])
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

// TestAuthenticatorForgetsOnlyReplaced checks that a token's put drops
// from the cache and the vouched tokens the principal it replaces, and no
// other: not another seat or camp of its world, its spectators, another
// world's same camp and seat, nor the admin; that revoking an admin token
// drops it; and that the index by world of both maps holds exactly their
// hashes after each of these, a revocation found by the streams' check
// (Revoked) and the pruning of the expired vouched tokens.
func TestAuthenticatorForgetsOnlyReplaced(t *testing.T) {
	ctx := context.Background()
	c := clock.NewFake(time.Unix(0, 0))
	a := newAuthenticator(newTokenStore(), c, time.Minute)
	issue := func(tok store.Token) [sha256.Size]byte {
		t.Helper()
		text, err := a.issue(ctx, tok)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.lookup(ctx, text); err != nil {
			t.Fatal(err)
		}
		return sha256.Sum256([]byte(text))
	}
	held := map[string][sha256.Size]byte{
		"world 1 camp 0 ruler":   issue(store.Token{Role: store.RoleCamp, WorldID: 1, Camp: 0}),
		"world 1 camp 0 general": issue(store.Token{Role: store.RoleCamp, WorldID: 1, Camp: 0, Seat: "general"}),
		"world 1 camp 1 ruler":   issue(store.Token{Role: store.RoleCamp, WorldID: 1, Camp: 1}),
		"world 1 spectator":      issue(store.Token{Role: store.RoleSpectator, WorldID: 1, Camp: -1, Name: "ann"}),
		"world 2 camp 0 ruler":   issue(store.Token{Role: store.RoleCamp, WorldID: 2, Camp: 0}),
		"admin":                  issue(store.Token{Role: store.RoleAdmin, Camp: -1, Name: "ops"}),
	}
	both := []struct {
		name string
		ps   principals
	}{{"cache", a.cache}, {"vouched", a.vouched}}
	// indexed checks that the index of the cache and of the vouched tokens
	// holds exactly their hashes, each under its world.
	indexed := func(step string) {
		t.Helper()
		for _, m := range both {
			n := 0
			for world, hs := range m.ps.byWorld {
				n += len(hs)
				for h := range hs {
					if c, ok := m.ps.m[h]; !ok || c.p.worldID != world {
						t.Errorf("%s: %s's index has %x under world %d; its entry: %+v, %v", step, m.name, h[:4], world, c.p, ok)
					}
				}
				if len(hs) == 0 {
					t.Errorf("%s: %s's index keeps world %d empty", step, m.name, world)
				}
			}
			if n != len(m.ps.m) {
				t.Errorf("%s: %s's index has %d hashes; want its %d", step, m.name, n, len(m.ps.m))
			}
		}
	}
	// want checks that the cache and the vouched tokens hold the tokens of
	// held but gone, and their index.
	want := func(step string, gone ...string) {
		t.Helper()
		for name, h := range held {
			wantIn := !slices.Contains(gone, name)
			for _, m := range both {
				if _, in := m.ps.m[h]; in != wantIn {
					t.Errorf("%s: %s holds %s: %v; want %v", step, m.name, name, in, wantIn)
				}
			}
		}
		indexed(step)
	}
	want("issued")
	issue(store.Token{Role: store.RoleCamp, WorldID: 1, Camp: 0})
	want("world 1 camp 0 ruler issued again", "world 1 camp 0 ruler")
	if err := a.revokeAdmin(ctx, "ops"); err != nil {
		t.Fatal(err)
	}
	want("admin revoked", "world 1 camp 0 ruler", "admin")
	a.Revoked(held["world 1 spectator"])
	want("spectator found revoked", "world 1 camp 0 ruler", "admin", "world 1 spectator")
	// Past vouchTTL, a lookup that prunes drops every expired token.
	c.Advance(vouchTTL)
	a.pruneAt = 1
	fresh := issue(store.Token{Role: store.RoleCamp, WorldID: 3, Camp: 0})
	if _, ok := a.vouched.m[fresh]; !ok || len(a.vouched.m) != 1 {
		t.Errorf("pruned: %d tokens vouched for; want the new one only", len(a.vouched.m))
	}
	indexed("pruned")
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
