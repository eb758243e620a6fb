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
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// think is how long the test's human takes over each day's order.
const think = 150 * time.Millisecond

// TestTokenEntrants: the entrants the arena does not drive get their
// tokens in files of their own, one per match. An external agent (here
// the AI bot, as any gRPC client would) plays with an unbound camp token.
// A human entrant's identity is its seed-003 player: the arena enrols the
// player in its camp's ruler seat at the setup (its career in the world,
// its package), and the token handed out is the enrolment's, bound to the
// player; the human (here a gRPC client that reads its view, thinks, and
// posts) plays with it, and every order it played is the player's; a
// match taken up again keeps the token handed out. Every
// entrant's time to answer is the server's: the human's covers its
// thinking, the agent's is measured too.
func TestTokenEntrants(t *testing.T) {
	dir := t.TempDir()
	a, closeAll := openArena(t, dir)
	defer closeAll()
	spec := botSpec("tokens")
	spec.Entrants = []Entrant{{ID: "visitor", Kind: KindExternal}, {ID: "ada", Kind: KindHuman, Player: "ada"}, {ID: "growth", Kind: KindBot, Posture: "growth"}}
	spec.SeasonLength, spec.Concurrency, spec.Anchor = 6, 3, "growth"
	if _, _, err := a.Plan(t.Context(), spec); err != nil {
		t.Fatal(err)
	}
	conn, err := grpc.NewClient(a.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	game := pb.NewGameServiceClient(conn)
	ctx, cancel := context.WithCancel(t.Context())
	var agents sync.WaitGroup
	defer agents.Wait()
	defer cancel()
	agents.Go(func() {
		// The entrants' side: each reads its token files as they appear
		// and plays that camp.
		seen := map[string]bool{}
		for ctx.Err() == nil {
			files, _ := filepath.Glob(filepath.Join(dir, "tokens", "tokens", "*-match*-camp*.token"))
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
				token := strings.TrimSpace(string(b))
				if strings.HasPrefix(filepath.Base(f), "ada-") {
					agents.Go(func() { playHuman(ctx, t, game, token) })
					continue
				}
				p := &bot.Player{Client: game, Token: token, Log: zerolog.Nop()}
				agents.Go(func() { _ = p.Run(ctx) })
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	if err := a.Run(t.Context(), "tokens"); err != nil {
		t.Fatal(err)
	}
	tour, err := a.DB.TournamentByName(t.Context(), "tokens")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := a.DB.Matches(t.Context(), tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		camp := -1
		for c, e := range m.Seats {
			if spec.Entrants[e].ID == "ada" {
				camp = c
			}
		}
		es, err := a.Store.Enrolments(t.Context(), m.WorldID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 1 || es[0].Player != "ada" || es[0].Camp != camp || es[0].Seat != store.RulerSeat || !es[0].BeforeSetup {
			t.Errorf("match %d: enrolments %+v; want ada's alone, in camp %d's ruler seat, at the setup", m.Seq, es, camp)
		}
		if c, err := a.Store.Career(t.Context(), m.WorldID, "ada"); err != nil || c.Camp != camp || c.Mode != "human" {
			t.Errorf("match %d: ada's career %+v, %v; want a human's in camp %d", m.Seq, c, err, camp)
		}
		toks, err := a.Store.CampTokens(t.Context(), m.WorldID)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range toks {
			if tok.Camp == camp && tok.Player != "ada" {
				t.Errorf("match %d: a token of ada's camp %d bound to %q; want ada's enrolment's alone", m.Seq, camp, tok.Player)
			}
		}
		orders, err := a.Store.Orders(t.Context(), m.WorldID, 1)
		if err != nil {
			t.Fatal(err)
		}
		posted := 0
		for _, o := range orders {
			if o.Camp == camp && o.Status == store.OrderApplied {
				posted++
				if o.Player != "ada" {
					t.Errorf("match %d day %d: ada's camp's order posted by %q", m.Seq, o.Day, o.Player)
				}
			}
		}
		if posted == 0 {
			t.Errorf("match %d: ada played no order", m.Seq)
		}
		// Taken up again, the match keeps the token handed out: no
		// second enrolment, no new token.
		file := a.tokenFile("tokens", m, camp, spec.Entrants[1])
		before, _ := os.ReadFile(file)
		if err := a.enrolHuman(t.Context(), "tokens", m, camp, spec.Entrants[1], a.Log); err != nil {
			t.Errorf("match %d taken up again: %v", m.Seq, err)
		}
		after, _ := os.ReadFile(file)
		again, _ := a.Store.CampTokens(t.Context(), m.WorldID)
		if len(before) == 0 || string(after) != string(before) || len(again) != len(toks) {
			t.Errorf("match %d taken up again: token file %q then %q, %d tokens then %d; want it kept, none issued", m.Seq, before, after, len(toks), len(again))
		}
	}
	b, err := a.Table(t.Context(), "tokens")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range b.Rows {
		if r.Matches != 3 || r.Days != 3*6 || r.TimeoutRate != 0 {
			t.Errorf("%s: %d matches, %d days, timeouts %g; want 3, 18, 0", r.Entrant, r.Matches, r.Days, r.TimeoutRate)
		}
		// The clock is the move clock's (30 s): a day answered is
		// answered within it.
		if r.MeanTimeMS < 0 || r.MeanTimeMS >= float64(time.Duration(spec.MoveClock).Milliseconds()) {
			t.Errorf("%s: %g ms a day; want it measured, within the move clock", r.Entrant, r.MeanTimeMS)
		}
		if r.Entrant == "ada" && r.MeanTimeMS < float64(think.Milliseconds()) {
			t.Errorf("ada: %g ms a day; want at least the %v she thinks", r.MeanTimeMS, think)
		}
	}
}

// playHuman plays a camp as the test's human: on each day's notice, it
// reads the view, thinks, and posts the order the bot would.
func playHuman(ctx context.Context, t *testing.T, game pb.GameServiceClient, token string) {
	ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
	stream, err := game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Errorf("ada's tick stream: %v", err)
		return
	}
	var state bot.State
	for {
		if _, err := stream.Recv(); err != nil {
			return
		}
		v, err := game.GetView(ctx, &pb.GetViewRequest{})
		if err != nil || seasonOver(v) || v.GetPendingOrder() != nil || len(v.GetLegalActions()) == 0 {
			continue
		}
		time.Sleep(think)
		var o *pb.Order
		o, state = bot.DecideIn(lang.EN, v, state)
		if _, err := game.SubmitOrder(ctx, &pb.SubmitOrderRequest{Order: o, ForDay: v.GetDay() + 1}); err != nil && ctx.Err() == nil {
			t.Errorf("ada's order for day %d: %v", v.GetDay()+1, err)
		}
	}
}
