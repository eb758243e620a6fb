package grisonvalv1

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A text of the API (a name, an order's reason, a message) holds printable
// characters only: no control character, with which every terminal escape
// code starts, no bidirectional control, which reorders what a reader
// sees, and no invisible character (the format characters, such as the
// zero-width space and joiners, the soft hyphen and the byte order mark,
// and the Hangul fillers), which makes two texts look alike or hides a
// word. Newline and tab are allowed in the texts of several lines.

// BadRune returns the first character s may not hold, and true; false when
// every one is allowed. Invalid UTF-8 is utf8.RuneError. multiline allows
// newline and tab.
func BadRune(s string, multiline bool) (rune, bool) {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return r, true
			}
		}
		if multiline && (r == '\n' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || bidiControl(r) || invisible(r) {
			return r, true
		}
	}
	return 0, false
}

// invisible reports whether r is a character that shows nothing: a format
// character (Unicode's Cf) or a Hangul filler (U+115F, U+1160, U+3164,
// U+FFA0).
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0
}

// bidiControl reports whether r is a bidirectional formatting character:
// the marks (U+061C, U+200E, U+200F), the embeddings and overrides
// (U+202A to U+202E) and the isolates (U+2066 to U+2069).
func bidiControl(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// Printable returns s with every character BadRune refuses (newline and
// tab kept when multiline) written as its code, \x1b or \u202e, and
// invalid UTF-8 as \ufffd: a text stored before the API refused them
// cannot drive a terminal or reorder a page.
func Printable(s string, multiline bool) string {
	if _, bad := BadRune(s, multiline); !bad {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case multiline && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r < 0x100 && unicode.IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r) || bidiControl(r) || invisible(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
