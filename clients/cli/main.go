// Command cli is the Grisonval command-line client: a thin client that shows
// a camp's fogged view (and Grisonval's map) and posts its orders through
// the game server's public gRPC API, for a world of any ruleset: the
// actions and their arguments are those of the view's legal menu.
//
// Usage:
//
//	cli [flags] view
//	cli [flags] map
//	cli [flags] order ACTION [ARGS...] [--reason "..."]
//	cli [flags] ACTION [ARGS...] [--reason "..."]
//	cli [flags] journal [--since DAY]
//	cli [flags] message CAMP TEXT...
//	cli [flags] messages [--since DAY]
//	cli [flags] standing ACTION [ARGS...] [--reason "..."]
//	cli [flags] council [--since DAY]
//	cli [flags] council TEXT...
//	cli [flags] propose ACTION [ARGS...] --reason "..."
//	cli [flags] adopt SEAT
//	cli [flags] season
//	cli [flags] notebook [TEXT...]
//	cli [flags] rules [SECTION...]
//	cli [flags] wait [--after DAY]
//	cli [flags] watch
//	cli [flags] frame              (a spectator's token, gvs_...)
//	cli [flags] follow             (a spectator's token, gvs_...)
//	cli [flags] help
//	cli [flags] admin COMMAND [ARGS...]   (an admin's token; docs/admin.md)
//
// Flags may come before or after the command: --addr (default $GRISONVAL_ADDR
// or 127.0.0.1:7777), --token (default $GRISONVAL_TOKEN), --lang (en or fr:
// the language of every text, the CLI's and the server's; default
// $GRISONVAL_LANG, else English), --json (print the
// protobuf answer as JSON, as the agent tools' structured content) and --no-color (the map without ANSI colours;
// also when $NO_COLOR is set or stdout is not a terminal).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

const defaultAddr = tools.DefaultAddr

