package metrics

import (
	"context"
	"errors"
	"time"

	"github.com/grisonval/server/server/store"
)

// Store returns st whose every operation is timed in
// grisonval_store_operation_seconds, labelled with the store's name
// (postgres, sqlite) and the operation. What st implements beside
// store.Store (the replicas' leases, their batched renewals) the result
// implements too; with a nil m it returns st.
func (m *Metrics) Store(name string, st store.Store) store.Store {
	if m == nil {
		return st
	}
	ts := &timedStore{st: st, m: m, name: name}
	l, ok := st.(store.Leaser)
	if !ok {
		return ts
	}
	tl := &timedLeaser{timedStore: ts, l: l}
	if b, ok := st.(leaseBatcher); ok {
		return &timedBatcher{timedLeaser: tl, b: b}
	}
	return tl
}

// timed runs op of the store called name and records how long it took.
func (m *Metrics) timed(name, op string, f func() error) error {
	start := time.Now()
	err := f()
	m.storeOps.WithLabelValues(name, op, storeResult(err)).Observe(time.Since(start).Seconds())
	return err
}

// storeResult is the result label of a store operation that returned err:
// ok; not_found, an answer rather than a fault (a token or a tick looked
// for that is not there); unavailable, a store outage (store.Unavailable);
// or error.
func storeResult(err error) string {
	switch _, outage := store.Unavailable(err); {
	case err == nil:
		return "ok"
	case errors.Is(err, store.ErrNotFound):
		return "not_found"
	case outage:
		return "unavailable"
	}
	return "error"
}

// timedValue is timed for an operation that returns a value.
func timedValue[T any](m *Metrics, name, op string, f func() (T, error)) (T, error) {
	var v T
	err := m.timed(name, op, func() (err error) {
		v, err = f()
		return err
	})
	return v, err
}

// timedStore times every operation of store.Store. It embeds nothing, so
// that a method added to the interface fails to compile here until it is
// timed too.
type timedStore struct {
	st   store.Store
	m    *Metrics
	name string
}

// timedLeaser also times the leases of a replicated store.
type timedLeaser struct {
	*timedStore
	l store.Leaser
}

// leaseBatcher is the batched lease round a Postgres store offers the
// replicas (server.leaseBatcher).
type leaseBatcher interface {
	RenewLeases(ctx context.Context, owner string, ls []store.Lease, ttl time.Duration) (renewed []store.Lease, busy []uint64, err error)
	WorldsToTake(ctx context.Context, owner string, running []uint64, own, dead bool) (free, mine []store.World, total int, err error)
	Heartbeat(ctx context.Context, owner string, ttl time.Duration, bump bool) ([]store.Replica, error)
	ReleaseLeases(ctx context.Context, owner string, ls []store.Lease) error
	Depart(ctx context.Context, owner string) error
}

// timedBatcher also times the batched lease round.
type timedBatcher struct {
	*timedLeaser
	b leaseBatcher
}

func (s *timedBatcher) RenewLeases(ctx context.Context, owner string, ls []store.Lease, ttl time.Duration) (renewed []store.Lease, busy []uint64, err error) {
	err = s.m.timed(s.name, "renew_leases", func() (err error) {
		renewed, busy, err = s.b.RenewLeases(ctx, owner, ls, ttl)
		return err
	})
	return renewed, busy, err
}

func (s *timedBatcher) WorldsToTake(ctx context.Context, owner string, running []uint64, own, dead bool) (free, mine []store.World, total int, err error) {
	err = s.m.timed(s.name, "worlds_to_take", func() (err error) {
		free, mine, total, err = s.b.WorldsToTake(ctx, owner, running, own, dead)
		return err
	})
	return free, mine, total, err
}

func (s *timedBatcher) Heartbeat(ctx context.Context, owner string, ttl time.Duration, bump bool) ([]store.Replica, error) {
	return timedValue(s.m, s.name, "heartbeat", func() ([]store.Replica, error) { return s.b.Heartbeat(ctx, owner, ttl, bump) })
}

func (s *timedBatcher) ReleaseLeases(ctx context.Context, owner string, ls []store.Lease) error {
	return s.m.timed(s.name, "release_leases", func() error { return s.b.ReleaseLeases(ctx, owner, ls) })
}

