// Package tools is the table of tools that a program uses to play a camp
// through the game's public API: the view (text and structured), the legal
// actions, submitting an order with its reason, the journal, the rules by
// section and waiting for the next day, and a council seat's tools
// (council.go: the council, a councillor's proposal, the ruler's adoption
// of one). The MCP server (clients/agent) and
// the chat-completions runner (clients/llm) both serve this one table; each
// tool has a name, a description, an input schema (built from the camp's
// current view where the legal actions restrict it) and a call. Every text
// a player or a model reads (descriptions, instructions, the results'
// text) is written in English and French (DESIGN decision 8); the field
// names of the structured results are the same in both.
package tools

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Tool names. Clients and logs match on them: append only.
const (
	View           = "view"
	ViewStructured = "view_structured"
	LegalActions   = "legal_actions"
	SubmitOrder    = "submit_order"
	Journal        = "journal"
	Rules          = "rules"
	WaitNextTick   = "wait_next_tick"
	SendMessage    = "send_message"
	Messages       = "messages"
	SetStanding    = "set_standing_order"
	Zones          = "zones"
	People         = "people"
)

// Wait bounds, in seconds.
const (
	DefaultWaitSeconds = 60
	MaxWaitSeconds     = 600
)

// Camp is a player's handle on one camp: a client of the game service, the
// camp's token (which names the world and the camp), the clock used to
// say how long remains before a deadline and the language the tools'
// texts are written in (the zero value is English; Dial's connection asks
// the server for the same one). A Camp is safe for concurrent use when its
// Game client is.
type Camp struct {
	Game  pb.GameServiceClient
	Token string
	Now   func() time.Time
	Lang  lang.Lang
	// shown is 1 + the last day whose view or news the camp's player was
	// shown (0: none yet): the day its orders are decided on, and the
	// last look its news start after.
	shown atomic.Int32
	// Daily selects the strict daily schemas (Tool.Daily) over the stable
	// ones; set it before the tools are served.
	Daily bool
	// council is the camp's council as last read (LearnCouncil): the
	// token's seat and its domain, the other seats' codes; nil before.
	council atomic.Pointer[pb.Council]
	// book is the rulebook of the camp's world's ruleset once read
	// (Rulebook); nil before.
	book atomic.Pointer[pb.Rulebook]
}

// Shown returns the last day whose view or news the camp's player was
// shown (MarkShown), and false when there is none.
func (c *Camp) Shown() (int32, bool) {
	d := c.shown.Load()
	return d - 1, d > 0
}

// MarkShown records that the camp's player was shown day's view or news:
// its next orders are meant for day + 1 (Submit), and its news start
// after day.
func (c *Camp) MarkShown(day int32) {
	c.shown.Store(day + 1)
}

// auth returns ctx carrying the camp's token.
func (c *Camp) auth(ctx context.Context) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.Token)
}

// GetView returns the camp's current view.
func (c *Camp) GetView(ctx context.Context) (*pb.CampView, error) {
	return c.Game.GetView(c.auth(ctx), &pb.GetViewRequest{})
}

// Rulebook returns the rulebook of the camp's world's ruleset, as the
// server gives it (GetRulebook): the ruleset's own, whatever it is; its
// text is empty for a ruleset without one. The first answer is kept: a
// world's ruleset does not change.
func (c *Camp) Rulebook(ctx context.Context) (*pb.Rulebook, error) {
	if b := c.book.Load(); b != nil {
		return b, nil
	}
	b, err := c.Game.GetRulebook(c.auth(ctx), &pb.GetRulebookRequest{})
	if err != nil {
		return nil, err
	}
	c.book.Store(b)
	return b, nil
}

// KnownRulebook returns the rulebook Rulebook has read, and nil before it
// has.
func (c *Camp) KnownRulebook() *pb.Rulebook { return c.book.Load() }

// Submit posts or replaces the camp's order for the next day: the day
// after the last one shown (MarkShown), so that an order decided on a day
// that has since resolved is refused (day_resolved) rather than played on
// a day its player has not seen; any next day when none was shown.
func (c *Camp) Submit(ctx context.Context, o *pb.Order) (*pb.SubmitOrderResponse, error) {
	return c.Game.SubmitOrder(c.auth(ctx), &pb.SubmitOrderRequest{Order: o, ForDay: c.forDay()})
}

// News returns the camp's news of the days resolved from since on, oldest
// first: one GetNews answer (its More says whether later days remain).
func (c *Camp) News(ctx context.Context, since int32) (*pb.GetNewsResponse, error) {
	return c.Game.GetNews(c.auth(ctx), &pb.GetNewsRequest{SinceDay: since})
}

// WaitNews waits until the world has resolved a day later than after (< 0:
// the current day when the stream opens) and returns the news of the days
// after it (News), so that none of them is lost; at once when such a day
// is already resolved. It returns nil and no error when timeout passes
// first.
func (c *Camp) WaitNews(ctx context.Context, after int32, timeout time.Duration) (*pb.GetNewsResponse, error) {
	n, err := c.WaitAfter(ctx, after, timeout)
	if err != nil || n == nil {
		return nil, err
	}
	if after < 0 {
		after = n.GetDay() - 1
	}
	return c.News(ctx, after+1)
}

// Send sends a private message to camp to; to the camp's own number, a
// message to its council, which only its seats read.
func (c *Camp) Send(ctx context.Context, to int32, text string) (*pb.CampMessage, error) {
	r, err := c.Game.SendMessage(c.auth(ctx), &pb.SendMessageRequest{ToCamp: to, Text: text})
	if err != nil {
		return nil, err
	}
	return r.GetMessage(), nil
}

// MessagesSince returns the camp's messages, sent and received, from day
// since on.
func (c *Camp) MessagesSince(ctx context.Context, since int32) ([]*pb.CampMessage, error) {
	r, err := c.Game.ListMessages(c.auth(ctx), &pb.ListMessagesRequest{SinceDay: since})
	if err != nil {
		return nil, err
	}
	return r.GetMessages(), nil
}

