package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/pgtest"
)

// logBuffer is a zerolog writer safe for concurrent use that keeps every
// line, to check what the server logged.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// errors returns the error-level lines logged so far.
func (l *logBuffer) errors() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range strings.Split(l.buf.String(), "\n") {
		if strings.Contains(line, `"level":"error"`) {
			out = append(out, line)
		}
	}
	return out
}

// startLogged starts a server on a fresh SQLite store whose logs are kept
// in the returned buffer.
func startLogged(t *testing.T) (*harness, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	h := startServerConfig(t, server.Config{Store: openSQLite(t), Clock: clock.NewFake(start), Rulesets: rulesets,
		Log: zerolog.New(logs)})
	return h, logs
}

// invokeRaw calls method with body as its request's bytes.
func invokeRaw(ctx context.Context, conn *grpc.ClientConn, method string, body []byte) error {
	var reply []byte
	return conn.Invoke(ctx, method, body, &reply, grpc.ForceCodec(rawCodec{}))
}

// TestHugeWorldID: a world_id past the stores' signed 64-bit identifiers is
// a bad argument, with or without a token, and nothing is logged as an
// error (issue 14, point 8).
func TestHugeWorldID(t *testing.T) {
	h, logs := startLogged(t)
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	chronicle := pb.NewChronicleServiceClient(h.conn)
	huge := uint64(math.MaxInt64) + 1
	calls := map[string]func(id uint64) error{
		"ListSeasons (no token)": func(id uint64) error {
			_, err := chronicle.ListSeasons(context.Background(), &pb.ListSeasonsRequest{WorldId: id})
			return err
		},
		"GetChronicle (no token)": func(id uint64) error {
			_, err := chronicle.GetChronicle(context.Background(), &pb.GetChronicleRequest{WorldId: id, Season: 1})
			return err
		},
		"GetWorldState": func(id uint64) error {
			_, err := h.admin.GetWorldState(as(h.adminToken), &pb.WorldRequest{WorldId: id})
			return err
		},
		"ListAudit": func(id uint64) error {
			_, err := h.admin.ListAudit(as(h.adminToken), &pb.ListAuditRequest{WorldId: id})
			return err
		},
		"GetView": func(id uint64) error {
			_, err := h.game.GetView(as(w.tokens[0]), &pb.GetViewRequest{WorldId: id})
			return err
		},
	}
	for name, call := range calls {
		for _, id := range []uint64{huge, math.MaxUint64} {
			err := call(id)
			wantCode(t, err, codes.InvalidArgument)
			if _, fields := errorInfo(err); len(fields) != 1 || fields[0] != "world_id" {
				t.Errorf("%s(%d): got fields %v; want [world_id]", name, id, fields)
			}
		}
	}
	if errs := logs.errors(); len(errs) > 0 {
		t.Errorf("error-level logs for bad world ids:\n%s", strings.Join(errs, "\n"))
	}
}

// TestMalformedWire: bytes that are not a valid encoding of the request are
// a bad argument, on unary calls and streams alike (issue 14, point 8).
func TestMalformedWire(t *testing.T) {
	h, logs := startLogged(t)
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	bad := map[string][]byte{
		"truncated varint":  {0x08, 0xff},
		"truncated length":  {0x0a, 0x05, 'a'},
		"invalid wire type": {0x0f},
	}
	methods := map[string]context.Context{
		"/grisonval.v1.ChronicleService/ListSeasons": context.Background(),
		"/grisonval.v1.AdminService/CreateWorld":     as(h.adminToken),
		"/grisonval.v1.GameService/SendMessage":      as(w.tokens[0]),
	}
	for method, ctx := range methods {
		for name, body := range bad {
			if err := invokeRaw(ctx, h.conn, method, body); status.Code(err) != codes.InvalidArgument {
				t.Errorf("%s with %s: got %v; want InvalidArgument", method, name, err)
			}
		}
	}
	if err := invokeRaw(as(h.adminToken), h.conn, "/grisonval.v1.AdminService/CreateWorld", []byte{0x0a, 0x02, 0xff, 0xfe}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("CreateWorld with a name of invalid UTF-8: got %v; want InvalidArgument", err)
	}
	// WatchTicks, a stream.
	stream, err := h.conn.NewStream(as(w.tokens[0]), &grpc.StreamDesc{ServerStreams: true}, "/grisonval.v1.GameService/WatchTicks", grpc.ForceCodec(rawCodec{}))
	if err != nil {
		t.Fatalf("open stream: %v", err)
	}
	if err := stream.SendMsg([]byte{0x08, 0xff}); err != nil {
		t.Fatalf("send: %v", err)
	}
	stream.CloseSend()
	var reply []byte
	wantCode(t, stream.RecvMsg(&reply), codes.InvalidArgument)
	// A well-formed call still works, and nothing was logged as an error.
	if err := invokeRaw(as(h.adminToken), h.conn, "/grisonval.v1.AdminService/ListWorlds", nil); err != nil {
		t.Fatalf("ListWorlds: %v", err)
	}
	if errs := logs.errors(); len(errs) > 0 {
		t.Errorf("error-level logs for malformed requests:\n%s", strings.Join(errs, "\n"))
	}
}