func (s *timedBatcher) Depart(ctx context.Context, owner string) error {
	return s.m.timed(s.name, "depart", func() error { return s.b.Depart(ctx, owner) })
}

func (s *timedStore) CloseSeason(ctx context.Context, c store.SeasonClose) error {
	return s.m.timed(s.name, "close_season", func() error { return s.st.CloseSeason(ctx, c) })
}

func (s *timedStore) SeasonClose(ctx context.Context, worldID uint64, season int) (store.SeasonClose, error) {
	return timedValue(s.m, s.name, "season_close", func() (store.SeasonClose, error) { return s.st.SeasonClose(ctx, worldID, season) })
}

func (s *timedStore) SeasonList(ctx context.Context, worldID uint64) ([]store.Season, error) {
	return timedValue(s.m, s.name, "season_list", func() ([]store.Season, error) { return s.st.SeasonList(ctx, worldID) })
}

func (s *timedStore) Glory(ctx context.Context, worldID uint64, camp int) ([]store.PatronGlory, error) {
	return timedValue(s.m, s.name, "glory", func() ([]store.PatronGlory, error) { return s.st.Glory(ctx, worldID, camp) })
}

func (s *timedStore) Enrol(ctx context.Context, c store.Career, e store.Enrolment) error {
	return s.m.timed(s.name, "enrol", func() error { return s.st.Enrol(ctx, c, e) })
}

func (s *timedStore) EnrolAtSetup(ctx context.Context, c store.Career, e store.Enrolment, setup store.Tick) error {
	return s.m.timed(s.name, "enrol_at_setup", func() error { return s.st.EnrolAtSetup(ctx, c, e, setup) })
}

func (s *timedStore) Career(ctx context.Context, worldID uint64, player string) (store.Career, error) {
	return timedValue(s.m, s.name, "career", func() (store.Career, error) { return s.st.Career(ctx, worldID, player) })
}

func (s *timedStore) Enrolments(ctx context.Context, worldID uint64, season int) ([]store.Enrolment, error) {
	return timedValue(s.m, s.name, "enrolments", func() ([]store.Enrolment, error) { return s.st.Enrolments(ctx, worldID, season) })
}

func (s *timedStore) EminenceLedger(ctx context.Context, worldID uint64, player string) ([]store.EminenceEntry, error) {
	return timedValue(s.m, s.name, "eminence_ledger", func() ([]store.EminenceEntry, error) { return s.st.EminenceLedger(ctx, worldID, player) })
}

func (s *timedStore) PutAudit(ctx context.Context, e *store.AuditEntry) error {
	return s.m.timed(s.name, "put_audit", func() error { return s.st.PutAudit(ctx, e) })
}

func (s *timedStore) Audit(ctx context.Context, f store.AuditFilter, limit int) ([]store.AuditEntry, error) {
	return timedValue(s.m, s.name, "audit", func() ([]store.AuditEntry, error) { return s.st.Audit(ctx, f, limit) })
}

func (s *timedStore) CreateWorld(ctx context.Context, w *store.World) error {
	return s.m.timed(s.name, "create_world", func() error { return s.st.CreateWorld(ctx, w) })
}

func (s *timedStore) UpdateWorld(ctx context.Context, w store.World) error {
	return s.m.timed(s.name, "update_world", func() error { return s.st.UpdateWorld(ctx, w) })
}

func (s *timedStore) World(ctx context.Context, id uint64) (store.World, error) {
	return timedValue(s.m, s.name, "world", func() (store.World, error) { return s.st.World(ctx, id) })
}

func (s *timedStore) Worlds(ctx context.Context) ([]store.World, error) {
	return timedValue(s.m, s.name, "worlds", func() ([]store.World, error) { return s.st.Worlds(ctx) })
}

func (s *timedStore) PutToken(ctx context.Context, t store.Token) error {
	return s.m.timed(s.name, "put_token", func() error { return s.st.PutToken(ctx, t) })
}

func (s *timedStore) AdminTokens(ctx context.Context) ([]store.Token, error) {
	return timedValue(s.m, s.name, "admin_tokens", func() ([]store.Token, error) { return s.st.AdminTokens(ctx) })
}

func (s *timedStore) CampTokens(ctx context.Context, worldID uint64) ([]store.Token, error) {
	return timedValue(s.m, s.name, "camp_tokens", func() ([]store.Token, error) { return s.st.CampTokens(ctx, worldID) })
}

