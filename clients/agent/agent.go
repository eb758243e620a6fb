// Package agent serves a camp's tools (package tools) to LLM agents over the
// Model Context Protocol, with the official Go SDK: over stdio for one camp
// whose token the process holds, or over stateless streamable HTTP where
// each request names its camp with an "Authorization: Bearer <token>"
// header. The token is never a tool argument. Every text it serves (the
// instructions, the tools' descriptions and results) is in the camp's
// language (tools.Camp's Lang): English or French.
package agent

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Version is the MCP server's version.
const Version = "v1"

// retryWait is how long Follow waits before it watches ticks again after an
// error.
const retryWait = time.Second

// NewServer returns an MCP server whose tools are the tools table played
// for camp c, with the input schemas and the instructions built from v,
// c's current view, in c's language. The instructions speak of v's
// ruleset and list the sections of its rulebook when c has read it
// (Camp.Rulebook); otherwise they say that the rules tool lists them.
func NewServer(c *tools.Camp, v *pb.CampView) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "grisonval", Version: Version},
		&mcp.ServerOptions{Instructions: tools.Instructions(c.Lang, v, c.KnownRulebook())})
	for _, t := range tools.Table() {
		addTool(s, t, c, v)
	}
	addRulebook(s, c)
	return s
}

// Rulebook resources: the world's rulebook whole, and one section by its
// title.
const (
	RulebookURI     = "grisonval://rulebook"
	RulebookSection = "grisonval://rulebook/{section}"
)

// addRulebook serves the world's rulebook (tools.Camp.Rulebook) as MCP
// resources: the whole text at RulebookURI, a "##" section at
// RulebookSection (its title, in any case, escaped as a URI path segment).
// A section the rulebook lacks is a resource not found.
func addRulebook(s *mcp.Server, c *tools.Camp) {
	read := func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		book, err := c.Rulebook(ctx)
		if err != nil {
			return nil, errors.New(viewtext.Error(c.Lang, err))
		}
		text := book.GetText()
		if title, ok := strings.CutPrefix(req.Params.URI, RulebookURI+"/"); ok {
			title, _ = url.PathUnescape(title)
			i := slices.IndexFunc(tools.RuleSections(text), func(sec tools.Section) bool { return strings.EqualFold(sec.Title, title) })
			if i < 0 {
				return nil, mcp.ResourceNotFoundError(req.Params.URI)
			}
			text = tools.RuleSections(text)[i].Text
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: text}}}, nil
	}
	s.AddResource(&mcp.Resource{URI: RulebookURI, Name: "rulebook", MIMEType: "text/markdown",
		Description: c.Lang.Sprintf("The rulebook of your world's ruleset (in English).", "Le livre de règles de votre monde (en anglais).")}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: RulebookSection, Name: "rulebook section", MIMEType: "text/markdown",
		Description: c.Lang.Sprintf("One section of the rulebook, by its title (the rules tool lists them).", "Une section du livre de règles, par son titre (l'outil rules les liste).")}, read)
}

// Refresh replaces the definitions of the tools that change each day (the
// order tool's legal actions) with those built from v; the SDK tells the
// connected sessions that the tool list changed.
func Refresh(s *mcp.Server, c *tools.Camp, v *pb.CampView) {
	for _, t := range tools.Table() {
		if t.PerDay(c.Daily) {
			addTool(s, t, c, v)
		}
	}
}

// Follow keeps s's tool definitions in step with the world: each time a
// day resolves it reads c's view and refreshes s. It returns when ctx is
// done, or with an error when the server refuses the token.
func Follow(ctx context.Context, s *mcp.Server, c *tools.Camp, day int32, log zerolog.Logger) error {
	for {
		n, err := c.WaitAfter(ctx, day, time.Duration(tools.MaxWaitSeconds)*time.Second)
		if err == nil && n != nil {
			var v *pb.CampView
			if v, err = c.GetView(ctx); err == nil {
				Refresh(s, c, v)
				day = v.GetDay()
				log.Debug().Int32("day", day).Msg("tools refreshed")
				continue
			}
		}
		if ctx.Err() != nil {
			return nil
		}
		if err == nil {
			continue
		}
		if code := status.Code(err); code == codes.Unauthenticated || code == codes.PermissionDenied {
			return err
		}
		log.Warn().Err(err).Int32("day", day).Msg("follow ticks; retrying")
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(retryWait):
		}
	}
}

