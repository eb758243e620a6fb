package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// Defaults and bounds of CreateWorld.
const (
	DefaultCadence = 30 * time.Second
	MinCadence     = time.Second
	// MinMoveClock bounds a tournament world's move clock (rule TICK-7)
	// from below: a bot answers within milliseconds, and a day must still
	// leave it time to read its view over a network.
	MinMoveClock = 100 * time.Millisecond
	defaultName  = "Grisonval"
)

// DefaultControllers returns the controllers of a world of n camps created
// without any: a human, an LLM agent, then the AI in the growth posture.
func DefaultControllers(n int) []store.Controller {
	out := make([]store.Controller, n)
	for c := range out {
		switch c {
		case 0:
			out[c] = store.Controller{Kind: store.Human}
		case 1:
			out[c] = store.Controller{Kind: store.Agent}
		default:
			out[c] = store.Controller{Kind: store.AI, Posture: "growth"}
		}
	}
	return out
}

// adminService implements pb.AdminServiceServer for the admin token.
type adminService struct {
	pb.UnimplementedAdminServiceServer
	s *Server
}

// info returns the WorldInfo of r; it runs on r's goroutine.
func (r *runner) info() *pb.WorldInfo {
	return worldInfoToPB(r.rs, r.settings, r.state.Day(), r.hash)
}

