package storetest

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

// sameJSON reports whether a and b encode the same JSON value: a store may
// normalise what it keeps (PostgreSQL's jsonb does).
func sameJSON(a, b []byte) bool {
	var va, vb any
	return json.Unmarshal(a, &va) == nil && json.Unmarshal(b, &vb) == nil && reflect.DeepEqual(va, vb)
}

func testAdminTokenName(t *testing.T, s store.Store) {
	ctx := t.Context()
	admin := store.Token{Hash: hash("named-admin"), Role: store.RoleAdmin, Camp: -1, Name: "ops"}
	if err := s.PutToken(ctx, admin); err != nil {
		t.Fatalf("PutToken: %v", err)
	}
	got, err := s.TokenByHash(ctx, admin.Hash)
	if err != nil {
		t.Fatalf("TokenByHash: %v", err)
	}
	if got.Name != "ops" {
		t.Errorf("TokenByHash: got name %q; want %q", got.Name, "ops")
	}
}

// enrol stores a career and its enrolment.
func enrol(t *testing.T, s store.Store, c store.Career, e store.Enrolment) {
	t.Helper()
	if err := s.Enrol(t.Context(), c, e); err != nil {
		t.Fatalf("Enrol(%q, season %d, camp %d): %v", e.Player, e.Season, e.Camp, err)
	}
}

