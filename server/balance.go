package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/server/store"
)

// This file is what a replica does with its heartbeat (a row of the
// store's replicas table, renewed every quarter of Replica.HeartbeatTTL):
// it sees the other replicas die, start and release worlds, so that it
// takes a dead replica's worlds within the heartbeat's time, and it shares
// the worlds out with the live replicas through the leases themselves: a
// replica takes free worlds only up to its share (the number of worlds over
// the live replicas, rounded up), and one that holds more than its share
// hands the extra worlds over, a batch a round, for the others to take.
// There is no coordinator: each replica counts for itself from what the
// store says, and a world left free for two rounds is taken by anyone.

// shedBatch bounds the worlds a replica hands over in one round.
const shedBatch = 64

// takeWorkers is how many worlds a replica loads at once when it takes many
// (those of a replica that died).
const takeWorkers = 8

// beats is what the heartbeats of this process have seen. Its fields are
// guarded by mu.
type beats struct {
	mu sync.Mutex
	// live counts the live replicas, this one included, at the last
	// heartbeat; 0 before the first. liveSince is when it last changed.
	live      int
	liveSince time.Time
	// steadySince is since when every heartbeat of this process
	// succeeded; zero after a failure.
	steadySince time.Time
	// seen are the replicas of the last heartbeat, by address.
	seen map[string]store.Replica
	// bump asks the next heartbeat to grow this replica's generation (it
	// started, or released worlds).
	bump bool
	// wasSteady is whether the last heartbeat found this process steady.
	wasSteady bool
	// freeSince is when each world was first found free by a take round
	// that did not take it.
	freeSince map[uint64]time.Time
	// ownTaken is set once a take round has taken back the live leases of
	// this process's address that it does not run (a past life's, killed
	// before they expired): only the first needs to look for them, as
	// every lease this process takes it runs until it releases or loses
	// it.
	ownTaken bool
}

func (s *Server) heartbeatTTL() time.Duration {
	if s.cfg.Replica.HeartbeatTTL > 0 {
		return s.cfg.Replica.HeartbeatTTL
	}
	return DefaultHeartbeatTTL
}

// steady reports whether this process's heartbeats have all succeeded for
// at least a heartbeat's time: only then does it take a dead replica's
// worlds. After an outage of the store every heartbeat has run out; a
// replica back first must not take the others' worlds before they have had
// the time to beat again.
func (b *beats) steady(now time.Time, ttl time.Duration) bool {
	return !b.steadySince.IsZero() && now.Sub(b.steadySince) >= ttl
}

// heartbeatRound renews this process's heartbeat and reads the others'. A
// replica that died, started or released worlds since the last round, or
// this process becoming steady, wakes the take round.
func (s *Server) heartbeatRound(ctx context.Context) {
	b := s.cfg.Store.(leaseBatcher)
	ttl := s.heartbeatTTL()
	s.beat.mu.Lock()
	bump := s.beat.bump
	s.beat.bump = false
	s.beat.mu.Unlock()
	now := s.cfg.Clock.Now()
	hctx, cancel := context.WithTimeout(ctx, ttl/2)
	replicas, err := b.Heartbeat(hctx, s.cfg.Replica.Addr, ttl, bump)
	cancel()
	s.beat.mu.Lock()
	defer s.beat.mu.Unlock()
	if err != nil {
		s.beat.steadySince, s.beat.bump, s.beat.wasSteady = time.Time{}, s.beat.bump || bump, false
		s.outages.Note("heartbeat", zerolog.WarnLevel, "heartbeat not renewed; retrying", map[string]any{"error": err.Error()})
		return
	}
	if s.beat.steadySince.IsZero() {
		s.beat.steadySince = now
	}
	changed := len(replicas) != len(s.beat.seen)
	seen := make(map[string]store.Replica, len(replicas))
	live := 0
	for _, r := range replicas {
		seen[r.Owner] = r
		if r.Live {
			live++
		}
		if old, ok := s.beat.seen[r.Owner]; !ok || old != r {
			changed = true
		}
	}
	steady := s.beat.steady(now, ttl)
	changed = changed || steady != s.beat.wasSteady
	if live != s.beat.live {
		s.beat.liveSince = now
	}
	s.beat.seen, s.beat.live, s.beat.wasSteady = seen, live, steady
	if changed {
		select {
		case s.takeNow <- struct{}{}:
		default:
		}
	}
}

