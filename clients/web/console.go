package web

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// The admin's console (docs/admin.md): worlds, seasons, players and seats,
// tokens and the audit, for an admin's token only. Every page is drawn on
// the server and every action is a form, without JavaScript; every form
// carries the CSRF token; what cannot be undone (a reset, a close, a
// revocation, a token that replaces another) is shown first and done only
// once confirmed. The server audits every action. Tokens are shown once,
// in the answer to the form that issued them, and never kept.

// consoleRoutes adds the console's pages to mux.
func (s *Server) consoleRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console", s.consoleHome)
	mux.HandleFunc("POST /console/worlds", s.consoleCreate)
	mux.HandleFunc("GET /console/world/{id}", s.consoleWorld)
	mux.HandleFunc("POST /console/world/{id}", s.consoleWorldAction)
	mux.HandleFunc("GET /console/world/{id}/season/{season}", s.consoleSeason)
	mux.HandleFunc("GET /console/world/{id}/enrol", s.consoleEnrolForm)
	mux.HandleFunc("POST /console/world/{id}/enrol", s.consoleEnrol)
	mux.HandleFunc("GET /console/tokens", s.consoleTokens)
	mux.HandleFunc("POST /console/tokens", s.consoleTokensAction)
	mux.HandleFunc("GET /console/audit", s.consoleAudit)
	s.consoleTournamentRoutes(mux)
}

// consoleCall is the console's seam over the web face's sign-in: the
// context of calls made as the signed-in admin, or false once it has
// answered a visitor who is not one (and a form without this browser's
// CSRF token). The server still judges every call's token.
func (s *Server) consoleCall(w http.ResponseWriter, r *http.Request) (context.Context, context.CancelFunc, bool) {
	l := langOf(r)
	if tokenKind(token(r)) != "admin" {
		s.refuse(w, r, http.StatusUnauthorized, l.Sprintf("The console is for admins: sign in with an admin's token (gva_…).",
			"La console est aux administrateurs : connectez-vous avec le jeton d'un administrateur (gva_…)."))
		return nil, nil, false
	}
	if r.Method == http.MethodPost && !s.checkCSRF(r) {
		s.refuse(w, r, http.StatusForbidden, l.Sprintf("The form has expired: reload the page.", "Le formulaire a expiré : rechargez la page."))
		return nil, nil, false
	}
	ctx, cancel := s.call(r)
	return ctx, cancel, true
}

// worldID reads the {id} of a console address, answering 404 for one that
// names no world.
func (s *Server) worldID(w http.ResponseWriter, r *http.Request) (uint64, bool) {
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 64)
	if err != nil || id == 0 {
		s.refuse(w, r, http.StatusNotFound, langOf(r).Sprintf("No world %q: a world's number is 1 or more.",
			"Aucun monde %q : le numéro d'un monde vaut 1 ou plus.", r.PathValue("id")))
		return 0, false
	}
	return id, true
}

// consoleDone keeps msg for the next page and goes to path.
func consoleDone(w http.ResponseWriter, r *http.Request, path, msg string) {
	flash(w, r, msg)
	http.Redirect(w, r, path, http.StatusSeeOther)
}

// fieldErrors returns the field violations of a refusal, by field, and
// its message.
func fieldErrors(err error) (map[string]string, string) {
	st := status.Convert(err)
	out := map[string]string{}
	for _, d := range st.Details() {
		if b, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range b.GetFieldViolations() {
				out[v.GetField()] = v.GetDescription()
			}
		}
	}
	return out, st.Message()
}

// consoleHomeBody is the console's front page: the worlds, the rulesets
// of the creation form and its values and refusals.
type consoleHomeBody struct {
	Worlds   []*pb.WorldInfo
	Rulesets []*pb.RulesetInfo
	// Rows counts the controller rows of the creation form: the most
	// camps of any ruleset.
	Rows   []int
	Form   url.Values
	Errors map[string]string
	Err    string
}

// consoleHome lists the worlds with their state and the form that
// creates one.
func (s *Server) consoleHome(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	s.renderHome(ctx, w, r, http.StatusOK, url.Values{}, nil, "")
}