func testCareers(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "careers")
	if _, err := s.Career(ctx, w.ID, "ada"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Career before any enrolment: got error %v; want ErrNotFound", err)
	}
	ada := store.Career{WorldID: w.ID, Player: "ada", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1,
		Sheet: []byte(`{"characteristics":[2,2,2,2,2],"talents":[1,1,1,1,0],"max_pp":6}`)}
	e1 := store.Enrolment{WorldID: w.ID, Season: 1, Camp: 0, Player: "ada", Patron: "Aurèle", Package: "granary",
		Sheet: ada.Sheet, At: base}
	enrol(t, s, ada, e1)
	bob := store.Career{WorldID: w.ID, Player: "bob", Mode: "agent", Camp: 1, Patron: "Bérénice", Seasons: 1, Sheet: []byte(`{}`)}
	enrol(t, s, bob, store.Enrolment{WorldID: w.ID, Season: 1, Camp: 1, Player: "bob", Patron: "Bérénice", Package: "levy",
		Sheet: bob.Sheet, At: base})

	refused := []struct {
		name string
		c    store.Career
		e    store.Enrolment
	}{
		{"a second player for camp 0", store.Career{WorldID: w.ID, Player: "cyd", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1, Sheet: []byte(`{}`)},
			store.Enrolment{WorldID: w.ID, Season: 1, Camp: 0, Player: "cyd", Patron: "Aurèle", Package: "levy", Sheet: []byte(`{}`), At: base}},
		{"ada twice in season 1", ada, store.Enrolment{WorldID: w.ID, Season: 1, Camp: 2, Player: "ada", Patron: "Aurèle", Package: "levy",
			Sheet: ada.Sheet, At: base}},
	}
	for _, tc := range refused {
		if err := s.Enrol(ctx, tc.c, tc.e); !errors.Is(err, store.ErrConflict) {
			t.Errorf("Enrol %s: got error %v; want ErrConflict", tc.name, err)
		}
	}
	if _, err := s.Career(ctx, w.ID, "cyd"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Career of a refused enrolment: got error %v; want ErrNotFound", err)
	}

	// Season 1 closes: ada earns 2 points, bob none.
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base})
	closeAt := base.Add(time.Hour)
	err := s.CloseSeason(ctx, store.SeasonClose{WorldID: w.ID, Season: 1, Day: 0, At: closeAt, Players: []store.PlayerResult{
		{Camp: 0, Player: "ada", Patron: "Aurèle", Mode: "human", Feats: []byte(`{}`), Standing: 14, Verdict: "praise", Eminence: 2},
		{Camp: 1, Player: "bob", Patron: "Bérénice", Mode: "agent", Feats: []byte(`{}`), Standing: 10, Verdict: "blame"},
	}})
	if err != nil {
		t.Fatalf("CloseSeason: %v", err)
	}
	got, err := s.Career(ctx, w.ID, "ada")
	if err != nil {
		t.Fatalf("Career(ada): %v", err)
	}
	if got.EP != 2 || !sameJSON(got.Sheet, ada.Sheet) {
		t.Errorf("Career(ada) after the close: got EP %d, sheet %s; want EP 2, sheet %s", got.EP, got.Sheet, ada.Sheet)
	}

	// Season 2: ada takes her career back and spends the 2 points.
	back := ada
	back.Seasons, back.EP, back.Patron = 2, 0, "Aldric"
	back.Sheet = []byte(`{"characteristics":[2,2,2,2,2],"talents":[2,1,1,1,0],"max_pp":6}`)
	e2 := store.Enrolment{WorldID: w.ID, Season: 2, Camp: 0, Seat: store.RulerSeat, Player: "ada", Patron: "Aldric", Package: "treasury",
		Sheet: back.Sheet, BeforeSetup: true, Purchases: []string{"talent:sieges"}, Spent: 2, At: closeAt.Add(time.Minute)}
	enrol(t, s, back, e2)
	got, err = s.Career(ctx, w.ID, "ada")
	if err != nil {
		t.Fatalf("Career(ada): %v", err)
	}
	if !sameJSON(got.Sheet, back.Sheet) {
		t.Errorf("Career(ada) after re-enrolment: got sheet %s; want %s", got.Sheet, back.Sheet)
	}
	wantCareer := back
	got.Sheet, wantCareer.Sheet = nil, nil
	if !reflect.DeepEqual(got, wantCareer) {
		t.Errorf("Career(ada) after re-enrolment: got %+v; want %+v", got, wantCareer)
	}
	enrolments, err := s.Enrolments(ctx, w.ID, 2)
	if err != nil {
		t.Fatalf("Enrolments: %v", err)
	}
	if len(enrolments) == 1 {
		if !sameJSON(enrolments[0].Sheet, e2.Sheet) {
			t.Errorf("Enrolments of season 2: got sheet %s; want %s", enrolments[0].Sheet, e2.Sheet)
		}
		enrolments[0].At, enrolments[0].Sheet = toSecond(enrolments[0].At), nil
	}
	e2.At, e2.Sheet = toSecond(e2.At), nil
	if len(enrolments) != 1 || !reflect.DeepEqual(enrolments[0], e2) {
		t.Errorf("Enrolments of season 2: got %+v; want [%+v]", enrolments, e2)
	}
	// Season 1's enrolment keeps the sheet it was played with.
	enrolments, err = s.Enrolments(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Enrolments: %v", err)
	}
	if len(enrolments) != 2 || enrolments[0].Player != "ada" || enrolments[1].Player != "bob" {
		t.Fatalf("Enrolments of season 1: got %+v; want ada then bob", enrolments)
	}
	if !sameJSON(enrolments[0].Sheet, e1.Sheet) || enrolments[0].BeforeSetup {
		t.Errorf("Enrolments of season 1 after ada's re-enrolment: got sheet %s, before setup %v; want sheet %s, false",
			enrolments[0].Sheet, enrolments[0].BeforeSetup, e1.Sheet)
	}
	ledger, err := s.EminenceLedger(ctx, w.ID, "ada")
	if err != nil {
		t.Fatalf("EminenceLedger: %v", err)
	}
	wantLedger := []store.EminenceEntry{
		{WorldID: w.ID, Player: "ada", Season: 1, Points: 2, Reason: "judgment of season 1", At: closeAt},
		{WorldID: w.ID, Player: "ada", Season: 2, Points: -2, Reason: "purchases at the enrolment for season 2", At: closeAt.Add(time.Minute)},
	}
	for i := range ledger {
		ledger[i].At = toSecond(ledger[i].At)
	}
	for i := range wantLedger {
		wantLedger[i].At = toSecond(wantLedger[i].At)
	}
	if !reflect.DeepEqual(ledger, wantLedger) {
		t.Errorf("EminenceLedger(ada): got %+v; want %+v", ledger, wantLedger)
	}
}

