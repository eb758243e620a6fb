package web

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the observer's page (seed 000): the omniscient frame of a
// world's day, for an admin while the season runs (AdminService.GetFrame
// and GetTimeline), and for anyone once it is closed, as the chronicle's
// timelapse (ChronicleService).

// journalDays is how many days of journal the observer's page shows.
const journalDays = 3

// campBanner is one camp's counters in the banner.
type campBanner struct {
	Camp                                     int32
	Name, Government, Title                  string
	Alive                                    bool
	Food, Wood, Stone, Tools, Gold, Research int64
	Population, Morale, FieldArmy, UnderArms int32
	Tier, Zones, Legitimacy                  int32
	// Fig are seed 000's live figures (figures.go), nil when unknown.
	Fig *figures
}

// keys are the banner's counters by data-k key, as the polled state
// carries them.
func (c campBanner) keys(into map[string]int64) {
	p := "c" + strconv.Itoa(int(c.Camp)) + "."
	for k, v := range map[string]int64{"food": c.Food, "wood": c.Wood, "stone": c.Stone, "tools": c.Tools, "gold": c.Gold,
		"research": c.Research, "pop": int64(c.Population), "morale": int64(c.Morale), "army": int64(c.FieldArmy),
		"arms": int64(c.UnderArms), "tier": int64(c.Tier), "zones": int64(c.Zones)} {
		into[p+k] = v
	}
}

// siegeCard is a siege under the map: besieger, men in the lines, the
// garrison left and the progress to the assault.
type siegeCard struct {
	Zone, Besieger, Men, Garrison int32
	BesiegerName                  string
	Start, Assault, Left          int32
	Progress                      int // percent
}

// columnLine is a column under the map with its days left.
type columnLine struct {
	Camp              int32
	Name, Kind        string
	Men, From, To     int32
	Arrival, DaysLeft int32
	Home              bool
}

// person is a notable citizen in the people tab (a flat struct: the
// template reads its fields without searching an embedded message).
type person struct {
	ID                           int32
	Name, Job, Title, Aspiration string
	Roman, Trait                 string
	Xp, NextLevelXp, Mood, Age   int32
	UnderArms                    bool
}

// personOf converts a notable citizen.
func personOf(c *pb.Citizen) person {
	return person{ID: c.GetId(), Name: c.GetName(), Job: c.GetJob(), Title: c.GetTitle(), Aspiration: c.GetAspiration(),
		Roman: viewtext.Roman(c.GetLevel()), Trait: c.GetTrait(),
		Xp: c.GetXp(), NextLevelXp: c.GetNextLevelXp(), Mood: c.GetMood(), Age: c.GetAge(), UnderArms: c.GetUnderArms()}
}

// campPeople is one camp's people tab.
type campPeople struct {
	Camp    int32
	Name    string
	Summary *pb.People
	People  []person
}

// relationLine is a pair's relation in the diplomacy tab: since when, a
// closed door, the refusals, and the pending proposal ("" when none).
type relationLine struct {
	A, B          int32
	NameA, NameB  string
	Relation      string
	Since, Closed int32
	Refusals      int32
	Proposal      string
}

// scrubber is the timelapse's navigation: the days of the season, the one
// shown, and its neighbours (-1: none).
type scrubber struct {
	World            uint64
	Season           int32
	First, Last, Day int32
	Prev, Next       int32
}

// frameBody is what the observer's and the timelapse's pages show of a
// frame.
type frameBody struct {
	L          lang.Lang
	World      uint64
	WorldName  string
	Season     int32
	Day        int32
	Ruleset    string
	YearSeason string
	Running    bool
	Map        template.HTML
	Camps      []campBanner
	Sieges     []siegeCard
	Columns    []columnLine
	Journal    []journalLine
	People     []campPeople
	Relations  []relationLine
	Messages   []*pb.CampMessage
	Plots      template.HTML
	Names      []string
	Castle     *castleFrame
	// Standings are the camps by rank on the generic page of a ruleset
	// without a page of its own (its frame has no detail), nil on another.
	Standings []*pb.FrameCamp
	Scrub     *scrubber
	Results   []*pb.CampResult
	// Notebooks are the camps' notebooks of a closed season (SEA-NOTEBOOK).
	Notebooks []*pb.Notebook
	// Spectator says the page is a spectator's (spectator.go): the public
	// frame alone, without the season's timeline.
	Spectator bool
}