// renderHome draws the console's front page with the creation form's
// values and refusals.
func (s *Server) renderHome(ctx context.Context, w http.ResponseWriter, r *http.Request, code int, form url.Values, errs map[string]string, msg string) {
	b := consoleHomeBody{Form: form, Errors: errs, Err: msg}
	ws, err := s.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rs, err := s.admin.ListRulesets(ctx, &pb.ListRulesetsRequest{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b.Worlds, b.Rulesets = ws.GetWorlds(), rs.GetRulesets()
	rows := int32(0)
	for _, x := range b.Rulesets {
		rows = max(rows, x.GetMaxCamps())
	}
	for i := range rows {
		b.Rows = append(b.Rows, int(i))
	}
	l := langOf(r)
	s.render(w, r, code, "console", page{Title: l.Sprintf("Console", "Console"), Flash: flashed(w, r), Body: b})
}

// formField names the creation form's field of a request's field: a
// controller's row for controllers[i] and its kind or posture.
func formField(field string) string {
	if i, ok := strings.CutPrefix(field, "controllers["); ok {
		if j := strings.IndexByte(i, ']'); j >= 0 {
			return "controller" + i[:j]
		}
	}
	return field
}

// intField reads a whole number of a form into *dst, recording a field
// that is not one in errs; empty leaves *dst.
func intField(l lang.Lang, errs map[string]string, form url.Values, name string, dst *int64) {
	v := strings.TrimSpace(form.Get(name))
	if v == "" {
		return
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		errs[name] = l.Sprintf("%q is not a whole number", "%q n'est pas un nombre entier", v)
		return
	}
	*dst = n
}

// consoleCreate creates a world from the creation form: name, ruleset,
// camps, seed, cadence (a Go duration: 5m, 1h) or move clock (the
// tournament pace, rule TICK-7), season length and one controller per
// camp. Refused, it draws the form again with every wrong
// field named.
func (s *Server) consoleCreate(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	l := langOf(r)
	_ = r.ParseForm()
	f := r.PostForm
	errs := map[string]string{}
	var camps, seed, length int64
	intField(l, errs, f, "camps", &camps)
	intField(l, errs, f, "season_length", &length)
	if v := strings.TrimSpace(f.Get("seed")); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			errs["seed"] = l.Sprintf("%q is not a whole number from 1", "%q n'est pas un nombre entier à partir de 1", v)
		}
		seed = int64(n)
	}
	req := &pb.CreateWorldRequest{Name: strings.TrimSpace(f.Get("name")), Ruleset: f.Get("ruleset"), Camps: int32(camps),
		Seed: uint64(seed), SeasonLength: int32(length)}
	for _, d := range []struct {
		field string
		dst   **durationpb.Duration
	}{{"cadence", &req.Cadence}, {"move_clock", &req.MoveClock}} {
		if v := strings.TrimSpace(f.Get(d.field)); v != "" {
			dur, err := time.ParseDuration(v)
			if err != nil {
				errs[d.field] = l.Sprintf("%q is not a duration (30s, 5m, 1h)", "%q n'est pas une durée (30s, 5m, 1h)", v)
			}
			*d.dst = durationpb.New(dur)
		}
	}
	// The controllers: the first camps' rows; all on "default" leaves the
	// server's defaults.
	var ctrl []*pb.Controller
	custom := false
	for i := 0; f.Has(fmt.Sprintf("controller%d", i)); i++ {
		v := f.Get(fmt.Sprintf("controller%d", i))
		if v == "" {
			ctrl = append(ctrl, nil)
			continue
		}
		c, ok := tools.ParseController(v)
		if !ok {
			errs[fmt.Sprintf("controller%d", i)] = l.Sprintf("unknown controller %q", "contrôleur inconnu %q", v)
		}
		custom = true
		ctrl = append(ctrl, c)
	}
	if custom {
		n := int(camps)
		if n == 0 {
			rs, err := s.admin.ListRulesets(ctx, &pb.ListRulesetsRequest{})
			if err != nil {
				s.fail(w, r, err)
				return
			}
			for i, x := range rs.GetRulesets() {
				if x.GetName() == req.GetRuleset() || (req.GetRuleset() == "" && i == 0) {
					n = int(x.GetDefaultCamps())
				}
			}
		}
		for i := range min(n, len(ctrl)) {
			c := ctrl[i]
			if _, named := errs[fmt.Sprintf("controller%d", i)]; c == nil && !named {
				errs[fmt.Sprintf("controller%d", i)] = l.Sprintf("choose camp %d's controller, or leave every camp on default",
					"choisissez le contrôleur du camp %d, ou laissez tous les camps par défaut", i)
			}
			if c == nil {
				c = &pb.Controller{}
			}
			req.Controllers = append(req.Controllers, c)
		}
	}
	if len(errs) == 0 {
		info, err := s.admin.CreateWorld(ctx, req)
		if err == nil {
			consoleDone(w, r, fmt.Sprintf("/console/world/%d", info.GetId()), l.Sprintf("World %d created: %s, %s, %d camps, seed %d.",
				"Monde %d créé : %s, %s, %d camps, graine %d.", info.GetId(), info.GetName(), info.GetRuleset(), info.GetCamps(), info.GetSeed()))
			return
		}
		if status.Code(err) != codes.InvalidArgument && status.Code(err) != codes.FailedPrecondition {
			s.fail(w, r, err)
			return
		}
		fields, msg := fieldErrors(err)
		for k, v := range fields {
			errs[formField(k)] = v
		}
		s.renderHome(ctx, w, r, http.StatusBadRequest, f, errs, msg)
		return
	}
	// The fields the form could not read are named; the server checks
	// the others (validate_only: it creates nothing), so that every wrong
	// field is named at once.
	req.ValidateOnly = true
	if _, err := s.admin.CreateWorld(ctx, req); err != nil {
		fields, _ := fieldErrors(err)
		for k, v := range fields {
			if _, ok := errs[formField(k)]; !ok {
				errs[formField(k)] = v
			}
		}
	}
	s.renderHome(ctx, w, r, http.StatusBadRequest, f, errs, l.Sprintf("%d fields are wrong; nothing was created.",
		"%d champs sont faux ; rien n'a été créé.", len(errs)))
}

