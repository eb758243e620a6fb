// Package testserver runs the real Grisonval server for the clients' tests:
// it builds server/cmd/grisonvald (once for the test process, as every
// binary of this module Build makes, with the tag testrules: it also serves
// the rulesets kept for the tests), starts it with -dev on a free loopback
// port and a temporary data folder, and stops it when the test ends. Tests
// drive days with the admin API's ForceTick rather than waiting.
package testserver

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grisonval/server/deploy"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/durationpb"
)

// startTimeout bounds how long the server may take to write its tokens.
const startTimeout = 20 * time.Second

// Server is a running grisonvald and clients of its two services.
type Server struct {
	// Addr is the server's loopback address.
	Addr string
	// Data is the server's data folder.
	Data string
	// AdminToken is the admin token of connect.txt.
	AdminToken string
	// FaceSecret is the server's HTTP faces' credential (its -face-secret):
	// a web face of the test dials with pb.FaceCredentials(FaceSecret), as
	// the server's own faces do.
	FaceSecret string
	// Web is the web face's address ("http://127.0.0.1:PORT/") when the
	// server was started with Options.Web, else "".
	Web string
	// Game and Admin are clients of the server; Admin calls need
	// AdminContext.
	Game  pb.GameServiceClient
	Admin pb.AdminServiceClient
	// logs is the server's console: its standard output and error.
	logs *Buffer
	// stop stops the server's process, once.
	stop func()
}

// Stop stops the server as SIGINT does (the end of the test does, if not
// sooner): its data folder is then free for another program, such as
// grisonval-replay.
func (s *Server) Stop() { s.stop() }

// Output returns what the server has printed on its console so far (its
// standard output and error), as a person running it reads it.
func (s *Server) Output() string {
	return s.logs.String()
}

// Buffer is a bytes.Buffer that a process, a logger or a command writes
// while a test reads it.
type Buffer struct {
	mu sync.Mutex // guards b
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Binary returns the path of a grisonvald binary for the test: the one
// $GRISONVALD_BIN names when set, else the one Build makes of this module.
func Binary(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("GRISONVALD_BIN"); bin != "" {
		return bin
	}
	return Build(t, "./server/cmd/grisonvald", "grisonvald")
}

// builds holds the binaries Build made for the test process, in the folder
// Main created and removes.
var builds struct {
	mu   sync.Mutex // guards dir and bins
	dir  string
	bins map[string]*built
}

// built is one binary of the test process: built once, by the first test
// that asks for it; the others wait for it and share its path or its error.
type built struct {
	once sync.Once
	path string
	err  error
}

// Main runs the tests of a package (m.Run) whose tests call Build, Binary
// or Start, and returns their exit code, having removed the binaries
// Build made: each is built once for the whole test process, the first time
// a test asks for it. The package's TestMain calls it:
//
//	func TestMain(m *testing.M) { os.Exit(testserver.Main(m)) }
func Main(m *testing.M) int {
	dir, err := os.MkdirTemp("", "grisonval-test-bin-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "testserver: a folder for the test binaries: %v\n", err)
		return 1
	}
	builds.mu.Lock()
	builds.dir, builds.bins = dir, map[string]*built{}
	builds.mu.Unlock()
	code := m.Run()
	if err := os.RemoveAll(dir); err != nil {
		fmt.Fprintf(os.Stderr, "testserver: remove the test binaries: %v\n", err)
	}
	return code
}

// Build returns the path of a binary named name of the command package pkg
// of this module (such as "./clients/cli"), built once for the test
// process (Main): the tests that ask for the same package share it.
func Build(t testing.TB, pkg, name string) string {
	t.Helper()
	builds.mu.Lock()
	if builds.dir == "" {
		builds.mu.Unlock()
		t.Fatalf("testserver.Build(%q): the package's TestMain must run its tests with testserver.Main", pkg)
	}
	key := pkg + " " + name
	b := builds.bins[key]
	if b == nil {
		b = &built{path: filepath.Join(builds.dir, strconv.Itoa(len(builds.bins)), name)}
		builds.bins[key] = b
	}
	builds.mu.Unlock()
	b.once.Do(func() { b.err = build(pkg, b.path) })
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// build builds the command package pkg of this module into the file bin
// as the image does (deploy.BuildCommand: the packages compiled once serve
// every test's binaries and the image's), with the tag testrules: a server
// then also serves the rulesets kept for the tests
// (server/cmd/internal/served), which the clients play as any other.
func build(pkg, bin string) error {
	root, err := moduleRoot()
	if err != nil {
		return fmt.Errorf("find the module root: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return err
	}
	cmd := deploy.BuildCommand(context.Background(), bin, pkg, "testrules")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", pkg, err, out)
	}
	return nil
}

// moduleRoot returns the folder of the go.mod of the current module.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside a Go module")
	}
	return filepath.Dir(mod), nil
}

