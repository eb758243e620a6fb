package server_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// stores are the two stores the camp tests run on.
var stores = []struct {
	name string
	open func(t *testing.T) store.Store
}{
	{"sqlite", openSQLite},
	{"postgres", func(t *testing.T) store.Store {
		st := openPostgres(t, pgtest.NewDatabase(t))
		t.Cleanup(func() { st.Close() })
		return st
	}},
}

// metSeed is the seed of the worlds of metWorld.
const metSeed = 42

// metWorld stores, before any server runs on st, a world whose camps 0 and 1
// have met each other and camp 2 has met no one: the day-0 state of seed
// metSeed with those Met flags set (meeting takes many days of play).
func metWorld(t *testing.T, st store.Store) store.World {
	t.Helper()
	w := store.World{
		Name: "met", Ruleset: grisonval.Name, Camps: 3, Seed: metSeed, Cadence: cadence, SeasonLength: 24, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}},
		CreatedAt:   start,
	}
	if err := st.CreateWorld(context.Background(), &w); err != nil {
		t.Fatalf("create world: %v", err)
	}
	state := engine.NewWorld(metSeed)
	state.Camps[0].Met[1], state.Camps[1].Met[0] = true, true
	enc, hash, err := server.EncodeState(grisonval.Ruleset{}, grisonval.StateOf(state))
	if err != nil {
		t.Fatalf("encode state: %v", err)
	}
	if err := st.CommitTick(context.Background(), store.Tick{WorldID: w.ID, Season: 1, State: enc, Hash: hash, CommittedAt: start}); err != nil {
		t.Fatalf("commit day 0: %v", err)
	}
	return w
}

// tokens issues a token for each camp of world id.
func (h *harness) tokens(t *testing.T, id uint64) [3]string {
	t.Helper()
	var toks [3]string
	for c := range toks {
		resp, err := h.admin.IssueToken(as(h.adminToken), &pb.IssueTokenRequest{WorldId: id, Camp: int32(c)})
		if err != nil {
			t.Fatalf("issue token for camp %d: %v", c, err)
		}
		toks[c] = resp.GetToken()
	}
	return toks
}

// send sends a message and fails the test if it is refused.
func (h *harness) send(t *testing.T, token string, to int32, text string) *pb.CampMessage {
	t.Helper()
	resp, err := h.game.SendMessage(as(token), &pb.SendMessageRequest{ToCamp: to, Text: text})
	if err != nil {
		t.Fatalf("send %q to camp %d: %v", text, to, err)
	}
	return resp.GetMessage()
}

// messages returns token's messages from day since on, as "from>to:text".
func (h *harness) messages(t *testing.T, token string, since int32) []string {
	t.Helper()
	resp, err := h.game.ListMessages(as(token), &pb.ListMessagesRequest{SinceDay: since})
	if err != nil {
		t.Fatalf("list messages: %v", err)
	}
	return messageLines(resp.GetMessages())
}

func messageLines(ms []*pb.CampMessage) []string {
	var out []string
	for _, m := range ms {
		out = append(out, strings.Join([]string{string(rune('0' + m.GetFromCamp())), ">", string(rune('0' + m.GetToCamp())), ":", m.GetText()}, ""))
	}
	return out
}

// rawCodec sends request bytes as they are, to put on the wire what the
// protobuf encoder would refuse to write.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error)      { return v.([]byte), nil }
func (rawCodec) Unmarshal(data []byte, v any) error { *(v.(*[]byte)) = data; return nil }
func (rawCodec) Name() string                       { return "proto" }

