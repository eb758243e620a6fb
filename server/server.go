// Package server is Grisonval's authoritative server: the gRPC game and
// admin services, token authentication, and one world loop per world that
// resolves ticks on a deadline and commits them to the store.
package server

import (
	"cmp"
	"context"
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
	"github.com/grisonval/server/server/store"
)

// Defaults of Config.
const (
	DefaultAIGrace       = 2 * time.Second
	DefaultTokenCacheTTL = 30 * time.Second
)

// Config is what a Server needs. Store is required; the other fields have
// defaults.
type Config struct {
	Store store.Store
	// Clock is RealClock{} when nil.
	Clock Clock
	// Log receives every log line; its zero value discards them.
	Log zerolog.Logger
	// AIGrace is how long AI camps may still post once every other camp
	// has posted; DefaultAIGrace when 0.
	AIGrace time.Duration
	// TokenCacheTTL is how long a checked token is trusted without reading
	// the store again; DefaultTokenCacheTTL when 0.
	TokenCacheTTL time.Duration
}

// Server holds the world loops and serves the gRPC services. It is safe for
// concurrent use.
type Server struct {
	cfg    Config
	log    zerolog.Logger
	auth   *authenticator
	health *health.Server

	mu      sync.Mutex // guards runners and stopped
	runners map[uint64]*runner
	stopped bool
}

// New loads every world of cfg.Store and starts its world loop. Deadlines
// start afresh: a world's next tick is due one cadence after New.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, fmt.Errorf("new server: no store")
	}
	if cfg.Clock == nil {
		cfg.Clock = RealClock{}
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
	}
	worlds, err := cfg.Store.Worlds(ctx)
	if err != nil {
		return nil, fmt.Errorf("list worlds: %w", err)
	}
	for _, w := range worlds {
		r, err := loadRunner(ctx, cfg, w)
		if err != nil {
			s.Stop()
			return nil, err
		}
		s.runners[w.ID] = r
		r.start()
	}
	s.log.Info().Int("worlds", len(worlds)).Msg("server ready")
	return s, nil
}

// NewGRPCServer returns a gRPC server with the authentication interceptors
// and the game, admin, health and reflection services registered.
func (s *Server) NewGRPCServer(opts ...grpc.ServerOption) *grpc.Server {
	opts = append(opts,
		grpc.ChainUnaryInterceptor(s.auth.unary),
		grpc.ChainStreamInterceptor(s.auth.stream),
	)
	g := grpc.NewServer(opts...)
	pb.RegisterGameServiceServer(g, &gameService{s: s})
	pb.RegisterAdminServiceServer(g, &adminService{s: s})
	healthpb.RegisterHealthServer(g, s.health)
	reflection.Register(g)
	return g
}

// Admin returns the admin service, for in-process set-up such as a
// development world. Calls made through it skip authentication.
func (s *Server) Admin() pb.AdminServiceServer {
	return &adminService{s: s}
}

// IssueAdminToken issues a new admin token; earlier admin tokens stop
// working.
func (s *Server) IssueAdminToken(ctx context.Context) (string, error) {
	tok, err := s.auth.issue(ctx, store.Token{Role: store.RoleAdmin, Camp: -1})
	if err != nil {
		return "", err
	}
	s.log.Info().Msg("admin token issued")
	return tok, nil
}

// Stop ends every world loop: open WatchTicks streams end with Unavailable
// and later calls that reach a world fail with Unavailable. It does not stop
// the gRPC server or close the store.
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
	for _, r := range runners {
		r.stop()
	}
	s.log.Info().Msg("world loops stopped")
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

// addWorld loads and starts the loop of a world just created.
func (s *Server) addWorld(ctx context.Context, w store.World) error {
	r, err := loadRunner(ctx, s.cfg, w)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return errStopped
	}
	s.runners[w.ID] = r
	r.start()
	return nil
}
