package web

import (
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestJournalOnce checks the rule of the chronicle's journal lines: an
// entry the same in several camps' journals on the same day (kind,
// narration, why and zones: a public event each camp was told) is one
// line, attributed to every camp (every city for a Castle) when all hold
// it, else to the camps that do, by name; entries that differ in any of
// those, or fall on other days, stay apart, and so do two same entries of
// one camp's journal.
func TestJournalOnce(t *testing.T) {
	names := []string{"Provins", "Troyes", "Meaux", "Sens"}
	entry := func(day int32, kind, narration, why string, zones ...int32) *pb.JournalEntry {
		return &pb.JournalEntry{Day: day, Kind: kind, Narration: narration, Why: why, Zones: zones}
	}
	roll := entry(5, "turn", "Turn 2: city 1 rolls the die: gold.", "gold 3->4")
	war := entry(5, "war", "City 0 attacks city 1.", "army 4 against 3")
	type held struct {
		camp    int32
		entries []*pb.JournalEntry
	}
	for _, c := range []struct {
		name   string
		cities bool
		camps  []held
		want   []string // each line: who, then narration
	}{
		{"a public event, told to every city", true,
			[]held{{0, []*pb.JournalEntry{roll}}, {1, []*pb.JournalEntry{roll}}, {2, []*pb.JournalEntry{roll}}, {3, []*pb.JournalEntry{roll}}},
			[]string{"every city: " + roll.Narration}},
		{"a public event, told to every camp", false,
			[]held{{0, []*pb.JournalEntry{roll}}, {1, []*pb.JournalEntry{roll}}, {2, []*pb.JournalEntry{roll}}, {3, []*pb.JournalEntry{roll}}},
			[]string{"every camp: " + roll.Narration}},
		{"an event told to the cities but two", true,
			[]held{{0, []*pb.JournalEntry{entry(5, "war_won", "You attack city 1.", "")}}, {1, []*pb.JournalEntry{entry(5, "war_lost", "City 0 attacks you.", "")}},
				{2, []*pb.JournalEntry{war}}, {3, []*pb.JournalEntry{war}}},
			[]string{"Provins: You attack city 1.", "Troyes: City 0 attacks you.", "Meaux, Sens: " + war.Narration}},
		{"the same words, another why", true,
			[]held{{0, []*pb.JournalEntry{entry(5, "gain", "You gain.", "1")}}, {1, []*pb.JournalEntry{entry(5, "gain", "You gain.", "2")}}},
			[]string{"Provins: You gain.", "Troyes: You gain."}},
		{"the same words, other zones", false,
			[]held{{0, []*pb.JournalEntry{entry(5, "scout", "Scouts return.", "", 3)}}, {1, []*pb.JournalEntry{entry(5, "scout", "Scouts return.", "", 4)}}},
			[]string{"Provins: Scouts return.", "Troyes: Scouts return."}},
		{"the same words, another kind", false,
			[]held{{0, []*pb.JournalEntry{entry(5, "a", "Rain.", "")}}, {1, []*pb.JournalEntry{entry(5, "b", "Rain.", "")}}},
			[]string{"Provins: Rain.", "Troyes: Rain."}},
		{"twice in one journal, twice in another", false,
			[]held{{0, []*pb.JournalEntry{roll, roll}}, {1, []*pb.JournalEntry{roll, roll}}},
			[]string{"Provins, Troyes: " + roll.Narration, "Provins, Troyes: " + roll.Narration}},
		{"twice in one journal alone", false,
			[]held{{2, []*pb.JournalEntry{roll, roll}}},
			[]string{"Meaux: " + roll.Narration, "Meaux: " + roll.Narration}},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := &pb.Chronicle{Frames: []*pb.Frame{{Day: 5}}}
			for _, h := range c.camps {
				page.Journals = append(page.Journals, &pb.CampJournal{Camp: h.camp, Entries: h.entries})
			}
			s := &season{journals: map[int32][]journalLine{}, messages: map[int32][]*pb.CampMessage{}}
			s.add(page)
			d := journalData{Lines: s.journals[5], Names: names, Cities: c.cities}
			var got []string
			for _, l := range d.Lines {
				got = append(got, d.who(lang.EN, l)+": "+l.Entry.GetNarration())
			}
			if len(got) != len(c.want) {
				t.Fatalf("got lines %q; want %q", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("line %d is %q; want %q", i, got[i], c.want[i])
				}
			}
		})
	}
	// Another day's same entry is another line.
	s := &season{journals: map[int32][]journalLine{}, messages: map[int32][]*pb.CampMessage{}}
	s.add(&pb.Chronicle{Frames: []*pb.Frame{{Day: 5}, {Day: 6}}, Journals: []*pb.CampJournal{
		{Camp: 0, Entries: []*pb.JournalEntry{roll}}, {Camp: 1, Entries: []*pb.JournalEntry{entry(6, roll.Kind, roll.Narration, roll.Why)}}}})
	if got := s.recentJournal(5, 6); len(got) != 2 || len(got[0].Also)+len(got[1].Also) != 0 {
		t.Errorf("the same entry on days 5 and 6: %v; want two lines of one camp each", got)
	}
	if fr := (journalData{Names: names, Cities: true}).who(lang.FR, journalLine{Camp: 0, Also: []int32{1, 2, 3}}); fr != "toutes les cités" {
		t.Errorf("every city in French: %q", fr)
	}
}
