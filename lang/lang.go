// Package lang is the two languages a player reads the game in (DESIGN
// decision 8): English, the default, and French, the seeds' language. One
// at a time, chosen by the player: every text a player reads is written in
// both and shown in the one chosen. Rule IDs, action names and codes are
// the same in both.
package lang

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Lang is a language a player reads.
type Lang uint8

// The languages. EN is the default: the zero value.
const (
	EN Lang = iota
	FR
)

// All lists the languages in order.
var All = []Lang{EN, FR}

// EnvVar names the environment variable the clients (CLI, bot, MCP server,
// runner) read their language from when no flag gives it.
const EnvVar = "GRISONVAL_LANG"

// String returns the language's code: "en" or "fr".
func (l Lang) String() string {
	if l == FR {
		return "fr"
	}
	return "en"
}

// Parse reads a language code: "en" or "fr", in any case, with an optional
// region ("fr-CH", "en_GB.UTF-8"). The empty string is English.
func Parse(s string) (Lang, error) {
	code := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(code, "-_."); i >= 0 {
		code = code[:i]
	}
	switch code {
	case "", "en":
		return EN, nil
	case "fr":
		return FR, nil
	}
	return EN, fmt.Errorf("unknown language %q: en (English) or fr (French)", s)
}

// Choose returns the language a client plays in: flag when it is set, else
// env (the value of the environment variable EnvVar), else English.
func Choose(flag, env string) (Lang, error) {
	if flag != "" {
		return Parse(flag)
	}
	return Parse(env)
}

// Text is a text a player reads, in both languages.
type Text struct {
	EN string `json:"en"`
	FR string `json:"fr,omitempty"`
}

// T returns the text in both languages, each formatted with the same
// arguments; an argument that is itself a Text (a terrain's name, a
// resource list) is given in each language.
//
// The journal of every day is written with it, so it is quick and
// allocates little: both languages are formatted into one buffer and made
// one string, which the two texts share. The verbs the journal uses (%d,
// %s, %v of numbers, strings, Texts and Stringers) are written without
// fmt (appendf); any other text is formatted by fmt, with the same result.
func T(en, fr string, args ...any) Text {
	if len(args) == 0 {
		return Text{EN: en, FR: fr}
	}
	var buf [1024]byte
	b, ok := appendf(buf[:0], en, args, EN)
	n := len(b)
	if ok {
		b, ok = appendf(b, fr, args, FR)
	}
	if !ok {
		return tFmt(en, fr, args)
	}
	s := string(b)
	return Text{EN: s[:n], FR: s[n:]}
}

// tFmt is T formatted by fmt. A Text argument is given to fmt as a
// Stringer of one of its languages, not as a copy of its strings.
func tFmt(en, fr string, args []any) Text {
	enArgs, frArgs := args, args
	var texts []Text
	var both [2 * maxTextArgs]any
	for i, a := range args {
		t, ok := a.(Text)
		if !ok {
			continue
		}
		if texts == nil {
			if len(args) > maxTextArgs {
				return tSlow(en, fr, args)
			}
			texts = make([]Text, len(args))
			copy(both[:], args)
			copy(both[len(args):], args)
			enArgs, frArgs = both[:len(args)], both[len(args):2*len(args)]
		}
		texts[i] = t
		enArgs[i], frArgs[i] = inEN{&texts[i]}, inFR{&texts[i]}
	}
	var buf [1024]byte
	b := fmt.Appendf(buf[:0], en, enArgs...)
	n := len(b)
	s := string(fmt.Appendf(b, fr, frArgs...))
	return Text{EN: s[:n], FR: s[n:]}
}

// maxTextArgs is the most arguments T formats without a slice of its own.
const maxTextArgs = 16

