package grisonvalv1

import (
	"context"
	"net"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
)

// The metadata an HTTP face of the server (the web pages, the JSON face)
// adds to the calls it makes for a visitor. The server believes them only
// on a call that also carries the faces' own credential, which the server
// gives its in-process faces (docs/security.md): from anyone else they are
// ignored.
const (
	// FaceKey carries the faces' credential, a secret of the server's.
	FaceKey = "grisonval-face"
	// ClientAddrKey carries the visitor's own address, which the server
	// counts failed authentications by instead of the face's.
	ClientAddrKey = "grisonval-client-addr"
	// PageKey carries the id of the page a call serves: the reads of one
	// page spend one read of the token's limit, not one each.
	PageKey = "grisonval-page"
)

// WithClientAddr returns ctx carrying the visitor's address hostport (a
// request's RemoteAddr, with or without its port) in the outgoing call's
// metadata; ctx unchanged when it names no IP address.
func WithClientAddr(ctx context.Context, hostport string) context.Context {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	if net.ParseIP(host) == nil {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, ClientAddrKey, host)
}

// WithPage returns ctx carrying the id of the page its calls serve.
func WithPage(ctx context.Context, id string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, PageKey, id)
}

// FaceCredentials returns the per-call credentials of an HTTP face of the
// server holding the faces' secret: every call carries it as FaceKey. It
// needs no transport security: the faces call the server over the
// loopback, in plaintext when the server speaks plaintext.
func FaceCredentials(secret string) credentials.PerRPCCredentials {
	return faceCredentials(secret)
}

// faceCredentials is FaceCredentials's value: the secret.
type faceCredentials string

func (c faceCredentials) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{FaceKey: string(c)}, nil
}

func (faceCredentials) RequireTransportSecurity() bool { return false }
