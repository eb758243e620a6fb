// Command grisonvald runs the Grisonval server: the game and admin gRPC
// services over a Postgres store (-database-url or DATABASE_URL) or the
// embedded SQLite store in the data folder.
//
// With -dev it also creates a default world when there is none, prints how
// to connect (kept in <data>/connect.txt) and plays the AI camps with the
// in-process bot over loopback.
package main

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	stdlog "log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/clients/web"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/secret"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/gateway"
	"github.com/grisonval/server/server/metrics"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/postgres"
	"github.com/grisonval/server/server/store/sqlite"
)

// shutdownTimeout bounds the graceful stop of the gRPC server.
const shutdownTimeout = 10 * time.Second

// connectFile is the name, in the data folder, of the file that keeps the
// connection details printed at first start.
const connectFile = "connect.txt"

// The development world. A day lasts at most seed 000's five minutes: a
// person reads the view (a few screens), decides and posts within it, and
// a day still resolves at once when every camp that is not the AI's has
// posted, so the cadence only bounds a day someone lets pass. Its season
// is a full game of its ruleset (RulesetInfo.season_length).
const devCadence = 5 * time.Minute

// devWorld says whether to create the development world, and of which
// ruleset and number of camps (0: the ruleset's default).
type devWorld struct {
	on      bool
	ruleset string
	camps   int
	// standIn has the bot play the development world's agent camps until
	// their token posts an order (standin.go).
	standIn bool
	// seed is the world's seed; 0 draws one (the tests fix it, so that the
	// game they play is the same at every run).
	seed uint64
}

