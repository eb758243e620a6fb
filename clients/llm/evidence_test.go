package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/internal/tokens"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
)

// evidenceDays is how many days TestSchemasSideBySide plays with each
// schema.
const evidenceDays = 150

// scriptedPlayer is a chat-completions server on loopback that plays a
// camp as a model would from what the runner shows it: each day it reads
// the legal menu of the prompt (the compact view's) and posts the first of
// expand_to, explore, build_farm, chop_wood and rest it finds, with the
// first value of each argument; on every fifth day it errs as models do,
// naming a zone off its list (999), or an action that does not exist when
// the one it chose takes no argument. Refused, it reads the legal options
// the refusal lists (the server's "legal for day N" lines with the stable
// schema, the daily schema's "is not one of" list) and posts again. It
// keeps every request.
type scriptedPlayer struct {
	t *testing.T

	mu       sync.Mutex // guards the fields below
	bodies   map[int][]string
	mistakes int
	fixed    int
}

var (
	menuHeadRE = regexp.MustCompile(`(?m)^(?:Legal for day|Permis pour le jour) \d+ .*:\n((?:  .*\n)+)`)
	legalRE    = regexp.MustCompile(`(?m)^  (?:legal for day|permis pour le jour) \d+ ?:\n((?:    .*\n)+)`)
	notOneOfRE = regexp.MustCompile(`is not one of ([0-9, -]+)`)
)

// menuLine is an action of a menu as the view writes it (viewtext.MenuLine):
// its name and each argument's values.
type menuLine struct {
	action string
	args   [][]int32
}

// parseValues reads "4-6,10" or "4-6, 10" as its numbers.
func parseValues(s string) []int32 {
	var out []int32
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			continue
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				continue
			}
		}
		for v := a; v <= b; v++ {
			out = append(out, int32(v))
		}
	}
	return out
}

// parseMenu reads menu lines: "explore ZONE 4-6,10; stone 2" or
// "recall_army ZONE 12 [MEN 1-4]".
func parseMenu(block string) []menuLine {
	var out []menuLine
	for line := range strings.Lines(block) {
		line, _, _ = strings.Cut(strings.TrimSpace(line), ";")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		m := menuLine{action: f[0]}
		for i := 1; i+1 < len(f); i += 2 {
			if strings.HasPrefix(f[i], "[") {
				break // an optional argument: left out
			}
			m.args = append(m.args, parseValues(f[i+1]))
		}
		out = append(out, m)
	}
	return out
}

// pick returns the order the player prefers among menu.
func pick(menu []menuLine) tools.OrderSpec {
	for _, want := range []string{"expand_to", "explore", "build_farm", "chop_wood", "rest"} {
		for _, m := range menu {
			if m.action != want {
				continue
			}
			o := tools.OrderSpec{Action: m.action}
			for _, vals := range m.args {
				if len(vals) == 0 {
					break
				}
				o.Args = append(o.Args, vals[0])
			}
			if len(o.Args) == len(m.args) {
				return o
			}
		}
	}
	return tools.OrderSpec{Action: "rest"}
}

func (p *scriptedPlayer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	// The messages alone: the player reads no tool's schema (decoding
	// them was most of the test's time).
	var req struct {
		Messages []Message `json:"messages"`
	}
	if err := json.Unmarshal(raw, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	m := dayRE.FindStringSubmatch(req.Messages[1].Content)
	if m == nil {
		http.Error(w, "no day in the prompt", http.StatusBadRequest)
		return
	}
	day, _ := strconv.Atoi(m[1])
	head := menuHeadRE.FindStringSubmatch(req.Messages[1].Content)
	if head == nil {
		http.Error(w, "no menu in the prompt", http.StatusBadRequest)
		return
	}
	menu := parseMenu(head[1])
	last := req.Messages[len(req.Messages)-1]
	var order tools.OrderSpec
	switch {
	case last.Role == "tool":
		// Refused: the options the refusal lists.
		order = pick(menu)
		if l := legalRE.FindStringSubmatch(last.Content); l != nil {
			order = pick(parseMenu(l[1]))
		} else if v := notOneOfRE.FindStringSubmatch(last.Content); v != nil && len(order.Args) > 0 {
			order.Args[0] = parseValues(v[1])[0]
		}
		p.mu.Lock()
		p.fixed++
		p.mu.Unlock()
	default:
		order = pick(menu)
		if day%5 == 0 {
			p.mu.Lock()
			p.mistakes++
			p.mu.Unlock()
			if len(order.Args) > 0 {
				order.Args[0] = 999
			} else {
				order.Action = "harvest"
			}
		}
	}
	p.mu.Lock()
	p.bodies[day] = append(p.bodies[day], string(raw))
	p.mu.Unlock()
	args, _ := json.Marshal(tools.OrderInput{Order: order, Reason: "le plan du jour"})
	answer := Message{Role: "assistant", ToolCalls: []ToolCall{{ID: fmt.Sprintf("call_%d_%d", day, len(req.Messages)), Type: "function",
		Function: FunctionCall{Name: tools.SubmitOrder, Arguments: string(args)}}}}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"message": answer, "finish_reason": "tool_calls"}},
		"usage":   map[string]any{"prompt_tokens": len(raw) / 4, "completion_tokens": 30, "total_tokens": len(raw)/4 + 30},
	})
}