// Start starts grisonvald -dev for the test and stops it at cleanup. Its
// development world is world 1: camp 0 human, camp 1 agent, camp 2 played
// by the in-process bot, one tick every 5 minutes (tests use ForceTick).
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t, Options{})
}

// Options are StartWith's choices; the zero value is Start's server.
type Options struct {
	// Web also serves the web face (grisonvald -web) on a free loopback
	// port: Server.Web.
	Web bool
	// Args are more flags of grisonvald, such as a limit's.
	Args []string
}

// StartWith starts grisonvald -dev as Start does, with opts.
func StartWith(t testing.TB, opts Options) *Server {
	t.Helper()
	bin := Binary(t)
	data := t.TempDir()
	logs := &Buffer{}
	faceSecret := rand.Text()
	args := []string{"-dev", "-addr", "127.0.0.1:0", "-data", data, "-face-secret", faceSecret}
	if opts.Web {
		args = append(args, "-web", "127.0.0.1:0")
	}
	args = append(args, opts.Args...)
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatalf("start grisonvald: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			_ = cmd.Process.Signal(os.Interrupt)
			select {
			case <-exited:
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				<-exited
			}
		})
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			t.Logf("grisonvald output:\n%s", logs.String())
		}
	})
	s := &Server{Data: data, FaceSecret: faceSecret, logs: logs, stop: stop}
	deadline := time.Now().Add(startTimeout)
	for {
		if err := s.readConnect(); err == nil {
			if _, err := os.Stat(filepath.Join(data, "tokens", "camp-0.token")); err == nil {
				break
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("grisonvald exited before it was ready: %v\n%s", err, logs.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("grisonvald not ready after %s:\n%s", startTimeout, logs.String())
		}
	}
	conn, err := grpc.NewClient(s.Addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("dial %s: %v", s.Addr, err)
	}
	t.Cleanup(func() { conn.Close() })
	s.Game, s.Admin = pb.NewGameServiceClient(conn), pb.NewAdminServiceClient(conn)
	return s
}

// readConnect reads the address and the admin token from connect.txt.
func (s *Server) readConnect() error {
	f, err := os.Open(filepath.Join(s.Data, "connect.txt"))
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if a, ok := strings.CutPrefix(l, "Grisonval server at "); ok {
			s.Addr = strings.TrimSpace(a)
		}
		if web, ok := strings.CutPrefix(l, "web page at "); ok {
			s.Web, _, _ = strings.Cut(web, " ")
		}
		if tok, ok := strings.CutPrefix(l, "admin token: "); ok {
			s.AdminToken = strings.TrimSpace(tok)
		}
	}
	if s.Addr == "" || s.AdminToken == "" {
		return errors.New("connect.txt not complete yet")
	}
	return nil
}

// CampToken returns the token the server wrote for an open camp of the
// development world.
func (s *Server) CampToken(t testing.TB, camp int) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(s.Data, "tokens", fmt.Sprintf("camp-%d.token", camp)))
	if err != nil {
		t.Fatalf("read camp %d token: %v", camp, err)
	}
	return strings.TrimSpace(string(b))
}

// AdminContext returns ctx carrying the admin token.
func (s *Server) AdminContext(ctx context.Context) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+s.AdminToken)
}

// ForceTick resolves world's current day now and returns the day resolved.
func (s *Server) ForceTick(t testing.TB, world uint64) int32 {
	t.Helper()
	info, err := s.Admin.ForceTick(s.AdminContext(context.Background()), &pb.WorldRequest{WorldId: world})
	if err != nil {
		t.Fatalf("force tick of world %d: %v", world, err)
	}
	return info.GetDay()
}

