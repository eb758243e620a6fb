package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync/atomic"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestSeasons plays two seasons on each store: scripted players on camps 0
// and 1 (camp 1 posts every other day), the bot's decisions on camp 2; the
// first season ends at its 24th day, the second is closed early. It covers
// SEA-LEN, SEA-CLOSE, SEA-DONE, SEA-SECRET, SEA-CHRON, SEA-HONOUR, SEA-CARRY,
// SEA-ENROL and SEA-ZONES (docs/career.md).
func TestSeasons(t *testing.T) {
	// Slow under the race detector: in parallel with the other slow tests.
	t.Parallel()
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) { playSeasons(t, tc.open(t)) })
	}
}

// seasonStores are the stores the season tests run on, each opened empty.
var seasonStores = []struct {
	name string
	open func(t *testing.T) store.Store
}{
	{"sqlite", openSQLite},
	{"postgres", func(t *testing.T) store.Store {
		st := openPostgres(t, pgtest.NewDatabase(t))
		t.Cleanup(func() { st.Close() })
		return st
	}},
}

// seasonPlay drives one world through ForceTick.
type seasonPlay struct {
	h      *harness
	id     uint64
	tokens [3]string
	bot    bot.State
}

// day posts the day's orders (camp 1 on even days only) and forces the tick.
func (p *seasonPlay) day(t *testing.T, day int) {
	t.Helper()
	for c := range 3 {
		v := p.h.view(t, p.tokens[c])
		var o *pb.Order
		switch {
		case c == 2:
			o, p.bot = bot.Decide(v, p.bot)
		case c == 1 && day%2 == 1:
			continue
		default:
			o = scripted(v, day+3*c)
		}
		if _, err := p.h.game.SubmitOrder(as(p.tokens[c]), &pb.SubmitOrderRequest{Order: o}); err != nil {
			t.Fatalf("day %d: camp %d order %s %v: %v", day, c, o.GetAction(), o.GetArgs(), err)
		}
	}
	info, err := p.h.admin.ForceTick(as(p.h.adminToken), &pb.WorldRequest{WorldId: p.id})
	if err != nil {
		t.Fatalf("force tick %d: %v", day+1, err)
	}
	if int(info.GetDay()) != day+1 {
		t.Fatalf("after forcing day %d: got day %d", day+1, info.GetDay())
	}
}

// state returns the world's omniscient state.
func (p *seasonPlay) state(t *testing.T) *engine.World {
	t.Helper()
	ws, err := p.h.admin.GetWorldState(as(p.h.adminToken), &pb.WorldRequest{WorldId: p.id})
	if err != nil {
		t.Fatalf("world state: %v", err)
	}
	w, err := engine.Unmarshal([]byte(ws.GetStateJson()))
	if err != nil {
		t.Fatalf("decode state: %v", err)
	}
	return w
}

// enrol enrols a player and returns the answer.
func (p *seasonPlay) enrol(t *testing.T, req *pb.EnrollPlayerRequest) *pb.EnrollPlayerResponse {
	t.Helper()
	req.WorldId = p.id
	resp, err := p.h.admin.EnrollPlayer(as(p.h.adminToken), req)
	if err != nil {
		t.Fatalf("enrol %s: %v", req.GetPlayer(), err)
	}
	p.tokens[req.GetCamp()] = resp.GetToken()
	return resp
}

// chronicle reads every page of a season's chronicle without a token.
func chronicle(t *testing.T, h *harness, id uint64, season int32) (first *pb.Chronicle, frames []*pb.Frame, journal map[int32]int) {
	t.Helper()
	client := pb.NewChronicleServiceClient(h.conn)
	token := ""
	journal = make(map[int32]int)
	for page := 0; ; page++ {
		ch, err := client.GetChronicle(context.Background(), &pb.GetChronicleRequest{WorldId: id, Season: season, PageSize: 10, PageToken: token})
		if err != nil {
			t.Fatalf("chronicle of season %d page %d: %v", season, page, err)
		}
		if page == 0 {
			first = ch
		} else if len(ch.GetPlayers()) > 0 || len(ch.GetGloryBoards()) > 0 {
			t.Errorf("page %d repeats the results", page)
		}
		frames = append(frames, ch.GetFrames()...)
		for _, j := range ch.GetJournals() {
			journal[j.GetCamp()] += len(j.GetEntries())
		}
		if token = ch.GetNextPageToken(); token == "" {
			return first, frames, journal
		}
	}
}