func main() {
	var (
		addr    = flag.String("addr", "127.0.0.1:7777", "address to listen on")
		data    = flag.String("data", "data", "data folder: the embedded store and "+connectFile)
		dbURL   = flag.String("database-url", os.Getenv("DATABASE_URL"), "PostgreSQL URL; the embedded SQLite store when empty (default $DATABASE_URL)")
		dev     = flag.Bool("dev", false, "create a default world if there is none and play its AI camps in-process")
		rules   = flag.String("ruleset", served.Rulesets()[0].Info().Name, "with -dev: the ruleset of the default world, one of those served: "+rulesetsHelp(served.Rulesets()))
		camps   = flag.Int("camps", 0, "with -dev: the number of camps of the default world (0: the ruleset's default)")
		standIn = flag.Bool("stand-in", false, "with -dev: the bot plays the default world's agent camps until someone posts an order with their token, so that a lone player's days resolve as soon as it posts (make run sets it)")
		adv     = flag.String("advertise", "", "with Postgres: the address other server processes reach this one at (default the listening address)")
		ttl     = flag.Duration("lease-ttl", server.DefaultLeaseTTL, "with Postgres: how long a world's lease lasts unrenewed (leases are renewed together, every third of it)")
		beat    = flag.Duration("heartbeat-ttl", server.DefaultHeartbeatTTL, "with Postgres: how long this process's heartbeat lasts unrenewed, so about how long a world waits when its server dies (renewed every quarter of it; raise it on a database that stalls for longer than three quarters of it)")
		pretty  = flag.Bool("pretty", false, "human-readable logs instead of JSON")
		level   = flag.String("log-level", "info", "the lowest level logged: debug adds what each camp orders and writes (its orders' arguments and reasons, its messages' recipients), which another player may read on the console; info, warn or error")
		webAt   = flag.String("web", "", "address of the web face (the observer's, camps' and chronicle's pages; docs/web.md), such as 127.0.0.1:7780; off when empty")
		httpAt  = flag.String("http", "", "address of the JSON/HTTP face (every RPC as POST /<service>/<method>; docs/http.md), such as 127.0.0.1:7781; off when empty")
		metAt   = flag.String("metrics", "", "private address of the Prometheus metrics (/metrics; docs/operations.md), such as 127.0.0.1:7790; off when empty")
		pprofA  = flag.String("pprof", "", "private address of Go's profiles (net/http/pprof at /debug/pprof/, which shows the command line; docs/operations.md), such as 127.0.0.1:7791; off when empty")
		secret  = flag.String("replica-secret", os.Getenv(replicaSecretEnv), "with Postgres: the secret every server process of the database shares, which authenticates the calls they forward to each other (docs/security.md; default $"+replicaSecretEnv+"; a random one when empty: no other process can forward to this one)")
		reflec  = flag.Bool("reflection", false, "serve gRPC reflection (the whole API's description, admin included); on with -dev unless -reflection=false")
		cert    = flag.String("tls-cert", "", "PEM file of the TLS certificate (its chain after it): the server speaks TLS (docs/security.md); with -tls-key")
		key     = flag.String("tls-key", "", "PEM file of the TLS certificate's private key; with -tls-cert")
		adminF  = flag.String("admin-token-file", os.Getenv(adminTokenFileEnv), "a file holding the deployment's admin token, which the operator provides (a Kubernetes Secret; at least 32 random characters: openssl rand -base64 32); every replica sets it at its start and never issues, rotates or prints one (docs/deploy.md; default $"+adminTokenFileEnv+")")
		faceSc  = flag.String("face-secret", os.Getenv(faceSecretEnv), "the credential under which the server believes the visitor's address and page that its HTTP faces name (docs/security.md): a random one when empty, known to this process's faces only; set it only to run a face of this repository as a test or another process you trust (default $"+faceSecretEnv+")")
		devTLS  = flag.Bool("dev-tls", false, "with -dev: speak TLS with a self-signed certificate made at first start for the loopback, the machine's name and the -addr and -advertise hosts, kept in <data>/"+devTLSDir+"/ (clients trust it with --ca <data>/"+devTLSDir+"/"+devTLSCert+")")
	)
	flag.Parse()
	sec := security{replicaSecret: *secret, reflection: *reflec || (*dev && !flagSet("reflection")), tlsCert: *cert, tlsKey: *key, devTLS: *devTLS,
		adminTokenFile: *adminF, faceSecret: *faceSc}
	var log zerolog.Logger
	if *pretty {
		log = zerolog.New(zerolog.ConsoleWriter{Out: os.Stderr}).With().Timestamp().Logger()
	} else {
		log = zerolog.New(os.Stderr).With().Timestamp().Logger()
	}
	lvl, err := zerolog.ParseLevel(*level)
	if err != nil || lvl < zerolog.DebugLevel || lvl > zerolog.ErrorLevel {
		log.Error().Str("log_level", *level).Msg("-log-level is one of debug, info, warn, error")
		os.Exit(2)
	}
	log = log.Level(lvl)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, *addr, *data, *dbURL, devWorld{on: *dev, ruleset: *rules, camps: *camps, standIn: *standIn}, *adv, server.Replica{LeaseTTL: *ttl, HeartbeatTTL: *beat}, faces{web: *webAt, http: *httpAt, metrics: *metAt, pprof: *pprofA, limits: *httpConfig}, sec); err != nil {
		log.Error().Err(err).Msg("grisonvald stopped")
		os.Exit(1)
	}
}

// replicaSecretEnv is the environment variable of -replica-secret's default.
const replicaSecretEnv = "GRISONVAL_REPLICA_SECRET"

// faceSecretEnv is the environment variable of -face-secret's default.
const faceSecretEnv = "GRISONVAL_FACE_SECRET"

// adminTokenFileEnv is the environment variable of -admin-token-file's
// default.
const adminTokenFileEnv = "GRISONVAL_ADMIN_TOKEN_FILE"

// security is what the server exposes and how its processes trust each
// other (docs/security.md).
type security struct {
	// replicaSecret authenticates the calls between the server processes
	// of one database; a random one when empty.
	replicaSecret string
	// reflection serves gRPC reflection.
	reflection bool
	// tlsCert and tlsKey are the files of the TLS pair; devTLS, with -dev,
	// asks for a self-signed one. Plaintext without any.
	tlsCert, tlsKey string
	devTLS          bool
	// adminTokenFile holds the operator's admin token; none when empty.
	adminTokenFile string
	// faceSecret is the HTTP faces' credential; a random one when empty.
	faceSecret string
}