// NewWorld creates a world of the server's first ruleset (Grisonval) with
// the given seed, season length and controllers (nil: every camp human, as
// many as the ruleset's default), a one-hour cadence so that only
// ForceTick moves it, and returns its id and camp 0's token.
func (s *Server) NewWorld(t testing.TB, seed uint64, seasonLength int32, controllers []*pb.Controller) (uint64, string) {
	t.Helper()
	w := s.NewGame(t, Game{Seed: seed, SeasonLength: seasonLength, Controllers: controllers})
	return w.ID, w.Tokens[0]
}

// Game says what world NewGame creates. Its zero value is a world of the
// server's first ruleset with the ruleset's default number of camps, every
// camp human, seed 1 and the default season length.
type Game struct {
	// Ruleset names the world's ruleset, as ListRulesets lists it ("castle");
	// "" is the server's first.
	Ruleset string
	// Camps is the number of camps; 0 is the ruleset's default.
	Camps int32
	// Seed is the world's seed; 0 means 1.
	Seed uint64
	// SeasonLength is CreateWorldRequest's season_length.
	SeasonLength int32
	// Controllers, when given, has one entry per camp; nil makes every camp
	// human, so that only the camps' orders and ForceTick move the world
	// (no in-process bot plays a world created after the server started).
	Controllers []*pb.Controller
}

// World is a world NewGame created: its id and a token for each camp, in
// camp order.
type World struct {
	ID     uint64
	Tokens []string
}

// NewGame creates the world g describes with a one-hour cadence, so that
// only the camps' orders (a day resolves early once every camp that decides
// has posted) and ForceTick move it, and issues a token for each camp.
func (s *Server) NewGame(t testing.TB, g Game) World {
	t.Helper()
	ctx := s.AdminContext(context.Background())
	camps := int(g.Camps)
	if camps == 0 {
		camps = len(g.Controllers)
	}
	if camps == 0 {
		rs, err := s.Admin.ListRulesets(ctx, &pb.ListRulesetsRequest{})
		if err != nil || len(rs.GetRulesets()) == 0 {
			t.Fatalf("list rulesets: %v (%d rulesets)", err, len(rs.GetRulesets()))
		}
		info := rs.GetRulesets()[0]
		for _, r := range rs.GetRulesets() {
			if r.GetName() == g.Ruleset {
				info = r
			}
		}
		camps = int(info.GetDefaultCamps())
	}
	controllers := g.Controllers
	if controllers == nil {
		for range camps {
			controllers = append(controllers, &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN})
		}
	}
	seed := g.Seed
	if seed == 0 {
		seed = 1
	}
	info, err := s.Admin.CreateWorld(ctx, &pb.CreateWorldRequest{
		Name: t.Name(), Seed: seed, Cadence: durationpb.New(time.Hour), SeasonLength: g.SeasonLength, Controllers: controllers,
		Ruleset: g.Ruleset, Camps: g.Camps,
	})
	if err != nil {
		t.Fatalf("create a %q world of %d camps: %v", g.Ruleset, camps, err)
	}
	w := World{ID: info.GetId()}
	for camp := range len(info.GetControllers()) {
		tok, err := s.Admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: w.ID, Camp: int32(camp)})
		if err != nil {
			t.Fatalf("issue a token for camp %d: %v", camp, err)
		}
		w.Tokens = append(w.Tokens, tok.GetToken())
	}
	return w
}

// EnrollSeat enrols player (an agent serving patron, one of the camp's
// patrons) for seat of camp in world's running season (docs/seats.md,
// SEAT-ENROL) and returns the seat's token.
func (s *Server) EnrollSeat(t testing.TB, world uint64, camp int32, seat, player, patron string) string {
	t.Helper()
	r, err := s.Admin.EnrollPlayer(s.AdminContext(context.Background()), &pb.EnrollPlayerRequest{
		WorldId: world, Camp: camp, Player: player, Mode: "agent", Patron: patron, Package: "granary",
		Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}, Seat: seat,
	})
	if err != nil {
		t.Fatalf("enrol %s for the %s seat of camp %d: %v", player, seat, camp, err)
	}
	return r.GetToken()
}
