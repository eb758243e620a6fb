package viewtext

import (
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// SeasonStanding renders a camp's standing in its season (GetSeasonStanding):
// the day and days left, the score in its ruleset's words, the rank (once
// the season is closed, or today's while it runs when the ruleset's scores
// are public), the player and patron, the patron's glory, the feats so far
// with the standing and verdict they earn, after the close the player's
// result and career, and the ranking (final, or today's) with each camp's
// score in its ruleset's words.
func SeasonStanding(l lang.Lang, s *pb.SeasonStanding) string {
	var b strings.Builder
	b.WriteString(l.Sprintf("Season %d of world %d, camp %d %q: day %d", "Saison %d du monde %d, camp %d %q : jour %d",
		s.GetSeason(), s.GetWorldId(), s.GetCamp(), s.GetCampName(), s.GetDay()))
	switch {
	case s.GetClosed():
		b.WriteString(l.Sprintf(", closed.\n", ", close.\n"))
	case s.GetSeasonLength() == 0:
		b.WriteString(l.Sprintf(" of an endless season (an admin closes it).\n", " d'une saison sans fin (un admin la clôt).\n"))
	case s.GetDaysLeft() == 0:
		b.WriteString(l.Sprintf(" of %d: over, waiting for its close.\n", " sur %d : finie, elle attend sa clôture.\n", s.GetSeasonLength()))
	default:
		b.WriteString(l.Sprintf(" of %d: %d days left.\n", " sur %d : %d jours restants.\n", s.GetSeasonLength(), s.GetDaysLeft()))
	}
	b.WriteString(l.Sprintf("Score %s", "Score %s", scoreText(s.GetScore(), s.GetScoreSummary())))
	switch {
	case s.GetRank() > 0 && s.GetClosed():
		b.WriteString(l.Sprintf("; rank %d of %d.\n", " ; rang %d sur %d.\n", s.GetRank(), len(s.GetRanking())))
	case s.GetRank() > 0:
		b.WriteString(l.Sprintf("; rank %d of %d today (every camp's score is public).\n",
			" ; rang %d sur %d aujourd'hui (le score de chaque camp est public).\n", s.GetRank(), len(s.GetRanking())))
	default:
		b.WriteString(l.Sprintf("; the rank falls at the close (the other camps' scores are beyond your fog).\n",
			" ; le rang tombe à la clôture (les scores des autres camps sont hors de votre brouillard).\n"))
	}
	if s.GetPlayer() != "" {
		b.WriteString(l.Sprintf("Player %s, serving %s.\n", "Joueur %s, au service de %s.\n", s.GetPlayer(), s.GetPatron()))
	}
	if seat := s.GetSeat(); seat != "" && seat != RulerSeat {
		b.WriteString(l.Sprintf("Seat %s: the feats, standing and verdict below are your seat's own, those of the orders it authored.\n",
			"Siège %s : les faits d'armes, la cote et le verdict ci-dessous sont ceux de votre siège, des ordres dont il est l'auteur.\n", seat))
	}
	for _, p := range s.GetGloryBoard().GetPatrons() {
		b.WriteString(l.Sprintf("  patron %s: %d glory in all seasons (rank %d on the camp's glory board)", "  patron %s : %d de gloire sur toutes les saisons (rang %d au tableau de gloire du camp)", p.GetPatron(), p.GetGlory(), p.GetRank()))
		if p.GetSeasonGlory() > 0 {
			b.WriteString(l.Sprintf(", of which %d this season", ", dont %d cette saison", p.GetSeasonGlory()))
		}
		b.WriteString("\n")
	}
	f := s.GetFeats()
	b.WriteString(l.Sprintf("Feats: %s; they earn the patron %d glory this season.\n", "Faits d'armes : %s ; ils valent %d de gloire au patron cette saison.\n", featsText(l, f), f.GetGlory()))
	verdict := verdictName(l, s.GetVerdict())
	if s.GetClosed() {
		b.WriteString(l.Sprintf("Standing %d: %s.\n", "Cote %d : %s.\n", s.GetStanding(), verdict))
	} else {
		b.WriteString(l.Sprintf("Standing %d: %s if the season closed today.\n", "Cote %d : %s si la saison se close aujourd'hui.\n", s.GetStanding(), verdict))
	}
	if r := s.GetResult(); r != nil {
		titles := strings.Join(r.GetTitles(), ", ")
		if titles == "" {
			titles = l.Sprintf("none", "aucun")
		}
		b.WriteString(l.Sprintf("Judgment: %s; titles: %s; orders posted on %d days; eminence points %+d.\n",
			"Jugement : %s ; titres : %s ; ordres postés %d jours ; points d'éminence %+d.\n",
			verdict, titles, r.GetPostedTicks(), r.GetEminence()))
		if j := r.GetJudgment(); j != "" {
			b.WriteString(l.Sprintf("Your patron's words: %s\n", "Les mots de votre patron : %s\n", j))
		}
	}
	if c := s.GetCareer(); c != nil {
		b.WriteString(l.Sprintf("Career: %d seasons, %d eminence points to spend at re-enrolment.\n",
			"Carrière : %d saisons, %d points d'éminence à dépenser à la ré-inscription.\n", c.GetSeasons(), c.GetEminencePoints()))
	}
	switch {
	case len(s.GetRanking()) == 0:
	case s.GetClosed():
		b.WriteString(l.Sprintf("Ranking:\n", "Classement :\n"))
	default:
		b.WriteString(l.Sprintf("Today's ranking:\n", "Classement du jour :\n"))
	}
	b.WriteString(ranking(l, s.GetRanking()))
	return b.String()
}

// ranking renders a season's ranking, a line a camp: its rank, number,
// name and score in its ruleset's words ("score 14 (2 zones held)").
func ranking(l lang.Lang, rs []*pb.CampResult) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(l.Sprintf("  %d. camp %d %q: score %s\n", "  %d. camp %d %q : score %s\n",
			r.GetRank(), r.GetCamp(), r.GetCampName(), scoreText(r.GetScore(), r.GetSummary())))
	}
	return b.String()
}

