package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"net/http"
	"sync"
	"time"
)

// This file is the web face's sessions (N7 of issue 34, docs/web.md): a
// visitor who signs in gets a session of the face, a random id in an
// HttpOnly cookie; the token stays on the server, in the face's memory,
// never in a cookie. Signing out ends the session; so does the first call
// the server refuses Unauthenticated, as it does once the token is revoked
// or re-issued. The sessions live in the face's process: a restart signs
// every visitor out.

// sessionCookie is the cookie of the visitor's session id.
const sessionCookie = "gv_session"

// Bounds of the sessions: a session unused this long ends; past
// maxSessions at once, the one unused longest ends first; past
// sessionsPerToken of one token (its browsers), that token's unused
// longest ends, so that one token signing in again and again cannot push
// the others' sessions out.
const (
	sessionIdle      = 7 * 24 * time.Hour
	maxSessions      = 100_000
	sessionsPerToken = 32
)

// session is a signed-in visitor's token and when it was last used.
type session struct {
	token string
	used  time.Time
}

// sessions are the face's sessions by the hash of their id. They are safe
// for concurrent use.
type sessions struct {
	now func() time.Time

	mu sync.Mutex // guards m
	m  map[[sha256.Size]byte]*session
}

func newSessions(now func() time.Time) *sessions {
	return &sessions{now: now, m: make(map[[sha256.Size]byte]*session)}
}

// start opens a session for token and returns its id.
func (ss *sessions) start(token string) string {
	id := rand.Text() + rand.Text()
	now := ss.now()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var mine [][sha256.Size]byte
	for h, s := range ss.m {
		if s.token == token {
			mine = append(mine, h)
		}
	}
	if len(mine) >= sessionsPerToken {
		oldest := mine[0]
		for _, h := range mine[1:] {
			if ss.m[h].used.Before(ss.m[oldest].used) {
				oldest = h
			}
		}
		delete(ss.m, oldest)
	}
	if len(ss.m) >= maxSessions {
		var oldest [sha256.Size]byte
		first := true
		for h, s := range ss.m {
			if now.Sub(s.used) > sessionIdle {
				delete(ss.m, h)
				continue
			}
			if first || s.used.Before(ss.m[oldest].used) {
				oldest, first = h, false
			}
		}
		if len(ss.m) >= maxSessions {
			delete(ss.m, oldest)
		}
	}
	ss.m[sha256.Sum256([]byte(id))] = &session{token: token, used: now}
	return id
}

// token returns the token of the session id, or "" when it has ended.
func (ss *sessions) token(id string) string {
	if id == "" {
		return ""
	}
	h := sha256.Sum256([]byte(id))
	now := ss.now()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s, ok := ss.m[h]
	if !ok {
		return ""
	}
	if now.Sub(s.used) > sessionIdle {
		delete(ss.m, h)
		return ""
	}
	s.used = now
	return s.token
}

// end ends the session id, and every other session of its token.
func (ss *sessions) end(id string) {
	h := sha256.Sum256([]byte(id))
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if s, ok := ss.m[h]; ok {
		ss.endToken(s.token)
	}
}

// endToken ends every session of token; ss.mu is held.
func (ss *sessions) endToken(token string) {
	for h, s := range ss.m {
		if s.token == token {
			delete(ss.m, h)
		}
	}
}

// revoked ends every session of token, which the server refused.
func (ss *sessions) revoked(token string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.endToken(token)
}

// sessionKey is the request context's key of its session's token.
type sessionKey struct{}

// withSession returns r carrying its session's token, if it has one.
func (s *Server) withSession(r *http.Request) *http.Request {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return r
	}
	tok := s.sessions.token(c.Value)
	if tok == "" {
		return r
	}
	return r.WithContext(context.WithValue(r.Context(), sessionKey{}, tok))
}

// token returns the request's token, from its session, or "".
func token(r *http.Request) string {
	tok, _ := r.Context().Value(sessionKey{}).(string)
	return tok
}
