package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is a camp's page: the camp plays from the browser with its own
// token, and sees only what its own GetView holds (the server's fogged
// view); nothing on this page comes from another call but the camp's own
// journal since its last visit.

// option is one choice of an argument in the order form; Selected marks
// the one the form starts on.
type option struct {
	Value    int32
	Label    string
	Selected bool
}

// menuArg is one argument of a legal action as a form field: a list of
// choices or a number between Min and Max.
type menuArg struct {
	Field, Name, Kind string
	// Options are the choices as <option> elements, written once in Go
	// (a menu has hundreds: the template would escape each field of each).
	Options  template.HTML
	Min, Max int32
	Optional bool
}

// optionsHTML writes choices as <option> elements, escaped.
func optionsHTML(opts []option) template.HTML {
	var b strings.Builder
	for _, o := range opts {
		b.WriteString(`<option value="`)
		b.WriteString(strconv.Itoa(int(o.Value)))
		b.WriteByte('"')
		if o.Selected {
			b.WriteString(" selected")
		}
		b.WriteByte('>')
		b.WriteString(esc(o.Label))
		b.WriteString("</option>")
	}
	return template.HTML(b.String())
}

// menuAction is one line of the numbered legal menu.
type menuAction struct {
	N                     int
	Action, Summary, Cost string
	Args                  []menuArg
	Pending               bool
}

// campBody is what a camp's page shows.
type campBody struct {
	L          lang.Lang
	View       *pb.CampView
	Ruleset    string
	Self       campBanner
	Map        template.HTML
	Menu       []menuAction
	Pending    string
	Standing   string
	Deadline   string
	Posting    string
	LastResult string
	// Results are what became of the camp's order each day since its last
	// visit, oldest first.
	Results []string
	Since   int32
	Journal []*pb.JournalEntry
	// Older counts the entries since the last visit left out.
	Older      int
	Messages   []*pb.CampMessage
	Names      []string
	Recipients []option
	Camps      []*pb.CampSummary
	Sieges     []siegeCard
	Columns    []columnLine
	People     *pb.People
	Notables   []person
	// Council is the council tab: the camp's governance (VIEW-GOV).
	Council *councilPanel
	// Seats are the council's seats as players play them (docs/seats.md):
	// nil for a council of one seat.
	Seats     *seatsPanel
	Grisonval *pb.GrisonvalView
	Castle    *castleView
	// Generic is set for a ruleset without a page of its own (its view has
	// no detail, or one the pages do not know): the page shows the view's
	// shared part, the camp's score and its Contacts with theirs when they
	// are public.
	Generic  bool
	Contacts []*pb.Contact
	// Rank is the camp's rank among Of camps when the season's scores are
	// public or the season is closed (0: not known).
	Rank int32
	Of   int
	// Forecast is the stocks' forecast in a line (VIEW-INCOME), and Bar
	// the same by resource, kept in view at the top of the page.
	Forecast string
	Bar      []resItem
	// Season is the camp's standing in its season, as text (season.go).
	Season string
	// SeasonTab is the season tab, from the same standing (season.go).
	SeasonTab *seasonPanel
	// Answer is the server's answer to the form the visitor just posted,
	// shown above the order form, where the post lands (#answer).
	Answer string
	// Zone is the zone picked on the map, with its facts and the actions
	// on it (zone.go); nil when none is.
	Zone *zonePanel
	// Over is set when no day remains to post for (the season's last day
	// was played), Closed once the season is closed, with its chronicle's
	// address: the page then offers no form that the server would refuse.
	Over, Closed bool
	Chronicle    string
	// Winner says the season is over and who won, as the view tells
	// (viewtext.OverEntry); "" while it runs.
	Winner string
	// Plots draw the camp's own counters over the season (progress.go).
	Plots template.HTML
}

// name returns camp c's name as the view knows it.
func (b *campBody) name(c int32) string { return campName(b.L, b.Names, c) }

// maxJournal is the most journal entries a camp's page shows: the newest
// since the last visit (the CLI's journal command has them all).
const maxJournal = 60