// testEnrolAtSetup checks that an enrolment made at its season's setup
// replaces day 0 with it, and that once day 1 is committed it stores
// nothing (rule SEA-ENROL).
func testEnrolAtSetup(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "enrol at setup")
	sheet := []byte(`{"characteristics":[2,2,2,2,2],"talents":[1,1,1,1,0],"max_pp":6}`)
	career := func(player string, camp int) store.Career {
		return store.Career{WorldID: w.ID, Player: player, Mode: "human", Camp: camp, Patron: "Aurèle", Seasons: 1, Sheet: sheet}
	}
	enrolment := func(player string, camp int) store.Enrolment {
		return store.Enrolment{WorldID: w.ID, Season: 1, Camp: camp, Player: player, Patron: "Aurèle", Package: "levy",
			Sheet: sheet, BeforeSetup: true, At: base.Add(time.Minute)}
	}
	setup := func(hash string) store.Tick {
		return store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("setup " + hash), Hash: hash, CommittedAt: base.Add(time.Minute)}
	}
	checkDay0 := func(when, want string) {
		t.Helper()
		got, err := s.TickAt(ctx, w.ID, 1, 0)
		if err != nil || got.Hash != want || string(got.State) != "setup "+want {
			t.Errorf("day 0 %s: got hash %q state %q, %v; want hash %q", when, got.Hash, got.State, err, want)
		}
	}

	if err := s.EnrolAtSetup(ctx, career("ada", 0), enrolment("ada", 0), setup("a")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("EnrolAtSetup before day 0: got error %v; want ErrNotFound", err)
	}
	if _, err := s.Career(ctx, w.ID, "ada"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Career after a refused EnrolAtSetup: got error %v; want ErrNotFound", err)
	}
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("setup 0"), Hash: "0", CommittedAt: base})
	if err := s.EnrolAtSetup(ctx, career("ada", 0), enrolment("ada", 0), setup("a")); err != nil {
		t.Fatalf("EnrolAtSetup(ada) at day 0: %v", err)
	}
	checkDay0("after ada's enrolment", "a")
	if ticks, err := s.TickHashes(ctx, w.ID, 1); err != nil || len(ticks) != 1 || !ticks[0].CommittedAt.Equal(base.Add(time.Minute).Truncate(time.Microsecond)) {
		t.Errorf("TickHashes after the setup was replaced: got %+v, %v; want day 0 alone, committed at %v", ticks, err, base.Add(time.Minute))
	}
	if err := s.EnrolAtSetup(ctx, career("cyd", 0), enrolment("cyd", 0), setup("c")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("EnrolAtSetup of a second player for camp 0: got error %v; want ErrConflict", err)
	}
	checkDay0("after a refused enrolment", "a")

	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("day 1"), Hash: "1", CommittedAt: base.Add(time.Hour)})
	if err := s.EnrolAtSetup(ctx, career("bob", 1), enrolment("bob", 1), setup("b")); !errors.Is(err, store.ErrSeasonStarted) {
		t.Errorf("EnrolAtSetup once day 1 is committed: got error %v; want ErrSeasonStarted", err)
	}
	checkDay0("after day 1", "a")
	if _, err := s.Career(ctx, w.ID, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Career of bob refused at day 1: got error %v; want ErrNotFound", err)
	}
	late := enrolment("bob", 1)
	late.BeforeSetup = false
	enrol(t, s, career("bob", 1), late)
	es, err := s.Enrolments(ctx, w.ID, 1)
	if err != nil || len(es) != 2 || es[0].Player != "ada" || !es[0].BeforeSetup || es[1].Player != "bob" || es[1].BeforeSetup {
		t.Errorf("Enrolments: got %+v, %v; want ada before the setup, bob after", es, err)
	}
}

