package career

import (
	"errors"
	"fmt"
	"slices"
)

// Title is one of the season's individual titles (seed 003's "titres
// individuels").
type Title uint8

// Titles, in the order Titles reports them. Values are stored: append only.
const (
	// Spearhead ("le fer de lance") goes to the most successful missions.
	Spearhead Title = iota + 1
	// MostDiscreet ("le plus discret") goes to the most successful
	// counter-missions.
	MostDiscreet
	// EyeOfTheCity ("l'œil de la ville") goes to the most enemy missions
	// revealed.
	EyeOfTheCity
	// AgentOfChaos ("l'agent du chaos") goes to the most 666 triggered,
	// whatever the camp.
	AgentOfChaos
)

// NumTitles is the number of titles; Title values run from 1 to NumTitles.
const NumTitles = int(AgentOfChaos)

var titleNames = [...]string{
	Spearhead: "spearhead", MostDiscreet: "most_discreet", EyeOfTheCity: "eye_of_the_city", AgentOfChaos: "agent_of_chaos",
}

var titleNamesFR = [...]string{
	Spearhead: "Le fer de lance", MostDiscreet: "Le plus discret", EyeOfTheCity: "L'œil de la ville", AgentOfChaos: "L'agent du chaos",
}

func (t Title) String() string {
	if int(t) < len(titleNames) && titleNames[t] != "" {
		return titleNames[t]
	}
	return fmt.Sprintf("title(%d)", uint8(t))
}

// FR returns the title's French name, as seed 003 writes it.
func (t Title) FR() string {
	if int(t) < len(titleNamesFR) {
		return titleNamesFR[t]
	}
	return ""
}

// Score returns an agent's score for title t in season tally s, or 0 for an
// unknown title.
func (t Title) Score(s Tally) int {
	switch t {
	case Spearhead:
		return s.MissionsSucceeded
	case MostDiscreet:
		return s.CounterMissionsSucceeded
	case EyeOfTheCity:
		return s.EnemyMissionsRevealed
	case AgentOfChaos:
		return s.Sixes
	}
	return 0
}

// Entry is one agent's season, as the titles see it.
type Entry struct {
	Agent string `json:"agent"`
	Tally Tally  `json:"tally"`
}

// Award is a title won: its score and its holders, sorted by agent.
type Award struct {
	Title  Title    `json:"title"`
	Score  int      `json:"score"`
	Agents []string `json:"agents"`
}

// ErrDuplicateAgent reports an agent listed twice among a season's entries.
var ErrDuplicateAgent = errors.New("agent listed twice")

// Titles returns the season's titles among every agent of every camp (rules
// TIT-1, TIT-2, TIT-3, TIT-4): for each title, in Title order, the agents
// with the highest score, if that score is at least 1 (TIT-MIN); several
// agents share a title on a tie (TIT-TIE), sorted by agent. A title nobody
// scored is left out. It returns an error wrapping ErrDuplicateAgent if an
// agent appears twice.
func Titles(entries []Entry) ([]Award, error) {
	seen := make(map[string]bool, len(entries))
	for _, e := range entries {
		if seen[e.Agent] {
			return nil, fmt.Errorf("titles: %q: %w", e.Agent, ErrDuplicateAgent)
		}
		seen[e.Agent] = true
	}
	var awards []Award
	for t := Spearhead; int(t) <= NumTitles; t++ {
		a := Award{Title: t}
		for _, e := range entries {
			switch s := t.Score(e.Tally); {
			case s < 1 || s < a.Score:
			case s > a.Score:
				a.Score, a.Agents = s, []string{e.Agent}
			default:
				a.Agents = append(a.Agents, e.Agent)
			}
		}
		if a.Score >= 1 {
			slices.Sort(a.Agents)
			awards = append(awards, a)
		}
	}
	return awards, nil
}

// Held returns the titles agent holds among awards, in Title order.
func Held(awards []Award, agent string) []Title {
	var ts []Title
	for _, a := range awards {
		if slices.Contains(a.Agents, agent) {
			ts = append(ts, a.Title)
		}
	}
	return ts
}
