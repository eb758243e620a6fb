// Package server is Grisonval's authoritative server: the gRPC game, admin
// and chronicle services, token authentication, and one world loop per world
// that resolves ticks on a deadline and commits them to the store. It plays
// any ruleset through the game package's seam: the rulesets it serves are
// passed in Config, and it imports none of them.
package server

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/metrics"
	"github.com/grisonval/server/server/store"
)

// Defaults of Config.
const (
	DefaultAIGrace       = 2 * time.Second
	DefaultTokenCacheTTL = 30 * time.Second
)

// Config is what a Server needs. Store and Rulesets are required; the
// other fields have defaults.
type Config struct {
	Store store.Store
	// Rulesets are the rulesets served, the first being CreateWorld's
	// default; every stored world's ruleset must be among them.
	Rulesets Rulesets
	// Clock is clock.Real{} when nil.
	Clock clock.Clock
	// Log receives every log line; its zero value discards them.
	Log zerolog.Logger
	// AIGrace is how long AI camps may still post once every other camp
	// has posted; DefaultAIGrace when 0.
	AIGrace time.Duration
	// TokenCacheTTL is how long a checked token is trusted without reading
	// the store again; DefaultTokenCacheTTL when 0.
	TokenCacheTTL time.Duration
	// Replica, when set, makes the server one of several processes sharing
	// Store, which must then implement store.Leaser. Clock must then be
	// the real clock.
	Replica *Replica
	// Reflection serves gRPC reflection, which describes the whole API,
	// admin included (docs/security.md).
	Reflection bool
	// Metrics, when set, records the server's series (docs/operations.md):
	// its gRPC calls, world loops and leases. The store's operations are
	// timed by wrapping Store with Metrics.Store.
	Metrics *metrics.Metrics
	// Limits bound what one client can cost the server (package limits,
	// guard.go, docs/security.md); each zero field is its limits.Defaults
	// value.
	Limits limits.Config
	// Arena serves AdminService's tournament methods; nil answers them
	// FailedPrecondition (arena.go).
	Arena Arena
	// FaceSecret is the credential of the server's HTTP faces
	// (FaceCredentials, faces.go): a call carrying it may name the
	// visitor's address and page it serves. A random one when empty, which
	// only the faces of this process (given FaceCredentials) know.
	FaceSecret string
}

// Server holds the world loops and serves the gRPC services. It is safe for
// concurrent use.
type Server struct {
	cfg    Config
	log    zerolog.Logger
	auth   *authenticator
	guard  *guard
	health *health.Server

	mu      sync.Mutex // guards runners, leases, taking and stopped
	runners map[uint64]*runner
	// leases are the leases held, by world, with Replica; taking the
	// worlds whose lease is being acquired and loop loaded.
	leases  map[uint64]heldLease
	taking  map[uint64]bool
	stopped bool
	// dropped counts the loops of worlds whose lease was lost that have
	// not ended yet.
	dropped sync.WaitGroup

	// wire holds the encodings of the views the world loops keep.
	wire *wireViews
	// malformed holds the requests that did not decode (request.go).
	malformed malformedRequests
	// forward sends calls for worlds run elsewhere to their owner; nil
	// without Replica.
	forward *forwarder
	// quitLeases stops the lease loop; leasesDone closes when it has.
	quitLeases chan struct{}
	leasesDone chan struct{}
	// beat is what this replica's heartbeats have seen (balance.go);
	// takeNow wakes its take round.
	beat    beats
	takeNow chan struct{}
	// outages samples the log lines of calls and ticks that failed for a
	// store outage (outage.go); quitStore stops the store's health check,
	// storeDone closes when it has.
	outages   *limits.Sampler
	quitStore chan struct{}
	storeDone chan struct{}
}