// tSlow is T with more than maxTextArgs arguments, one of them a Text.
func tSlow(en, fr string, args []any) Text {
	enArgs, frArgs := slices.Clone(args), slices.Clone(args)
	for i, a := range args {
		if t, ok := a.(Text); ok {
			enArgs[i], frArgs[i] = t.In(EN), t.In(FR)
		}
	}
	return Text{EN: fmt.Sprintf(en, enArgs...), FR: fmt.Sprintf(fr, frArgs...)}
}

// inEN and inFR give a Text argument of T to fmt in one language. A struct
// of one pointer goes into an interface without an allocation.
type (
	inEN struct{ t *Text }
	inFR struct{ t *Text }
)

func (x inEN) String() string { return x.t.In(EN) }
func (x inFR) String() string { return x.t.In(FR) }

// Same returns s as the text of both languages: a name, or a player's own
// words.
func Same(s string) Text { return Text{EN: s, FR: s} }

// Sprintf formats the text written in l, en or fr, with args: lang.T's
// text read in l, without formatting the other.
func (l Lang) Sprintf(en, fr string, args ...any) string {
	f := en
	if l == FR {
		f = fr
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}

// In returns the text in l; a text written in one language only is given in
// that one.
func (t Text) In(l Lang) string {
	if l == FR && t.FR != "" {
		return t.FR
	}
	if t.EN == "" {
		return t.FR
	}
	return t.EN
}

// IsZero reports whether the text is empty in both languages.
func (t Text) IsZero() bool { return t.EN == "" && t.FR == "" }

// UnmarshalJSON reads a Text, or a bare string as a French text: the
// journals stored before the texts had two languages were French.
func (t *Text) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		*t = Text{}
		return json.Unmarshal(b, &t.FR)
	}
	type plain Text
	return json.Unmarshal(b, (*plain)(t))
}

// Encode returns t as a store keeps it in one text column: its JSON, or
// "" for an empty text.
func (t Text) Encode() string {
	if t.IsZero() {
		return ""
	}
	b, _ := json.Marshal(t) // a struct of two strings always marshals
	return string(b)
}

// Decode reads a text as Encode wrote it. A column written before the texts
// had two languages holds a bare French string: it is read as French.
func Decode(s string) Text {
	if !strings.HasPrefix(s, "{") {
		return Text{FR: s}
	}
	if t, ok := decodePlain(s); ok {
		return t
	}
	var t Text
	if json.Unmarshal([]byte(s), &t) == nil {
		return t
	}
	return Text{FR: s}
}

// decodePlain reads Encode's JSON when it holds no escape, as most texts
// do, without copying: each language is a part of s.
func decodePlain(s string) (Text, bool) {
	if strings.IndexByte(s, '\\') >= 0 {
		return Text{}, false
	}
	rest, ok := strings.CutPrefix(s, `{"en":"`)
	if !ok {
		return Text{}, false
	}
	en, rest, ok := strings.Cut(rest, `"`)
	if !ok {
		return Text{}, false
	}
	if rest == "}" {
		return Text{EN: en}, true
	}
	if rest, ok = strings.CutPrefix(rest, `,"fr":"`); !ok {
		return Text{}, false
	}
	fr, rest, ok := strings.Cut(rest, `"`)
	if !ok || rest != "}" {
		return Text{}, false
	}
	return Text{EN: en, FR: fr}, true
}

// Count says n things in both languages, in the singular or the plural as
// each language wants it: English puts 1 in the singular ("1 man", "0
// men"), French 0 and 1 ("0 homme", "1 homme", "2 hommes").
func Count(n int, enOne, enMany, frOne, frMany string) Text {
	en, fr := enMany, frMany
	if n == 1 || n == -1 {
		en = enOne
	}
	if n >= -1 && n <= 1 {
		fr = frOne
	}
	// Both written into one string, as fmt's "%d %s" writes each.
	var buf [128]byte
	b := append(strconv.AppendInt(buf[:0], int64(n), 10), ' ')
	b = append(b, en...)
	k := len(b)
	b = append(strconv.AppendInt(b, int64(n), 10), ' ')
	s := string(append(b, fr...))
	return Text{EN: s[:k], FR: s[k:]}
}
