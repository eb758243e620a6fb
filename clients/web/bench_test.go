package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// offline returns a web face whose connection leads nowhere: what the
// benchmarks and the size test render needs no call.
func offline(t testing.TB) *Server {
	t.Helper()
	conn, err := grpc.NewClient("passthrough:///nowhere", grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	s, err := New(Config{Conn: conn})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// observerPage renders the observer's page of the fixture, as the handler
// does once its calls answered.
func observerPage(t testing.TB, s *Server, fx fixture, w io.Writer) {
	sn := &season{series: fx.series, journals: map[int32][]journalLine{}}
	for _, l := range fx.journal {
		sn.journals[l.Entry.GetDay()] = append(sn.journals[l.Entry.GetDay()], l)
	}
	body := frameBodyOf(lang.EN, fx.frame, sn)
	body.World, body.WorldName, body.Season, body.Running = 1, "Grisonval", 1, true
	if err := s.pages[lang.EN].ExecuteTemplate(w, "observer", page{Title: "Grisonval", CSRF: "x", Kind: "admin", State: "/world/1/state.json", Day: body.Day, Body: body}); err != nil {
		t.Fatal(err)
	}
}

// campPageOf renders camp 0's page of the fixture.
func campPageOf(t testing.TB, s *Server, fx fixture, w io.Writer) {
	body := s.campBodyOf(lang.EN, fx.view, nil, fx.view.GetDay())
	if err := s.pages[lang.EN].ExecuteTemplate(w, "camp", page{Title: "camp", CSRF: "x", Kind: "camp", State: "/camp/state.json", Day: fx.view.GetDay(), Body: body}); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkObserverPage renders the observer's page of day 150 of a
// bot-played season: the map, the banner, the tabs and the plots of the
// season.
func BenchmarkObserverPage(b *testing.B) {
	s, fx := offline(b), loadFixture(b)
	var size int
	for b.Loop() {
		var w strings.Builder
		observerPage(b, s, fx, &w)
		size = w.Len()
	}
	b.ReportMetric(float64(size), "bytes/page")
}

// BenchmarkCampPage renders camp 0's page of day 150 from its view.
func BenchmarkCampPage(b *testing.B) {
	s, fx := offline(b), loadFixture(b)
	var size int
	for b.Loop() {
		var w strings.Builder
		campPageOf(b, s, fx, &w)
		size = w.Len()
	}
	b.ReportMetric(float64(size), "bytes/page")
}

// TestWeights checks the budgets on day 150 of a bot-played
// season: a page under 200 KB, the polled state under 2 KB.
func TestWeights(t *testing.T) {
	s, fx := offline(t), loadFixture(t)
	var obs, camp strings.Builder
	observerPage(t, s, fx, &obs)
	campPageOf(t, s, fx, &camp)
	rec := httptest.NewRecorder()
	writeState(rec, frameState(fx.frame))
	var st liveState
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil || st.Day != fx.frame.GetDay() {
		t.Fatalf("state %s: %v", rec.Body.String(), err)
	}
	for _, c := range []struct {
		what      string
		size, max int
	}{
		{"the observer's page", obs.Len(), 200 << 10},
		{"a camp's page", camp.Len(), 200 << 10},
		{"the observer's polled state", rec.Body.Len(), 2 << 10},
	} {
		t.Logf("%s: %d bytes", c.what, c.size)
		if c.size > c.max {
			t.Errorf("%s weighs %d bytes; want at most %d", c.what, c.size, c.max)
		}
	}
}

// TestObserverDiplomacy checks the observer's diplomacy tab on day 150 of
// the bot-played season: each pair's relation with its record (since when,
// a door still closed, the refusals) and a pending proposal.
func TestObserverDiplomacy(t *testing.T) {
	s, fx := offline(t), loadFixture(t)
	g := fx.frame.GetGrisonval()
	if len(g.GetRelations()) != 3 {
		t.Fatalf("fixture: %d relations; want 3", len(g.GetRelations()))
	}
	r := g.GetRelations()[0]
	r.Relation, r.Since, r.ClosedUntil, r.Refusals = "peace", 120, fx.frame.GetDay()+4, 2
	g.GetRelations()[1].Proposal = &pb.Proposal{Pact: "alliance", FromCamp: 2, Day: 148, ExpiresDay: 154}
	var w strings.Builder
	observerPage(t, s, fx, &w)
	names := map[int32]string{}
	for _, c := range g.GetCamps() {
		names[c.GetCamp()] = c.GetName()
	}
	for _, want := range []string{
		fmt.Sprintf("%s</span>: peace since day 120; the door is closed until day %d; 2 proposal(s) refused</li>", names[r.GetB()], fx.frame.GetDay()+4),
		fmt.Sprintf("; %s proposes alliance (day 148, open until day 154)</li>", names[2]),
	} {
		if !strings.Contains(w.String(), want) {
			i := strings.Index(w.String(), "p-diplomacy")
			t.Errorf("no %q in the diplomacy tab:\n%s", want, w.String()[i:min(len(w.String()), i+1500)])
		}
	}
}