func TestMessages(t *testing.T) {
	for _, sc := range stores {
		t.Run(sc.name, func(t *testing.T) {
			st := sc.open(t)
			w := metWorld(t, st)
			h := startServer(t, st, clock.NewFake(start))
			tok := h.tokens(t, w.ID)
			other := h.createWorld(t, &pb.CreateWorldRequest{})

			v0 := h.view(t, tok[0])
			if got := v0.GetMessageRecipients(); !slices.Equal(got, []int32{1}) {
				t.Fatalf("camp 0's recipients: got %v; want [1]", got)
			}
			if got := v0.GetMaxMessageLen(); got != store.MaxMessageLen {
				t.Errorf("max message length: got %d; want %d", got, store.MaxMessageLen)
			}
			if got := h.view(t, tok[2]).GetMessageRecipients(); len(got) != 0 {
				t.Errorf("camp 2's recipients: got %v; want none", got)
			}

			first := h.send(t, tok[0], 1, "Paix ? « la rivière »")
			if first.GetId() == 0 || first.GetDay() != 1 || first.GetFromCamp() != 0 || first.GetToCamp() != 1 || first.GetSentAt().AsTime() != start {
				t.Errorf("sent message: got %v; want an id, day 1, camp 0 to 1, sent at %s", first, start)
			}
			h.send(t, tok[1], 0, "Jamais.\n\tAdieu.")

			t.Run("auth", func(t *testing.T) {
				req := &pb.SendMessageRequest{ToCamp: 1, Text: "x"}
				tests := []struct {
					name string
					ctx  context.Context
					req  *pb.SendMessageRequest
					want codes.Code
				}{
					{"no token", as(""), req, codes.Unauthenticated},
					{"wrong token", as("gvc_not-a-token"), req, codes.Unauthenticated},
					{"admin token", as(h.adminToken), req, codes.PermissionDenied},
					{"another world's camp", as(other.tokens[0]), &pb.SendMessageRequest{WorldId: w.ID, ToCamp: 1, Text: "x"}, codes.PermissionDenied},
				}
				for _, tt := range tests {
					t.Run(tt.name, func(t *testing.T) {
						_, err := h.game.SendMessage(tt.ctx, tt.req)
						wantCode(t, err, tt.want)
						_, err = h.game.ListMessages(tt.ctx, &pb.ListMessagesRequest{WorldId: tt.req.GetWorldId()})
						wantCode(t, err, tt.want)
						_, err = h.game.SetStandingOrder(tt.ctx, &pb.SetStandingOrderRequest{WorldId: tt.req.GetWorldId(), Order: &pb.Order{Action: "rest"}})
						wantCode(t, err, tt.want)
					})
				}
			})

			t.Run("bad input", func(t *testing.T) {
				tests := []struct {
					name       string
					token      string
					to         int32
					text       string
					wantCode   codes.Code
					wantReason string
				}{
					{"to its own council, blank", tok[0], 0, " ", codes.InvalidArgument, "bad_request"},
					{"to camp 5", tok[0], 5, "x", codes.InvalidArgument, "bad_request"},
					{"to an unmet camp", tok[0], 2, "x", codes.FailedPrecondition, "not_a_recipient"},
					{"from a camp that met none", tok[2], 0, "x", codes.FailedPrecondition, "not_a_recipient"},
					{"empty", tok[0], 1, "", codes.InvalidArgument, "bad_request"},
					{"blank", tok[0], 1, " \n\t ", codes.InvalidArgument, "bad_request"},
					{"too long", tok[0], 1, strings.Repeat("é", store.MaxMessageLen/2) + "x", codes.InvalidArgument, "bad_request"},
					{"terminal escape", tok[0], 1, "hello \x1b[2J", codes.InvalidArgument, "bad_request"},
				}
				for _, tt := range tests {
					t.Run(tt.name, func(t *testing.T) {
						_, err := h.game.SendMessage(as(tt.token), &pb.SendMessageRequest{ToCamp: tt.to, Text: tt.text})
						wantCode(t, err, tt.wantCode)
						reason, fields := errorInfo(err)
						if reason != tt.wantReason {
							t.Errorf("got reason %q; want %q", reason, tt.wantReason)
						}
						if !slices.Equal(fields, []string{"to_camp"}) && !slices.Equal(fields, []string{"text"}) {
							t.Errorf("got fields %v; want [to_camp] or [text]", fields)
						}
						if name := engine.CampNames[2]; tt.to == 2 && strings.Contains(err.Error(), name) {
							t.Errorf("refusal %q names the unmet camp %q", err, name)
						}
					})
				}
				t.Run("invalid UTF-8", func(t *testing.T) {
					var raw []byte
					raw = protowire.AppendTag(raw, 2, protowire.VarintType)
					raw = protowire.AppendVarint(raw, 1)
					raw = protowire.AppendTag(raw, 3, protowire.BytesType)
					raw = protowire.AppendBytes(raw, []byte{'h', 0xff, 'i'})
					var reply []byte
					err := h.conn.Invoke(as(tok[0]), pb.GameService_SendMessage_FullMethodName, raw, &reply, grpc.ForceCodec(rawCodec{}))
					if err == nil || !strings.Contains(err.Error(), "UTF-8") {
						t.Errorf("a text of invalid UTF-8: got %v; want a refusal naming UTF-8", err)
					}
				})
				if got, want := h.messages(t, tok[0], 0), []string{"0>1:Paix ? « la rivière »", "1>0:Jamais.\n\tAdieu."}; !slices.Equal(got, want) {
					t.Errorf("messages after refused ones: got %q; want %q", got, want)
				}
			})

			t.Run("fog", func(t *testing.T) {
				if got := h.messages(t, tok[2], 0); len(got) != 0 {
					t.Errorf("camp 2's messages: got %q; want none", got)
				}
				if got := h.view(t, tok[2]).GetMessages(); len(got) != 0 {
					t.Errorf("camp 2's view messages: got %v; want none", got)
				}
				if got := messageLines(h.view(t, tok[1]).GetMessages()); len(got) != 2 {
					t.Errorf("camp 1's view messages: got %q; want both", got)
				}
			})

			next1, _ := h.watch(t, tok[1])
			next2, _ := h.watch(t, tok[2])
			h.advance(t, cadence)
			if got, want := messageLines(next1().GetMessages()), []string{"0>1:Paix ? « la rivière »"}; !slices.Equal(got, want) {
				t.Errorf("camp 1's notice of day 1: got messages %q; want %q", got, want)
			}
			if got := next2().GetMessages(); len(got) != 0 {
				t.Errorf("camp 2's notice of day 1: got messages %v; want none", got)
			}
			later := h.send(t, tok[0], 1, "Jour deux.")
			if later.GetDay() != 2 {
				t.Errorf("message sent after day 1: got day %d; want 2", later.GetDay())
			}
			if got := h.messages(t, tok[1], 2); !slices.Equal(got, []string{"0>1:Jour deux."}) {
				t.Errorf("camp 1's messages since day 2: got %q", got)
			}

			t.Run("durable", func(t *testing.T) {
				// A day allows 20 messages per seat; the count survives a
				// restart.
				for range 10 {
					h.send(t, tok[1], 0, "encore")
				}
				before := h.messages(t, tok[1], 0)
				h.stop()
				h2 := startServer(t, st, clock.NewFake(start))
				if got := h2.messages(t, tok[1], 0); !slices.Equal(got, before) || len(got) != 13 {
					t.Errorf("camp 1's messages after a restart: got %q; want %q", got, before)
				}
				for range 10 {
					h2.send(t, tok[1], 0, "encore")
				}
				_, err := h2.game.SendMessage(as(tok[1]), &pb.SendMessageRequest{ToCamp: 0, Text: "de trop"})
				wantCode(t, err, codes.ResourceExhausted)
			})
		})
	}
}

