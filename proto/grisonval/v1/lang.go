package grisonvalv1

import (
	"context"

	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/lang"
)

// LangKey is the gRPC metadata key a client sends its language in ("en" or
// "fr"); the server writes every text of its answer (views, menus,
// journals, refusals) in it. A call without it is answered in English.
const LangKey = "grisonval-lang"

// WithLang returns ctx carrying l in the outgoing call's metadata.
func WithLang(ctx context.Context, l lang.Lang) context.Context {
	return metadata.AppendToOutgoingContext(ctx, LangKey, l.String())
}

// LangOf returns the language an incoming call asks for: its metadata's,
// else English. A code the server does not know is English too: a text in
// the default language serves better than a refusal.
func LangOf(ctx context.Context) lang.Lang {
	for _, v := range metadata.ValueFromIncomingContext(ctx, LangKey) {
		if l, err := lang.Parse(v); err == nil {
			return l
		}
	}
	return lang.EN
}
