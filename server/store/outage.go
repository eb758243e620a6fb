package store

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
)

// ErrUnavailable: the store cannot serve now (its database cannot be
// reached, is shutting down or starting, or is out of disk space or of
// another resource); the same call may succeed later. An *Outage is one.
var ErrUnavailable = errors.New("store unavailable")

// Causes of an Outage, in a word a client or an operator may act on; they
// never name an address.
const (
	// CauseUnreachable: the database cannot be reached (the connection is
	// refused, reset or lost, or the database is shutting down or
	// starting).
	CauseUnreachable = "unreachable"
	// CauseDiskFull: the database's disk is full.
	CauseDiskFull = "disk_full"
	// CauseResources: the database is out of another resource (memory,
	// connections) or its files cannot be read or written.
	CauseResources = "resources"
)

// Outage is the error of a store call that failed because the store cannot
// serve now. It is ErrUnavailable (errors.Is) and wraps the cause's error.
type Outage struct {
	Cause string // CauseUnreachable, CauseDiskFull or CauseResources
	Err   error
}

func (o *Outage) Error() string { return "store unavailable (" + o.Cause + "): " + o.Err.Error() }

// Unwrap returns ErrUnavailable and the cause's error.
func (o *Outage) Unwrap() []error { return []error{ErrUnavailable, o.Err} }

// Unavailable returns the outage err says, if it says one: an *Outage a
// store made, or an error of a database driver or of the network that
// says the database cannot serve now. Those are found without importing a
// driver: an error with a SQLSTATE (the SQLState method of PostgreSQL's
// drivers) of class 08 (connection), 53 (insufficient resources; 53100 is
// a full disk), 58 (system or I/O error) or 57P01 to 57P03 (shutting
// down, starting); a network error (a refused, reset or timed-out
// connection); a connection cut in the middle of an answer; or a driver's
// error that it reports safe to retry because nothing was sent (a
// connection that could not be made). A context's cancellation or
// deadline is never an outage: it is the caller's.
func Unavailable(err error) (*Outage, bool) {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil, false
	}
	if o, ok := errors.AsType[*Outage](err); ok {
		return o, true
	}
	if e, ok := errors.AsType[sqlStater](err); ok {
		code := e.SQLState()
		switch {
		case code == "53100":
			return &Outage{Cause: CauseDiskFull, Err: err}, true
		case strings.HasPrefix(code, "08"), code == "57P01", code == "57P02", code == "57P03":
			return &Outage{Cause: CauseUnreachable, Err: err}, true
		case strings.HasPrefix(code, "53"), strings.HasPrefix(code, "58"):
			return &Outage{Cause: CauseResources, Err: err}, true
		}
		return nil, false
	}
	if errors.Is(err, syscall.ENOSPC) {
		return &Outage{Cause: CauseDiskFull, Err: err}, true
	}
	if _, ok := errors.AsType[net.Error](err); ok ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, io.ErrUnexpectedEOF) {
		return &Outage{Cause: CauseUnreachable, Err: err}, true
	}
	if e, ok := errors.AsType[retrier](err); ok && e.SafeToRetry() {
		return &Outage{Cause: CauseUnreachable, Err: err}, true
	}
	return nil, false
}

// sqlStater is an error with a SQLSTATE code, as PostgreSQL's drivers give.
type sqlStater interface {
	error
	SQLState() string
}

// retrier is a driver's error that says whether the call may be made again
// as it is: nothing of it reached the database.
type retrier interface {
	error
	SafeToRetry() bool
}
