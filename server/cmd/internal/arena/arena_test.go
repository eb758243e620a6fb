package arena

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/store/pgtest"
)

func TestRoundRobinPlan(t *testing.T) {
	for _, tc := range []struct{ n, k, seeds, want int }{
		{5, 3, 2, 10 * 3 * 2},
		{4, 2, 1, 6 * 2},
		{6, 6, 3, 1 * 6 * 3},
	} {
		seeds := make([]uint64, tc.seeds)
		for i := range seeds {
			seeds[i] = uint64(i + 1)
		}
		plan := RoundRobinPlan(tc.n, tc.k, seeds)
		if len(plan) != tc.want {
			t.Fatalf("%d entrants, %d camps, %d seeds: %d matches; want %d", tc.n, tc.k, tc.seeds, len(plan), tc.want)
		}
		// Every entrant sits in every seat equally often, and plays each
		// other entrant equally often.
		seat := make([][]int, tc.n)
		for i := range seat {
			seat[i] = make([]int, tc.k)
		}
		for _, p := range plan {
			seen := map[int]bool{}
			for c, e := range p.Seats {
				if seen[e] {
					t.Fatalf("match %v seats entrant %d twice", p.Seats, e)
				}
				seen[e] = true
				seat[e][c]++
			}
		}
		for e := range seat {
			for c := range seat[e] {
				if seat[e][c] != seat[0][0] {
					t.Fatalf("%d entrants, %d camps: entrant %d sits in camp %d %d times; entrant 0 in camp 0 %d times",
						tc.n, tc.k, e, c, seat[e][c], seat[0][0])
				}
			}
		}
	}
}

func TestSwissRound(t *testing.T) {
	plan := SwissRound([]int{4, 2, 0, 1, 3, 5, 6}, 3, 1, []uint64{7, 8})
	if len(plan) != 6 {
		t.Fatalf("%d matches; want 6: two groups of three, three rotations each, entrant 6 sitting out", len(plan))
	}
	for _, p := range plan {
		if p.Seed != 8 || p.Round != 1 {
			t.Errorf("match %+v; want seed 8 (round 1) and round 1", p)
		}
		for _, e := range p.Seats {
			if e == 6 {
				t.Errorf("entrant 6, last of the standing, plays %v; want it to sit out", p.Seats)
			}
		}
	}
	if got := plan[0].Seats; got[0] != 4 || got[1] != 2 || got[2] != 0 {
		t.Errorf("first group %v; want the three best, [4 2 0]", got)
	}
}

func TestSpecCheck(t *testing.T) {
	good := func() Spec {
		return Spec{Name: "t", Ruleset: "grisonval", Camps: 3, MoveClock: Duration(time.Second), Seeds: []uint64{1}, Schedule: RoundRobin,
			Entrants: []Entrant{{ID: "a", Kind: KindBot, Posture: "growth"}, {ID: "b", Kind: KindRest}, {ID: "c", Kind: KindRandom}}}
	}
	s := good()
	if err := s.Check(); err != nil {
		t.Fatalf("a good spec: %v", err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(*Spec)
		words string
	}{
		{"no move clock", func(s *Spec) { s.MoveClock = 0 }, "move_clock"},
		{"seed 0", func(s *Spec) { s.Seeds = []uint64{0} }, "seeds"},
		{"schedule", func(s *Spec) { s.Schedule = "ladder" }, "round_robin or swiss"},
		{"swiss without rounds", func(s *Spec) { s.Schedule = Swiss }, "rounds"},
		{"repeated id", func(s *Spec) { s.Entrants[1].ID = "a" }, "repeated"},
		{"posture", func(s *Spec) { s.Entrants[0].Posture = "timid" }, "posture"},
		{"llm without endpoint", func(s *Spec) { s.Entrants[0] = Entrant{ID: "a", Kind: KindLLM, Model: "m"} }, "endpoint"},
		{"kind", func(s *Spec) { s.Entrants[0].Kind = "oracle" }, "kind"},
		{"too few", func(s *Spec) { s.Entrants = s.Entrants[:2] }, "2 entrants for matches of 3 camps"},
		{"anchor", func(s *Spec) { s.Anchor = "z" }, "anchor"},
	} {
		s := good()
		tc.edit(&s)
		err := s.Check()
		if !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), tc.words) {
			t.Errorf("%s: %v; want ErrSpec saying %q", tc.name, err, tc.words)
		}
	}
}

// openArena opens an arena on the embedded store in dir.
func openArena(t *testing.T, dir string) (*Arena, func()) {
	t.Helper()
	a, closeAll, err := Open(t.Context(), dir, "", zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel), Options{})
	if err != nil {
		t.Fatalf("open the arena: %v", err)
	}
	return a, closeAll
}