// SetStanding sets the camp's standing order.
func (c *Camp) SetStanding(ctx context.Context, o *pb.Order) (*pb.Order, error) {
	r, err := c.Game.SetStandingOrder(c.auth(ctx), &pb.SetStandingOrderRequest{Order: o})
	if err != nil {
		return nil, err
	}
	return r.GetOrder(), nil
}

// JournalSince returns the camp's journal from day since on, ending with
// the line that names the winner once the season is over
// (viewtext.OverEntry: the faces' line, from the view, not a stored one).
func (c *Camp) JournalSince(ctx context.Context, since int32) ([]*pb.JournalEntry, error) {
	r, err := c.Game.GetJournal(c.auth(ctx), &pb.GetJournalRequest{SinceDay: since})
	if err != nil {
		return nil, err
	}
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, err
	}
	if v.GetDay() < since {
		return r.GetEntries(), nil
	}
	return viewtext.WithOver(c.Lang, v, r.GetEntries()), nil
}

// WaitAfter waits until the world has resolved a day later than after and
// returns that day's notice; after < 0 means the current day when the
// stream opens. It returns nil and no error when timeout passes first.
func (c *Camp) WaitAfter(ctx context.Context, after int32, timeout time.Duration) (*pb.TickNotice, error) {
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	stream, err := c.Game.WatchTicks(c.auth(wctx), &pb.WatchTicksRequest{})
	if err != nil {
		return nil, err
	}
	first := true
	for {
		n, err := stream.Recv()
		switch {
		case err == nil:
		case ctx.Err() == nil && (wctx.Err() != nil || status.Code(err) == codes.DeadlineExceeded):
			// The timeout passed; the server may see the deadline first.
			return nil, nil
		case errors.Is(err, io.EOF):
			return nil, errors.New("the server closed the tick stream")
		default:
			return nil, err
		}
		if first && after < 0 {
			after = n.GetDay()
		}
		first = false
		if n.GetDay() > after {
			return n, nil
		}
	}
}

// Result is what a tool answers: Text for a model or a person, and
// Structured, a JSON value for programs (nil when the tool has none).
type Result struct {
	Text       string
	Structured any
}

// Failure is a refused call, as a model reads it: the gRPC code, the
// reason (an ErrorReason's Code, such as "unknown_zone"; pb.ReasonOf reads
// it back) and the fields at fault. Text is the same, as prose.
type Failure struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Reason  string            `json:"reason,omitempty"`
	Fields  map[string]string `json:"fields,omitempty"`
	// Legal lists the day's legal options an order missed, a menu line
	// each (WithOptions).
	Legal []string `json:"legal,omitempty"`
	Text  string   `json:"-"`
}

func (f *Failure) Error() string { return f.Text }

// faceWords are the words of the game API in the server's refusals and,
// for each, the tools' own (in both languages): a refusal carries its
// reason code and field, and each face words what to do in its own verbs.
var faceWords = strings.NewReplacer(
	"with SubmitOrder (adopt a councillor's proposal with its adopt field)", "with submit_order (adopt a councillor's proposal with adopt_proposal)",
	"avec SubmitOrder (adoptez la proposition d'un conseiller avec son champ adopt)", "avec submit_order (adoptez la proposition d'un conseiller avec adopt_proposal)",
	"with ProposeOrder", "with propose_order",
	"avec ProposeOrder", "avec propose_order",
	"(CampView.message_recipients)", `(the view's "You may write to camps" line)`,
	"de GetCouncil", "de l'outil council",
	"or GetCouncil's proposals", "or the council tool's proposals",
)

// Describe returns err, a refusal of the server, bad arguments or any other
// error, as a Failure whose text is written in l, in the tools' words
// (faceWords) rather than the game API's.
func Describe(l lang.Lang, err error) *Failure {
	var f *Failure
	if errors.As(err, &f) {
		return f
	}
	st, ok := status.FromError(err)
	if !ok {
		return &Failure{Code: "Unknown", Message: err.Error(), Text: viewtext.Error(l, err)}
	}
	f = &Failure{Code: st.Code().String(), Message: faceWords.Replace(st.Message()), Text: faceWords.Replace(viewtext.Error(l, err))}
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			f.Reason = d.GetReason()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				if f.Fields == nil {
					f.Fields = map[string]string{}
				}
				f.Fields[v.GetField()] = faceWords.Replace(v.GetDescription())
			}
		}
	}
	return f
}

// badArgs is a Failure for tool arguments that do not decode: a bad
// request, like a malformed field of a call to the server, said in l.
func badArgs(l lang.Lang, tool string, err error) *Failure {
	msg := l.Sprintf("bad arguments for %s: %v", "arguments invalides pour %s : %v", tool, err)
	reason := pb.ErrorReason_ERROR_REASON_BAD_REQUEST.Code()
	return &Failure{Code: "InvalidArgument", Message: msg, Reason: reason,
		Text: l.Sprintf("error (InvalidArgument): %s\n  reason: %s\n", "erreur (InvalidArgument) : %s\n  motif : %s\n", msg, reason)}
}