// flagSet reports whether the command line set the flag called name.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// faces are the addresses of the server's HTTP faces, each off when empty:
// the web pages and the JSON face, both clients of the server's own gRPC
// address, and the private listeners of the metrics and of the profiles;
// and the bounds of every HTTP listener.
type faces struct {
	web, http, metrics, pprof string
	limits                    httpLimits
}

// run serves until ctx is done, then shuts down gracefully. On Postgres the
// server is a replica: it runs the worlds whose lease it holds, advertised
// as advertise (the listening address when empty), with times' lease and
// heartbeat times. It also serves the faces whose address is set.
func run(ctx context.Context, log zerolog.Logger, addr, data, dbURL string, dev devWorld, advertise string, times server.Replica, at faces, sec security) error {
	st, err := openStore(ctx, data, dbURL)
	if err != nil {
		return err
	}
	var met *metrics.Metrics
	if at.metrics != "" {
		met = metrics.New()
		name := "sqlite"
		if dbURL != "" {
			name = "postgres"
		}
		st = met.Store(name, st)
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error().Err(err).Msg("close store")
		}
	}()
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	listening := lis.Addr().String()
	if sec.devTLS && !dev.on {
		lis.Close()
		return errors.New("-dev-tls goes with -dev; give -tls-cert and -tls-key otherwise")
	}
	tr, err := loadTransport(sec.tlsCert, sec.tlsKey, sec.devTLS, data, tlsHosts(addr, advertise))
	if err != nil {
		lis.Close()
		return err
	}
	if tr.cert == nil && !isLoopback(listening) {
		log.Warn().Str("addr", listening).Msg("plaintext on an address other than the loopback: tokens and messages travel in clear; give -tls-cert and -tls-key")
	}
	forward, err := tr.replicas()
	if err != nil {
		lis.Close()
		return err
	}
	cfg := server.Config{Store: st, Rulesets: served.Rulesets(), Log: log, Metrics: met, Reflection: sec.reflection, Limits: *limitConfig,
		FaceSecret: sec.faceSecret}
	if dbURL != "" {
		if advertise == "" {
			advertise = loopback(listening)
		}
		if sec.replicaSecret == "" {
			sec.replicaSecret = rand.Text()
			log.Warn().Msg("no -replica-secret nor $" + replicaSecretEnv + ": other server processes of this database cannot forward calls to this one")
		}
		cfg.Replica = &server.Replica{Addr: advertise, LeaseTTL: times.LeaseTTL, HeartbeatTTL: times.HeartbeatTTL,
			Secret: sec.replicaSecret, Transport: forward}
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		lis.Close()
		return err
	}
	defer srv.Stop()
	// The operator's admin token opens the admin service from the first
	// call served.
	if err := operatorToken(ctx, log, srv, sec.adminTokenFile); err != nil {
		lis.Close()
		return err
	}
	g := srv.NewGRPCServer(tr.serverOption()...)
	serveErr := make(chan error, 1)
	go func() { serveErr <- g.Serve(lis) }()
	log.Info().Str("addr", listening).Bool("tls", tr.cert != nil).Msg("listening")
	at.limits = at.limits.withDefaults()
	urls, stopFaces, err := startFaces(ctx, log, at, listening, tr, srv.FaceCredentials())
	if err != nil {
		return err
	}
	defer stopFaces()
	for _, private := range []struct {
		name, addr string
		handler    http.Handler
		url        *string
	}{{"metrics", at.metrics, nil, &urls.metrics}, {"pprof", at.pprof, metrics.Profiles(), &urls.pprof}} {
		if private.addr == "" {
			continue
		}
		if private.handler == nil {
			private.handler = met.Handler()
		}
		stopPrivate, url, err := serveHTTP(log, private.name, private.addr, private.handler, nil, at.limits)
		if err != nil {
			return err
		}
		defer stopPrivate()
		*private.url = url
		if !isLoopback(private.addr) {
			log.Warn().Str("face", private.name).Str("url", url).Msg("a private listener on an address other than the loopback: it carries no authentication")
		}
	}

	var bots sync.WaitGroup
	botCtx, stopBots := context.WithCancel(ctx)
	defer func() {
		stopBots()
		bots.Wait()
	}()
	if dev.on {
		players, err := devSetup(ctx, log, srv, data, listening, urls, dev, tr)
		if err != nil {
			return err
		}
		if err := startBots(botCtx, &bots, listening, players, tr); err != nil {
			return err
		}
	} else if err := announceFaces(log, data, listening, urls, sec.adminTokenFile); err != nil {
		return err
	}

	select {
	case <-ctx.Done():
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	}
	log.Info().Msg("shutting down")
	stopBots()
	bots.Wait()
	srv.Stop()
	done := make(chan struct{})
	go func() {
		g.GracefulStop()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(shutdownTimeout):
		log.Warn().Dur("timeout", shutdownTimeout).Msg("graceful stop timed out; closing connections")
		g.Stop()
	}
	return nil
}