func playSeasons(t *testing.T, st store.Store) {
	ctx := context.Background()
	h := startServer(t, st, clock.NewFake(start))
	admin := as(h.adminToken)
	info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "seasons", Seed: 2026})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	if info.GetSeasonLength() != server.DefaultSeasonLength {
		t.Fatalf("season length without one: got %d; want %d", info.GetSeasonLength(), server.DefaultSeasonLength)
	}
	p := &seasonPlay{h: h, id: info.GetId()}
	if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: p.id}); err != nil {
		t.Fatalf("pause: %v", err)
	}

	// Season 1: three new careers.
	ada := p.enrol(t, &pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "human", Patron: "Aurèle", Package: "granary",
		Characteristics: []int32{3, 2, 2, 2, 1}, Talents: []int32{1, 1, 1, 1, 0}})
	if ada.GetSeason() != 1 || ada.GetCareer().GetSeasons() != 1 || ada.GetCareer().GetEminencePoints() != 0 {
		t.Fatalf("ada enrolled: got %+v; want season 1, first season, 0 EP", ada)
	}
	p.enrol(t, &pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Patron: "Domitille", Package: "levy",
		Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{0, 2, 0, 2, 0}})
	p.enrol(t, &pb.EnrollPlayerRequest{Camp: 2, Player: "bot", Mode: "agent", Patron: "Gaspard", Package: "treasury",
		Characteristics: []int32{2, 3, 2, 2, 1}, Talents: []int32{2, 0, 2, 0, 0}})
	refused := []struct {
		name string
		req  *pb.EnrollPlayerRequest
		want codes.Code
	}{
		{"a patron of another camp", &pb.EnrollPlayerRequest{Camp: 0, Player: "cy", Mode: "human", Patron: "Gaspard", Package: "levy"}, codes.InvalidArgument},
		{"purchases on a new career", &pb.EnrollPlayerRequest{Camp: 0, Player: "cy", Mode: "human", Patron: "Aurèle", Package: "levy",
			Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}, Purchases: []string{"max_pp"}}, codes.InvalidArgument},
		{"a sheet over its creation", &pb.EnrollPlayerRequest{Camp: 0, Player: "cy", Mode: "human", Patron: "Aurèle", Package: "levy",
			Characteristics: []int32{3, 3, 3, 3, 3}, Talents: []int32{1, 1, 1, 1, 0}}, codes.InvalidArgument},
		{"a second player for camp 0", &pb.EnrollPlayerRequest{Camp: 0, Player: "cy", Mode: "human", Patron: "Aurèle", Package: "levy",
			Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}}, codes.AlreadyExists},
		{"an unknown package", &pb.EnrollPlayerRequest{Camp: 0, Player: "cy", Mode: "human", Patron: "Aurèle", Package: "gold"}, codes.InvalidArgument},
	}
	for _, tc := range refused {
		tc.req.WorldId = p.id
		_, err := h.admin.EnrollPlayer(admin, tc.req)
		wantCode(t, err, tc.want)
	}

	// While the season runs: the own board only, no chronicle.
	chron := pb.NewChronicleServiceClient(h.conn)
	if _, err := h.game.GetGloryBoard(as(p.tokens[0]), &pb.GetGloryBoardRequest{Camp: 0}); err != nil {
		t.Fatalf("own glory board: %v", err)
	}
	_, err = h.game.GetGloryBoard(as(p.tokens[0]), &pb.GetGloryBoardRequest{Camp: 1})
	wantCode(t, err, codes.PermissionDenied)
	p.day(t, 0)
	_, err = chron.GetChronicle(ctx, &pb.GetChronicleRequest{WorldId: p.id, Season: 1})
	wantCode(t, err, codes.NotFound)
	if list, err := chron.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: p.id}); err != nil || len(list.GetSeasons()) != 0 {
		t.Fatalf("public seasons while the first runs: got %v, %v; want none", list.GetSeasons(), err)
	}
	if all, err := chron.ListChronicles(ctx, &pb.ListChroniclesRequest{}); err != nil || len(all.GetChronicles()) != 0 {
		t.Fatalf("public chronicles while the first season runs: got %v, %v; want none", all.GetChronicles(), err)
	}
	for day := 1; day < server.DefaultSeasonLength; day++ {
		p.day(t, day)
	}
	final1 := p.state(t)
	_, err = h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: p.id})
	wantCode(t, err, codes.FailedPrecondition)

	// The chronicle of season 1, read without a token.
	list, err := chron.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: p.id})
	if err != nil || len(list.GetSeasons()) != 1 {
		t.Fatalf("public seasons after the close: got %v, %v; want season 1", list.GetSeasons(), err)
	}
	s1 := list.GetSeasons()[0]
	all, err := chron.ListChronicles(ctx, &pb.ListChroniclesRequest{})
	if err != nil || len(all.GetChronicles()) != 1 {
		t.Fatalf("public chronicles after the close: got %v, %v; want season 1", all.GetChronicles(), err)
	}
	if e := all.GetChronicles()[0]; e.GetWorldId() != p.id || e.GetRuleset() != "grisonval" || e.GetWorldName() == "" || !proto.Equal(e.GetSeason(), s1) {
		t.Errorf("public chronicle: got %v; want world %d's season 1 %v", e, p.id, s1)
	}
	if !s1.GetClosed() || s1.GetLastDay() != 24 || s1.GetClosedBy() != "" {
		t.Errorf("season 1: got closed %v on day %d by %q; want closed on day 24 by nobody", s1.GetClosed(), s1.GetLastDay(), s1.GetClosedBy())
	}
	var (
		scores []career.CampScore
		zones  [engine.NumCamps]int
	)
	for c := range engine.CampID(engine.NumCamps) {
		var held []career.Zone
		for z := 1; z <= engine.NumZones; z++ {
			if zone := final1.Zones[z]; zone.Owner == c {
				cz := career.Zone{Terrain: career.Terrain(zone.Terrain), Dev: zone.Development,
					Buildings: len(zone.Buildings), Capital: zone.Capital, Monument: zone.Monument}
				if final1.Rules >= engine.RulesVictory { // CAR-VETERANS
					if slices.Contains(zone.Buildings, engine.Barracks) { // at most one a zone (BLD-8)
						cz.Barracks = 1
					}
					if zone.Capital {
						cz.ArmsDays, cz.Days = final1.Camps[c].ArmsDays, final1.Day
					}
				}
				held = append(held, cz)
			}
		}
		score, err := career.Score(held)
		if err != nil {
			t.Fatal(err)
		}
		scores, zones[c] = append(scores, career.CampScore{Camp: int(c), Score: score}), len(held)
	}
	var honour []int32
	for i, want := range career.RankCamps(scores) {
		got := s1.GetCamps()[i]
		if int(got.GetCamp()) != want.Camp || int(got.GetRank()) != want.Rank || int(got.GetScore()) != want.Score ||
			int(got.GetZones()) != zones[want.Camp] {
			t.Errorf("ranking line %d: got camp %d rank %d score %d zones %d; want camp %d rank %d score %d zones %d",
				i, got.GetCamp(), got.GetRank(), got.GetScore(), got.GetZones(), want.Camp, want.Rank, want.Score, zones[want.Camp])
		}
		if want.Rank == 1 {
			honour = append(honour, int32(want.Camp))
		}
	}
	var gotHonour []int32
	for _, hon := range list.GetRollOfHonour() {
		gotHonour = append(gotHonour, hon.GetCamp())
	}
	if !slices.Equal(gotHonour, honour) {
		t.Errorf("roll of honour: got camps %v; want %v", gotHonour, honour)
	}
	first, frames, journal := chronicle(t, h, p.id, 1)
	t.Logf("season 1: ranking %v; players %v; titles %v", s1.GetCamps(), first.GetPlayers(), first.GetTitles())
	for i, f := range frames {
		if int(f.GetDay()) != i || len(f.GetGrisonval().GetZones()) != engine.NumZones {
			t.Fatalf("frame %d: got day %d with %d zones; want day %d with %d", i, f.GetDay(), len(f.GetGrisonval().GetZones()), i, engine.NumZones)
		}
	}
	if len(frames) != 25 {
		t.Errorf("timelapse: got %d frames; want 25 (days 0 to 24)", len(frames))
	}
	for c := range int32(3) {
		if journal[c] == 0 {
			t.Errorf("chronicle: camp %d's journal is empty", c)
		}
	}
	if len(first.GetGloryBoards()) != 3 || len(first.GetPlayers()) != 3 {
		t.Fatalf("chronicle: got %d boards and %d players; want 3 and 3", len(first.GetGloryBoards()), len(first.GetPlayers()))
	}
	titled := map[string]bool{}
	for _, a := range first.GetTitles() {
		for _, pl := range a.GetPlayers() {
			titled[pl] = true
		}
	}
	ep := map[string]int32{}
	for _, pr := range first.GetPlayers() {
		f := pr.GetFeats()
		tally := career.Tally{MissionsSucceeded: int(f.GetMissionsSucceeded()), MissionsFailed: int(f.GetMissionsFailed()),
			CounterMissionsSucceeded: int(f.GetCounterMissionsSucceeded()), CounterMissionsFailed: int(f.GetCounterMissionsFailed()),
			EnemyMissionsRevealed: int(f.GetEnemyMissionsRevealed()), IntelSupportInfluence: int(f.GetIntelSupportInfluence()),
			SabotagesSuffered: int(f.GetSabotagesSuffered())}
		verdict := career.Judge(tally)
		if pr.GetVerdict() != verdict.String() || int(pr.GetStanding()) != career.Standing(tally) {
			t.Errorf("%s: got verdict %s standing %d; want %s %d", pr.GetPlayer(), pr.GetVerdict(), pr.GetStanding(), verdict, career.Standing(tally))
		}
		wantPosted := map[string]int32{"ada": 24, "bea": 12, "bot": 24}[pr.GetPlayer()]
		if pr.GetPostedTicks() > wantPosted || pr.GetPostedTicks() < wantPosted-3 {
			t.Errorf("%s: got %d orders posted; want about %d (applied or stale)", pr.GetPlayer(), pr.GetPostedTicks(), wantPosted)
		}
		gain, err := career.Eminence(career.Close{PostedTicks: int(pr.GetPostedTicks()), Ticks: 24, Verdict: verdict, Titled: titled[pr.GetPlayer()]})
		if err != nil || pr.GetEminence() != int32(gain) {
			t.Errorf("%s: got %d EP; want %d (%v)", pr.GetPlayer(), pr.GetEminence(), gain, err)
		}
		ep[pr.GetPlayer()] = pr.GetEminence()
		board := first.GetGloryBoards()[pr.GetCamp()]
		for _, line := range board.GetPatrons() {
			if line.GetPatron() == pr.GetPatron() && (line.GetGlory() != f.GetGlory() || line.GetSeasonGlory() != f.GetGlory()) {
				t.Errorf("%s's patron %s: got glory %d (season %d); want %d", pr.GetPlayer(), pr.GetPatron(), line.GetGlory(), line.GetSeasonGlory(), f.GetGlory())
			}
		}
	}

	// Re-enrolment for season 2: ada takes her career back with purchases.
	adaEP := ep["ada"]
	tooMany := make([]string, 3)
	for i := range tooMany {
		tooMany[i] = "max_pp"
	}
	if adaEP < 3 {
		tooMany = []string{"characteristic:lore"} // 4 EP: more than a season gives
	}
	_, err = h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: p.id, Camp: 0, Player: "ada", Mode: "human",
		Package: "scholars", Purchases: tooMany})
	wantCode(t, err, codes.FailedPrecondition)
	_, err = h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: p.id, Camp: 0, Player: "ada", Mode: "agent", Package: "scholars"})
	wantCode(t, err, codes.FailedPrecondition)
	var buys []string
	for range min(adaEP, 2) {
		buys = append(buys, "max_pp")
	}
	ada2 := p.enrol(t, &pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "human", Patron: "Béatrix", Package: "scholars", Purchases: buys})
	if ada2.GetSeason() != 2 || ada2.GetCareer().GetSeasons() != 2 || ada2.GetCareer().GetEminencePoints() != adaEP-int32(len(buys)) ||
		ada2.GetCareer().GetMaxPp() != 6+int32(len(buys)) || ada2.GetCareer().GetPatron() != "Béatrix" {
		t.Errorf("ada re-enrolled: got %+v; want season 2, 2 seasons, %d EP, max PP %d, patron Béatrix",
			ada2.GetCareer(), adaEP-int32(len(buys)), 6+len(buys))
	}
	p.enrol(t, &pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Package: "workyard"})
	p.enrol(t, &pb.EnrollPlayerRequest{Camp: 2, Player: "bot", Mode: "agent", Package: "levy"})
	_, err = h.game.GetView(as(ada.GetToken()), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)

	// Season 2 starts from the carry-over and the packages.
	info, err = h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: p.id})
	if err != nil {
		t.Fatalf("create season 2: %v", err)
	}
	if info.GetSeason() != 2 || info.GetDay() != 0 {
		t.Fatalf("season 2: got season %d day %d; want 2, 0", info.GetSeason(), info.GetDay())
	}
	setup, fresh := p.state(t), engine.NewWorld(2026)
	for z := 1; z <= engine.NumZones; z++ {
		if got, want := setup.Zones[z].Development, final1.Zones[z].Development/2; got != want {
			t.Errorf("zone %d: got development %d; want %d (half of %d)", z, got, want, final1.Zones[z].Development)
		}
		if setup.Zones[z].Owner != fresh.Zones[z].Owner || len(setup.Zones[z].Buildings) != 0 {
			t.Errorf("zone %d: got owner %d with %d buildings; want the setup's owner %d and none",
				z, setup.Zones[z].Owner, len(setup.Zones[z].Buildings), fresh.Zones[z].Owner)
		}
	}
	if got, want := setup.Camps[0].Resources.Research, fresh.Camps[0].Resources.Research+150; got != want {
		t.Errorf("camp 0 with the scholars: got research %d; want %d", got, want)
	}
	if got, want := setup.Zones[setup.Capital(2)].Garrison, fresh.Zones[fresh.Capital(2)].Garrison+3; got != want {
		t.Errorf("camp 2 with the levy: got garrison %d; want %d", got, want)
	}
	if got := setup.Rulers[0].PowerPoints; got != int(ada2.GetCareer().GetMaxPp()) {
		t.Errorf("camp 0's ruler: got %d power points; want %d", got, ada2.GetCareer().GetMaxPp())
	}
	for day := range 3 {
		p.day(t, day)
	}
	closed, err := h.admin.CloseSeason(admin, &pb.CloseSeasonRequest{WorldId: p.id})
	if err != nil {
		t.Fatalf("close season 2: %v", err)
	}
	if !closed.GetClosed() || closed.GetLastDay() != 3 || closed.GetClosedBy() != "test" {
		t.Errorf("season 2 closed early: got %+v; want closed on day 3 by test", closed)
	}
	_, err = h.admin.CloseSeason(admin, &pb.CloseSeasonRequest{WorldId: p.id})
	wantCode(t, err, codes.FailedPrecondition)
	second, _, _ := chronicle(t, h, p.id, 2)
	if len(second.GetRollOfHonour()) < 2 {
		t.Errorf("roll of honour after two seasons: got %v; want both seasons' winners", second.GetRollOfHonour())
	}
	// Glory is cumulative: Aurèle keeps season 1's, Béatrix gains season 2's.
	board, err := h.game.GetGloryBoard(as(p.tokens[0]), &pb.GetGloryBoardRequest{Camp: 0})
	if err != nil {
		t.Fatalf("glory board: %v", err)
	}
	glory := map[string]int32{}
	for _, l := range board.GetPatrons() {
		glory[l.GetPatron()] = l.GetGlory()
	}
	if glory["Aurèle"] != first.GetPlayers()[0].GetFeats().GetGlory() || glory["Béatrix"] != second.GetPlayers()[0].GetFeats().GetGlory() {
		t.Errorf("camp 0's board: got %v; want Aurèle %d, Béatrix %d", glory,
			first.GetPlayers()[0].GetFeats().GetGlory(), second.GetPlayers()[0].GetFeats().GetGlory())
	}

	// Both seasons replay from their setups and orders, season 2 from the
	// carry-over.
	for season := 1; season <= 2; season++ {
		if _, err := server.Replay(ctx, st, rulesets, p.id, season, nil); err != nil {
			t.Errorf("replay season %d: %v", season, err)
		}
	}

	// Every admin action is in the audit, with who and the outcome.
	audit, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{WorldId: p.id, Limit: 1000})
	if err != nil {
		t.Fatalf("list audit: %v", err)
	}
	counts := map[string]int{}
	for _, e := range audit.GetEntries() {
		if e.GetAdmin() != "test" {
			t.Errorf("audit entry %d by %q; want test", e.GetId(), e.GetAdmin())
		}
		counts[e.GetAction()+" "+e.GetCode()]++
	}
	want := map[string]int{"EnrollPlayer OK": 6, "EnrollPlayer FailedPrecondition": 2, "CreateSeason OK": 1,
		"CloseSeason OK": 1, "CloseSeason FailedPrecondition": 1, "ForceTick OK": 27, "ForceTick FailedPrecondition": 1, "PauseWorld OK": 1}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("audit: got %d %q; want %d", counts[k], k, n)
		}
	}
}

