package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Backoff bounds between two attempts to reopen the tick stream.
const (
	minBackoff = 500 * time.Millisecond
	maxBackoff = 30 * time.Second
)

// Player plays one seat of a camp's council: each day the world resolves,
// it reads the camp's view and council. Holding the ruler's seat (or a
// token without a seat), it decides with DecideIn and posts the order, or
// adopts a councillor's proposal its posture accepts (Adoptable); holding
// a councillor's seat, it proposes an order of its domain (ProposeIn).
// Client and Token are required; the token names the world, the camp and
// the seat. A Player is not safe for concurrent use: run one Run at a
// time.
type Player struct {
	Client pb.GameServiceClient
	Token  string
	Log    zerolog.Logger
	// Lang is the language of the orders' reasons (the zero value is
	// English).
	Lang lang.Lang
	// CouncilWait is how long a ruler whose council has other players
	// waits, once a day starts, before it decides, so that their
	// proposals arrive first; 0 decides at once.
	CouncilWait time.Duration

	// StandIn makes the player a stand-in for a camp nobody has claimed
	// yet (standin.go): it plays only until an order it did not post is
	// pending or played for the camp, then stops for good, calling Claimed
	// (when set).
	StandIn bool
	Claimed func()

	// state is the bot's state after the last day played (see Decide).
	state State
	// posted is the last order a stand-in posted, for day postedFor.
	posted    *pb.Order
	postedFor int32
}

// Run watches the world's ticks and posts exactly one order for each day it
// sees, until ctx is done; then it returns nil. It reconnects with a capped
// backoff when the tick stream breaks. It returns an error only when the
// server refuses the token (Unauthenticated or PermissionDenied), which no
// retry can mend.
func (p *Player) Run(ctx context.Context) error {
	ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+p.Token)
	played := int32(-1)
	wait := minBackoff
	for {
		err := p.watch(ctx, &played, func() { wait = minBackoff })
		if ctx.Err() != nil {
			return nil
		}
		if errors.Is(err, errClaimed) {
			if p.Claimed != nil {
				p.Claimed()
			}
			return nil
		}
		if c := status.Code(err); c == codes.Unauthenticated || c == codes.PermissionDenied {
			return fmt.Errorf("watch ticks: %w", err)
		}
		p.Log.Warn().Err(err).Dur("retry_in", wait).Msg("tick stream lost; reconnecting")
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		wait = min(2*wait, maxBackoff)
	}
}

// watch plays every notice of one tick stream until it breaks. It calls
// healthy each time a notice arrives, and records in played the last day it
// posted an order for.
func (p *Player) watch(ctx context.Context, played *int32, healthy func()) error {
	stream, err := p.Client.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		return fmt.Errorf("open tick stream: %w", err)
	}
	for {
		n, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return errors.New("tick stream closed by the server")
		}
		if err != nil {
			return fmt.Errorf("receive tick: %w", err)
		}
		healthy()
		if p.play(ctx, n, played) {
			return errClaimed
		}
	}
}

