package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/store"
)

// This file applies package limits to the calls (docs/security.md): the
// interceptors that rate-limit each camp token's writes and reads, bound
// its tick streams and end a revoked token's, and count the failed
// authentications per peer address. Every refusal is ResourceExhausted
// with a RetryInfo, and its log lines are sampled: one per token or
// address and window, then a count.

// reasonRateLimited refuses a call over a limit.
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

// rateText is the rate r as a player reads it.
func rateText(r limits.Rate) lang.Text {
	return lang.T("%g a second, %d at once", "%g par seconde, %d d'un coup", r.PerSecond, r.Burst)
}

// maxAuthAddresses bounds the addresses whose failed authentications are
// counted apart; past them, new addresses share one count.
const maxAuthAddresses = 65536

// guard enforces the limits on the calls. It is safe for concurrent use.
type guard struct {
	auth   *authenticator
	limits limits.Config
	log    *limits.Sampler
	clock  clock.Clock
	// faceSecret is the credential of the server's own HTTP faces
	// (faces.go).
	faceSecret string
	// suspects holds a place for each store lookup of a token from an
	// address whose failures are spent (admit).
	suspects chan struct{}
	// pages remembers the pages whose read was spent (faces.go).
	pages *pageReads

	orders, messages, writes, reads, streamOpens, authFailures *limits.Buckets
	streams                                                    *limits.Streams
}

// newGuard returns the guard of the limits l (each zero field its
// default), whose rates and timers read c, which checks the tokens of
// open streams with auth and logs to log.
func newGuard(l limits.Config, c clock.Clock, auth *authenticator, faceSecret string, log zerolog.Logger) *guard {
	l = l.WithDefaults()
	sampler := limits.NewSampler(log, l.LogWindow, c)
	return &guard{
		auth: auth, limits: l, log: sampler, clock: c,
		faceSecret: faceSecret, suspects: make(chan struct{}, suspectLookups), pages: newPageReads(),
		orders:       limits.NewBuckets(l.Orders, c),
		messages:     limits.NewBuckets(l.Messages, c),
		writes:       limits.NewBuckets(l.Writes, c),
		reads:        limits.NewBuckets(l.Reads, c),
		streamOpens:  limits.NewBuckets(l.StreamOpens, c),
		authFailures: limits.NewBuckets(l.AuthFailures, c).Bounded(maxAuthAddresses),
		streams:      limits.NewStreams(l, c, auth, sampler),
	}
}

// tokenHash returns the hash of the call's bearer token, as the store
// keeps it.
func tokenHash(ctx context.Context) [sha256.Size]byte {
	return sha256.Sum256([]byte(bearer(ctx)))
}