// name returns camp c's name.
func (b *frameBody) name(c int32) string { return campName(b.L, b.Names, c) }

// noWorld refuses a world that is not.
var noWorld = lang.T("no such world", "pas de tel monde")

// unknownCamp names a camp the page does not know.
var unknownCamp = lang.T("an unknown camp", "un camp inconnu")

// frameBodyOf builds the page of frame f; s, when given, is the season it
// belongs to (plots and journal), locked by the caller. Its texts are in
// l. A frame with the detail of a ruleset the pages know (Grisonval's,
// the Castle's) gets that ruleset's page; any other (no detail, or one
// the pages do not know), the generic page of the frame's shared part:
// the camps with their scores and ranks.
func frameBodyOf(l lang.Lang, f *pb.Frame, s *season) *frameBody {
	b := &frameBody{L: l, Day: f.GetDay()}
	for _, c := range f.GetCamps() {
		b.setName(c.GetCamp(), c.GetName())
	}
	if s != nil {
		b.Journal = s.recentJournal(f.GetDay()-journalDays+1, f.GetDay())
	}
	switch d := f.GetDetail().(type) {
	case *pb.Frame_Castle:
		b.Ruleset = "castle"
		b.Castle = castleFrameOf(d.Castle)
		for _, city := range d.Castle.GetCities() {
			b.setName(city.GetCamp(), city.GetName())
		}
	case *pb.Frame_Grisonval:
		b.Ruleset = "grisonval"
		grisonvalFrame(b, d.Grisonval)
		if s != nil {
			b.Plots = plots(l, grisonvalMeasures, s.series, b.Names, f.GetDay())
		}
	default:
		b.Standings = standingsOf(f.GetCamps())
		if s != nil {
			b.Plots = plots(l, scoreMeasures, s.series, b.Names, f.GetDay())
		}
	}
	return b
}

// setName names camp c, unless it is named already.
func (b *frameBody) setName(c int32, name string) {
	if c < 0 {
		return
	}
	for int(c) >= len(b.Names) {
		b.Names = append(b.Names, "")
	}
	if b.Names[c] == "" {
		b.Names[c] = name
	}
}

// standingsOf returns the camps of a frame by rank, then camp.
func standingsOf(camps []*pb.FrameCamp) []*pb.FrameCamp {
	out := slices.Clone(camps)
	slices.SortStableFunc(out, func(a, b *pb.FrameCamp) int {
		return cmp.Or(cmp.Compare(a.GetRank(), b.GetRank()), cmp.Compare(a.GetCamp(), b.GetCamp()))
	})
	return out
}

