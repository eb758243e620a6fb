// Package served is the composition of the server's binaries: the rulesets
// they serve, in order (the first is CreateWorld's default). Adding a
// ruleset to the binaries is adding it here.
package served

import (
	"github.com/grisonval/server/game/castle"
	"github.com/grisonval/server/game/grisonval"
	"github.com/grisonval/server/server"
)

// Rulesets returns the rulesets the binaries serve: Grisonval and the
// Castle, and, in a binary built with the tag testrules, the rulesets kept
// for the tests (testrules.go).
func Rulesets() server.Rulesets {
	return append(server.Rulesets{grisonval.Ruleset{}, castle.Ruleset{}}, forTests...)
}