func (s *timedStore) RevokeCampTokens(ctx context.Context, worldID uint64, camp int, seat string) (int, error) {
	return timedValue(s.m, s.name, "revoke_camp_tokens", func() (int, error) { return s.st.RevokeCampTokens(ctx, worldID, camp, seat) })
}

func (s *timedStore) SpectatorTokens(ctx context.Context, worldID uint64) ([]store.Token, error) {
	return timedValue(s.m, s.name, "spectator_tokens", func() ([]store.Token, error) { return s.st.SpectatorTokens(ctx, worldID) })
}

func (s *timedStore) RevokeSpectatorToken(ctx context.Context, worldID uint64, name string) error {
	return s.m.timed(s.name, "revoke_spectator_token", func() error { return s.st.RevokeSpectatorToken(ctx, worldID, name) })
}

func (s *timedStore) RevokeAdminToken(ctx context.Context, name string) error {
	return s.m.timed(s.name, "revoke_admin_token", func() error { return s.st.RevokeAdminToken(ctx, name) })
}

func (s *timedStore) TokenByHash(ctx context.Context, hash []byte) (store.Token, error) {
	return timedValue(s.m, s.name, "token_by_hash", func() (store.Token, error) { return s.st.TokenByHash(ctx, hash) })
}

func (s *timedStore) LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error) {
	return timedValue(s.m, s.name, "live_tokens", func() ([][]byte, error) { return s.st.LiveTokens(ctx, hashes) })
}

func (s *timedStore) SaveOrder(ctx context.Context, o store.Order) error {
	return s.m.timed(s.name, "save_order", func() error { return s.st.SaveOrder(ctx, o) })
}

func (s *timedStore) PendingOrders(ctx context.Context, worldID uint64, season, day int) ([]store.Order, error) {
	return timedValue(s.m, s.name, "pending_orders", func() ([]store.Order, error) { return s.st.PendingOrders(ctx, worldID, season, day) })
}

func (s *timedStore) SetStandingOrder(ctx context.Context, o store.StandingOrder) error {
	return s.m.timed(s.name, "set_standing_order", func() error { return s.st.SetStandingOrder(ctx, o) })
}

func (s *timedStore) StandingOrders(ctx context.Context, worldID uint64, season int) ([]store.StandingOrder, error) {
	return timedValue(s.m, s.name, "standing_orders", func() ([]store.StandingOrder, error) { return s.st.StandingOrders(ctx, worldID, season) })
}

func (s *timedStore) SaveMessage(ctx context.Context, m *store.Message) error {
	return s.m.timed(s.name, "save_message", func() error { return s.st.SaveMessage(ctx, m) })
}

func (s *timedStore) Messages(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.Message, error) {
	return timedValue(s.m, s.name, "messages", func() ([]store.Message, error) { return s.st.Messages(ctx, worldID, season, camp, sinceDay) })
}

func (s *timedStore) SaveProposal(ctx context.Context, p store.Proposal) error {
	return s.m.timed(s.name, "save_proposal", func() error { return s.st.SaveProposal(ctx, p) })
}

func (s *timedStore) Proposals(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.Proposal, error) {
	return timedValue(s.m, s.name, "proposals", func() ([]store.Proposal, error) {
		return s.st.Proposals(ctx, worldID, season, camp, sinceDay)
	})
}

func (s *timedStore) SetNotebook(ctx context.Context, n store.Notebook) error {
	return s.m.timed(s.name, "set_notebook", func() error { return s.st.SetNotebook(ctx, n) })
}

func (s *timedStore) Notebooks(ctx context.Context, worldID uint64, season int) ([]store.Notebook, error) {
	return timedValue(s.m, s.name, "notebooks", func() ([]store.Notebook, error) { return s.st.Notebooks(ctx, worldID, season) })
}

func (s *timedStore) CommitTick(ctx context.Context, t store.Tick) error {
	return s.m.timed(s.name, "commit_tick", func() error { return s.st.CommitTick(ctx, t) })
}

func (s *timedStore) LatestTick(ctx context.Context, worldID uint64, season int) (store.Tick, error) {
	return timedValue(s.m, s.name, "latest_tick", func() (store.Tick, error) { return s.st.LatestTick(ctx, worldID, season) })
}

