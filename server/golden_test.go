package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/limits"
)

// update rewrites the golden replays instead of comparing with them.
var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

// A golden replay is a whole game played through the real server and store
// (views, orders, standing orders, ForceTick, season closes, enrolments and
// the carry-over): every day's state hash and every close's results, kept in
// testdata/golden. They prove that a change of the code changed no rule and
// no random draw; a change that moves them is a rule change, re-recorded
// with -update in a commit of its own that names the rules that moved them.

// goldenPlayer returns a camp's order for its view, or nil to post nothing
// (the standing order plays).
type goldenPlayer func(v *pb.CampView) *pb.Order

// botPlayer is the AI bot deciding from the camp's view.
func botPlayer() goldenPlayer {
	var s bot.State
	return func(v *pb.CampView) *pb.Order {
		var o *pb.Order
		o, s = bot.Decide(v, s)
		return o
	}
}

// scriptPlayer plays the script (scripted) from offset on; when even is
// set it posts only on even days.
func scriptPlayer(offset int, even bool) goldenPlayer {
	return func(v *pb.CampView) *pb.Order {
		if even && v.GetDay()%2 == 1 {
			return nil
		}
		return scripted(v, int(v.GetDay())+offset)
	}
}

// golden records a game: its lines, written or compared at the end.
type golden struct {
	h       *harness
	id      uint64
	tokens  [3]string
	players [3]goldenPlayer
	out     bytes.Buffer
}

func (g *golden) printf(format string, args ...any) { fmt.Fprintf(&g.out, format+"\n", args...) }

// play plays days days: each camp's player posts (or not) from its view,
// then the tick is forced and its hash recorded.
func (g *golden) play(t *testing.T, days int) {
	t.Helper()
	for range days {
		for c, p := range g.players {
			v := g.h.view(t, g.tokens[c])
			o := p(v)
			if o == nil {
				continue
			}
			if _, err := g.h.game.SubmitOrder(as(g.tokens[c]), &pb.SubmitOrderRequest{Order: o}); err != nil {
				t.Fatalf("day %d: camp %d order %s %v: %v", v.GetDay()+1, c, o.GetAction(), o.GetArgs(), err)
			}
		}
		info, err := g.h.admin.ForceTick(as(g.h.adminToken), &pb.WorldRequest{WorldId: g.id})
		if err != nil {
			t.Fatalf("force tick: %v", err)
		}
		g.printf("season %d day %d %s", info.GetSeason(), info.GetDay(), info.GetStateHash())
		g.checkStored(t, info.GetSeason(), info.GetDay())
	}
}

// setup records day 0 of the world's current season.
func (g *golden) setup(t *testing.T) {
	t.Helper()
	ws, err := g.h.admin.ListWorlds(as(g.h.adminToken), &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatalf("list worlds: %v", err)
	}
	for _, w := range ws.GetWorlds() {
		if w.GetId() == g.id {
			g.printf("season %d day %d %s", w.GetSeason(), w.GetDay(), w.GetStateHash())
			g.checkStored(t, w.GetSeason(), w.GetDay())
		}
	}
}

// checkStored requires the world's state stored for the day to decode to
// the state its loop holds, which the admins' GetWorldState gives in JSON:
// it proves the stored form lossless on every state of the replay.
func (g *golden) checkStored(t *testing.T, season, day int32) {
	t.Helper()
	ws, err := g.h.admin.GetWorldState(as(g.h.adminToken), &pb.WorldRequest{WorldId: g.id})
	if err != nil {
		t.Fatalf("world state: %v", err)
	}
	tick, err := g.h.store.LatestTick(context.Background(), g.id, int(season))
	if err != nil {
		t.Fatalf("season %d day %d: stored tick: %v", season, day, err)
	}
	s, err := server.DecodeState(grisonval.Ruleset{}, tick.State)
	if err != nil {
		t.Fatalf("season %d day %d: decode the stored state: %v", season, day, err)
	}
	stored, err := grisonval.Ruleset{}.JSON(s)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(stored, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(ws.GetStateJson()), &b); err != nil {
		t.Fatal(err)
	}
	if tick.Day != int(day) || ws.GetDay() != day || !sameJSON(a, b) {
		t.Fatalf("season %d day %d: the state stored for day %d decodes to another state than the loop's of day %d", season, day, tick.Day, ws.GetDay())
	}
}