// TestAuditCutsOnCharacters: an audit detail past its bound is cut between
// two characters, never inside one, so that the entry is recorded (a
// Postgres text refuses half a character) and ListAudit over every world
// answers; a bad entry already stored does not break the listing (issue
// 14, point 4).
func TestAuditCutsOnCharacters(t *testing.T) {
	for _, sc := range stores {
		t.Run(sc.name, func(t *testing.T) {
			st := sc.open(t)
			h := startServer(t, st, clock.NewFake(start))
			// Two names a byte apart: the cut falls inside a character for
			// one of them.
			for _, pad := range []string{"", "a"} {
				name := pad + strings.Repeat("é", 300)
				h.admin.CreateWorld(as(h.adminToken), &pb.CreateWorldRequest{Name: name, Seed: 1})
			}
			resp, err := h.admin.ListAudit(as(h.adminToken), &pb.ListAuditRequest{})
			if err != nil {
				t.Fatalf("ListAudit: %v", err)
			}
			if n := len(resp.GetEntries()); n != 2 {
				t.Fatalf("got %d audit entries; want 2 (one per CreateWorld)", n)
			}
			for _, e := range resp.GetEntries() {
				if d := e.GetDetail(); !utf8.ValidString(d) || len(d) > 500 || len(d) < 497 {
					t.Errorf("detail of %d bytes, valid UTF-8 %t; want 497 to 500 bytes of valid UTF-8", len(d), utf8.ValidString(d))
				}
			}
			if sc.name != "sqlite" {
				return // a Postgres text cannot hold half a character
			}
			bad := store.AuditEntry{At: start, Admin: "old", Action: "CreateWorld", Detail: "name:\"\xc3", Code: "OK"}
			if err := st.PutAudit(t.Context(), &bad); err != nil {
				t.Fatalf("PutAudit: %v", err)
			}
			resp, err = h.admin.ListAudit(as(h.adminToken), &pb.ListAuditRequest{})
			if err != nil {
				t.Fatalf("ListAudit with an entry of invalid UTF-8: %v", err)
			}
			if got := resp.GetEntries()[2].GetDetail(); got != `name:"` {
				t.Errorf("the bad entry's detail: got %q; want %q", got, `name:"`)
			}
		})
	}
}

// replicaSecret is the secret the test replicas share.
const replicaSecret = "test-replica-secret"

// auditActions returns the actions ListAudit lists, oldest first.
func auditActions(t *testing.T, h *harness, token string) []string {
	t.Helper()
	resp, err := h.admin.ListAudit(as(token), &pb.ListAuditRequest{})
	if err != nil {
		t.Fatalf("ListAudit: %v", err)
	}
	var out []string
	for _, e := range resp.GetEntries() {
		out = append(out, e.GetAction())
	}
	return out
}

