package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/metrics"
	"github.com/grisonval/server/server/store"
)

// commitTimeout bounds one store write of the world loop.
const commitTimeout = 10 * time.Second

// A day whose commit failed is tried again after commitRetryFirst, then
// after twice as long each time, at most commitRetryMax, until it commits:
// its deadline does not move (rule TICK-5), and a store back from an outage
// sees the day within commitRetryMax.
const (
	commitRetryFirst = 250 * time.Millisecond
	commitRetryMax   = 2 * time.Second
)

// commitRetry returns how long the loop waits after the n-th failed commit
// in a row (n >= 1) before it tries the day again.
func commitRetry(n int) time.Duration {
	d := commitRetryFirst
	for i := 1; i < n && d < commitRetryMax; i++ {
		d *= 2
	}
	return min(d, commitRetryMax)
}

// writeCtx returns the context of a store write the world loop makes for a
// caller: it runs to its end even if the caller gives up (the loop's memory
// and the store must never disagree), within commitTimeout.
func writeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), commitTimeout)
}

// watcherBuffer is how many tick notices a watcher may fall behind before
// it is dropped.
const watcherBuffer = 16

// runner is the world loop of one world: one goroutine that owns the
// world's state, its settings, the pending orders of the next day and the
// watchers. Every other goroutine reaches them through do; runner's methods
// other than do, start and stop run only on that goroutine.
type runner struct {
	id      uint64       // the world's ID; never changes
	rs      game.Ruleset // the world's ruleset; never changes
	store   store.Store
	clock   clock.Clock
	base    zerolog.Logger // with the world field
	aiGrace time.Duration
	metrics *metrics.Metrics // nil records nothing

	reqs chan request
	wake chan struct{}
	quit chan struct{}
	done chan struct{}
	// stopOnce closes quit; quitErr, set before, is what watchers are told.
	stopOnce sync.Once
	quitErr  error

	// views holds each camp's complete view as the loop last built it
	// (views.go): read by any goroutine, written only by the loop; wire
	// their encodings (wire.go), nil for none.
	views atomic.Pointer[campViews]
	// frames holds the world's public frame as the loop last built it,
	// like views (views.go).
	frames atomic.Pointer[worldFrames]
	wire   *wireViews
	// viewsRead marks the views and frames read since the last day's notices
	// (readBit): the loop builds after a day only those its callers read
	// after the last one (views.go).
	viewsRead atomic.Uint64

	// The fields below belong to the run goroutine (and to the loader
	// before it starts).
	log      zerolog.Logger // base with the season and tick fields
	settings store.World
	state    game.State
	hash     string
	// pending, standing and played have one entry per camp. pending are
	// the orders posted for the next day; standing the camps' standing
	// orders of the season (nil: the idle order); played the plays of the
	// last resolved day (nil before day 1). sent counts the messages each
	// seat of each camp sent for the next day.
	pending  []*play
	standing []*play
	played   []*play
	sent     map[seatKey]int
	// proposals are each camp's councillors' proposals for the next day,
	// in the order posted, one a seat.
	proposals [][]store.Proposal
	// humansDone is when every living camp not played by the AI had posted
	// for the next day; zero while one has not.
	humansDone time.Time
	// failures counts the failed commits of the next day in a row; the
	// day is tried again at retryAt (commitRetry), not before, whatever
	// the deadline and the camps that posted say. The deadline itself,
	// settings.Deadline, stays.
	failures int
	retryAt  time.Time
	timer    clock.Timer
	timerAt  time.Time // when timer fires
	watchers map[*watcher]struct{}
	// leaseLost is set by a write that found the world's lease gone: the
	// loop ends at once, before anything else runs.
	leaseLost bool
	// closed is set once the season's close is stored (season.go): the
	// world then waits for CreateSeason or ResetSeason.
	closed bool
	// rec is what the loop keeps of the season's journal, messages and
	// notebooks (recent.go).
	rec recent
	// outages samples the log lines of commits that failed for a store
	// outage, the server's (outage.go); nil logs each.
	outages *limits.Sampler
	// callLog samples the log lines a camp's calls may repeat at their
	// rate: its replaced orders, its refused ones (N10 of issue 34).
	callLog *limits.Sampler
}

