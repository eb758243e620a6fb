package main

import (
	"bytes"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"golang.org/x/net/netutil"

	"github.com/grisonval/server/lang"
	"github.com/grisonval/server/server/gateway"
)

// This file is what every HTTP listener of the server (the web face, the
// JSON face, the metrics and the profiles) bounds and how it speaks
// (docs/security.md, "HTTP listeners"; N2, N4 and N5 of issue 34).

// httpLimits bound each HTTP listener; a zero field is its default
// (defaultHTTPLimits), a negative duration turns that timeout off.
type httpLimits struct {
	// MaxBody bounds a request's body, in bytes: a larger one is answered
	// 413 before the face reads it.
	MaxBody int64
	// ReadHeader, Read, Write and Idle are the http.Server's timeouts: a
	// request's header, its whole reading, its answer's writing, and a
	// kept-alive connection's wait for its next request.
	ReadHeader, Read, Write, Idle time.Duration
	// MaxConns bounds the connections one listener holds at once; more
	// wait in the kernel's queue.
	MaxConns int
	// TrustedProxies are the addresses of the proxies whose
	// X-Forwarded-For and X-Forwarded-Proto are believed.
	TrustedProxies []netip.Prefix
}

// defaultHTTPLimits are the HTTP listeners' defaults.
var defaultHTTPLimits = httpLimits{
	MaxBody:    1 << 20,
	ReadHeader: 10 * time.Second,
	Read:       30 * time.Second,
	Write:      time.Minute,
	Idle:       2 * time.Minute,
	MaxConns:   1024,
}

// withDefaults returns l with each zero field its default.
func (l httpLimits) withDefaults() httpLimits {
	d := defaultHTTPLimits
	if l.MaxBody == 0 {
		l.MaxBody = d.MaxBody
	}
	for _, p := range []struct{ v, d *time.Duration }{{&l.ReadHeader, &d.ReadHeader}, {&l.Read, &d.Read}, {&l.Write, &d.Write}, {&l.Idle, &d.Idle}} {
		switch {
		case *p.v == 0:
			*p.v = *p.d
		case *p.v < 0:
			*p.v = 0 // http.Server: no timeout
		}
	}
	if l.MaxConns == 0 {
		l.MaxConns = d.MaxConns
	}
	return l
}

// httpFlags registers the flags of httpLimits on fs.
func httpFlags(fs *flag.FlagSet) *httpLimits {
	l := &httpLimits{}
	d := defaultHTTPLimits
	fs.Int64Var(&l.MaxBody, "http-max-body", d.MaxBody, "the largest request body an HTTP listener (web, JSON face, metrics, profiles) reads, in bytes; a larger one is answered 413")
	fs.DurationVar(&l.ReadHeader, "http-header-timeout", d.ReadHeader, "how long an HTTP listener waits for a request's header (negative: no limit)")
	fs.DurationVar(&l.Read, "http-read-timeout", d.Read, "how long an HTTP listener reads a whole request (negative: no limit)")
	fs.DurationVar(&l.Write, "http-write-timeout", d.Write, "how long an HTTP listener writes an answer, from the end of the request's header (negative: no limit; the JSON face's streams, WatchTicks, are not bounded by it)")
	fs.DurationVar(&l.Idle, "http-idle-timeout", d.Idle, "how long an HTTP listener keeps an idle connection open (negative: no limit)")
	fs.IntVar(&l.MaxConns, "http-max-conns", d.MaxConns, "the most connections each HTTP listener holds at once; more wait")
	fs.Func("trusted-proxies", "comma-separated addresses or CIDR blocks of the proxies in front of the HTTP faces, whose X-Forwarded-For (the visitor's address) and X-Forwarded-Proto: https (cookies Secure, HSTS) are believed; none by default", func(s string) error {
		for _, part := range strings.Split(s, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			p, err := netip.ParsePrefix(part)
			if err != nil {
				a, err2 := netip.ParseAddr(part)
				if err2 != nil {
					return fmt.Errorf("want an address or a CIDR block; got %q", part)
				}
				p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
			}
			l.TrustedProxies = append(l.TrustedProxies, p.Masked())
		}
		return nil
	})
	return l
}

// httpConfig holds the HTTP listeners' flags, registered on the command
// line.
var httpConfig = httpFlags(flag.CommandLine)

