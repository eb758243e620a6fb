//go:build !testrules

package served

import "github.com/grisonval/server/server"

// forTests is empty in a binary built without the tag testrules: it serves
// the games alone.
var forTests server.Rulesets
