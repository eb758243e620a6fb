package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// Page sizes of GetChronicle, in days.
const (
	defaultChroniclePage = 20
	maxChroniclePage     = 50
)

// pageTokenPrefix starts a chronicle page token: the first day of the page.
const pageTokenPrefix = "day:"

// chronicleService implements pb.ChronicleServiceServer, open to all: it
// shows closed seasons only.
type chronicleService struct {
	pb.UnimplementedChronicleServiceServer
	s *Server
}

// ListSeasons lists a world's closed seasons and its roll of honour.
func (c *chronicleService) ListSeasons(ctx context.Context, req *pb.ListSeasonsRequest) (*pb.ListSeasonsResponse, error) {
	return listSeasons(ctx, c.s, req.GetWorldId(), true)
}

// ListChronicles lists every world's closed seasons, the most recently
// closed first.
func (c *chronicleService) ListChronicles(ctx context.Context, _ *pb.ListChroniclesRequest) (*pb.ListChroniclesResponse, error) {
	worlds, err := c.s.cfg.Store.Worlds(ctx)
	if err != nil {
		return nil, toStatus(c.s.log, fmt.Errorf("list worlds: %w", err))
	}
	resp := &pb.ListChroniclesResponse{}
	for _, w := range worlds {
		seasons, err := listSeasons(ctx, c.s, w.ID, true)
		if err != nil {
			return nil, err
		}
		for _, se := range seasons.GetSeasons() {
			resp.Chronicles = append(resp.Chronicles, &pb.ChronicleEntry{WorldId: w.ID, WorldName: pb.Printable(w.Name, false), Ruleset: w.Ruleset, Season: se})
		}
	}
	slices.SortStableFunc(resp.Chronicles, func(a, b *pb.ChronicleEntry) int {
		return b.GetSeason().GetClosedAt().AsTime().Compare(a.GetSeason().GetClosedAt().AsTime())
	})
	return resp, nil
}

// GetChronicle returns one page of a closed season's chronicle.
func (c *chronicleService) GetChronicle(ctx context.Context, req *pb.GetChronicleRequest) (*pb.Chronicle, error) {
	return c.chronicle(ctx, req, false)
}

// GetTimeline returns one page of any season's chronicle, running or
// closed: the omniscient view admins have of a running season.
func (a *adminService) GetTimeline(ctx context.Context, req *pb.GetChronicleRequest) (*pb.Chronicle, error) {
	return (&chronicleService{s: a.s}).chronicle(ctx, req, true)
}

// chronicle returns one page of a season's chronicle; a running one only
// when running is allowed, its pages then ending at its last committed day.
func (c *chronicleService) chronicle(ctx context.Context, req *pb.GetChronicleRequest, running bool) (*pb.Chronicle, error) {
	st, id, season := c.s.cfg.Store, req.GetWorldId(), int(req.GetSeason())
	if season < 1 {
		return nil, invalidArgument("season", "season must be 1 or more; got %d", season)
	}
	size := int(req.GetPageSize())
	switch {
	case size < 0 || size > maxChroniclePage:
		return nil, invalidArgument("page_size", "page_size must be 0 (%d days) to %d; got %d", defaultChroniclePage, maxChroniclePage, size)
	case size == 0:
		size = defaultChroniclePage
	}
	from := -1
	if tok := req.GetPageToken(); tok != "" {
		day, err := strconv.Atoi(strings.TrimPrefix(tok, pageTokenPrefix))
		if !strings.HasPrefix(tok, pageTokenPrefix) || err != nil || day < 0 {
			return nil, invalidArgument("page_token", "page_token must be the next_page_token of a page; got %q", tok)
		}
		from = day
	}
	// The public chronicle answers alike for a world that does not exist,
	// a season that does not and a season still running: it never says
	// which worlds exist or which season they play.
	hidden := refusef(reasonNotFound, "season", "world %d has no closed season %d", id, season)
	w, rs, err := c.s.storedWorld(ctx, id)
	if status.Code(err) == codes.NotFound && !running {
		return nil, hidden
	} else if err != nil {
		return nil, err
	}
	se, err := st.Season(ctx, id, season)
	if errors.Is(err, store.ErrNotFound) {
		if !running {
			return nil, hidden
		}
		return nil, refusef(reasonNotFound, "season", "world %d has no season %d", id, season)
	} else if err != nil {
		return nil, toStatus(c.s.log, err)
	}
	cl, err := st.SeasonClose(ctx, id, season)
	closed := err == nil
	abandoned := errors.Is(err, store.ErrNotFound) && season < w.Season
	switch {
	case errors.Is(err, store.ErrNotFound) && !running && !abandoned:
		return nil, hidden
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return nil, toStatus(c.s.log, err)
	}
	last := cl.Day
	ch := &pb.Chronicle{Season: seasonInfoToPB(game.CampNames(rs, w.Camps), se, nil, pb.LangOf(ctx))}
	if closed {
		ch.Season = seasonInfoToPB(game.CampNames(rs, w.Camps), se, &cl, pb.LangOf(ctx))
	} else {
		latest, err := st.LatestTick(ctx, id, season)
		if err != nil {
			return nil, toStatus(c.s.log, err)
		}
		last = latest.Day
		if abandoned {
			if err := abandon(ctx, st, ch.Season, last); err != nil {
				return nil, toStatus(c.s.log, err)
			}
		}
	}
	if from < 0 {
		from = se.FirstDay
		if closed {
			if err := c.firstPage(ctx, ch, rs, w, cl); err != nil {
				return nil, toStatus(c.s.log, err)
			}
		}
	}
	if err := c.page(ctx, ch, rs, w, id, season, from, last, size); err != nil {
		return nil, toStatus(c.s.log, err)
	}
	return ch, nil
}

