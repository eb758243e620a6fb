package grisonvalv1

import "testing"

// TestReasonCodes checks that every ErrorReason has a distinct code that
// reads back as itself, and that unknown codes read as unspecified.
func TestReasonCodes(t *testing.T) {
	seen := map[string]ErrorReason{}
	for v := range ErrorReason_name {
		r := ErrorReason(v)
		if r == ErrorReason_ERROR_REASON_UNSPECIFIED {
			continue
		}
		code := r.Code()
		if prev, ok := seen[code]; ok {
			t.Errorf("%s and %s share the code %q", prev, r, code)
		}
		seen[code] = r
		if got := ReasonOf(code); got != r {
			t.Errorf("ReasonOf(%q) = %s; want %s", code, got, r)
		}
	}
	if got := ReasonOf("unknown_zone"); got != ErrorReason_ERROR_REASON_UNKNOWN_ZONE {
		t.Errorf(`ReasonOf("unknown_zone") = %s`, got)
	}
	for _, code := range []string{"", "no_such_reason", "ERROR_REASON_UNKNOWN_ZONE"} {
		if got := ReasonOf(code); got != ErrorReason_ERROR_REASON_UNSPECIFIED {
			t.Errorf("ReasonOf(%q) = %s; want unspecified", code, got)
		}
	}
}