// consoleWorldBody is a world's console page.
type consoleWorldBody struct {
	World   *pb.WorldInfo
	Frame   *pb.Frame
	Seasons *pb.ListSeasonsResponse
	// Tokens are the seats' live tokens, Spectators the names of the
	// world's spectator tokens.
	Tokens     []*pb.TokenInfo
	Spectators []string
	Seats      []string
	// Enrolled are the players enrolled in the season being prepared.
	Enrolled *pb.ListEnrolmentsResponse
	// Running says the world's season is not closed: it may be closed;
	// Closed that it is: the next one may start.
	Running, Closed bool
	// Controllers are the camps' controllers as the forms name them.
	Controllers []string
	// SpectatorName and SpectatorErr are a refused spectator token's name
	// and the server's words on it, drawn beside the field.
	SpectatorName, SpectatorErr string
}

// consoleWorld is a world's page: its settings and state, its actions,
// its camps' controllers, its seasons, its seats' tokens.
func (s *Server) consoleWorld(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	id, ok := s.worldID(w, r)
	if !ok {
		return
	}
	b, err := s.worldBody(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "console-world", page{Title: b.World.GetName(), Flash: flashed(w, r), Body: b})
}

// worldBody gathers a world's console page.
func (s *Server) worldBody(ctx context.Context, id uint64) (*consoleWorldBody, error) {
	ws, err := s.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
	if err != nil {
		return nil, err
	}
	b := &consoleWorldBody{}
	for _, x := range ws.GetWorlds() {
		if x.GetId() == id {
			b.World = x
		}
	}
	if b.World == nil {
		return nil, status.Errorf(codes.NotFound, "no world %d", id)
	}
	if b.Frame, err = s.admin.GetFrame(ctx, &pb.WorldRequest{WorldId: id}); err != nil {
		return nil, err
	}
	if b.Seasons, err = s.admin.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: id}); err != nil {
		return nil, err
	}
	toks, err := s.admin.ListTokens(ctx, &pb.ListTokensRequest{WorldId: id})
	if err != nil {
		return nil, err
	}
	for _, t := range toks.GetTokens() {
		if t.GetSpectator() != "" {
			b.Spectators = append(b.Spectators, t.GetSpectator())
			continue
		}
		b.Tokens = append(b.Tokens, t)
	}
	if b.Enrolled, err = s.admin.ListEnrolments(ctx, &pb.ListEnrolmentsRequest{WorldId: id}); err != nil {
		return nil, err
	}
	opts, err := s.admin.GetEnrolmentOptions(ctx, &pb.WorldRequest{WorldId: id})
	if err != nil {
		return nil, err
	}
	b.Seats = opts.GetSeats()
	b.Closed = true
	for _, se := range b.Seasons.GetSeasons() {
		if se.GetSeason() == b.World.GetSeason() {
			b.Closed = se.GetClosed()
		}
	}
	b.Running = !b.Closed
	for _, c := range b.World.GetControllers() {
		b.Controllers = append(b.Controllers, tools.ControllerName(c))
	}
	return b, nil
}

// confirmBody is the page that says what an action will do before it is
// done: the action's address and fields, posted again with confirm=yes.
type confirmBody struct {
	What   string
	Action string
	Fields [][2]string
	Back   string
}

// confirm draws the confirmation page of the posted form r: what says
// what it will do.
func (s *Server) confirm(w http.ResponseWriter, r *http.Request, what, back string) {
	b := confirmBody{What: what, Action: r.URL.Path, Back: back}
	keys := make([]string, 0, len(r.PostForm))
	for k := range r.PostForm {
		if k != "csrf" && k != "confirm" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, v := range r.PostForm[k] {
			b.Fields = append(b.Fields, [2]string{k, v})
		}
	}
	l := langOf(r)
	s.render(w, r, http.StatusOK, "console-confirm", page{Title: l.Sprintf("Confirm", "Confirmer"), Body: b})
}