func (s *timedStore) TickAt(ctx context.Context, worldID uint64, season, day int) (store.Tick, error) {
	return timedValue(s.m, s.name, "tick_at", func() (store.Tick, error) { return s.st.TickAt(ctx, worldID, season, day) })
}

func (s *timedStore) Orders(ctx context.Context, worldID uint64, season int) ([]store.Order, error) {
	return timedValue(s.m, s.name, "orders", func() ([]store.Order, error) { return s.st.Orders(ctx, worldID, season) })
}

func (s *timedStore) Results(ctx context.Context, worldID uint64, season, camp, sinceDay, untilDay int) ([]store.Order, error) {
	return timedValue(s.m, s.name, "results", func() ([]store.Order, error) {
		return s.st.Results(ctx, worldID, season, camp, sinceDay, untilDay)
	})
}

func (s *timedStore) TickHashes(ctx context.Context, worldID uint64, season int) ([]store.Tick, error) {
	return timedValue(s.m, s.name, "tick_hashes", func() ([]store.Tick, error) { return s.st.TickHashes(ctx, worldID, season) })
}

func (s *timedStore) Journal(ctx context.Context, worldID uint64, season, camp, sinceDay int) ([]store.JournalEntry, error) {
	return timedValue(s.m, s.name, "journal", func() ([]store.JournalEntry, error) { return s.st.Journal(ctx, worldID, season, camp, sinceDay) })
}

func (s *timedStore) Season(ctx context.Context, worldID uint64, season int) (store.Season, error) {
	return timedValue(s.m, s.name, "season", func() (store.Season, error) { return s.st.Season(ctx, worldID, season) })
}

func (s *timedStore) Pacts(ctx context.Context, worldID uint64, season int) ([]store.Pact, error) {
	return timedValue(s.m, s.name, "pacts", func() ([]store.Pact, error) { return s.st.Pacts(ctx, worldID, season) })
}

func (s *timedStore) PactChanges(ctx context.Context, worldID uint64, season int) ([]store.PactChange, error) {
	return timedValue(s.m, s.name, "pact_changes", func() ([]store.PactChange, error) { return s.st.PactChanges(ctx, worldID, season) })
}

func (s *timedStore) PutSeasonResults(ctx context.Context, results []store.SeasonResult) error {
	return s.m.timed(s.name, "put_season_results", func() error { return s.st.PutSeasonResults(ctx, results) })
}

func (s *timedStore) SeasonResults(ctx context.Context, worldID uint64, season int) ([]store.SeasonResult, error) {
	return timedValue(s.m, s.name, "season_results", func() ([]store.SeasonResult, error) { return s.st.SeasonResults(ctx, worldID, season) })
}

func (s *timedStore) Ping(ctx context.Context) error {
	return s.m.timed(s.name, "ping", func() error { return s.st.Ping(ctx) })
}

func (s *timedStore) Close() error { return s.st.Close() }

func (s *timedLeaser) AcquireLease(ctx context.Context, worldID uint64, owner string, ttl time.Duration) (store.Lease, error) {
	return timedValue(s.m, s.name, "acquire_lease", func() (store.Lease, error) { return s.l.AcquireLease(ctx, worldID, owner, ttl) })
}

func (s *timedLeaser) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	return timedValue(s.m, s.name, "renew_lease", func() (store.Lease, error) { return s.l.RenewLease(ctx, l, ttl) })
}

func (s *timedLeaser) ReleaseLease(ctx context.Context, l store.Lease) error {
	return s.m.timed(s.name, "release_lease", func() error { return s.l.ReleaseLease(ctx, l) })
}

func (s *timedLeaser) LeaseOf(ctx context.Context, worldID uint64) (store.Lease, error) {
	return timedValue(s.m, s.name, "lease_of", func() (store.Lease, error) { return s.l.LeaseOf(ctx, worldID) })
}

func (s *timedLeaser) Fenced(l store.Lease) store.Store {
	return &timedStore{st: s.l.Fenced(l), m: s.m, name: s.name}
}

func (s *timedStore) RevokedSince(ctx context.Context, mark uint64) (hashes [][]byte, next uint64, err error) {
	err = s.m.timed(s.name, "revoked_since", func() (err error) {
		hashes, next, err = s.st.RevokedSince(ctx, mark)
		return err
	})
	return hashes, next, err
}
