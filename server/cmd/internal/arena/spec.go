// Package arena runs tournaments of bots, LLM agents, external agents and
// humans on a Grisonval server, records every match durably, and rates the
// entrants (docs/arena.md). It composes the server (its store and admin
// service, in the same process) with the clients that play (clients/bot,
// clients/llm), so it lives beside the binaries that do the same.
package arena

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/grisonval/server/clients/llm"
)

// Entrant kinds. Append only: they are stored.
const (
	KindBot      = "bot"      // a built-in bot posture (Posture)
	KindRandom   = "random"   // the "random legal order" floor
	KindRest     = "rest"     // the "rest only" floor
	KindLLM      = "llm"      // a chat-completions model through clients/llm's runner
	KindExternal = "external" // an agent that connects itself with a token the arena issues
	KindHuman    = "human"    // a person, with a token the arena issues
)

// Schedules.
const (
	RoundRobin = "round_robin"
	Swiss      = "swiss"
)

// Entrant is one player of a tournament. ID is its stable identity: the
// same ID in two tournaments is the same entrant.
type Entrant struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Posture is a bot's: aggressive, growth or prudent.
	Posture string `json:"posture,omitempty"`
	// LLM settings: the endpoint's API root, the model, the environment
	// variable holding its key, the system prompt's version (recorded),
	// the most calls in flight to the endpoint at once (0: 2), retries of
	// an invalid order a day, and the price per million prompt and
	// completion tokens (to compute the cost when the runner reports none).
	Endpoint      string  `json:"endpoint,omitempty"`
	Model         string  `json:"model,omitempty"`
	APIKeyEnv     string  `json:"api_key_env,omitempty"`
	PromptVersion string  `json:"prompt_version,omitempty"`
	Concurrency   int     `json:"concurrency,omitempty"`
	Retries       int     `json:"retries,omitempty"`
	PriceIn       float64 `json:"price_in_per_mtok,omitempty"`
	PriceOut      float64 `json:"price_out_per_mtok,omitempty"`
	// Sampling are the model's sampling settings (temperature, top_p,
	// max_tokens, seed, tool_choice), sent with every call as
	// clients/llm's runner sends them; DayTokens and SeasonTokens its
	// token budgets (0: none), which the runner keeps.
	Sampling     llm.Settings `json:"sampling,omitempty"`
	DayTokens    int          `json:"day_tokens,omitempty"`
	SeasonTokens int          `json:"season_tokens,omitempty"`
	// Player is a human's seed-003 player name.
	Player string `json:"player,omitempty"`
}

// Spec is a tournament as its organiser writes it (a JSON file).
type Spec struct {
	Name string `json:"name"`
	// Ruleset is the rules played ("grisonval", "castle"); Camps the
	// camps of each match (0: the ruleset's default); SeasonLength the
	// days of a match (0: the ruleset's full game).
	Ruleset      string `json:"ruleset"`
	Camps        int    `json:"camps,omitempty"`
	SeasonLength int    `json:"season_length,omitempty"`
	// MoveClock is each camp's time per day (rule TICK-7), as "5s".
	MoveClock Duration `json:"move_clock"`
	// Seeds are the world seeds each pairing is played on.
	Seeds []uint64 `json:"seeds"`
	// Schedule is round_robin (every group of Camps entrants, every seat
	// rotation, every seed) or swiss (Rounds rounds, groups of entrants
	// close in rating, seats rotated round by round).
	Schedule string    `json:"schedule"`
	Rounds   int       `json:"rounds,omitempty"`
	Entrants []Entrant `json:"entrants"`
	// Anchor is the entrant whose rating the table holds at 1000 (when
	// empty, the random floor, else the rest floor: Spec.anchor).
	Anchor string `json:"anchor,omitempty"`
	// Concurrency is how many matches run at once (0: 8).
	Concurrency int `json:"concurrency,omitempty"`
}

// Duration is a time.Duration written as "5s" in JSON.
type Duration time.Duration

// MarshalJSON writes d as a Go duration string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON reads a Go duration string.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a duration is a string such as \"5s\": %w", err)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// ReadSpec reads and checks a tournament's spec from a JSON file.
func ReadSpec(path string) (Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Spec{}, err
	}
	s, err := ParseSpec(b)
	if err != nil {
		return Spec{}, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// ParseSpec reads a tournament's spec from JSON; a field it does not
// know (a typo) is refused, wrapping ErrSpec, as is a spec Check refuses.
func ParseSpec(b []byte) (Spec, error) {
	var s Spec
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Spec{}, fmt.Errorf("%w: not a tournament spec (docs/arena.md): %v", ErrSpec, err)
	}
	return s, s.Check()
}

// ErrSpec is a spec that cannot be played; its message says why.
var ErrSpec = errors.New("tournament spec")

