package arena

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/clients/llm"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// campPlayer is how the arena plays one camp of a match for an entrant it
// drives (a bot, a floor or an LLM). record receives each day it played.
type campPlayer struct {
	game    pb.GameServiceClient
	token   string
	entrant Entrant
	match   int64
	camp    int
	// draws keys the random floor's draws: the match's seed and place in
	// its tournament, so that a tournament played again draws the same
	// orders whatever worlds its matches get.
	draws  uint64
	record func(DayRecord)
	log    zerolog.Logger
}

// seasonOver reports whether v's season has no day left to post for.
func seasonOver(v *pb.CampView) bool {
	return v.GetPostingStatus() == pb.PostingStatus_POSTING_STATUS_UNSPECIFIED
}

// runBot plays a bot, the random floor or the rest floor until the
// season is over: on each day's notice, it reads the view, decides, and
// posts for the next day, falling back to the ruleset's idle order when
// the server refuses (every refusal is recorded).
func (p *campPlayer) runBot(ctx context.Context) error {
	ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+p.token)
	var state bot.State
	played := int32(-1)
	for ctx.Err() == nil {
		stream, err := p.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
		if err != nil {
			if fatal(err) {
				return err
			}
			sleep(ctx, 100*time.Millisecond)
			continue
		}
		for {
			if _, err = stream.Recv(); err != nil {
				break
			}
			v, err := p.game.GetView(ctx, &pb.GetViewRequest{})
			if err != nil {
				if fatal(err) {
					return err
				}
				continue
			}
			if seasonOver(v) {
				return nil
			}
			if v.GetDay() <= played || len(v.GetLegalActions()) == 0 || v.GetPendingOrder() != nil || nothingToDecide(v) {
				continue
			}
			played = v.GetDay()
			var o *pb.Order
			switch p.entrant.Kind {
			case KindRandom:
				o = randomLegal(v, p.draws)
			case KindRest:
				o = idle(v)
			default:
				o, state = bot.DecideIn(lang.EN, v, state)
			}
			rec := DayRecord{Match: p.match, Camp: p.camp, Day: int(v.GetDay()) + 1, Entrant: p.entrant.ID}
			for try := 0; try < 2 && o != nil; try++ {
				_, err := p.game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: o, ForDay: v.GetDay() + 1})
				if err == nil {
					break
				}
				if ctx.Err() != nil || fatal(err) {
					return err
				}
				rec.Refused++
				rec.RefusalCodes = joinCode(rec.RefusalCodes, refusalCode(err))
				if o.GetAction() == idle(v).GetAction() {
					break
				}
				o = idle(v)
			}
			p.record(rec)
		}
		if ctx.Err() != nil {
			return nil
		}
		if fatal(err) {
			return err
		}
	}
	return nil
}

// nothingToDecide reports whether v leaves the camp nothing to decide (a
// Castle city that waits has one action without arguments): the server
// plays it, and the day is not counted as one the entrant answered, as
// clients/llm's runner does.
func nothingToDecide(v *pb.CampView) bool {
	a := v.GetLegalActions()
	return len(a) == 1 && len(a[0].GetArgs()) == 0
}

// fatal reports whether err is one no retry mends: the token refused.
func fatal(err error) bool {
	c := status.Code(err)
	return c == codes.Unauthenticated || c == codes.PermissionDenied
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// refusalCode returns the ErrorInfo reason of a refusal, or its gRPC code.
func refusalCode(err error) string {
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if r, ok := d.(interface{ GetReason() string }); ok && r.GetReason() != "" {
			return r.GetReason()
		}
	}
	return st.Code().String()
}

func joinCode(codes, c string) string {
	if codes == "" {
		return c
	}
	return codes + "," + c
}

// idle returns the ruleset's idle order as v's menu offers it: rest, or
// the Castle's default, else the first action without arguments.
func idle(v *pb.CampView) *pb.Order {
	for _, a := range []string{"rest", "default"} {
		if slices.ContainsFunc(v.GetLegalActions(), func(l *pb.LegalAction) bool { return l.GetAction() == a }) {
			return &pb.Order{Action: a, Reason: "the rest-only floor"}
		}
	}
	for _, l := range v.GetLegalActions() {
		if len(l.GetArgs()) == 0 {
			return &pb.Order{Action: l.GetAction(), Reason: "the rest-only floor"}
		}
	}
	return nil
}

