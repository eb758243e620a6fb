// Command castle-sim plays Castle games (seed 004, docs/castle.md) headless,
// straight on the ruleset, and prints per number of cities the figures its
// balance is judged on: games played, game length in turns and in ticks
// (median and 90th percentile), the win rate of each seat counted from the
// first player, how cities fall, the share of cards discarded rather than
// played, and draws.
//
// Usage:
//
//	castle-sim [-games 2000] [-cities 2-6] [-mix prudent] [-seed 1] [-workers 2]
//	castle-sim -mix prudent,aggressive,growth
//
// Each city that decides is played by the AI bot (clients/bot) from its
// view, as the server would show it; a city that waits plays the default
// order. -mix lists strategies: a city's is drawn from the list for each
// game (from the game's seed), so that every seat meets every strategy.
// A strategy is a posture of the bot (prudent, aggressive, growth), auto
// (the bot recomputes its posture each tick) or default (the default order
// at every step, a player who posts nothing).
//
// A game ends when one city or none stands (CAS-WIN); cities that fall
// together last share the victory, a draw. The verdict applies the
// issue's bar: the first seat may win at most 1.5 times its fair share
// (1/n), and no gauge may end more than 80 % of the games: civilians at 0
// and at 10 are both the civilians gauge.
package main

import (
	"flag"
	"fmt"
	"github.com/grisonval/server/lang"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	gcastle "github.com/grisonval/server/game/castle"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

func main() {
	games := flag.Int("games", 2000, "games per number of cities")
	cities := flag.String("cities", "2-6", "numbers of cities: a range such as 2-6, or a list such as 2,4")
	mix := flag.String("mix", "prudent", "strategies a city is drawn from: prudent, aggressive, growth, auto, default")
	seed := flag.Uint64("seed", 1, "seed of the first game")
	workers := flag.Int("workers", runtime.NumCPU(), "games played at once")
	maxDays := flag.Int("maxdays", 5000, "ticks after which a game is given up as unfinished")
	trace := flag.Bool("trace", false, "print the game of -seed with the first number of -cities, tick by tick, instead of the table")
	flag.Parse()
	if err := run(os.Stdout, *cities, *mix, *trace, config{games: *games, seed: *seed, workers: max(1, *workers), maxDays: *maxDays}); err != nil {
		fmt.Fprintln(os.Stderr, "castle-sim:", err)
		os.Exit(2)
	}
}

// run prints the table of cfg for the numbers of cities and the mix that
// cities and mix name, or with trace the game of cfg's seed.
func run(w io.Writer, cities, mix string, trace bool, cfg config) error {
	ns, err := parseCities(cities)
	if err != nil {
		return err
	}
	if cfg.mix, err = parseMix(mix); err != nil {
		return err
	}
	if trace {
		play(cfg.seed, ns[0], cfg.mix, cfg.maxDays, w)
		return nil
	}
	report(w, cfg, ns)
	return nil
}

// strategy is how a city plays: a posture of the bot, or the default
// order at every step.
type strategy struct {
	name    string
	posture pb.Posture
	// idle plays the default order at every step.
	idle bool
}

var strategies = []strategy{
	{name: "prudent", posture: pb.Posture_POSTURE_PRUDENT},
	{name: "aggressive", posture: pb.Posture_POSTURE_AGGRESSIVE},
	{name: "growth", posture: pb.Posture_POSTURE_GROWTH},
	{name: "auto", posture: pb.Posture_POSTURE_UNSPECIFIED},
	{name: "default", idle: true},
}

// parseMix returns the strategies a comma-separated list names.
func parseMix(s string) ([]strategy, error) {
	var out []strategy
	for _, name := range strings.Split(s, ",") {
		i := slices.IndexFunc(strategies, func(st strategy) bool { return st.name == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown strategy %q: want prudent, aggressive, growth, auto or default", name)
		}
		out = append(out, strategies[i])
	}
	return out, nil
}

// parseCities returns the numbers of cities s names: "2-6" or "2,4,6".
func parseCities(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < castle.MinCities || b > castle.MaxCities || a > b {
			return nil, fmt.Errorf("bad number of cities %q: the Castle is played by %d to %d", part, castle.MinCities, castle.MaxCities)
		}
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
	}
	return out, nil
}

// config is a run: games per number of cities from seed, each city's
// strategy drawn from mix.
type config struct {
	games   int
	seed    uint64
	mix     []strategy
	workers int
	maxDays int
}

// result is one game's record.
type result struct {
	n, first   int
	turns      int
	days       int
	finished   bool
	strategies []int // index in the mix, by city
	// winners are the cities standing at the end, or those that fell
	// together last when none stands.
	winners []int
	// causes are the falls' causes, one per fallen city; ends the causes
	// of the fall (or the falls) that ended the game.
	causes []string
	ends   []string
	// held counts the cards in hand at a play step, discarded those
	// discarded.
	held, discarded int
	store           storage
}

// storage counts what the storage cards held when they mattered: outposts
// when played and when a war fell on them, granaries when played, when a
// wheat loss struck their city and when they were emptied.
type storage struct {
	outposts, outpostsArmed, outpostHits, outpostHitsArmed int
	granaries, granariesFilled, granaryLosses, granaryLossesFilled,
	granaryReleases, granaryReleasesFilled int
}

func (a *storage) add(b storage) {
	a.outposts += b.outposts
	a.outpostsArmed += b.outpostsArmed
	a.outpostHits += b.outpostHits
	a.outpostHitsArmed += b.outpostHitsArmed
	a.granaries += b.granaries
	a.granariesFilled += b.granariesFilled
	a.granaryLosses += b.granaryLosses
	a.granaryLossesFilled += b.granaryLossesFilled
	a.granaryReleases += b.granaryReleases
	a.granaryReleasesFilled += b.granaryReleasesFilled
}

// wheatLosses are the journal's kinds of the cards that take wheat from a
// city (CAS-FIRE, CAS-BARBARIANS); hail is a face of the die (CAS-DIE).
var wheatLosses = []string{"fire", "barbarians"}

// record counts in st what the storage cards of before held in the tick
// whose journal is journal.
func (st *storage) record(before *castle.State, journal []game.Entry) {
	for _, e := range journal {
		if e.Camp != 0 {
			continue // every event is told to city 0 (CAS-FOG)
		}
		c := cityOf(e.Why.EN)
		if c < 0 || c >= len(before.Cities) {
			continue
		}
		held := func(n int) bool { return n != castle.None && n > 0 }
		switch {
		case e.Kind == "outpost":
			st.outposts++
			if n := storedIn(e.Why.EN); n > 0 {
				st.outpostsArmed++
			}
		case e.Kind == "granary":
			st.granaries++
			if n := storedIn(e.Why.EN); n > 0 {
				st.granariesFilled++
			}
		case e.Kind == "release_granary":
			st.granaryReleases++
			if held(before.Cities[c].Granary) {
				st.granaryReleasesFilled++
			}
		case slices.Contains(wheatLosses, e.Kind) || e.Kind == "turn" && strings.Contains(e.Why.EN, "die hail"):
			if before.Cities[c].Granary != castle.None {
				st.granaryLosses++
				if held(before.Cities[c].Granary) {
					st.granaryLossesFilled++
				}
			}
		}
	}
	for _, e := range journal {
		if e.Kind == "war_absorbed" && e.Camp < len(before.Cities) {
			st.outpostHits++
			if n := before.Cities[e.Camp].Outpost; n != castle.None && n > 0 {
				st.outpostHitsArmed++
			}
		}
	}
}

// cityOf returns the city a journal line of the Castle names first ("city
// 2 ...", "turn 5 of city 2: ...", "war of city 1 ..."), or -1.
func cityOf(why string) int {
	i := strings.Index(why, "city ")
	if i < 0 {
		return -1
	}
	n := 0
	digits := 0
	for _, r := range why[i+5:] {
		if r < '0' || r > '9' {
			break
		}
		n, digits = 10*n+int(r-'0'), digits+1
	}
	if digits == 0 {
		return -1
	}
	return n
}

// storedIn returns what a storage card's line says it holds ("...'s
// granary holds 2: ..."), or 0.
func storedIn(why string) int {
	_, after, ok := strings.Cut(why, " holds ")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(strings.SplitN(after, ":", 2)[0])
	return n
}

// seat returns city c's seat counted from the first player.
func (r *result) seat(c int) int { return (c - r.first + r.n) % r.n }

// pick draws city c's strategy for the game of seed among k.
func pick(seed uint64, n, c, k int) int {
	x := seed*0x9e3779b97f4a7c15 + uint64(n)<<32 + uint64(c)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return int(x % uint64(k))
}

// play plays the game of n cities from seed to its end (or maxDays); with
// a trace writer, it prints each tick: the state, each order that was
// decided and the public journal.
func play(seed uint64, n int, mix []strategy, maxDays int, trace io.Writer) result {
	var rs gcastle.Ruleset
	gs, err := rs.Setup(game.Setup{Seed: seed, Camps: n})
	if err != nil {
		panic(err) // n is within the rules' bounds
	}
	s := gcastle.Of(gs)
	r := result{n: n, first: s.Current, strategies: make([]int, n)}
	ctrl := make([]*pb.Controller, n)
	for c := range n {
		r.strategies[c] = pick(seed, n, c, len(mix))
		ctrl[c] = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: mix[r.strategies[c]].posture}
	}
	idle := rs.Idle()
	for !s.Over() && s.Day < maxDays {
		orders := make([]game.Order, n)
		for c := range n {
			orders[c] = idle
			if !s.Acts(c) || mix[r.strategies[c]].idle {
				continue
			}
			v := rs.View(gs, c, lang.EN)
			v.Controller = ctrl[c]
			o, _ := bot.Decide(v, bot.State{})
			orders[c] = game.Order{Action: o.GetAction(), Reason: o.GetReason()}
			for _, a := range o.GetArgs() {
				orders[c].Args = append(orders[c].Args, int(a))
			}
			if re := rs.Validate(gs, c, orders[c]); re != nil {
				panic(fmt.Sprintf("seed %d day %d city %d: the bot's order %v is refused: %s", seed, s.Day, c, orders[c], re.Message))
			}
		}
		if s.Step == castle.Play {
			for c := range n {
				if s.Cities[c].Standing() && s.Cities[c].Hand != 0 {
					r.held++
					if orders[c].Action == castle.DiscardCard.String() {
						r.discarded++
					}
				}
			}
		}
		if trace != nil {
			fmt.Fprintf(trace, "%v\n", s)
			for c, o := range orders {
				if s.Acts(c) {
					fmt.Fprintf(trace, "  city %d (%s): %s %v: %s\n", c, mix[r.strategies[c]].name, o.Action, o.Args, o.Reason)
				}
			}
		}
		out := rs.Resolve(gs, orders)
		if trace != nil {
			for _, e := range out.Journal {
				if e.Camp == 0 && !e.Why.IsZero() {
					fmt.Fprintf(trace, "    %s: %s\n", e.Kind, e.Why.EN)
				}
			}
		}
		for c, re := range out.Refusals {
			if re != nil && orders[c].Action == castle.DiscardCard.String() {
				r.discarded-- // a stale discard: the card played
			}
		}
		r.store.record(s, out.Journal)
		before := s
		gs = out.State
		s = gcastle.Of(gs)
		if s.Over() {
			r.winners = s.Standing()
			last := lastFalls(before, s, out.Journal)
			if len(r.winners) == 0 {
				r.winners = last
			}
			for _, c := range last {
				r.ends = append(r.ends, s.Cities[c].Cause)
			}
		}
	}
	r.turns, r.days, r.finished = s.Turn, s.Day, s.Over()
	for _, city := range s.Cities {
		if !city.Standing() {
			r.causes = append(r.causes, city.Cause)
		}
	}
	return r
}