// request is a function run on the world's goroutine. Once it has run, the
// loop forgets the views it may have changed (drop): every camp's
// (dropAll), one camp's (a camp number) or none (dropNone).
type request struct {
	fn   func()
	done chan struct{}
	drop int
}

// What a request changes of the camps' views.
const (
	dropAll  = -1
	dropNone = -2
)

// tickEvent tells watchers that the world moved to a day.
type tickEvent struct {
	season   int
	day      int
	deadline time.Time // zero when the world has none
	journal  []store.JournalEntry
	// played are the plays of the day (nil entries for day 0).
	played []*play
}

// watcher receives the tick notices of a camp of a world. The runner closes
// ch when it drops the watcher, after setting err to why.
type watcher struct {
	camp int
	// lang is the language of the camp's notices on this stream.
	lang lang.Lang
	ch   chan *sharedNotice
	err  error
}

// snapshot is a copy of a world's settings and position.
type snapshot struct {
	settings store.World
	day      int
	hash     string
	deadline time.Time
}

// errTooSlow drops a watcher that fell behind.
var errTooSlow = errors.New("watcher fell behind")

// loadRunner loads a world's last committed tick and pending orders. A world
// with no tick for its season (its setup commit failed) gets its setup tick
// now; a season over but not closed (the server stopped before its close)
// is closed now. With a lease, every write of the runner is fenced by it (see
// leasedStore).
func loadRunner(ctx context.Context, cfg Config, w store.World, lease *store.Lease) (*runner, error) {
	rs, err := cfg.Rulesets.find(w.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("load world %d: %w", w.ID, err)
	}
	r := &runner{
		id: w.ID, rs: rs, store: cfg.Store, clock: cfg.Clock, aiGrace: cfg.AIGrace, metrics: cfg.Metrics,
		base:     cfg.Log.With().Uint64("world", w.ID).Logger(),
		reqs:     make(chan request),
		wake:     make(chan struct{}, 1),
		quit:     make(chan struct{}),
		done:     make(chan struct{}),
		settings: w,
		watchers: make(map[*watcher]struct{}),
	}
	r.newSeason()
	if lease != nil {
		r.store = newLeasedStore(cfg.Store, *lease, r)
	}
	t, err := r.store.LatestTick(ctx, w.ID, w.Season)
	if errors.Is(err, store.ErrNotFound) {
		if err := r.commitSetup(ctx); err != nil {
			return nil, err
		}
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load world %d: %w", w.ID, err)
	}
	state, err := decodeState(rs, t.State)
	if err != nil {
		return nil, fmt.Errorf("load world %d day %d: %w", w.ID, t.Day, err)
	}
	if !hashIs(rs, state, t.Hash) {
		return nil, fmt.Errorf("load world %d day %d: state hash %s; stored %s", w.ID, t.Day, rs.Hash(state), t.Hash)
	}
	r.setState(state, t.Hash)
	if !r.settings.Deadline.After(t.CommittedAt) {
		// No deadline stored since the tick (a binary older than the
		// deadline's column wrote it): the day is counted from its tick.
		r.settings.Deadline = t.CommittedAt.Add(r.settings.DayLimit())
	}
	if err := r.loadClosed(ctx); err != nil {
		return nil, err
	}
	orders, err := r.store.PendingOrders(ctx, w.ID, w.Season, state.Day()+1)
	if err != nil {
		return nil, fmt.Errorf("load pending orders of world %d: %w", w.ID, err)
	}
	for _, o := range orders {
		if o.Camp < 0 || o.Camp >= w.Camps {
			return nil, fmt.Errorf("load pending orders of world %d: camp %d", w.ID, o.Camp)
		}
		p := playOf(o)
		r.pending[o.Camp] = &p
	}
	for _, o := range t.Orders {
		if o.Camp >= 0 && o.Camp < w.Camps {
			p := playOf(o)
			r.played[o.Camp] = &p
		}
	}
	if err := r.loadCampState(ctx); err != nil {
		return nil, err
	}
	if !r.closed && r.seasonOver() {
		// The server stopped between the season's last tick and its close
		// (rule SEA-RETRY): close it now, before anyone sees the world.
		r.log.Warn().Msg("season over but not closed: closing it")
		r.closeAtLastDay()
	}
	return r, nil
}

