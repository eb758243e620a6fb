// Command grisonval-sim plays bot-controlled seasons headless, straight on the
// engine, and prints per camp what the rules' calibration is judged on: tiers
// reached by day, population, stockpiles, buildings and free slots.
//
// Usage:
//
//	grisonval-sim [-seeds 9] [-first 1] [-days 200] [-rules 2] [-postures growth,growth,growth]
//	grisonval-sim -seeds 20 -mixes 'auto,auto,auto;aggressive,growth,prudent'
//
// -rules plays the worlds by an older version of the rules (engine.Rules;
// the current by default), to measure a change of rules before and after.
// -arm-for-close makes the camps of one posture raise every man they may
// on the 6 days 35 to 30 days before the close (CAR-VETERANS), to
// measure what arming for the ranking buys.
// Every table ends with issue 16's bars: the share of sieges won and how
// sieges ended, and per camp its food in days of its eating, its gold,
// stone and wood, whether it sat on 2,500 stone or wood with free slots,
// and how many times its colony collapsed and was founded anew.
//
// With -mixes, it plays every seed under each mix of postures (a mix names
// the three camps' postures, separated by commas; mixes are separated by
// semicolons) and prints, per mix and per archetype, the war and diplomacy
// table of docs/simulation.md instead of the economy's: wins, zones held,
// sieges, pacts signed and broken, proposals, coups, extinctions and
// postures, read from the engine's states, pact events and orders.
//
// Each camp is played by the AI bot (clients/bot) from its fogged view, as
// the server would show it; the engine resolves the three orders of each day.
// A posture of "auto" leaves it unspecified: the bot then recomputes it each
// day from the balance of power.
package main

import (
	"flag"
	"fmt"
	"github.com/grisonval/server/lang"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

func main() {
	seeds := flag.Int("seeds", 9, "number of seeds to play")
	first := flag.Uint64("first", 1, "first seed")
	days := flag.Int("days", 200, "days to play per seed")
	postures := flag.String("postures", "growth,growth,growth", "each camp's posture: aggressive, growth, prudent or auto")
	mixes := flag.String("mixes", "", "semicolon-separated posture mixes: print the war and diplomacy table of each")
	rules := flag.Int("rules", int(engine.CurrentRules), "version of the rules the worlds are played by (engine.Rules)")
	sheets := flag.Bool("sheets", false, "give every camp's ruler a character sheet (the same for the three), as an enrolled player's: its bonuses, power points and wounds")
	armForClose := flag.String("arm-for-close", "", "camps of this posture (aggressive, growth, prudent or auto) arm for the season's close: they raise every man they may, instead of their bot's order, on the 6 days 35 to 30 days before the last (CAR-VETERANS)")
	flag.Parse()
	if *rules < 0 || *rules > int(engine.LatestRules) {
		fmt.Fprintf(os.Stderr, "rules %d: want 0 to %d\n", *rules, engine.LatestRules)
		os.Exit(2)
	}
	cfg := config{rules: engine.Rules(*rules), first: *first, seeds: *seeds, days: *days, sheets: *sheets}
	if *armForClose != "" {
		p, ok := postureNamed(*armForClose)
		if !ok {
			fmt.Fprintf(os.Stderr, "-arm-for-close %q: want aggressive, growth, prudent or auto\n", *armForClose)
			os.Exit(2)
		}
		cfg.armForClose = &p
	}
	if *mixes != "" {
		var all []mixRuns
		for _, m := range strings.Split(*mixes, ";") {
			ctrl, err := controllers(m)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			runs := playSeeds(cfg, ctrl)
			reportWar(os.Stdout, m, runs, *days)
			reportStocks(os.Stdout, runs)
			reportGov(os.Stdout, runs)
			all = append(all, mixRuns{mix: m, ctrl: ctrl, runs: runs})
		}
		reportGoals(os.Stdout, all, *days)
		return
	}
	ctrl, err := controllers(*postures)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	runs := playSeeds(cfg, ctrl)
	report(os.Stdout, runs, *days)
	reportStocks(os.Stdout, runs)
	reportGov(os.Stdout, runs)
	reportGoals(os.Stdout, []mixRuns{{mix: *postures, ctrl: ctrl, runs: runs}}, *days)
}

// config is what every season of a run is played with.
type config struct {
	rules       engine.Rules
	first       uint64
	seeds, days int
	// sheets gives every camp's ruler the same character sheet.
	sheets bool
	// armForClose, when set, names the posture whose camps arm for the
	// season's close (armsForClose).
	armForClose *pb.Posture
}

// armForCloseDays is how long before the close a camp that arms for it
// raises its men: the 30 days that made a veteran under CAR-VETERANS' first
// measure, which such a camp won 99 % of the fixed mixes with; kept so the
// figure compares with the season's army that replaced it.
const armForCloseDays = 30

// armsForClose returns the order of camp c on day day when it arms for the
// close: raise_army with every man it may raise (ARM-1, ARM-2) on the 6
// days days - armForCloseDays - 5 to days - armForCloseDays; false on other
// days, when its posture is not the one named, or when it may raise no one.
func armsForClose(cfg config, ctrl *pb.Controller, w *engine.World, c engine.CampID, day int) (engine.Order, bool) {
	last := cfg.days - armForCloseDays
	if cfg.armForClose == nil || ctrl.GetPosture() != *cfg.armForClose || day < last-5 || day > last {
		return engine.Order{}, false
	}
	n := w.RaiseLimit(c)
	return engine.Order{Action: engine.RaiseArmy, Args: []int{n}, Reason: "arming for the close"}, n > 0
}

// playSeeds plays cfg's seeds under the controllers ctrl.
func playSeeds(cfg config, ctrl [engine.NumCamps]*pb.Controller) []run {
	var runs []run
	for s := range uint64(cfg.seeds) {
		runs = append(runs, play(cfg, cfg.first+s, ctrl))
	}
	return runs
}

// controllers returns the three AI controllers of a mix of postures such as
// "auto,growth,prudent"; "auto" leaves the posture to the bot.
func controllers(mix string) ([engine.NumCamps]*pb.Controller, error) {
	var ctrl [engine.NumCamps]*pb.Controller
	ps := strings.Split(mix, ",")
	if len(ps) != engine.NumCamps {
		return ctrl, fmt.Errorf("a mix needs %d postures, got %q", engine.NumCamps, mix)
	}
	for i, p := range ps {
		posture, ok := postureNamed(p)
		if !ok {
			return ctrl, fmt.Errorf("unknown posture %q in %q", p, mix)
		}
		ctrl[i] = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: posture}
	}
	return ctrl, nil
}

