// Command grisonval-llm plays a Grisonval camp with a model behind any
// OpenAI-compatible chat-completions endpoint, through tool calls, and logs
// each day as a JSON line.
//
// Usage:
//
//	GRISONVAL_TOKEN=<camp token> OPENAI_API_KEY=<key> grisonval-llm \
//	    --base-url https://api.openai.com/v1 --model gpt-4.1-mini [--log days.jsonl]
//
// --api-key-env names the variable holding the API key (default
// OPENAI_API_KEY; a local model server may need none). --addr defaults to
// $GRISONVAL_ADDR or 127.0.0.1:7777. A model call answered 429 or 5xx is
// retried (--attempts, --backoff) within the day's deadline. --log-level
// debug also logs the model's reasoning text to stderr. --lang (default
// $GRISONVAL_LANG, else en) is the language of the prompt, the tools and
// the server's texts the model reads; the log stays in English.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/grisonval/server/clients/llm"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
)

func main() {
	el, _ := lang.Parse(os.Getenv(lang.EnvVar))
	fs := flag.NewFlagSet("grisonval-llm", flag.ContinueOnError)
	addr := fs.String("addr", tools.Addr(), el.Sprintf("game server address (default $GRISONVAL_ADDR)", "adresse du serveur de jeu (par défaut $GRISONVAL_ADDR)"))
	baseURL := fs.String("base-url", "", el.Sprintf("chat-completions API root, such as http://127.0.0.1:8080/v1", "racine de l'API chat-completions, comme http://127.0.0.1:8080/v1"))
	model := fs.String("model", "", el.Sprintf("model name", "nom du modèle"))
	keyEnv := fs.String("api-key-env", "OPENAI_API_KEY", el.Sprintf("environment variable that holds the API key", "variable d'environnement qui tient la clé d'API"))
	logPath := fs.String("log", "grisonval-llm.jsonl", el.Sprintf("JSON lines file, one line per day (appended)", "fichier de lignes JSON, une ligne par jour (ajoutée)"))
	retries := fs.Int("retries", 2, el.Sprintf("invalid orders retried each day before the standing order plays", "ordres invalides réessayés chaque jour avant que l'ordre permanent joue"))
	maxCalls := fs.Int("max-calls", 8, el.Sprintf("model calls per day at most", "appels au modèle par jour au plus"))
	days := fs.Int("days", 0, el.Sprintf("days to play (0: until the season ends)", "jours à jouer (0 : jusqu'à la fin de la saison)"))
	timeout := fs.Duration("timeout", 2*time.Minute, el.Sprintf("timeout of one model call", "délai d'un appel au modèle"))
	attempts := fs.Int("attempts", llm.DefaultMaxAttempts, el.Sprintf("HTTP attempts of one model call at most: an answer 429 or 5xx, or none, is retried within the day's deadline",
		"tentatives HTTP d'un appel au modèle au plus : une réponse 429 ou 5xx, ou aucune, est réessayée avant l'échéance du jour"))
	backoff := fs.Duration("backoff", llm.DefaultBackoff, el.Sprintf("wait before the first retry of a model call; it doubles at each retry, up to 30s (or the answer's Retry-After)",
		"attente avant la première reprise d'un appel au modèle ; elle double à chaque reprise, jusqu'à 30 s (ou le Retry-After de la réponse)"))
	logLevel := fs.String("log-level", "info", el.Sprintf("stderr's log level: debug (with the model's reasoning text), info, warn or error",
		"niveau du journal sur stderr : debug (avec le raisonnement du modèle), info, warn ou error"))
	langFlag := tools.LangFlag(fs, el)
	transport := tools.TransportFlags(fs, el, os.Getenv)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	l, err := tools.ChooseLang(*langFlag, os.Getenv)
	if err != nil {
		fmt.Fprintf(os.Stderr, "grisonval-llm: %v\n", err)
		os.Exit(2)
	}
	level, err := zerolog.ParseLevel(*logLevel)
	if err != nil || *logLevel == "" {
		fmt.Fprint(os.Stderr, l.Sprintf("grisonval-llm: --log-level %q: want debug, info, warn or error\n",
			"grisonval-llm : --log-level %q : attendu debug, info, warn ou error\n", *logLevel))
		os.Exit(2)
	}
	token := os.Getenv("GRISONVAL_TOKEN")
	if *baseURL == "" || *model == "" || token == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, l.Sprintf("usage: GRISONVAL_TOKEN=<camp token> grisonval-llm --base-url URL --model NAME [--log FILE] [--days N] [--lang en|fr]",
			"usage : GRISONVAL_TOKEN=<jeton du camp> grisonval-llm --base-url URL --model NOM [--log FICHIER] [--days N] [--lang en|fr]"))
		os.Exit(2)
	}
	log := zerolog.New(os.Stderr).Level(level).With().Timestamp().Str("model", *model).Str("lang", l.String()).Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, *addr, *transport, token, l, *logPath, &llm.Runner{
		Chat: &llm.Client{BaseURL: *baseURL, Model: *model, APIKey: os.Getenv(*keyEnv), HTTP: &http.Client{Timeout: *timeout},
			MaxAttempts: *attempts, Backoff: *backoff},
		Retries: *retries, MaxCalls: *maxCalls, Days: *days, Logger: log,
	}); err != nil {
		log.Error().Err(err).Msg("grisonval-llm stopped")
		stop()
		os.Exit(1)
	}
}

// run connects r to the game server at addr over tr and plays in
// language l.
func run(ctx context.Context, log zerolog.Logger, addr string, tr tools.Transport, token string, l lang.Lang, logPath string, r *llm.Runner) error {
	conn, err := tools.Dial(addr, l, tr)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", addr, err)
	}
	defer conn.Close()
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("open the log: %w", err)
	}
	defer f.Close()
	r.Camp = &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: token, Now: time.Now, Lang: l}
	r.Log = f
	log.Info().Str("log", logPath).Msg("playing")
	return r.Run(ctx)
}