// recentDays is how many days of the council's proposals a camp's page
// shows before the day being decided (the CLI's council --since has them
// all).
const recentDays = 9

// setSeats adds council c's seats to the page: the council's panel, a
// councillor's menu of the actions it may propose, and the council among
// the recipients of a message.
func (b *campBody) setSeats(l lang.Lang, c *pb.Council) {
	b.Seats = seatsOf(l, c)
	if b.Seats == nil {
		return
	}
	if !b.Seats.Ruler {
		b.Menu = b.Seats.proposeMenu(b.Menu)
	}
	b.Recipients = append([]option{{Value: b.View.GetCamp(), Label: l.Sprintf("your council (your camp's seats alone)", "votre conseil (les seuls sièges de votre camp)")}}, b.Recipients...)
}

// deadlineText words the day's deadline: when, and how long remains.
func deadlineText(l lang.Lang, deadline, now time.Time) string {
	left := deadline.Sub(now).Round(time.Second)
	at := deadline.UTC().Format("15:04:05 UTC")
	if left <= 0 {
		return l.Sprintf("%s (passed: the day resolves any moment)", "%s (passée : le jour se résout d'un instant à l'autre)", at)
	}
	return l.Sprintf("%s (in %s)", "%s (dans %s)", at, left)
}

// postingText words a camp's posting status.
func postingText(l lang.Lang, v *pb.CampView) string {
	switch v.GetPostingStatus() {
	case pb.PostingStatus_POSTING_STATUS_POSTED:
		return l.Sprintf("posted", "posté")
	case pb.PostingStatus_POSTING_STATUS_STANDING:
		return l.Sprintf("not posted: the standing order will play", "non posté : l'ordre permanent jouera")
	case pb.PostingStatus_POSTING_STATUS_LATE:
		return l.Sprintf("late: post now, or the standing order plays", "en retard : postez maintenant, sinon l'ordre permanent joue")
	}
	return l.Sprintf("the season is over", "la saison est finie")
}

// campBodyOf builds the page of view v in l, with the camp's journal
// since its last visit (since) when given.
func (s *Server) campBodyOf(l lang.Lang, v *pb.CampView, journal []*pb.JournalEntry, since int32) *campBody {
	b := &campBody{L: l, View: v, Ruleset: v.GetRuleset(), Since: since, Journal: journal, Messages: v.GetMessages(),
		Posting: postingText(l, v)}
	if len(b.Journal) == 0 {
		b.Journal = v.GetJournal()
	}
	b.Journal = viewtext.WithOver(l, v, b.Journal)
	if n := len(b.Journal) - maxJournal; n > 0 {
		b.Journal, b.Older = b.Journal[n:], n
	}
	b.Names = make([]string, v.GetCamp()+1)
	b.Names[v.GetCamp()] = v.GetCampName()
	for _, c := range v.GetContacts() {
		for int(c.GetCamp()) >= len(b.Names) {
			b.Names = append(b.Names, "")
		}
		b.Names[c.GetCamp()] = c.GetName()
	}
	for _, c := range v.GetMessageRecipients() {
		b.Recipients = append(b.Recipients, option{Value: c, Label: b.name(c)})
	}
	if o := v.GetPendingOrder(); o != nil {
		b.Pending = viewtext.Order(l, o)
	}
	if o := v.GetStandingOrder(); o != nil {
		b.Standing = viewtext.Order(l, o)
	} else {
		b.Standing = "rest"
	}
	b.Deadline = s.deadlineOf(l, v)
	if r := v.GetLastResult(); r != nil {
		b.LastResult = strings.TrimSpace(viewtext.Result(l, r))
	}
	if g := v.GetGrisonval(); g != nil {
		b.Grisonval = g
		b.Self = selfBanner(v, g)
		b.Self.Fig = viewFigures(l, g)
		b.Self.Government = b.GovName(b.Self.Government)
		if f := g.GetForecast(); f != nil {
			b.Forecast = viewtext.ForecastLine(l, f)
			b.Bar = resourceBar(l, v.GetCamp(), f)
		}
		garrison := make(map[int32]int32)
		for _, z := range g.GetZones() {
			garrison[z.GetId()] = z.GetGarrison()
		}
		m := mapOfView(l, v, g)
		m.Link = zoneLink
		b.Map = m.SVG()
		b.Camps = g.GetCamps()
		for _, sg := range g.GetSieges() {
			b.Sieges = append(b.Sieges, siegeCardOf(sg, garrison[sg.GetZone()], b.name(sg.GetBesieger()), v.GetDay()))
		}
		for _, c := range g.GetColumns() {
			b.Columns = append(b.Columns, columnLineOf(v.GetCamp(), v.GetCampName(), c, v.GetDay()))
		}
		b.People = g.GetPeople()
		for _, n := range g.GetNotables() {
			b.Notables = append(b.Notables, personOf(n))
		}
		b.Council = councilOf(l, g)
	}
	switch d := v.GetDetail().(type) {
	case *pb.CampView_Grisonval:
		// Drawn above.
	case *pb.CampView_Castle:
		b.Castle = castleViewOf(v, d.Castle)
	default:
		b.Generic, b.Contacts = true, v.GetContacts()
	}
	b.Menu = menuOf(l, v)
	return b
}