// instructions tell a model how to play with the tools, whatever the
// ruleset; Instructions adds the ruleset's own lines.
var instructions = lang.T(`You play one camp of a turn-based game on a Grisonval server; the view names the world's ruleset. Each game day (a tick), every camp that has something to decide posts one order; the orders resolve together at the deadline, or as soon as every camp that decides has posted. A camp that posts nothing plays its standing order (the view shows it; set_standing_order changes it). Each day: read the view (or legal_actions), choose one legal action with valid arguments (the menu gives each one's arguments and cost), and call submit_order with it as the order ({"action": NAME, "args": [...]}) and a short reason; you may replace your order until the day resolves. Then wait_next_tick: it says what became of your order (applied, stale or standing) and the messages you received. The journal says what happened and why; send_message writes a short private message to a camp the view says you may write to. season_standing says how your camp is doing in its season (score, days left, your feats, your rank (today's when every camp's score is public, else after the close) and after the close your judgment); write_notebook keeps your private notes from one day to the next, which every view shows you back. A camp may have several players, one a seat of its council: the council tool says which seat your token holds. The ruler's seat posts the camp's order (submit_order, or adopt_proposal to play a councillor's proposal) and its standing order; a councillor's seat posts no order: it proposes one in its domain with propose_order, with a reason the council reads, and its turn of the day ends there. send_message to your own camp's number writes to your council, which only your camp's seats read.`,
	`Vous jouez un camp d'un jeu au tour par tour sur un serveur Grisonval ; la vue nomme les règles du monde. Chaque jour de jeu (un tick), chaque camp qui a quelque chose à décider poste un ordre ; les ordres se résolvent ensemble à l'échéance, ou dès que chaque camp qui décide a posté. Un camp qui ne poste rien joue son ordre permanent (la vue le montre ; set_standing_order le change). Chaque jour : lisez la vue (ou legal_actions), choisissez une action permise avec des arguments valides (le menu donne les arguments et le coût de chacune), et appelez submit_order avec elle comme ordre ({"action": NOM, "args": [...]}) et une courte raison ; vous pouvez remplacer votre ordre jusqu'à ce que le jour se résolve. Puis wait_next_tick : il dit ce qu'est devenu votre ordre (appliqué, caduc ou permanent) et les messages reçus. Le journal dit ce qui s'est passé et pourquoi ; send_message écrit un court message privé à un camp auquel la vue dit que vous pouvez écrire. season_standing dit où en est votre camp dans sa saison (score, jours restants, vos faits d'armes, votre rang (celui du jour quand le score de chaque camp est public, sinon après la clôture) et après la clôture votre jugement) ; write_notebook garde vos notes privées d'un jour à l'autre, que chaque vue vous rend. Un camp peut avoir plusieurs joueurs, un par siège de son conseil : l'outil council dit quel siège tient votre jeton. Le siège du dirigeant poste l'ordre du camp (submit_order, ou adopt_proposal pour jouer la proposition d'un conseiller) et son ordre permanent ; le siège d'un conseiller ne poste pas d'ordre : il en propose un de son domaine avec propose_order, avec une raison que le conseil lit, et son tour du jour s'arrête là. send_message au numéro de votre propre camp écrit à votre conseil, que seuls les sièges de votre camp lisent.`)

// rulesetInstructions are each ruleset's lines of the instructions, by
// the ruleset's name. They describe the game's shape; its numbers are the
// view's.
var rulesetInstructions = map[string]lang.Text{
	"grisonval": lang.T(`In Grisonval, the camps share a map of hex zones under a fog of war. `+
		`A camp is also governed: its edicts (set_edict) and the citizens it names to its council's seats (appoint) `+
		`shape its kingdom's statistics; the view gives them, with each seat's and citizen's number.`,
		`Dans Grisonval, les camps partagent une carte de zones hexagonales sous un brouillard de guerre. `+
			`Un camp est aussi gouverné : ses édits (set_edict) et les habitants qu'il nomme aux sièges de son conseil (appoint) `+
			`font les caractéristiques de son royaume ; la vue les donne, avec le numéro de chaque siège et de chaque habitant.`),
	"castle": lang.T(`In the Castle, each camp is a city with five gauges, and the last city standing wins. A turn is three days: `+
		`the current city's convert step, its draft step (it keeps one of the cards it drew and gives one to each other city; `+
		`a card is named by its slot, from 1), then the play step, where every city holding a card plays or discards it, in turn order. `+
		`The view says whether you act or wait: when you wait, your order is not needed and you need not post.`,
		`Dans le Château, chaque camp est une cité à cinq jauges, et la dernière cité debout gagne. Un tour dure trois jours : `+
			`l'étape de conversion de la cité en cours, son étape de tirage (elle garde l'une des cartes tirées et en donne une à chaque autre cité ; `+
			`une carte se nomme par son emplacement, à partir de 1), puis l'étape de jeu, où chaque cité qui tient une carte la joue ou la défausse, dans l'ordre du tour. `+
			`La vue dit si vous agissez ou attendez : quand vous attendez, votre ordre n'est pas nécessaire et vous n'avez pas à poster.`),
}

// Instructions tell a model how to play a camp of view v's ruleset with
// the tools, in l: the shared rules of play, the ruleset's shape (for the
// rulesets whose detail the clients render) and its rulebook's sections,
// from book, the world's rulebook (Camp.Rulebook). v may be nil
// (Grisonval's, the server's first ruleset); book may be nil when it could
// not be read: the rules tool then says what there is.
func Instructions(l lang.Lang, v *pb.CampView, book *pb.Rulebook) string {
	s := instructions.In(l)
	if r, ok := rulesetInstructions[rulesetOf(v)]; ok {
		s += " " + r.In(l)
	}
	if book == nil {
		return s + l.Sprintf(" The rules tool gives your ruleset's rulebook by section, when it has one: call it without a section for their list.",
			" L'outil rules donne le livre de règles de vos règles par section, quand elles en ont un : appelez-le sans section pour leur liste.")
	}
	secs := RuleSections(book.GetText())
	if len(secs) == 0 {
		return s + noRulebook(l)
	}
	return s + l.Sprintf(" The rules tool gives its rulebook by section (in English): %s.", " L'outil rules donne son livre de règles par section (en anglais) : %s.",
		strings.Join(titles(secs), "; "))
}

// noRulebook says what a player of a ruleset without a rulebook reads
// instead.
func noRulebook(l lang.Lang) string {
	return l.Sprintf(" This ruleset has no rulebook: the view carries its rules' numbers, and each legal action's summary says what it does.",
		" Ces règles n'ont pas de livre : la vue porte leurs chiffres, et le résumé de chaque action permise dit ce qu'elle fait.")
}

