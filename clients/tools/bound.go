package tools

import "unicode/utf8"

// charBound is the schemas' maxLength for a text the server bounds at n
// bytes: JSON Schema counts characters, UTF-8 takes up to utf8.UTFMax (4)
// bytes a character, so any text within n/4 characters fits the server's
// bound, whatever its script (a reason of 500 bytes: 125 characters). A
// longer text within the bytes is still taken by the server; the schema
// promises only what always fits (docs/agents.md, "Text bounds").
func charBound(n int32) int { return int(n) / utf8.UTFMax }
