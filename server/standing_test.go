package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
)

// TestSeasonStanding plays a short season on each store and reads the
// camps' standings (rule SEA-STANDING): while the season runs, the camp's
// own score, days left, glory board and feats so far, without a rank; the
// feats, standing and verdict so far are those an early close then
// stores; after the close, the rank, the ranking, the player's result and
// career. A token reads its own camp's standing only.
func TestSeasonStanding(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) { seasonStanding(t, tc.open(t)) })
	}
}

func seasonStanding(t *testing.T, st store.Store) {
	h := startServer(t, st, clock.NewFake(start))
	admin := as(h.adminToken)
	const length = 8
	info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "standing", Seed: 2026, SeasonLength: length})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	p := &seasonPlay{h: h, id: info.GetId()}
	if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: p.id}); err != nil {
		t.Fatalf("pause: %v", err)
	}
	p.enrol(t, &pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "agent", Patron: "Aurèle", Package: "granary",
		Characteristics: []int32{3, 2, 2, 2, 1}, Talents: []int32{1, 1, 1, 1, 0}})
	p.enrol(t, &pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Patron: "Domitille", Package: "levy",
		Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{0, 2, 0, 2, 0}})
	tok, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: p.id, Camp: 2})
	if err != nil {
		t.Fatalf("issue token: %v", err)
	}
	p.tokens[2] = tok.GetToken()
	standing := func(camp int) *pb.SeasonStanding {
		t.Helper()
		s, err := h.game.GetSeasonStanding(as(p.tokens[camp]), &pb.GetSeasonStandingRequest{})
		if err != nil {
			t.Fatalf("standing of camp %d: %v", camp, err)
		}
		return s
	}

	s := standing(0)
	if s.GetCamp() != 0 || s.GetDay() != 0 || s.GetSeason() != 1 || s.GetSeasonLength() != length || s.GetDaysLeft() != length ||
		s.GetClosed() || s.GetRank() != 0 || s.GetPlayer() != "ada" || s.GetPatron() != "Aurèle" {
		t.Errorf("camp 0 on day 0: got %v; want camp 0, season 1 day 0, %d days left, no rank, ada serving Aurèle", s, length)
	}
	if s.GetScore() != 8 || s.GetZones() != 1 {
		t.Errorf("camp 0 on day 0: got score %d on %d zones; want 8 on its bare capital (CAR-SCORE)", s.GetScore(), s.GetZones())
	}
	if s.GetStanding() != 10 || s.GetVerdict() != "blame" || !proto.Equal(s.GetFeats(), &pb.Feats{}) {
		t.Errorf("camp 0 on day 0: got standing %d, verdict %q, feats %v; want 10, blame (no mission tried), none",
			s.GetStanding(), s.GetVerdict(), s.GetFeats())
	}
	board, err := h.game.GetGloryBoard(as(p.tokens[0]), &pb.GetGloryBoardRequest{Camp: 0})
	if err != nil {
		t.Fatalf("glory board: %v", err)
	}
	if !proto.Equal(s.GetGloryBoard(), board) {
		t.Errorf("camp 0's glory board: got %v; want GetGloryBoard's %v", s.GetGloryBoard(), board)
	}
	if s.GetResult() != nil || len(s.GetRanking()) != 0 {
		t.Errorf("camp 0 while the season runs: got result %v, ranking %v; want none", s.GetResult(), s.GetRanking())
	}
	// The player sees its career while the season runs (SEA-STANDING).
	if c := s.GetCareer(); c.GetPlayer() != "ada" || c.GetPatron() != s.GetPatron() || c.GetMaxPp() == 0 {
		t.Errorf("camp 0 while the season runs: got career %v; want ada's, serving %s", c, s.GetPatron())
	}
	if s2 := standing(2); s2.GetCamp() != 2 || s2.GetPlayer() != "" || s2.GetPatron() != "" || s2.GetGloryBoard().GetCamp() != 2 {
		t.Errorf("camp 2, without a player: got %v; want camp 2's own standing, no player", s2)
	}

	const played = 5
	for day := range played {
		p.day(t, day)
	}
	var so [3]*pb.SeasonStanding
	for c := range so {
		so[c] = standing(c)
		if so[c].GetCamp() != int32(c) || so[c].GetDay() != played || so[c].GetDaysLeft() != length-played || so[c].GetRank() != 0 {
			t.Errorf("camp %d on day %d: got camp %d day %d, %d days left, rank %d; want its own, %d days left, no rank",
				c, played, so[c].GetCamp(), so[c].GetDay(), so[c].GetDaysLeft(), so[c].GetRank(), length-played)
		}
	}
	if proto.Equal(so[0].GetFeats(), &pb.Feats{}) {
		t.Errorf("camp 0 after %d days: no feat; the script should earn some", played)
	}
	// The board shows the season's glory so far: ada's feats', for her
	// patron alone (SEAT-FEATS).
	for _, pg := range so[0].GetGloryBoard().GetPatrons() {
		want := int32(0)
		if pg.GetPatron() == so[0].GetPatron() {
			want = so[0].GetFeats().GetGlory()
		}
		if pg.GetSeasonGlory() != want {
			t.Errorf("camp 0 on day %d: patron %s's glory so far %d; want %d", played, pg.GetPatron(), pg.GetSeasonGlory(), want)
		}
	}
	// GetGloryBoard says the same glory so far as the standing (issue 29:
	// the two calls disagreed mid-season).
	if board, err := h.game.GetGloryBoard(as(p.tokens[0]), &pb.GetGloryBoardRequest{Camp: 0}); err != nil || !proto.Equal(board, so[0].GetGloryBoard()) {
		t.Errorf("camp 0 on day %d: GetGloryBoard %v (%v); want the standing's %v", played, board, err, so[0].GetGloryBoard())
	}
	// The career shows the package of this season's enrolment, not
	// "package(0)" (REN-PKG).
	if got := so[0].GetCareer().GetPackage(); got != "granary" {
		t.Errorf("camp 0's career package %q; want granary", got)
	}
	if again := standing(0); !proto.Equal(again, so[0]) {
		t.Errorf("camp 0's standing asked twice on day %d: got %v then %v", played, so[0], again)
	}
	t.Logf("camp 0 on day %d: score %d, feats %v, standing %d, %s", played, so[0].GetScore(), so[0].GetFeats(), so[0].GetStanding(), so[0].GetVerdict())

	// The early close stores the feats, standing and verdict the
	// standing showed (SEA-CLOSE), and the score.
	closed, err := h.admin.CloseSeason(admin, &pb.CloseSeasonRequest{WorldId: p.id})
	if err != nil {
		t.Fatalf("close season: %v", err)
	}
	ch, _, _ := chronicle(t, h, p.id, 1)
	for c := range 2 {
		var res *pb.PlayerResult
		for _, r := range ch.GetPlayers() {
			if r.GetCamp() == int32(c) {
				res = r
			}
		}
		if !proto.Equal(res.GetFeats(), so[c].GetFeats()) || res.GetStanding() != so[c].GetStanding() || res.GetVerdict() != so[c].GetVerdict() {
			t.Errorf("camp %d closed on day %d: got feats %v, standing %d, %s; the standing said %v, %d, %s", c, played,
				res.GetFeats(), res.GetStanding(), res.GetVerdict(), so[c].GetFeats(), so[c].GetStanding(), so[c].GetVerdict())
		}
		after := standing(c)
		if board, err := h.game.GetGloryBoard(as(p.tokens[c]), &pb.GetGloryBoardRequest{Camp: int32(c)}); err != nil || !proto.Equal(board, after.GetGloryBoard()) {
			t.Errorf("camp %d after the close: GetGloryBoard %v (%v); want the standing's %v", c, board, err, after.GetGloryBoard())
		}
		// The patron's words are the player's alone (rule JUD-PRIVATE):
		// the chronicle has the verdict without them.
		if res.GetJudgment() != "" {
			t.Errorf("camp %d: the chronicle carries the private judgment %q", c, res.GetJudgment())
		}
		words := after.GetResult().GetJudgment()
		if !strings.Contains(words, res.GetPatron()) || !strings.Contains(words, fmt.Sprintf("Standing %d", res.GetStanding())) {
			t.Errorf("camp %d: private judgment %q; want the patron %s's words with standing %d", c, words, res.GetPatron(), res.GetStanding())
		}
		priv := proto.Clone(after.GetResult()).(*pb.PlayerResult)
		priv.Judgment = ""
		if !after.GetClosed() || after.GetDaysLeft() != 0 || !proto.Equal(priv, res) {
			t.Errorf("camp %d after the close: got closed %v, %d days left, result %v; want closed, 0, the chronicle's %v",
				c, after.GetClosed(), after.GetDaysLeft(), after.GetResult(), res)
		}
		if len(after.GetRanking()) != len(closed.GetCamps()) {
			t.Fatalf("camp %d after the close: got ranking %v; want %v", c, after.GetRanking(), closed.GetCamps())
		}
		for i, line := range closed.GetCamps() {
			if !proto.Equal(after.GetRanking()[i], line) {
				t.Errorf("camp %d after the close: ranking line %d: got %v; want %v", c, i, after.GetRanking()[i], line)
			}
			if line.GetCamp() == int32(c) && (after.GetRank() != line.GetRank() || after.GetScore() != line.GetScore() ||
				after.GetScore() != so[c].GetScore() || after.GetZones() != line.GetZones()) {
				t.Errorf("camp %d after the close: got rank %d score %d zones %d; want %v, the score of day %d (%d)",
					c, after.GetRank(), after.GetScore(), after.GetZones(), line, played, so[c].GetScore())
			}
		}
		if after.GetCareer().GetPlayer() != res.GetPlayer() || after.GetCareer().GetEminencePoints() != res.GetEminence() ||
			after.GetCareer().GetSeasons() != 1 {
			t.Errorf("camp %d after the close: got career %v; want %s's first season with %d EP", c, after.GetCareer(), res.GetPlayer(), res.GetEminence())
		}
		var gained int32
		for _, pg := range after.GetGloryBoard().GetPatrons() {
			if pg.GetPatron() == res.GetPatron() {
				gained = pg.GetSeasonGlory()
			}
		}
		if gained != res.GetFeats().GetGlory() {
			t.Errorf("camp %d after the close: its patron's board shows %d glory gained; want the feats' %d", c, gained, res.GetFeats().GetGlory())
		}
	}

	// Fog: a token reads its own camp's standing and no other world's;
	// only a camp token reads one.
	other, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "other", Seed: 7})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	for _, tc := range []struct {
		name  string
		ctx   context.Context
		world uint64
		want  codes.Code
	}{
		{"another world", as(p.tokens[0]), other.GetId(), codes.PermissionDenied},
		{"an admin token", admin, p.id, codes.PermissionDenied},
		{"no token", as(""), p.id, codes.Unauthenticated},
	} {
		_, err := h.game.GetSeasonStanding(tc.ctx, &pb.GetSeasonStandingRequest{WorldId: tc.world})
		if err == nil {
			t.Errorf("%s: got a standing; want %s", tc.name, tc.want)
			continue
		}
		wantCode(t, err, tc.want)
	}
}