// rulesetOf names v's ruleset; a view that names none (or no view) is
// Grisonval's, the server's first.
func rulesetOf(v *pb.CampView) string {
	if v.GetRuleset() == "" {
		return "grisonval"
	}
	return v.GetRuleset()
}

// Tool is one tool of the table.
type Tool struct {
	Name        string
	Description lang.Text
	// Schema returns the tool's JSON input schema for the camp's view v (v
	// is nil when the view is not available), its descriptions written in
	// l. It is stable: the same bytes every day of a world, so that a
	// model API's prompt cache keeps the tool list; the day's legal
	// choices are in the view, and the server's refusal of an order that
	// misses them lists them (WithOptions).
	Schema func(l lang.Lang, v *pb.CampView) *jsonschema.Schema
	// Daily, when set, is the strict schema built from the day's view (an
	// order's legal actions and their valid values, the camps that may be
	// written to), rebuilt each day, for the clients that prefer it
	// (Camp.Daily).
	Daily func(l lang.Lang, v *pb.CampView) *jsonschema.Schema
	// Call runs the tool with its JSON arguments, unchecked: Run checks
	// them against the published schema first. A refusal of the server or
	// bad arguments come back as a *Failure.
	Call func(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error)
}

// SchemaFor returns t's input schema for view v in l: the strict daily
// one when daily is set and t has one, else the stable one.
func (t Tool) SchemaFor(l lang.Lang, v *pb.CampView, daily bool) *jsonschema.Schema {
	if daily && t.Daily != nil {
		return t.Daily(l, v)
	}
	return t.Schema(l, v)
}

// SchemaOf returns t's input schema as camp c serves it for view v:
// SchemaFor in c's language and kind of schema, narrowed to what c's seat
// may name once c knows its council (LearnCouncil): propose_order's
// actions to the seat's domain, adopt_proposal's seat to the council's
// other seats. Both are the same every day: a seat's domain does not
// change.
func (t Tool) SchemaOf(c *Camp, v *pb.CampView) *jsonschema.Schema {
	s := t.SchemaFor(c.Lang, v, c.Daily)
	council := c.council.Load()
	if council == nil {
		return s
	}
	switch t.Name {
	case ProposeOrder:
		if domain := viewtext.OwnSeat(council).GetDomain(); len(domain) > 0 {
			narrowActions(s.Properties["order"], domain)
		}
	case Adopt:
		var seats []any
		for _, h := range council.GetSeats() {
			if h.GetSeat() != council.GetSeat() && h.GetSeat() != viewtext.RulerSeat {
				seats = append(seats, h.GetSeat())
			}
		}
		if len(seats) > 0 {
			s.Properties["seat"].Enum = seats
		}
	}
	return s
}

// LearnCouncil keeps c's council (Camp.Council's answer), whose seat and
// domain narrow the schemas of propose_order and adopt_proposal (SchemaOf).
func (c *Camp) LearnCouncil(council *pb.Council) {
	if council != nil {
		c.council.Store(council)
	}
}

// ReadOnly reports whether t only reads the game: every tool but those
// that post an order, a standing order, a proposal, an adoption, a message
// or the notebook.
func (t Tool) ReadOnly() bool {
	switch t.Name {
	case SubmitOrder, SetStanding, SendMessage, WriteNotebook, ProposeOrder, Adopt:
		return false
	}
	return true
}

// Idempotent reports whether calling t again with the same arguments has
// no further effect: every tool but send_message, whose every call sends a
// message (an order, a standing order, a proposal, an adoption or the
// notebook replaces the one before).
func (t Tool) Idempotent() bool { return t.Name != SendMessage }

// PerDay reports whether t's definition changes from day to day: only
// with the daily schemas, for a tool that has one.
func (t Tool) PerDay(daily bool) bool { return daily && t.Daily != nil }

// Run validates args against s, the input schema published for the tool
// (t.Schema of the view its definition was built from), and calls the tool
// when they conform: arguments outside the schema are refused as a
// *Failure naming the field, and nothing reaches the server.
func (t Tool) Run(ctx context.Context, c *Camp, s *jsonschema.Schema, args json.RawMessage) (*Result, error) {
	if err := Validate(c.Lang, t.Name, s, args); err != nil {
		return nil, err
	}
	return t.Call(ctx, c, args)
}

