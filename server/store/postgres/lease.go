package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
)

var _ store.Leaser = (*Store)(nil)

// ownerDead is true of a lease l whose owner's heartbeat has run out (a
// replica that writes none, a binary older than the replicas table, never
// has a dead one).
const ownerDead = `EXISTS (SELECT FROM replicas r WHERE r.owner = l.owner AND r.expires_at <= now())`

// leaseColumns are a lease's columns, read from leases as l: it is live
// while its expiry is ahead and its owner's heartbeat has not run out.
const leaseColumns = `l.world_id, l.owner, l.epoch, l.expires_at, l.expires_at > now() AND NOT ` + ownerDead

func scanLease(row pgx.Row) (store.Lease, error) {
	var (
		l     store.Lease
		world int64
	)
	if err := row.Scan(&world, &l.Owner, &l.Epoch, &l.Expires, &l.Live); err != nil {
		return store.Lease{}, err
	}
	l.WorldID, l.Expires = uint64(world), l.Expires.UTC()
	return l, nil
}

// AcquireLease takes world's lease for owner for ttl if it has none, if it
// has expired or its owner's heartbeat has run out, or if owner holds it
// already; the epoch grows. Otherwise it returns the holder's lease and
// store.ErrLeaseHeld; store.ErrNotFound if the world does not exist.
func (s *Store) AcquireLease(ctx context.Context, worldID uint64, owner string, ttl time.Duration) (store.Lease, error) {
	l, err := scanLease(s.pool.QueryRow(ctx, `
		INSERT INTO leases AS l (world_id, owner, epoch, expires_at)
		SELECT id, $2, 1, now() + $3 * interval '1 microsecond' FROM worlds WHERE id = $1
		ON CONFLICT (world_id) DO UPDATE
		SET owner = excluded.owner, epoch = l.epoch + 1, expires_at = excluded.expires_at
		WHERE l.expires_at <= now() OR l.owner = excluded.owner OR `+ownerDead+`
		RETURNING `+leaseColumns, int64(worldID), owner, ttl.Microseconds()))
	if err == nil {
		return l, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, fmt.Errorf("acquire lease of world %d: %w", worldID, err)
	}
	// Either the world does not exist or another process holds it.
	held, err := s.LeaseOf(ctx, worldID)
	if errors.Is(err, store.ErrNotFound) {
		if _, werr := s.World(ctx, worldID); werr != nil {
			return store.Lease{}, fmt.Errorf("acquire lease: %w", werr)
		}
	}
	if err != nil {
		return store.Lease{}, fmt.Errorf("acquire lease of world %d: %w", worldID, err)
	}
	return held, fmt.Errorf("acquire lease of world %d: held by %s: %w", worldID, held.Owner, store.ErrLeaseHeld)
}

// RenewLease extends a held lease to ttl from now, or returns
// store.ErrLeaseLost if it has expired or changed hands.
func (s *Store) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	renewed, err := scanLease(s.pool.QueryRow(ctx, `
		UPDATE leases AS l SET expires_at = now() + $4 * interval '1 microsecond'
		WHERE world_id = $1 AND owner = $2 AND epoch = $3 AND expires_at > now()
		RETURNING `+leaseColumns, int64(l.WorldID), l.Owner, l.Epoch, ttl.Microseconds()))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, fmt.Errorf("renew lease of world %d epoch %d: %w", l.WorldID, l.Epoch, store.ErrLeaseLost)
	}
	if err != nil {
		return store.Lease{}, fmt.Errorf("renew lease of world %d: %w", l.WorldID, err)
	}
	return renewed, nil
}

// ReleaseLease ends a held lease at once; a lease no longer held is left
// alone.
func (s *Store) ReleaseLease(ctx context.Context, l store.Lease) error {
	_, err := s.pool.Exec(ctx, `UPDATE leases SET expires_at = now()
		WHERE world_id = $1 AND owner = $2 AND epoch = $3 AND expires_at > now()`,
		int64(l.WorldID), l.Owner, l.Epoch)
	if err != nil {
		return fmt.Errorf("release lease of world %d: %w", l.WorldID, err)
	}
	return nil
}