// sameJSON reports whether two decoded JSON values are equal, an empty
// array equal to null: the stored form does not tell a nil slice from an
// empty one.
func sameJSON(a, b any) bool {
	a, b = emptyIsNull(a), emptyIsNull(b)
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !sameJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameJSON(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

func emptyIsNull(v any) any {
	if s, ok := v.([]any); ok && len(s) == 0 {
		return nil
	}
	return v
}

// enrol enrols a player and takes the camp's new token.
func (g *golden) enrol(t *testing.T, req *pb.EnrollPlayerRequest) {
	t.Helper()
	req.WorldId = g.id
	resp, err := g.h.admin.EnrollPlayer(as(g.h.adminToken), req)
	if err != nil {
		t.Fatalf("enrol %s: %v", req.GetPlayer(), err)
	}
	g.tokens[req.GetCamp()] = resp.GetToken()
	c := resp.GetCareer()
	g.printf("enrolled %s camp %d season %d patron %s package %s seasons %d ep %d max_pp %d",
		c.GetPlayer(), c.GetCamp(), resp.GetSeason(), c.GetPatron(), c.GetPackage(), c.GetSeasons(), c.GetEminencePoints(), c.GetMaxPp())
}

// closed records a closed season's public results and chronicle: the
// ranking, the players' feats and judgments, titles, glory boards, the
// number of frames and each camp's count of journal entries by kind.
func (g *golden) closed(t *testing.T, season int32) {
	t.Helper()
	first, frames, _ := chronicle(t, g.h, g.id, season)
	s := first.GetSeason()
	g.printf("closed season %d days %d-%d by %q", s.GetSeason(), s.GetFirstDay(), s.GetLastDay(), s.GetClosedBy())
	for _, c := range s.GetCamps() {
		g.printf("  camp %d %s rank %d score %d zones %d", c.GetCamp(), c.GetCampName(), c.GetRank(), c.GetScore(), c.GetZones())
	}
	for _, p := range first.GetPlayers() {
		f := p.GetFeats()
		g.printf("  player %s camp %d patron %s mode %s standing %d verdict %s titles %v posted %d eminence %d",
			p.GetPlayer(), p.GetCamp(), p.GetPatron(), p.GetMode(), p.GetStanding(), p.GetVerdict(), p.GetTitles(), p.GetPostedTicks(), p.GetEminence())
		g.printf("    feats %d/%d missions %d/%d counter %d revealed %d intel %d interventions %d sabotages %d recoveries %d sixes %d glory",
			f.GetMissionsSucceeded(), f.GetMissionsFailed(), f.GetCounterMissionsSucceeded(), f.GetCounterMissionsFailed(),
			f.GetEnemyMissionsRevealed(), f.GetIntelSupportInfluence(), f.GetInterventions(), f.GetSabotagesSuffered(),
			f.GetRecoveries(), f.GetSixes(), f.GetGlory())
	}
	for _, a := range first.GetTitles() {
		g.printf("  title %s (%s) score %d %v", a.GetTitle(), a.GetTitleFr(), a.GetScore(), a.GetPlayers())
	}
	for _, b := range first.GetGloryBoards() {
		var lines []string
		for _, p := range b.GetPatrons() {
			lines = append(lines, fmt.Sprintf("%d. %s %d (+%d)", p.GetRank(), p.GetPatron(), p.GetGlory(), p.GetSeasonGlory()))
		}
		g.printf("  board camp %d %s: %s", b.GetCamp(), b.GetCampName(), strings.Join(lines, ", "))
	}
	for _, h := range first.GetRollOfHonour() {
		g.printf("  honour season %d camp %d %s score %d", h.GetSeason(), h.GetCamp(), h.GetCampName(), h.GetScore())
	}
	g.printf("  frames %d", len(frames))
	for c, kinds := range g.journalKinds(t, season) {
		g.printf("  journal camp %d: %s", c, kinds)
	}
}

// journalKinds returns, per camp, the count of a closed season's journal
// entries by kind, from its chronicle.
func (g *golden) journalKinds(t *testing.T, season int32) [3]string {
	t.Helper()
	client := pb.NewChronicleServiceClient(g.h.conn)
	var counts [3]map[string]int
	for c := range counts {
		counts[c] = map[string]int{}
	}
	token := ""
	for {
		ch, err := client.GetChronicle(context.Background(), &pb.GetChronicleRequest{WorldId: g.id, Season: season, PageSize: 50, PageToken: token})
		if err != nil {
			t.Fatalf("chronicle: %v", err)
		}
		for _, j := range ch.GetJournals() {
			for _, e := range j.GetEntries() {
				counts[j.GetCamp()][e.GetKind()]++
			}
		}
		if token = ch.GetNextPageToken(); token == "" {
			break
		}
	}
	var out [3]string
	for c, m := range counts {
		var kinds []string
		for k, n := range m {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(kinds)
		out[c] = strings.Join(kinds, ", ")
	}
	return out
}

// check compares the recorded lines with testdata/golden/name.txt, or
// rewrites it with -update.
func (g *golden) check(t *testing.T, name string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, g.out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden replay (record it with -update): %v", err)
	}
	got := g.out.Bytes()
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		var a, b string
		if i < len(gl) {
			a = gl[i]
		}
		if i < len(wl) {
			b = wl[i]
		}
		if a != b {
			t.Fatalf("%s line %d:\n got: %s\nwant: %s\n(a rule or a random draw moved: if that is intended, re-record with -update in a commit of its own)", path, i+1, a, b)
		}
	}
}

// newGolden creates a paused world and issues its camp tokens.
func newGolden(t *testing.T, req *pb.CreateWorldRequest, players [3]goldenPlayer) *golden {
	t.Helper()
	// The replays post a season's orders in seconds: far more a second than
	// a token may in play (limits.Defaults.Orders), so the order limit is off.
	h := startServerConfig(t, server.Config{Store: openSQLite(t), Clock: clock.NewFake(start), Rulesets: rulesets,
		Log:    zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.InfoLevel),
		Limits: limits.Config{Orders: limits.Rate{PerSecond: -1}}})
	w := h.createWorld(t, req)
	g := &golden{h: h, id: w.info.GetId(), tokens: w.tokens, players: players}
	if _, err := h.admin.PauseWorld(as(h.adminToken), &pb.WorldRequest{WorldId: g.id}); err != nil {
		t.Fatalf("pause: %v", err)
	}
	g.printf("world seed %d season_length %d", req.GetSeed(), w.info.GetSeasonLength())
	return g
}