// play posts the camp's order for the day after notice n, unless it already
// did or an order is already pending. A day lower than the last one played
// is a new season: it is played from a fresh State. Failures are logged: the next notice brings
// a new day to play. It reports whether a stand-in's camp was claimed.
func (p *Player) play(ctx context.Context, n *pb.TickNotice, played *int32) (claimed bool) {
	v, err := p.Client.GetView(ctx, &pb.GetViewRequest{WorldId: n.GetWorldId()})
	if err != nil {
		if ctx.Err() == nil {
			p.Log.Warn().Err(err).Uint64("world", n.GetWorldId()).Int32("tick", n.GetDay()).Msg("get view")
		}
		return
	}
	log := p.Log.With().Uint64("world", n.GetWorldId()).Int32("tick", v.GetDay()).Int32("camp", v.GetCamp()).Logger()
	if p.StandIn && p.claimedIn(v) {
		log.Info().Msg("someone else plays this camp now: its stand-in stops")
		return true
	}
	if v.GetDay() < *played {
		p.state = State{}
	}
	switch {
	case v.GetDay() == *played:
		log.Debug().Msg("day already played")
		return
	case len(v.GetLegalActions()) == 0:
		*played = v.GetDay()
		log.Info().Bool("alive", v.GetAlive()).Msg("no legal action this day")
		return
	}
	council := p.council(ctx, v, log)
	if seat := council.GetSeat(); seat != "" && seat != rulerSeat {
		p.propose(ctx, v, council, played, log.With().Str("seat", seat).Logger())
		return
	}
	if v.GetPendingOrder() != nil {
		*played = v.GetDay()
		log.Info().Msg("an order is already pending for this day")
		return
	}
	if p.CouncilWait > 0 && slices.ContainsFunc(council.GetSeats(), func(s *pb.SeatHolder) bool {
		return s.GetSeat() != rulerSeat && s.GetPlayer() != ""
	}) {
		t := time.NewTimer(p.CouncilWait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		council = p.council(ctx, v, log)
	}
	o, next := DecideIn(p.Lang, v, p.state)
	req := &pb.SubmitOrderRequest{WorldId: v.GetWorldId(), Order: o, ForDay: v.GetDay() + 1}
	if seat := Adoptable(v, council, o, next.Posture); seat != "" {
		req.Order, req.Adopt = nil, seat
	}
	resp, err := p.Client.SubmitOrder(ctx, req)
	if err != nil {
		// What the camp orders and why is its own: only the refusal's code
		// above debug level, where another player may read the console.
		log.Warn().Str("code", status.Code(err).String()).Msg("order refused")
		log.Debug().Err(err).Str("action", o.GetAction()).Ints32("args", o.GetArgs()).Msg("order refused")
		return
	}
	*played = v.GetDay()
	p.state = next
	p.posted, p.postedFor = resp.GetOrder(), resp.GetDay()
	log.Info().Int32("for_day", resp.GetDay()).Str("author", resp.GetAuthor()).Msg("order posted")
	log.Debug().Str("action", resp.GetOrder().GetAction()).Ints32("args", resp.GetOrder().GetArgs()).Int32("for_day", resp.GetDay()).
		Str("reason", resp.GetOrder().GetReason()).Msg("order posted")
	return false
}

// council returns the camp's council with the proposals of the day after
// v's; nil when the server cannot say, and the bot then plays the ruler.
func (p *Player) council(ctx context.Context, v *pb.CampView, log zerolog.Logger) *pb.Council {
	c, err := p.Client.GetCouncil(ctx, &pb.GetCouncilRequest{WorldId: v.GetWorldId(), SinceDay: v.GetDay() + 1})
	if err != nil {
		log.Warn().Str("code", status.Code(err).String()).Msg("read the council; playing the ruler's seat")
		return nil
	}
	return c
}

// propose posts a councillor's proposal for the day after v's (ProposeIn),
// unless its seat already proposed or nothing in its domain is worth it.
func (p *Player) propose(ctx context.Context, v *pb.CampView, c *pb.Council, played *int32, log zerolog.Logger) {
	day := v.GetDay() + 1
	if slices.ContainsFunc(c.GetProposals(), func(pr *pb.OrderProposal) bool { return pr.GetSeat() == c.GetSeat() && pr.GetDay() == day }) {
		*played = v.GetDay()
		log.Info().Msg("a proposal is already posted for this day")
		return
	}
	var domain []string
	for _, s := range c.GetSeats() {
		if s.GetSeat() == c.GetSeat() {
			domain = s.GetDomain()
		}
	}
	o, next := ProposeIn(p.Lang, v, domain, p.state)
	if o == nil {
		*played = v.GetDay()
		log.Info().Msg("nothing in the seat's domain worth proposing")
		return
	}
	pr, err := p.Client.ProposeOrder(ctx, &pb.ProposeOrderRequest{WorldId: v.GetWorldId(), Order: o, ForDay: day})
	if err != nil {
		log.Warn().Str("code", status.Code(err).String()).Msg("proposal refused")
		log.Debug().Err(err).Str("action", o.GetAction()).Ints32("args", o.GetArgs()).Msg("proposal refused")
		return
	}
	*played = v.GetDay()
	p.state = next
	log.Info().Int32("for_day", pr.GetDay()).Msg("proposal posted")
	log.Debug().Str("action", o.GetAction()).Ints32("args", o.GetArgs()).Int32("for_day", pr.GetDay()).
		Str("reason", o.GetReason()).Msg("proposal posted")
}