// deadlineOf words the view's deadline, or why there is none.
func (s *Server) deadlineOf(l lang.Lang, v *pb.CampView) string {
	switch d := v.GetDeadline(); {
	case v.GetPaused():
		return l.Sprintf("the world is paused", "le monde est en pause")
	case d != nil:
		return deadlineText(l, d.AsTime(), s.now())
	}
	return l.Sprintf("none", "aucune")
}

// selfBanner is a Grisonval camp's own counters, from its view: the zones
// it holds are the ones its view shows it holding.
func selfBanner(v *pb.CampView, g *pb.GrisonvalView) campBanner {
	r := g.GetResources()
	c := campBanner{Camp: v.GetCamp(), Name: v.GetCampName(), Government: g.GetPolitics().GetGovernment(), Title: g.GetTitle(),
		Alive: v.GetAlive(), Food: r.GetFood(), Wood: r.GetWood(), Stone: r.GetStone(), Tools: r.GetTools(), Gold: r.GetGold(),
		Research: r.GetResearch(), Population: g.GetPopulation(), Morale: g.GetMorale(), FieldArmy: g.GetFieldArmy(),
		UnderArms: g.GetMenUnderArms(), Tier: g.GetTier(), Legitimacy: g.GetPolitics().GetLegitimacy()}
	for _, z := range g.GetZones() {
		if z.GetOwner() == v.GetCamp() {
			c.Zones++
		}
	}
	return c
}

// menuOf builds the numbered legal menu: each action with its valid
// arguments to pick (choices labelled with what the view says of them) or
// bounds, and its cost.
func menuOf(l lang.Lang, v *pb.CampView) []menuAction { return menuFor(l, v, 0) }

// menuFor is menuOf, or with zone > 0 the actions one of whose zone
// arguments may be zone, that choice picked (the zone's panel, zone.go).
func menuFor(l lang.Lang, v *pb.CampView, zone int32) []menuAction {
	labels := choiceLabels(l, v)
	var out []menuAction
	for i, a := range v.GetLegalActions() {
		if zone > 0 && !takesZone(a, zone) {
			continue
		}
		m := menuAction{N: i + 1, Action: a.GetAction(), Summary: a.GetSummary(), Cost: viewtext.Cost(l, a),
			Pending: v.GetPendingOrder().GetAction() == a.GetAction()}
		if c := zoneCost(l, a, zone); zone > 0 && c != "" {
			// The zone's panel: the price on the zone picked alone.
			m.Cost = c
		}
		for j, spec := range a.GetArgs() {
			arg := menuArg{Field: "a" + strconv.Itoa(j), Name: argName(l, v, spec.GetName()), Optional: spec.GetOptional(), Min: spec.GetMin(), Max: spec.GetMax()}
			if spec.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
				arg.Kind = "number"
			} else {
				arg.Kind = "select"
				// The cards of a draft start on different slots, so that
				// the form as it stands is a valid draft.
				first := 0
				if spec.GetKind() == pb.ArgKind_ARG_KIND_CARD && len(spec.GetChoices()) > 0 {
					first = j % len(spec.GetChoices())
				}
				if k := slices.Index(spec.GetChoices(), zone); zone > 0 && spec.GetKind() == pb.ArgKind_ARG_KIND_ZONE && k >= 0 {
					first = k
				}
				opts := make([]option, 0, len(spec.GetChoices()))
				for k, c := range spec.GetChoices() {
					opts = append(opts, option{Value: c, Label: labels(spec.GetKind(), c), Selected: k == first})
				}
				arg.Options = optionsHTML(opts)
			}
			m.Args = append(m.Args, arg)
		}
		out = append(out, m)
	}
	return out
}