// TestReplayAfterReenrolments replays a carried season after its player
// re-enrolled twice with purchases: each season's setup uses the sheet its
// enrolment was made with, not the career's current one (SEA-SHEET), and
// only the enrolments made before it (SEA-ENROL).
func TestReplayAfterReenrolments(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) { replayAfterReenrolments(t, tc.open(t)) })
	}
}

func replayAfterReenrolments(t *testing.T, st store.Store) {
	ctx := context.Background()
	h := startServer(t, st, clock.NewFake(start))
	admin := as(h.adminToken)
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "careers", SeasonLength: 2})
	id := w.info.GetId()
	// ada's career is stored with 2 EP: a season of two days may earn none.
	created, err := career.NewCareer(career.Enrolment{Agent: "ada", Mode: career.Human, Patron: career.Patron{Name: "Aurèle"},
		Characteristics: [career.NumCharacteristics]int{3, 2, 2, 2, 1}, Talents: [career.NumTalents]int{1, 1, 1, 1, 0},
		Package: career.Package(1)})
	if err != nil {
		t.Fatalf("new career: %v", err)
	}
	sheet, err := json.Marshal(created.Sheet)
	if err != nil {
		t.Fatal(err)
	}
	err = st.Enrol(ctx, store.Career{WorldID: id, Player: "ada", Mode: "human", Camp: 0, Patron: "Aurèle", Seasons: 1, EP: 2, Sheet: sheet},
		store.Enrolment{WorldID: id, Season: 1, Camp: 0, Player: "ada", Patron: "Aurèle", Package: created.Package.String(), Sheet: sheet, At: start})
	if err != nil {
		t.Fatalf("enrol ada: %v", err)
	}
	var maxPP []int32
	for season := 2; season <= 3; season++ {
		h.play(t, w, 2)
		resp, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 0, Player: "ada", Mode: "human",
			Package: "scholars", Purchases: []string{"max_pp"}})
		if err != nil {
			t.Fatalf("re-enrol ada for season %d: %v", season, err)
		}
		w.tokens[0], maxPP = resp.GetToken(), append(maxPP, resp.GetCareer().GetMaxPp())
		if _, err := h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: id}); err != nil {
			t.Fatalf("create season %d: %v", season, err)
		}
	}
	// bea enrols once season 3 has played a day: she counts for its close,
	// not its setup (SEA-ENROL), and the replay leaves her out of it too.
	h.play(t, w, 1)
	resp, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 1, Player: "bea", Mode: "agent",
		Patron: "Domitille", Package: "levy", Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{0, 2, 0, 2, 0}})
	if err != nil || resp.GetSeason() != 3 {
		t.Fatalf("enrol bea: got season %d, %v; want season 3", resp.GetSeason(), err)
	}
	w.tokens[1] = resp.GetToken()
	h.play(t, w, 1)
	if want := []int32{int32(created.Sheet.MaxPP) + 1, int32(created.Sheet.MaxPP) + 2}; !slices.Equal(maxPP, want) {
		t.Fatalf("ada's max PP at her re-enrolments: got %v; want %v", maxPP, want)
	}
	// Season 2's enrolment keeps the sheet it was made with.
	es, err := st.Enrolments(ctx, id, 2)
	if err != nil || len(es) != 1 {
		t.Fatalf("enrolments of season 2: got %+v, %v; want ada's", es, err)
	}
	var played career.Sheet
	if err := json.Unmarshal(es[0].Sheet, &played); err != nil || int32(played.MaxPP) != maxPP[0] {
		t.Errorf("season 2's enrolment: got max PP %d (%v); want %d", played.MaxPP, err, maxPP[0])
	}
	for season, last := range []int{2, 2, 2} {
		rep, err := server.Replay(ctx, st, rulesets, id, season+1, nil)
		if err != nil || rep.LastDay != last {
			t.Errorf("replay season %d: got last day %d, %v; want day %d and every state matched", season+1, rep.LastDay, err, last)
		}
	}
}

