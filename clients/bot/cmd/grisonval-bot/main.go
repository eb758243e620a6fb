// Command grisonval-bot plays one camp of a Grisonval world with the AI bot,
// in the posture the server shows for the camp, until SIGINT or SIGTERM.
//
// Usage:
//
//	grisonval-bot [--addr 127.0.0.1:7777] [--token TOKEN | --token-file PATH] [--lang en|fr] [--council-wait 0s]
//
// The token defaults to $GRISONVAL_TOKEN; it names the world, the camp and
// the council seat the bot plays: the ruler's posts the camp's order, a
// councillor's proposes one in its domain (docs/simulation.md, AI-SEAT-*).
// --council-wait is how long a ruler whose council has other players waits
// each day for their proposals before it decides.
// --lang (default $GRISONVAL_LANG, else en) is the language of the orders'
// reasons, which the camp's journal keeps.
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
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

func main() {
	el, _ := lang.Parse(os.Getenv(lang.EnvVar))
	fs := flag.NewFlagSet("grisonval-bot", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:7777", el.Sprintf("game server address", "adresse du serveur de jeu"))
	token := fs.String("token", os.Getenv("GRISONVAL_TOKEN"), el.Sprintf("camp token (default $GRISONVAL_TOKEN)", "jeton du camp (par défaut $GRISONVAL_TOKEN)"))
	tokenFile := fs.String("token-file", "", el.Sprintf("read the camp token from this file, waiting for it to appear",
		"lire le jeton du camp dans ce fichier, en attendant qu'il apparaisse"))
	councilWait := fs.Duration("council-wait", 0, el.Sprintf("a ruler whose council has other players waits this long each day for their proposals (0: decide at once)",
		"un dirigeant dont le conseil a d'autres joueurs attend ce temps chaque jour leurs propositions (0 : décider tout de suite)"))
	langFlag := tools.LangFlag(fs, el)
	transport := tools.TransportFlags(fs, el, os.Getenv)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	l, err := tools.ChooseLang(*langFlag, os.Getenv)
	if err != nil {
		fmt.Fprintf(os.Stderr, "grisonval-bot: %v\n", err)
		os.Exit(2)
	}
	if (*token == "" && *tokenFile == "") || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, l.Sprintf("usage: grisonval-bot [--addr HOST:PORT] --token TOKEN | --token-file PATH (or set GRISONVAL_TOKEN) [--lang en|fr]",
			"usage : grisonval-bot [--addr HOTE:PORT] --token JETON | --token-file CHEMIN (ou fixez GRISONVAL_TOKEN) [--lang en|fr]"))
		os.Exit(2)
	}
	log := zerolog.New(os.Stderr).With().Timestamp().Str("addr", *addr).Str("lang", l.String()).Logger()
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
	if err := run(ctx, *addr, *transport, *token, l, *councilWait, log); err != nil {
		log.Error().Err(err).Msg("bot stopped")
		stop()
		os.Exit(1)
	}
	log.Info().Msg("bot stopped")
}

// run plays in language l, on the server at addr over tr, until ctx is
// done or the server refuses the token; a ruler waits councilWait for its
// council's proposals.
func run(ctx context.Context, addr string, tr tools.Transport, token string, l lang.Lang, councilWait time.Duration, log zerolog.Logger) error {
	conn, err := tools.Dial(addr, l, tr)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", addr, err)
	}
	defer conn.Close()
	p := &bot.Player{Client: pb.NewGameServiceClient(conn), Token: token, Log: log, Lang: l, CouncilWait: councilWait}
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
