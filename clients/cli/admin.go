package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// adminUsage is the help of the admin commands (docs/admin.md).
var adminUsage = lang.T(`
Admin commands (an admin's token: --token, $GRISONVAL_ADMIN_TOKEN or
$GRISONVAL_TOKEN; --json on each prints the server's answer):
  admin worlds                  every world: ruleset, camps, season, day, clock
  admin rulesets                the rulesets served, with their numbers of camps
  admin create-world --seed N [--name S] [--ruleset R] [--camps N]
        [--cadence 5m | --move-clock 30s] [--season-length N]
        [--controllers human,agent,ai-growth]
                                create a world (season length 0: 24 days,
                                -1: endless; --move-clock: the tournament
                                pace; a controller per camp: human, agent,
                                ai-aggressive, ai-growth, ai-prudent)
  admin pause WORLD | resume WORLD | tick WORLD
                                stop or restart the world's clock; force a day
  admin fork WORLD --day N [--season N] [--name S]
                                a new world from a stored day, paused
  admin controller WORLD CAMP CONTROLLER
                                who plays a camp
  admin seasons WORLD           the world's seasons, their state and ranking
  admin standings WORLD SEASON  a season's ranking, players' results, titles
  admin close-season WORLD --yes
                                close the running season now (cannot be undone)
  admin next-season WORLD       start the next season with the carry-over
  admin reset WORLD --yes       back to day 0, the season abandoned
  admin enrol-options WORLD     camps and patrons, seats, packages, the sheet's
                                bounds and the defaults
  admin enrol WORLD CAMP PLAYER [--seat S] [--mode human|agent] [--patron P]
        [--package P] [--sheet 2,2,2,2,2/1,1,1,1,0] [--buy talent:trade,max_pp]
        [--check]               enrol a player on a seat and print its token;
                                what is left out takes the defaults; --check
                                shows the career it would give, enrolling nobody
  admin token WORLD CAMP --yes  a new unbound token for a camp (the earlier
                                one stops working)
  admin players WORLD [--season N]
                                the players enrolled (default: the season
                                being prepared)
  admin tokens WORLD            the live tokens: camp, seat, player; spectators
  admin revoke WORLD CAMP [SEAT] --yes
                                revoke a seat's token (default: the ruler's)
  admin spectator WORLD NAME    a spectator token for NAME (gvs_...): the
                                world's ticks and public frame, nothing else
                                (cli frame, cli follow); --yes to replace an
                                earlier one of that name
  admin revoke-spectator WORLD NAME --yes
                                revoke NAME's spectator token
  admin admin-tokens            the admin tokens' names
  admin issue-admin NAME --yes  a named admin token (replaces one of that name)
  admin revoke-admin NAME --yes revoke the admin token called NAME
  admin audit [--world N] [--admin NAME] [--action ACTION] [--limit N]
                                the admin actions, oldest first
  admin tournaments             the arena's tournaments and their matches by status
  admin tournament NAME         a tournament's state and leaderboard
  admin plan-tournament SPEC.json
                                plan a tournament from its spec (docs/arena.md)
  admin run-tournament NAME     play its matches not yet played, on the server
`, `
Commandes d'administration (le jeton d'un administrateur : --token,
$GRISONVAL_ADMIN_TOKEN ou $GRISONVAL_TOKEN ; --json sur chacune écrit la
réponse du serveur) :
  admin worlds                  tous les mondes : règles, camps, saison, jour, horloge
  admin rulesets                les règles servies, avec leurs nombres de camps
  admin create-world --seed N [--name S] [--ruleset R] [--camps N]
        [--cadence 5m | --move-clock 30s] [--season-length N]
        [--controllers human,agent,ai-growth]
                                créer un monde (durée 0 : 24 jours, -1 : sans
                                fin ; --move-clock : le rythme de tournoi ; un
                                contrôleur par camp : human, agent,
                                ai-aggressive, ai-growth, ai-prudent)
  admin pause MONDE | resume MONDE | tick MONDE
                                arrêter ou relancer l'horloge ; forcer un jour
  admin fork MONDE --day N [--season N] [--name S]
                                un nouveau monde depuis un jour stocké, en pause
  admin controller MONDE CAMP CONTROLEUR
                                qui joue un camp
  admin seasons MONDE           les saisons du monde, leur état et classement
  admin standings MONDE SAISON  le classement d'une saison, les résultats des
                                joueurs, les titres
  admin close-season MONDE --yes
                                clore la saison en cours (irréversible)
  admin next-season MONDE       commencer la saison suivante avec le report
  admin reset MONDE --yes       retour au jour 0, la saison abandonnée
  admin enrol-options MONDE     camps et patrons, sièges, enveloppes, bornes de
                                la feuille et valeurs par défaut
  admin enrol MONDE CAMP JOUEUR [--seat S] [--mode human|agent] [--patron P]
        [--package P] [--sheet 2,2,2,2,2/1,1,1,1,0] [--buy talent:trade,max_pp]
        [--check]               inscrire un joueur sur un siège et écrire son
                                jeton ; ce qui manque prend sa valeur par
                                défaut ; --check montre la carrière qu'elle
                                donnerait, sans inscrire personne
  admin token MONDE CAMP --yes  un nouveau jeton non lié pour un camp (l'ancien
                                cesse de fonctionner)
  admin players MONDE [--season N]
                                les joueurs inscrits (par défaut : la saison
                                en préparation)
  admin tokens MONDE            les jetons vivants : camp, siège, joueur ; spectateurs
  admin revoke MONDE CAMP [SIEGE] --yes
                                révoquer le jeton d'un siège (par défaut : le dirigeant)
  admin spectator MONDE NOM     un jeton de spectateur pour NOM (gvs_...) : les
                                jours et l'image publique du monde, rien d'autre
                                (cli frame, cli follow) ; --yes pour remplacer
                                un ancien de ce nom
  admin revoke-spectator MONDE NOM --yes
                                révoquer le jeton de spectateur de NOM
  admin admin-tokens            les noms des jetons d'administrateur
  admin issue-admin NOM --yes   un jeton d'administrateur nommé (remplace celui de ce nom)
  admin revoke-admin NOM --yes  révoquer le jeton d'administrateur NOM
  admin audit [--world N] [--admin NOM] [--action ACTION] [--limit N]
                                les actions des administrateurs, les plus anciennes d'abord
  admin tournaments             les tournois de l'arène et leurs parties par état
  admin tournament NOM          l'état et le classement d'un tournoi
  admin plan-tournament SPEC.json
                                planifier un tournoi depuis sa spécification (docs/arena.md)
  admin run-tournament NOM      jouer ses parties pas encore jouées, sur le serveur
`)