func TestStandingOrderAndResults(t *testing.T) {
	for _, sc := range stores {
		t.Run(sc.name, func(t *testing.T) {
			st := sc.open(t)
			h := startServer(t, st, clock.NewFake(start))
			w := h.createWorld(t, &pb.CreateWorldRequest{})
			tok := w.tokens

			v := h.view(t, tok[1])
			if got := v.GetStandingOrder().GetAction(); got != "rest" {
				t.Errorf("default standing order: got %q; want rest", got)
			}
			if got := v.GetPostingStatus(); got != pb.PostingStatus_POSTING_STATUS_STANDING {
				t.Errorf("posting status before posting: got %s; want STANDING", got)
			}
			if v.GetLastResult() != nil {
				t.Errorf("last result on day 0: got %v; want none", v.GetLastResult())
			}

			t.Run("bad standing orders", func(t *testing.T) {
				tests := []struct {
					name       string
					order      *pb.Order
					wantCode   codes.Code
					wantReason string
					wantField  string
				}{
					{"no order", nil, codes.InvalidArgument, "bad_request", "order"},
					{"unknown action", &pb.Order{Action: "dance"}, codes.InvalidArgument, "unknown_action", "action"},
					{"zone off the map", &pb.Order{Action: "explore", Args: []int32{200}}, codes.InvalidArgument, "bad_arguments", "args[0]"},
					{"reason too long", &pb.Order{Action: "rest", Reason: strings.Repeat("x", engine.MaxReasonLen+1)}, codes.InvalidArgument, "bad_arguments", "reason"},
				}
				for _, tt := range tests {
					t.Run(tt.name, func(t *testing.T) {
						_, err := h.game.SetStandingOrder(as(tok[1]), &pb.SetStandingOrderRequest{Order: tt.order})
						wantCode(t, err, tt.wantCode)
						reason, fields := errorInfo(err)
						if reason != tt.wantReason || !slices.Equal(fields, []string{tt.wantField}) {
							t.Errorf("got reason %q fields %v; want %q [%s]", reason, fields, tt.wantReason, tt.wantField)
						}
					})
				}
				if got := h.view(t, tok[1]).GetStandingOrder().GetAction(); got != "rest" {
					t.Errorf("standing order after refusals: got %q; want rest", got)
				}
			})

			// Camp 1 stands on exploring a zone: legal today, no longer once
			// explored. Camp 0 posts; camp 2 keeps resting.
			var explore *pb.LegalAction
			for _, la := range v.GetLegalActions() {
				if la.GetAction() == "explore" {
					explore = la
				}
			}
			if explore == nil {
				t.Fatalf("explore is not legal for camp 1 on day 0; the test needs it")
			}
			zone := explore.GetArgs()[0].GetChoices()[0]
			standing := &pb.Order{Action: "explore", Args: []int32{zone}, Reason: "standing reason"}
			resp, err := h.game.SetStandingOrder(as(tok[1]), &pb.SetStandingOrderRequest{Order: standing})
			if err != nil {
				t.Fatalf("set standing order: %v", err)
			}
			if !proto.Equal(resp.GetOrder(), standing) {
				t.Errorf("SetStandingOrder answer: got %v; want %v", resp.GetOrder(), standing)
			}
			h.submit(t, tok[0], "chop_wood")
			v0 := h.view(t, tok[0])
			if v0.GetPostingStatus() != pb.PostingStatus_POSTING_STATUS_POSTED || !v0.GetPostedAt().AsTime().Equal(start) {
				t.Errorf("after posting: got status %s posted at %v; want POSTED at %s", v0.GetPostingStatus(), v0.GetPostedAt(), start)
			}

			// The standing order survives a restart.
			h.stop()
			h = startServer(t, st, clock.NewFake(start))
			if got := h.view(t, tok[1]).GetStandingOrder(); !proto.Equal(got, standing) {
				t.Fatalf("standing order after a restart: got %v; want %v", got, standing)
			}

			var next [3]func() *pb.TickNotice
			for c := range next {
				next[c], _ = h.watch(t, tok[c])
			}
			h.advance(t, cadence)
			want := [3]*pb.OrderResult{
				{Day: 1, Order: &pb.Order{Action: "chop_wood"}, Status: pb.OrderStatus_ORDER_STATUS_APPLIED},
				{Day: 1, Order: standing, Status: pb.OrderStatus_ORDER_STATUS_STANDING},
				{Day: 1, Order: &pb.Order{Action: "rest"}, Status: pb.OrderStatus_ORDER_STATUS_STANDING},
			}
			for c := range next {
				if got := next[c]().GetResult(); !proto.Equal(got, want[c]) {
					t.Errorf("camp %d's notice of day 1: got result %v; want %v", c, got, want[c])
				}
				if got := h.view(t, tok[c]).GetLastResult(); !proto.Equal(got, want[c]) {
					t.Errorf("camp %d's view after day 1: got last result %v; want %v", c, got, want[c])
				}
			}

			// Day 2: the zone is explored, the standing order is stale and
			// camp 1 rests.
			h.advance(t, cadence)
			got := next[1]().GetResult()
			if got.GetStatus() != pb.OrderStatus_ORDER_STATUS_STANDING_STALE || got.GetCode() == "" || got.GetMessage() == "" ||
				!proto.Equal(got.GetOrder(), standing) {
				t.Errorf("camp 1's notice of day 2: got result %v; want the standing order STANDING_STALE with a code and a message", got)
			}
			for c := 0; c < 3; c += 2 {
				if r := next[c]().GetResult(); r.GetStatus() == pb.OrderStatus_ORDER_STATUS_STANDING_STALE || proto.Equal(r.GetOrder(), standing) {
					t.Errorf("camp %d's notice of day 2 shows camp 1's result %v", c, r)
				}
			}
			if _, err := server.Replay(context.Background(), st, rulesets, w.info.GetId(), 1, nil); err != nil {
				t.Errorf("replay of a season with a stale standing order: %v", err)
			}
		})
	}
}

