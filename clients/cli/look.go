package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/clients/viewtext"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the CLI's memory of a camp's last look: the last day whose
// view or news it showed, kept between runs in a small file under the
// user's cache folder, so that view and wait show every day resolved
// since (GetNews) and an order names the day it was decided for.

// look is the file that keeps a camp's last look: one per game server
// address and camp token (the token names the world and the camp; only its
// hash is in the file's name).
type look struct {
	path string
}

// lookState is a look file's content.
type lookState struct {
	// Day is the last day whose view or news was shown.
	Day int32 `json:"day"`
}

// lookFor returns the look file of addr and token, under the user's cache
// folder; the zero look (remembering nothing) when there is none.
func lookFor(addr, token string) look {
	dir, err := os.UserCacheDir()
	if err != nil {
		return look{}
	}
	sum := sha256.Sum256([]byte(addr + "\n" + token))
	return look{path: filepath.Join(dir, "grisonval", "cli", hex.EncodeToString(sum[:12])+".json")}
}

// last returns the last day shown, and false when none is known (no file,
// or a day after today's: the season was reset since).
func (l look) last(today int32) (int32, bool) {
	if l.path == "" {
		return 0, false
	}
	b, err := os.ReadFile(l.path)
	if err != nil {
		return 0, false
	}
	var s lookState
	if json.Unmarshal(b, &s) != nil || s.Day > today {
		return 0, false
	}
	return s.Day, true
}

// save records day as the last day shown; a failure to write loses only
// the memory, never the command's answer.
func (l look) save(day int32) error {
	if l.path == "" {
		return nil
	}
	b, _ := json.Marshal(lookState{Day: day}) // a struct of one number always marshals
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("keep the last day shown: %w", err)
	}
	tmp := l.path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("keep the last day shown: %w", err)
	}
	return os.Rename(tmp, l.path)
}

// allNews returns, as one answer, the news of every day resolved from
// since on: each GetNews page in turn until no more remain.
func allNews(ctx context.Context, c *tools.Camp, since int32) (*pb.GetNewsResponse, error) {
	out := &pb.GetNewsResponse{}
	for {
		r, err := c.News(ctx, since)
		if err != nil {
			return nil, err
		}
		out.Days, out.Day, out.MaxNewsDays = append(out.Days, r.GetDays()...), r.GetDay(), r.GetMaxNewsDays()
		if !r.GetMore() || len(r.GetDays()) == 0 {
			return out, nil
		}
		since = r.GetDays()[len(r.GetDays())-1].GetDay() + 1
	}
}

// waitNews blocks until the world has resolved a day after after (-1: the
// current day) and returns the news of every day after it: at once when
// such days are already resolved.
func waitNews(ctx context.Context, c *tools.Camp, after int32) (*pb.GetNewsResponse, error) {
	for {
		r, err := c.WaitNews(ctx, after, time.Duration(tools.MaxWaitSeconds)*time.Second)
		if err != nil || r == nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		days := r.GetDays()
		if !r.GetMore() || len(days) == 0 {
			return r, nil
		}
		rest, err := allNews(ctx, c, days[len(days)-1].GetDay()+1)
		if err != nil {
			return nil, err
		}
		rest.Days = append(days, rest.GetDays()...)
		return rest, nil
	}
}

// missedDays renders the news of the days resolved after lk's last look
// and before today, the day of the view about to be shown (whose own
// result and journal the view has), with a line saying so; "" when none
// was missed or no look is known.
func missedDays(ctx context.Context, c *tools.Camp, lk look, today int32) (string, error) {
	last, ok := lk.last(today)
	if !ok || last >= today-1 {
		return "", nil
	}
	news, err := allNews(ctx, c, last+1)
	if err != nil {
		return "", err
	}
	var days []*pb.TickNotice
	for _, n := range news.GetDays() {
		if n.GetDay() < today {
			days = append(days, n)
		}
	}
	news.Days = days
	l := c.Lang
	return l.Sprintf("Days resolved since your last look (day %d), before today's view:\n",
		"Jours résolus depuis votre dernier regard (jour %d), avant la vue du jour :\n", last) +
		viewtext.News(l, news, c.Now()) + "\n", nil
}