// tokenBody is the page that shows a token once; Use, when set, says
// what its holder does with it.
type tokenBody struct {
	Token, What, Use, Back string
}

// showToken draws the page that shows a new token, once.
func (s *Server) showToken(w http.ResponseWriter, r *http.Request, tok, what, back string) {
	s.showTokenFor(w, r, tokenBody{Token: tok, What: what, Back: back})
}

// showTokenFor draws the page that shows b's new token, once.
func (s *Server) showTokenFor(w http.ResponseWriter, r *http.Request, b tokenBody) {
	l := langOf(r)
	s.render(w, r, http.StatusOK, "console-token", page{Title: l.Sprintf("New token", "Nouveau jeton"), Body: b})
}

// consoleWorldAction runs one of a world's actions, named by the form's
// action: pause, resume, tick, fork, controller, close, reset, next,
// token, revoke, spectator, revoke-spectator. close, reset, token (which
// replaces the camp's earlier token), revoke, revoke-spectator and a
// spectator token that replaces one of its name are shown first and done
// once confirmed.
func (s *Server) consoleWorldAction(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	id, ok := s.worldID(w, r)
	if !ok {
		return
	}
	l := langOf(r)
	back := fmt.Sprintf("/console/world/%d", id)
	confirmed := r.PostFormValue("confirm") == "yes"
	wr := &pb.WorldRequest{WorldId: id}
	camp, seat := r.PostFormValue("camp"), r.PostFormValue("seat")
	campN, campErr := strconv.ParseInt(camp, 10, 32)
	needCamp := func() bool {
		if campErr != nil {
			s.refuse(w, r, http.StatusBadRequest, l.Sprintf("camp: %q is not a camp's number", "camp : %q n'est pas un numéro de camp", camp))
			return false
		}
		return true
	}
	var (
		info *pb.WorldInfo
		err  error
		msg  string
	)
	switch r.PostFormValue("action") {
	case "pause":
		info, err = s.admin.PauseWorld(ctx, wr)
		msg = l.Sprintf("World paused: its clock stops; orders are still accepted.", "Monde en pause : son horloge s'arrête ; les ordres sont toujours acceptés.")
	case "resume":
		info, err = s.admin.ResumeWorld(ctx, wr)
		msg = l.Sprintf("World resumed with a fresh deadline.", "Monde relancé avec une nouvelle échéance.")
	case "tick":
		info, err = s.admin.ForceTick(ctx, wr)
		msg = l.Sprintf("Day %d played.", "Jour %d joué.", info.GetDay())
	case "controller":
		c, ok := tools.ParseController(r.PostFormValue("controller"))
		if !needCamp() {
			return
		}
		if !ok {
			s.refuse(w, r, http.StatusBadRequest, l.Sprintf("controller: unknown controller %q", "controller : contrôleur inconnu %q", r.PostFormValue("controller")))
			return
		}
		info, err = s.admin.SetController(ctx, &pb.SetControllerRequest{WorldId: id, Camp: int32(campN), Controller: c})
		msg = l.Sprintf("Camp %d is now played by %s.", "Le camp %d est maintenant joué par %s.", campN, r.PostFormValue("controller"))
	case "fork":
		var season, day int64
		errs := map[string]string{}
		intField(l, errs, r.PostForm, "season", &season)
		intField(l, errs, r.PostForm, "day", &day)
		if len(errs) > 0 {
			var parts []string
			for _, k := range []string{"season", "day"} {
				if e, ok := errs[k]; ok {
					parts = append(parts, k+": "+e)
				}
			}
			s.refuse(w, r, http.StatusBadRequest, strings.Join(parts, "; "))
			return
		}
		info, err = s.admin.ForkWorld(ctx, &pb.ForkWorldRequest{WorldId: id, Season: int32(season), Day: int32(day), Name: strings.TrimSpace(r.PostFormValue("name"))})
		if err == nil {
			consoleDone(w, r, fmt.Sprintf("/console/world/%d", info.GetId()), l.Sprintf("World %d forked from world %d's day %d; it starts paused, without tokens.",
				"Monde %d bifurqué du jour %d du monde %d ; il commence en pause, sans jetons.", info.GetId(), day, id))
			return
		}
	case "close":
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Close world %d's season now, before its last day: the rankings, the judgments and the eminence points fall, its chronicle becomes public, and no day of it can be played again.",
				"Clore maintenant la saison du monde %d, avant son dernier jour : les classements, les jugements et les points d'éminence tombent, sa chronique devient publique, et aucun de ses jours ne peut plus être joué.", id), back)
			return
		}
		var se *pb.SeasonInfo
		se, err = s.admin.CloseSeason(ctx, &pb.CloseSeasonRequest{WorldId: id})
		msg = l.Sprintf("Season %d closed on day %d.", "Saison %d close au jour %d.", se.GetSeason(), se.GetLastDay())
	case "reset":
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Reset world %d: it goes back to its setup (day 0) with the same seed; the days played of the season are abandoned (its chronicle stays public, without results) and nothing carries over.",
				"Réinitialiser le monde %d : il revient à sa mise en place (jour 0) avec la même graine ; les jours joués de la saison sont abandonnés (sa chronique reste publique, sans résultats) et rien n'est reporté.", id), back)
			return
		}
		info, err = s.admin.ResetSeason(ctx, wr)
		msg = l.Sprintf("World reset: season %d starts at day 0.", "Monde réinitialisé : la saison %d commence au jour 0.", info.GetSeason())
	case "next":
		info, err = s.admin.CreateSeason(ctx, &pb.CreateSeasonRequest{WorldId: id})
		msg = l.Sprintf("Season %d started from the setup, with the carry-over and the packages of its enrolments.",
			"Saison %d commencée depuis la mise en place, avec le report et les enveloppes de ses inscriptions.", info.GetSeason())
	case "token":
		if !needCamp() {
			return
		}
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Issue a new token for camp %d: the camp's earlier unbound token stops working at once. The new one is shown once.",
				"Émettre un nouveau jeton pour le camp %d : l'ancien jeton non lié du camp cesse aussitôt de fonctionner. Le nouveau n'est montré qu'une fois.", campN), back)
			return
		}
		var tok *pb.IssueTokenResponse
		if tok, err = s.admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: id, Camp: int32(campN)}); err == nil {
			s.showToken(w, r, tok.GetToken(), l.Sprintf("camp %d of world %d", "camp %d du monde %d", campN, id), back)
			return
		}
	case "revoke":
		if !needCamp() {
			return
		}
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Revoke the token of camp %d's %s seat in world %d: it stops working at once (within 30 s on the other replicas) and cannot be restored; a new one must be issued.",
				"Révoquer le jeton du siège %[2]s du camp %[1]d dans le monde %[3]d : il cesse aussitôt de fonctionner (en 30 s sur les autres répliques) et ne peut être rétabli ; il faudra en émettre un nouveau.", campN, seat, id), back)
			return
		}
		var rev *pb.RevokeTokenResponse
		rev, err = s.admin.RevokeToken(ctx, &pb.RevokeTokenRequest{WorldId: id, Camp: int32(campN), Seat: seat})
		msg = l.Sprintf("Revoked %d token of camp %d's %s seat.", "%[1]d jeton révoqué du siège %[3]s du camp %[2]d.", rev.GetRevoked(), campN, seat)
	case "spectator":
		s.issueSpectator(ctx, w, r, id)
		return
	case "revoke-spectator":
		name := r.PostFormValue("name")
		if name == "" {
			// An empty name would ask RevokeToken for camp 0's ruler.
			s.refuse(w, r, http.StatusBadRequest, noSpectatorName.In(l))
			return
		}
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Revoke %q's spectator token of world %d: it stops working at once (within 30 s on the other replicas), its open pages stop following the days, and it cannot be restored; a new one must be issued.",
				"Révoquer le jeton de spectateur de %q du monde %d : il cesse aussitôt de fonctionner (en 30 s sur les autres répliques), ses pages ouvertes cessent de suivre les jours, et il ne peut être rétabli ; il faudra en émettre un nouveau.", name, id), back)
			return
		}
		_, err = s.admin.RevokeToken(ctx, &pb.RevokeTokenRequest{WorldId: id, Spectator: name})
		msg = l.Sprintf("Spectator token %q revoked.", "Jeton de spectateur %q révoqué.", name)
	default:
		s.refuse(w, r, http.StatusBadRequest, l.Sprintf("Unknown action %q.", "Action inconnue %q.", r.PostFormValue("action")))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	consoleDone(w, r, back, msg)
}