// TestForwardedByAClient: a client that claims to be a replica (the
// grisonval-forwarded-by metadata) without the replicas' secret is refused,
// on a single server and on replicas, and changes nothing; an admin action
// sent to a replica that forwards it is audited once (issue 14, point 3).
func TestForwardedByAClient(t *testing.T) {
	claim := func(token string, secret ...string) context.Context {
		ctx := metadata.AppendToOutgoingContext(as(token), "grisonval-forwarded-by", "127.0.0.1:1")
		for _, s := range secret {
			ctx = metadata.AppendToOutgoingContext(ctx, "grisonval-replica-secret", s)
		}
		return ctx
	}
	t.Run("single server", func(t *testing.T) {
		h := startServer(t, openSQLite(t), clock.NewFake(start))
		w := h.createWorld(t, &pb.CreateWorldRequest{})
		_, err := h.admin.PauseWorld(claim(h.adminToken), &pb.WorldRequest{WorldId: w.info.GetId()})
		wantCode(t, err, codes.Unauthenticated)
		_, err = h.admin.PauseWorld(claim(h.adminToken, "guess"), &pb.WorldRequest{WorldId: w.info.GetId()})
		wantCode(t, err, codes.Unauthenticated)
		_, err = h.game.GetView(claim(w.tokens[0]), &pb.GetViewRequest{})
		wantCode(t, err, codes.Unauthenticated)
		stream, err := h.game.WatchTicks(claim(w.tokens[0]), &pb.WatchTicksRequest{})
		if err == nil {
			_, err = stream.Recv()
		}
		wantCode(t, err, codes.Unauthenticated)
		if v := h.view(t, w.tokens[0]); v.GetPaused() {
			t.Errorf("the world is paused by a refused call")
		}
		if got, want := auditActions(t, h, h.adminToken), []string{"CreateWorld", "IssueToken", "IssueToken", "IssueToken"}; !slices.Equal(got, want) {
			t.Errorf("audit: got %v; want %v", got, want)
		}
	})
	t.Run("replicas", func(t *testing.T) {
		url := pgtest.NewDatabase(t)
		a := startReplica(t, url, "a")
		b := startReplica(t, url, "b")
		token := adminOf(t, a, b)
		w := a.createWorld(t, &pb.CreateWorldRequest{Seed: 8}) // run by a
		id := w.info.GetId()
		// Through b, which forwards it to a with the secret: audited once.
		if _, err := b.admin.PauseWorld(as(token), &pb.WorldRequest{WorldId: id}); err != nil {
			t.Fatalf("PauseWorld through b: %v", err)
		}
		// Straight to a, claiming to be b: refused, not audited.
		_, err := a.admin.ResumeWorld(claim(token, "guess"), &pb.WorldRequest{WorldId: id})
		wantCode(t, err, codes.Unauthenticated)
		want := []string{"CreateWorld", "IssueToken", "IssueToken", "IssueToken", "PauseWorld"}
		if got := auditActions(t, a, token); !slices.Equal(got, want) {
			t.Errorf("audit: got %v; want %v", got, want)
		}
		if v := a.view(t, w.tokens[0]); !v.GetPaused() {
			t.Errorf("the world is not paused after PauseWorld through b")
		}
	})
}

// TestReflectionSwitch: gRPC reflection, which describes the whole admin
// API, is served only when Config.Reflection asks for it (issue 14, point
// 10).
func TestReflectionSwitch(t *testing.T) {
	for _, on := range []bool{false, true} {
		h := startServerConfig(t, server.Config{Store: openSQLite(t), Clock: clock.NewFake(start), Rulesets: rulesets, Reflection: on})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel() // ends the stream, which the server keeps open
		stream, err := grpc_reflection_v1.NewServerReflectionClient(h.conn).ServerReflectionInfo(ctx)
		if err != nil {
			t.Fatalf("open reflection stream: %v", err)
		}
		// A stream the server refused ends its sends with EOF: Recv says why.
		if err := stream.Send(&grpc_reflection_v1.ServerReflectionRequest{MessageRequest: &grpc_reflection_v1.ServerReflectionRequest_ListServices{}}); err != nil && !errors.Is(err, io.EOF) {
			t.Fatalf("send: %v", err)
		}
		_, err = stream.Recv()
		if on && err != nil {
			t.Errorf("reflection on: %v", err)
		}
		if !on && status.Code(err) != codes.Unimplemented {
			t.Errorf("reflection off: got %v; want Unimplemented", err)
		}
	}
}

