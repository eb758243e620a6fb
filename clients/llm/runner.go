package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Offered are the tools the runner offers the model holding seat ("" or
// "ruler": the ruler's): those of the table the seat may call
// (tools.ForSeat), the MCP server's but the other seats' order tools and
// wait_next_tick (the runner waits for the next day itself).
func Offered(seat string) []string {
	var names []string
	for _, t := range offered(seat) {
		names = append(names, t.Name)
	}
	return names
}

// offered returns the tools of Offered.
func offered(seat string) []tools.Tool {
	var out []tools.Tool
	for _, t := range tools.ForSeat(seat) {
		if t.Name != tools.WaitNextTick {
			out = append(out, t)
		}
	}
	return out
}

// Outcomes of a day, as the log writes them. Append only.
const (
	// OutcomePosted: an order was accepted for the day.
	OutcomePosted = "posted"
	// OutcomeStale: the day resolved while the model was thinking: the
	// order, meant for it (for_day), was refused as day_resolved, and the
	// camp played its standing order (or an order posted earlier).
	OutcomeStale = "stale"
	// OutcomeGaveUp: no valid order within the retries or model calls;
	// the standing order (or an order posted earlier) plays.
	OutcomeGaveUp = "gave_up"
	// OutcomeModelError: the endpoint failed; the standing order plays.
	OutcomeModelError = "model_error"
	// OutcomeSeasonOver: the season is over; the runner stops.
	OutcomeSeasonOver = "season_over"
	// OutcomeWaited: the camp had nothing to decide (its menu was one
	// action without arguments, as a Castle city's that waits); the model
	// was not called and the server played for it.
	OutcomeWaited = "waited"
	// OutcomeProposed: a councillor's seat posted its proposal for the
	// day (propose_order); the ruler decides.
	OutcomeProposed = "proposed"
	// OutcomeBudget: the day's or the season's token budget was spent
	// before an order was posted; the standing order (or an order posted
	// earlier) plays. Record.Budget says which.
	OutcomeBudget = "budget"
)

// Budgets a day's thinking may end on (Record.Budget).
const (
	BudgetDay    = "day"
	BudgetSeason = "season"
)

// Statuses of what became of a day's order, from the server's result.
// Append only.
const (
	// AppliedOrder: the order the runner posted was played.
	AppliedOrder = "applied"
	// AppliedStale: the posted order was no longer legal when the day
	// resolved; the camp did nothing.
	AppliedStale = "stale"
	// AppliedEarlier: an order posted before this day's turn was played.
	AppliedEarlier = "earlier_order_applied"
	// AppliedStanding: no order was posted; the standing order played.
	AppliedStanding = "standing_order"
	// AppliedUnknown: the day's result was not heard (the stream missed
	// the day).
	AppliedUnknown = "unknown"
	// AppliedStandingStale: no order was posted and the standing order was
	// no longer legal; the camp rested.
	AppliedStandingStale = "standing_order_stale"
	// AppliedAdopted and AppliedRefused: a councillor's proposal of the
	// day was adopted by the ruler, or not; AppliedNoProposal: the seat
	// proposed nothing for the day.
	AppliedAdopted    = "adopted"
	AppliedRefused    = "refused"
	AppliedNoProposal = "no_proposal"
)

// System is the runner's system prompt for a camp of view v's ruleset, in
// l: the tools' instructions, with the sections of book, the world's
// rulebook (nil when it could not be read), and how the runner plays.
func System(l lang.Lang, v *pb.CampView, book *pb.Rulebook) string {
	return tools.Instructions(l, v, book) + l.Sprintf(" Here the day's view is the user's message, followed by your council when your camp has one. You may read, write to the camps you may write to "+
		"and set your standing order first; your turn for the day ends once submit_order accepts your order (or adopt_proposal "+
		"a councillor's proposal; for a councillor's seat, once propose_order accepts its proposal), and the runner "+
		"then waits for the next day itself (wait_next_tick is not offered).",
		" Ici, la vue du jour est le message de l'utilisateur, suivie de votre conseil quand votre camp en a un. Vous pouvez d'abord lire, écrire aux camps auxquels vous pouvez écrire "+
			"et fixer votre ordre permanent ; votre tour du jour s'achève dès que submit_order accepte votre ordre (ou adopt_proposal "+
			"la proposition d'un conseiller ; pour le siège d'un conseiller, dès que propose_order accepte sa proposition), et le programme "+
			"attend ensuite lui-même le jour suivant (wait_next_tick n'est pas offert).")
}

// nothingToDecide reports whether v leaves the camp nothing to decide: its
// menu is one action without arguments (a Castle city that waits has only
// default), which plays whether the camp posts it or not.
func nothingToDecide(v *pb.CampView) bool {
	a := v.GetLegalActions()
	return len(a) == 1 && len(a[0].GetArgs()) == 0
}

// Record is one day of play, the log's line: the prompt, every model
// answer with its tokens and latency and the tools it called, the order
// submitted and what the next day's journal shows of it.
type Record struct {
	World uint64 `json:"world"`
	Camp  int32  `json:"camp"`
	// Seat is the council seat the token holds ("ruler", "general", ...).
	Seat   string    `json:"seat,omitempty"`
	Day    int32     `json:"day"`
	Start  time.Time `json:"start"`
	Prompt []Message `json:"prompt"`
	// Exchanges are the model calls in order.
	Exchanges []Exchange `json:"exchanges"`
	// Tokens is the day's usage (the sum of its exchanges'), and
	// SeasonTokens the usage of every day this runner played so far, this
	// one included.
	Tokens       Usage `json:"tokens"`
	SeasonTokens Usage `json:"season_tokens"`
	// Budget is the budget that ended the day's thinking ("day" or
	// "season"), if one did.
	Budget    string `json:"budget,omitempty"`
	LatencyMS int64  `json:"latency_ms"`
	// Deadline is the day's deadline as the view gave it (none in a world
	// without one); DeadlineMS the time it left when the day's play
	// started; UsedMS the time the play took (model calls, their retries
	// and the tools), and DeadlineUsedPct UsedMS as a share of DeadlineMS.
	Deadline        *time.Time `json:"deadline,omitempty"`
	DeadlineMS      int64      `json:"deadline_ms,omitempty"`
	UsedMS          int64      `json:"used_ms"`
	DeadlineUsedPct float64    `json:"deadline_used_pct,omitempty"`
	// InvalidOrders counts refused orders and answers without a tool call.
	InvalidOrders int    `json:"invalid_orders"`
	Outcome       string `json:"outcome"`
	Error         string `json:"error,omitempty"`
	// Submitted is the order accepted by the server, PostedForDay the day
	// the server will play it on; Adopted the seat whose proposal it is
	// when the ruler adopted one. Proposed is a councillor's proposal
	// accepted by the server.
	Submitted    *tools.OrderArgs `json:"submitted,omitempty"`
	Adopted      string           `json:"adopted,omitempty"`
	Proposed     *tools.OrderArgs `json:"proposed,omitempty"`
	PostedForDay int32            `json:"posted_for_day,omitempty"`
	Applied      *Applied         `json:"applied,omitempty"`
}

// Exchange is one model call and the tools it called: the answer, the
// model's reasoning text when the endpoint returned one, the tokens, the
// latency (retries and their waits included) and, when the call was
// retried, each HTTP attempt.
type Exchange struct {
	Response  Message      `json:"response"`
	Reasoning string       `json:"reasoning,omitempty"`
	Usage     Usage        `json:"usage"`
	LatencyMS int64        `json:"latency_ms"`
	Attempts  []Attempt    `json:"attempts,omitempty"`
	Tools     []ToolResult `json:"tools,omitempty"`
}

// ToolResult is one tool call's outcome as the model read it.
type ToolResult struct {
	Name   string `json:"name"`
	Result string `json:"result"`
	Error  bool   `json:"error,omitempty"`
}

// Applied is what became of the day's order, from the server's result of
// the day: the order played, its status and, for a stale one, the rule
// code, the field at fault and why.
type Applied struct {
	Status string           `json:"status"`
	Order  *tools.OrderArgs `json:"order,omitempty"`
	Code   string           `json:"code,omitempty"`
	Field  string           `json:"field,omitempty"`
	Why    string           `json:"why,omitempty"`
}

// Runner plays one camp with a chat model. Camp, Chat and Log are
// required. A Runner is not safe for concurrent use.
type Runner struct {
	Camp *tools.Camp
	Chat *Client
	// Retries is how many invalid orders are retried each day, with the
	// server's reason fed back, before the runner gives up for the day.
	Retries int
	// MaxCalls bounds the model calls of one day.
	MaxCalls int
	// Days is how many days to play; 0 plays until ctx is done or the
	// season ends.
	Days int
	// SystemPrompt, when set, replaces the runner's system prompt
	// (System).
	SystemPrompt string
	// DayTokens and SeasonTokens bound the total tokens of a day's model
	// calls and of every day this runner plays; 0 sets no bound. Once a
	// budget is spent no further call is made that day (OutcomeBudget).
	DayTokens, SeasonTokens int
	// season is the usage of the days played so far.
	season Usage
	// Log receives one JSON line per day.
	Log    io.Writer
	Logger zerolog.Logger
}

// Run plays day after day. It returns nil when ctx is done, Days are
// played or the season is over, and an error when the game server refuses
// the token or the log cannot be written.
func (r *Runner) Run(ctx context.Context) error {
	enc := json.NewEncoder(r.Log)
	seen := int32(-1) // the last day whose view the model was given
	for played := 0; r.Days == 0 || played < r.Days; played++ {
		v, err := r.Camp.GetView(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("get view: %w", err)
		}
		log := r.Logger.With().Uint64("world", v.GetWorldId()).Int32("day", v.GetDay()).Int32("camp", v.GetCamp()).Logger()
		missed, err := r.missed(ctx, seen, v.GetDay())
		if err != nil {
			log.Warn().Err(err).Msg("read the news of the days missed")
		}
		seen = v.GetDay()
		rec := r.play(ctx, v, missed)
		r.season.add(rec.Tokens)
		rec.SeasonTokens = r.season
		if rec.Outcome != OutcomeSeasonOver {
			n, err := r.waitDay(ctx, v.GetDay())
			if err != nil {
				return err
			}
			if ctx.Err() != nil {
				return nil
			}
			if ruler(rec.Seat) {
				rec.Applied = applied(rec, n)
			} else {
				rec.Applied = r.proposalFate(ctx, rec)
			}
		}
		ev := log.Info().Str("outcome", rec.Outcome).Int("invalid_orders", rec.InvalidOrders).Int("tokens", rec.Tokens.TotalTokens).
			Int("season_tokens", rec.SeasonTokens.TotalTokens).Float64("cost_usd", rec.Tokens.CostUSD).Int64("used_ms", rec.UsedMS)
		if rec.Deadline != nil {
			ev = ev.Int64("deadline_ms", rec.DeadlineMS).Float64("deadline_used_pct", rec.DeadlineUsedPct)
		}
		ev.Msg("day played")
		if err := enc.Encode(rec); err != nil {
			return fmt.Errorf("write the log: %w", err)
		}
		if rec.Outcome == OutcomeSeasonOver {
			return nil
		}
	}
	return nil
}

// missed returns the news of the days resolved after seen, the day of the
// last view the model was given (-1: none), and before today, the day of
// the view it is about to be given (whose own result and journal that view
// has): the days it would otherwise never hear of.
func (r *Runner) missed(ctx context.Context, seen, today int32) ([]*pb.TickNotice, error) {
	var out []*pb.TickNotice
	for since := seen + 1; seen >= 0 && since < today; {
		news, err := r.Camp.News(ctx, since)
		if err != nil || len(news.GetDays()) == 0 {
			return out, err
		}
		for _, n := range news.GetDays() {
			if n.GetDay() < today {
				out = append(out, n)
			}
		}
		since = news.GetDays()[len(news.GetDays())-1].GetDay() + 1
	}
	return out, nil
}

// waitDay waits until a day after day is resolved and returns the notice
// of the day after it, the one the runner's turn was for, from the camp's
// news: that day's, even when later days resolved before the wait ended
// (nil when ctx is done first).
func (r *Runner) waitDay(ctx context.Context, day int32) (*pb.TickNotice, error) {
	for ctx.Err() == nil {
		news, err := r.Camp.WaitNews(ctx, day, time.Duration(tools.MaxWaitSeconds)*time.Second)
		switch {
		case news != nil && len(news.GetDays()) > 0:
			return news.GetDays()[0], nil
		case news != nil:
			// The season was reset under the wait: no day after day.
			return nil, nil
		case err == nil || ctx.Err() != nil:
		case status.Code(err) == codes.Unauthenticated || status.Code(err) == codes.PermissionDenied:
			return nil, fmt.Errorf("wait for the next day: %w", err)
		default:
			r.Logger.Warn().Err(err).Int32("day", day).Msg("wait for the next day; retrying")
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
	return nil, nil
}

// ruler reports whether seat is the ruler's ("" for a token without a
// seat).
func ruler(seat string) bool { return seat == "" || seat == viewtext.RulerSeat }

// ToolDefs returns the tools offered to seat, with their schemas for view
// v as camp c serves them (tools.Tool.SchemaOf: c's language, the stable
// or the daily schemas, narrowed to the seat's domain once c knows its
// council).
func ToolDefs(c *tools.Camp, v *pb.CampView, seat string) []ToolDef {
	var defs []ToolDef
	for _, t := range offered(seat) {
		defs = append(defs, ToolDef{Type: "function", Function: FunctionDef{Name: t.Name, Description: t.Description.In(c.Lang), Parameters: t.SchemaOf(c, v)}})
	}
	return defs
}

// Prompt is the user's message of a day: the news of the days missed
// since the model's last turn (none when missed is empty), the compact
// view v (viewtext.Compact, which shows the council's open proposals) and,
// when the camp has a council of more than one seat, its seats
// (viewtext.Seats).
func Prompt(l lang.Lang, v *pb.CampView, council *pb.Council, missed []*pb.TickNotice, now time.Time) string {
	prompt := viewtext.Compact(l, v, now)
	if len(missed) > 0 {
		prompt = l.Sprintf("Days resolved since your last turn (day %d), before today's view:\n",
			"Jours résolus depuis votre dernier tour (jour %d), avant la vue du jour :\n", missed[0].GetDay()-1) +
			viewtext.News(l, &pb.GetNewsResponse{Days: missed, Day: v.GetDay()}, now) + "\n" + prompt
	}
	if len(council.GetSeats()) > 1 {
		prompt += "\n" + viewtext.Seats(l, council)
	}
	return prompt
}

// play runs the model on view v until it posts an order, runs out of
// retries or calls, or the endpoint fails.
func (r *Runner) play(ctx context.Context, v *pb.CampView, missed []*pb.TickNotice) *Record {
	rec := &Record{World: v.GetWorldId(), Camp: v.GetCamp(), Day: v.GetDay() + 1, Start: r.Camp.Now()}
	// The council of the day: the token's seat, and the proposals of the
	// day being decided. A server that cannot say plays the ruler.
	council, err := r.Camp.Council(ctx, v.GetDay()+1)
	if err != nil {
		r.Logger.Warn().Err(err).Int32("day", v.GetDay()).Msg("read the council; playing the ruler's seat")
	}
	rec.Seat = council.GetSeat()
	r.Camp.LearnCouncil(council)
	if nothingToDecide(v) {
		rec.Outcome = OutcomeWaited
		return rec
	}
	var until time.Time
	if d := v.GetDeadline(); d != nil {
		until = d.AsTime()
		rec.Deadline = &until
		rec.DeadlineMS = until.Sub(rec.Start).Milliseconds()
	}
	defer func() {
		rec.UsedMS = r.Camp.Now().Sub(rec.Start).Milliseconds()
		if rec.DeadlineMS > 0 {
			rec.DeadlineUsedPct = math.Round(1000*float64(rec.UsedMS)/float64(rec.DeadlineMS)) / 10
		}
	}()
	l := r.Camp.Lang
	// The model decides on v: its orders are meant for the day after.
	r.Camp.MarkShown(v.GetDay())
	prompt := Prompt(l, v, council, missed, r.Camp.Now())
	// The world's rulebook, read once (the camp keeps it); without it the
	// prompt says where the rules tool finds it.
	book, err := r.Camp.Rulebook(ctx)
	if err != nil {
		r.Logger.Warn().Err(err).Int32("day", v.GetDay()).Msg("read the rulebook")
	}
	system := r.SystemPrompt
	if system == "" {
		system = System(l, v, book)
	}
	msgs := []Message{{Role: "system", Content: system}, {Role: "user", Content: prompt}}
	rec.Prompt = slices.Clone(msgs)
	defs := ToolDefs(r.Camp, v, rec.Seat)
	for range max(r.MaxCalls, 1) {
		if b := r.spent(rec); b != "" {
			rec.Budget, rec.Outcome = b, OutcomeBudget
			return rec
		}
		start := time.Now()
		comp, err := r.Chat.Complete(ctx, msgs, defs, until)
		answer := comp.Message
		ex := Exchange{Response: answer, Reasoning: comp.Reasoning, Usage: comp.Usage, LatencyMS: time.Since(start).Milliseconds()}
		if len(comp.Attempts) > 1 {
			ex.Attempts = comp.Attempts
			r.Logger.Warn().Int32("day", v.GetDay()).Int("attempts", len(comp.Attempts)).Msg("model call retried")
		}
		if comp.Reasoning != "" {
			r.Logger.Debug().Int32("day", v.GetDay()).Str("reasoning", comp.Reasoning).Msg("model reasoning")
		}
		rec.LatencyMS += ex.LatencyMS
		rec.Tokens.add(comp.Usage)
		if err != nil {
			rec.Exchanges = append(rec.Exchanges, ex)
			rec.Outcome, rec.Error = OutcomeModelError, err.Error()
			return rec
		}
		msgs = append(msgs, answer)
		if len(answer.ToolCalls) == 0 {
			rec.InvalidOrders++
			nudge := l.Sprintf("You posted no order. Call submit_order with one legal action, its arguments and a reason.",
				"Vous n'avez posté aucun ordre. Appelez submit_order avec une action permise, ses arguments et une raison.")
			if !ruler(rec.Seat) {
				nudge = l.Sprintf("You proposed no order. Call propose_order with one legal action of your seat's domain, its arguments and a reason for the council.",
					"Vous n'avez proposé aucun ordre. Appelez propose_order avec une action permise du domaine de votre siège, ses arguments et une raison pour le conseil.")
			}
			msgs = append(msgs, Message{Role: "user", Content: nudge})
		}
		for _, call := range answer.ToolCalls {
			res := r.call(ctx, call, v, defs, rec)
			ex.Tools = append(ex.Tools, res)
			msgs = append(msgs, Message{Role: "tool", ToolCallID: call.ID, Content: res.Result})
		}
		rec.Exchanges = append(rec.Exchanges, ex)
		if rec.Outcome != "" {
			return rec
		}
		if rec.InvalidOrders > r.Retries {
			break
		}
	}
	rec.Outcome = OutcomeGaveUp
	return rec
}

// call runs one tool call of the model, its arguments checked against the
// schema offered in defs, and records a posted order in rec.
func (r *Runner) call(ctx context.Context, call ToolCall, v *pb.CampView, defs []ToolDef, rec *Record) ToolResult {
	out := ToolResult{Name: call.Function.Name}
	t, ok := tools.Lookup(call.Function.Name)
	i := slices.IndexFunc(defs, func(d ToolDef) bool { return d.Function.Name == call.Function.Name })
	if !ok || i < 0 {
		out.Result, out.Error = r.Camp.Lang.Sprintf("no tool %q; the tools are %s", "pas d'outil %q ; les outils sont %s", call.Function.Name, strings.Join(Offered(rec.Seat), ", ")), true
		return out
	}
	res, err := t.Run(ctx, r.Camp, defs[i].Function.Parameters, json.RawMessage(call.Function.Arguments))
	if err != nil {
		f := tools.Describe(r.Camp.Lang, err)
		out.Result, out.Error = f.Text, true
		if posts(t.Name) {
			switch pb.ReasonOf(f.Reason) {
			case pb.ErrorReason_ERROR_REASON_DAY_RESOLVED:
				// Not the model's fault: its day is gone.
				rec.Outcome = OutcomeStale
			case pb.ErrorReason_ERROR_REASON_SEASON_OVER:
				rec.InvalidOrders++
				rec.Outcome = OutcomeSeasonOver
			default:
				rec.InvalidOrders++
			}
		}
		return out
	}
	out.Result = res.Text
	if !posts(t.Name) {
		return out
	}
	// The server's answer (an OrderProposal or a SubmitOrderResponse)
	// names its day and its order.
	var posted struct {
		Day   int32 `json:"day"`
		Order struct {
			Action string  `json:"action"`
			Args   []int32 `json:"args"`
			Reason string  `json:"reason"`
		} `json:"order"`
	}
	if b, err := json.Marshal(res.Structured); err == nil {
		_ = json.Unmarshal(b, &posted)
	}
	o := &tools.OrderArgs{Action: posted.Order.Action, Args: posted.Order.Args, Reason: posted.Order.Reason}
	rec.PostedForDay = posted.Day
	switch t.Name {
	case tools.ProposeOrder:
		rec.Proposed, rec.Outcome = o, OutcomeProposed
	case tools.Adopt:
		var in tools.AdoptArgs
		_ = json.Unmarshal([]byte(call.Function.Arguments), &in) // Run checked them
		rec.Submitted, rec.Adopted, rec.Outcome = o, in.Seat, OutcomePosted
	default:
		rec.Submitted, rec.Outcome = o, OutcomePosted
	}
	if rec.PostedForDay != v.GetDay()+1 {
		rec.Outcome = OutcomeStale
	}
	return out
}

// spent returns the budget rec's day has spent ("day" or "season"), or ""
// while both leave room for another call.
func (r *Runner) spent(rec *Record) string {
	switch {
	case r.DayTokens > 0 && rec.Tokens.TotalTokens >= r.DayTokens:
		return BudgetDay
	case r.SeasonTokens > 0 && r.season.TotalTokens+rec.Tokens.TotalTokens >= r.SeasonTokens:
		return BudgetSeason
	}
	return ""
}

// posts reports whether the tool named name ends the seat's turn once the
// server accepts it: the ruler's order, its adoption of a proposal, or a
// councillor's proposal.
func posts(name string) bool {
	return name == tools.SubmitOrder || name == tools.Adopt || name == tools.ProposeOrder
}

// proposalFate returns what became of the proposal of rec's seat for
// rec's day, once that day resolved: adopted by the ruler, refused, or
// none posted.
func (r *Runner) proposalFate(ctx context.Context, rec *Record) *Applied {
	c, err := r.Camp.Council(ctx, rec.Day)
	if err != nil {
		return &Applied{Status: AppliedUnknown, Why: "read the council: " + err.Error()}
	}
	for _, p := range c.GetProposals() {
		if p.GetDay() != rec.Day || p.GetSeat() != rec.Seat {
			continue
		}
		o := p.GetOrder()
		a := &Applied{Order: &tools.OrderArgs{Action: o.GetAction(), Args: o.GetArgs(), Reason: o.GetReason()}}
		switch p.GetStatus() {
		case "adopted":
			a.Status = AppliedAdopted
		case "refused":
			a.Status = AppliedRefused
		default:
			a.Status, a.Why = AppliedUnknown, "the proposal is still "+p.GetStatus()
		}
		return a
	}
	return &Applied{Status: AppliedNoProposal}
}

// applied returns what became of rec's day from n, the notice of the
// first day resolved after the runner's turn: the server's result of the
// camp's order.
func applied(rec *Record, n *pb.TickNotice) *Applied {
	res := n.GetResult()
	if n.GetDay() != rec.Day || res == nil {
		return &Applied{Status: AppliedUnknown, Why: fmt.Sprintf("the notice heard is of day %d, not of day %d", n.GetDay(), rec.Day)}
	}
	o := res.GetOrder()
	a := &Applied{Order: &tools.OrderArgs{Action: o.GetAction(), Args: o.GetArgs(), Reason: o.GetReason()},
		Code: res.GetCode(), Field: res.GetField(), Why: res.GetMessage()}
	ours := rec.Submitted != nil && rec.PostedForDay == rec.Day
	switch res.GetStatus() {
	case pb.OrderStatus_ORDER_STATUS_APPLIED, pb.OrderStatus_ORDER_STATUS_STALE:
		a.Status = AppliedOrder
		if res.GetStatus() == pb.OrderStatus_ORDER_STATUS_STALE {
			a.Status = AppliedStale
		}
		if !ours {
			a.Status = AppliedEarlier
			why := "the order posted before this day's turn: " + viewtext.Order(lang.EN, o)
			if a.Why != "" {
				why += "; " + a.Why
			}
			a.Why = why
		}
	case pb.OrderStatus_ORDER_STATUS_STANDING:
		a.Status = AppliedStanding
		a.Why = "no order posted for the day; the standing order played: " + viewtext.Order(lang.EN, o)
	case pb.OrderStatus_ORDER_STATUS_STANDING_STALE:
		a.Status = AppliedStandingStale
	default:
		a.Status = AppliedUnknown
	}
	return a
}
