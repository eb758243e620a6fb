// Command grisonval-bot plays one camp of a Grisonval world with the AI bot,
// in the posture the server shows for the camp, until SIGINT or SIGTERM.
//
// Usage:
//
//	grisonval-bot [--addr 127.0.0.1:7777] [--token TOKEN | --token-file PATH]
//
// The token defaults to $GRISONVAL_TOKEN; it names the world and the camp.
// With --token-file the bot waits for the file to appear (a server started
// with -dev writes its open camps' tokens under <data>/tokens/).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	fs := flag.NewFlagSet("grisonval-bot", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:7777", "game server address")
	token := fs.String("token", os.Getenv("GRISONVAL_TOKEN"), "camp token (default $GRISONVAL_TOKEN)")
	tokenFile := fs.String("token-file", "", "read the camp token from this file, waiting for it to appear")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if (*token == "" && *tokenFile == "") || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: grisonval-bot [--addr HOST:PORT] --token TOKEN | --token-file PATH (or set GRISONVAL_TOKEN)")
		os.Exit(2)
	}
	log := zerolog.New(os.Stderr).With().Timestamp().Str("addr", *addr).Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *tokenFile != "" {
		t, err := waitForToken(ctx, *tokenFile)
		if err != nil {
			log.Error().Err(err).Msg("no token")
			stop()
			os.Exit(1)
		}
		*token = t
	}
	if err := run(ctx, *addr, *token, log); err != nil {
		log.Error().Err(err).Msg("bot stopped")
		stop()
		os.Exit(1)
	}
	log.Info().Msg("bot stopped")
}

// run plays until ctx is done or the server refuses the token.
func run(ctx context.Context, addr, token string, log zerolog.Logger) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("connect to %s: %w", addr, err)
	}
	defer conn.Close()
	p := &bot.Player{Client: pb.NewGameServiceClient(conn), Token: token, Log: log}
	log.Info().Msg("bot started")
	return p.Run(ctx)
}

// waitForToken returns the token kept in path, polling until the file
// exists or ctx is done.
func waitForToken(ctx context.Context, path string) (string, error) {
	for {
		b, err := os.ReadFile(path)
		if err == nil {
			return strings.TrimSpace(string(b)), nil
		}
		if !os.IsNotExist(err) {
			return "", fmt.Errorf("read token file: %w", err)
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("waiting for %s: %w", path, ctx.Err())
		case <-time.After(time.Second):
		}
	}
}
