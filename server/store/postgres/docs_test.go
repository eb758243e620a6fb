package postgres_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
	"github.com/grisonval/server/server/store/postgres"
)

// docQuery matches a named SQL block of docs/persistence.md.
var docQuery = regexp.MustCompile("(?s)```sql\n-- name: ([a-z0-9-]+)\n(.*?)```")

// TestDocQueries runs every query of docs/persistence.md on a world whose
// history is known, and checks how many rows each returns.
func TestDocQueries(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/persistence.md")
	if err != nil {
		t.Fatalf("read the doc: %v", err)
	}
	want := map[string]int{
		"broken-pacts-last-season":    1,
		"orders-of-camp-1-days-10-20": 11,
		"orders-posted-by-ada":        20,
		"ticks-per-world":             1,
		"current-pacts":               1,
		"journal-of-camp-2-day-12":    2,
		"stale-orders-by-code":        1,
		"state-bytes-per-world":       1,
		"season-results":              3,
		"world-owners":                1,
	}
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	s, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	fillHistory(t, s)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(context.Background())

	found := docQuery.FindAllStringSubmatch(string(doc), -1)
	if len(found) != len(want) {
		t.Errorf("the doc has %d named queries; the test knows %d", len(found), len(want))
	}
	for _, m := range found {
		name, sql := m[1], m[2]
		t.Run(name, func(t *testing.T) {
			n, ok := want[name]
			if !ok {
				t.Fatalf("query %s is not known to the test: add its row count", name)
			}
			rows, err := conn.Query(ctx, sql)
			if err != nil {
				t.Fatalf("query: %v", err)
			}
			got, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([]any, error) { return row.Values() })
			if err != nil {
				t.Fatalf("query %s:\n%s\n%v", name, strings.TrimSpace(sql), err)
			}
			if len(got) != n {
				t.Errorf("query %s: got %d rows %v; want %d", name, len(got), got, n)
			}
		})
	}
}

// fillHistory stores world 1: season 1 of 20 days, ended, where ada posted
// camp 1's orders and camps 0 and 1 signed a peace on day 5 that camp 1
// broke on day 15, and camps 1 and 2 an alliance in season 2; results of
// season 1; and the world's lease.
func fillHistory(t *testing.T, s *postgres.Store) {
	t.Helper()
	ctx := t.Context()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	w := store.World{Name: "docs", Seed: 3, Cadence: time.Minute, SeasonLength: 20, Season: 1,
		Ruleset: "grisonval", Camps: 3,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Agent}, {Kind: store.AI, Posture: "growth"}}}
	if err := s.CreateWorld(ctx, &w); err != nil {
		t.Fatalf("CreateWorld: %v", err)
	}
	for day := 0; day <= 20; day++ {
		tick := store.Tick{WorldID: w.ID, Season: 1, Day: day, State: []byte(fmt.Sprint("state ", day)), Hash: fmt.Sprint(day),
			CommittedAt: base.Add(time.Duration(day) * time.Minute), LastOfSeason: day == 20}
		if day > 0 {
			for camp := range 3 {
				o := store.Order{WorldID: w.ID, Season: 1, Day: day, Camp: camp, Action: "explore", Args: []int{day},
					Reason: fmt.Sprintf("camp %d, day %d", camp, day), SubmittedAt: tick.CommittedAt, Status: store.OrderPending}
				if camp == 1 {
					o.Player = "ada"
				}
				if err := s.SaveOrder(ctx, o); err != nil {
					t.Fatalf("SaveOrder: %v", err)
				}
				o.Status = store.OrderApplied
				if camp == 2 && day%7 == 0 {
					o.Status, o.Code = store.OrderStale, "unknown_zone"
				}
				tick.Orders = append(tick.Orders, o)
			}
		}
		if day == 12 {
			tick.Journal = []store.JournalEntry{
				{Camp: 2, Kind: "explore", Zones: []int{12}, Narration: "Les éclaireurs reviennent.", Why: "explore"},
				{Camp: 0, Kind: "sighting", Narration: "Une colonne au loin.", Why: "fog"},
				{Camp: 2, Kind: "sighting", Narration: "Une colonne au loin.", Why: "fog"},
			}
		}
		switch day {
		case 4:
			tick.Pacts = []store.PactChange{{A: 0, B: 1, By: 0, Event: store.PactProposed, Status: store.PactWar}}
		case 5:
			tick.Pacts = []store.PactChange{{A: 0, B: 1, By: 1, Event: store.PactSigned, Status: store.PactPeace}}
		case 15:
			tick.Pacts = []store.PactChange{{A: 0, B: 1, By: 1, Event: store.PactBroken, Status: store.PactWar}}
		}
		if err := s.CommitTick(ctx, tick); err != nil {
			t.Fatalf("CommitTick(day %d): %v", day, err)
		}
	}
	var results []store.SeasonResult
	for camp, rank := range []int{2, 1, 3} {
		results = append(results, store.SeasonResult{WorldID: w.ID, Season: 1, Camp: camp, Rank: rank, Score: int64(100 - 10*rank)})
	}
	if err := s.PutSeasonResults(ctx, results); err != nil {
		t.Fatalf("PutSeasonResults: %v", err)
	}
	w.Season = 2
	if err := s.UpdateWorld(ctx, w); err != nil {
		t.Fatalf("UpdateWorld: %v", err)
	}
	err := s.CommitTick(ctx, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("season 2"), Hash: "s2",
		CommittedAt: base.Add(time.Hour), Pacts: []store.PactChange{{A: 1, B: 2, By: 2, Event: store.PactSigned, Status: store.PactAlliance}}})
	if err != nil {
		t.Fatalf("CommitTick(season 2): %v", err)
	}
	if _, err := s.AcquireLease(ctx, w.ID, "127.0.0.1:7777", time.Minute); err != nil {
		t.Fatalf("AcquireLease: %v", err)
	}
}
