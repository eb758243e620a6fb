package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"

	"github.com/grisonval/server/game"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// Defaults of Replica.
const (
	DefaultLeaseTTL     = 10 * time.Second
	DefaultHeartbeatTTL = 600 * time.Millisecond
)

// Replica makes a Server one of several processes that share one store:
// each world is run by the one process that holds its lease, and calls for
// a world run elsewhere are forwarded to its owner.
type Replica struct {
	// Addr is the address at which the other replicas reach this one's gRPC
	// services; it also names this process in leases. Required. A process
	// restarted with the same Addr takes its worlds back at once.
	Addr string
	// LeaseTTL is how long a world's lease lasts without renewal;
	// DefaultLeaseTTL when 0. Leases are renewed, all in one statement,
	// every third of it, and free worlds looked for as often or every
	// second. A dead replica's worlds move when its heartbeat runs out,
	// not its leases: a longer lease costs no failover time, only the
	// tolerance of a replica whose renewals fail while it beats (the
	// default's 10 s renews each lease three times a day of 10 s, where 3 s
	// renewed it ten times: docs/performance.md, "Ten thousand worlds").
	LeaseTTL time.Duration
	// HeartbeatTTL is how long this process's heartbeat lasts without
	// renewal, and so about how long a world stays without a server when
	// its owner dies: a lease is no longer live once its owner's heartbeat
	// has run out. DefaultHeartbeatTTL when 0. The heartbeat is renewed,
	// and the other replicas' read, every quarter of it (one row a
	// replica, whatever its number of worlds); a database that stalls for
	// longer than three quarters of it makes worlds move.
	HeartbeatTTL time.Duration
	// Transport is how a replica dials the others (TLS credentials);
	// plaintext when nil.
	Transport grpc.DialOption
	// Secret authenticates the calls one replica forwards to another:
	// every replica of a store has the same, and a call marked as
	// forwarded without it is refused. Required.
	Secret string
}

// worldMoved tells a caller that world id is no longer run here.
func worldMoved(id uint64) error {
	return refusef(reasonWorldMoved, "", "world %d is now run by another server; call again", id)
}

// leasedStore is the store of a runner that holds its world's lease: its
// writes are fenced by the lease, and the first one that finds the lease
// lost marks the runner to stop and fails with Unavailable. Its write
// methods run on the runner's goroutine, like every write of a runner.
type leasedStore struct {
	store.Store // fenced by the lease
	r           *runner
}

func newLeasedStore(st store.Store, l store.Lease, r *runner) *leasedStore {
	return &leasedStore{Store: st.(store.Leaser).Fenced(l), r: r}
}

// SaveOrder saves an order under the lease.
func (l *leasedStore) SaveOrder(ctx context.Context, o store.Order) error {
	return l.fence(l.Store.SaveOrder(ctx, o))
}

// SetStandingOrder sets a standing order under the lease.
func (l *leasedStore) SetStandingOrder(ctx context.Context, o store.StandingOrder) error {
	return l.fence(l.Store.SetStandingOrder(ctx, o))
}

// SaveMessage saves a message under the lease.
func (l *leasedStore) SaveMessage(ctx context.Context, m *store.Message) error {
	return l.fence(l.Store.SaveMessage(ctx, m))
}

// SaveProposal saves a councillor's proposal under the lease.
func (l *leasedStore) SaveProposal(ctx context.Context, p store.Proposal) error {
	return l.fence(l.Store.SaveProposal(ctx, p))
}

// SetNotebook sets a camp's notes under the lease.
func (l *leasedStore) SetNotebook(ctx context.Context, n store.Notebook) error {
	return l.fence(l.Store.SetNotebook(ctx, n))
}

// CommitTick commits a tick under the lease.
func (l *leasedStore) CommitTick(ctx context.Context, t store.Tick) error {
	return l.fence(l.Store.CommitTick(ctx, t))
}

// EnrolAtSetup enrols a player at its season's setup under the lease.
func (l *leasedStore) EnrolAtSetup(ctx context.Context, c store.Career, e store.Enrolment, setup store.Tick) error {
	return l.fence(l.Store.EnrolAtSetup(ctx, c, e, setup))
}