// closeFailingStore is the real store whose next CloseSeason fails once
// when fail is set, as a server stopped before the close would leave it.
type closeFailingStore struct {
	store.Store
	fail atomic.Bool
}

func (s *closeFailingStore) CloseSeason(ctx context.Context, c store.SeasonClose) error {
	if s.fail.Swap(false) {
		return errors.New("connection lost")
	}
	return s.Store.CloseSeason(ctx, c)
}

// TestCloseMissedAtStart stops a server whose season's last tick is
// committed but whose close failed; the next server closes the season when
// it loads the world (SEA-RETRY), with the zones each camp held (SEA-ZONES).
func TestCloseMissedAtStart(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) { closeMissedAtStart(t, tc.open(t)) })
	}
}

func closeMissedAtStart(t *testing.T, real store.Store) {
	ctx := context.Background()
	st := &closeFailingStore{Store: real}
	fake := clock.NewFake(start)
	h := startServer(t, st, fake)
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "missed", SeasonLength: 2})
	id := w.info.GetId()
	resp, err := h.admin.EnrollPlayer(as(h.adminToken), &pb.EnrollPlayerRequest{WorldId: id, Camp: 0, Player: "ada", Mode: "human",
		Patron: "Aurèle", Package: "granary", Characteristics: []int32{3, 2, 2, 2, 1}, Talents: []int32{1, 1, 1, 1, 0}})
	if err != nil {
		t.Fatalf("enrol ada: %v", err)
	}
	w.tokens[0] = resp.GetToken()
	st.fail.Store(true)
	h.play(t, w, 2)
	if _, err := real.SeasonClose(ctx, id, 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("season close after a failed close: got error %v; want ErrNotFound", err)
	}
	h.stop()

	h = startServer(t, real, fake)
	c, err := real.SeasonClose(ctx, id, 1)
	if err != nil {
		t.Fatalf("season close after the restart: %v", err)
	}
	if c.Day != 2 || c.By != "" || len(c.Camps) != engine.NumCamps || len(c.Players) != 1 || c.Players[0].Player != "ada" {
		t.Errorf("season close after the restart: got day %d by %q, %d camps, players %+v; want day 2 by nobody, 3 camps, ada",
			c.Day, c.By, len(c.Camps), c.Players)
	}
	ws, err := h.admin.GetWorldState(as(h.adminToken), &pb.WorldRequest{WorldId: id})
	if err != nil {
		t.Fatalf("world state: %v", err)
	}
	final, err := engine.Unmarshal([]byte(ws.GetStateJson()))
	if err != nil {
		t.Fatalf("decode state: %v", err)
	}
	var held [engine.NumCamps]int
	for z := 1; z <= engine.NumZones; z++ {
		if o := final.Zones[z].Owner; o >= 0 && int(o) < engine.NumCamps {
			held[o]++
		}
	}
	list, err := h.admin.ListSeasons(as(h.adminToken), &pb.ListSeasonsRequest{WorldId: id})
	if err != nil || len(list.GetSeasons()) != 1 || !list.GetSeasons()[0].GetClosed() {
		t.Fatalf("seasons after the restart: got %v, %v; want season 1 closed", list.GetSeasons(), err)
	}
	for i, r := range list.GetSeasons()[0].GetCamps() {
		if int(r.GetZones()) != held[r.GetCamp()] || r.GetZones() != int32(c.Camps[i].Zones) {
			t.Errorf("camp %d: got %d zones (stored %d); want %d", r.GetCamp(), r.GetZones(), c.Camps[i].Zones, held[r.GetCamp()])
		}
	}
	_, err = h.admin.ForceTick(as(h.adminToken), &pb.WorldRequest{WorldId: id})
	wantCode(t, err, codes.FailedPrecondition)
	_, err = h.admin.CloseSeason(as(h.adminToken), &pb.CloseSeasonRequest{WorldId: id})
	wantCode(t, err, codes.FailedPrecondition)
}