// lastFalls returns the cities that fell in the last effect of the tick
// from before to after: the fall entries at the end of the journal told to
// city 0 (every effect tells every city; a fall follows its effect).
func lastFalls(before, after *castle.State, journal []game.Entry) []int {
	var last []int
	for _, e := range journal {
		if e.Camp != 0 {
			continue
		}
		if e.Kind != "fall" {
			last = nil
			continue
		}
		for c := range after.Cities {
			if before.Cities[c].Standing() && !after.Cities[c].Standing() && strings.HasPrefix(e.Why.EN, fmt.Sprintf("city %d falls", c)) {
				last = append(last, c)
			}
		}
	}
	return last
}

// playAll plays cfg's games of n cities on cfg.workers goroutines; the
// results are in seed order, whatever the scheduling.
func playAll(cfg config, n int) []result {
	out := make([]result, cfg.games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range cfg.workers {
		wg.Go(func() {
			for i := range jobs {
				out[i] = play(cfg.seed+uint64(i), n, cfg.mix, cfg.maxDays, nil)
			}
		})
	}
	for i := range cfg.games {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

// causes are the ways a city falls (CAS-FALL), in the report's order.
var causes = []string{"civilians_0", "civilians_10", "army_10"}

// gauges are the gauges a city falls by, in the report's order; a cause
// names its gauge before the underscore.
var gauges = []string{"civilians", "army"}

// byGauge returns the share of the games the causes of g ended.
func (st stats) byGauge(g string) float64 {
	var v float64
	for _, c := range causes {
		if strings.HasPrefix(c, g+"_") {
			v += st.ends[c]
		}
	}
	return v
}

// stats are the figures of the games of one number of cities.
type stats struct {
	n, games, unfinished int
	turns, days          []int
	// seatWins[k] counts seat k's victories, a shared one as a share.
	seatWins []float64
	falls    map[string]int
	// ends counts the games each cause ended, a mixed ending as shares.
	ends            map[string]float64
	held, discarded int
	draws           int
	// stratWins and stratSeats count, per strategy of the mix, victories
	// and cities played.
	stratWins  []float64
	stratSeats []int
	store      storage
}

func summarise(n int, mix []strategy, rs []result) stats {
	st := stats{n: n, games: len(rs), seatWins: make([]float64, n), falls: map[string]int{}, ends: map[string]float64{},
		stratWins: make([]float64, len(mix)), stratSeats: make([]int, len(mix))}
	for _, r := range rs {
		for _, k := range r.strategies {
			st.stratSeats[k]++
		}
		st.held += r.held
		st.discarded += r.discarded
		st.store.add(r.store)
		if !r.finished {
			st.unfinished++
			continue
		}
		st.turns = append(st.turns, r.turns)
		st.days = append(st.days, r.days)
		for _, c := range r.winners {
			st.seatWins[r.seat(c)] += 1 / float64(len(r.winners))
			st.stratWins[r.strategies[c]] += 1 / float64(len(r.winners))
		}
		if len(r.winners) > 1 {
			st.draws++
		}
		for _, c := range r.causes {
			st.falls[c]++
		}
		for _, c := range r.ends {
			st.ends[c] += 1 / float64(len(r.ends))
		}
	}
	return st
}

// quantile returns the q-quantile of xs (nearest rank).
func quantile(xs []int, q float64) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	i := int(q*float64(len(s))+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}

func pct(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", 100*a/b)
}

// verdict applies the bar: the first seat wins at most 1.5 times
// its fair share, and no gauge ends more than 80 % of the games.
func (st stats) verdict() string {
	finished := float64(st.games - st.unfinished)
	var fails []string
	if finished > 0 && st.seatWins[0]/finished > 1.5/float64(st.n) {
		fails = append(fails, "first seat")
	}
	for _, g := range gauges {
		if finished > 0 && st.byGauge(g)/finished > 0.8 {
			fails = append(fails, "ends by "+g)
		}
	}
	if len(fails) == 0 {
		return "ok"
	}
	return "FAIL: " + strings.Join(fails, ", ")
}

// report plays cfg for each number of cities in ns and prints the table.
func report(w io.Writer, cfg config, ns []int) {
	names := make([]string, len(cfg.mix))
	for i, s := range cfg.mix {
		names[i] = s.name
	}
	fmt.Fprintf(w, "castle-sim: %d games per number of cities from seed %d, strategies %s\n\n", cfg.games, cfg.seed, strings.Join(names, ","))
	fmt.Fprintln(w, "| cities | games | turns (median, p90) | ticks (median, p90) | wins by seat from the first, % | first seat / fair share | falls: civilians_0, civilians_10, army_10, % | games ended by them, % | by gauge: civilians, army, % | cards discarded, % | draws, % | verdict |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	var all []stats
	for _, n := range ns {
		st := summarise(n, cfg.mix, playAll(cfg, n))
		all = append(all, st)
		finished := float64(st.games - st.unfinished)
		seats := make([]string, n)
		for k, v := range st.seatWins {
			seats[k] = pct(v, finished)
		}
		totalFalls := 0
		for _, v := range st.falls {
			totalFalls += v
		}
		var falls, ends, byGauge []string
		for _, c := range causes {
			falls = append(falls, pct(float64(st.falls[c]), float64(totalFalls)))
			ends = append(ends, pct(st.ends[c], finished))
		}
		for _, g := range gauges {
			byGauge = append(byGauge, pct(st.byGauge(g), finished))
		}
		games := strconv.Itoa(st.games)
		if st.unfinished > 0 {
			games += fmt.Sprintf(" (%d unfinished)", st.unfinished)
		}
		fmt.Fprintf(w, "| %d | %s | %d, %d | %d, %d | %s | %.2f | %s | %s | %s | %.1f | %s | %s |\n",
			n, games, quantile(st.turns, 0.5), quantile(st.turns, 0.9), quantile(st.days, 0.5), quantile(st.days, 0.9),
			strings.Join(seats, " / "), st.seatWins[0]/finished*float64(n), strings.Join(falls, " / "), strings.Join(ends, " / "), strings.Join(byGauge, " / "),
			100*float64(st.discarded)/float64(max(st.held, 1)), pct(float64(st.draws), finished), st.verdict())
	}
	fmt.Fprintln(w, "\nStorage cards when they matter (outposts: played, with army; attacked, with army; granaries: played, with wheat; a wheat loss on their city, with wheat; emptied, with wheat):")
	fmt.Fprintln(w, "\n| cities | outposts played / with army | outposts attacked / with army | granaries played / with wheat | wheat losses on a granary's city / with wheat | granaries emptied / with wheat |\n|---|---|---|---|---|---|")
	for _, st := range all {
		g := st.store
		fmt.Fprintf(w, "| %d | %d / %d | %d / %d | %d / %d | %d / %d | %d / %d |\n", st.n, g.outposts, g.outpostsArmed, g.outpostHits, g.outpostHitsArmed,
			g.granaries, g.granariesFilled, g.granaryLosses, g.granaryLossesFilled, g.granaryReleases, g.granaryReleasesFilled)
	}
	if len(cfg.mix) < 2 {
		return
	}
	fmt.Fprintln(w, "\nWins per city of each strategy, % (fair: 100/n), and the best strategy's wins over its fair share:")
	fmt.Fprintf(w, "\n| cities | %s | best / fair share |\n|---|%s---|\n", strings.Join(names, " | "), strings.Repeat("---|", len(names)))
	for _, st := range all {
		row := make([]string, len(names))
		best := 0.0
		for k := range names {
			row[k] = pct(st.stratWins[k], float64(st.stratSeats[k]))
			if st.stratSeats[k] > 0 {
				best = max(best, st.stratWins[k]/float64(st.stratSeats[k])*float64(st.n))
			}
		}
		fmt.Fprintf(w, "| %d | %s | %.2f |\n", st.n, strings.Join(row, " | "), best)
	}
}