// firstPage adds the season's results to ch: glory boards, players,
// titles and the roll of honour up to this season.
func (c *chronicleService) firstPage(ctx context.Context, ch *pb.Chronicle, rs game.Ruleset, w store.World, cl store.SeasonClose) error {
	st := c.s.cfg.Store
	for camp := range w.Camps {
		board, err := gloryBoard(ctx, st, rs, w, camp, &cl)
		if err != nil {
			return err
		}
		ch.GloryBoards = append(ch.GloryBoards, board)
	}
	entries := make([]career.Entry, 0, len(cl.Players))
	for _, p := range cl.Players {
		res, t, err := playerResultToPB(p)
		if err != nil {
			return err
		}
		entries = append(entries, career.Entry{Agent: p.Player, Tally: t})
		ch.Players = append(ch.Players, res)
	}
	awards, err := career.Titles(entries)
	if err != nil {
		return err
	}
	for _, a := range awards {
		ch.Titles = append(ch.Titles, &pb.TitleAward{Title: a.Title.String(), TitleFr: a.Title.FR(),
			Score: int32(a.Score), Players: a.Agents})
	}
	for s := 1; s <= cl.Season; s++ {
		prev, err := st.SeasonClose(ctx, cl.WorldID, s)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return err
		}
		ch.RollOfHonour = append(ch.RollOfHonour, honours(game.CampNames(rs, w.Camps), prev)...)
	}
	nbs, err := st.Notebooks(ctx, w.ID, cl.Season)
	if err != nil {
		return err
	}
	for _, n := range nbs {
		if n.Text != "" {
			ch.Notebooks = append(ch.Notebooks, notebookToPB(n, 0))
		}
	}
	return nil
}

// page adds to ch the frames, journals and messages of up to size days of
// a world's season from day from to day to, and the token of the next page.
func (c *chronicleService) page(ctx context.Context, ch *pb.Chronicle, rs game.Ruleset, w store.World, worldID uint64, season, from, to, size int) error {
	st := c.s.cfg.Store
	last := -1
	err := walkSeason(ctx, st, rs, worldID, season, from, func(t store.Tick, state func() (game.State, error)) error {
		if t.Day > to {
			return errWalkDone
		}
		if len(ch.Frames) == size {
			ch.NextPageToken = pageTokenPrefix + strconv.Itoa(t.Day)
			return errWalkDone
		}
		s, err := state()
		if err != nil {
			return err
		}
		f, err := frameOf(rs, w.Camps, s, pb.LangOf(ctx))
		if err != nil {
			return err
		}
		ch.Frames = append(ch.Frames, f)
		last = t.Day
		return nil
	})
	if err != nil || last < 0 {
		return err
	}
	seen := make(map[uint64]bool)
	for camp := range w.Camps {
		entries, err := st.Journal(ctx, worldID, season, camp, from)
		if err != nil {
			return err
		}
		cj := &pb.CampJournal{Camp: int32(camp)}
		for _, e := range entries {
			if e.Day <= last {
				cj.Entries = append(cj.Entries, journalToPB(e, pb.LangOf(ctx)))
			}
		}
		ch.Journals = append(ch.Journals, cj)
		msgs, err := st.Messages(ctx, worldID, season, camp, from)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Day <= last && !seen[m.ID] {
				seen[m.ID] = true
				ch.Messages = append(ch.Messages, messageToPB(m))
			}
		}
	}
	sortMessages(ch.Messages)
	return nil
}