// TestEnrolAtSetup plays a world's first season with players enrolled at
// day 0: their packages and sheets are in the setup at once (SEA-ENROL,
// SEA-SHEET), pending orders are kept, and an enrolment made once day 1 is
// committed counts only from the next season; the next season's setup (the
// carry-over) and a reset season's (the seed's) are rebuilt the same way by
// an enrolment at their day 0 (SEA-CARRY), and every season replays.
func TestEnrolAtSetup(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) { enrolAtSetup(t, tc.open(t)) })
	}
}

func enrolAtSetup(t *testing.T, st store.Store) {
	ctx := context.Background()
	h := startServer(t, st, clock.NewFake(start))
	admin := as(h.adminToken)
	w := h.createWorld(t, &pb.CreateWorldRequest{Name: "enrol at setup", SeasonLength: 2})
	id := w.info.GetId()
	fresh := engine.NewWorld(w.info.GetSeed())
	state := func() (*engine.World, string) {
		t.Helper()
		ws, err := h.admin.GetWorldState(admin, &pb.WorldRequest{WorldId: id})
		if err != nil {
			t.Fatalf("world state: %v", err)
		}
		s, err := engine.Unmarshal([]byte(ws.GetStateJson()))
		if err != nil {
			t.Fatalf("decode state: %v", err)
		}
		return s, ws.GetStateHash()
	}
	enrol := func(req *pb.EnrollPlayerRequest) *pb.EnrollPlayerResponse {
		t.Helper()
		req.WorldId = id
		resp, err := h.admin.EnrollPlayer(admin, req)
		if err != nil {
			t.Fatalf("enrol %s: %v", req.GetPlayer(), err)
		}
		w.tokens[req.GetCamp()] = resp.GetToken()
		return resp
	}
	bonuses := func(resp *pb.EnrollPlayerResponse) career.WorldBonuses {
		t.Helper()
		s := career.Sheet{Build: career.Build{MaxPP: int(resp.GetCareer().GetMaxPp())}}
		for i, v := range resp.GetCareer().GetCharacteristics() {
			s.Build.Characteristics[i] = int(v)
		}
		for i, v := range resp.GetCareer().GetTalents() {
			s.Build.Talents[i] = int(v)
		}
		return career.Bonuses(s)
	}
	checkRulers := func(when string, s *engine.World, want [engine.NumCamps]career.WorldBonuses) {
		t.Helper()
		for c := range engine.NumCamps {
			if s.Rulers[c] != want[c] {
				t.Errorf("%s: camp %d's ruler: got %+v; want %+v", when, c, s.Rulers[c], want[c])
			}
		}
	}

	// Season 1, day 0: camp 0 posts an order, then ada and bea enrol.
	h.submit(t, w.tokens[0], "rest")
	ada := enrol(&pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "human", Patron: "Aurèle", Package: "scholars",
		Characteristics: []int32{1, 2, 2, 2, 3}, Talents: []int32{1, 1, 1, 1, 0}})
	bea := enrol(&pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Patron: "Domitille", Package: "levy",
		Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{0, 2, 0, 2, 0}})
	setup, _ := state()
	if setup.Day != 0 {
		t.Fatalf("after the enrolments: got day %d; want 0", setup.Day)
	}
	rulers := [engine.NumCamps]career.WorldBonuses{bonuses(ada), bonuses(bea)}
	if rulers[0].StartMorale != 6 || rulers[0].ResearchPerDay != 2 {
		t.Fatalf("ada's bonuses: got %+v; want start morale 6 (Prestige 3), research 2 a day (Savoir 2)", rulers[0])
	}
	checkRulers("season 1's setup", setup, rulers)
	checks := []struct {
		name      string
		got, want int64
	}{
		{"camp 0's research (scholars)", setup.Camps[0].Resources.Research, fresh.Camps[0].Resources.Research + 150},
		{"camp 0's morale (Prestige 3)", int64(setup.Camps[0].Morale), int64(min(100, fresh.Camps[0].Morale+6))},
		{"camp 1's garrison (levy)", int64(setup.Zones[setup.Capital(1)].Garrison), int64(fresh.Zones[fresh.Capital(1)].Garrison + 3)},
		{"camp 1's morale (Prestige 2)", int64(setup.Camps[1].Morale), int64(min(100, fresh.Camps[1].Morale+4))},
		{"camp 2's gold (nobody enrolled)", setup.Camps[2].Resources.Gold, fresh.Camps[2].Resources.Gold},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("season 1's setup: %s: got %d; want %d", c.name, c.got, c.want)
		}
	}
	if pending, err := st.PendingOrders(ctx, id, 1, 1); err != nil || len(pending) != 1 || pending[0].Camp != 0 {
		t.Errorf("pending orders for day 1 after the enrolments: got %+v, %v; want camp 0's rest, kept", pending, err)
	}

	// Day 1 is committed: cyd's enrolment counts for the close only.
	h.play(t, w, 1)
	before, beforeHash := state()
	enrol(&pb.EnrollPlayerRequest{Camp: 2, Player: "cyd", Mode: "agent", Patron: "Gaspard", Package: "treasury",
		Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
	if after, hash := state(); hash != beforeHash || after.Camps[2].Resources.Gold != before.Camps[2].Resources.Gold {
		t.Errorf("after cyd's enrolment at day 1: got hash %s, camp 2's gold %d; want %s and %d unchanged",
			hash, after.Camps[2].Resources.Gold, beforeHash, before.Camps[2].Resources.Gold)
	}
	es, err := st.Enrolments(ctx, id, 1)
	if err != nil || len(es) != 3 || !es[0].BeforeSetup || !es[1].BeforeSetup || es[2].BeforeSetup {
		t.Fatalf("enrolments of season 1: got %+v, %v; want ada and bea before the setup, cyd after", es, err)
	}
	h.play(t, w, 1)
	closed, err := st.SeasonClose(ctx, id, 1)
	if err != nil || len(closed.Players) != 3 {
		t.Fatalf("close of season 1: got %d players, %v; want ada, bea and cyd", len(closed.Players), err)
	}
	final1, _ := state()

	// Season 2: cyd, enrolled for it before its setup, counts from it; ada
	// enrols at its day 0, over the carry-over.
	cyd := enrol(&pb.EnrollPlayerRequest{Camp: 2, Player: "cyd", Mode: "agent", Package: "levy"})
	if _, err := h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: id}); err != nil {
		t.Fatalf("create season 2: %v", err)
	}
	carriedState, err := grisonval.Ruleset{}.Setup(game.Setup{Seed: w.info.GetSeed(), Camps: 3, Season: 2, Prev: grisonval.StateOf(final1)})
	if err != nil {
		t.Fatal(err)
	}
	carried := grisonval.Of(carriedState)
	created, _ := state()
	checkRulers("season 2's setup", created, [engine.NumCamps]career.WorldBonuses{2: bonuses(cyd)})
	ada2 := enrol(&pb.EnrollPlayerRequest{Camp: 0, Player: "ada", Mode: "human", Package: "treasury"})
	setup2, _ := state()
	checkRulers("season 2's setup after ada's enrolment", setup2, [engine.NumCamps]career.WorldBonuses{bonuses(ada2), {}, bonuses(cyd)})
	if got, want := setup2.Camps[0].Resources.Gold, carried.Camps[0].Resources.Gold+30; got != want {
		t.Errorf("season 2's setup: camp 0's gold (treasury): got %d; want %d", got, want)
	}
	if got, want := setup2.Zones[setup2.Capital(2)].Garrison, carried.Zones[carried.Capital(2)].Garrison+3; got != want {
		t.Errorf("season 2's setup: camp 2's garrison (levy): got %d; want %d", got, want)
	}
	for z := 1; z <= engine.NumZones; z++ {
		if setup2.Zones[z].Development != carried.Zones[z].Development {
			t.Fatalf("season 2's setup: zone %d's development: got %d; want the carry-over's %d",
				z, setup2.Zones[z].Development, carried.Zones[z].Development)
		}
	}
	h.play(t, w, 1)

	// Season 3, reset from the seed while season 2 runs: bea enrols at its
	// day 0.
	if _, err := h.admin.ResetSeason(admin, &pb.WorldRequest{WorldId: id}); err != nil {
		t.Fatalf("reset season: %v", err)
	}
	bea3 := enrol(&pb.EnrollPlayerRequest{Camp: 1, Player: "bea", Mode: "agent", Package: "workyard"})
	setup3, _ := state()
	checkRulers("season 3's setup", setup3, [engine.NumCamps]career.WorldBonuses{1: bonuses(bea3)})
	if got, want := setup3.Camps[1].Resources.Stone, fresh.Camps[1].Resources.Stone+20; got != want {
		t.Errorf("season 3's setup: camp 1's stone (workyard): got %d; want %d", got, want)
	}
	h.play(t, w, 1)

	for season, last := range []int{2, 1, 1} {
		rep, err := server.Replay(ctx, st, rulesets, id, season+1, nil)
		if err != nil || rep.LastDay != last {
			t.Errorf("replay season %d: got last day %d, %v; want day %d and every state matched", season+1, rep.LastDay, err, last)
		}
	}
}