// LeaseOf returns the world's lease, live or not (not once its owner's
// heartbeat has run out), or store.ErrNotFound if it never had one (its
// row, made with the world, is of epoch 0).
func (s *Store) LeaseOf(ctx context.Context, worldID uint64) (store.Lease, error) {
	l, err := scanLease(s.pool.QueryRow(ctx, `SELECT `+leaseColumns+` FROM leases l WHERE world_id = $1 AND epoch > 0`, int64(worldID)))
	if err != nil {
		return store.Lease{}, fmt.Errorf("lease of world %d: %w", worldID, notFound(err))
	}
	return l, nil
}

// Fenced returns the store seen by l's holder: SaveOrder,
// SetStandingOrder, SaveMessage, SaveProposal, SetNotebook, CommitTick,
// UpdateWorld and EnrolAtSetup check l in their own transaction and fail with
// store.ErrLeaseLost, storing nothing, once l is no longer held. It is
// safe for concurrent use.
func (s *Store) Fenced(l store.Lease) store.Store {
	return &fenced{Store: s, lease: l}
}

// fenced is the store of a lease holder.
type fenced struct {
	*Store
	lease store.Lease
}

// SaveOrder saves an order if the lease is held.
func (f *fenced) SaveOrder(ctx context.Context, o store.Order) error {
	return f.saveOrder(ctx, o, &f.lease)
}

// SetStandingOrder sets a standing order if the lease is held.
func (f *fenced) SetStandingOrder(ctx context.Context, o store.StandingOrder) error {
	return f.setStandingOrder(ctx, o, &f.lease)
}

// SaveMessage saves a message if the lease is held.
func (f *fenced) SaveMessage(ctx context.Context, m *store.Message) error {
	return f.saveMessage(ctx, m, &f.lease)
}

// CommitTick commits a tick if the lease is held.
func (f *fenced) CommitTick(ctx context.Context, t store.Tick) error {
	return f.commitTick(ctx, t, &f.lease)
}

// UpdateWorld updates the world's settings if the lease is held.
func (f *fenced) UpdateWorld(ctx context.Context, w store.World) error {
	return f.updateWorld(ctx, w, &f.lease)
}

// EnrolAtSetup enrols a player at its season's setup if the lease is held.
func (f *fenced) EnrolAtSetup(ctx context.Context, c store.Career, e store.Enrolment, setup store.Tick) error {
	return f.enrolAtSetup(ctx, c, e, setup, &f.lease)
}

// Close does nothing: the holder does not own the store.
func (f *fenced) Close() error { return nil }

// RenewLeases renews, in one statement, every lease of ls held by owner,
// each to ttl from now, and returns those renewed and the worlds whose
// lease it left for now because a write under it was in flight (a fence
// holds the lease's row): waiting for such writes, which may wait for the
// disk, would hold back the renewal of every other lease. A lease of ls in
// neither has expired or changed hands. An error renews none. The leases
// not renewed, seldom many, are told apart by a second statement; if it
// fails, they are all reported under a write.
//
// It runs on a connection of its own, so that the worlds' traffic never
// makes a renewal wait for a connection, and without waiting for the
// disk (synchronous_commit off): a renewal that a crash of PostgreSQL
// loses only shortens the lease, and every write under it checks the lease
// in the database.
func (s *Store) RenewLeases(ctx context.Context, owner string, ls []store.Lease, ttl time.Duration) (renewed []store.Lease, busy []uint64, err error) {
	worlds, epochs := make([]int64, len(ls)), make([]int64, len(ls))
	for i, l := range ls {
		worlds[i], epochs[i] = int64(l.WorldID), l.Epoch
	}
	// One pass over the leases renews those free; the few left out are
	// then told apart, held under a write or lost.
	rows, _ := s.renewals.Query(ctx, `
		WITH free AS (
			SELECT l.world_id FROM leases AS l JOIN unnest($2::bigint[], $3::bigint[]) AS h(world_id, epoch)
				ON l.world_id = h.world_id AND l.epoch = h.epoch
			WHERE l.owner = $1 AND l.expires_at > now()
			FOR NO KEY UPDATE OF l SKIP LOCKED
		)
		UPDATE leases AS l SET expires_at = now() + $4 * interval '1 microsecond'
		FROM free WHERE l.world_id = free.world_id
		RETURNING l.world_id, l.owner, l.epoch, l.expires_at`,
		owner, worlds, epochs, ttl.Microseconds())
	renewed, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Lease, error) {
		var (
			l     store.Lease
			world int64
		)
		err := r.Scan(&world, &l.Owner, &l.Epoch, &l.Expires)
		l.WorldID, l.Expires, l.Live = uint64(world), l.Expires.UTC(), true
		return l, err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("renew %d leases of %s: %w", len(ls), owner, err)
	}
	if len(renewed) == len(ls) {
		return renewed, nil, nil
	}
	done := make(map[uint64]bool, len(renewed))
	for _, l := range renewed {
		done[l.WorldID] = true
	}
	worlds, epochs = worlds[:0], epochs[:0]
	for _, l := range ls {
		if !done[l.WorldID] {
			worlds, epochs = append(worlds, int64(l.WorldID)), append(epochs, l.Epoch)
		}
	}
	rows, _ = s.renewals.Query(ctx, `
		SELECT l.world_id FROM leases AS l JOIN unnest($2::bigint[], $3::bigint[]) AS h(world_id, epoch)
			ON l.world_id = h.world_id AND l.epoch = h.epoch
		WHERE l.owner = $1 AND l.expires_at > now()`, owner, worlds, epochs)
	held, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		// The renewals stand; the others are tried again at the next
		// round, as if under a write.
		held = worlds
	}
	for _, id := range held {
		busy = append(busy, uint64(id))
	}
	return renewed, busy, nil
}

