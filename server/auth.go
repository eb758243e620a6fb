package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/store"
)

// Token prefixes say what a token opens.
const (
	campTokenPrefix      = "gvc_"
	adminTokenPrefix     = "gva_"
	spectatorTokenPrefix = "gvs_"
)

// principal is who a request comes from: a camp of a world, a spectator of
// a world, or the admin.
type principal struct {
	role    string // store.RoleCamp, store.RoleSpectator or store.RoleAdmin
	worldID uint64
	camp    int
	// name is an admin token's name, recorded in the admin audit, or a
	// spectator token's holder.
	name string
	// player is the player a camp token was issued to, or "".
	player string
	// seat is a camp token's council seat: game.RulerSeat for the camp's
	// unbound tokens and its ruler's (docs/seats.md, SEAT-ENROL).
	seat string
}

// ruler reports whether p plays its camp's ruler seat, which posts the
// camp's order (SEAT-ORDER).
func (p principal) ruler() bool { return store.SeatOrRuler(p.seat) == game.RulerSeat }

type principalKey struct{}

// principalFrom returns the principal the interceptors put in ctx.
func principalFrom(ctx context.Context) (principal, bool) {
	p, ok := ctx.Value(principalKey{}).(principal)
	return p, ok
}

// authenticator checks bearer tokens against the store, with a short
// in-memory cache. It is safe for concurrent use.
type authenticator struct {
	store store.Store
	clock clock.Clock
	ttl   time.Duration

	mu sync.Mutex // guards cache, vouched, gen and pruneAt
	// cache maps a token hash to the principal it named when read.
	cache principals
	// vouched maps the hash of a token found good in the last vouchTTL to
	// the principal it named: such a token is never refused for its
	// address's failed authentications (guard.admit), though it is still
	// checked in the store once its cache entry expires. A token found
	// unknown or revoked leaves it.
	vouched principals
	// gen counts revocations; a lookup that raced one is not cached.
	gen uint64
	// pruneAt is how many vouched tokens make the next lookup drop the
	// expired ones: vouchPruneAt, or twice what the last pruning left,
	// so that with many good tokens (10,000 clients, each its own) a
	// lookup does not walk them all each time.
	pruneAt int
	// revoked, when set, is called once a token put has revoked others: it
	// ends their open streams on this process (limits.Streams.CheckNow).
	revoked func()
}

type cachedPrincipal struct {
	p       principal
	expires time.Time
}

// principals maps token hashes to the principals they named, with an
// index by world: a new token of a world drops the ones it replaces with
// a look at that world's only, not at every world's (10,000 worlds hold
// tens of thousands of tokens). Its maps are written only by its methods,
// which keep the index in step. The authenticator's mu guards it.
type principals struct {
	m       map[[sha256.Size]byte]cachedPrincipal
	byWorld map[uint64]map[[sha256.Size]byte]struct{}
}

func newPrincipals() principals {
	return principals{m: make(map[[sha256.Size]byte]cachedPrincipal), byWorld: make(map[uint64]map[[sha256.Size]byte]struct{})}
}

// set maps hash to c. A token's world never changes, so that a hash set
// again stays under its world in the index.
func (ps principals) set(hash [sha256.Size]byte, c cachedPrincipal) {
	ps.m[hash] = c
	w := ps.byWorld[c.p.worldID]
	if w == nil {
		w = make(map[[sha256.Size]byte]struct{})
		ps.byWorld[c.p.worldID] = w
	}
	w[hash] = struct{}{}
}

// drop forgets hash.
func (ps principals) drop(hash [sha256.Size]byte) {
	if c, ok := ps.m[hash]; ok {
		delete(ps.m, hash)
		ps.unindex(hash, c.p.worldID)
	}
}

// unindex takes hash out of world's index.
func (ps principals) unindex(hash [sha256.Size]byte, world uint64) {
	w := ps.byWorld[world]
	delete(w, hash)
	if len(w) == 0 {
		delete(ps.byWorld, world)
	}
}

// dropWorld forgets the hashes of world whose principal match says.
func (ps principals) dropWorld(world uint64, match func(principal) bool) {
	for h := range ps.byWorld[world] {
		if match(ps.m[h].p) {
			ps.drop(h)
		}
	}
}

