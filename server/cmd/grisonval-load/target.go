package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/cmd/internal/selfsigned"
)

// target is a server measured: a grisonvald binary on a fresh store, or the
// no-op baseline (bin empty).
type target struct {
	name string
	bin  string
	proc *process
	conn *grpc.ClientConn // the tool's own connection: set-up and admin calls
	// admin is the admin token; pgURL the target's own database, dropped
	// at the end, when the store is Postgres.
	admin string
	pgURL string
	// profile asks for the metrics listener and the profiles' listener;
	// metrics is the first's address once started (empty when the binary
	// has none), pprof where its profiles are served: the -pprof listener,
	// or the metrics listener of a binary older than that flag.
	profile bool
	metrics string
	pprof   string
	// tls makes the server speak TLS; creds are its clients' transport,
	// set by start.
	tls   bool
	creds grpc.DialOption
}

func (t *target) noop() bool { return t.bin == "" }

// storeConfig says where a target keeps its worlds.
type storeConfig struct {
	kind     string // "sqlite" or "postgres"
	pgBase   string // with Postgres: where to create a database per target
	leaseTTL time.Duration
}

// start starts t's process, in a folder of dir, on a fresh store.
func (t *target) start(ctx context.Context, dir string, sc storeConfig) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	data := filepath.Join(dir, t.name)
	if err := os.MkdirAll(data, 0o750); err != nil {
		return err
	}
	var bin string
	var args []string
	if t.noop() {
		if bin, err = os.Executable(); err != nil {
			return err
		}
		args = []string{"-noop", addr}
	} else {
		bin = t.bin
		args = []string{"-addr", addr, "-data", data}
		if takesFlag(bin, "-admin-token-file") {
			// The operator's token; a binary older than the flag writes
			// the one it issues to its connect file instead.
			t.admin = "gva_load_" + rand.Text()
			file := filepath.Join(data, "admin.token")
			if err := os.WriteFile(file, []byte(t.admin+"\n"), 0o600); err != nil {
				return err
			}
			args = append(args, "-admin-token-file", file)
		}
		if t.profile && takesFlag(bin, "-metrics") {
			if t.metrics, err = freeAddr(); err != nil {
				return err
			}
			args = append(args, "-metrics", t.metrics)
			t.pprof = t.metrics
			if takesFlag(bin, "-pprof") {
				if t.pprof, err = freeAddr(); err != nil {
					return err
				}
				args = append(args, "-pprof", t.pprof)
			}
		}
		if sc.kind == "postgres" {
			if t.pgURL, err = createDatabase(ctx, sc.pgBase); err != nil {
				return err
			}
			args = append(args, "-database-url", t.pgURL)
			if sc.leaseTTL > 0 {
				args = append(args, "-lease-ttl", sc.leaseTTL.String())
			}
		}
	}
	t.creds = grpc.WithTransportCredentials(insecure.NewCredentials())
	if t.tls && !t.noop() {
		pair := filepath.Join(data, "tls")
		if err := selfsigned.Write(pair, []string{"127.0.0.1", "localhost"}); err != nil {
			return err
		}
		cert := filepath.Join(pair, selfsigned.CertFile)
		args = append(args, "-tls-cert", cert, "-tls-key", filepath.Join(pair, selfsigned.KeyFile))
		creds, err := tools.Transport{CA: cert}.Credentials()
		if err != nil {
			return err
		}
		t.creds = grpc.WithTransportCredentials(creds)
	}
	if t.proc, err = startProcess(ctx, t.name, bin, args, addr, filepath.Join(dir, t.name+".log"), t.creds); err != nil {
		return err
	}
	if t.conn, err = dial(addr, t.creds); err != nil {
		return err
	}
	if t.noop() || t.admin != "" {
		return nil
	}
	t.admin, err = adminToken(filepath.Join(data, "connect.txt"))
	return err
}

// close stops t's process and drops its database.
func (t *target) close() error {
	var errs []error
	if t.conn != nil {
		t.conn.Close()
	}
	if t.proc != nil {
		errs = append(errs, t.proc.stop())
	}
	if t.pgURL != "" {
		errs = append(errs, dropDatabase(t.pgURL))
	}
	return errors.Join(errs...)
}

