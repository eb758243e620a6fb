package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// crowdSpec is who the clients of the clients mode are: players spread
// over worlds, each holding its own token (a camp's seat: a seat has one
// live token), and spectators of the first few worlds, each holding its
// own spectator token.
type crowdSpec struct {
	// worlds the players spread over: the played world and forks of its
	// last day, each resumed at its cadence.
	worlds int
	// spectators of the clients are spectators, of the first watched
	// worlds in turn.
	spectators, watched int
	// cadence is the worlds' cadence.
	cadence time.Duration
}

// member is one client of the crowd.
type member struct {
	token string
	camp  int // the camp it plays; -1 for a spectator
}

func (m member) spectator() bool { return m.camp < 0 }

// crowd is the clients of a target, and what it could not give them.
type crowd struct {
	members []member
	// note names the limit the crowd met, if any: spectators a server
	// without spectator tokens could not have.
	note string
}

// issueWorkers bounds the admin calls the tool makes at once to build a
// crowd.
const issueWorkers = 8

// newCrowd makes n clients on t, whose played world is w: the
// spectators first, then the players, client i of them in world i mod
// worlds, on the next free seat of that world (camp, then seat). It fails,
// naming the limit, when the worlds have fewer seats than players. The
// baseline's clients all hold the token "none".
func newCrowd(ctx context.Context, t *target, w world, n int, spec crowdSpec) (crowd, error) {
	spectators := min(spec.spectators, n)
	players := n - spectators
	worlds := max(spec.worlds, 1)
	watched := max(min(spec.watched, worlds), 1)
	if t.noop() {
		var c crowd
		for i := range n {
			camp := i % len(w.tokens)
			if i < spectators {
				camp = -1
			}
			c.members = append(c.members, member{token: "none", camp: camp})
		}
		return c, nil
	}
	admin := pb.NewAdminServiceClient(t.conn)
	actx := as(ctx, t.admin)
	opts, err := admin.GetEnrolmentOptions(actx, &pb.WorldRequest{WorldId: w.id})
	if err != nil {
		return crowd{}, fmt.Errorf("seats of world %d: %w", w.id, err)
	}
	seats, camps := opts.GetSeats(), len(w.tokens)
	if len(seats) == 0 {
		seats = []string{"ruler"}
	}
	if perWorld := camps * len(seats); players > worlds*perWorld {
		return crowd{}, fmt.Errorf("%d players, each with its own token, need %d worlds at least: a world has %d camps of %d seats, and a seat one live token (-client-worlds %d)",
			players, (players+perWorld-1)/perWorld, camps, len(seats), worlds)
	}
	ids := make([]uint64, worlds)
	ids[0] = w.id
	began := time.Now()
	info, err := admin.ListWorlds(actx, &pb.ListWorldsRequest{})
	if err != nil {
		return crowd{}, fmt.Errorf("list worlds: %w", err)
	}
	var day int32
	for _, wi := range info.GetWorlds() {
		if wi.GetId() == w.id {
			day = wi.GetDay()
		}
	}
	err = parallel(worlds-1, func(i int) error {
		fork, err := admin.ForkWorld(actx, &pb.ForkWorldRequest{WorldId: w.id, Day: day, Name: fmt.Sprintf("load fork %d", i+1)})
		if err != nil {
			return fmt.Errorf("fork world %d: %w", i+1, err)
		}
		ids[i+1] = fork.GetId()
		return nil
	})
	if err != nil {
		return crowd{}, err
	}
	// The forks start paused; resumed one after the other over a cadence,
	// their days fall apart as the days of worlds created over time do,
	// not all in the same instant.
	step := spec.cadence / time.Duration(worlds)
	for i, id := range ids[1:] {
		time.Sleep(time.Until(began.Add(time.Duration(i+1) * step)))
		if _, err := admin.ResumeWorld(actx, &pb.WorldRequest{WorldId: id}); err != nil {
			return crowd{}, fmt.Errorf("resume fork %d: %w", i+1, err)
		}
	}
	c := crowd{members: make([]member, n)}
	supported, err := spectatorTokens(actx, admin, w)
	if err != nil {
		return crowd{}, err
	}
	if !supported && spectators > 0 {
		c.note = fmt.Sprintf("%s has no spectator tokens: its %d spectators are left out", t.name, spectators)
		c.members = c.members[spectators:]
		spectators = 0
	}
	err = parallel(len(c.members), func(i int) error {
		var req *pb.IssueTokenRequest
		camp := -1
		if i < spectators {
			req = &pb.IssueTokenRequest{WorldId: ids[i%watched], Spectator: fmt.Sprintf("load spectator %d", i)}
		} else {
			p := i - spectators
			slot := p / worlds
			camp = slot % camps
			req = &pb.IssueTokenRequest{WorldId: ids[p%worlds], Camp: int32(camp), Seat: seats[slot/camps]}
		}
		resp, err := admin.IssueToken(actx, req)
		if err != nil {
			return fmt.Errorf("issue token %v: %w", req, err)
		}
		c.members[i] = member{token: resp.GetToken(), camp: camp}
		return nil
	})
	return c, err
}

// parallel runs fn(0) to fn(n-1), issueWorkers at once, and returns their
// errors.
func parallel(n int, fn func(i int) error) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	next := make(chan int)
	for range issueWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := fn(i); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// spectatorTokens reports whether t issues spectator tokens, by issuing
// one of w: a server older than them reads the request as one for camp
// 0's ruler (its token's prefix says which), whose token it then issues
// again so that w's tokens stay good.
func spectatorTokens(actx context.Context, admin pb.AdminServiceClient, w world) (bool, error) {
	resp, err := admin.IssueToken(actx, &pb.IssueTokenRequest{WorldId: w.id, Spectator: "load probe"})
	if err != nil {
		return false, fmt.Errorf("issue a spectator token: %w", err)
	}
	if strings.HasPrefix(resp.GetToken(), "gvs_") {
		return true, nil
	}
	again, err := admin.IssueToken(actx, &pb.IssueTokenRequest{WorldId: w.id, Camp: 0})
	if err != nil {
		return false, fmt.Errorf("issue camp 0's token again: %w", err)
	}
	w.tokens[0] = again.GetToken() // the slice is the caller's
	return false, nil
}