// valueFlags are the CLI's flags that take a value: the command is the
// first word that is neither a flag nor such a flag's value.
var valueFlags = map[string]bool{"addr": true, "token": true, "lang": true, "ca": true, "server-name": true,
	"reason": true, "since": true, "after": true}

// commandAt returns the index of the command word in args, or -1.
func commandAt(args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return i + 1
			}
			return -1
		case strings.HasPrefix(a, "-"):
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && valueFlags[name] {
				i++
			}
		default:
			return i
		}
	}
	return -1
}

// adminInvocation is a parsed admin command line.
type adminInvocation struct {
	addr, token string
	lang        lang.Lang
	json, yes   bool
	transport   *tools.Transport
	cmd         string
	args        []string
	// The commands' own flags.
	seed                                int64
	name, ruleset, cadence, controllers string
	moveClock                           string
	camps, seasonLength, season, day    int
	seat, mode, patron, pkg, sheet, buy string
	check                               bool
	world                               uint64
	admin, action                       string
	limit                               int
	set                                 map[string]bool
}

// parseAdmin parses an admin command line (args without the word
// admin); flags may come anywhere.
func parseAdmin(args []string, getenv func(string) string) (*adminInvocation, error) {
	inv := &adminInvocation{addr: getenv("GRISONVAL_ADDR"), token: getenv("GRISONVAL_ADMIN_TOKEN"), set: map[string]bool{}}
	if inv.token == "" {
		inv.token = getenv("GRISONVAL_TOKEN")
	}
	if inv.addr == "" {
		inv.addr = defaultAddr
	}
	inv.lang, _ = tools.ChooseLang("", getenv)
	fs := flag.NewFlagSet("cli admin", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&inv.addr, "addr", inv.addr, "")
	fs.StringVar(&inv.token, "token", inv.token, "")
	langFlag := fs.String("lang", "", "")
	inv.transport = tools.TransportFlags(fs, inv.lang, getenv)
	fs.BoolVar(&inv.json, "json", false, "")
	fs.Bool("no-color", false, "")
	fs.BoolVar(&inv.yes, "yes", false, "")
	fs.Int64Var(&inv.seed, "seed", 0, "")
	fs.StringVar(&inv.name, "name", "", "")
	fs.StringVar(&inv.ruleset, "ruleset", "", "")
	fs.IntVar(&inv.camps, "camps", 0, "")
	fs.StringVar(&inv.cadence, "cadence", "", "")
	fs.StringVar(&inv.moveClock, "move-clock", "", "")
	fs.IntVar(&inv.seasonLength, "season-length", 0, "")
	fs.StringVar(&inv.controllers, "controllers", "", "")
	fs.IntVar(&inv.season, "season", 0, "")
	fs.IntVar(&inv.day, "day", 0, "")
	fs.StringVar(&inv.seat, "seat", "", "")
	fs.StringVar(&inv.mode, "mode", "", "")
	fs.StringVar(&inv.patron, "patron", "", "")
	fs.StringVar(&inv.pkg, "package", "", "")
	fs.StringVar(&inv.sheet, "sheet", "", "")
	fs.StringVar(&inv.buy, "buy", "", "")
	fs.BoolVar(&inv.check, "check", false, "")
	fs.Uint64Var(&inv.world, "world", 0, "")
	fs.StringVar(&inv.admin, "admin", "", "")
	fs.StringVar(&inv.action, "action", "", "")
	fs.IntVar(&inv.limit, "limit", 0, "")
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
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
	fs.Visit(func(f *flag.Flag) { inv.set[f.Name] = true })
	if len(pos) == 0 {
		return inv, usagef(l, "admin needs a command: cli help lists them", "admin demande une commande : cli help les liste")
	}
	inv.cmd, inv.args = pos[0], pos[1:]
	inv.token = strings.TrimSpace(inv.token)
	if inv.token == "" {
		return inv, usagef(l, "no admin token: pass --token or set GRISONVAL_ADMIN_TOKEN", "pas de jeton d'administrateur : passez --token ou fixez GRISONVAL_ADMIN_TOKEN")
	}
	return inv, nil
}