// randomLegal returns an order drawn uniformly from v's legal actions, each
// argument uniformly within its ArgSpec (an optional one left out half the
// time; the CARD arguments of one order, a Castle draft's cards, each
// given once, drawn without replacement as the rules require), from a
// generator keyed by key (the match), the camp and the day: the "random
// legal order" floor. An action with an argument that has no value is
// never drawn.
func randomLegal(v *pb.CampView, key uint64) *pb.Order {
	var menu []*pb.LegalAction
	for _, la := range v.GetLegalActions() {
		if !slices.ContainsFunc(la.GetArgs(), func(s *pb.ArgSpec) bool {
			if s.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
				return s.GetMax() < s.GetMin()
			}
			return len(s.GetChoices()) == 0
		}) {
			menu = append(menu, la)
		}
	}
	if len(menu) == 0 {
		return idle(v)
	}
	r := rand.New(rand.NewPCG(key, uint64(uint32(v.GetCamp()))<<32|uint64(uint32(v.GetDay()))))
	la := menu[r.IntN(len(menu))]
	o := &pb.Order{Action: la.GetAction(), Reason: "the random-legal floor"}
	for _, s := range la.GetArgs() {
		if s.GetOptional() && r.IntN(2) == 0 {
			break
		}
		switch s.GetKind() {
		case pb.ArgKind_ARG_KIND_COUNT:
			o.Args = append(o.Args, s.GetMin()+r.Int32N(s.GetMax()-s.GetMin()+1))
		case pb.ArgKind_ARG_KIND_CARD:
			left := slices.DeleteFunc(slices.Clone(s.GetChoices()), func(c int32) bool { return slices.Contains(o.Args, c) })
			if len(left) == 0 {
				return idle(v)
			}
			o.Args = append(o.Args, left[r.IntN(len(left))])
		default:
			o.Args = append(o.Args, s.GetChoices()[r.IntN(len(s.GetChoices()))])
		}
	}
	return o
}

// limiter bounds the matches in play at once that have an entrant on
// each LLM endpoint, over every tournament the arena runs: a match's LLM
// entrant has one call in flight at a time, so this bounds the calls to
// the endpoint, and, unlike a bound on the calls themselves, never makes
// a call wait inside a match's move clock for another match's. It is
// safe for concurrent use.
type limiter struct {
	mu   sync.Mutex
	sems map[string]chan struct{}
}

// acquire takes a slot of every LLM endpoint of entrants (n slots each:
// the entrant's concurrency, 2 when 0), in the endpoints' order so that
// two matches never hold each other's; release gives them back. It
// returns ctx's error, holding nothing, if ctx ends first.
func (l *limiter) acquire(ctx context.Context, entrants []Entrant) (release func(), err error) {
	need := map[string]int{}
	for _, e := range entrants {
		if e.Kind == KindLLM {
			n := e.Concurrency
			if n <= 0 {
				n = 2
			}
			if old, ok := need[e.Endpoint]; !ok || n < old {
				need[e.Endpoint] = n
			}
		}
	}
	endpoints := make([]string, 0, len(need))
	for ep := range need {
		endpoints = append(endpoints, ep)
	}
	slices.Sort(endpoints)
	var held []chan struct{}
	release = func() {
		for _, sem := range held {
			<-sem
		}
	}
	for _, ep := range endpoints {
		l.mu.Lock()
		if l.sems == nil {
			l.sems = map[string]chan struct{}{}
		}
		sem, ok := l.sems[ep]
		if !ok {
			sem = make(chan struct{}, need[ep])
			l.sems[ep] = sem
		}
		l.mu.Unlock()
		select {
		case sem <- struct{}{}:
			held = append(held, sem)
		case <-ctx.Done():
			release()
			return nil, ctx.Err()
		}
	}
	return release, nil
}