// noSpectatorName refuses a spectator token's form without a name.
var noSpectatorName = lang.T("A spectator token needs its holder's name.", "Un jeton de spectateur demande le nom de son détenteur.")

// issueSpectator issues the spectator token of world id the form names
// and shows it once; one that replaces a live token of that name is shown
// first and issued once confirmed. A refused name (empty, too long, a
// line break) draws the world's page again with the server's words beside
// the field.
func (s *Server) issueSpectator(ctx context.Context, w http.ResponseWriter, r *http.Request, id uint64) {
	l := langOf(r)
	back := fmt.Sprintf("/console/world/%d", id)
	name := r.PostFormValue("name")
	refused := func(code int, msg string) {
		b, err := s.worldBody(ctx, id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		b.SpectatorName, b.SpectatorErr = name, msg
		s.render(w, r, code, "console-world", page{Title: b.World.GetName(), Body: b})
	}
	if name == "" {
		// An empty name would ask IssueToken for camp 0's token.
		refused(http.StatusBadRequest, noSpectatorName.In(l))
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		toks, err := s.admin.ListTokens(ctx, &pb.ListTokensRequest{WorldId: id})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		for _, t := range toks.GetTokens() {
			if t.GetSpectator() == name {
				s.confirm(w, r, l.Sprintf("World %d has a spectator token called %q: a new one replaces it, and the earlier stops working at once (within 30 s on the other replicas). The new one is shown once.",
					"Le monde %d a un jeton de spectateur nommé %q : un nouveau le remplace, et l'ancien cesse aussitôt de fonctionner (en 30 s sur les autres répliques). Le nouveau n'est montré qu'une fois.", id, name), back)
				return
			}
		}
	}
	tok, err := s.admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: id, Spectator: name})
	if err != nil {
		if status.Code(err) != codes.InvalidArgument {
			s.fail(w, r, err)
			return
		}
		fields, msg := fieldErrors(err)
		refused(http.StatusBadRequest, cmp.Or(fields["spectator"], msg))
		return
	}
	s.showTokenFor(w, r, tokenBody{Token: tok.GetToken(), What: l.Sprintf("the spectator %q of world %d", "le spectateur %q du monde %d", name, id), Back: back,
		Use: l.Sprintf("Its holder signs in with it on this site's front page and lands on the world's observer page, which follows the days as they are played; cli frame and cli follow read the same frame. It opens nothing else: no camp's view, no order, no console.",
			"Son détenteur se connecte avec lui sur la page d'accueil de ce site et arrive sur la page d'observation du monde, qui suit les jours à mesure qu'ils se jouent ; cli frame et cli follow lisent la même image. Il n'ouvre rien d'autre : ni la vue d'un camp, ni un ordre, ni la console.")})
}