// TestStaleResult covers a posted order that is no longer legal when its
// day resolves: one accepted before the state moved under it (here, stored
// for the next day before the server starts).
func TestStaleResult(t *testing.T) {
	st := openSQLite(t)
	w := metWorld(t, st)
	o := store.Order{WorldID: w.ID, Season: 1, Day: 1, Camp: 0, Action: "explore", Args: []int{engine.NumZones}, Reason: "far away", SubmittedAt: start}
	if err := st.SaveOrder(context.Background(), o); err != nil {
		t.Fatalf("save order: %v", err)
	}
	h := startServer(t, st, clock.NewFake(start))
	tok := h.tokens(t, w.ID)
	next, _ := h.watch(t, tok[0])
	h.advance(t, cadence)
	got := next().GetResult()
	if got.GetStatus() != pb.OrderStatus_ORDER_STATUS_STALE || got.GetCode() == "" || got.GetField() == "" || got.GetMessage() == "" {
		t.Errorf("notice result: got %v; want STALE with a code, a field and a message", got)
	}
	if v := h.view(t, tok[0]).GetLastResult(); !proto.Equal(v, got) {
		t.Errorf("view last result: got %v; want %v", v, got)
	}
}

func TestPostingStatusLate(t *testing.T) {
	st := &failingStore{Store: openSQLite(t)}
	h := startServer(t, st, clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	h.submit(t, w.tokens[0], "chop_wood")
	st.fail.Store(true)
	h.advance(t, cadence)
	if got := h.view(t, w.tokens[1]).GetPostingStatus(); got != pb.PostingStatus_POSTING_STATUS_LATE {
		t.Errorf("camp 1 after a failed commit: got %s; want LATE", got)
	}
	if got := h.view(t, w.tokens[0]).GetPostingStatus(); got != pb.PostingStatus_POSTING_STATUS_POSTED {
		t.Errorf("camp 0 after a failed commit: got %s; want POSTED", got)
	}
}

// TestReasonStaysWithItsCamp plays days in which every camp gives reasons
// and checks that each reason reaches its own camp's journal and nothing of
// another camp: journal, view, notices, messages.
func TestReasonStaysWithItsCamp(t *testing.T) {
	st := openSQLite(t)
	w := metWorld(t, st)
	h := startServer(t, st, clock.NewFake(start))
	tok := h.tokens(t, w.ID)
	secret := func(c int) string { return "secret-reason-of-camp-" + string(rune('0'+c)) }
	var notices [3][]string
	var next [3]func() *pb.TickNotice
	for c := range next {
		next[c], _ = h.watch(t, tok[c])
		if _, err := h.game.SetStandingOrder(as(tok[c]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "rest", Reason: secret(c)}}); err != nil {
			t.Fatalf("set standing order: %v", err)
		}
	}
	const days = 6
	for day := range days {
		for c := range 3 {
			if day%3 == c {
				continue // this camp plays its standing order today
			}
			o := scripted(h.view(t, tok[c]), day+c)
			o.Reason = secret(c)
			if _, err := h.game.SubmitOrder(as(tok[c]), &pb.SubmitOrderRequest{Order: o}); err != nil {
				t.Fatalf("day %d camp %d: submit %v: %v", day+1, c, o, err)
			}
		}
		h.send(t, tok[0], 1, "bonjour")
		h.advance(t, cadence)
		for c := range 3 {
			b, _ := protojson.Marshal(next[c]())
			notices[c] = append(notices[c], string(b))
		}
	}
	for c := range 3 {
		journal, err := h.game.GetJournal(as(tok[c]), &pb.GetJournalRequest{})
		if err != nil {
			t.Fatalf("journal: %v", err)
		}
		msgs, err := h.game.ListMessages(as(tok[c]), &pb.ListMessagesRequest{})
		if err != nil {
			t.Fatalf("messages: %v", err)
		}
		j, _ := protojson.Marshal(journal)
		v, _ := protojson.Marshal(h.view(t, tok[c]))
		m, _ := protojson.Marshal(msgs)
		if !strings.Contains(string(j), secret(c)) {
			t.Errorf("camp %d's journal never shows its own reason %q", c, secret(c))
		}
		doors := map[string]string{"journal": string(j), "view": string(v), "messages": string(m), "notices": strings.Join(notices[c], "\n")}
		for o := range 3 {
			if o == c {
				continue
			}
			for door, text := range doors {
				if strings.Contains(text, secret(o)) {
					t.Errorf("camp %d's %s shows camp %d's reason", c, door, o)
				}
			}
		}
	}
}