// TestGoldenBots: three bots, one per posture, with players enrolled at the
// setup (their packages and sheets in the world), a season of 150 days
// closed at its end, re-enrolment with purchases, the carried season 2
// played 40 days and closed early.
func TestGoldenBots(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	ai := func(p pb.Posture) *pb.Controller {
		return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: p}
	}
	g := newGolden(t, &pb.CreateWorldRequest{Name: "golden bots", Seed: 23, SeasonLength: 150,
		Controllers: []*pb.Controller{ai(pb.Posture_POSTURE_AGGRESSIVE), ai(pb.Posture_POSTURE_GROWTH), ai(pb.Posture_POSTURE_PRUDENT)}},
		[3]goldenPlayer{botPlayer(), botPlayer(), botPlayer()})
	g.enrol(t, &pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "human", Patron: "Aurèle", Package: "levy",
		Characteristics: []int32{3, 2, 2, 2, 1}, Talents: []int32{1, 1, 1, 1, 0}})
	g.enrol(t, &pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Patron: "Évariste", Package: "granary",
		Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{0, 2, 0, 2, 0}})
	g.enrol(t, &pb.EnrollPlayerRequest{Camp: 2, Player: "cyd", Mode: "agent", Patron: "Isaure", Package: "scholars",
		Characteristics: []int32{2, 3, 2, 2, 1}, Talents: []int32{2, 0, 2, 0, 0}})
	g.setup(t)
	g.play(t, 150)
	g.closed(t, 1)
	g.enrol(t, &pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "human", Patron: "Béatrix", Package: "treasury", Purchases: []string{"max_pp"}})
	g.enrol(t, &pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Package: "workyard"})
	g.enrol(t, &pb.EnrollPlayerRequest{Camp: 2, Player: "cyd", Mode: "agent", Package: "levy"})
	if _, err := g.h.admin.CreateSeason(as(g.h.adminToken), &pb.CreateSeasonRequest{WorldId: g.id}); err != nil {
		t.Fatalf("create season 2: %v", err)
	}
	g.setup(t)
	g.play(t, 40)
	if _, err := g.h.admin.CloseSeason(as(g.h.adminToken), &pb.CloseSeasonRequest{WorldId: g.id}); err != nil {
		t.Fatalf("close season 2: %v", err)
	}
	g.closed(t, 2)
	g.check(t, "bots")
	ctx := context.Background()
	for season := 1; season <= 2; season++ {
		if _, err := server.Replay(ctx, g.h.store, rulesets, g.id, season, nil); err != nil {
			t.Errorf("replay season %d: %v", season, err)
		}
	}
}