// runAdmin runs an admin command (args without the word admin) and
// returns the exit code: 0, 1 for a refusal, 2 for a usage error or an
// action left unconfirmed.
func runAdmin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	inv, err := parseAdmin(args, getenv)
	l := inv.lang
	if err != nil {
		fmt.Fprintf(stderr, "cli: %v\n%s", err, usageHint.In(l))
		return 2
	}
	conn, err := tools.Dial(inv.addr, l, *inv.transport)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("cli: bad server address %q: %v", "cli : adresse de serveur invalide %q : %v", inv.addr, err))
		return 2
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ctx = metadata.AppendToOutgoingContext(pb.WithLang(ctx, l), "authorization", "Bearer "+inv.token)
	a := &adminRun{inv: inv, admin: pb.NewAdminServiceClient(conn), out: stdout}
	if err := a.run(ctx); err != nil {
		var u *usageError
		if errors.As(err, &u) {
			fmt.Fprintf(stderr, "cli: %v\n%s", err, usageHint.In(l))
			return 2
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

// adminRun is one admin command being run.
type adminRun struct {
	inv   *adminInvocation
	admin pb.AdminServiceClient
	out   io.Writer
}

// argsN checks the command's positional arguments: at least min, at most
// max; names says them in the usage error.
func (a *adminRun) argsN(min, max int, names string) error {
	if n := len(a.inv.args); n < min || n > max {
		return usagef(a.inv.lang, "admin %s takes %s; got %q", "admin %s prend %s ; reçu %q", a.inv.cmd, names, a.inv.args)
	}
	return nil
}

// number reads the positional argument at i, a number of 0 or more;
// what names it in the usage error.
func (a *adminRun) number(i int, what string) (int64, error) {
	n, err := strconv.ParseInt(a.inv.args[i], 10, 64)
	if err != nil || n < 0 {
		return 0, usagef(a.inv.lang, "%s is a number; got %q", "%s est un nombre ; reçu %q", what, a.inv.args[i])
	}
	return n, nil
}

// confirmed says whether --yes confirms an action that cannot be undone,
// else returns the usage error that says what it would do.
func (a *adminRun) confirmed(en, fr string, args ...any) error {
	if a.inv.yes {
		return nil
	}
	l := a.inv.lang
	return &usageError{l.Sprintf(en, fr, args...) + l.Sprintf("; add --yes to do it", " ; ajoutez --yes pour le faire")}
}

// print writes m as JSON with --json, else text.
func (a *adminRun) print(m proto.Message, text string) error {
	if a.inv.json {
		s, err := formatJSON(m)
		if err != nil {
			return err
		}
		_, err = io.WriteString(a.out, s)
		return err
	}
	_, err := io.WriteString(a.out, text)
	return err
}

// worldLine says a world in one line.
func worldLine(l lang.Lang, w *pb.WorldInfo) string {
	clock := l.Sprintf("running", "en marche")
	if w.GetPaused() {
		clock = l.Sprintf("paused", "en pause")
	}
	length := l.Sprintf("endless", "sans fin")
	if w.GetSeasonLength() > 0 {
		length = strconv.Itoa(int(w.GetSeasonLength()))
	}
	var ctl []string
	for _, c := range w.GetControllers() {
		ctl = append(ctl, tools.ControllerName(c))
	}
	pace := l.Sprintf("a day every %s", "un jour toutes les %s", w.GetCadence().AsDuration())
	if w.GetMoveClock() != nil {
		pace = l.Sprintf("tournament pace, a move clock of %s", "rythme de tournoi, un temps de coup de %s", w.GetMoveClock().AsDuration())
	}
	return l.Sprintf("world %d %q: %s, %d camps (%s), seed %d, season %d, day %d/%s, %s, %s\n",
		"monde %d %q : %s, %d camps (%s), graine %d, saison %d, jour %d/%s, %s, %s\n",
		w.GetId(), w.GetName(), w.GetRuleset(), w.GetCamps(), strings.Join(ctl, ", "), w.GetSeed(), w.GetSeason(), w.GetDay(), length,
		pace, clock)
}

// run runs the command.
func (a *adminRun) run(ctx context.Context) error {
	inv, l := a.inv, a.inv.lang
	worldArg := func() (uint64, error) {
		n, err := a.number(0, l.Sprintf("WORLD", "MONDE"))
		return uint64(n), err
	}
	onWorld := func(call func(context.Context, *pb.WorldRequest, ...grpc.CallOption) (*pb.WorldInfo, error)) error {
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		w, err := call(ctx, &pb.WorldRequest{WorldId: id})
		if err != nil {
			return err
		}
		return a.print(w, worldLine(l, w))
	}
	switch inv.cmd {
	case "worlds":
		ws, err := a.admin.ListWorlds(ctx, &pb.ListWorldsRequest{})
		if err != nil {
			return err
		}
		var b strings.Builder
		for _, w := range ws.GetWorlds() {
			b.WriteString(worldLine(l, w))
		}
		return a.print(ws, b.String())
	case "rulesets":
		rs, err := a.admin.ListRulesets(ctx, &pb.ListRulesetsRequest{})
		if err != nil {
			return err
		}
		var b strings.Builder
		for _, r := range rs.GetRulesets() {
			b.WriteString(l.Sprintf("%s: %s; %d to %d camps (default %d)\n", "%s : %s ; %d à %d camps (par défaut %d)\n",
				r.GetName(), r.GetTitle(), r.GetMinCamps(), r.GetMaxCamps(), r.GetDefaultCamps()))
		}
		return a.print(rs, b.String())
	case "create-world":
		if err := a.argsN(0, 0, "no argument (its flags)"); err != nil {
			return err
		}
		req := &pb.CreateWorldRequest{Name: inv.name, Seed: uint64(inv.seed), Ruleset: inv.ruleset, Camps: int32(inv.camps), SeasonLength: int32(inv.seasonLength)}
		for _, d := range []struct {
			flag, v string
			dst     **durationpb.Duration
		}{{"cadence", inv.cadence, &req.Cadence}, {"move-clock", inv.moveClock, &req.MoveClock}} {
			if d.v == "" {
				continue
			}
			dur, err := time.ParseDuration(d.v)
			if err != nil {
				return usagef(l, "--%s is a duration (30s, 5m, 1h); got %q", "--%s est une durée (30s, 5m, 1h) ; reçu %q", d.flag, d.v)
			}
			*d.dst = durationpb.New(dur)
		}
		if inv.controllers != "" {
			for _, n := range strings.Split(inv.controllers, ",") {
				c, ok := tools.ParseController(strings.TrimSpace(n))
				if !ok {
					return usagef(l, "--controllers: %q is not one of %s", "--controllers : %q n'est pas l'un de %s", n, strings.Join(tools.ControllerNames, ", "))
				}
				req.Controllers = append(req.Controllers, c)
			}
		}
		w, err := a.admin.CreateWorld(ctx, req)
		if err != nil {
			return err
		}
		return a.print(w, l.Sprintf("created ", "créé : ")+worldLine(l, w))
	case "pause":
		return onWorld(a.admin.PauseWorld)
	case "resume":
		return onWorld(a.admin.ResumeWorld)
	case "tick":
		return onWorld(a.admin.ForceTick)
	case "next-season":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		w, err := a.admin.CreateSeason(ctx, &pb.CreateSeasonRequest{WorldId: id})
		if err != nil {
			return err
		}
		return a.print(w, worldLine(l, w))
	case "reset":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		if err := a.confirmed("reset world %d to its setup (day 0): the season's days played are abandoned and nothing carries over",
			"réinitialiser le monde %d à sa mise en place (jour 0) : les jours joués de la saison sont abandonnés et rien n'est reporté", id); err != nil {
			return err
		}
		return onWorld(a.admin.ResetSeason)
	case "fork":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		if !inv.set["day"] {
			return usagef(l, "fork needs --day: the stored day the new world starts from", "fork demande --day : le jour stocké d'où part le nouveau monde")
		}
		w, err := a.admin.ForkWorld(ctx, &pb.ForkWorldRequest{WorldId: id, Season: int32(inv.season), Day: int32(inv.day), Name: inv.name})
		if err != nil {
			return err
		}
		return a.print(w, l.Sprintf("forked ", "bifurqué : ")+worldLine(l, w))
	case "controller":
		if err := a.argsN(3, 3, "WORLD CAMP CONTROLLER"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		camp, err := a.number(1, "CAMP")
		if err != nil {
			return err
		}
		c, ok := tools.ParseController(inv.args[2])
		if !ok {
			return usagef(l, "%q is not one of %s", "%q n'est pas l'un de %s", inv.args[2], strings.Join(tools.ControllerNames, ", "))
		}
		w, err := a.admin.SetController(ctx, &pb.SetControllerRequest{WorldId: id, Camp: int32(camp), Controller: c})
		if err != nil {
			return err
		}
		return a.print(w, worldLine(l, w))
	case "seasons":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		se, err := a.admin.ListSeasons(ctx, &pb.ListSeasonsRequest{WorldId: id})
		if err != nil {
			return err
		}
		var b strings.Builder
		for _, s := range se.GetSeasons() {
			state := seasonStates[s.GetState()].In(l)
			if s.GetLastDay() == 0 {
				fmt.Fprintf(&b, l.Sprintf("season %d: %s, from day %d", "saison %d : %s, depuis le jour %d"), s.GetSeason(), state, s.GetFirstDay())
			} else {
				fmt.Fprintf(&b, l.Sprintf("season %d: %s, days %d to %d", "saison %d : %s, jours %d à %d"), s.GetSeason(), state, s.GetFirstDay(), s.GetLastDay())
			}
			for _, c := range s.GetCamps() {
				fmt.Fprintf(&b, "; %d. %s %d", c.GetRank(), c.GetCampName(), c.GetScore())
			}
			b.WriteString("\n")
		}
		return a.print(se, b.String())
	case "standings":
		if err := a.argsN(2, 2, "WORLD SEASON"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		season, err := a.number(1, "SEASON")
		if err != nil {
			return err
		}
		ch, err := a.admin.GetTimeline(ctx, &pb.GetChronicleRequest{WorldId: id, Season: int32(season), PageSize: 1})
		if err != nil {
			return err
		}
		// The answer's first day is enough: the standings, not the days.
		ch.Frames, ch.Journals, ch.Messages = nil, nil, nil
		var b strings.Builder
		for _, c := range ch.GetSeason().GetCamps() {
			fmt.Fprintf(&b, l.Sprintf("%d. %s: %d (%s)\n", "%d. %s : %d (%s)\n"), c.GetRank(), c.GetCampName(), c.GetScore(), c.GetSummary())
		}
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		for _, p := range ch.GetPlayers() {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", p.GetPlayer(), l.Sprintf("camp %d, %s", "camp %d, %s", p.GetCamp(), p.GetSeat()),
				p.GetPatron(), p.GetVerdict(), p.GetEminence(), l.Sprintf("standing %d", "cote %d", p.GetStanding()), strings.Join(p.GetTitles(), ", "))
		}
		tw.Flush()
		if len(ch.GetSeason().GetCamps()) == 0 {
			b.WriteString(l.Sprintf("season %d runs: the ranking falls at its close\n", "la saison %d court : le classement tombe à sa clôture\n", season))
		}
		return a.print(ch, b.String())
	case "close-season":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		if err := a.confirmed("close world %d's season now: the rankings, judgments and eminence points fall and no day of it can be played again",
			"clore maintenant la saison du monde %d : les classements, jugements et points d'éminence tombent et aucun de ses jours ne peut plus être joué", id); err != nil {
			return err
		}
		se, err := a.admin.CloseSeason(ctx, &pb.CloseSeasonRequest{WorldId: id})
		if err != nil {
			return err
		}
		return a.print(se, l.Sprintf("season %d closed on day %d\n", "saison %d close au jour %d\n", se.GetSeason(), se.GetLastDay()))
	case "enrol-options":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		o, err := a.admin.GetEnrolmentOptions(ctx, &pb.WorldRequest{WorldId: id})
		if err != nil {
			return err
		}
		return a.print(o, optionsText(l, o))
	case "enrol":
		return a.enrol(ctx)
	case "token":
		if err := a.argsN(2, 2, "WORLD CAMP"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		camp, err := a.number(1, "CAMP")
		if err != nil {
			return err
		}
		if err := a.confirmed("issue a new token for camp %d of world %d: its earlier unbound token stops working",
			"émettre un nouveau jeton pour le camp %d du monde %d : son ancien jeton non lié cesse de fonctionner", camp, id); err != nil {
			return err
		}
		t, err := a.admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: id, Camp: int32(camp)})
		if err != nil {
			return err
		}
		return a.print(t, t.GetToken()+"\n")
	case "players":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		es, err := a.admin.ListEnrolments(ctx, &pb.ListEnrolmentsRequest{WorldId: id, Season: int32(inv.season)})
		if err != nil {
			return err
		}
		var b strings.Builder
		b.WriteString(l.Sprintf("season %d:\n", "saison %d :\n", es.GetSeason()))
		for _, e := range es.GetEnrolments() {
			b.WriteString(l.Sprintf("  camp %d, %s: %s, serving %s, package %s", "  camp %d, %s : %s, au service de %s, enveloppe %s",
				e.GetCamp(), e.GetSeat(), e.GetPlayer(), e.GetPatron(), e.GetPackage()))
			if len(e.GetPurchases()) > 0 {
				b.WriteString(l.Sprintf(", bought %s (%d EP)", ", achète %s (%d PE)", strings.Join(e.GetPurchases(), ", "), e.GetSpent()))
			}
			b.WriteString("\n")
		}
		return a.print(es, b.String())
	case "tokens":
		if err := a.argsN(1, 1, "WORLD"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		ts, err := a.admin.ListTokens(ctx, &pb.ListTokensRequest{WorldId: id})
		if err != nil {
			return err
		}
		var b strings.Builder
		for _, t := range ts.GetTokens() {
			if t.GetSpectator() != "" {
				b.WriteString(l.Sprintf("spectator: %s\n", "spectateur : %s\n", t.GetSpectator()))
				continue
			}
			who := t.GetPlayer()
			if who == "" {
				who = l.Sprintf("(unbound)", "(non lié)")
			}
			b.WriteString(l.Sprintf("camp %d, %s: %s\n", "camp %d, %s : %s\n", t.GetCamp(), t.GetSeat(), who))
		}
		return a.print(ts, b.String())
	case "revoke":
		if err := a.argsN(2, 3, "WORLD CAMP [SEAT]"); err != nil {
			return err
		}
		id, err := worldArg()
		if err != nil {
			return err
		}
		camp, err := a.number(1, "CAMP")
		if err != nil {
			return err
		}
		seat := "ruler"
		if len(inv.args) == 3 {
			seat = inv.args[2]
		}
		if err := a.confirmed("revoke the token of camp %d's %s seat in world %d: it stops working at once and cannot be restored",
			"révoquer le jeton du siège %[2]s du camp %[1]d dans le monde %[3]d : il cesse aussitôt de fonctionner et ne peut être rétabli", camp, seat, id); err != nil {
			return err
		}
		r, err := a.admin.RevokeToken(ctx, &pb.RevokeTokenRequest{WorldId: id, Camp: int32(camp), Seat: seat})
		if err != nil {
			return err
		}
		return a.print(r, l.Sprintf("revoked %d token\n", "%d jeton révoqué\n", r.GetRevoked()))
	case "spectator", "revoke-spectator":
		return a.spectator(ctx)
	case "admin-tokens":
		if err := a.argsN(0, 0, "no argument"); err != nil {
			return err
		}
		ts, err := a.admin.ListAdminTokens(ctx, &pb.ListAdminTokensRequest{})
		if err != nil {
			return err
		}
		return a.print(ts, strings.Join(ts.GetNames(), "\n")+"\n")
	case "issue-admin", "revoke-admin":
		if err := a.argsN(1, 1, "NAME"); err != nil {
			return err
		}
		name := inv.args[0]
		if inv.cmd == "issue-admin" {
			if err := a.confirmed("issue an admin token called %q (an earlier one of that name stops working)",
				"émettre un jeton d'administrateur nommé %q (un ancien de ce nom cesse de fonctionner)", name); err != nil {
				return err
			}
			t, err := a.admin.IssueAdminToken(ctx, &pb.IssueAdminTokenRequest{Name: name})
			if err != nil {
				return err
			}
			return a.print(t, t.GetToken()+"\n")
		}
		if err := a.confirmed("revoke the admin token called %q: it stops working at once", "révoquer le jeton d'administrateur nommé %q : il cesse aussitôt de fonctionner", name); err != nil {
			return err
		}
		r, err := a.admin.RevokeAdminToken(ctx, &pb.RevokeAdminTokenRequest{Name: name})
		if err != nil {
			return err
		}
		return a.print(r, l.Sprintf("admin token %q revoked\n", "jeton d'administrateur %q révoqué\n", name))
	case "audit":
		if err := a.argsN(0, 0, "no argument (--world, --admin, --action, --limit)"); err != nil {
			return err
		}
		resp, err := a.admin.ListAudit(ctx, &pb.ListAuditRequest{WorldId: inv.world, Admin: inv.admin, Action: inv.action, Limit: int32(inv.limit)})
		if err != nil {
			return err
		}
		var b strings.Builder
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		for _, e := range resp.GetEntries() {
			world := ""
			if e.GetWorldId() != 0 {
				world = l.Sprintf("world %d", "monde %d", e.GetWorldId())
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.GetAt().AsTime().Format(time.DateTime), e.GetAdmin(), e.GetAction(), world, e.GetCode())
		}
		tw.Flush()
		return a.print(resp, b.String())
	}
	if ok, err := a.tournament(ctx); ok {
		return err
	}
	return usagef(l, "unknown admin command %q: cli help lists them", "commande d'administration inconnue %q : cli help les liste", inv.cmd)
}

// enrol runs admin enrol WORLD CAMP PLAYER.
func (a *adminRun) enrol(ctx context.Context) error {
	inv, l := a.inv, a.inv.lang
	if err := a.argsN(3, 3, "WORLD CAMP PLAYER"); err != nil {
		return err
	}
	id, err := a.number(0, "WORLD")
	if err != nil {
		return err
	}
	camp, err := a.number(1, "CAMP")
	if err != nil {
		return err
	}
	req := &pb.EnrollPlayerRequest{WorldId: uint64(id), Camp: int32(camp), Player: inv.args[2], Seat: inv.seat, Mode: inv.mode,
		Patron: inv.patron, Package: inv.pkg, ValidateOnly: inv.check}
	if inv.sheet != "" {
		chars, talents, ok := strings.Cut(inv.sheet, "/")
		nums := func(s string) ([]int32, bool) {
			var out []int32
			for _, f := range strings.Split(s, ",") {
				n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 32)
				if err != nil {
					return nil, false
				}
				out = append(out, int32(n))
			}
			return out, true
		}
		var okC, okT bool
		req.Characteristics, okC = nums(chars)
		req.Talents, okT = nums(talents)
		if !ok || !okC || !okT {
			return usagef(l, "--sheet is the characteristics, a slash, the talents, each a list of numbers (2,2,2,2,2/1,1,1,1,0); got %q",
				"--sheet est les caractéristiques, une barre oblique, les talents, chacun une liste de nombres (2,2,2,2,2/1,1,1,1,0) ; reçu %q", inv.sheet)
		}
	}
	if inv.buy != "" {
		req.Purchases = strings.Split(inv.buy, ",")
	}
	r, err := a.admin.EnrollPlayer(ctx, req)
	if err != nil {
		return err
	}
	c := r.GetCareer()
	text := l.Sprintf("%s (%s) serves %s on camp %d's %s seat for season %d: season %d of the career, %d eminence points, package %s, characteristics %s, talents %s\n",
		"%s (%s) sert %s au siège %s du camp %d pour la saison %d : saison %d de la carrière, %d points d'éminence, enveloppe %s, caractéristiques %s, talents %s\n",
		c.GetPlayer(), c.GetMode(), c.GetPatron(), camp, r.GetSeat(), r.GetSeason(), c.GetSeasons(), c.GetEminencePoints(), c.GetPackage(),
		joinInts(c.GetCharacteristics()), joinInts(c.GetTalents()))
	if inv.check {
		text = l.Sprintf("check only, nobody enrolled: ", "vérification seule, personne n'est inscrit : ") + text
	} else {
		text += l.Sprintf("token: %s\n", "jeton : %s\n", r.GetToken())
	}
	return a.print(r, text)
}

// spectator runs admin spectator WORLD NAME, which issues NAME's
// spectator token (confirmed with --yes when it replaces one), and admin
// revoke-spectator WORLD NAME --yes.
func (a *adminRun) spectator(ctx context.Context) error {
	inv, l := a.inv, a.inv.lang
	if err := a.argsN(2, 2, l.Sprintf("WORLD NAME", "MONDE NOM")); err != nil {
		return err
	}
	n, err := a.number(0, l.Sprintf("WORLD", "MONDE"))
	if err != nil {
		return err
	}
	id, name := uint64(n), inv.args[1]
	if name == "" {
		// An empty name would ask the server about camp 0's token.
		return usagef(l, "NAME is the spectator's name; got none", "NOM est le nom du spectateur ; reçu aucun")
	}
	if inv.cmd == "revoke-spectator" {
		if err := a.confirmed("revoke %q's spectator token of world %d: it stops working at once, its open streams end, and it cannot be restored",
			"révoquer le jeton de spectateur de %q du monde %d : il cesse aussitôt de fonctionner, ses flux ouverts se ferment, et il ne peut être rétabli", name, id); err != nil {
			return err
		}
		r, err := a.admin.RevokeToken(ctx, &pb.RevokeTokenRequest{WorldId: id, Spectator: name})
		if err != nil {
			return err
		}
		return a.print(r, l.Sprintf("spectator token %q of world %d revoked\n", "jeton de spectateur %q du monde %d révoqué\n", name, id))
	}
	ts, err := a.admin.ListTokens(ctx, &pb.ListTokensRequest{WorldId: id})
	if err != nil {
		return err
	}
	for _, t := range ts.GetTokens() {
		if t.GetSpectator() == name {
			if err := a.confirmed("world %d has a spectator token called %q: a new one replaces it, and the earlier stops working at once",
				"le monde %d a un jeton de spectateur nommé %q : un nouveau le remplace, et l'ancien cesse aussitôt de fonctionner", id, name); err != nil {
				return err
			}
		}
	}
	t, err := a.admin.IssueToken(ctx, &pb.IssueTokenRequest{WorldId: id, Spectator: name})
	if err != nil {
		return err
	}
	return a.print(t, t.GetToken()+"\n")
}

// seasonStates say a season's state.
var seasonStates = map[pb.SeasonState]lang.Text{
	pb.SeasonState_SEASON_STATE_RUNNING:   lang.T("running", "en cours"),
	pb.SeasonState_SEASON_STATE_ENDED:     lang.T("ended, awaiting its close", "finie, en attente de clôture"),
	pb.SeasonState_SEASON_STATE_CLOSED:    lang.T("closed", "close"),
	pb.SeasonState_SEASON_STATE_ABANDONED: lang.T("abandoned (reset)", "abandonnée (réinitialisée)"),
}

// joinInts joins numbers with commas.
func joinInts(xs []int32) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(int(x))
	}
	return strings.Join(s, ",")
}

