package arena

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestExternalEntrant: an external entrant's token is handed out in a
// file of its own per match, and an agent that connects itself with it
// (here the AI bot, as any gRPC client would) plays its camps; its days
// are recorded from the server, with no time measured for it.
func TestExternalEntrant(t *testing.T) {
	dir := t.TempDir()
	a, closeAll := openArena(t, dir)
	defer closeAll()
	spec := botSpec("external")
	spec.Entrants = []Entrant{{ID: "visitor", Kind: KindExternal}, {ID: "growth", Kind: KindBot, Posture: "growth"}, {ID: "rest", Kind: KindRest}}
	spec.SeasonLength, spec.Concurrency = 6, 3
	if _, _, err := a.Plan(t.Context(), spec); err != nil {
		t.Fatal(err)
	}
	conn, err := grpc.NewClient(a.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithCancel(t.Context())
	var agents sync.WaitGroup
	defer agents.Wait()
	defer cancel()
	agents.Go(func() {
		// The visitor's side: it reads each token file as it appears and
		// plays that camp.
		seen := map[string]bool{}
		for ctx.Err() == nil {
			files, _ := filepath.Glob(filepath.Join(dir, "tokens", "external", "visitor-match*-camp*.token"))
			for _, f := range files {
				if seen[f] {
					continue
				}
				seen[f] = true
				if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o600 {
					t.Errorf("token file %s: %v, %v; want it readable by its owner alone", f, fi.Mode(), err)
				}
				b, err := os.ReadFile(f)
				if err != nil {
					t.Error(err)
					continue
				}
				p := &bot.Player{Client: pb.NewGameServiceClient(conn), Token: strings.TrimSpace(string(b)), Log: zerolog.Nop()}
				agents.Go(func() { _ = p.Run(ctx) })
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	if err := a.Run(t.Context(), "external"); err != nil {
		t.Fatal(err)
	}
	b, err := a.Table(t.Context(), "external")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range b.Rows {
		if r.Entrant != "visitor" {
			continue
		}
		if r.Matches != 3 || r.Days != 3*6 || r.TimeoutRate != 0 || r.MeanTimeMS != -1 {
			t.Errorf("visitor: %d matches, %d days, timeouts %g, time %g; want 3, 18, 0 and -1 (not measured)", r.Matches, r.Days, r.TimeoutRate, r.MeanTimeMS)
		}
	}
}
