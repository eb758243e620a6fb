package postgres

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grisonval/server/server/store"
)

// Group commit (docs/persistence.md, "Group commit"): the ticks that
// worlds commit at the same moment are written together, as one implicit
// transaction sent in one round trip and made durable by one flush of
// PostgreSQL's log. Each world's tick stays atomic (the group is), and
// CommitTick returns only once the group's transaction has committed: a
// tick is never acknowledged before it is durable. A tick whose
// statements fail (a conflict, a lost lease) rolls the whole group back;
// it gets its error and the others are sent again without it.

// Bounds of a group: a group is sent as soon as a committer is free, with
// every tick queued by then, up to these.
const (
	maxGroupTicks = 64
	maxGroupSteps = 1024
)

// committers is how many groups may be in flight at once: while one waits
// for its flush, the next gathers the ticks that come meanwhile.
const committers = 2

// sendGrouped runs steps, a tick's write to world worldID under fence when
// it is set, atomically within the next group, and returns the first step's
// error as its fail makes it.
func (s *Store) sendGrouped(ctx context.Context, fence *store.Lease, worldID uint64, steps []step) error {
	steps, err := withFence(fence, worldID, steps)
	if err != nil {
		return err
	}
	return s.groups.Do(ctx, worldID, steps, len(steps))
}

// commitGroup commits the ticks of g, each its steps, in one transaction
// and returns each tick's error: a tick whose step fails the transaction
// gets its error, and the others are sent again without it.
func (s *Store) commitGroup(ctx context.Context, g [][]step) []error {
	errs := make([]error, len(g))
	live := make([]int, len(g)) // the ticks of g still to send
	for i := range live {
		live[i] = i
	}
	for len(live) > 0 {
		failed, err := s.sendGroup(ctx, g, live)
		if failed < 0 {
			for _, i := range live {
				errs[i] = err
			}
			break
		}
		errs[live[failed]] = err
		live = append(live[:failed], live[failed+1:]...)
	}
	return errs
}

// sendGroup sends the steps of the ticks live of g as one implicit
// transaction in one round trip. It returns the index in live of the tick
// whose step failed and that step's error, as its fail makes it, or -1 and
// the group's outcome (nil: every tick committed).
func (s *Store) sendGroup(ctx context.Context, g [][]step, live []int) (int, error) {
	b := &pgx.Batch{}
	for _, i := range live {
		for _, st := range g[i] {
			b.Queue(st.sql, st.args...)
		}
	}
	br := s.pool.SendBatch(ctx, b)
	for k, i := range live {
		for _, st := range g[i] {
			if _, err := br.Exec(); err != nil {
				br.Close()
				e, ok := errors.AsType[*pgconn.PgError](err)
				if !ok {
					// No statement's answer (the connection, the
					// deadline): the group's outcome.
					return -1, err
				}
				if st.fail != nil {
					if ferr := st.fail(e); ferr != nil {
						return k, ferr
					}
				}
				return k, err
			}
		}
	}
	return -1, br.Close()
}

// tickStep is the statement that writes tick t but for its pending orders'
// fates, its pact changes and its season's end: the tick (store.ErrConflict
// if it exists), its season's start, the world's deadline, its standing
// orders and its journal, rows given as arrays, so that a tick is a
// statement or a few however long its journal.
func tickStep(t store.Tick) step {
	var (
		camps                             []int32
		players, actions, args, reasons   []string
		statuses, codes, fields, messages []string
		submitted                         []time.Time
		timedOut                          []bool
		seqs, jcamps                      []int32
		kinds, zones, narrations, whys    []string
	)
	for _, o := range t.Orders {
		if o.Status != store.OrderStanding && o.Status != store.OrderStandingStale {
			continue
		}
		camps, players, actions, args = append(camps, int32(o.Camp)), append(players, o.Player), append(actions, o.Action), append(args, intArray(o.Args))
		reasons, submitted, statuses = append(reasons, o.Reason), append(submitted, micro(o.SubmittedAt)), append(statuses, o.Status)
		codes, fields, messages, timedOut = append(codes, o.Code), append(fields, o.Field), append(messages, o.Message), append(timedOut, o.TimedOut)
	}
	for seq, e := range t.Journal {
		seqs, jcamps, kinds = append(seqs, int32(seq)), append(jcamps, int32(e.Camp)), append(kinds, e.Kind)
		zones, narrations, whys = append(zones, intArray(e.Zones)), append(narrations, e.Narration), append(whys, e.Why)
	}
	return step{
		sql: `WITH tick AS (
				INSERT INTO ticks (world_id, season, day, state, hash, committed_at)
				VALUES ($1, $2, $3, coalesce($4::bytea, ''), $5, $6)
			), season AS (
				INSERT INTO seasons (world_id, season, first_day, started_at) VALUES ($1, $2, $3, $6)
				ON CONFLICT DO NOTHING
			), deadline AS (
				UPDATE worlds SET deadline = $7::timestamptz WHERE id = $1
			), played AS (
				INSERT INTO orders (` + orderColumns + `)
				SELECT $1, $2, $3, o.camp, o.player, '` + store.RulerSeat + `', o.action, o.args::integer[], o.reason,
					o.submitted_at, o.status, o.code, o.field, o.message, o.timed_out
				FROM unnest($8::integer[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[],
					$14::text[], $15::text[], $16::text[], $17::text[], $18::boolean[])
					AS o(camp, player, action, args, reason, submitted_at, status, code, field, message, timed_out)
			), journal AS (
				INSERT INTO journal (world_id, season, day, seq, camp, kind, zones, narration, why)
				SELECT $1, $2, $3, j.seq, j.camp, j.kind, j.zones::integer[], j.narration, j.why
				FROM unnest($19::integer[], $20::integer[], $21::text[], $22::text[], $23::text[], $24::text[])
					AS j(seq, camp, kind, zones, narration, why)
			)
			SELECT`,
		args: []any{int64(t.WorldID), t.Season, t.Day, t.State, t.Hash, micro(t.CommittedAt), deadline(t.Deadline),
			camps, players, actions, args, reasons, submitted, statuses, codes, fields, messages, timedOut,
			seqs, jcamps, kinds, zones, narrations, whys},
		fail: func(e *pgconn.PgError) error {
			// A journal entry of the tick's day exists only with its tick:
			// either key says the tick exists, whichever the statement
			// met first.
			if e.Code == uniqueViolation && (e.ConstraintName == "ticks_pkey" || e.ConstraintName == "journal_pkey") {
				return store.ErrConflict
			}
			return nil
		},
	}
}

// intArray returns l as the text of a PostgreSQL integer array, "{}" for
// none: a row's array inside an array of rows (unnest cannot take arrays
// of arrays of different lengths).
func intArray(l []int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('}')
	return b.String()
}