// usage is the CLI's help.
var usage = lang.T(`usage: cli [flags] COMMAND [ARGS...]

Commands:
  view                          your camp's view: the ruleset's part (Grisonval:
                                stocks, kingdom stats, edicts, council, zones,
                                unknown ones too, columns; the Castle: turn and
                                step, every city's gauges, your hand or drawn
                                cards), journal, messages, the numbered menu of
                                legal actions with their costs
  map                           Grisonval's hex map: camps in colour, fog,
                                capitals (*), garrisons (:N) and the special
                                terrain you found ($ ^ @ # =); the Castle has none
  order ACTION [ARGS...]        post (or replace) your order for the next day:
                                an action of the menu, its arguments in the
                                menu's order
  ACTION [ARGS...]              the same, short form. Grisonval: cli expand_to 19,
                                cli send_army 4 15, cli set_edict 1 2 (edict 1 at
                                level 2), cli appoint 8 42 (citizen 42 to seat 8),
                                cli rest. The Castle: cli convert,
                                cli pass, cli draft 2 1 3 (keep slot 2, give 1 and
                                3 in turn order), cli play 1, cli discard, cli default
  journal [--since DAY]         your journal, with the "why" of each entry
  message CAMP TEXT...          send a private message to a camp you may write to
  messages [--since DAY]        your messages, sent and received
  standing ACTION [ARGS...]     set your standing order: played on each day
                                you post nothing (the ruler's seat only)
  council [--since DAY]         your camp's council: your seat and what it may
                                do, every seat with its domain and player, the
                                proposals with their reasons and what became
                                of them
  council TEXT...               write to your council: only your camp's seats
                                read it
  propose ACTION [ARGS...]      a councillor's seat: propose the camp's order for
                                the next day, an action of your seat's domain,
                                with --reason (required: the council reads it)
  adopt SEAT                    the ruler's seat: make SEAT's proposal for the
                                next day the camp's order (cli adopt general)
  season                        your season's standing: days left, score, your
                                patron's glory, your feats so far; after the
                                close your rank, judgment and career
  notebook [TEXT...]            your private notes across days; with TEXT,
                                replace them ("" erases them)
  rules [SECTION...]            your world's rulebook, as the server gives it:
                                its sections, or the one named (cli rules Time)
  wait [--after DAY]            wait until a day after DAY resolves (default: the
                                last day view or wait showed you, else the current
                                day), then show every day resolved since: each
                                order's result, the messages you received, your
                                journal; at once when such days are resolved
  watch                         redraw the map (terrain too) and a compact view at
                                each new day, fitted to the terminal (50 lines
                                by default, or $LINES and $COLUMNS); Ctrl-C stops
  help                          this text, and your legal actions when a token
                                is set

Spectator commands (a spectator's token, gvs_..., which an admin issues with
cli admin spectator; it opens these two commands only):
  frame                         the world's public frame of its current day,
                                every camp alike: the ranking with scores, each
                                camp's counters (Grisonval: zones, population,
                                armies, tier, stocks; sieges and columns; the
                                Castle: the turn and every city's gauges)
  follow                        the frame with when the next day is due, then
                                again each time a day resolves; Ctrl-C stops

Flags (before or after the command):
  --addr HOST:PORT   game server (default $GRISONVAL_ADDR or 127.0.0.1:7777)
  --token TOKEN      your camp's token, or a spectator's (gvs_...) for frame
                     and follow (default $GRISONVAL_TOKEN)
  --lang en|fr       the language of every text, the CLI's and the server's
                     (default $GRISONVAL_LANG, else en: English)
  --tls              speak TLS, trusting the system's authorities (default
                     $GRISONVAL_TLS=1); plaintext otherwise, for a server on
                     the loopback
  --ca FILE          speak TLS, trusting the certificates of this PEM file,
                     such as the server's self-signed one (default $GRISONVAL_CA)
  --server-name NAME with TLS: the name the server's certificate carries, when
                     not the address's host (default $GRISONVAL_SERVER_NAME)
  --json             print the server's answer as JSON (the proto's snake_case
                     names, as the JSON face writes them, every field with its
                     zero value, 64-bit numbers as numbers;
                     watch: one view a day; follow: one frame a day)
  --no-color         no ANSI colours on the map (also with $NO_COLOR or no terminal)
  --reason TEXT      order, ACTION, standing: why you give this order (shown
                     in your journal only); propose: why the camp should play
                     it (the council reads it)
  --since DAY        journal, messages, council: entries from this day on
  --after DAY        wait: return once a day after this one is resolved
`, `usage : cli [options] COMMANDE [ARGS...]

Commandes :
  view                          la vue de votre camp : la partie des règles (Grisonval :
                                stocks, caractéristiques du royaume, édits, conseil,
                                zones, les inconnues aussi, colonnes ; le Château :
                                tour et étape, les jauges de chaque cité, votre main
                                ou les cartes tirées), journal, messages, le menu
                                numéroté des actions permises avec leurs coûts
  map                           la carte en hexagones de Grisonval : camps en couleur,
                                brouillard, capitales (*), garnisons (:N) et les
                                terrains spéciaux trouvés ($ ^ @ # =) ; le Château
                                n'en a pas
  order ACTION [ARGS...]        poster (ou remplacer) votre ordre pour le jour suivant :
                                une action du menu, ses arguments dans l'ordre
                                du menu
  ACTION [ARGS...]              la même chose, en bref. Grisonval : cli expand_to 19,
                                cli send_army 4 15, cli set_edict 1 2 (l'édit 1 au
                                niveau 2), cli appoint 8 42 (le citoyen 42 au siège 8),
                                cli rest. Le Château : cli convert,
                                cli pass, cli draft 2 1 3 (garder l'emplacement 2, donner
                                1 et 3 dans l'ordre du tour), cli play 1, cli discard,
                                cli default
  journal [--since DAY]         votre journal, avec le « pourquoi » de chaque entrée
  message CAMP TEXT...          envoyer un message privé à un camp auquel vous pouvez écrire
  messages [--since DAY]        vos messages, envoyés et reçus
  standing ACTION [ARGS...]     fixer votre ordre permanent : joué chaque jour où
                                vous ne postez rien (siège du dirigeant seulement)
  council [--since DAY]         le conseil de votre camp : votre siège et ce qu'il
                                peut faire, chaque siège avec son domaine et son
                                joueur, les propositions avec leurs raisons et
                                ce qu'elles sont devenues
  council TEXTE...              écrire à votre conseil : seuls les sièges de votre
                                camp le lisent
  propose ACTION [ARGS...]      siège d'un conseiller : proposer l'ordre du camp pour
                                le jour suivant, une action du domaine de votre
                                siège, avec --reason (requise : le conseil la lit)
  adopt SIEGE                   siège du dirigeant : faire de la proposition de SIEGE
                                pour le jour suivant l'ordre du camp (cli adopt general)
  season                        où en est votre saison : jours restants, score, la
                                gloire de votre patron, vos faits d'armes ; après la
                                clôture votre rang, jugement et carrière
  notebook [TEXTE...]           vos notes privées d'un jour à l'autre ; avec TEXTE,
                                les remplacer ("" les efface)
  rules [SECTION...]            le livre de règles de votre monde, tel que le serveur
                                le donne : ses sections, ou celle nommée (cli rules Time)
  wait [--after DAY]            attendre qu'un jour après DAY se résolve (par défaut :
                                le dernier jour que view ou wait vous a montré, sinon
                                le jour en cours), puis montrer chaque jour résolu
                                depuis : le sort de chaque ordre, les messages reçus,
                                votre journal ; tout de suite si de tels jours sont joués
  watch                         redessiner la carte (terrain compris) et une vue compacte
                                à chaque nouveau jour, à la taille du terminal (50 lignes
                                par défaut, ou $LINES et $COLUMNS) ; Ctrl-C arrête
  help                          ce texte, et vos actions permises quand un jeton
                                est donné

Commandes de spectateur (le jeton d'un spectateur, gvs_..., qu'un administrateur
émet avec cli admin spectator ; il n'ouvre que ces deux commandes) :
  frame                         l'image publique du monde à son jour en cours,
                                tous les camps pareillement : le classement avec
                                les scores, les compteurs de chaque camp (Grisonval :
                                zones, population, armées, palier, stocks ; sièges
                                et colonnes ; le Château : le tour et les jauges
                                de chaque cité)
  follow                        l'image avec l'échéance du jour suivant, puis de
                                nouveau à chaque jour résolu ; Ctrl-C arrête

Options (avant ou après la commande) :
  --addr HOTE:PORT   serveur de jeu (par défaut $GRISONVAL_ADDR ou 127.0.0.1:7777)
  --token JETON      le jeton de votre camp, ou celui d'un spectateur (gvs_...)
                     pour frame et follow (par défaut $GRISONVAL_TOKEN)
  --lang en|fr       la langue de tous les textes, ceux du CLI et du serveur
                     (par défaut $GRISONVAL_LANG, sinon en : anglais)
  --tls              parler TLS, en se fiant aux autorités du système (par
                     défaut $GRISONVAL_TLS=1) ; sinon en clair, pour un serveur
                     sur la boucle locale
  --ca FICHIER       parler TLS en se fiant aux certificats de ce fichier PEM,
                     comme celui, autosigné, du serveur (par défaut $GRISONVAL_CA)
  --server-name NOM  avec TLS : le nom que porte le certificat du serveur, s'il
                     n'est pas l'hôte de l'adresse (par défaut $GRISONVAL_SERVER_NAME)
  --json             afficher la réponse du serveur en JSON (les noms du proto en
                     snake_case, comme sur la face JSON, chaque champ avec sa
                     valeur nulle, les nombres de 64 bits en
                     nombres ; watch : une vue par jour ;
                     follow : une image par jour)
  --no-color         pas de couleurs ANSI sur la carte (aussi avec $NO_COLOR ou sans
                     terminal)
  --reason TEXTE     order, ACTION, standing : pourquoi vous donnez cet ordre (montré
                     dans votre seul journal) ; propose : pourquoi le camp devrait
                     le jouer (le conseil la lit)
  --since DAY        journal, messages, council : les entrées à partir de ce jour
  --after DAY        wait : rendre dès qu'un jour après celui-ci est résolu
`)