// bearer returns the call's bearer token, or "".
func bearer(ctx context.Context) string {
	var header string
	if v := metadata.ValueFromIncomingContext(ctx, "authorization"); len(v) > 0 {
		header = v[0]
	}
	scheme, token, _ := strings.Cut(header, " ")
	if !strings.EqualFold(scheme, "bearer") {
		return ""
	}
	return token
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

// suspectLookups bounds the store lookups of tokens from an address whose
// failed authentications are spent, all addresses together; a lookup
// waits at most suspectWait for its turn.
const (
	suspectLookups = 4
	suspectWait    = time.Second
)

// admit runs before authentication. A token found good recently (vouched)
// is never refused for failures; another token from an address whose
// failed authentications are spent is checked first, in the store, one of
// at most suspectLookups at once: a good one is served, a bad one refused
// ResourceExhausted without calling anything. Each failed authentication
// spends one of the address's (its visitor's, for the faces) and is
// logged (sampled).
func (g *guard) admit(ctx context.Context, method string, call func(context.Context) error) error {
	if requiredRole(method) == "" {
		return call(ctx)
	}
	host := g.clientHost(ctx)
	if !g.auth.isVouched(tokenHash(ctx)) {
		if spent, wait := g.authFailures.Empty(host); spent && !g.goodSuspect(ctx) {
			g.log.Note("auth:"+host, zerolog.WarnLevel, "authentication refused: too many failures from this address",
				map[string]any{"peer": host, "method": method, "limit": g.limits.AuthFailures.String()})
			return rateLimited(ctx, wait, lang.T("too many failed authentications from your address",
				"trop d'authentifications échouées depuis votre adresse"))
		}
	}
	err := call(ctx)
	if status.Code(err) == codes.Unauthenticated {
		g.authFailures.Spend(host)
		g.log.Note("authfail:"+host, zerolog.WarnLevel, "authentication failed",
			map[string]any{"peer": host, "method": method, "error": status.Convert(err).Message()})
	}
	return err
}

// goodSuspect checks the token of a call from an address whose failures
// are spent: it reports false for a missing, unknown or revoked token, or
// when no lookup is free within suspectWait; true for a good token, and
// for a store that cannot answer now (the authentication then says so).
func (g *guard) goodSuspect(ctx context.Context) bool {
	token := bearer(ctx)
	if token == "" {
		return false
	}
	expired := make(chan struct{})
	t := g.clock.AfterFunc(suspectWait, func() { close(expired) })
	defer t.Stop()
	select {
	case g.suspects <- struct{}{}:
	case <-expired:
		return false
	case <-ctx.Done():
		return false
	}
	defer func() { <-g.suspects }()
	_, err := g.auth.lookup(ctx, token)
	return !errors.Is(err, store.ErrNotFound)
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

// callKind returns the rate a camp or spectator token's call to method
// spends and the name of its kind, in the log and in a refusal; nil for a
// call without one (GetView, GetFrame: served from what the loop keeps;
// WatchTicks: a stream has its own bounds).
func (g *guard) callKind(method string) (*limits.Buckets, string, lang.Text) {
	prefix := "/" + pb.GameService_ServiceDesc.ServiceName + "/"
	name, ok := strings.CutPrefix(method, prefix)
	switch {
	case !ok:
		return nil, "", lang.Text{}
	case name == "SubmitOrder":
		return g.orders, "orders", lang.T("orders", "d'ordres")
	case name == "SendMessage":
		return g.messages, "messages", lang.T("messages", "de messages")
	case name == "GetView", name == "GetFrame", strings.HasPrefix(name, "Watch"):
		return nil, "", lang.Text{}
	case strings.HasPrefix(name, "Get"), strings.HasPrefix(name, "List"):
		return g.reads, "reads", lang.T("reads", "de lectures")
	}
	return g.writes, "writes", lang.T("writes", "d'écritures")
}

// unary limits a camp or spectator token's writes and reads; it runs
// after authentication.
func (g *guard) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	p, ok := principalFrom(ctx)
	b, kind, kindText := g.callKind(info.FullMethod)
	if !ok || p.role == store.RoleAdmin || b == nil {
		return handler(ctx, req)
	}
	hash := tokenHash(ctx)
	if page := g.pageOf(ctx); b == g.reads && page != "" && !g.pages.first(hash, page) {
		return handler(ctx, req) // the page's read is spent
	}
	if ok, wait := b.Take(string(hash[:])); !ok {
		g.log.Note(fmt.Sprintf("%s:%x", kind, hash[:8]), zerolog.WarnLevel, "call refused: rate limit",
			map[string]any{"world": p.worldID, "camp": p.camp, "kind": kind, "limit": b.Rate().String()})
		return nil, rateLimited(ctx, wait, lang.T("too many %s from this token (at most %s)",
			"trop %s de ce jeton (au plus %s)", kindText, rateText(b.Rate())))
	}
	return handler(ctx, req)
}

// stream bounds a camp or spectator token's open streams and the server's,
// and ends a stream whose token is revoked with Unauthenticated; it runs
// after authentication.
func (g *guard) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx := ss.Context()
	p, ok := principalFrom(ctx)
	if !ok || p.role == store.RoleAdmin {
		return handler(srv, ss)
	}
	hash := tokenHash(ctx)
	if ok, wait := g.streamOpens.Take(string(hash[:])); !ok {
		g.log.Note(fmt.Sprintf("stream-opens:%x", hash[:8]), zerolog.WarnLevel, "stream refused: opened too fast",
			map[string]any{"world": p.worldID, "camp": p.camp, "limit": g.streamOpens.Rate().String()})
		return rateLimited(ctx, wait, lang.T("this token opens tick streams too fast (at most %s)",
			"ce jeton ouvre des flux de jours trop vite (au plus %s)", rateText(g.streamOpens.Rate())))
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	release, err := g.streams.Open(hash, cancel)
	switch {
	case errors.Is(err, limits.ErrTokenStreams):
		n := g.limits.StreamsPerToken
		g.log.Note(fmt.Sprintf("streams:%x", hash[:8]), zerolog.WarnLevel, "stream refused: too many streams of one token",
			map[string]any{"world": p.worldID, "camp": p.camp, "limit": n})
		return rateLimited(ctx, time.Second, lang.T("this token holds %d tick streams, the most allowed; close one first",
			"ce jeton tient %d flux de jours, le plus permis ; fermez-en un d'abord", n))
	case errors.Is(err, limits.ErrServerStreams):
		n := g.limits.Streams
		g.log.Note("streams", zerolog.WarnLevel, "stream refused: the server holds its most streams",
			map[string]any{"limit": n})
		return rateLimited(ctx, time.Second, lang.T("the server holds its most tick streams (%d)",
			"le serveur tient déjà le plus de flux de jours qu'il permet (%d)", n))
	case err != nil:
		return err
	}
	defer release()
	err = handler(srv, &authedStream{ServerStream: ss, ctx: ctx})
	if errors.Is(context.Cause(ctx), limits.ErrRevoked) {
		msg := lang.T("the token was revoked: ask an admin for a new one", "le jeton a été révoqué : demandez-en un nouveau à un admin")
		return refuse(reasonUnauthenticated, "", msg.In(pb.LangOf(ctx)))
	}
	return err
}