// consoleSeasonBody is a season's page: its ranking, its players'
// results, its titles and glory boards, from its chronicle's first page
// (GetTimeline: a running season's too).
type consoleSeasonBody struct {
	World     uint64
	Chronicle *pb.Chronicle
}

// consoleSeason shows a season's standings and chronicle.
func (s *Server) consoleSeason(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	id, ok := s.worldID(w, r)
	if !ok {
		return
	}
	season, err := strconv.ParseInt(r.PathValue("season"), 10, 32)
	if err != nil || season < 1 {
		s.refuse(w, r, http.StatusNotFound, langOf(r).Sprintf("No season %q: seasons count from 1.", "Aucune saison %q : les saisons se comptent à partir de 1.", r.PathValue("season")))
		return
	}
	ch, err := s.admin.GetTimeline(ctx, &pb.GetChronicleRequest{WorldId: id, Season: int32(season), PageSize: 1})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l := langOf(r)
	s.render(w, r, http.StatusOK, "console-season", page{Title: l.Sprintf("Season %d", "Saison %d", season), Body: consoleSeasonBody{World: id, Chronicle: ch}})
}

// enrolBody is the enrolment form: the choices, the values, the preview
// of a checked enrolment (its sums and the career it gives) or the
// refusal of every wrong field.
type enrolBody struct {
	World   *pb.WorldInfo
	Options *pb.EnrolmentOptions
	Form    url.Values
	// Chars and Talents are the sheet's values as the form holds them.
	Chars, Talents []string
	// CharSum and TalentSum are their sums, when each is a number.
	CharSum, TalentSum int32
	Errors             map[string]string
	Err                string
	// Preview is the career the checked enrolment gives; nil before a
	// check, or when refused.
	Preview *pb.EnrollPlayerResponse
	// Package is the chosen package with what it gives.
	Package *pb.EnrolmentPackage
}

// consoleEnrolForm draws the enrolment form with the defaults.
func (s *Server) consoleEnrolForm(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	id, ok := s.worldID(w, r)
	if !ok {
		return
	}
	form := url.Values{"camp": {r.URL.Query().Get("camp")}, "seat": {r.URL.Query().Get("seat")}}
	s.renderEnrol(ctx, w, r, http.StatusOK, id, form, nil, nil, "")
}