// postureNamed returns the posture a mix names name.
func postureNamed(name string) (pb.Posture, bool) {
	p, ok := postures[name]
	return p, ok
}

// postures are the postures a mix names; "auto" leaves it to the bot.
var postures = map[string]pb.Posture{
	"auto": pb.Posture_POSTURE_UNSPECIFIED, "aggressive": pb.Posture_POSTURE_AGGRESSIVE,
	"growth": pb.Posture_POSTURE_GROWTH, "prudent": pb.Posture_POSTURE_PRUDENT,
}

// checkpoints are the days at which tiers are reported.
var checkpoints = []int{50, 100, 150, 200}

// run is one seed's season: per camp, the tier on each day and the final
// world.
type run struct {
	seed  uint64
	tiers [engine.NumCamps][]int // tiers[c][day]
	final *engine.World
	war   [engine.NumCamps]warStats
	gov   [engine.NumCamps]govStats
	// siegeEnds counts how sieges ended, by the journal's kind of news.
	siegeEnds map[string]int
	// orders counts each camp's orders by action; woundDay is the first
	// day its ruler was wounded (0: never).
	orders   [engine.NumCamps]map[string]int
	woundDay [engine.NumCamps]int
}

func play(cfg config, seed uint64, ctrl [engine.NumCamps]*pb.Controller) run {
	days := cfg.days
	w := engine.NewWorldRules(seed, cfg.rules)
	if cfg.sheets {
		for c := range engine.CampID(engine.NumCamps) {
			w.SetRuler(c, career.Bonuses(simSheet))
		}
	}
	r := run{seed: seed, siegeEnds: map[string]int{}}
	for c := range r.orders {
		r.orders[c] = map[string]int{}
	}
	for c := range r.tiers {
		r.tiers[c] = make([]int, days+1)
	}
	var states [engine.NumCamps]bot.State
	for day := 1; day <= days; day++ {
		var orders [engine.NumCamps]engine.Order
		for c := range engine.CampID(engine.NumCamps) {
			orders[c] = engine.Order{Action: engine.Rest}
			if w.Camps[c].Alive {
				v := grisonval.Ruleset{}.View(grisonval.StateOf(w), int(c), lang.EN)
				v.Controller = ctrl[c]
				var o *pb.Order
				o, states[c] = bot.Decide(v, states[c])
				orders[c] = grisonval.EngineOrder(gameOrder(o))
				action := o.GetAction()
				if arm, ok := armsForClose(cfg, ctrl[c], w, c, day); ok {
					orders[c], action = arm, arm.Action.String()
				}
				r.orders[c][action]++
			}
		}
		out := engine.Resolve(w, orders)
		recordWar(&r.war, w, out, states)
		recordSiegeEnds(r.siegeEnds, out.Journal)
		w = out.World
		for c := range engine.CampID(engine.NumCamps) {
			r.tiers[c][day] = w.Tier(c)
			recordGov(&r.gov[c], w, c)
			if r.woundDay[c] == 0 && w.Rulers[c].Wounds > 0 {
				r.woundDay[c] = day
			}
		}
	}
	for c := range r.gov {
		closeGov(&r.gov[c])
	}
	r.final = w
	return r
}

