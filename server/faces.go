package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net"
	"net/netip"
	"slices"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is how the server's own HTTP faces (the web pages and the JSON
// face, gRPC clients of the server over the loopback) speak for their
// visitors (docs/security.md, "Failed authentications"): a call that
// carries the faces' credential, a secret drawn at each start that never
// leaves the process, may name the visitor's address (pb.ClientAddrKey),
// which the failed authentications are then counted by, and the page it
// serves (pb.PageKey), whose reads spend one read of the token's limit.
// Without the credential both are ignored: a client cannot pass itself off
// as another address, or spread a page over many calls.

// FaceCredentials returns the dial option of the server's own HTTP faces:
// their calls carry the credential (Config.FaceSecret) under which the
// server believes the visitor's address and page they name. Give it to no
// other client.
func (s *Server) FaceCredentials() grpc.DialOption {
	return grpc.WithPerRPCCredentials(pb.FaceCredentials(s.guard.faceSecret))
}

// fromFace reports whether the incoming call carries the faces' credential.
func (g *guard) fromFace(md metadata.MD) bool {
	v := md.Get(pb.FaceKey)
	return len(v) == 1 && subtle.ConstantTimeCompare([]byte(v[0]), []byte(g.faceSecret)) == 1
}

// clientHost returns the address the call's failed authentications are
// counted by: the visitor's that a face names, else the peer's. An IPv6
// address counts by its /64, the block one subscriber holds.
func (g *guard) clientHost(ctx context.Context) string {
	host := peerHost(ctx)
	if md, ok := metadata.FromIncomingContext(ctx); ok && g.fromFace(md) {
		if v := md.Get(pb.ClientAddrKey); len(v) == 1 && net.ParseIP(v[0]) != nil {
			host = v[0]
		}
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// pageOf returns the page a face says the call serves, or "".
func (g *guard) pageOf(ctx context.Context) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok || !g.fromFace(md) {
		return ""
	}
	if v := md.Get(pb.PageKey); len(v) == 1 && len(v[0]) <= 64 {
		return v[0]
	}
	return ""
}

// pageReads remembers, for each token, the last pages whose read was
// spent. It is safe for concurrent use.
type pageReads struct {
	mu sync.Mutex // guards m
	m  map[[sha256.Size]byte][]string
}

// Bounds of pageReads: the pages remembered for one token (its open tabs
// loading at once), and the tokens followed before all are forgotten.
const (
	pagesPerToken = 8
	pageTokens    = 4096
)

func newPageReads() *pageReads { return &pageReads{m: make(map[[sha256.Size]byte][]string)} }

// first reports whether page is new for the token of hash (its read is to
// be spent), and remembers it.
func (p *pageReads) first(hash [sha256.Size]byte, page string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	pages := p.m[hash]
	if slices.Contains(pages, page) {
		return false
	}
	if len(p.m) >= pageTokens {
		clear(p.m)
	}
	if len(pages) >= pagesPerToken {
		pages = pages[1:]
	}
	p.m[hash] = append(slices.Clip(pages), page)
	return true
}