// usageHint follows a usage error.
var usageHint = lang.T("run 'cli help' for usage\n", "lancez 'cli help' pour l'usage\n")

// clearScreen moves the cursor home and clears the terminal.
const clearScreen = "\x1b[H\x1b[2J"

// helpTimeout bounds the call that lists the legal actions in help.
const helpTimeout = 3 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	colour := os.Getenv("NO_COLOR") == "" && isTerminal(os.Stdout)
	code := run(ctx, os.Args[1:], os.Getenv, colour, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// isTerminal reports whether f is a character device, such as a terminal.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// invocation is a parsed command line.
type invocation struct {
	addr    string
	token   string
	lang    lang.Lang
	json    bool
	noColor bool
	reason  string
	since   int
	after   int
	cmd     string
	args    []string
	// screen returns the terminal's columns and lines for watch.
	screen func() (cols, lines int)

	// transport is how to reach the server: --tls, --ca, --server-name.
	transport *tools.Transport
}

// usageError is a mistake on the command line; it exits with code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef is a usage error said in l: en or fr formatted with args.
func usagef(l lang.Lang, en, fr string, args ...any) error {
	return &usageError{l.Sprintf(en, fr, args...)}
}

// run is the whole command: it parses args, calls the server and writes the
// answer to stdout and errors to stderr. colour says whether the map may use
// ANSI colours. It returns the exit code: 0, 1 for errors, 2 for usage
// errors.
func run(ctx context.Context, args []string, getenv func(string) string, colour bool, stdout, stderr io.Writer) int {
	if i := commandAt(args); i >= 0 && args[i] == "admin" {
		return runAdmin(ctx, append(args[:i:i], args[i+1:]...), getenv, stdout, stderr)
	}
	inv, err := parseArgs(args, getenv)
	l := inv.lang
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage.In(l)+adminUsage.In(l))
		if inv.token != "" {
			fmt.Fprint(stdout, legalHelp(ctx, inv))
		}
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "cli: %v\n%s", err, usageHint.In(l))
		return 2
	}
	camp, closeConn, err := dial(inv)
	if err != nil {
		fmt.Fprintf(stderr, "cli: %v\n", err)
		return 2
	}
	defer closeConn()
	inv.screen = screenSize(stdout, getenv)
	if err := execute(ctx, camp, inv, colour && !inv.noColor, stdout); err != nil {
		var u *usageError
		if errors.As(err, &u) {
			fmt.Fprintf(stderr, "cli: %v\n%s", err, usageHint.In(l))
			return 2
		}
		if ctx.Err() != nil {
			if inv.cmd == "watch" || inv.cmd == "follow" {
				return 0
			}
			fmt.Fprintln(stderr, l.Sprintf("cli: interrupted", "cli : interrompu"))
			return 1
		}
		fmt.Fprint(stderr, viewtext.Error(l, err))
		if status.Code(err) == codes.Unavailable {
			fmt.Fprint(stderr, l.Sprintf("  is the server running at %s? (--addr or $GRISONVAL_ADDR)\n",
				"  le serveur tourne-t-il à %s ? (--addr ou $GRISONVAL_ADDR)\n", inv.addr))
		}
		return 1
	}
	return 0
}