// UpdateWorld updates the world's settings under the lease.
func (l *leasedStore) UpdateWorld(ctx context.Context, w store.World) error {
	return l.fence(l.Store.UpdateWorld(ctx, w))
}

func (l *leasedStore) fence(err error) error {
	if errors.Is(err, store.ErrLeaseLost) {
		l.r.leaseLost = true
		return worldMoved(l.r.id)
	}
	return err
}

// heldLease is a lease this process holds, with when it was last renewed by
// this process's clock, and whether the last round left it because a write
// under it was in flight.
type heldLease struct {
	lease     store.Lease
	renewedAt time.Time
	left      bool
}

// errLeaseBusy is why a lease held under a write in flight was left for
// the next round.
var errLeaseBusy = errors.New("a write under the lease is in flight")

// errNotOwner is returned by addWorld when another process took the new
// world's lease first.
var errNotOwner = errors.New("world run by another process")

// takePeriod is the longest time between two take rounds: a world released
// or created elsewhere waits at most that long for a replica, whatever the
// lease's time.
const takePeriod = time.Second

// leaseLoop renews the leases this process holds every third of the
// lease's time, takes the worlds that have no live lease as often or every
// takePeriod, whichever is shorter, and beats this
// process's heartbeat every quarter of its time (balance.go), until quit
// closes. The three run apart: taking many worlds (those of a replica that
// died) never delays the renewal of the leases held, nor the heartbeat. A
// heartbeat that sees another replica die, start or release worlds wakes
// the taking at once.
func (s *Server) leaseLoop(quit <-chan struct{}) {
	period := s.leaseTTL() / 3
	var wg sync.WaitGroup
	wg.Go(func() { s.every(quit, nil, period, s.renewRound) })
	wg.Go(func() { s.every(quit, s.takeNow, s.takeEvery(), s.takeRound) })
	if _, ok := s.cfg.Store.(leaseBatcher); ok {
		wg.Go(func() { s.every(quit, nil, s.heartbeatTTL()/4, s.heartbeatRound) })
	}
	wg.Wait()
}

// every runs fn every period, counted from the start of its last run (at
// once when it ran longer), and each time wake receives (nil: never),
// until quit closes.
func (s *Server) every(quit, wake <-chan struct{}, period time.Duration, fn func(context.Context)) {
	tick := make(chan struct{}, 1)
	next := s.cfg.Clock.Now().Add(period)
	for {
		t := s.cfg.Clock.AfterFunc(max(0, next.Sub(s.cfg.Clock.Now())), func() {
			select {
			case tick <- struct{}{}:
			default:
			}
		})
		select {
		case <-quit:
			t.Stop()
			return
		case <-tick:
		case <-wake:
			t.Stop()
			select { // a tick that came meanwhile is this run's
			case <-tick:
			default:
			}
		}
		next = s.cfg.Clock.Now().Add(period)
		fn(context.Background())
	}
}

// takeEvery is the period of the take round: a third of the lease's time,
// or takePeriod if shorter.
func (s *Server) takeEvery() time.Duration {
	return min(s.leaseTTL()/3, takePeriod)
}

func (s *Server) leaseTTL() time.Duration {
	if s.cfg.Replica.LeaseTTL > 0 {
		return s.cfg.Replica.LeaseTTL
	}
	return DefaultLeaseTTL
}