// Table returns every tool, in a stable order.
func Table() []Tool {
	return append([]Tool{
		{Name: View, Description: lang.T("Your camp's view for today as compact text: the situation (day and deadline, stocks and their change at rest, "+
			"people and army, your kingdom and council in brief, the zones you hold), threats (sieges, columns, enemy garrisons on your borders), "+
			"what changed since yesterday (your order's result, the journal and messages of the day), the camps you met, your council's open proposals, "+
			"your notebook, and the legal menu for the next day (each action with its arguments' values and cost). The rest on demand: zones, people, "+
			"council, journal, messages, legal_actions, rules.",
			"La vue du jour de votre camp en texte compact : la situation (jour et échéance, stocks et leur variation au repos, "+
				"peuple et armée, votre royaume et votre conseil en bref, les zones que vous tenez), les menaces (sièges, colonnes, garnisons ennemies à vos frontières), "+
				"ce qui a changé depuis hier (le résultat de votre ordre, le journal et les messages du jour), les camps rencontrés, les propositions ouvertes de votre conseil, "+
				"votre carnet, et le menu permis du jour suivant (chaque action avec les valeurs de ses arguments et son coût). Le reste sur demande : zones, people, "+
				"council, journal, messages, legal_actions, rules."),
			Schema: noArgs, Call: callView},
		{Name: ViewStructured, Description: lang.T("Your camp's view as structured JSON (the grisonval.v1.CampView "+
			"message in protojson), for programs: the shared part, and the ruleset's own in its detail (grisonval: "+
			"every zone with its coordinates, neighbours and the special terrain you found, your governance's edicts, council "+
			"seats, statistics and continuing events; castle: every city, your hand or drawn cards; both with "+
			"the numbers of the rules).",
			"La vue de votre camp en JSON structuré (le message grisonval.v1.CampView en protojson), pour les programmes : "+
				"la partie commune, et celle des règles en détail (grisonval : chaque zone avec ses coordonnées, ses voisines et le terrain spécial "+
				"que vous y avez trouvé, les édits, les sièges du conseil, les caractéristiques et les événements en cours de votre gouvernement ; "+
				"castle : chaque cité, votre main ou les cartes tirées ; les deux avec les chiffres des règles). Les noms des champs "+
				"sont ceux du .proto, les textes dans la langue choisie."),
			Schema: noArgs, Call: callViewStructured},
		{Name: LegalActions, Description: lang.T("The actions you may order for the next day, numbered, each with its "+
			"arguments in order, their valid values (the zones, camps or card slots you may name, a count's bounds) and its cost; "+
			"then the actions closed today, each with why (the refusal an order of it would meet).",
			"Les actions que vous pouvez ordonner pour le jour suivant, numérotées, chacune avec ses arguments dans l'ordre, "+
				"leurs valeurs valides (les zones, camps ou emplacements de carte que vous pouvez nommer, les bornes d'un nombre) et son coût ; "+
				"puis les actions fermées aujourd'hui, chacune avec sa raison (le refus qu'un ordre d'elle rencontrerait)."),
			Schema: noArgs, Call: callLegalActions},
		{Name: SubmitOrder, Description: lang.T("Post (or replace, until the deadline) your order for the next day: an action of the "+
			"view's legal menu with its arguments in the menu's order, and your reason (kept in your own journal). A refusal gives the rule code, "+
			"the argument at fault and the legal options. The ruler's seat only (a councillor proposes with propose_order).",
			"Postez (ou remplacez, jusqu'à l'échéance) votre ordre pour le jour suivant : une action du menu permis de la vue "+
				"avec ses arguments dans l'ordre du menu, et votre raison (gardée dans votre propre journal). Un refus donne le code de la règle, "+
				"l'argument fautif et les options permises. Siège du dirigeant seulement (un conseiller propose avec propose_order)."),
			Schema: stableSubmitSchema, Daily: submitSchema, Call: callSubmit},
		{Name: Journal, Description: lang.T("Your camp's journal from a day on: what happened each day, "+
			"with a factual \"why\".",
			"Le journal de votre camp à partir d'un jour : ce qui s'est passé chaque jour, avec un « pourquoi » factuel."),
			Schema: journalSchema, Call: callJournal},
		{Name: Rules, Description: lang.T("The rulebook of your world's ruleset by section, as the server gives it: "+
			"without a section, the list of sections; with one, its text.",
			"Le livre des règles de votre monde par section, tel que le serveur le donne (en anglais) : "+
				"sans section, la liste des sections ; avec une, son texte."),
			Schema: rulesSchema, Call: callRules},
		{Name: WaitNextTick, Description: lang.T("Wait (at most timeout_seconds) until a day after after_day resolves, and return every day "+
			"resolved since, oldest first: what became of your order, the messages received and your journal of the day. At once when "+
			"such days are already resolved, or when the season is over.",
			"Attendez (au plus timeout_seconds) qu'un jour après after_day se résolve, et recevez chaque jour résolu depuis, "+
				"du plus ancien au plus récent : ce qu'est devenu votre ordre, les messages reçus et votre journal du jour. Tout de suite "+
				"si de tels jours sont déjà résolus, ou si la saison est finie."),
			Schema: waitSchema, Call: callWait},
		{Name: SendMessage, Description: lang.T("Send a short private message to a camp you have met and that still "+
			"lives (the view lists them), or to your own camp's number to write to your council: only your camp's seats read it. "+
			"Only its recipients read it; it is tied to the day being decided.",
			"Envoyez un court message privé à un camp que vous avez rencontré et qui vit encore (la vue les liste). "+
				"ou au numéro de votre propre camp pour écrire à votre conseil : seuls les sièges de votre camp le lisent. "+
				"Seuls ses destinataires le lisent ; il est lié au jour en cours de décision."),
			Schema: stableSendSchema, Daily: sendSchema, Call: callSend},
		{Name: Messages, Description: lang.T("Your private messages, sent and received, from a day on.",
			"Vos messages privés, envoyés et reçus, à partir d'un jour."),
			Schema: messagesSchema, Call: callMessages},
		{Name: SetStanding, Description: lang.T("Set your standing order, played on each day you post nothing while it stays legal "+
			"(else your camp rests). It must be legal now. The ruler's seat only.",
			"Fixez votre ordre permanent, joué chaque jour où vous ne postez rien tant qu'il reste permis "+
				"(sinon votre camp se repose). Il doit être permis maintenant. Siège du dirigeant seulement."),
			Schema: stableSubmitSchema, Daily: submitSchema, Call: callSetStanding},
		{Name: Zones, Description: lang.T("The zones you see or remember as a table (terrain and special terrain, holder, garrison, development, slots, "+
			"the day last seen, neighbours, buildings; all of them, or those named), the unknown zones, columns, sieges and the numbers of the rules "+
			"(terrain income and defence, buildings, a zone's defence, develop's price).",
			"Les zones que vous voyez ou gardez en mémoire en table (terrain et terrain spécial, détenteur, garnison, aménagement, emplacements, "+
				"le jour où vous les avez vues, voisines, bâtiments ; toutes, ou celles nommées), les zones inconnues, les colonnes, les sièges et les chiffres des règles "+
				"(revenu et défense des terrains, bâtiments, défense d'une zone, prix de l'aménagement)."),
			Schema: zonesSchema, Call: callZones},
		{Name: People, Description: lang.T("Your people and government in full: citizens by age and job, upkeep, research, politics, "+
			"the kingdom's statistics, edicts (with the numbers set_edict takes), council seats (with the numbers appoint takes) and notables, "+
			"continuing events, and the other camps with your relations.",
			"Votre peuple et votre gouvernement en entier : habitants par âge et métier, entretien, recherche, politique, "+
				"les caractéristiques du royaume, les édits (avec les numéros que prend set_edict), les sièges du conseil (avec les numéros que prend appoint) et les notables, "+
				"les événements en cours, et les autres camps avec vos relations."),
			Schema: noArgs, Call: callPeople},
	}, append(seasonTools(), councilTools()...)...)
}