// hsts is the Strict-Transport-Security of an answer served over TLS: a
// year, the site's pages only.
const hsts = "max-age=31536000"

// harden wraps a face's handler: the visitor's address and scheme from a
// trusted proxy (forwarded headers from any other are dropped), HSTS over
// TLS, and bodies larger than l.MaxBody refused 413 before the handler
// reads them.
func harden(l httpLimits, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		forwarded(l.TrustedProxies, r)
		if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
			w.Header().Set("Strict-Transport-Security", hsts)
		}
		if strings.Contains(r.URL.Path, "/Watch") {
			// A stream of the JSON face writes for as long as it is open
			// (one line a day): the write timeout does not end it; the
			// server bounds the streams of a token and in all.
			_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
		}
		if r.ContentLength > l.MaxBody {
			tooLarge(w, r, l.MaxBody)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, l.MaxBody))
			var big *http.MaxBytesError
			switch {
			case errors.As(err, &big):
				tooLarge(w, r, l.MaxBody)
				return
			case err != nil:
				http.Error(w, requestLang(r).Sprintf("the request's body could not be read: %v", "le corps de la requête n'a pas pu être lu : %v", err), http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	})
}

// tooLarge answers 413 in the visitor's language.
func tooLarge(w http.ResponseWriter, r *http.Request, max int64) {
	w.Header().Set("Connection", "close")
	http.Error(w, requestLang(r).Sprintf("request body too large: at most %d bytes", "corps de requête trop grand : au plus %d octets", max),
		http.StatusRequestEntityTooLarge)
}

// requestLang is the language a visitor reads: the JSON face's choice
// (gateway.RequestLang), else the web face's cookie.
func requestLang(r *http.Request) lang.Lang {
	if l, ok := gateway.RequestLang(r); ok {
		return l
	}
	if c, err := r.Cookie("gv_lang"); err == nil {
		l, _ := lang.Parse(c.Value)
		return l
	}
	return lang.EN
}

// forwarded sets r's RemoteAddr to the visitor's address when r comes from
// a trusted proxy: the last address of X-Forwarded-For that is not itself
// a trusted proxy. From any other peer, the forwarded headers are dropped.
func forwarded(trusted []netip.Prefix, r *http.Request) {
	isTrusted := func(hostport string) bool {
		host := hostport
		if h, _, err := net.SplitHostPort(hostport); err == nil {
			host = h
		}
		a, err := netip.ParseAddr(host)
		if err != nil {
			return false
		}
		for _, p := range trusted {
			if p.Contains(a.Unmap()) {
				return true
			}
		}
		return false
	}
	if !isTrusted(r.RemoteAddr) {
		r.Header.Del("X-Forwarded-For")
		r.Header.Del("X-Forwarded-Proto")
		return
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		for _, h := range strings.Split(v, ",") {
			hops = append(hops, strings.TrimSpace(h))
		}
	}
	for i := len(hops) - 1; i >= 0; i-- {
		if _, err := netip.ParseAddr(hops[i]); err != nil {
			break
		}
		if !isTrusted(hops[i]) {
			r.RemoteAddr = net.JoinHostPort(hops[i], "0")
			break
		}
	}
}

// listenHTTP listens on addr for an HTTP listener: TLS when cert is set,
// at most max connections at once. It returns the listener and its URL.
func listenHTTP(addr string, cert *tls.Certificate, max int) (net.Listener, string, error) {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	url := "http://" + loopback(lis.Addr().String()) + "/"
	lis = netutil.LimitListener(lis, max)
	if cert != nil {
		lis = tls.NewListener(lis, &tls.Config{Certificates: []tls.Certificate{*cert}, MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}})
		url = "https" + strings.TrimPrefix(url, "http")
	}
	return lis, url, nil
}

// newHTTPServer returns the http.Server of a listener with l's timeouts
// and handler hardened.
func newHTTPServer(l httpLimits, handler http.Handler) *http.Server {
	return &http.Server{Handler: harden(l, handler), ReadHeaderTimeout: l.ReadHeader, ReadTimeout: l.Read,
		WriteTimeout: l.Write, IdleTimeout: l.Idle, MaxHeaderBytes: 64 << 10}
}