// featsText lists the feats counted, or says there are none.
func featsText(l lang.Lang, f *pb.Feats) string {
	// Each count in the singular and the plural, English then French.
	counts := []struct {
		n                            int32
		enOne, enMany, frOne, frMany string
	}{
		{f.GetMissionsSucceeded(), "mission succeeded", "missions succeeded", "mission réussie", "missions réussies"},
		{f.GetMissionsFailed(), "mission failed", "missions failed", "mission échouée", "missions échouées"},
		{f.GetCounterMissionsSucceeded(), "counter-mission succeeded", "counter-missions succeeded", "contre-mission réussie", "contre-missions réussies"},
		{f.GetCounterMissionsFailed(), "counter-mission failed", "counter-missions failed", "contre-mission échouée", "contre-missions échouées"},
		{f.GetEnemyMissionsRevealed(), "enemy mission revealed", "enemy missions revealed", "mission adverse révélée", "missions adverses révélées"},
		{f.GetIntelSupportInfluence(), "intel, support or influence", "intel, support or influence", "renseignement, soutien ou influence", "renseignement, soutien ou influence"},
		{f.GetInterventions(), "intervention", "interventions", "intervention", "interventions"},
		{f.GetSabotagesSuffered(), "sabotage suffered", "sabotages suffered", "sabotage subi", "sabotages subis"},
		{f.GetRecoveries(), "recovery", "recoveries", "récupération", "récupérations"},
	}
	var parts []string
	for _, c := range counts {
		if c.n > 0 {
			parts = append(parts, lang.Count(int(c.n), c.enOne, c.enMany, c.frOne, c.frMany).In(l))
		}
	}
	if len(parts) == 0 {
		return l.Sprintf("none yet", "aucun encore")
	}
	return strings.Join(parts, ", ")
}

// verdictName names a verdict ("praise", "discharge", "blame").
func verdictName(l lang.Lang, v string) string {
	switch v {
	case "praise":
		return l.Sprintf("praise", "éloge")
	case "discharge":
		return l.Sprintf("discharge", "quitus")
	case "blame":
		return l.Sprintf("blame", "blâme")
	}
	return v
}

// Notebook renders a camp's notebook: its text, or that it is empty, with
// its bound.
func Notebook(l lang.Lang, n *pb.Notebook) string {
	if n.GetText() == "" {
		return l.Sprintf("Notebook: empty (your private notes across days, at most %d bytes; no other camp reads them; public in the chronicle after the season).\n",
			"Carnet : vide (vos notes privées d'un jour à l'autre, %d octets au plus ; aucun autre camp ne les lit ; publiques dans la chronique après la saison).\n",
			n.GetMaxLen())
	}
	return l.Sprintf("Notebook (%d of %d bytes, written for day %d):\n", "Carnet (%d octets sur %d, écrit pour le jour %d) :\n",
		len(n.GetText()), n.GetMaxLen(), n.GetDay()) + indent(strings.TrimRight(n.GetText(), "\n")+"\n", "  ")
}

// NotebookSaved renders the server's answer to a notebook write.
func NotebookSaved(l lang.Lang, n *pb.Notebook) string {
	if n.GetText() == "" {
		return l.Sprintf("Notebook erased; %d writes left for day %d.\n", "Carnet effacé ; encore %d écritures pour le jour %d.\n", n.GetWritesLeft(), n.GetDay())
	}
	return l.Sprintf("Notebook saved: %d of %d bytes; %d writes left for day %d.\n", "Carnet enregistré : %d octets sur %d ; encore %d écritures pour le jour %d.\n",
		len(n.GetText()), n.GetMaxLen(), n.GetWritesLeft(), n.GetDay())
}