// openStore opens Postgres when dbURL is set, else SQLite in data.
func openStore(ctx context.Context, data, dbURL string) (store.Store, error) {
	if dbURL != "" {
		st, err := postgres.Open(ctx, dbURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres store: %w", err)
		}
		return st, nil
	}
	st, err := sqlite.Open(data)
	if err != nil {
		return nil, fmt.Errorf("open sqlite store in %s: %w", data, err)
	}
	return st, nil
}

// operatorToken sets the admin token the operator keeps in file, if any
// (Server.SetOperatorToken): it is never issued, rotated or printed here.
func operatorToken(ctx context.Context, log zerolog.Logger, srv *server.Server, file string) error {
	if file == "" {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("-admin-token-file: %w", err)
	}
	if err := srv.SetOperatorToken(ctx, strings.TrimSpace(string(b))); err != nil {
		return fmt.Errorf("-admin-token-file %s: %w", file, err)
	}
	log.Info().Str("file", file).Str("admin", server.OperatorAdmin).Msg("admin token: the operator's, from its file")
	return nil
}

// announceFaces says, outside -dev, where the server and its HTTP faces
// listen, and whose admin token opens the admin service; it keeps the text
// in the connect file, rewritten at each start. It holds no token: outside
// -dev the server issues none (docs/deploy.md, "The admin token").
func announceFaces(log zerolog.Logger, data, addr string, urls faces, adminTokenFile string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Grisonval server at %s\n", addr)
	if urls.web != "" {
		fmt.Fprintf(&b, "web page at %s\n", urls.web)
	}
	if urls.http != "" {
		fmt.Fprintf(&b, "JSON face at %s (docs/http.md)\n", urls.http)
	}
	if urls.metrics != "" {
		fmt.Fprintf(&b, "metrics at %smetrics (private; docs/operations.md)\n", urls.metrics)
	}
	if urls.pprof != "" {
		fmt.Fprintf(&b, "profiles at %sdebug/pprof/ (private; docs/operations.md)\n", urls.pprof)
	}
	if adminTokenFile != "" {
		fmt.Fprintf(&b, "\nadmin: the operator's token, in %s\n", adminTokenFile)
	} else {
		fmt.Fprintf(&b, "\nadmin: no token is set up; give one with -admin-token-file (docs/deploy.md)\n")
		log.Warn().Msg("no -admin-token-file: no admin token opens the admin service of this server")
	}
	return announce(log, data, b.String())
}

