package tools

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
)

// TestReasonBound: the schema's maxLength (characters) and the server's
// bound (500 bytes) agree: every reason the schema lets through fits the
// server's bytes, in any script, and a long French reason over the schema's
// bound is refused before it is sent, by the schema's own words.
func TestReasonBound(t *testing.T) {
	v := grisonvalMenu()
	v.MaxReasonLen = 500
	tool, _ := Lookup(SubmitOrder)
	schema := tool.SchemaFor(lang.FR, v, false)
	if m := schema.Properties["reason"].MaxLength; m == nil || *m != 125 {
		t.Fatalf("got reason maxLength %v; want 125 characters, the most that always fit 500 bytes", m)
	}
	for _, r := range []string{"é", "’", "𝄞"} {
		reason := strings.Repeat(r, 125)
		if len(reason) > 500 {
			t.Errorf("125 × %q is %d bytes; want at most 500", r, len(reason))
		}
		args, _ := json.Marshal(map[string]any{"order": map[string]any{"action": "rest"}, "reason": reason})
		if err := Validate(lang.FR, SubmitOrder, schema, args); err != nil {
			t.Errorf("125 × %q: %v; want it taken", r, err)
		}
	}
	long := strings.Repeat("Élargir la frontière à l’est ", 5) // 145 characters, 165 bytes
	args, _ := json.Marshal(map[string]any{"order": map[string]any{"action": "rest"}, "reason": long})
	var f *Failure
	if err := Validate(lang.FR, SubmitOrder, schema, args); !errors.As(err, &f) || f.Fields["reason"] != "fait 145 caractères ; attendu au plus 125" {
		t.Errorf("a French reason of 145 characters: got %v; want it refused on reason", err)
	}
}
