package viewtext

import (
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// OverKind is the kind of the journal line the faces add once a season is
// over (OverEntry). The engine stores no such entry: the faces render it
// from the view (CampView.season_over), so no rules version moves.
const OverKind = "season_over"

// OverEntry returns the journal line that closes v's season, dated v's
// day, naming who won as the view tells (winner); nil while the season
// runs.
func OverEntry(l lang.Lang, v *pb.CampView) *pb.JournalEntry {
	if !v.GetSeasonOver() {
		return nil
	}
	s := l.Sprintf("The season is over", "La saison est finie")
	if v.GetCastle() != nil {
		s = l.Sprintf("The game is over", "La partie est finie")
	}
	if w := winner(l, v); w != "" {
		s += l.Sprintf(": %s", " : %s", w)
	}
	return &pb.JournalEntry{Day: v.GetDay(), Kind: OverKind, Narration: s + "."}
}

// WithOver returns entries, ending with v's OverEntry once its season is
// over: the journal every face shows (the tools' journal, the CLI's, the
// text views and the web page).
func WithOver(l lang.Lang, v *pb.CampView, entries []*pb.JournalEntry) []*pb.JournalEntry {
	e := OverEntry(l, v)
	if e == nil {
		return entries
	}
	return append(entries[:len(entries):len(entries)], e)
}

// winner words who won v's finished season, as far as the view tells: a
// Castle's last city standing, or the cities that fell together last
// (rule CAS-WIN); the last camp standing; else the camp with the best
// public score. It returns "" when the view does not tell.
func winner(l lang.Lang, v *pb.CampView) string {
	if c := v.GetCastle(); c != nil {
		if w := castleWinner(l, v.GetCamp(), c); w != "" {
			return w
		}
	}
	var alive []*pb.Contact
	for _, c := range v.GetContacts() {
		if c.GetAlive() {
			alive = append(alive, c)
		}
	}
	var best *pb.Contact
	for _, c := range v.GetContacts() {
		if c.GetScored() && (best == nil || c.GetScore() > best.GetScore()) {
			best = c
		}
	}
	switch {
	case v.GetAlive() && len(alive) == 0:
		return l.Sprintf("you won, the last standing", "vous avez gagné, dernier debout")
	case !v.GetAlive() && len(alive) == 1:
		return l.Sprintf("camp %d %s won, the last standing", "le camp %d %s a gagné, dernier debout", alive[0].GetCamp(), alive[0].GetName())
	case best != nil && v.GetScore() >= best.GetScore():
		return l.Sprintf("you lead with %s", "vous menez avec %s", scoreText(v.GetScore(), v.GetScoreSummary()))
	case best != nil:
		return l.Sprintf("camp %d %s leads with %s", "le camp %d %s mène avec %s", best.GetCamp(), best.GetName(), scoreText(best.GetScore(), best.GetScoreSummary()))
	}
	return ""
}

// castleWinner words a finished Castle's winners (rule CAS-WIN): the last
// city standing, else the cities that fell last, together, sharing the
// victory; "" when several still stand (the season's days ran out). It
// numbers the cities as the engine's journal does ("city 2"), which the web
// page follows with their names.
func castleWinner(l lang.Lang, camp int32, c *pb.CastleView) string {
	var standing, last []*pb.CastleCity
	for _, city := range c.GetCities() {
		switch {
		case city.GetFellTurn() == 0:
			standing = append(standing, city)
		case len(last) == 0 || city.GetFellTurn() > last[0].GetFellTurn():
			last = []*pb.CastleCity{city}
		case city.GetFellTurn() == last[0].GetFellTurn():
			last = append(last, city)
		}
	}
	switch {
	case len(standing) == 1 && standing[0].GetCamp() == camp:
		return l.Sprintf("you won, the last city standing", "vous avez gagné, dernière cité debout")
	case len(standing) == 1:
		return l.Sprintf("%s won, the last city standing", "%s a gagné, dernière cité debout", cityNumber(l, standing[0].GetCamp()))
	case len(standing) == 0 && len(last) > 0:
		var names []string
		for _, city := range last {
			names = append(names, cityNumber(l, city.GetCamp()))
		}
		return l.Sprintf("%s share the victory, fallen together last on turn %d", "%s se partagent la victoire, tombées ensemble en dernier au tour %d",
			strings.Join(names, l.Sprintf(" and ", " et ")), last[0].GetFellTurn())
	}
	return ""
}

// cityNumber names city camp as the engine's journal does: "city 2".
func cityNumber(l lang.Lang, camp int32) string { return l.Sprintf("city %d", "la cité %d", camp) }
