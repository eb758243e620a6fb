package storetest

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

func testFork(t *testing.T, s store.Store) {
	ctx := t.Context()
	parent := newWorld(t, s, "parent")
	day3 := store.Tick{WorldID: parent.ID, Season: 2, Day: 3, State: []byte("day 3 of season 2"), Hash: "h3",
		Journal: []store.JournalEntry{journal(parent.ID, 2, 3, 1, "battle", nil, "parent only", "")}}
	for _, tick := range []store.Tick{
		{WorldID: parent.ID, Season: 2, Day: 2, State: []byte("day 2"), Hash: "h2"},
		day3,
		{WorldID: parent.ID, Season: 2, Day: 4, State: []byte("day 4"), Hash: "h4"},
	} {
		commit(t, s, tick)
	}

	fork := store.World{
		Name: "fork", Ruleset: parent.Ruleset, Camps: parent.Camps, Seed: parent.Seed, Cadence: time.Hour, SeasonLength: 30,
		Season: 1, Paused: true,
		Controllers: []store.Controller{{Kind: store.AI, Posture: "prudent"}, {Kind: store.Human}, {Kind: store.Human}},
		CreatedAt:   base.Add(time.Hour),
		Parent:      store.TickRef{WorldID: parent.ID, Season: 2, Day: 3},
	}
	if err := s.CreateWorld(ctx, &fork); err != nil {
		t.Fatalf("CreateWorld of a fork: %v", err)
	}
	got, err := s.World(ctx, fork.ID)
	if err != nil {
		t.Fatalf("World(fork): %v", err)
	}
	checkWorld(t, got, fork)

	// The fork's first tick is the parent's day 3, without its journal.
	latest, err := s.LatestTick(ctx, fork.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick of the fork: %v", err)
	}
	want := store.Tick{WorldID: fork.ID, Season: 1, Day: 3, State: day3.State, Hash: day3.Hash}
	checkTick(t, "LatestTick of the fork", latest, want, true)
	season, err := s.Season(ctx, fork.ID, 1)
	if err != nil {
		t.Fatalf("Season(fork, 1): %v", err)
	}
	if season.FirstDay != 3 || season.EndedDay != 0 {
		t.Errorf("Season(fork, 1): got first day %d, ended day %d; want 3, 0", season.FirstDay, season.EndedDay)
	}

	// The fork moves on alone.
	commit(t, s, store.Tick{WorldID: fork.ID, Season: 1, Day: 4, State: []byte("fork day 4"), Hash: "f4"})
	at, err := s.TickAt(ctx, parent.ID, 2, 4)
	if err != nil {
		t.Fatalf("TickAt(parent day 4): %v", err)
	}
	if at.Hash != "h4" {
		t.Errorf("parent day 4 after the fork moved: got hash %q; want %q", at.Hash, "h4")
	}
}

func testForkOfMissingTick(t *testing.T, s store.Store) {
	ctx := t.Context()
	parent := newWorld(t, s, "parent")
	commit(t, s, store.Tick{WorldID: parent.ID, Season: 1, Day: 0, State: []byte("setup"), Hash: "h0"})
	tests := []struct {
		name string
		ref  store.TickRef
	}{
		{"day not committed", store.TickRef{WorldID: parent.ID, Season: 1, Day: 1}},
		{"season not started", store.TickRef{WorldID: parent.ID, Season: 2, Day: 0}},
		{"unknown world", store.TickRef{WorldID: parent.ID + 10, Season: 1, Day: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fork := store.World{Name: "fork", Ruleset: parent.Ruleset, Camps: parent.Camps, Seed: 7, Season: 1,
				Controllers: parent.Controllers, CreatedAt: base, Parent: tc.ref}
			if err := s.CreateWorld(ctx, &fork); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("CreateWorld of a fork of %+v: got error %v; want ErrNotFound", tc.ref, err)
			}
		})
	}
	worlds, err := s.Worlds(ctx)
	if err != nil {
		t.Fatalf("Worlds: %v", err)
	}
	if len(worlds) != 1 {
		t.Errorf("Worlds after failed forks: got %d worlds; want only the parent", len(worlds))
	}
}