func newAuthenticator(st store.Store, c clock.Clock, ttl time.Duration) *authenticator {
	return &authenticator{store: st, clock: c, ttl: ttl, cache: newPrincipals(), vouched: newPrincipals(), pruneAt: vouchPruneAt}
}

// vouchTTL is how long a token found good is vouched for.
const vouchTTL = 24 * time.Hour

// vouchPruneAt is how many vouched tokens are kept before the expired ones
// are first dropped (then at twice what a pruning leaves). Only tokens the
// store holds are vouched for, so their number is bounded by the store's.
const vouchPruneAt = 4096

// requiredRole returns the role a method needs, or "" for the services that
// are open to all (health, reflection, the chronicle of closed seasons). A
// spectator token is let into the game service too (allowed); its methods
// then refuse it but WatchTicks and GetFrame (game.go).
func requiredRole(fullMethod string) string {
	switch {
	case strings.HasPrefix(fullMethod, "/"+pb.GameService_ServiceDesc.ServiceName+"/"):
		return store.RoleCamp
	case strings.HasPrefix(fullMethod, "/"+pb.AdminService_ServiceDesc.ServiceName+"/"):
		return store.RoleAdmin
	}
	return ""
}

// authorize checks the token of a call to fullMethod and returns ctx with
// its principal.
func (a *authenticator) authorize(ctx context.Context, fullMethod string) (context.Context, error) {
	role := requiredRole(fullMethod)
	if role == "" {
		return ctx, nil
	}
	var header string
	if v := metadata.ValueFromIncomingContext(ctx, "authorization"); len(v) > 0 {
		header = v[0]
	}
	l := pb.LangOf(ctx)
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "bearer") || token == "" {
		return nil, refuseIn(l, reasonUnauthenticated, "", lang.T(`missing token: send the metadata "authorization: Bearer <token>"`,
			`jeton manquant : envoyez la métadonnée "authorization: Bearer <jeton>"`))
	}
	p, err := a.lookup(ctx, token)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuseIn(l, reasonUnauthenticated, "", lang.T("unknown or revoked token: ask an admin for a new one",
			"jeton inconnu ou révoqué : demandez-en un nouveau à un administrateur"))
	}
	if o, ok := store.Unavailable(err); ok {
		return nil, &storeOutage{outage: o} // its status: outage.go
	}
	if err != nil {
		return nil, refuseIn(l, reasonUnavailable, "", lang.T("cannot check the token now; retry shortly",
			"impossible de vérifier le jeton maintenant ; réessayez bientôt"))
	}
	if !allowed(p.role, role) {
		if role == store.RoleAdmin {
			return nil, refuseIn(l, reasonPermission, "", lang.T("this call needs the admin token", "cet appel demande le jeton d'administration"))
		}
		return nil, refuseIn(l, reasonPermission, "", lang.T("this call needs a camp token", "cet appel demande un jeton de camp"))
	}
	return context.WithValue(ctx, principalKey{}, p), nil
}

// allowed reports whether a token of role may call a method that needs
// need: its own role, or a spectator's for the game service.
func allowed(role, need string) bool {
	return role == need || (need == store.RoleCamp && role == store.RoleSpectator)
}

func (a *authenticator) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	ctx, err := a.authorize(ctx, info.FullMethod)
	if err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

func (a *authenticator) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx, err := a.authorize(ss.Context(), info.FullMethod)
	if err != nil {
		return err
	}
	return handler(srv, &authedStream{ServerStream: ss, ctx: ctx})
}

// authedStream is a stream whose context carries the principal.
type authedStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *authedStream) Context() context.Context { return s.ctx }