// optionsText says an enrolment's choices.
func optionsText(l lang.Lang, o *pb.EnrolmentOptions) string {
	var b strings.Builder
	for _, c := range o.GetCamps() {
		b.WriteString(l.Sprintf("camp %d %s: patrons %s\n", "camp %d %s : patrons %s\n", c.GetCamp(), c.GetName(), strings.Join(c.GetPatrons(), ", ")))
	}
	b.WriteString(l.Sprintf("seats: %s\n", "sièges : %s\n", strings.Join(o.GetSeats(), ", ")))
	for _, p := range o.GetPackages() {
		b.WriteString(l.Sprintf("package %s: %s\n", "enveloppe %s : %s\n", p.GetName(), p.GetGives()))
	}
	trait := func(ts []*pb.SheetTrait) string {
		var s []string
		for _, t := range ts {
			s = append(s, fmt.Sprintf("%s %d-%d", t.GetName(), t.GetMin(), t.GetMax()))
		}
		return strings.Join(s, ", ")
	}
	b.WriteString(l.Sprintf("characteristics (sum %d): %s\n", "caractéristiques (total %d) : %s\n", o.GetCharacteristicsSum(), trait(o.GetCharacteristics())))
	b.WriteString(l.Sprintf("talents (sum %d): %s\n", "talents (total %d) : %s\n", o.GetTalentsSum(), trait(o.GetTalents())))
	b.WriteString(l.Sprintf("defaults: mode %s, the camp's first patron, package %s, sheet %s/%s\n",
		"par défaut : mode %s, le premier patron du camp, enveloppe %s, feuille %s/%s\n",
		o.GetDefaultMode(), o.GetDefaultPackage(), joinInts(o.GetDefaultCharacteristics()), joinInts(o.GetDefaultTalents())))
	return b.String()
}