// New loads every world of cfg.Store and starts its world loop. Deadlines
// start afresh: a world's next tick is due one cadence after New.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, fmt.Errorf("new server: no store")
	}
	if len(cfg.Rulesets) == 0 {
		return nil, fmt.Errorf("new server: no ruleset")
	}
	seen := make(map[string]bool)
	for _, r := range cfg.Rulesets {
		if name := r.Info().Name; name == "" || seen[name] {
			return nil, fmt.Errorf("new server: ruleset name %q empty or served twice", name)
		}
		seen[r.Info().Name] = true
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.AIGrace == 0 {
		cfg.AIGrace = DefaultAIGrace
	}
	if cfg.TokenCacheTTL == 0 {
		cfg.TokenCacheTTL = DefaultTokenCacheTTL
	}
	s := &Server{
		cfg:     cfg,
		log:     cfg.Log,
		auth:    newAuthenticator(cfg.Store, cfg.Clock, cfg.TokenCacheTTL),
		health:  health.NewServer(),
		runners: make(map[uint64]*runner),
		leases:  make(map[uint64]heldLease),
		taking:  make(map[uint64]bool),
		wire:    &wireViews{},
	}
	if cfg.FaceSecret == "" {
		cfg.FaceSecret = rand.Text()
	}
	s.guard = newGuard(cfg.Limits, cfg.Clock, s.auth, cfg.FaceSecret, s.log)
	s.auth.revoked = s.guard.streams.CheckNow
	s.outages = limits.NewSampler(s.log, cfg.Limits.WithDefaults().LogWindow, cfg.Clock)
	s.health.SetServingStatus(LivenessService, healthpb.HealthCheckResponse_SERVING)
	s.quitStore, s.storeDone = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(s.storeDone)
		s.watchStore(s.quitStore)
	}()
	cfg.Metrics.Watch(s.loadedWorlds, s.heldLeases)
	if cfg.Replica != nil {
		return s.startReplica(ctx)
	}
	worlds, err := cfg.Store.Worlds(ctx)
	if err != nil {
		return nil, fmt.Errorf("list worlds: %w", err)
	}
	for _, w := range worlds {
		r, err := loadRunner(ctx, cfg, w, nil)
		if err != nil {
			s.Stop()
			return nil, err
		}
		s.adopt(r)
		s.runners[w.ID] = r
		r.start()
	}
	s.log.Info().Int("worlds", len(worlds)).Msg("server ready")
	return s, nil
}

// startReplica takes every world without a live lease and starts the lease
// loop.
func (s *Server) startReplica(ctx context.Context) (*Server, error) {
	if _, ok := s.cfg.Store.(store.Leaser); !ok {
		return nil, fmt.Errorf("new server: replica: the store has no leases (the embedded store is single-process)")
	}
	if s.cfg.Replica.Addr == "" {
		return nil, fmt.Errorf("new server: replica: no address")
	}
	if s.cfg.Replica.Secret == "" {
		return nil, fmt.Errorf("new server: replica: no secret")
	}
	s.forward = newForwarder(s)
	s.takeNow = make(chan struct{}, 1)
	if _, ok := s.cfg.Store.(leaseBatcher); ok {
		// The others see this replica start, and its count of the live
		// replicas sets its share of the worlds from its first take.
		s.beat.bump = true
		s.heartbeatRound(ctx)
	}
	s.leaseRound(ctx)
	s.quitLeases, s.leasesDone = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(s.leasesDone)
		s.leaseLoop(s.quitLeases)
	}()
	s.mu.Lock()
	n := len(s.runners)
	s.mu.Unlock()
	s.log.Info().Str("replica", s.cfg.Replica.Addr).Int("worlds", n).Dur("lease_ttl", s.leaseTTL()).Msg("server ready")
	return s, nil
}

// NewGRPCServer returns a gRPC server with the authentication and audit
// interceptors and the game, admin, chronicle and health services
// registered, and reflection with Config.Reflection. It speaks proto only: a kept view is written from
// its encoding made once (wire.go).
func (s *Server) NewGRPCServer(opts ...grpc.ServerOption) *grpc.Server {
	opts = append(opts, grpc.ForceServerCodecV2(newViewCodec(s.wire, &s.malformed)))
	if m := s.cfg.Metrics; m != nil {
		// First in the chains, so that it counts what authentication refuses.
		opts = append(opts, grpc.ChainUnaryInterceptor(m.UnaryInterceptor), grpc.ChainStreamInterceptor(m.StreamInterceptor))
	}
	// A panic of any later interceptor or handler ends its call alone; a
	// store outage is answered in the caller's language, and logged in
	// windows.
	opts = append(opts, grpc.ChainUnaryInterceptor(s.recoverUnary, s.outageUnary),
		grpc.ChainStreamInterceptor(s.recoverStream, s.outageStream))
	opts = append(opts, s.guard.limits.ServerOptions()...)
	opts = append(opts, grpc.ChainUnaryInterceptor(s.checkUnary), grpc.ChainStreamInterceptor(s.checkStream))
	if s.forward != nil {
		opts = append(opts,
			grpc.ChainUnaryInterceptor(s.guard.peerUnary, s.auth.unary, s.guard.unary, s.audit, s.forward.unary),
			grpc.ChainStreamInterceptor(s.guard.peerStream, s.auth.stream, s.guard.stream, s.forward.stream),
		)
	} else {
		opts = append(opts,
			grpc.ChainUnaryInterceptor(s.guard.peerUnary, s.auth.unary, s.guard.unary, s.audit),
			grpc.ChainStreamInterceptor(s.guard.peerStream, s.auth.stream, s.guard.stream),
		)
	}
	g := grpc.NewServer(opts...)
	pb.RegisterGameServiceServer(g, &gameService{s: s})
	pb.RegisterAdminServiceServer(g, &adminService{s: s})
	pb.RegisterChronicleServiceServer(g, &chronicleService{s: s})
	healthpb.RegisterHealthServer(g, s.health)
	if s.cfg.Reflection {
		reflection.Register(g)
	}
	return g
}

