// Package tools is the table of tools that a program uses to play a camp
// through the game's public API: the view (text and structured), the legal
// actions, submitting an order with its reason, the journal, the rules by
// section and waiting for the next day. The MCP server (clients/agent) and
// the chat-completions runner (clients/llm) both serve this one table; each
// tool has a name, a description, an input schema (built from the camp's
// current view where the legal actions restrict it) and a call.
package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/docs"
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
)

// Wait bounds, in seconds.
const (
	DefaultWaitSeconds = 60
	MaxWaitSeconds     = 600
)

// Camp is a player's handle on one camp: a client of the game service, the
// camp's token (which names the world and the camp) and the clock used to
// say how long remains before a deadline. A Camp is safe for concurrent use
// when its Game client is.
type Camp struct {
	Game  pb.GameServiceClient
	Token string
	Now   func() time.Time
}

// auth returns ctx carrying the camp's token.
func (c *Camp) auth(ctx context.Context) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.Token)
}

// GetView returns the camp's current view.
func (c *Camp) GetView(ctx context.Context) (*pb.CampView, error) {
	return c.Game.GetView(c.auth(ctx), &pb.GetViewRequest{})
}

// Submit posts or replaces the camp's order for the next day.
func (c *Camp) Submit(ctx context.Context, o *pb.Order) (*pb.SubmitOrderResponse, error) {
	return c.Game.SubmitOrder(c.auth(ctx), &pb.SubmitOrderRequest{Order: o})
}

// Send sends a private message to camp to.
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

// JournalSince returns the camp's journal from day since on.
func (c *Camp) JournalSince(ctx context.Context, since int32) ([]*pb.JournalEntry, error) {
	r, err := c.Game.GetJournal(c.auth(ctx), &pb.GetJournalRequest{SinceDay: since})
	if err != nil {
		return nil, err
	}
	return r.GetEntries(), nil
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
	Text    string            `json:"-"`
}

func (f *Failure) Error() string { return f.Text }

// Describe returns err, a refusal of the server, bad arguments or any other
// error, as a Failure.
func Describe(err error) *Failure {
	var f *Failure
	if errors.As(err, &f) {
		return f
	}
	st, ok := status.FromError(err)
	if !ok {
		return &Failure{Code: "Unknown", Message: err.Error(), Text: viewtext.Error(err)}
	}
	f = &Failure{Code: st.Code().String(), Message: st.Message(), Text: viewtext.Error(err)}
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			f.Reason = d.GetReason()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				if f.Fields == nil {
					f.Fields = map[string]string{}
				}
				f.Fields[v.GetField()] = v.GetDescription()
			}
		}
	}
	return f
}

// badArgs is a Failure for tool arguments that do not decode: a bad
// request, like a malformed field of a call to the server.
func badArgs(tool string, err error) *Failure {
	msg := fmt.Sprintf("bad arguments for %s: %v", tool, err)
	reason := pb.ErrorReason_ERROR_REASON_BAD_REQUEST.Code()
	return &Failure{Code: "InvalidArgument", Message: msg, Reason: reason,
		Text: "error (InvalidArgument): " + msg + "\n  reason: " + reason + "\n"}
}

// instructions tell a model how to play with the tools, whatever the
// ruleset; Instructions adds the ruleset's own lines.
const instructions = `You play one camp of a turn-based game on a Grisonval server; the view names the world's ruleset. Each game day (a tick), every camp that has something to decide posts one order; the orders resolve together at the deadline, or as soon as every camp that decides has posted. A camp that posts nothing plays its standing order (the view shows it; set_standing_order changes it). Each day: read the view (or legal_actions), choose one legal action with valid arguments (the menu gives each one's arguments and cost), and call submit_order with it as the order ({"action": NAME, "args": [...]}) and a short reason; you may replace your order until the day resolves. Then wait_next_tick: it says what became of your order (applied, stale or standing) and the messages you received. The journal says what happened and why; send_message writes a short private message to a camp the view says you may write to.`

