// Package web is the web face of the Grisonval server: seed 000's observer
// page, a camp's page to play from a browser, and the chronicle's
// timelapse. Like every other face it is a client of the public gRPC API
// only (GameService for a camp, AdminService for an admin,
// ChronicleService for the public), over a connection it is given; it
// holds no credential of its own: each request carries the visitor's
// token, kept in an HttpOnly, SameSite=Strict cookie, to the server, which
// decides what that token may see.
//
// Pages are rendered on the server (html/template, SVG drawn in Go) and
// are complete without JavaScript; one small static script polls a JSON
// state and swaps the content in place when a new day was played. See
// docs/web.md.
//
// Every page is in the visitor's language (DESIGN decision 8), English by
// default or French, chosen by a small form on every page that keeps it in
// a cookie; the calls to the server ask for the same language.
package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

//go:embed assets
var assets embed.FS

// Cookie names.
const (
	csrfCookie  = "gv_csrf"
	flashCookie = "gv_flash"
	seenCookie  = "gv_seen"
	langCookie  = "gv_lang"
)

// langCookieAge is how long the language cookie lasts, in seconds: a year.
const langCookieAge = 365 * 24 * 3600

// DefaultPoll is how often a page polls its state (seed 000: 20 s).
const DefaultPoll = 20 * time.Second

// rpcTimeout bounds each call a request makes to the server.
const rpcTimeout = 10 * time.Second

// contentSecurityPolicy allows the page's own script, style and images
// only: no inline script or style, no other origin, no framing.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// Config is what New needs. Conn is required.
type Config struct {
	// Conn is a connection to the Grisonval server's gRPC services.
	Conn grpc.ClientConnInterface
	// Log receives the web face's own faults (nil: discarded).
	Log *zerolog.Logger
	// Poll is how often pages poll their state; 0 means DefaultPoll.
	Poll time.Duration
	// Now is the clock (nil: time.Now); it only words the deadline.
	Now func() time.Time
}

// Server is the web face, an http.Handler. It is safe for concurrent use.
type Server struct {
	game      pb.GameServiceClient
	admin     pb.AdminServiceClient
	chronicle pb.ChronicleServiceClient
	log       zerolog.Logger
	poll      time.Duration
	now       func() time.Time
	// pages are the page templates by language (lang.Lang is the index):
	// each set's t function picks its own language's text.
	pages   [2]*template.Template
	handler http.Handler
	// csrfKey signs the CSRF tokens: a form's token is the HMAC of the
	// browser's csrf cookie.
	csrfKey []byte
	// seasons caches the chronicles of seasons (see chronicleCache).
	seasons *chronicleCache
	// sessions are the signed-in visitors' (session.go).
	sessions *sessions
	// pagePrefix and pageCount make the ids of the pages served (pageID).
	pagePrefix string
	pageCount  atomic.Uint64
}

var _ http.Handler = (*Server)(nil)

// New returns the web face over cfg.Conn.
func New(cfg Config) (*Server, error) {
	if cfg.Conn == nil {
		return nil, errors.New("web: a connection to the server is required")
	}
	s := &Server{
		game:      pb.NewGameServiceClient(cfg.Conn),
		admin:     pb.NewAdminServiceClient(cfg.Conn),
		chronicle: pb.NewChronicleServiceClient(cfg.Conn),
		log:       zerolog.Nop(),
		poll:      cfg.Poll,
		now:       cfg.Now,
		csrfKey:   make([]byte, 32),
		seasons:   newChronicleCache(),
		// A random prefix keeps two faces' pages apart on one server.
		pagePrefix: rand.Text()[:8] + ".",
	}
	if cfg.Log != nil {
		s.log = *cfg.Log
	}
	if s.poll <= 0 {
		s.poll = DefaultPoll
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.sessions = newSessions(s.now)
	if _, err := rand.Read(s.csrfKey); err != nil {
		return nil, fmt.Errorf("web: draw the csrf key: %w", err)
	}
	for _, l := range lang.All {
		pages, err := template.New("").Funcs(funcs).Funcs(langFuncs(l)).ParseFS(assets, "assets/*.html")
		if err != nil {
			return nil, fmt.Errorf("web: parse the pages: %w", err)
		}
		s.pages[l] = pages
	}
	static, err := fs.Sub(assets, "assets/static")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", staticFiles(static)))
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("POST /signin", s.signIn)
	mux.HandleFunc("POST /signout", s.signOut)
	mux.HandleFunc("POST /lang", s.setLang)
	mux.HandleFunc("GET /watch", s.watch)
	mux.HandleFunc("GET /world/{id}", s.observer)
	mux.HandleFunc("GET /world/{id}/state.json", s.observerState)
	mux.HandleFunc("GET /chronicle", s.chronicleOf)
	mux.HandleFunc("GET /chronicle/{id}", s.seasonList)
	mux.HandleFunc("GET /chronicle/{id}/{season}", s.timelapse)
	mux.HandleFunc("GET /camp", s.campPage)
	mux.HandleFunc("GET /camp/state.json", s.campState)
	mux.HandleFunc("GET /camp/feats", s.featsPage)
	mux.HandleFunc("GET /camp/research", s.researchPage)
	mux.HandleFunc("POST /camp/order", s.postOrder)
	mux.HandleFunc("POST /camp/standing", s.postStanding)
	mux.HandleFunc("POST /camp/propose", s.postPropose)
	mux.HandleFunc("POST /camp/adopt", s.postAdopt)
	mux.HandleFunc("POST /camp/message", s.postMessage)
	mux.HandleFunc("POST /camp/notebook", s.postNotebook)
	s.consoleRoutes(mux)
	s.handler = http.NewCrossOriginProtection().Handler(mux)
	return s, nil
}

// ServeHTTP serves the web face with its security headers.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	r = s.withSession(r)
	s.handler.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), pageKey{}, s.pageID())))
}

