// Command grisonval-agent is an MCP server that lets an LLM agent play a
// Grisonval camp through the game server's public API.
//
// Usage:
//
//	GRISONVAL_TOKEN=<camp token> grisonval-agent --stdio [--addr HOST:PORT]
//	grisonval-agent --http 127.0.0.1:8080 [--addr HOST:PORT]
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
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

const usage = "usage: grisonval-agent --stdio | --http HOST:PORT [--addr HOST:PORT] (stdio: set GRISONVAL_TOKEN)"

func main() {
	fs := flag.NewFlagSet("grisonval-agent", flag.ContinueOnError)
	addr := fs.String("addr", tools.Addr(), "game server address (default $GRISONVAL_ADDR)")
	stdio := fs.Bool("stdio", false, "serve MCP over stdin and stdout for the camp of $GRISONVAL_TOKEN")
	httpAddr := fs.String("http", "", "serve stateless streamable HTTP MCP at this address, path /mcp")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if *stdio == (*httpAddr != "") || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	log := zerolog.New(os.Stderr).With().Timestamp().Str("addr", *addr).Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Error().Err(err).Msg("bad game server address")
		os.Exit(2)
	}
	defer conn.Close()
	game := pb.NewGameServiceClient(conn)
	if *stdio {
		err = serveStdio(ctx, game, os.Getenv("GRISONVAL_TOKEN"), log)
	} else {
		err = serveHTTP(ctx, game, *httpAddr, log)
	}
	if err != nil {
		log.Error().Err(err).Msg("grisonval-agent stopped")
		stop()
		os.Exit(1)
	}
}

// serveStdio serves one camp over stdio, refreshing the tools each day.
func serveStdio(ctx context.Context, game pb.GameServiceClient, token string, log zerolog.Logger) error {
	if token == "" {
		return errors.New("no camp token: set GRISONVAL_TOKEN")
	}
	c := &tools.Camp{Game: game, Token: token, Now: time.Now}
	v, err := c.GetView(ctx)
	if err != nil {
		return fmt.Errorf("read the camp's view: %s", viewtext.Error(err))
	}
	log = log.With().Uint64("world", v.GetWorldId()).Int32("camp", v.GetCamp()).Logger()
	s := agent.NewServer(c, v)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	followed := make(chan error, 1)
	go func() { followed <- agent.Follow(ctx, s, c, v.GetDay(), log) }()
	log.Info().Int32("tick", v.GetDay()).Msg("serving MCP over stdio")
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
func serveHTTP(ctx context.Context, game pb.GameServiceClient, addr string, log zerolog.Logger) error {
	mux := http.NewServeMux()
	mux.Handle("/mcp", agent.HTTPHandler(game, time.Now, log))
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