// Check reports the first thing wrong with s, wrapping ErrSpec. Camps
// must be set (Plan's caller fills the ruleset's default first).
func (s *Spec) Check() error {
	bad := func(format string, a ...any) error { return fmt.Errorf("%w: %s", ErrSpec, fmt.Sprintf(format, a...)) }
	if s.Name == "" {
		return bad("name is empty")
	}
	if s.Ruleset == "" {
		return bad("ruleset is empty: grisonval or castle")
	}
	if time.Duration(s.MoveClock) <= 0 {
		return bad("move_clock must be a positive duration such as \"5s\"")
	}
	if len(s.Seeds) == 0 || slices.Contains(s.Seeds, 0) {
		return bad("seeds must list at least one seed, none of them 0")
	}
	switch s.Schedule {
	case RoundRobin:
	case Swiss:
		if s.Rounds < 1 {
			return bad("a swiss schedule needs rounds >= 1")
		}
	default:
		return bad("schedule %q: round_robin or swiss", s.Schedule)
	}
	seen := map[string]bool{}
	for i, e := range s.Entrants {
		if e.ID == "" || seen[e.ID] {
			return bad("entrants[%d]: id %q is empty or repeated", i, e.ID)
		}
		seen[e.ID] = true
		switch e.Kind {
		case KindBot:
			if !slices.Contains([]string{"aggressive", "growth", "prudent"}, e.Posture) {
				return bad("entrants[%d] (%s): a bot's posture is aggressive, growth or prudent; got %q", i, e.ID, e.Posture)
			}
		case KindLLM:
			if e.Endpoint == "" || e.Model == "" {
				return bad("entrants[%d] (%s): an llm needs an endpoint and a model", i, e.ID)
			}
			if err := e.Sampling.Check(); err != nil {
				return bad("entrants[%d] (%s): sampling: %v", i, e.ID, err)
			}
			if e.PriceIn < 0 || e.PriceOut < 0 || e.DayTokens < 0 || e.SeasonTokens < 0 {
				return bad("entrants[%d] (%s): prices and token budgets cannot be negative", i, e.ID)
			}
		case KindHuman:
			if e.Player == "" {
				return bad("entrants[%d] (%s): a human needs its player name", i, e.ID)
			}
		case KindRandom, KindRest, KindExternal:
		default:
			return bad("entrants[%d] (%s): kind %q: bot, random, rest, llm, external or human", i, e.ID, e.Kind)
		}
	}
	if s.Camps != 0 && len(s.Entrants) < s.Camps {
		return bad("%d entrants for matches of %d camps", len(s.Entrants), s.Camps)
	}
	if s.Anchor != "" && !seen[s.Anchor] {
		return bad("anchor %q is not an entrant", s.Anchor)
	}
	return nil
}

// anchor returns the index of the entrant the table anchors at 1000: the
// spec's, else the random floor, else the rest floor, else the first.
// The random floor, rather than the rest floor: an anchor that finishes
// last in nearly all its matches (the rest floor, in Grisonval) has a
// strength only its few other finishes and the fit's prior pin down, and
// that uncertainty widens every other entrant's interval (docs/arena.md,
// "Measures").
func (s *Spec) anchor() int {
	for i, e := range s.Entrants {
		if e.ID == s.Anchor {
			return i
		}
	}
	for _, k := range []string{KindRandom, KindRest} {
		for i, e := range s.Entrants {
			if e.Kind == k {
				return i
			}
		}
	}
	return 0
}

// Pairing is one planned match: the entrants by seat (camp) and the seed.
type Pairing struct {
	Seats []int  `json:"seats"`
	Seed  uint64 `json:"seed"`
	Round int    `json:"round"`
}

// RoundRobinPlan returns every match of a round robin of n entrants in
// matches of k camps: every group of k entrants, in each of its k seat
// rotations, on every seed. Each entrant of a group sits in each seat
// once, so every entrant plays every seat equally often.
func RoundRobinPlan(n, k int, seeds []uint64) []Pairing {
	var out []Pairing
	group := make([]int, k)
	var rec func(start, depth int)
	rec = func(start, depth int) {
		if depth == k {
			for _, seed := range seeds {
				for r := range k {
					seats := make([]int, k)
					for p := range k {
						seats[p] = group[(p+r)%k]
					}
					out = append(out, Pairing{Seats: seats, Seed: seed})
				}
			}
			return
		}
		for i := start; i < n; i++ {
			group[depth] = i
			rec(i+1, depth+1)
		}
	}
	rec(0, 0)
	return out
}

// SwissRound returns the matches of one round of a Swiss schedule: the
// entrants ordered by standing (best first; order), cut into groups of k
// neighbours, each group played in every seat rotation on the round's
// seed, so that every entrant sits in every seat once a round. Entrants
// left over when n is not a multiple of k sit the round out, the lowest
// first: the leftovers change round by round as the standing does.
func SwissRound(order []int, k, round int, seeds []uint64) []Pairing {
	var out []Pairing
	seed := seeds[round%len(seeds)]
	for g := 0; g+k <= len(order); g += k {
		for r := range k {
			seats := make([]int, k)
			for p := range k {
				seats[p] = order[g+(p+r)%k]
			}
			out = append(out, Pairing{Seats: seats, Seed: seed, Round: round})
		}
	}
	return out
}