// devSetup creates the development world if there is none and prints how
// to connect once. It returns a bot for every AI camp of every world, each
// with a fresh token.
func devSetup(ctx context.Context, log zerolog.Logger, srv *server.Server, data, addr string, urls faces, dev devWorld, tr transport) ([]*bot.Player, error) {
	admin := srv.Admin()
	worlds, err := admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
	if err != nil {
		return nil, fmt.Errorf("list worlds: %w", err)
	}
	if len(worlds.GetWorlds()) == 0 {
		info, err := createDevWorld(ctx, admin, dev)
		if err != nil {
			return nil, err
		}
		text, err := devConnectText(ctx, srv, info, data, addr, urls, tr, dev.standIn)
		if err != nil {
			return nil, err
		}
		if err := announce(log, data, text); err != nil {
			return nil, err
		}
		worlds.Worlds = []*pb.WorldInfo{info}
	} else {
		log.Info().Str("file", filepath.Join(data, connectFile)).Msg("worlds exist; the connection details printed at first start are in this file")
		fmt.Print(framed(restartText(data, addr, urls)))
	}
	var players []*bot.Player
	for _, w := range worlds.GetWorlds() {
		for camp, c := range w.GetControllers() {
			if c.GetKind() != pb.ControllerKind_CONTROLLER_KIND_AI {
				continue
			}
			// A bot's token lives only in memory: each start issues a new one.
			resp, err := admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: w.GetId(), Camp: int32(camp)})
			if err != nil {
				return nil, fmt.Errorf("issue bot token for world %d camp %d: %w", w.GetId(), camp, err)
			}
			// The bot's own lines carry the world, tick and camp fields.
			players = append(players, &bot.Player{Token: resp.GetToken(), Log: log.With().Str("bot", enumName(c.GetPosture().String())).Logger()})
			log.Info().Uint64("world", w.GetId()).Int("camp", camp).Msg("AI camp played by the in-process bot")
		}
	}
	if dev.standIn && len(worlds.GetWorlds()) > 0 {
		players = append(players, standIns(log, data, worlds.GetWorlds()[0])...)
	}
	return players, nil
}

// startBots runs players as gRPC clients of addr, over tr, until ctx is
// done; wg
// counts them and their connection.
func startBots(ctx context.Context, wg *sync.WaitGroup, addr string, players []*bot.Player, tr transport) error {
	if len(players) == 0 {
		return nil
	}
	conn, err := grpc.NewClient(loopback(addr), tr.self())
	if err != nil {
		return fmt.Errorf("dial %s: %w", addr, err)
	}
	game := pb.NewGameServiceClient(conn)
	var running sync.WaitGroup
	for _, p := range players {
		p.Client = game
		running.Go(func() {
			if err := p.Run(ctx); err != nil {
				p.Log.Error().Err(err).Msg("bot stopped")
			}
		})
	}
	wg.Go(func() {
		running.Wait()
		conn.Close()
	})
	return nil
}

// createDevWorld creates the development world of dev's ruleset with
// dev's seed, or a random one: camp 0 for a human, camp 1 for an agent, the others played
// by the AI (in the growth posture for Grisonval; aggressive and prudent in
// turn otherwise, to show the bot's strategies).
func createDevWorld(ctx context.Context, admin pb.AdminServiceServer, dev devWorld) (*pb.WorldInfo, error) {
	seed := dev.seed
	for seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("draw a seed: %w", err)
		}
		seed = binary.LittleEndian.Uint64(b[:])
	}
	rulesets, err := admin.ListRulesets(ctx, &pb.ListRulesetsRequest{})
	if err != nil {
		return nil, err
	}
	var info *pb.RulesetInfo
	for _, r := range rulesets.GetRulesets() {
		if r.GetName() == dev.ruleset {
			info = r
		}
	}
	if info == nil {
		return nil, fmt.Errorf("-ruleset %q is not served here; the rulesets served: %s", dev.ruleset, rulesetsHelp(served.Rulesets()))
	}
	camps := dev.camps
	if camps == 0 {
		camps = int(info.GetDefaultCamps())
	}
	controllers := []*pb.Controller{{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN}, {Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}}
	for c := 2; c < camps; c++ {
		posture := pb.Posture_POSTURE_GROWTH
		if dev.ruleset != "grisonval" {
			posture = [2]pb.Posture{pb.Posture_POSTURE_AGGRESSIVE, pb.Posture_POSTURE_PRUDENT}[c%2]
		}
		controllers = append(controllers, &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: posture})
	}
	world, err := admin.CreateWorld(ctx, &pb.CreateWorldRequest{
		Name: strings.ToUpper(dev.ruleset[:1]) + dev.ruleset[1:], Seed: seed, Cadence: durationpb.New(devCadence),
		SeasonLength: info.GetSeasonLength(), Ruleset: dev.ruleset, Camps: int32(camps), Controllers: controllers,
	})
	if err != nil {
		return nil, fmt.Errorf("create the development world: %w", err)
	}
	return world, nil
}