// dial connects to the game server for inv's camp, in inv's language.
func dial(inv *invocation) (*tools.Camp, func(), error) {
	conn, err := tools.Dial(inv.addr, inv.lang, *inv.transport)
	if err != nil {
		return nil, nil, errors.New(inv.lang.Sprintf("bad server address %q: %v", "adresse de serveur invalide %q : %v", inv.addr, err))
	}
	return &tools.Camp{Game: pb.NewGameServiceClient(conn), Token: inv.token, Now: time.Now, Lang: inv.lang}, func() { conn.Close() }, nil
}

// legalHelp lists the camp's legal actions for the next day, or says why it
// cannot.
func legalHelp(ctx context.Context, inv *invocation) string {
	camp, closeConn, err := dial(inv)
	if err != nil {
		return ""
	}
	defer closeConn()
	ctx, cancel := context.WithTimeout(ctx, helpTimeout)
	defer cancel()
	l := inv.lang
	if tools.IsSpectator(inv.token) {
		return l.Sprintf("\nYour token is a spectator's: cli frame shows the world now, cli follow each new day.\n",
			"\nVotre jeton est celui d'un spectateur : cli frame montre le monde maintenant, cli follow chaque nouveau jour.\n")
	}
	v, err := camp.GetView(ctx)
	if err != nil {
		return l.Sprintf("\nYour legal actions could not be read:\n", "\nVos actions permises n'ont pas pu être lues :\n") + viewtext.Error(l, err)
	}
	return l.Sprintf("\nYour camp: world %d (%s), camp %d %q. Its orders are the actions of its menu:\n%s",
		"\nVotre camp : monde %d (%s), camp %d %q. Ses ordres sont les actions de son menu :\n%s",
		v.GetWorldId(), v.GetRuleset(), v.GetCamp(), v.GetCampName(), viewtext.Menu(l, v))
}