// TestAbandonedSeason: a season left by ResetSeason is abandoned, with its
// last day played, and its chronicle is public; the public chronicle
// answers alike for a running season, a season and a world that do not
// exist (issue 14, points 14 and 10).
func TestAbandonedSeason(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	admin := as(h.adminToken)
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	id := w.info.GetId()
	quiet := h.createWorld(t, &pb.CreateWorldRequest{Seed: 5}) // never closes a season
	for range 2 {
		if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
			t.Fatalf("ForceTick: %v", err)
		}
	}
	if _, err := h.admin.ResetSeason(admin, &pb.WorldRequest{WorldId: id}); err != nil {
		t.Fatalf("ResetSeason: %v", err)
	}
	chron := pb.NewChronicleServiceClient(h.conn)
	ctx := context.Background()

	list, err := chron.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: id})
	if err != nil {
		t.Fatalf("public ListSeasons: %v", err)
	}
	if got := list.GetSeasons(); len(got) != 1 || got[0].GetState() != pb.SeasonState_SEASON_STATE_ABANDONED ||
		got[0].GetLastDay() != 2 || got[0].GetClosedAt() == nil {
		t.Fatalf("public seasons after a reset: got %v; want season 1 abandoned on day 2", got)
	}
	all, err := h.admin.ListSeasons(admin, &pb.ListSeasonsRequest{WorldId: id})
	if err != nil {
		t.Fatalf("admin ListSeasons: %v", err)
	}
	var states []pb.SeasonState
	for _, se := range all.GetSeasons() {
		states = append(states, se.GetState())
	}
	if want := []pb.SeasonState{pb.SeasonState_SEASON_STATE_ABANDONED, pb.SeasonState_SEASON_STATE_RUNNING}; !slices.Equal(states, want) {
		t.Errorf("admin seasons: got states %v; want %v", states, want)
	}
	ch, err := chron.GetChronicle(ctx, &pb.GetChronicleRequest{WorldId: id, Season: 1})
	if err != nil {
		t.Fatalf("the abandoned season's chronicle: %v", err)
	}
	if len(ch.GetFrames()) != 3 || ch.GetSeason().GetState() != pb.SeasonState_SEASON_STATE_ABANDONED || len(ch.GetPlayers()) != 0 {
		t.Errorf("the abandoned season's chronicle: %d frames, state %s, %d players; want days 0-2, abandoned, no results",
			len(ch.GetFrames()), ch.GetSeason().GetState(), len(ch.GetPlayers()))
	}

	// Nothing tells a running season from one or a world that does not exist.
	missing := uint64(999)
	hidden := map[string]*pb.GetChronicleRequest{
		"running season":  {WorldId: id, Season: 2},
		"no such season":  {WorldId: id, Season: 9},
		"no such world":   {WorldId: missing, Season: 2},
		"a quiet world's": {WorldId: quiet.info.GetId(), Season: 1},
	}
	for name, req := range hidden {
		_, err := chron.GetChronicle(ctx, req)
		want := fmt.Sprintf("world %d has no closed season %d", req.GetWorldId(), req.GetSeason())
		if status.Code(err) != codes.NotFound || status.Convert(err).Message() != want {
			t.Errorf("%s: got %v; want NotFound %q", name, err, want)
		}
	}
	for _, wid := range []uint64{quiet.info.GetId(), missing} {
		if list, err := chron.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: wid}); err != nil || len(list.GetSeasons()) != 0 {
			t.Errorf("public seasons of world %d: got %v, %v; want none", wid, list.GetSeasons(), err)
		}
	}
}