// Lookup returns the tool named name.
func Lookup(name string) (Tool, bool) {
	i := slices.IndexFunc(Table(), func(t Tool) bool { return t.Name == name })
	if i < 0 {
		return Tool{}, false
	}
	return Table()[i], true
}

func noArgs(lang.Lang, *pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}, AdditionalProperties: falseSchema()}
}

// decode decodes a tool's arguments into in; empty arguments leave in as
// is. A failure is said in l.
func decode(l lang.Lang, tool string, args json.RawMessage, in any) error {
	if len(args) == 0 || string(args) == "null" {
		return nil
	}
	d := json.NewDecoder(strings.NewReader(string(args)))
	d.DisallowUnknownFields()
	if err := d.Decode(in); err != nil {
		return badArgs(l, tool, err)
	}
	return nil
}

func callView(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	c.MarkShown(v.GetDay())
	return &Result{Text: viewtext.Compact(c.Lang, v, c.Now())}, nil
}

// ZonesArgs are the arguments of zones.
type ZonesArgs struct {
	Zones []int32 `json:"zones,omitempty"`
}

func zonesSchema(l lang.Lang, _ *pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"zones": {Type: "array", Items: &jsonschema.Schema{Type: "integer", Minimum: jsonschema.Ptr(0.0)},
			Description: l.Sprintf("the zones to show (default: every zone you see or remember)", "les zones à montrer (par défaut : chaque zone que vous voyez ou gardez en mémoire)")},
	}, AdditionalProperties: falseSchema()}
}

func callZones(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in ZonesArgs
	if err := decode(c.Lang, Zones, args, &in); err != nil {
		return nil, err
	}
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	return &Result{Text: viewtext.Zones(c.Lang, v, in.Zones)}, nil
}

func callPeople(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	return &Result{Text: viewtext.People(c.Lang, v)}, nil
}

func callViewStructured(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	c.MarkShown(v.GetDay())
	s, err := JSON(v)
	if err != nil {
		return nil, err
	}
	return &Result{Text: string(s), Structured: s}, nil
}

func callLegalActions(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	c.MarkShown(v.GetDay())
	actions := []json.RawMessage{}
	for _, a := range v.GetLegalActions() {
		b, err := JSON(a)
		if err != nil {
			return nil, err
		}
		actions = append(actions, b)
	}
	closed := []json.RawMessage{}
	for _, a := range v.GetClosedActions() {
		b, err := JSON(a)
		if err != nil {
			return nil, err
		}
		closed = append(closed, b)
	}
	s := map[string]any{"day": v.GetDay(), "ruleset": rulesetOf(v), "legal_actions": actions, "closed_actions": closed}
	return &Result{Text: viewtext.Menu(c.Lang, v), Structured: s}, nil
}

// OrderArgs is an order as a program records it: the action, its
// arguments and the reason.
type OrderArgs struct {
	Action string  `json:"action"`
	Args   []int32 `json:"args,omitempty"`
	Reason string  `json:"reason"`
}

// OrderInput are the arguments of submit_order and set_standing_order:
// the order (an action and its arguments) and the reason.
type OrderInput struct {
	Order  OrderSpec `json:"order"`
	Reason string    `json:"reason"`
}

// OrderSpec is an order's action and arguments, as the tools take them.
type OrderSpec struct {
	Action string  `json:"action"`
	Args   []int32 `json:"args,omitempty"`
}

// Flat returns in as an OrderArgs.
func (in OrderInput) Flat() OrderArgs {
	return OrderArgs{Action: in.Order.Action, Args: in.Order.Args, Reason: in.Reason}
}

// submitSchema is the input of submit_order and set_standing_order for v's
// next day: the order (orderSchema: one branch per legal action) and the
// reason.
func submitSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	reason := &jsonschema.Schema{Type: "string", Description: l.Sprintf("why you give this order, in a sentence (kept in your own journal)",
		"pourquoi vous donnez cet ordre, en une phrase (gardée dans votre propre journal)")}
	if n := charBound(v.GetMaxReasonLen()); n > 0 {
		reason.MaxLength = jsonschema.Ptr(n)
	}
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"order":  orderSchema(l, v),
			"reason": reason,
		},
		Required:             []string{"order", "reason"},
		AdditionalProperties: falseSchema(),
		PropertyOrder:        []string{"order", "reason"},
	}
}

// stableSubmitSchema is the input of submit_order and set_standing_order
// that is the same every day (Tool.Schema): an order's shape (an action's
// name and its arguments as whole numbers) and the reason, bounded as the
// ruleset bounds it (CampView.max_reason_len). The day's legal actions and
// their values are in the view.
func stableSubmitSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	s := submitSchema(l, v)
	s.Properties["order"] = stableOrderSchema(l)
	return s
}

// argKind says what an argument of a kind designates.
func argKind(l lang.Lang, k pb.ArgKind) string {
	switch k {
	case pb.ArgKind_ARG_KIND_ZONE:
		return l.Sprintf("a zone", "une zone")
	case pb.ArgKind_ARG_KIND_COUNT:
		return l.Sprintf("a count", "un nombre")
	case pb.ArgKind_ARG_KIND_CAMP:
		return l.Sprintf("a camp", "un camp")
	case pb.ArgKind_ARG_KIND_GOVERNMENT:
		return l.Sprintf("a government", "un gouvernement")
	case pb.ArgKind_ARG_KIND_CARD:
		return l.Sprintf("a slot of the cards you drew, from 1", "un emplacement des cartes tirées, à partir de 1")
	case pb.ArgKind_ARG_KIND_SEAT:
		return l.Sprintf("a seat of your council (the view's council gives each seat's number)", "un siège de votre conseil (le conseil de la vue donne le numéro de chaque siège)")
	case pb.ArgKind_ARG_KIND_CITIZEN:
		return l.Sprintf("a citizen of your camp by his number (the view's council and notables give numbers)",
			"un habitant de votre camp par son numéro (le conseil et les notables de la vue donnent les numéros)")
	}
	return l.Sprintf("a number", "un nombre")
}