// parseArgs parses the command line; flags may come before or after the
// command and its arguments. getenv supplies the environment defaults. For
// help it returns the invocation (for its token) with flag.ErrHelp. It
// always returns the invocation, whose language says the usage errors
// (the environment's when the command line cannot be read).
func parseArgs(args []string, getenv func(string) string) (*invocation, error) {
	inv := &invocation{addr: getenv("GRISONVAL_ADDR"), token: getenv("GRISONVAL_TOKEN")}
	inv.lang, _ = tools.ChooseLang("", getenv)
	if inv.addr == "" {
		inv.addr = defaultAddr
	}
	fs := flag.NewFlagSet("cli", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&inv.addr, "addr", inv.addr, "")
	fs.StringVar(&inv.token, "token", inv.token, "")
	inv.transport = tools.TransportFlags(fs, inv.lang, getenv)
	fs.BoolVar(&inv.json, "json", false, "")
	fs.BoolVar(&inv.noColor, "no-color", false, "")
	langFlag := fs.String("lang", "", "")
	fs.StringVar(&inv.reason, "reason", "", "")
	fs.IntVar(&inv.since, "since", 0, "")
	fs.IntVar(&inv.after, "after", -1, "")
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if l, lerr := tools.ChooseLang(*langFlag, getenv); lerr == nil {
				inv.lang = l
			}
			if errors.Is(err, flag.ErrHelp) {
				return inv, err
			}
			return inv, &usageError{err.Error()}
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	l, err := tools.ChooseLang(*langFlag, getenv)
	if err != nil {
		return inv, &usageError{err.Error()}
	}
	inv.lang = l
	if len(pos) == 0 {
		return inv, usagef(l, "no command", "aucune commande")
	}
	inv.cmd, inv.args = pos[0], pos[1:]
	if inv.cmd == "help" {
		return inv, flag.ErrHelp
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["after"] && inv.cmd != "wait" {
		return inv, usagef(l, "--after goes with wait, not with %s", "--after va avec wait, pas avec %s", inv.cmd)
	}
	if set["after"] && inv.after < 0 {
		return inv, usagef(l, "--after is a day, 0 or more; got %d", "--after est un jour, 0 ou plus ; reçu %d", inv.after)
	}
	switch inv.cmd {
	case "view", "map", "wait", "watch", "journal", "frame", "follow":
		if len(inv.args) > 0 {
			return inv, usagef(l, "%s takes no argument; got %q", "%s ne prend aucun argument ; reçu %q", inv.cmd, inv.args)
		}
		if set["reason"] {
			return inv, usagef(l, "--reason goes with an order, not with %s", "--reason va avec un ordre, pas avec %s", inv.cmd)
		}
		if set["since"] && inv.cmd != "journal" {
			return inv, usagef(l, "--since goes with journal or messages, not with %s", "--since va avec journal ou messages, pas avec %s", inv.cmd)
		}
	case "season", "notebook", "rules":
		if inv.cmd == "season" && len(inv.args) > 0 {
			return inv, usagef(l, "season takes no argument; got %q", "season ne prend aucun argument ; reçu %q", inv.args)
		}
		if set["reason"] || set["since"] {
			return inv, usagef(l, "%s takes neither --reason nor --since", "%s ne prend ni --reason ni --since", inv.cmd)
		}
	case "messages":
		if len(inv.args) > 0 {
			return inv, usagef(l, "messages takes no argument; got %q", "messages ne prend aucun argument ; reçu %q", inv.args)
		}
		if set["reason"] {
			return inv, usagef(l, "--reason goes with an order, not with messages", "--reason va avec un ordre, pas avec messages")
		}
	case "message":
		if len(inv.args) < 2 {
			return inv, usagef(l, "message needs a camp and a text: message CAMP TEXT...", "message demande un camp et un texte : message CAMP TEXTE...")
		}
		if set["reason"] || set["since"] {
			return inv, usagef(l, "message takes neither --reason nor --since", "message ne prend ni --reason ni --since")
		}
	case "council":
		if set["reason"] {
			return inv, usagef(l, "--reason goes with an order or a proposal, not with council", "--reason va avec un ordre ou une proposition, pas avec council")
		}
		if set["since"] && len(inv.args) > 0 {
			return inv, usagef(l, "council TEXT... writes to the council; --since goes with council alone, which reads it",
				"council TEXTE... écrit au conseil ; --since va avec council seul, qui le lit")
		}
	case "propose":
		if len(inv.args) == 0 {
			return inv, usagef(l, "propose needs an action: propose ACTION [ARGS...] --reason \"...\"; the council command gives your seat's domain",
				"propose demande une action : propose ACTION [ARGS...] --reason \"...\" ; la commande council donne le domaine de votre siège")
		}
		if strings.TrimSpace(inv.reason) == "" {
			return inv, usagef(l, "propose needs --reason: the council reads why before the ruler decides",
				"propose demande --reason : le conseil lit pourquoi avant que le dirigeant décide")
		}
		if set["since"] {
			return inv, usagef(l, "--since goes with journal, messages or council, not with propose", "--since va avec journal, messages ou council, pas avec propose")
		}
	case "adopt":
		if len(inv.args) != 1 {
			return inv, usagef(l, "adopt needs one seat: adopt SEAT (the council command lists the proposals); got %q",
				"adopt demande un siège : adopt SIEGE (la commande council liste les propositions) ; reçu %q", inv.args)
		}
		if set["reason"] || set["since"] {
			return inv, usagef(l, "adopt takes neither --reason nor --since: the proposal keeps its own reason",
				"adopt ne prend ni --reason ni --since : la proposition garde sa propre raison")
		}
	case "standing":
		if len(inv.args) == 0 {
			return inv, usagef(l, "standing needs an action: standing ACTION [ARGS...]; see the menu of the view command",
				"standing demande une action : standing ACTION [ARGS...] ; voyez le menu de la commande view")
		}
		if set["since"] {
			return inv, usagef(l, "--since goes with journal or messages, not with standing", "--since va avec journal ou messages, pas avec standing")
		}
	case "order":
		if len(inv.args) == 0 {
			return inv, usagef(l, "order needs an action: order ACTION [ARGS...]; see the menu of the view command",
				"order demande une action : order ACTION [ARGS...] ; voyez le menu de la commande view")
		}
		fallthrough
	default:
		if set["since"] {
			return inv, usagef(l, "--since goes with journal, not with an order", "--since va avec journal, pas avec un ordre")
		}
	}
	// A token pasted with the line break or spaces around it is the token.
	inv.token = strings.TrimSpace(inv.token)
	if inv.token == "" {
		return inv, usagef(l, "no token: pass --token or set GRISONVAL_TOKEN", "pas de jeton : passez --token ou fixez GRISONVAL_TOKEN")
	}
	if i := strings.IndexFunc(inv.token, func(r rune) bool { return r <= ' ' || r > '~' }); i >= 0 {
		return inv, usagef(l, "the token holds a space, a line break or a character no token has (at byte %d): a token is one word, as the server printed it",
			"le jeton contient une espace, un saut de ligne ou un caractère qu'aucun jeton n'a (à l'octet %d) : un jeton est un seul mot, tel que le serveur l'a écrit", i)
	}
	return inv, tokenFits(l, inv.cmd, inv.token)
}

// tokenFits says, as a usage error, when token cannot run cmd: a
// spectator's token runs frame and follow only, and they need one.
func tokenFits(l lang.Lang, cmd, token string) error {
	spectating := cmd == "frame" || cmd == "follow"
	switch {
	case tools.IsSpectator(token) && !spectating:
		return usagef(l, "%s is a camp's command, and this token is a spectator's (gvs_...): it reads the world's public frame only; run cli frame (the world now) or cli follow (each new day)",
			"%s est une commande de camp, et ce jeton est celui d'un spectateur (gvs_...) : il ne lit que l'image publique du monde ; lancez cli frame (le monde maintenant) ou cli follow (chaque nouveau jour)", cmd)
	case !tools.IsSpectator(token) && spectating:
		return usagef(l, "%s needs a spectator's token (gvs_...), which an admin issues (cli admin spectator WORLD NAME): it shows the whole world, which a camp never sees; a camp reads its own view with cli view",
			"%s demande le jeton d'un spectateur (gvs_...), qu'un administrateur émet (cli admin spectator MONDE NOM) : il montre tout le monde, ce qu'un camp ne voit jamais ; un camp lit sa propre vue avec cli view", cmd)
	}
	return nil
}

// parseOrder builds the order of an order command: the action name and its
// integer arguments. The server judges whether the action and arguments are
// legal. A usage error is said in l.
func parseOrder(l lang.Lang, words []string, reason string) (*pb.Order, error) {
	o := &pb.Order{Action: words[0], Reason: reason}
	for i, w := range words[1:] {
		n, err := strconv.ParseInt(w, 10, 32)
		if err != nil {
			return nil, usagef(l, "argument %d of %s is %q; want a whole number, as the menu of the view command lists (a zone, a camp, a card slot or a count)",
				"l'argument %d de %s vaut %q ; attendu un nombre entier, comme le liste le menu de la commande view (une zone, un camp, un emplacement de carte ou un nombre)",
				i+1, o.Action, w)
		}
		o.Args = append(o.Args, int32(n))
	}
	return o, nil
}

// formatJSON renders m as indented JSON, the CLI's machine output: the
// agent tools' structured form (tools.JSON), with zero values and 64-bit
// integers as numbers; protojson reads it back.
func formatJSON(m proto.Message) (string, error) {
	b, err := tools.JSON(m)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return "", fmt.Errorf("indent %s: %w", m.ProtoReflect().Descriptor().Name(), err)
	}
	return out.String() + "\n", nil
}

