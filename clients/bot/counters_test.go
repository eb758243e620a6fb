package bot

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/metadata"
)

// TestPlayerCounters plays a whole season of counters (docs/counters.md), a
// ruleset the bot has no strategy for, with a Player in every camp on the
// real server: the server accepts every order the bots post, drawn from
// the legal menu (no refusal in their logs, no day a playing camp left to
// its standing order), and the draws are orders of every kind, not rest
// day after day.
func TestPlayerCounters(t *testing.T) {
	const camps, days = 3, 10
	srv := testserver.Start(t)
	w := srv.NewGame(t, testserver.Game{Ruleset: "counters", Camps: camps, Seed: 3, SeasonLength: days})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var logs testserver.Buffer
	var wg sync.WaitGroup
	for c := range camps {
		p := &Player{Client: srv.Game, Token: w.Tokens[c], Lang: lang.EN, Log: zerolog.New(&logs).With().Int("player", c).Logger()}
		wg.Go(func() {
			if err := p.Run(ctx); err != nil {
				t.Errorf("camp %d's player: %v", c, err)
			}
		})
	}
	as := func(c int) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+w.Tokens[c])
	}
	// The players' orders resolve each day at once; a day that waits
	// (a camp retired posts nothing) is forced.
	last, since, forced := int32(-1), time.Now(), 0
	for {
		s, err := srv.Game.GetSeasonStanding(as(0), &pb.GetSeasonStandingRequest{})
		if err != nil {
			t.Fatalf("standing: %v", err)
		}
		if s.GetClosed() || s.GetDaysLeft() == 0 {
			break
		}
		if s.GetDay() != last {
			last, since = s.GetDay(), time.Now()
		} else if time.Since(since) > time.Second {
			srv.ForceTick(t, w.ID)
			forced++
		}
		if ctx.Err() != nil {
			t.Fatalf("the season did not end: day %d", s.GetDay())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	// Once the season is over, the days after it are refused (or the
	// players stopped): only the season's own days count.
	for l := range strings.Lines(logs.String()) {
		var line struct {
			Level, Message, Code string
			Tick                 int32
		}
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		if line.Level == "warn" && strings.HasSuffix(line.Message, "refused") && line.Tick < days {
			t.Errorf("got a refusal of the season's day %d: %s", line.Tick+1, l)
		}
	}

	played := map[string]int{}
	for c := range camps {
		news, err := srv.Game.GetNews(as(c), &pb.GetNewsRequest{SinceDay: 1})
		if err != nil {
			t.Fatalf("camp %d's news: %v", c, err)
		}
		retired := false
		for _, n := range news.GetDays() {
			r := n.GetResult()
			switch {
			case retired:
			case r.GetStatus() == pb.OrderStatus_ORDER_STATUS_APPLIED:
				played[r.GetOrder().GetAction()]++
			case r.GetStatus() == pb.OrderStatus_ORDER_STATUS_STALE && r.GetCode() == "not_allowed":
				// A steal from a camp left with no point by that day's
				// other steals (CNT-DAY): legal when posted.
				played["stale steal"]++
			default:
				t.Errorf("camp %d, day %d: got result %v; want the bot's order applied", c, n.GetDay(), r)
			}
			for _, e := range n.GetJournal() {
				retired = retired || e.GetKind() == "retired"
			}
		}
	}
	t.Logf("orders played: %v; %d days forced", played, forced)
	if played["gain"] == 0 || played["steal"] == 0 || played["rest"] >= played["gain"]+played["steal"] {
		t.Errorf("got orders %v; want gains and steals drawn, rest no more than they", played)
	}
}