// grisonvalFrame adds Grisonval's frame g to b: the banner, the people,
// sieges, columns, relations and the map.
func grisonvalFrame(b *frameBody, g *pb.GrisonvalFrame) {
	l, day := b.L, b.Day
	b.YearSeason = g.GetYearSeason()
	zones := make(map[int32]*pb.ZoneFrame, len(g.GetZones()))
	for _, z := range g.GetZones() {
		zones[z.GetZone()] = z
	}
	for _, c := range g.GetCamps() {
		b.setName(c.GetCamp(), c.GetName())
		r := c.GetResources()
		b.Camps = append(b.Camps, campBanner{Camp: c.GetCamp(), Name: c.GetName(), Government: cmp.Or(c.GetGovernmentName(), c.GetGovernment()), Title: c.GetTitle(),
			Alive: c.GetAlive(), Food: r.GetFood(), Wood: r.GetWood(), Stone: r.GetStone(), Tools: r.GetTools(), Gold: r.GetGold(),
			Research: r.GetResearch(), Population: c.GetPopulation(), Morale: c.GetMorale(), FieldArmy: c.GetFieldArmy(),
			UnderArms: c.GetMenUnderArms(), Tier: c.GetTier(), Zones: c.GetZones(), Legitimacy: c.GetLegitimacy(), Fig: frameFigures(l, c)})
		cp := campPeople{Camp: c.GetCamp(), Name: c.GetName(), Summary: c.GetPeople()}
		for _, n := range c.GetNotables() {
			cp.People = append(cp.People, personOf(n))
		}
		b.People = append(b.People, cp)
	}
	for _, sg := range g.GetSieges() {
		b.Sieges = append(b.Sieges, siegeCardOf(sg, zones[sg.GetZone()].GetGarrison(), b.name(sg.GetBesieger()), day))
	}
	for _, c := range g.GetColumns() {
		b.Columns = append(b.Columns, columnLineOf(c.GetCamp(), b.name(c.GetCamp()), c.GetColumn(), day))
	}
	for _, r := range g.GetRelations() {
		rl := relationLine{A: r.GetA(), B: r.GetB(), NameA: b.name(r.GetA()), NameB: b.name(r.GetB()), Relation: r.GetRelation(),
			Since: r.GetSince(), Refusals: r.GetRefusals()}
		if r.GetClosedUntil() >= day {
			rl.Closed = r.GetClosedUntil()
		}
		if p := r.GetProposal(); p != nil {
			rl.Proposal = l.Sprintf("%s proposes %s (day %d, open until day %d)", "%s propose %s (jour %d, ouvert jusqu'au jour %d)",
				b.name(p.GetFromCamp()), l.Name(p.GetPact()), p.GetDay(), p.GetExpiresDay())
		}
		b.Relations = append(b.Relations, rl)
	}
	b.Map = mapOfFrame(l, day, g).SVG()
}

// siegeCardOf builds a siege's card.
func siegeCardOf(sg *pb.Siege, garrison int32, besieger string, day int32) siegeCard {
	c := siegeCard{Zone: sg.GetZone(), Besieger: sg.GetBesieger(), Men: sg.GetMen(), Garrison: garrison, BesiegerName: besieger,
		Start: sg.GetStartDay(), Assault: sg.GetAssaultDay(), Left: max(0, sg.GetAssaultDay()-day)}
	if total := sg.GetAssaultDay() - sg.GetStartDay(); total > 0 {
		c.Progress = int(min(100, max(0, 100*(day-sg.GetStartDay())/total)))
	}
	return c
}

// columnLineOf builds a column's line.
func columnLineOf(camp int32, name string, c *pb.Column, day int32) columnLine {
	kind := "army"
	if c.GetKind() == pb.ColumnKind_COLUMN_KIND_SETTLERS {
		kind = "settlers"
	}
	return columnLine{Camp: camp, Name: name, Kind: kind, Men: c.GetMen(), From: c.GetFromZone(), To: c.GetToZone(),
		Arrival: c.GetArrivalDay(), DaysLeft: max(0, c.GetArrivalDay()-day), Home: c.GetHome()}
}

// worldOf finds world id among the worlds the request's token may list:
// an admin's call.
func (s *Server) worldOf(ctx context.Context, id uint64) (*pb.WorldInfo, error) {
	ws, err := s.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
	if err != nil {
		return nil, err
	}
	for _, w := range ws.GetWorlds() {
		if w.GetId() == id {
			return w, nil
		}
	}
	return nil, status.Errorf(codes.NotFound, "no world %d", id)
}

// pathID reads a numeric path value.
func pathID(r *http.Request, name string) (uint64, bool) {
	n, err := strconv.ParseUint(r.PathValue(name), 10, 64)
	return n, err == nil && n > 0
}