func testCloseSeason(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "close")
	c := store.SeasonClose{WorldID: w.ID, Season: 1, Day: 3, At: base.Add(time.Hour), By: "ops"}
	if err := s.CloseSeason(ctx, c); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("CloseSeason before any tick: got error %v; want ErrNotFound", err)
	}
	if _, err := s.SeasonClose(ctx, w.ID, 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SeasonClose of a season not closed: got error %v; want ErrNotFound", err)
	}
	enrol(t, s, store.Career{WorldID: w.ID, Player: "ada", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1, Sheet: []byte(`{}`)},
		store.Enrolment{WorldID: w.ID, Season: 1, Camp: 0, Player: "ada", Patron: "Aurèle", Package: "granary", Sheet: []byte(`{}`), At: base})
	for day := range 4 {
		commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: day, State: []byte{byte(day)}, Hash: "h", CommittedAt: base.Add(time.Duration(day) * time.Minute)})
	}
	c.Camps = []store.SeasonResult{
		{WorldID: w.ID, Season: 1, Camp: 2, Rank: 1, Score: 40, Zones: 9, Summary: "roll of honour"},
		{WorldID: w.ID, Season: 1, Camp: 0, Rank: 2, Score: 12, Zones: 3},
		{WorldID: w.ID, Season: 1, Camp: 1, Rank: 2, Score: 12},
	}
	c.Players = []store.PlayerResult{{Camp: 0, Seat: store.RulerSeat, Player: "ada", Patron: "Aurèle", Mode: "human",
		Feats: []byte(`{"missions_succeeded": 2, "glory": 8}`), Standing: 14, Verdict: "praise",
		Titles: []string{"spearhead", "eye_of_the_city"}, PostedTicks: 3, Eminence: 3}}
	c.Glory = []store.PatronGlory{
		{WorldID: w.ID, Camp: 0, Patron: "Aurèle", Gained: 8},
		{WorldID: w.ID, Camp: 0, Patron: "Aldric", Gained: 0},
	}
	if err := s.CloseSeason(ctx, c); err != nil {
		t.Fatalf("CloseSeason: %v", err)
	}
	if err := s.CloseSeason(ctx, c); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CloseSeason twice: got error %v; want ErrConflict", err)
	}
	got, err := s.SeasonClose(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("SeasonClose: %v", err)
	}
	want := c
	want.Camps = []store.SeasonResult{c.Camps[0], c.Camps[1], c.Camps[2]}
	want.Glory = []store.PatronGlory{
		{WorldID: w.ID, Camp: 0, Patron: "Aldric", Gained: 0, Total: 0},
		{WorldID: w.ID, Camp: 0, Patron: "Aurèle", Gained: 8, Total: 8},
	}
	if !sameJSON(got.Players[0].Feats, c.Players[0].Feats) {
		t.Errorf("SeasonClose: got feats %s; want %s", got.Players[0].Feats, c.Players[0].Feats)
	}
	got.Players[0].Feats, want.Players = nil, []store.PlayerResult{c.Players[0]}
	want.Players[0].Feats = nil
	got.At, want.At = toSecond(got.At), toSecond(want.At)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SeasonClose:\ngot  %+v\nwant %+v", got, want)
	}
	se, err := s.Season(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("Season: %v", err)
	}
	if se.EndedDay != 3 {
		t.Errorf("Season after an early close: got ended day %d; want 3", se.EndedDay)
	}

	// Glory is cumulative: a second season adds to it.
	commit(t, s, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base.Add(2 * time.Hour)})
	c2 := store.SeasonClose{WorldID: w.ID, Season: 2, Day: 0, At: base.Add(3 * time.Hour),
		Glory: []store.PatronGlory{{WorldID: w.ID, Camp: 0, Patron: "Aurèle", Gained: 5}}}
	if err := s.CloseSeason(ctx, c2); err != nil {
		t.Fatalf("CloseSeason(2): %v", err)
	}
	board, err := s.Glory(ctx, w.ID, 0)
	if err != nil {
		t.Fatalf("Glory: %v", err)
	}
	wantBoard := []store.PatronGlory{{WorldID: w.ID, Camp: 0, Patron: "Aldric", Total: 0}, {WorldID: w.ID, Camp: 0, Patron: "Aurèle", Total: 13}}
	if !reflect.DeepEqual(board, wantBoard) {
		t.Errorf("Glory: got %+v; want %+v", board, wantBoard)
	}
	if board, err := s.Glory(ctx, w.ID, 1); err != nil || len(board) != 0 {
		t.Errorf("Glory of a camp without patrons: got %+v, %v; want none", board, err)
	}
	bad := store.SeasonClose{WorldID: w.ID, Season: 3, At: base}
	commit(t, s, store.Tick{WorldID: w.ID, Season: 3, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base.Add(4 * time.Hour)})
	bad.Glory = []store.PatronGlory{{WorldID: w.ID, Camp: 0, Patron: "Aurèle", Gained: -1}}
	if err := s.CloseSeason(ctx, bad); err == nil {
		t.Errorf("CloseSeason with negative glory: got no error; want one")
	}
	if _, err := s.SeasonClose(ctx, w.ID, 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SeasonClose after a refused close: got error %v; want ErrNotFound", err)
	}

	list, err := s.SeasonList(ctx, w.ID)
	if err != nil {
		t.Fatalf("SeasonList: %v", err)
	}
	var numbers, ended []int
	for _, se := range list {
		numbers, ended = append(numbers, se.Number), append(ended, se.EndedDay)
	}
	if !reflect.DeepEqual(numbers, []int{1, 2, 3}) || !reflect.DeepEqual(ended, []int{3, 0, 0}) {
		t.Errorf("SeasonList: got seasons %v ended on %v; want [1 2 3] ended on [3 0 0]", numbers, ended)
	}
}