// execute runs the parsed command against the game service.
func execute(ctx context.Context, c *tools.Camp, inv *invocation, colour bool, stdout io.Writer) error {
	var (
		msg  proto.Message
		text string
	)
	l := c.Lang
	lk := lookFor(inv.addr, inv.token)
	switch inv.cmd {
	case "view", "map":
		v, err := c.GetView(ctx)
		if err != nil {
			return err
		}
		msg, text = v, viewtext.View(l, v, c.Now())
		if inv.cmd == "map" {
			text = viewtext.Map(l, v, colour)
			break
		}
		missed, err := missedDays(ctx, c, lk, v.GetDay())
		if err != nil {
			return err
		}
		text = missed + text
		if err := lk.save(v.GetDay()); err != nil {
			fmt.Fprintln(os.Stderr, "cli:", err)
		}
	case "journal":
		entries, err := c.JournalSince(ctx, int32(inv.since))
		if err != nil {
			return err
		}
		msg, text = &pb.GetJournalResponse{Entries: entries}, viewtext.Journal(l, entries)
		if len(entries) == 0 {
			text = tools.NoJournal(l, int32(inv.since))
		}
	case "wait":
		after := int32(inv.after)
		if last, ok := lk.last(math.MaxInt32); ok && after < 0 {
			after = last
		}
		// A season that is over resolves no day: say so rather than wait.
		if v, err := c.GetView(ctx); err == nil && v.GetSeasonOver() && after >= v.GetDay() {
			msg, text = v, viewtext.SeasonOver(l, v)
			break
		}
		if !inv.json {
			if err := sayWaiting(ctx, c, after, stdout); err != nil {
				return err
			}
		}
		news, err := waitNews(ctx, c, after)
		if err != nil {
			return err
		}
		msg, text = news, viewtext.News(l, news, c.Now())
		if days := news.GetDays(); len(days) > 0 {
			if err := lk.save(days[len(days)-1].GetDay()); err != nil {
				fmt.Fprintln(os.Stderr, "cli:", err)
			}
		}
	case "watch":
		return watch(ctx, c, lk, inv.json, colour, inv.screen, stdout)
	case "frame":
		f, err := c.Frame(ctx)
		if err != nil {
			return err
		}
		msg, text = f, viewtext.Frame(l, f)
	case "follow":
		return follow(ctx, c, inv.json, stdout)
	case "message":
		to, err := strconv.ParseInt(inv.args[0], 10, 32)
		if err != nil {
			return usagef(l, "the camp of message is %q; want its number (the view lists the camps)",
				"le camp de message vaut %q ; attendu son numéro (la vue liste les camps)", inv.args[0])
		}
		m, err := c.Send(ctx, int32(to), strings.Join(inv.args[1:], " "))
		if err != nil {
			return err
		}
		msg, text = m, viewtext.Sent(l, m)
	case "messages":
		v, err := c.GetView(ctx)
		if err != nil {
			return err
		}
		ms, err := c.MessagesSince(ctx, int32(inv.since))
		if err != nil {
			return err
		}
		msg, text = &pb.ListMessagesResponse{Messages: ms}, viewtext.Messages(l, ms, v.GetCamp())
	case "standing":
		o, err := parseOrder(l, inv.args, inv.reason)
		if err != nil {
			return err
		}
		set, err := c.SetStanding(ctx, o)
		if err != nil {
			return err
		}
		msg, text = set, viewtext.Standing(l, set)
	case "council":
		council, err := c.Council(ctx, int32(inv.since))
		if err != nil {
			return err
		}
		msg, text = council, viewtext.Council(l, council)
		if len(inv.args) == 0 {
			break
		}
		m, err := c.Send(ctx, council.GetCamp(), strings.Join(inv.args, " "))
		if err != nil {
			return err
		}
		msg, text = m, viewtext.Sent(l, m)
	case "propose":
		o, err := parseOrder(l, inv.args, inv.reason)
		if err != nil {
			return err
		}
		// As an order: meant for the day after the last one shown.
		if last, ok := lk.last(math.MaxInt32); ok {
			c.MarkShown(last)
		}
		p, err := c.Propose(ctx, o)
		if err != nil {
			return err
		}
		msg, text = p, viewtext.Proposed(l, p)
	case "adopt":
		if last, ok := lk.last(math.MaxInt32); ok {
			c.MarkShown(last)
		}
		r, err := c.Adopt(ctx, inv.args[0])
		if err != nil {
			return err
		}
		msg, text = r, viewtext.Submitted(l, r)
	case "season":
		s, err := c.Standing(ctx)
		if err != nil {
			return err
		}
		msg, text = s, viewtext.SeasonStanding(l, s)
	case "rules":
		book, err := c.Rulebook(ctx)
		if err != nil {
			return err
		}
		res, err := tools.ReadRules(l, book, strings.Join(inv.args, " "))
		if err != nil {
			var f *tools.Failure
			if errors.As(err, &f) {
				return &usageError{f.Message}
			}
			return err
		}
		msg, text = book, res.Text
	case "notebook":
		if len(inv.args) == 0 {
			n, err := c.Notebook(ctx)
			if err != nil {
				return err
			}
			msg, text = n, viewtext.Notebook(l, n)
			break
		}
		n, err := c.WriteNotebook(ctx, strings.Join(inv.args, " "))
		if err != nil {
			return err
		}
		msg, text = n, viewtext.NotebookSaved(l, n)
	default:
		words := append([]string{inv.cmd}, inv.args...)
		if inv.cmd == "order" {
			words = inv.args
		}
		o, err := parseOrder(l, words, inv.reason)
		if err != nil {
			return err
		}
		// The order is meant for the day after the last one shown: a day
		// that resolved since is refused rather than played unseen.
		if last, ok := lk.last(math.MaxInt32); ok {
			c.MarkShown(last)
		}
		r, err := c.Submit(ctx, o)
		if err != nil {
			return err
		}
		msg, text = r, viewtext.Submitted(l, r)
		// A first order without a view shown (its token printed by the
		// server, its menu known): the next wait starts at its day, so
		// that the order's fate is never missed.
		if _, ok := lk.last(math.MaxInt32); !ok {
			if err := lk.save(r.GetDay() - 1); err != nil {
				fmt.Fprintln(os.Stderr, "cli:", err)
			}
		}
	}
	if inv.json {
		var err error
		if text, err = formatJSON(msg); err != nil {
			return err
		}
	}
	_, err := io.WriteString(stdout, text)
	return err
}