// argName words an argument's name for its label: a Castle draft's
// "to_city_2" reads "to Provins".
func argName(l lang.Lang, v *pb.CampView, name string) string {
	if n, ok := strings.CutPrefix(name, "to_city_"); ok {
		if c, err := strconv.Atoi(n); err == nil {
			for _, ct := range v.GetContacts() {
				if int(ct.GetCamp()) == c && ct.GetName() != "" {
					return l.Sprintf("to %s", "à %s", ct.GetName())
				}
			}
		}
	}
	return strings.ReplaceAll(name, "_", " ")
}

// choiceLabels returns a function that words a choice of an argument from
// the view: a zone's terrain and holder, a camp's name, a government's
// name, a card's face, a seat's name, a citizen's name, level and trait.
func choiceLabels(l lang.Lang, v *pb.CampView) func(pb.ArgKind, int32) string {
	zones := make(map[int32]*pb.Zone)
	govs := make(map[int32]string)
	seats, citizens := governanceLabels(l, v.GetGrisonval())
	if g := v.GetGrisonval(); g != nil {
		for _, z := range g.GetZones() {
			zones[z.GetId()] = z
		}
		for _, gf := range g.GetGovernments() {
			govs[gf.GetId()] = gf.GetName()
		}
	}
	names := map[int32]string{v.GetCamp(): v.GetCampName()}
	for _, c := range v.GetContacts() {
		names[c.GetCamp()] = c.GetName()
	}
	drawn := v.GetCastle().GetDrawn()
	return func(k pb.ArgKind, c int32) string {
		switch k {
		case pb.ArgKind_ARG_KIND_ZONE:
			switch z := zones[c]; {
			case z == nil:
			case z.GetVisibility() == pb.Visibility_VISIBILITY_UNKNOWN:
				// Never a bare number: what the camp knows is that it
				// does not know it.
				return l.Sprintf("%d · unknown land", "%d · terre inconnue", c)
			case z.GetVisibility() == pb.Visibility_VISIBILITY_REMEMBERED:
				return l.Sprintf("%d · %s, %s (seen on day %d)", "%d · %s, %s (vue le jour %d)", c, viewtext.TerrainName(l, z.GetTerrain()),
					ownerWord(l, v, z.GetOwner(), names), z.GetLastSeenDay())
			default:
				return fmt.Sprintf("%d · %s, %s", c, viewtext.TerrainName(l, z.GetTerrain()), ownerWord(l, v, z.GetOwner(), names))
			}
		case pb.ArgKind_ARG_KIND_CAMP:
			if n := names[c]; n != "" {
				return fmt.Sprintf("%d · %s", c, n)
			}
		case pb.ArgKind_ARG_KIND_GOVERNMENT:
			if n := govs[c]; n != "" {
				return fmt.Sprintf("%d · %s", c, n)
			}
		case pb.ArgKind_ARG_KIND_CARD:
			if c >= 1 && int(c) <= len(drawn) {
				return fmt.Sprintf("%d · %s", c, drawn[c-1])
			}
		case pb.ArgKind_ARG_KIND_SEAT:
			if n := seats[c]; n != "" {
				return fmt.Sprintf("%d · %s", c, n)
			}
		case pb.ArgKind_ARG_KIND_CITIZEN:
			if n := citizens[c]; n != "" {
				return fmt.Sprintf("%d · %s", c, n)
			}
		}
		return strconv.Itoa(int(c))
	}
}