func testAudit(t *testing.T, s store.Store) {
	ctx := t.Context()
	if got, err := s.Audit(ctx, store.AuditFilter{}, 10); err != nil || len(got) != 0 {
		t.Fatalf("Audit on an empty store: got %+v, %v; want none", got, err)
	}
	entries := []store.AuditEntry{
		{At: base, Admin: "dev", Action: "CreateWorld", Detail: "seed 7", Code: "OK"},
		{At: base.Add(time.Second), Admin: "dev", Action: "CloseSeason", WorldID: 1, Detail: "season 1", Code: "OK"},
		{At: base.Add(2 * time.Second), Admin: "ops", Action: "ForceTick", WorldID: 2, Code: "FailedPrecondition"},
		{At: base.Add(3 * time.Second), Admin: "ops", Action: "ForceTick", WorldID: 1, Code: "OK"},
	}
	var last int64
	for i := range entries {
		if err := s.PutAudit(ctx, &entries[i]); err != nil {
			t.Fatalf("PutAudit: %v", err)
		}
		if entries[i].ID <= last {
			t.Fatalf("PutAudit: got ID %d after %d; want a growing ID", entries[i].ID, last)
		}
		last = entries[i].ID
	}
	tests := []struct {
		name   string
		filter store.AuditFilter
		limit  int
		want   []store.AuditEntry
	}{
		{"all", store.AuditFilter{}, 10, entries},
		{"last two", store.AuditFilter{}, 2, entries[2:]},
		{"world 1", store.AuditFilter{WorldID: 1}, 10, []store.AuditEntry{entries[1], entries[3]}},
		{"world 1, last one", store.AuditFilter{WorldID: 1}, 1, entries[3:]},
		{"admin ops", store.AuditFilter{Admin: "ops"}, 10, entries[2:]},
		{"action ForceTick of world 2", store.AuditFilter{WorldID: 2, Action: "ForceTick"}, 10, entries[2:3]},
		{"admin dev, action CreateWorld", store.AuditFilter{Admin: "dev", Action: "CreateWorld"}, 10, entries[:1]},
		{"admin nobody", store.AuditFilter{Admin: "nobody"}, 10, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Audit(ctx, tc.filter, tc.limit)
			if err != nil {
				t.Fatalf("Audit: %v", err)
			}
			for i := range got {
				got[i].At = toSecond(got[i].At)
			}
			want := make([]store.AuditEntry, len(tc.want))
			for i, e := range tc.want {
				e.At = toSecond(e.At)
				want[i] = e
			}
			if (len(got) > 0 || len(want) > 0) && !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v; want %+v", got, want)
			}
		})
	}
}