// loadCampState loads the camps' standing orders of the season and their
// councillors' proposals for the next day, and counts the messages they
// sent for it.
func (r *runner) loadCampState(ctx context.Context) error {
	w := r.settings
	standing, err := r.store.StandingOrders(ctx, w.ID, w.Season)
	if err != nil {
		return fmt.Errorf("load standing orders of world %d: %w", w.ID, err)
	}
	for _, o := range standing {
		if o.Camp < 0 || o.Camp >= w.Camps {
			return fmt.Errorf("load standing orders of world %d: camp %d", w.ID, o.Camp)
		}
		p := standingOf(o)
		r.standing[o.Camp] = &p
	}
	day := r.state.Day() + 1
	for c := range w.Camps {
		props, err := r.store.Proposals(ctx, w.ID, w.Season, c, day)
		if err != nil {
			return fmt.Errorf("load proposals of world %d: %w", w.ID, err)
		}
		for _, p := range props {
			if p.Day == day {
				r.proposals[c] = append(r.proposals[c], p)
			}
		}
		msgs, err := r.store.Messages(ctx, w.ID, w.Season, c, day)
		if err != nil {
			return fmt.Errorf("load messages of world %d: %w", w.ID, err)
		}
		for _, m := range msgs {
			if m.From == c && m.Day == day {
				r.sent[seatKey{c, store.SeatOrRuler(m.Seat)}]++
			}
		}
	}
	return nil
}

// commitSetup commits day 0 of the world's current season, from its seed's
// setup with the enrolments made for it before (rule SEA-ENROL), and makes
// it the state. Pending orders are dropped.
func (r *runner) commitSetup(ctx context.Context) error {
	players, err := loadEnrolled(ctx, r.store, r.id, r.settings.Season)
	if err != nil {
		return fmt.Errorf("enrolments of season %d: %w", r.settings.Season, err)
	}
	setup, err := r.rs.Setup(game.Setup{Seed: r.settings.Seed, Camps: r.settings.Camps, Season: r.settings.Season, Players: setupPlayers(players)})
	if err != nil {
		return fmt.Errorf("set up season %d of world %d: %w", r.settings.Season, r.id, err)
	}
	return r.commitSetupState(ctx, setup)
}

// commitSetupState commits state as day 0 of the world's current season,
// which is open, and makes it the state. Pending orders are dropped.
func (r *runner) commitSetupState(ctx context.Context, state game.State) error {
	enc, hash, err := encodeState(r.rs, state)
	if err != nil {
		return err
	}
	now := r.clock.Now()
	t := store.Tick{WorldID: r.settings.ID, Season: r.settings.Season, Day: 0, State: enc, Hash: hash,
		CommittedAt: now, Deadline: deadlineAfter(now, r.settings.DayLimit())}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if err := r.store.CommitTick(wctx, t); err != nil {
		return fmt.Errorf("commit setup of world %d season %d: %w", r.settings.ID, r.settings.Season, err)
	}
	r.settings.Deadline = t.Deadline
	r.setState(state, hash)
	r.newSeason()
	r.forgetRecent()
	r.humansDone, r.failures, r.retryAt, r.closed = time.Time{}, 0, time.Time{}, false
	r.log.Info().Msg("season set up")
	return nil
}