// rulesetInstructions are each ruleset's lines of the instructions, by
// the ruleset's name. They describe the game's shape; its numbers are the
// view's.
var rulesetInstructions = map[string]string{
	"grisonval": `In Grisonval, the camps share a map of hex zones under a fog of war.`,
	"castle": `In the Castle, each camp is a city with five gauges, and the last city standing wins. A turn is three days: ` +
		`the current city's convert step, its draft step (it keeps one of the cards it drew and gives one to each other city; ` +
		`a card is named by its slot, from 1), then the play step, where every city holding a card plays or discards it, in turn order. ` +
		`The view says whether you act or wait: when you wait, your order is not needed and you need not post.`,
}

// Instructions tell a model how to play a camp of view v's ruleset with
// the tools: the shared rules of play, the ruleset's shape and where its
// rulebook is. v may be nil (Grisonval's, the server's first ruleset).
func Instructions(v *pb.CampView) string {
	ruleset := rulesetOf(v)
	s := instructions
	if r := rulesetInstructions[ruleset]; r != "" {
		s += " " + r
	}
	if _, ok := rulebooks[ruleset]; ok {
		return s + " The rules tool holds its rulebook by section."
	}
	return s + " This program has no rulebook of this ruleset: the view carries its rules' numbers, and each legal action's summary says what it does."
}

// rulebooks are the rulebooks the rules tool serves, by ruleset.
var rulebooks = map[string]string{"grisonval": docs.Rules, "castle": docs.Castle}

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
	Description string
	// Schema returns the tool's JSON input schema for the camp's current
	// view v (v is nil when the view is not available).
	Schema func(v *pb.CampView) *jsonschema.Schema
	// PerDay is set when Schema depends on the view, so that the tool's
	// definition changes each day.
	PerDay bool
	// Call runs the tool with its JSON arguments, unchecked: Run checks
	// them against the published schema first. A refusal of the server or
	// bad arguments come back as a *Failure.
	Call func(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error)
}

// Run validates args against s, the input schema published for the tool
// (t.Schema of the view its definition was built from), and calls the tool
// when they conform: arguments outside the schema are refused as a
// *Failure naming the field, and nothing reaches the server.
func (t Tool) Run(ctx context.Context, c *Camp, s *jsonschema.Schema, args json.RawMessage) (*Result, error) {
	if err := Validate(t.Name, s, args); err != nil {
		return nil, err
	}
	return t.Call(ctx, c, args)
}

// Table returns every tool, in a stable order.
func Table() []Tool {
	return []Tool{
		{Name: View, Description: "Your camp's view of the world as compact text: day and deadline, the ruleset's " +
			"own part (Grisonval: stocks, the zones you see and remember with the day last seen, the unknown zones, " +
			"columns, other camps and the numbers of the rules; the Castle: the turn, whose step it is and whether you " +
			"act, every city's gauges and stores, your hand or the cards you drew, the deck, the discard pile and the " +
			"numbers of the rules), your latest journal entries and messages, and the numbered menu of legal actions " +
			"with their valid arguments and costs.",
			Schema: noArgs, Call: callView},
		{Name: ViewStructured, Description: "Your camp's view as structured JSON (the grisonval.v1.CampView " +
			"message in protojson), for programs: the shared part, and the ruleset's own in its detail (grisonval: " +
			"every zone with its coordinates and neighbours; castle: every city, your hand or drawn cards; both with " +
			"the numbers of the rules).",
			Schema: noArgs, Call: callViewStructured},
		{Name: LegalActions, Description: "The actions you may order for the next day, numbered, each with its " +
			"arguments in order, their valid values (the zones, camps or card slots you may name, a count's bounds) and its cost.",
			Schema: noArgs, Call: callLegalActions},
		{Name: SubmitOrder, Description: "Post (or replace, until the deadline) your order for the next day: " +
			"order, one of the day's legal actions with its own arguments ({\"action\": \"explore\", \"args\": [4]}: " +
			"the schema lists each action's valid values), and your reason (kept in your own journal, never " +
			"shown to another camp). A refusal says the rule code and the argument at fault.",
			Schema: submitSchema, PerDay: true, Call: callSubmit},
		{Name: Journal, Description: "Your camp's journal from a day on: what happened each day, in French, " +
			"with a factual \"why\".",
			Schema: journalSchema, Call: callJournal},
		{Name: Rules, Description: "The rulebook of your world's ruleset by section (Grisonval: docs/rules.md): " +
			"without a section, the list of sections; with one, its text.",
			Schema: rulesSchema, Call: callRules},
		{Name: WaitNextTick, Description: "Wait until the world resolves a day after after_day (default: the " +
			"current day), at most timeout_seconds, and return what became of your order that day (applied, " +
			"stale with the rule code, or your standing order), the messages you received and what your journal " +
			"learned.",
			Schema: waitSchema, PerDay: true, Call: callWait},
		{Name: SendMessage, Description: "Send a short private message to a camp you have met and that still " +
			"lives (the view lists them). Only that camp reads it; it is tied to the day being decided.",
			Schema: sendSchema, PerDay: true, Call: callSend},
		{Name: Messages, Description: "Your private messages, sent and received, from a day on.",
			Schema: messagesSchema, Call: callMessages},
		{Name: SetStanding, Description: "Set your standing order: the order played on each day you post " +
			"nothing (default: rest in Grisonval, default in the Castle). It must be legal now, and plays only while it stays legal; " +
			"otherwise your camp rests and the day's result says why.",
			Schema: submitSchema, PerDay: true, Call: callSetStanding},
	}
}

