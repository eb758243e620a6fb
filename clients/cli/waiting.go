package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// sayWaiting tells, before wait blocks, what it waits for and until when:
// the day to resolve, its deadline, that it may come sooner, and whether
// the camp has posted for it (issue 31: a silent wait of minutes looked
// stuck). It says nothing when a day after after has resolved already:
// wait then answers at once.
func sayWaiting(ctx context.Context, c *tools.Camp, after int32, out io.Writer) error {
	v, err := c.GetView(ctx)
	if err != nil {
		return err
	}
	if after >= 0 && v.GetDay() > after {
		return nil
	}
	l := c.Lang
	next := v.GetDay() + 1
	var when string
	switch d := v.GetDeadline(); {
	case v.GetPaused():
		when = l.Sprintf("the world is paused: it resolves once an admin resumes it.", "le monde est en pause : il se résout quand un administrateur le relance.")
	case d != nil && !d.AsTime().After(c.Now()):
		when = l.Sprintf("its deadline (%s) has passed: it resolves any moment.", "son échéance (%s) est passée : il se résout d'un instant à l'autre.",
			d.AsTime().UTC().Format("15:04:05 UTC"))
	case d != nil:
		when = l.Sprintf("at the latest at its deadline, %s (in %s), and sooner once every camp played by a person or an agent has posted.",
			"au plus tard à son échéance, %s (dans %s), et plus tôt dès que chaque camp joué par une personne ou un agent a posté.",
			d.AsTime().UTC().Format("15:04:05 UTC"), d.AsTime().Sub(c.Now()).Round(time.Second))
	default:
		when = l.Sprintf("when an admin or every player moves it on (no deadline).", "quand un administrateur ou tous les joueurs le font avancer (pas d'échéance).")
	}
	var yours string
	switch v.GetPostingStatus() {
	case pb.PostingStatus_POSTING_STATUS_POSTED:
		yours = l.Sprintf("Your order for it is posted.", "Votre ordre pour ce jour est posté.")
	case pb.PostingStatus_POSTING_STATUS_UNSPECIFIED:
		yours = l.Sprintf("The season is over: no day remains.", "La saison est finie : aucun jour ne reste.")
	default:
		yours = l.Sprintf("You have posted nothing for it: your standing order will play.", "Vous n'avez rien posté pour ce jour : votre ordre permanent jouera.")
	}
	_, err = fmt.Fprint(out, l.Sprintf("Waiting for day %d to resolve: %s %s (Ctrl-C stops waiting.)\n",
		"En attente de la résolution du jour %d : %s %s (Ctrl-C arrête d'attendre.)\n", next, when, yours))
	return err
}