// sortMessages orders messages as they were sent: by ID.
func sortMessages(ms []*pb.CampMessage) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].GetId() < ms[j-1].GetId(); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// featsToPB converts a season's tally.
func featsToPB(t career.Tally) *pb.Feats {
	return &pb.Feats{
		MissionsSucceeded: int32(t.MissionsSucceeded), MissionsFailed: int32(t.MissionsFailed),
		CounterMissionsSucceeded: int32(t.CounterMissionsSucceeded), CounterMissionsFailed: int32(t.CounterMissionsFailed),
		EnemyMissionsRevealed: int32(t.EnemyMissionsRevealed), IntelSupportInfluence: int32(t.IntelSupportInfluence),
		Interventions: int32(t.Interventions), SabotagesSuffered: int32(t.SabotagesSuffered),
		Recoveries: int32(t.Recoveries), Sixes: int32(t.Sixes), Glory: int32(t.Glory),
	}
}

// seasonInfoToPB converts a season and, when closed, its close; names are
// the world's camps' names. A season not closed is running or ended:
// abandon marks an abandoned one.
func seasonInfoToPB(names []string, se store.Season, c *store.SeasonClose, l lang.Lang) *pb.SeasonInfo {
	info := &pb.SeasonInfo{WorldId: se.WorldID, Season: int32(se.Number), FirstDay: int32(se.FirstDay),
		LastDay: int32(se.EndedDay), StartedAt: timestamppb.New(se.StartedAt), State: pb.SeasonState_SEASON_STATE_RUNNING}
	if se.EndedDay > 0 {
		info.State = pb.SeasonState_SEASON_STATE_ENDED
	}
	if c == nil {
		return info
	}
	info.State = pb.SeasonState_SEASON_STATE_CLOSED
	info.Closed, info.ClosedAt, info.ClosedBy, info.LastDay = true, timestamppb.New(c.At), c.By, int32(c.Day)
	for _, r := range c.Camps {
		info.Camps = append(info.Camps, &pb.CampResult{Camp: int32(r.Camp), CampName: campName(names, r.Camp),
			Rank: int32(r.Rank), Score: r.Score, Zones: int32(r.Zones), Summary: lang.Decode(r.Summary).In(l)})
	}
	return info
}

// abandon marks info, a season that ResetSeason left unclosed, abandoned:
// its last day is last, the last it played, and it ended when the next
// season started.
func abandon(ctx context.Context, st store.Store, info *pb.SeasonInfo, last int) error {
	next, err := st.Season(ctx, info.GetWorldId(), int(info.GetSeason())+1)
	if err != nil {
		return fmt.Errorf("season after abandoned season %d: %w", info.GetSeason(), err)
	}
	info.State, info.LastDay, info.ClosedAt = pb.SeasonState_SEASON_STATE_ABANDONED, int32(last), timestamppb.New(next.StartedAt)
	return nil
}

// careerToPB converts a career.
func careerToPB(c career.Career) *pb.CareerInfo {
	info := &pb.CareerInfo{Player: pb.Printable(c.Agent, false), Mode: c.Mode.String(), Camp: int32(c.Camp), Patron: c.Patron.Name,
		Seasons: int32(c.Seasons), EminencePoints: int32(c.EP), MaxPp: int32(c.Sheet.MaxPP), Package: c.Package.String(),
		Fallen: c.Fallen}
	for _, v := range c.Sheet.Characteristics {
		info.Characteristics = append(info.Characteristics, int32(v))
	}
	for _, v := range c.Sheet.Talents {
		info.Talents = append(info.Talents, int32(v))
	}
	return info
}

// seasonLength returns the stored season length of CreateWorld's
// season_length: 0 gives DefaultSeasonLength, -1 endless (0 in the store).
func seasonLength(n int32) int {
	switch n {
	case 0:
		return DefaultSeasonLength
	case endlessSeason:
		return 0
	}
	return int(n)
}
