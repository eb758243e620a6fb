package castle_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/castle"
)

// The Castle's conformance suite: cases as data files in testdata/*.case,
// as the engine's. A file holds cases separated by lines "---". A case is:
//
//	name: CAS-WAR the larger army wins
//	cities: 3
//	seed: 1
//	rules: 1
//	setup:
//	  turn current=0 step=play
//	  city 0 army=6 hand=war
//	  city 1 army=4
//	orders:
//	  0: play 1
//	expect:
//	  city 0 army=5
//	  city 1 army=3 civilians=4
//	  result 0 ok
//	  journal 1 war_defeated
//
// The game is SetupSeason(seed, 1, rules, cities) (every gauge at 5, the
// first city drawn from the seed, its turn begun) changed by the setup
// lines; a case is played by the rules it names, else by RulesSeed004, the
// rules the cases of issue 20 were written against, which RulesMastery
// keeps but for its own rules (CAS-RULES); cities without
// an order play the default; the expect lines check the state after one
// tick. Setup lines: "turn" (current=, step=, turn=), "city C" (gauges by
// name, granary=, outpost= (-1 for none), hand= (a card or none), fell=),
// "deck" (its cards, top first; "deck" alone empties it), "discard" and
// "drawn" (cards). Expect lines: "city C" (as setup, and cause=), "turn"
// (current=, step=, turn=, roll=), "result C ok|stale CODE", "journal C KIND"
// (an entry of that kind told to C), "nojournal C KIND", "deck N" (its
// size), "discard N", "drawn" (the cards, slot 1 first), "over" and
// "playing" (whether the game has ended).
// The rule IDs in a case's name tie it to docs/castle.md.
type castleCase struct {
	file, name string
	line       int
	seed       uint64
	rules      castle.Rules
	cities     int
	setup      [][]string
	orders     map[int]castle.Order
	expect     [][]string
}

func TestConformance(t *testing.T) {
	files, err := filepath.Glob("testdata/*.case")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance files: %v", err)
	}
	total := 0
	for _, f := range files {
		cases, err := parseCases(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			total++
			t.Run(filepath.Base(f)+"/"+c.name, func(t *testing.T) { c.run(t) })
		}
	}
	t.Logf("%d conformance cases", total)
}

func parseCases(path string) ([]*castleCase, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var cases []*castleCase
	var cur *castleCase
	section := ""
	sc := bufio.NewScanner(fh)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			continue
		case trimmed == "---":
			cur = nil
			continue
		}
		if cur == nil {
			cur = &castleCase{file: path, line: n, seed: 1, cities: 3, orders: map[int]castle.Order{}}
			cases = append(cases, cur)
		}
		key, val, isKey := strings.Cut(trimmed, ":")
		if isKey && !strings.HasPrefix(line, " ") {
			switch key {
			case "name":
				cur.name = strings.TrimSpace(val)
			case "seed":
				v, err := strconv.ParseUint(strings.TrimSpace(val), 10, 64)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: seed: %v", path, n, err)
				}
				cur.seed = v
			case "rules":
				v, err := strconv.Atoi(strings.TrimSpace(val))
				if err != nil || v < 0 || v > int(castle.LatestRules) {
					return nil, fmt.Errorf("%s:%d: rules %q", path, n, val)
				}
				cur.rules = castle.Rules(v)
			case "cities":
				v, err := strconv.Atoi(strings.TrimSpace(val))
				if err != nil {
					return nil, fmt.Errorf("%s:%d: cities: %v", path, n, err)
				}
				cur.cities = v
			case "setup", "orders", "expect":
				section = key
			default:
				return nil, fmt.Errorf("%s:%d: unknown key %q", path, n, key)
			}
			continue
		}
		switch section {
		case "setup":
			cur.setup = append(cur.setup, strings.Fields(trimmed))
		case "expect":
			cur.expect = append(cur.expect, strings.Fields(trimmed))
		case "orders":
			c, order, ok := strings.Cut(trimmed, ":")
			city, err := strconv.Atoi(strings.TrimSpace(c))
			if !ok || err != nil {
				return nil, fmt.Errorf("%s:%d: order %q", path, n, trimmed)
			}
			o, err := parseOrder(order)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			cur.orders[city] = o
		default:
			return nil, fmt.Errorf("%s:%d: a line outside any section", path, n)
		}
	}
	return cases, sc.Err()
}

func parseOrder(s string) (castle.Order, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return castle.Order{}, fmt.Errorf("empty order")
	}
	a, ok := castle.ParseAction(f[0])
	o := castle.Order{Action: a}
	if !ok {
		o.Action = 0
	}
	for _, v := range f[1:] {
		n, err := strconv.Atoi(v)
		if err != nil {
			return o, fmt.Errorf("order argument %q", v)
		}
		o.Args = append(o.Args, n)
	}
	return o, nil
}