// ownerWord words a zone's holder for a choice's label.
func ownerWord(l lang.Lang, v *pb.CampView, owner int32, names map[int32]string) string {
	switch {
	case owner < 0:
		return l.Sprintf("free", "libre")
	case owner == v.GetCamp():
		return l.Sprintf("yours", "à vous")
	case names[owner] != "":
		return names[owner]
	}
	return l.Sprintf("camp %d", "camp %d", owner)
}

// signInCamp asks for a camp's token.
var signInCamp = lang.T("Sign in with your camp's token (it starts with gvc_) to play from here.",
	"Connectez-vous avec le jeton de votre camp (il commence par gvc_) pour jouer d'ici.")

// campPage is a camp's page, from its own view.
func (s *Server) campPage(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	if tokenKind(token(r)) != "camp" {
		s.notCamp(w, r, signInCamp)
		return
	}
	ctx, cancel := s.call(r)
	defer cancel()
	v, err := s.game.GetView(ctx, &pb.GetViewRequest{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	since := v.GetDay()
	if c, err := r.Cookie(seenCookie); err == nil {
		if d, err := strconv.Atoi(c.Value); err == nil && int32(d) < v.GetDay() && d >= 0 {
			since = int32(d)
		}
	}
	var journal []*pb.JournalEntry
	if since < v.GetDay() {
		j, err := s.game.GetJournal(ctx, &pb.GetJournalRequest{WorldId: v.GetWorldId(), SinceDay: since + 1})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		journal = j.GetEntries()
	}
	results, err := s.resultsSince(ctx, l, v, since+1)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	setCookie(w, r, seenCookie, strconv.Itoa(int(v.GetDay())), 0)
	body := s.campBodyOf(l, v, journal, since)
	body.Results = results
	council, err := s.game.GetCouncil(ctx, &pb.GetCouncilRequest{WorldId: v.GetWorldId(), SinceDay: max(v.GetDay()-recentDays, 0)})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body.setSeats(l, council)
	standing, err := s.game.GetSeasonStanding(ctx, &pb.GetSeasonStandingRequest{WorldId: v.GetWorldId()})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if body.Plots, err = s.campPlots(ctx, l, v); err != nil {
		s.fail(w, r, err)
		return
	}
	body.Season = viewtext.SeasonStanding(l, standing)
	body.SeasonTab = seasonPanelOf(standing, body.Season)
	body.Answer = flashed(w, r)
	body.setOver(standing)
	body.setZone(l, r.URL.Query().Get("zone"))
	if standing.GetRank() > 0 {
		body.Rank, body.Of = standing.GetRank(), len(standing.GetRanking())
	}
	s.render(w, r, http.StatusOK, "camp", page{Title: l.Sprintf("%s, day %d", "%s, jour %d", v.GetCampName(), v.GetDay()),
		State: "/camp/state.json", Day: v.GetDay(), Body: body})
}

// resultsSince returns, in the page's language, what became of the camp's
// order on each day of view v from since on, oldest first (GetNews, page
// after page).
func (s *Server) resultsSince(ctx context.Context, l lang.Lang, v *pb.CampView, since int32) ([]string, error) {
	var out []string
	for since <= v.GetDay() {
		news, err := s.game.GetNews(ctx, &pb.GetNewsRequest{WorldId: v.GetWorldId(), SinceDay: since})
		if err != nil {
			return nil, err
		}
		for _, n := range news.GetDays() {
			if res := n.GetResult(); res != nil && n.GetDay() <= v.GetDay() {
				out = append(out, strings.TrimSpace(viewtext.Result(l, res)))
			}
		}
		if !news.GetMore() || len(news.GetDays()) == 0 {
			break
		}
		since = news.GetDays()[len(news.GetDays())-1].GetDay() + 1
	}
	return out, nil
}

// campState is the camp page's polled state, from its own view.
func (s *Server) campState(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := s.call(r)
	defer cancel()
	v, err := s.game.GetView(ctx, &pb.GetViewRequest{})
	if err != nil {
		http.Error(w, status.Convert(err).Message(), httpCode(err))
		return
	}
	st := liveState{Day: v.GetDay(), Paused: v.GetPaused(), Keys: map[string]int64{},
		Text: map[string]string{"posting": postingText(langOf(r), v), "deadline": s.deadlineOf(langOf(r), v)}}
	if g := v.GetGrisonval(); g != nil {
		selfBanner(v, g).keys(st.Keys)
	}
	notifyKeys(v, st.Keys)
	switch d := v.GetDetail().(type) {
	case *pb.CampView_Grisonval:
		// Its banner's, above.
	case *pb.CampView_Castle:
		for _, city := range d.Castle.GetCities() {
			cityKeys(city, st.Keys)
		}
	default:
		st.Keys[scoreKey(v.GetCamp())] = v.GetScore()
		for _, c := range v.GetContacts() {
			if c.GetScored() {
				st.Keys[scoreKey(c.GetCamp())] = c.GetScore()
			}
		}
	}
	writeState(w, st)
}

// orderOf reads an order from a posted form: action, arguments a0, a1, ...
// (an empty optional one ends them) and reason.
func orderOf(r *http.Request) (*pb.Order, error) {
	l := langOf(r)
	o := &pb.Order{Action: r.PostFormValue("action"), Reason: strings.TrimSpace(r.PostFormValue("reason"))}
	for i := 0; ; i++ {
		vals, ok := r.PostForm["a"+strconv.Itoa(i)]
		if !ok || len(vals) == 0 || strings.TrimSpace(vals[0]) == "" {
			break
		}
		n, err := strconv.ParseInt(strings.TrimSpace(vals[0]), 10, 32)
		if err != nil {
			return nil, errors.New(l.Sprintf("argument %d is not a number: %q", "l'argument %d n'est pas un nombre : %q", i+1, vals[0]))
		}
		o.Args = append(o.Args, int32(n))
	}
	return o, nil
}

// postOrder posts the camp's order for the next day (or, with the
// standing button, sets it as the standing order) and goes back to the
// page with the server's answer.
func (s *Server) postOrder(w http.ResponseWriter, r *http.Request) {
	s.postOrderForm(w, r, func(ctx context.Context, l lang.Lang, o *pb.Order, forDay int32) (string, error) {
		resp, err := s.game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: o, ForDay: forDay})
		if err != nil {
			return "", err
		}
		return viewtext.Submitted(l, resp), nil
	})
}

