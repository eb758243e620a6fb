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
// debug also logs the model's reasoning text to stderr.
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
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	fs := flag.NewFlagSet("grisonval-llm", flag.ContinueOnError)
	addr := fs.String("addr", tools.Addr(), "game server address (default $GRISONVAL_ADDR)")
	baseURL := fs.String("base-url", "", "chat-completions API root, such as http://127.0.0.1:8080/v1")
	model := fs.String("model", "", "model name")
	keyEnv := fs.String("api-key-env", "OPENAI_API_KEY", "environment variable that holds the API key")
	logPath := fs.String("log", "grisonval-llm.jsonl", "JSON lines file, one line per day (appended)")
	retries := fs.Int("retries", 2, "invalid orders retried each day before the standing order plays")
	maxCalls := fs.Int("max-calls", 8, "model calls per day at most")
	days := fs.Int("days", 0, "days to play (0: until the season ends)")
	timeout := fs.Duration("timeout", 2*time.Minute, "timeout of one model call")
	attempts := fs.Int("attempts", llm.DefaultMaxAttempts, "HTTP attempts of one model call at most: an answer 429 or 5xx, or none, is retried within the day's deadline")
	backoff := fs.Duration("backoff", llm.DefaultBackoff, "wait before the first retry of a model call; it doubles at each retry, up to 30s (or the answer's Retry-After)")
	logLevel := fs.String("log-level", "info", "stderr's log level: debug (with the model's reasoning text), info, warn or error")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	level, err := zerolog.ParseLevel(*logLevel)
	if err != nil || *logLevel == "" {
		fmt.Fprintf(os.Stderr, "grisonval-llm: --log-level %q: want debug, info, warn or error\n", *logLevel)
		os.Exit(2)
	}
	token := os.Getenv("GRISONVAL_TOKEN")
	if *baseURL == "" || *model == "" || token == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: GRISONVAL_TOKEN=<camp token> grisonval-llm --base-url URL --model NAME [--log FILE] [--days N]")
		os.Exit(2)
	}
	log := zerolog.New(os.Stderr).Level(level).With().Timestamp().Str("model", *model).Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, *addr, token, *logPath, &llm.Runner{
		Chat: &llm.Client{BaseURL: *baseURL, Model: *model, APIKey: os.Getenv(*keyEnv), HTTP: &http.Client{Timeout: *timeout},
			MaxAttempts: *attempts, Backoff: *backoff},
		Retries: *retries, MaxCalls: *maxCalls, Days: *days, Logger: log,
	}); err != nil {
		log.Error().Err(err).Msg("grisonval-llm stopped")
		stop()
		os.Exit(1)
	}
}

// run connects r to the game server and plays.
func run(ctx context.Context, log zerolog.Logger, addr, token, logPath string, r *llm.Runner) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("connect to %s: %w", addr, err)
	}
	defer conn.Close()
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("open the log: %w", err)
	}
	defer f.Close()
	r.Camp = &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: token, Now: time.Now}
	r.Log = f
	log.Info().Str("log", logPath).Msg("playing")
	return r.Run(ctx)
}