// lookup returns the principal of token, or store.ErrNotFound.
func (a *authenticator) lookup(ctx context.Context, token string) (principal, error) {
	hash := sha256.Sum256([]byte(token))
	now := a.clock.Now()
	a.mu.Lock()
	c, ok := a.cache.m[hash]
	gen := a.gen
	a.mu.Unlock()
	if ok && now.Before(c.expires) {
		return c.p, nil
	}
	t, err := a.store.TokenByHash(ctx, hash[:])
	if errors.Is(err, store.ErrNotFound) {
		a.mu.Lock()
		a.vouched.drop(hash)
		a.mu.Unlock()
	}
	if err != nil {
		return principal{}, fmt.Errorf("look up token: %w", err)
	}
	p := principal{role: t.Role, worldID: t.WorldID, camp: t.Camp, name: t.Name, player: t.Player, seat: t.Seat}
	if p.role == store.RoleCamp && p.seat == "" {
		p.seat = game.RulerSeat
	}
	a.mu.Lock()
	if a.gen == gen {
		a.cache.set(hash, cachedPrincipal{p: p, expires: now.Add(a.ttl)})
		if len(a.vouched.m) >= a.pruneAt {
			for h, v := range a.vouched.m {
				if !now.Before(v.expires) {
					a.vouched.drop(h)
				}
			}
			a.pruneAt = max(vouchPruneAt, 2*len(a.vouched.m))
		}
		a.vouched.set(hash, cachedPrincipal{p: p, expires: now.Add(vouchTTL)})
	}
	a.mu.Unlock()
	return p, nil
}

// isVouched reports whether the token of hash was found good in the last
// vouchTTL and not revoked since on this process.
func (a *authenticator) isVouched(hash [sha256.Size]byte) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	v, ok := a.vouched.m[hash]
	return ok && a.clock.Now().Before(v.expires)
}

// issue creates a token for t's role, world, camp and seat, stores its
// hash (which revokes the earlier tokens of that camp's seat, the earlier
// admin token of t's name, or the earlier spectator token of t's world and
// name) and drops the revoked ones from the cache.
func (a *authenticator) issue(ctx context.Context, t store.Token) (string, error) {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", fmt.Errorf("issue token: %w", err)
	}
	prefix := campTokenPrefix
	switch t.Role {
	case store.RoleAdmin:
		prefix = adminTokenPrefix
	case store.RoleSpectator:
		prefix = spectatorTokenPrefix
	}
	token := prefix + base64.RawURLEncoding.EncodeToString(raw[:])
	hash := sha256.Sum256([]byte(token))
	t.Hash = hash[:]
	if err := a.put(ctx, t); err != nil {
		return "", fmt.Errorf("issue token: %w", err)
	}
	return token, nil
}

// put stores t, whose Hash is set (which revokes the earlier tokens of
// that camp's seat, the earlier admin token of t's name, or the earlier
// spectator token of t's world and name), and drops the revoked ones from
// the cache.
func (a *authenticator) put(ctx context.Context, t store.Token) error {
	if err := a.store.PutToken(ctx, t); err != nil {
		return err
	}
	a.forget(t.WorldID, func(p principal) bool { return replaces(t, p) }, true)
	return nil
}

// forget drops the tokens of world (0: the admin tokens, store.Token)
// whose principal match says revoked from the cache and the vouched tokens
// and, when streams is set, ends their open streams on this process before
// it returns.
func (a *authenticator) forget(world uint64, match func(principal) bool, streams bool) {
	a.mu.Lock()
	a.gen++
	a.cache.dropWorld(world, match)
	a.vouched.dropWorld(world, match)
	a.mu.Unlock()
	if streams && a.revoked != nil {
		a.revoked()
	}
}

// replaces reports whether storing t revokes the token of p (store.Store's
// PutToken).
func replaces(t store.Token, p principal) bool {
	if p.role != t.Role || p.worldID != t.WorldID {
		return false
	}
	switch t.Role {
	case store.RoleCamp:
		return p.camp == t.Camp && p.seat == store.SeatOrRuler(t.Seat)
	case store.RoleSpectator:
		return p.name == t.Name
	}
	return p.camp == t.Camp // the admin's: the same role, world and camp
}

// The authenticator is what the revocation check of the open streams asks
// about their tokens.
var _ limits.Tokens = (*authenticator)(nil)

// LiveTokens returns those of hashes that the store still has: the store,
// not this process's cache, knows a revocation made on another replica.
func (a *authenticator) LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error) {
	return a.store.LiveTokens(ctx, hashes)
}

// RevokedSince returns the hashes of the tokens the store deleted since
// mark: a revocation made on another replica is read there.
func (a *authenticator) RevokedSince(ctx context.Context, mark uint64) ([][]byte, uint64, error) {
	return a.store.RevokedSince(ctx, mark)
}

// Revoked forgets a token found revoked.
func (a *authenticator) Revoked(hash [sha256.Size]byte) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.gen++
	a.cache.drop(hash)
	a.vouched.drop(hash)
}