// observer is the omniscient page of a world's current day. While the
// season runs only an admin sees it (the server refuses any other token);
// anyone else is sent to the chronicle once the world's season is closed.
func (s *Server) observer(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		s.refuse(w, r, http.StatusNotFound, noWorld.In(langOf(r)))
		return
	}
	if tokenKind(token(r)) == "spectator" {
		body, err := s.spectatorBody(r, id)
		if err != nil {
			s.notSpectated(w, r, id, err)
			return
		}
		s.render(w, r, http.StatusOK, "observer", page{Title: langOf(r).Sprintf("%s, day %d", "%s, jour %d", body.WorldName, body.Day),
			State: fmt.Sprintf("/world/%d/state.json", id), Day: body.Day, Body: body})
		return
	}
	body, err := s.observerBody(r, id)
	if err != nil {
		if c := status.Code(err); c == codes.Unauthenticated || c == codes.PermissionDenied {
			if to := s.closedSeason(r, id); to != "" {
				http.Redirect(w, r, to, http.StatusSeeOther)
				return
			}
			code, msg := http.StatusForbidden, langOf(r).Sprintf("While a season runs, the omniscient page is for the server's admins only; it opens to everyone as the chronicle once the season is closed.",
				"Pendant qu'une saison court, la page omnisciente est réservée aux administrateurs du serveur ; elle s'ouvre à tous comme chronique une fois la saison close.")
			if token(r) == "" {
				code = http.StatusUnauthorized
			}
			s.refuse(w, r, code, msg)
			return
		}
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "observer", page{Title: langOf(r).Sprintf("%s, day %d", "%s, jour %d", body.WorldName, body.Day),
		State: fmt.Sprintf("/world/%d/state.json", id), Day: body.Day, Body: body})
}

// observerBody makes the calls of the observer's page with the request's
// token: the world, its frame, and its season's timeline for the plots
// and the journal.
func (s *Server) observerBody(r *http.Request, id uint64) (*frameBody, error) {
	ctx, cancel := s.call(r)
	defer cancel()
	info, err := s.worldOf(ctx, id)
	if err != nil {
		return nil, err
	}
	f, err := s.admin.GetFrame(ctx, &pb.WorldRequest{WorldId: id})
	if err != nil {
		return nil, err
	}
	l := langOf(r)
	sn := s.seasons.get(seasonKey{world: id, season: info.GetSeason(), lang: l})
	if err := sn.load(ctx, id, info.GetSeason(), false, f.GetDay(), s.admin.GetTimeline); err != nil {
		// A season not started has no timeline yet: the page shows the
		// frame alone.
		if status.Code(err) != codes.FailedPrecondition && status.Code(err) != codes.NotFound {
			return nil, err
		}
		sn = nil
	}
	var body *frameBody
	if sn != nil {
		body = frameBodyOf(l, f, sn)
		sn.mu.Unlock()
	} else {
		body = frameBodyOf(l, f, nil)
	}
	body.World, body.WorldName, body.Season = id, info.GetName(), info.GetSeason()
	body.Running = !s.seasonClosed(ctx, id, info.GetSeason())
	return body, nil
}

// closedSeason returns the chronicle's address of world's last season when
// it is closed (public), else "".
func (s *Server) closedSeason(r *http.Request, id uint64) string {
	ctx, cancel := context.WithTimeout(r.Context(), rpcTimeout)
	defer cancel()
	ss, err := s.chronicle.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: id})
	if err != nil || len(ss.GetSeasons()) == 0 {
		return ""
	}
	last := ss.GetSeasons()[len(ss.GetSeasons())-1]
	if !last.GetClosed() {
		return ""
	}
	return fmt.Sprintf("/chronicle/%d/%d", id, last.GetSeason())
}

// liveState is the small state a page polls: the day shown and the
// banner's counters by key.
type liveState struct {
	Day    int32            `json:"day"`
	Paused bool             `json:"paused,omitempty"`
	Keys   map[string]int64 `json:"k"`
	// Text holds the banner's words by key (the posting status, the
	// deadline).
	Text map[string]string `json:"t,omitempty"`
}