// postPropose posts a councillor's proposal for the next day from the
// order form (docs/seats.md, SEAT-PROPOSE).
func (s *Server) postPropose(w http.ResponseWriter, r *http.Request) {
	s.postOrderForm(w, r, func(ctx context.Context, l lang.Lang, o *pb.Order, forDay int32) (string, error) {
		p, err := s.game.ProposeOrder(ctx, &pb.ProposeOrderRequest{Order: o, ForDay: forDay})
		if err != nil {
			return "", err
		}
		return viewtext.Proposed(l, p), nil
	})
}

// postOrderForm reads the order form's order and day and sends them with
// send, going back to the page with its answer. The day is the one the
// page's view was of, plus one: an order decided on a page the world has
// moved past is refused, not played unseen.
func (s *Server) postOrderForm(w http.ResponseWriter, r *http.Request, send func(ctx context.Context, l lang.Lang, o *pb.Order, forDay int32) (string, error)) {
	s.postForm(w, r, func(r *http.Request) string {
		l := langOf(r)
		o, err := orderOf(r)
		if err != nil {
			return webError(l, err)
		}
		forDay, err := forDayOf(r)
		if err != nil {
			return err.Error()
		}
		ctx, cancel := s.call(r)
		defer cancel()
		answer, err := send(ctx, l, o, forDay)
		if err != nil {
			return webError(l, err)
		}
		return answer
	})
}

