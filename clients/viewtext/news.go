package viewtext

import (
	"strings"
	"time"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// News renders a GetNews answer: each day it gives, oldest first, with its
// order's result, the messages received and the journal; the current day
// (the one whose notice has the next deadline) as Notice does. It says
// when later days remain to be read, and when no day is new.
func News(l lang.Lang, r *pb.GetNewsResponse, now time.Time) string {
	var b strings.Builder
	if len(r.GetDays()) == 0 {
		b.WriteString(l.Sprintf("No day resolved since your last look (day %d is the latest).\n",
			"Aucun jour résolu depuis votre dernier regard (le jour %d est le dernier).\n", r.GetDay()))
	}
	for i, n := range r.GetDays() {
		if i > 0 {
			b.WriteString("\n")
		}
		if n.GetDay() == r.GetDay() {
			b.WriteString(Notice(l, n, now))
			continue
		}
		b.WriteString(l.Sprintf("Day %d resolved:\n", "Jour %d résolu :\n", n.GetDay()))
		noticeBody(l, &b, n)
	}
	if days := r.GetDays(); r.GetMore() && len(days) > 0 {
		last := days[len(days)-1].GetDay()
		b.WriteString(l.Sprintf("\nDays %d to %d are resolved too: ask again for the news after day %d.\n",
			"\nLes jours %d à %d sont résolus aussi : redemandez les nouvelles d'après le jour %d.\n", last+1, r.GetDay(), last))
	}
	return b.String()
}