// WorldsToTake returns, in ID order, the worlds that owner may take, but
// for the worlds of running, which owner runs already: in free those never
// leased or whose lease has expired, and with dead those whose owner's
// heartbeat has run out; with own, in mine those whose live lease is
// owner's own (a past life of a process at the same address: no other
// process may take them before they expire). It also returns how many
// worlds the store holds: the replicas share them out.
//
// It reads the leases in one pass and no world but those it returns: every
// world has a lease row from its creation (migration 00023), so the leases
// count the worlds, and the dead owners are read once, not a lease at a
// time. At 10,000 worlds it costs PostgreSQL a fraction of the join of
// every world to its lease and to running that it replaces
// (BenchmarkUpkeep, docs/performance.md).
func (s *Store) WorldsToTake(ctx context.Context, owner string, running []uint64, own, dead bool) (free, mine []store.World, total int, err error) {
	var freeIDs, mineIDs []int64
	err = s.pool.QueryRow(ctx, `SELECT count(*),
			coalesce(array_agg(world_id ORDER BY world_id) FILTER (WHERE free), '{}'),
			coalesce(array_agg(world_id ORDER BY world_id) FILTER (WHERE NOT free AND $2 AND owner = $1), '{}')
		FROM (SELECT world_id, owner, expires_at <= now()
				OR ($3 AND owner IN (SELECT owner FROM replicas WHERE expires_at <= now())) AS free
			FROM leases) AS l`, owner, own, dead).Scan(&total, &freeIDs, &mineIDs)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("worlds to take for %s: %w", owner, err)
	}
	if err := s.analyseLeases(ctx, total); err != nil {
		return nil, nil, 0, fmt.Errorf("worlds to take for %s: %w", owner, err)
	}
	runs := make(map[int64]bool, len(running))
	for _, id := range running {
		runs[int64(id)] = true
	}
	runsHere := func(id int64) bool { return runs[id] }
	freeIDs, mineIDs = slices.DeleteFunc(freeIDs, runsHere), slices.DeleteFunc(mineIDs, runsHere)
	if len(freeIDs)+len(mineIDs) == 0 {
		return nil, nil, total, nil
	}
	rows, _ := s.pool.Query(ctx, `SELECT `+worldColumns+` FROM worlds w WHERE w.id = ANY($1) ORDER BY w.id`,
		append(slices.Clone(freeIDs), mineIDs...))
	ws, err := pgx.CollectRows(rows, scanWorld)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("worlds to take for %s: %w", owner, err)
	}
	isMine := make(map[uint64]bool, len(mineIDs))
	for _, id := range mineIDs {
		isMine[uint64(id)] = true
	}
	for _, w := range ws {
		if isMine[w.ID] {
			mine = append(mine, w)
		} else {
			free = append(free, w)
		}
	}
	return free, mine, total, nil
}