// setState makes state the world's current state.
func (r *runner) setState(state game.State, hash string) {
	r.state, r.hash = state, hash
	r.dropViews()
	r.log = r.base.With().Int("season", r.settings.Season).Int("tick", state.Day()).Logger()
}

// newDay forgets the orders posted and the messages sent for the day just
// resolved.
func (r *runner) newDay() {
	n := r.settings.Camps
	r.pending, r.sent, r.proposals = make([]*play, n), make(map[seatKey]int), make([][]store.Proposal, n)
}

// newSeason forgets every camp's orders: a season begins.
func (r *runner) newSeason() {
	r.newDay()
	n := r.settings.Camps
	r.standing, r.played = make([]*play, n), make([]*play, n)
}

// start runs the world loop. The world keeps its stored deadline: a day
// due while no server ran it resolves at once.
func (r *runner) start() {
	go r.run()
}

// stop ends the world loop and waits for it. Watchers are closed with
// errStopped.
func (r *runner) stop() {
	r.stopWith(errStopped)
}

// stopWith ends the world loop, if it still runs, and waits for it.
// Watchers are closed with err. A tick being resolved is finished (committed
// or not) first: the loop only stops between two steps.
func (r *runner) stopWith(err error) {
	r.quitWith(err)
	<-r.done
}

// quitWith tells the world loop to end, if it still runs, without waiting
// for it. Watchers are closed with err.
func (r *runner) quitWith(err error) {
	r.stopOnce.Do(func() {
		r.quitErr = err
		close(r.quit)
	})
}

// running reports whether the world loop still runs.
func (r *runner) running() bool {
	select {
	case <-r.done:
		return false
	default:
		return true
	}
}

// do runs fn on the world's goroutine and returns its error, or why the
// loop ended (errStopped, or the world moved) if it has. fn may change anything: every camp's view is
// built anew after it.
func (r *runner) do(ctx context.Context, fn func() error) error {
	return r.request(ctx, dropAll, fn)
}

// read is do for a fn that changes nothing any camp's view shows.
func (r *runner) read(ctx context.Context, fn func() error) error {
	return r.request(ctx, dropNone, fn)
}

// doFor is do for a fn that changes only what camp sees.
func (r *runner) doFor(ctx context.Context, camp int, fn func() error) error {
	return r.request(ctx, camp, fn)
}

// request runs fn on the world's goroutine, then forgets the views drop
// says fn may have changed, before the caller hears of it.
func (r *runner) request(ctx context.Context, drop int, fn func() error) error {
	var err error
	run := func() {
		if r.safely("request", func() { err = fn() }) {
			err = worldPanicked(ctx)
		}
	}
	req := request{fn: run, done: make(chan struct{}), drop: drop}
	select {
	case r.reqs <- req:
	case <-r.done:
		// Why it ended: the server stops (errStopped), or the world moved
		// to another replica.
		return r.quitErr
	case <-ctx.Done():
		return ctx.Err()
	}
	// The loop always finishes a request it took.
	<-req.done
	return err
}

func (r *runner) run() {
	defer close(r.done)
	r.log.Info().Dur("cadence", r.settings.Cadence).Dur("move_clock", r.settings.MoveClock).Bool("paused", r.settings.Paused).Time("deadline", r.deadline()).
		Msg("world loop started")
	for {
		if !r.leaseLost {
			// A panic pauses the world (recover.go).
			r.safely("tick", r.schedule)
		}
		if r.leaseLost {
			r.log.Warn().Msg("lease lost: the world is run by another server now")
			r.quitWith(worldMoved(r.id))
			r.end(r.quitErr)
			return
		}
		select {
		case req := <-r.reqs:
			req.fn()
			switch req.drop {
			case dropNone:
			case dropAll:
				r.dropViews()
			default:
				r.dropView(req.drop)
			}
			close(req.done)
		case <-r.wake:
			// The timer fired (or a stopped one did): schedule arms anew.
			r.timer = nil
		case <-r.quit:
			r.end(r.quitErr)
			return
		}
	}
}