// TestNotebook writes and reads the camps' notebooks on each store (rule
// SEA-NOTEBOOK): bounded text, control characters refused, a bounded number
// of writes a day, kept across days and a restart, never shown to another
// camp, public in the chronicle once the season is closed and closed to
// writes then.
func TestNotebook(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) { notebook(t, tc.open(t)) })
	}
}

func notebook(t *testing.T, st store.Store) {
	h := startServer(t, st, clock.NewFake(start))
	admin := as(h.adminToken)
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "notebook"})
	if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
		t.Fatalf("pause: %v", err)
	}
	read := func(camp int) *pb.Notebook {
		t.Helper()
		n, err := h.game.GetNotebook(as(w.tokens[camp]), &pb.GetNotebookRequest{})
		if err != nil {
			t.Fatalf("notebook of camp %d: %v", camp, err)
		}
		if v := h.view(t, w.tokens[camp]); !proto.Equal(v.GetNotebook(), n) {
			t.Errorf("camp %d: the view's notebook %v differs from GetNotebook's %v", camp, v.GetNotebook(), n)
		}
		return n
	}
	write := func(camp int, text string) *pb.Notebook {
		t.Helper()
		n, err := h.game.SetNotebook(as(w.tokens[camp]), &pb.SetNotebookRequest{Text: text})
		if err != nil {
			t.Fatalf("camp %d writes %d bytes: %v", camp, len(text), err)
		}
		return n
	}

	if n := read(0); n.GetText() != "" || n.GetDay() != 0 || n.GetUpdatedAt() != nil || n.GetMaxLen() != store.MaxNotebookLen || n.GetWritesLeft() != 20 {
		t.Errorf("a notebook never written: got %v; want empty, %d bytes at most, 20 writes left", n, store.MaxNotebookLen)
	}
	plan := "Plan: take zone 4 by day 10.\n\tCarmin is east: watch it. Été, forêt."
	n := write(0, plan)
	if n.GetText() != plan || n.GetDay() != 1 || n.GetWritesLeft() != 19 || !n.GetUpdatedAt().AsTime().Equal(start) {
		t.Errorf("camp 0 wrote: got %v; want the text, for day 1, 19 writes left, written at %v", n, start)
	}
	if got := read(0); !proto.Equal(got, n) {
		t.Errorf("camp 0 reads back: got %v; want %v", got, n)
	}

	// Bad text is refused and changes nothing.
	for _, tc := range []struct {
		name, text string
	}{
		{"a byte too long", strings.Repeat("a", store.MaxNotebookLen+1)},
		{"an escape sequence", "red \x1b[31m alert"},
		{"a carriage return", "line\rover"},
		{"a NUL", "a\x00b"},
		{"a direction override", "left \u202e right"},
	} {
		_, err := h.game.SetNotebook(as(w.tokens[0]), &pb.SetNotebookRequest{Text: tc.text})
		wantCode(t, err, codes.InvalidArgument)
		if reason, fields := errorInfo(err); reason != "bad_request" || len(fields) != 1 || fields[0] != "text" {
			t.Errorf("%s: got reason %q fields %v; want bad_request on text", tc.name, reason, fields)
		}
	}
	_, err := h.game.SetNotebook(pb.WithLang(as(w.tokens[0]), lang.FR), &pb.SetNotebookRequest{Text: "cloche\a"})
	if st, _ := status.FromError(err); st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), "contient le caractère U+0007") {
		t.Errorf("a control character, in French: got %v; want InvalidArgument naming le caractère U+0007", err)
	}
	if got := read(0); got.GetText() != plan || got.GetWritesLeft() != 19 {
		t.Errorf("after refused writes: got %v; want the plan, 19 writes left", got)
	}
	full := strings.Repeat("é", store.MaxNotebookLen/2)
	if got := write(0, full); got.GetText() != full {
		t.Errorf("a text of exactly %d bytes: got %d bytes back", store.MaxNotebookLen, len(got.GetText()))
	}

	// Fog: another camp reads its own notebook, empty, never camp 0's.
	if got := read(1); got.GetText() != "" || got.GetCamp() != 1 {
		t.Errorf("camp 1 reads: got %v; want its own empty notebook", got)
	}
	write(1, "Carmin's secret")
	write(2, "to be erased")
	write(2, "")
	if got := read(0); got.GetText() != full {
		t.Errorf("camp 0 after the others wrote: got %d bytes; want its own %d", len(got.GetText()), len(full))
	}

	// At most 20 writes a day; the next day opens 20 more.
	for i := 2; i < 20; i++ {
		write(0, plan)
	}
	_, err = h.game.SetNotebook(as(w.tokens[0]), &pb.SetNotebookRequest{Text: "one too many"})
	wantCode(t, err, codes.ResourceExhausted)
	if reason, _ := errorInfo(err); reason != "too_many_notes" {
		t.Errorf("the 21st write of a day: got reason %q; want too_many_notes", reason)
	}
	if got := read(0); got.GetText() != plan || got.GetWritesLeft() != 0 {
		t.Errorf("after the 21st write: got %v; want the plan, no write left", got)
	}
	if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: w.info.GetId()}); err != nil {
		t.Fatalf("force tick: %v", err)
	}
	if got := read(0); got.GetText() != plan || got.GetDay() != 1 || got.GetWritesLeft() != 20 {
		t.Errorf("on the next day: got %v; want the plan of day 1 kept, 20 writes left", got)
	}
	day2 := write(0, plan+"\nDay 2: zone 4 taken.")

	// Kept by the store: a new server reads them back.
	h.stop()
	h = startServer(t, st, clock.NewFake(start))
	admin = as(h.adminToken)
	if got := read(0); !proto.Equal(got, day2) {
		t.Errorf("after a restart: got %v; want %v", got, day2)
	}

	// Closed: the chronicle publishes the notebooks that are not empty;
	// no more writes.
	if _, err := h.admin.CloseSeason(admin, &pb.CloseSeasonRequest{WorldId: w.info.GetId()}); err != nil {
		t.Fatalf("close season: %v", err)
	}
	_, err = h.game.SetNotebook(as(w.tokens[0]), &pb.SetNotebookRequest{Text: "after the close"})
	wantCode(t, err, codes.FailedPrecondition)
	if got := read(0); got.GetText() != day2.GetText() || got.GetWritesLeft() != 0 {
		t.Errorf("after the close: got %v; want the notes of day 2, no write left", got)
	}
	ch, _, _ := chronicle(t, h, w.info.GetId(), 1)
	nbs := ch.GetNotebooks()
	if len(nbs) != 2 || nbs[0].GetCamp() != 0 || nbs[0].GetText() != day2.GetText() || nbs[0].GetDay() != 2 ||
		nbs[1].GetCamp() != 1 || nbs[1].GetText() != "Carmin's secret" || nbs[0].GetWritesLeft() != 0 {
		t.Errorf("the chronicle's notebooks: got %v; want camp 0's of day 2 and camp 1's, none left to write, camp 2's erased one left out", nbs)
	}

	// Only a camp token reads a notebook, and only its world's.
	_, err = h.game.GetNotebook(admin, &pb.GetNotebookRequest{})
	wantCode(t, err, codes.PermissionDenied)
	_, err = h.game.SetNotebook(as(""), &pb.SetNotebookRequest{Text: "x"})
	wantCode(t, err, codes.Unauthenticated)
	_, err = h.game.GetNotebook(as(w.tokens[1]), &pb.GetNotebookRequest{WorldId: w.info.GetId() + 1})
	wantCode(t, err, codes.PermissionDenied)
}