func callSubmit(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in OrderInput
	if err := decode(c.Lang, SubmitOrder, args, &in); err != nil {
		return nil, err
	}
	r, err := c.Submit(ctx, &pb.Order{Action: in.Order.Action, Args: in.Order.Args, Reason: in.Reason})
	if err != nil {
		return nil, WithOptions(ctx, c, err, in.Order)
	}
	return reply(c.Lang, r, err, viewtext.Submitted)
}

// JournalArgs are the arguments of journal.
type JournalArgs struct {
	SinceDay int32 `json:"since_day"`
}

func journalSchema(l lang.Lang, _ *pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"since_day": sinceDay(l),
	}, AdditionalProperties: falseSchema()}
}

// sinceDay is the argument of journal and messages: the first day.
func sinceDay(l lang.Lang) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "integer", Minimum: jsonschema.Ptr(0.0),
		Description: l.Sprintf("first day to return (default 0: all)", "premier jour à rendre (par défaut 0 : tous)")}
}

func callJournal(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in JournalArgs
	if err := decode(c.Lang, Journal, args, &in); err != nil {
		return nil, err
	}
	entries, err := c.JournalSince(ctx, in.SinceDay)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	s, err := JSON(&pb.GetJournalResponse{Entries: entries})
	if err != nil {
		return nil, err
	}
	text := viewtext.Journal(c.Lang, entries)
	if len(entries) == 0 {
		text = NoJournal(c.Lang, in.SinceDay)
	}
	return &Result{Text: text, Structured: s}, nil
}

// NoJournal says that a journal read from day since on is empty.
func NoJournal(l lang.Lang, since int32) string {
	return l.Sprintf("No journal entry from day %d on.\n", "Aucune entrée de journal à partir du jour %d.\n", since)
}

// RulesArgs are the arguments of rules.
type RulesArgs struct {
	Section string `json:"section"`
}

// Section is one "## " section of a rulebook.
type Section struct {
	Title string
	Text  string
}

// RuleSections splits a rulebook's text (Markdown) into its "## "
// sections; the text before the first heading is the "Introduction". It
// returns nil for an empty text: a ruleset without a rulebook.
func RuleSections(book string) []Section {
	if strings.TrimSpace(book) == "" {
		return nil
	}
	secs := []Section{{Title: "Introduction"}}
	for l := range strings.Lines(book) {
		if t, ok := strings.CutPrefix(l, "## "); ok {
			secs = append(secs, Section{Title: strings.TrimSpace(t)})
		}
		secs[len(secs)-1].Text += l
	}
	return secs
}

// rulesSchema is the same for every world: the sections are the world's
// rulebook's, which the instructions list and the call checks, so that
// the tool's definition never changes with the ruleset or the day.
func rulesSchema(l lang.Lang, _ *pb.CampView) *jsonschema.Schema {
	section := &jsonschema.Schema{Type: "string", Description: l.Sprintf("the section to read, by its title; leave out to list the sections",
		"la section à lire, par son titre ; omettez-la pour la liste des sections")}
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"section": section}, AdditionalProperties: falseSchema()}
}

func callRules(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in RulesArgs
	if err := decode(c.Lang, Rules, args, &in); err != nil {
		return nil, err
	}
	book, err := c.Rulebook(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	return ReadRules(c.Lang, book, in.Section)
}

// ReadRules is the rules tool's answer from book, in l: the list of its
// sections when section is "", else that section's text (its title in any
// case); a section the rulebook does not have is refused as bad
// arguments, naming the sections. A ruleset without a rulebook says so.
func ReadRules(l lang.Lang, book *pb.Rulebook, section string) (*Result, error) {
	ruleset := book.GetRuleset()
	secs := RuleSections(book.GetText())
	if secs == nil {
		text := l.Sprintf("The %s ruleset:", "Les règles %s :", ruleset) + noRulebook(l) + "\n"
		return &Result{Text: text, Structured: map[string]any{"ruleset": ruleset, "sections": []string{}}}, nil
	}
	if section == "" {
		var b strings.Builder
		b.WriteString(l.Sprintf("Sections of the %s rulebook (call rules with one of them):\n",
			"Sections du livre de règles %s, en anglais (appelez rules avec l'une d'elles) :\n", ruleset))
		for _, s := range secs {
			b.WriteString(l.Sprintf("  %s (%d characters)\n", "  %s (%d caractères)\n", s.Title, len(s.Text)))
		}
		return &Result{Text: b.String(), Structured: map[string]any{"ruleset": ruleset, "sections": titles(secs)}}, nil
	}
	for _, s := range secs {
		if strings.EqualFold(s.Title, section) {
			return &Result{Text: s.Text, Structured: map[string]any{"ruleset": ruleset, "section": s.Title, "text": s.Text}}, nil
		}
	}
	return nil, badArgs(l, Rules, errors.New(l.Sprintf("no section %q in the %s rulebook; sections: %s", "pas de section %q dans le livre de règles %s ; sections : %s",
		section, ruleset, strings.Join(titles(secs), "; "))))
}

// titles returns the sections' titles, in order.
func titles(secs []Section) []string {
	out := make([]string, len(secs))
	for i, s := range secs {
		out[i] = s.Title
	}
	return out
}

// WaitArgs are the arguments of wait_next_tick.
type WaitArgs struct {
	AfterDay       *int32 `json:"after_day,omitempty"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty"`
}

func waitSchema(l lang.Lang, _ *pb.CampView) *jsonschema.Schema {
	after := &jsonschema.Schema{Type: "integer", Minimum: jsonschema.Ptr(0.0),
		Description: l.Sprintf("return once a day later than this one is resolved, with every day after it (default: the last day you were shown, else the current day)",
			"rendre dès qu'un jour postérieur à celui-ci est résolu, avec chaque jour d'après (par défaut : le dernier jour qui vous a été montré, sinon le jour en cours)")}
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"after_day": after,
		"timeout_seconds": {Type: "integer", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(float64(MaxWaitSeconds)),
			Description: l.Sprintf("how long to wait at most (default %d)", "combien de secondes attendre au plus (par défaut %d)", DefaultWaitSeconds)},
	}, AdditionalProperties: falseSchema(), PropertyOrder: []string{"after_day", "timeout_seconds"}}
}