func testTickHashes(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "hashes")
	got, err := s.TickHashes(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("TickHashes with no tick: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("TickHashes with no tick: got %d; want 0", len(got))
	}
	// Committed out of day order, in two seasons.
	var want []store.Tick
	for _, day := range []int{0, 2, 1, 3} {
		tick := store.Tick{WorldID: w.ID, Season: 1, Day: day, State: []byte{byte(day)}, Hash: string(rune('a' + day)),
			CommittedAt: base.Add(time.Duration(day) * time.Minute)}
		commit(t, s, tick)
	}
	commit(t, s, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("s2"), Hash: "s2", CommittedAt: base})
	for day := range 4 {
		want = append(want, store.Tick{WorldID: w.ID, Season: 1, Day: day, Hash: string(rune('a' + day)),
			CommittedAt: base.Add(time.Duration(day) * time.Minute)})
	}
	got, err = s.TickHashes(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("TickHashes: %v", err)
	}
	if len(got) != len(want) {
		t.Fatalf("TickHashes: got %d ticks; want %d", len(got), len(want))
	}
	for i := range want {
		g := got[i]
		g.CommittedAt = toSecond(g.CommittedAt)
		want[i].CommittedAt = toSecond(want[i].CommittedAt)
		if !reflect.DeepEqual(g, want[i]) {
			t.Errorf("TickHashes[%d]: got %+v; want %+v", i, g, want[i])
		}
	}
}

func testSeasons(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "seasons")
	if _, err := s.Season(ctx, w.ID, 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Season before any tick: got error %v; want ErrNotFound", err)
	}
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base})
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("1"), Hash: "1", CommittedAt: base.Add(time.Minute)})
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 2, State: []byte("2"), Hash: "2", CommittedAt: base.Add(2 * time.Minute),
		LastOfSeason: true})
	commit(t, s, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base.Add(time.Hour)})

	tests := []struct {
		season int
		want   store.Season
	}{
		{1, store.Season{WorldID: w.ID, Number: 1, FirstDay: 0, StartedAt: base, EndedDay: 2, EndedAt: base.Add(2 * time.Minute)}},
		{2, store.Season{WorldID: w.ID, Number: 2, FirstDay: 0, StartedAt: base.Add(time.Hour)}},
	}
	for _, tc := range tests {
		got, err := s.Season(ctx, w.ID, tc.season)
		if err != nil {
			t.Fatalf("Season(%d): %v", tc.season, err)
		}
		got.StartedAt, tc.want.StartedAt = toSecond(got.StartedAt), toSecond(tc.want.StartedAt)
		if !got.EndedAt.IsZero() {
			got.EndedAt = toSecond(got.EndedAt)
		}
		if !tc.want.EndedAt.IsZero() {
			tc.want.EndedAt = toSecond(tc.want.EndedAt)
		}
		if got != tc.want {
			t.Errorf("Season(%d): got %+v; want %+v", tc.season, got, tc.want)
		}
	}
}