// leaseBatcher is a store.Leaser that renews all of a process's leases in
// one statement and finds the worlds it may take in one query, so that a
// lease round costs two round trips whatever the number of worlds. The
// Postgres store is one; leaseRound falls back to one call per world for a
// Leaser that is not.
type leaseBatcher interface {
	// RenewLeases renews every lease of ls held by owner to ttl from now
	// and returns those renewed, and the worlds whose lease it left for the
	// next round because a write under it was in flight: the others are
	// lost. An error renews none.
	RenewLeases(ctx context.Context, owner string, ls []store.Lease, ttl time.Duration) (renewed []store.Lease, busy []uint64, err error)
	// WorldsToTake returns, but for those of running, in free the worlds
	// never leased or whose lease has expired, with dead those whose
	// owner's heartbeat has run out, and, with own, in mine those whose
	// live lease is owner's; and how many worlds the store holds.
	WorldsToTake(ctx context.Context, owner string, running []uint64, own, dead bool) (free, mine []store.World, total int, err error)
	// Heartbeat renews owner's heartbeat to ttl from now, growing its
	// generation with bump, and returns every replica, live or not.
	Heartbeat(ctx context.Context, owner string, ttl time.Duration, bump bool) ([]store.Replica, error)
	// ReleaseLeases ends every lease of ls that owner still holds, at
	// once.
	ReleaseLeases(ctx context.Context, owner string, ls []store.Lease) error
	// Depart ends owner's heartbeat now and grows its generation.
	Depart(ctx context.Context, owner string) error
}

// leaseRound renews every lease held and takes every world that has none.
func (s *Server) leaseRound(ctx context.Context) {
	s.renewRound(ctx)
	s.takeRound(ctx)
}

// renewRound renews every lease held. A world whose lease is lost, or could
// not be renewed before it expired, stops at once. The renewal may take
// until a third of the lease time is left.
func (s *Server) renewRound(ctx context.Context) {
	ttl := s.leaseTTL()
	s.mu.Lock()
	held := make(map[uint64]heldLease, len(s.leases))
	for id, h := range s.leases {
		held[id] = h
	}
	s.mu.Unlock()
	var live []store.Lease
	for id, h := range held {
		if r, err := s.world(id); err != nil || !r.running() {
			s.dropWorld(id, nil)
			continue
		}
		live = append(live, h.lease)
	}
	now := s.cfg.Clock.Now()
	rctx, cancel := context.WithTimeout(ctx, 2*ttl/3)
	renewed, errs := s.renewLeases(rctx, live, ttl)
	cancel()
	renewedIn := s.cfg.Clock.Now().Sub(now)
	for _, l := range live {
		id := l.WorldID
		if nl, ok := renewed[id]; ok {
			s.mu.Lock()
			if _, ok := s.leases[id]; ok {
				s.leases[id] = heldLease{lease: nl, renewedAt: now}
			}
			s.mu.Unlock()
			continue
		}
		r, err := s.world(id)
		if err != nil {
			continue
		}
		if errors.Is(errs[id], errLeaseBusy) && !held[id].left && now.Sub(held[id].renewedAt) < ttl/2 {
			// Under a write for the first time: the next round, a third of
			// the lease time later, renews it, still in time.
			s.mu.Lock()
			if h, ok := s.leases[id]; ok && h.lease == l {
				h.left = true
				s.leases[id] = h
			}
			s.mu.Unlock()
			continue
		}
		if errors.Is(errs[id], errLeaseBusy) {
			// Left for a round already (or renewed too long ago to wait
			// for the next): a world whose writes follow each other (one
			// token posting as fast as its limit allows) would be found
			// under a write at every round. Wait for the write in flight,
			// which takes milliseconds.
			nl, err := s.renewWaiting(ctx, l, ttl)
			if err == nil {
				s.mu.Lock()
				if _, ok := s.leases[id]; ok {
					s.leases[id] = heldLease{lease: nl, renewedAt: now}
				}
				s.mu.Unlock()
				continue
			}
			errs[id] = err
		}
		if err := errs[id]; errors.Is(err, store.ErrLeaseLost) || now.Sub(held[id].renewedAt) >= ttl {
			r.base.Warn().Err(err).Msg("lease lost; the world stops here")
			s.cfg.Metrics.LeaseLost()
			s.dropWorld(id, worldMoved(id))
			continue
		}
		if o, ok := store.Unavailable(errs[id]); ok {
			s.outages.Note("lease-not-renewed:"+o.Cause, zerolog.WarnLevel, "lease not renewed: store unavailable; retrying",
				map[string]any{"world": id, "error": o.Err.Error()})
			continue
		}
		r.base.Warn().Err(errs[id]).Msg("lease not renewed; retrying")
	}
	s.log.Debug().Int("leases", len(live)).Int("renewed", len(renewed)).Dur("took", renewedIn).Msg("leases renewed")
}