func report(out io.Writer, runs []run, days int) {
	fmt.Fprintf(out, "| seed | camp | zones | tiers at")
	for _, d := range checkpoints {
		if d <= days {
			fmt.Fprintf(out, " d%d", d)
		}
	}
	fmt.Fprintln(out, " | population | food | wood | stone | tools | gold | research | buildings | levels | free slots | morale |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	var final summary
	var firstDay [engine.NumCamps * 64][]int // tier -> days it was reached
	sumAt200, n200 := 0, 0
	for _, r := range runs {
		w := r.final
		for c := range engine.CampID(engine.NumCamps) {
			var ts []string
			for _, d := range checkpoints {
				if d <= days {
					ts = append(ts, fmt.Sprint(r.tiers[c][d]))
				}
			}
			free, levels := 0, 0
			for z := engine.ZoneID(1); z <= engine.NumZones; z++ {
				if w.Zone(z).Owner == c {
					free += w.FreeSlots(z)
					levels += w.Zone(z).Development
				}
			}
			res := w.Camps[c].Resources
			fmt.Fprintf(out, "| %d | %s | %d | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n",
				r.seed, w.Camps[c].Name, w.HeldZones(c), strings.Join(ts, " / "), w.Population(c),
				res.Food, res.Wood, res.Stone, res.Tools, res.Gold, res.Research, w.TotalBuildings(c), levels, free, w.Camps[c].Morale)
			final.add([]int64{res.Wood, res.Stone, res.Gold, int64(free), int64(levels), int64(w.TotalBuildings(c))})
			prev := 0
			for d := 1; d <= days; d++ {
				for t := prev + 1; t <= r.tiers[c][d]; t++ {
					firstDay[t] = append(firstDay[t], d)
				}
				prev = max(prev, r.tiers[c][d])
			}
			if days >= 200 {
				sumAt200 += r.tiers[c][200]
				n200++
			}
		}
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| tier | camps that reached it | mean day |")
	fmt.Fprintln(out, "|---|---|---|")
	for t := 1; t < len(firstDay); t++ {
		if len(firstDay[t]) == 0 {
			continue
		}
		sum := 0
		for _, d := range firstDay[t] {
			sum += d
		}
		fmt.Fprintf(out, "| %d | %d of %d | %.0f |\n", t, len(firstDay[t]), len(runs)*engine.NumCamps, float64(sum)/float64(len(firstDay[t])))
	}
	if n200 > 0 {
		fmt.Fprintf(out, "\nmean tiers at day 200: %.1f\n", float64(sumAt200)/float64(n200))
	}
	fmt.Fprintf(out, "\n| at day %d | wood | stone | gold | free slots | levels | buildings |\n|---|---|---|---|---|---|---|\n", days)
	fmt.Fprintf(out, "| mean | %s |\n| max | %s |\n", final.join(final.mean()), final.join(final.max))
}

// summary gathers per-camp figures at the end of the season: their sums and
// maxima, column by column.
type summary struct {
	n        int64
	sum, max []int64
}

func (s *summary) add(xs []int64) {
	if s.n == 0 {
		s.sum, s.max = make([]int64, len(xs)), slices.Clone(xs)
	}
	s.n++
	for i, x := range xs {
		s.sum[i] += x
		s.max[i] = max(s.max[i], x)
	}
}

func (s *summary) mean() []int64 {
	m := make([]int64, len(s.sum))
	for i, x := range s.sum {
		m[i] = (x + s.n/2) / max(1, s.n)
	}
	return m
}

func (s *summary) join(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, " | ")
}

// gameOrder returns a wire order as the seam's.
func gameOrder(o *pb.Order) game.Order {
	g := game.Order{Action: o.GetAction(), Reason: o.GetReason()}
	for _, a := range o.GetArgs() {
		g.Args = append(g.Args, int(a))
	}
	return g
}