// runLLM plays an LLM entrant through clients/llm's runner until the
// season is over, reading each day of the runner's JSON log into a
// DayRecord (runnerDay).
func (p *campPlayer) runLLM(ctx context.Context, apiKey string) error {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			r, err := runnerDay(sc.Bytes(), p.entrant)
			if err != nil {
				p.log.Warn().Err(err).Msg("a line of the runner's log not read")
				continue
			}
			if r.Outcome == llm.OutcomeSeasonOver {
				continue
			}
			r.Match, r.Camp, r.Entrant = p.match, p.camp, p.entrant.ID
			p.record(r)
		}
		done <- sc.Err()
		io.Copy(io.Discard, pr)
	}()
	retries := p.entrant.Retries
	if retries == 0 {
		retries = 2
	}
	run := &llm.Runner{
		Camp: &tools.Camp{Game: p.game, Token: p.token, Now: time.Now, Lang: lang.EN},
		Chat: &llm.Client{BaseURL: p.entrant.Endpoint, Model: p.entrant.Model, APIKey: apiKey,
			HTTP: &http.Client{}, MaxAttempts: 3,
			Backoff: 200 * time.Millisecond, MaxBackoff: 2 * time.Second,
			Settings: p.entrant.Sampling, Prices: llm.Prices{Input: p.entrant.PriceIn, Output: p.entrant.PriceOut}},
		Retries: retries, MaxCalls: retries + 4, Log: pw, Logger: p.log,
		DayTokens: p.entrant.DayTokens, SeasonTokens: p.entrant.SeasonTokens,
	}
	err := run.Run(ctx)
	pw.Close()
	if rerr := <-done; err == nil && rerr != nil {
		err = rerr
	}
	return err
}

// runnerDay reads one line of clients/llm's runner log (llm.Record) as
// the arena's record of the day: the orders refused (the runner's invalid
// orders), the tokens its endpoint reported (the time it took to
// answer is the server's, answerTime),
// the cost the runner reports (or the tokens at the entrant's prices),
// and the HTTP retries. It is the one
// place that knows the runner's log format.
func runnerDay(line []byte, e Entrant) (DayRecord, error) {
	var rec llm.Record
	if err := json.Unmarshal(line, &rec); err != nil {
		return DayRecord{}, fmt.Errorf("runner log line: %w", err)
	}
	r := DayRecord{Day: int(rec.Day), Refused: rec.InvalidOrders, Outcome: rec.Outcome,
		PromptTokens: rec.Tokens.PromptTokens, CompletionTokens: rec.Tokens.CompletionTokens}
	for _, x := range rec.Exchanges {
		if n := len(x.Attempts); n > 1 {
			r.Retries += n - 1
		}
		for _, t := range x.Tools {
			// An order refused because its day was gone is not the
			// model's illegal order (the runner does not count it).
			if c := codeOf(t.Result); t.Error && posts(t.Name) && c != "day_resolved" {
				r.RefusalCodes = joinCode(r.RefusalCodes, c)
			}
		}
	}
	// The cost the runner reports for the day (its "tokens.cost_usd":
	// the endpoint's own figure, or the tokens at the prices the arena
	// gave it), else the tokens at the entrant's prices (a log written
	// without it).
	var reported struct {
		Tokens struct {
			CostUSD float64 `json:"cost_usd"`
		} `json:"tokens"`
	}
	if err := json.Unmarshal(line, &reported); err == nil && reported.Tokens.CostUSD > 0 {
		r.Cost = reported.Tokens.CostUSD
	} else {
		r.Cost = (float64(r.PromptTokens)*e.PriceIn + float64(r.CompletionTokens)*e.PriceOut) / 1e6
	}
	return r, nil
}

// posts reports whether tool name posts the camp's order.
func posts(name string) bool { return name == "submit_order" || name == "adopt_proposal" }

// codeOf returns the refusal code a tool's error result names (its
// "reason: ..." line, as clients/viewtext writes a refusal), or the gRPC
// code in its first line's parentheses, or "invalid".
func codeOf(result string) string {
	for _, line := range strings.Split(result, "\n") {
		if r, ok := strings.CutPrefix(strings.TrimSpace(line), "reason: "); ok {
			return r
		}
	}
	if i := strings.Index(result, "("); i >= 0 {
		if j := strings.Index(result[i:], ")"); j > 1 {
			return result[i+1 : i+j]
		}
	}
	return "invalid"
}