// analyseFrom is the number of worlds from which WorldsToTake keeps the
// leases' statistics (analyseLeases).
const analyseFrom = 64

// analyseLeases analyses the leases table when the store holds at least
// analyseFrom worlds and twice as many as at the last analysis by this
// process: a few times in the life of a store, a few milliseconds each.
// Every write under a lease reads its lease (the fence) by a plan that each
// connection keeps; a plan made while the table was thought empty scans
// every lease, and it is kept until the table's statistics change. A new
// database's leases are thought empty for good (migration 00023's CLUSTER
// recorded 0 rows), and a database without autovacuum, or whose autovacuum
// has not come by yet, never changes them: at 5,000 worlds four fences in
// ten scanned the 5,000 leases, 0.47 ms a tick (docs/performance.md,
// "Later still"). An analysis replaces those plans on every connection.
func (s *Store) analyseLeases(ctx context.Context, total int) error {
	last := s.analysed.Load()
	if total < analyseFrom || int64(total) < 2*last || !s.analysed.CompareAndSwap(last, int64(total)) {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `ANALYZE leases`); err != nil {
		s.analysed.Store(last) // the next round tries again
		return fmt.Errorf("analyse leases: %w", err)
	}
	return nil
}

// Heartbeat renews owner's heartbeat to ttl from now, making its row at its
// first call, and grows its generation when bump is set (a replica that
// starts or releases worlds). It returns every replica that has a row,
// live or not, by address, as they were before this heartbeat (owner's own
// as it is after). It runs on the renewals' connection, without waiting
// for the disk (see RenewLeases): a heartbeat a crash of PostgreSQL loses
// only shortens it.
func (s *Store) Heartbeat(ctx context.Context, owner string, ttl time.Duration, bump bool) ([]store.Replica, error) {
	rows, _ := s.renewals.Query(ctx, `
		WITH beat AS (
			INSERT INTO replicas AS r (owner, expires_at, generation)
			VALUES ($1, now() + $2 * interval '1 microsecond', CASE WHEN $3 THEN 1 ELSE 0 END)
			ON CONFLICT (owner) DO UPDATE
			SET expires_at = excluded.expires_at, generation = r.generation + CASE WHEN $3 THEN 1 ELSE 0 END
			RETURNING r.owner, r.generation
		)
		SELECT owner, true, generation FROM beat
		UNION ALL
		SELECT owner, expires_at > now(), generation FROM replicas WHERE owner <> $1
		ORDER BY 1`, owner, ttl.Microseconds(), bump)
	rs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Replica, error) {
		var x store.Replica
		err := r.Scan(&x.Owner, &x.Live, &x.Generation)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("heartbeat of %s: %w", owner, err)
	}
	return rs, nil
}

// ReleaseLeases ends at once, in one statement, every lease of ls that
// owner still holds; a lease no longer held (expired, or taken again, at a
// later epoch) is left alone. A replica that stops releases its thousands
// of leases so, where one ReleaseLease each would take a round trip each.
func (s *Store) ReleaseLeases(ctx context.Context, owner string, ls []store.Lease) error {
	worlds, epochs := make([]int64, len(ls)), make([]int64, len(ls))
	for i, l := range ls {
		worlds[i], epochs[i] = int64(l.WorldID), l.Epoch
	}
	_, err := s.pool.Exec(ctx, `UPDATE leases AS l SET expires_at = now()
		FROM unnest($2::bigint[], $3::bigint[]) AS h(world_id, epoch)
		WHERE l.world_id = h.world_id AND l.epoch = h.epoch AND l.owner = $1 AND l.expires_at > now()`,
		owner, worlds, epochs)
	if err != nil {
		return fmt.Errorf("release %d leases of %s: %w", len(ls), owner, err)
	}
	return nil
}

// Depart ends owner's heartbeat now and grows its generation: the replica
// stops, and the others take whatever it still holds at once.
func (s *Store) Depart(ctx context.Context, owner string) error {
	_, err := s.pool.Exec(ctx, `UPDATE replicas SET expires_at = now(), generation = generation + 1 WHERE owner = $1`, owner)
	if err != nil {
		return fmt.Errorf("depart %s: %w", owner, err)
	}
	return nil
}