func testPacts(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "pacts")
	other := newWorld(t, s, "other")
	change := func(day, a, b, by int, event, status string) store.PactChange {
		return store.PactChange{WorldID: w.ID, Season: 1, Day: day, A: a, B: b, By: by, Event: event, Status: status}
	}
	days := [][]store.PactChange{
		nil,
		{change(1, 0, 1, 0, store.PactProposed, store.PactWar), change(1, 1, 2, 2, store.PactProposed, store.PactWar)},
		{change(2, 0, 1, 1, store.PactSigned, store.PactPeace), change(2, 1, 2, 1, store.PactRefused, store.PactWar)},
		{change(3, 0, 1, 0, store.PactProposed, store.PactPeace)},
		{change(4, 0, 1, 1, store.PactSigned, store.PactAlliance), change(4, 0, 2, 2, store.PactProposed, store.PactWar)},
		{change(5, 0, 2, -1, store.PactExpired, store.PactWar)},
		{change(6, 0, 1, 0, store.PactBroken, store.PactWar)},
	}
	var all []store.PactChange
	for day, changes := range days {
		commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: day, State: []byte{byte(day)}, Hash: "h", Pacts: changes})
		all = append(all, changes...)
	}
	commit(t, s, store.Tick{WorldID: other.ID, Season: 1, Day: 1, State: []byte("o"), Hash: "o",
		Pacts: []store.PactChange{{WorldID: other.ID, Season: 1, Day: 1, A: 0, B: 2, By: 0, Event: store.PactSigned, Status: store.PactPeace}}})

	got, err := s.PactChanges(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("PactChanges: %v", err)
	}
	if !reflect.DeepEqual(got, all) {
		t.Errorf("PactChanges: got %+v; want %+v", got, all)
	}

	// Day by day, the current status of each pair. Pairs that were only ever
	// at war have no row.
	pact := func(a, b int, status string, since int) store.Pact {
		return store.Pact{WorldID: w.ID, Season: 1, A: a, B: b, Status: status, SinceDay: since}
	}
	pacts, err := s.Pacts(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Pacts: %v", err)
	}
	if want := []store.Pact{pact(0, 1, store.PactWar, 6)}; !reflect.DeepEqual(pacts, want) {
		t.Errorf("Pacts after the break: got %+v; want %+v", pacts, want)
	}
	pacts, err = s.Pacts(ctx, other.ID, 1)
	if err != nil {
		t.Fatalf("Pacts of the other world: %v", err)
	}
	if want := []store.Pact{{WorldID: other.ID, Season: 1, A: 0, B: 2, Status: store.PactPeace, SinceDay: 1}}; !reflect.DeepEqual(pacts, want) {
		t.Errorf("Pacts of the other world: got %+v; want %+v", pacts, want)
	}
	if pacts, err := s.Pacts(ctx, w.ID, 2); err != nil || len(pacts) != 0 {
		t.Errorf("Pacts of season 2: got %+v, %v; want none", pacts, err)
	}

	// A tick that fails commits none of its pact changes.
	dup := store.Tick{WorldID: w.ID, Season: 1, Day: 6, State: []byte("dup"), Hash: "dup",
		Pacts: []store.PactChange{change(6, 1, 2, 1, store.PactSigned, store.PactPeace)}}
	if err := s.CommitTick(ctx, dup); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("CommitTick of day 6 again: got error %v; want ErrConflict", err)
	}
	pacts, err = s.Pacts(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Pacts: %v", err)
	}
	if want := []store.Pact{pact(0, 1, store.PactWar, 6)}; !reflect.DeepEqual(pacts, want) {
		t.Errorf("Pacts after a conflicting tick: got %+v; want %+v", pacts, want)
	}
}

func testSeasonResults(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "results")
	result := func(camp, rank int, score int64, summary string) store.SeasonResult {
		return store.SeasonResult{WorldID: w.ID, Season: 1, Camp: camp, Rank: rank, Score: score, Zones: 10 + camp, Summary: summary}
	}
	if err := s.PutSeasonResults(ctx, []store.SeasonResult{result(0, 1, 10, "")}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("PutSeasonResults before the season's first tick: got error %v; want ErrNotFound", err)
	}
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0"})
	first := []store.SeasonResult{result(0, 2, 40, "second"), result(1, 1, 90, "« premier »"), result(2, 3, -5, "")}
	if err := s.PutSeasonResults(ctx, first); err != nil {
		t.Fatalf("PutSeasonResults: %v", err)
	}
	// Camp 2 is judged again: its result is replaced, the others kept.
	if err := s.PutSeasonResults(ctx, []store.SeasonResult{result(2, 2, 40, "tied")}); err != nil {
		t.Fatalf("PutSeasonResults again: %v", err)
	}
	got, err := s.SeasonResults(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("SeasonResults: %v", err)
	}
	want := []store.SeasonResult{first[1], first[0], result(2, 2, 40, "tied")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SeasonResults: got %+v; want %+v", got, want)
	}
	if got, err := s.SeasonResults(ctx, w.ID, 2); err != nil || len(got) != 0 {
		t.Errorf("SeasonResults of season 2: got %+v, %v; want none", got, err)
	}
}