// renderEnrol draws the enrolment form of world id with its values (the
// defaults where empty), a preview and refusals.
func (s *Server) renderEnrol(ctx context.Context, w http.ResponseWriter, r *http.Request, code int, id uint64, form url.Values,
	preview *pb.EnrollPlayerResponse, errs map[string]string, msg string) {
	opts, err := s.admin.GetEnrolmentOptions(ctx, &pb.WorldRequest{WorldId: id})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b := enrolBody{Options: opts, Form: form, Preview: preview, Errors: errs, Err: msg}
	ws, err := s.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, x := range ws.GetWorlds() {
		if x.GetId() == id {
			b.World = x
		}
	}
	if form.Get("package") == "" {
		form.Set("package", opts.GetDefaultPackage())
	}
	if form.Get("mode") == "" {
		form.Set("mode", opts.GetDefaultMode())
	}
	for _, p := range opts.GetPackages() {
		if p.GetName() == form.Get("package") {
			b.Package = p
		}
	}
	sheet := func(prefix string, defaults []int32, n int) ([]string, int32) {
		vals, sum := make([]string, n), int32(0)
		for i := range n {
			v := strings.TrimSpace(form.Get(fmt.Sprintf("%s%d", prefix, i)))
			if !form.Has(fmt.Sprintf("%s%d", prefix, i)) && i < len(defaults) {
				v = strconv.Itoa(int(defaults[i]))
			}
			vals[i] = v
			k, _ := strconv.ParseInt(v, 10, 32)
			sum += int32(k)
		}
		return vals, sum
	}
	b.Chars, b.CharSum = sheet("c", opts.GetDefaultCharacteristics(), len(opts.GetCharacteristics()))
	b.Talents, b.TalentSum = sheet("t", opts.GetDefaultTalents(), len(opts.GetTalents()))
	l := langOf(r)
	s.render(w, r, code, "console-enrol", page{Title: l.Sprintf("Enrol a player", "Inscrire un joueur"), Flash: flashed(w, r), Body: b})
}

// consoleEnrol checks an enrolment (EnrollPlayer with validate_only) and
// draws its preview, or, confirmed, enrols the player and shows the
// seat's token once. A refusal draws the form again with every wrong
// field named.
func (s *Server) consoleEnrol(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	id, ok := s.worldID(w, r)
	if !ok {
		return
	}
	l := langOf(r)
	_ = r.ParseForm()
	f := r.PostForm
	errs := map[string]string{}
	var camp int64
	intField(l, errs, f, "camp", &camp)
	req := &pb.EnrollPlayerRequest{WorldId: id, Camp: int32(camp), Player: strings.TrimSpace(f.Get("player")), Mode: f.Get("mode"),
		Patron: f.Get("patron"), Package: f.Get("package"), Seat: f.Get("seat")}
	// The sheet: all empty, or left as the defaults, is the default
	// sheet; else every number is sent.
	readSheet := func(prefix, field string) []int32 {
		var out []int32
		for i := 0; f.Has(fmt.Sprintf("%s%d", prefix, i)); i++ {
			name := fmt.Sprintf("%s%d", prefix, i)
			var n int64
			intField(l, errs, f, name, &n)
			if _, bad := errs[name]; bad {
				errs[fmt.Sprintf("%s[%d]", field, i)] = errs[name]
			}
			out = append(out, int32(n))
		}
		return out
	}
	req.Characteristics, req.Talents = readSheet("c", "characteristics"), readSheet("t", "talents")
	// The default sheet left as it is goes as no sheet at all: the
	// default for a new career, the career's own for a returning player.
	opts, err := s.admin.GetEnrolmentOptions(ctx, &pb.WorldRequest{WorldId: id})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if slices.Equal(req.Characteristics, opts.GetDefaultCharacteristics()) && slices.Equal(req.Talents, opts.GetDefaultTalents()) {
		req.Characteristics, req.Talents = nil, nil
	}
	for _, p := range strings.FieldsFunc(f.Get("purchases"), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		req.Purchases = append(req.Purchases, p)
	}
	if len(errs) > 0 {
		s.renderEnrol(ctx, w, r, http.StatusBadRequest, id, f, nil, errs, l.Sprintf("%d fields are wrong; nobody was enrolled.", "%d champs sont faux ; personne n'a été inscrit.", len(errs)))
		return
	}
	confirmed := f.Get("confirm") == "yes"
	req.ValidateOnly = !confirmed
	resp, err := s.admin.EnrollPlayer(ctx, req)
	if err != nil {
		if c := status.Code(err); c != codes.InvalidArgument && c != codes.FailedPrecondition && c != codes.AlreadyExists {
			s.fail(w, r, err)
			return
		}
		fields, msg := fieldErrors(err)
		s.renderEnrol(ctx, w, r, http.StatusBadRequest, id, f, nil, fields, msg)
		return
	}
	if !confirmed {
		s.renderEnrol(ctx, w, r, http.StatusOK, id, f, resp, nil, "")
		return
	}
	s.showToken(w, r, resp.GetToken(), l.Sprintf("%s, enrolled for season %d on camp %d's %s seat of world %d",
		"%s, inscrit pour la saison %d au siège %s du camp %d du monde %d", req.GetPlayer(), resp.GetSeason(), camp, resp.GetSeat(), id),
		fmt.Sprintf("/console/world/%d", id))
}