// TestTextFields: control characters, terminal escape codes, direction
// overrides and invisible characters are refused in every text a caller
// writes, with the field named, and nothing changes; a text stored before
// is escaped on output (issue 14, point 9; issue 34, N9).
func TestTextFields(t *testing.T) {
	st := openSQLite(t)
	old := metWorld(t, st)
	old.Name = "old \x1b[31mred"
	if err := st.UpdateWorld(context.Background(), old); err != nil {
		t.Fatalf("UpdateWorld: %v", err)
	}
	h := startServer(t, st, clock.NewFake(start))
	admin := as(h.adminToken)
	tok := h.tokens(t, old.ID)
	bad := []string{"\x1b[2J\x1b[H", "evil\u202Etxt.exe", "bell\a", "\u2066isolate\u2069", "C1\u009b31m",
		"zero\u200bwidth", "joined\u200d", "\ufeffbom", "filler\u3164"}
	calls := map[string]func(text string) error{
		"text": func(s string) error {
			_, err := h.game.SendMessage(as(tok[0]), &pb.SendMessageRequest{ToCamp: 1, Text: s})
			return err
		},
		"order.reason": func(s string) error {
			_, err := h.game.SubmitOrder(as(tok[0]), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest", Reason: s}})
			return err
		},
		"order.reason (standing)": func(s string) error {
			_, err := h.game.SetStandingOrder(as(tok[0]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "rest", Reason: s}})
			return err
		},
		"name": func(s string) error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: s, Seed: 3})
			return err
		},
		"name (fork)": func(s string) error {
			_, err := h.admin.ForkWorld(admin, &pb.ForkWorldRequest{WorldId: old.ID, Name: s})
			return err
		},
		"player": func(s string) error {
			// A request right but for the player: EnrollPlayer names
			// every wrong field.
			_, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: old.ID, Camp: 0, Player: s, Mode: "human", Package: "levy",
				Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
			return err
		},
	}
	for name, call := range calls {
		field, _, _ := strings.Cut(name, " ")
		for _, s := range bad {
			err := call(s)
			if status.Code(err) != codes.InvalidArgument {
				t.Errorf("%s %q: got %v; want InvalidArgument", name, s, err)
				continue
			}
			if _, fields := errorInfo(err); !slices.Equal(fields, []string{field}) {
				t.Errorf("%s %q: got fields %v; want [%s]", name, s, fields, field)
			}
		}
	}
	if v := h.view(t, tok[0]); v.GetPendingOrder() != nil || len(v.GetMessages()) != 0 {
		t.Errorf("a refused text changed the view: pending %v, %d messages", v.GetPendingOrder(), len(v.GetMessages()))
	}
	list, err := h.admin.ListWorlds(admin, &pb.ListWorldsRequest{})
	if err != nil || len(list.GetWorlds()) != 1 {
		t.Fatalf("ListWorlds: got %v, %v; want the old world alone", list.GetWorlds(), err)
	}
	if got, want := list.GetWorlds()[0].GetName(), `old \x1b[31mred`; got != want {
		t.Errorf("a stored name on output: got %q; want %q", got, want)
	}
	// Newline and tab stay allowed where a text has several lines.
	if _, err := h.game.SendMessage(as(tok[0]), &pb.SendMessageRequest{ToCamp: 1, Text: "Paix ?\n\t« oui »"}); err != nil {
		t.Errorf("a message of two lines: %v", err)
	}
}

// TestAdminBounds: every admin input is bounded with a clear error naming
// the field: a huge name is neither accepted nor logged whole, a cadence
// past the bound is refused rather than cut to 292 years (issue 14, point
// 12).
func TestAdminBounds(t *testing.T) {
	h, logs := startLogged(t)
	admin := as(h.adminToken)
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	huge := strings.Repeat("n", 3<<20)
	tests := []struct {
		name  string
		call  func() error
		field string
	}{
		{"a name of 3 MB", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: huge, Seed: 1})
			return err
		}, "name"},
		{"a name of 101 bytes", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: strings.Repeat("n", server.MaxNameLen+1), Seed: 1})
			return err
		}, "name"},
		{"a cadence of 300 years", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 1, Cadence: &durationpb.Duration{Seconds: 300 * 365 * 86400}})
			return err
		}, "cadence"},
		{"a cadence of 31 days", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 1, Cadence: durationpb.New(31 * 24 * time.Hour)})
			return err
		}, "cadence"},
		{"a season of 100,001 days", func() error {
			_, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Seed: 1, SeasonLength: server.MaxSeasonLength + 1})
			return err
		}, "season_length"},
		{"a fork's name of 3 MB", func() error {
			_, err := h.admin.ForkWorld(admin, &pb.ForkWorldRequest{WorldId: w.info.GetId(), Name: huge})
			return err
		}, "name"},
		{"a player of 3 MB", func() error {
			_, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: w.info.GetId(), Player: huge, Mode: "human"})
			return err
		}, "player"},
		{"101 purchases", func() error {
			_, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: w.info.GetId(), Player: "ada", Mode: "human",
				Purchases: slices.Repeat([]string{"max_pp"}, 101)})
			return err
		}, "purchases"},
	}
	for _, tt := range tests {
		err := tt.call()
		if status.Code(err) != codes.InvalidArgument {
			t.Errorf("%s: got %v; want InvalidArgument", tt.name, err)
			continue
		}
		if _, fields := errorInfo(err); !slices.Equal(fields, []string{tt.field}) {
			t.Errorf("%s: got fields %v; want [%s]", tt.name, fields, tt.field)
		}
	}
	// The bounds themselves are accepted.
	if _, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: strings.Repeat("é", server.MaxNameLen/2), Seed: 1,
		Cadence: durationpb.New(server.MaxCadence), SeasonLength: server.MaxSeasonLength}); err != nil {
		t.Errorf("a world at every bound: %v", err)
	}
	if list, err := h.admin.ListWorlds(admin, &pb.ListWorldsRequest{}); err != nil || len(list.GetWorlds()) != 2 {
		t.Errorf("worlds after the refusals: got %d, %v; want 2", len(list.GetWorlds()), err)
	}
	logs.mu.Lock()
	size := logs.buf.Len()
	logs.mu.Unlock()
	if size > 64<<10 {
		t.Errorf("the log holds %d bytes after refusing huge inputs; want them not logged whole", size)
	}
}

