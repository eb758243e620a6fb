// Package docs embeds the project's documents that programs serve, so that
// no program reads the repository at run time.
package docs

import _ "embed"

// Rules is docs/rules.md, the English rulebook.
//
//go:embed rules.md
var Rules string