// TestGoldenScripted: two scripted camps (camp 1 posts on even days only
// and has a standing order), the bot on camp 2 with the posture left to it,
// an endless season of 130 days closed by an admin.
func TestGoldenScripted(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	g := newGolden(t, &pb.CreateWorldRequest{Name: "golden scripted", Seed: 2026, SeasonLength: -1,
		Controllers: []*pb.Controller{{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}, {Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT},
			{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_AGGRESSIVE}}},
		[3]goldenPlayer{scriptPlayer(0, false), scriptPlayer(3, true), botPlayer()})
	if _, err := g.h.game.SetStandingOrder(as(g.tokens[1]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "chop_wood", Reason: "golden"}}); err != nil {
		t.Fatalf("standing order: %v", err)
	}
	g.setup(t)
	g.play(t, 130)
	if _, err := g.h.admin.CloseSeason(as(g.h.adminToken), &pb.CloseSeasonRequest{WorldId: g.id}); err != nil {
		t.Fatalf("close season 1: %v", err)
	}
	g.closed(t, 1)
	g.check(t, "scripted")
	if _, err := server.Replay(context.Background(), g.h.store, rulesets, g.id, 1, nil); err != nil {
		t.Errorf("replay: %v", err)
	}
}

// TestGoldenWar: two aggressive bots and a growing one over 150 days:
// sieges won, broken and starved, meetings of columns, pacts.
func TestGoldenWar(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	ai := func(p pb.Posture) *pb.Controller {
		return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: p}
	}
	g := newGolden(t, &pb.CreateWorldRequest{Name: "golden war", Seed: 2, SeasonLength: 150,
		Controllers: []*pb.Controller{ai(pb.Posture_POSTURE_AGGRESSIVE), ai(pb.Posture_POSTURE_AGGRESSIVE), ai(pb.Posture_POSTURE_GROWTH)}},
		[3]goldenPlayer{botPlayer(), botPlayer(), botPlayer()})
	g.setup(t)
	g.play(t, 150)
	g.closed(t, 1)
	g.check(t, "war")
	if _, err := server.Replay(context.Background(), g.h.store, rulesets, g.id, 1, nil); err != nil {
		t.Errorf("replay: %v", err)
	}
}
