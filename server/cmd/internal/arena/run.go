package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/rating"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/cmd/internal/secret"
	"github.com/grisonval/server/server/store"
)

// Arena runs tournaments on one server: its admin service (in the same
// process), a game client for the players (over gRPC, as any client), the
// server's store (to read what each camp played) and the arena's own
// database. Dir holds the database and the tokens issued to external
// agents and humans. It is safe for concurrent use.
type Arena struct {
	Admin pb.AdminServiceServer
	Game  pb.GameServiceClient
	Store store.Store
	DB    *DB
	Dir   string
	Log   zerolog.Logger
	// Poll is how often a match's end is checked (0: a second).
	Poll time.Duration
	// Conn is the connection Game uses, and Addr the server's gRPC
	// address (none without a server: table, export).
	Conn *grpc.ClientConn
	Addr string
	srv  *server.Server

	llms limiter
}

// Plan creates a tournament from spec: the ruleset's defaults filled in,
// its matches planned (a round robin's all at once, a Swiss schedule's
// first round).
func (a *Arena) Plan(ctx context.Context, spec Spec) (Tournament, []Pairing, error) {
	rs, err := a.Admin.ListRulesets(ctx, &pb.ListRulesetsRequest{})
	if err != nil {
		return Tournament{}, nil, err
	}
	var info *pb.RulesetInfo
	for _, r := range rs.GetRulesets() {
		if r.GetName() == spec.Ruleset {
			info = r
		}
	}
	if info == nil {
		return Tournament{}, nil, fmt.Errorf("%w: ruleset %q is not served here", ErrSpec, spec.Ruleset)
	}
	if spec.Camps == 0 {
		spec.Camps = int(info.GetDefaultCamps())
	}
	if spec.Camps < int(info.GetMinCamps()) || spec.Camps > int(info.GetMaxCamps()) {
		return Tournament{}, nil, fmt.Errorf("%w: %s is played by %d to %d camps; got %d", ErrSpec, spec.Ruleset, info.GetMinCamps(), info.GetMaxCamps(), spec.Camps)
	}
	if spec.SeasonLength == 0 {
		spec.SeasonLength = int(info.GetSeasonLength())
	}
	if err := spec.Check(); err != nil {
		return Tournament{}, nil, err
	}
	var plan []Pairing
	if spec.Schedule == RoundRobin {
		plan = RoundRobinPlan(len(spec.Entrants), spec.Camps, spec.Seeds)
	} else {
		order := make([]int, len(spec.Entrants))
		for i := range order {
			order[i] = i
		}
		plan = SwissRound(order, spec.Camps, 0, spec.Seeds)
	}
	t, err := a.DB.CreateTournament(ctx, spec, plan, time.Now())
	return t, plan, err
}

// Run plays every match of the tournament called name not yet played,
// Spec.Concurrency at a time, and for a Swiss schedule its remaining
// rounds, each planned from the ratings after the one before. A match
// that was running when the arena stopped is taken up again on its
// world. It returns when every match is played or ctx is done.
func (a *Arena) Run(ctx context.Context, name string) error {
	t, err := a.DB.TournamentByName(ctx, name)
	if err != nil {
		return err
	}
	for {
		ms, err := a.DB.Matches(ctx, t.ID)
		if err != nil {
			return err
		}
		if err := a.runMatches(ctx, t, ms); err != nil {
			return err
		}
		if t.Spec.Schedule != Swiss {
			return nil
		}
		round := 0
		for _, m := range ms {
			round = max(round, m.Round)
		}
		if round+1 >= t.Spec.Rounds {
			return nil
		}
		ms, err = a.DB.Matches(ctx, t.ID)
		if err != nil {
			return err
		}
		order := swissOrder(t.Spec, ms)
		if err := a.DB.AddRound(ctx, t.ID, SwissRound(order, t.Spec.Camps, round+1, t.Spec.Seeds)); err != nil {
			return err
		}
	}
}

