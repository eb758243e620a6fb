package server

import (
	"context"
	"fmt"

	"github.com/grisonval/server/server/store"
)

// recent is what a world's loop keeps of its season's journal, messages and
// notebooks for the camps' views and tick notices: each camp's journal of
// the days a view shows, its messages from the first of those days, and
// its notebook. The loop is the only writer of its world's journal,
// messages and notes (another server process forwards a camp's writes to
// the lease holder), so once it has read them for a season it follows them
// itself, and the views rebuilt after each tick read nothing of the store
// (docs/performance.md, "1,000 clients").
type recent struct {
	// season is the season read; 0 before the first read and after a
	// season's setup, which drops what was kept.
	season int
	// since is the first day kept.
	since    int
	journal  [][]store.JournalEntry
	messages [][]store.Message
	notes    []store.Notebook
}

// viewSince returns the first day of journal a view shows when day is the
// last day resolved.
func viewSince(day int) int { return max(1, day-viewJournalDays+1) }

// recentLog returns what the loop keeps of the current season, reading it
// from the store the first time. It runs on the loop.
func (r *runner) recentLog(ctx context.Context) (*recent, error) {
	w := r.settings
	if r.rec.season == w.Season {
		return &r.rec, nil
	}
	since := viewSince(r.state.Day())
	rec := recent{season: w.Season, since: since, journal: make([][]store.JournalEntry, w.Camps),
		messages: make([][]store.Message, w.Camps), notes: make([]store.Notebook, w.Camps)}
	for c := range w.Camps {
		entries, err := r.store.Journal(ctx, w.ID, w.Season, c, since)
		if err != nil {
			return nil, fmt.Errorf("read journal of camp %d: %w", c, err)
		}
		rec.journal[c] = entries
		if rec.messages[c], err = r.store.Messages(ctx, w.ID, w.Season, c, since); err != nil {
			return nil, fmt.Errorf("read messages of camp %d: %w", c, err)
		}
		rec.notes[c] = store.Notebook{WorldID: w.ID, Season: w.Season, Camp: c}
	}
	nbs, err := r.store.Notebooks(ctx, w.ID, w.Season)
	if err != nil {
		return nil, fmt.Errorf("read notebooks: %w", err)
	}
	for _, n := range nbs {
		if n.Camp >= 0 && n.Camp < w.Camps {
			rec.notes[n.Camp] = n
		}
	}
	r.rec = rec
	return &r.rec, nil
}

// forgetRecent drops what the loop keeps: a season is set up again.
func (r *runner) forgetRecent() { r.rec = recent{} }

// recordTick adds the journal of day, just committed, to what the loop
// keeps, and forgets the days a view no longer shows. It runs on the loop.
func (r *runner) recordTick(day int, journal []store.JournalEntry) {
	rec := &r.rec
	if rec.season != r.settings.Season {
		return
	}
	for _, e := range journal {
		if e.Camp >= 0 && e.Camp < len(rec.journal) {
			rec.journal[e.Camp] = append(rec.journal[e.Camp], e)
		}
	}
	rec.since = viewSince(day)
	for c := range rec.journal {
		rec.journal[c] = keepFrom(rec.journal[c], rec.since, func(e store.JournalEntry) int { return e.Day })
		rec.messages[c] = keepFrom(rec.messages[c], rec.since, func(m store.Message) int { return m.Day })
	}
}

// keepFrom returns the items of s of day since or later, which are last
// (s is in order of day).
func keepFrom[T any](s []T, since int, day func(T) int) []T {
	i := 0
	for i < len(s) && day(s[i]) < since {
		i++
	}
	return s[i:]
}

// recordMessage adds m, just saved, to its sender's and its recipient's
// messages. It runs on the loop.
func (r *runner) recordMessage(m store.Message) {
	rec := &r.rec
	if rec.season != m.Season || m.From < 0 || m.From >= len(rec.messages) || m.To < 0 || m.To >= len(rec.messages) {
		return
	}
	rec.messages[m.From] = append(rec.messages[m.From], m)
	if m.To != m.From {
		rec.messages[m.To] = append(rec.messages[m.To], m)
	}
}

// recordNotebook keeps n, just written, as its camp's notebook. It runs on
// the loop.
func (r *runner) recordNotebook(n store.Notebook) {
	if r.rec.season == n.Season && n.Camp >= 0 && n.Camp < len(r.rec.notes) {
		r.rec.notes[n.Camp] = n
	}
}

// windowMessages returns msgs, a camp's messages from a view's first day,
// that a view of the day being decided, day, shows: at most viewMessages
// of the latest.
func windowMessages(msgs []store.Message, day int) []store.Message {
	var out []store.Message
	for _, m := range msgs {
		if m.Day <= day {
			out = append(out, m)
		}
	}
	return out[max(0, len(out)-viewMessages):]
}

// receivedOn returns the messages of msgs camp received for day.
func receivedOn(msgs []store.Message, camp, day int) []store.Message {
	var out []store.Message
	for _, m := range msgs {
		if m.Day == day && m.To == camp {
			out = append(out, m)
		}
	}
	return out
}