// writeState writes st as JSON, never cached.
func writeState(w http.ResponseWriter, st liveState) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(st)
}

// observerState is the observer's polled state: the day and every camp's
// counters, from the world's frame (an admin's call, or a spectator's).
func (s *Server) observerState(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		http.Error(w, "no such world", http.StatusNotFound)
		return
	}
	ctx, cancel := s.call(r)
	defer cancel()
	var (
		f   *pb.Frame
		err error
	)
	if tokenKind(token(r)) == "spectator" {
		f, err = s.game.GetFrame(ctx, &pb.GetFrameRequest{WorldId: id})
	} else {
		f, err = s.admin.GetFrame(ctx, &pb.WorldRequest{WorldId: id})
	}
	if err != nil {
		http.Error(w, status.Convert(err).Message(), httpCode(err))
		return
	}
	writeState(w, frameState(f))
}

// frameState is the polled state of a frame.
func frameState(f *pb.Frame) liveState {
	st := liveState{Day: f.GetDay(), Keys: map[string]int64{}}
	b := frameBodyLite(f)
	for _, c := range b {
		c.keys(st.Keys)
	}
	switch d := f.GetDetail().(type) {
	case *pb.Frame_Grisonval:
		// Its banner's, above.
	case *pb.Frame_Castle:
		for _, city := range d.Castle.GetCities() {
			cityKeys(city, st.Keys)
		}
	default:
		for _, c := range f.GetCamps() {
			st.Keys[scoreKey(c.GetCamp())] = c.GetScore()
		}
	}
	return st
}

// scoreKey is the data-k key of camp's score on a generic page.
func scoreKey(camp int32) string { return "c" + strconv.Itoa(int(camp)) + ".score" }

// frameBodyLite returns a Grisonval frame's banner alone.
func frameBodyLite(f *pb.Frame) []campBanner {
	var out []campBanner
	for _, c := range f.GetGrisonval().GetCamps() {
		r := c.GetResources()
		out = append(out, campBanner{Camp: c.GetCamp(), Food: r.GetFood(), Wood: r.GetWood(), Stone: r.GetStone(), Tools: r.GetTools(),
			Gold: r.GetGold(), Research: r.GetResearch(), Population: c.GetPopulation(), Morale: c.GetMorale(), FieldArmy: c.GetFieldArmy(),
			UnderArms: c.GetMenUnderArms(), Tier: c.GetTier(), Zones: c.GetZones()})
	}
	return out
}

// httpCode is the HTTP status of a server's refusal.
func httpCode(err error) int {
	switch status.Code(err) {
	case codes.Unauthenticated:
		return http.StatusUnauthorized
	case codes.PermissionDenied:
		return http.StatusForbidden
	case codes.NotFound:
		return http.StatusNotFound
	case codes.InvalidArgument, codes.FailedPrecondition:
		return http.StatusBadRequest
	}
	return http.StatusBadGateway
}

// chronicleOf answers the front page's form: the chronicle of the world
// by number.
func (s *Server) chronicleOf(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(r.URL.Query().Get("world"), 10, 64)
	if err != nil || id == 0 {
		s.refuse(w, r, http.StatusBadRequest, langOf(r).Sprintf("a world's number is a whole number from 1", "le numéro d'un monde est un nombre entier à partir de 1"))
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/chronicle/%d", id), http.StatusSeeOther)
}

// seasonList lists a world's closed seasons (public).
func (s *Server) seasonList(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		s.refuse(w, r, http.StatusNotFound, noWorld.In(langOf(r)))
		return
	}
	ctx, cancel := context.WithTimeout(pb.WithLang(r.Context(), langOf(r)), rpcTimeout)
	defer cancel()
	ss, err := s.chronicle.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: id})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	type listBody struct {
		World   uint64
		Seasons *pb.ListSeasonsResponse
	}
	s.render(w, r, http.StatusOK, "seasons", page{Title: langOf(r).Sprintf("World %d: the chronicle", "Monde %d : la chronique", id), Body: listBody{World: id, Seasons: ss}})
}