// end closes every watcher with err and disarms the timer; the loop then
// returns.
func (r *runner) end(err error) {
	r.disarm()
	// No view is built once the loop has ended: GetView then fails.
	r.dropViews()
	for w := range r.watchers {
		r.drop(w, err)
	}
	r.log.Info().Msg("world loop stopped")
}

// poke wakes the loop; it is the callback of the loop's timer.
func (r *runner) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// seasonOver reports whether the season has reached its last day, its game
// has ended, or it is closed.
func (r *runner) seasonOver() bool {
	return r.closed || r.lastDay(r.state)
}

// lastDay reports whether state ends the season: its length is reached or
// its game is over.
func (r *runner) lastDay(state game.State) bool {
	return r.settings.SeasonLength > 0 && state.Day() >= r.settings.SeasonLength || state.Over()
}

// deadline returns when the next tick resolves at the latest, the world's
// stored deadline, or zero when the world is paused or its season is over.
func (r *runner) deadline() time.Time {
	if r.settings.Paused || r.seasonOver() {
		return time.Time{}
	}
	return r.settings.Deadline
}

// schedule resolves the tick if it is due and arms the timer for the next
// moment something may become due.
func (r *runner) schedule() {
	for {
		deadline := r.deadline()
		if deadline.IsZero() {
			r.disarm()
			return
		}
		now := r.clock.Now()
		next, due := r.nextEvent(now, deadline)
		if !due {
			r.arm(now, next)
			return
		}
		r.disarm()
		// A failed commit is logged by resolve and tried again at
		// retryAt, which resolve has set.
		_ = r.resolve()
	}
}

// arm sets the timer to wake the loop at at. A timer already set for that
// instant is kept.
func (r *runner) arm(now, at time.Time) {
	if r.timer != nil && r.timerAt.Equal(at) {
		return
	}
	r.disarm()
	r.timer, r.timerAt = r.clock.AfterFunc(at.Sub(now), r.poke), at
}

// disarm stops the timer.
func (r *runner) disarm() {
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}

// nextEvent reports whether the tick is due at now and, if not, when it may
// become due. The tick is due at the deadline, or early once every living
// camp not played by the AI has posted and every living AI camp has posted
// or had aiGrace to do so since then. A world whose living camps are all
// played by the AI resolves early only when all of them have posted. A camp
// that waits (it has nothing to decide on the next day) is not waited for.
// After a failed commit, nothing is due before retryAt. In the tournament
// pace (rule TICK-7) the tick is due at the deadline, the end of the move
// clock, or as soon as every living camp that does not wait has posted,
// whoever plays it.
func (r *runner) nextEvent(now, deadline time.Time) (time.Time, bool) {
	if !r.retryAt.IsZero() && now.Before(r.retryAt) {
		return r.retryAt, false
	}
	if !now.Before(deadline) {
		return deadline, true
	}
	if r.settings.MoveClock > 0 {
		return deadline, len(r.unanswered()) == 0
	}
	humans, humansPosted, ais, aisPosted := 0, 0, 0, 0
	for c := range r.settings.Camps {
		if !r.state.Alive(c) || r.state.Waits(c) {
			continue
		}
		posted := r.pending[c] != nil
		if r.settings.Controllers[c].Kind == store.AI {
			ais++
			if posted {
				aisPosted++
			}
			continue
		}
		humans++
		if posted {
			humansPosted++
		}
	}
	if humans == 0 || humansPosted < humans {
		r.humansDone = time.Time{}
		return deadline, humans == 0 && ais > 0 && aisPosted == ais
	}
	if r.humansDone.IsZero() {
		r.humansDone = now
	}
	graceEnd := r.humansDone.Add(r.aiGrace)
	if aisPosted == ais || !now.Before(graceEnd) {
		return now, true
	}
	return earliest(deadline, graceEnd), false
}