// botSpec is a small all-bot tournament: two postures and the floors,
// with a move clock no stall of a loaded machine reaches (the bots answer
// in milliseconds; a day resolves once all have).
func botSpec(name string) Spec {
	return Spec{Name: name, Ruleset: "grisonval", Camps: 3, SeasonLength: 12, MoveClock: Duration(30 * time.Second), Seeds: []uint64{11},
		Schedule: RoundRobin, Concurrency: 4, Anchor: "rest",
		Entrants: []Entrant{{ID: "growth", Kind: KindBot, Posture: "growth"}, {ID: "prudent", Kind: KindBot, Posture: "prudent"},
			{ID: "random", Kind: KindRandom}, {ID: "rest", Kind: KindRest}}}
}

// TestTournament plays a round robin of bots on the real server and
// embedded store: every match is played to its end, its days recorded
// from the server (one order a camp a day, none timed out), its result
// and hash stored, and it replays hash-identically from the store; the
// table, the JSON and the CSV export agree with the record.
func TestTournament(t *testing.T) {
	dir := t.TempDir()
	a, closeAll := openArena(t, dir)
	defer closeAll()
	ctx := t.Context()
	tour, plan, err := a.Plan(ctx, botSpec("small"))
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	if len(plan) != 12 {
		t.Fatalf("%d matches planned; want 12 (4 groups of 3, 3 rotations, 1 seed)", len(plan))
	}
	if err := a.Run(ctx, "small"); err != nil {
		t.Fatalf("run: %v", err)
	}
	ms, err := a.DB.Matches(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	days, err := a.DB.Days(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	perMatch := map[int64]int{}
	for _, d := range days {
		perMatch[d.Match]++
		if d.TimedOut {
			t.Errorf("match %d camp %d day %d timed out; the bots answer in milliseconds of a 30 s clock", d.Match, d.Camp, d.Day)
		}
		if d.Status == "" || d.Action == "" {
			t.Errorf("match %d camp %d day %d: no order from the server (%+v)", d.Match, d.Camp, d.Day, d)
		}
	}
	rules := server.Rulesets(served.Rulesets())
	for _, m := range ms {
		if m.Status != MatchDone || m.Days != 12 || len(m.Ranks) != 3 || m.Hash == "" {
			t.Fatalf("match %d: %+v; want done after 12 days with 3 ranks and a hash", m.Seq, m)
		}
		if perMatch[m.ID] != 3*12 {
			t.Errorf("match %d: %d camp-days recorded; want 36", m.Seq, perMatch[m.ID])
		}
		rep, err := server.Replay(ctx, a.Store, rules, m.WorldID, 1, nil)
		if err != nil {
			t.Fatalf("replay match %d (world %d): %v", m.Seq, m.WorldID, err)
		}
		if rep.LastHash != m.Hash {
			t.Errorf("match %d replays to %s; recorded %s", m.Seq, rep.LastHash, m.Hash)
		}
	}
	b, err := a.Table(ctx, "small")
	if err != nil {
		t.Fatal(err)
	}
	if b.Played != 12 || len(b.Rows) != 4 {
		t.Fatalf("table: %d played, %d rows; want 12 and 4", b.Played, len(b.Rows))
	}
	for _, r := range b.Rows {
		if r.Matches != 9 || r.Days != 9*12 {
			t.Errorf("%s: %d matches, %d days; want 9 and 108", r.Entrant, r.Matches, r.Days)
		}
		if r.Entrant == "rest" && (r.Rating != 1000 || r.Low != 1000 || r.High != 1000) {
			t.Errorf("the anchor's rating %g [%g, %g]; want 1000 [1000, 1000]", r.Rating, r.Low, r.High)
		}
		if !(r.Low <= r.Rating && r.Rating <= r.High) {
			t.Errorf("%s: rating %g outside its interval [%g, %g]", r.Entrant, r.Rating, r.Low, r.High)
		}
	}
	var text bytes.Buffer
	if err := b.WriteText(&text); err != nil || !strings.Contains(text.String(), "rest") {
		t.Fatalf("table text %q, %v", text.String(), err)
	}

	lb, err := a.Leaderboards(ctx)
	if err != nil || len(lb) != 1 || len(lb[0].Rows) != 4 || len(lb[0].Matches) != 12 || lb[0].Rows[0].Entrant != b.Rows[0].Entrant {
		t.Fatalf("leaderboards for the web face: %+v, %v; want the table's 4 rows and its 12 matches", lb, err)
	}
	if m := lb[0].Matches[0]; m.Seq != 1 || m.World != ms[0].WorldID || len(m.Ranks) != 3 {
		t.Errorf("first match on the web face %+v; want match 1 on world %d with its ranks", m, ms[0].WorldID)
	}

	x, err := a.Export(ctx, "small")
	if err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := x.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Export
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Matches) != 12 || len(back.Matches[0].Camps) != 36 {
		t.Fatalf("JSON export read back: %d matches, %v", len(back.Matches), err)
	}
	var cs bytes.Buffer
	if err := x.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cs).ReadAll()
	if err != nil || len(rows) != 1+12*3 {
		t.Fatalf("CSV export: %d rows, %v; want a header and 36", len(rows), err)
	}
}

