package pgtest

import (
	"fmt"
	"io"
	"net"
	"net/url"
	"sync"
	"time"
)

// Proxy is a TCP proxy on the loopback in front of a PostgreSQL server,
// which a test or the crash harness cuts as if the database had stopped:
// Cut closes every connection through it and refuses new ones (the
// listener is closed: a connection is refused, as by a stopped server),
// Restore listens again on the same address. It is safe for concurrent use.
type Proxy struct {
	target string // host:port of the PostgreSQL server

	mu    sync.Mutex // guards ln, conns and done
	addr  string
	ln    net.Listener // nil while cut
	conns map[net.Conn]struct{}
	done  bool
}

// NewProxy starts a proxy to the PostgreSQL server of dbURL (a postgres://
// URL) on a free loopback port.
func NewProxy(dbURL string) (*Proxy, error) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return nil, fmt.Errorf("proxy: %w", err)
	}
	p := &Proxy{target: u.Host, conns: make(map[net.Conn]struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("proxy: %w", err)
	}
	p.addr, p.ln = ln.Addr().String(), ln
	go p.serve(ln)
	return p, nil
}

// URL returns dbURL with its host and port replaced by the proxy's.
func (p *Proxy) URL(dbURL string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return dbURL
	}
	u.Host = p.addr
	return u.String()
}

// serve accepts the connections of ln until it is closed.
func (p *Proxy) serve(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go p.pipe(c)
	}
}

// pipe copies c to a new connection to the target and back until either
// ends or the proxy is cut.
func (p *Proxy) pipe(c net.Conn) {
	s, err := net.DialTimeout("tcp", p.target, 5*time.Second)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	if p.ln == nil || p.done {
		p.mu.Unlock()
		c.Close()
		s.Close()
		return
	}
	p.conns[c], p.conns[s] = struct{}{}, struct{}{}
	p.mu.Unlock()
	var wg sync.WaitGroup
	wg.Go(func() { io.Copy(s, c); s.Close() })
	wg.Go(func() { io.Copy(c, s); c.Close() })
	wg.Wait()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, s)
	p.mu.Unlock()
}

// Cut closes every connection through the proxy and its listener: the
// database is gone for its clients until Restore.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
	}
}

// Restore listens again on the proxy's address.
func (p *Proxy) Restore() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil || p.done {
		return nil
	}
	var (
		ln  net.Listener
		err error
	)
	for range 50 {
		if ln, err = net.Listen("tcp", p.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("proxy: listen again on %s: %w", p.addr, err)
	}
	p.ln = ln
	go p.serve(ln)
	return nil
}

// Close cuts the proxy for good.
func (p *Proxy) Close() {
	p.Cut()
	p.mu.Lock()
	p.done = true
	p.mu.Unlock()
}
