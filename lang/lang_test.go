package lang

import (
	"encoding/json"
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"": EN, "en": EN, "EN": EN, "fr": FR, "fr-CH": FR, "fr_CH.UTF-8": FR, " Fr ": FR, "en_GB": EN} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"de", "french", "e"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) accepted", in)
		}
	}
	if l, _ := Choose("", "fr"); l != FR {
		t.Errorf("Choose from the environment = %v", l)
	}
	if l, _ := Choose("en", "fr"); l != EN {
		t.Errorf("the flag does not win over the environment: %v", l)
	}
}

func TestText(t *testing.T) {
	x := T("%d men", "%d hommes", 3)
	if x.In(EN) != "3 men" || x.In(FR) != "3 hommes" {
		t.Errorf("T = %+v", x)
	}
	if FR.Sprintf("%d men", "%d hommes", 3) != "3 hommes" || EN.Sprintf("100%", "100 %") != "100%" {
		t.Error("Sprintf does not format the chosen language's text")
	}
	if (Text{EN: "only"}).In(FR) != "only" || (Text{FR: "seul"}).In(EN) != "seul" {
		t.Error("a text in one language is not given in it")
	}
	var old struct{ N Text }
	if err := json.Unmarshal([]byte(`{"N":"Une récolte."}`), &old); err != nil || old.N.In(FR) != "Une récolte." {
		t.Errorf("a stored French string reads as %+v, %v", old.N, err)
	}
	b, _ := json.Marshal(T("a", "b"))
	var back Text
	if err := json.Unmarshal(b, &back); err != nil || back != T("a", "b") {
		t.Errorf("round trip %s = %+v, %v", b, back, err)
	}
}

func TestTextArgs(t *testing.T) {
	forest := T("forest", "forêt")
	x := T("zone %d (%s)", "zone %d (%s)", 4, forest)
	if x.In(EN) != "zone 4 (forest)" || x.In(FR) != "zone 4 (forêt)" {
		t.Errorf("a Text argument: %+v", x)
	}
	if s := Same("Ys"); s.In(EN) != "Ys" || s.In(FR) != "Ys" {
		t.Errorf("Same = %+v", s)
	}
}

// TestTextArgsFormat checks that T formats a Text argument in every verb
// and place as fmt formats its string in each language: widths, quoting,
// explicit indexes, a text written in one language only, and more
// arguments than T formats without a slice of its own.
func TestTextArgsFormat(t *testing.T) {
	forest, only := T("forest", "forêt"), Text{FR: "seul"}
	many := make([]any, maxTextArgs+2)
	for i := range many {
		many[i] = i
	}
	many[3], many[maxTextArgs+1] = forest, only
	manyFormat := ""
	for range many {
		manyFormat += "%v,"
	}
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"%s", []any{forest}},
		{"[%-8s|%8s|%q|%v]", []any{forest, forest, forest, forest}},
		{"%[2]s %[1]d %[2]s", []any{300, forest}},
		{"%s %s, %d%%", []any{only, forest, 42}},
		{"%s %.1f %+d", []any{"plain", 2.25, -3}},
		{manyFormat, many},
	} {
		got := T(c.format, "fr "+c.format, c.args...)
		if want := fmt.Sprintf(c.format, textIn(c.args, EN)...); got.EN != want {
			t.Errorf("T(%q) in English = %q; want %q", c.format, got.EN, want)
		}
		if want := fmt.Sprintf("fr "+c.format, textIn(c.args, FR)...); got.FR != want {
			t.Errorf("T(%q) in French = %q; want %q", c.format, got.FR, want)
		}
	}
}

// TestTextAllocs checks what T allocates: both languages in one string;
// a text fmt formats (a float to two decimals here) also the Text
// arguments in one slice.
func TestTextAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's instrumentation allocates more")
	}
	forest := T("forest", "forêt")
	args := []any{4, forest, 2.5}
	for _, c := range []struct {
		name, format string
		args         []any
		want         float64
	}{
		{"a number and a Text", "zone %d (%s)", args[:2], 1},
		{"a number", "zone %d", args[:1], 1},
		{"a number, a Text and a float to one decimal", "zone %d (%s) %.1f", args, 1},
		{"a float and a Text, by fmt", "zone %d (%s) %.2f", args, 2},
	} {
		if n := testing.AllocsPerRun(100, func() { _ = T(c.format, c.format, c.args...) }); n != c.want {
			t.Errorf("T with %s: %v allocations; want %v", c.name, n, c.want)
		}
	}
}

func TestEncode(t *testing.T) {
	for _, x := range []Text{{}, T("a {b}", "c"), {FR: "seul"}, {EN: "only"}, T(`a "quoted" <b> & \\ text`, "l'été, « été »"), T("", "")} {
		if got := Decode(x.Encode()); got != x {
			t.Errorf("Decode(Encode(%+v)) = %+v", x, got)
		}
	}
	if got := Decode("Le camp se repose."); got != (Text{FR: "Le camp se repose."}) {
		t.Errorf("an old French column reads as %+v", got)
	}
	if got := Decode("{pas du JSON"); got.In(FR) != "{pas du JSON" {
		t.Errorf("a French column starting with a brace reads as %+v", got)
	}
}

func TestDecodeAllocs(t *testing.T) {
	enc := T("The camp rests.", "Le camp se repose.").Encode()
	if n := testing.AllocsPerRun(100, func() { _ = Decode(enc) }); n != 0 {
		t.Errorf("Decode of a text without escapes: %v allocations; want 0", n)
	}
}

// TestCount: the singular and the plural as each language wants them.
func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n      int
		en, fr string
	}{{0, "0 men", "0 homme"}, {1, "1 man", "1 homme"}, {2, "2 men", "2 hommes"}, {-1, "-1 man", "-1 homme"}, {12, "12 men", "12 hommes"}} {
		got := Count(tt.n, "man", "men", "homme", "hommes")
		if got.EN != tt.en || got.FR != tt.fr {
			t.Errorf("Count(%d) = %q, %q; want %q, %q", tt.n, got.EN, got.FR, tt.en, tt.fr)
		}
		if s := T("the garrison loses %s", "la garnison perd %s", got); s.EN != "the garrison loses "+tt.en || s.FR != "la garnison perd "+tt.fr {
			t.Errorf("T with Count(%d) = %+v", tt.n, s)
		}
	}
}