// postAdopt makes a councillor's proposal for the next day the camp's
// order (docs/seats.md, SEAT-ADOPT).
func (s *Server) postAdopt(w http.ResponseWriter, r *http.Request) {
	s.postForm(w, r, func(r *http.Request) string {
		l := langOf(r)
		forDay, err := forDayOf(r)
		if err != nil {
			return err.Error()
		}
		ctx, cancel := s.call(r)
		defer cancel()
		resp, err := s.game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Adopt: r.PostFormValue("seat"), ForDay: forDay})
		if err != nil {
			return webError(l, err)
		}
		return viewtext.Submitted(l, resp)
	})
}

// forDayOf reads a form's for_day: the day after the page's view, 0 when
// the form leaves it out.
func forDayOf(r *http.Request) (int32, error) {
	v := strings.TrimSpace(r.PostFormValue("for_day"))
	if v == "" {
		return 0, nil
	}
	d, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		l := langOf(r)
		return 0, errors.New(l.Sprintf("the order's day is not a number: %q", "le jour de l'ordre n'est pas un nombre : %q", v))
	}
	return int32(d), nil
}

// postStanding sets the camp's standing order from the order form.
func (s *Server) postStanding(w http.ResponseWriter, r *http.Request) {
	s.postForm(w, r, func(r *http.Request) string {
		l := langOf(r)
		o, err := orderOf(r)
		if err != nil {
			return webError(l, err)
		}
		ctx, cancel := s.call(r)
		defer cancel()
		resp, err := s.game.SetStandingOrder(ctx, &pb.SetStandingOrderRequest{Order: o})
		if err != nil {
			return webError(l, err)
		}
		return viewtext.Standing(l, resp.GetOrder())
	})
}

// postMessage sends a message to a camp met.
func (s *Server) postMessage(w http.ResponseWriter, r *http.Request) {
	s.postForm(w, r, func(r *http.Request) string {
		l := langOf(r)
		to, err := strconv.Atoi(r.PostFormValue("to"))
		if err != nil {
			return webError(l, errors.New(l.Sprintf("choose a recipient", "choisissez un destinataire")))
		}
		ctx, cancel := s.call(r)
		defer cancel()
		m, err := s.game.SendMessage(ctx, &pb.SendMessageRequest{ToCamp: int32(to), Text: r.PostFormValue("text")})
		if err != nil {
			return webError(l, err)
		}
		return strings.TrimSpace(viewtext.Sent(l, m.GetMessage()))
	})
}

// postForm checks a camp's form (signed in, CSRF), runs do and goes back to
// the camp's page with do's answer (post, redirect, get).
func (s *Server) postForm(w http.ResponseWriter, r *http.Request, do func(*http.Request) string) {
	l := langOf(r)
	if !s.checkCSRF(r) {
		s.refuse(w, r, http.StatusForbidden, l.Sprintf("The form has expired: reload the page and post again.",
			"Le formulaire a expiré : rechargez la page et postez de nouveau."))
		return
	}
	if tokenKind(token(r)) != "camp" {
		s.notCamp(w, r, lang.T("Sign in with your camp's token first.", "Connectez-vous d'abord avec le jeton de votre camp."))
		return
	}
	flash(w, r, strings.TrimSpace(do(r)))
	http.Redirect(w, r, "/camp#answer", http.StatusSeeOther)
}

// setOver marks the page of a season whose days are all played (its view
// posts for no day) or closed (its standing says so): its forms go, and a
// closed season links to its chronicle.
func (b *campBody) setOver(st *pb.SeasonStanding) {
	b.Closed = st.GetClosed()
	b.Over = b.Closed || b.View.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_UNSPECIFIED
	if b.Over {
		// No tomorrow to forecast.
		b.Bar = nil
	}
	if e := viewtext.OverEntry(b.L, b.View); e != nil {
		b.Winner = e.GetNarration()
	}
	if b.Closed {
		b.Chronicle = fmt.Sprintf("/chronicle/%d/%d", b.View.GetWorldId(), st.GetSeason())
	}
}