// rulesetsHelp lists the rulesets rs, each with its title, for the flags'
// help and their errors.
func rulesetsHelp(rs server.Rulesets) string {
	var parts []string
	for _, r := range rs {
		info := r.Info()
		parts = append(parts, info.Name+": "+info.Title.In(lang.EN))
	}
	return strings.Join(parts, "; ")
}

// devConnectText issues the tokens of the development world's open camps
// and an admin token, and says how to use them (with the HTTP faces'
// addresses when they run). Each open camp's token is also kept alone in
// <data>/tokens/camp-N.token, for a bot started beside the server
// (docker-compose.yml).
func devConnectText(ctx context.Context, srv *server.Server, info *pb.WorldInfo, data, addr string, urls faces, tr transport, standIn bool) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "Grisonval server at %s\n", addr)
	if urls.web != "" {
		fmt.Fprintf(&b, "web page at %s (sign in with a token below; the world's observer page: %sworld/%d)\n", urls.web, urls.web, info.GetId())
	}
	if urls.http != "" {
		fmt.Fprintf(&b, "JSON face at %s (docs/http.md)\n", urls.http)
	}
	if urls.metrics != "" {
		fmt.Fprintf(&b, "metrics at %smetrics (private; docs/operations.md)\n", urls.metrics)
	}
	if urls.pprof != "" {
		fmt.Fprintf(&b, "profiles at %sdebug/pprof/ (private; docs/operations.md)\n", urls.pprof)
	}
	fmt.Fprintf(&b, "world %d %q, seed %d, one tick every %s, %d days a season\n\n",
		info.GetId(), info.GetName(), info.GetSeed(), info.GetCadence().AsDuration(), info.GetSeasonLength())
	var firstToken string
	for camp, c := range info.GetControllers() {
		if c.GetKind() == pb.ControllerKind_CONTROLLER_KIND_AI {
			fmt.Fprintf(&b, "camp %d %s: played by the in-process bot (%s)\n", camp, info.GetCampNames()[camp], enumName(c.GetPosture().String()))
			continue
		}
		resp, err := srv.Admin().IssueToken(ctx, &pb.IssueTokenRequest{WorldId: info.GetId(), Camp: int32(camp)})
		if err != nil {
			return "", fmt.Errorf("issue token for camp %d: %w", camp, err)
		}
		if firstToken == "" {
			firstToken = resp.GetToken()
		}
		if err := secret.Write(filepath.Join(data, "tokens", fmt.Sprintf("camp-%d.token", camp)), resp.GetToken()+"\n"); err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "camp %d %s (%s): %s\n", camp, info.GetCampNames()[camp], enumName(c.GetKind().String()), resp.GetToken())
		if standIn && c.GetKind() == pb.ControllerKind_CONTROLLER_KIND_AGENT {
			fmt.Fprintf(&b, "  (played by the in-process bot until an order is posted with this token: alone on camp 0, your days resolve as soon as you post)\n")
		}
	}
	adminTok, err := srv.IssueAdminToken(ctx, "dev")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "admin token: %s\n", adminTok)
	if firstToken != "" {
		ca := ""
		if tr.certFile != "" {
			ca = " --ca " + tr.certFile
		}
		fmt.Fprintf(&b, "\nplay camp 0 from a terminal:\n  go run ./clients/cli --addr %s%s --token %s view\n", addr, ca, firstToken)
		if urls.http != "" {
			cacert := ""
			if tr.certFile != "" {
				cacert = " --cacert " + tr.certFile
			}
			fmt.Fprintf(&b, "or over HTTP:\n  curl -s%s -H 'Authorization: Bearer %s' -d '{}' %sgrisonval.v1.GameService/GetView\n", cacert, firstToken, urls.http)
		}
	}
	return b.String(), nil
}

