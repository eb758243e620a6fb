package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is a camp's season standing (rule SEA-STANDING): how it is
// doing, as far as its fog lets it know.

// tallyCache keeps, per world, the camps' tallies of feats of the latest
// day a standing was asked for, so that the season is walked once a day
// rather than at every call. Its zero value is empty; it is safe for
// concurrent use.
type tallyCache struct {
	mu sync.Mutex // guards m
	m  map[uint64]dayTallies
}

// dayTallies are a world's camps' tallies of a season through a day.
type dayTallies struct {
	season, day int
	tallies     []seatTallies
}

// tallies returns the camps' tallies of feats of world w's season through
// day, walking the season unless the cache has them.
func (c *tallyCache) tallies(ctx context.Context, st store.Store, rs game.Ruleset, w store.World, day int) ([]seatTallies, error) {
	c.mu.Lock()
	got, ok := c.m[w.ID]
	c.mu.Unlock()
	if ok && got.season == w.Season && got.day == day {
		return got.tallies, nil
	}
	ts, err := seasonTallies(ctx, st, rs, w, w.Season, day)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[uint64]dayTallies)
	}
	if cur, ok := c.m[w.ID]; !ok || cur.season < w.Season || cur.season == w.Season && cur.day < day {
		c.m[w.ID] = dayTallies{season: w.Season, day: day, tallies: ts}
	}
	return ts, nil
}

// seasonGlory fills each patron's season_glory of board, a camp's glory
// board while its season runs: what its players' feats so far, tallied by
// seat (tallies, SEAT-FEATS), would bring it at a close today; es are the
// season's enrolments. GetGloryBoard and the standing's board both use
// it, so the two calls agree.
func seasonGlory(board *pb.GloryBoard, tallies seatTallies, es []store.Enrolment) {
	so := map[string]int{}
	for _, e := range es {
		if e.Camp == int(board.GetCamp()) {
			so[e.Patron] += tallies.of(store.SeatOrRuler(e.Seat)).Glory
		}
	}
	for _, p := range board.GetPatrons() {
		p.SeasonGlory = int32(so[p.GetPatron()])
	}
}