// pageKey is the request context's key of its page id: the server spends
// one read of the token's limit for all the reads of one page (N12 of
// issue 34, docs/security.md).
type pageKey struct{}

// pageID returns a new page id: the face's random prefix and a count.
func (s *Server) pageID() string {
	return s.pagePrefix + strconv.FormatUint(s.pageCount.Add(1), 36)
}

// staticFiles serves the embedded script and stylesheet.
func staticFiles(static fs.FS) http.Handler {
	files := http.FileServerFS(static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		files.ServeHTTP(w, r)
	})
}

// call returns a context for one call to the server on behalf of the
// request: its token, if any, as bearer metadata, its language, the
// visitor's address and the page's id (pb.ClientAddrKey, pb.PageKey,
// believed by the server only from its own faces).
func (s *Server) call(r *http.Request) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(r.Context(), rpcTimeout)
	ctx = pb.WithClientAddr(pb.WithLang(ctx, langOf(r)), r.RemoteAddr)
	if id, ok := r.Context().Value(pageKey{}).(string); ok {
		ctx = pb.WithPage(ctx, id)
	}
	if tok := token(r); tok != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+tok)
	}
	return ctx, cancel
}

// langOf returns the request's language from its cookie: English when it
// has none, or one that names no language.
func langOf(r *http.Request) lang.Lang {
	c, err := r.Cookie(langCookie)
	if err != nil {
		return lang.EN
	}
	l, _ := lang.Parse(c.Value)
	return l
}

// setLang keeps the language of the form (lang: en or fr) in the
// visitor's cookie and goes back to the page the form was on (back, a path
// of this site). A language it does not know is refused, in the language
// the visitor had.
func (s *Server) setLang(w http.ResponseWriter, r *http.Request) {
	old := langOf(r)
	if !s.checkCSRF(r) {
		s.refuse(w, r, http.StatusForbidden, old.Sprintf("The form has expired: reload the page.", "Le formulaire a expiré : rechargez la page."))
		return
	}
	l, err := lang.Parse(r.PostFormValue("lang"))
	if err != nil || r.PostFormValue("lang") == "" {
		s.refuse(w, r, http.StatusBadRequest, old.Sprintf("Unknown language %q: en (English) or fr (French).",
			"Langue inconnue %q : en (anglais) ou fr (français).", r.PostFormValue("lang")))
		return
	}
	setCookie(w, r, langCookie, l.String(), langCookieAge)
	back := r.PostFormValue("back")
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.HasPrefix(back, "/\\") {
		back = "/"
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// tokenKind says what a token opens, from its documented prefix: "camp",
// "admin", "spectator" or "".
func tokenKind(tok string) string {
	switch {
	case strings.HasPrefix(tok, "gvc_"):
		return "camp"
	case strings.HasPrefix(tok, "gva_"):
		return "admin"
	case tools.IsSpectator(tok):
		return "spectator"
	}
	return ""
}

// setCookie sets an HttpOnly, SameSite=Strict cookie for the whole site,
// Secure when the request came over TLS (secure); maxAge < 0 deletes it.
func setCookie(w http.ResponseWriter, r *http.Request, name, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: secure(r)})
}

