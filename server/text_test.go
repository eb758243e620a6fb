package server

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// FuzzCheckText: every text field's check (names, reasons, messages)
// either accepts a text that holds printable characters only (newline and
// tab in the texts of several lines) within its bound, or refuses it with
// InvalidArgument naming the field, in both languages.
func FuzzCheckText(f *testing.F) {
	for _, s := range []string{"", "Grisonval", "Paix ?\n\t« oui »", "\x1b[2J", "evil\u202Etxt", "\xc3", "\u2066x\u2069", "\u009b1m", "a\u0000b"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, multiline bool) {
		for _, l := range []lang.Lang{lang.EN, lang.FR} {
			err := checkText(l, "name", s, MaxNameLen, multiline)
			_, bad := pb.BadRune(s, multiline)
			switch {
			case err == nil && (bad || len(s) > MaxNameLen):
				t.Fatalf("checkText(%q, %t) accepted a text it must refuse", s, multiline)
			case err != nil && !bad && len(s) <= MaxNameLen:
				t.Fatalf("checkText(%q, %t) refused an allowed text: %v", s, multiline, err)
			case err != nil && status.Code(err) != codes.InvalidArgument:
				t.Fatalf("checkText(%q, %t): got %v; want InvalidArgument", s, multiline, err)
			}
		}
	})
}
