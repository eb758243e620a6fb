// Command grisonval-agent is an MCP server that lets an LLM agent play a
// Grisonval camp through the game server's public API.
//
// Usage:
//
//	GRISONVAL_TOKEN=<camp token> grisonval-agent --stdio [--addr HOST:PORT] [--lang en|fr]
//	grisonval-agent --http 127.0.0.1:8080 [--addr HOST:PORT] [--lang en|fr]
//
// --lang (default $GRISONVAL_LANG, else en) is the language of every text
// the agent reads: the instructions, the tools' descriptions and results,
// and the server's texts in them.
//
// Over stdio the camp's token comes from $GRISONVAL_TOKEN; over HTTP each
// request carries it as "Authorization: Bearer <token>", and the MCP
// endpoint is /mcp. --addr defaults to $GRISONVAL_ADDR or 127.0.0.1:7777.
// Logs go to stderr.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/grisonval/server/clients/agent"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
)

var usage = lang.T("usage: grisonval-agent --stdio | --http HOST:PORT [--addr HOST:PORT] [--lang en|fr] (stdio: set GRISONVAL_TOKEN)",
	"usage : grisonval-agent --stdio | --http HOTE:PORT [--addr HOTE:PORT] [--lang en|fr] (stdio : fixez GRISONVAL_TOKEN)")

func main() {
	envLang, _ := lang.Parse(os.Getenv(lang.EnvVar))
	fs := flag.NewFlagSet("grisonval-agent", flag.ContinueOnError)
	addr := fs.String("addr", tools.Addr(), envLang.Sprintf("game server address (default $GRISONVAL_ADDR)", "adresse du serveur de jeu (par défaut $GRISONVAL_ADDR)"))
	stdio := fs.Bool("stdio", false, envLang.Sprintf("serve MCP over stdin and stdout for the camp of $GRISONVAL_TOKEN",
		"servir MCP sur stdin et stdout pour le camp de $GRISONVAL_TOKEN"))
	httpAddr := fs.String("http", "", envLang.Sprintf("serve stateless streamable HTTP MCP at this address, path /mcp",
		"servir MCP en HTTP streamable sans état à cette adresse, chemin /mcp"))
	daily := fs.Bool("daily-schema", false, envLang.Sprintf("publish the strict order schema rebuilt each day from the legal menu (the tool list then changes daily) instead of the stable one",
		"publier le schéma d'ordre strict reconstruit chaque jour à partir du menu permis (la liste d'outils change alors chaque jour) au lieu du schéma stable"))
	langFlag := tools.LangFlag(fs, envLang)
	transport := tools.TransportFlags(fs, envLang, os.Getenv)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	l, err := tools.ChooseLang(*langFlag, os.Getenv)
	if err != nil {
		fmt.Fprintf(os.Stderr, "grisonval-agent: %v\n%s\n", err, usage.In(envLang))
		os.Exit(2)
	}
	if *stdio == (*httpAddr != "") || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, usage.In(l))
		os.Exit(2)
	}
	log := zerolog.New(os.Stderr).With().Timestamp().Str("addr", *addr).Str("lang", l.String()).Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	conn, err := tools.Dial(*addr, l, *transport)
	if err != nil {
		log.Error().Err(err).Msg("bad game server address")
		os.Exit(2)
	}
	defer conn.Close()
	game := pb.NewGameServiceClient(conn)
	if *stdio {
		err = serveStdio(ctx, game, os.Getenv("GRISONVAL_TOKEN"), l, *daily, log)
	} else {
		err = serveHTTP(ctx, game, *httpAddr, l, *daily, log)
	}
	if err != nil {
		log.Error().Err(err).Msg("grisonval-agent stopped")
		stop()
		os.Exit(1)
	}
}

// serveStdio serves one camp over stdio, refreshing the tools each day.
func serveStdio(ctx context.Context, game pb.GameServiceClient, token string, l lang.Lang, daily bool, log zerolog.Logger) error {
	if token == "" {
		return errors.New(l.Sprintf("no camp token: set GRISONVAL_TOKEN", "pas de jeton de camp : fixez GRISONVAL_TOKEN"))
	}
	c := &tools.Camp{Game: game, Token: token, Now: time.Now, Lang: l, Daily: daily}
	v, err := c.GetView(ctx)
	if err != nil {
		return errors.New(l.Sprintf("read the camp's view: %s", "lire la vue du camp : %s", viewtext.Error(l, err)))
	}
	log = log.With().Uint64("world", v.GetWorldId()).Int32("camp", v.GetCamp()).Logger()
	// The token's seat, read once: it narrows propose_order and
	// adopt_proposal to what the seat may name.
	if council, err := c.Council(ctx, v.GetDay()+1); err == nil {
		c.LearnCouncil(council)
	} else {
		log.Warn().Err(err).Msg("read the council")
	}
	// Read once, for the instructions to list its sections; without it
	// they say that the rules tool does.
	if _, err := c.Rulebook(ctx); err != nil {
		log.Warn().Err(err).Msg("read the rulebook")
	}
	s := agent.NewServer(c, v)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	followed := make(chan error, 1)
	go func() { followed <- agent.Follow(ctx, s, c, v.GetDay(), log) }()
	log.Info().Int32("day", v.GetDay()).Msg("serving MCP over stdio")
	err = s.Run(ctx, &mcp.StdioTransport{})
	cancel()
	if ferr := <-followed; ferr != nil {
		return fmt.Errorf("follow ticks: %w", ferr)
	}
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("serve stdio: %w", err)
	}
	return nil
}

// serveHTTP serves every camp over stateless streamable HTTP at /mcp until
// ctx is done.
func serveHTTP(ctx context.Context, game pb.GameServiceClient, addr string, l lang.Lang, daily bool, log zerolog.Logger) error {
	mux := http.NewServeMux()
	mux.Handle("/mcp", agent.HTTPHandler(game, time.Now, l, daily, log))
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServe() }()
	log.Info().Str("http", addr).Msg("serving MCP over streamable HTTP at /mcp")
	select {
	case err := <-served:
		return fmt.Errorf("serve http: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