// addTool adds (or replaces) t's MCP definition for view v to s, with a
// handler that checks each call's arguments against the schema it
// publishes.
func addTool(s *mcp.Server, t tools.Tool, c *tools.Camp, v *pb.CampView) {
	schema := t.SchemaOf(c, v)
	var output any
	if o := t.Output(); o != nil {
		output = o
	}
	s.AddTool(&mcp.Tool{Name: t.Name, Description: t.Description.In(c.Lang), InputSchema: schema, OutputSchema: output,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: t.ReadOnly(), IdempotentHint: t.Idempotent()}}, handler(t, c, schema))
}

// handler runs t for camp c once its arguments conform to schema, the
// input schema published with it. Refusals and bad arguments are tool
// errors (IsError) whose text says the reason and field and whose
// structured content is the tools.Failure.
func handler(t tools.Tool, c *tools.Camp, schema *jsonschema.Schema) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s := schema
		if t.PerDay(c.Daily) && tools.Validate(c.Lang, t.Name, s, req.Params.Arguments) != nil {
			// A day's schema may be a day late: the day can resolve
			// (or a turn's step pass) before Follow publishes the next.
			// Arguments it refuses are checked against the view of now.
			if v, err := c.GetView(ctx); err == nil {
				s = t.SchemaOf(c, v)
			}
		}
		res, err := t.Run(ctx, c, s, req.Params.Arguments)
		if err != nil {
			f := tools.Describe(c.Lang, err)
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: f.Text}}, StructuredContent: f}, nil
		}
		out := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}
		if res.Structured != nil {
			out.StructuredContent = res.Structured
		}
		return out, nil
	}
}

type serverKey struct{}

// HTTPHandler serves MCP over stateless streamable HTTP. Each request
// carries its camp's token as "Authorization: Bearer <token>"; the handler
// reads that camp's view and serves the tools built from it, in language
// l, with the daily schemas when daily is set (tools.Camp.Daily; the
// rulebook is read only by the rules tool, not by every request). A
// request without a token, or with one the game server refuses, is
// answered 401 with a WWW-Authenticate header naming the Bearer scheme.
//
// The transport is stateless but the day guard is not: the handler keeps
// one tools.Camp per token it has served, so that an order is meant for
// the day after the last view that token was shown (tools.Camp.Submit),
// and one posted after that day resolved is refused day_resolved as over
// stdio, never moved to the next day. Design: the map grows with the
// tokens served (one small value per camp token that authenticated).
func HTTPHandler(game pb.GameServiceClient, now func() time.Time, l lang.Lang, daily bool, log zerolog.Logger) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		s, _ := r.Context().Value(serverKey{}).(*mcp.Server)
		return s
	}, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	var camps sync.Map // token -> *tools.Camp
	unauthorized := func(w http.ResponseWriter, msg string) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="grisonval"`)
		http.Error(w, msg, http.StatusUnauthorized)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		tok = strings.TrimSpace(tok)
		if !ok || tok == "" {
			unauthorized(w, l.Sprintf("missing camp token: send the header \"Authorization: Bearer <camp token>\"",
				"jeton de camp absent : envoyez l'en-tête \"Authorization: Bearer <jeton du camp>\""))
			return
		}
		c := &tools.Camp{Game: game, Token: tok, Now: now, Lang: l, Daily: daily}
		known, seen := camps.Load(tok)
		if seen {
			c = known.(*tools.Camp)
		}
		v, err := c.GetView(r.Context())
		if err != nil {
			if sc := status.Code(err); sc == codes.Unauthenticated || sc == codes.PermissionDenied {
				camps.Delete(tok)
				unauthorized(w, viewtext.Error(l, err))
				return
			}
			if errors.Is(r.Context().Err(), context.Canceled) {
				return
			}
			log.Warn().Err(err).Int("http_status", http.StatusBadGateway).Msg("read the camp's view")
			http.Error(w, viewtext.Error(l, err), http.StatusBadGateway)
			return
		}
		if !seen {
			// The token's seat, read once: it narrows propose_order
			// and adopt_proposal (tools.Tool.SchemaOf).
			if council, err := c.Council(r.Context(), v.GetDay()+1); err == nil {
				c.LearnCouncil(council)
			}
		}
		if known, loaded := camps.LoadOrStore(tok, c); loaded {
			c = known.(*tools.Camp)
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), serverKey{}, NewServer(c, v))))
	})
}
