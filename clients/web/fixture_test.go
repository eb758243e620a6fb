package web

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// update rewrites the late-game fixtures of testdata from a bot-played
// season on the real server.
var update = flag.Bool("update", false, "play a season with the bots and rewrite testdata/late-*.json")

// lateDay is the day of the late-game fixtures.
const lateDay = 150

// fixture is a late-game day: the frame, camp 0's view, and the season's
// measures and journal up to it.
type fixture struct {
	frame   *pb.Frame
	view    *pb.CampView
	series  []*seriesDay
	journal []journalLine
}

// TestUpdateFixtures plays seed 2 with the bots to day lateDay and writes
// the fixtures (with -update only).
func TestUpdateFixtures(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the fixtures")
	}
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 200}, DefaultPoll)
	var series []*seriesDay
	series = append(series, pointsOf(s.frame(t)))
	for s.day(t) < lateDay {
		s.playDay(t, s.allCamps()...)
		series = append(series, pointsOf(s.frame(t)))
	}
	// The journal of the last days, as the observer's page shows it.
	var journal []journalLine
	for tok := ""; ; {
		tl, err := s.srv.Admin.GetTimeline(s.srv.AdminContext(t.Context()), &pb.GetChronicleRequest{WorldId: s.world.ID, Season: 1, PageSize: 50, PageToken: tok})
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range tl.GetJournals() {
			for _, e := range j.GetEntries() {
				if e.GetDay() > lateDay-journalDays {
					journal = append(journal, journalLine{Camp: j.GetCamp(), Entry: e})
				}
			}
		}
		if tok = tl.GetNextPageToken(); tok == "" {
			break
		}
	}
	writeProto(t, "late-frame.json", s.frame(t))
	writeProto(t, "late-view.json", s.view(t, 0))
	writeJSON(t, "late-series.json", series)
	writeJSON(t, "late-journal.json", journal)
}

func writeProto(t *testing.T, name string, m proto.Message) {
	t.Helper()
	b, err := protojson.MarshalOptions{Indent: " "}.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadFixture reads the late-game fixtures.
func loadFixture(t testing.TB) fixture {
	t.Helper()
	var f fixture
	f.frame, f.view = &pb.Frame{}, &pb.CampView{}
	for name, m := range map[string]proto.Message{"late-frame.json": f.frame, "late-view.json": f.view} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := protojson.Unmarshal(b, m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for name, v := range map[string]any{"late-series.json": &f.series, "late-journal.json": &f.journal} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return f
}
