package agent

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
)

// TestCountersThroughMCP plays a camp of counters (docs/counters.md), a
// ruleset no client was written for, through the MCP server on the real
// server, in both languages: over stdio (the grisonval-agent binary) the
// instructions list the sections of counters' own rulebook, read from the
// server; the rules tool gives them and their text, and refuses a section
// of Grisonval's; the view and the season's standing speak of points and
// of today's rank, never of zones or of the fog; an order of the menu is
// accepted. Over stateless HTTP, the rules tool gives the same rulebook.
func TestCountersThroughMCP(t *testing.T) {
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: 3, Seed: 9})
	bin := testserver.Build(t, "./clients/agent/cmd/grisonval-agent", "grisonval-agent")
	ctx := context.Background()
	avoid := []string{"zone", "Grisonval's", "Castle", "Château", "fog", "brouillard", "extinct", "éteint"}
	tests := []struct {
		l     lang.Lang
		want  map[string][]string
		instr []string
	}{
		{lang.EN, map[string][]string{
			tools.Rules:          {"Sections of the counters rulebook (call rules with one of them):", "  Introduction (", "  The game (", "  The season ("},
			tools.View:           {"(counters), camp 1 \"Counter B\"", "Your score: 0 (0 points).", "  0 Counter A: met; score 0 (0 points).", "gain POINTS"},
			tools.SeasonStanding: {"Score 0 (0 points); rank 1 of 3 today (every camp's score is public).", "Today's ranking:\n"},
		}, []string{"The rules tool gives its rulebook by section (in English): Introduction; The game; The season."}},
		{lang.FR, map[string][]string{
			tools.Rules:          {"Sections du livre de règles counters, en anglais", "  The game (", "  The season ("},
			tools.View:           {"Votre score : 0 (0 points).", "  0 Counter A : rencontré ; score 0 (0 points)."},
			tools.SeasonStanding: {"Score 0 (0 points) ; rang 1 sur 3 aujourd'hui (le score de chaque camp est public).", "Classement du jour :\n"},
		}, []string{"L'outil rules donne son livre de règles par section (en anglais) : Introduction; The game; The season."}},
	}
	for _, tt := range tests {
		t.Run(tt.l.String(), func(t *testing.T) {
			cs := connectStdio(t, bin, srv.Addr, w.Tokens[1], "--lang", tt.l.String())
			instr := cs.InitializeResult().Instructions
			for _, want := range tt.instr {
				if !strings.Contains(instr, want) {
					t.Errorf("got instructions %q; want them to contain %q", instr, want)
				}
			}
			for _, a := range avoid {
				if strings.Contains(instr, a) {
					t.Errorf("got instructions %q; want no %q", instr, a)
				}
			}
			for tool, want := range tt.want {
				text, res := callTool(t, cs, tool, nil)
				for _, w := range want {
					if res.IsError || !strings.Contains(text, w) {
						t.Errorf("%s: got %q (error %v); want it to contain %q", tool, text, res.IsError, w)
					}
				}
				for _, a := range avoid {
					if strings.Contains(text, a) {
						t.Errorf("%s: got %q; want no %q", tool, text, a)
					}
				}
			}
			text, res := callTool(t, cs, tools.Rules, map[string]any{"section": "the season"})
			if res.IsError || !strings.HasPrefix(text, "## The season\n") || !strings.Contains(text, "CNT-SEASON") {
				t.Errorf("got the season section %q (error %v); want counters' own", text, res.IsError)
			}
			if text, res := callTool(t, cs, tools.Rules, map[string]any{"section": "Time"}); !res.IsError || !strings.Contains(text, "bad_request") ||
				!strings.Contains(text, "Introduction; The game; The season") {
				t.Errorf("got %q (error %v) for Grisonval's section; want a refusal naming counters' sections", text, res.IsError)
			}
		})
	}
	if text, res := callTool(t, connectStdio(t, bin, srv.Addr, w.Tokens[2]), tools.SubmitOrder, order("gain", "deux points", 2)); res.IsError ||
		!strings.Contains(text, "Order accepted for day 1: gain 2 (reason: deux points)") {
		t.Errorf("got %q (error %v); want the gain accepted", text, res.IsError)
	}

	t.Run("http", func(t *testing.T) {
		web := httptest.NewServer(HTTPHandler(srv.Game, time.Now, lang.EN, false, zerolog.Nop()))
		defer web.Close()
		tr := &mcp.StreamableClientTransport{Endpoint: web.URL, DisableStandaloneSSE: true,
			HTTPClient: &http.Client{Transport: bearer{w.Tokens[0], http.DefaultTransport}}}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, tr, nil)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		defer cs.Close()
		if instr := cs.InitializeResult().Instructions; !strings.Contains(instr, "The rules tool gives your ruleset's rulebook by section, when it has one") {
			t.Errorf("got instructions %q; want them to send to the rules tool", instr)
		}
		if text, res := callTool(t, cs, tools.Rules, nil); res.IsError || !strings.Contains(text, "Sections of the counters rulebook") {
			t.Errorf("got rules %q (error %v); want counters' sections", text, res.IsError)
		}
	})
}

// connectStdio starts grisonval-agent --stdio (bin) with args for the
// camp of token on the server at addr and returns its session, closed
// when the test ends.
func connectStdio(t *testing.T, bin, addr, token string, args ...string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"--stdio", "--addr", addr}, args...)...)
	cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+token)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to grisonval-agent --stdio: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}
