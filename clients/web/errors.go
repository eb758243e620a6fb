package web

import (
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/lang"
)

// This file words the server's refusals for a person in a browser: a
// sentence in the visitor's language, never a gRPC code ("FailedPrecondition"),
// a reason code ("not_allowed") or a field path ("args[0]"). The server
// writes its messages in the language the call asked for; the words
// around them are the page's.

// sentence ends s with a full stop unless it ends a sentence already, and
// starts it with a capital.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if r := s[len(s)-1]; r != '.' && r != '!' && r != '?' && r != ')' {
		s += "."
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// refusalText is what the server said of a refusal, for a person: the
// description of each field it refused (the rule's own message, without
// the code and field the message starts with), else its message.
func refusalText(st *status.Status) string {
	var parts []string
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				if desc := strings.TrimSpace(v.GetDescription()); desc != "" {
					parts = append(parts, desc)
				}
			}
		}
	}
	if len(parts) == 0 {
		return st.Message()
	}
	return strings.Join(parts, "; ")
}

// webError words err for a browser user in l: what went wrong, as a
// sentence, and what to do when there is something to do.
func webError(l lang.Lang, err error) string {
	st, ok := status.FromError(err)
	if !ok {
		return sentence(err.Error())
	}
	what := refusalText(st)
	switch st.Code() {
	case codes.Unauthenticated:
		return l.Sprintf("Your sign-in was not accepted: %s Sign in again with your token.",
			"Votre connexion n'a pas été acceptée : %s Reconnectez-vous avec votre jeton.", sentence(what))
	case codes.PermissionDenied:
		return l.Sprintf("This is not yours to do: %s", "Ce n'est pas à vous de le faire : %s", sentence(what))
	case codes.ResourceExhausted:
		return l.Sprintf("Too much at once: %s Wait a moment, then try again.",
			"Trop à la fois : %s Attendez un moment, puis réessayez.", sentence(what))
	case codes.Unavailable, codes.DeadlineExceeded:
		return l.Sprintf("The game server cannot answer right now (%s). Try again in a moment.",
			"Le serveur de jeu ne peut pas répondre pour l'instant (%s). Réessayez dans un moment.", strings.TrimRight(what, "."))
	case codes.Internal, codes.Unknown, codes.DataLoss:
		return l.Sprintf("The game server failed to do it; nothing was changed. Try again, or tell the server's admin.",
			"Le serveur de jeu n'a pas pu le faire ; rien n'a changé. Réessayez, ou prévenez l'administrateur du serveur.")
	}
	return l.Sprintf("Refused: %s", "Refusé : %s", sentence(what))
}
