package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/clients/bot"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/cmd/internal/secret"
)

// This file is the development world's stand-ins (-stand-in, which make
// run sets): the bot plays each agent camp of the default world with the
// camp's own token (kept in <data>/tokens/camp-N.token at first start)
// until an order it did not post is posted for the camp, that is until
// someone plays it; it then stops for good, and <data>/tokens/camp-N.claimed
// keeps it stopped across restarts. A lone player's day then resolves as
// soon as it posts, instead of at the five-minute deadline of a camp with
// no one behind it (issue 31).

// standIns returns a stand-in for every agent camp of world w that has a
// kept token and was never claimed.
func standIns(log zerolog.Logger, data string, w *pb.WorldInfo) []*bot.Player {
	var out []*bot.Player
	for camp, c := range w.GetControllers() {
		if c.GetKind() != pb.ControllerKind_CONTROLLER_KIND_AGENT {
			continue
		}
		base := filepath.Join(data, "tokens", fmt.Sprintf("camp-%d", camp))
		if _, err := os.Stat(base + ".claimed"); err == nil {
			continue
		}
		b, err := os.ReadFile(base + ".token")
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				log.Warn().Err(err).Uint64("world", w.GetId()).Int("camp", camp).Msg("no stand-in: its token cannot be read")
			}
			continue
		}
		clog := log.With().Str("bot", "stand-in").Logger()
		out = append(out, &bot.Player{Token: strings.TrimSpace(string(b)), Log: clog, StandIn: true, Claimed: func() {
			if err := secret.Write(base+".claimed", "claimed\n"); err != nil {
				clog.Warn().Err(err).Msg("the claim of the camp could not be kept")
			}
		}})
		log.Info().Uint64("world", w.GetId()).Int("camp", camp).Msg("agent camp played by the in-process bot until its token posts an order")
	}
	return out
}

// restartText is what a restart of the development server prints for a
// person: where it listens and where the tokens printed at first start
// are (they are not printed again).
func restartText(data, addr string, urls faces) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nGrisonval server at %s (the worlds of %s are kept)\n", addr, data)
	if urls.web != "" {
		fmt.Fprintf(&b, "web page at %s\n", urls.web)
	}
	if urls.http != "" {
		fmt.Fprintf(&b, "JSON face at %s (docs/http.md)\n", urls.http)
	}
	fmt.Fprintf(&b, "the tokens printed at first start are in %s (cat it); to start afresh, stop the server and remove %s\n\n",
		filepath.Join(data, connectFile), data)
	return b.String()
}

// framed sets a block of text for a person apart from the log lines
// around it: a rule above and below.
func framed(text string) string {
	const rule = "────────────────────────────────────────────────────────────────────────"
	return "\n" + rule + "\n" + strings.Trim(text, "\n") + "\n" + rule + "\n\n"
}