// waitTick blocks until the world has resolved a day after after (-1: after
// the current day) and returns its notice: at once when such a day is
// already resolved.
func waitTick(ctx context.Context, c *tools.Camp, after int32) (*pb.TickNotice, error) {
	for {
		n, err := c.WaitAfter(ctx, after, time.Duration(tools.MaxWaitSeconds)*time.Second)
		if err != nil || n != nil {
			return n, err
		}
	}
}

// Watch's screen when the terminal's size is not known.
const (
	defaultCols  = 80
	defaultLines = 50
)

// watchFooter is the last line of watch's screen.
var watchFooter = lang.T("cli view: the whole view, with the costs. Ctrl-C stops.",
	"cli view : la vue entière, avec les coûts. Ctrl-C arrête.")

// screenSize returns a function that reads the size of the terminal out is
// ($COLUMNS and $LINES when out is not one, or its size is not known;
// 80 by 50 without them).
func screenSize(out io.Writer, getenv func(string) string) func() (int, int) {
	return func() (int, int) {
		var cols, lines int
		if f, ok := out.(*os.File); ok {
			cols, lines = termSize(f)
		}
		if cols <= 0 {
			cols, _ = strconv.Atoi(getenv("COLUMNS"))
		}
		if lines <= 0 {
			lines, _ = strconv.Atoi(getenv("LINES"))
		}
		if cols <= 0 {
			cols = defaultCols
		}
		if lines <= 0 {
			lines = defaultLines
		}
		return cols, lines
	}
}