// balanceRound takes the worlds this replica may take, up to its share of
// the worlds when it knows the live replicas, and hands over those it holds
// beyond its share.
func (s *Server) balanceRound(ctx context.Context, b leaseBatcher) {
	now := s.cfg.Clock.Now()
	s.beat.mu.Lock()
	live, steady := s.beat.live, s.beat.steady(now, s.heartbeatTTL())
	// Worlds are handed over only once the count of live replicas has
	// held for a heartbeat's time: every replica has seen it by then, and
	// none hands over worlds that another, counting otherwise, would hand
	// back.
	settled := steady && now.Sub(s.beat.liveSince) >= s.heartbeatTTL()
	own := !s.beat.ownTaken
	s.beat.mu.Unlock()
	s.mu.Lock()
	running := make([]uint64, 0, len(s.runners)+len(s.taking))
	for id := range s.runners {
		running = append(running, id)
	}
	for id := range s.taking {
		running = append(running, id)
	}
	s.mu.Unlock()
	worlds, mine, total, err := b.WorldsToTake(ctx, s.cfg.Replica.Addr, running, own, steady)
	if err != nil {
		s.outages.Note("worlds-to-take", zerolog.WarnLevel, "list worlds to take over", map[string]any{"error": err.Error()})
		return
	}
	// A past life's worlds are taken back whatever the share: no other
	// replica may take them before their leases expire.
	s.takeAll(ctx, mine)
	if own {
		s.beat.mu.Lock()
		s.beat.ownTaken = true
		s.beat.mu.Unlock()
	}
	// The share is known once a heartbeat has counted the live replicas;
	// before, every free world is taken, as a replica alone would.
	share := len(running) + len(mine) + len(worlds)
	if live > 0 {
		share = (total + live - 1) / live
	}
	take := s.chooseTakes(now, worlds, share-len(running)-len(mine))
	s.takeAll(ctx, take)
	if extra := len(running) - share; extra > 0 && settled && live > 1 {
		s.handOver(ctx, min(extra, shedBatch))
	}
}

// chooseTakes returns, of the free worlds, those to take now: every world
// found free by a round at least two rounds ago (no other replica took
// it), and, in a random order so that replicas taking at once seldom meet,
// others up to quota.
func (s *Server) chooseTakes(now time.Time, worlds []store.World, quota int) []store.World {
	overdue := 2 * s.takeEvery()
	s.beat.mu.Lock()
	defer s.beat.mu.Unlock()
	free := make(map[uint64]time.Time, len(worlds))
	var take, rest []store.World
	for _, w := range worlds {
		since, ok := s.beat.freeSince[w.ID]
		if !ok {
			since = now
		}
		free[w.ID] = since
		if now.Sub(since) >= overdue {
			take = append(take, w)
		} else {
			rest = append(rest, w)
		}
	}
	rand.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	quota -= len(take)
	for _, w := range rest {
		if quota <= 0 {
			break
		}
		take = append(take, w)
		quota--
	}
	for _, w := range take {
		delete(free, w.ID)
	}
	s.beat.freeSince = free
	return take
}

// takeAll takes worlds, takeWorkers at a time.
func (s *Server) takeAll(ctx context.Context, worlds []store.World) {
	ch := make(chan store.World)
	var wg sync.WaitGroup
	for range min(takeWorkers, len(worlds)) {
		wg.Go(func() {
			for w := range ch {
				if _, err := s.world(w.ID); err == nil {
					continue // created here since the list was made
				}
				if err := s.takeWorld(ctx, w); err != nil && !errors.Is(err, errNotOwner) {
					s.log.Warn().Err(err).Uint64("world", w.ID).Msg("take world over")
				}
			}
		})
	}
	for _, w := range worlds {
		ch <- w
	}
	close(ch)
	wg.Wait()
}

// handOver stops n of the worlds this replica runs, chosen at random,
// between two steps of their loops, releases their leases and asks the next
// heartbeat to say so: the replicas under their share take them. Their
// callers are told the world moved.
func (s *Server) handOver(ctx context.Context, n int) {
	s.mu.Lock()
	ids := make([]uint64, 0, len(s.leases))
	for id := range s.leases {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	slices.Sort(ids) // map order is not random enough to rely on, nor stable
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	leaser := s.cfg.Store.(store.Leaser)
	handed := 0
	for _, id := range ids[:min(n, len(ids))] {
		s.mu.Lock()
		r, h := s.runners[id], s.leases[id]
		if r == nil || s.stopped {
			s.mu.Unlock()
			continue
		}
		delete(s.runners, id)
		delete(s.leases, id)
		s.mu.Unlock()
		r.stopWith(worldMoved(id))
		if err := leaser.ReleaseLease(ctx, h.lease); err != nil {
			r.base.Warn().Err(err).Msg("release lease")
		}
		r.base.Info().Msg("world handed over: the replicas share the worlds out")
		handed++
	}
	if handed > 0 {
		s.beat.mu.Lock()
		s.beat.bump = true
		s.beat.mu.Unlock()
		s.log.Info().Int("worlds", handed).Msg("worlds handed over to the other replicas")
	}
}

// depart ends this replica's heartbeat, once its leases are released: the
// others see it gone and take what it may still hold at once.
func (s *Server) depart() {
	b, ok := s.cfg.Store.(leaseBatcher)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	if err := b.Depart(ctx, s.cfg.Replica.Addr); err != nil {
		s.log.Warn().Err(err).Msg("end heartbeat")
	}
}
