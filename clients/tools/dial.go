package tools

import (
	"context"
	"flag"
	"fmt"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc"
)

// LangUsage is the usage of every client's --lang flag.
var LangUsage = lang.T("language of the texts: en (English) or fr (French); default $"+lang.EnvVar+", else en",
	"langue des textes : en (anglais) ou fr (français) ; par défaut $"+lang.EnvVar+", sinon en")

// LangFlag defines the --lang flag on fs, its usage in l, and returns its
// value: ChooseLang reads it.
func LangFlag(fs *flag.FlagSet, l lang.Lang) *string {
	return fs.String("lang", "", LangUsage.In(l))
}

// ChooseLang returns the language a client plays in: flag (its --lang)
// when set, else getenv(lang.EnvVar), else English. A value that names no
// language is an error that says which flag or variable holds it.
func ChooseLang(flag string, getenv func(string) string) (lang.Lang, error) {
	l, err := lang.Choose(flag, getenv(lang.EnvVar))
	if err == nil {
		return l, nil
	}
	if flag != "" {
		return l, fmt.Errorf("--lang: %w", err)
	}
	return l, fmt.Errorf("$%s: %w", lang.EnvVar, err)
}

// Dial connects to the game server at addr over tr (TLS, or plaintext for
// a server on the loopback) so that each call, unary or stream, carries
// language l in its metadata (pb.WithLang): the server writes its answers'
// texts (views, menus, journals, refusals) in it.
func Dial(addr string, l lang.Lang, tr Transport) (*grpc.ClientConn, error) {
	creds, err := tr.Credentials()
	if err != nil {
		return nil, err
	}
	return grpc.NewClient(addr, grpc.WithTransportCredentials(creds),
		grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
			return invoker(pb.WithLang(ctx, l), method, req, reply, cc, opts...)
		}),
		grpc.WithChainStreamInterceptor(func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
			return streamer(pb.WithLang(ctx, l), desc, cc, method, opts...)
		}))
}
