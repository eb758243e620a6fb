package web

import (
	"context"
	"slices"
	"sync"

	"google.golang.org/grpc"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file keeps the seasons' chronicles the pages draw from: every
// frame, journal and message of a season, fetched page by page once and
// kept. A closed season never changes; a running season (an admin's,
// through GetTimeline) only grows, so only its last page is fetched again.
// The cache is never a door: every request that reads it has first made
// its own call with its own token (a running season's data is read only
// after the request's GetFrame or GetTimeline answered), or reads a closed
// season, which is public.

// maxSeasons is how many seasons the cache keeps, the least recently used
// going first.
const maxSeasons = 6

// seasonKey names a season in the cache; a running season's entry is
// apart from the same season's once closed (whose first page carries the
// results).
type seasonKey struct {
	world  uint64
	season int32
	closed bool
	// lang is the language its journals were fetched in.
	lang lang.Lang
}

// journalLine is a journal entry and the camps whose journals hold it:
// Camp's, and Also's when other camps were told the same thing the same
// day (a public event a ruleset writes in every camp's journal, as the
// Castle does: see addJournal).
type journalLine struct {
	Camp  int32
	Also  []int32 `json:",omitempty"`
	Entry *pb.JournalEntry
}

// camps returns how many camps' journals hold the line.
func (j journalLine) camps() int { return 1 + len(j.Also) }

// sameEntry reports whether a and b say the same thing on the same day:
// kind, narration, why and zones.
func sameEntry(a, b *pb.JournalEntry) bool {
	return a.GetDay() == b.GetDay() && a.GetKind() == b.GetKind() && a.GetNarration() == b.GetNarration() &&
		a.GetWhy() == b.GetWhy() && slices.Equal(a.GetZones(), b.GetZones())
}

// addJournal adds camp's entry e to its day's lines: a line of its own,
// or, when another camp's journal holds the same entry that day (sameEntry),
// the camp joins that line, so that an event told to several camps is
// shown once, with every camp it was told to. Two same entries of one
// camp's journal stay two lines.
func addJournal(lines []journalLine, camp int32, e *pb.JournalEntry) []journalLine {
	for i := range lines {
		l := &lines[i]
		if l.Camp != camp && !slices.Contains(l.Also, camp) && sameEntry(l.Entry, e) {
			l.Also = append(l.Also, camp)
			return lines
		}
	}
	return append(lines, journalLine{Camp: camp, Entry: e})
}

// season is a season's chronicle as far as it was fetched. mu guards
// every field.
type season struct {
	mu sync.Mutex
	// first is the first page, without its frames, journals and messages:
	// the results, boards and titles of a closed season.
	first *pb.Chronicle
	// frames are the season's frames in day order; series their measures.
	frames []*pb.Frame
	series []*seriesDay
	// journals and messages are by day.
	journals map[int32][]journalLine
	messages map[int32][]*pb.CampMessage
	// lastPage is the token of the last page fetched ("" for the first),
	// lastDay the first day that page held; complete is set once a closed
	// season is all fetched.
	lastPage string
	lastDay  int32
	complete bool
}

// chronicleCache holds the seasons; mu guards m and order.
type chronicleCache struct {
	mu    sync.Mutex
	m     map[seasonKey]*season
	order []seasonKey
}

func newChronicleCache() *chronicleCache {
	return &chronicleCache{m: make(map[seasonKey]*season)}
}

// get returns the cache's entry for k, creating it.
func (c *chronicleCache) get(k seasonKey) *season {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := slices.Index(c.order, k); i >= 0 {
		c.order = append(slices.Delete(c.order, i, i+1), k)
		return c.m[k]
	}
	s := &season{journals: make(map[int32][]journalLine), messages: make(map[int32][]*pb.CampMessage)}
	c.m[k] = s
	c.order = append(c.order, k)
	if len(c.order) > maxSeasons {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	return s
}

// fetchPage fetches one page of a season's chronicle.
type fetchPage func(ctx context.Context, req *pb.GetChronicleRequest, opts ...grpc.CallOption) (*pb.Chronicle, error)

// pageSize is the number of days a chronicle page asks for (the most the
// server gives).
const pageSize = 50

// load fetches what the season lacks: a closed season until it is
// complete, a running one until it holds day upTo (-1: all it has). It
// returns the season locked; the caller unlocks it.
func (s *season) load(ctx context.Context, world uint64, number int32, closed bool, upTo int32, fetch fetchPage) error {
	s.mu.Lock()
	if s.complete || (upTo >= 0 && len(s.frames) > 0 && s.frames[len(s.frames)-1].GetDay() >= upTo) {
		return nil
	}
	tok := s.lastPage
	for {
		page, err := fetch(ctx, &pb.GetChronicleRequest{WorldId: world, Season: number, PageSize: pageSize, PageToken: tok})
		if err != nil {
			s.mu.Unlock()
			return err
		}
		if tok == "" && s.first == nil {
			s.first = &pb.Chronicle{Season: page.GetSeason(), GloryBoards: page.GetGloryBoards(), Players: page.GetPlayers(),
				Titles: page.GetTitles(), RollOfHonour: page.GetRollOfHonour(), Notebooks: page.GetNotebooks()}
		}
		s.add(page)
		if page.GetNextPageToken() == "" {
			s.complete = closed
			return nil
		}
		tok = page.GetNextPageToken()
		s.lastPage = tok
	}
}

// add puts a page's days in the season, replacing those it already had
// from the page's first day on (a running season's last page grows).
func (s *season) add(page *pb.Chronicle) {
	if len(page.GetFrames()) == 0 {
		return
	}
	from := page.GetFrames()[0].GetDay()
	cut := len(s.frames)
	for cut > 0 && s.frames[cut-1].GetDay() >= from {
		cut--
	}
	s.frames, s.series = s.frames[:cut], s.series[:cut]
	for d := range s.journals {
		if d >= from {
			delete(s.journals, d)
		}
	}
	for d := range s.messages {
		if d >= from {
			delete(s.messages, d)
		}
	}
	for _, f := range page.GetFrames() {
		s.frames = append(s.frames, f)
		s.series = append(s.series, pointsOf(f))
	}
	for _, j := range page.GetJournals() {
		for _, e := range j.GetEntries() {
			s.journals[e.GetDay()] = addJournal(s.journals[e.GetDay()], j.GetCamp(), e)
		}
	}
	for _, m := range page.GetMessages() {
		s.messages[m.GetDay()] = append(s.messages[m.GetDay()], m)
	}
	s.lastDay = from
}

// frame returns the season's frame of day, or the last one before it.
func (s *season) frame(day int32) *pb.Frame {
	i, found := slices.BinarySearchFunc(s.frames, day, func(f *pb.Frame, d int32) int { return int(f.GetDay() - d) })
	switch {
	case found:
		return s.frames[i]
	case i > 0:
		return s.frames[i-1]
	case len(s.frames) > 0:
		return s.frames[0]
	}
	return nil
}

// recentJournal returns the journal lines of days from-to, newest day
// first.
func (s *season) recentJournal(from, to int32) []journalLine {
	var out []journalLine
	for d := to; d >= from; d-- {
		out = append(out, s.journals[d]...)
	}
	return out
}