// TestResume stops the arena, server included, in the middle of a
// tournament and starts it again on the same folder: the matches that
// ran are taken up again on their worlds, every match ends, and each
// replays hash-identically.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	a, closeAll := openArena(t, dir)
	spec := botSpec("resume")
	spec.SeasonLength, spec.Concurrency = 40, 2
	tour, _, err := a.Plan(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		// Stop once two matches have started.
		for ctx.Err() == nil {
			ms, _ := a.DB.Matches(ctx, tour.ID)
			running := 0
			for _, m := range ms {
				if m.Status == MatchRunning {
					running++
				}
			}
			if running >= 2 {
				time.Sleep(50 * time.Millisecond)
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	if err := a.Run(ctx, "resume"); !errors.Is(err, context.Canceled) {
		t.Fatalf("run stopped: %v; want context.Canceled", err)
	}
	cancel()
	ms, err := a.DB.Matches(t.Context(), tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	interrupted := map[int64]uint64{}
	for _, m := range ms {
		if m.Status == MatchRunning {
			interrupted[m.ID] = m.WorldID
		}
	}
	if len(interrupted) == 0 {
		t.Fatalf("no match was running when the arena stopped: %+v", ms)
	}
	closeAll()

	a, closeAll = openArena(t, dir)
	defer closeAll()
	if err := a.Run(t.Context(), "resume"); err != nil {
		t.Fatalf("run again: %v", err)
	}
	ms, err = a.DB.Matches(t.Context(), tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	rules := server.Rulesets(served.Rulesets())
	for _, m := range ms {
		if m.Status != MatchDone || m.Days != 40 {
			t.Fatalf("match %d after the restart: %s, %d days (%s); want done after 40", m.Seq, m.Status, m.Days, m.Error)
		}
		if w, ok := interrupted[m.ID]; ok && w != m.WorldID {
			t.Errorf("match %d ran on world %d, then on world %d; want it taken up on its world", m.Seq, w, m.WorldID)
		}
		rep, err := server.Replay(t.Context(), a.Store, rules, m.WorldID, 1, nil)
		if err != nil || rep.LastHash != m.Hash {
			t.Errorf("match %d replays to %s (%v); recorded %s", m.Seq, rep.LastHash, err, m.Hash)
		}
	}
}

// TestLimiter: the matches with an entrant on an LLM endpoint are
// bounded by its concurrency, over matches sharing it; a match of bots
// takes no slot; a wait ends with its context.
func TestLimiter(t *testing.T) {
	var l limiter
	llm := Entrant{ID: "m", Kind: KindLLM, Endpoint: "http://a/v1", Concurrency: 1}
	other := Entrant{ID: "n", Kind: KindLLM, Endpoint: "http://b/v1", Concurrency: 1}
	bot := Entrant{ID: "g", Kind: KindBot, Posture: "growth"}
	first, err := l.acquire(t.Context(), []Entrant{llm, bot})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := l.acquire(t.Context(), []Entrant{bot, bot}); err != nil {
		t.Fatalf("a match of bots: %v", err)
	} else {
		r()
	}
	if r, err := l.acquire(t.Context(), []Entrant{other}); err != nil {
		t.Fatalf("a match on another endpoint: %v", err)
	} else {
		r()
	}
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if _, err := l.acquire(ctx, []Entrant{bot, llm}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a second match on a full endpoint: %v; want it to wait until its context ends", err)
	}
	got := make(chan error, 1)
	go func() {
		r, err := l.acquire(t.Context(), []Entrant{other, llm})
		if err == nil {
			r()
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("acquired while the endpoint is full: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	first()
	if err := <-got; err != nil {
		t.Fatalf("after the release: %v", err)
	}
}

// TestSwissTournament plays two Swiss rounds: the second is planned once
// the first is played, from the online ratings (the best three play, the
// last sits out), on the next seed.
func TestSwissTournament(t *testing.T) {
	a, closeAll := openArena(t, t.TempDir())
	defer closeAll()
	spec := botSpec("swiss")
	spec.Schedule, spec.Rounds, spec.SeasonLength, spec.Seeds = Swiss, 2, 8, []uint64{3, 4}
	tour, plan, err := a.Plan(t.Context(), spec)
	if err != nil || len(plan) != 3 {
		t.Fatalf("plan: %d matches, %v; want the first round's 3", len(plan), err)
	}
	if err := a.Run(t.Context(), "swiss"); err != nil {
		t.Fatal(err)
	}
	ms, err := a.DB.Matches(t.Context(), tour.ID)
	if err != nil || len(ms) != 6 {
		t.Fatalf("%d matches, %v; want two rounds of 3", len(ms), err)
	}
	order := swissOrder(spec, ms[:3])
	for _, m := range ms[3:] {
		if m.Round != 1 || m.Seed != 4 || m.Status != MatchDone {
			t.Errorf("second round's match %+v; want round 1 on seed 4, done", m)
		}
		for _, e := range m.Seats {
			if e == order[3] {
				t.Errorf("entrant %s, last after round one, plays %v; want it to sit out", spec.Entrants[e].ID, m.Seats)
			}
		}
	}
}

// TestTournamentPostgres plays a small tournament with its worlds on
// PostgreSQL: every match ends, and replays hash-identically from that
// store.
func TestTournamentPostgres(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a, closeAll, err := Open(t.Context(), t.TempDir(), url, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel), Options{})
	if err != nil {
		t.Fatalf("open the arena on postgres: %v", err)
	}
	defer closeAll()
	spec := botSpec("pg")
	spec.Entrants, spec.SeasonLength = spec.Entrants[1:], 8
	tour, _, err := a.Plan(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Run(t.Context(), "pg"); err != nil {
		t.Fatal(err)
	}
	ms, err := a.DB.Matches(t.Context(), tour.ID)
	if err != nil || len(ms) != 3 {
		t.Fatalf("%d matches, %v; want 3", len(ms), err)
	}
	rules := server.Rulesets(served.Rulesets())
	for _, m := range ms {
		rep, err := server.Replay(t.Context(), a.Store, rules, m.WorldID, 1, nil)
		if m.Status != MatchDone || m.Days != 8 || err != nil || rep.LastHash != m.Hash {
			t.Errorf("match %d: %s after %d days, replay %s (%v), recorded %s", m.Seq, m.Status, m.Days, rep.LastHash, err, m.Hash)
		}
	}
}

// TestReproducible plays one tournament in two arenas whose worlds get
// other ids (the second has a world before it starts): every match is
// played alike, order for order, and ends alike, the random floor
// included.
func TestReproducible(t *testing.T) {
	spec := botSpec("again")
	spec.Entrants, spec.SeasonLength = spec.Entrants[1:], 10 // prudent, random, rest
	play := func(shift bool) ([]Match, []DayRecord) {
		a, closeAll := openArena(t, t.TempDir())
		defer closeAll()
		if shift {
			if _, err := a.Admin.CreateWorld(t.Context(), &pb.CreateWorldRequest{Seed: 99}); err != nil {
				t.Fatal(err)
			}
		}
		tour, _, err := a.Plan(t.Context(), spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Run(t.Context(), spec.Name); err != nil {
			t.Fatal(err)
		}
		ms, err := a.DB.Matches(t.Context(), tour.ID)
		if err != nil {
			t.Fatal(err)
		}
		days, err := a.DB.Days(t.Context(), tour.ID)
		if err != nil {
			t.Fatal(err)
		}
		return ms, days
	}
	m1, d1 := play(false)
	m2, d2 := play(true)
	if len(m1) != len(m2) || len(d1) != len(d2) {
		t.Fatalf("%d matches, %d days; then %d and %d", len(m1), len(d1), len(m2), len(d2))
	}
	var sum1, sum2 uint64
	for i := range m1 {
		sum1, sum2 = sum1+m1[i].WorldID, sum2+m2[i].WorldID
		if fmt.Sprint(m1[i].Ranks) != fmt.Sprint(m2[i].Ranks) || m1[i].Hash != m2[i].Hash {
			t.Errorf("match %d: ranks %v, hash %s; then %v, %s", i, m1[i].Ranks, m1[i].Hash, m2[i].Ranks, m2[i].Hash)
		}
	}
	if sum1 == sum2 {
		t.Errorf("the matches' worlds add up to %d both times; want other worlds the second time", sum1)
	}
	for i := range d1 {
		a, b := d1[i], d2[i]
		if a.Camp != b.Camp || a.Day != b.Day || a.Action != b.Action || fmt.Sprint(a.Args) != fmt.Sprint(b.Args) || a.Status != b.Status {
			t.Fatalf("day record %d: %+v; then %+v", i, a, b)
		}
	}
}
