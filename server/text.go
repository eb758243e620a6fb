package server

import (
	"time"
	"unicode/utf8"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Bounds of the admin's inputs (docs/security.md, "Input").
const (
	// MaxNameLen bounds a world's and a player's name, in bytes.
	MaxNameLen = 100
	// MaxCadence bounds a world's cadence: a day a month.
	MaxCadence = 30 * 24 * time.Hour
	// MaxSeasonLength bounds a season's length, in days.
	MaxSeasonLength = 100_000
	// maxPurchases bounds the purchases of one enrolment.
	maxPurchases = 100
)

// checkText refuses, in l, a text of field that is not valid UTF-8, holds
// a control character (newline and tab allowed when multiline) or a
// bidirectional control (pb.BadRune), or is longer than max bytes (no
// bound when max is 0). The refusal names the field and the character.
func checkText(l lang.Lang, field, s string, max int, multiline bool) error {
	if max > 0 && len(s) > max {
		return refuseIn(l, reasonBadRequest, field, lang.T("%s is %d bytes; at most %d", "%s fait %d octets ; au plus %d", field, len(s), max))
	}
	r, bad := pb.BadRune(s, multiline)
	switch {
	case !bad:
		return nil
	case !utf8.ValidString(s):
		return refuseIn(l, reasonBadRequest, field, lang.T("%s is not valid UTF-8", "%s n'est pas de l'UTF-8 valide", field))
	case multiline:
		return refuseIn(l, reasonBadRequest, field, lang.T("%s holds the character %U, a control or a direction override, which could drive a terminal or reorder the text; only newline and tab are allowed",
			"%s contient le caractère %U, de contrôle ou de direction, qui pourrait piloter un terminal ou réordonner le texte ; seuls le saut de ligne et la tabulation sont permis", field, r))
	}
	return refuseIn(l, reasonBadRequest, field, lang.T("%s holds the character %U, a control or a direction override, which could drive a terminal or reorder the text; it must be one line of printable characters",
		"%s contient le caractère %U, de contrôle ou de direction, qui pourrait piloter un terminal ou réordonner le texte ; ce doit être une ligne de caractères imprimables", field, r))
}