// adminToken reads the admin token a server older than -admin-token-file
// wrote to its connect file.
func adminToken(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("read admin token: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if tok, ok := strings.CutPrefix(sc.Text(), "admin token: "); ok {
			return tok, nil
		}
	}
	return "", errors.New("read admin token: no token in " + path)
}

// worldSpec is a world to create for a run.
type worldSpec struct {
	seed    uint64
	cadence time.Duration
	// days are played before the run: camps 0 and 1 post the first legal
	// action of a rotating plan, camp 2 its standing order, and the admin
	// forces each day.
	days int
}

// world is a world of a target with one token per camp.
type world struct {
	id     uint64
	tokens []string
}

// createWorld creates a world of three camps played by humans (no camp
// posts by itself: days resolve at the cadence), plays its days and issues
// a token per camp.
func (t *target) createWorld(ctx context.Context, spec worldSpec) (world, error) {
	admin := pb.NewAdminServiceClient(t.conn)
	actx := as(ctx, t.admin)
	human := func() *pb.Controller { return &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN} }
	info, err := admin.CreateWorld(actx, &pb.CreateWorldRequest{
		Name: fmt.Sprintf("load %d", spec.seed), Seed: spec.seed, Cadence: durationpb.New(spec.cadence),
		Controllers: []*pb.Controller{human(), human(), human()}, SeasonLength: -1,
	})
	if err != nil {
		return world{}, fmt.Errorf("create world: %w", err)
	}
	w := world{id: info.GetId()}
	for c := range len(info.GetControllers()) {
		resp, err := admin.IssueToken(actx, &pb.IssueTokenRequest{WorldId: w.id, Camp: int32(c)})
		if err != nil {
			return world{}, fmt.Errorf("issue token of camp %d: %w", c, err)
		}
		w.tokens = append(w.tokens, resp.GetToken())
	}
	game := pb.NewGameServiceClient(t.conn)
	plan := []string{"chop_wood", "explore", "raise_army", "expand_to", "send_army", "build", "develop", "rest"}
	for day := range spec.days {
		for c, tok := range w.tokens[:2] {
			cctx := as(ctx, tok)
			v, err := game.GetView(cctx, &pb.GetViewRequest{})
			if err != nil {
				return world{}, fmt.Errorf("day %d: view of camp %d: %w", day, c, err)
			}
			if _, err := game.SubmitOrder(cctx, &pb.SubmitOrderRequest{Order: planned(v, plan, day+3*c)}); err != nil {
				return world{}, fmt.Errorf("day %d: order of camp %d: %w", day, c, err)
			}
		}
		if _, err := admin.ForceTick(actx, &pb.WorldRequest{WorldId: w.id}); err != nil {
			return world{}, fmt.Errorf("day %d: force tick: %w", day, err)
		}
	}
	return w, nil
}

// planned returns the first legal action of plan from step on, with the
// first valid value of each argument.
func planned(v *pb.CampView, plan []string, step int) *pb.Order {
	for i := range plan {
		name := plan[(step+i)%len(plan)]
		for _, la := range v.GetLegalActions() {
			if la.GetAction() != name {
				continue
			}
			o := &pb.Order{Action: name}
			for _, a := range la.GetArgs() {
				if a.GetKind() == pb.ArgKind_ARG_KIND_COUNT {
					o.Args = append(o.Args, a.GetMin())
				} else {
					o.Args = append(o.Args, a.GetChoices()[0])
				}
			}
			return o
		}
	}
	return &pb.Order{Action: "rest"}
}

// createDatabase creates a fresh database on the PostgreSQL of base and
// returns its URL.
func createDatabase(ctx context.Context, base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("parse postgres url: %w", err)
	}
	name := "grisonval_load_" + strings.ToLower(rand.Text())
	if err := pgExec(ctx, base, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// dropDatabase drops the database of u, closing its connections.
func dropDatabase(u string) error {
	pu, err := url.Parse(u)
	if err != nil {
		return err
	}
	name := strings.TrimPrefix(pu.Path, "/")
	pu.Path = "/postgres"
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := pgExec(ctx, pu.String(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return fmt.Errorf("drop database %s: %w", name, err)
	}
	return nil
}

func pgExec(ctx context.Context, url, sql string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, sql)
	return err
}