// TestPatronsDiceNeedAnOrder covers SEAT-DICE: an intervention of a camp's
// patrons (their daily d666, PAT-D666) on a day the camp played its
// standing order is credited to no player (no glory, no 666 toward the
// agent of chaos); on a day its ruler posted the order, to the ruler.
func TestPatronsDiceNeedAnOrder(t *testing.T) {
	// A seed whose camp 0 rolls a 111 or a 666 within its first 30 days
	// (rules version 3, season 1).
	seed, last := uint64(0), 0
	for s := uint64(1); last == 0; s++ {
		w := engine.NewSeasonWorld(s, engine.CurrentRules, 1)
		for d := 1; d <= 30 && last == 0; d++ {
			if career.RollD666(w.Rand(d, 0, engine.PurposeIntervention)).Intervention() {
				seed, last = s, d
			}
		}
	}
	for _, posts := range []bool{false, true} {
		h := startServer(t, openSQLite(t), clock.NewFake(start))
		admin := as(h.adminToken)
		info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "dice", Seed: seed, SeasonLength: 40})
		if err != nil {
			t.Fatal(err)
		}
		p := &seasonPlay{h: h, id: info.GetId()}
		if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: p.id}); err != nil {
			t.Fatal(err)
		}
		p.enrol(t, &pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "agent", Patron: "Aurèle", Package: "granary",
			Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
		for range last {
			if posts {
				h.submit(t, p.tokens[0], "rest")
			}
			if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: p.id}); err != nil {
				t.Fatal(err)
			}
		}
		s, err := h.game.GetSeasonStanding(as(p.tokens[0]), &pb.GetSeasonStandingRequest{})
		if err != nil {
			t.Fatal(err)
		}
		got := s.GetFeats().GetInterventions()
		if posts && got == 0 || !posts && got != 0 {
			t.Errorf("SEAT-DICE seed %d, the ruler posting %v for %d days: %d interventions credited; want them only when it posts", seed, posts, last, got)
		}
	}
}