func parseCards(names []string) ([]castle.Card, error) {
	var out []castle.Card
	for _, n := range names {
		for _, part := range strings.Split(n, ",") {
			if part == "" {
				continue
			}
			c, ok := castle.ParseCard(part)
			if !ok {
				return nil, fmt.Errorf("unknown card %q", part)
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// gaugeOf returns the gauge called name.
func gaugeOf(name string) (castle.Gauge, bool) {
	for g := castle.Gold; g < castle.NumGauges; g++ {
		if g.String() == name {
			return g, true
		}
	}
	return 0, false
}

func (c *castleCase) fail(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Fatalf("%s:%d %q: %s", c.file, c.line, c.name, fmt.Sprintf(format, args...))
}

func (c *castleCase) run(t *testing.T) {
	s, err := castle.SetupSeason(c.seed, 1, c.rules, c.cities, nil)
	if err != nil {
		c.fail(t, "setup: %v", err)
	}
	for _, f := range c.setup {
		if err := apply(s, f); err != nil {
			c.fail(t, "setup %v: %v", f, err)
		}
	}
	orders := make([]castle.Order, c.cities)
	for city, o := range c.orders {
		orders[city] = o
	}
	out := castle.Resolve(s, orders)
	for _, f := range c.expect {
		if err := check(out, f); err != nil {
			c.fail(t, "expect %v: %v\nstate after: %v", strings.Join(f, " "), err, out.State)
		}
	}
}

// apply changes s by one setup line.
func apply(s *castle.State, f []string) error {
	switch f[0] {
	case "turn":
		for _, kv := range f[1:] {
			k, v, _ := strings.Cut(kv, "=")
			n, _ := strconv.Atoi(v)
			switch k {
			case "current":
				s.Current = n
			case "turn":
				s.Turn = n
			case "step":
				for st := castle.Convert; st <= castle.Play; st++ {
					if st.String() == v {
						s.Step = st
					}
				}
			default:
				return fmt.Errorf("turn: unknown %q", k)
			}
		}
	case "city":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n >= len(s.Cities) {
			return fmt.Errorf("city %q", f[1])
		}
		city := &s.Cities[n]
		for _, kv := range f[2:] {
			k, v, _ := strings.Cut(kv, "=")
			if k == "hand" {
				city.Hand = 0
				if v != "none" {
					cards, err := parseCards([]string{v})
					if err != nil {
						return err
					}
					city.Hand = cards[0]
				}
				continue
			}
			x, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("%s=%q", k, v)
			}
			switch k {
			case "granary":
				city.Granary = x
			case "outpost":
				city.Outpost = x
			case "fell":
				city.Fell = x
			default:
				g, ok := gaugeOf(k)
				if !ok {
					return fmt.Errorf("unknown field %q", k)
				}
				city.Gauges[g] = x
			}
		}
	case "deck", "discard", "drawn":
		cards, err := parseCards(f[1:])
		if err != nil {
			return err
		}
		switch f[0] {
		case "deck":
			s.Deck = cards
		case "discard":
			s.Discard = cards
		default:
			s.Drawn = cards
		}
	default:
		return fmt.Errorf("unknown setup line")
	}
	return nil
}

// check checks one expect line against the outcome.
func check(out castle.Outcome, f []string) error {
	s := out.State
	city := func() (*castle.City, int, error) {
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n >= len(s.Cities) {
			return nil, 0, fmt.Errorf("city %q", f[1])
		}
		return &s.Cities[n], n, nil
	}
	switch f[0] {
	case "city":
		c, _, err := city()
		if err != nil {
			return err
		}
		for _, kv := range f[2:] {
			k, v, _ := strings.Cut(kv, "=")
			var got string
			switch k {
			case "hand":
				got = "none"
				if c.Hand != 0 {
					got = c.Hand.String()
				}
			case "granary":
				got = strconv.Itoa(c.Granary)
			case "outpost":
				got = strconv.Itoa(c.Outpost)
			case "fell":
				got = strconv.Itoa(c.Fell)
			case "cause":
				got = c.Cause
			default:
				g, ok := gaugeOf(k)
				if !ok {
					return fmt.Errorf("unknown field %q", k)
				}
				got = strconv.Itoa(c.Gauges[g])
			}
			if got != v {
				return fmt.Errorf("%s: got %s; want %s", k, got, v)
			}
		}
	case "turn":
		for _, kv := range f[1:] {
			k, v, _ := strings.Cut(kv, "=")
			var got string
			switch k {
			case "current":
				got = strconv.Itoa(s.Current)
			case "turn":
				got = strconv.Itoa(s.Turn)
			case "step":
				got = s.Step.String()
			case "roll":
				got = s.Roll.String()
			default:
				return fmt.Errorf("unknown field %q", k)
			}
			if got != v {
				return fmt.Errorf("%s: got %s; want %s", k, got, v)
			}
		}
	case "result":
		_, n, err := city()
		if err != nil {
			return err
		}
		re := out.Refusals[n]
		switch {
		case f[2] == "ok" && re != nil:
			return fmt.Errorf("got stale %v; want ok", re)
		case f[2] == "stale" && (re == nil || re.Code != f[3]):
			return fmt.Errorf("got %v; want stale %s", re, f[3])
		}
	case "journal", "nojournal":
		_, n, err := city()
		if err != nil {
			return err
		}
		found := slices.ContainsFunc(out.Journal, func(e castle.Entry) bool { return e.City == n && e.Kind == f[2] })
		if found != (f[0] == "journal") {
			var kinds []string
			for _, e := range out.Journal {
				if e.City == n {
					kinds = append(kinds, e.Kind)
				}
			}
			return fmt.Errorf("city %d's journal: %v", n, kinds)
		}
	case "drawn":
		want, err := parseCards(f[1:])
		if err != nil {
			return err
		}
		if !slices.Equal(s.Drawn, want) {
			return fmt.Errorf("got %v; want %v", s.Drawn, want)
		}
	case "deck", "discard":
		want, err := strconv.Atoi(f[1])
		if err != nil {
			return err
		}
		got := len(s.Deck)
		if f[0] == "discard" {
			got = len(s.Discard)
		}
		if got != want {
			return fmt.Errorf("got %d cards; want %d", got, want)
		}
	case "over", "playing":
		if s.Over() != (f[0] == "over") {
			return fmt.Errorf("over is %v", s.Over())
		}
	default:
		return fmt.Errorf("unknown expect line")
	}
	return nil
}