// timelapse is a season's chronicle, day by day: public once the season is
// closed; an admin may also follow a running season through GetTimeline.
func (s *Server) timelapse(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	id, ok := pathID(r, "id")
	number, err := strconv.Atoi(r.PathValue("season"))
	if !ok || err != nil || number <= 0 {
		s.refuse(w, r, http.StatusNotFound, l.Sprintf("no such season", "pas de telle saison"))
		return
	}
	ctx, cancel := context.WithTimeout(pb.WithLang(r.Context(), l), rpcTimeout)
	defer cancel()
	ss, err := s.chronicle.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: id})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var info *pb.SeasonInfo
	for _, si := range ss.GetSeasons() {
		if si.GetSeason() == int32(number) {
			info = si
		}
	}
	closed := info != nil && info.GetClosed()
	fetch := s.chronicle.GetChronicle
	if !closed {
		// Only an admin's GetTimeline opens a running season; the server
		// refuses anyone else.
		actx, acancel := s.call(r)
		defer acancel()
		ctx = actx
		fetch = s.admin.GetTimeline
	}
	// A running season is fetched again from its last page on each
	// visit (load), with the visitor's token: the cache never answers alone.
	sn := s.seasons.get(seasonKey{world: id, season: int32(number), closed: closed, lang: l})
	if err := sn.load(ctx, id, int32(number), closed, -1, fetch); err != nil {
		s.timelapseRefused(w, r, err)
		return
	}
	defer sn.mu.Unlock()
	if len(sn.frames) == 0 {
		s.refuse(w, r, http.StatusNotFound, l.Sprintf("this season has no day yet", "cette saison n'a encore aucun jour"))
		return
	}
	first, last := sn.frames[0].GetDay(), sn.frames[len(sn.frames)-1].GetDay()
	day := last
	if d, err := strconv.Atoi(r.URL.Query().Get("day")); err == nil {
		day = min(last, max(first, int32(d)))
	}
	f := sn.frame(day)
	body := frameBodyOf(l, f, sn)
	body.World, body.Season, body.Running = id, int32(number), !closed
	body.WorldName = l.Sprintf("World %d", "Monde %d", id)
	body.Journal = sn.journals[f.GetDay()]
	body.Messages = sn.messages[f.GetDay()]
	sc := &scrubber{World: id, Season: int32(number), First: first, Last: last, Day: f.GetDay(), Prev: -1, Next: -1}
	if f.GetDay() > first {
		sc.Prev = f.GetDay() - 1
	}
	if f.GetDay() < last {
		sc.Next = f.GetDay() + 1
	}
	body.Scrub = sc
	if sn.first != nil {
		body.Results, body.Notebooks = sn.first.GetSeason().GetCamps(), sn.first.GetNotebooks()
	}
	s.render(w, r, http.StatusOK, "observer", page{Title: l.Sprintf("World %d, season %d, day %d", "Monde %d, saison %d, jour %d", id, number, f.GetDay()), Day: f.GetDay(), Body: body})
}

// timelapseRefused renders the refusal of a season's chronicle.
func (s *Server) timelapseRefused(w http.ResponseWriter, r *http.Request, err error) {
	switch status.Code(err) {
	case codes.Unauthenticated, codes.PermissionDenied, codes.FailedPrecondition:
		code := http.StatusForbidden
		if token(r) == "" {
			code = http.StatusUnauthorized
		}
		s.refuse(w, r, code, langOf(r).Sprintf("This season is still running: its chronicle opens to everyone at its close (admins may follow it now).",
			"Cette saison court encore : sa chronique s'ouvre à tous à sa clôture (les administrateurs peuvent la suivre dès maintenant)."))
		return
	}
	s.fail(w, r, err)
}