// swissOrder returns the entrants by their online rating's ordinal after
// the matches played, best first (ties by entrant order).
func swissOrder(spec Spec, ms []Match) []int {
	r := online(spec, ms)
	order := make([]int, len(spec.Entrants))
	for i := range order {
		order[i] = i
	}
	ordinal := func(i int) float64 { return r[i].Mu - 3*r[i].Sigma }
	sortStable(order, func(x, y int) bool { return ordinal(x) > ordinal(y) })
	return order
}

// online returns each entrant's Weng-Lin rating after the done matches,
// in the order they were played.
func online(spec Spec, ms []Match) []rating.Rating {
	m := rating.DefaultModel()
	r := make([]rating.Rating, len(spec.Entrants))
	for i := range r {
		r[i] = m.New()
	}
	for _, x := range ms {
		if x.Status != MatchDone {
			continue
		}
		teams := make([][]rating.Rating, len(x.Seats))
		for c, e := range x.Seats {
			teams[c] = []rating.Rating{r[e]}
		}
		after, err := m.Rate(teams, x.Ranks)
		if err != nil {
			continue
		}
		for c, e := range x.Seats {
			r[e] = after[c][0]
		}
	}
	return r
}

func sortStable(s []int, less func(a, b int) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// runMatches plays the matches of ms not done, Concurrency at a time.
func (a *Arena) runMatches(ctx context.Context, t Tournament, ms []Match) error {
	n := t.Spec.Concurrency
	if n <= 0 {
		n = 8
	}
	sem := make(chan struct{}, n)
	var wg sync.WaitGroup
	for _, m := range ms {
		if m.Status == MatchDone || m.Status == MatchFailed {
			continue
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return ctx.Err()
		}
		entrants := make([]Entrant, len(m.Seats))
		for c, e := range m.Seats {
			entrants[c] = t.Spec.Entrants[e]
		}
		release, err := a.llms.acquire(ctx, entrants)
		if err != nil {
			<-sem
			wg.Wait()
			return err
		}
		wg.Go(func() {
			defer func() { <-sem }()
			defer release()
			if err := a.playMatch(ctx, t, m); err != nil && ctx.Err() == nil {
				a.Log.Error().Err(err).Int64("match", m.ID).Uint64("world", m.WorldID).Msg("match failed")
				if ferr := a.DB.FailMatch(context.WithoutCancel(ctx), m.ID, err.Error(), time.Now()); ferr != nil {
					a.Log.Error().Err(ferr).Msg("record a failed match")
				}
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

// playMatch plays one match: its world created (or found again, when the
// arena stopped while it ran), a token per camp, the arena's players of
// its camps started, its end awaited, then its result and every camp's
// days read from the server and recorded.
func (a *Arena) playMatch(ctx context.Context, t Tournament, m Match) error {
	spec := t.Spec
	log := a.Log.With().Str("tournament", spec.Name).Int64("match", m.ID).Logger()
	if m.WorldID == 0 {
		ctl := make([]*pb.Controller, len(m.Seats))
		for c, e := range m.Seats {
			ctl[c] = controller(spec.Entrants[e])
		}
		w, err := a.Admin.CreateWorld(ctx, &pb.CreateWorldRequest{
			Name: fmt.Sprintf("%s #%d", spec.Name, m.Seq+1), Seed: m.Seed, Ruleset: spec.Ruleset, Camps: int32(spec.Camps),
			SeasonLength: int32(spec.SeasonLength), MoveClock: durationpb.New(time.Duration(spec.MoveClock)), Controllers: ctl,
		})
		if err != nil {
			return fmt.Errorf("create the world of match %d: %w", m.Seq, err)
		}
		m.WorldID = w.GetId()
		if err := a.DB.StartMatch(ctx, m.ID, m.WorldID, time.Now()); err != nil {
			return err
		}
		log.Info().Uint64("world", m.WorldID).Msg("match started")
	} else {
		log.Info().Uint64("world", m.WorldID).Msg("match taken up again")
	}
	log = log.With().Uint64("world", m.WorldID).Logger()
	pctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A human's camp is enrolled first, before any player of the match
	// starts, so that its enrolment counts for the season's setup.
	for c, e := range m.Seats {
		if ent := spec.Entrants[e]; ent.Kind == KindHuman {
			if err := a.enrolHuman(ctx, spec.Name, m, c, ent, log); err != nil {
				return err
			}
		}
	}
	var players sync.WaitGroup
	for c, e := range m.Seats {
		ent := spec.Entrants[e]
		if ent.Kind == KindHuman {
			continue
		}
		tok, err := a.Admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: m.WorldID, Camp: int32(c)})
		if err != nil {
			return fmt.Errorf("token of camp %d: %w", c, err)
		}
		p := &campPlayer{game: a.Game, token: tok.GetToken(), entrant: ent, match: m.ID, camp: c, draws: m.Seed ^ uint64(m.Seq)<<40,
			log: log.With().Int("camp", c).Str("entrant", ent.ID).Logger(),
			record: func(r DayRecord) {
				if err := a.DB.PlayerDay(context.WithoutCancel(ctx), r); err != nil {
					log.Error().Err(err).Int("camp", c).Int("tick", r.Day).Msg("record a day")
				}
			}}
		switch ent.Kind {
		case KindBot, KindRandom, KindRest:
			players.Go(func() {
				if err := p.runBot(pctx); err != nil && pctx.Err() == nil {
					p.log.Error().Err(err).Msg("bot stopped")
				}
			})
		case KindLLM:
			key := ""
			if ent.APIKeyEnv != "" {
				key = os.Getenv(ent.APIKeyEnv)
			}
			players.Go(func() {
				if err := p.runLLM(pctx, key); err != nil && pctx.Err() == nil {
					p.log.Error().Err(err).Msg("llm runner stopped")
				}
			})
		default: // KindExternal
			if err := a.handOut(spec.Name, m, c, ent, tok.GetToken(), log); err != nil {
				return err
			}
		}
	}
	ranks, err := a.awaitEnd(ctx, m.WorldID)
	// The players see the season's end themselves and record their last
	// day; one that waits for a day that never comes (clients/llm's
	// runner after a last day it had nothing to decide) is stopped.
	exited := make(chan struct{})
	go func() { players.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(playersGrace):
	}
	cancel()
	<-exited
	if err != nil {
		return err
	}
	return a.finish(ctx, spec, m, ranks, log)
}

// playersGrace is how long the arena's players of a match have, once its
// season is closed, to see it and stop on their own.
const playersGrace = 2 * time.Second

// controller is the world's controller of entrant e's camp: the AI in its
// posture for a bot (the posture's bridle is the AI's), a human for a
// human, an agent otherwise.
func controller(e Entrant) *pb.Controller {
	switch e.Kind {
	case KindBot:
		return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture(pb.Posture_value["POSTURE_"+upper(e.Posture)])}
	case KindHuman:
		return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}
	}
	return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// enrolHuman enrols a human entrant's seed-003 player in the ruler's seat
// of its camp (AdminService.EnrollPlayer, mode human, with the enrolment's
// defaults, rule REN-DEFAULT), so that the camp's career in the match's
// world is the player's and every order it posts is theirs, and hands
// out the enrolment's token, bound to the player. A match taken up again
// whose token was handed out keeps it: enrolling again would replace it.
func (a *Arena) enrolHuman(ctx context.Context, tournament string, m Match, camp int, e Entrant, log zerolog.Logger) error {
	if _, err := os.Stat(a.tokenFile(tournament, m, camp, e)); err == nil {
		log.Info().Int("camp", camp).Str("entrant", e.ID).Msg("human's token handed out before: kept")
		return nil
	}
	r, err := a.Admin.EnrollPlayer(ctx, &pb.EnrollPlayerRequest{WorldId: m.WorldID, Camp: int32(camp), Player: e.Player, Mode: "human"})
	if err != nil {
		return fmt.Errorf("enrol %s's player %q in camp %d: %w", e.ID, e.Player, camp, err)
	}
	log.Info().Int("camp", camp).Str("entrant", e.ID).Str("player", e.Player).Msg("human's player enrolled")
	return a.handOut(tournament, m, camp, e, r.GetToken(), log)
}

// tokenFile is where the token of entrant e's camp of m is handed out.
func (a *Arena) tokenFile(tournament string, m Match, camp int, e Entrant) string {
	return filepath.Join(a.Dir, "tokens", tournament, fmt.Sprintf("%s-match%d-camp%d.token", e.ID, m.Seq+1, camp))
}

// handOut writes the token of an entrant the arena does not drive (an
// external agent, a human) where its owner reads it: a file of its own,
// readable by the arena's user alone, named in the log. The file appears
// whole (secret.Write), so that an entrant watching the folder never reads
// a part of it.
func (a *Arena) handOut(tournament string, m Match, camp int, e Entrant, token string, log zerolog.Logger) error {
	path := a.tokenFile(tournament, m, camp, e)
	if err := secret.Write(path, token+"\n"); err != nil {
		return fmt.Errorf("hand out %s's token: %w", e.ID, err)
	}
	log.Info().Int("camp", camp).Str("entrant", e.ID).Str("file", path).Msg("token handed out: the entrant connects with it")
	return nil
}

// awaitEnd waits for the world's first season to be closed and returns
// its camps' ranks, by camp.
func (a *Arena) awaitEnd(ctx context.Context, world uint64) ([]int, error) {
	poll := a.Poll
	if poll <= 0 {
		poll = time.Second
	}
	for {
		ls, err := a.Admin.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: world})
		if err != nil {
			return nil, fmt.Errorf("seasons of world %d: %w", world, err)
		}
		for _, s := range ls.GetSeasons() {
			if s.GetSeason() == 1 && s.GetClosed() {
				ranks := make([]int, len(s.GetCamps()))
				for _, c := range s.GetCamps() {
					if int(c.GetCamp()) < len(ranks) {
						ranks[c.GetCamp()] = int(c.GetRank())
					}
				}
				return ranks, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(poll):
		}
	}
}

// finish records a match's end: its ranks, its days and last hash, and
// what each camp played each day, from the server's store, with the time
// it took to answer (answerTime).
func (a *Arena) finish(ctx context.Context, spec Spec, m Match, ranks []int, log zerolog.Logger) error {
	orders, err := a.Store.Orders(ctx, m.WorldID, 1)
	if err != nil {
		return fmt.Errorf("orders of world %d: %w", m.WorldID, err)
	}
	entrants := make([]string, len(m.Seats))
	for c, e := range m.Seats {
		entrants[c] = spec.Entrants[e].ID
	}
	ticks, err := a.Store.TickHashes(ctx, m.WorldID, 1)
	if err != nil {
		return fmt.Errorf("days of world %d: %w", m.WorldID, err)
	}
	opened := make(map[int]time.Time, len(ticks))
	for _, t := range ticks {
		opened[t.Day+1] = t.CommittedAt
	}
	var days []DayRecord
	for _, o := range orders {
		r := DayRecord{Camp: o.Camp, Day: o.Day, Action: o.Action, Args: o.Args, Status: o.Status, Code: o.Code, TimedOut: o.TimedOut, TimeMS: -1}
		switch o.Status {
		case store.OrderApplied, store.OrderStale:
			r.TimeMS = answerTime(opened[o.Day], o.SubmittedAt)
		case store.OrderStanding, store.OrderStandingStale:
		default:
			continue
		}
		days = append(days, r)
		m.Days = max(m.Days, o.Day)
	}
	last, err := a.Store.LatestTick(ctx, m.WorldID, 1)
	if err != nil {
		return fmt.Errorf("last day of world %d: %w", m.WorldID, err)
	}
	m.Hash, m.Ranks, m.Status = last.Hash, ranks, MatchDone
	if err := a.DB.EndMatch(ctx, m, entrants, days, time.Now()); err != nil {
		return fmt.Errorf("record match %d: %w", m.Seq, err)
	}
	log.Info().Ints("ranks", ranks).Int("days", m.Days).Msg("match ended")
	return nil
}

// answerTime is how long a camp took to answer a day, as the server saw
// it, in milliseconds: from the day's opening (the commit of the day
// before, opened) to the arrival of the order it played (submitted), the
// last it posted. The same measure for every kind of entrant, those the
// arena drives and those that connect themselves; -1 when the day's
// opening is not known.
func answerTime(opened, submitted time.Time) int64 {
	if opened.IsZero() || submitted.IsZero() {
		return -1
	}
	return max(submitted.Sub(opened).Milliseconds(), 0)
}
