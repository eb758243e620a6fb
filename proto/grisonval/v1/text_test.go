package grisonvalv1

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBadRune(t *testing.T) {
	tests := []struct {
		text      string
		multiline bool
		want      rune
		bad       bool
	}{
		{"Paix ? « la rivière »", false, 0, false},
		{"Jamais.\n\tAdieu.", true, 0, false},
		{"Jamais.\nAdieu.", false, '\n', true},
		{"red \x1b[31m", true, 0x1b, true},
		{"C1 \u009b31m", true, 0x9b, true},
		{"evil\u202Etxt.exe", true, 0x202E, true},
		{"isolate \u2066x\u2069", true, 0x2066, true},
		{"mark \u200f", true, 0x200F, true},
		{"arabic mark \u061c", true, 0x061C, true},
		{"bell \a", true, '\a', true},
		{"half \xc3", true, utf8.RuneError, true},
		{"a real \ufffd", true, 0, false},
		// N9 of issue 34: invisible characters.
		{"zero\u200bwidth", true, 0x200B, true},
		{"joiner \u200d", true, 0x200D, true},
		{"word\u2060joiner", true, 0x2060, true},
		{"\ufeffbom", true, 0xFEFF, true},
		{"soft\u00adhyphen", true, 0x00AD, true},
		{"tag \U000E0041", true, 0xE0041, true},
		{"filler \u3164", true, 0x3164, true},
		{"emoji ❤️ kept", true, 0, false},
	}
	for _, tt := range tests {
		got, bad := BadRune(tt.text, tt.multiline)
		if got != tt.want || bad != tt.bad {
			t.Errorf("BadRune(%q, %t) = %U, %t; want %U, %t", tt.text, tt.multiline, got, bad, tt.want, tt.bad)
		}
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct {
		text, want string
		multiline  bool
	}{
		{"Paix ?\n« oui »", "Paix ?\n« oui »", true},
		{"Paix ?\n", `Paix ?\x0a`, false},
		{"red \x1b[31mX", `red \x1b[31mX`, true},
		{"evil\u202Etxt", `evil\u202etxt`, true},
		{"half \xc3!", `half \ufffd!`, true},
		{"a real \ufffd and \x07", `a real ` + "\ufffd" + ` and \x07`, true},
	}
	for _, tt := range tests {
		if got := Printable(tt.text, tt.multiline); got != tt.want {
			t.Errorf("Printable(%q, %t) = %q; want %q", tt.text, tt.multiline, got, tt.want)
		}
	}
}

// FuzzPrintable: whatever a stored text holds, Printable's output is valid
// UTF-8 that BadRune accepts, and a text BadRune accepts comes out as it
// is.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "Paix ?", "a\nb\tc", "\x1b[2J\x1b[H", "\u202Egnp.exe", "\xff\xfe", "\u2066\u2069\u200e", "\u009b", "é\xc3"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, multiline bool) {
		out := Printable(s, multiline)
		if r, bad := BadRune(out, multiline); bad {
			t.Fatalf("Printable(%q) = %q holds %U", s, out, r)
		}
		if !utf8.ValidString(out) {
			t.Fatalf("Printable(%q) = %q is not valid UTF-8", s, out)
		}
		if _, bad := BadRune(s, multiline); !bad && out != s {
			t.Fatalf("Printable(%q) = %q changed an allowed text", s, out)
		}
		if strings.ContainsRune(out, '\x1b') {
			t.Fatalf("Printable(%q) = %q keeps an escape", s, out)
		}
	})
}
