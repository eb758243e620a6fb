package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

// TestRunnerInFrench plays a day with a camp in French (DESIGN decision
// 8): the system prompt, the view, the tools' descriptions and a refusal
// of bad arguments the model reads are French, and its English ones are
// absent; the log keeps its English outcomes.
func TestRunnerInFrench(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 7, 0, nil)
	conn, err := tools.Dial(srv.Addr, lang.FR, tools.Transport{})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	camp := &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: token, Now: time.Now, Lang: lang.FR}
	sc := &script{t: t, srv: srv, world: world, camp: camp, ticked: make(chan error, 1),
		calls: map[int]int{}, requests: map[int][]ChatRequest{},
		steps: map[int][]step{1: {{calls: [][2]string{{tools.SubmitOrder, offMap}}}, {calls: [][2]string{{tools.SubmitOrder, rest}}, tickWhenPosted: true}}}}
	chat := httptest.NewServer(sc)
	defer chat.Close()
	var log bytes.Buffer
	r := &Runner{Camp: camp, Chat: &Client{BaseURL: chat.URL + "/v1", Model: "scripted", APIKey: "sk-test", HTTP: chat.Client()},
		Retries: 2, MaxCalls: 4, Days: 1, Log: &log, Logger: zerolog.Nop()}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.Run(ctx); err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := <-sc.ticked; err != nil {
		t.Fatalf("tick: %v", err)
	}
	sc.mu.Lock()
	reqs := sc.requests[1]
	sc.mu.Unlock()
	if len(reqs) != 2 {
		t.Fatalf("got %d model calls; want 2", len(reqs))
	}
	last := reqs[1]
	var tool string
	for _, m := range last.Messages {
		if m.Role == "tool" {
			tool = m.Content
		}
	}
	var descriptions []string
	for _, d := range last.Tools {
		descriptions = append(descriptions, d.Function.Description)
	}
	for _, tt := range []struct {
		what, text string
		want, not  []string
	}{
		{"system prompt", last.Messages[0].Content, []string{"Vous jouez un camp", "wait_next_tick n'est pas offert"}, []string{"You play", "Here the day's view"}},
		{"view", last.Messages[1].Content, []string{"ordres pour le jour 1,", "Permis pour le jour 1"}, []string{"Legal for day", "orders for day"}},
		{"tools", strings.Join(descriptions, "\n"), []string{"Postez (ou remplacez", "Fixez votre ordre permanent"}, []string{"Post (or replace", "Set your standing order"}},
		{"refusal", tool, []string{"erreur (InvalidArgument) : bad_arguments", "motif : bad_arguments", "permis pour le jour 1 :"}, []string{"reason:", "legal for day"}},
	} {
		for _, w := range tt.want {
			if !strings.Contains(tt.text, w) {
				t.Errorf("%s: got\n%.1500s\nwant %q", tt.what, tt.text, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(tt.text, w) {
				t.Errorf("%s: got\n%.1500s\nwant no %q (English)", tt.what, tt.text, w)
			}
		}
	}
	var rec Record
	if err := json.Unmarshal(bytes.TrimSpace(log.Bytes()), &rec); err != nil || rec.Outcome != OutcomePosted || rec.InvalidOrders != 1 {
		t.Errorf("got the log's line %s (%v); want an order posted after one refused", log.String(), err)
	}
}
