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
//
// Sampling: --temperature, --top-p, --max-tokens, --seed, --tool-choice,
// --parallel-tool-calls (left out: the endpoint's defaults). Cost and
// budgets: --price-input, --price-cached-input, --price-output (dollars per
// million tokens), --day-tokens, --season-tokens. --system-prompt FILE
// replaces the system prompt; --daily-schema offers the strict order schema
// of the day. --config FILE reads any of these from a JSON object whose
// keys are the flags' names; a flag given on the command line wins.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
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
	temperature := fs.Float64("temperature", -1, el.Sprintf("sampling temperature, 0 to 2 (default: the endpoint's)", "température d'échantillonnage, de 0 à 2 (par défaut : celle du point d'accès)"))
	topP := fs.Float64("top-p", -1, el.Sprintf("nucleus sampling, more than 0 and at most 1 (default: the endpoint's)", "échantillonnage par noyau, plus de 0 et au plus 1 (par défaut : celui du point d'accès)"))
	maxTokens := fs.Int("max-tokens", 0, el.Sprintf("tokens of one answer at most (0: the endpoint's default)", "jetons d'une réponse au plus (0 : le défaut du point d'accès)"))
	seed := fs.Int64("seed", -1, el.Sprintf("sampling seed, for endpoints that take one (default: none)", "graine d'échantillonnage, pour les points d'accès qui en prennent une (par défaut : aucune)"))
	toolChoice := fs.String("tool-choice", "", el.Sprintf("auto, required or none (default: the endpoint's)", "auto, required ou none (par défaut : celui du point d'accès)"))
	parallel := fs.String("parallel-tool-calls", "", el.Sprintf("true or false: whether one answer may call several tools (default: the endpoint's)",
		"true ou false : si une réponse peut appeler plusieurs outils (par défaut : le choix du point d'accès)"))
	systemFile := fs.String("system-prompt", "", el.Sprintf("file whose text replaces the runner's system prompt", "fichier dont le texte remplace l'invite système du programme"))
	dayTokens := fs.Int("day-tokens", 0, el.Sprintf("tokens of a day's model calls at most; once spent, the day's thinking ends (0: no bound)",
		"jetons des appels au modèle d'un jour au plus ; une fois dépensés, la réflexion du jour s'arrête (0 : sans borne)"))
	seasonTokens := fs.Int("season-tokens", 0, el.Sprintf("tokens of every model call of the run at most (0: no bound)", "jetons de tous les appels au modèle de la partie au plus (0 : sans borne)"))
	priceIn := fs.Float64("price-input", 0, el.Sprintf("dollars per million prompt tokens, to log each call's cost when the endpoint does not say it",
		"dollars par million de jetons d'invite, pour noter le coût de chaque appel quand le point d'accès ne le dit pas"))
	priceCached := fs.Float64("price-cached-input", 0, el.Sprintf("dollars per million cached prompt tokens (default: the input price)", "dollars par million de jetons d'invite en cache (par défaut : le prix d'entrée)"))
	priceOut := fs.Float64("price-output", 0, el.Sprintf("dollars per million completion tokens", "dollars par million de jetons de réponse"))
	daily := fs.Bool("daily-schema", false, el.Sprintf("offer the strict order schema rebuilt each day from the legal menu instead of the stable one",
		"offrir le schéma d'ordre strict reconstruit chaque jour à partir du menu permis au lieu du schéma stable"))
	config := fs.String("config", "", el.Sprintf("JSON file of settings, its keys the flags' names ({\"temperature\": 0.2, \"day-tokens\": 20000}); a flag given wins",
		"fichier JSON de réglages, ses clés les noms des options ({\"temperature\": 0.2, \"day-tokens\": 20000}) ; une option donnée l'emporte"))
	langFlag := tools.LangFlag(fs, el)
	transport := tools.TransportFlags(fs, el, os.Getenv)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if *config != "" {
		if err := applyConfig(fs, *config); err != nil {
			fmt.Fprintf(os.Stderr, "grisonval-llm: --config %s: %v\n", *config, err)
			os.Exit(2)
		}
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
	settings, err := sampling(*temperature, *topP, *maxTokens, *seed, *toolChoice, *parallel)
	if err != nil {
		fmt.Fprintf(os.Stderr, "grisonval-llm: %v\n", err)
		os.Exit(2)
	}
	var system string
	if *systemFile != "" {
		b, err := os.ReadFile(*systemFile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "grisonval-llm: --system-prompt: %v\n", err)
			os.Exit(2)
		}
		system = string(b)
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
			MaxAttempts: *attempts, Backoff: *backoff, Settings: settings,
			Prices: llm.Prices{Input: *priceIn, CachedInput: *priceCached, Output: *priceOut}},
		Retries: *retries, MaxCalls: *maxCalls, Days: *days, Logger: log,
		SystemPrompt: system, DayTokens: *dayTokens, SeasonTokens: *seasonTokens,
	}, *daily); err != nil {
		log.Error().Err(err).Msg("grisonval-llm stopped")
		stop()
		os.Exit(1)
	}
}

// run connects r to the game server at addr over tr and plays in
// language l.
func run(ctx context.Context, log zerolog.Logger, addr string, tr tools.Transport, token string, l lang.Lang, logPath string, r *llm.Runner, daily bool) error {
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
	r.Camp = &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: token, Now: time.Now, Lang: l, Daily: daily}
	r.Log = f
	log.Info().Str("log", logPath).Msg("playing")
	return r.Run(ctx)
}

// applyConfig sets the flags of fs that the command line did not give from
// the JSON object in file, whose keys are flag names: a flag given on the
// command line wins. A key that names no flag, or a value a flag refuses,
// is an error.
func applyConfig(fs *flag.FlagSet, file string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var conf map[string]any
	if err := json.Unmarshal(b, &conf); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	names := slices.Sorted(maps.Keys(conf))
	for _, name := range names {
		if fs.Lookup(name) == nil || name == "config" {
			return fmt.Errorf("%q is not a setting (the keys are the flags' names)", name)
		}
		if given[name] {
			continue
		}
		v := conf[name]
		text := fmt.Sprint(v)
		if f, ok := v.(float64); ok {
			text = strconv.FormatFloat(f, 'f', -1, 64)
		}
		if err := fs.Set(name, text); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// sampling returns the settings the flags give: a negative temperature,
// top-p or seed and empty tool choice or parallel calls leave the
// endpoint's default.
func sampling(temperature, topP float64, maxTokens int, seed int64, toolChoice, parallel string) (llm.Settings, error) {
	s := llm.Settings{MaxTokens: maxTokens, ToolChoice: toolChoice}
	if temperature >= 0 {
		s.Temperature = &temperature
	}
	if topP >= 0 {
		s.TopP = &topP
	}
	if seed >= 0 {
		s.Seed = &seed
	}
	if parallel != "" {
		p, err := strconv.ParseBool(parallel)
		if err != nil {
			return s, fmt.Errorf("--parallel-tool-calls %q: want true or false", parallel)
		}
		s.ParallelToolCalls = &p
	}
	return s, s.Check()
}
