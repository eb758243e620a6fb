package lang

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// The kinds of argument a journal text is given: a number of its own type
// (a zone), one with a String method (an aspiration), one whose String
// method panics on a nil receiver, one with a Format method, a string of
// its own type and a boolean of its own type.
type (
	zoneNum   int
	named     uint8
	ptrNamed  struct{ s string }
	formatted int
	word      string
	flag      bool
)

func (n named) String() string                 { return [...]string{"none", "family", "plenty"}[n] }
func (p *ptrNamed) String() string             { return p.s }
func (f formatted) Format(s fmt.State, _ rune) { fmt.Fprintf(s, "F%d", int(f)) }

// TestAppendf checks that appendf writes what fmt writes whenever it
// formats a text, and that it formats the journal's verbs and kinds of
// argument itself rather than leaving them to fmt.
func TestAppendf(t *testing.T) {
	forest := T("forest", "forêt")
	var nilPtr *ptrNamed
	for _, c := range []struct {
		format string
		args   []any
		own    bool // appendf formats it, without fmt
	}{
		{"plain text", nil, true},
		{"", nil, true},
		{"%d%%, %d, %d, %d, %d, %d", []any{42, -7, int64(-1 << 62), int32(5), int16(-3), int8(-128)}, true},
		{"%d %d %d %d %d", []any{uint8(255), uint(7), uint16(9), uint32(1 << 31), uint64(1 << 63)}, true},
		{"zone %d (%v), %v", []any{zoneNum(12), zoneNum(-4), uintptr(3)}, true},
		{"%s, %v, %d", []any{named(1), named(2), named(2)}, true},
		{"%s in %s: %v", []any{"Ys", forest, forest}, true},
		{"%s %v", []any{word("w"), word("x")}, true},
		{"%t %v %t", []any{true, false, flag(true)}, true},
		{"%s", []any{&ptrNamed{"p"}}, true},
		{"ünïcode %s «%d»", []any{"é", 3}, true},
		{"%s", []any{nilPtr}, false},
		{"%v %d", []any{formatted(1), formatted(2)}, false},
		{"%v", []any{errors.New("boom")}, false},
		{"%s", []any{nil}, false},
		{"%v", []any{nil}, false},
		{"%s", []any{3}, false},
		{"%d", []any{"three"}, false},
		{"%d", []any{true}, false},
		{"%t", []any{1}, false},
		{"%d", []any{struct{ A int }{1}}, false},
		{"%v", []any{2.5}, false},
		{"%.1f %.1f %.1f %.1f %.1f", []any{2.25, -0.04, 0.05, 1e21, -3.0}, true},
		{"%+d %+d %+d %+d %+d", []any{5, -5, 0, uint8(7), zoneNum(-4)}, true},
		{"%+d%%", []any{int64(-1 << 63)}, true},
		{"%.1f", []any{math.Inf(1)}, false},
		{"%.1f", []any{math.Inf(-1)}, false},
		{"%.1f", []any{math.NaN()}, false},
		{"%.1f", []any{float32(2.5)}, false},
		{"%.1f", []any{3}, false},
		{"%.2f %.1e %.1", []any{2.25, 2.25, 1}, false},
		{"%+d", []any{"x"}, false},
		{"%+d", []any{formatted(1)}, false},
		{"%+v %+s", []any{1, "a"}, false},
		{"%+", []any{1}, false},
		{"%5d|%-3s|%+d|% d|%05d", []any{1, "a", 2, 3, 4}, false},
		{"%[2]s %[1]d", []any{1, "a"}, false},
		{"%q %x", []any{"a", 255}, false},
		{"%d %d", []any{1}, false},
		{"%d", []any{1, 2}, false},
		{"no verb", []any{1}, false},
		{"trailing %", nil, false},
		{"%v", []any{[]int{1}}, false},
		{"%v", []any{&struct{}{}}, false},
	} {
		for _, l := range All {
			b, ok := appendf([]byte("kept:"), c.format, c.args, l)
			if ok != c.own {
				t.Errorf("appendf(%q, %v) in %v formats it itself: %v; want %v", c.format, c.args, l, ok, c.own)
			}
			if !ok {
				continue
			}
			if want := "kept:" + fmt.Sprintf(c.format, textIn(c.args, l)...); string(b) != want {
				t.Errorf("appendf(%q, %v) in %v = %q; want %q", c.format, c.args, l, b, want)
			}
		}
		// T gives fmt's text whichever formats it (T leaves a text
		// without arguments as it is).
		if len(c.args) == 0 {
			continue
		}
		got := T(c.format, c.format, c.args...)
		if want := fmt.Sprintf(c.format, textIn(c.args, FR)...); got.FR != want {
			t.Errorf("T(%q, %v) in French = %q; want %q", c.format, c.args, got.FR, want)
		}
	}
}

// textIn returns args with each Text argument read in l.
func textIn(args []any, l Lang) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if x, ok := a.(Text); ok {
			a = x.In(l)
		}
		out[i] = a
	}
	return out
}
