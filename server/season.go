package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// DefaultSeasonLength is the length of a season when CreateWorld gives
// none (seed 003: "Une saison dure 24 ticks par défaut").
const DefaultSeasonLength = 24

// endlessSeason is CreateWorld's season_length for a season that only an
// admin closes.
const endlessSeason = -1

// enrolled is a player's enrolment with its career, as a season's setup
// and close need them.
type enrolled struct {
	store.Enrolment
	career career.Career
}

// setupPlayers returns what the enrolments counted for a season's setup
// bring to it (rule SEA-ENROL): the rulers' made before the setup, in camp
// order. A councillor's package and sheet stay its own (SEAT-SHEET): the
// character sheet that reaches the world is the ruler's.
func setupPlayers(players []enrolled) []game.Player {
	var out []game.Player
	for _, p := range players {
		if p.BeforeSetup && store.SeatOrRuler(p.Seat) == game.RulerSeat {
			out = append(out, game.Player{Camp: p.Camp, Package: p.Package, Sheet: p.career.Sheet})
		}
	}
	return out
}

// loadEnrolled returns a season's enrolments with their players' careers
// as they were for that season: the enrolment's own sheet, package and
// patron (rule SEA-SHEET).
func loadEnrolled(ctx context.Context, st store.Store, worldID uint64, season int) ([]enrolled, error) {
	es, err := st.Enrolments(ctx, worldID, season)
	if err != nil {
		return nil, err
	}
	out := make([]enrolled, 0, len(es))
	for _, e := range es {
		sc, err := st.Career(ctx, worldID, e.Player)
		if err != nil {
			return nil, err
		}
		c, err := careerFromStore(sc)
		if err != nil {
			return nil, err
		}
		p, err := withEnrolment(c, e)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// withEnrolment returns career c as it plays the season of enrolment e:
// with e's own sheet, package and patron (rule SEA-SHEET).
func withEnrolment(c career.Career, e store.Enrolment) (enrolled, error) {
	c.Sheet = career.Sheet{}
	if err := json.Unmarshal(e.Sheet, &c.Sheet); err != nil {
		return enrolled{}, fmt.Errorf("enrolment of %q in season %d: decode sheet: %w", e.Player, e.Season, err)
	}
	c.Package, _ = career.ParsePackage(e.Package)
	c.Patron = career.Patron{Name: e.Patron, Camp: e.Camp}
	return enrolled{Enrolment: e, career: c}, nil
}

// setupBase returns what a season's setup was built from, and a name for
// it: nil for the seed's setup (a world's first season, or a season
// ResetSeason started) or, for a later season, the previous season's last
// state, carried over (CreateSeason, rule SEA-CARRY). A later season's is
// the one whose setup with players has the hash want, or the carry-over
// when neither has. like is a state of the season, whose rules the setup
// is rebuilt under (rule RULES-1).
func setupBase(ctx context.Context, st store.Store, rs game.Ruleset, w store.World, season int, players []game.Player, want string, like game.State) (game.State, string, error) {
	seed := fmt.Sprintf("seed %d", w.Seed)
	if season == 1 {
		return nil, seed, nil
	}
	if setup, err := rs.Setup(game.Setup{Seed: w.Seed, Camps: w.Camps, Season: season, Players: players, Like: like}); err == nil && hashIs(rs, setup, want) {
		return nil, seed, nil
	}
	last, err := st.LatestTick(ctx, w.ID, season-1)
	if err != nil {
		return nil, "", fmt.Errorf("last tick of season %d: %w", season-1, err)
	}
	prev, err := decodeState(rs, last.State)
	if err != nil {
		return nil, "", fmt.Errorf("last tick of season %d: %w", season-1, err)
	}
	return prev, fmt.Sprintf("the carry-over of season %d", season-1), nil
}

// setupOpen reports whether an enrolment in the runner's season reaches
// its setup at once (rule SEA-ENROL): the season is not closed, has
// resolved no tick, and is not a fork's first season (which starts from a
// copy of its parent's tick).
func (r *runner) setupOpen() bool {
	return !r.closed && r.state.Day() == 0 && (r.settings.Parent.WorldID == 0 || r.settings.Season != 1)
}

// enrolAtSetup stores enrolment e of career sc (c decoded) made while its
// season has resolved no tick, and rebuilds the season's setup with it
// (rule SEA-ENROL): the base the setup was built from (setupBase) with the
// packages and sheets of every enrolment counted for it, e included,
// replaces day 0 in the same store transaction and becomes the world's
// state. The pending orders for day 1 are kept: each is played against the
// new setup at day 1 and recorded stale if it is no longer valid, as any
// order is; one that no longer validates is logged now.
func (r *runner) enrolAtSetup(ctx context.Context, sc store.Career, e store.Enrolment, c career.Career) error {
	players, err := loadEnrolled(ctx, r.store, r.id, e.Season)
	if err != nil {
		return fmt.Errorf("enrolments of season %d: %w", e.Season, err)
	}
	players = slices.DeleteFunc(players, func(p enrolled) bool { return !p.BeforeSetup })
	w := r.settings
	// The setup is rebuilt under the rules of the season's day 0 (rule
	// RULES-1).
	like := r.state
	prev, from, err := setupBase(ctx, r.store, r.rs, w, e.Season, setupPlayers(players), r.hash, like)
	if err != nil {
		return fmt.Errorf("rebuild setup of season %d: %w", e.Season, err)
	}
	before, err := r.rs.Setup(game.Setup{Seed: w.Seed, Camps: w.Camps, Season: e.Season, Prev: prev, Players: setupPlayers(players), Like: like})
	if err != nil {
		return fmt.Errorf("rebuild setup of season %d: %w", e.Season, err)
	}
	if !hashIs(r.rs, before, r.hash) {
		return fmt.Errorf("rebuild setup of season %d: from %s it has hash %s; day 0 has %s", e.Season, from, r.rs.Hash(before), r.hash)
	}
	p, err := withEnrolment(c, e)
	if err != nil {
		return err
	}
	players = append(players, p)
	slices.SortFunc(players, func(a, b enrolled) int { return a.Camp - b.Camp })
	setup, err := r.rs.Setup(game.Setup{Seed: w.Seed, Camps: w.Camps, Season: e.Season, Prev: prev, Players: setupPlayers(players), Like: like})
	if err != nil {
		return fmt.Errorf("rebuild setup of season %d: %w", e.Season, err)
	}
	enc, hash, err := encodeState(r.rs, setup)
	if err != nil {
		return err
	}
	t := store.Tick{WorldID: r.id, Season: e.Season, Day: 0, State: enc, Hash: hash, CommittedAt: r.clock.Now()}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if err := r.store.EnrolAtSetup(wctx, sc, e, t); err != nil {
		return err
	}
	r.setState(setup, hash)
	r.forgetRecent()
	r.log.Info().Int("camp", e.Camp).Str("player", e.Player).Str("from", from).Int("players", len(players)).
		Str("hash", hash).Msg("season's setup rebuilt with an enrolment")
	for camp, o := range r.pending {
		if o == nil {
			continue
		}
		if re := r.rs.Validate(setup, camp, o.order); re != nil {
			r.log.Warn().Int("camp", camp).Str("code", re.Reason.Code()).
				Msg("order pending for day 1 no longer valid against the rebuilt setup: kept, it is played stale unless replaced")
			r.log.Debug().Int("camp", camp).Str("action", o.order.Action).Ints("args", o.order.Args).Msg("order pending for day 1 no longer valid")
		}
	}
	return nil
}

// careerFromStore decodes a stored career.
func careerFromStore(sc store.Career) (career.Career, error) {
	c := career.Career{Agent: sc.Player, Camp: sc.Camp, Patron: career.Patron{Name: sc.Patron, Camp: sc.Camp},
		Seasons: sc.Seasons, EP: sc.EP, Fallen: sc.Fallen}
	switch sc.Mode {
	case career.Human.String():
		c.Mode = career.Human
	case career.Agent.String():
		c.Mode = career.Agent
	default:
		return c, fmt.Errorf("career of %q: unknown mode %q", sc.Player, sc.Mode)
	}
	if err := json.Unmarshal(sc.Sheet, &c.Sheet); err != nil {
		return c, fmt.Errorf("career of %q: decode sheet: %w", sc.Player, err)
	}
	return c, nil
}

// careerToStore encodes a career for the store.
func careerToStore(worldID uint64, c career.Career) (store.Career, error) {
	sheet, err := json.Marshal(c.Sheet)
	if err != nil {
		return store.Career{}, fmt.Errorf("encode sheet of %q: %w", c.Agent, err)
	}
	return store.Career{WorldID: worldID, Player: c.Agent, Mode: c.Mode.String(), Camp: c.Camp,
		Patron: c.Patron.Name, Seasons: c.Seasons, EP: c.EP, Sheet: sheet, Fallen: c.Fallen}, nil
}

// seasonClose computes the close of the runner's season on its current
// day (seed 003's three rankings, judgments and eminence points): the camp
// ranking by score over the final state, the players' feats, standing,
// verdict, titles and eminence, and the glory their patrons gain. by is the
// admin closing the season early, or "".
func (r *runner) seasonClose(ctx context.Context, by string) (store.SeasonClose, error) {
	w, season, n := r.settings, r.settings.Season, r.settings.Camps
	day := r.state.Day()
	c := store.SeasonClose{WorldID: w.ID, Season: season, Day: day, At: r.clock.Now(), By: by}
	scored, err := r.rs.Season(n).Score(r.state)
	if err != nil {
		return c, err
	}
	for _, s := range career.RankCamps(campScores(scored)) {
		sc := scored[s.Camp]
		c.Camps = append(c.Camps, store.SeasonResult{WorldID: w.ID, Season: season, Camp: s.Camp, Rank: s.Rank,
			Score: int64(s.Score), Zones: sc.Holdings, Summary: sc.Summary.Encode()})
	}
	tallies, err := seasonTallies(ctx, r.store, r.rs, w, season, day)
	if err != nil {
		return c, err
	}
	players, err := loadEnrolled(ctx, r.store, w.ID, season)
	if err != nil {
		return c, fmt.Errorf("enrolments of season %d: %w", season, err)
	}
	orders, err := r.store.Orders(ctx, w.ID, season)
	if err != nil {
		return c, fmt.Errorf("orders of season %d: %w", season, err)
	}
	first := 0
	if se, err := r.store.Season(ctx, w.ID, season); err == nil {
		first = se.FirstDay
	}
	posted, err := postedDays(ctx, r.store, w.ID, season, n, first, day, orders)
	if err != nil {
		return c, err
	}
	entries := make([]career.Entry, len(players))
	for i, p := range players {
		entries[i] = career.Entry{Agent: p.Player, Tally: tallies[p.Camp].of(store.SeatOrRuler(p.Seat))}
	}
	awards, err := career.Titles(entries)
	if err != nil {
		return c, fmt.Errorf("titles of season %d: %w", season, err)
	}
	for _, p := range players {
		seat := store.SeatOrRuler(p.Seat)
		t := tallies[p.Camp].of(seat)
		verdict := career.Judge(t)
		held := career.Held(awards, p.Player)
		own, err := career.OwnTicks(posted[seatKey{p.Camp, seat}], first, day)
		if err != nil {
			return c, fmt.Errorf("days of %q: %w", p.Player, err)
		}
		gain, err := career.Eminence(career.Close{PostedTicks: own,
			Ticks: day - first, Verdict: verdict, Titled: len(held) > 0, Fallen: p.career.Fallen})
		if err != nil {
			return c, fmt.Errorf("eminence of %q: %w", p.Player, err)
		}
		feats, err := json.Marshal(t)
		if err != nil {
			return c, fmt.Errorf("encode feats of %q: %w", p.Player, err)
		}
		var titles []string
		for _, h := range held {
			titles = append(titles, h.String())
		}
		c.Players = append(c.Players, store.PlayerResult{Camp: p.Camp, Seat: seat, Player: p.Player, Patron: p.Patron,
			Mode: p.career.Mode.String(), Feats: feats, Standing: career.Standing(t), Verdict: verdict.String(),
			Titles: titles, PostedTicks: own, Eminence: gain})
		// Two players serving one patron both bring it glory (SEAT-FEATS).
		if i := slices.IndexFunc(c.Glory, func(g store.PatronGlory) bool { return g.Camp == p.Camp && g.Patron == p.Patron }); i >= 0 {
			c.Glory[i].Gained += t.Glory
			continue
		}
		c.Glory = append(c.Glory, store.PatronGlory{WorldID: w.ID, Camp: p.Camp, Patron: p.Patron, Gained: t.Glory})
	}
	return c, nil
}

// seatKey names a seat of a camp.
type seatKey struct {
	camp int
	seat string
}

// postedDays lists, for each seat of a season's camps, the days from
// first+1 to last its player acted itself (rule EP-DONE): the ruler's,
// the days it posted the camp's order (its own or an adopted proposal;
// the standing order does not count); a councillor's, the days it posted
// a proposal.
func postedDays(ctx context.Context, st store.Store, worldID uint64, season, camps, first, last int, orders []store.Order) (map[seatKey][]int, error) {
	out := make(map[seatKey][]int)
	for _, o := range orders {
		if (o.Status == store.OrderApplied || o.Status == store.OrderStale) && o.Day > first && o.Day <= last {
			k := seatKey{o.Camp, game.RulerSeat}
			out[k] = append(out[k], o.Day)
		}
	}
	for c := range camps {
		props, err := st.Proposals(ctx, worldID, season, c, first+1)
		if err != nil {
			return nil, fmt.Errorf("proposals of season %d camp %d: %w", season, c, err)
		}
		for _, p := range props {
			if p.Day <= last {
				k := seatKey{c, p.Seat}
				out[k] = append(out[k], p.Day)
			}
		}
	}
	return out, nil
}

// closeSeason closes the runner's season on its current day and stores the
// close. by is the admin closing it early, or "".
func (r *runner) closeSeason(ctx context.Context, by string) (store.SeasonClose, error) {
	c, err := r.seasonClose(ctx, by)
	if err != nil {
		return c, fmt.Errorf("close season %d of world %d: %w", r.settings.Season, r.id, err)
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if err := r.store.CloseSeason(wctx, c); err != nil {
		return c, err
	}
	r.closed = true
	ev := r.log.Info().Str("by", by)
	for _, res := range c.Camps {
		ev = ev.Int(fmt.Sprintf("camp_%d_score", res.Camp), int(res.Score))
	}
	ev.Int("players", len(c.Players)).Msg("season closed")
	return c, nil
}

// closeAtLastDay closes the season that reached its last day: at the tick
// that ended it, or when a world whose season is over but not closed is
// loaded. A failure is logged: the season stays over, and the next load of
// the world or an admin's CloseSeason closes it.
func (r *runner) closeAtLastDay() {
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	if _, err := r.closeSeason(ctx, ""); err != nil {
		r.log.Error().Err(err).Msg("season not closed; the next start or an admin's CloseSeason closes it")
	}
}

// loadClosed sets whether the runner's season is closed, from the store.
func (r *runner) loadClosed(ctx context.Context) error {
	_, err := r.store.SeasonClose(ctx, r.id, r.settings.Season)
	switch {
	case err == nil:
		r.closed = true
	case errors.Is(err, store.ErrNotFound):
		r.closed = false
	default:
		return fmt.Errorf("load world %d: %w", r.id, err)
	}
	return nil
}

// adminName returns the name of the admin calling, or "" for an in-process
// call.
func adminName(ctx context.Context) string {
	p, _ := principalFrom(ctx)
	return p.name
}

// CloseSeason closes the running season now; a season over but not yet
// closed (its close failed) is closed too.
func (a *adminService) CloseSeason(ctx context.Context, req *pb.CloseSeasonRequest) (*pb.SeasonInfo, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	var c store.SeasonClose
	err = r.do(ctx, func() error {
		if r.closed {
			return refusef(reasonSeasonClosed, "", "season %d is already closed; CreateSeason starts the next one", r.settings.Season)
		}
		if _, err := r.store.Season(ctx, r.id, r.settings.Season); errors.Is(err, store.ErrNotFound) {
			return refusef(reasonSeasonNotStarted, "", "season %d has no tick yet", r.settings.Season)
		}
		by := adminName(ctx)
		if r.lastDay(r.state) {
			by = ""
		}
		c, err = r.closeSeason(ctx, by)
		if err != nil {
			return err
		}
		r.log.Info().Msg("admin: season closed")
		r.notify(tickEvent{day: r.state.Day()})
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	se, err := a.s.cfg.Store.Season(ctx, r.id, c.Season)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return seasonInfoToPB(game.CampNames(r.rs, r.settings.Camps), se, &c, pb.LangOf(ctx)), nil
}

// CreateSeason starts the next season from the carry-over of the closed one
// and the enrolments made for it.
func (a *adminService) CreateSeason(ctx context.Context, req *pb.CreateSeasonRequest) (*pb.WorldInfo, error) {
	return a.onWorld(ctx, req.GetWorldId(), func(r *runner) error {
		if !r.closed {
			return refusef(reasonSeasonRunning, "",
				"season %d is still running (day %d): close it first (CloseSeason)", r.settings.Season, r.state.Day())
		}
		old := r.settings
		w := old
		w.Season++
		players, err := loadEnrolled(ctx, r.store, w.ID, w.Season)
		if err != nil {
			return fmt.Errorf("enrolments of season %d: %w", w.Season, err)
		}
		setup, err := r.rs.Setup(game.Setup{Seed: w.Seed, Camps: w.Camps, Season: w.Season, Prev: r.state, Players: setupPlayers(players)})
		if err != nil {
			return fmt.Errorf("set up season %d: %w", w.Season, err)
		}
		if err := r.updateSettings(ctx, w); err != nil {
			return err
		}
		if err := r.commitSetupState(ctx, setup); err != nil {
			if rerr := r.updateSettings(ctx, old); rerr != nil {
				r.log.Error().Err(rerr).Msg("restore season after a failed season creation")
			}
			return err
		}
		r.log.Info().Int("players", len(players)).Msg("admin: season created")
		r.notify(tickEvent{day: 0, deadline: r.deadline()})
		return nil
	})
}

// ListSeasons lists every season of a world with the results of the closed
// ones, and the roll of honour.
func (a *adminService) ListSeasons(ctx context.Context, req *pb.ListSeasonsRequest) (*pb.ListSeasonsResponse, error) {
	return listSeasons(ctx, a.s, req.GetWorldId(), false)
}

// listSeasons lists a world's seasons, closed ones only when closedOnly.
func listSeasons(ctx context.Context, s *Server, worldID uint64, closedOnly bool) (*pb.ListSeasonsResponse, error) {
	w, rs, err := s.storedWorld(ctx, worldID)
	if status.Code(err) == codes.NotFound && closedOnly {
		// The public list is empty alike for a world without a closed
		// season and one that does not exist: it never says which exist.
		return &pb.ListSeasonsResponse{}, nil
	} else if err != nil {
		return nil, err
	}
	names := game.CampNames(rs, w.Camps)
	seasons, err := s.cfg.Store.SeasonList(ctx, worldID)
	if err != nil {
		return nil, toStatus(s.log, err)
	}
	resp := &pb.ListSeasonsResponse{}
	for _, se := range seasons {
		c, err := s.cfg.Store.SeasonClose(ctx, worldID, se.Number)
		switch {
		case errors.Is(err, store.ErrNotFound) && se.Number < w.Season:
			// Abandoned by ResetSeason: public, without results.
			info := seasonInfoToPB(names, se, nil, pb.LangOf(ctx))
			last, err := s.cfg.Store.LatestTick(ctx, worldID, se.Number)
			if err != nil {
				return nil, toStatus(s.log, err)
			}
			if err := abandon(ctx, s.cfg.Store, info, last.Day); err != nil {
				return nil, toStatus(s.log, err)
			}
			resp.Seasons = append(resp.Seasons, info)
			continue
		case errors.Is(err, store.ErrNotFound):
			if !closedOnly {
				resp.Seasons = append(resp.Seasons, seasonInfoToPB(names, se, nil, pb.LangOf(ctx)))
			}
			continue
		case err != nil:
			return nil, toStatus(s.log, err)
		}
		resp.Seasons = append(resp.Seasons, seasonInfoToPB(names, se, &c, pb.LangOf(ctx)))
		resp.RollOfHonour = append(resp.RollOfHonour, honours(names, c)...)
	}
	return resp, nil
}

// honours returns a closed season's entries in the roll of honour: every
// camp at rank 1. names are the world's camps' names.
func honours(names []string, c store.SeasonClose) []*pb.Honour {
	var out []*pb.Honour
	for _, r := range c.Camps {
		if r.Rank == 1 {
			out = append(out, &pb.Honour{Season: int32(c.Season), Camp: int32(r.Camp), CampName: campName(names, r.Camp), Score: r.Score})
		}
	}
	return out
}

// campName returns camp's name among names, or "" for a camp out of them.
func campName(names []string, camp int) string {
	if camp < 0 || camp >= len(names) {
		return ""
	}
	return names[camp]
}

// EnrollPlayer enrols a player for a camp in the season being prepared and
// issues the camp's token. What the request leaves out takes its default
// (REN-DEFAULT); every wrong field is named in one InvalidArgument. With
// validate_only it answers the career the enrolment would give, storing
// and issuing nothing.
func (a *adminService) EnrollPlayer(ctx context.Context, req *pb.EnrollPlayerRequest) (*pb.EnrollPlayerResponse, error) {
	camp := int(req.GetCamp())
	l := pb.LangOf(ctx)
	bad := violations{l: l}
	if err := checkText(l, "player", req.GetPlayer(), MaxNameLen, false); err != nil {
		bad.addStatus("player", err)
	} else if strings.TrimSpace(req.GetPlayer()) == "" {
		bad.add("player", lang.T("player must name the player", "player doit nommer le joueur"))
	}
	mode := defaultMode
	switch req.GetMode() {
	case "":
	case "human":
		mode = career.Human
	case "agent":
		mode = career.Agent
	default:
		bad.add("mode", lang.T(`mode must be "human" or "agent" (empty: %s); got %q`, `mode vaut "human" ou "agent" (vide : %s) ; reçu %q`, defaultMode, req.GetMode()))
	}
	pkg := career.DefaultPackage
	if req.GetPackage() != "" {
		var ok bool
		if pkg, ok = career.ParsePackage(req.GetPackage()); !ok {
			bad.add("package", lang.T("package must be one of %s (empty: %s); got %q", "package est l'un de %s (vide : %s) ; reçu %q",
				strings.Join(career.PackageNames(), ", "), career.DefaultPackage, req.GetPackage()))
		}
	}
	var purchases []career.Purchase
	if n := len(req.GetPurchases()); n > maxPurchases {
		bad.add("purchases", lang.T("at most %d purchases; got %d", "au plus %d achats ; reçu %d", maxPurchases, n))
	} else {
		purchases = purchasesFromPB(&bad, req.GetPurchases())
	}
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	seat := store.SeatOrRuler(req.GetSeat())
	var (
		season int
		next   career.Career
	)
	err = r.do(ctx, func() error {
		seats := game.SeatsOf(r.rs.Season(r.settings.Camps))
		if _, ok := findSeat(seats, seat); !ok {
			bad.add("seat", lang.T("seat must be one of %s (empty: ruler); got %q", "seat est l'un de %s (vide : ruler) ; reçu %q", seatCodes(seats), req.GetSeat()))
		}
		if r.checkCamp(req.GetCamp()) != nil {
			bad.add("camp", lang.T("camp must be 0 to %d (the world has %d camps); got %d",
				"camp va de 0 à %d (le monde a %d camps) ; reçu %d", r.settings.Camps-1, r.settings.Camps, req.GetCamp()))
			return bad.err()
		}
		patrons := r.rs.Season(r.settings.Camps).Patrons(camp)
		patron := career.Patron{}
		if req.GetPatron() != "" {
			if !slices.Contains(patrons, req.GetPatron()) {
				bad.add("patron", lang.T("%q is not a patron of camp %d; its patrons are %s", "%q n'est pas un patron du camp %d ; ses patrons sont %s",
					req.GetPatron(), camp, strings.Join(patrons, ", ")))
			}
			patron = career.Patron{Name: req.GetPatron(), Camp: camp}
		}
		season = r.settings.Season
		if r.closed {
			season++
		}
		sc, err := r.store.Career(ctx, r.id, req.GetPlayer())
		// An enrolment for the next season is made before its setup,
		// which applies it; one for the season running counts for its
		// setup while it has resolved no tick (rule SEA-ENROL). Only the
		// ruler's reaches the world (SEAT-SHEET).
		atSetup := r.setupOpen() && seat == game.RulerSeat
		e := store.Enrolment{WorldID: r.id, Season: season, Camp: camp, Seat: seat, Player: req.GetPlayer(),
			Package: pkg.String(), BeforeSetup: r.closed || atSetup, At: r.clock.Now()}
		switch {
		case errors.Is(err, store.ErrNotFound):
			if n := len(req.GetPurchases()); n > 0 && n <= maxPurchases {
				bad.add("purchases", lang.T("a new career has no eminence points to spend", "une nouvelle carrière n'a aucun point d'éminence à dépenser"))
			}
			if patron == (career.Patron{}) && len(patrons) > 0 {
				// REN-DEFAULT: the camp's first patron.
				patron = career.Patron{Name: patrons[0], Camp: camp}
			}
			chars, talents := checkNewSheet(&bad, req.GetCharacteristics(), req.GetTalents())
			if err := bad.err(); err != nil {
				return err
			}
			en := career.Enrolment{Agent: req.GetPlayer(), Mode: mode, Patron: patron, Package: pkg, Characteristics: chars, Talents: talents}
			if next, err = career.NewCareer(en); err != nil {
				return invalidArgument("characteristics", "%v", err)
			}
		case err != nil:
			return err
		default:
			if err := bad.err(); err != nil {
				return err
			}
			prev, err := careerFromStore(sc)
			if err != nil {
				return err
			}
			if req.GetMode() == "" {
				// A returning player keeps its mode (REN-DEFAULT).
				mode = prev.Mode
			}
			if camp != prev.Camp {
				// A change of camp is a fall (FALL-DOOR), which buys
				// nothing (FALL-COST).
				if len(purchases) > 0 {
					return invalidArgument("purchases", "%s", l.Sprintf("a fall into another camp buys nothing", "une chute dans un autre camp n'achète rien"))
				}
				if patron == (career.Patron{}) {
					return invalidArgument("patron", "%s", l.Sprintf("a fall into camp %d chooses one of its patrons: %s",
						"une chute dans le camp %d choisit l'un de ses patrons : %s", camp, strings.Join(patrons, ", ")))
				}
				blamed, err := lastVerdict(ctx, r.store, r.id, season, prev.Agent)
				if err != nil {
					return err
				}
				gone := prev.Camp < 0 || prev.Camp >= r.settings.Camps || !r.state.Alive(prev.Camp)
				if next, err = career.FallTo(prev, career.Fall{Mode: mode, Patron: patron, Package: pkg,
					Blamed: blamed == career.Blame.String(), CampGone: gone}); err != nil {
					return refusef(reasonCareerRefused, "", "%v", err)
				}
				e.Spent = prev.EP - next.EP
				break
			}
			if next, err = career.Reenrol(prev, career.Reenrolment{Mode: mode, Camp: camp, Patron: patron,
				Package: pkg, Purchases: purchases}); err != nil {
				return refusef(reasonCareerRefused, "", "%v", err)
			}
			e.Purchases, e.Spent = req.GetPurchases(), prev.EP-next.EP
		}
		stored, err := careerToStore(r.id, next)
		if err != nil {
			return err
		}
		e.Patron, e.Sheet = next.Patron.Name, stored.Sheet
		if req.GetValidateOnly() {
			return checkFree(ctx, r.store, e)
		}
		if atSetup {
			err = r.enrolAtSetup(ctx, stored, e, next)
		} else {
			wctx, cancel := writeCtx(ctx)
			err = r.store.Enrol(wctx, stored, e)
			cancel()
		}
		if errors.Is(err, store.ErrConflict) {
			return alreadyEnrolled(l, e)
		} else if err != nil {
			return err
		}
		r.log.Info().Int("camp", camp).Str("seat", seat).Str("player", req.GetPlayer()).Int("enrol_season", season).
			Int("ep", next.EP).Bool("before_setup", e.BeforeSetup).Msg("admin: player enrolled")
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	resp := &pb.EnrollPlayerResponse{Season: int32(season), Career: careerToPB(next), Seat: seat}
	if req.GetValidateOnly() {
		return resp, nil
	}
	if resp.Token, err = a.s.auth.issue(ctx, store.Token{Role: store.RoleCamp, WorldID: r.id, Camp: camp, Seat: seat, Player: req.GetPlayer()}); err != nil {
		return nil, toStatus(r.base, err)
	}
	return resp, nil
}

// alreadyEnrolled refuses enrolment e: its seat or its player is taken in
// its season.
func alreadyEnrolled(l lang.Lang, e store.Enrolment) error {
	return refuseIn(l, reasonAlreadyEnrolled, "", lang.T("the %s seat of camp %d or %q is already enrolled in season %d",
		"le siège %s du camp %d ou %q est déjà inscrit pour la saison %d", e.Seat, e.Camp, e.Player, e.Season))
}

// checkFree refuses enrolment e as the store would: when its season
// already has an enrolment of its camp's seat or of its player.
func checkFree(ctx context.Context, st store.Store, e store.Enrolment) error {
	l := pb.LangOf(ctx)
	es, err := st.Enrolments(ctx, e.WorldID, e.Season)
	if err != nil {
		return err
	}
	for _, o := range es {
		if o.Player == e.Player || (o.Camp == e.Camp && store.SeatOrRuler(o.Seat) == e.Seat) {
			return alreadyEnrolled(l, e)
		}
	}
	return nil
}

// lastVerdict returns the verdict of player's last closed season before
// season in a world, or "" when it has none (FALL-DOOR).
func lastVerdict(ctx context.Context, st store.Store, worldID uint64, season int, player string) (string, error) {
	for s := season - 1; s >= 1; s-- {
		c, err := st.SeasonClose(ctx, worldID, s)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return "", fmt.Errorf("close of season %d: %w", s, err)
		}
		for _, p := range c.Players {
			if p.Player == player {
				return p.Verdict, nil
			}
		}
	}
	return "", nil
}

// purchasesFromPB parses re-enrolment purchases: "talent:<name>",
// "characteristic:<name>" or "max_pp"; it records each it cannot read in
// bad.
func purchasesFromPB(bad *violations, names []string) []career.Purchase {
	var out []career.Purchase
	for i, n := range names {
		kind, trait, _ := strings.Cut(n, ":")
		var p career.Purchase
		switch kind {
		case "talent":
			p.Kind = career.BuyTalent
			for t := career.Talent(1); int(t) <= career.NumTalents; t++ {
				if t.String() == trait {
					p.Talent = t
				}
			}
		case "characteristic":
			p.Kind = career.BuyCharacteristic
			for c := career.Characteristic(1); int(c) <= career.NumCharacteristics; c++ {
				if c.String() == trait {
					p.Characteristic = c
				}
			}
		case "max_pp":
			p.Kind = career.BuyMaxPP
		}
		if p.Kind == 0 || (p.Kind == career.BuyTalent && p.Talent == 0) || (p.Kind == career.BuyCharacteristic && p.Characteristic == 0) {
			bad.add(fmt.Sprintf("purchases[%d]", i), lang.T(`a purchase is "talent:<name>", "characteristic:<name>" or "max_pp"; got %q`,
				`un achat est "talent:<nom>", "characteristic:<nom>" ou "max_pp" ; reçu %q`, n))
			continue
		}
		out = append(out, p)
	}
	return out
}

// GetGloryBoard returns the caller's camp's glory board; another camp's is
// refused while it plays. Each patron's season_glory is the season's:
// while it runs, what its players' feats so far would bring it; once it is
// closed, what it gained; the same figures as the standing's board
// (SEA-STANDING).
func (g *gameService) GetGloryBoard(ctx context.Context, req *pb.GetGloryBoardRequest) (*pb.GloryBoard, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	if int(req.GetCamp()) != p.camp {
		return nil, refusef(reasonPermission, "camp",
			"a camp sees only its own glory board (camp %d); the others open in the chronicle of a closed season", p.camp)
	}
	var w store.World
	var day int
	var closed bool
	if err := r.do(ctx, func() error { w, day, closed = r.settings, r.state.Day(), r.closed; return nil }); err != nil {
		return nil, toStatus(r.base, err)
	}
	st := g.s.cfg.Store
	var cl *store.SeasonClose
	if closed {
		// The totals after the close and the season's gains, as the
		// standing of a closed season gives them.
		c, err := st.SeasonClose(ctx, w.ID, w.Season)
		if err != nil {
			return nil, toStatus(r.base, fmt.Errorf("close of season %d: %w", w.Season, err))
		}
		cl = &c
	}
	board, err := gloryBoard(ctx, st, r.rs, w, p.camp, cl)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	if !closed {
		// The season's glory so far, as the standing gives it (SEA-SECRET:
		// the camp's own board only).
		es, err := st.Enrolments(ctx, w.ID, w.Season)
		if err != nil {
			return nil, toStatus(r.base, fmt.Errorf("enrolments of season %d: %w", w.Season, err))
		}
		tallies, err := g.tallies.tallies(ctx, st, r.rs, w, day)
		if err != nil {
			return nil, toStatus(r.base, err)
		}
		if p.camp < len(tallies) {
			seasonGlory(board, tallies[p.camp], es)
		}
	}
	return board, nil
}

// gloryBoard returns camp's board in world w of ruleset rs: every patron
// of the camp by cumulative glory (rule GLO-BOARD). With a close, the
// totals are those after that close, with its season's gains.
func gloryBoard(ctx context.Context, st store.Store, rs game.Ruleset, w store.World, camp int, c *store.SeasonClose) (*pb.GloryBoard, error) {
	totals := make(map[string]int)
	gained := make(map[string]int)
	if c != nil {
		// Totals after that close: the season's own lines, and earlier
		// seasons' lines for patrons who gained nothing in it.
		for s := 1; s < c.Season; s++ {
			prev, err := st.SeasonClose(ctx, w.ID, s)
			if errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return nil, err
			}
			for _, g := range prev.Glory {
				if g.Camp == camp {
					totals[g.Patron] = g.Total
				}
			}
		}
		for _, g := range c.Glory {
			if g.Camp == camp {
				totals[g.Patron], gained[g.Patron] = g.Total, g.Gained
			}
		}
	} else {
		stored, err := st.Glory(ctx, w.ID, camp)
		if err != nil {
			return nil, err
		}
		for _, g := range stored {
			totals[g.Patron] = g.Total
		}
	}
	patrons := rs.Season(w.Camps).Patrons(camp)
	lines := make([]career.PatronGlory, 0, len(patrons))
	for _, name := range patrons {
		lines = append(lines, career.PatronGlory{Patron: name, Glory: totals[name]})
	}
	board := &pb.GloryBoard{Camp: int32(camp), CampName: campName(game.CampNames(rs, w.Camps), camp)}
	for _, l := range career.RankPatrons(lines) {
		board.Patrons = append(board.Patrons, &pb.PatronGlory{Patron: l.Patron, Glory: int32(l.Glory),
			SeasonGlory: int32(gained[l.Patron]), Rank: int32(l.Rank)})
	}
	return board, nil
}