// loadedWorlds counts the worlds this server runs, by ruleset.
func (s *Server) loadedWorlds() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int)
	for _, r := range s.runners {
		out[r.rs.Info().Name]++ // rs never changes; settings belong to the loop
	}
	return out
}

// heldLeases counts the world leases this server holds.
func (s *Server) heldLeases() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.leases)
}

// Admin returns the admin service, for in-process set-up such as a
// development world. Calls made through it skip authentication.
func (s *Server) Admin() pb.AdminServiceServer {
	return &adminService{s: s}
}

// IssueAdminToken issues a new admin token for the admin called name, the
// name the admin audit records; the earlier admin token of that name stops
// working, the others stay (AdminService.IssueAdminToken).
func (s *Server) IssueAdminToken(ctx context.Context, name string) (string, error) {
	tok, err := s.auth.issue(ctx, store.Token{Role: store.RoleAdmin, Camp: -1, Name: name})
	if err != nil {
		return "", err
	}
	s.log.Info().Str("admin", name).Msg("admin token issued")
	return tok, nil
}

// Stop ends every world loop: a tick being resolved is finished first, open
// WatchTicks streams end with Unavailable and later calls that reach a
// world fail with Unavailable. A replica then releases its leases, so that
// the other replicas take its worlds at once. It does not stop the gRPC
// server or close the store.
func (s *Server) Stop() {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	runners := s.sortedRunners()
	s.mu.Unlock()
	s.health.Shutdown()
	if s.quitLeases != nil {
		close(s.quitLeases)
		<-s.leasesDone
	}
	// Every loop is told to stop before any is waited for: a replica's
	// leases are no longer renewed, and stopping thousands of worlds one
	// after the other would outlast them.
	for _, r := range runners {
		r.quitWith(errStopped)
	}
	for _, r := range runners {
		r.stop()
	}
	s.dropped.Wait()
	if s.cfg.Replica != nil {
		s.releaseLeases()
		s.depart()
		s.forward.close()
	}
	close(s.quitStore)
	<-s.storeDone
	// The refusals' sampled log ends with the server, its timers too; the
	// revocation check ends at its next tick, once the streams have.
	s.guard.log.Stop()
	s.outages.Stop()
	s.log.Info().Msg("world loops stopped")
}

// adopt gives r, a loop loaded here, what the server shares with its
// loops: the wire encodings of views and the sampled log of outages.
func (s *Server) adopt(r *runner) {
	r.wire, r.outages, r.callLog = s.wire, s.outages, s.guard.log
}

// world returns the loop of world id.
func (s *Server) world(id uint64) (*runner, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.runners[id]
	if !ok {
		return nil, worldNotFound(id)
	}
	return r, nil
}

// worlds returns every world loop in world ID order.
func (s *Server) worlds() []*runner {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sortedRunners()
}

// sortedRunners requires s.mu.
func (s *Server) sortedRunners() []*runner {
	rs := make([]*runner, 0, len(s.runners))
	for _, r := range s.runners {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(a, b *runner) int { return cmp.Compare(a.id, b.id) })
	return rs
}

// addWorld loads and starts the loop of a world just created. A replica
// takes the world's lease first, and returns errNotOwner if another replica
// was quicker.
func (s *Server) addWorld(ctx context.Context, w store.World) error {
	if s.cfg.Replica != nil {
		return s.takeWorld(ctx, w)
	}
	r, err := loadRunner(ctx, s.cfg, w, nil)
	if err != nil {
		return err
	}
	s.adopt(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return errStopped
	}
	s.runners[w.ID] = r
	r.start()
	return nil
}