// tickingGame is the runner's game client, which resolves the day as soon
// as an order is accepted for it, as a world whose every camp has posted
// does.
type tickingGame struct {
	pb.GameServiceClient
	srv   *testserver.Server
	world uint64
	ticks chan error
}

func (g tickingGame) SubmitOrder(ctx context.Context, in *pb.SubmitOrderRequest, opts ...grpc.CallOption) (*pb.SubmitOrderResponse, error) {
	r, err := g.GameServiceClient.SubmitOrder(ctx, in, opts...)
	if err == nil {
		_, terr := g.srv.Admin.ForceTick(g.srv.AdminContext(context.Background()), &pb.WorldRequest{WorldId: g.world})
		g.ticks <- terr
	}
	return r, err
}

// TestSchemasSideBySide is the evidence of issue 28: a scripted model
// (scriptedPlayer) plays 150 days of a camp through the runner with the
// stable schemas and with the daily ones, and the test logs, for each,
// the illegal orders (the model's mistakes and the refusals they met), the
// days an order of the model's was posted, and the o200k tokens of the
// model's requests a day (counted from the requests' JSON,
// clients/internal/tokens), with how many days' tool lists were the same
// bytes as the day before's (what a prompt cache keeps). Both schemas must
// refuse every mistake and let the model recover from the refusal's
// options within the day; the stable one must cost fewer tokens.
// docs/agents.md gives its figures:
//
//	go test -run 'TestSchemasSideBySide$' -v ./clients/llm/
func TestSchemasSideBySide(t *testing.T) {
	if _, err := tokens.Count("x"); err != nil {
		t.Fatal(err)
	}
	// 300 days posted in seconds: far more orders a second than a token
	// may post in play (limits.Defaults.Orders), so the order limit is off.
	srv := testserver.StartWith(t, testserver.Options{Args: []string{"-limit-orders", "off"}})
	perDay := map[bool]float64{}
	for _, daily := range []bool{false, true} {
		world, token := srv.NewWorld(t, 1, 200, nil)
		ticks := make(chan error, evidenceDays)
		camp := &tools.Camp{Game: tickingGame{srv.Game, srv, world, ticks}, Token: token, Now: time.Now, Daily: daily}
		p := &scriptedPlayer{t: t, bodies: map[int][]string{}}
		chat := httptest.NewServer(p)
		var log bytes.Buffer
		r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL + "/v1", Model: "scripted", HTTP: chat.Client()},
			Retries: 2, MaxCalls: 4, Days: evidenceDays, Log: &log, Logger: zerolog.Nop()}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		err := r.Run(ctx)
		cancel()
		chat.Close()
		if err != nil {
			t.Fatalf("daily=%v: run: %v", daily, err)
		}
		recs := records(t, log.String())
		for _, rec := range recs {
			if rec.Outcome != OutcomePosted {
				b, _ := json.Marshal(rec.Exchanges)
				t.Errorf("daily=%v: day %d: got outcome %q: %s", daily, rec.Day, rec.Outcome, b)
			}
		}
		close(ticks)
		for err := range ticks {
			if err != nil {
				t.Fatalf("daily=%v: tick: %v", daily, err)
			}
		}
		if len(recs) != evidenceDays {
			t.Fatalf("daily=%v: got %d days; want %d", daily, len(recs), evidenceDays)
		}
		invalid, posted := 0, 0
		for _, rec := range recs {
			invalid += rec.InvalidOrders
			if rec.Outcome == OutcomePosted && rec.Applied != nil && rec.Applied.Status == AppliedOrder {
				posted++
			}
		}
		var texts []string
		sameTools, lastTools := 0, ""
		for day := 1; day <= evidenceDays; day++ {
			texts = append(texts, strings.Join(p.bodies[day], "\n"))
			// The tool list's bytes as sent: what a prompt cache compares.
			var req struct {
				Tools json.RawMessage `json:"tools"`
			}
			if err := json.Unmarshal([]byte(p.bodies[day][0]), &req); err != nil {
				t.Fatal(err)
			}
			if string(req.Tools) == lastTools {
				sameTools++
			}
			lastTools = string(req.Tools)
		}
		counts, err := tokens.Count(texts...)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, n := range counts {
			total += n
		}
		perDay[daily] = float64(total) / evidenceDays
		t.Logf("daily=%v: %d days; %d mistakes, %d illegal orders refused (%.1f %% of days), %d refusals recovered from within the day; "+
			"%d days posted and applied; %.0f o200k tokens a day (%d in all); tool list the same as the day before on %d of %d days",
			daily, evidenceDays, p.mistakes, invalid, 100*float64(invalid)/evidenceDays, p.fixed, posted, perDay[daily], total, sameTools, evidenceDays-1)
		if invalid != p.mistakes || p.fixed != p.mistakes || posted != evidenceDays {
			t.Errorf("daily=%v: got %d illegal orders refused, %d recovered, %d days posted; want each of the %d mistakes refused and recovered, every day posted",
				daily, invalid, p.fixed, posted, p.mistakes)
		}
		if wantSame := map[bool]int{false: evidenceDays - 1}[daily]; !daily && sameTools != wantSame {
			t.Errorf("stable schemas: got the same tool list on %d days; want every day (%d)", sameTools, wantSame)
		}
	}
	if perDay[false] >= perDay[true] {
		t.Errorf("got %.0f tokens a day with the stable schemas and %.0f with the daily ones; want fewer with the stable ones", perDay[false], perDay[true])
	}
}