// watchScreen is one day of watch on a terminal of cols by lines: the map
// (when the ruleset has one), a blank line, the compact view (Brief) in
// the lines left, and the footer, with no newline after it so that the
// screen does not scroll.
func watchScreen(l lang.Lang, v *pb.CampView, now time.Time, colour bool, cols, lines int) string {
	var top string
	if viewtext.HasMap(v) {
		top = viewtext.Map(l, v, colour) + "\n"
	}
	room := max(lines-strings.Count(top, "\n")-1, 1)
	return clearScreen + top + viewtext.Brief(l, v, now, cols, room) + watchFooter.In(l)
}

// watch draws the map (when the ruleset has one) and the compact view,
// fitted to the terminal's size, then again each time a day resolves,
// until ctx is done. With asJSON it prints each day's view as protojson
// instead, without clearing the screen.
func watch(ctx context.Context, c *tools.Camp, lk look, asJSON, colour bool, screen func() (int, int), stdout io.Writer) error {
	for {
		v, err := c.GetView(ctx)
		if err != nil {
			return err
		}
		if err := lk.save(v.GetDay()); err != nil {
			fmt.Fprintln(os.Stderr, "cli:", err)
		}
		cols, lines := screen()
		text := watchScreen(c.Lang, v, c.Now(), colour, cols, lines)
		if asJSON {
			if text, err = formatJSON(v); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(stdout, text); err != nil {
			return err
		}
		if _, err := waitTick(ctx, c, v.GetDay()); err != nil {
			return err
		}
	}
}

// followRule separates two days of follow.
const followRule = "----\n"

// follow prints the world's public frame (a spectator's token) with when
// its next day is due, then again each time a day resolves, until ctx is
// done: one tick stream, whose first notice is the current day. With
// asJSON it prints each day's frame as protojson.
func follow(ctx context.Context, c *tools.Camp, asJSON bool, stdout io.Writer) error {
	stream, err := c.WatchTicks(ctx)
	if err != nil {
		return err
	}
	for first := true; ; first = false {
		n, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return errors.New(c.Lang.Sprintf("the server closed the tick stream", "le serveur a fermé le flux des jours"))
		}
		if err != nil {
			return err
		}
		f, err := c.Frame(ctx)
		if err != nil {
			return err
		}
		text := viewtext.Frame(c.Lang, f)
		if f.GetDay() == n.GetDay() {
			text += viewtext.NextDeadline(c.Lang, n, c.Now())
		}
		if !first {
			text = followRule + text
		}
		if asJSON {
			if text, err = formatJSON(f); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(stdout, text); err != nil {
			return err
		}
	}
}