// renewWaiting renews l alone, waiting behind a write in flight under it,
// for at most a third of the lease time.
func (s *Server) renewWaiting(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	ctx, cancel := context.WithTimeout(ctx, ttl/3)
	defer cancel()
	return s.cfg.Store.(store.Leaser).RenewLease(ctx, l, ttl)
}

// renewLeases renews ls and returns the renewed leases by world, and for
// each lease not renewed why: store.ErrLeaseLost when it is lost, another
// error when it may be renewed at the next round.
func (s *Server) renewLeases(ctx context.Context, ls []store.Lease, ttl time.Duration) (map[uint64]store.Lease, map[uint64]error) {
	renewed, errs := make(map[uint64]store.Lease, len(ls)), make(map[uint64]error)
	if len(ls) == 0 {
		return renewed, errs
	}
	if b, ok := s.cfg.Store.(leaseBatcher); ok {
		got, busy, err := b.RenewLeases(ctx, s.cfg.Replica.Addr, ls, ttl)
		for _, l := range got {
			renewed[l.WorldID] = l
		}
		for _, id := range busy {
			errs[id] = fmt.Errorf("renew lease of world %d: %w", id, errLeaseBusy)
		}
		for _, l := range ls {
			if _, ok := renewed[l.WorldID]; ok {
				continue
			}
			if err != nil {
				errs[l.WorldID] = err
			} else if errs[l.WorldID] == nil {
				errs[l.WorldID] = fmt.Errorf("renew lease of world %d epoch %d: %w", l.WorldID, l.Epoch, store.ErrLeaseLost)
			}
		}
		return renewed, errs
	}
	leaser := s.cfg.Store.(store.Leaser)
	for _, l := range ls {
		nl, err := leaser.RenewLease(ctx, l, ttl)
		if err != nil {
			errs[l.WorldID] = err
			continue
		}
		renewed[l.WorldID] = nl
	}
	return renewed, errs
}

// takeRound takes the worlds without a live lease, and, with a store that
// keeps the replicas' heartbeats, shares the worlds out with the other
// live replicas (balance.go), for at most the lease time. A live lease of
// this address is a past life of this process, killed before its lease
// expired: it is taken back at once.
func (s *Server) takeRound(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, s.leaseTTL())
	defer cancel()
	if b, ok := s.cfg.Store.(leaseBatcher); ok {
		s.balanceRound(ctx, b)
		return
	}
	ctx, cancel = context.WithTimeout(ctx, s.leaseTTL()/3)
	defer cancel()
	leaser := s.cfg.Store.(store.Leaser)
	worlds, err := s.cfg.Store.Worlds(ctx)
	if err != nil {
		s.log.Warn().Err(err).Msg("list worlds to take over")
		return
	}
	for _, w := range worlds {
		if _, err := s.world(w.ID); err == nil {
			continue
		}
		l, err := leaser.LeaseOf(ctx, w.ID)
		if err == nil && l.Live && l.Owner != s.cfg.Replica.Addr {
			continue
		}
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Warn().Err(err).Uint64("world", w.ID).Msg("read lease")
			continue
		}
		if err := s.takeWorld(ctx, w); err != nil && !errors.Is(err, errNotOwner) {
			s.log.Warn().Err(err).Uint64("world", w.ID).Msg("take world over")
		}
	}
}

