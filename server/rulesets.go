package server

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/game"
)

// Rulesets are the rulesets a server serves, passed in by the binary's
// main; the first one is CreateWorld's default.
type Rulesets []game.Ruleset

// find returns the ruleset called name; "" names the first one.
func (rs Rulesets) find(name string) (game.Ruleset, error) {
	if len(rs) == 0 {
		return nil, fmt.Errorf("no ruleset served")
	}
	if name == "" {
		return rs[0], nil
	}
	for _, r := range rs {
		if r.Info().Name == name {
			return r, nil
		}
	}
	return nil, fmt.Errorf("ruleset %q is not served here (served: %s)", name, rs.names())
}

// names lists the rulesets' names.
func (rs Rulesets) names() string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Info().Name
	}
	return strings.Join(names, ", ")
}
