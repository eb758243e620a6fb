package grisonval

import "github.com/grisonval/server/lang"

// Status says what became of a camp's order in a tick.
type Status uint8

// Order statuses. Append only.
const (
	Applied Status = iota + 1
	// Stale: the order was valid when posted but not when the tick resolved.
	Stale
)

// Result is what became of one camp's order.
type Result struct {
	Order  Order
	Status Status
	Err    *RuleError // set when Status is Stale
}

// Entry is one journal entry for one camp: an immersive narration and a
// factual "why", each written in both languages (DESIGN decision 8).
type Entry struct {
	Day       int       `json:"day"`
	Camp      CampID    `json:"camp"`
	Kind      string    `json:"kind"`
	Zones     []ZoneID  `json:"zones,omitempty"`
	Narration lang.Text `json:"narration"`
	Why       lang.Text `json:"why,omitzero"`
}

// Outcome is the result of one tick.
type Outcome struct {
	World   *World
	Results [NumCamps]Result
	Journal []Entry
	// Pacts are the changes of the pairs' diplomatic records, in order.
	Pacts []PactEvent
}

// tick is the work area of one resolution.
type tick struct {
	prev    *World // the state at the start of the tick; never modified
	w       *World
	orders  [NumCamps]Order
	results [NumCamps]Result
	journal []Entry
	news    []news
	pacts   []PactEvent
	spies   []spyMission  // the day's spy missions, reported in the spies phase
	streams []streamEntry // see (*tick).stream
	// streamsBuf backs streams, room for a busy tick's: half a dozen for
	// each camp (aging, moods, experience, events, patrons, births...) and
	// those of marches and spies.
	streamsBuf [32]streamEntry
	rands      [32]Rand // the streams of streamsBuf

	// diplomats[c] is set when camp c's order is diplomatic: it is resolved
	// in the diplomacy phase (rule DIP-2). facts[c] counts what happened to
	// camp c today, for the politics phase (rule LEG-1).
	diplomats [NumCamps]bool
	facts     [NumCamps][numFacts]int
	// stats[c] are camp c's kingdom statistics as its production computed
	// them (taxes, rule EDI-2). What they are made of (zones, council,
	// edicts, ongoing events, cut-off land) does not move before its
	// edicts are kept in the upkeep phase (rule EDI-6), which reads them.
	stats [NumCamps]Stats

	// scratch backs indices, in scratchBuf while a camp's citizens fit.
	scratch    []int32
	scratchBuf [64]int32

	// campStats are the achievements' statistics of the camp they check.
	campStats campStats
}

// indices returns a buffer of n citizen indices, for a phase to list the
// citizens it will visit. The buffer is the tick's: it is valid until the
// next call.
func (t *tick) indices(n int) []int32 {
	if t.scratch == nil {
		t.scratch = t.scratchBuf[:0]
	}
	if cap(t.scratch) < n {
		// Room for a few more: the day's births and arrivals.
		t.scratch = make([]int32, n, n+n/8)
	}
	return t.scratch[:n]
}

// phase is one named step of a tick.
type phase struct {
	name string
	run  func(*tick)
}

// Phases is the fixed order of a tick; engine/grisonval/doc.go explains each one.
var phases = []phase{
	{"orders", (*tick).validateOrders},
	{"actions", (*tick).applyActions},
	{"diplomacy", (*tick).diplomacy},
	{"production", (*tick).produce},
	{"upkeep", (*tick).upkeep},
	{"consumption", (*tick).consume},
	{"events", (*tick).rollEventsAndPatrons},
	{"society", (*tick).liveSociety},
	{"marches", (*tick).march},
	{"arrivals", (*tick).arrive},
	{"sieges", (*tick).besiege},
	{"extinction", (*tick).extinguish},
	{"cut-off", (*tick).cutOffLand},
	{"politics", (*tick).politics},
	{"succession", (*tick).succeed},
	{"council", (*tick).council},
	{"spies", (*tick).reportSpies},
	{"achievements", (*tick).unlockAchievements},
	{"vision", (*tick).see},
}

// PhaseNames returns the names of a tick's phases in order.
func PhaseNames() []string {
	names := make([]string, len(phases))
	for i, p := range phases {
		names[i] = p.name
	}
	return names
}

// Resolve plays one tick: every camp's order for day w.Day+1, resolved
// simultaneously. It never modifies w. orders[c] is camp c's order (the
// caller puts the standing order there when the camp posted none).
func Resolve(w *World, orders [NumCamps]Order) Outcome { return ResolveInto(nil, w, orders) }

// ResolveInto is Resolve writing the next day over spare, a world no longer
// needed (see CloneInto), instead of into fresh memory: the outcome's World
// is spare. A nil spare is Resolve.
func ResolveInto(spare, w *World, orders [NumCamps]Order) Outcome {
	if spare == w && w != nil {
		panic("engine: ResolveInto over the world it resolves")
	}
	t := &tick{prev: w, w: w.CloneInto(spare), orders: orders}
	t.w.Day++
	for _, p := range phases {
		p.run(t)
	}
	t.countArms()
	t.woundRulers()
	t.deliverNews()
	return Outcome{World: t.w, Results: t.results, Journal: t.journal, Pacts: t.pacts}
}