// takeWorld acquires w's lease, loads w from its last committed tick and
// starts its loop. It returns errNotOwner if another process holds the
// lease (or took it while w loaded here), or if this one runs w or is
// taking it already (a world created here may be found by the lease round
// while it loads).
func (s *Server) takeWorld(ctx context.Context, w store.World) error {
	s.mu.Lock()
	if s.runners[w.ID] != nil || s.taking[w.ID] {
		s.mu.Unlock()
		return errNotOwner
	}
	s.taking[w.ID] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.taking, w.ID)
		s.mu.Unlock()
	}()
	leaser := s.cfg.Store.(store.Leaser)
	now := s.cfg.Clock.Now()
	l, err := leaser.AcquireLease(ctx, w.ID, s.cfg.Replica.Addr, s.leaseTTL())
	if errors.Is(err, store.ErrLeaseHeld) {
		return errNotOwner
	}
	if err != nil {
		return err
	}
	release := func() {
		if err := leaser.ReleaseLease(context.WithoutCancel(ctx), l); err != nil {
			s.log.Warn().Err(err).Uint64("world", w.ID).Msg("release lease")
		}
	}
	r, err := loadRunner(ctx, s.cfg, w, &l)
	if err != nil {
		release()
		// The lease may have run out while the world loaded (a slow
		// store): another process runs it now, as if it had taken it first.
		if cur, lerr := leaser.LeaseOf(context.WithoutCancel(ctx), w.ID); lerr == nil && cur.Live && cur.Owner != s.cfg.Replica.Addr {
			s.log.Info().Uint64("world", w.ID).Str("owner", cur.Owner).Err(err).Msg("world taken by another server while it loaded here")
			return errNotOwner
		}
		return err
	}
	s.adopt(r)
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		release()
		return errStopped
	}
	s.runners[w.ID] = r
	s.leases[w.ID] = heldLease{lease: l, renewedAt: now}
	r.base.Info().Int64("epoch", l.Epoch).Int("tick", r.state.Day()).Msg("world taken: lease acquired")
	s.cfg.Metrics.LeaseAcquired()
	r.start()
	s.mu.Unlock()
	return nil
}

// dropWorld tells world id's loop to stop, if it runs here, closing its
// watchers with err (errStopped when nil), and forgets its lease. It does
// not wait for the loop, which may be in the middle of a write that its lost
// lease makes fail: the lease round must go on. Stop waits for it.
func (s *Server) dropWorld(id uint64, err error) {
	s.mu.Lock()
	r := s.runners[id]
	delete(s.runners, id)
	delete(s.leases, id)
	if r != nil {
		s.dropped.Add(1)
	}
	s.mu.Unlock()
	if r == nil {
		return
	}
	if err == nil {
		err = errStopped
	}
	r.quitWith(err)
	go func() {
		<-r.done
		s.dropped.Done()
	}()
}

// releaseLeases gives up every lease held, so that other replicas take the
// worlds at once, in one statement with a store that batches leases; the
// loops must have stopped.
func (s *Server) releaseLeases() {
	leaser := s.cfg.Store.(store.Leaser)
	s.mu.Lock()
	held := s.leases
	s.leases = make(map[uint64]heldLease)
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	if b, ok := s.cfg.Store.(leaseBatcher); ok {
		ls := make([]store.Lease, 0, len(held))
		for _, h := range held {
			ls = append(ls, h.lease)
		}
		if err := b.ReleaseLeases(ctx, s.cfg.Replica.Addr, ls); err != nil {
			s.log.Warn().Err(err).Int("leases", len(ls)).Msg("release leases")
		}
		return
	}
	for id, h := range held {
		if err := leaser.ReleaseLease(ctx, h.lease); err != nil {
			s.log.Warn().Err(err).Uint64("world", id).Msg("release lease")
		}
	}
}

// storedInfo returns the info of a world run by another process, from the
// store.
func (s *Server) storedInfo(ctx context.Context, id uint64) (*pb.WorldInfo, error) {
	w, rs, err := s.storedWorld(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := s.cfg.Store.LatestTick(ctx, id, w.Season)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, toStatus(s.log, err)
	}
	return worldInfoToPB(rs, w, t.Day, t.Hash), nil
}

// storedWorld returns a world's settings as stored, and its ruleset; it
// answers with a status.
func (s *Server) storedWorld(ctx context.Context, id uint64) (store.World, game.Ruleset, error) {
	w, err := s.cfg.Store.World(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return w, nil, worldNotFound(id)
	}
	if err != nil {
		return w, nil, toStatus(s.log, err)
	}
	rs, err := s.cfg.Rulesets.find(w.Ruleset)
	if err != nil {
		return w, nil, toStatus(s.log, err)
	}
	return w, rs, nil
}