// TestNamedAdminTokens: admins issue, list and revoke named admin tokens
// through AdminService, audited under the caller's name; the token of the
// server's start stays; a revoked token stops at once; a name holds one
// line of printable text (issue 14, point 16).
func TestNamedAdminTokens(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	admin := as(h.adminToken) // "test", issued at the server's start
	issue := func(ctx context.Context, name string) string {
		t.Helper()
		resp, err := h.admin.IssueAdminToken(ctx, &pb.IssueAdminTokenRequest{Name: name})
		if err != nil {
			t.Fatalf("IssueAdminToken(%s): %v", name, err)
		}
		return resp.GetToken()
	}
	works := func(tok string) error {
		_, err := h.admin.ListWorlds(as(tok), &pb.ListWorldsRequest{})
		return err
	}
	ops := issue(admin, "ops")
	ci := issue(as(ops), "ci")
	for name, tok := range map[string]string{"test": h.adminToken, "ops": ops, "ci": ci} {
		if err := works(tok); err != nil {
			t.Errorf("the %s token: %v", name, err)
		}
	}
	list, err := h.admin.ListAdminTokens(admin, &pb.ListAdminTokensRequest{})
	if err != nil || !slices.Equal(list.GetNames(), []string{"ci", "ops", "test"}) {
		t.Errorf("ListAdminTokens: got %v, %v; want [ci ops test]", list.GetNames(), err)
	}

	if _, err := h.admin.RevokeAdminToken(as(ops), &pb.RevokeAdminTokenRequest{Name: "ci"}); err != nil {
		t.Fatalf("RevokeAdminToken(ci): %v", err)
	}
	wantCode(t, works(ci), codes.Unauthenticated)
	_, err = h.admin.RevokeAdminToken(as(ops), &pb.RevokeAdminTokenRequest{Name: "ops"})
	wantCode(t, err, codes.InvalidArgument)
	_, err = h.admin.RevokeAdminToken(admin, &pb.RevokeAdminTokenRequest{Name: "nobody"})
	wantCode(t, err, codes.NotFound)
	_, err = h.admin.IssueAdminToken(admin, &pb.IssueAdminTokenRequest{Name: "evil\x1b[2J"})
	wantCode(t, err, codes.InvalidArgument)
	_, err = h.admin.IssueAdminToken(admin, &pb.IssueAdminTokenRequest{Name: " "})
	wantCode(t, err, codes.InvalidArgument)

	// A new token of a name replaces that name's only.
	ops2 := issue(admin, "ops")
	wantCode(t, works(ops), codes.Unauthenticated)
	for name, tok := range map[string]string{"test": h.adminToken, "ops (new)": ops2} {
		if err := works(tok); err != nil {
			t.Errorf("the %s token: %v", name, err)
		}
	}

	audit, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{})
	if err != nil {
		t.Fatalf("ListAudit: %v", err)
	}
	var got []string
	for _, e := range audit.GetEntries() {
		got = append(got, e.GetAdmin()+" "+e.GetAction()+" "+e.GetCode()+" "+e.GetDetail())
		for _, tok := range []string{ops, ci, ops2} {
			if strings.Contains(e.GetDetail(), tok) {
				t.Errorf("the audit records a token: %q", e.GetDetail())
			}
		}
	}
	want := []string{
		`test IssueAdminToken OK name:"ops"`,
		`ops IssueAdminToken OK name:"ci"`,
		`ops RevokeAdminToken OK name:"ci"`,
		`ops RevokeAdminToken InvalidArgument name:"ops"`,
		`test RevokeAdminToken NotFound name:"nobody"`,
		`test IssueAdminToken InvalidArgument name:"evil\x1b[2J"`,
		`test IssueAdminToken InvalidArgument name:" "`,
		`test IssueAdminToken OK name:"ops"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("audit:\ngot  %q\nwant %q", got, want)
	}
}