// Lookup returns the tool named name.
func Lookup(name string) (Tool, bool) {
	i := slices.IndexFunc(Table(), func(t Tool) bool { return t.Name == name })
	if i < 0 {
		return Tool{}, false
	}
	return Table()[i], true
}

func noArgs(*pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}, AdditionalProperties: falseSchema()}
}

// decode decodes a tool's arguments into in; empty arguments leave in as is.
func decode(tool string, args json.RawMessage, in any) error {
	if len(args) == 0 || string(args) == "null" {
		return nil
	}
	d := json.NewDecoder(strings.NewReader(string(args)))
	d.DisallowUnknownFields()
	if err := d.Decode(in); err != nil {
		return badArgs(tool, err)
	}
	return nil
}

func callView(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(err)
	}
	return &Result{Text: viewtext.View(v, c.Now())}, nil
}

func callViewStructured(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(err)
	}
	s, err := JSON(v)
	if err != nil {
		return nil, err
	}
	return &Result{Text: string(s), Structured: s}, nil
}

func callLegalActions(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(err)
	}
	actions := []json.RawMessage{}
	for _, a := range v.GetLegalActions() {
		b, err := JSON(a)
		if err != nil {
			return nil, err
		}
		actions = append(actions, b)
	}
	s := map[string]any{"day": v.GetDay(), "ruleset": rulesetOf(v), "legalActions": actions}
	return &Result{Text: viewtext.Menu(v), Structured: s}, nil
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
func submitSchema(v *pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"order":  orderSchema(v),
			"reason": {Type: "string", Description: "why you give this order, in a sentence (kept in your own journal)"},
		},
		Required:             []string{"order", "reason"},
		AdditionalProperties: falseSchema(),
		PropertyOrder:        []string{"order", "reason"},
	}
}

// argKind says what an argument of a kind designates.
func argKind(k pb.ArgKind) string {
	switch k {
	case pb.ArgKind_ARG_KIND_ZONE:
		return "a zone"
	case pb.ArgKind_ARG_KIND_COUNT:
		return "a count"
	case pb.ArgKind_ARG_KIND_CAMP:
		return "a camp"
	case pb.ArgKind_ARG_KIND_GOVERNMENT:
		return "a government"
	case pb.ArgKind_ARG_KIND_CARD:
		return "a slot of the cards you drew, from 1"
	}
	return "a number"
}