// GetSeasonStanding returns the caller's camp's standing in the world's
// current season: what the camp knows of its own score and feats while the
// season runs, and its rank, result and career once it is closed.
func (g *gameService) GetSeasonStanding(ctx context.Context, req *pb.GetSeasonStandingRequest) (*pb.SeasonStanding, error) {
	p, r, err := g.campWorld(ctx, req.GetWorldId())
	if err != nil {
		return nil, err
	}
	// The world's position and the camps' scores are read on the loop,
	// which owns the state; the rest from the store.
	var pos position
	err = r.read(ctx, func() error {
		pos = position{settings: r.settings, day: r.state.Day(), closed: r.closed, over: r.seasonOver()}
		var err error
		pos.scored, pos.ranks, err = rankedScores(r.rs, r.settings.Camps, r.state)
		return err
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	out, err := g.standing(ctx, r.rs, pos, p.camp, p.seat, pb.LangOf(ctx))
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return out, nil
}

// position is a world's season as a standing reads it from the loop: the
// settings, the current day, whether the season is closed and whether it
// is over (closed or not yet), and the camps' scores on the current day
// with the ranks they give.
type position struct {
	settings     store.World
	day          int
	closed, over bool
	scored       []game.Score
	ranks        []int
}

// standing builds the standing of camp's seat in the current season of the
// world at pos, its texts in l.
func (g *gameService) standing(ctx context.Context, rs game.Ruleset, pos position, camp int, seat string, l lang.Lang) (*pb.SeasonStanding, error) {
	st, w, day, closed := g.s.cfg.Store, pos.settings, pos.day, pos.closed
	out := &pb.SeasonStanding{WorldId: w.ID, Camp: int32(camp), CampName: campName(game.CampNames(rs, w.Camps), camp),
		Season: int32(w.Season), Day: int32(day), SeasonLength: int32(w.SeasonLength), Closed: closed, Seat: seat}
	if w.SeasonLength > 0 && !pos.over {
		out.DaysLeft = int32(max(0, w.SeasonLength-day))
	}
	if camp < len(pos.scored) {
		out.Score, out.Zones = int64(pos.scored[camp].Score), int32(pos.scored[camp].Holdings)
		out.ScoreSummary = pos.scored[camp].Summary.In(l)
	}
	if rs.Info().PublicScores && !closed {
		out.Ranking = liveRanking(game.CampNames(rs, w.Camps), pos, l)
		if camp < len(pos.ranks) {
			out.Rank = int32(pos.ranks[camp])
		}
	}
	es, err := st.Enrolments(ctx, w.ID, w.Season)
	if err != nil {
		return nil, fmt.Errorf("enrolments of season %d: %w", w.Season, err)
	}
	pkg := ""
	for _, e := range es {
		if e.Camp == camp && store.SeatOrRuler(e.Seat) == seat {
			out.Player, out.Patron, pkg = e.Player, e.Patron, e.Package
		}
	}
	var cl *store.SeasonClose
	if closed {
		c, err := st.SeasonClose(ctx, w.ID, w.Season)
		if err != nil {
			return nil, fmt.Errorf("close of season %d: %w", w.Season, err)
		}
		cl = &c
	}
	if out.GloryBoard, err = gloryBoard(ctx, st, rs, w, camp, cl); err != nil {
		return nil, fmt.Errorf("glory board of camp %d: %w", camp, err)
	}
	if cl != nil {
		if err := g.closedStanding(ctx, out, rs, w, *cl, l); err != nil {
			return nil, err
		}
		if out.Result != nil {
			return out, nil
		}
	}
	// The feats so far: the seat's own, drawn from its camp's journal and
	// dice (FEAT-MAP), which its fog already shows, and credited to the
	// seat whose order each stems from (SEAT-FEATS).
	tallies, err := g.tallies.tallies(ctx, st, rs, w, day)
	if err != nil {
		return nil, err
	}
	var t career.Tally
	if camp < len(tallies) {
		t = tallies[camp].of(seat)
		seasonGlory(out.GetGloryBoard(), tallies[camp], es)
	}
	out.Feats, out.Standing, out.Verdict = featsToPB(t), int32(career.Standing(t)), career.Judge(t).String()
	// The player's career as the season found it: its eminence points,
	// seasons and sheet (SEA-STANDING).
	if out.GetPlayer() != "" {
		sc, err := st.Career(ctx, w.ID, out.GetPlayer())
		if err != nil {
			return nil, fmt.Errorf("career of %q: %w", out.GetPlayer(), err)
		}
		c, err := careerFromStore(sc)
		if err != nil {
			return nil, err
		}
		out.Career = careerToPB(c)
		// The package is the enrolment's, chosen anew each season (REN-PKG);
		// the stored career keeps none.
		out.Career.Package = pkg
	}
	return out, nil
}

// closedStanding completes out, a seat's standing in a closed season, with
// the close: the final score and zones, the rank and ranking, and the
// result, private judgment (rule JUD-PRIVATE) and career of the player
// enrolled for the seat, if any.
func (g *gameService) closedStanding(ctx context.Context, out *pb.SeasonStanding, rs game.Ruleset, w store.World, cl store.SeasonClose, l lang.Lang) error {
	names := game.CampNames(rs, w.Camps)
	for _, res := range cl.Camps {
		if res.Camp == int(out.GetCamp()) {
			out.Rank, out.Score, out.Zones = int32(res.Rank), res.Score, int32(res.Zones)
			out.ScoreSummary = lang.Decode(res.Summary).In(l)
		}
		out.Ranking = append(out.Ranking, &pb.CampResult{Camp: int32(res.Camp), CampName: campName(names, res.Camp),
			Rank: int32(res.Rank), Score: res.Score, Zones: int32(res.Zones), Summary: lang.Decode(res.Summary).In(l)})
	}
	for _, p := range cl.Players {
		if p.Camp != int(out.GetCamp()) || store.SeatOrRuler(p.Seat) != out.GetSeat() {
			continue
		}
		res, _, err := playerResultToPB(p)
		if err != nil {
			return err
		}
		res.Judgment = judgment(p).In(l)
		out.Result, out.Feats, out.Standing, out.Verdict = res, res.GetFeats(), int32(p.Standing), p.Verdict
		out.Player, out.Patron = p.Player, p.Patron
		sc, err := g.s.cfg.Store.Career(ctx, w.ID, p.Player)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return fmt.Errorf("career of %q: %w", p.Player, err)
		}
		c, err := careerFromStore(sc)
		if err != nil {
			return err
		}
		out.Career = careerToPB(c)
	}
	return nil
}

// playerResultToPB converts a player's stored result of a closed season,
// and returns its tally of feats.
func playerResultToPB(p store.PlayerResult) (*pb.PlayerResult, career.Tally, error) {
	var t career.Tally
	if err := json.Unmarshal(p.Feats, &t); err != nil {
		return nil, t, fmt.Errorf("decode feats of %q: %w", p.Player, err)
	}
	return &pb.PlayerResult{
		Player: pb.Printable(p.Player, false), Camp: int32(p.Camp), Patron: p.Patron, Mode: p.Mode, Feats: featsToPB(t),
		Standing: int32(p.Standing), Verdict: p.Verdict, Titles: p.Titles,
		PostedTicks: int32(p.PostedTicks), Eminence: int32(p.Eminence), Seat: store.SeatOrRuler(p.Seat),
	}, t, nil
}

// judgment returns the patron's words to player p at the close of its
// season (rule JUD-PRIVATE, seed 003 L27): the verdict face to face, said
// to the player alone. The chronicle gives the verdict, never the words.
func judgment(p store.PlayerResult) lang.Text {
	switch p.Verdict {
	case career.Praise.String():
		return lang.T("%s receives you alone: \"You served me well this season, %s. Standing %d: I praise you, and I will remember it.\"",
			"%s vous reçoit seul : « Vous m'avez bien servi cette saison, %s. Cote %d : je vous félicite, et je m'en souviendrai. »",
			p.Patron, p.Player, p.Standing)
	case career.Blame.String():
		return lang.T("%s receives you alone: \"You failed me this season, %s. Standing %d: I blame you. Do better, or serve another.\"",
			"%s vous reçoit seul : « Vous m'avez déçu cette saison, %s. Cote %d : je vous blâme. Faites mieux, ou servez-en un autre. »",
			p.Patron, p.Player, p.Standing)
	}
	return lang.T("%s receives you alone: \"You did what was asked, %s, and no more. Standing %d: you are discharged, neither praised nor blamed.\"",
		"%s vous reçoit seul : « Vous avez fait ce qu'on vous demandait, %s, sans plus. Cote %d : vous êtes quitte, ni félicité ni blâmé. »",
		p.Patron, p.Player, p.Standing)
}

// liveRanking is the ranking of a running season whose scores are public:
// the camps by rank, as the close would rank them today.
func liveRanking(names []string, pos position, l lang.Lang) []*pb.CampResult {
	var out []*pb.CampResult
	for _, c := range career.RankCamps(campScores(pos.scored)) {
		sc := pos.scored[c.Camp]
		out = append(out, &pb.CampResult{Camp: int32(c.Camp), CampName: campName(names, c.Camp), Rank: int32(c.Rank),
			Score: int64(sc.Score), Zones: int32(sc.Holdings), Summary: sc.Summary.In(l)})
	}
	return out
}
