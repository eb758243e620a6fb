// Package docs embeds the project's documents that programs serve, so that
// no program reads the repository at run time.
package docs

import _ "embed"

// Rules is docs/rules.md, the English rulebook of Grisonval.
//
//go:embed rules.md
var Rules string

// Castle is docs/castle.md, the Castle's rulebook.
//
//go:embed castle.md
var Castle string

// Counters is docs/counters.md, the rulebook of the counters ruleset kept
// for the tests.
//
//go:embed counters.md
var Counters string