// MigrateEnrolmentSheets checks migration 00011 on a store: it fills s
// through its methods, calls redo, which must migrate s's database down to
// version 10 and up again, and checks what the migration filled in: each
// enrolment's sheet (its career's sheet at the migration), whether it was
// made before its season's setup, and each closed season's zones from the
// summary ("N zones held"; 0 for another summary).
func MigrateEnrolmentSheets(t *testing.T, s store.Store, redo func(t *testing.T)) {
	ctx := t.Context()
	w := newWorld(t, s, "migrated")
	for day := range 3 {
		commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: day, State: []byte{byte(day)}, Hash: "h", CommittedAt: base})
	}
	first := []byte(`{"max_pp":6}`)
	enrol(t, s, store.Career{WorldID: w.ID, Player: "ada", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1, Sheet: first},
		store.Enrolment{WorldID: w.ID, Season: 1, Camp: 0, Player: "ada", Patron: "Aurèle", Package: "granary", Sheet: first, At: base})
	err := s.CloseSeason(ctx, store.SeasonClose{WorldID: w.ID, Season: 1, Day: 2, At: base, Camps: []store.SeasonResult{
		{WorldID: w.ID, Season: 1, Camp: 0, Rank: 1, Score: 20, Zones: 4, Summary: "4 zones held"},
		{WorldID: w.ID, Season: 1, Camp: 1, Rank: 2, Score: 10, Zones: 12, Summary: "12 zones held"},
		{WorldID: w.ID, Season: 1, Camp: 2, Rank: 3, Score: 8, Zones: 1, Summary: "held on"},
	}})
	if err != nil {
		t.Fatalf("CloseSeason: %v", err)
	}
	// ada and cyd enrol for seasons not set up yet; bob once season 2 runs.
	second := []byte(`{"max_pp":7}`)
	enrol(t, s, store.Career{WorldID: w.ID, Player: "ada", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 2, Sheet: second},
		store.Enrolment{WorldID: w.ID, Season: 2, Camp: 0, Player: "ada", Patron: "Aurèle", Package: "levy", Sheet: second,
			BeforeSetup: true, At: base.Add(time.Minute)})
	commit(t, s, store.Tick{WorldID: w.ID, Season: 2, Day: 0, State: []byte{0}, Hash: "h", CommittedAt: base.Add(time.Hour)})
	bob := []byte(`{"max_pp":8}`)
	enrol(t, s, store.Career{WorldID: w.ID, Player: "bob", Mode: "agent", Camp: 1, Patron: "Domitille", Seasons: 1, Sheet: bob},
		store.Enrolment{WorldID: w.ID, Season: 2, Camp: 1, Player: "bob", Patron: "Domitille", Package: "levy", Sheet: bob,
			At: base.Add(2 * time.Hour)})
	cyd := []byte(`{"max_pp":6}`)
	enrol(t, s, store.Career{WorldID: w.ID, Player: "cyd", Mode: "agent", Camp: 2, Patron: "Gaspard", Seasons: 1, Sheet: cyd},
		store.Enrolment{WorldID: w.ID, Season: 3, Camp: 2, Player: "cyd", Patron: "Gaspard", Package: "levy", Sheet: cyd,
			BeforeSetup: true, At: base.Add(3 * time.Hour)})

	redo(t)

	want := []struct {
		season      int
		player      string
		sheet       []byte
		beforeSetup bool
	}{
		// Season 1 gets ada's sheet as it is at the migration.
		{1, "ada", second, false},
		{2, "ada", second, true},
		{2, "bob", bob, false},
		{3, "cyd", cyd, true},
	}
	var got []store.Enrolment
	for season := 1; season <= 3; season++ {
		es, err := s.Enrolments(ctx, w.ID, season)
		if err != nil {
			t.Fatalf("Enrolments(%d): %v", season, err)
		}
		got = append(got, es...)
	}
	if len(got) != len(want) {
		t.Fatalf("Enrolments after the migration: got %+v; want %d", got, len(want))
	}
	for i, e := range got {
		wt := want[i]
		if e.Season != wt.season || e.Player != wt.player || !sameJSON(e.Sheet, wt.sheet) || e.BeforeSetup != wt.beforeSetup {
			t.Errorf("enrolment %d after the migration: got season %d %s sheet %s before setup %v; want season %d %s sheet %s before setup %v",
				i, e.Season, e.Player, e.Sheet, e.BeforeSetup, wt.season, wt.player, wt.sheet, wt.beforeSetup)
		}
	}
	results, err := s.SeasonResults(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("SeasonResults: %v", err)
	}
	var zones []int
	for _, r := range results {
		zones = append(zones, r.Zones)
	}
	if !reflect.DeepEqual(zones, []int{4, 12, 0}) {
		t.Errorf("zones after the migration: got %v; want [4 12 0]", zones)
	}
}
