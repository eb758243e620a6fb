package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// players play the three camps of a world through the failover and outage
// runs, each posting the bot's order as soon as its camp may, through the
// game client pick gives for each call. They keep the orders acknowledged,
// the failed calls by code and reason, and the last instant a call
// succeeded. A players' methods are safe for concurrent use.
type players struct {
	stop context.CancelFunc
	wg   sync.WaitGroup

	// lastOK is when the last call that succeeded began, in Unix
	// nanoseconds.
	lastOK atomic.Int64

	mu     sync.Mutex // guards acks, failed and first
	acks   []acked
	failed map[string]int
	// first holds the first message of each code and reason.
	first map[string]string
}

// startPlayers starts the camps of tokens playing, each waiting pace after
// each order acknowledged.
func startPlayers(ctx context.Context, tokens [3]string, pace time.Duration, pick func() pb.GameServiceClient) *players {
	ctx, stop := context.WithCancel(ctx)
	p := &players{stop: stop, failed: make(map[string]int), first: make(map[string]string)}
	for camp := range tokens {
		p.wg.Go(func() {
			var state bot.State
			for n := 0; ctx.Err() == nil; n++ {
				began := time.Now()
				a, ok, err := playOnce(as(ctx, tokens[camp]), pick(), camp, n, &state)
				if err != nil && ctx.Err() == nil {
					// As a client should: call again when the answer says.
					select {
					case <-ctx.Done():
					case <-time.After(p.fail(err)):
					}
					continue
				}
				p.lastOK.Store(began.UnixNano())
				if ok {
					p.mu.Lock()
					p.acks = append(p.acks, a)
					p.mu.Unlock()
					select {
					case <-ctx.Done():
					case <-time.After(pace):
					}
				}
			}
		})
	}
	return p
}

// fail counts a failed call by its code and its ErrorInfo's reason, and
// returns how long to wait before calling again: its RetryInfo's delay,
// else 20 ms.
func (p *players) fail(err error) time.Duration {
	st := status.Convert(err)
	key, wait := st.Code().String(), 20*time.Millisecond
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			key += " " + d.GetReason()
		case *errdetails.RetryInfo:
			wait = d.GetRetryDelay().AsDuration()
		}
	}
	if strings.Contains(st.Message(), "connection refused") {
		key += " (the client's own connection to a process killed)"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.failed[key]++
	if _, ok := p.first[key]; !ok {
		p.first[key] = st.Message()
	}
	return wait
}

// end stops the players and returns the orders acknowledged.
func (p *players) end() []acked {
	p.stop()
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.acks
}

// answeredAfter returns how long after t a call that began after t and
// succeeded began, once one has (the last one so far: called as soon as one
// succeeds, it is the first).
func (p *players) answeredAfter(t time.Time) (time.Duration, bool) {
	last := time.Unix(0, p.lastOK.Load())
	return last.Sub(t), last.After(t)
}

// failures returns the failed calls by code and reason, with the first
// message of each.
func (p *players) failures() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := ""
	for k, n := range p.failed {
		s += fmt.Sprintf("%d %s (%q); ", n, k, p.first[k])
	}
	return s
}

// unexpected counts the failed calls that are not of code want with one of
// reasons.
func (p *players) unexpected(want codes.Code, reasons ...string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
outer:
	for k, c := range p.failed {
		for _, r := range reasons {
			if k == want.String()+" "+r {
				continue outer
			}
		}
		n += c
	}
	return n
}