func callSubmit(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in OrderInput
	if err := decode(SubmitOrder, args, &in); err != nil {
		return nil, err
	}
	r, err := c.Submit(ctx, &pb.Order{Action: in.Order.Action, Args: in.Order.Args, Reason: in.Reason})
	if err != nil {
		return nil, Describe(err)
	}
	s, err := JSON(r)
	if err != nil {
		return nil, err
	}
	return &Result{Text: viewtext.Submitted(r), Structured: s}, nil
}

// JournalArgs are the arguments of journal.
type JournalArgs struct {
	SinceDay int32 `json:"since_day"`
}

func journalSchema(*pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"since_day": {Type: "integer", Minimum: jsonschema.Ptr(0.0), Description: "first day to return (default 0: all)"},
	}, AdditionalProperties: falseSchema()}
}

func callJournal(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in JournalArgs
	if err := decode(Journal, args, &in); err != nil {
		return nil, err
	}
	entries, err := c.JournalSince(ctx, in.SinceDay)
	if err != nil {
		return nil, Describe(err)
	}
	s, err := JSON(&pb.GetJournalResponse{Entries: entries})
	if err != nil {
		return nil, err
	}
	text := viewtext.Journal(entries)
	if len(entries) == 0 {
		text = fmt.Sprintf("No journal entry from day %d on.\n", in.SinceDay)
	}
	return &Result{Text: text, Structured: s}, nil
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

// RuleSections splits the rulebook of a ruleset ("grisonval") into its
// sections; the text before the first heading is the "Introduction". It
// returns nil for a ruleset whose rulebook this program does not hold.
func RuleSections(ruleset string) []Section {
	book, ok := rulebooks[ruleset]
	if !ok {
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

// rulesSchema lists the sections of v's ruleset's rulebook (none without
// a view, or for a ruleset without a rulebook).
func rulesSchema(v *pb.CampView) *jsonschema.Schema {
	section := &jsonschema.Schema{Type: "string", Description: "the section to read; leave out to list the sections"}
	if v != nil {
		for _, s := range RuleSections(rulesetOf(v)) {
			section.Enum = append(section.Enum, s.Title)
		}
	}
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"section": section}, AdditionalProperties: falseSchema()}
}

func callRules(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in RulesArgs
	if err := decode(Rules, args, &in); err != nil {
		return nil, err
	}
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(err)
	}
	ruleset := rulesetOf(v)
	secs := RuleSections(ruleset)
	if secs == nil {
		text := fmt.Sprintf("This program has no rulebook of the %s ruleset: the view carries its rules' numbers, "+
			"and each legal action's summary says what it does.\n", ruleset)
		return &Result{Text: text, Structured: map[string]any{"ruleset": ruleset, "sections": []string{}}}, nil
	}
	var titles []string
	for _, s := range secs {
		titles = append(titles, s.Title)
	}
	if in.Section == "" {
		var b strings.Builder
		b.WriteString("Sections of the rules (call rules with one of them):\n")
		for _, s := range secs {
			fmt.Fprintf(&b, "  %s (%d characters)\n", s.Title, len(s.Text))
		}
		return &Result{Text: b.String(), Structured: map[string]any{"ruleset": ruleset, "sections": titles}}, nil
	}
	for _, s := range secs {
		if strings.EqualFold(s.Title, in.Section) {
			return &Result{Text: s.Text, Structured: map[string]any{"ruleset": ruleset, "section": s.Title, "text": s.Text}}, nil
		}
	}
	return nil, badArgs(Rules, fmt.Errorf("no section %q; sections: %s", in.Section, strings.Join(titles, ", ")))
}

// WaitArgs are the arguments of wait_next_tick.
type WaitArgs struct {
	AfterDay       *int32 `json:"after_day,omitempty"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty"`
}

func waitSchema(v *pb.CampView) *jsonschema.Schema {
	after := &jsonschema.Schema{Type: "integer", Minimum: jsonschema.Ptr(0.0),
		Description: "return once a day later than this one is resolved (default: the current day)"}
	if v != nil {
		after.Description = fmt.Sprintf("return once a day later than this one is resolved (default: the current day, %d now)", v.GetDay())
	}
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"after_day": after,
		"timeout_seconds": {Type: "integer", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(float64(MaxWaitSeconds)),
			Description: fmt.Sprintf("how long to wait at most (default %d)", DefaultWaitSeconds)},
	}, AdditionalProperties: falseSchema(), PropertyOrder: []string{"after_day", "timeout_seconds"}}
}