// secure reports whether r came over TLS: to this face, or to a proxy in
// front of it that says so (X-Forwarded-Proto: https; grisonvald keeps
// that header from its -trusted-proxies only).
func secure(r *http.Request) bool {
	return r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https"
}

// csrfToken returns the token a form of this browser carries, setting the
// browser's csrf cookie if it has none.
func (s *Server) csrfToken(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(csrfCookie)
	v := ""
	if err == nil && len(c.Value) >= 16 {
		v = c.Value
	} else {
		b := make([]byte, 18)
		if _, err := rand.Read(b); err != nil {
			panic(err) // crypto/rand never fails on supported systems
		}
		v = base64.RawURLEncoding.EncodeToString(b)
		setCookie(w, r, csrfCookie, v, 0)
	}
	return s.sign(v)
}

// sign returns the HMAC of v under the server's key.
func (s *Server) sign(v string) string {
	m := hmac.New(sha256.New, s.csrfKey)
	m.Write([]byte(v))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// checkCSRF says whether a posted form carries this browser's CSRF token.
func (s *Server) checkCSRF(r *http.Request) bool {
	c, err := r.Cookie(csrfCookie)
	if err != nil || c.Value == "" {
		return false
	}
	want := s.sign(c.Value)
	return hmac.Equal([]byte(r.PostFormValue("csrf")), []byte(want))
}

// flash keeps a one-line message for the next page (after a form's
// redirect), and flashed reads and clears it.
func flash(w http.ResponseWriter, r *http.Request, msg string) {
	setCookie(w, r, flashCookie, base64.RawURLEncoding.EncodeToString([]byte(msg)), 60)
}

func flashed(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(flashCookie)
	if err != nil {
		return ""
	}
	setCookie(w, r, flashCookie, "", -1)
	b, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil {
		return ""
	}
	return string(b)
}

// page is what every page template receives.
type page struct {
	Title string
	CSRF  string
	// Lang is the visitor's language and Path the page's address, where
	// the language form comes back to.
	Lang lang.Lang
	Path string
	// Kind is the signed-in visitor's kind: "camp", "admin", "spectator"
	// or "".
	Kind string
	// State is the URL of the JSON state the page polls ("" for none),
	// Poll its period in milliseconds and Day the day shown.
	State string
	Poll  int64
	Day   int32
	Flash string
	// Body is the page's own data.
	Body any
}

// render writes template name with p.
func (s *Server) render(w http.ResponseWriter, r *http.Request, code int, name string, p page) {
	p.CSRF = s.csrfToken(w, r)
	p.Kind = tokenKind(token(r))
	p.Lang, p.Path = langOf(r), r.URL.RequestURI()
	if r.Method != http.MethodGet {
		p.Path = "/"
	}
	if p.State != "" {
		p.Poll = s.poll.Milliseconds()
	}
	var b strings.Builder
	b.Grow(64 << 10)
	if err := s.pages[p.Lang].ExecuteTemplate(&b, name, p); err != nil {
		s.log.Error().Err(err).Str("page", name).Msg("render")
		http.Error(w, p.Lang.Sprintf("the page could not be drawn", "la page n'a pas pu être dessinée"), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write([]byte(b.String()))
}

// fail renders an error page for a server's refusal err, with the HTTP
// status that matches its gRPC code.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	l := langOf(r)
	code := http.StatusBadGateway
	msg := l.Sprintf("the game server could not answer: %s", "le serveur de jeu n'a pas pu répondre : %s", status.Convert(err).Message())
	switch status.Code(err) {
	case codes.Unauthenticated:
		// The server refused the session's token: revoked or re-issued,
		// the session ends.
		if tok := token(r); tok != "" {
			s.sessions.revoked(tok)
			setCookie(w, r, sessionCookie, "", -1)
		}
		code, msg = http.StatusUnauthorized, l.Sprintf("Sign in first: %s", "Connectez-vous d'abord : %s", status.Convert(err).Message())
	case codes.PermissionDenied:
		code, msg = http.StatusForbidden, l.Sprintf("Not for you: %s", "Pas pour vous : %s", status.Convert(err).Message())
	case codes.NotFound:
		code, msg = http.StatusNotFound, status.Convert(err).Message()
	case codes.InvalidArgument, codes.FailedPrecondition:
		code, msg = http.StatusBadRequest, status.Convert(err).Message()
	case codes.Unavailable, codes.DeadlineExceeded:
		code = http.StatusServiceUnavailable
	case codes.ResourceExhausted:
		wait := retryAfter(err)
		code = http.StatusTooManyRequests
		w.Header().Set("Retry-After", strconv.Itoa(wait))
		msg = l.Sprintf("Too many pages at once: wait %d s, then reload the page. (%s)",
			"Trop de pages d'un coup : attendez %d s, puis rechargez la page. (%s)", wait, status.Convert(err).Message())
	}
	if code == http.StatusBadGateway {
		s.log.Warn().Err(err).Str("path", r.URL.Path).Msg("server call failed")
	}
	s.refuse(w, r, code, msg)
}

// retryAfter returns the whole seconds a refusal over a limit says to wait
// (its RetryInfo), at least one.
func retryAfter(err error) int {
	for _, d := range status.Convert(err).Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			return max(1, int(math.Ceil(ri.GetRetryDelay().AsDuration().Seconds())))
		}
	}
	return 1
}