// consoleTokensBody is the admin tokens' page.
type consoleTokensBody struct {
	Names []string
}

// consoleTokens lists the named admin tokens, with the forms that issue
// and revoke them.
func (s *Server) consoleTokens(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	toks, err := s.admin.ListAdminTokens(ctx, &pb.ListAdminTokensRequest{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l := langOf(r)
	s.render(w, r, http.StatusOK, "console-tokens", page{Title: l.Sprintf("Admin tokens", "Jetons d'administrateur"), Flash: flashed(w, r),
		Body: consoleTokensBody{Names: toks.GetNames()}})
}

// consoleTokensAction issues (action issue) or revokes (action revoke)
// the admin token called name, once confirmed.
func (s *Server) consoleTokensAction(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	l := langOf(r)
	name := strings.TrimSpace(r.PostFormValue("name"))
	confirmed := r.PostFormValue("confirm") == "yes"
	switch r.PostFormValue("action") {
	case "issue":
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Issue an admin token called %q: the audit records its actions under that name; an earlier admin token of that name stops working at once. It is shown once.",
				"Émettre un jeton d'administrateur nommé %q : l'audit enregistre ses actions sous ce nom ; un ancien jeton de ce nom cesse aussitôt de fonctionner. Il n'est montré qu'une fois.", name), "/console/tokens")
			return
		}
		tok, err := s.admin.IssueAdminToken(ctx, &pb.IssueAdminTokenRequest{Name: name})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.showToken(w, r, tok.GetToken(), l.Sprintf("the admin %q", "l'administrateur %q", name), "/console/tokens")
	case "revoke":
		if !confirmed {
			s.confirm(w, r, l.Sprintf("Revoke the admin token called %q: it stops working at once (within 30 s on the other replicas) and cannot be restored.",
				"Révoquer le jeton d'administrateur nommé %q : il cesse aussitôt de fonctionner (en 30 s sur les autres répliques) et ne peut être rétabli.", name), "/console/tokens")
			return
		}
		if _, err := s.admin.RevokeAdminToken(ctx, &pb.RevokeAdminTokenRequest{Name: name}); err != nil {
			s.fail(w, r, err)
			return
		}
		consoleDone(w, r, "/console/tokens", l.Sprintf("Admin token %q revoked.", "Jeton d'administrateur %q révoqué.", name))
	default:
		s.refuse(w, r, http.StatusBadRequest, l.Sprintf("Unknown action %q.", "Action inconnue %q.", r.PostFormValue("action")))
	}
}

// consoleAuditBody is the audit's page: the filter and the entries, the
// newest first.
type consoleAuditBody struct {
	World         string
	Admin, Action string
	Limit         int32
	Entries       []*pb.AuditEntry
	// Admins and Actions are the choices the filter suggests: the admin
	// tokens' names and the AdminService's audited methods.
	Admins, Actions []string
}

// consoleAudit lists the admin actions, filtered by world, admin and
// action (the query's world, admin and action).
func (s *Server) consoleAudit(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := s.consoleCall(w, r)
	if !ok {
		return
	}
	defer cancel()
	l := langOf(r)
	q := r.URL.Query()
	b := consoleAuditBody{World: q.Get("world"), Admin: q.Get("admin"), Action: q.Get("action"), Limit: 100}
	req := &pb.ListAuditRequest{Admin: b.Admin, Action: b.Action, Limit: b.Limit}
	if b.World != "" {
		id, err := strconv.ParseUint(b.World, 10, 64)
		if err != nil {
			s.refuse(w, r, http.StatusBadRequest, l.Sprintf("world: %q is not a world's number", "world : %q n'est pas un numéro de monde", b.World))
			return
		}
		req.WorldId = id
	}
	resp, err := s.admin.ListAudit(ctx, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b.Entries = resp.GetEntries()
	slices.Reverse(b.Entries)
	if toks, err := s.admin.ListAdminTokens(ctx, &pb.ListAdminTokensRequest{}); err == nil {
		b.Admins = toks.GetNames()
	}
	for _, m := range pb.AdminService_ServiceDesc.Methods {
		if !strings.HasPrefix(m.MethodName, "List") && !strings.HasPrefix(m.MethodName, "Get") {
			b.Actions = append(b.Actions, m.MethodName)
		}
	}
	slices.Sort(b.Actions)
	s.render(w, r, http.StatusOK, "console-audit", page{Title: l.Sprintf("Audit", "Audit"), Body: b})
}