func callWait(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	in := WaitArgs{TimeoutSeconds: DefaultWaitSeconds}
	if err := decode(WaitNextTick, args, &in); err != nil {
		return nil, err
	}
	if in.TimeoutSeconds < 1 || in.TimeoutSeconds > MaxWaitSeconds {
		return nil, badArgs(WaitNextTick, fmt.Errorf("timeout_seconds is %d; want 1 to %d", in.TimeoutSeconds, MaxWaitSeconds))
	}
	after := int32(-1)
	if in.AfterDay != nil {
		after = *in.AfterDay
	}
	n, err := c.WaitAfter(ctx, after, time.Duration(in.TimeoutSeconds)*time.Second)
	if err != nil {
		return nil, Describe(err)
	}
	if n == nil {
		return &Result{Text: fmt.Sprintf("No new day within %d s; call wait_next_tick again.\n", in.TimeoutSeconds),
			Structured: map[string]any{"resolved": false}}, nil
	}
	s, err := JSON(n)
	if err != nil {
		return nil, err
	}
	return &Result{Text: viewtext.Notice(n, c.Now()), Structured: map[string]any{"resolved": true, "notice": s}}, nil
}

// MessageArgs are the arguments of send_message.
type MessageArgs struct {
	ToCamp int32  `json:"to_camp"`
	Text   string `json:"text"`
}

// sendSchema restricts the recipient to v's recipients and the text to
// v's max_message_len.
func sendSchema(v *pb.CampView) *jsonschema.Schema {
	to := &jsonschema.Schema{Type: "integer", Description: "the camp to write to: one you have met and that still lives"}
	text := &jsonschema.Schema{Type: "string", MinLength: jsonschema.Ptr(1), Description: "the message, a few sentences at most"}
	if v != nil {
		var rs []any
		for _, c := range v.GetMessageRecipients() {
			rs = append(rs, c)
		}
		if len(rs) > 0 {
			to.Enum = rs
		}
		if n := int(v.GetMaxMessageLen()); n > 0 {
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
	if err := decode(SendMessage, args, &in); err != nil {
		return nil, err
	}
	m, err := c.Send(ctx, in.ToCamp, in.Text)
	if err != nil {
		return nil, Describe(err)
	}
	s, err := JSON(m)
	if err != nil {
		return nil, err
	}
	return &Result{Text: viewtext.Sent(m), Structured: s}, nil
}

func messagesSchema(*pb.CampView) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"since_day": {Type: "integer", Minimum: jsonschema.Ptr(0.0), Description: "first day to return (default 0: all)"},
	}, AdditionalProperties: falseSchema()}
}

func callMessages(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in JournalArgs
	if err := decode(Messages, args, &in); err != nil {
		return nil, err
	}
	v, err := c.GetView(ctx)
	if err != nil {
		return nil, Describe(err)
	}
	msgs, err := c.MessagesSince(ctx, in.SinceDay)
	if err != nil {
		return nil, Describe(err)
	}
	s, err := JSON(&pb.ListMessagesResponse{Messages: msgs})
	if err != nil {
		return nil, err
	}
	return &Result{Text: viewtext.Messages(msgs, v.GetCamp()), Structured: s}, nil
}

func callSetStanding(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in OrderInput
	if err := decode(SetStanding, args, &in); err != nil {
		return nil, err
	}
	o, err := c.SetStanding(ctx, &pb.Order{Action: in.Order.Action, Args: in.Order.Args, Reason: in.Reason})
	if err != nil {
		return nil, Describe(err)
	}
	s, err := JSON(o)
	if err != nil {
		return nil, err
	}
	return &Result{Text: viewtext.Standing(o), Structured: s}, nil
}