func callWait(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	in := WaitArgs{TimeoutSeconds: DefaultWaitSeconds}
	if err := decode(c.Lang, WaitNextTick, args, &in); err != nil {
		return nil, err
	}
	if in.TimeoutSeconds < 1 || in.TimeoutSeconds > MaxWaitSeconds {
		return nil, badArgs(c.Lang, WaitNextTick, errors.New(c.Lang.Sprintf("timeout_seconds is %d; want 1 to %d",
			"timeout_seconds vaut %d ; attendu de 1 à %d", in.TimeoutSeconds, MaxWaitSeconds)))
	}
	after, ok := c.Shown()
	if !ok {
		after = -1
	}
	if in.AfterDay != nil {
		after = *in.AfterDay
	}
	// A season that is over resolves no day: say so at once rather than
	// wait out the timeout.
	if v, err := c.GetView(ctx); err == nil && v.GetSeasonOver() && after >= v.GetDay() {
		return &Result{Text: viewtext.SeasonOver(c.Lang, v), Structured: map[string]any{"resolved": false, "season_over": true, "day": v.GetDay()}}, nil
	}
	news, err := c.WaitNews(ctx, after, time.Duration(in.TimeoutSeconds)*time.Second)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	if news == nil {
		return &Result{Text: c.Lang.Sprintf("No new day within %d s; call wait_next_tick again.\n",
			"Aucun nouveau jour en %d s ; rappelez wait_next_tick.\n", in.TimeoutSeconds),
			Structured: map[string]any{"resolved": false}}, nil
	}
	all, err := JSON(news)
	if err != nil {
		return nil, err
	}
	out := map[string]any{"resolved": true, "news": all}
	// No day after after_day only when the season was reset under the wait.
	if days := news.GetDays(); len(days) > 0 {
		c.MarkShown(days[len(days)-1].GetDay())
		if out["notice"], err = JSON(days[len(days)-1]); err != nil {
			return nil, err
		}
	}
	return &Result{Text: viewtext.News(c.Lang, news, c.Now()), Structured: out}, nil
}

// MessageArgs are the arguments of send_message.
type MessageArgs struct {
	ToCamp int32  `json:"to_camp"`
	Text   string `json:"text"`
}

// stableSendSchema is send_message's input that is the same every day:
// a camp's number (the view lists those you may write to) and the text,
// bounded by v's max_message_len.
func stableSendSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	s := sendSchema(l, v)
	s.Properties["to_camp"].Enum = nil
	s.Properties["to_camp"].Minimum = jsonschema.Ptr(0.0)
	return s
}

// sendSchema restricts the recipient to v's recipients and the camp's
// own council, and the text to v's max_message_len.
func sendSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	to := &jsonschema.Schema{Type: "integer", Description: l.Sprintf("the camp to write to: one you have met and that still lives, or your own camp's number for your council",
		"le camp à qui écrire : un camp rencontré et qui vit encore, ou le numéro de votre propre camp pour votre conseil")}
	text := &jsonschema.Schema{Type: "string", MinLength: jsonschema.Ptr(1), Description: l.Sprintf("the message, a few sentences at most",
		"le message, quelques phrases au plus")}
	if v != nil {
		// Before the camp meets another, the server's refusal says to
		// whom it may write.
		if len(v.GetMessageRecipients()) > 0 {
			to.Enum = []any{v.GetCamp()}
			for _, c := range v.GetMessageRecipients() {
				to.Enum = append(to.Enum, c)
			}
		}
		if n := charBound(v.GetMaxMessageLen()); n > 0 {
			text.MaxLength = jsonschema.Ptr(n)
		}
	}
	return &jsonschema.Schema{
		Type:                 "object",
		Properties:           map[string]*jsonschema.Schema{"to_camp": to, "text": text},
		Required:             []string{"to_camp", "text"},
		AdditionalProperties: falseSchema(),
		PropertyOrder:        []string{"to_camp", "text"},
	}
}

func callSend(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in MessageArgs
	if err := decode(c.Lang, SendMessage, args, &in); err != nil {
		return nil, err
	}
	m, err := c.Send(ctx, in.ToCamp, in.Text)
	return reply(c.Lang, m, err, viewtext.Sent)
}

func messagesSchema(l lang.Lang, _ *pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"since_day": sinceDay(l),
	}, AdditionalProperties: falseSchema()}
}

func callMessages(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in JournalArgs
	if err := decode(c.Lang, Messages, args, &in); err != nil {
		return nil, err
	}
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	msgs, err := c.MessagesSince(ctx, in.SinceDay)
	if err != nil {
		return nil, Describe(c.Lang, err)
	}
	s, err := JSON(&pb.ListMessagesResponse{Messages: msgs})
	if err != nil {
		return nil, err
	}
	return &Result{Text: viewtext.Messages(c.Lang, msgs, v.GetCamp()), Structured: s}, nil
}

func callSetStanding(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in OrderInput
	if err := decode(c.Lang, SetStanding, args, &in); err != nil {
		return nil, err
	}
	o, err := c.SetStanding(ctx, &pb.Order{Action: in.Order.Action, Args: in.Order.Args, Reason: in.Reason})
	if err != nil {
		return nil, WithOptions(ctx, c, err, in.Order)
	}
	return reply(c.Lang, o, err, viewtext.Standing)
}