// startFaces serves the faces of at, each a gRPC client of the server's
// own address over loopback and tr (as the in-process bot), so that every call
// passes the same interceptors, authentication and limits; their calls carry
// creds, the faces' credential (server.Server.FaceCredentials). It returns the
// faces' addresses and how to stop them all.
func startFaces(ctx context.Context, log zerolog.Logger, at faces, grpcAddr string, tr transport, creds grpc.DialOption) (urls faces, stop func(), err error) {
	var stops []func()
	stop = func() {
		for _, f := range stops {
			f()
		}
	}
	if at.web == "" && at.http == "" {
		return urls, stop, nil
	}
	conn, err := grpc.NewClient(loopback(grpcAddr), tr.self(), creds)
	if err != nil {
		return urls, stop, fmt.Errorf("dial %s for the HTTP faces: %w", grpcAddr, err)
	}
	stops = append(stops, func() { conn.Close() })
	if at.web != "" {
		wlog := log.With().Str("face", "web").Logger()
		face, err := web.New(web.Config{Conn: conn, Log: &wlog})
		if err != nil {
			stop()
			return urls, nil, err
		}
		s, url, err := serveHTTP(log, "web", at.web, face, tr.cert, at.limits)
		if err != nil {
			stop()
			return urls, nil, err
		}
		stops, urls.web = append([]func(){s}, stops...), url
	}
	if at.http != "" {
		face, err := gateway.New(ctx, conn)
		if err != nil {
			stop()
			return urls, nil, err
		}
		s, url, err := serveHTTP(log, "http", at.http, face, tr.cert, at.limits)
		if err != nil {
			stop()
			return urls, nil, err
		}
		stops, urls.http = append([]func(){s}, stops...), url
	}
	return urls, stop, nil
}

// serveHTTP serves handler, the face called name, on addr, in TLS with
// cert when it is set, within l. It returns how to stop it and its address
// as a URL.
func serveHTTP(log zerolog.Logger, name, addr string, handler http.Handler, cert *tls.Certificate, l httpLimits) (stop func(), url string, err error) {
	lis, url, err := listenHTTP(addr, cert, l.MaxConns)
	if err != nil {
		return nil, "", fmt.Errorf("listen for the %s face: %w", name, err)
	}
	flog := log.With().Str("face", name).Logger()
	hs := newHTTPServer(l, handler)
	hs.ErrorLog = stdlog.New(flog, "", 0)
	go func() {
		if err := hs.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			flog.Error().Err(err).Msg("face stopped")
		}
	}()
	flog.Info().Str("url", url).Bool("tls", cert != nil).Msg("face listening")
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		_ = hs.Shutdown(ctx)
	}, url, nil
}

// announce prints text once and keeps it in <data>/connect.txt, readable by
// the owner only.
func announce(log zerolog.Logger, data, text string) error {
	path := filepath.Join(data, connectFile)
	if err := secret.Write(path, text); err != nil {
		return err
	}
	// One write, framed, so that the log lines (on stderr) stand apart
	// from it in a terminal.
	fmt.Print(framed(fmt.Sprintf("%s\n(kept in %s)\n", text, path)))
	log.Info().Str("file", path).Msg("connection details written")
	return nil
}

// loopback returns addr with an unspecified host replaced by 127.0.0.1, so
// that the in-process bots can dial it.
func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// isLoopback reports whether addr's host is a loopback address.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	ip := net.ParseIP(host)
	return err == nil && (host == "localhost" || (ip != nil && ip.IsLoopback()))
}

// enumName returns the last word of a protobuf enum value name, in lower
// case: "growth" for "POSTURE_GROWTH".
func enumName(s string) string {
	return strings.ToLower(s[strings.LastIndex(s, "_")+1:])
}