// unanswered returns the living camps that have not posted for the next
// day, in camp order, leaving out those that wait.
func (r *runner) unanswered() []int {
	var out []int
	for c := range r.settings.Camps {
		if r.pending[c] == nil && r.state.Alive(c) && !r.state.Waits(c) {
			out = append(out, c)
		}
	}
	return out
}

func earliest(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// resolve plays the next day: the pending orders, the standing order of a
// camp that posted none. The state moves and watchers hear of it only once
// the tick is committed, with the next day's deadline; if the commit
// fails, state, pending orders and deadline stay and the day is tried
// again at retryAt.
func (r *runner) resolve() error {
	now := r.clock.Now()
	due := r.deadline()
	day := r.state.Day() + 1
	plays := dayPlays(r.rs, r.state, r.pending, r.standing, now)
	if r.settings.MoveClock > 0 && !due.IsZero() && !now.Before(due) {
		// The move clock ran out: the camps that had not answered play
		// their standing order, marked (rule TICK-7).
		for _, c := range r.unanswered() {
			plays[c].timedOut = true
		}
	}
	out := r.rs.Resolve(r.state, resolved(r.rs, plays))
	settle(plays, out)
	// The views kept are still the world's until the tick is committed:
	// served while it commits, they are what a caller a moment earlier
	// would have seen. A failure makes the world late, and drops them.
	enc, hash, err := encodeState(r.rs, out.State)
	if err != nil {
		r.failed(now)
		recycle(r.rs, out.State)
		r.log.Error().Err(err).Msg("tick not committed")
		return fmt.Errorf("resolve day %d: %w", day, err)
	}
	w := r.settings
	t := store.Tick{
		WorldID: w.ID, Season: w.Season, Day: day, State: enc, Hash: hash,
		Orders:       make([]store.Order, len(plays)),
		Journal:      journalToStore(w.ID, w.Season, out.Journal),
		Pacts:        pactsToStore(w.ID, w.Season, day, out.Pacts),
		LastOfSeason: r.lastDay(out.State),
		CommittedAt:  now,
		Deadline:     deadlineAfter(now, w.DayLimit()),
	}
	for c, p := range plays {
		t.Orders[c] = p.record(w.ID, w.Season, day, c)
	}
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	if err := r.store.CommitTick(ctx, t); err != nil {
		r.failed(now)
		recycle(r.rs, out.State)
		if o, ok := store.Unavailable(err); ok && r.outages != nil {
			// Every world fails alike: one line per cause and window.
			r.outages.Note("tick-not-committed:"+o.Cause, zerolog.ErrorLevel, "tick not committed: store unavailable; state kept",
				map[string]any{"world": r.id, "season": w.Season, "tick": day - 1, "error": o.Err.Error(),
					"retry_at": r.retryAt, "deadline": due, "failures": r.failures})
		} else {
			r.log.Error().Err(err).Time("retry_at", r.retryAt).Time("deadline", due).Int("failures", r.failures).
				Msg("tick not committed; state kept")
		}
		return fmt.Errorf("commit day %d: %w", day, err)
	}
	// The morning's state is no one's any more: views are built and
	// encoded in the loop, and the outcome shares nothing with it.
	old := r.state
	r.settings.Deadline = t.Deadline
	r.setState(out.State, hash)
	recycle(r.rs, old)
	r.newDay()
	r.recordTick(day, t.Journal)
	r.humansDone, r.failures, r.retryAt = time.Time{}, 0, time.Time{}
	r.played = make([]*play, len(plays))
	for c := range plays {
		p := &plays[c]
		r.played[c] = p
		ev := r.log.Debug().Int("camp", c).Str("action", p.order.Action).Ints("args", p.order.Args).Str("status", p.status)
		if p.refusal != nil {
			ev = ev.Str("code", p.refusal.Reason.Code())
		}
		ev.Msg("order played")
		if p.timedOut {
			r.log.Info().Int("camp", c).Dur("move_clock", w.MoveClock).Msg("move clock out: the camp played its standing order")
		}
	}
	r.log.Info().Str("hash", hash).Int("journal", len(t.Journal)).Msg("tick resolved")
	var late time.Duration // none for a paused world's forced tick, or a day resolved early
	if !due.IsZero() && now.After(due) {
		late = now.Sub(due)
	}
	r.metrics.Tick(r.rs.Info().Name, r.clock.Now().Sub(now), late)
	r.notify(tickEvent{season: w.Season, day: day, deadline: r.deadline(), journal: t.Journal, played: r.played})
	if t.LastOfSeason {
		r.closeAtLastDay()
	}
	return nil
}

// deadlineAfter returns the deadline of a day that begins at now: a
// cadence later, to the microsecond, as the stores keep it, so that the
// deadline a world shows is the same before and after it is loaded again.
func deadlineAfter(now time.Time, cadence time.Duration) time.Time {
	return now.Add(cadence).Truncate(time.Microsecond)
}

// failed counts a failed commit of the day tried at now and sets when it is
// tried again; the views kept are dropped, as they no longer say whether
// the world is late.
func (r *runner) failed(now time.Time) {
	r.failures++
	r.retryAt = now.Add(commitRetry(r.failures))
	r.dropViews()
}

// recycle hands s, which nothing uses any more, back to rs when it takes
// it (game.Recycler).
func recycle(rs game.Ruleset, s game.State) {
	if re, ok := rs.(game.Recycler); ok {
		re.Recycle(s)
	}
}

// notify sends every watcher its camp's notice of ev, built once for all
// the camp's watchers in one language (and encoded once, by the first
// stream that writes it: sharedNotice); one that fell behind is dropped, and
// so are the watchers of a camp whose notice cannot be built.
func (r *runner) notify(ev tickEvent) {
	type built struct {
		n   *sharedNotice
		err error
	}
	type key struct {
		camp int
		lang lang.Lang
	}
	notices := make(map[key]built)
	for w := range r.watchers {
		k := key{w.camp, w.lang}
		b, ok := notices[k]
		if !ok {
			var n *pb.TickNotice
			n, b.err = r.notice(ev, w.camp, w.lang)
			b.n = &sharedNotice{msg: n}
			notices[k] = b
		}
		if b.err != nil {
			r.drop(w, b.err)
			continue
		}
		select {
		case w.ch <- b.n:
		default:
			r.drop(w, errTooSlow)
		}
	}
	read := r.viewsRead.Swap(0)
	for k := range notices {
		if read&readBit(k.camp, k.lang) != 0 {
			r.prebuild(k.camp, k.lang)
		}
	}
}

// notice returns camp's notice of ev in l, with the messages it received
// for that day, read from the store. An event without a season (a season's
// setup or close) has none, nor has the spectators' notice.
func (r *runner) notice(ev tickEvent, camp int, l lang.Lang) (*pb.TickNotice, error) {
	var msgs []store.Message
	if ev.season != 0 && camp != spectatorCamp {
		ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
		defer cancel()
		rec, err := r.recentLog(ctx)
		if err != nil {
			r.log.Error().Err(err).Int("camp", camp).Msg("tick notice not built; the camp's streams end")
			return nil, err
		}
		msgs = receivedOn(rec.messages[camp], camp, ev.day)
	}
	return tickNotice(r.id, camp, ev, msgs, l), nil
}

// drop closes a watcher with err.
func (r *runner) drop(w *watcher, err error) {
	w.err = err
	close(w.ch)
	delete(r.watchers, w)
}

// snapshot returns a copy of the world's settings and position.
func (r *runner) snapshot() snapshot {
	return snapshot{settings: r.settings, day: r.state.Day(), hash: r.hash, deadline: r.deadline()}
}

// updateSettings stores new settings and makes them the world's.
func (r *runner) updateSettings(ctx context.Context, w store.World) error {
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if err := r.store.UpdateWorld(wctx, w); err != nil {
		return fmt.Errorf("update world %d: %w", w.ID, err)
	}
	r.settings = w
	return nil
}
