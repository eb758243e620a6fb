//go:build testrules

package served

import (
	"github.com/grisonval/server/game/counters"
	"github.com/grisonval/server/server"
)

// forTests are the rulesets kept for the tests, which binaries built with
// the tag testrules serve after the others: the clients' tests build them so
// (clients/internal/testserver), to play a ruleset no face was written for.
var forTests = server.Rulesets{counters.Ruleset{}}