// onWorld runs fn on the loop of world id and returns the world's info
// afterwards.
func (a *adminService) onWorld(ctx context.Context, id uint64, fn func(r *runner) error) (*pb.WorldInfo, error) {
	r, err := a.s.world(id)
	if err != nil {
		return nil, err
	}
	var info *pb.WorldInfo
	err = r.do(ctx, func() error {
		if err := fn(r); err != nil {
			return err
		}
		info = r.info()
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return info, nil
}

// checkCamp refuses a camp index outside the world's camps; it runs on
// r's goroutine.
func (r *runner) checkCamp(camp int32) error {
	if n := r.settings.Camps; camp < 0 || int(camp) >= n {
		return invalidArgument("camp", "camp must be 0 to %d (the world has %d camps); got %d", n-1, n, camp)
	}
	return nil
}

// CreateWorld creates a world, commits its setup and starts its loop.
func (a *adminService) CreateWorld(ctx context.Context, req *pb.CreateWorldRequest) (*pb.WorldInfo, error) {
	rs, err := a.s.cfg.Rulesets.find(req.GetRuleset())
	if err != nil {
		return nil, refusef(reasonUnknownRuleset, "ruleset", "%v", err)
	}
	info := rs.Info()
	// Every wrong field is named in one refusal.
	bad := violations{l: pb.LangOf(ctx)}
	camps := int(req.GetCamps())
	if camps == 0 {
		camps = info.DefaultCamps
	}
	campsOK := camps >= info.MinCamps && camps <= info.MaxCamps
	if !campsOK {
		bad.add("camps", lang.T("%s is played by %d to %d camps; got %d", "%s se joue de %d à %d camps ; reçu %d", info.Name, info.MinCamps, info.MaxCamps, camps))
		camps = info.DefaultCamps
	}
	w := store.World{
		Name: req.GetName(), Ruleset: info.Name, Camps: camps, Seed: req.GetSeed(), Cadence: DefaultCadence,
		SeasonLength: seasonLength(req.GetSeasonLength()), Season: 1,
		Controllers: DefaultControllers(camps), CreatedAt: a.s.cfg.Clock.Now(),
	}
	if err := checkText(lang.EN, "name", w.Name, MaxNameLen, false); err != nil {
		bad.addStatus("name", err)
	}
	if w.Name == "" {
		w.Name = defaultName
	}
	if w.Seed == 0 {
		bad.add("seed", lang.T("seed must not be 0: a world's seed is always explicit", "seed ne vaut pas 0 : la graine d'un monde est toujours explicite"))
	}
	if req.GetCadence() != nil {
		w.Cadence = req.GetCadence().AsDuration()
		switch c := req.GetCadence(); {
		case c.CheckValid() != nil:
			bad.add("cadence", lang.T("cadence is not a valid duration", "cadence n'est pas une durée valide"))
		case w.Cadence < MinCadence:
			bad.add("cadence", lang.T("cadence must be at least %s; got %s", "cadence vaut au moins %s ; reçu %s", MinCadence, w.Cadence))
		case c.GetSeconds() > int64(MaxCadence/time.Second) || w.Cadence > MaxCadence:
			bad.add("cadence", lang.T("cadence must be at most %s (a day a month); got %ds", "cadence vaut au plus %s (un jour par mois) ; reçu %ds", MaxCadence, c.GetSeconds()))
		}
	}
	if mc := req.GetMoveClock(); mc != nil {
		w.MoveClock, w.Cadence = mc.AsDuration(), 0
		switch {
		case req.GetCadence() != nil:
			bad.add("move_clock", lang.T("give a cadence or a move_clock, not both: a world of the tournament pace has no cadence",
				"donnez une cadence ou un move_clock, pas les deux : un monde au rythme de tournoi n'a pas de cadence"))
		case mc.CheckValid() != nil:
			bad.add("move_clock", lang.T("move_clock is not a valid duration", "move_clock n'est pas une durée valide"))
		case w.MoveClock < MinMoveClock:
			bad.add("move_clock", lang.T("move_clock must be at least %s; got %s", "move_clock vaut au moins %s ; reçu %s", MinMoveClock, w.MoveClock))
		case mc.GetSeconds() > int64(MaxCadence/time.Second) || w.MoveClock > MaxCadence:
			bad.add("move_clock", lang.T("move_clock must be at most %s (a month); got %ds", "move_clock vaut au plus %s (un mois) ; reçu %ds", MaxCadence, mc.GetSeconds()))
		}
	}
	if req.GetSeasonLength() > MaxSeasonLength {
		bad.add("season_length", lang.T("season_length must be at most %d days; got %d", "season_length vaut au plus %d jours ; reçu %d", MaxSeasonLength, req.GetSeasonLength()))
	}
	if req.GetSeasonLength() < endlessSeason {
		bad.add("season_length", lang.T("season_length must be 0 (the default, %d days), -1 (endless) or a number of days; got %d", "season_length vaut 0 (par défaut, %d jours), -1 (sans fin) ou un nombre de jours ; reçu %d",
			DefaultSeasonLength, req.GetSeasonLength()))
	}
	if cs := req.GetControllers(); len(cs) > 0 {
		if campsOK && len(cs) != camps {
			bad.add("controllers", lang.T("give no controller or one per camp (%d); got %d", "donnez aucun contrôleur ou un par camp (%d) ; reçu %d", camps, len(cs)))
		}
		for i, c := range cs {
			field := fmt.Sprintf("controllers[%d]", i)
			sc, err := controllerFromPB(c, field)
			if err != nil {
				_, fv := fieldOf(err)
				bad.addStatus(fv, err)
			} else if i < len(w.Controllers) {
				w.Controllers[i] = sc
			}
		}
	}
	if err := bad.err(); err != nil {
		return nil, err
	}
	if _, err := rs.Setup(game.Setup{Seed: w.Seed, Camps: w.Camps, Season: 1}); err != nil {
		return nil, invalidArgument("ruleset", "%s cannot set up this world: %v", info.Name, err)
	}
	if req.GetValidateOnly() {
		return worldInfoToPB(rs, w, 0, ""), nil
	}
	if err := a.s.cfg.Store.CreateWorld(ctx, &w); err != nil {
		return nil, toStatus(a.s.log, fmt.Errorf("create world: %w", err))
	}
	if err := a.s.addWorld(ctx, w); errors.Is(err, errNotOwner) {
		return a.s.storedInfo(ctx, w.ID)
	} else if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	return a.onWorld(ctx, w.ID, func(r *runner) error {
		r.log.Info().Str("name", w.Name).Str("ruleset", w.Ruleset).Int("camps", w.Camps).Uint64("seed", w.Seed).
			Dur("cadence", w.Cadence).Dur("move_clock", w.MoveClock).Int("season_length", w.SeasonLength).Msg("admin: world created")
		return nil
	})
}

// ListWorlds lists every world in ID order. A replica lists the worlds run
// elsewhere from the store.
func (a *adminService) ListWorlds(ctx context.Context, _ *pb.ListWorldsRequest) (*pb.ListWorldsResponse, error) {
	resp := &pb.ListWorldsResponse{}
	if a.s.cfg.Replica != nil {
		worlds, err := a.s.cfg.Store.Worlds(ctx)
		if err != nil {
			return nil, toStatus(a.s.log, fmt.Errorf("list worlds: %w", err))
		}
		for _, w := range worlds {
			info, err := a.onWorld(ctx, w.ID, func(*runner) error { return nil })
			if status.Code(err) == codes.NotFound || status.Code(err) == codes.Unavailable {
				info, err = a.s.storedInfo(ctx, w.ID)
			}
			if err != nil {
				return nil, err
			}
			resp.Worlds = append(resp.Worlds, info)
		}
		return resp, nil
	}
	for _, r := range a.s.worlds() {
		info, err := a.onWorld(ctx, r.id, func(*runner) error { return nil })
		if err != nil {
			return nil, err
		}
		resp.Worlds = append(resp.Worlds, info)
	}
	return resp, nil
}

// ListRulesets lists the rulesets the server serves.
func (a *adminService) ListRulesets(ctx context.Context, _ *pb.ListRulesetsRequest) (*pb.ListRulesetsResponse, error) {
	resp := &pb.ListRulesetsResponse{}
	for _, rs := range a.s.cfg.Rulesets {
		resp.Rulesets = append(resp.Rulesets, rulesetInfoToPB(rs.Info(), pb.LangOf(ctx)))
	}
	return resp, nil
}

// SetController sets who plays a camp.
func (a *adminService) SetController(ctx context.Context, req *pb.SetControllerRequest) (*pb.WorldInfo, error) {
	c, err := controllerFromPB(req.GetController(), "controller")
	if err != nil {
		return nil, err
	}
	return a.onWorld(ctx, req.GetWorldId(), func(r *runner) error {
		if err := r.checkCamp(req.GetCamp()); err != nil {
			return err
		}
		w := r.settings
		w.Controllers = slices.Clone(w.Controllers)
		w.Controllers[req.GetCamp()] = c
		if err := r.updateSettings(ctx, w); err != nil {
			return err
		}
		r.log.Info().Int("camp", int(req.GetCamp())).Str("kind", c.Kind).Str("posture", c.Posture).Msg("admin: controller set")
		return nil
	})
}

// IssueToken issues a camp token; the camp's earlier tokens stop working at
// once. With spectator set, it issues a spectator token (admintokens.go).
func (a *adminService) IssueToken(ctx context.Context, req *pb.IssueTokenRequest) (*pb.IssueTokenResponse, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	if req.GetSpectator() != "" {
		return a.issueSpectator(ctx, r, req)
	}
	seat := req.GetSeat()
	if seat == game.RulerSeat {
		seat = ""
	}
	var season int
	err = r.do(ctx, func() error {
		if err := r.checkCamp(req.GetCamp()); err != nil {
			return err
		}
		season = r.settings.Season
		if seats := game.SeatsOf(r.rs.Season(r.settings.Camps)); seat != "" {
			if _, ok := findSeat(seats, seat); !ok {
				return invalidArgument("seat", "no seat %q in this world's council: %s", seat, seatCodes(seats))
			}
		}
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	t := store.Token{Role: store.RoleCamp, WorldID: r.id, Camp: int(req.GetCamp()), Seat: seat}
	if seat != "" {
		// A councillor's new token carries the player enrolled in the
		// seat, as EnrollPlayer's did.
		enrolments, err := a.s.cfg.Store.Enrolments(ctx, r.id, season)
		if err != nil {
			return nil, toStatus(r.base, fmt.Errorf("read enrolments: %w", err))
		}
		for _, e := range enrolments {
			if e.Camp == t.Camp && e.Seat == seat {
				t.Player = e.Player
			}
		}
	}
	tok, err := a.s.auth.issue(ctx, t)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	// Log on the world's loop, where its tick is known.
	_ = r.do(ctx, func() error {
		r.log.Info().Int("camp", t.Camp).Str("seat", store.SeatOrRuler(seat)).Msg("admin: camp token issued")
		return nil
	})
	return &pb.IssueTokenResponse{Token: tok}, nil
}

// PauseWorld stops the world's clock.
func (a *adminService) PauseWorld(ctx context.Context, req *pb.WorldRequest) (*pb.WorldInfo, error) {
	return a.onWorld(ctx, req.GetWorldId(), func(r *runner) error {
		if r.settings.Paused {
			return nil
		}
		w := r.settings
		w.Paused = true
		if err := r.updateSettings(ctx, w); err != nil {
			return err
		}
		r.log.Info().Msg("admin: world paused")
		return nil
	})
}

// ResumeWorld restarts the world's clock with a fresh deadline.
func (a *adminService) ResumeWorld(ctx context.Context, req *pb.WorldRequest) (*pb.WorldInfo, error) {
	return a.onWorld(ctx, req.GetWorldId(), func(r *runner) error {
		if !r.settings.Paused {
			return nil
		}
		w := r.settings
		w.Paused, w.Deadline = false, deadlineAfter(r.clock.Now(), w.DayLimit())
		if err := r.updateSettings(ctx, w); err != nil {
			return err
		}
		r.log.Info().Time("deadline", r.deadline()).Msg("admin: world resumed")
		return nil
	})
}

// ForceTick resolves the next day now and answers once it is committed.
func (a *adminService) ForceTick(ctx context.Context, req *pb.WorldRequest) (*pb.WorldInfo, error) {
	return a.onWorld(ctx, req.GetWorldId(), func(r *runner) error {
		if r.seasonOver() {
			return seasonOver(pb.LangOf(ctx), r.state.Day())
		}
		r.log.Info().Msg("admin: tick forced")
		return r.resolve()
	})
}

// ResetSeason starts the next season at the setup of the world's seed, with
// the packages and sheets of the enrolments made for it (SEA-CARRY); the
// pending orders are dropped.
func (a *adminService) ResetSeason(ctx context.Context, req *pb.WorldRequest) (*pb.WorldInfo, error) {
	return a.onWorld(ctx, req.GetWorldId(), func(r *runner) error {
		old := r.settings
		w := old
		w.Season++
		if err := r.updateSettings(ctx, w); err != nil {
			return err
		}
		if err := r.commitSetup(ctx); err != nil {
			// Put the season back so that the world stays whole; if this
			// fails too, the next start commits the missing setup.
			if rerr := r.updateSettings(ctx, old); rerr != nil {
				r.log.Error().Err(rerr).Msg("restore season after a failed reset")
			}
			return err
		}
		r.log.Info().Msg("admin: season reset")
		r.notify(tickEvent{day: 0, deadline: r.deadline()})
		return nil
	})
}

// GetWorldState returns the omniscient state as JSON, with its hash.
func (a *adminService) GetWorldState(ctx context.Context, req *pb.WorldRequest) (*pb.WorldState, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	var ws *pb.WorldState
	err = r.do(ctx, func() error {
		b, err := r.rs.JSON(r.state)
		if err != nil {
			return fmt.Errorf("encode world %d: %w", r.id, err)
		}
		ws = &pb.WorldState{Day: int32(r.state.Day()), StateHash: r.hash, StateJson: string(b)}
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	return ws, nil
}

// GetFrame returns the omniscient frame of the world's current day.
func (a *adminService) GetFrame(ctx context.Context, req *pb.WorldRequest) (*pb.Frame, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	return r.frame(ctx, pb.LangOf(ctx))
}

// ForkWorld creates a paused world whose setup is a stored tick of another
// world, and starts its loop.
func (a *adminService) ForkWorld(ctx context.Context, req *pb.ForkWorldRequest) (*pb.WorldInfo, error) {
	bad := violations{l: pb.LangOf(ctx)}
	if req.GetSeason() < 0 {
		bad.add("season", lang.T("season must be 0 (the current one) or more; got %d", "season vaut 0 (la saison en cours) ou plus ; reçu %d", req.GetSeason()))
	}
	if req.GetDay() < 0 {
		bad.add("day", lang.T("day must be 0 or more; got %d", "day vaut 0 ou plus ; reçu %d", req.GetDay()))
	}
	if err := checkText(pb.LangOf(ctx), "name", req.GetName(), MaxNameLen, false); err != nil {
		bad.addStatus("name", err)
	}
	if err := bad.err(); err != nil {
		return nil, err
	}
	parent, err := a.s.cfg.Store.World(ctx, req.GetWorldId())
	if errors.Is(err, store.ErrNotFound) {
		return nil, worldNotFound(req.GetWorldId())
	}
	if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	season, day := int(req.GetSeason()), int(req.GetDay())
	if season == 0 {
		season = parent.Season
	}
	w := store.World{
		Name: req.GetName(), Ruleset: parent.Ruleset, Camps: parent.Camps, Seed: parent.Seed, Cadence: parent.Cadence, MoveClock: parent.MoveClock,
		SeasonLength: parent.SeasonLength, Season: 1, Paused: true, Controllers: parent.Controllers, CreatedAt: a.s.cfg.Clock.Now(),
		Parent: store.TickRef{WorldID: parent.ID, Season: season, Day: day},
	}
	if w.Name == "" {
		w.Name = fmt.Sprintf("%s, fork of season %d day %d", parent.Name, season, day)
	}
	if err := a.s.cfg.Store.CreateWorld(ctx, &w); errors.Is(err, store.ErrNotFound) {
		return nil, refusef(reasonNotFound, "day", "world %d has no tick on day %d of season %d", parent.ID, day, season)
	} else if err != nil {
		return nil, toStatus(a.s.log, fmt.Errorf("fork world %d: %w", parent.ID, err))
	}
	if err := a.s.addWorld(ctx, w); errors.Is(err, errNotOwner) {
		return a.s.storedInfo(ctx, w.ID)
	} else if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	return a.onWorld(ctx, w.ID, func(r *runner) error {
		r.log.Info().Uint64("parent", parent.ID).Int("parent_season", season).Int("parent_day", day).
			Str("name", w.Name).Msg("admin: world forked")
		return nil
	})
}
