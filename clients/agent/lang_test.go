package agent

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAgentLanguage runs the MCP server's binary over stdio in each way a
// language is chosen (DESIGN decision 8): English by default,
// GRISONVAL_LANG, --lang winning over it. Its instructions, its tools'
// descriptions and the view speak the language chosen only; a language it
// does not know stops it at start with exit code 2 and says which flag or
// variable holds it.
func TestAgentLanguage(t *testing.T) {
	srv := testserver.Start(t)
	bin := testserver.Build(t, "./clients/agent/cmd/grisonval-agent", "grisonval-agent")
	token := srv.CampToken(t, 1)
	english := []string{"You play one camp", "Post (or replace, until the deadline)", "World 1 (grisonval), camp 1"}
	french := []string{"Vous jouez un camp", "Postez (ou remplacez, jusqu'à l'échéance)", "Monde 1 (grisonval), camp 1"}
	for _, tt := range []struct {
		name, env string
		args      []string
		want, not []string
	}{
		{"default English", "", nil, english, french},
		{"GRISONVAL_LANG=fr", "fr", nil, french, english},
		{"--lang fr", "", []string{"--lang", "fr"}, french, english},
		{"--lang wins over GRISONVAL_LANG", "fr", []string{"--lang", "en"}, english, french},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, append([]string{"--stdio", "--addr", srv.Addr}, tt.args...)...)
			cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+token, "GRISONVAL_LANG="+tt.env)
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer cs.Close()
			list, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatalf("list tools: %v", err)
			}
			text := cs.InitializeResult().Instructions
			for _, tool := range list.Tools {
				text += "\n" + tool.Description
			}
			view, _ := callTool(t, cs, tools.View, nil)
			text += "\n" + view
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("got\n%.3000s\nwant %q", text, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(text, w) {
					t.Errorf("got %q, of the other language", w)
				}
			}
		})
	}
	for _, tt := range []struct {
		name, env string
		args      []string
		want      string
	}{
		{"bad --lang", "", []string{"--lang", "de"}, `--lang: unknown language "de": en (English) or fr (French)`},
		{"bad GRISONVAL_LANG", "klingon", nil, `$GRISONVAL_LANG: unknown language "klingon"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, append([]string{"--stdio", "--addr", srv.Addr}, tt.args...)...)
			cmd.Env = append(os.Environ(), "GRISONVAL_TOKEN="+token, "GRISONVAL_LANG="+tt.env)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("got %v, stderr %q; want exit code 2 and %q", err, stderr.String(), tt.want)
			}
		})
	}
}