// refuse renders an error page with code and msg.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code int, msg string) {
	s.render(w, r, code, "error", page{Title: http.StatusText(code), Body: msg})
}

// home is the front page: the sign-in form; for an admin, the worlds with
// their observer pages; for a camp, the way to its page; for anyone, the
// closed seasons of every world, and the chronicle of a world by number.
func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	type homeBody struct {
		Worlds     []*pb.WorldInfo
		Chronicles []*pb.ChronicleEntry
		Err        string
	}
	var body homeBody
	ctx, cancel := s.call(r)
	defer cancel()
	if tokenKind(token(r)) == "admin" {
		ws, err := s.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
		if err != nil {
			body.Err = status.Convert(err).Message()
		}
		body.Worlds = ws.GetWorlds()
	}
	cs, err := s.chronicle.ListChronicles(ctx, &pb.ListChroniclesRequest{})
	if err != nil && body.Err == "" {
		body.Err = status.Convert(err).Message()
	}
	body.Chronicles = cs.GetChronicles()
	s.render(w, r, http.StatusOK, "home", page{Title: "Grisonval", Flash: flashed(w, r), Body: body})
}

// signIn checks a token with the server and opens a session for it (its
// id in the cookie, the token kept by the face): a camp's with GetView, an
// admin's with ListWorlds, a spectator's with the first notice of its tick
// stream, which names its world: the spectator lands on that world's
// observer page. The token is never put in a URL or a cookie.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	if !s.checkCSRF(r) {
		s.refuse(w, r, http.StatusForbidden, langOf(r).Sprintf("The form has expired: reload the page and sign in again.",
			"Le formulaire a expiré : rechargez la page et reconnectez-vous."))
		return
	}
	tok := strings.TrimSpace(r.PostFormValue("token"))
	ctx, cancel := context.WithTimeout(r.Context(), rpcTimeout)
	defer cancel()
	ctx = metadata.AppendToOutgoingContext(pb.WithClientAddr(pb.WithLang(ctx, langOf(r)), r.RemoteAddr), "authorization", "Bearer "+tok)
	var err error
	next := "/"
	switch tokenKind(tok) {
	case "camp":
		_, err = s.game.GetView(ctx, &pb.GetViewRequest{})
		next = "/camp"
	case "admin":
		_, err = s.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
		next = "/console"
	case "spectator":
		var world uint64
		world, err = s.spectatorWorld(ctx)
		next = fmt.Sprintf("/world/%d", world)
	default:
		err = status.Error(codes.Unauthenticated, langOf(r).Sprintf("a token starts with gvc_ (a camp's), gva_ (an admin's) or gvs_ (a spectator's)",
			"un jeton commence par gvc_ (celui d'un camp), gva_ (celui d'un administrateur) ou gvs_ (celui d'un spectateur)"))
	}
	if err != nil {
		s.refuse(w, r, http.StatusUnauthorized, langOf(r).Sprintf("The server refused this token: %s", "Le serveur a refusé ce jeton : %s", status.Convert(err).Message()))
		return
	}
	setCookie(w, r, sessionCookie, s.sessions.start(tok), 0)
	setCookie(w, r, seenCookie, "", -1)
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// signOut ends the visitor's session.
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if !s.checkCSRF(r) {
		s.refuse(w, r, http.StatusForbidden, langOf(r).Sprintf("The form has expired: reload the page.", "Le formulaire a expiré : rechargez la page."))
		return
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		s.sessions.end(c.Value)
	}
	setCookie(w, r, sessionCookie, "", -1)
	setCookie(w, r, seenCookie, "", -1)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
